//! Gomoku on the server: any rule, boards 15 to 20, moves as `h8`, a position
//! as the list of its moves, the winning line and renju's forbidden points.

use banco_gomoku::{GameStatus, GomokuEvaluator, GomokuGame, Point, Rule, Side, think};
use banco_search::{EvaluatorStrength, Game, Limits, SearchObserver, Searcher};
use serde_json::json;

use super::{Ending, GameKind, MoveSquares, Setup, SetupError, WebGame};

impl WebGame for GomokuGame {
    type Eval = GomokuEvaluator;

    const KIND: GameKind = GameKind::Gomoku;
    const RULES: &'static [&'static str] = &["freestyle", "standard", "caro", "renju"];
    const SIZES: &'static [u8] = &[15, 16, 17, 18, 19, 20];
    const SIDES: [&'static str; 2] = ["Black", "White"];
    const POSITION_FORMAT: &'static str = "move list";
    const NOTATION: &'static str = "coordinates";
    const EXPORTS: &'static [&'static str] = &["position", "moves"];

    fn setup(setup: &Setup) -> Result<GomokuGame, SetupError> {
        let rule = match setup.rule.as_deref() {
            None => Rule::Freestyle,
            Some(name) => Rule::ALL
                .into_iter()
                .find(|rule| rule.name() == name)
                .ok_or_else(|| SetupError::UnknownRule {
                    game: "gomoku",
                    rule: name.to_owned(),
                    expected: Self::RULES.join(", "),
                })?,
        };
        let size = setup.size.unwrap_or(Self::SIZES[0]);
        if !Self::SIZES.contains(&size) {
            return Err(SetupError::BadSize {
                game: "gomoku",
                size,
                expected: "from 15 to 20",
            });
        }
        let moves = setup.position.as_deref().unwrap_or_default();
        GomokuGame::from_moves(size, rule, moves).map_err(|err| SetupError::BadPosition {
            format: "move list",
            reason: format!("'{}': {err}", moves.trim()),
        })
    }

    fn position(&self) -> String {
        self.moves()
            .iter()
            .map(|m| m.point.to_string())
            .collect::<Vec<_>>()
            .join(" ")
    }

    fn playable_moves(&self) -> Vec<Point> {
        // A person may put a stone on any empty point (under renju, black on
        // a forbidden one loses); the search's list is only the points near stones.
        if self.rule_outcome().is_some() {
            return Vec::new();
        }
        let size = self.size();
        (0..size)
            .flat_map(|y| (0..size).map(move |x| Point::new(x, y)))
            .filter(|&p| self.stone(p).is_none())
            .collect()
    }

    fn parse_move(&self, text: &str) -> Result<Point, String> {
        let point = Point::parse(text.trim(), self.size()).map_err(|err| err.to_string())?;
        if self.rule_outcome().is_some() {
            return Err("the game is over: no more moves".to_owned());
        }
        if self.stone(point).is_some() {
            return Err(format!("{point} is already taken"));
        }
        Ok(point)
    }

    fn move_code(mv: Point) -> String {
        mv.to_string()
    }

    fn move_text(&self, mv: Point) -> String {
        mv.to_string()
    }

    fn move_squares(mv: Point) -> MoveSquares {
        MoveSquares {
            from: None,
            to: mv.to_string(),
            promotion: None,
        }
    }

    fn ending(&self) -> Option<Ending> {
        let name = |side: Side| Self::SIDES[side.index()];
        match self.status() {
            GameStatus::Ongoing => None,
            GameStatus::Five { winner, .. } => Some(Ending::new(
                "five",
                Some(winner),
                format!("Five in a row: {} wins", name(winner)),
            )),
            GameStatus::Foul { point, foul } => Some(Ending::new(
                "forbidden",
                Some(Side::Second),
                format!("Black played a forbidden point ({foul} at {point}): White wins"),
            )),
            GameStatus::Draw => Some(Ending::new(
                "board_full",
                None,
                "The board is full: a draw".to_owned(),
            )),
        }
    }

    fn marks(&self) -> serde_json::Value {
        let line: Vec<String> = match self.status() {
            GameStatus::Five { line, .. } => line.iter().map(ToString::to_string).collect(),
            _ => Vec::new(),
        };
        // Renju forbids black some points; show them while black is to move.
        let forbidden: Vec<String> = if self.rule() == Rule::Renju
            && self.side_to_move() == Side::First
            && line.is_empty()
        {
            self.forbidden_points()
                .iter()
                .map(ToString::to_string)
                .collect()
        } else {
            Vec::new()
        };
        json!({ "check": null, "line": line, "forbidden": forbidden, "rule": self.rule().name() })
    }

    fn evaluator(strength: EvaluatorStrength) -> GomokuEvaluator {
        GomokuEvaluator::for_strength(strength)
    }

    fn choose_move(
        &self,
        searcher: &mut Searcher,
        eval: &GomokuEvaluator,
        limits: &Limits,
        observer: &mut dyn SearchObserver<Point>,
    ) -> Option<Point> {
        think::choose_move(self, searcher, *eval, limits, observer).map(|choice| choice.point)
    }

    fn take_back(&mut self) -> bool {
        self.undo().is_some()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(rule: &str, moves: &str) -> GomokuGame {
        <GomokuGame as WebGame>::setup(&Setup {
            rule: Some(rule.to_owned()),
            size: Some(15),
            position: Some(moves.to_owned()),
        })
        .unwrap()
    }

    #[test]
    fn five_in_a_row_names_the_line() {
        let game = game("freestyle", "h8 a1 i8 a2 j8 a3 k8 a4 l8");
        let ending = WebGame::ending(&game).unwrap();
        assert_eq!((ending.reason, ending.result), ("five", "1-0"));
        assert_eq!(game.marks()["line"], json!(["h8", "i8", "j8", "k8", "l8"]));
        assert!(game.playable_moves().is_empty());
    }

    #[test]
    fn renju_shows_black_its_forbidden_points() {
        // Black to move with two open twos meeting at j10 would make a double three.
        let game = game("renju", "h8 a1 h9 a15 j8 o1 k9 o15");
        let forbidden = game.marks()["forbidden"].clone();
        assert!(
            forbidden.as_array().is_some_and(|f| !f.is_empty()),
            "{forbidden}"
        );
        assert_eq!(game.playable_moves().len(), 15 * 15 - 8);
    }

    #[test]
    fn bad_setups_say_why() {
        let setup = |rule: &str, size: u8, moves: &str| {
            <GomokuGame as WebGame>::setup(&Setup {
                rule: Some(rule.to_owned()),
                size: Some(size),
                position: Some(moves.to_owned()),
            })
        };
        assert!(matches!(
            setup("swap2", 15, ""),
            Err(SetupError::UnknownRule { .. })
        ));
        assert!(matches!(
            setup("renju", 21, ""),
            Err(SetupError::BadSize { .. })
        ));
        let err = setup("freestyle", 15, "h8 h8").unwrap_err().to_string();
        assert!(err.contains("h8 h8"), "{err}");
    }
}
