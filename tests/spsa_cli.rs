//! `banco spsa`: a short tuning run of Banco against itself over UCI (and
//! over Gomocup for gomoku), its state written and resumed; bad arguments
//! refused with a message.

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

#[test]
fn a_run_tunes_writes_its_state_and_goes_on_from_it() {
    let state = std::env::temp_dir().join(format!("banco-spsa-{}.txt", std::process::id()));
    let _ = std::fs::remove_file(&state);
    let engine = format!("{} uci", env!("CARGO_BIN_EXE_banco"));
    let run = |iterations: &str| {
        banco(&[
            "spsa",
            "chess",
            "--engine",
            &engine,
            "--params",
            "rfp_margin,lmr_divisor",
            "--iterations",
            iterations,
            "--nodes",
            "300",
            "--max-plies",
            "30",
            "--r-end",
            "0.05",
            "--state",
            state.to_str().unwrap(),
        ])
    };
    let output = run("2");
    let (out, err) = text(&output);
    assert!(output.status.success(), "{out}\n{err}");
    assert!(out.contains("| rfp_margin | 75 | "), "{out}");
    assert!(out.contains("engine options: option.rfp_margin="), "{out}");
    let saved = std::fs::read_to_string(&state).unwrap();
    assert!(saved.contains("done 2\n"), "{saved}");
    assert!(saved.contains("\nlmr_divisor "), "{saved}");
    // Two more iterations on top of the two done.
    let output = run("4");
    let (out, err) = text(&output);
    assert!(output.status.success(), "{out}\n{err}");
    assert!(err.contains("going on from 2 iterations"), "{err}");
    let saved = std::fs::read_to_string(&state).unwrap();
    assert!(saved.contains("done 4\n"), "{saved}");
    let _ = std::fs::remove_file(&state);
}

/// Gomoku is tuned through a Gomocup brain, the values sent as `INFO`.
#[test]
fn gomoku_is_tuned_through_a_gomocup_brain() {
    let engine = format!("{} gomocup", env!("CARGO_BIN_EXE_banco"));
    let output = banco(&[
        "spsa",
        "gomoku",
        "--engine",
        &engine,
        "--params",
        "rfp_margin",
        "--iterations",
        "1",
        "--tc",
        "1+0.01",
        "--max-plies",
        "16",
        "--r-end",
        "0.05",
    ]);
    let (out, err) = text(&output);
    assert!(output.status.success(), "{out}\n{err}");
    assert!(out.contains("| rfp_margin | 75 | "), "{out}");
    assert!(err.contains("[1/1]"), "{err}");
}

#[test]
fn the_tunables_are_listed() {
    let output = banco(&["spsa", "chess", "--list"]);
    let (out, err) = text(&output);
    assert!(output.status.success(), "{err}");
    assert!(out.contains("| rfp_margin | 75 | 20 | 200 | 8 |"), "{out}");
}

#[test]
fn bad_spsa_arguments_are_refused() {
    let engine = format!("{} uci", env!("CARGO_BIN_EXE_banco"));
    for (args, expected) in [
        (
            vec![
                "spsa", "chess", "--engine", &engine, "--nodes", "100", "--params", "nonsense",
            ],
            "unknown search parameter 'nonsense'",
        ),
        (
            vec!["spsa", "chess", "--engine", &engine],
            "give --nodes or --tc",
        ),
        (
            vec![
                "spsa", "chess", "--engine", &engine, "--nodes", "100", "--r-end", "0",
            ],
            "--r-end must be a positive number",
        ),
        (vec!["spsa", "chess", "--nodes", "100"], "--engine"),
    ] {
        let output = banco(&args);
        let (out, err) = text(&output);
        assert!(!output.status.success(), "{args:?}: {out}");
        assert!(err.contains(expected), "{args:?}: {err}");
    }
}
