//! The browser UI, compiled into the binary: `web/` at build time.

use axum::http::{StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};

/// Declares the embedded files: URL path, content type, file under `web/`.
macro_rules! assets {
    ($(($path:literal, $mime:literal)),* $(,)?) => {
        /// Every embedded file: its URL path, content type and contents.
        pub const ASSETS: &[(&str, &str, &[u8])] = &[
            $((
                concat!("/", $path),
                $mime,
                include_bytes!(concat!(env!("CARGO_MANIFEST_DIR"), "/../../web/", $path)),
            )),*
        ];
    };
}

assets![
    ("index.html", "text/html; charset=utf-8"),
    ("lab.html", "text/html; charset=utf-8"),
    ("style.css", "text/css; charset=utf-8"),
    ("lab.css", "text/css; charset=utf-8"),
    ("favicon.svg", "image/svg+xml"),
    ("app.js", "text/javascript; charset=utf-8"),
    ("api.js", "text/javascript; charset=utf-8"),
    ("panels.js", "text/javascript; charset=utf-8"),
    ("settings.js", "text/javascript; charset=utf-8"),
    ("sound.js", "text/javascript; charset=utf-8"),
    ("clock.js", "text/javascript; charset=utf-8"),
    ("analysis.js", "text/javascript; charset=utf-8"),
    ("review.js", "text/javascript; charset=utf-8"),
    ("study.js", "text/javascript; charset=utf-8"),
    ("searchmap.js", "text/javascript; charset=utf-8"),
    ("explain.js", "text/javascript; charset=utf-8"),
    ("variations.js", "text/javascript; charset=utf-8"),
    ("lablink.js", "text/javascript; charset=utf-8"),
    ("lab.js", "text/javascript; charset=utf-8"),
    ("lab/notes.js", "text/javascript; charset=utf-8"),
    ("lab/race.js", "text/javascript; charset=utf-8"),
    ("lab/tree.js", "text/javascript; charset=utf-8"),
    ("boards/input.js", "text/javascript; charset=utf-8"),
    ("boards/annotations.js", "text/javascript; charset=utf-8"),
    ("boards/svg.js", "text/javascript; charset=utf-8"),
    ("boards/chess.js", "text/javascript; charset=utf-8"),
    ("boards/xiangqi.js", "text/javascript; charset=utf-8"),
    ("boards/gomoku.js", "text/javascript; charset=utf-8"),
    // The xiangqi pieces' characters, for machines without a Chinese font.
    ("fonts/xiangqi-pieces.woff2", "font/woff2"),
];

/// The policy the page runs under: its own scripts, styles and connections only.
const CONTENT_SECURITY_POLICY: &str = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'";

/// Serves an embedded file; `/` is the game page and `/lab` the AI lab
/// (its state is in the query string, which the page reads itself).
pub async fn serve(uri: Uri) -> Response {
    let path = match uri.path() {
        "/" => "/index.html",
        "/lab" | "/lab/" => "/lab.html",
        path => path,
    };
    match ASSETS.iter().find(|(p, _, _)| *p == path) {
        Some((_, mime, body)) => (
            [
                (header::CONTENT_TYPE, *mime),
                (header::CACHE_CONTROL, "no-cache"),
                (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
                (
                    header::HeaderName::from_static("content-security-policy"),
                    CONTENT_SECURITY_POLICY,
                ),
            ],
            *body,
        )
            .into_response(),
        None => (StatusCode::NOT_FOUND, "not found").into_response(),
    }
}

#[cfg(test)]
mod font_tests {
    use super::*;

    #[test]
    fn the_xiangqi_font_is_served_as_woff2() {
        let (_, mime, body) = ASSETS
            .iter()
            .find(|(path, _, _)| *path == "/fonts/xiangqi-pieces.woff2")
            .expect("the font is embedded");
        assert_eq!(*mime, "font/woff2");
        assert!(body.starts_with(b"wOF2"), "a WOFF2 file");
        // Only the characters the board draws: a few kilobytes.
        assert!(body.len() < 16 * 1024, "{} bytes", body.len());
    }
}
