//! The Gomocup brain as a manager starts it: `banco gomocup`, and a copy of
//! the binary named `pbrain-banco`, both answering over standard input and
//! output.

use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};

fn session(program: &Path, args: &[&str], input: &str) -> String {
    let mut child = Command::new(program)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the brain starts");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let output = child.wait_with_output().expect("the brain ends");
    assert!(output.status.success(), "{output:?}");
    String::from_utf8(output.stdout).unwrap()
}

/// START, a move to answer, and END, with the CR LF managers send.
const GAME: &str = "START 15\r\nINFO timeout_turn 0\r\nABOUT\r\nBEGIN\r\nTURN 8,8\r\nEND\r\n";

fn check(out: &str) {
    // MESSAGE and DEBUG lines report the search; managers show them.
    let lines: Vec<&str> = out
        .lines()
        .filter(|l| !l.starts_with("MESSAGE") && !l.starts_with("DEBUG"))
        .collect();
    assert_eq!(lines[0], "OK", "{out}");
    assert!(lines[1].starts_with("name=\"Banco\""), "{out}");
    assert_eq!(lines[2], "7,7", "{out}");
    assert!(lines[3].contains(','), "{out}");
    assert_eq!(lines.len(), 4, "{out}");
}

#[test]
fn the_gomocup_subcommand_speaks_the_protocol() {
    check(&session(
        Path::new(env!("CARGO_BIN_EXE_banco")),
        &["gomocup"],
        GAME,
    ));
}

#[test]
fn a_copy_named_pbrain_speaks_it_without_arguments() {
    let dir = std::env::temp_dir().join(format!("banco-pbrain-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let brain = dir.join("pbrain-banco");
    std::fs::copy(env!("CARGO_BIN_EXE_banco"), &brain).unwrap();
    let out = session(&brain, &[], GAME);
    let _ = std::fs::remove_dir_all(&dir);
    check(&out);
}
