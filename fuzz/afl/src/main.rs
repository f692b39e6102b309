//! One AFL++ target program for every fuzz target: `banco-afl NAME` runs
//! the target `NAME` on the inputs AFL++ gives it (persistent mode).

fn main() {
    let name = std::env::args().nth(1).unwrap_or_default();
    let Some(target) = banco_fuzz::Target::from_name(&name) else {
        let names: Vec<_> = banco_fuzz::Target::ALL.iter().map(|t| t.name()).collect();
        eprintln!("usage: banco-afl TARGET, one of: {}", names.join(", "));
        std::process::exit(2);
    };
    afl::fuzz!(|data: &[u8]| target.run(data));
}
