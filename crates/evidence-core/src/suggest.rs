//! "Did you mean …?": the one place that picks the known name closest to a
//! mistyped one, for config keys, rule ids, evidence ids, chapter paths
//! and whatever else a user names.

/// The most edits a suggestion may be away from what was written: enough
/// for a typo or a swapped pair of letters, not enough to suggest an
/// unrelated name.
const MAX_EDITS: usize = 2;

/// The candidate closest to `word` (Levenshtein distance over characters,
/// ties to the smaller candidate), if it is within 2 edits; none otherwise,
/// so an unrelated word gets no suggestion. Candidates are compared with a
/// bounded distance on reused rows (on bytes when both are ASCII, as ids
/// are), so a store of 200,000 ids is searched in milliseconds.
pub fn closest<'a>(word: &str, candidates: impl Iterator<Item = &'a str>) -> Option<&'a str> {
    let chars: Vec<char> = word.chars().collect();
    let word_mask = presence(word);
    let mut rows = Rows::default();
    let mut known: Vec<char> = Vec::new();
    candidates
        .filter_map(|candidate| {
            // Each edit adds or removes at most two of the characters a
            // word holds: a candidate whose set of characters differs by
            // more than twice the edits cannot be near (one instruction).
            if (presence(candidate) ^ word_mask).count_ones() as usize > 2 * MAX_EDITS {
                return None;
            }
            let distance = if word.is_ascii() && candidate.is_ascii() {
                rows.within(word.as_bytes(), candidate.as_bytes(), MAX_EDITS)
            } else {
                known.clear();
                known.extend(candidate.chars());
                rows.within(&chars, &known, MAX_EDITS)
            };
            distance.map(|distance| (distance, candidate))
        })
        .min()
        .map(|(_, known)| known)
}

/// serde's message for a name it does not know (`unknown variant `downgrad`,
/// expected one of `fail`, `downgrade`, …`, the same for a field), with the
/// nearest of the names it lists: `; did you mean `downgrade`?`. Any other
/// message, or a name near none, is returned as it is.
pub(crate) fn with_nearest_name(message: String) -> String {
    let Some(rest) = ["unknown variant `", "unknown field `"]
        .iter()
        .find_map(|prefix| message.strip_prefix(prefix))
    else {
        return message;
    };
    let Some((written, listed)) = rest.split_once('`') else {
        return message;
    };
    let known = listed.split('`').skip(1).step_by(2);
    match closest(written, known) {
        Some(near) => format!("{message}; did you mean `{near}`?"),
        None => message,
    }
}

/// Which characters a word holds, each hashed to one of 64 bits (ASCII by
/// its code; others by theirs, folded): collisions only make two words look
/// closer, so the filter in [`closest`] never drops a near candidate.
fn presence(word: &str) -> u64 {
    if word.is_ascii() {
        word.bytes().fold(0, |mask, b| mask | 1 << (b % 64))
    } else {
        word.chars().fold(0, |mask, c| mask | 1 << (c as u32 % 64))
    }
}

/// The two rows of the distance table, kept from one comparison to the
/// next so that comparing a word with many candidates allocates nothing.
#[derive(Default)]
struct Rows {
    previous: Vec<usize>,
    current: Vec<usize>,
}

impl Rows {
    /// The Levenshtein distance of `a` and `b` if it is at most `max`: the
    /// dynamic programme restricted to the band of `max` cells either side
    /// of the diagonal, abandoned as soon as a row has nothing within `max`.
    fn within<T: PartialEq>(&mut self, a: &[T], b: &[T], max: usize) -> Option<usize> {
        if a.len().abs_diff(b.len()) > max {
            return None;
        }
        let far = max + 1;
        let (previous, current) = (&mut self.previous, &mut self.current);
        previous.clear();
        previous.extend((0..=b.len()).map(|j| j.min(far)));
        current.clear();
        current.resize(b.len() + 1, far);
        for i in 1..=a.len() {
            let from = i.saturating_sub(max).max(1);
            let to = (i + max).min(b.len());
            current.fill(far);
            current[0] = i.min(far);
            let mut best = current[0];
            for j in from..=to {
                let substitution = previous[j - 1] + usize::from(a[i - 1] != b[j - 1]);
                let value = substitution
                    .min(previous[j] + 1)
                    .min(current[j - 1] + 1)
                    .min(far);
                current[j] = value;
                best = best.min(value);
            }
            if best > max {
                return None;
            }
            std::mem::swap(previous, current);
        }
        let distance = previous[b.len()];
        (distance <= max).then_some(distance)
    }
}

