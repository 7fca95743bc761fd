//! The unit written with a number, for comparing figures across units:
//! a unit of measure after it (`125 mph`, `23-pound`, `77°F`, `18 in`),
//! or a currency around it (`£10`, `$3.2bn`, `10 euros`). Currencies are
//! never converted; they only tell two figures apart.

use std::ops::Range;

/// What a unit measures.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Dimension {
    Speed,
    Length,
    Mass,
    Temperature,
    Area,
    Volume,
}

/// The unit of a figure.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Unit {
    /// A unit of measure: its dimension, its size in the dimension's base
    /// unit (km/h, m, kg, °C, km², litre), and its name as the messages
    /// write it.
    Measure {
        /// What it measures.
        dimension: Dimension,
        /// Its size in the dimension's base unit.
        factor: f64,
        /// Its name as the messages write it.
        name: &'static str,
    },
    /// A currency, by its symbol or code (`£`, `USD`).
    Currency(&'static str),
}

use Dimension::*;

/// Units of measure written after a number, lowercase (`°` units are
/// matched separately). Longer names first where one starts another.
const MEASURES: &[(&str, Dimension, f64, &str)] = &[
    ("miles per hour", Speed, 1.609_344, "mph"),
    ("mph", Speed, 1.609_344, "mph"),
    ("kilometres per hour", Speed, 1.0, "km/h"),
    ("kilometers per hour", Speed, 1.0, "km/h"),
    ("km/h", Speed, 1.0, "km/h"),
    ("kmh", Speed, 1.0, "km/h"),
    ("kph", Speed, 1.0, "km/h"),
    ("m/s", Speed, 3.6, "m/s"),
    ("knots", Speed, 1.852, "knots"),
    ("square miles", Area, 2.589_988, "sq mi"),
    ("sq mi", Area, 2.589_988, "sq mi"),
    ("square kilometres", Area, 1.0, "km²"),
    ("square kilometers", Area, 1.0, "km²"),
    ("km²", Area, 1.0, "km²"),
    ("km2", Area, 1.0, "km²"),
    ("miles", Length, 1_609.344, "miles"),
    ("mile", Length, 1_609.344, "miles"),
    ("mi", Length, 1_609.344, "miles"),
    ("kilometres", Length, 1_000.0, "km"),
    ("kilometers", Length, 1_000.0, "km"),
    ("kilometre", Length, 1_000.0, "km"),
    ("kilometer", Length, 1_000.0, "km"),
    ("km", Length, 1_000.0, "km"),
    ("metres", Length, 1.0, "m"),
    ("meters", Length, 1.0, "m"),
    ("metre", Length, 1.0, "m"),
    ("meter", Length, 1.0, "m"),
    ("feet", Length, 0.3048, "ft"),
    ("foot", Length, 0.3048, "ft"),
    ("ft", Length, 0.3048, "ft"),
    ("inches", Length, 0.0254, "in"),
    ("inch", Length, 0.0254, "in"),
    ("centimetres", Length, 0.01, "cm"),
    ("centimeters", Length, 0.01, "cm"),
    ("cm", Length, 0.01, "cm"),
    ("millimetres", Length, 0.001, "mm"),
    ("millimeters", Length, 0.001, "mm"),
    ("mm", Length, 0.001, "mm"),
    ("yards", Length, 0.9144, "yd"),
    ("yd", Length, 0.9144, "yd"),
    ("kilograms", Mass, 1.0, "kg"),
    ("kilogram", Mass, 1.0, "kg"),
    ("kg", Mass, 1.0, "kg"),
    ("pounds", Mass, 0.453_592_37, "lb"),
    ("pound", Mass, 0.453_592_37, "lb"),
    ("lbs", Mass, 0.453_592_37, "lb"),
    ("lb", Mass, 0.453_592_37, "lb"),
    ("ounces", Mass, 0.028_349_523, "oz"),
    ("oz", Mass, 0.028_349_523, "oz"),
    ("grams", Mass, 0.001, "g"),
    ("tonnes", Mass, 1_000.0, "t"),
    ("gallons", Volume, 3.785_411_8, "gallons"),
    ("litres", Volume, 1.0, "litres"),
    ("liters", Volume, 1.0, "litres"),
];

