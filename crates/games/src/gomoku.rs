//! Gomoku, caro and renju: any rule, boards 15 to 20, moves as `h8` (or
//! Gomocup's `x,y`), a position as the list of its moves.

use std::time::Instant;

use banco_gomoku::think::{Choice, Reason, choose_move};
use banco_gomoku::{GameStatus, GomokuEvaluator, GomokuGame, Point, Rule, Side, render};
use banco_search::{Bound, Game, Limits, Report, SearchObserver, SearchStats, Searcher, mate_in};

use crate::computer::Thought;
use crate::{
    Ending, GameInfo, GameKind, GomocupPosition, Marks, MoveError, MoveSquares, Playable, Setup,
    SetupError,
};

/// Openings and middlegames for `banco bench` (freestyle, 15 × 15): quiet
/// shapes, threes and fours for both sides.
pub const GOMOKU_POSITIONS: [&str; 6] = [
    "h8",
    "h8 i9 i8 g8 j9",
    "h8 i9 j8 h9 i7 g8 j6",
    "h8 h9 i8 g8 j8 k8 i9 g7 g9",
    "h8 i9 g7 f6 i7 h7 j8 k9 g9 g8",
    "h8 i8 h9 h10 i10 j11 g9 f9 g8 g10 i9",
];

impl Playable for GomokuGame {
    type Eval = GomokuEvaluator;

    fn swap_answer(
        &self,
        opening: crate::swap::SwapRule,
        searcher: &mut banco_search::Searcher,
        plan: &crate::SearchPlan,
    ) -> Option<Result<crate::swap::SwapAnswer, crate::swap::SwapError>> {
        let stones: Vec<Point> = self.moves().iter().map(|m| m.point).collect();
        Some(crate::swap::swap_answer(
            opening,
            self.size(),
            self.rule(),
            &stones,
            searcher,
            plan,
        ))
    }

    const INFO: GameInfo = GameInfo {
        kind: GameKind::Gomoku,
        name: "gomoku",
        sides: ["Black", "White"],
        rules: &["freestyle", "standard", "caro", "renju"],
        sizes: &[15, 16, 17, 18, 19, 20],
        position_format: "move list",
        notation: "coordinates",
        exports: &["position", "moves"],
        move_help: "a point: h8 (column letter, row from the bottom) or x,y (Gomocup, from 0,0 at the top left)",
        move_examples: "h8, 7,7",
        uci_variant: None,
        uci_ranks_from_one: false,
        has_perft: false,
        has_check: false,
        evaluators: &["strong", "simple"],
        decisive_cp: None,
        bench_positions: &GOMOKU_POSITIONS,
        // Its branching factor and threat probes make deep fixed-depth searches slow.
        bench_max_depth: 5,
        measured_levels: include_str!("../../../docs/levels/gomoku.json"),
    };

    fn start() -> GomokuGame {
        GomokuGame::standard(Rule::Freestyle)
    }