#[cfg(test)]
mod tests {
    use crate::suggest::{Rows, closest, presence};

    #[test]
    fn suggests_only_near_names() {
        let known = ["mode", "store", "report"];
        assert_eq!(closest("stroe", known.into_iter()), Some("store"));
        assert_eq!(closest("mdoe", known.into_iter()), Some("mode"));
        assert_eq!(closest("séance", known.into_iter()), None);
        assert_eq!(closest("報告", known.into_iter()), None);
    }

    #[test]
    fn the_bounded_distance_is_levenshtein_within_the_bound() {
        let words = [
            "",
            "a",
            "ab",
            "ba",
            "abc",
            "ev_fomc_0210",
            "ev_fomc_0201",
            "ev_fomc",
            "東京",
            "東京都",
            "e\u{301}",
            "é",
            "ev_fomc_02100",
            "xv_fomc_0210",
        ];
        for a in words {
            for b in words {
                let (ca, cb): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
                let exact = strsim::levenshtein(a, b);
                for max in 0..4 {
                    let expected = (exact <= max).then_some(exact);
                    let mut rows = Rows::default();
                    assert_eq!(rows.within(&ca, &cb, max), expected, "{a:?} {b:?} {max}");
                    if a.is_ascii() && b.is_ascii() {
                        let bytes = rows.within(a.as_bytes(), b.as_bytes(), max);
                        assert_eq!(bytes, expected, "{a:?} {b:?} {max}");
                    }
                }
            }
        }
    }

    #[test]
    fn the_character_filter_never_drops_a_near_word() {
        let words = [
            "ev_fomc_0210",
            "ev_fomc_0201",
            "ev_fmoc_0210",
            "ev_fomc_021",
            "ev_fomc_02100",
            "xv_fomc_0210",
            "東京都",
            "東京",
            "e\u{301}",
            "é",
            "ab",
            "ba",
            "",
            "a",
        ];
        for a in words {
            for b in words {
                if strsim::levenshtein(a, b) <= 2 {
                    assert!((presence(a) ^ presence(b)).count_ones() <= 4, "{a:?} {b:?}");
                }
            }
        }
    }

    #[test]
    fn serde_names_get_the_nearest_listed_one() {
        use crate::suggest::with_nearest_name;
        let message = "unknown variant `downgrad`, expected one of `fail`, `downgrade`, `warn`";
        assert_eq!(
            with_nearest_name(message.into()),
            format!("{message}; did you mean `downgrade`?")
        );
        let message = "unknown field `teir`, expected `tier` or `tags`";
        assert!(with_nearest_name(message.into()).ends_with("did you mean `tier`?"));
        for unchanged in [
            "unknown variant `東京`, expected `replace` or `delete`",
            "unknown variant `x`, there are no variants",
            "invalid type: integer `3`, expected a string",
            "unknown variant `",
        ] {
            assert_eq!(with_nearest_name(unchanged.into()), unchanged);
        }
    }

    #[test]
    fn an_id_is_matched_among_many() {
        let ids: Vec<String> = (0..20_000).map(|n| format!("ev_item_{n:05}")).collect();
        let pick = closest("ev_item_1234", ids.iter().map(String::as_str));
        assert_eq!(pick, Some("ev_item_01234"));
        assert_eq!(
            closest("ev_fomc_0210", ids.iter().map(String::as_str)),
            None
        );
    }
}
