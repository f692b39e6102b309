//! `banco match`: levels against each other and against engines in other
//! processes (Banco itself, over UCI and Gomocup), results kept in a file and
//! an Elo table fitted to them; bad arguments refused with a message.

use std::process::{Command, Output};

fn banco(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_banco"))
        .args(args)
        .output()
        .expect("banco runs")
}

fn text(output: &Output) -> (String, String) {
    (
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

fn temp_file(name: &str) -> std::path::PathBuf {
    let path = std::env::temp_dir().join(format!("banco-match-{}-{name}", std::process::id()));
    let _ = std::fs::remove_file(&path);
    path
}

#[test]
fn two_levels_play_and_the_results_accumulate() {
    let results = temp_file("ladder.jsonl");
    let results_arg = results.to_str().unwrap();
    for _ in 0..2 {
        let output = banco(&[
            "match",
            "chess",
            "--ladder",
            "1..3",
            "--games",
            "2",
            "--movetime",
            "200",
            "--results",
            results_arg,
        ]);
        let (out, err) = text(&output);
        assert!(output.status.success(), "{out}\n{err}");
        assert!(out.contains("level 3 vs level 2: +"), "{out}");
        assert!(out.contains("level 2 vs level 1: +"), "{out}");
    }
    let stored = std::fs::read_to_string(&results).unwrap();
    assert_eq!(stored.lines().count(), 4, "{stored}");
    let output = banco(&["match", "chess", "--results", results_arg, "--table-only"]);
    let (out, err) = text(&output);
    assert!(output.status.success(), "{err}");
    // Each pairing summed over both runs: 4 games.
    assert!(out.contains("| level 1 | 0 | anchor | 4 |"), "{out}");
    assert!(out.contains("| level 3 | "), "{out}");
    let _ = std::fs::remove_file(&results);
}

#[test]
fn a_uci_engine_plays_from_openings_with_its_rating_as_anchor() {
    let openings = temp_file("openings.txt");
    std::fs::write(
        &openings,
        "# two openings\nstartpos moves e2e4 e7e5\nrnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1\n",
    )
    .unwrap();
    let engine = format!("uci:{} uci", env!("CARGO_BIN_EXE_banco"));
    let output = banco(&[
        "match",
        "chess",
        "-p",
        "1",
        "--versus",
        &engine,
        "--option",
        "Level=2",
        "--anchor",
        "1000",
        "--games",
        "2",
        "--movetime",
        "50",
        "--openings",
        openings.to_str().unwrap(),
    ]);
    let (out, err) = text(&output);
    assert!(output.status.success(), "{out}\n{err}");
    assert!(out.contains("level 1 vs Banco"), "{out}");
    assert!(out.contains("Level=2"), "{out}");
    assert!(out.contains("anchored"), "{out}");
    let _ = std::fs::remove_file(&openings);
}

#[test]
fn xiangqi_and_gomoku_engines_play_through_their_protocols() {
    let engine = format!("uci:{} uci", env!("CARGO_BIN_EXE_banco"));
    let output = banco(&[
        "match",
        "xiangqi",
        "-p",
        "2",
        "--versus",
        &engine,
        "--option",
        "Level=1",
        "--games",
        "2",
        "--movetime",
        "50",
        "--max-plies",
        "40",
    ]);
    let (out, err) = text(&output);
    assert!(output.status.success(), "{out}\n{err}");
    assert!(out.contains("level 2 vs Banco"), "{out}");
    // Not one game lost to a protocol mistake (an illegal or unreadable move).
    assert!(!err.contains("played"), "{err}");

    let brain = format!("gomocup:{} gomocup", env!("CARGO_BIN_EXE_banco"));
    let output = banco(&[
        "match",
        "gomoku",
        "-p",
        "3",
        "--versus",
        &brain,
        "--games",
        "2",
        "--movetime",
        "100",
    ]);
    let (out, err) = text(&output);
    assert!(output.status.success(), "{out}\n{err}");
    assert!(out.contains("level 3 vs "), "{out}");
    assert!(!err.contains("played"), "{err}");
}

/// A Gomocup brain's settings travel as `INFO NAME VALUE` (Banco's search
/// tunables): a value the brain refuses loses the game with its answer;
/// and a gomoku engine given as UCI is refused, since gomoku is not played
/// over UCI.
#[test]
fn gomocup_settings_reach_the_brain_and_uci_is_refused_for_gomoku() {
    let bad = format!(
        "gomocup:{} gomocup option.rfp_margin=5000",
        env!("CARGO_BIN_EXE_banco")
    );
    let output = banco(&[
        "match",
        "gomoku",
        "-p",
        "3",
        "--versus",
        &bad,
        "--games",
        "2",
        "--movetime",
        "50",
    ]);
    let (_, err) = text(&output);
    assert!(err.contains("ERROR INFO rfp_margin"), "{err}");
    // The brain is started afresh for the next game, so the move it went
    // on to play is not read as its answer to the next START.
    assert!(!err.contains("refused START"), "{err}");

    let good = format!(
        "gomocup:{} gomocup option.rfp_margin=80",
        env!("CARGO_BIN_EXE_banco")
    );
    let output = banco(&[
        "match",
        "gomoku",
        "-p",
        "3",
        "--versus",
        &good,
        "--games",
        "2",
        "--movetime",
        "50",
    ]);
    let (out, err) = text(&output);
    assert!(output.status.success(), "{out}\n{err}");
    assert!(!err.contains("played"), "{err}");

    let uci = format!("uci:{} uci", env!("CARGO_BIN_EXE_banco"));
    let output = banco(&[
        "match", "gomoku", "-p", "3", "--versus", &uci, "--games", "2",
    ]);
    let (out, err) = text(&output);
    assert!(!output.status.success(), "{out}\n{err}");
    assert!(err.contains("speak Gomocup"), "{err}");
}

#[test]
fn bad_match_arguments_are_refused() {
    for (args, expected) in [
        (vec!["match", "chess"], "say what to play"),
        (vec!["match", "chess", "--ladder", "3..1"], "below"),
        (vec!["match", "chess", "--ladder", "1-3"], "FROM..TO"),
        (
            vec!["match", "chess", "-p", "11", "-p", "1"],
            "invalid player",
        ),
        (
            vec![
                "match",
                "chess",
                "-p",
                "1",
                "--versus",
                "uci:/no/such/engine",
            ],
            "cannot start",
        ),
        (
            vec![
                "match",
                "chess",
                "-p",
                "1",
                "-p",
                "2",
                "--openings",
                "/no/such/file",
            ],
            "cannot read",
        ),
        (
            vec![
                "match", "chess", "-p", "1", "-p", "2", "--option", "novalue",
            ],
            "NAME=VALUE",
        ),
        (
            vec!["match", "chess", "--size", "15", "-p", "1", "-p", "2"],
            "one size",
        ),
    ] {
        let output = banco(&args);
        let (out, err) = text(&output);
        assert!(!output.status.success(), "{args:?} succeeded: {out}");
        assert!(err.contains(expected), "{args:?}: {err}");
    }
}

/// An SPRT stops as soon as its ratio crosses a bound: level 4 sweeps
/// level 1, so H1 is accepted long before the game limit.
#[test]
fn an_sprt_stops_when_it_decides() {
    let results = temp_file("sprt.jsonl");
    let output = banco(&[
        "match",
        "chess",
        "-p",
        "4",
        "-p",
        "1",
        "--sprt",
        "0,100",
        "--nodes",
        "2000",
        "--games",
        "400",
        "--openings",
        concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tools/openings/chess-balanced.epd"
        ),
        "--results",
        results.to_str().unwrap(),
    ]);
    let (out, err) = text(&output);
    assert!(output.status.success(), "{out}\n{err}");
    assert!(out.contains("H1 accepted"), "{out}");
    assert!(err.contains("LLR"), "{err}");
    let stored = std::fs::read_to_string(&results).unwrap();
    let record: serde_json::Value = serde_json::from_str(stored.trim()).unwrap();
    let games = record["wins"].as_u64().unwrap()
        + record["draws"].as_u64().unwrap()
        + record["losses"].as_u64().unwrap();
    assert!(games < 100, "{games} games: {out}");
    assert_eq!(record["time_control"], "2000 nodes a move");
    assert_eq!(record["pentanomial"].as_array().map(Vec::len), Some(5));
    let _ = std::fs::remove_file(&results);
}

/// At fixed nodes a replayed opening replays the same game, so a pairing
/// plays each opening once with each colour and says why it stopped there.
#[test]
fn fixed_nodes_play_each_opening_once_a_colour() {
    let openings = temp_file("two-openings.epd");
    std::fs::write(
        &openings,
        "startpos moves e2e4 e7e5\nstartpos moves d2d4 d7d5\n",
    )
    .unwrap();
    let output = banco(&[
        "match",
        "chess",
        "-p",
        "2",
        "-p",
        "1",
        "--nodes",
        "300",
        "--games",
        "10",
        "--max-plies",
        "20",
        "--openings",
        openings.to_str().unwrap(),
    ]);
    let (out, err) = text(&output);
    assert!(output.status.success(), "{out}\n{err}");
    assert!(out.contains(", 4 games,"), "{out}");
    assert!(err.contains("2 openings give 4 different games"), "{err}");
    let _ = std::fs::remove_file(&openings);
}

/// With a clock, UCI engines are told both players' time and the increment,
/// and the games are played out.
#[test]
fn a_clock_match_plays_uci_engines() {
    let engine = format!("uci:{} uci", env!("CARGO_BIN_EXE_banco"));
    let output = banco(&[
        "match",
        "chess",
        "-p",
        &engine,
        "-p",
        "3",
        "--tc",
        "1+0.05",
        "--games",
        "2",
        "--max-plies",
        "40",
    ]);
    let (out, err) = text(&output);
    assert!(output.status.success(), "{out}\n{err}");
    assert!(out.contains(" vs level 3: +"), "{out}");
    assert!(!err.contains("time forfeit"), "{err}");
}
