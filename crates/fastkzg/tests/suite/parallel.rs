//! Every parallel path against its serial twin: the same calls run in a
//! one-thread pool (serial) and in a multi-thread pool must agree. On blst,
//! whose kernels have parallel paths of their own, and on zkcrypto, which
//! has no kernels and so runs every generic parallel path (arkworks and
//! mcl run the same generic paths; their few kernels are serial).
#![cfg(feature = "parallel")]

use crate::common;

/// The tests of this file on one backend of the matrix (`backend_tests!`).
macro_rules! parallel_tests_on {
    ($module:ident, $backend:ty, $feature:literal) => {
        backend_tests!(@backend $module, $backend, feature = $feature;
            serial_and_parallel_agree,
            setup_loading_and_tables_agree,
            many_caller_threads_share_fresh_settings,
            calls_inside_a_callers_pool_agree,
            every_function_runs_on_a_small_stack,
            lazy_tables_built_inside_the_pool_do_not_deadlock,
            many_threads_split_msms_and_fft_products,
            decoding_in_chunks_names_the_first_bad_proof,
            column_sum_batches_agree_on_any_thread_count
        );
    };
}
parallel_tests_on!(blst, fastkzg::Blst, "blst");
parallel_tests_on!(zkcrypto, fastkzg::Zkcrypto, "zkcrypto");

use common::{random_blob, rng};
use fastkzg::backend::{Group, Module, Scalar};
use fastkzg::math::{fft, Domain};
use fastkzg::msm::{g1_lincomb_naive, g1_msm_shared_points, FixedBaseMsm};
use fastkzg::{with_threads, Backend, KzgSettings};
use rand::RngCore;

/// Runs `f` serially and on three threads; the results must agree (compared
/// through `Debug`, which shows every field: errors have no `PartialEq`).
fn both<R: std::fmt::Debug + Send>(f: impl Fn() -> R + Send + Sync) -> R {
    let serial = with_threads(1, &f).unwrap();
    let parallel = with_threads(3, &f).unwrap();
    assert_eq!(format!("{serial:?}"), format!("{parallel:?}"));
    serial
}

/// Asserts that a call failed on an invalid G1 point given as `input`.
fn assert_invalid_point(r: fastkzg::Result<bool>, input: fastkzg::Input) {
    assert!(
        matches!(r, Err(fastkzg::Error::InvalidG1Point { input: i, .. }) if i == input),
        "{r:?}"
    );
}

