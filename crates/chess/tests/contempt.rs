//! Contempt: a draw is worth less than equality to the side that searches.
//! A side a pawn down that can repeat the position takes the draw when a
//! draw is worth 0, and still when contempt leaves it better than the
//! pawn, or is glad of it with a negative contempt; the value it reports
//! is the draw's, less the contempt.

use banco_chess::{ChessEvaluator, ChessGame, notation::parse_move};
use banco_search::{Game, Limits, ParamOverrides, SearchConfig, SearchResult, Searcher, Silent};

/// Black, a pawn down, to move: Ng8 repeats a position of the game.
fn position() -> ChessGame {
    let mut game = ChessGame::new();
    for text in "e4 f5 exf5 Nf6 Nf3 Ng8 Ng1 Nf6 Nf3".split_whitespace() {
        let mv = parse_move(game.position(), text).unwrap_or_else(|e| panic!("{e}"));
        game.make_move(mv);
    }
    game
}

fn search(contempt: &str) -> SearchResult<banco_chess::Move> {
    let mut params = ParamOverrides::default();
    params.set("contempt", contempt).unwrap();
    let config = SearchConfig {
        params,
        ..SearchConfig::default()
    };
    Searcher::new(config).search(
        &position(),
        &ChessEvaluator::Strong,
        &Limits::depth(8),
        &mut Silent,
    )
}

#[test]
fn a_repetition_is_worth_minus_the_contempt() {
    let repeat = parse_move(position().position(), "Ng8").unwrap();
    for (contempt, value) in [("0", 0), ("30", -30), ("-30", 30)] {
        let result = search(contempt);
        assert_eq!(result.best_move, Some(repeat), "contempt {contempt}");
        assert_eq!(result.report.value, value, "contempt {contempt}");
    }
}

#[test]
fn a_large_contempt_is_refused_and_changes_nothing() {
    let mut params = ParamOverrides::default();
    assert!(params.set("contempt", "500").is_err());
    assert!(params.set("contempt", "-101").is_err());
    assert_eq!(params, ParamOverrides::default());
}
