//! Figures in Chinese, Japanese and Korean text, which writes no space
//! between a number and the words around it (`約60%とみている`,
//! `利上げ確率を約55％`, `3만 명`): a letter of these scripts next to
//! digits ends the word rather than gluing the digits into an identifier
//! as a Latin letter does (`Q4`). What those letters say about the number:
//! a scale (`1.2兆`, `3만`), a percentage (`55パーセント`, `0.25个百分点`),
//! a month or a day of a date (`6月`, `9日`, `7월 9일`), or no figure at all
//! (`第3四半期`: an ordinal).

use crate::number_parse::NumberKind;

/// Whether `c` is a letter of a script written without spaces between
/// words: Han ideographs, hiragana, katakana (full and half width) and
/// Hangul. Wider than [`crate::content_words::is_unspaced`] by Hangul:
/// Korean puts spaces between words but none between a figure and its
/// word (`연2.5%`); narrower by Thai and the other scripts of South-East
/// Asia: a figure glued to their letters is not read.
pub(super) fn is_cjk(c: char) -> bool {
    matches!(u32::from(c),
        0x1100..=0x11FF       // Hangul Jamo
        | 0x3040..=0x30FF     // hiragana, katakana
        | 0x3130..=0x318F     // Hangul compatibility Jamo
        | 0x31F0..=0x31FF     // katakana phonetic extensions
        | 0x3400..=0x4DBF     // CJK extension A
        | 0x4E00..=0x9FFF     // CJK unified ideographs
        | 0xAC00..=0xD7AF     // Hangul syllables
        | 0xF900..=0xFAFF     // CJK compatibility ideographs
        | 0xFF66..=0xFF9F     // half-width katakana
        | 0x20000..=0x3FFFF // CJK extensions B and later
    )
}

/// Whether `c`, right before digits, makes them an ordinal rather than a
/// figure: `第3` (Chinese, Japanese), `제3` (Korean).
pub(super) fn is_ordinal_prefix(c: char) -> bool {
    matches!(c, '第' | '제')
}

/// Scale letters written after digits, and their factors: `1.2兆`,
/// `3千万` (their factors multiply), `3만`, `5억`.
const SCALES: &[(char, f64)] = &[
    ('十', 1e1),
    ('百', 1e2),
    ('千', 1e3),
    ('万', 1e4),
    ('萬', 1e4),
    ('億', 1e8),
    ('亿', 1e8),
    ('兆', 1e12),
    ('십', 1e1),
    ('백', 1e2),
    ('천', 1e3),
    ('만', 1e4),
    ('억', 1e8),
    ('조', 1e12),
];

/// Words after digits (or after their scale) that make a percentage.
const PERCENT_WORDS: &[&str] = &["パーセント", "퍼센트", "个百分点", "個百分點", "百分点"];

/// The unit written in CJK letters right after digits that end at `at`
/// (`兆`, `万`, `パーセント`): the kind, the scale and where the unit ends;
/// `None` when no such unit follows.
pub(super) fn unit(text: &str, at: usize) -> Option<(NumberKind, f64, usize)> {
    let mut scale = 1.0;
    let mut end = at;
    for c in text[at..].chars() {
        let Some(&(_, factor)) = SCALES.iter().find(|(s, _)| *s == c) else {
            break;
        };
        scale *= factor;
        end += c.len_utf8();
    }
    let rest = &text[end..];
    let percent = PERCENT_WORDS.iter().find(|w| rest.starts_with(*w));
    match percent {
        Some(word) => Some((NumberKind::Percent, scale, end + word.len())),
        None => (end > at).then_some((NumberKind::Quantity, scale, end)),
    }
}

/// Whether the integer `value`, written just before `end`, is the month
/// (`6月`, `7월`) or the day (`9日`, `9일`) of a date rather than a count;
/// `9日間` and `3일간` are lengths of time.
pub(super) fn is_date_part(text: &str, end: usize, value: f64) -> bool {
    let mut after = text[end..].chars();
    let days = match after.next() {
        Some('月' | '월') => 12.0,
        Some('日' | '일') => 31.0,
        _ => return false,
    };
    (1.0..=days).contains(&value) && !matches!(after.next(), Some('間' | '간'))
}

#[cfg(test)]
mod tests {
    use crate::number_parse::tests::found;

