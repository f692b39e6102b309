//! Every input kept in `fuzz/corpus/<target>/` runs through its target: the
//! fuzzer's findings, and the seeds it started from, become ordinary tests.

use std::path::{Path, PathBuf};

use banco_fuzz::Target;

fn corpus(target: Target) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../fuzz/corpus")
        .join(target.name())
}

#[test]
fn every_kept_input_keeps_every_promise() {
    for target in Target::ALL {
        let dir = corpus(target);
        let mut inputs: Vec<_> = std::fs::read_dir(&dir)
            .unwrap_or_else(|err| panic!("{}: {err}", dir.display()))
            .map(|entry| entry.expect("a readable folder").path())
            .collect();
        inputs.sort();
        assert!(!inputs.is_empty(), "{} has no inputs", dir.display());
        for input in inputs {
            let data = std::fs::read(&input).expect("a readable input");
            let outcome = std::panic::catch_unwind(|| target.run(&data));
            assert!(
                outcome.is_ok(),
                "{} fails on {}",
                target.name(),
                input.display()
            );
        }
    }
}

#[test]
fn every_target_has_a_name_that_finds_it() {
    for target in Target::ALL {
        assert_eq!(Target::from_name(target.name()), Some(target));
    }
    assert_eq!(Target::from_name("nothing"), None);
}