/// Currency symbols written before a number, longest first.
const SYMBOLS: &[(&str, &str)] = &[
    ("US$", "$"),
    ("A$", "A$"),
    ("C$", "C$"),
    ("$", "$"),
    ("£", "£"),
    ("€", "€"),
    ("¥", "¥"),
    ("₹", "₹"),
];

/// Currency codes and names written before or after a number.
const CODES: &[(&str, &str)] = &[
    ("usd", "$"),
    ("dollars", "$"),
    ("gbp", "£"),
    ("eur", "€"),
    ("euros", "€"),
    ("jpy", "¥"),
    ("yen", "¥"),
    ("cny", "CNY"),
    ("yuan", "CNY"),
    ("inr", "₹"),
    ("rupees", "₹"),
];

/// The unit of the number at `span` of `text` (the span ends after any
/// scale: `3.2bn`), if it has one.
pub fn unit_of(text: &str, span: &Range<usize>) -> Option<Unit> {
    currency_before(text, span.start)
        .or_else(|| measure_after(text, span.end))
        .or_else(|| currency_after(text, span.end))
}

/// `£10`, `$ 3`, `US$5`, `USD 5`.
fn currency_before(text: &str, start: usize) -> Option<Unit> {
    let head = text.get(..start)?.trim_end_matches([' ', '\u{a0}']);
    // A sign between the symbol and the digits: `$-3`, `-$3` is earlier.
    let head = head.strip_suffix(['-', '−']).unwrap_or(head);
    if let Some(&(_, c)) = SYMBOLS.iter().find(|(s, _)| head.ends_with(s)) {
        return Some(Unit::Currency(c));
    }
    let word = head.rsplit(|c: char| !c.is_ascii_alphabetic()).next()?;
    code(word)
}

/// `10 euros`, `5 USD`.
fn currency_after(text: &str, end: usize) -> Option<Unit> {
    let rest = text.get(end..)?.trim_start_matches([' ', '\u{a0}']);
    let word = rest.split(|c: char| !c.is_ascii_alphabetic()).next()?;
    code(word)
}

fn code(word: &str) -> Option<Unit> {
    CODES
        .iter()
        .find(|(c, _)| word.eq_ignore_ascii_case(c))
        .map(|&(_, symbol)| Unit::Currency(symbol))
}

/// A unit of measure after the number: glued (`125mph`, `10kg`), after a
/// space or a hyphen (`23-pound`), or a temperature (`77°F`, `25 °C`, `77
/// degrees Fahrenheit`).
fn measure_after(text: &str, end: usize) -> Option<Unit> {
    let rest = text.get(end..)?;
    let rest = rest
        .strip_prefix(['-', ' ', '\u{a0}', '\u{202f}', '\u{2009}'])
        .unwrap_or(rest);
    if let Some(unit) = temperature(rest) {
        return Some(unit);
    }
    for &(name, dimension, factor, short) in MEASURES {
        let Some(head) = rest.get(..name.len()) else {
            continue;
        };
        let after = rest[name.len()..].chars().next();
        if head.eq_ignore_ascii_case(name) && !after.is_some_and(char::is_alphanumeric) {
            return Some(Unit::Measure {
                dimension,
                factor,
                name: short,
            });
        }
    }
    // `18 in (460 mm)`: `in` is a unit only before a bracket or the end.
    let inches = rest.strip_prefix("in").is_some_and(|after| {
        let after = after.trim_start();
        after.is_empty() || after.starts_with(['(', ')', ',', ';'])
    });
    inches.then_some(Unit::Measure {
        dimension: Length,
        factor: 0.0254,
        name: "in",
    })
}

