//! `banco tree`: the tree textbook minimax or alpha-beta walks on one
//! position, node by node, as indented text or JSON.

use std::io::Write;

use banco_games::lab::walk_tree;
use banco_search::lab::{NodeKind, SearchTree, TreeAlgorithm, TreeNode, record_tree};
use clap::Args;
use serde::Serialize;

use super::args::GameArgs;
use super::report::ScoreJson;
use crate::terminal::game::CliGame;

/// Arguments of `banco tree`.
#[derive(Args, Debug)]
pub struct TreeArgs {
    /// The game and its position.
    #[command(flatten)]
    pub game: GameArgs,
    /// Search depth, 1 to 4.
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u32).range(1..=4))]
    pub depth: u32,
    /// minimax or alphabeta.
    #[arg(long, default_value = "alphabeta")]
    pub algorithm: TreeAlgorithm,
    /// Which evaluator: simple, strong (the default) or nnue (chess and xiangqi).
    #[arg(long)]
    pub evaluator: Option<String>,
    /// The most nodes to record, pruned ones included; the search stops there.
    #[arg(long, default_value_t = 5_000, value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    pub max_nodes: u64,
    /// Print JSON instead of the indented tree.
    #[arg(long)]
    pub json: bool,
}

#[derive(Serialize)]
struct NodeJson {
    id: usize,
    parent: Option<usize>,
    #[serde(rename = "move")]
    mv: Option<String>,
    move_text: Option<String>,
    ply: usize,
    max: bool,
    alpha: Option<i32>,
    beta: Option<i32>,
    value: Option<i32>,
    kind: &'static str,
    cutoff: bool,
    pv: bool,
}

#[derive(Serialize)]
struct StatsJson {
    nodes: u64,
    leaf_nodes: u64,
    cutoffs: u64,
}

#[derive(Serialize)]
struct TreeJson {
    position: String,
    depth: u32,
    algorithm: &'static str,
    evaluator: String,
    value: ScoreJson,
    stats: StatsJson,
    truncated: bool,
    nodes: Vec<NodeJson>,
}

/// Each node's move in the game's notation, read from its parent's position.
fn move_texts<G: CliGame>(game: &G, tree: &SearchTree<G::Move>) -> Vec<Option<String>> {
    let mut texts = Vec::with_capacity(tree.nodes.len());
    walk_tree(game, tree, |_, _, text| texts.push(text));
    texts
}

fn bound(value: Option<i32>, infinity: &str) -> String {
    value.map_or_else(|| infinity.to_owned(), |v| format!("{v:+}"))
}

fn line<M>(node: &TreeNode<M>, text: Option<&str>) -> String {
    let mut out = "  ".repeat(node.ply);
    out.push_str(text.unwrap_or("root"));
    if node.kind == NodeKind::Pruned {
        out.push_str("  pruned");
        return out;
    }
    out.push_str(if node.maximizing { "  MAX" } else { "  MIN" });
    if node.alpha.is_some() || node.beta.is_some() || node.ply == 0 {
        out.push_str(&format!(
            "  [{}, {}]",
            bound(node.alpha, "-∞"),
            bound(node.beta, "+∞")
        ));
    }
    out.push_str(&format!("  = {}", bound(node.value, "?")));
    match node.kind {
        NodeKind::Leaf => out.push_str("  leaf"),
        NodeKind::Terminal => out.push_str("  game over"),
        _ => {}
    }
    if node.cutoff {
        out.push_str("  cut-off");
    }
    if node.pv {
        out.push_str("  *");
    }
    out
}

/// The tree depth first: each node, then its visited children, then the
/// children its cut-off pruned, one line each.
fn tree_text<M>(tree: &SearchTree<M>, texts: &[Option<String>]) -> String {
    let mut children: Vec<Vec<usize>> = vec![Vec::new(); tree.nodes.len()];
    for node in &tree.nodes {
        if let Some(parent) = node.parent {
            children[parent].push(node.id);
        }
    }
    let mut out = String::new();
    let mut stack = vec![0];
    while let Some(id) = stack.pop() {
        out.push_str(&line(&tree.nodes[id], texts[id].as_deref()));
        out.push('\n');
        stack.extend(children[id].iter().rev());
    }
    out
}

/// Writes a long text; a reader that stops early (`| head`) is no error.
fn write_out(text: &str) -> anyhow::Result<()> {
    match std::io::stdout().lock().write_all(text.as_bytes()) {
        Err(err) if err.kind() != std::io::ErrorKind::BrokenPipe => Err(err.into()),
        _ => Ok(()),
    }
}

/// Runs `banco tree`.
pub fn run<G: CliGame>(args: &TreeArgs) -> anyhow::Result<()> {
    let game = G::setup(&args.game.setup())?;
    let evaluator = super::evaluator(args.evaluator.as_deref())?;
    let eval = G::Eval::from(evaluator);
    let max_nodes = usize::try_from(args.max_nodes)?;
    let tree = record_tree(&game, &eval, args.algorithm, args.depth, max_nodes);
    let texts = move_texts(&game, &tree);
    let stats = tree.report.stats;
    if args.json {
        let nodes = tree
            .nodes
            .iter()
            .zip(&texts)
            .map(|(node, text)| NodeJson {
                id: node.id,
                parent: node.parent,
                mv: node.mv.map(G::move_code),
                move_text: text.clone(),
                ply: node.ply,
                max: node.maximizing,
                alpha: node.alpha,
                beta: node.beta,
                value: node.value,
                kind: node.kind.name(),
                cutoff: node.cutoff,
                pv: node.pv,
            })
            .collect();
        let json = TreeJson {
            position: game.position(),
            depth: tree.depth,
            algorithm: tree.algorithm.name(),
            evaluator: evaluator.to_string(),
            value: tree.report.score().into(),
            stats: StatsJson {
                nodes: stats.nodes,
                leaf_nodes: stats.leaf_nodes,
                cutoffs: stats.cutoffs,
            },
            truncated: tree.truncated,
            nodes,
        };
        let mut text = serde_json::to_string_pretty(&json)?;
        text.push('\n');
        return write_out(&text);
    }
    let mut text = format!(
        "{} · {} · depth {} · {} evaluator\n\
         values and windows [alpha, beta] are {}'s (MAX); * marks the principal variation\n",
        game.position(),
        tree.algorithm,
        tree.depth,
        evaluator,
        game.side_name()
    );
    text.push_str(&tree_text(&tree, &texts));
    text.push_str(&format!(
        "{} nodes, {} leaf nodes, {} cut-offs, {} pruned moves shown{}\n",
        stats.nodes,
        stats.leaf_nodes,
        stats.cutoffs,
        tree.nodes.len() - tree.visited,
        if tree.truncated {
            format!(" · truncated at {} nodes", args.max_nodes)
        } else {
            String::new()
        }
    ));
    write_out(&text)
}
