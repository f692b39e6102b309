//! The learned evaluations' nets: which games have one, and loading
//! another in place of the shipped one (UCI's `EvalFile`).

use std::path::Path;

use banco_nnue::Layout;

use crate::GameKind;

/// The value that names the shipped net.
pub const EMBEDDED_NET: &str = "<embedded>";

/// A net that could not be loaded; the net in use stays.
#[derive(Debug, thiserror::Error)]
pub enum EvalFileError {
    /// The game has no learned evaluation.
    #[error("{0} has no learned evaluation to load a net for")]
    NoNet(&'static str),
    /// The file could not be read.
    #[error("cannot read {path}: {reason}")]
    Unreadable {
        /// The file.
        path: String,
        /// Why.
        reason: String,
    },
    /// The file is not a usable net.
    #[error("{path}: {source}")]
    Net {
        /// The file.
        path: String,
        /// What is wrong with it.
        source: banco_nnue::NetError,
    },
}

/// Plays `kind`'s `nnue` evaluator with the net in `path` from the next
/// search on, or with the shipped net for [`EMBEDDED_NET`] or an empty
/// path.
///
/// # Errors
///
/// A game without a net, an unreadable file, or a file that is not a net
/// of this game: the net in use stays.
pub fn load_eval_file(kind: GameKind, path: &str) -> Result<(), EvalFileError> {
    let slot = match kind {
        GameKind::Chess => Slot::Chess,
        GameKind::Xiangqi => Slot::Xiangqi,
        GameKind::Gomoku => return Err(EvalFileError::NoNet(kind.info().name)),
    };
    let path = path.trim();
    if path.is_empty() || path == EMBEDDED_NET {
        slot.use_embedded();
        return Ok(());
    }
    let bytes = read(path)?;
    slot.load(&bytes).map_err(|source| EvalFileError::Net {
        path: path.to_owned(),
        source,
    })
}

/// Plays the net in `path` in the game it was trained for (its file says
/// which), or every game's shipped net again for [`EMBEDDED_NET`]: what
/// `banco --eval-file` does before any command.
///
/// # Errors
///
/// An unreadable file or one that is not a net: every net in use stays.
pub fn load_any_eval_file(path: &str) -> Result<GameKind, EvalFileError> {
    let path = path.trim();
    if path.is_empty() || path == EMBEDDED_NET {
        Slot::Chess.use_embedded();
        Slot::Xiangqi.use_embedded();
        return Ok(GameKind::Chess);
    }
    let bytes = read(path)?;
    let net_error = |source| EvalFileError::Net {
        path: path.to_owned(),
        source,
    };
    let layout = banco_nnue::Network::from_bytes(&bytes)
        .map_err(net_error)?
        .layout();
    let (slot, kind) = match layout {
        Layout::Chess => (Slot::Chess, GameKind::Chess),
        Layout::Xiangqi => (Slot::Xiangqi, GameKind::Xiangqi),
    };
    slot.load(&bytes).map_err(net_error)?;
    Ok(kind)
}

fn read(path: &str) -> Result<Vec<u8>, EvalFileError> {
    std::fs::read(Path::new(path)).map_err(|err| EvalFileError::Unreadable {
        path: path.to_owned(),
        reason: err.to_string(),
    })
}

/// The games with a net.
#[derive(Copy, Clone)]
enum Slot {
    Chess,
    Xiangqi,
}

impl Slot {
    fn use_embedded(self) {
        match self {
            Slot::Chess => banco_chess::eval::nnue::use_embedded(),
            Slot::Xiangqi => banco_xiangqi::eval::nnue::use_embedded(),
        }
    }

    fn load(self, bytes: &[u8]) -> Result<(), banco_nnue::NetError> {
        match self {
            Slot::Chess => banco_chess::eval::nnue::load(bytes),
            Slot::Xiangqi => banco_xiangqi::eval::nnue::load(bytes),
        }
    }
}