fn serial_and_parallel_agree<B: Backend>() {
    let ks = KzgSettings::<B>::mainnet();
    let mut r = rng(21);
    let blobs: Vec<fastkzg::Blob> = (0..5).map(|_| *random_blob(&mut r)).collect();
    let cs = both(|| {
        blobs
            .iter()
            .map(|b| ks.blob_to_kzg_commitment(b).unwrap())
            .collect::<Vec<_>>()
    });
    let ps = both(|| {
        blobs
            .iter()
            .zip(&cs)
            .map(|(b, c)| ks.compute_blob_kzg_proof(b, c).unwrap())
            .collect::<Vec<_>>()
    });
    assert!(both(|| ks.verify_blob_kzg_proof_batch(&blobs, &cs, &ps)).unwrap());
    let mut bad = ps.clone();
    bad.swap(0, 1);
    assert!(!both(|| ks.verify_blob_kzg_proof_batch(&blobs, &cs, &bad)).unwrap());
    let mut bad_blobs = blobs.clone();
    bad_blobs[3][64..96].fill(0xff);
    assert!(both(|| ks.verify_blob_kzg_proof_batch(&bad_blobs, &cs, &ps)).is_err());

    // Single verifications: valid, wrong proof, and errors in each input
    // (the blob first, then the commitment, then the proof, as serially).
    assert!(both(|| ks.verify_blob_kzg_proof(&blobs[0], &cs[0], &ps[0])).unwrap());
    assert!(!both(|| ks.verify_blob_kzg_proof(&blobs[0], &cs[0], &ps[1])).unwrap());
    let not_a_point = [0x11u8; 48];
    let blob_err = both(|| ks.verify_blob_kzg_proof(&bad_blobs[3], &not_a_point, &not_a_point));
    assert!(
        matches!(
            blob_err,
            Err(fastkzg::Error::NonCanonicalFieldElement { .. })
        ),
        "{blob_err:?}"
    );
    assert_invalid_point(
        both(|| ks.verify_blob_kzg_proof(&blobs[0], &not_a_point, &not_a_point)),
        fastkzg::Input::Commitment,
    );
    assert_invalid_point(
        both(|| ks.verify_blob_kzg_proof(&blobs[0], &cs[0], &not_a_point)),
        fastkzg::Input::Proof,
    );
    let z = [3u8; 32];
    let (proof, y) = both(|| ks.compute_kzg_proof(&blobs[1], &z).unwrap());
    assert!(both(|| ks.verify_kzg_proof(&cs[1], &z, &y, &proof)).unwrap());
    assert!(!both(|| ks.verify_kzg_proof(&cs[0], &z, &y, &proof)).unwrap());
    assert_invalid_point(
        both(|| ks.verify_kzg_proof(&not_a_point, &z, &y, &not_a_point)),
        fastkzg::Input::Commitment,
    );
    assert_invalid_point(
        both(|| ks.verify_kzg_proof(&cs[1], &z, &y, &not_a_point)),
        fastkzg::Input::Proof,
    );

    let (cells, proofs) = both(|| ks.compute_cells_and_kzg_proofs(&blobs[0]).unwrap());
    let ids: Vec<u64> = (0..128).step_by(2).collect();
    let half: Vec<fastkzg::Cell> = ids.iter().map(|i| cells[*i as usize]).collect();
    assert_eq!(
        both(|| ks.recover_cells_and_kzg_proofs(&ids, &half).unwrap()),
        (cells.clone(), proofs.clone())
    );
    // One column of three blobs (the grouped proof-sum path), and the
    // same with one proof replaced.
    let column: Vec<(fastkzg::Cell, [u8; 48])> = blobs[..3]
        .iter()
        .map(|b| {
            let (c, p) = ks.compute_cells_and_kzg_proofs(b).unwrap();
            (c[7], p[7])
        })
        .collect();
    let col_cells: Vec<fastkzg::Cell> = column.iter().map(|(c, _)| *c).collect();
    let mut col_proofs: Vec<[u8; 48]> = column.iter().map(|(_, p)| *p).collect();
    assert!(
        both(|| ks.verify_cell_kzg_proof_batch(&cs[..3], &[7; 3], &col_cells, &col_proofs))
            .unwrap()
    );
    col_proofs[1] = proofs[7];
    assert!(
        !both(|| ks.verify_cell_kzg_proof_batch(&cs[..3], &[7; 3], &col_cells, &col_proofs))
            .unwrap()
    );
    let all: Vec<u64> = (0..128).collect();
    assert!(both(|| ks.verify_cell_kzg_proof_batch(
        &vec![cs[0]; 128],
        &all,
        &cells[..],
        &proofs[..]
    ))
    .unwrap());
    // On 16 threads the columns' interpolations, the proof-sum parts and
    // the challenge run side by side: two blobs' cells in one batch, valid
    // and with one cell value changed.
    let (cells1, proofs1) = ks.compute_cells_and_kzg_proofs(&blobs[1]).unwrap();
    let mut two_cells: Vec<fastkzg::Cell> = cells.iter().chain(cells1.iter()).copied().collect();
    let two_proofs: Vec<[u8; 48]> = proofs.iter().chain(proofs1.iter()).copied().collect();
    let two_commitments: Vec<[u8; 48]> = [cs[0]; 128].into_iter().chain([cs[1]; 128]).collect();
    let two_indices: Vec<u64> = all.iter().chain(all.iter()).copied().collect();
    let verify16 = |cells: &[fastkzg::Cell]| {
        with_threads(16, || {
            ks.verify_cell_kzg_proof_batch(&two_commitments, &two_indices, cells, &two_proofs)
        })
        .unwrap()
        .unwrap()
    };
    assert!(verify16(&two_cells));
    two_cells[200][31] ^= 1;
    assert!(!verify16(&two_cells));
    // Two proofs swapped: both proof sums (the lock-step pair on one
    // thread) must notice.
    let mut swapped = proofs.clone();
    swapped.swap(3, 90);
    assert!(!both(|| ks.verify_cell_kzg_proof_batch(
        &vec![cs[0]; 128],
        &all,
        &cells[..],
        &swapped[..]
    ))
    .unwrap());
}

