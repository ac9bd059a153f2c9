//! The embedded table against the published definitions.
