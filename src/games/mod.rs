//! What the command line needs from each game, behind one trait, so every
//! subcommand is written once and works for every game.

pub mod chess;
pub mod gomoku;
pub mod xiangqi;

use std::fmt::Display;
use std::str::FromStr;

use banco_search::{
    Evaluator, EvaluatorStrength, Game, Limits, SearchObserver, SearchResult, Searcher,
};

use crate::terminal::Style;

/// How to set up a game: a position and, for gomoku, the rule and board size.
#[derive(Clone, Debug, Default)]
pub struct Setup {
    /// A FEN (chess, xiangqi) or a move list (gomoku); the start position without one.
    pub position: Option<String>,
    /// The gomoku rule (freestyle, standard, caro, renju).
    pub rule: Option<String>,
    /// The gomoku board size (15 to 20).
    pub size: Option<u8>,
}

impl Setup {
    /// A setup from a position alone.
    #[must_use]
    pub fn position(position: Option<&str>) -> Setup {
        Setup {
            position: position.map(str::to_owned),
            ..Setup::default()
        }
    }

    /// Refuses the gomoku options for a game that has none.
    ///
    /// # Errors
    ///
    /// When `--rule` or `--size` was given.
    pub fn no_board_options(&self, game: &str) -> anyhow::Result<()> {
        if self.rule.is_some() || self.size.is_some() {
            anyhow::bail!("--rule and --size are for gomoku; {game} has one rule and one board");
        }
        Ok(())
    }
}

/// A gomoku position as the Gomocup protocol describes it.
#[derive(Clone, Debug, Eq, PartialEq)]
pub struct GomocupPosition {
    /// The board size.
    pub size: u8,
    /// The rule as Gomocup's `INFO rule` bits.
    pub rule_bits: u32,
    /// The stones: x, y from the top left, and whether the first player put it there.
    pub stones: Vec<(u8, u8, bool)>,
}

/// A game as the command line drives it: positions from text, moves in the
/// game's notation, the board drawn, the end announced.
pub trait CliGame: Game + Sized {
    /// The game's evaluators, selectable by name.
    type Eval: Evaluator<Self> + Copy + FromStr<Err: Display> + Display + 'static;

    /// The game's name on the command line.
    const NAME: &'static str;
    /// The two players' names, first player first.
    const SIDES: [&'static str; 2];
    /// How to type a move, for the help text.
    const MOVE_HELP: &'static str;
    /// Positions `banco bench` searches.
    const BENCH: &'static [&'static str];
    /// The deepest `banco bench` searches this game (gomoku's branching
    /// factor and threat probes make deep fixed-depth searches slow).
    const BENCH_MAX_DEPTH: u32 = u32::MAX;
    /// Whether perft means anything (gomoku's moves are every empty point).
    const HAS_PERFT: bool = true;
    /// The `UCI_Variant` a UCI engine needs for this game, if any.
    const UCI_VARIANT: Option<&'static str> = None;
    /// In a match, a score this large (centipawns, from the mover's side) that
    /// both players agree on ends the game; `None`: only mate scores do (the
    /// game's scores are not centipawns).
    const DECISIVE_CP: Option<i32> = Some(1000);

    /// The game `setup` describes: its position, or the start position.
    ///
    /// # Errors
    ///
    /// When the position, rule or size is not valid.
    fn start(setup: &Setup) -> anyhow::Result<Self>;

    /// Chooses the computer's move. Games with a move chooser beyond the
    /// search (gomoku's threat search) override it.
    fn choose(
        &self,
        searcher: &mut Searcher,
        eval: &Self::Eval,
        limits: &Limits,
        observer: &mut dyn SearchObserver<Self::Move>,
    ) -> SearchResult<Self::Move> {
        searcher.search(self, eval, limits, observer)
    }

    /// The position as text that [`CliGame::start`] reads back.
    fn fen(&self) -> String;

    /// A move typed by a person, checked to be legal here.
    ///
    /// # Errors
    ///
    /// A message saying why it is not a legal move.
    fn parse_move(&self, text: &str) -> Result<Self::Move, String>;

    /// A legal move in the notation people read (SAN, WXF).
    fn move_text(&self, mv: Self::Move) -> String;

    /// A move in the notation programs read (UCI, ICCS).
    fn move_code(mv: Self::Move) -> String;

    /// A line of moves from here, numbered as people write them.
    fn line_text(&self, moves: &[Self::Move]) -> String;

    /// The whole game so far, numbered.
    fn history_text(&self) -> String;

    /// Why the game is over, with the winner, or `None` while it goes on.
    fn game_over(&self) -> Option<String>;

    /// The evaluator a level asks for.
    fn evaluator(strength: EvaluatorStrength) -> Self::Eval;

    /// The board as text, from the second player's side when `flipped`.
    fn render(&self, flipped: bool, style: Style) -> String;

    /// The move number people count.
    fn move_number(&self) -> u32;

    /// Moves played since the start position.
    fn plies(&self) -> usize;

    /// Takes back the last move; `false` when there is none.
    fn take_back(&mut self) -> bool;

    /// The game as a record file (PGN for chess), if the game has one;
    /// `started` is when it began, in seconds since 1970.
    fn record(&self, first: &str, second: &str, started: i64) -> Option<String> {
        let _ = (first, second, started);
        None
    }

    /// The legal moves here.
    fn legal(&self) -> Vec<Self::Move> {
        let mut moves = Vec::new();
        self.legal_moves(&mut moves);
        moves
    }

    /// The position as a Gomocup brain is told it (gomoku only).
    fn gomocup_position(&self) -> Option<GomocupPosition> {
        None
    }

    /// The name of the player to move.
    fn side_name(&self) -> &'static str {
        Self::SIDES[self.side_to_move().index()]
    }
}