fn setup_loading_and_tables_agree<B: Backend>() {
    let txt = fastkzg::ethereum::embedded::MAINNET_TRUSTED_SETUP_TXT;
    let a = with_threads(1, || {
        KzgSettings::<B>::parse_trusted_setup_full(txt, 0)
            .unwrap()
            .to_uncompressed()
    })
    .unwrap();
    let b = with_threads(2, || {
        KzgSettings::<B>::parse_trusted_setup_full(txt, 0)
            .unwrap()
            .to_uncompressed()
    })
    .unwrap();
    assert_eq!(a, b);
    let blob = random_blob(&mut rng(22));
    let serial = with_threads(1, || {
        KzgSettings::<B>::load_mainnet(6)
            .unwrap()
            .compute_cells_and_kzg_proofs(&blob)
            .unwrap()
    })
    .unwrap();
    let parallel = with_threads(2, || {
        KzgSettings::<B>::load_mainnet(6)
            .unwrap()
            .compute_cells_and_kzg_proofs(&blob)
            .unwrap()
    })
    .unwrap();
    assert_eq!(serial, parallel);
    assert_eq!(
        serial,
        KzgSettings::<B>::mainnet()
            .compute_cells_and_kzg_proofs(&blob)
            .unwrap()
    );
}

/// Fresh settings shared by several caller threads at once, while their
/// lazily built parts (FK20 rows, the commitment table after
/// `TABLE_AFTER_COMMITMENTS` commitments) are being built: every result
/// equals the serial one of other settings.
fn many_caller_threads_share_fresh_settings<B: Backend>() {
    let mut r = rng(23);
    let blobs: Vec<fastkzg::Blob> = (0..3).map(|_| *random_blob(&mut r)).collect();
    let reference = KzgSettings::<B>::load_mainnet(0).unwrap();
    let z = [7u8; 32];
    let expected: Vec<_> = fastkzg::run_serial(|| {
        blobs
            .iter()
            .map(|b| {
                let c = reference.blob_to_kzg_commitment(b).unwrap();
                let p = reference.compute_blob_kzg_proof(b, &c).unwrap();
                let (cells, proofs) = reference.compute_cells_and_kzg_proofs(b).unwrap();
                let opening = reference.compute_kzg_proof(b, &z).unwrap();
                (c, p, cells, proofs, opening)
            })
            .collect()
    });
    let commitments: Vec<[u8; 48]> = expected.iter().map(|e| e.0).collect();
    let blob_proofs: Vec<[u8; 48]> = expected.iter().map(|e| e.1).collect();
    let shared = KzgSettings::<B>::load_mainnet(0).unwrap();
    let rounds = fastkzg::ethereum::settings::TABLE_AFTER_COMMITMENTS / 4 + 2;
    std::thread::scope(|scope| {
        for t in 0..4 {
            let (shared, blobs, expected) = (&shared, &blobs, &expected);
            let (commitments, blob_proofs) = (&commitments, &blob_proofs);
            scope.spawn(move || {
                for round in 0..rounds {
                    let i = (t + round) % blobs.len();
                    let (c, p, cells, proofs, (pz, y)) = &expected[i];
                    assert_eq!(&shared.blob_to_kzg_commitment(&blobs[i]).unwrap(), c);
                    assert_eq!(&shared.compute_blob_kzg_proof(&blobs[i], c).unwrap(), p);
                    assert!(shared.verify_blob_kzg_proof(&blobs[i], c, p).unwrap());
                    assert_eq!(
                        &shared.compute_kzg_proof(&blobs[i], &z).unwrap(),
                        &(*pz, *y)
                    );
                    assert!(shared.verify_kzg_proof(c, &z, y, pz).unwrap());
                    assert!(shared
                        .verify_blob_kzg_proof_batch(blobs, commitments, blob_proofs)
                        .unwrap());
                    if round < 2 {
                        let got = shared.compute_cells_and_kzg_proofs(&blobs[i]).unwrap();
                        assert_eq!(&got.0, cells);
                        assert_eq!(&got.1, proofs);
                        assert_eq!(&shared.compute_cells(&blobs[i]).unwrap(), cells);
                        let ids: Vec<u64> = (0..128).filter(|k| k % 2 == t as u64 % 2).collect();
                        let given: Vec<fastkzg::Cell> =
                            ids.iter().map(|k| cells[*k as usize]).collect();
                        assert_eq!(&shared.recover_cells(&ids, &given).unwrap(), cells);
                        let (rc, rp) = shared.recover_cells_and_kzg_proofs(&ids, &given).unwrap();
                        assert_eq!((&rc, &rp), (cells, proofs));
                        let all: Vec<u64> = (0..128).collect();
                        assert!(shared
                            .verify_cell_kzg_proof_batch(
                                &vec![*c; 128],
                                &all,
                                &cells[..],
                                &proofs[..]
                            )
                            .unwrap());
                    }
                }
            });
        }
    });
}

