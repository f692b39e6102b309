//! Who may use the server: requests naming another host (a page whose name
//! was rebound to this machine) and changes from other sites' pages are
//! refused with the API's JSON error, and so are methods an endpoint does
//! not take, while the server's own names and pages go through.

use axum::Router;
use axum::body::Body;
use axum::http::{Request, StatusCode, header};
use banco_server::{Access, AppState, Store, app};
use http_body_util::BodyExt;
use serde_json::Value;
use tower::ServiceExt;

const PORT: u16 = 8080;

fn server(allowed: &[&str]) -> Router {
    let allowed: Vec<String> = allowed.iter().map(|&name| name.to_owned()).collect();
    app(
        AppState::new(Store::in_memory().unwrap(), 1),
        Access::new(([127, 0, 0, 1], PORT).into(), &allowed),
    )
}

/// Sends a request with the given headers; the status and the body as JSON
/// (`Null` when it is not JSON).
async fn send(
    router: &Router,
    method: &str,
    uri: &str,
    headers: &[(&str, &str)],
    body: &str,
) -> (StatusCode, Value) {
    let mut request = Request::builder().method(method).uri(uri);
    for &(name, value) in headers {
        request = request.header(name, value);
    }
    if !body.is_empty() {
        request = request.header(header::CONTENT_TYPE, "application/json");
    }
    let response = router
        .clone()
        .oneshot(request.body(Body::from(body.to_owned())).unwrap())
        .await
        .unwrap();
    let status = response.status();
    let bytes = response.into_body().collect().await.unwrap().to_bytes();
    (
        status,
        serde_json::from_slice(&bytes).unwrap_or(Value::Null),
    )
}

fn code(body: &Value) -> &str {
    body["error"]["code"].as_str().unwrap_or_default()
}

const CREATE: &str =
    r#"{"game":"chess","players":{"first":{"type":"human"},"second":{"type":"human"}}}"#;

#[tokio::test]
async fn a_rebound_host_is_refused_everywhere() {
    let router = server(&[]);
    let evil = format!("evil.example:{PORT}");
    for (method, uri, body) in [
        ("GET", "/api/games", ""),
        ("POST", "/api/games", CREATE),
        ("GET", "/api/meta", ""),
        ("GET", "/", ""),
        ("GET", "/api/games/1/ws", ""),
    ] {
        // A rebinding page sends its own name as Host and as Origin.
        let origin = format!("http://{evil}");
        let headers = [("host", evil.as_str()), ("origin", origin.as_str())];
        let (status, body) = send(&router, method, uri, &headers, body).await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{method} {uri}: {body}");
        assert_eq!(code(&body), "forbidden_host", "{method} {uri}: {body}");
        assert!(
            body["error"]["message"]
                .as_str()
                .unwrap()
                .contains("--allow-host"),
            "{body}"
        );
    }
    // Nothing was created.
    let (_, list) = send(&router, "GET", "/api/games", &[], "").await;
    assert_eq!(list["games"], Value::Array(Vec::new()));
}

#[tokio::test]
async fn the_servers_own_names_and_allowed_names_are_served() {
    let router = server(&["banco.lan"]);
    for host in [
        format!("127.0.0.1:{PORT}"),
        format!("localhost:{PORT}"),
        format!("[::1]:{PORT}"),
        "banco.lan".to_owned(),
        "banco.lan:443".to_owned(),
    ] {
        let (status, body) = send(&router, "GET", "/api/games", &[("host", &host)], "").await;
        assert_eq!(status, StatusCode::OK, "{host}: {body}");
    }
    // The right name on another port is not this server.
    let (status, _) = send(
        &router,
        "GET",
        "/api/games",
        &[("host", "localhost:9999")],
        "",
    )
    .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    // No Host at all (HTTP/1.0, tools in process) is served.
    let (status, _) = send(&router, "GET", "/api/games", &[], "").await;
    assert_eq!(status, StatusCode::OK);
}

#[tokio::test]
async fn changes_from_other_sites_pages_are_refused() {
    let router = server(&[]);
    let host = format!("127.0.0.1:{PORT}");
    let (status, body) = send(
        &router,
        "POST",
        "/api/games",
        &[("host", &host), ("origin", "https://elsewhere.example")],
        CREATE,
    )
    .await;
    assert_eq!(status, StatusCode::FORBIDDEN, "{body}");
    assert_eq!(code(&body), "forbidden_origin");
    let (_, list) = send(&router, "GET", "/api/games", &[], "").await;
    assert_eq!(
        list["games"],
        Value::Array(Vec::new()),
        "nothing was created"
    );
    // The server's own page, and a script that sends no Origin, may.
    let own = format!("http://{host}");
    for headers in [
        vec![("host", host.as_str()), ("origin", own.as_str())],
        vec![],
    ] {
        let (status, body) = send(&router, "POST", "/api/games", &headers, CREATE).await;
        assert_eq!(status, StatusCode::CREATED, "{headers:?}: {body}");
    }
    // Reading is not a change: a foreign Origin on a GET is left to CORS.
    let (status, _) = send(
        &router,
        "GET",
        "/api/games",
        &[("host", &host), ("origin", "https://elsewhere.example")],
        "",
    )
    .await;
    assert_eq!(status, StatusCode::OK);
}

#[tokio::test]
async fn a_method_an_endpoint_does_not_take_is_a_json_405() {
    let router = server(&[]);
    for (method, uri) in [
        ("DELETE", "/api/games"),
        ("PUT", "/api/games/1/moves"),
        ("GET", "/api/games/1/undo"),
        ("POST", "/api/meta"),
        ("GET", "/api/lab/race"),
    ] {
        let (status, body) = send(&router, method, uri, &[], "").await;
        assert_eq!(status, StatusCode::METHOD_NOT_ALLOWED, "{method} {uri}");
        assert_eq!(code(&body), "method_not_allowed", "{method} {uri}: {body}");
        assert_eq!(
            body["error"]["message"],
            format!("{method} is not allowed on {uri}"),
            "{body}"
        );
    }
}
