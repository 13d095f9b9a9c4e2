//! Per-phase times of fastkzg's heavy paths, rebuilt from the public toolkit
//! pieces, next to the real API call they add up to:
//!
//! - `cells`: `compute_cells_and_kzg_proofs` = blob parsing, IFFT to
//!   coefficients, the 8192-point extension, FK20 (64 scalar FFTs of 128,
//!   128 MSMs of 64 points, the G1 inverse FFT and FFT of 128), proof
//!   encoding and cell encoding;
//! - `recover`: `recover_cells_and_kzg_proofs` = cell decoding, the
//!   vanishing polynomial, erasure decoding (FFTs, coset FFTs, batch
//!   inversion), then the cells-and-proofs path from coefficients;
//! - `verify-blobs`: `verify_blob_kzg_proof_batch` = parsing, point decoding
//!   (subgroup checks), Fiat–Shamir hashing, barycentric evaluation, the two
//!   MSMs and the pairing check;
//! - `verify-cells`: `verify_cell_kzg_proof_batch` = decoding, the challenge,
//!   the proof and commitment MSMs, per-column interpolation, the
//!   interpolation commitment and the pairing check;
//! - `micro`: single primitives (decompression, inversion, hashing, pairing).
//!
//! The pieces repeat the library's algorithm with its public functions; the
//! "sum of phases" line against the "full call" line shows how faithful that
//! is. Nothing here is asserted: it is a profile, not a benchmark.
//!
//! ```text
//! cargo run --release -p fastkzg-bench --example profile                    # every path
//! cargo run --release -p fastkzg-bench --example profile -- --only cells --precompute 8
//! cargo run --release -p fastkzg-bench --features parallel --example profile -- --threads 2
//! ```
//!
//! For a real profile of one API call, `--api-loop` calls it `--iters` times
//! and nothing else (build with debug line tables first):
//!
//! ```text
//! CARGO_PROFILE_RELEASE_DEBUG=line-tables-only cargo build --release -p fastkzg-bench --example profile
//! perf record -g --call-graph dwarf -o perf.data target/release/examples/profile --api-loop --only cells --iters 20 && perf report -i perf.data
//! valgrind --tool=callgrind --callgrind-out-file=callgrind.out target/release/examples/profile --api-loop --only recover --iters 1 && callgrind_annotate callgrind.out | head -60
//! ```
//!
//! (With `CARGO_TARGET_DIR` set, the binary is under that directory.)

use std::time::Instant;

use fastkzg::backend::{Backend, Module, Scalar};
use fastkzg::bytes::{blob_to_polynomial, bytes_to_field_elements, bytes_to_g1};
use fastkzg::eip4844::{compute_challenge, compute_powers, hash_to_bls_field};
use fastkzg::eip7594::compute_verify_cell_kzg_proof_batch_challenge;
use fastkzg::math::{batch_inverse, bit_reversal_permutation_in_place, das, erasure, fft, Domain};
use fastkzg::msm::FixedBaseMsm;
use fastkzg::{Blst, KzgSettings};
use fastkzg_bench::threads::Threads;
use fastkzg_bench::Fixture;

type B = Blst;
type Fr = <B as Backend>::Fr;
type G1 = <B as Backend>::G1;

struct Args {
    only: Option<String>,
    precompute: usize,
    iters: u32,
    threads: usize,
    api_loop: bool,
    verify_blobs: usize,
}