/// Calls made from inside the caller's own rayon pool, and nested in its
/// parallel iterators, agree with serial calls.
fn calls_inside_a_callers_pool_agree<B: Backend>() {
    let ks = KzgSettings::<B>::mainnet();
    let mut r = rng(24);
    let blobs: Vec<fastkzg::Blob> = (0..4).map(|_| *random_blob(&mut r)).collect();
    let serial: Vec<_> =
        fastkzg::run_serial(|| blobs.iter().map(|b| ks.compute_cells(b).unwrap()).collect());
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(3)
        .build()
        .unwrap();
    let nested: Vec<_> = pool.install(|| {
        use rayon::prelude::*;
        blobs
            .par_iter()
            .map(|b| ks.compute_cells(b).unwrap())
            .collect()
    });
    assert_eq!(serial, nested);
    // Provers and verifiers nested in the caller's parallel iterators.
    let serial: Vec<_> = fastkzg::run_serial(|| {
        blobs
            .iter()
            .map(|b| {
                let c = ks.blob_to_kzg_commitment(b).unwrap();
                let (cells, proofs) = ks.compute_cells_and_kzg_proofs(b).unwrap();
                (c, ks.compute_blob_kzg_proof(b, &c).unwrap(), cells, proofs)
            })
            .collect()
    });
    let nested: Vec<_> = pool.install(|| {
        use rayon::prelude::*;
        blobs
            .par_iter()
            .map(|b| {
                let c = ks.blob_to_kzg_commitment(b).unwrap();
                let (cells, proofs) = ks.compute_cells_and_kzg_proofs(b).unwrap();
                (c, ks.compute_blob_kzg_proof(b, &c).unwrap(), cells, proofs)
            })
            .collect()
    });
    assert_eq!(serial, nested);
    let all: Vec<u64> = (0..128).collect();
    let verdicts: Vec<_> = pool.install(|| {
        use rayon::prelude::*;
        nested
            .par_iter()
            .zip(&blobs)
            .map(|((c, p, cells, proofs), b)| {
                let half: Vec<u64> = (64..128).collect();
                let (rc, rp) = ks
                    .recover_cells_and_kzg_proofs(&half, &cells[64..])
                    .unwrap();
                (
                    ks.verify_blob_kzg_proof(b, c, p),
                    ks.verify_cell_kzg_proof_batch(&vec![*c; 128], &all, &cells[..], &proofs[..]),
                    (&rc, &rp) == (cells, proofs),
                )
            })
            .collect()
    });
    for v in verdicts {
        assert!(matches!(v, (Ok(true), Ok(true), true)), "{v:?}");
    }
}

