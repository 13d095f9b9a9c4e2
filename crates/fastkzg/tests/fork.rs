//! The Rust API in a forked child (`libc::fork`): after calls in the parent
//! that used rayon's global pool, and while another thread of the parent is
//! inside a call that builds the lazy tables, every call in the child
//! returns the parent's results. A hang becomes a failure: the child arms
//! `alarm(2)` and dies of SIGALRM if it has not finished by then.
#![cfg(all(unix, feature = "std"))]

use fastkzg::{Blob, Bytes48, Cell, KzgProof, KzgSettings, BYTES_PER_BLOB, CELLS_PER_EXT_BLOB};

/// How long a child may take for all its calls (seconds).
const CHILD_LIMIT_S: u32 = 60;

fn blob(seed: u8) -> Box<Blob> {
    let mut bytes = vec![0u8; BYTES_PER_BLOB];
    for (i, chunk) in bytes.chunks_mut(32).enumerate() {
        // A canonical field element: top byte 0.
        chunk[1] = seed;
        chunk[31] = (i % 251) as u8;
        chunk[30] = (i / 251) as u8;
    }
    bytes.into_boxed_slice().try_into().unwrap()
}

/// Every kind of call, and the results in a comparable form.
#[derive(PartialEq, Debug)]
struct Results {
    commitment: Bytes48,
    blob_proof: Bytes48,
    blob_ok: bool,
    cells: Vec<Cell>,
    proofs: Vec<KzgProof>,
    cells_ok: bool,
    recovered: Vec<Cell>,
}

fn run_all(s: &KzgSettings, blob: &Blob) -> Results {
    let commitment = s.blob_to_kzg_commitment(blob).unwrap();
    let blob_proof = s.compute_blob_kzg_proof(blob, &commitment).unwrap();
    let blob_ok = s
        .verify_blob_kzg_proof(blob, &commitment, &blob_proof)
        .unwrap();
    let (cells, proofs) = s.compute_cells_and_kzg_proofs(blob).unwrap();
    let indices: Vec<u64> = (0..CELLS_PER_EXT_BLOB as u64).collect();
    let commitments = vec![commitment; CELLS_PER_EXT_BLOB];
    let cells_ok = s
        .verify_cell_kzg_proof_batch(&commitments, &indices, &cells[..], &proofs[..])
        .unwrap();
    let odd: Vec<u64> = (1..CELLS_PER_EXT_BLOB as u64).step_by(2).collect();
    let odd_cells: Vec<Cell> = odd.iter().map(|&i| cells[i as usize]).collect();
    let (recovered, _) = s.recover_cells_and_kzg_proofs(&odd, &odd_cells).unwrap();
    Results {
        commitment,
        blob_proof,
        blob_ok,
        cells: cells.to_vec(),
        proofs: proofs.to_vec(),
        cells_ok,
        recovered: recovered.to_vec(),
    }
}

/// Forks; the child runs `child` (exit status 0 if it returns true) under
/// an alarm; the parent waits and asserts that the child exited with 0.
fn in_child(what: &str, child: impl FnOnce() -> bool) {
    // SAFETY: the child only calls this library, allocates and exits with
    // `_exit` (no destructors, no test-harness state); the parent waits.
    let pid = unsafe { libc::fork() };
    assert!(pid >= 0, "fork failed");
    if pid == 0 {
        // SAFETY: plain libc calls in the child.
        unsafe { libc::alarm(CHILD_LIMIT_S) };
        let ok = std::panic::catch_unwind(std::panic::AssertUnwindSafe(child)).unwrap_or(false);
        // SAFETY: ends the child without running the parent's destructors.
        unsafe { libc::_exit(if ok { 0 } else { 1 }) };
    }
    let mut status = 0;
    // SAFETY: waits for the child just forked.
    let waited = unsafe { libc::waitpid(pid, &mut status, 0) };
    assert_eq!(waited, pid);
    assert!(
        !libc::WIFSIGNALED(status),
        "{what}: child killed by signal {} (14 = SIGALRM: it hung)",
        libc::WTERMSIG(status)
    );
    assert_eq!(
        libc::WEXITSTATUS(status),
        0,
        "{what}: child's results differ"
    );
}

#[test]
fn child_after_parent_used_the_global_pool() {
    let s = KzgSettings::mainnet();
    let b = blob(3);
    let expected = run_all(s, &b);
    assert!(expected.blob_ok && expected.cells_ok);
    in_child("global pool", || {
        // On the calling thread (the parent's global pool has no threads
        // here), then in a pool the child builds.
        let serial = run_all(s, &b);
        let pooled = fastkzg::with_threads(2, || run_all(s, &b)).unwrap();
        let fresh = KzgSettings::load_mainnet(0).unwrap();
        serial == expected && pooled == expected && run_all(&fresh, &b) == expected
    });
    // The parent's pool still works after the fork.
    assert_eq!(run_all(s, &b), expected);
}

#[test]
fn child_forked_while_another_thread_builds_tables() {
    let b = blob(7);
    let expected = run_all(KzgSettings::mainnet(), &b);
    let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let busy = {
        let stop = stop.clone();
        let b = b.clone();
        std::thread::spawn(move || {
            // Fresh settings each round: every lazy table is being built
            // somewhere in these calls.
            while !stop.load(std::sync::atomic::Ordering::Relaxed) {
                let s = KzgSettings::load_mainnet(0).unwrap();
                let _ = run_all(&s, &b);
            }
        })
    };
    for delay_ms in [0u64, 3, 17, 40, 90, 160] {
        std::thread::sleep(std::time::Duration::from_millis(delay_ms));
        in_child("fork during a call", || {
            run_all(KzgSettings::mainnet(), &b) == expected
                && fastkzg::with_threads(2, || run_all(KzgSettings::mainnet(), &b))
                    .is_ok_and(|r| r == expected)
        });
    }
    stop.store(true, std::sync::atomic::Ordering::Relaxed);
    busy.join().unwrap();
}

#[test]
fn fork_generation_counts_forks() {
    assert_eq!(fastkzg::fork::generation(), 0);
    in_child("generation", || {
        let first = fastkzg::fork::generation() == 1 && fastkzg::fork::in_forked_child();
        let mut ok = first;
        in_child("grandchild", || fastkzg::fork::generation() == 2);
        ok &= fastkzg::fork::generation() == 1;
        ok
    });
}