fn parse_args() -> Args {
    let mut a = Args {
        only: None,
        precompute: 0,
        iters: 3,
        threads: 1,
        api_loop: false,
        verify_blobs: 8,
    };
    let mut it = std::env::args().skip(1);
    while let Some(x) = it.next() {
        let mut val = || it.next().unwrap_or_else(|| panic!("{x} needs a value"));
        match x.as_str() {
            "--only" => a.only = Some(val()),
            "--precompute" => a.precompute = val().parse().expect("precompute level"),
            "--iters" => a.iters = val().parse().expect("iterations"),
            "--threads" => a.threads = val().parse().expect("threads"),
            "--blobs" => a.verify_blobs = val().parse().expect("blobs"),
            "--api-loop" => a.api_loop = true,
            "--bench" => {}
            _ => {
                eprintln!(
                    "usage: profile [--only cells|recover|verify-blobs|verify-cells|micro] \
                     [--precompute P] [--iters N] [--threads N] [--blobs N] [--api-loop]"
                );
                std::process::exit(2);
            }
        }
    }
    a
}

/// Mean seconds per call of `f` after one warm-up call; cheap calls are
/// repeated until about 50 ms have passed.
fn secs<R>(iters: u32, mut f: impl FnMut() -> R) -> f64 {
    let t = Instant::now();
    std::hint::black_box(f());
    let once = t.elapsed().as_secs_f64();
    let n = if once < 0.005 {
        ((0.05 / once.max(1e-7)) as u32).clamp(iters, 100_000)
    } else {
        iters
    };
    let t = Instant::now();
    for _ in 0..n {
        std::hint::black_box(f());
    }
    t.elapsed().as_secs_f64() / n as f64
}

/// A table of phases and the full call they make up.
struct Table {
    title: String,
    rows: Vec<(String, f64)>,
}

impl Table {
    fn new(title: &str) -> Self {
        println!("\n{title}");
        Table {
            title: title.into(),
            rows: Vec::new(),
        }
    }

    fn add(&mut self, name: &str, s: f64) {
        println!("  {name:<58} {:>10.3} ms", s * 1e3);
        self.rows.push((name.into(), s));
    }

    fn finish(self, full_name: &str, full: f64) {
        let sum: f64 = self.rows.iter().map(|(_, s)| s).sum();
        println!("  {:<58} {:>10.3} ms", "sum of phases", sum * 1e3);
        println!(
            "  {:<58} {:>10.3} ms",
            format!("full call: {full_name}"),
            full * 1e3
        );
        println!("  share of the full call:");
        for (n, s) in &self.rows {
            println!("    {:<56} {:>6.1} %", n, 100.0 * s / full);
        }
        let _ = self.title;
    }
}

/// The scalar side of FK20 (per offset j < l: a size-2r FFT of the
/// reversed coefficient column), as in `Fk20::h_commitments`.
fn fk20_scalar_side(coeffs: &[Fr], l: usize, domain: &Domain<Fr>) -> Vec<Vec<Fr>> {
    let r = coeffs.len() / l;
    (0..l)
        .map(|j| {
            let mut b = vec![Fr::zero(); 2 * r];
            for (u, slot) in b.iter_mut().enumerate().take(r) {
                *slot = coeffs[(r - 1 - u) * l + j];
            }
            fft::fft_in_place(&mut b, domain).expect("fft");
            b
        })
        .collect()
}