    #[test]
    fn figures_glued_to_cjk_letters_are_figures() {
        use crate::number_parse::NumberKind::{Percent, Quantity};
        assert_eq!(
            found("市場は利上げ確率を約60%とみている。"),
            [("60%", 60.0, Percent)]
        );
        assert_eq!(found("约60%的人"), [("60%", 60.0, Percent)]);
        assert_eq!(found("시장은 약60%로 본다"), [("60%", 60.0, Percent)]);
        // Full-width digits, percent sign, decimal point, comma and sign.
        assert_eq!(found("約５５％とみている"), [("５５％", 55.0, Percent)]);
        assert_eq!(found("金利を０．７５％に"), [("０．７５％", 0.75, Percent)]);
        assert_eq!(
            found("売上は１，２３４億円"),
            [("１，２３４億", 1234e8, Quantity)]
        );
        assert_eq!(found("成長率は－０．３％"), [("０．３％", 0.3, Percent)]);
        // A space, a no-break or an ideographic space before the sign.
        for text in ["約 55 % とみている", "約55\u{a0}%", "約55\u{3000}％"] {
            assert_eq!(found(text).len(), 1, "{text}");
            assert_eq!(found(text)[0].2, Percent, "{text}");
        }
    }

    #[test]
    fn digits_of_other_scripts_are_read_as_ascii() {
        use crate::number_parse::NumberKind::{Percent, Quantity, Year};
        // Hindi Wikipedia writes Devanagari digits; Arabic, Arabic-Indic.
        assert_eq!(
            found("इसका गठन १९९७ में किया गया था।"),
            [("१९९७", 1997.0, Year)]
        );
        assert_eq!(
            found("نمو بنسبة ٣٫٥٪ في ٢٠٢٤"),
            [("٣٫٥٪", 3.5, Percent), ("٢٠٢٤", 2024.0, Year)]
        );
        assert_eq!(found("อัตรา ๕๐%"), [("๕๐%", 50.0, Percent)]);
        assert_eq!(
            found("30% and \u{663}"),
            [("30%", 30.0, Percent), ("\u{663}", 3.0, Quantity)]
        );
        // Behind each lead byte: Persian (0xDB), N'Ko (0xDF), Myanmar,
        // Khmer and Mongolian (0xE1).
        for (text, value) in [
            ("۱۳۹۹", 1399.0),
            ("߂߀", 20.0),
            ("၁၂", 12.0),
            ("១២", 12.0),
            ("᠑᠒", 12.0),
        ] {
            assert_eq!(found(text).first().map(|n| n.1), Some(value), "{text}");
        }
    }

    #[test]
    fn scales_percent_words_and_date_parts() {
        use crate::number_parse::NumberKind::{Day, Percent, Quantity, Year};
        assert_eq!(found("1.2兆円"), [("1.2兆", 1.2e12, Quantity)]);
        assert_eq!(found("3千万人"), [("3千万", 3e7, Quantity)]);
        assert_eq!(found("3만 명"), [("3만", 3e4, Quantity)]);
        assert_eq!(found("55パーセント"), [("55パーセント", 55.0, Percent)]);
        assert_eq!(found("上升0.25个百分点"), [("0.25个百分点", 0.25, Percent)]);
        assert_eq!(
            found("2025年7月9日"),
            [("2025", 2025.0, Year), ("7", 7.0, Day), ("9", 9.0, Day)]
        );
        assert_eq!(
            found("2025년 7월 9일"),
            [("2025", 2025.0, Year), ("7", 7.0, Day), ("9", 9.0, Day)]
        );
        // A length of time, a month number out of range: counts.
        assert_eq!(found("3日間"), [("3", 3.0, Quantity)]);
        assert_eq!(found("13月"), [("13", 13.0, Quantity)]);
    }

    #[test]
    fn urls_identifiers_and_list_numbers_in_chinese_text() {
        use crate::number_parse::NumberKind::{Quantity, Year};
        // A URL starts at its scheme and ends at a Chinese letter or
        // `。`: the figures around it, with no space between, are read.
        assert_eq!(
            found("可能需要3~4小时，如果是。https://www.example.com/show-1343946.html。第二"),
            [("3", 3.0, Quantity), ("4", 4.0, Quantity)]
        );
        assert_eq!(
            found("https://x.org/a，价格是100元"),
            [("100", 100.0, Quantity)]
        );
        // An identifier ends at the first Chinese letter: `M7是…` no
        // longer hides the figures after it in the sentence.
        assert_eq!(
            found("问界M7是一款SUV，宽：1945毫米，高：1775毫米。"),
            [("1945", 1945.0, Year), ("1775", 1775.0, Quantity)]
        );
        // List numbering before Chinese text, and after a colon or a
        // semicolon.
        assert_eq!(
            found("4)后续处理: 两小时后检测了2次。"),
            [("2", 2.0, Quantity)]
        );
        assert!(found("释放了以下信号:1)支持合作;2)鼓励企业。").is_empty());
    }

    #[test]
    fn ordinals_and_latin_identifiers_are_not_figures() {
        assert!(found("第3四半期と제3차 회의").is_empty());
        // A Latin letter still glues: `Q4`, `G7` next to CJK text.
        assert!(found("東京のQ4とG7会議").is_empty());
    }
}
