//! The words the books are made of: the source registry, the twelve topics
//! with their vocabularies, and the verbs, reporting phrases, caveats and
//! title words bullets and passages pick from.

/// The source registry: ids, publishers, tiers, paywall policy, URL host.
pub(super) const SOURCES: [(&str, &str, u8, bool, &str); 12] = [
    ("fed", "Federal Reserve", 1, false, "www.federalreserve.gov"),
    (
        "bls",
        "U.S. Bureau of Labor Statistics",
        1,
        false,
        "www.bls.gov",
    ),
    (
        "bea",
        "U.S. Bureau of Economic Analysis",
        1,
        false,
        "www.bea.gov",
    ),
    (
        "ecb",
        "European Central Bank",
        1,
        false,
        "www.ecb.europa.eu",
    ),
    ("reuters", "Reuters", 2, false, "www.reuters.com"),
    ("ap", "Associated Press", 2, false, "apnews.com"),
    ("ft", "Financial Times", 2, true, "www.ft.com"),
    ("wsj", "The Wall Street Journal", 2, true, "www.wsj.com"),
    (
        "brookings",
        "Brookings Institution",
        3,
        false,
        "www.brookings.edu",
    ),
    ("piie", "Peterson Institute", 3, false, "www.piie.com"),
    ("zh", "Zero Hedge", 4, false, "www.zerohedge.com"),
    ("substack", "Macro Substack", 4, false, "macro.substack.com"),
];