/// The FK20 phases and proof encoding; `tables` are per-row fixed-base
/// tables (precompute > 0) or `None` (variable-base MSMs).
fn fk20_phases(
    t: &mut Table,
    iters: u32,
    ks: &KzgSettings<B>,
    coeffs: &[Fr],
    tables: Option<&[FixedBaseMsm<B>]>,
) {
    let (l, r) = (64usize, 64usize);
    let d = Domain::<Fr>::new(2 * r).expect("domain");
    // Row k of the real FK20 holds FFT-ed setup points; any 64 points cost
    // the same in an MSM, so the rows here are slices of the setup.
    let g1 = &ks.srs().g1;
    let rows: Vec<&[<B as Backend>::G1Affine]> = (0..2 * r)
        .map(|k| &g1[(k * l) % 4096..(k * l) % 4096 + l])
        .collect();
    t.add(
        "FK20 scalar side: 64 Fr FFTs of 128",
        secs(iters, || fk20_scalar_side(coeffs, l, &d)),
    );
    let b_hat = fk20_scalar_side(coeffs, l, &d);
    let scalars: Vec<Vec<Fr>> = (0..2 * r)
        .map(|k| b_hat.iter().map(|b| b[k]).collect())
        .collect();
    let msm_name = match tables {
        Some(_) => "FK20 128 fixed-base MSMs of 64 points (tables)",
        None => "FK20 128 variable-base MSMs of 64 points",
    };
    let msms = || -> Vec<G1> {
        (0..2 * r)
            .map(|k| match tables {
                Some(tb) => tb[k].msm(&scalars[k]),
                None => B::g1_msm(rows[k], &scalars[k]),
            })
            .collect()
    };
    t.add(msm_name, secs(iters, msms));
    let h = msms();
    t.add(
        "FK20 G1 inverse FFT of 128",
        secs(iters, || {
            let mut x = h.clone();
            fft::ifft_in_place_unscaled_parallel(&mut x, &d).expect("fft");
            x
        }),
    );
    t.add(
        "FK20 G1 FFT of 128 (proofs for all cosets)",
        secs(iters, || {
            let mut x = h.clone();
            fft::fft_in_place_parallel(&mut x, &d).expect("fft");
            x
        }),
    );
    t.add(
        "proofs: bit reversal, to affine, compress 128",
        secs(iters, || {
            let mut p = h.clone();
            bit_reversal_permutation_in_place(&mut p);
            let a = B::g1_batch_to_affine(&p);
            a.iter()
                .map(|x| B::g1_compress(&B::g1_from_affine(x)))
                .collect::<Vec<_>>()
        }),
    );
}

fn cells_path(a: &Args, ks: &KzgSettings<B>, fx: &Fixture, tables: Option<&[FixedBaseMsm<B>]>) {
    let mut t = Table::new(&format!(
        "compute_cells_and_kzg_proofs, precompute {}",
        a.precompute
    ));
    let blob = &fx.blobs[0];
    let d4096 = Domain::<Fr>::new(4096).expect("domain");
    let d8192 = Domain::<Fr>::new(8192).expect("domain");
    t.add(
        "blob_to_polynomial (parse, range checks)",
        secs(a.iters, || blob_to_polynomial::<B>(blob).expect("blob")),
    );
    let evals = blob_to_polynomial::<B>(blob).expect("blob");
    t.add(
        "brp_evals_to_coeffs (bit reversal + IFFT 4096)",
        secs(a.iters, || {
            das::brp_evals_to_coeffs(&evals, &d4096).expect("ifft")
        }),
    );
    let coeffs = das::brp_evals_to_coeffs(&evals, &d4096).expect("ifft");
    t.add(
        "extend_coeffs (FFT 8192 + bit reversal)",
        secs(a.iters, || {
            das::extend_coeffs(&coeffs, &d8192).expect("fft")
        }),
    );
    let ext = das::extend_coeffs(&coeffs, &d8192).expect("fft");
    fk20_phases(&mut t, a.iters, ks, &coeffs, tables);
    t.add(
        "cells: 8192 field elements to bytes",
        secs(a.iters, || {
            ext.iter()
                .map(|v| v.to_bytes_be())
                .collect::<Vec<[u8; 32]>>()
        }),
    );
    let full = secs(a.iters, || {
        ks.compute_cells_and_kzg_proofs(blob).expect("cells")
    });
    t.finish("compute_cells_and_kzg_proofs", full);
}

