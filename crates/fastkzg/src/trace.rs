//! Spans around the phases of the expensive functions, for the `tracing`
//! feature: with it, [`span!`] and [`phase!`] open `tracing` spans at DEBUG
//! level (named after the spec function or the phase); without it they
//! expand to nothing and cost nothing.
//!
//! To see them, install a subscriber that reports span durations, e.g.
//! `tracing_subscriber::fmt().with_span_events(FmtSpan::CLOSE)` (see
//! `examples/phases.rs`). Work that a phase hands to the rayon pool runs on
//! other threads, so a phase's `time.busy` is the time of the thread that
//! entered it.

/// Opens a span named `$name` for the rest of the enclosing block.
macro_rules! span {
    ($name:literal) => {
        #[cfg(feature = "tracing")]
        let _span = tracing::debug_span!($name).entered();
    };
}

/// Evaluates `$body` inside a span named `$name`.
macro_rules! phase {
    ($name:literal, $body:expr) => {{
        $crate::trace::span!($name);
        $body
    }};
}

pub(crate) use {phase, span};