/// Every API function succeeds on a thread with a 256 KiB stack, serially
/// (all work on that thread) and with the pool, at precompute 0 and 8: no
/// blob- or cell-sized arrays live on the stack.
fn every_function_runs_on_a_small_stack<B: Backend>() {
    const STACK: usize = 256 << 10;
    let blob = random_blob(&mut rng(25));
    let run_all = move || {
        for precompute in [0, 8] {
            let ks = KzgSettings::<B>::load_mainnet(precompute).unwrap();
            let c = ks.blob_to_kzg_commitment(&blob).unwrap();
            let z = [7u8; 32];
            let (pz, y) = ks.compute_kzg_proof(&blob, &z).unwrap();
            assert!(ks.verify_kzg_proof(&c, &z, &y, &pz).unwrap());
            let p = ks.compute_blob_kzg_proof(&blob, &c).unwrap();
            assert!(ks.verify_blob_kzg_proof(&blob, &c, &p).unwrap());
            let blobs = [blob.clone(), blob.clone()];
            assert!(ks
                .verify_blob_kzg_proof_batch(&blobs, &[c, c], &[p, p])
                .unwrap());
            let cells = ks.compute_cells(&blob).unwrap();
            let (cells2, proofs) = ks.compute_cells_and_kzg_proofs(&blob).unwrap();
            assert_eq!(cells, cells2);
            let ids: Vec<u64> = (0..128).filter(|i| i % 2 == 0).collect();
            let half: Vec<fastkzg::Cell> = ids.iter().map(|i| cells[*i as usize]).collect();
            assert_eq!(ks.recover_cells(&ids, &half).unwrap(), cells);
            let (rc, rp) = ks.recover_cells_and_kzg_proofs(&ids, &half).unwrap();
            assert_eq!((rc, &rp), (cells.clone(), &proofs));
            let all: Vec<u64> = (0..128).collect();
            assert!(ks
                .verify_cell_kzg_proof_batch(&vec![c; 128], &all, &cells[..], &proofs[..])
                .unwrap());
            ks.warm_up();
            assert_eq!(ks.blob_to_kzg_commitment(&blob).unwrap(), c);
        }
        let txt = fastkzg::ethereum::embedded::MAINNET_TRUSTED_SETUP_TXT;
        KzgSettings::<B>::parse_trusted_setup(txt, 0).unwrap();
        KzgSettings::<B>::parse_trusted_setup_full(txt, 0).unwrap();
    };
    for serial in [true, false] {
        let run_all = run_all.clone();
        std::thread::Builder::new()
            .stack_size(STACK)
            .spawn(move || {
                if serial {
                    fastkzg::run_serial(run_all)
                } else {
                    run_all()
                }
            })
            .unwrap()
            .join()
            .expect("API calls on a 256 KiB stack");
    }
}

