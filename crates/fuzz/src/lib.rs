//! # banco-fuzz
//!
//! One fuzz target per parser and protocol loop. A target takes any bytes
//! and panics only when Banco breaks one of its promises: a parser panicked,
//! a FEN it wrote does not read back to the same position, a move it
//! accepted is not legal, an incrementally kept hash differs from one
//! computed afresh, a protocol loop wrote a control character or stopped
//! answering.
//!
//! The same functions run in two places: `fuzz/afl` wraps them for a
//! coverage-guided fuzzer (see `fuzz/README.md`), and this crate's tests
//! replay every input kept in `fuzz/corpus/<target>/` as ordinary tests.

mod bodies;
mod moves;
mod positions;
mod protocols;
mod records;

/// A fuzz target: what it reads, and the promises it checks.
#[derive(Clone, Copy, Debug, Eq, PartialEq)]
pub enum Target {
    /// A chess FEN: a FEN that reads writes back to one that reads to the
    /// same position and hash.
    ChessFen,
    /// A xiangqi FEN, with the same promises.
    XiangqiFen,
    /// A chess FEN line, then moves in SAN or UCI: an accepted move is
    /// legal, and the hash after it equals a fresh one.
    ChessMoves,
    /// A xiangqi FEN line, then moves in ICCS or WXF, with the same promises.
    XiangqiMoves,
    /// A rule and size byte, then gomoku points (`h8`, `7,7`) and move
    /// lists: an accepted point was empty and on the board, and the board's
    /// hash and stones equal those of the same stones placed afresh.
    GomokuMoves,
    /// A game record (a PGN, a move list), imported through the game layer
    /// for each game: what imports exports and imports again to the same
    /// position.
    Records,
    /// UCI lines fed to the engine loop, each search stopped at once: it
    /// answers `isready` at the end and writes only printable lines.
    UciLoop,
    /// Gomocup lines fed to the brain, each search stopped at once: it
    /// answers `ABOUT` at the end and writes only printable lines.
    GomocupLoop,
    /// A byte choosing a request, then its JSON body, read and checked as
    /// the server reads it; a body that passes sets up its game.
    ServerBodies,
}

impl Target {
    /// Every target.
    pub const ALL: [Target; 9] = [
        Target::ChessFen,
        Target::XiangqiFen,
        Target::ChessMoves,
        Target::XiangqiMoves,
        Target::GomokuMoves,
        Target::Records,
        Target::UciLoop,
        Target::GomocupLoop,
        Target::ServerBodies,
    ];

    /// The target's name, as the fuzzer and the corpus folders spell it.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Target::ChessFen => "chess_fen",
            Target::XiangqiFen => "xiangqi_fen",
            Target::ChessMoves => "chess_moves",
            Target::XiangqiMoves => "xiangqi_moves",
            Target::GomokuMoves => "gomoku_moves",
            Target::Records => "records",
            Target::UciLoop => "uci_loop",
            Target::GomocupLoop => "gomocup_loop",
            Target::ServerBodies => "server_bodies",
        }
    }

    /// The target with this name.
    #[must_use]
    pub fn from_name(name: &str) -> Option<Target> {
        Target::ALL.into_iter().find(|target| target.name() == name)
    }

    /// Runs the target on `data`.
    ///
    /// # Panics
    ///
    /// When Banco breaks a promise on this input: that is a bug found.
    pub fn run(self, data: &[u8]) {
        match self {
            Target::ChessFen => positions::chess_fen(&text(data)),
            Target::XiangqiFen => positions::xiangqi_fen(&text(data)),
            Target::ChessMoves => moves::chess_moves(&text(data)),
            Target::XiangqiMoves => moves::xiangqi_moves(&text(data)),
            Target::GomokuMoves => moves::gomoku_moves(data),
            Target::Records => records::records(&text(data)),
            Target::UciLoop => protocols::uci_loop(&text(data)),
            Target::GomocupLoop => protocols::gomocup_loop(&text(data)),
            Target::ServerBodies => bodies::server_bodies(data),
        }
    }
}

/// The input as text, invalid UTF-8 replaced, as Banco's line readers do.
fn text(data: &[u8]) -> String {
    String::from_utf8_lossy(data).into_owned()
}
