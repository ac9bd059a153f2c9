//! A player's rating history as an inline SVG (a player's page, where the site shows
//! ratings at all): the stored list's rating by date, one period a point, up to the last
//! event of the page, with each event's end marked by its rating there (the stored
//! period at or before the player's last game of the event, as [`RatingHistory::as_of`]
//! reads it for the standings). Nothing is computed here: every rating is the stored
//! history's.

use std::fmt::Write;

use kifu_analysis::ratings::{RatedDay, RatingHistory};

use crate::escape::escape;

/// The drawing's size, in its own units (the SVG scales to the column).
const WIDTH: f64 = 640.0;
const HEIGHT: f64 = 220.0;
/// Room for the axis labels: left, right, top, bottom.
const MARGIN: [f64; 4] = [48.0, 12.0, 12.0, 28.0];

/// An event of the page: its name and the player's last date in it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct EventEnd {
    pub(crate) event: String,
    pub(crate) date: String,
}

/// `<svg class="rating-chart">` of `player`'s `history` (oldest first) up to the last of
/// `ends`, labelled `label`; `None` when no dated period comes before an event's end.
pub(crate) fn rating_chart(
    history: &RatingHistory,
    player: &str,
    ends: &[EventEnd],
    label: &str,
) -> Option<String> {
    let day = |date: &str| RatingHistory::day_number(date).map(f64::from);
    let last = ends.iter().filter_map(|e| day(&e.date)).reduce(f64::max)?;
    let points: Vec<(f64, &RatedDay)> = history
        .points(player)
        .iter()
        .filter(|p| p.date.is_some() && f64::from(p.day) <= last)
        .map(|p| (f64::from(p.day), p))
        .collect();
    // Each event's end at the rating the standings show as of it.
    let marks: Vec<(f64, f64, &EventEnd)> = ends
        .iter()
        .filter_map(|end| {
            let at = day(&end.date)?;
            let rating = history
                .as_of(player, Some(&end.date))
                .filter(|_| points.first().is_some_and(|(d, _)| *d <= at))?;
            Some((at, rating, end))
        })
        .collect();
    if marks.is_empty() {
        return None;
    }
    let (first_day, last_day) = (points[0].0, last);
    let low = points
        .iter()
        .map(|(_, p)| p.rating)
        .fold(f64::MAX, f64::min);
    let high = points
        .iter()
        .map(|(_, p)| p.rating)
        .fold(f64::MIN, f64::max);
    // A flat history still gets a band to sit in.
    let (low, high) = ((low - 25.0).floor(), (high + 25.0).ceil());
    let [left, right, top, bottom] = MARGIN;
    let x = |d: f64| {
        let span = (last_day - first_day).max(1.0);
        left + (d - first_day) / span * (WIDTH - left - right)
    };
    let y = |r: f64| top + (high - r) / (high - low) * (HEIGHT - top - bottom);
    let mut out = String::new();
    let _ = write!(
        out,
        "<svg class=\"rating-chart\" xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {WIDTH} \
         {HEIGHT}\" role=\"img\" aria-label=\"{}\">",
        escape(label)
    );
    let _ = write!(
        out,
        "<g font-size=\"11\" fill=\"currentColor\"><text x=\"{}\" y=\"{:.1}\" \
         text-anchor=\"end\">{high:.0}</text><text x=\"{}\" y=\"{:.1}\" \
         text-anchor=\"end\">{low:.0}</text>",
        left - 4.0,
        y(high) + 4.0,
        left - 4.0,
        y(low),
    );
    let first_date = points[0].1.date.as_deref().unwrap_or("");
    let last_date = marks.last().map_or("", |(_, _, e)| e.date.as_str());
    let _ = write!(
        out,
        "<text x=\"{left}\" y=\"{}\">{}</text><text x=\"{}\" y=\"{}\" \
         text-anchor=\"end\">{}</text></g>",
        HEIGHT - 8.0,
        escape(first_date),
        WIDTH - right,
        HEIGHT - 8.0,
        escape(last_date)
    );
    let _ = write!(
        out,
        "<path d=\"M{left} {top}V{}H{}\" fill=\"none\" stroke=\"currentColor\" \
         stroke-opacity=\"0.3\"/>",
        HEIGHT - bottom,
        WIDTH - right
    );
    let line: Vec<String> = points
        .iter()
        .map(|(d, p)| format!("{:.1},{:.1}", x(*d), y(p.rating)))
        .collect();
    let _ = write!(
        out,
        "<polyline points=\"{}\" fill=\"none\" stroke=\"currentColor\" stroke-width=\"1.5\"/>",
        line.join(" ")
    );
    for (d, rating, end) in &marks {
        let _ = write!(
            out,
            "<circle class=\"event-end\" data-date=\"{}\" data-rating=\"{rating:.0}\" \
             cx=\"{:.1}\" cy=\"{:.1}\" r=\"4\"><title>{}: {rating:.0} ({})</title></circle>",
            escape(&end.date),
            x(*d),
            y(*rating),
            escape(&end.event),
            escape(&end.date)
        );
    }
    out.push_str("</svg>");
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use kifu_store::ratings::StoredRating;

    /// One player's (`P`) history of (date, rating) periods.
    fn history(periods: &[(Option<&str>, f64)]) -> RatingHistory {
        let rows: Vec<StoredRating> = periods
            .iter()
            .enumerate()
            .map(|(i, &(date, rating))| StoredRating {
                player: "P".into(),
                period: i as u32,
                date: date.map(Into::into),
                rating,
                sd: None,
                games: 1,
            })
            .collect();
        RatingHistory::of_rows(&rows)
    }

    fn end(event: &str, date: &str) -> EventEnd {
        EventEnd {
            event: event.into(),
            date: date.into(),
        }
    }

    #[test]
    fn each_event_end_is_marked_with_the_stored_rating_at_or_before_it() {
        let history = history(&[
            (Some("2014-05-01"), 1500.0),
            (Some("2015-08-22"), 1600.0),
            (Some("2015-08-26"), 1650.0),
            (Some("2016-01-01"), 1700.0),
        ]);
        let ends = [
            end("A", "2015-08-26"),
            end("B", "2015-09-30"),
            end("C", "2013-01-01"),
        ];
        let svg = rating_chart(&history, "P", &ends, "rating").unwrap();
        // A at its own last day; B at the last period before it; C before any period: none.
        assert!(
            svg.contains("data-date=\"2015-08-26\" data-rating=\"1650\""),
            "{svg}"
        );
        assert!(
            svg.contains("data-date=\"2015-09-30\" data-rating=\"1650\""),
            "{svg}"
        );
        assert_eq!(svg.matches("<circle").count(), 2);
        // The period after the last event is not drawn.
        assert_eq!(svg.matches(',').count(), 3, "{svg}");
    }

    #[test]
    fn no_chart_without_a_dated_period_before_an_event() {
        let ends = [end("A", "2019-01-01")];
        let later = history(&[(Some("2020-01-01"), 1500.0)]);
        assert_eq!(rating_chart(&later, "P", &ends, "r"), None);
        let undated = history(&[(None, 1500.0)]);
        assert_eq!(rating_chart(&undated, "P", &ends, "r"), None);
        assert_eq!(rating_chart(&later, "someone else", &ends, "r"), None);
    }
}
