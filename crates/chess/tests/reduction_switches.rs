//! The per-game switches that no game turns on yet (root reductions,
//! reductions of checks and evasions, pruning at the reduced depth) are
//! exercised here on chess, so that the code behind them keeps working
//! until a test of strength decides whether chess plays with them.

use banco_chess::{ChessEvaluator, ChessGame, Move, notation, position};
use banco_search::{
    Evaluator, Game, Limits, MATE_BOUND, Outcome, SearchConfig, Searcher, Side, Silent,
};

/// Chess with every reduction switch on.
#[derive(Clone, Debug)]
struct Reaching(ChessGame);

impl Game for Reaching {
    type Move = Move;
    const MOVE_INDEX_SPACE: usize = ChessGame::MOVE_INDEX_SPACE;
    const SINGULAR_EXTENSIONS: bool = ChessGame::SINGULAR_EXTENSIONS;
    const RAZORING: bool = ChessGame::RAZORING;
    const CONTINUATION_HISTORY: bool = ChessGame::CONTINUATION_HISTORY;
    const PIECE_TO_SPACE: usize = ChessGame::PIECE_TO_SPACE;
    const ROOT_REDUCTIONS: bool = true;
    const LMR_CHECKS: bool = true;
    const LMR_DEPTH_PRUNING: bool = true;

    fn side_to_move(&self) -> Side {
        self.0.side_to_move()
    }
    fn legal_moves(&self, out: &mut Vec<Move>) {
        self.0.legal_moves(out);
    }
    fn make_move(&mut self, mv: Move) {
        self.0.make_move(mv);
    }
    fn unmake_move(&mut self, mv: Move) {
        self.0.unmake_move(mv);
    }
    fn hash(&self) -> u64 {
        self.0.hash()
    }
    fn rule_outcome(&self) -> Option<Outcome> {
        self.0.rule_outcome()
    }
    fn no_moves_outcome(&self) -> Outcome {
        self.0.no_moves_outcome()
    }
    fn in_check(&self) -> bool {
        self.0.in_check()
    }
    fn gives_check(&self, mv: Move) -> bool {
        self.0.gives_check(mv)
    }
    fn move_index(mv: Move) -> usize {
        ChessGame::move_index(mv)
    }
    fn piece_to_index(&self, mv: Move) -> usize {
        self.0.piece_to_index(mv)
    }
    fn move_key(mv: Move) -> u16 {
        ChessGame::move_key(mv)
    }
    fn reversible_plies(&self) -> usize {
        self.0.reversible_plies()
    }
    fn previous_hashes(&self, out: &mut Vec<u64>) {
        self.0.previous_hashes(out);
    }
    fn null_move_allowed(&self) -> bool {
        self.0.null_move_allowed()
    }
    fn make_null_move(&mut self) {
        self.0.make_null_move();
    }
    fn unmake_null_move(&mut self) {
        self.0.unmake_null_move();
    }
}

/// The strong evaluation, read through the wrapper.
struct ReachingEval;

impl Evaluator<Reaching> for ReachingEval {
    fn name(&self) -> &'static str {
        "strong"
    }
    fn evaluate(&self, game: &Reaching) -> i32 {
        ChessEvaluator::Strong.evaluate(&game.0)
    }
    fn noisy_moves(&self, game: &Reaching, out: &mut Vec<Move>) {
        ChessEvaluator::Strong.noisy_moves(&game.0, out);
    }
    fn is_noisy(&self, game: &Reaching, mv: Move) -> bool {
        ChessEvaluator::Strong.is_noisy(&game.0, mv)
    }
    fn order_hint(&self, game: &Reaching, mv: Move) -> i32 {
        ChessEvaluator::Strong.order_hint(&game.0, mv)
    }
    fn exchange_at_least(&self, game: &Reaching, mv: Move, threshold: i32) -> bool {
        ChessEvaluator::Strong.exchange_at_least(&game.0, mv, threshold)
    }
}

fn search(fen: &str, depth: u32) -> (String, i32) {
    let game = ChessGame::from_fen(fen).expect("a legal FEN");
    let result = Searcher::new(SearchConfig::default()).search(
        &Reaching(game.clone()),
        &ReachingEval,
        &Limits::depth(depth),
        &mut Silent,
    );
    let best = result.best_move.expect("a legal move exists");
    assert!(
        position::is_legal(game.position(), best),
        "{fen}: the move played must be legal"
    );
    (notation::to_san(game.position(), best), result.report.value)
}

#[test]
fn mates_are_still_found_with_every_reduction_on() {
    // Mates in one, kept through eight iterations whose late moves,
    // checks and evasions the switches now reduce.
    for (fen, mate) in [
        (
            "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4",
            "Qxf7#",
        ),
        ("6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1", "Rd8#"),
        ("6k1/pp3ppp/8/8/8/8/1q3PPP/4R1K1 w - - 0 1", "Re8#"),
    ] {
        let (best, value) = search(fen, 8);
        assert_eq!(best, mate, "{fen}");
        assert!(value >= MATE_BOUND, "{fen}: {value} is no mate");
    }
}

#[test]
fn material_is_won_and_kept_with_every_reduction_on() {
    for (fen, capture) in [
        // A queen left en prise.
        ("4k3/8/8/3q4/8/8/3R4/4K3 w - - 0 1", "Rxd5"),
        // A queen the knight takes.
        ("4k3/4p3/2q5/8/3N4/8/4P3/4K3 w - - 0 1", "Nxc6"),
    ] {
        let (best, value) = search(fen, 9);
        assert_eq!(best, capture, "{fen}");
        assert!(value > 200, "{fen}: {value}");
    }
}

#[test]
fn searches_from_busy_positions_return_legal_moves_and_sane_values() {
    for fen in [
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    ] {
        let (_, value) = search(fen, 8);
        assert!(value.abs() < MATE_BOUND, "{fen}: {value}");
    }
}
