//! Gomoku, caro and renju for the command line.

use banco_gomoku::think::{Reason, choose_move};
use banco_gomoku::{
    DEFAULT_SIZE, GameStatus, GomokuEvaluator, GomokuGame, Point, Rule, Side, check_size, render,
};
use banco_search::{
    Bound, EvaluatorStrength, Limits, Report, SearchObserver, SearchResult, SearchStats, Searcher,
};

use super::{CliGame, GomocupPosition, Setup};
use crate::terminal::Style;

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

impl CliGame for GomokuGame {
    type Eval = GomokuEvaluator;

    const NAME: &'static str = "gomoku";
    const SIDES: [&'static str; 2] = ["Black", "White"];
    const MOVE_HELP: &'static str = "a point: h8 (column letter, row from the bottom) or x,y (Gomocup, from 0,0 at the top left)";
    const BENCH: &'static [&'static str] = &GOMOKU_POSITIONS;
    const BENCH_MAX_DEPTH: u32 = 5;
    const HAS_PERFT: bool = false;
    const DECISIVE_CP: Option<i32> = None;

    fn start(setup: &Setup) -> anyhow::Result<GomokuGame> {
        let rule = match setup.rule.as_deref() {
            Some(text) => text.parse::<Rule>()?,
            None => Rule::Freestyle,
        };
        let size = check_size(setup.size.unwrap_or(DEFAULT_SIZE))?;
        Ok(GomokuGame::from_moves(
            size,
            rule,
            setup.position.as_deref().unwrap_or(""),
        )?)
    }

    fn gomocup_position(&self) -> Option<GomocupPosition> {
        let stones =
            self.moves()
                .iter()
                .filter_map(|m| {
                    let (x, y) =
                        m.point.to_gomocup().split_once(',').and_then(|(x, y)| {
                            Some((x.parse::<u8>().ok()?, y.parse::<u8>().ok()?))
                        })?;
                    Some((x, y, m.side == Side::First))
                })
                .collect();
        Some(GomocupPosition {
            size: self.size(),
            rule_bits: self.rule().gomocup_bits(),
            stones,
        })
    }

    fn fen(&self) -> String {
        let moves: Vec<String> = self.moves().iter().map(|m| m.point.to_string()).collect();
        moves.join(" ")
    }

    fn parse_move(&self, text: &str) -> Result<Point, String> {
        let mut probe = self.clone();
        probe
            .play_str(text)
            .map(|m| m.point)
            .map_err(|e| e.to_string())
    }

    fn move_text(&self, mv: Point) -> String {
        render::format_move(mv)
    }

    fn move_code(mv: Point) -> String {
        mv.to_string()
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

    fn game_over(&self) -> Option<String> {
        match self.status() {
            GameStatus::Ongoing => None,
            GameStatus::Draw => Some(render::status_text(self)),
            GameStatus::Five { winner, .. } => Some(format!(
                "{} ({})",
                render::status_text(self),
                if winner == Side::First { "1-0" } else { "0-1" }
            )),
            GameStatus::Foul { .. } => Some(format!("{} (0-1)", render::status_text(self))),
        }
    }

    fn evaluator(strength: EvaluatorStrength) -> GomokuEvaluator {
        match strength {
            EvaluatorStrength::Simple => GomokuEvaluator::Simple,
            EvaluatorStrength::Strong => GomokuEvaluator::Strong,
        }
    }

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

    fn move_number(&self) -> u32 {
        u32::try_from(self.moves().len() + 1).unwrap_or(u32::MAX)
    }

    fn plies(&self) -> usize {
        self.moves().len()
    }

    fn take_back(&mut self) -> bool {
        self.undo().is_some()
    }

    fn choose(
        &self,
        searcher: &mut Searcher,
        eval: &GomokuEvaluator,
        limits: &Limits,
        observer: &mut dyn SearchObserver<Point>,
    ) -> SearchResult<Point> {
        let started = std::time::Instant::now();
        let Some(choice) = choose_move(self, searcher, *eval, limits, observer) else {
            return searcher.search(self, eval, limits, observer);
        };
        // The threat search proves wins without the alpha-beta search: report
        // its line with the score of the win it found.
        let report = choice.report.unwrap_or_else(|| {
            let pv = match &choice.reason {
                Reason::Vcf(line) | Reason::Vct(line) => line.clone(),
                _ => vec![choice.point],
            };
            let value = match choice.reason {
                Reason::Five | Reason::Vcf(_) | Reason::Vct(_) => {
                    banco_search::mate_in(pv.len().max(1))
                }
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
            }
        });
        SearchResult {
            best_move: Some(choice.point),
            report,
        }
    }
}
