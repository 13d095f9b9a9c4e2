//! Benchmark support (placeholder).
