//! Drawing games in a terminal.

pub mod board;
pub mod game;
pub mod panel;
pub mod xiangqi_board;

/// How to draw.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub struct Style {
    /// ANSI colours for squares and pieces.
    pub color: bool,
    /// Unicode chess symbols rather than letters.
    pub unicode: bool,
}

impl Style {
    /// Letters only, no colour: safe for any output.
    pub const PLAIN: Style = Style {
        color: false,
        unicode: false,
    };
}
