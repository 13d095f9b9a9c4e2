//! A cache prefetch hint for the generic MSM loops: the one architecture
//! intrinsic they use, kept here with the other `unsafe` code.

/// Asks the CPU to bring the cache lines of `*value` into its nearest
/// cache, for a read a little later. Only a hint: it never faults and
/// changes no data. A no-op except on x86-64.
#[inline(always)]
pub(crate) fn prefetch<T>(value: &T) {
    #[cfg(target_arch = "x86_64")]
    {
        use core::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
        const LINE: usize = 64;
        let start = value as *const T as *const i8;
        let mut offset = 0;
        while offset < core::mem::size_of::<T>() {
            // SAFETY: a prefetch reads nothing architecturally and cannot
            // fault; the address lies within `*value`, a live reference
            // (SSE, which provides the instruction, is part of x86-64).
            unsafe { _mm_prefetch::<_MM_HINT_T0>(start.wrapping_add(offset)) };
            offset += LINE;
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = value;
}