fn recover_path(a: &Args, ks: &KzgSettings<B>, fx: &Fixture, tables: Option<&[FixedBaseMsm<B>]>) {
    let mut t = Table::new(&format!(
        "recover_cells_and_kzg_proofs from a random half, precompute {}",
        a.precompute
    ));
    let ids: Vec<u64> = (0..128u64).filter(|i| (i * 37 + 11) % 128 < 64).collect();
    let cells: Vec<fastkzg::Cell> = ids.iter().map(|i| fx.cells[0][*i as usize]).collect();
    let missing: Vec<usize> = (0..128usize)
        .filter(|i| !ids.contains(&(*i as u64)))
        .collect();
    let d = Domain::<Fr>::new(8192).expect("domain");
    t.add(
        "cells to field elements (64 × 64)",
        secs(a.iters, || {
            cells
                .iter()
                .map(|c| bytes_to_field_elements::<B>(c, "cell").expect("cell"))
                .collect::<Vec<_>>()
        }),
    );
    let decoded: Vec<Vec<Fr>> = cells
        .iter()
        .map(|c| bytes_to_field_elements::<B>(c, "cell").expect("cell"))
        .collect();
    let place = || {
        let mut e = vec![Fr::zero(); 8192];
        for (i, c) in ids.iter().zip(&decoded) {
            let i = *i as usize;
            e[i * 64..(i + 1) * 64].copy_from_slice(c);
        }
        bit_reversal_permutation_in_place(&mut e);
        e
    };
    t.add("place cells, bit reversal of 8192", secs(a.iters, place));
    let evals = place();
    t.add(
        "construct_vanishing_polynomial (64 missing cells)",
        secs(a.iters, || ks.construct_vanishing_polynomial(&missing)),
    );
    let z = ks.construct_vanishing_polynomial(&missing);
    // recover_with_zero_poly, step by step.
    let shift = Fr::from_u64(fastkzg::PRIMITIVE_ROOT_OF_UNITY);
    t.add(
        "decode: Z on the domain (FFT 8192)",
        secs(a.iters, || fft::fft(&z, &d).expect("fft")),
    );
    let z_eval = fft::fft(&z, &d).expect("fft");
    let ez: Vec<Fr> = evals.iter().zip(&z_eval).map(|(e, z)| *e * *z).collect();
    t.add(
        "decode: (E·Z) to coefficients (IFFT 8192)",
        secs(a.iters, || fft::ifft(&ez, &d).expect("ifft")),
    );
    let pz = fft::ifft(&ez, &d).expect("ifft");
    t.add(
        "decode: E·Z and Z on the coset (2 coset FFTs 8192)",
        secs(a.iters, || {
            (
                fft::coset_fft(&pz, &shift, &d).expect("fft"),
                fft::coset_fft(&z, &shift, &d).expect("fft"),
            )
        }),
    );
    let mut zc = fft::coset_fft(&z, &shift, &d).expect("fft");
    t.add(
        "decode: batch inversion of 8192",
        secs(a.iters, || {
            let mut x = zc.clone();
            batch_inverse(&mut x).expect("nonzero");
            x
        }),
    );
    batch_inverse(&mut zc).expect("nonzero");
    let pc = fft::coset_fft(&pz, &shift, &d).expect("fft");
    let q: Vec<Fr> = pc.iter().zip(&zc).map(|(a, b)| *a * *b).collect();
    t.add(
        "decode: back from the coset (coset IFFT 8192)",
        secs(a.iters, || fft::coset_ifft(&q, &shift, &d).expect("ifft")),
    );
    let mut coeffs = erasure::recover_with_zero_poly(&evals, &z, &d).expect("recovery");
    coeffs.truncate(4096);
    t.add(
        "extend_coeffs (FFT 8192 + bit reversal)",
        secs(a.iters, || das::extend_coeffs(&coeffs, &d).expect("fft")),
    );
    fk20_phases(&mut t, a.iters, ks, &coeffs, tables);
    let ext = das::extend_coeffs(&coeffs, &d).expect("fft");
    t.add(
        "cells: 8192 field elements to bytes",
        secs(a.iters, || {
            ext.iter()
                .map(|v| v.to_bytes_be())
                .collect::<Vec<[u8; 32]>>()
        }),
    );
    let full = secs(a.iters, || {
        ks.recover_cells_and_kzg_proofs(&ids, &cells)
            .expect("recovery")
    });
    t.finish("recover_cells_and_kzg_proofs", full);
}

