//! Claims whose subject's name is swapped for a sibling's: each real claim
//! labelled supported that names a country, state, city, storm, company or
//! person of the lists below, found in its passage, with that name
//! replaced by another of the same list that its passage does not hold.
//! The citation is then wrong: "Hurricane Hilary" became "Hurricane
//! Dora", "Germany" became "Austria".

use crate::book::Record;

const SIBLINGS: [&[&str]; 7] = [
    &[
        "United States",
        "Canada",
        "Mexico",
        "Brazil",
        "Argentina",
        "Germany",
        "Austria",
        "France",
        "Belgium",
        "Spain",
        "Portugal",
        "Italy",
        "Greece",
        "Poland",
        "Sweden",
        "Norway",
        "Denmark",
        "Finland",
        "Russia",
        "Ukraine",
        "China",
        "Japan",
        "Korea",
        "India",
        "Pakistan",
        "Australia",
        "Egypt",
        "Nigeria",
        "Kenya",
        "Ireland",
        "Scotland",
        "England",
        "Netherlands",
        "Switzerland",
        "Turkey",
        "Iran",
        "Iraq",
        "Israel",
        "Chile",
        "Peru",
    ],
    &[
        "California",
        "Nevada",
        "Arizona",
        "Texas",
        "Florida",
        "Georgia",
        "Oregon",
        "Washington",
        "Colorado",
        "Utah",
        "Ohio",
        "Michigan",
        "Illinois",
        "Indiana",
        "Virginia",
        "Carolina",
        "Alabama",
        "Louisiana",
        "Mississippi",
        "Tennessee",
        "Kentucky",
        "Massachusetts",
    ],
    &[
        "London",
        "Paris",
        "Berlin",
        "Madrid",
        "Rome",
        "Tokyo",
        "Beijing",
        "Sydney",
        "Toronto",
        "Chicago",
        "Boston",
        "Seattle",
        "Houston",
        "Dallas",
        "Miami",
        "Atlanta",
        "Los Angeles",
        "San Diego",
        "San Francisco",
        "New York",
        "Tijuana",
        "Phoenix",
        "Denver",
    ],
    &[
        "Hilary",
        "Dora",
        "Fernanda",
        "Greg",
        "Idalia",
        "Ida",
        "Ian",
        "Irma",
        "Harvey",
        "Katrina",
        "Sandy",
        "Maria",
        "Michael",
        "Dorian",
        "Laura",
        "Haiyan",
        "Hinnamnor",
    ],
    &[
        "Google",
        "Microsoft",
        "Apple",
        "Amazon",
        "Meta",
        "Facebook",
        "Netflix",
        "Tesla",
        "Toyota",
        "Samsung",
        "Intel",
        "IBM",
        "Oracle",
        "Nvidia",
        "Sony",
        "Nike",
        "Adidas",
    ],
    &[
        "Hawkins",
        "Grohl",
        "Cobain",
        "Novoselic",
        "Smith",
        "Johnson",
        "Williams",
        "Brown",
        "Jones",
        "Miller",
        "Davis",
        "Wilson",
        "Anderson",
        "Taylor",
        "Thomas",
        "Moore",
        "Jackson",
        "Martin",
        "Lee",
        "Thompson",
        "White",
        "Harris",
        "Clark",
        "Lewis",
    ],
    &[
        "Freud",
        "Jung",
        "Piaget",
        "Skinner",
        "Darwin",
        "Newton",
        "Einstein",
        "Keynes",
        "Marx",
        "Smith",
        "Kant",
        "Hegel",
        "Plato",
        "Aristotle",
        "Shakespeare",
        "Dickens",
    ],
];

/// The swapped-name records made from `records`' supported claims.
pub fn swapped(records: &[Record]) -> Vec<Record> {
    let mut out = Vec::new();
    for record in records.iter().filter(|r| r.label == "supported") {
        let passages: String = record
            .citations
            .iter()
            .map(|c| format!("{} {} ", c.title, c.passage))
            .collect();
        if let Some(claim) = swap(&record.claim, &passages) {
            let mut swapped = record.clone();
            swapped.id = format!("{}:swapped-name", record.id);
            swapped.report = format!("{}:swapped-name", record.report);
            swapped.claim = claim;
            swapped.label = "unsupported".into();
            swapped.label_dataset = "unsupported".into();
            swapped.label_strict = "unsupported".into();
            swapped.set = "swapped-name".into();
            out.push(swapped);
        }
    }
    out
}

/// `claim` with its first listed name that `passages` hold replaced by
/// the next name of its list that they do not.
fn swap(claim: &str, passages: &str) -> Option<String> {
    for list in SIBLINGS {
        for (i, name) in list.iter().enumerate() {
            let Some(at) = find_word(claim, name) else {
                continue;
            };
            if find_word(passages, name).is_none() {
                continue;
            }
            let sibling = (1..list.len())
                .map(|k| list[(i + k) % list.len()])
                .find(|s| find_word(passages, s).is_none() && find_word(claim, s).is_none())?;
            return Some(format!(
                "{}{sibling}{}",
                &claim[..at],
                &claim[at + name.len()..]
            ));
        }
    }
    None
}

fn find_word(text: &str, word: &str) -> Option<usize> {
    let mut from = 0;
    while let Some(i) = text[from..].find(word) {
        let at = from + i;
        let before = text[..at].chars().next_back();
        let after = text[at + word.len()..].chars().next();
        if !before.is_some_and(char::is_alphanumeric) && !after.is_some_and(char::is_alphanumeric) {
            return Some(at);
        }
        from = at + word.len();
    }
    None
}
