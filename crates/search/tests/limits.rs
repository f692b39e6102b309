//! Limits: every way of stopping a search still gives a legal move.

use std::time::{Duration, Instant};

use banco_search::testkit::{RandomTree, RandomTreeEval, TicTacToe, TicTacToeEval};
use banco_search::{
    Algorithm, Clock, Game, Limits, Report, SearchConfig, Searcher, Silent, StopFlag,
};

fn searcher(algorithm: Algorithm) -> Searcher {
    Searcher::new(SearchConfig {
        algorithm,
        hash_mb: 1,
        ..SearchConfig::default()
    })
}

#[test]
fn node_limit_is_exact_with_one_thread() {
    for algorithm in Algorithm::ALL {
        let tree = RandomTree::new(3, 8);
        let result =
            searcher(algorithm).search(&tree, &RandomTreeEval, &Limits::nodes(5_000), &mut Silent);
        assert!(result.best_move.is_some(), "{algorithm}");
        assert!(
            result.report.stats.nodes <= 5_000,
            "{algorithm}: {}",
            result.report.stats.nodes
        );
    }
}

#[test]
fn a_raised_stop_flag_still_returns_a_move() {
    for algorithm in Algorithm::ALL {
        let limits = Limits::default();
        limits.stop.raise();
        let tree = RandomTree::new(11, 8);
        let start = Instant::now();
        let result = searcher(algorithm).search(&tree, &RandomTreeEval, &limits, &mut Silent);
        let mut legal = Vec::new();
        tree.legal_moves(&mut legal);
        assert!(legal.contains(&result.best_move.unwrap()), "{algorithm}");
        assert!(start.elapsed() < Duration::from_secs(5), "{algorithm}");
    }
}

#[test]
fn stop_from_another_thread_ends_an_infinite_search() {
    let stop = StopFlag::new();
    let limits = Limits {
        infinite: true,
        stop: stop.clone(),
        ..Limits::default()
    };
    let handle = std::thread::spawn(move || {
        searcher(Algorithm::Engine).search(
            &RandomTree::new(5, 10),
            &RandomTreeEval,
            &limits,
            &mut Silent,
        )
    });
    std::thread::sleep(Duration::from_millis(100));
    stop.raise();
    let result = handle.join().unwrap();
    assert!(result.best_move.is_some());
    assert!(result.report.depth >= 1);
}

#[test]
fn movetime_and_clock_are_kept() {
    let limits = Limits::move_time(Duration::from_millis(150));
    let start = Instant::now();
    let result = searcher(Algorithm::Engine).search(
        &RandomTree::new(9, 12),
        &RandomTreeEval,
        &limits,
        &mut Silent,
    );
    assert!(result.best_move.is_some());
    assert!(start.elapsed() < Duration::from_millis(1_500));

    let limits = Limits {
        clock: Some(Clock {
            remaining: Duration::from_millis(800),
            increment: Duration::ZERO,
            moves_to_go: None,
        }),
        ..Limits::default()
    };
    let start = Instant::now();
    let result = searcher(Algorithm::Engine).search(
        &RandomTree::new(9, 12),
        &RandomTreeEval,
        &limits,
        &mut Silent,
    );
    assert!(result.best_move.is_some());
    assert!(start.elapsed() < Duration::from_millis(800));
}

#[test]
fn reports_come_after_every_iteration() {
    let mut depths = Vec::new();
    let mut observer = |report: &Report<u8>| depths.push(report.depth);
    searcher(Algorithm::Engine).search(
        &TicTacToe::new(),
        &TicTacToeEval,
        &Limits::depth(5),
        &mut observer,
    );
    assert_eq!(depths, vec![1, 2, 3, 4, 5]);
}

#[test]
fn lazy_smp_threads_agree_on_a_solved_game() {
    let mut config = SearchConfig {
        threads: 2,
        hash_mb: 1,
        ..SearchConfig::default()
    };
    config.algorithm = Algorithm::Engine;
    let game = TicTacToe::from_cells("X.X.O....").unwrap();
    let result =
        Searcher::new(config).search(&game, &TicTacToeEval, &Limits::depth(7), &mut Silent);
    assert_eq!(result.best_move, Some(1));
    assert!(result.report.stats.nodes > 0);
}

#[test]
fn finished_games_have_no_move() {
    let game = TicTacToe::from_cells("XXXOO....").unwrap();
    let result =
        searcher(Algorithm::Engine).search(&game, &TicTacToeEval, &Limits::depth(3), &mut Silent);
    assert!(result.best_move.is_none());
}

#[test]
fn mate_scores_count_moves() {
    // X to move wins at once by completing the top row.
    let game = TicTacToe::from_cells("XX.OO....").unwrap();
    for algorithm in Algorithm::ALL {
        let result =
            searcher(algorithm).search(&game, &TicTacToeEval, &Limits::depth(4), &mut Silent);
        assert_eq!(result.best_move, Some(2), "{algorithm}");
        assert_eq!(
            result.report.score(),
            banco_search::Score::Mate(1),
            "{algorithm}"
        );
    }
}
