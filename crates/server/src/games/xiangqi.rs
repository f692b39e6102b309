//! Xiangqi on the server: FEN positions, ICCS codes, WXF in the move list.

use banco_search::{EvaluatorStrength, Game, Side};
use banco_xiangqi::{Color, Move, XiangqiEvaluator, XiangqiGame, XiangqiStatus, notation};
use serde_json::json;

use super::chess::check_rule_and_size;
use super::{Ending, GameKind, MoveSquares, Setup, SetupError, WebGame};

impl WebGame for XiangqiGame {
    type Eval = XiangqiEvaluator;

    const KIND: GameKind = GameKind::Xiangqi;
    const RULES: &'static [&'static str] = &["standard"];
    const SIDES: [&'static str; 2] = ["Red", "Black"];
    const POSITION_FORMAT: &'static str = "FEN";
    const NOTATION: &'static str = "WXF";
    const EXPORTS: &'static [&'static str] = &["fen", "moves"];

    fn setup(setup: &Setup) -> Result<XiangqiGame, SetupError> {
        check_rule_and_size(GameKind::Xiangqi, Self::RULES, setup)?;
        match setup.position.as_deref().map(str::trim) {
            None | Some("") => Ok(XiangqiGame::new()),
            Some(fen) => XiangqiGame::from_fen(fen).map_err(|err| SetupError::BadPosition {
                format: "FEN",
                reason: format!("'{fen}': {err}"),
            }),
        }
    }

    fn position(&self) -> String {
        self.fen()
    }

    fn parse_move(&self, text: &str) -> Result<Move, String> {
        if let Some(ending) = WebGame::ending(self) {
            return Err(format!("the game is over: {}", ending.text));
        }
        notation::parse_move(self.board(), text).map_err(|err| err.to_string())
    }

    fn move_code(mv: Move) -> String {
        mv.to_string()
    }

    fn move_text(&self, mv: Move) -> String {
        notation::to_wxf(self.board(), mv)
    }

    fn move_squares(mv: Move) -> MoveSquares {
        MoveSquares {
            from: Some(mv.from.to_string()),
            to: mv.to.to_string(),
            promotion: None,
        }
    }

    fn ending(&self) -> Option<Ending> {
        let status = self.status();
        let reason = match status {
            XiangqiStatus::Ongoing => return None,
            XiangqiStatus::Checkmate { .. } => "checkmate",
            XiangqiStatus::Stalemate { .. } => "stalemate",
            XiangqiStatus::PerpetualCheck { .. } => "perpetual_check",
            XiangqiStatus::PerpetualChase { .. } => "perpetual_chase",
            XiangqiStatus::Repetition => "repetition",
            XiangqiStatus::NoCaptures => "sixty_moves",
        };
        let winner = status.winner().map(|color| match color {
            Color::Red => Side::First,
            Color::Black => Side::Second,
        });
        let text = status.to_string();
        let mut chars = text.chars();
        let text = chars.next().map_or_else(String::new, |first| {
            first.to_uppercase().chain(chars).collect()
        });
        Some(Ending::new(reason, winner, text))
    }

    fn marks(&self) -> serde_json::Value {
        let board = self.board();
        let check = self
            .in_check()
            .then(|| board.general(board.side_to_move()).to_string());
        json!({ "check": check })
    }

    fn evaluator(strength: EvaluatorStrength) -> XiangqiEvaluator {
        match strength {
            EvaluatorStrength::Simple => XiangqiEvaluator::Simple,
            EvaluatorStrength::Strong => XiangqiEvaluator::Strong,
        }
    }

    fn take_back(&mut self) -> bool {
        self.undo()
    }
}
