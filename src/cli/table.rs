//! Aligned text tables for the listings: columns are measured in display width (a CJK
//! character takes two columns of a terminal, a combining mark none), so names in any
//! script line up, and a cell wider than its column's cap is cut with `…`.

use std::borrow::Cow;

use unicode_width::{UnicodeWidthChar, UnicodeWidthStr};

/// One column: its heading, whether numbers align right, and the widest it may grow.
pub(super) struct Column {
    pub(super) heading: Cow<'static, str>,
    pub(super) right: bool,
    pub(super) cap: Option<usize>,
}

pub(super) const fn left(heading: &'static str) -> Column {
    Column {
        heading: Cow::Borrowed(heading),
        right: false,
        cap: None,
    }
}

pub(super) const fn right(heading: &'static str) -> Column {
    Column {
        heading: Cow::Borrowed(heading),
        right: true,
        cap: None,
    }
}

/// A left-aligned column cut at `cap` display columns.
pub(super) const fn capped(heading: &'static str, cap: usize) -> Column {
    Column {
        heading: Cow::Borrowed(heading),
        right: false,
        cap: Some(cap),
    }
}

/// A column named at run time (a data frame's), cut at `cap` display columns.
pub(super) fn named(heading: String, right: bool, cap: usize) -> Column {
    Column {
        heading: Cow::Owned(heading),
        right,
        cap: Some(cap),
    }
}

/// `text` padded with spaces to `width` display columns (a CJK character takes two), as
/// `{:<width}` pads ASCII; longer text is left whole.
pub(super) fn pad_right(text: &str, width: usize) -> String {
    let mut out = text.to_owned();
    out.push_str(&" ".repeat(width.saturating_sub(text.width())));
    out
}

/// `text` cut to at most `cap` display columns, `…` marking the cut.
fn cut(text: &str, cap: usize) -> String {
    if text.width() <= cap {
        return text.to_owned();
    }
    let mut out = String::new();
    let mut width = 0;
    for c in text.chars() {
        let w = c.width().unwrap_or(0);
        if width + w + 1 > cap {
            break;
        }
        out.push(c);
        width += w;
    }
    out.push('…');
    out
}

/// The table with a heading line; columns two spaces apart, no trailing spaces.
pub(super) fn render(columns: &[Column], rows: &[Vec<String>]) -> String {
    let cells: Vec<Vec<String>> = rows
        .iter()
        .map(|row| {
            row.iter()
                .zip(columns)
                .map(|(cell, col)| col.cap.map_or_else(|| cell.clone(), |cap| cut(cell, cap)))
                .collect()
        })
        .collect();
    let widths: Vec<usize> = columns
        .iter()
        .enumerate()
        .map(|(i, col)| {
            cells
                .iter()
                .map(|row| row[i].width())
                .chain([col.heading.width()])
                .max()
                .unwrap_or(0)
        })
        .collect();
    let mut out = String::new();
    let headings: Vec<String> = columns.iter().map(|c| c.heading.to_string()).collect();
    for row in std::iter::once(&headings).chain(&cells) {
        let mut line = String::new();
        for (i, (cell, col)) in row.iter().zip(columns).enumerate() {
            if i > 0 {
                line.push_str("  ");
            }
            let pad = " ".repeat(widths[i] - cell.width());
            if col.right {
                line.push_str(&pad);
                line.push_str(cell);
            } else {
                line.push_str(cell);
                line.push_str(&pad);
            }
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn padding_counts_display_columns() {
        assert_eq!(pad_right("Li Na", 8), "Li Na   ");
        assert_eq!(pad_right("胡榮華", 8), "胡榮華  ");
        assert_eq!(
            pad_right("胡榮華", 8).width(),
            pad_right("Li Na", 8).width()
        );
        assert_eq!(pad_right("上海胡榮華先生", 8), "上海胡榮華先生");
    }

    #[test]
    fn cjk_names_line_up_and_long_cells_are_cut() {
        let columns = [right("id"), capped("player", 8), left("result")];
        let rows = vec![
            vec!["1".into(), "胡榮華".into(), "red".into()],
            vec!["12".into(), "Li Na".into(), "draw".into()],
            vec!["3".into(), "上海胡榮華先生".into(), "black".into()],
        ];
        let text = render(&columns, &rows);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], "id  player   result");
        assert_eq!(lines[1], " 1  胡榮華   red");
        assert_eq!(lines[2], "12  Li Na    draw");
        assert_eq!(lines[3], " 3  上海胡…  black");
        // Every result starts in the same terminal column.
        let at: Vec<usize> = lines
            .iter()
            .map(|l| l[..l.rfind("  ").unwrap()].width())
            .collect();
        assert!(at.iter().all(|&a| a == at[0]), "{at:?}");
    }
}