/// What an item is about: its title's subject, what its passage measures,
/// what moved it, and what the release added. Claims paraphrase the
/// passages of the items they cite, as a brief does.
pub(super) struct Topic {
    /// The subject, as titles name it.
    pub(super) subject: &'static str,
    /// What moved, as a sentence's subject.
    pub(super) measure: &'static str,
    /// What drove the move (any two of them per passage).
    pub(super) drivers: [&'static str; 4],
    /// What the release added.
    pub(super) context: [&'static str; 3],
}

pub(super) const TOPICS: [Topic; 12] = [
    Topic {
        subject: "The Federal Reserve",
        measure: "The effective federal funds rate",
        drivers: [
            "a firmer labor market",
            "sticky services inflation",
            "tighter financial conditions",
            "the Committee’s balance-sheet runoff",
        ],
        context: [
            "Policymakers said they would remain attentive to the risks to both sides of their mandate.",
            "Two members preferred a smaller adjustment at this meeting.",
            "Futures markets now price fewer cuts this year than they did in January.",
        ],
    },
    Topic {
        subject: "Core inflation",
        measure: "Core consumer prices",
        drivers: [
            "shelter costs",
            "car insurance premiums",
            "medical care services",
            "apparel and used vehicles",
        ],
        context: [
            "Energy and food prices, which are excluded from the core measure, were mixed.",
            "Economists had expected a slightly smaller increase.",
            "The three-month annualized pace remained above the central bank’s target.",
        ],
    },
    Topic {
        subject: "The ten-year Treasury yield",
        measure: "The ten-year Treasury yield",
        drivers: [
            "heavy corporate issuance",
            "a weak auction of new notes",
            "stronger retail sales data",
            "hawkish remarks from Fed officials",
        ],
        context: [
            "The curve between two- and ten-year notes steepened for a third week.",
            "Foreign demand at the auction was the lowest since November.",
            "Mortgage rates followed the move within days.",
        ],
    },
    Topic {
        subject: "Nonfarm payrolls",
        measure: "Nonfarm payroll employment",
        drivers: [
            "health care hiring",
            "government payrolls",
            "construction jobs",
            "leisure and hospitality",
        ],
        context: [
            "Average hourly earnings grew at a steady pace over the month.",
            "Revisions to the two prior months were small.",
            "The household survey showed a smaller gain than the payroll survey.",
        ],
    },
    Topic {
        subject: "The European Central Bank",
        measure: "The ECB’s deposit facility rate",
        drivers: [
            "slowing wage growth in the euro area",
            "weaker bank lending",
            "the stronger euro",
            "subdued manufacturing output in Germany",
        ],
        context: [
            "The Governing Council said future decisions would depend on incoming data.",
            "Staff projections put inflation close to two per cent next year.",
            "Several governors favoured a pause at the next meeting.",
        ],
    },
    Topic {
        subject: "Retail sales",
        measure: "Retail sales",
        drivers: [
            "online purchases",
            "spending at restaurants and bars",
            "lower gasoline station receipts",
            "furniture and electronics stores",
        ],
        context: [
            "Sales in the control group, which feeds into GDP, were firmer than the headline.",
            "Holiday-season returns weighed on department stores.",
            "Receipts were not adjusted for inflation.",
        ],
    },
    Topic {
        subject: "The dollar index",
        measure: "The dollar index",
        drivers: [
            "rate differentials with Europe",
            "safe-haven demand",
            "a rebound in the yen",
            "positioning by leveraged funds",
        ],
        context: [
            "Emerging-market currencies weakened against the dollar over the week.",
            "Options markets priced higher volatility for the coming month.",
            "The euro traded near its lowest level since autumn.",
        ],
    },
    Topic {
        subject: "Housing starts",
        measure: "Housing starts",
        drivers: [
            "single-family construction in the South",
            "fewer multifamily projects",
            "cold weather in the Northeast",
            "higher mortgage rates",
        ],
        context: [
            "Building permits, a guide to future construction, edged lower.",
            "Builders reported the weakest sentiment in a year.",
            "Completions outpaced new starts for a fourth month.",
        ],
    },
    Topic {
        subject: "Crude oil inventories",
        measure: "Commercial crude oil inventories",
        drivers: [
            "lower refinery runs",
            "higher imports from Canada",
            "strategic reserve purchases",
            "weaker gasoline demand",
        ],
        context: [
            "Stocks at the Cushing, Oklahoma, hub were little changed.",
            "Distillate inventories fell more than analysts expected.",
            "Brent crude futures reacted little to the report.",
        ],
    },
    Topic {
        subject: "Industrial production",
        measure: "Industrial production",
        drivers: [
            "utility output during the cold snap",
            "motor vehicle assembly",
            "mining and drilling activity",
            "aerospace equipment",
        ],
        context: [
            "Capacity utilization held near its long-run average.",
            "Manufacturing output alone was flat over the month.",
            "Revisions lowered the estimates for the prior two months.",
        ],
    },
    Topic {
        subject: "The unemployment rate",
        measure: "The unemployment rate",
        drivers: [
            "more people entering the labor force",
            "fewer temporary layoffs",
            "a rise in long-term joblessness",
            "higher participation among prime-age workers",
        ],
        context: [
            "The broader underemployment measure was unchanged.",
            "Continuing claims for jobless benefits drifted higher.",
            "Youth unemployment rose for a second month.",
        ],
    },
    Topic {
        subject: "Corporate credit spreads",
        measure: "Investment-grade credit spreads",
        drivers: [
            "record bond issuance",
            "strong demand from insurers",
            "downgrades in the retail sector",
            "falling default expectations",
        ],
        context: [
            "High-yield spreads moved by a similar amount.",
            "New issues were several times oversubscribed.",
            "Fund flows into credit turned positive again.",
        ],
    },
];
pub(super) const VERBS: [&str; 8] = [
    "rose to",
    "fell to",
    "held steady at",
    "edged up to",
    "slipped to",
    "climbed to",
    "eased to",
    "was revised to",
];
pub(super) const REPORTED: [&str; 4] = [
    "according to the latest release",
    "the report showed on Wednesday",
    "data released on Tuesday showed",
    "figures published on Friday showed",
];
pub(super) const CAVEATS: [&str; 3] = [
    "Officials cautioned that a single month of data says little about the trend, and that revisions could be large.",
    "Analysts at several banks said the figures were broadly in line with their forecasts.",
    "The report was delayed by a day because of the holiday.",
];
pub(super) const TITLE_WORDS: [&str; 10] = [
    "Outlook",
    "Statement",
    "Release",
    "Minutes",
    "Survey",
    "Update",
    "Analysis",
    "Projections",
    "Commentary",
    "Brief",
];
