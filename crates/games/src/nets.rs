//! The learned evaluations' nets: which games have one, and loading
//! another in place of the shipped one (UCI's `EvalFile`).

use std::path::Path;

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
    if kind != GameKind::Chess {
        return Err(EvalFileError::NoNet(kind.info().name));
    }
    let path = path.trim();
    if path.is_empty() || path == EMBEDDED_NET {
        banco_chess::eval::nnue::use_embedded();
        return Ok(());
    }
    let bytes = std::fs::read(Path::new(path)).map_err(|err| EvalFileError::Unreadable {
        path: path.to_owned(),
        reason: err.to_string(),
    })?;
    banco_chess::eval::nnue::load(&bytes).map_err(|source| EvalFileError::Net {
        path: path.to_owned(),
        source,
    })
}
