//! The text of an item and of a bullet: an item's figure, move, topic and
//! drivers, its passage (or a paywalled source's headline), and a bullet's
//! claim paraphrasing the passages of the two items it cites.

use super::*;

/// The figure item `i`'s passage states, e.g. `3.47%`: a claim citing the
/// item states it too (number-not-in-evidence). Items of one topic give
/// the same figure and the same move (`verb`), as sources reporting one
/// release do: otherwise a chapter citing two of them would cite passages
/// that disagree (conflicting-evidence), and the benchmark measures a
/// publishing build.
pub(super) fn figure(i: usize) -> String {
    let t = topic_index(i);
    format!("{}.{:02}%", t % 9 + 1, (t * 37 + 11) % 100)
}

/// The move of item `i`'s measure: its topic's.
pub(super) fn verb(i: usize) -> &'static str {
    VERBS[topic_index(i) % VERBS.len()]
}

/// The index in [`TOPICS`] of item `i`'s topic.
pub(super) fn topic_index(i: usize) -> usize {
    (mix(i as u64 ^ 0x70) % TOPICS.len() as u64) as usize
}

/// The topic of item `i`.
pub(super) fn topic(i: usize) -> &'static Topic {
    &TOPICS[topic_index(i)]
}

/// The `n`th driver of item `i`'s move (each item takes the drivers of its
/// topic in its own order).
pub(super) fn driver(i: usize, n: usize) -> &'static str {
    let drivers = &topic(i).drivers;
    drivers[(i + n) % drivers.len()]
}

/// `The ten-year …` as the middle of a sentence: `the ten-year …`.
pub(super) fn lower_first(text: &str) -> String {
    match text.strip_prefix("The ") {
        Some(rest) => format!("the {rest}"),
        None => {
            let mut chars = text.chars();
            chars.next().map_or_else(String::new, |first| {
                first.to_lowercase().chain(chars).collect()
            })
        }
    }
}

/// The start of item `i`'s passage: what moved, and to what.
pub(super) fn headline(i: usize) -> String {
    format!("{} {} {} in February", topic(i).measure, verb(i), figure(i))
}

/// The quoted passage of item `i` (full-text sources): three or four
/// sentences, about 60 words: the move and its source, what drove it, what
/// the release added, and sometimes a caveat.
pub(super) fn passage(i: usize) -> String {
    let t = topic(i);
    let mut text = format!(
        "{}, {}. The move was driven mainly by {}, with {} also contributing, while {} pulled in the other direction. {}",
        headline(i),
        pick(&REPORTED, i as u64 ^ 5),
        driver(i, 0),
        driver(i, 1),
        driver(i, 2),
        t.context[i % t.context.len()],
    );
    if i.is_multiple_of(3) {
        text.push(' ');
        text.push_str(pick(&CAVEATS, i as u64 ^ 9));
    }
    text
}

/// The snippet of item `i` (paywalled sources): a headline.
pub(super) fn snippet(i: usize) -> String {
    format!("{} on {}", headline(i), driver(i, 0))
}

/// A bullet's claim, paraphrasing the passages of items `a` and `b`, in
/// one of four shapes picked by `seed`.
pub(super) fn claim(a: usize, b: usize, seed: u64) -> String {
    let (ta, tb) = (topic(a), topic(b));
    let (verb_a, verb_b) = (verb(a), verb(b));
    let (fa, fb) = (figure(a), figure(b));
    let measure_b = lower_first(tb.measure);
    match mix(seed ^ 0xC1A1) % 4 {
        0 => format!(
            "{} {verb_a} {fa} in February, driven mainly by {}, while {measure_b} {verb_b} {fb}.",
            ta.measure,
            driver(a, 0)
        ),
        1 => format!(
            "{} {verb_a} {fa} last month on {} and {}; {measure_b} {verb_b} {fb} over the same period.",
            ta.measure,
            driver(a, 0),
            driver(a, 1)
        ),
        2 => format!(
            "With {} weighing, {measure_b} {verb_b} {fb}, and {} {verb_a} {fa} in February.",
            driver(b, 2),
            lower_first(ta.measure)
        ),
        _ => format!(
            "{} reported that {} {verb_a} {fa}, helped by {}; separately, {measure_b} {verb_b} {fb}.",
            SOURCES[source(a)].1,
            lower_first(ta.measure),
            driver(a, 1)
        ),
    }
}
