//! What a chart shows: the request ([`ChartSpec`]) and the rows read for it ([`Rows`]),
//! which [`crate::charts`] reads from a DataFrame and [`crate::plot`] draws.

use kifu_facts::ResultName;

/// A chart request. Column names refer to the DataFrame given.
#[derive(Clone, Debug, PartialEq)]
pub enum ChartSpec {
    /// Score bars of one side with interval whiskers: label, value, low, high (0..1). Rows
    /// without a value (no result) are left out.
    ScoreBars {
        title: String,
        label: String,
        value: String,
        low: String,
        high: String,
        /// Whose score it is (its colour and legend).
        side: ResultName,
    },
    /// Stacked result shares per group: the label column, then each share column (0..1)
    /// with the side it counts (a win of that side, or `ResultName::Draw`). Rows without any
    /// share (no result) are left out.
    StackedShares {
        title: String,
        label: String,
        shares: Vec<(String, ResultName)>,
    },
    /// Histogram from pre-binned integer rows: `from`, `to` (inclusive bounds) and `count`
    /// columns. The chart widens the bins to a round multiple when there are many.
    Histogram {
        title: String,
        from: String,
        to: String,
        count: String,
        x_desc: String,
        /// For a balance (e.g. White − Black): the sides of bins above and below zero.
        sides: Option<(ResultName, ResultName)>,
    },
    /// Horizontal bars: label and value columns (findings per event/code).
    Bars {
        title: String,
        label: String,
        value: String,
    },
    /// Line: x and y columns (material curve).
    Line {
        title: String,
        x: String,
        y: String,
        x_desc: String,
        y_desc: String,
        /// For a balance: the sides ahead above and below zero (shaded and named).
        sides: Option<(ResultName, ResultName)>,
    },
}

impl ChartSpec {
    pub fn title(&self) -> &str {
        match self {
            ChartSpec::ScoreBars { title, .. }
            | ChartSpec::StackedShares { title, .. }
            | ChartSpec::Histogram { title, .. }
            | ChartSpec::Bars { title, .. }
            | ChartSpec::Line { title, .. } => title,
        }
    }
}

/// One score bar.
pub(crate) struct ScoreRow {
    pub label: String,
    pub value: f64,
    pub low: f64,
    pub high: f64,
}

/// One histogram bin: `[start, end)`, its count, and how that count splits by the sign of
/// the values it holds (what a balance chart colours by).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Bin {
    pub start: i64,
    pub end: i64,
    pub count: u64,
    pub signs: Signs,
}

/// The values of a bin by sign: above zero, at zero, below zero. A row of the input that
/// straddles zero (`-2..=2` binned by the analysis) cannot be split, so it counts as `zero`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Signs {
    pub above: u64,
    pub zero: u64,
    pub below: u64,
}

impl Signs {
    /// The signs of `count` values from `from` to `to` inclusive.
    pub(crate) fn of(from: i64, to: i64, count: u64) -> Signs {
        if from > 0 {
            Signs {
                above: count,
                ..Signs::default()
            }
        } else if to < 0 {
            Signs {
                below: count,
                ..Signs::default()
            }
        } else {
            Signs {
                zero: count,
                ..Signs::default()
            }
        }
    }

    pub(crate) fn add(&mut self, other: Signs) {
        self.above += other.above;
        self.zero += other.zero;
        self.below += other.below;
    }
}

/// The rows of a chart, read from the DataFrame once and drawn on both backends.
pub(crate) enum Rows {
    Score(Vec<ScoreRow>),
    Stacked {
        labels: Vec<String>,
        series: Vec<(ResultName, Vec<f64>)>,
    },
    Hist(Vec<Bin>),
    Bars(Vec<(String, f64)>),
    Line(Vec<(f64, f64)>),
    /// Nothing to draw, and why.
    Empty(&'static str),
}
