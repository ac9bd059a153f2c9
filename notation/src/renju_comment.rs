//! RenjuPlain's comment lines, which the main line's writer ([`crate::renju_text`]) and
//! the variations' ([`crate::renju_variations`]) both write.

/// Appends `# text` lines (a line break in the text starts another comment line).
pub(crate) fn comment_lines(out: &mut String, text: &str) {
    for line in text.lines() {
        out.push_str("# ");
        out.push_str(line.trim_start());
        out.push('\n');
    }
    if text.lines().next().is_none() {
        out.push_str("#\n");
    }
}
