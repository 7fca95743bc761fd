//! "Did you mean …?": the one place that picks the known name closest to a
//! mistyped one, for config keys, rule ids and whatever else a user names.

/// The candidate closest to `word` (Levenshtein distance over characters,
/// ties to the smaller candidate), if it is within 2 edits; none otherwise,
/// so an unrelated word gets no suggestion.
pub fn closest<'a>(word: &str, candidates: impl Iterator<Item = &'a str>) -> Option<&'a str> {
    candidates
        .map(|known| (strsim::levenshtein(word, known), known))
        .filter(|(distance, _)| *distance <= 2)
        .min()
        .map(|(_, known)| known)
}

#[cfg(test)]
mod tests {
    use super::closest;

    #[test]
    fn suggests_only_near_names() {
        let known = ["mode", "store", "report"];
        assert_eq!(closest("stroe", known.into_iter()), Some("store"));
        assert_eq!(closest("mdoe", known.into_iter()), Some("mode"));
        assert_eq!(closest("séance", known.into_iter()), None);
        assert_eq!(closest("報告", known.into_iter()), None);
    }
}