    fn setup(setup: &Setup) -> Result<GomokuGame, SetupError> {
        setup.check_rule_and_size(Self::INFO.name, Self::INFO.rules, Self::INFO.sizes)?;
        let rule = setup
            .rule
            .as_deref()
            .and_then(|name| Rule::ALL.into_iter().find(|rule| rule.name() == name))
            .unwrap_or(Rule::Freestyle);
        let size = setup.size.unwrap_or(Self::INFO.sizes[0]);
        let moves = setup.position.as_deref().unwrap_or_default();
        GomokuGame::from_moves(size, rule, moves).map_err(|err| SetupError::BadPosition {
            format: "move list",
            input: moves.to_owned(),
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

    fn parse_move(&self, text: &str) -> Result<Point, MoveError> {
        let point = Point::parse(text.trim(), self.size())
            .map_err(|err| MoveError::Invalid(err.to_string()))?;
        if self.rule_outcome().is_some() {
            return Err(MoveError::GameOver("no more moves".to_owned()));
        }
        if self.stone(point).is_some() {
            return Err(MoveError::Invalid(format!("{point} is already taken")));
        }
        Ok(point)
    }

    fn parse_code(&self, text: &str) -> Result<Point, MoveError> {
        Playable::parse_move(self, text)
    }

    fn move_code(mv: Point) -> String {
        mv.to_string()
    }

    fn move_text(&self, mv: Point) -> String {
        render::format_move(mv)
    }

    fn line_text(&self, moves: &[Point]) -> String {
        let first = self.moves().len() + 1;
        moves
            .iter()
            .enumerate()
            .map(|(i, p)| format!("{}. {p}", first + i))
            .collect::<Vec<_>>()
            .join(" ")
    }

    fn history_text(&self) -> String {
        self.moves()
            .iter()
            .enumerate()
            .map(|(i, m)| format!("{}. {}", i + 1, m.point))
            .collect::<Vec<_>>()
            .join(" ")
    }

    fn move_squares(mv: Point) -> MoveSquares {
        MoveSquares {
            from: None,
            to: mv.to_string(),
            promotion: None,
        }
    }

    fn ending(&self) -> Option<Ending> {
        let name = |side: Side| Self::INFO.sides[side.index()];
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

    fn marks(&self) -> Marks {
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
        Marks {
            check: None,
            line: Some(line),
            forbidden: Some(forbidden),
            rule: Some(self.rule().name()),
        }
    }

    fn move_number(&self) -> u32 {
        u32::try_from(self.moves().len() + 1).unwrap_or(u32::MAX)
    }

    fn plies(&self) -> usize {
        self.moves().len()
    }

    fn take_back(&mut self) -> bool {
        self.undo().is_some()
    }

    fn choose_move(
        &self,
        searcher: &mut Searcher,
        eval: &GomokuEvaluator,
        limits: &Limits,
        observer: &mut dyn SearchObserver<Point>,
    ) -> Thought<Point> {
        let started = Instant::now();
        let Some(choice) = choose_move(self, searcher, *eval, limits, observer) else {
            let result = searcher.search(self, eval, limits, observer);
            return Thought {
                best_move: result.best_move,
                report: result.report,
                note: None,
            };
        };
        let note = Some(reason_text(&choice.reason));
        let Choice {
            point,
            reason,
            report,
        } = choice;
        // The threat search proves wins without the alpha-beta search: report
        // its line with the score of the win it found.
        let report = report.unwrap_or_else(|| {
            let pv = match &reason {
                Reason::Vcf(line) | Reason::Vct(line) => line.clone(),
                _ => vec![point],
            };
            let value = match reason {
                Reason::Five | Reason::Vcf(_) | Reason::Vct(_) => mate_in(pv.len().max(1)),
                _ => 0,
            };
            Report {
                depth: 0,
                seldepth: 0,
                value,
                bound: Bound::Exact,
                stats: SearchStats::default(),
                elapsed: started.elapsed(),
                pv,
                hashfull: 0,
                lines: Vec::new(),
                root_moves: Vec::new(),
            }
        });
        Thought {
            best_move: Some(point),
            report,
            note,
        }
    }

    fn board_lines(&self) -> Vec<String> {
        render::board_text(self)
            .lines()
            .map(str::to_owned)
            .collect()
    }

    fn gomocup_position(&self) -> Option<GomocupPosition> {
        let stones = self
            .moves()
            .iter()
            .map(|m| (m.point.x, m.point.y, m.side == Side::First))
            .collect();
        Some(GomocupPosition {
            size: self.size(),
            rule_bits: self.rule().gomocup_bits(),
            stones,
        })
    }
}

/// How the threat search or the search found the move, in a few words.
fn reason_text(reason: &Reason) -> String {
    match reason {
        Reason::Opening => "opening".to_owned(),
        Reason::Five => "five".to_owned(),
        Reason::Block => "block".to_owned(),
        Reason::Vcf(line) => format!("VCF in {} plies", line.len()),
        Reason::Vct(line) => format!("VCT, line of {} plies", line.len()),
        Reason::Search => "search".to_owned(),
        Reason::Defence => "defence against a VCF".to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(rule: &str, moves: &str) -> GomokuGame {
        <GomokuGame as Playable>::setup(&Setup {
            rule: Some(rule.to_owned()),
            size: Some(15),
            position: Some(moves.to_owned()),
        })
        .unwrap()
    }

    #[test]
    fn five_in_a_row_names_the_line() {
        let game = game("freestyle", "h8 a1 i8 a2 j8 a3 k8 a4 l8");
        let ending = Playable::ending(&game).unwrap();
        assert_eq!((ending.reason, ending.result), ("five", "1-0"));
        assert_eq!(
            game.marks().line,
            Some(["h8", "i8", "j8", "k8", "l8"].map(str::to_owned).to_vec())
        );
        assert!(game.playable_moves().is_empty());
    }

    #[test]
    fn renju_shows_black_its_forbidden_points() {
        // Black to move with two open twos meeting at j10 would make a double three.
        let game = game("renju", "h8 a1 h9 a15 j8 o1 k9 o15");
        assert!(game.marks().forbidden.is_some_and(|f| !f.is_empty()));
        assert_eq!(game.playable_moves().len(), 15 * 15 - 8);
    }

    #[test]
    fn bad_setups_say_why() {
        let setup = |rule: &str, size: u8, moves: &str| {
            <GomokuGame as Playable>::setup(&Setup {
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
        let err = setup("freestyle", 15, "h8 h8").unwrap_err();
        assert!(matches!(&err, SetupError::BadPosition { input, .. } if input == "h8 h8"));
        assert!(err.to_string().contains("h8 h8"), "{err}");
    }

    #[test]
    fn a_threat_win_comes_with_a_report() {
        // Black, to move, has an open three: the threat search wins by fours.
        let game = game("freestyle", "h8 a1 i8 a2 j8 a4");
        let mut searcher = Searcher::new(banco_search::SearchConfig::default());
        let thought = game.choose_move(
            &mut searcher,
            &GomokuEvaluator::Strong,
            &Limits::depth(3),
            &mut banco_search::Silent,
        );
        assert!(thought.best_move.is_some());
        assert!(thought.note.is_some());
        assert!(!thought.report.pv.is_empty());
        assert!(banco_search::is_mate(thought.report.value));
    }
}
