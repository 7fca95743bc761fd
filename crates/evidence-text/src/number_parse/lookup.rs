//! Finding, among many numbers, one that a number matches
//! ([`Number::matches`]) without comparing it with each: a paragraph of
//! thousands of figures citing passages of thousands more would otherwise
//! take a comparison per pair.

use crate::number_parse::Number;
use std::cmp::Ordering;
use std::collections::BTreeSet;

/// Below this many numbers, a lookup compares with each: cheaper than a
/// tree for the few figures of an ordinary paragraph.
const SMALL: usize = 16;

/// A magnitude, totally ordered (`f64::total_cmp`).
#[derive(Debug, Clone, Copy)]
struct Magnitude(f64);

impl PartialEq for Magnitude {
    fn eq(&self, other: &Self) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}

impl Eq for Magnitude {}

impl PartialOrd for Magnitude {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Magnitude {
    fn cmp(&self, other: &Self) -> Ordering {
        self.0.total_cmp(&other.0)
    }
}

/// Numbers, indexed by their magnitudes (scaled and as written), so that
/// finding one that matches a number looks only at those near it.
#[derive(Debug, Default)]
pub struct NumberLookup<'n> {
    numbers: Vec<&'n Number>,
    /// Each finite magnitude of `numbers` with the number's index, once
    /// there are more than [`SMALL`].
    by_magnitude: BTreeSet<(Magnitude, usize)>,
    /// The numbers with a magnitude that is not finite, which
    /// [`Number::matches`] may pair with any other: compared with each.
    unordered: Vec<usize>,
}

impl<'n> NumberLookup<'n> {
    /// An empty lookup.
    pub fn new() -> Self {
        Self::default()
    }

    /// Adds `number`.
    pub fn push(&mut self, number: &'n Number) {
        self.numbers.push(number);
        match self.numbers.len() {
            n if n < SMALL => {}
            SMALL => (0..SMALL).for_each(|i| self.index(i)),
            n => self.index(n - 1),
        }
    }

    fn index(&mut self, i: usize) {
        let number = self.numbers[i];
        for magnitude in [number.value, number.unscaled] {
            if magnitude.is_finite() {
                self.by_magnitude.insert((Magnitude(magnitude), i));
            } else if self.unordered.last() != Some(&i) {
                self.unordered.push(i);
            }
        }
    }

    /// The first number added (in order of magnitude when there are many)
    /// that `number` matches and `accept` takes.
    pub fn find(&self, number: &Number, accept: impl Fn(&Number) -> bool) -> Option<&'n Number> {
        let fits = |m: &&'n Number| m.matches(number) && accept(m);
        let magnitudes = [number.value, number.unscaled];
        if self.numbers.len() < SMALL || !magnitudes.iter().all(|m| m.is_finite()) {
            return self.numbers.iter().copied().find(fits);
        }
        // Two magnitudes are the same when they differ by at most 1e-9 of
        // the larger (or of 1): within 2e-9 of `x` and 1 either way.
        let near = magnitudes.into_iter().flat_map(|x| {
            let reach = 2e-9 * (x.abs() + 1.0);
            self.by_magnitude
                .range((Magnitude(x - reach), 0)..=(Magnitude(x + reach), usize::MAX))
                .map(|&(_, i)| i)
        });
        near.chain(self.unordered.iter().copied())
            .map(|i| self.numbers[i])
            .find(fits)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::number_parse::numbers_in;

    /// Whether the lookup finds a match exactly when a comparison with
    /// each number does, small and large, non-ASCII text around.
    #[test]
    fn finds_what_comparing_with_each_finds() {
        let mut text = String::from("Le\u{a0}taux 東京 😀 ");
        for i in 0..200 {
            text.push_str(&format!("{i}\u{3000}% {}k, {}.5 million; ", i * 7, i));
        }
        let stored = numbers_in(&text);
        let probes =
            numbers_in("3 7k 0.5 million 21000 199.5 million 4.000000000001 123456 ١٢ 42 %");
        for count in [0, 1, SMALL - 1, SMALL, SMALL + 1, stored.len()] {
            let mut lookup = NumberLookup::new();
            stored[..count].iter().for_each(|n| lookup.push(n));
            for probe in &probes {
                let each = stored[..count].iter().any(|m| m.matches(probe));
                assert_eq!(
                    lookup.find(probe, |_| true).is_some(),
                    each,
                    "{probe:?} of {count}"
                );
                let same_kind = |m: &Number| m.kind == probe.kind;
                let each = stored[..count]
                    .iter()
                    .any(|m| m.matches(probe) && same_kind(m));
                assert_eq!(lookup.find(probe, same_kind).is_some(), each);
            }
        }
    }

    /// A number whose magnitude is not finite is still compared.
    #[test]
    fn compares_magnitudes_that_are_not_finite() {
        let huge = Number {
            span: 0..1,
            value: f64::INFINITY,
            unscaled: 1.0,
            kind: crate::number_parse::NumberKind::Quantity,
        };
        let mut stored = numbers_in(&"12 ".repeat(40));
        stored.push(huge.clone());
        let mut lookup = NumberLookup::new();
        stored.iter().for_each(|n| lookup.push(n));
        let probe = &numbers_in("５ 7")[0];
        let each = stored.iter().any(|m| m.matches(probe));
        assert_eq!(lookup.find(probe, |_| true).is_some(), each);
        assert!(lookup.find(&huge, |_| true).is_some());
    }
}
