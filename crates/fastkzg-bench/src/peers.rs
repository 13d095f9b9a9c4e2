//! Peer-library plumbing: the trusted setup as raw bytes (for c-kzg's
//! `load_trusted_setup`), and the thread count of blst's internal pool.
//!
//! # rust_eth_kzg and blst's thread pool
//!
//! rust_eth_kzg 0.10.0 without `multithreaded` uses no rayon, but its MSMs
//! and batch normalisations go through the `blst` crate's Rust API, which
//! splits work over blst's own pool of `num_cpus::get()` workers, created
//! on first use and sized by the calling thread's CPU affinity (unless a
//! cgroup CPU quota says otherwise). [`pin_blst_pool`] creates it while the
//! thread is restricted to the table's thread count, then restores the
//! affinity: at one thread blst takes its serial paths (as with
//! `blst/no-threads`), at two it uses two workers, on any machine.
//! fastkzg (blst's C API) and c-kzg never use that pool.

use std::sync::OnceLock;

/// The three point lists of the trusted setup as concatenated compressed
/// bytes, as c-kzg's `load_trusted_setup` takes them.
pub struct SetupBytes {
    /// 4096 compressed G1 points, monomial form.
    pub g1_monomial: Vec<u8>,
    /// 4096 compressed G1 points, Lagrange form.
    pub g1_lagrange: Vec<u8>,
    /// 65 compressed G2 points, monomial form.
    pub g2_monomial: Vec<u8>,
}

impl SetupBytes {
    /// The setup shipped with fastkzg, parsed once from the c-kzg-4844 text
    /// format (counts, Lagrange G1, monomial G2, monomial G1, one hex point
    /// per line).
    pub fn mainnet() -> &'static SetupBytes {
        static BYTES: OnceLock<SetupBytes> = OnceLock::new();
        BYTES.get_or_init(|| {
            let text = std::fs::read_to_string(crate::TRUSTED_SETUP_FILE).expect("setup file");
            let mut lines = text.lines().map(str::trim).filter(|l| !l.is_empty());
            let counts: Vec<usize> = lines.by_ref().take(2).flat_map(|l| l.parse()).collect();
            let point = |l: &str| hex::decode(l).expect("hex point");
            let mut take = |n: usize| lines.by_ref().take(n).flat_map(point).collect::<Vec<u8>>();
            let (g1_lagrange, g2_monomial) = (take(counts[0]), take(counts[1]));
            let g1_monomial = take(counts[0]);
            SetupBytes {
                g1_monomial,
                g1_lagrange,
                g2_monomial,
            }
        })
    }
}

/// Writes the mainnet setup as the consensus-specs JSON that
/// rust_eth_kzg's `TrustedSetup::from_json` reads.
pub fn write_setup_json(path: &std::path::Path) -> std::io::Result<()> {
    let b = SetupBytes::mainnet();
    let list = |bytes: &[u8], size: usize| {
        let hex = |c: &[u8]| format!("\"0x{}\"", hex::encode(c));
        let items = bytes.chunks(size).map(hex);
        format!("[{}]", items.collect::<Vec<_>>().join(", "))
    };
    let (m, l, g2) = (&b.g1_monomial, &b.g1_lagrange, &b.g2_monomial);
    let (m, l, g2) = (list(m, 48), list(l, 48), list(g2, 96));
    let json = format!("{{\"g1_monomial\": {m}, \"g1_lagrange\": {l}, \"g2_monomial\": {g2}}}");
    std::fs::write(path, json)
}

/// How many workers blst's internal pool got (see the module docs).
static BLST_POOL_THREADS: OnceLock<usize> = OnceLock::new();

/// Creates blst's internal thread pool with `n` workers (at most the CPUs
/// this process may use; see the module docs) and returns the number it
/// got, unless the pool already existed or a cgroup CPU quota overrides the
/// affinity (then the CPU count). Call it at the start of `main`, before
/// anything uses rust_eth_kzg.
pub fn pin_blst_pool(n: usize) -> usize {
    *BLST_POOL_THREADS.get_or_init(|| {
        let saved = get_affinity();
        let subset = saved.as_ref().map(|set| first_cpus(set, n.max(1)));
        let pinned = subset.as_ref().is_some_and(|(set, _)| set_affinity(set));
        // blst creates its pool on its first batch conversion.
        let _ = blst::p1_affines::from(&[blst::blst_p1::default()]);
        if let Some(set) = saved {
            set_affinity(&set);
        }
        match (pinned && !cgroup_cpu_quota(), subset) {
            (true, Some((_, count))) => count,
            _ => available_cpus(),
        }
    })
}

/// The number of CPUs this process may run on.
pub fn available_cpus() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

fn get_affinity() -> Option<libc::cpu_set_t> {
    // SAFETY: zeroed `cpu_set_t` is valid; the size passed is its own.
    let mut set: libc::cpu_set_t = unsafe { std::mem::zeroed() };
    // SAFETY: pid 0 = the calling thread; `set` is a live, writable cpu_set_t.
    let rc = unsafe { libc::sched_getaffinity(0, size_of::<libc::cpu_set_t>(), &mut set) };
    (rc == 0).then_some(set)
}

fn set_affinity(set: &libc::cpu_set_t) -> bool {
    // SAFETY: pid 0 = the calling thread; `set` is a live cpu_set_t.
    unsafe { libc::sched_setaffinity(0, size_of::<libc::cpu_set_t>(), set) == 0 }
}

/// The first `n` CPUs of `set` (fewer if it has fewer) and their count.
fn first_cpus(set: &libc::cpu_set_t, n: usize) -> (libc::cpu_set_t, usize) {
    // SAFETY: `cpu_set_t` is a plain bit array; zeroed is empty.
    let mut subset: libc::cpu_set_t = unsafe { std::mem::zeroed() };
    // SAFETY: CPU_ISSET reads the bit array for an index below CPU_SETSIZE.
    let on = |i: &usize| unsafe { libc::CPU_ISSET(*i, set) };
    let cpus: Vec<usize> = (0..libc::CPU_SETSIZE as usize).filter(on).take(n).collect();
    for i in &cpus {
        // SAFETY: as above, for CPU_SET.
        unsafe { libc::CPU_SET(*i, &mut subset) };
    }
    (subset, cpus.len())
}

/// Whether a CPU quota is set on this process's cgroup (v2 `cpu.max` or v1
/// `cpu.cfs_quota_us`), which `num_cpus` prefers to the affinity mask.
fn cgroup_cpu_quota() -> bool {
    let read = |f: &str| std::fs::read_to_string(format!("/sys/fs/cgroup/{f}")).ok();
    let v2 = read("cpu.max").is_some_and(|v| !v.trim_start().starts_with("max"));
    v2 || read("cpu/cpu.cfs_quota_us").is_some_and(|v| v.trim() != "-1")
}
