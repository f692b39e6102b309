//! Chess on the server: FEN positions, UCI codes, SAN in the move list, PGN export.

use banco_chess::pgn::{PgnTags, pgn_date, write_pgn};
use banco_chess::shakmaty::{Move, Position, Role};
use banco_chess::{ChessEvaluator, ChessGame, ChessStatus, notation};
use banco_search::{EvaluatorStrength, Game, Side};
use serde_json::json;

use super::{Ending, GameKind, MoveSquares, RecordHeader, Setup, SetupError, WebGame};

impl WebGame for ChessGame {
    type Eval = ChessEvaluator;

    const KIND: GameKind = GameKind::Chess;
    const RULES: &'static [&'static str] = &["standard"];
    const SIDES: [&'static str; 2] = ["White", "Black"];
    const POSITION_FORMAT: &'static str = "FEN";
    const NOTATION: &'static str = "SAN";
    const EXPORTS: &'static [&'static str] = &["pgn", "fen", "moves"];

    fn setup(setup: &Setup) -> Result<ChessGame, SetupError> {
        check_rule_and_size(GameKind::Chess, Self::RULES, setup)?;
        match setup.position.as_deref().map(str::trim) {
            None | Some("") => Ok(ChessGame::new()),
            Some(fen) => ChessGame::from_fen(fen).map_err(|err| SetupError::BadPosition {
                format: "FEN",
                reason: err.to_string(),
            }),
        }
    }

    fn position(&self) -> String {
        self.fen()
    }

    fn parse_move(&self, text: &str) -> Result<Move, String> {
        notation::parse_move(self.position(), text).map_err(|err| err.to_string())
    }

    fn move_code(mv: Move) -> String {
        notation::to_uci(mv)
    }

    fn move_text(&self, mv: Move) -> String {
        notation::to_san(self.position(), mv)
    }

    fn move_squares(mv: Move) -> MoveSquares {
        // The page moves the king to its destination square; UCI says the same.
        let code = notation::to_uci(mv);
        let to = code.get(2..4).unwrap_or_default().to_owned();
        MoveSquares {
            from: mv.from().map(|sq| sq.to_string()),
            to,
            promotion: mv.promotion().map(Role::char),
        }
    }

    fn ending(&self) -> Option<Ending> {
        let status = self.status();
        let reason = match status {
            ChessStatus::Ongoing => return None,
            ChessStatus::Checkmate => "checkmate",
            ChessStatus::Stalemate => "stalemate",
            ChessStatus::FiftyMoves => "fifty_moves",
            ChessStatus::Repetition => "repetition",
            ChessStatus::InsufficientMaterial => "insufficient_material",
        };
        let winner = (status == ChessStatus::Checkmate).then(|| self.side_to_move().opponent());
        let text = match winner {
            Some(Side::First) => "Checkmate: White wins".to_owned(),
            Some(Side::Second) => "Checkmate: Black wins".to_owned(),
            None => capitalise(&status.to_string()),
        };
        Some(Ending::new(reason, winner, text))
    }

    fn marks(&self) -> serde_json::Value {
        let pos = self.position();
        let check = pos
            .is_check()
            .then(|| pos.board().king_of(pos.turn()))
            .flatten()
            .map(|sq| sq.to_string());
        json!({ "check": check })
    }

    fn evaluator(strength: EvaluatorStrength) -> ChessEvaluator {
        ChessEvaluator::for_strength(strength)
    }

    fn take_back(&mut self) -> bool {
        self.undo()
    }

    fn export(
        &self,
        format: &str,
        _start: &ChessGame,
        header: &RecordHeader<'_>,
    ) -> Option<String> {
        (format == "pgn").then(|| {
            let mut tags = PgnTags::default();
            tags.set("Date", &pgn_date(header.created_ms.div_euclid(1000)));
            tags.set("Result", header.result);
            tags.set("White", header.players[0]);
            tags.set("Black", header.players[1]);
            write_pgn(self, &tags)
        })
    }
}

/// Checks a game with one board size and a fixed list of rules.
pub(super) fn check_rule_and_size(
    kind: GameKind,
    rules: &'static [&'static str],
    setup: &Setup,
) -> Result<(), SetupError> {
    if let Some(rule) = &setup.rule
        && !rules.contains(&rule.as_str())
    {
        return Err(SetupError::UnknownRule {
            game: kind.name(),
            rule: rule.clone(),
            expected: rules.join(", "),
        });
    }
    if let Some(size) = setup.size {
        return Err(SetupError::BadSize {
            game: kind.name(),
            size,
            expected: "its board has one size; leave size out",
        });
    }
    Ok(())
}

fn capitalise(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map_or_else(String::new, |first| {
        first.to_uppercase().chain(chars).collect()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn castling_is_drawn_as_the_king_going_two_squares() {
        let game = ChessGame::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").unwrap();
        let castle = WebGame::parse_move(&game, "O-O").unwrap();
        let squares = ChessGame::move_squares(castle);
        assert_eq!(squares.from.as_deref(), Some("e1"));
        assert_eq!(squares.to, "g1");
    }

    #[test]
    fn mate_names_the_winner() {
        let game = ChessGame::from_fen("7k/6Q1/6K1/8/8/8/8/8 b - - 0 1").unwrap();
        let ending = WebGame::ending(&game).unwrap();
        assert_eq!(ending.reason, "checkmate");
        assert_eq!(ending.result, "1-0");
        assert_eq!(ending.text, "Checkmate: White wins");
    }
}
