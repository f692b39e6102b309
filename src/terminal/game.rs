//! The games as the terminal draws them: every game of the game layer, plus
//! its board. This is the one place the command line names a game: to draw
//! its board.

use banco_chess::ChessGame;
use banco_games::Playable;
use banco_gomoku::{GomokuGame, render};
use banco_xiangqi::XiangqiGame;

use super::{Style, board, xiangqi_board};

/// A game the command line plays: the game layer's [`Playable`] and a board
/// drawn as text.
pub trait CliGame: Playable {
    /// The board as text, from the second player's side when `flipped`.
    fn render(&self, flipped: bool, style: Style) -> String;
}

impl CliGame for ChessGame {
    fn render(&self, flipped: bool, style: Style) -> String {
        let square =
            |sq: banco_chess::cozy_chess::Square| banco_chess::shakmaty::Square::ALL[sq as usize];
        board::render(
            &banco_chess::bridge::shakmaty_position(self.position()),
            flipped,
            self.moves()
                .last()
                .map(|mv| [square(mv.from), square(mv.to)]),
            style,
        )
    }
}

impl CliGame for XiangqiGame {
    fn render(&self, flipped: bool, style: Style) -> String {
        xiangqi_board::render(self.board(), flipped, self.last_move(), style)
    }
}

impl CliGame for GomokuGame {
    fn render(&self, _flipped: bool, _style: Style) -> String {
        let mut text = render::board_text(self);
        text.push_str(&format!(
            "Rule: {} · {}×{}\n",
            self.rule(),
            self.size(),
            self.size()
        ));
        text
    }
}
