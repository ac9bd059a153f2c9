//! kifu integration tests
