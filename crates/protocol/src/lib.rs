//! # banco-protocol
//!
//! The text protocols through which other programs drive Banco: [`uci`] for
//! chess GUIs and tools such as python-chess.

pub mod uci;
