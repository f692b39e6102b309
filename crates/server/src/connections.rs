//! Accepting connections: each served over HTTP/1.1 (with upgrades, for the
//! WebSocket), its request headers due within a time limit, and no more
//! connections at once than a cap. A client that opens sockets and sends
//! nothing, or sends its headers a byte at a time, is cut off, so it can
//! neither exhaust the file descriptors nor keep others waiting.

use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};

use tokio::net::TcpListener;
use tokio::sync::Semaphore;

/// How long a connection may take to send a request's headers.
pub const HEADER_TIMEOUT: Duration = Duration::from_secs(10);
/// Connections served at once; past it new ones are closed at once.
pub const MAX_CONNECTIONS: usize = 512;

/// The limits the loop serves under.
#[derive(Copy, Clone, Debug)]
pub struct ConnectionLimits {
    /// How long the request headers may take.
    pub header_timeout: Duration,
    /// Connections at once.
    pub max_connections: usize,
}

impl Default for ConnectionLimits {
    fn default() -> ConnectionLimits {
        ConnectionLimits {
            header_timeout: HEADER_TIMEOUT,
            max_connections: MAX_CONNECTIONS,
        }
    }
}

/// Serves `app` on `listener` until `shutdown` completes.
pub async fn serve(
    listener: TcpListener,
    app: Router,
    limits: ConnectionLimits,
    shutdown: impl std::future::Future<Output = ()>,
) {
    let open = Arc::new(Semaphore::new(limits.max_connections.max(1)));
    tokio::pin!(shutdown);
    loop {
        let accepted = tokio::select! {
            () = &mut shutdown => return,
            accepted = listener.accept() => accepted,
        };
        // A failed accept (too many files open, say) is the client's loss,
        // not the server's end.
        let Ok((stream, peer)) = accepted else {
            tokio::time::sleep(Duration::from_millis(10)).await;
            continue;
        };
        // Over the cap: closed at once, rather than left waiting.
        let Ok(permit) = Arc::clone(&open).try_acquire_owned() else {
            drop(stream);
            continue;
        };
        // Each request learns its client's address (the create limit counts
        // per client), as axum's `ConnectInfo`.
        let app = app.clone();
        let service = hyper::service::service_fn(
            move |mut request: hyper::Request<hyper::body::Incoming>| {
                request
                    .extensions_mut()
                    .insert(axum::extract::ConnectInfo(peer));
                tower::ServiceExt::oneshot(app.clone(), request)
            },
        );
        tokio::spawn(async move {
            let connection = http1::Builder::new()
                .timer(TokioTimer::new())
                .header_read_timeout(limits.header_timeout)
                .serve_connection(TokioIo::new(stream), service)
                .with_upgrades();
            let _ = connection.await;
            drop(permit);
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::routing::get;
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    use tokio::net::TcpStream;

    async fn start(limits: ConnectionLimits) -> std::net::SocketAddr {
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        let app = Router::new().route("/", get(|| async { "hello" }));
        tokio::spawn(serve(listener, app, limits, std::future::pending()));
        addr
    }

    async fn get_root(addr: std::net::SocketAddr) -> String {
        let mut stream = TcpStream::connect(addr).await.unwrap();
        stream
            .write_all(b"GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            .await
            .unwrap();
        let mut answer = String::new();
        let _ = stream.read_to_string(&mut answer).await;
        answer
    }

    /// Reads until the server closes; `true` if it did within `within`.
    async fn closed_within(stream: &mut TcpStream, within: Duration) -> bool {
        let mut buffer = [0_u8; 256];
        matches!(
            tokio::time::timeout(within, async {
                loop {
                    match stream.read(&mut buffer).await {
                        Ok(0) | Err(_) => return,
                        Ok(_) => {}
                    }
                }
            })
            .await,
            Ok(())
        )
    }

    #[tokio::test]
    async fn half_sent_headers_are_cut_off_and_others_still_served() {
        let addr = start(ConnectionLimits {
            header_timeout: Duration::from_millis(300),
            max_connections: 2,
        })
        .await;
        // Two clients take both places and send half a request.
        let mut slow = Vec::new();
        for _ in 0..2 {
            let mut stream = TcpStream::connect(addr).await.unwrap();
            stream
                .write_all(b"GET / HTTP/1.1\r\nHost: x\r\n")
                .await
                .unwrap();
            slow.push(stream);
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
        // A third is turned away while they hold the places.
        let mut third = TcpStream::connect(addr).await.unwrap();
        assert!(closed_within(&mut third, Duration::from_secs(2)).await);
        // The slow ones are cut off by the header timeout...
        for stream in &mut slow {
            assert!(closed_within(stream, Duration::from_secs(5)).await);
        }
        // ...and a normal request goes through again.
        tokio::time::sleep(Duration::from_millis(50)).await;
        assert!(get_root(addr).await.contains("hello"));
    }
}
