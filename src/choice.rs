//! The one error every unknown name gets, whichever flag or value names it.

use kifu_store::filter::FilterError;

/// The error for a name that is none of `valid`: the valid names, closest first (the
/// one form every unknown name takes, as the filter's do).
pub fn unknown_name<'a>(
    what: &'static str,
    given: &str,
    valid: impl IntoIterator<Item = &'a str>,
) -> String {
    FilterError::unknown(what, given, valid).to_string()
}
