//! What the API tests share: the app in process, and requests to it.
// Each test file uses some of these helpers, never all.
#![allow(dead_code)]

use axum::Router;
use axum::body::Body;
use axum::http::{Request, StatusCode, header};
use banco_server::{Access, AppState, Store, app};
use http_body_util::BodyExt;
use serde_json::{Value, json};
use tower::ServiceExt;

/// The app in process, and the store under it.
pub struct Server {
    pub router: Router,
    pub store: Store,
}

/// A response: its status and body text.
pub struct Answer {
    pub status: StatusCode,
    pub text: String,
}

impl Answer {
    pub fn json(&self) -> Value {
        serde_json::from_str(&self.text).unwrap_or_else(|e| panic!("not JSON ({e}): {}", self.text))
    }

    pub fn error_code(&self) -> String {
        self.json()["error"]["code"]
            .as_str()
            .unwrap_or_default()
            .to_owned()
    }

    pub fn error_message(&self) -> String {
        self.json()["error"]["message"]
            .as_str()
            .unwrap_or_default()
            .to_owned()
    }
}

/// A server on a fresh store in memory.
pub fn server() -> Server {
    Server::on(Store::in_memory().unwrap())
}

impl Server {
    /// A server on `store`, as a restarted server finds it.
    pub fn on(store: Store) -> Server {
        let state = AppState::new(store.clone(), 2);
        Server {
            router: app(state, Access::new("127.0.0.1:8080".parse().unwrap(), &[])),
            store,
        }
    }

    pub async fn send(
        &self,
        method: &str,
        uri: &str,
        content_type: Option<&str>,
        body: &str,
    ) -> Answer {
        let mut request = Request::builder().method(method).uri(uri);
        if let Some(content_type) = content_type {
            request = request.header(header::CONTENT_TYPE, content_type);
        }
        let response = self
            .router
            .clone()
            .oneshot(request.body(Body::from(body.to_owned())).unwrap())
            .await
            .unwrap();
        let status = response.status();
        let bytes = response.into_body().collect().await.unwrap().to_bytes();
        Answer {
            status,
            text: String::from_utf8_lossy(&bytes).into_owned(),
        }
    }

    pub async fn get(&self, uri: &str) -> Answer {
        self.send("GET", uri, None, "").await
    }

    pub async fn post(&self, uri: &str, body: Value) -> Answer {
        self.send("POST", uri, Some("application/json"), &body.to_string())
            .await
    }

    pub async fn create(&self, body: Value) -> Value {
        let answer = self.post("/api/games", body).await;
        assert_eq!(answer.status, StatusCode::CREATED, "{}", answer.text);
        answer.json()
    }

    pub async fn play(&self, id: i64, mv: &str) -> Value {
        let answer = self
            .post(&format!("/api/games/{id}/moves"), json!({ "move": mv }))
            .await;
        assert_eq!(answer.status, StatusCode::OK, "{mv}: {}", answer.text);
        answer.json()
    }

    /// The stored row and the API's view, to compare before and after a refused request.
    pub async fn snapshot(&self, id: i64) -> (Option<banco_server::store::GameRow>, Value) {
        let row = self.store.get(id).await.unwrap();
        let mut view = self.get(&format!("/api/games/{id}")).await.json();
        // The version and thinking flag are not part of the stored game.
        view["version"] = Value::Null;
        (row, view)
    }

    /// Waits until the game's version passes `after` (the computer moved).
    pub async fn wait(&self, id: i64, after: u64) -> Value {
        self.get(&format!("/api/games/{id}?after={after}"))
            .await
            .json()
    }
}
