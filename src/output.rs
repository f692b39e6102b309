//! Standard output for the commands that print reports.
//!
//! `println!` panics when the reader has gone (`banco perft chess 6 --divide
//! | head`). These write the same text but return the error, which `main`
//! treats as the reader's choice to stop, not as a failure.

use std::fmt;
use std::io::{self, Write};

/// Writes a formatted line to standard output, like `println!`, returning
/// an I/O error instead of panicking on it.
macro_rules! outln {
    () => {
        $crate::output::write_line(format_args!(""))
    };
    ($($arg:tt)*) => {
        $crate::output::write_line(format_args!($($arg)*))
    };
}

/// Writes formatted text to standard output, like `print!`, returning an
/// I/O error instead of panicking on it.
macro_rules! out {
    ($($arg:tt)*) => {
        $crate::output::write(format_args!($($arg)*))
    };
}

pub(crate) use {out, outln};

/// Writes `args` and a newline to standard output.
pub fn write_line(args: fmt::Arguments<'_>) -> io::Result<()> {
    let mut stdout = io::stdout().lock();
    stdout.write_fmt(args)?;
    stdout.write_all(b"\n")
}

/// Writes `args` to standard output.
pub fn write(args: fmt::Arguments<'_>) -> io::Result<()> {
    io::stdout().lock().write_fmt(args)
}

/// Whether `err` comes from writing to a pipe whose reader has gone.
pub fn is_closed_pipe(err: &anyhow::Error) -> bool {
    err.chain().any(|cause| {
        cause
            .downcast_ref::<io::Error>()
            .is_some_and(|io| io.kind() == io::ErrorKind::BrokenPipe)
    })
}
