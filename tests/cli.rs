//! The command line as a user meets it: every subcommand, and bad input
//! answered with a clear message and a failing exit status.

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// `banco bench`'s node count: a signature of the search. A change to it
/// must be deliberate, and its commit message says `Bench: <count>`.
const BENCH_SIGNATURE: u64 = 468_251;

fn banco(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_banco"))
        .args(args)
        .output()
        .expect("banco runs")
}

fn banco_with_input(args: &[&str], input: &str) -> Output {
    banco_with_bytes(args, input.as_bytes())
}

fn banco_with_bytes(args: &[&str], input: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_banco"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("banco runs");
    child.stdin.take().unwrap().write_all(input).unwrap();
    child.wait_with_output().unwrap()
}

fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

#[test]
fn perft_counts_the_start_position() {
    let out = banco(&["perft", "chess", "4"]);
    assert!(out.status.success());
    assert!(stdout(&out).contains("Nodes: 197281"), "{}", stdout(&out));
}

#[test]
fn perft_divides_kiwipete() {
    let fen = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    let out = banco(&["perft", "chess", "--fen", fen, "3", "--divide"]);
    let text = stdout(&out);
    assert!(text.contains("Nodes: 97862"), "{text}");
    assert!(text.contains("e1g1: 2059"), "{text}");
    assert_eq!(
        text.lines()
            .filter(|l| l.contains(": ") && !l.starts_with('N') && !l.starts_with('T'))
            .count(),
        48
    );
}

#[test]
fn bench_signature_is_unchanged() {
    let out = banco(&["bench"]);
    assert!(out.status.success());
    let text = stdout(&out);
    let nodes: u64 = text
        .lines()
        .find_map(|l| l.strip_prefix("Nodes searched  : "))
        .expect("a node count")
        .trim()
        .parse()
        .unwrap();
    assert_eq!(
        nodes, BENCH_SIGNATURE,
        "the search changed: update BENCH_SIGNATURE and say Bench: {nodes}"
    );
}

