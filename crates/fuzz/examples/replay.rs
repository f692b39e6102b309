//! Runs one fuzz target on one file, to look at an input by hand:
//! `cargo run -p banco-fuzz --example replay -- TARGET FILE`.

use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [name, file] = args.as_slice() else {
        eprintln!("usage: replay TARGET FILE");
        return ExitCode::from(2);
    };
    let Some(target) = banco_fuzz::Target::from_name(name) else {
        eprintln!("no target '{name}'");
        return ExitCode::from(2);
    };
    match std::fs::read(file) {
        Ok(data) => {
            target.run(&data);
            println!("{name}: {file} keeps every promise");
            ExitCode::SUCCESS
        }
        Err(err) => {
            eprintln!("{file}: {err}");
            ExitCode::from(2)
        }
    }
}
