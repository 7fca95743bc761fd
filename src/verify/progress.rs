//! What `verify` shows while it runs and when it ends: a progress bar on a
//! terminal (none in a pipe or a CI log), warnings printed above it, and a
//! closing summary.

use evidence_core::display::stream::inert_line;
use evidence_verify::client::Usage;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::{IsTerminal, Write};
use std::time::Duration;

/// The bar, when stderr is a terminal.
pub(crate) struct Progress {
    bar: Option<ProgressBar>,
}

impl Progress {
    /// A bar of `total` requests, drawn only when stderr is a terminal.
    pub(crate) fn new(total: usize) -> Progress {
        let bar = (total > 0 && std::io::stderr().is_terminal()).then(|| {
            let bar =
                ProgressBar::with_draw_target(Some(total as u64), ProgressDrawTarget::stderr());
            if let Ok(style) = ProgressStyle::with_template(
                "{spinner} {bar:30} {pos}/{len} citations checked, {elapsed}",
            ) {
                bar.set_style(style);
            }
            bar.enable_steady_tick(Duration::from_millis(200));
            bar
        });
        Progress { bar }
    }

    /// One request done.
    pub(crate) fn advance(&self) {
        if let Some(bar) = &self.bar {
            bar.inc(1);
        }
    }

    /// Prints `line` (made inert) on stderr, above the bar.
    pub(crate) fn warn(&self, line: &str) {
        let text = format!("warning: {}\n", inert_line(line));
        match &self.bar {
            Some(bar) => bar.suspend(|| {
                let _ = std::io::stderr().write_all(text.as_bytes());
            }),
            None => {
                let _ = std::io::stderr().write_all(text.as_bytes());
            }
        }
    }

    /// Takes the bar away.
    pub(crate) fn finish(&self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}

/// The figures of a run.
#[derive(Debug, Default)]
pub(crate) struct Summary {
    /// Citations asked about and answered in a way that was read.
    pub checked: usize,
    /// Citations whose verdict was already stored.
    pub cached: usize,
    /// Of those, the ones it says are unsupported.
    pub cached_unsupported: usize,
    /// Of those, the ones a person judged (no model was asked).
    pub by_person: usize,
    /// Citations left for a later run (`--only`, `--max-requests`).
    pub left_out: usize,
    /// The prices, to give the run's cost.
    pub price: Option<crate::verify::budget::Price>,
    /// Of the checked, those found unsupported (partially supported ones
    /// included).
    pub unsupported: usize,
    /// Answers that could not be read.
    pub unreadable: usize,
    /// Token counts summed over the answers that reported them.
    pub usage: Option<Usage>,
    /// How long the run took.
    pub elapsed: Duration,
}

impl Summary {
    /// Adds the token counts of one answer.
    pub(crate) fn add_usage(&mut self, usage: Option<Usage>) {
        if let Some(more) = usage {
            let sum = self.usage.get_or_insert_with(Usage::default);
            sum.prompt += more.prompt;
            sum.completion += more.completion;
        }
    }

    /// The closing line.
    pub(crate) fn line(&self) -> String {
        let mut out = format!(
            "mdbook-evidence verify: {} checked, {} from cache{}, {} unsupported",
            self.checked,
            self.cached,
            match self.by_person {
                0 => String::new(),
                n => format!(" ({n} judged by a person)"),
            },
            self.unsupported
        );
        if self.cached_unsupported > 0 {
            out.push_str(&format!(
                ", {} unsupported (cached)",
                self.cached_unsupported
            ));
        }
        if self.left_out > 0 {
            out.push_str(&format!(", {} left for a later run", self.left_out));
        }
        if self.unreadable > 0 {
            out.push_str(&format!(
                ", {} left without a verdict (named above)",
                self.unreadable
            ));
        }
        out.push_str(&format!("; {:.1} s", self.elapsed.as_secs_f64()));
        if let Some(usage) = self.usage {
            out.push_str(&format!(
                "; {} tokens ({} prompt, {} completion)",
                usage.prompt + usage.completion,
                usage.prompt,
                usage.completion
            ));
            if let Some(price) = self.price {
                let cost = (usage.prompt as f64 * price.input
                    + usage.completion as f64 * price.output)
                    / 1e6;
                out.push_str(&format!(", {}", crate::verify::budget::dollars(cost)));
            }
        }
        out
    }
}