fn verify_blobs_path(a: &Args, ks: &KzgSettings<B>, fx: &Fixture) {
    let n = fx.blobs.len();
    let mut t = Table::new(&format!("verify_blob_kzg_proof_batch, {n} blobs"));
    t.add(
        "blob_to_polynomial × n",
        secs(a.iters, || {
            fx.blobs
                .iter()
                .map(|b| blob_to_polynomial::<B>(b).expect("blob"))
                .collect::<Vec<_>>()
        }),
    );
    let polys: Vec<Vec<Fr>> = fx
        .blobs
        .iter()
        .map(|b| blob_to_polynomial::<B>(b).expect("blob"))
        .collect();
    t.add(
        "decode 2n points (decompress + subgroup check)",
        secs(a.iters, || {
            fx.commitments
                .iter()
                .chain(&fx.proofs)
                .map(|c| bytes_to_g1::<B>(c, "point", 0).expect("point"))
                .collect::<Vec<_>>()
        }),
    );
    let cs: Vec<_> = fx
        .commitments
        .iter()
        .map(|c| bytes_to_g1::<B>(c, "c", 0).unwrap())
        .collect();
    let ps: Vec<_> = fx
        .proofs
        .iter()
        .map(|c| bytes_to_g1::<B>(c, "p", 0).unwrap())
        .collect();
    t.add(
        "compute_challenge × n (SHA-256 of blob + commitment)",
        secs(a.iters, || {
            fx.blobs
                .iter()
                .zip(&fx.commitments)
                .map(|(b, c)| compute_challenge::<B>(b, c))
                .collect::<Vec<_>>()
        }),
    );
    let zs: Vec<Fr> = fx
        .blobs
        .iter()
        .zip(&fx.commitments)
        .map(|(b, c)| compute_challenge::<B>(b, c))
        .collect();
    t.add(
        "evaluate_polynomial_in_evaluation_form × n",
        secs(a.iters, || {
            polys
                .iter()
                .zip(&zs)
                .map(|(p, z)| {
                    ks.evaluate_polynomial_in_evaluation_form(p, z)
                        .expect("eval")
                })
                .collect::<Vec<_>>()
        }),
    );
    let ys: Vec<Fr> = polys
        .iter()
        .zip(&zs)
        .map(|(p, z)| ks.evaluate_polynomial_in_evaluation_form(p, z).unwrap())
        .collect();
    t.add(
        "batch challenge (hash of the transcript) + powers",
        secs(a.iters, || {
            let mut data: Vec<&[u8]> = Vec::new();
            let zb: Vec<[u8; 32]> = zs.iter().chain(&ys).map(|v| v.to_bytes_be()).collect();
            for (c, z) in fx.commitments.iter().zip(&zb) {
                data.push(c);
                data.push(z);
            }
            let r = hash_to_bls_field::<B>(&data);
            compute_powers(&r, n)
        }),
    );
    let rp = compute_powers(&Fr::from_u64(12345), n);
    let mut pts = cs.clone();
    pts.extend(&ps);
    let mut sc = rp.clone();
    sc.extend(rp.iter().zip(&zs).map(|(r, z)| *r * *z));
    t.add(
        "MSM of 2n points (commitments, z-weighted proofs)",
        secs(a.iters, || B::g1_msm(&pts, &sc)),
    );
    t.add(
        "MSM of n points (proofs)",
        secs(a.iters, || B::g1_msm(&ps, &rp)),
    );
    let g2 = B::g2_prepare(&ks.srs().g2[0]);
    let g2t = B::g2_prepare(&ks.srs().g2[1]);
    let p1 = B::g1_msm(&ps, &rp);
    t.add(
        "pairing check, 2 pairs (prepared G2)",
        secs(a.iters, || B::pairings_verify(&[(p1, &g2t), (-p1, &g2)])),
    );
    let refs: Vec<&fastkzg::Blob> = fx.blobs.iter().map(|b| &**b).collect();
    let full = secs(a.iters, || {
        ks.verify_blob_kzg_proof_batch(&refs, &fx.commitments, &fx.proofs)
            .expect("batch")
    });
    t.finish("verify_blob_kzg_proof_batch", full);
}

