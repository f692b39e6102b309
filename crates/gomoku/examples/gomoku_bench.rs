//! Speed figures for docs/benchmarks.md: the engine's nodes per second on
//! fixed positions at a fixed depth, and the VCF and VCT solvers' times on
//! known wins and on positions without one.
//!
//! `cargo run --release -p banco-gomoku --example gomoku_bench [DEPTH] [RULE]`
//! (with a rule, only that rule's middlegame, for a profile of one rule)

use std::time::Instant;

use banco_gomoku::threat::{ThreatLimits, ThreatOutcome, vcf, vct};
use banco_gomoku::{GomokuEvaluator, GomokuGame, Rule};
use banco_search::{Limits, SearchConfig, Searcher, Silent};

/// Middle-game positions (moves from the empty board, black first).
const POSITIONS: [(Rule, &str); 4] = [
    (Rule::Freestyle, "h8 i9 i8 g8 j7 k6 h9 h7 j9 g10"),
    (Rule::Standard, "h8 h9 i9 g7 j10 k11 i10 i11 g9 f8 j8"),
    (Rule::Renju, "h8 i9 j8 i8 i7 h6 j9 j10 k7 g9"),
    (Rule::Caro, "h8 g9 i9 g7 g8 f8 i7 i8 j8 k9 h10 e7"),
];

/// Threat puzzles, black to move: a two-four VCF, two longer VCFs from match
/// games, a VCT win, a position with fours but no VCF.
const PUZZLES: [(&str, &str); 5] = [
    (
        "vcf 2 fours",
        "h8 g8 i8 g11 j8 c3 k9 c5 k10 d3 h11 e13 i11 m4 j11 n14",
    ),
    (
        "vcf match A",
        "h8 h7 i8 f6 j8 k8 i7 i6 j6 g9 k9 h6 k5 l4 l10 m11 g8 f8 j7 e6 g6 j5 h9 k4 l3 k6",
    ),
    (
        "vcf match B",
        "h8 h7 i8 g8 i6 i5 k8 h5 j8 l8 i7 g5 j5 g9 i9 i10 g7 e5 f5 k11 f6 j10 f7 f8 j6 j4",
    ),
    ("vct", "g8 a1 h8 a15 i9 o1 i10 o15"),
    ("no vcf", "h8 g8 i8 a15 j8 o1 d4 o15 e4 d5"),
];

fn main() {
    let depth: u32 = std::env::args()
        .nth(1)
        .and_then(|d| d.parse().ok())
        .unwrap_or(8);
    let only: Option<Rule> = std::env::args().nth(2).and_then(|r| r.parse().ok());
    println!("engine, strong evaluator, depth {depth}, one thread, 16 MiB table");
    let (mut nodes, mut micros) = (0_u64, 0_u128);
    for (rule, moves) in POSITIONS
        .into_iter()
        .filter(|&(rule, _)| only.is_none_or(|only| only == rule))
    {
        let game = GomokuGame::from_moves(15, rule, moves).expect("a legal bench position");
        let mut searcher = Searcher::new(SearchConfig::default());
        let start = Instant::now();
        let result = searcher.search(
            &game,
            &GomokuEvaluator::Strong,
            &Limits::depth(depth),
            &mut Silent,
        );
        let spent = start.elapsed();
        nodes += result.report.stats.nodes;
        micros += spent.as_micros();
        println!(
            "  {rule:<9} {:>10} nodes {:>8.1} ms {:>9} nps  best {}  score {}",
            result.report.stats.nodes,
            spent.as_secs_f64() * 1000.0,
            result.report.nps(),
            result
                .best_move
                .map_or_else(|| "-".to_owned(), |p| p.to_string()),
            result.report.score()
        );
    }
    println!(
        "  total     {nodes:>10} nodes {:>8.1} ms {:>9} nps",
        micros as f64 / 1000.0,
        u128::from(nodes) * 1_000_000 / micros.max(1)
    );
    println!("threat solvers (freestyle, black to move)");
    for (name, moves) in PUZZLES {
        let game = GomokuGame::from_moves(15, Rule::Freestyle, moves).expect("a legal puzzle");
        for (solver, answer, spent) in [
            {
                let start = Instant::now();
                let a = vcf(&game, ThreatLimits::nodes(1_000_000));
                ("VCF", a, start.elapsed())
            },
            {
                let start = Instant::now();
                let a = vct(&game, ThreatLimits::nodes(1_000_000), 3);
                ("VCT", a, start.elapsed())
            },
        ] {
            let found = match &answer.outcome {
                ThreatOutcome::Win(line) => {
                    let line: Vec<String> = line.iter().map(ToString::to_string).collect();
                    format!("win {}", line.join(" "))
                }
                ThreatOutcome::NoWin => "no win".to_owned(),
                ThreatOutcome::Unknown => "budget spent".to_owned(),
            };
            println!(
                "  {name:<12} {solver} {:>8} nodes {:>9.3} ms  {found}",
                answer.nodes,
                spent.as_secs_f64() * 1000.0
            );
        }
    }
}