/// The lazily built parts of fresh settings (the cell-interpolation table,
/// the FK20 rows, the commitment table) first built by pool threads while
/// other callers' jobs on the same pool need them: a pool thread that waits
/// for its own build's sub-jobs runs other jobs meanwhile (another caller's
/// call included), and none of them may wait on that build. Many rounds on
/// new settings, so that the builds race.
fn lazy_tables_built_inside_the_pool_do_not_deadlock<B: Backend>() {
    let blob = random_blob(&mut rng(26));
    let reference = KzgSettings::<B>::mainnet();
    let c = reference.blob_to_kzg_commitment(&blob).unwrap();
    let (cells, proofs) = reference.compute_cells_and_kzg_proofs(&blob).unwrap();
    let all: Vec<u64> = (0..128).collect();
    let commitments = vec![c; 128];
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(2)
        .build()
        .unwrap();
    // The lazy tables are generic code: eight rounds on blst look for a
    // deadlock, two on the slower backends check their thread safety.
    let rounds = if B::NAME == "blst" { 8 } else { 2 };
    for _ in 0..rounds {
        let fresh = KzgSettings::<B>::load_mainnet(0).unwrap();
        let n = fastkzg::ethereum::settings::TABLE_AFTER_COMMITMENTS + 8;
        std::thread::scope(|scope| {
            for t in 0..6 {
                let (fresh, pool, blob) = (&fresh, &pool, &blob);
                let (commitments, all, cells, proofs) = (&commitments, &all, &cells, &proofs);
                scope.spawn(move || {
                    for i in (t..n).step_by(6) {
                        pool.install(|| match i % 3 {
                            0 => assert!(fresh
                                .verify_cell_kzg_proof_batch(
                                    commitments,
                                    all,
                                    &cells[..],
                                    &proofs[..]
                                )
                                .unwrap()),
                            1 => assert_eq!(
                                &fresh.compute_cells_and_kzg_proofs(blob).unwrap(),
                                &(cells.clone(), proofs.clone())
                            ),
                            _ => assert_eq!(fresh.blob_to_kzg_commitment(blob).unwrap(), c),
                        });
                    }
                });
            }
        });
    }
}

/// With more threads than work items the MSMs over shared points split each
/// list into parts (of 32 points and more for the generic MSM with more
/// than two threads per list, else of 512 and more: 1100 and 100 points
/// are tried), fixed-base MSMs split by bases and bucket ranges (from 16
/// threads on), and a G1 FFT's stage products are
/// spread in batches smaller than eight: against the naive sums and the
/// serial transforms, at 5, 8 and 16 threads, with the point at infinity,
/// a point and its negation, repeated points and zero scalars among the
/// inputs.
fn many_threads_split_msms_and_fft_products<B: Backend>() {
    let mut r = rng(27);
    let mut fr = || {
        let mut b = [0u8; 32];
        r.fill_bytes(&mut b);
        B::Fr::from_bytes_be_reduced(&b)
    };
    let g = B::G1::generator();
    let mut points: Vec<B::G1> = (0..1100).map(|_| g * &fr()).collect();
    points[7] = B::G1::zero();
    points[8] = -points[9];
    points[10] = points[11];
    let affine = B::g1_batch_to_affine(&points);
    let mut lists: [Vec<B::Fr>; 2] = [
        (0..1100).map(|_| fr()).collect(),
        (0..1100).map(|_| fr()).collect(),
    ];
    lists[0][3] = B::Fr::zero();
    lists[1][600] = B::Fr::zero();
    lists[1][11] = lists[1][10];
    let naive: Vec<B::G1> = lists
        .iter()
        .map(|s| g1_lincomb_naive::<B>(&affine, s))
        .collect();
    let equal = vec![lists[0][5]; 1100];
    let naive_equal = g1_lincomb_naive::<B>(&affine, &equal);
    let naive_small: Vec<B::G1> = lists
        .iter()
        .map(|s| g1_lincomb_naive::<B>(&affine[..100], &s[..100]))
        .collect();
    let domain = Domain::<B::Fr>::new(128).unwrap();
    // A forward and an inverse 128-point G1 transform.
    let transforms = || {
        let mut a = points[..128].to_vec();
        fft::g1_fft_in_place_parallel::<B>(&mut a, &domain).unwrap();
        let mut b = points[128..256].to_vec();
        fft::g1_ifft_in_place_unscaled_parallel::<B>(&mut b, &domain).unwrap();
        (a, b)
    };
    let serial_fft = with_threads(1, transforms).unwrap();
    for threads in [2, 3, 5, 8, 16] {
        let (sums, small, ffts) = with_threads(threads, || {
            let sums = g1_msm_shared_points::<B>(&affine, &[&lists[0], &lists[1]]);
            let small =
                g1_msm_shared_points::<B>(&affine[..100], &[&lists[0][..100], &lists[1][..100]]);
            (sums, small, transforms())
        })
        .unwrap();
        assert_eq!(sums, naive, "{threads} threads: MSMs over shared points");
        assert_eq!(small, naive_small, "{threads} threads: 100 shared points");
        // Fixed-base MSMs split by bases and bucket ranges (windows with 2,
        // 16 and 4096 bucket magnitudes), against the naive sums.
        for w in [2, 5, 13] {
            let table = FixedBaseMsm::<B>::new(&affine, w);
            let sums =
                with_threads(threads, || [table.msm(&lists[0]), table.msm(&lists[1])]).unwrap();
            assert_eq!(
                sums[..],
                naive[..],
                "{threads} threads: fixed base, window {w}"
            );
        }
        // One scalar for every base: each layer's points pile into one
        // bucket of one range.
        let table = FixedBaseMsm::<B>::new(&affine, 13);
        let same = with_threads(threads, || table.msm(&equal)).unwrap();
        assert_eq!(
            same, naive_equal,
            "{threads} threads: fixed base, equal scalars"
        );
        assert!(ffts == serial_fft, "{threads} threads: G1 FFTs");
    }
}

