//! Who may talk to the server. The server has no accounts: what keeps a
//! web page from another site out is that browsers say where a request
//! comes from and which name it was sent to.
//!
//! - **Host.** A page on `evil.example` can rebind its own name to
//!   127.0.0.1 (DNS rebinding); the browser then sends it `Host:
//!   evil.example:PORT`, and to the browser the server is that site's own.
//!   So every request must name this server: `localhost`, a loopback
//!   address, the address it listens on (any address of the machine when
//!   it listens on all of them: an address cannot be rebound), with the
//!   port it listens on; or a name the user allowed (`--allow-host`, for a
//!   name of this machine or a proxy in front of it), with any port. A
//!   request without `Host` (HTTP/1.0, tools) is served.
//! - **Origin.** A change (any method but `GET` and `HEAD`) and the
//!   WebSocket, which browsers let any page open, must come from this
//!   server's own pages when a browser sends them: the `Origin` must be the
//!   request's own host, or an allowed name.

use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;

use axum::extract::{Request, State};
use axum::http::{Method, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use crate::error::ApiError;

/// The names this server answers to.
#[derive(Clone, Debug)]
pub struct Access {
    /// The address it listens on (the port the browser must name).
    bound: SocketAddr,
    /// Names the user allowed, lower case, without a trailing dot.
    allowed: Vec<String>,
}

/// A host and port as a `Host` or `Origin` names them.
#[derive(Debug, Eq, PartialEq)]
struct Authority {
    /// Lower case, brackets of an IPv6 address removed, no trailing dot.
    name: String,
    port: u16,
}

impl Authority {
    /// Reads `host[:port]` (`[v6]:port` for IPv6); a missing port is
    /// `default_port`. `None` for anything else.
    fn parse(text: &str, default_port: u16) -> Option<Authority> {
        let (name, port) = if let Some(rest) = text.strip_prefix('[') {
            let (name, after) = rest.split_once(']')?;
            match after {
                "" => (name, None),
                _ => (name, Some(after.strip_prefix(':')?)),
            }
        } else {
            match text.split_once(':') {
                Some((name, port)) => (name, Some(port)),
                None => (text, None),
            }
        };
        let port = match port {
            Some(digits) if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) => {
                digits.parse().ok()?
            }
            Some(_) => return None,
            None => default_port,
        };
        let name = normalize(name)?;
        Some(Authority { name, port })
    }

    /// The address this names, if it is one.
    fn ip(&self) -> Option<IpAddr> {
        self.name.parse().ok()
    }
}

/// A host name lower case and without a trailing dot (`localhost.` is
/// `localhost`); `None` when empty or holding what no host name holds.
fn normalize(name: &str) -> Option<String> {
    let name = name.strip_suffix('.').unwrap_or(name);
    let plausible = !name.is_empty()
        && name
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_' | b':'));
    plausible.then(|| name.to_ascii_lowercase())
}

/// Reads a name for `--allow-host`: a host name or address, without a port.
///
/// # Errors
///
/// A message saying what is wrong with it.
pub fn parse_allowed_host(text: &str) -> Result<String, String> {
    let bare = text
        .strip_prefix('[')
        .and_then(|rest| rest.strip_suffix(']'))
        .unwrap_or(text);
    let is_v6 = bare.parse::<std::net::Ipv6Addr>().is_ok();
    if bare.contains(':') && !is_v6 {
        return Err(format!(
            "'{text}': give the name without a port (any port is allowed)"
        ));
    }
    normalize(bare).ok_or_else(|| format!("'{text}' is not a host name"))
}

impl Access {
    /// The names a server listening on `bound` answers to, and `allowed`
    /// besides (as [`parse_allowed_host`] reads them; one it cannot read is
    /// left out, so it allows nothing).
    #[must_use]
    pub fn new(bound: SocketAddr, allowed: &[String]) -> Access {
        Access {
            bound,
            allowed: allowed
                .iter()
                .filter_map(|name| parse_allowed_host(name).ok())
                .collect(),
        }
    }

    /// Whether a `Host` value names this server.
    #[must_use]
    pub fn allows_host(&self, host: &str) -> bool {
        Authority::parse(host, 80).is_some_and(|authority| self.names_this_server(&authority))
    }

    fn is_allowed_name(&self, name: &str) -> bool {
        self.allowed.iter().any(|allowed| allowed == name)
    }

    fn names_this_server(&self, authority: &Authority) -> bool {
        if self.is_allowed_name(&authority.name) {
            return true;
        }
        if authority.port != self.bound.port() {
            return false;
        }
        if authority.name == "localhost" {
            return true;
        }
        authority.ip().is_some_and(|ip| {
            ip.is_loopback() || ip == self.bound.ip() || self.bound.ip().is_unspecified()
        })
    }

