//! What the AI lab shows of a position: the algorithm race and the search
//! tree, written once for every [`Playable`] game and answered as JSON.

use banco_search::lab::{NodeKind, SearchTree, TreeAlgorithm, TreeNode, record_tree, run_race};
use banco_search::{EvaluatorStrength, Score, StopFlag};
use serde::Serialize;

use crate::{Playable, Setup};

/// A score as the lab answers it: `{"cp": 12}` or `{"mate": 3}`.
#[derive(Copy, Clone, Debug, Eq, PartialEq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum LabScore {
    /// Hundredths of a pawn (or the game's unit), side to move's view.
    Cp(i32),
    /// Mate in this many moves; negative when being mated.
    Mate(i32),
}

impl LabScore {
    fn of(value: i32) -> LabScore {
        match Score::from_value(value) {
            Score::Centipawns(cp) => LabScore::Cp(cp),
            Score::Mate(moves) => LabScore::Mate(moves),
        }
    }
}

/// The position a lab answer is about.
#[derive(Clone, Debug, Serialize)]
pub struct LabPosition {
    /// `chess`, `xiangqi` or `gomoku`.
    pub game: &'static str,
    /// The position in the game's format (FEN, gomoku's move list).
    pub position: String,
    /// The rule it is played by.
    pub rule: Option<String>,
    /// The board size, for games with several.
    pub size: Option<u8>,
    /// What the board renderer draws, as the game view's snapshots.
    pub snapshot: String,
    /// The side to move by the game's name for it, lower case (`white`, `red`).
    pub side_to_move: String,
    /// The depth searched.
    pub depth: u32,
    /// `simple`, `strong` or `nnue`.
    pub evaluator: &'static str,
}

/// One row of the race.
#[derive(Clone, Debug, Serialize)]
pub struct RaceRowView {
    /// The entry's short name (`minimax`, `tt`, `all`).
    pub algorithm: &'static str,
    /// Its name for people.
    pub label: &'static str,
    /// Whether it must find minimax's value.
    pub value_preserving: bool,
    /// Whether it finished the depth within the node cap.
    pub completed: bool,
    /// Positions visited, quiescence included.
    pub nodes: u64,
    /// Static evaluations.
    pub leaf_nodes: u64,
    /// Beta cut-offs.
    pub cutoffs: u64,
    /// Transposition-table hits.
    pub tt_hits: u64,
    /// Quiescence nodes.
    pub qnodes: u64,
    /// Milliseconds, to the microsecond.
    pub time_ms: f64,
    /// Nodes per second.
    pub nps: u64,
    /// Effective branching factor: nodes^(1/depth).
    pub ebf: f64,
    /// The root value as a score, side to move's view.
    pub score: LabScore,
    /// The root value in evaluation units, side to move's view.
    pub value: i32,
    /// The chosen move's code.
    pub best_move: Option<String>,
    /// The chosen move in the game's notation.
    pub best_move_text: Option<String>,
    /// The principal variation in the game's notation, moves separated by spaces.
    pub pv_text: String,
    /// For exact rows that completed: whether the value is minimax's.
    pub agrees_with_minimax: Option<bool>,
}

/// `POST /api/lab/race`'s answer.
#[derive(Clone, Debug, Serialize)]
pub struct RaceView {
    /// The position raced on.
    #[serde(flatten)]
    pub position: LabPosition,
    /// One row per entry, simplest first.
    pub rows: Vec<RaceRowView>,
    /// Whether every entry of the race was run; `false` when it was
    /// stopped (by its wall-clock cap, say) and only the first rows ran.
    pub completed: bool,
}

/// The counters of a recorded search.
#[derive(Copy, Clone, Debug, Serialize)]
pub struct TreeStats {
    /// Positions visited.
    pub nodes: u64,
    /// Static evaluations.
    pub leaf_nodes: u64,
    /// Beta cut-offs.
    pub cutoffs: u64,
}

/// One node of a recorded tree; values are MAX's (the root side's).
#[derive(Clone, Debug, Serialize)]
pub struct TreeNodeView {
    /// Visit order; the pruned nodes follow the visited ones.
    pub id: usize,
    /// The parent's id; `null` at the root.
    pub parent: Option<usize>,
    /// The move from the parent, as a code.
    #[serde(rename = "move")]
    pub mv: Option<String>,
    /// The move from the parent in the game's notation.
    pub move_text: Option<String>,
    /// Plies below the root.
    pub ply: usize,
    /// Whether MAX (the root's side) moves here.
    pub max: bool,
    /// Alpha on entry; `null` for minus infinity or no window.
    pub alpha: Option<i32>,
    /// Beta on entry; `null` for plus infinity or no window.
    pub beta: Option<i32>,
    /// The value returned; `null` for pruned nodes.
    pub value: Option<i32>,
    /// `inner`, `leaf`, `terminal` or `pruned`.
    pub kind: &'static str,
    /// Whether a beta cut-off ended its move loop.
    pub cutoff: bool,
    /// Whether it lies on the principal variation.
    pub pv: bool,
    /// What the board renderer draws for this node's position.
    pub snapshot: String,
}

/// `POST /api/lab/tree`'s answer.
#[derive(Clone, Debug, Serialize)]
pub struct TreeView {
    /// `chess`, `xiangqi` or `gomoku`.
    pub game: &'static str,
    /// The root position in the game's format.
    pub position: String,
    /// What the board renderer draws for the root.
    pub snapshot: String,
    /// The side to move (MAX), lower case.
    pub side_to_move: String,
    /// The depth searched.
    pub depth: u32,
    /// `minimax` or `alphabeta`.
    pub algorithm: &'static str,
    /// `simple`, `strong` or `nnue`.
    pub evaluator: &'static str,
    /// The root value as a score.
    pub value: LabScore,
    /// What the search counted.
    pub stats: TreeStats,
    /// Whether the node cap stopped the search.
    pub truncated: bool,
    /// Visited nodes in visit order, then pruned ones.
    pub nodes: Vec<TreeNodeView>,
}

