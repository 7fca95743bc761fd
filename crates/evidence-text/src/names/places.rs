//! Places by kind — countries, states of the United States, large cities
//! — so that a claim naming one place can be told from a passage naming
//! another of the same kind: `Alabama` against a passage on `Georgia`,
//! `Canada` against one on the `United States`. A place missing from the
//! passages is common and fine (they need not repeat where a thing
//! happened); a passage naming a *different* place of the same kind, and
//! not the claim's, is a sign the citation is about something else.
//!
//! Names are folded as the rule folds words (lower case, accents and dots
//! dropped), one space between words.

use std::collections::HashMap;
use std::sync::OnceLock;

/// What kind of place a name is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// A country (`France`).
    Country,
    /// A state of the United States (`Georgia`).
    State,
    /// A large city (`Lagos`).
    City,
}

const COUNTRIES: &str = "afghanistan|albania|algeria|andorra|angola|argentina|armenia|australia|\
austria|azerbaijan|bahamas|bahrain|bangladesh|barbados|belarus|belgium|belize|benin|bhutan|\
bolivia|bosnia|botswana|brazil|brunei|bulgaria|burkina faso|burundi|cambodia|cameroon|canada|\
chad|chile|china|colombia|congo|costa rica|croatia|cuba|cyprus|czech republic|czechia|denmark|\
djibouti|dominican republic|ecuador|egypt|el salvador|england|eritrea|estonia|eswatini|ethiopia|\
fiji|finland|france|gabon|gambia|georgia|germany|ghana|greece|guatemala|guinea|guyana|haiti|\
honduras|hungary|iceland|india|indonesia|iran|iraq|ireland|israel|italy|jamaica|japan|jordan|\
kazakhstan|kenya|kosovo|kuwait|kyrgyzstan|laos|latvia|lebanon|lesotho|liberia|libya|\
liechtenstein|lithuania|luxembourg|madagascar|malawi|malaysia|maldives|mali|malta|mauritania|\
mauritius|mexico|moldova|monaco|mongolia|montenegro|morocco|mozambique|myanmar|namibia|nepal|\
netherlands|new zealand|nicaragua|niger|nigeria|north korea|north macedonia|norway|oman|\
pakistan|palestine|panama|papua new guinea|paraguay|peru|philippines|poland|portugal|qatar|\
romania|russia|rwanda|saudi arabia|scotland|senegal|serbia|sierra leone|singapore|slovakia|\
slovenia|somalia|south africa|south korea|south sudan|spain|sri lanka|sudan|suriname|sweden|\
switzerland|syria|taiwan|tajikistan|tanzania|thailand|togo|tunisia|turkey|turkmenistan|uganda|\
ukraine|united arab emirates|united kingdom|united states|uruguay|uzbekistan|venezuela|vietnam|\
wales|yemen|zambia|zimbabwe";

const STATES: &str = "alabama|alaska|arizona|arkansas|california|colorado|connecticut|delaware|\
florida|georgia|hawaii|idaho|illinois|indiana|iowa|kansas|kentucky|louisiana|maine|maryland|\
massachusetts|michigan|minnesota|mississippi|missouri|montana|nebraska|nevada|new hampshire|\
new jersey|new mexico|new york|north carolina|north dakota|ohio|oklahoma|oregon|pennsylvania|\
rhode island|south carolina|south dakota|tennessee|texas|utah|vermont|virginia|washington|\
west virginia|wisconsin|wyoming";

const CITIES: &str = "abu dhabi|accra|addis ababa|amsterdam|ankara|athens|atlanta|auckland|\
austin|baghdad|baltimore|bangkok|barcelona|beijing|beirut|belgrade|berlin|bogota|boston|\
brisbane|brussels|bucharest|budapest|buenos aires|cairo|calgary|cape town|caracas|charlotte|\
chicago|cleveland|copenhagen|dallas|damascus|delhi|denver|detroit|dhaka|doha|dubai|dublin|\
edinburgh|frankfurt|geneva|glasgow|guadalajara|hamburg|hanoi|havana|helsinki|hong kong|\
honolulu|houston|indianapolis|istanbul|jakarta|jerusalem|johannesburg|kabul|karachi|kyiv|kiev|\
kinshasa|kolkata|kuala lumpur|lagos|lahore|las vegas|lima|lisbon|liverpool|london|los angeles|\
lyon|madrid|manchester|manila|marseille|melbourne|memphis|mexico city|miami|milan|minneapolis|\
monterrey|montreal|moscow|mumbai|munich|nairobi|naples|nashville|new delhi|new orleans|\
new york|new york city|oakland|osaka|oslo|ottawa|paris|perth|philadelphia|phoenix|pittsburgh|\
portland|prague|rio de janeiro|riyadh|rome|sacramento|saint petersburg|san antonio|san diego|\
san francisco|san jose|santiago|sao paulo|seattle|seoul|shanghai|singapore|st louis|stockholm|\
sydney|taipei|tampa|tehran|tel aviv|tijuana|tokyo|toronto|tucson|vancouver|venice|vienna|\
warsaw|washington|wellington|zurich";

/// Every place's kinds by folded name (`georgia`, `new york` and
/// `washington` are of two).
fn places() -> &'static HashMap<&'static str, Vec<Kind>> {
    static PLACES: OnceLock<HashMap<&'static str, Vec<Kind>>> = OnceLock::new();
    PLACES.get_or_init(|| {
        let mut map: HashMap<&str, Vec<Kind>> = HashMap::new();
        for (list, kind) in [
            (COUNTRIES, Kind::Country),
            (STATES, Kind::State),
            (CITIES, Kind::City),
        ] {
            for name in list.split('|') {
                map.entry(name).or_default().push(kind);
            }
        }
        map
    })
}

/// The longest place among the words starting at `words[0]` (folded,
/// capitalised, one after another), up to three words: its kinds and how
/// many words it takes.
pub fn place_at(words: &[&str]) -> Option<(&'static [Kind], usize)> {
    let mut phrase = String::new();
    let mut best = None;
    for (n, word) in words.iter().take(3).enumerate() {
        if n > 0 {
            phrase.push(' ');
        }
        phrase.push_str(word);
        if let Some(kinds) = places().get(phrase.as_str()) {
            best = Some((kinds.as_slice(), n + 1));
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_are_folded_and_have_no_blank_entry() {
        for list in [COUNTRIES, STATES, CITIES] {
            for name in list.split('|') {
                assert!(!name.is_empty() && name == name.trim(), "{name:?}");
                assert!(
                    name.chars().all(|c| c.is_ascii_lowercase() || c == ' '),
                    "{name:?}"
                );
            }
        }
    }

    #[test]
    fn longest_place_wins() {
        assert_eq!(place_at(&["new", "york", "city"]).map(|(_, n)| n), Some(3));
        assert_eq!(place_at(&["new", "york", "state"]).map(|(_, n)| n), Some(2));
        assert_eq!(place_at(&["georgia"]).map(|(k, _)| k.len()), Some(2));
        assert!(place_at(&["new"]).is_none());
    }
}