/// `°F`, `° C`, `degrees Fahrenheit`, `F` after a degree sign.
fn temperature(rest: &str) -> Option<Unit> {
    let after = if let Some(after) = rest.strip_prefix('°') {
        after.trim_start()
    } else {
        let degrees = ["degrees ", "degree "]
            .iter()
            .find_map(|d| rest.get(..d.len()).filter(|h| h.eq_ignore_ascii_case(d)))?;
        &rest[degrees.len()..]
    };
    let word = after
        .split(|c: char| !c.is_ascii_alphabetic())
        .next()
        .unwrap_or_default();
    let fahrenheit = match word.to_ascii_lowercase().as_str() {
        "f" | "fahrenheit" => true,
        "c" | "celsius" | "centigrade" => false,
        _ => return None,
    };
    Some(Unit::Measure {
        dimension: Temperature,
        factor: if fahrenheit { 1.8 } else { 1.0 },
        name: if fahrenheit { "°F" } else { "°C" },
    })
}

/// `value` in `from` converted to `to` (same dimension); temperatures are
/// affine (°F = °C × 1.8 + 32).
pub fn convert(value: f64, from: Unit, to: Unit) -> Option<f64> {
    let (
        Unit::Measure {
            dimension: d1,
            factor: f1,
            ..
        },
        Unit::Measure {
            dimension: d2,
            factor: f2,
            ..
        },
    ) = (from, to)
    else {
        return None;
    };
    if d1 != d2 || f1 == f2 {
        return None;
    }
    if d1 == Temperature {
        let celsius = if f1 == 1.8 {
            (value - 32.0) / 1.8
        } else {
            value
        };
        return Some(if f2 == 1.8 {
            celsius * 1.8 + 32.0
        } else {
            celsius
        });
    }
    Some(value * f1 / f2)
}

/// The unit's name as messages write it.
pub(crate) fn unit_name(unit: Unit) -> &'static str {
    match unit {
        Unit::Measure { name, .. } | Unit::Currency(name) => name,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn unit(text: &str) -> Option<&'static str> {
        let start = text.find(|c: char| c.is_ascii_digit()).unwrap();
        let end = start
            + text[start..]
                .find(|c: char| !c.is_ascii_digit() && c != '.' && c != ',')
                .unwrap_or(text.len() - start);
        unit_of(text, &(start..end)).map(unit_name)
    }

    #[test]
    fn units_of_measure_and_currencies() {
        for (text, name) in [
            ("at 125 mph", "mph"),
            ("at 201 km/h", "km/h"),
            ("a 23-pound shell", "lb"),
            ("weighs 10 kg (23 lb)", "kg"),
            ("18 in (460 mm)", "in"),
            ("77°F", "°F"),
            ("25 ° C", "°C"),
            ("77 degrees Fahrenheit", "°F"),
            ("5,000\u{a0}miles", "miles"),
            ("costs £10 each", "£"),
            ("US$ 3.2", "$"),
            ("10 euros", "€"),
            ("USD 5", "$"),
        ] {
            assert_eq!(unit(text), Some(name), "{text}");
        }
        for text in [
            "5 in a row",
            "3 minutes",
            "10 km²x",
            "the 7 ft.x",
            "4 people",
        ] {
            assert!(
                unit(text) != Some("in") && unit(text) != Some("lb"),
                "{text}"
            );
        }
        assert_eq!(unit("4 people"), None);
    }

    #[test]
    fn conversions() {
        let mph = unit_of("125 mph", &(0..3)).unwrap();
        let kmh = unit_of("201 km/h", &(0..3)).unwrap();
        assert!((convert(125.0, mph, kmh).unwrap() - 201.168).abs() < 0.001);
        let f = unit_of("77°F", &(0..2)).unwrap();
        let c = unit_of("25°C", &(0..2)).unwrap();
        assert!((convert(77.0, f, c).unwrap() - 25.0).abs() < 1e-9);
        assert!((convert(25.0, c, f).unwrap() - 77.0).abs() < 1e-9);
        let pound = unit_of("£10", &(2..4)).unwrap();
        assert_eq!(convert(10.0, pound, pound), None);
        assert_eq!(convert(10.0, mph, c), None);
    }

    #[test]
    fn odd_text_is_safe() {
        for text in [
            "5°",
            "5°\u{200f}F",
            "5 d",
            "5 degrees",
            "5\u{3000}km",
            "5 ｋｍ",
            "5 ft",
        ] {
            let _ = unit_of(text, &(0..1));
        }
        assert_eq!(unit_of("", &(0..0)), None);
    }
}
