//! Drawing games in a terminal.

pub mod board;
pub mod panel;
