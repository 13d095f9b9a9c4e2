//! The one dispatch point: whether this CPU has the instructions, and the
//! switch that turns the kernels off.

use core::sync::atomic::{AtomicU8, Ordering};

use crate::Engine;

/// The switch: not yet read from the environment, on, or off.
const UNSET: u8 = 0;
const ON: u8 = 1;
const OFF: u8 = 2;
static SWITCH: AtomicU8 = AtomicU8::new(UNSET);

/// The environment variable whose value (anything but empty or `0`) turns
/// the kernels off until [`set_enabled`] is called.
pub const DISABLE_ENV: &str = "FASTKZG_NO_IFMA";

/// The engine, or `None` where this CPU lacks AVX-512F or AVX-512 IFMA
/// (every non-x86-64 target), or where the kernels are turned off
/// ([`set_enabled`], [`DISABLE_ENV`]).
///
/// The CPU is checked once per process; the switch is an atomic load at
/// every call, so callers ask here at the start of each operation and use
/// the returned engine for that operation only.
#[inline]
pub fn engine() -> Option<&'static Engine> {
    #[cfg(target_arch = "x86_64")]
    if enabled() && cpu_supported() {
        return Some(&Engine::INSTANCE);
    }
    None
}

/// Turns the kernels on or off for the whole process, overriding
/// [`DISABLE_ENV`]. It may be called at any time, from any thread:
/// operations that already hold an [`Engine`] finish on it (the CPU has the
/// instructions, so they are still correct), and every later [`engine`]
/// call sees the new setting. The kernels compute exactly what the
/// callers' scalar paths compute, so the switch changes speed only, never
/// results. Turning them on does nothing on a CPU without the
/// instructions.
pub fn set_enabled(on: bool) {
    SWITCH.store(if on { ON } else { OFF }, Ordering::Relaxed);
}

/// Whether the kernels are switched on: the last [`set_enabled`], or, if
/// it was never called, whether [`DISABLE_ENV`] is unset (or empty or
/// `0`), read once. Says nothing about the CPU ([`cpu_supported`]).
pub fn is_enabled() -> bool {
    enabled()
}

#[inline]
fn enabled() -> bool {
    match SWITCH.load(Ordering::Relaxed) {
        ON => true,
        OFF => false,
        _ => enabled_from_env(),
    }
}

#[cold]
fn enabled_from_env() -> bool {
    let off = std::env::var_os(DISABLE_ENV).is_some_and(|v| !v.is_empty() && v != "0");
    let from_env = if off { OFF } else { ON };
    // A concurrent `set_enabled` wins over the environment.
    match SWITCH.compare_exchange(UNSET, from_env, Ordering::Relaxed, Ordering::Relaxed) {
        Ok(_) => !off,
        Err(set) => set == ON,
    }
}

/// Whether this CPU has the instructions the kernels need (AVX-512F and
/// AVX-512 IFMA), read from CPUID once per process; always `false` off x86-64.
pub fn cpu_supported() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        // (The standard library caches the CPUID answer.)
        std::arch::is_x86_feature_detected!("avx512f")
            && std::arch::is_x86_feature_detected!("avx512ifma")
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The switch hands out the engine exactly where the CPU has the
    /// instructions and the switch is on. (The kernel tests take the
    /// engine without the switch, so flipping it here cannot disturb them.)
    #[test]
    fn switch_and_cpu_decide() {
        set_enabled(false);
        assert!(!is_enabled());
        assert!(engine().is_none());
        set_enabled(true);
        assert!(is_enabled());
        assert_eq!(engine().is_some(), cpu_supported());
        if !cpu_supported() {
            eprintln!("skipped: no AVX-512 IFMA on this CPU (only the off switch was checked)");
        }
    }
}
