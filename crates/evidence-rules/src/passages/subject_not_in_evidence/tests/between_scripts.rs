//! Chinese text puts no space between a Latin name and the characters
//! around it: the name is the Latin letters alone (`UI设计` names `UI`),
//! in the claim and in the passage, before a Chinese character and after.

use super::*;

#[test]
fn a_latin_name_ends_where_chinese_text_begins() {
    // Before the fix the claim named `UI设计更加漂亮`, and the passage
    // `UI上更加漂亮`, in its place.
    assert_eq!(
        check(
            "ant-design-vue的优势在于其功能更加齐全，而 element-ui则在于其 UI设计更加漂亮，使用起来更加容易上手。",
            "ant-design-vue功能更加齐全，适合管理平台。element-ui在UI上更加漂亮，使用起来更加容易上手。",
        ),
        None
    );
    assert_eq!(
        check(
            "在 FeS2中，Fe的化合价为+2。",
            "FeS2中S和Fe的化合价是多少？FeS2中Fe的化合价为+2，S为-1。",
        ),
        None
    );
    assert_eq!(
        check(
            "Lawrence Li月球石英手表，Lawrence Li是来自香港的手表设计师。",
            "Lawrence Li是来自香港的时尚手表设计师，他的月球石英手表很受欢迎。",
        ),
        None
    );
}

#[test]
fn a_latin_name_after_a_chinese_character_is_read() {
    // `的XSS` names `XSS`: a swapped name glued to the text is caught.
    assert_eq!(
        check(
            "《荒野大镖客》在XSS上的分辨率提升到了1440P。",
            "《荒野大镖客》在PS5上的分辨率提升到了1440P。PS5版本还带来帧数提升。",
        ),
        Some(("XSS".into(), "PS5".into()))
    );
}

#[test]
fn a_latin_name_is_placed_by_the_chinese_characters_beside_it() {
    // The claim cuts the text before the name as `除了皇马的`, the passage
    // as `在那个赛季除了皇马的`: the two characters next to the name
    // (`马的`) place it.
    let passage = "我们可以看到在当时巴萨的MSN占据了最顶级的锋线组合，中锋苏亚雷斯、右边锋梅西、左边锋内马尔，在那个赛季除了皇马的BBC之外没有敌手。C罗、贝尔、本泽马占据欧洲舞台。";
    assert_eq!(
        check(
            "对手竞争: 在那个赛季，除了皇马的 CPU组合外，没有其他球队的前场组合能与巴萨的 MSN相抗衡。",
            passage,
        ),
        Some(("CPU".into(), "BBC".into()))
    );
    assert_eq!(
        check(
            "对手竞争: 在那个赛季，除了皇马的 BBC组合外，没有其他球队的前场组合能与巴萨的 MSN相抗衡。",
            passage,
        ),
        None
    );
}

/// Latin names, Chinese and Thai text, and what lies between them.
const MIXED: &[&str] = &[
    "UI",
    "XSS",
    "Fe",
    "Hurricane",
    "ant",
    "设计",
    "的",
    "東京",
    "ก่",
    "・",
    "ｶ",
    "-",
    ".",
    " ",
    "、",
];

proptest::proptest! {
    #[test]
    fn mixed_scripts_are_cut_as_the_reference_cuts_them(
        pieces in proptest::collection::vec(proptest::sample::select(MIXED), 0..24),
        word in proptest::collection::vec(proptest::sample::select(MIXED), 1..3),
    ) {
        let text: String = pieces.concat();
        proptest::prop_assert_eq!(words(&text, true), reference_words(&text, true));
        let capitalised: Vec<&str> = evidence_text::names::tokens(&text)
            .filter(|t| t.capital)
            .map(|t| &text[t.at])
            .collect();
        proptest::prop_assert_eq!(capitals(&text).collect::<Vec<_>>(), capitalised);
        let vocabulary = ItemVocabulary::new(&[text.as_str()]);
        let word = fold(&word.concat());
        proptest::prop_assert_eq!(
            vocabulary.begins_a_word(&word),
            begins_a_word_by_memmem(&vocabulary, &word)
        );
    }
}