fn verify_cells_path(a: &Args, ks: &KzgSettings<B>, fx: &Fixture) {
    let nb = fx.blobs.len();
    let n = nb * 128;
    let mut t = Table::new(&format!(
        "verify_cell_kzg_proof_batch, {nb} blobs × 128 cells"
    ));
    let mut commitments = Vec::new();
    let mut indices = Vec::new();
    let mut cells = Vec::new();
    let mut proofs = Vec::new();
    for b in 0..nb {
        for c in 0..128 {
            commitments.push(fx.commitments[b]);
            indices.push(c as u64);
            cells.push(fx.cells[b][c]);
            proofs.push(fx.cell_proofs[b][c]);
        }
    }
    t.add(
        "decode unique commitments + n proofs (subgroup checks)",
        secs(a.iters, || {
            fx.commitments
                .iter()
                .chain(&proofs)
                .map(|c| bytes_to_g1::<B>(c, "point", 0).expect("point"))
                .collect::<Vec<_>>()
        }),
    );
    let pts: Vec<_> = proofs
        .iter()
        .map(|p| bytes_to_g1::<B>(p, "p", 0).unwrap())
        .collect();
    let cpts: Vec<_> = fx
        .commitments
        .iter()
        .map(|p| bytes_to_g1::<B>(p, "c", 0).unwrap())
        .collect();
    t.add(
        "cells to field elements (n × 64)",
        secs(a.iters, || {
            cells
                .iter()
                .map(|c| bytes_to_field_elements::<B>(c, "cell").expect("cell"))
                .collect::<Vec<_>>()
        }),
    );
    let evals: Vec<Vec<Fr>> = cells
        .iter()
        .map(|c| bytes_to_field_elements::<B>(c, "cell").unwrap())
        .collect();
    let cidx: Vec<u64> = (0..nb as u64)
        .flat_map(|b| std::iter::repeat_n(b, 128))
        .collect();
    t.add(
        "challenge: SHA-256 over the batch + powers",
        secs(a.iters, || {
            let r = compute_verify_cell_kzg_proof_batch_challenge::<B, _>(
                &fx.commitments,
                &cidx,
                &indices,
                &cells,
                &proofs,
            )
            .expect("challenge");
            compute_powers(&r, n)
        }),
    );
    let rp = compute_powers(&Fr::from_u64(777), n);
    let weighted: Vec<Fr> = rp.iter().map(|r| *r * Fr::from_u64(3)).collect();
    t.add(
        "proof sums: 2 MSMs of n proofs",
        secs(a.iters, || {
            (B::g1_msm(&pts, &rp), B::g1_msm(&pts, &weighted))
        }),
    );
    let w: Vec<Fr> = (0..nb).map(|b| rp[b * 128]).collect();
    t.add(
        "commitment MSM (unique commitments)",
        secs(a.iters, || B::g1_msm(&cpts, &w)),
    );
    let cd = Domain::<Fr>::new(64).expect("domain");
    t.add(
        "aggregate per column, 128 IFFTs of 64, coset shifts",
        secs(a.iters, || {
            let mut agg = vec![vec![Fr::zero(); 64]; 128];
            for ((col, e), r) in indices.iter().zip(&evals).zip(&rp) {
                for (acc, v) in agg[*col as usize].iter_mut().zip(e) {
                    *acc += *v * *r;
                }
            }
            let mut interp = vec![Fr::zero(); 64];
            for v in agg.iter_mut() {
                bit_reversal_permutation_in_place(v);
                fft::ifft_in_place(v, &cd).expect("ifft");
                let mut s = Fr::one();
                let h = Fr::from_u64(5);
                for (acc, g) in interp.iter_mut().zip(v.iter()) {
                    *acc += *g * s;
                    s *= h;
                }
            }
            interp
        }),
    );
    let interp: Vec<Fr> = rp[..64].to_vec();
    // The library keeps a fixed-base table (window 13) over these 64 points.
    let table = FixedBaseMsm::<B>::new(&ks.srs().g1[..64], 13);
    t.add(
        "interpolation commitment (fixed-base MSM, 64 setup points)",
        secs(a.iters, || table.msm(&interp)),
    );
    let g2 = B::g2_prepare(&ks.srs().g2[0]);
    let g2c = B::g2_prepare(&ks.srs().g2[64]);
    let p = B::g1_msm(&pts[..64], &interp);
    t.add(
        "pairing check, 2 pairs (prepared G2)",
        secs(a.iters, || B::pairings_verify(&[(p, &g2c), (-p, &g2)])),
    );
    let full = secs(a.iters, || {
        ks.verify_cell_kzg_proof_batch(&commitments, &indices, &cells, &proofs)
            .expect("batch")
    });
    t.finish("verify_cell_kzg_proof_batch", full);
}