const fn strength_name(strength: EvaluatorStrength) -> &'static str {
    strength.name()
}

fn describe<G: Playable>(
    game: &G,
    setup: &Setup,
    depth: u32,
    strength: EvaluatorStrength,
) -> LabPosition {
    LabPosition {
        game: G::INFO.name,
        position: game.position(),
        rule: setup.rule.clone(),
        size: setup.size,
        snapshot: game.snapshot(),
        side_to_move: G::INFO.sides[game.side_to_move().index()].to_lowercase(),
        depth,
        evaluator: strength_name(strength),
    }
}

/// Moves in the game's notation from `game`, stopping at one that is not
/// legal there (a line is only as good as its first illegal move).
fn line_text<G: Playable>(game: &G, line: &[G::Move]) -> String {
    let mut scratch = game.clone();
    let mut legal = Vec::new();
    let mut texts = Vec::with_capacity(line.len());
    for &mv in line {
        scratch.legal_moves(&mut legal);
        if !legal.contains(&mv) {
            break;
        }
        texts.push(scratch.move_text(mv));
        scratch.make_move(mv);
    }
    texts.join(" ")
}

fn round_to(value: f64, places: i32) -> f64 {
    let scale = 10_f64.powi(places);
    (value * scale).round() / scale
}

/// Visits every node of `tree`, recorded from `game`, with its position and
/// its move in the game's notation (read in its parent's position).
pub fn walk_tree<G: Playable>(
    game: &G,
    tree: &SearchTree<G::Move>,
    mut visit: impl FnMut(&TreeNode<G::Move>, &G, Option<String>),
) {
    // Parents come before their children (visit order, pruned nodes last),
    // so each node's position is its parent's plus one move. Only inner
    // nodes have children; only theirs are kept.
    let mut positions: Vec<Option<G>> = Vec::with_capacity(tree.nodes.len());
    for node in &tree.nodes {
        let parent = node.parent.and_then(|p| positions.get(p)?.as_ref());
        let (here, move_text) = match (parent, node.mv) {
            (Some(parent), Some(mv)) => {
                let text = parent.move_text(mv);
                let mut child = parent.clone();
                child.make_move(mv);
                (child, Some(text))
            }
            _ => (game.clone(), None),
        };
        visit(node, &here, move_text);
        positions.push((node.kind == NodeKind::Inner).then_some(here));
    }
}

/// The race on `game`'s position.
pub fn race<G: Playable>(
    game: &G,
    setup: &Setup,
    depth: u32,
    strength: EvaluatorStrength,
    node_limit: u64,
    stop: &StopFlag,
) -> RaceView {
    let eval = G::Eval::from(strength);
    let rows = run_race(game, &eval, depth, node_limit, stop)
        .into_iter()
        .map(|row| {
            let stats = row.report.stats;
            RaceRowView {
                algorithm: row.entry.name,
                label: row.entry.label,
                value_preserving: row.entry.value_preserving,
                completed: row.completed,
                nodes: stats.nodes,
                leaf_nodes: stats.leaf_nodes,
                cutoffs: stats.cutoffs,
                tt_hits: stats.tt_hits,
                qnodes: stats.qnodes,
                time_ms: round_to(row.report.elapsed.as_secs_f64() * 1000.0, 3),
                nps: row.report.nps(),
                ebf: round_to(row.ebf, 3),
                score: LabScore::of(row.report.value),
                value: row.report.value,
                best_move: row.best_move.map(G::move_code),
                best_move_text: row.best_move.map(|mv| game.move_text(mv)),
                pv_text: line_text(game, &row.report.pv),
                agrees_with_minimax: row.agrees_with_minimax,
            }
        })
        .collect::<Vec<_>>();
    RaceView {
        position: describe(game, setup, depth, strength),
        completed: rows.len() == banco_search::lab::RACE.len(),
        rows,
    }
}

/// The tree `algorithm` walks on `game`'s position, with each node's
/// position drawn for the page.
pub fn tree<G: Playable>(
    game: &G,
    depth: u32,
    algorithm: TreeAlgorithm,
    strength: EvaluatorStrength,
    max_nodes: usize,
) -> TreeView {
    let eval = G::Eval::from(strength);
    let tree = record_tree(game, &eval, algorithm, depth, max_nodes);
    let mut nodes = Vec::with_capacity(tree.nodes.len());
    walk_tree(game, &tree, |node, here, move_text| {
        nodes.push(TreeNodeView {
            id: node.id,
            parent: node.parent,
            mv: node.mv.map(G::move_code),
            move_text,
            ply: node.ply,
            max: node.maximizing,
            alpha: node.alpha,
            beta: node.beta,
            value: node.value,
            kind: node.kind.name(),
            cutoff: node.cutoff,
            pv: node.pv,
            snapshot: here.snapshot(),
        });
    });
    TreeView {
        game: G::INFO.name,
        position: game.position(),
        snapshot: game.snapshot(),
        side_to_move: G::INFO.sides[game.side_to_move().index()].to_lowercase(),
        depth: tree.depth,
        algorithm: algorithm.name(),
        evaluator: strength_name(strength),
        value: LabScore::of(tree.report.value),
        stats: TreeStats {
            nodes: tree.report.stats.nodes,
            leaf_nodes: tree.report.stats.leaf_nodes,
            cutoffs: tree.report.stats.cutoffs,
        },
        truncated: tree.truncated,
        nodes,
    }
}