/// Cell batches whose proofs are decoded in chunks spread over the pool
/// (eight per thread when a share is small, else chunks of decreasing
/// sizes that the threads take in turn): on 1, 2, 3 and 8 threads,
/// batches of 5, 40, 128 and 384 cells (the last one the 128 cells of a
/// blob three times) verify, and with
/// a bad proof (the order-3 point `(0, 2)`, on the curve but not in G1, or
/// bytes that encode no point) at the start, the middle or the end, and
/// another bad one after it, the error names the first, as a serial
/// decoding would.
fn decoding_in_chunks_names_the_first_bad_proof<B: Backend>() {
    let ks = KzgSettings::<B>::mainnet();
    let blob = random_blob(&mut rng(25));
    let commitment = ks.blob_to_kzg_commitment(&blob).unwrap();
    let (cells, proofs) = ks.compute_cells_and_kzg_proofs(&blob).unwrap();
    let mut order_three = [0u8; 48];
    order_three[0] = 0x80;
    let no_point = [0x11u8; 48];
    let cells: Vec<fastkzg::Cell> = (0..384).map(|i| cells[i % 128]).collect();
    let proofs: Vec<[u8; 48]> = (0..384).map(|i| proofs[i % 128]).collect();
    for n in [5usize, 40, 128, 384] {
        let ids: Vec<u64> = (0..n as u64).map(|i| i % 128).collect();
        let commitments = vec![commitment; n];
        for threads in [1, 2, 3, 8] {
            let verify = |proofs: &[[u8; 48]]| {
                with_threads(threads, || {
                    ks.verify_cell_kzg_proof_batch(&commitments, &ids, &cells[..n], proofs)
                })
                .unwrap()
            };
            assert!(verify(&proofs[..n]).unwrap(), "n = {n}, {threads} threads");
            for (first, bad) in [(0, order_three), (n / 2, no_point), (n - 1, order_three)] {
                let mut broken = proofs[..n].to_vec();
                broken[first] = bad;
                if first + 1 < n {
                    broken[n - 1] = no_point;
                }
                let r = verify(&broken);
                assert!(
                    matches!(
                        r,
                        Err(fastkzg::Error::InvalidG1Point {
                            input: fastkzg::Input::Proof,
                            position,
                            ..
                        }) if position == first
                    ),
                    "n = {n}, {threads} threads, bad at {first}: {r:?}"
                );
            }
        }
    }
}