fn micro(a: &Args, ks: &KzgSettings<B>, fx: &Fixture) {
    println!("\nprimitives");
    let c = fx.commitments[0];
    let z = compute_challenge::<B>(&fx.blobs[0], &c);
    let g2 = B::g2_prepare(&ks.srs().g2[0]);
    let p = B::g1_from_affine(&bytes_to_g1::<B>(&c, "c", 0).unwrap());
    let rows: [(&str, f64); 6] = [
        (
            "G1 decompress + subgroup check",
            secs(a.iters, || bytes_to_g1::<B>(&c, "c", 0).unwrap()),
        ),
        ("Fr inverse", secs(a.iters, || z.inverse().unwrap())),
        (
            "compute_challenge (SHA-256 of 128 KiB)",
            secs(a.iters, || compute_challenge::<B>(&fx.blobs[0], &c)),
        ),
        ("G1 scalar multiplication", secs(a.iters, || p * &z)),
        (
            "pairing check, 1 pair",
            secs(a.iters, || B::pairings_verify(&[(p, &g2)])),
        ),
        (
            "commit_lagrange (4096-point fixed-base MSM)",
            secs(a.iters, || ks.commit_lagrange(&compute_powers(&z, 4096))),
        ),
    ];
    for (n, s) in rows {
        println!("  {n:<58} {:>10.3} ms", s * 1e3);
    }
}

