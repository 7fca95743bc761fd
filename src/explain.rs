//! `mdbook-evidence explain [RULE]`: a rule's page of the guide, built into
//! the binary so that it reads the same offline; without a rule, every rule
//! with its default level and what it checks.

use evidence_core::rule::{GUIDE_URL, Rule};
use evidence_report::inert_line;
use evidence_rules::RuleDocs;

/// The text `explain` prints for `rule` (every rule when `None`), or the
/// error for an id that names no rule, with the nearest one.
pub fn explain(rule: Option<&str>) -> Result<String, String> {
    let Some(id) = rule else {
        return Ok(rule_list());
    };
    match Rule::from_id(id.trim()) {
        Some(rule) => Ok(page_text(rule.guide_page())),
        None => Err(format!(
            "no rule is called `{}`{} Run `mdbook-evidence explain` for the list of rules, or see {GUIDE_URL}rules/index.html",
            inert_line(id),
            nearest_rules(id)
        )),
    }
}

/// The rules `written` may mean, said after "no rule is called …": the one
/// it is a typo of or a part of (`; did you mean `ungrounded-claim`?`), the
/// rules holding it (`; rules holding `source`: …`), or `.` for none.
/// Read loosely: any case, `_` or white space (a no-break or ideographic
/// space too) for `-`, full-width letters as ASCII.
fn nearest_rules(written: &str) -> String {
    let loose: String = written
        .trim()
        .chars()
        .map(|c| match c {
            // Full-width forms (U+FF01..U+FF5E) are ASCII shifted.
            '\u{ff01}'..='\u{ff5e}' => char::from_u32(c as u32 - 0xfee0).unwrap_or(c),
            c if c.is_whitespace() || c == '_' => '-',
            c => c,
        })
        .flat_map(char::to_lowercase)
        .collect();
    let ids = || Rule::ALL.iter().map(|rule| rule.id());
    let holding: Vec<&str> = if loose.chars().count() >= 3 {
        ids().filter(|id| id.contains(loose.as_str())).collect()
    } else {
        Vec::new()
    };
    let near = match holding.as_slice() {
        [] => evidence_core::suggest::closest(&loose, ids()),
        [one] => Some(*one),
        several => {
            let listed: Vec<String> = several.iter().map(|id| format!("`{id}`")).collect();
            return format!(
                "; rules holding `{}`: {}.",
                inert_line(&loose),
                listed.join(", ")
            );
        }
    };
    match near {
        Some(near) => format!("; did you mean `{near}`?"),
        None => ".".to_owned(),
    }
}

/// Every rule: id, default level and what it checks, one a line.
fn rule_list() -> String {
    let width = Rule::ALL.iter().map(|r| r.id().len()).max().unwrap_or(0);
    let mut out = String::from("Rules (`mdbook-evidence explain RULE` prints one's page):\n\n");
    for rule in Rule::ALL {
        let level = match rule.default_level().severity() {
            Some(severity) => severity.to_string(),
            None => "off".to_owned(),
        };
        out.push_str(&format!(
            "  {:width$}  {level:7}  {}\n",
            rule.id(),
            rule.description()
        ));
    }
    out
}

/// A guide page for the terminal: the comments that mark its examples for
/// the guide's tests left out, the rest as written.
fn page_text(page: &str) -> String {
    let mut out = String::with_capacity(page.len());
    for line in page.lines() {
        let trimmed = line.trim();
        if trimmed.starts_with("<!-- example:") && trimmed.ends_with("-->") {
            continue;
        }
        out.push_str(line);
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_rule_has_its_page_and_an_unknown_id_gets_the_nearest() {
        for rule in Rule::ALL {
            let page = explain(Some(rule.id())).unwrap();
            assert!(page.starts_with(&format!("# {}\n", rule.id())), "{page}");
            assert!(!page.contains("<!-- example:"), "{page}");
        }
        let err = explain(Some("ungrounded-claims")).unwrap_err();
        assert!(err.contains("did you mean `ungrounded-claim`?"), "{err}");
        let err = explain(Some("évidence\u{1b}[31m")).unwrap_err();
        assert!(!err.contains('\u{1b}'), "{err}");
        assert!(err.contains("no rule is called `évidence"), "{err}");
        for (written, meant) in [
            ("ungrounded", "ungrounded-claim"),
            ("Ungrounded_Claim", "ungrounded-claim"),
            ("ungrounded\u{3000}claim", "ungrounded-claim"),
            ("ｕｎｇｒｏｕｎｄｅｄ", "ungrounded-claim"),
            ("not-fetched", "source-not-fetched"),
        ] {
            let err = explain(Some(written)).unwrap_err();
            assert!(err.contains(&format!("did you mean `{meant}`?")), "{err}");
        }
        let err = explain(Some("source")).unwrap_err();
        assert!(
            err.contains("rules holding `source`: ") && err.contains("`source-gone`"),
            "{err}"
        );
        let err = explain(Some("зебра 🦓")).unwrap_err();
        assert!(err.contains("`зебра 🦓`. Run"), "{err}");
        let list = explain(None).unwrap();
        assert_eq!(list.lines().count(), Rule::ALL.len() + 2);
    }
}
