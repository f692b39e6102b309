//! # banco-protocol
//!
//! The text protocols through which other programs drive Banco: [`uci`] for
//! chess GUIs and tools such as python-chess, [`gomocup`] for Gomocup
//! managers.

pub mod gomocup;
pub mod input;
pub mod uci;