fn api_loop(a: &Args, ks: &KzgSettings<B>, fx: &Fixture) {
    let what = a.only.as_deref().unwrap_or("cells");
    let t = Instant::now();
    for _ in 0..a.iters {
        match what {
            "cells" => {
                std::hint::black_box(ks.compute_cells_and_kzg_proofs(&fx.blobs[0]).unwrap());
            }
            "recover" => {
                let ids: Vec<u64> = (0..128).step_by(2).collect();
                let cells: Vec<fastkzg::Cell> =
                    ids.iter().map(|i| fx.cells[0][*i as usize]).collect();
                std::hint::black_box(ks.recover_cells_and_kzg_proofs(&ids, &cells).unwrap());
            }
            "verify-blobs" => {
                let refs: Vec<&fastkzg::Blob> = fx.blobs.iter().map(|b| &**b).collect();
                assert!(ks
                    .verify_blob_kzg_proof_batch(&refs, &fx.commitments, &fx.proofs)
                    .unwrap());
            }
            "verify-cells" => {
                let ids: Vec<u64> = (0..128).collect();
                assert!(ks
                    .verify_cell_kzg_proof_batch(
                        &vec![fx.commitments[0]; 128],
                        &ids,
                        &fx.cells[0],
                        &fx.cell_proofs[0]
                    )
                    .unwrap());
            }
            "verify-column" => {
                // Cell 5 of every fixture blob (`--blobs`): a data-column sidecar.
                let cells: Vec<fastkzg::Cell> = fx.cells.iter().map(|c| c[5]).collect();
                let proofs: Vec<[u8; 48]> = fx.cell_proofs.iter().map(|p| p[5]).collect();
                assert!(ks
                    .verify_cell_kzg_proof_batch(
                        &fx.commitments,
                        &vec![5; cells.len()],
                        &cells,
                        &proofs
                    )
                    .unwrap());
            }
            "compute-cells" => {
                std::hint::black_box(ks.compute_cells(&fx.blobs[0]).unwrap());
            }
            "commit" => {
                std::hint::black_box(ks.blob_to_kzg_commitment(&fx.blobs[0]).unwrap());
            }
            "verify-proof" => {
                let z: fastkzg::Bytes32 = [7; 32];
                let (proof, y) = ks.compute_kzg_proof(&fx.blobs[0], &z).unwrap();
                for _ in 0..100 {
                    assert!(ks
                        .verify_kzg_proof(&fx.commitments[0], &z, &y, &proof)
                        .unwrap());
                }
            }
            "verify-blob" => {
                for _ in 0..20 {
                    assert!(ks
                        .verify_blob_kzg_proof(&fx.blobs[0], &fx.commitments[0], &fx.proofs[0])
                        .unwrap());
                }
            }
            other => {
                panic!("--api-loop knows cells, recover, verify-blobs, verify-cells, verify-column, compute-cells, commit, verify-proof (100 per iteration), verify-blob (20 per iteration); not {other}")
            }
        }
    }
    println!(
        "{what}: {} calls, {:.3} ms per call",
        a.iters,
        t.elapsed().as_secs_f64() * 1e3 / a.iters as f64
    );
}

fn main() {
    let a = parse_args();
    let threads = Threads::new(a.threads).unwrap_or_else(|| {
        eprintln!(
            "--threads {} needs --features parallel; running on one thread",
            a.threads
        );
        Threads::caller()
    });
    threads.run(|| {
        let ks = KzgSettings::<B>::load_mainnet(a.precompute).expect("embedded setup");
        ks.warm_up();
        let want = |w: &str| a.only.as_deref().is_none_or(|o| o == w);
        let blobs = if want("verify-blobs") || want("verify-cells") || want("verify-column") {
            a.verify_blobs.max(1)
        } else {
            1
        };
        let fx = Fixture::with_settings(&ks, blobs, true);
        println!(
            "fastkzg per-phase profile: blst, precompute {}, {} thread(s), {} iteration(s) per phase",
            a.precompute,
            threads.count(),
            a.iters
        );
        if a.api_loop {
            api_loop(&a, &ks, &fx);
            return;
        }
        let tables: Option<Vec<FixedBaseMsm<B>>> = (a.precompute > 0).then(|| {
            let w = KzgSettings::<B>::fk20_table_window(a.precompute);
            (0..128)
                .map(|k| FixedBaseMsm::new(&ks.srs().g1[(k * 64) % 4096..(k * 64) % 4096 + 64], w))
                .collect()
        });
        if want("cells") {
            cells_path(&a, &ks, &fx, tables.as_deref());
        }
        if want("recover") {
            recover_path(&a, &ks, &fx, tables.as_deref());
        }
        if want("verify-blobs") {
            verify_blobs_path(&a, &ks, &fx);
        }
        if want("verify-cells") {
            verify_cells_path(&a, &ks, &fx);
        }
        if want("micro") {
            micro(&a, &ks, &fx);
        }
    });
}