#[test]
fn compare_reproduces_the_seeds_comparison() {
    let out = banco(&["compare", "chess", "--depth", "3", "--json"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let rows: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    let rows = rows.as_array().unwrap();
    let row = |name: &str| {
        rows.iter()
            .find(|r| r["algorithm"] == name)
            .unwrap()
            .clone()
    };
    for key in [
        "algorithm",
        "nodes",
        "leaf_nodes",
        "cutoffs",
        "time_ms",
        "score",
        "best_move",
    ] {
        assert!(rows[0].get(key).is_some(), "missing {key}");
    }
    let (minimax, alphabeta) = (row("minimax"), row("alphabeta"));
    assert_eq!(minimax["score"], alphabeta["score"]);
    // Minimax visits every node of the depth-3 tree: 1 + 20 + 400 + 8902.
    assert_eq!(minimax["nodes"], 9323);
    assert_eq!(minimax["leaf_nodes"], 8902);
    assert_eq!(minimax["cutoffs"], 0);
    assert!(alphabeta["nodes"].as_u64().unwrap() < 9323 / 2);
    assert!(row("all")["best_move"].is_string());
    assert!(row("mtdf")["best_move"].is_string());

    // The race: one technique more per row, the exact ones agreeing with minimax.
    let names: Vec<&str> = rows
        .iter()
        .map(|r| r["algorithm"].as_str().unwrap())
        .collect();
    assert_eq!(
        names,
        [
            "minimax",
            "alphabeta",
            "ordering",
            "killers",
            "tt",
            "id",
            "aspiration",
            "pvs",
            "quiescence",
            "nullmove",
            "lmr",
            "futility",
            "checks",
            "singular",
            "all",
            "mtdf"
        ]
    );
    for row in rows {
        for key in [
            "label",
            "ebf",
            "value_preserving",
            "completed",
            "agrees_with_minimax",
            "tt_hits",
            "qnodes",
        ] {
            assert!(row.get(key).is_some(), "missing {key}");
        }
        assert_eq!(row["completed"], true);
        if row["value_preserving"] == true {
            assert_eq!(row["agrees_with_minimax"], true, "{row}");
            assert_eq!(row["score"], minimax["score"]);
        } else {
            assert!(row["agrees_with_minimax"].is_null());
        }
    }
    let ebf = minimax["ebf"].as_f64().unwrap();
    assert!((ebf - 9323_f64.cbrt()).abs() < 0.01, "{ebf}");

    let table = banco(&["compare", "chess", "--depth", "2"]);
    let text = stdout(&table);
    assert!(text.contains("Alpha-beta + move ordering"), "{text}");
    assert!(text.contains("EBF"), "{text}");
    assert!(!text.contains("≠ minimax"), "{text}");
}

#[test]
fn compare_says_which_rows_the_node_limit_cut() {
    let out = banco(&["compare", "chess", "--depth", "3", "--nodes", "2000"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    let minimax = text.lines().find(|l| l.starts_with("Minimax")).unwrap();
    assert!(minimax.contains("cut at 2,000 nodes"), "{text}");

    let out = banco(&[
        "compare", "chess", "--depth", "3", "--nodes", "2000", "--json",
    ]);
    let rows: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert_eq!(rows[0]["completed"], false);
    assert!(rows[0]["agrees_with_minimax"].is_null());
}

#[test]
fn tree_prints_what_the_search_counted() {
    let out = banco(&[
        "tree",
        "chess",
        "--depth",
        "3",
        "--algorithm",
        "alphabeta",
        "--json",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let tree: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert_eq!(tree["truncated"], false);
    let nodes = tree["nodes"].as_array().unwrap();
    let visited = nodes.iter().filter(|n| n["kind"] != "pruned").count();
    assert_eq!(visited as u64, tree["stats"]["nodes"].as_u64().unwrap());
    let cutoffs = nodes.iter().filter(|n| n["cutoff"] == true).count();
    assert_eq!(cutoffs as u64, tree["stats"]["cutoffs"].as_u64().unwrap());
    assert_eq!(nodes[0]["value"], tree["value"]["cp"]);

    let out = banco(&["tree", "chess", "--depth", "2", "--algorithm", "minimax"]);
    let text = stdout(&out);
    assert!(text.contains("root  MAX"), "{text}");
    assert!(text.contains("    Nh6  MAX  = "), "{text}");
    assert!(
        text.contains("421 nodes, 400 leaf nodes, 0 cut-offs"),
        "{text}"
    );

    let out = banco(&["tree", "chess", "--depth", "2", "--max-nodes", "50"]);
    assert!(stdout(&out).contains("truncated at 50 nodes"));

    let out = banco(&["tree", "chess", "--depth", "5"]);
    assert!(!out.status.success());
    let out = banco(&["tree", "chess", "--algorithm", "engine"]);
    assert!(
        stderr(&out).contains("no tree for algorithm 'engine'"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn analyze_finds_a_mate_and_says_so_in_json() {
    let out = banco(&[
        "analyze",
        "chess",
        "--fen",
        "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1",
        "--depth",
        "4",
        "--json",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let json: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert_eq!(json["result"]["best_move"], "a1a8");
    assert_eq!(json["result"]["best_move_text"], "Ra8#");
    assert_eq!(json["result"]["score"]["mate"], 1);
    assert_eq!(json["iterations"].as_array().unwrap().len(), 4);

    let text = banco(&[
        "analyze",
        "chess",
        "--depth",
        "3",
        "--algorithm",
        "alphabeta",
    ]);
    assert!(stdout(&text).contains("best move"), "{}", stdout(&text));
}

#[test]
fn bad_arguments_fail_with_a_message() {
    let out = banco(&["perft", "chess", "--fen", "not a fen", "3"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("invalid FEN 'not a fen'"),
        "{}",
        stderr(&out)
    );

    let out = banco(&["analyze", "chess", "--algorithm", "negascout"]);
    assert!(!out.status.success());
    assert!(
        stderr(&out).contains("unknown algorithm 'negascout'"),
        "{}",
        stderr(&out)
    );

    let out = banco(&["analyze", "chess", "--evaluator", "psychic"]);
    assert!(
        stderr(&out).contains("unknown evaluator 'psychic'"),
        "{}",
        stderr(&out)
    );

    let out = banco(&["play", "chess", "--level", "11"]);
    assert!(
        stderr(&out).contains("invalid level '11'"),
        "{}",
        stderr(&out)
    );

    let out = banco(&["analyze", "chess", "--depth", "0"]);
    assert!(!out.status.success());
    assert!(
        stderr(&out).contains("0 is not in 1..=64"),
        "{}",
        stderr(&out)
    );

    let out = banco(&["perft", "tennis", "3"]);
    assert!(!out.status.success());
    assert!(stderr(&out).contains("tennis"));

    let out = banco(&["perft", "chess", "deep"]);
    assert!(!out.status.success());

    let out = banco(&["frobnicate"]);
    assert!(!out.status.success());
}

/// Numbers that would abort the process (a perft sized by its depth, a
/// 64 GiB table, a time past the clock) or never end are refused by the
/// argument parser, with the range in the message.
#[test]
fn absurd_numbers_are_refused_before_anything_runs() {
    for (args, message) in [
        (
            &["perft", "chess", "4294967295"][..],
            "4294967295 is not in 1..=12",
        ),
        (&["perft", "chess", "0"][..], "0 is not in 1..=12"),
        (
            &["bench", "--depth", "1000000"][..],
            "1000000 is not in 1..=64",
        ),
        (
            &["bench", "--hash", "65536"][..],
            "65536 is not in 1..=4096",
        ),
        (
            &["analyze", "chess", "--movetime", "18446744073709551615"][..],
            "18446744073709551615 is not in 1..=86400000",
        ),
        (
            &["analyze", "chess", "--movetime", "0"][..],
            "0 is not in 1..=86400000",
        ),
        (
            &["analyze", "chess", "--hash", "65536"][..],
            "65536 is not in 1..=4096",
        ),
    ] {
        let out = banco(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(stderr(&out).contains(message), "{args:?}: {}", stderr(&out));
        assert!(stdout(&out).is_empty(), "{args:?} ran: {}", stdout(&out));
    }
}

/// With standard error closed (its reader gone), an error still ends the
/// process with status 2, not with a panic about printing it.
#[cfg(unix)]
#[test]
fn an_error_with_stderr_closed_exits_2_without_a_panic() {
    let (reader, writer) = std::io::pipe().unwrap();
    drop(reader);
    let out = Command::new(env!("CARGO_BIN_EXE_banco"))
        .args(["perft", "chess", "--fen", "not a fen", "3"])
        .stdout(Stdio::piped())
        .stderr(writer)
        .output()
        .expect("banco runs");
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    assert!(stdout(&out).is_empty(), "{}", stdout(&out));
}

#[test]
fn play_answers_moves_commands_and_mistakes() {
    let input = "e4\nhello\ne2e5\nmoves\nfen\nf\nz\nlevel 11\nlevel 2\nr\nd4\npgn\nhelp\nquit\n";
    let out = banco_with_input(
        &["play", "chess", "--level", "1", "--movetime", "50"],
        input,
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.contains("Banco plays"), "{text}");
    assert!(text.contains("engine (level 1) · depth 1/"), "{text}");
    assert!(text.contains("leaf nodes") && text.contains("cut-offs") && text.contains("nodes/s"));
    assert!(text.contains("'hello' is not a move"), "{text}");
    assert!(text.contains("illegal move 'e2e5'"), "{text}");
    assert!(text.contains("invalid level '11'"), "{text}");
    assert!(text.contains("Level 2."), "{text}");
    assert!(text.contains("New game."), "{text}");
    assert!(text.contains("[White \"Human\"]"), "{text}");
    assert!(
        text.contains("[Date \"20") && !text.contains("????"),
        "{text}"
    );
    assert!(text.contains("1. d4"), "{text}");
    assert!(text.contains("z, undo"), "{text}");
}

#[test]
fn play_refuses_a_line_that_is_not_utf8_and_goes_on() {
    let out = banco_with_bytes(&["play", "chess"], b"\xff\xfe\nfen\nquit\n");
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.contains("is not a move"), "{text}");
    assert!(
        text.contains("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
        "{text}"
    );
}

#[test]
fn output_to_a_closed_pipe_ends_quietly() {
    // `banco … | head -1` closes the pipe early; that is no error.
    for args in [
        &["compare", "chess", "--depth", "3", "--json"][..],
        &["perft", "chess", "3", "--divide"][..],
    ] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_banco"))
            .args(args)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("banco runs");
        drop(child.stdout.take());
        let out = child.wait_with_output().unwrap();
        let err = stderr(&out);
        assert!(!err.contains("panicked"), "{args:?}: {err}");
        assert!(out.status.code().is_some(), "{args:?}: killed by a signal");
    }
}

#[test]
fn undo_goes_back_to_the_humans_move() {
    let out = banco_with_input(
        &["play", "chess", "--level", "1", "--movetime", "20"],
        "e4\nz\nfen\nquit\n",
    );
    let text = stdout(&out);
    assert!(
        text.contains("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
        "{text}"
    );
}

#[test]
fn computer_against_computer_plays_to_the_end() {
    let out = banco_with_input(
        &[
            "play",
            "chess",
            "--white",
            "computer",
            "--black",
            "computer",
            "--level",
            "2",
            "--movetime",
            "10",
        ],
        "",
    );
    assert!(out.status.success());
    let text = stdout(&out);
    assert!(
        text.contains("Game over:"),
        "{}",
        &text[text.len().saturating_sub(2000)..]
    );
}

#[test]
fn a_finished_game_is_announced_with_its_reason() {
    let out = banco_with_input(
        &[
            "play",
            "chess",
            "--white",
            "human",
            "--black",
            "human",
            "--fen",
            "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1",
        ],
        "Ra8#\ne4\nquit\n",
    );
    let text = stdout(&out);
    assert!(
        text.contains("Game over: Checkmate: White wins (1-0)."),
        "{text}"
    );
    assert!(text.contains("The game is over"), "{text}");
}

#[test]
fn xiangqi_perft_analyze_and_compare() {
    let out = banco(&["perft", "xiangqi", "3"]);
    assert!(stdout(&out).contains("Nodes: 79666"), "{}", stdout(&out));

    let out = banco(&[
        "analyze",
        "xiangqi",
        "--fen",
        "3k5/9/9/9/9/9/9/9/R8/4K4 w - - 0 1",
        "--depth",
        "3",
        "--json",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let json: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert_eq!(json["result"]["score"]["mate"], 1);
    // Only the check along the d-file mates: after a1a9 the general steps to d8.
    assert_eq!(json["result"]["best_move"], "a1d1");
    assert_eq!(json["result"]["best_move_text"], "R9.6");

    let out = banco(&["compare", "xiangqi", "--depth", "2", "--json"]);
    let rows: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    let rows = rows.as_array().unwrap();
    assert_eq!(rows.len(), banco_search::lab::RACE.len());
    assert_eq!(rows[0]["score"], rows[1]["score"], "minimax = alphabeta");
    assert!(rows.iter().all(|r| r["agrees_with_minimax"] != false));
}

#[test]
fn xiangqi_play_reads_iccs_and_wxf_and_refuses_mistakes() {
    let out = banco_with_input(
        &["play", "xiangqi", "--black", "human"],
        "C2.5\nh9g7\nh2h9\nR1+1\nfoo\nhistory\nz\nhistory\nquit\n",
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.contains("Banco · xiangqi"), "{text}");
    assert!(text.contains("river"), "{text}");
    assert!(text.contains("h2h9 is not legal here"), "{text}");
    assert!(text.contains("1. C2.5 H8+7 2. R1+1"), "{text}");
    assert!(text.contains("'foo' is not a move"), "{text}");
    assert!(text.contains("Red to move"), "{text}");
}

#[test]
fn xiangqi_game_end_and_bad_fens() {
    let out = banco_with_input(
        &[
            "play",
            "xiangqi",
            "--black",
            "human",
            "--fen",
            "3k5/9/9/9/9/9/9/9/R8/4K4 w - - 0 1",
        ],
        "a1d1\nquit\n",
    );
    let text = stdout(&out);
    assert!(
        text.contains("Game over: Checkmate, red wins (1-0)."),
        "{text}"
    );

    for (fen, message) in [
        (
            "4k4/9/9/9/9/9/9/9/4K4/4K4 w",
            "red has 2 generals; at most 1",
        ),
        (
            "4k4/9/9/9/9/9/9/9/4P4/3K5 w",
            "a red soldier cannot stand on e1",
        ),
        ("4k4/9/9 w", "the board has 3 ranks"),
    ] {
        let out = banco(&["perft", "xiangqi", "--fen", fen, "1"]);
        assert_eq!(out.status.code(), Some(2));
        assert!(stderr(&out).contains(message), "{}", stderr(&out));
    }
}

#[test]
fn gomoku_play_shows_the_board_and_the_winning_line() {
    let out = banco_with_input(
        &[
            "play",
            "gomoku",
            "--black",
            "human",
            "--rule",
            "standard",
            "--fen",
            "h8 a1 i8 a2 j8 a3 k8 a4",
        ],
        "z9\nh8\nfoo\nl8\nquit\n",
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.contains("Banco · gomoku"), "{text}");
    assert!(text.contains("Rule: standard · 15×15"), "{text}");
    assert!(text.contains("occupied") || text.contains("h8"), "{text}");
    assert!(text.contains("'foo'"), "{text}");
    assert!(
        text.contains("Game over: Five in a row: Black wins (1-0)."),
        "{text}"
    );
}

#[test]
fn gomoku_computer_blocks_and_wins() {
    // Black (the computer) has an open four: it must complete five.
    let out = banco(&[
        "analyze",
        "gomoku",
        "--fen",
        "h8 a1 i8 a2 j8 a3 k8",
        "--movetime",
        "300",
        "--json",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let json: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    let best = json["result"]["best_move"].as_str().unwrap();
    assert!(best == "a4" || best == "g8" || best == "l8", "{best}");
    let out = banco(&["compare", "gomoku", "--depth", "2", "--json"]);
    assert!(out.status.success(), "{}", stderr(&out));
}

#[test]
fn gomoku_bad_options_are_refused() {
    let out = banco(&["play", "gomoku", "--rule", "tictactoe"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("tictactoe"), "{}", stderr(&out));
    let out = banco(&["play", "gomoku", "--size", "9"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains('9'), "{}", stderr(&out));
    let out = banco(&["analyze", "gomoku", "--fen", "h8 h8"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("h8"), "{}", stderr(&out));
    let out = banco(&["perft", "gomoku", "2"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("every empty point is a move"));
    let out = banco(&["play", "chess", "--rule", "renju"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("chess has no rule 'renju'"),
        "{}",
        stderr(&out)
    );
}

/// When gomoku's threat search finds the computer's move, the terminal's
/// computer panel still shows the search: its line and its score, a win.
#[test]
fn the_terminal_reports_a_threat_search_move() {
    let out = banco_with_input(
        &[
            "play",
            "gomoku",
            "--fen",
            "a1 h8 a2 i8 a4 j8 o15",
            "--white",
            "human",
            "--black",
            "computer",
            "--movetime",
            "300",
        ],
        "quit\n",
    );
    let text = stdout(&out);
    assert!(text.contains("Banco plays"), "{text}");
    // White won by the threat search; the panel speaks from Black's side
    // (gomoku's first player), as the page's bar does.
    assert!(text.contains("score #-"), "{text}");
    assert!(text.contains("(Black)"), "{text}");
    assert!(text.contains("line: 8."), "{text}");
}

/// A refused move says why, as a player reads it, not the position's FEN.
#[test]
fn an_illegal_move_says_why() {
    let out = banco_with_input(
        &["play", "chess", "--black", "human"],
        "e2e5\nNf6\ne7e5\nquit\n",
    );
    let text = stdout(&out);
    assert!(
        text.contains("illegal move 'e2e5': a pawn cannot move from e2 to e5"),
        "{text}"
    );
    assert!(
        text.contains("no knight of White's can move to f6"),
        "{text}"
    );
    assert!(text.contains("is Black's, and White is to move"), "{text}");
    assert!(!text.contains("pppppppp/8/8"), "{text}");
}

/// The terminal counts the moves a player may play: in gomoku every empty
/// point, as the page does.
#[test]
fn gomoku_counts_every_empty_point() {
    let out = banco_with_input(
        &["play", "gomoku", "--black", "human", "--fen", "h8"],
        "moves\nquit\n",
    );
    let text = stdout(&out);
    assert!(text.contains("224 legal moves"), "{text}");
    // The list follows the prompt on its line.
    let listed = text
        .lines()
        .find_map(|l| l.strip_prefix("White> a1 "))
        .unwrap_or_default();
    assert_eq!(listed.split_whitespace().count() + 1, 224, "{text}");
}

/// Swap openings in the terminal: the person opens and Banco chooses, or
/// Banco opens and the person swaps; other games and set positions refuse.
#[test]
fn gomoku_swap_openings_in_the_terminal() {
    let out = banco_with_input(
        &["play", "gomoku", "--opening", "swap2", "--movetime", "200"],
        "h8 h8 j10\nh8 h9 j10\nq\n",
    );
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}");
    assert!(
        text.contains("Opening: swap2: you put the first three stones, then Banco chooses."),
        "{text}"
    );
    assert!(
        text.contains("taken"),
        "a stone on another is refused: {text}"
    );
    assert!(
        text.contains("Banco swaps")
            || text.contains("Banco stays white")
            || text.contains("Banco adds"),
        "{text}"
    );
    let out = banco_with_input(
        &[
            "play",
            "gomoku",
            "--opening",
            "swap1",
            "--white",
            "computer",
            "--black",
            "human",
            "--movetime",
            "200",
        ],
        "swap\nq\n",
    );
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}");
    assert!(text.contains("Banco opens with h8 "), "{text}");
    assert!(
        text.contains("You take black: Banco plays white."),
        "{text}"
    );
    // After the swap Banco (white) moves: the game goes on with a fourth stone.
    assert!(text.contains("Banco plays "), "{text}");
    let out = banco(&["play", "chess", "--opening", "swap2"]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("is for gomoku"));
    let out = banco(&["play", "gomoku", "--opening", "swap2", "--fen", "h8"]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("empty board"));
    let out = banco(&["play", "gomoku", "--opening", "swap3"]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("swap1 or swap2"));
}

#[test]
fn tune_fits_gomoku_weights_and_refits_from_its_samples() {
    let out = banco(&["tune", "chess"]);
    assert!(!out.status.success());
    assert!(stderr(&out).contains("only gomoku"), "{}", stderr(&out));

    let path = std::env::temp_dir().join(format!("banco-tune-{}.txt", std::process::id()));
    let _ = std::fs::remove_file(&path);
    let args = [
        "tune",
        "gomoku",
        "--games",
        "2",
        "--nodes",
        "150",
        "--epochs",
        "20",
        "--validate-every",
        "2",
        "--samples",
        path.to_str().unwrap(),
    ];
    let first = banco(&args);
    assert!(first.status.success(), "{}", stderr(&first));
    let text = stdout(&first);
    assert!(
        text.contains("pub const FREESTYLE_WEIGHTS: PatternWeights"),
        "{text}"
    );
    assert!(text.contains("held-out games"), "{text}");
    // The second run reads the positions back and fits the same weights.
    let again = banco(&args);
    assert!(again.status.success(), "{}", stderr(&again));
    assert_eq!(stdout(&again), text);

    std::fs::write(&path, "0 0.5 1 2 3\n").unwrap();
    let broken = banco(&args);
    assert!(!broken.status.success());
    assert!(
        stderr(&broken).contains("line 1 is not a sample"),
        "{}",
        stderr(&broken)
    );
    let _ = std::fs::remove_file(&path);
}

#[test]
fn tune_fits_renju_weights_per_colour_from_its_games() {
    let path = std::env::temp_dir().join(format!("banco-tune-renju-{}.txt", std::process::id()));
    let _ = std::fs::remove_file(&path);
    let args = [
        "tune",
        "gomoku",
        "--rule",
        "renju",
        "--games",
        "2",
        "--nodes",
        "150",
        "--epochs",
        "20",
        "--validate-every",
        "2",
        "--records",
        path.to_str().unwrap(),
    ];
    let first = banco(&args);
    assert!(first.status.success(), "{}", stderr(&first));
    let text = stdout(&first);
    for name in ["RENJU_BLACK_WEIGHTS", "RENJU_WHITE_WEIGHTS"] {
        assert!(
            text.contains(&format!("pub const {name}: PatternWeights")),
            "{text}"
        );
    }
    assert_eq!(std::fs::read_to_string(&path).unwrap().lines().count(), 2);
    // The second run fits the kept games again, to the same weights.
    let again = banco(&args);
    assert!(again.status.success(), "{}", stderr(&again));
    assert_eq!(stdout(&again), text);
    // With --one-set both colours get the same weights.
    let one_set = banco(&[&args[..], &["--one-set"]].concat());
    assert!(one_set.status.success(), "{}", stderr(&one_set));
    let text = stdout(&one_set);
    let set = |name: &str| {
        let start = text.find(&format!("pub const {name}")).unwrap();
        let end = start + text[start..].find("};").unwrap();
        text[start..end].replace(name, "")
    };
    assert_eq!(set("RENJU_BLACK_WEIGHTS"), set("RENJU_WHITE_WEIGHTS"));
    let _ = std::fs::remove_file(&path);

    let combos = banco(&[
        "tune", "gomoku", "--rule", "renju", "--combos", "--out", "x.combos",
    ]);
    assert!(!combos.status.success());
    assert!(
        stderr(&combos).contains("weights of their own"),
        "{}",
        stderr(&combos)
    );

    let held = banco(&["tune", "gomoku", "--rule", "caro", "--hold", "white"]);
    assert!(!held.status.success());
    assert!(stderr(&held).contains("has one set"), "{}", stderr(&held));
    let colour = banco(&["tune", "gomoku", "--rule", "renju", "--hold", "red"]);
    assert!(!colour.status.success());
    assert!(
        stderr(&colour).contains("not a colour"),
        "{}",
        stderr(&colour)
    );
}

#[test]
fn tune_combos_writes_a_class_table_and_refits_from_its_games() {
    let dir = std::env::temp_dir().join(format!("banco-combos-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (records, table) = (dir.join("games.txt"), dir.join("table.combos"));
    let args = [
        "tune",
        "gomoku",
        "--combos",
        "--games",
        "3",
        "--nodes",
        "150",
        "--epochs",
        "20",
        "--validate-every",
        "2",
        "--records",
        records.to_str().unwrap(),
        "--out",
        table.to_str().unwrap(),
    ];
    let first = banco(&args);
    assert!(first.status.success(), "{}", stderr(&first));
    assert!(
        stdout(&first).contains("held-out games"),
        "{}",
        stdout(&first)
    );
    let written = std::fs::read_to_string(&table).unwrap();
    assert_eq!(
        banco_gomoku::combo::parse_table(&written).unwrap().len(),
        2,
        "two rows"
    );
    assert_eq!(
        std::fs::read_to_string(&records).unwrap().lines().count(),
        3
    );
    // The second run reads the games back and fits the same table; each
    // header names where its games came from.
    let again = banco(&args);
    assert!(again.status.success(), "{}", stderr(&again));
    let rewritten = std::fs::read_to_string(&table).unwrap();
    assert_eq!(
        banco_gomoku::combo::parse_table(&rewritten).unwrap(),
        banco_gomoku::combo::parse_table(&written).unwrap()
    );
    assert!(written.contains("--games 3 --nodes 150"), "{written}");
    assert!(rewritten.contains("--records "), "{rewritten}");

    std::fs::write(&records, "0 x 3 h8\n").unwrap();
    let broken = banco(&args);
    assert!(!broken.status.success());
    assert!(
        stderr(&broken).contains("game line 1"),
        "{}",
        stderr(&broken)
    );
    // A class fit needs somewhere to write.
    let no_out = banco(&["tune", "gomoku", "--combos", "--games", "1"]);
    assert!(!no_out.status.success());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn tune_policy_fits_a_move_prior_from_game_records() {
    let dir = std::env::temp_dir().join(format!("banco-policy-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (records, table) = (dir.join("games.txt"), dir.join("table.policy"));
    // Two games of the kind `--records` keeps, each a few times over so
    // that some are held out.
    let games: String = (0..6)
        .map(|i| {
            if i % 2 == 0 {
                format!("{i} b 3 h8 i9 h9 h10 g7 f6 i7 j7 g9 g8 f10 e11 g10\n")
            } else {
                format!(
                    "{i} w 2 h8 h9 i9 g7 j10 k11 i8 i10 g10 f11 j7 k6 j9 j8 k9 l9 i11 g11 h12\n"
                )
            }
        })
        .collect();
    std::fs::write(&records, games).unwrap();
    let args = [
        "tune",
        "gomoku",
        "--policy",
        "--epochs",
        "30",
        "--validate-every",
        "3",
        "--records",
        records.to_str().unwrap(),
        "--out",
        table.to_str().unwrap(),
    ];
    let fitted = banco(&args);
    assert!(fitted.status.success(), "{}", stderr(&fitted));
    assert!(
        stdout(&fitted).contains("learned prior, held out: first choice"),
        "{}",
        stdout(&fitted)
    );
    let written = std::fs::read_to_string(&table).unwrap();
    assert!(written.contains("--policy --records "), "{written}");
    let values = banco_gomoku::combo::parse_table(&written).unwrap();
    assert!(
        values.iter().flatten().any(|&v| v != 0),
        "something learned"
    );
    // A prior needs somewhere to write, and is one fit, not two.
    let no_out = banco(&["tune", "gomoku", "--policy", "--games", "1"]);
    assert!(!no_out.status.success());
    let both = banco(&["tune", "gomoku", "--policy", "--combos", "--out", "x"]);
    assert!(!both.status.success());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn train_learns_a_net_from_datagen_files_that_the_engine_then_plays_with() {
    let dir = std::env::temp_dir().join(format!("banco-train-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let data = dir.join("chess.bin");
    let net = dir.join("chess.nnue");
    let checkpoint = dir.join("chess.ckpt");
    let path = |p: &std::path::Path| p.to_str().unwrap().to_owned();
    let made = banco(&[
        "datagen",
        "chess",
        "--out",
        &path(&data),
        "--positions",
        "400",
        "--nodes",
        "200",
    ]);
    assert!(made.status.success(), "{}", stderr(&made));
    let summary = banco(&["datagen", "chess", "--out", &path(&data), "--summary"]);
    assert!(
        stdout(&summary).contains("bytes a position"),
        "{}",
        stdout(&summary)
    );
    // The same games as fixed-size position records: train reads both.
    let records = dir.join("chess-positions.bin");
    let made = banco(&[
        "datagen",
        "chess",
        "--out",
        &path(&records),
        "--positions",
        "100",
        "--nodes",
        "200",
        "--format",
        "positions",
        "--seed",
        "9",
    ]);
    assert!(made.status.success(), "{}", stderr(&made));
    let train = |epochs: &str| {
        banco(&[
            "train",
            "chess",
            "--data",
            &path(&data),
            "--data",
            &path(&records),
            "--mirror",
            "--out",
            &path(&net),
            "--checkpoint",
            &path(&checkpoint),
            "--hidden",
            "16",
            "--epochs",
            epochs,
            "--batch-size",
            "64",
            "--validate-every",
            "4",
        ])
    };
    let first = train("2");
    assert!(first.status.success(), "{}", stderr(&first));
    assert!(
        stdout(&first).contains("epoch 2/2: loss"),
        "{}",
        stdout(&first)
    );
    // A second run resumes from the checkpoint: only the third epoch is left.
    let second = train("3");
    assert!(second.status.success(), "{}", stderr(&second));
    assert!(
        stderr(&second).contains("resumed after epoch 2"),
        "{}",
        stderr(&second)
    );
    assert!(
        !stdout(&second).contains("epoch 2/3"),
        "{}",
        stdout(&second)
    );
    // The engine plays with the net.
    let analysed = banco(&[
        "--eval-file",
        &path(&net),
        "analyze",
        "chess",
        "--evaluator",
        "nnue",
        "--depth",
        "3",
    ]);
    assert!(analysed.status.success(), "{}", stderr(&analysed));
    // A net cut short is refused with its reason.
    let bytes = std::fs::read(&net).unwrap();
    std::fs::write(&net, &bytes[..bytes.len() - 3]).unwrap();
    let refused = banco(&[
        "--eval-file",
        &path(&net),
        "analyze",
        "chess",
        "--depth",
        "1",
    ]);
    assert!(!refused.status.success());
    assert!(
        stderr(&refused).contains("cut short"),
        "{}",
        stderr(&refused)
    );
    // A xiangqi net goes to xiangqi's evaluator: the file says its game.
    let xiangqi_data = dir.join("xiangqi.bgd");
    let xiangqi_net = dir.join("xiangqi.nnue");
    let made = banco(&[
        "datagen",
        "xiangqi",
        "--out",
        &path(&xiangqi_data),
        // Several games: the first is held out.
        "--positions",
        "300",
        "--nodes",
        "100",
        "--seed",
        "4",
    ]);
    assert!(made.status.success(), "{}", stderr(&made));
    let trained = banco(&[
        "train",
        "xiangqi",
        "--data",
        &path(&xiangqi_data),
        "--out",
        &path(&xiangqi_net),
        "--hidden",
        "8",
        "--epochs",
        "1",
        "--validate-every",
        "4",
    ]);
    assert!(trained.status.success(), "{}", stderr(&trained));
    let analysed = banco(&[
        "--eval-file",
        &path(&xiangqi_net),
        "analyze",
        "xiangqi",
        "--evaluator",
        "nnue",
        "--depth",
        "2",
    ]);
    assert!(analysed.status.success(), "{}", stderr(&analysed));
    let gomoku = banco(&[
        "train",
        "gomoku",
        "--data",
        &path(&data),
        "--out",
        &path(&net),
    ]);
    assert!(!gomoku.status.success());
    let _ = std::fs::remove_dir_all(&dir);
}
