//! The floor: a preprocessor that reads the book mdBook sends and writes it
//! back unchanged, built on the same `mdbook-preprocessor` crate, written as
//! mdBook's own guide writes one (`parse_input` on stdin, `to_writer` on
//! stdout). The benchmark (`bench/run`) times mdbook-evidence against it.

use std::io;

fn main() -> anyhow::Result<()> {
    if std::env::args().nth(1).as_deref() == Some("supports") {
        return Ok(());
    }
    let (_ctx, book) = mdbook_preprocessor::parse_input(io::stdin())?;
    serde_json::to_writer(io::stdout(), &book)?;
    Ok(())
}
