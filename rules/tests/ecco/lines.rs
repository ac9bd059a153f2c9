//! Hand-checked games and lines.