/// Cell batches of a few columns with many cells each, whose proofs are
/// summed per column (without IFMA kernels; the column sums are dealt
/// among the threads and `RLP` folds the pair `c`, `c ⊕ 1`): on 1, 2, 3
/// and 8 threads the same verdicts for a valid batch, swapped proofs and a
/// changed cell, and the same error, naming the first bad proof by blob
/// and position, with bad proofs in the first, a middle and the last
/// column and another one after each; a bad commitment or cell is
/// reported before a bad proof. Eight blobs (two distinct ones, four
/// times each) at four indices.
fn column_sum_batches_agree_on_any_thread_count<B: Backend>() {
    let ks = KzgSettings::<B>::mainnet();
    let mut r = rng(27);
    let distinct: Vec<_> = (0..2)
        .map(|_| {
            let blob = random_blob(&mut r);
            let commitment = ks.blob_to_kzg_commitment(&blob).unwrap();
            let (cells, proofs) = ks.compute_cells_and_kzg_proofs(&blob).unwrap();
            (commitment, cells, proofs)
        })
        .collect();
    let ids = [3u64, 64, 65, 126];
    let blobs: Vec<usize> = (0..8).map(|b| b % 2).collect();
    let commitments: Vec<[u8; 48]> = blobs.iter().map(|b| distinct[*b].0).collect();
    let cells: Vec<fastkzg::Cell> = blobs
        .iter()
        .flat_map(|b| ids.iter().map(|i| distinct[*b].1[*i as usize]))
        .collect();
    let proofs: Vec<[u8; 48]> = blobs
        .iter()
        .flat_map(|b| ids.iter().map(|i| distinct[*b].2[*i as usize]))
        .collect();
    let n = cells.len();
    let verify = |commitments: &[[u8; 48]], cells: &[fastkzg::Cell], proofs: &[[u8; 48]]| {
        let results: Vec<String> = [1, 2, 3, 8]
            .iter()
            .map(|t| {
                let r = with_threads(*t, || {
                    ks.verify_cells_shared_indices(commitments, &ids, cells, proofs)
                })
                .unwrap();
                format!("{r:?}")
            })
            .collect();
        assert!(results.iter().all(|r| *r == results[0]), "{results:?}");
        results[0].clone()
    };
    assert_eq!(verify(&commitments, &cells, &proofs), "Ok(true)");
    let mut swapped = proofs.clone();
    swapped.swap(1, n - 2);
    assert_eq!(verify(&commitments, &cells, &swapped), "Ok(false)");
    let mut changed = cells.clone();
    changed[n / 2][40] ^= 1;
    assert_eq!(verify(&commitments, &changed, &proofs), "Ok(false)");
    let mut order_three = [0u8; 48];
    order_three[0] = 0x80;
    let no_point = [0x11u8; 48];
    // Positions in the first column (0), a middle one (index 65 of blob 3)
    // and the last column (the last cell), each with a later bad proof in
    // another column.
    for (first, bad) in [
        (0, order_three),
        (3 * 4 + 2, no_point),
        (n - 1, order_three),
    ] {
        let mut broken = proofs.clone();
        broken[first] = bad;
        if first + 3 < n {
            broken[first + 3] = no_point;
        }
        let r = verify(&commitments, &cells, &broken);
        assert!(
            r.contains("InvalidG1Point") && r.contains("Proof"),
            "bad at {first}: {r}"
        );
        assert!(
            r.contains(&format!("position: {}", first % 4))
                && r.contains(&format!("blob: {}", first / 4)),
            "bad at {first}: {r}"
        );
        let mut bad_commitments = commitments.clone();
        bad_commitments[5] = no_point;
        let r = verify(&bad_commitments, &cells, &broken);
        assert!(r.contains("Commitment"), "{r}");
        let mut noncanonical = cells.clone();
        noncanonical[n - 1][0..32].fill(0xff);
        let r = verify(&commitments, &noncanonical, &broken);
        assert!(r.contains("NonCanonicalFieldElement"), "{r}");
    }
}