    /// Whether a request from a page of `origin` (`scheme://host[:port]`)
    /// sent to `host` (its `Host`, if it has one) may go through.
    #[must_use]
    pub fn allows_origin(&self, origin: &str, host: Option<&str>) -> bool {
        let Some((scheme, rest)) = origin.split_once("://") else {
            return false;
        };
        let default_port = match scheme.to_ascii_lowercase().as_str() {
            "http" | "ws" => 80,
            "https" | "wss" => 443,
            _ => return false,
        };
        let Some(origin) = Authority::parse(rest, default_port) else {
            return false;
        };
        if self.is_allowed_name(&origin.name) {
            return true;
        }
        match host {
            Some(host) => Authority::parse(host, 80).is_some_and(|host| host == origin),
            None => self.names_this_server(&origin),
        }
    }

    /// Why `request` is refused, if it is.
    fn check(&self, request: &Request) -> Result<(), ApiError> {
        let headers = request.headers();
        let mut host = None;
        for value in headers.get_all(header::HOST) {
            let text = value.to_str().unwrap_or("");
            if !self.allows_host(text) {
                return Err(ApiError::ForbiddenHost(shorten(&String::from_utf8_lossy(
                    value.as_bytes(),
                ))));
            }
            host = Some(text);
        }
        // HTTP/2 and absolute-form requests carry the host in the URI instead.
        if host.is_none()
            && let Some(authority) = request.uri().authority()
        {
            if !self.allows_host(authority.as_str()) {
                return Err(ApiError::ForbiddenHost(shorten(authority.as_str())));
            }
            host = Some(authority.as_str());
        }
        let changes = !matches!(*request.method(), Method::GET | Method::HEAD);
        let upgrades = headers
            .get(header::UPGRADE)
            .is_some_and(|v| v.as_bytes().eq_ignore_ascii_case(b"websocket"));
        if changes || upgrades {
            for value in headers.get_all(header::ORIGIN) {
                let text = value.to_str().unwrap_or("");
                if !self.allows_origin(text, host) {
                    return Err(ApiError::ForbiddenOrigin(shorten(
                        &String::from_utf8_lossy(value.as_bytes()),
                    )));
                }
            }
        }
        Ok(())
    }
}

/// At most 100 characters of what a client sent, for an error message.
fn shorten(text: &str) -> String {
    text.chars().take(100).collect()
}

/// The middleware that refuses requests [`Access`] does not allow, with
/// the API's JSON error, before any handler runs.
pub async fn guard(State(access): State<Arc<Access>>, request: Request, next: Next) -> Response {
    match access.check(&request) {
        Ok(()) => next.run(request).await,
        Err(refusal) => refusal.into_response(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn local() -> Access {
        Access::new("127.0.0.1:8080".parse().unwrap(), &["banco.lan".to_owned()])
    }

    #[test]
    fn hosts_must_name_this_server() {
        let access = local();
        for host in [
            "127.0.0.1:8080",
            "localhost:8080",
            "LOCALHOST.:8080",
            "[::1]:8080",
            "127.0.0.2:8080",
            "banco.lan",
            "banco.lan:443",
        ] {
            assert!(access.allows_host(host), "{host}");
        }
        for host in [
            "evil.example:8080",
            "evil.example",
            "localhost:9090",
            "localhost",
            "192.168.1.5:8080",
            "localhost.evil.example:8080",
            "127.0.0.1:8080:8080",
            "[::1]8080",
            "",
        ] {
            assert!(!access.allows_host(host), "{host}");
        }
    }

    #[test]
    fn listening_on_every_address_allows_any_address_but_no_other_name() {
        let access = Access::new("0.0.0.0:9000".parse().unwrap(), &[]);
        assert!(access.allows_host("192.168.1.5:9000"));
        assert!(access.allows_host("localhost:9000"));
        assert!(!access.allows_host("192.168.1.5:9001"));
        assert!(!access.allows_host("evil.example:9000"));
    }

    #[test]
    fn origins_must_be_the_host_itself_or_allowed() {
        let access = local();
        let host = Some("127.0.0.1:8080");
        assert!(access.allows_origin("http://127.0.0.1:8080", host));
        assert!(access.allows_origin("https://banco.lan", host));
        assert!(!access.allows_origin("http://localhost:8080", host));
        assert!(!access.allows_origin("https://evil.example", host));
        assert!(!access.allows_origin("null", host));
        assert!(!access.allows_origin("file://", host));
        // Without a Host, the origin must name this server itself.
        assert!(access.allows_origin("http://localhost:8080", None));
        assert!(!access.allows_origin("http://evil.example:8080", None));
    }

    #[test]
    fn allowed_names_are_read_without_ports() {
        assert_eq!(parse_allowed_host("Banco.LAN."), Ok("banco.lan".to_owned()));
        assert_eq!(parse_allowed_host("[::1]"), Ok("::1".to_owned()));
        assert!(parse_allowed_host("banco.lan:8080").is_err());
        assert!(parse_allowed_host("").is_err());
        assert!(parse_allowed_host("a/b").is_err());
    }
}
