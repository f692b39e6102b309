//! `banco serve` as a process: it prints its address, keeps games in the
//! database it is given, and a game survives the process being killed.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

struct Server {
    child: Child,
    addr: String,
}

impl Server {
    fn start(db: &Path) -> Server {
        Server::start_with(db, &[])
    }

    fn start_with(db: &Path, options: &[&str]) -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_banco"))
            .args(["serve", "--addr", "127.0.0.1:0", "--db"])
            .arg(db)
            .args(options)
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("banco serve starts");
        let mut line = String::new();
        BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut line)
            .unwrap();
        let addr = line
            .split("http://")
            .nth(1)
            .and_then(|rest| rest.split('/').next())
            .unwrap_or_else(|| panic!("no address in {line:?}"))
            .to_owned();
        Server { child, addr }
    }

    /// A body-less request naming `host` in its `Host` header.
    fn request_to(&self, host: &str, method: &str, path: &str) -> (u16, Value) {
        self.send(host, method, path, None)
    }

    /// One request over a fresh connection; the status and the JSON body.
    fn request(&self, method: &str, path: &str, body: Option<&Value>) -> (u16, Value) {
        self.send(&self.addr, method, path, body)
    }

    fn send(&self, host: &str, method: &str, path: &str, body: Option<&Value>) -> (u16, Value) {
        let mut stream = TcpStream::connect(&self.addr).unwrap();
        stream
            .set_read_timeout(Some(Duration::from_secs(60)))
            .unwrap();
        let body = body.map(Value::to_string).unwrap_or_default();
        write!(
            stream,
            "{method} {path} HTTP/1.1\r\nHost: {host}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
            body.len()
        )
        .unwrap();
        let mut response = String::new();
        stream.read_to_string(&mut response).unwrap();
        let (head, body) = response.split_once("\r\n\r\n").unwrap();
        let status = head.split(' ').nth(1).unwrap().parse().unwrap();
        (status, serde_json::from_str(body).unwrap_or(Value::Null))
    }

    /// Kills the process outright: no shutdown, no flushing.
    fn kill(mut self) {
        self.child.kill().unwrap();
        self.child.wait().unwrap();
    }
}

#[test]
fn games_survive_a_killed_server() {
    let dir = std::env::temp_dir().join(format!("banco-serve-test-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let db = dir.join("games.sqlite3");

    let server = Server::start(&db);
    let people = json!({ "game": "chess", "players": { "first": { "type": "human" }, "second": { "type": "human" } } });
    let (status, game) = server.request("POST", "/api/games", Some(&people));
    assert_eq!(status, 201, "{game}");
    let chess = game["id"].as_i64().unwrap();
    for mv in ["e4", "c5", "Nf3", "d6"] {
        let (status, state) = server.request(
            "POST",
            &format!("/api/games/{chess}/moves"),
            Some(&json!({ "move": mv })),
        );
        assert_eq!(status, 200, "{mv}: {state}");
    }
    // A game against the computer: wait for its reply before the kill.
    let versus = json!({
        "game": "xiangqi",
        "players": { "first": { "type": "human" }, "second": { "type": "computer", "level": 1, "movetime_ms": 100 } },
    });
    let (_, game) = server.request("POST", "/api/games", Some(&versus));
    let xiangqi = game["id"].as_i64().unwrap();
    let (status, mut state) = server.request(
        "POST",
        &format!("/api/games/{xiangqi}/moves"),
        Some(&json!({ "move": "h2e2" })),
    );
    assert_eq!(status, 200, "{state}");
    let deadline = Instant::now() + Duration::from_secs(60);
    while state["plies"] != 2 {
        assert!(
            Instant::now() < deadline,
            "the computer did not answer: {state}"
        );
        let version = state["version"].as_u64().unwrap();
        state = server
            .request(
                "GET",
                &format!("/api/games/{xiangqi}?after={version}"),
                None,
            )
            .1;
    }
    let reply = state["moves"][1]["code"].clone();
    server.kill();

    let server = Server::start(&db);
    let (status, state) = server.request("GET", &format!("/api/games/{chess}"), None);
    assert_eq!(status, 200, "{state}");
    let texts: Vec<&str> = state["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["text"].as_str().unwrap())
        .collect();
    assert_eq!(texts, ["e4", "c5", "Nf3", "d6"]);
    assert_eq!(state["side_to_move"], "first");
    let (_, state) = server.request("GET", &format!("/api/games/{xiangqi}"), None);
    assert_eq!(state["plies"], 2, "{state}");
    assert_eq!(state["moves"][1]["code"], reply);
    assert_eq!(state["players"]["second"]["level"], 1);
    // The game goes on where it stopped.
    let (status, state) = server.request(
        "POST",
        &format!("/api/games/{chess}/moves"),
        Some(&json!({ "move": "d4" })),
    );
    assert_eq!((status, state["plies"].as_u64()), (200, Some(5)));
    let (_, list) = server.request("GET", "/api/games", None);
    assert_eq!(list["games"].as_array().unwrap().len(), 2);
    server.kill();
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_bad_database_path_is_reported() {
    let output = Command::new(env!("CARGO_BIN_EXE_banco"))
        .args([
            "serve",
            "--addr",
            "127.0.0.1:0",
            "--db",
            "/dev/null/games.sqlite3",
        ])
        .output()
        .unwrap();
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("cannot open the game database"), "{stderr}");
}

#[test]
fn a_database_below_a_file_is_reported_with_the_file() {
    let dir = std::env::temp_dir().join(format!("banco-serve-file-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("games");
    std::fs::write(&file, "a file, not a folder").unwrap();
    let output = Command::new(env!("CARGO_BIN_EXE_banco"))
        .args(["serve", "--addr", "127.0.0.1:0", "--db"])
        .arg(file.join("games.sqlite3"))
        .output()
        .unwrap();
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains(&format!("{} is a file, not a folder", file.display())),
        "{stderr}"
    );
}

#[test]
fn an_absurd_number_of_searches_is_refused_before_serving() {
    for n in ["2305843009213693952", "1025", "0"] {
        let output = Command::new(env!("CARGO_BIN_EXE_banco"))
            .args(["serve", "--addr", "127.0.0.1:0", "--max-searches", n])
            .args(["--db", ":memory:"])
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(2), "{n}");
        let stdout = String::from_utf8_lossy(&output.stdout);
        assert!(!stdout.contains("ready"), "{n}: it served: {stdout}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(stderr.contains("--max-searches"), "{n}: {stderr}");
        assert!(stderr.contains("1..=1024"), "{n}: {stderr}");
    }
}

/// A page on another site that rebinds its name to this machine names its
/// own site in `Host`; the real server refuses it, and serves a name the
/// user allowed.
#[test]
fn a_rebound_host_is_refused_and_an_allowed_one_served() {
    let dir = std::env::temp_dir().join(format!("banco-serve-host-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let server = Server::start_with(&dir.join("games.sqlite3"), &["--allow-host", "banco.lan"]);
    let port = server.addr.rsplit(':').next().unwrap().to_owned();
    let (status, body) = server.request_to(&format!("evil.example:{port}"), "GET", "/api/games");
    assert_eq!(status, 403, "{body}");
    assert_eq!(body["error"]["code"], "forbidden_host", "{body}");
    let (status, body) = server.request_to("banco.lan", "GET", "/api/games");
    assert_eq!(status, 200, "{body}");
    let (status, _) = server.request_to(&format!("localhost:{port}"), "GET", "/api/games");
    assert_eq!(status, 200);
    server.kill();
    let _ = std::fs::remove_dir_all(&dir);
}
