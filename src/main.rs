//! Banco's command line.
fn main() {}
