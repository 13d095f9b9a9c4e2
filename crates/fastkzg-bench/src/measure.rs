//! The sampler: the contenders of a case are measured in one process,
//! round robin, one sample of each in turn (the first one rotating), so
//! that drifts of the machine hit all of them alike.
//!
//! Per contender: one warm-up call (its fingerprint kept), a calibration
//! of the calls per sample (at least `target_sample` long), then the
//! samples; the statistics (median, quartiles, extremes) are over the
//! per-call time of each sample.

use std::time::{Duration, Instant};

use crate::cases::Job;
use crate::threads::Threads;

/// How long to measure.
#[derive(Clone, Debug)]
pub struct Budget {
    /// The shortest sample.
    pub target_sample: Duration,
    /// The time to spend on one case (all contenders together), after the
    /// warm-up.
    pub per_case: Duration,
    /// At least this many samples per contender...
    pub min_samples: usize,
    /// ...or this many when one round of all contenders takes longer than
    /// `slow_round`.
    pub min_samples_slow: usize,
    /// See `min_samples_slow`.
    pub slow_round: Duration,
    /// At most this many samples per contender.
    pub max_samples: usize,
    /// A warm-up call longer than this counts as the first sample.
    pub warmup_is_sample_above: Duration,
}

impl Budget {
    /// The budget of a report mode: `quick` (the whole report in a few
    /// minutes), `smoke` (a functional check: one sample each, no
    /// calibration beyond one call) or `full` (the default).
    pub fn of(mode: &str) -> Self {
        let (ms, max) = (Duration::from_millis, Duration::MAX);
        let (t, [min_samples, min_samples_slow, max_samples]) = match mode {
            // Nine samples (five for slow rounds): with five and three, a
            // shared machine's bursts of load took the median of a slow
            // row (eight blobs of cells: the Rust API's median 90 ms, the
            // C ABI's 74 ms, the same code in one run).
            "quick" => ([ms(20), ms(2000), ms(1000), ms(1500)], [9, 5, 40]),
            "smoke" => ([ms(0), ms(0), ms(0), max], [1, 1, 1]),
            _ => ([ms(50), ms(10_000), ms(5000), max], [10, 5, 100]),
        };
        let [target_sample, per_case, slow_round, warmup_is_sample_above] = t;
        Budget {
            target_sample,
            per_case,
            min_samples,
            min_samples_slow,
            slow_round,
            max_samples,
            warmup_is_sample_above,
        }
    }

    /// A cheaper budget for the toolkit sweeps of the report.
    pub fn toolkit(&self) -> Self {
        Budget {
            per_case: self.per_case / 4,
            min_samples: self.min_samples.min(3),
            min_samples_slow: self.min_samples_slow.min(2),
            slow_round: self.slow_round / 4,
            ..self.clone()
        }
    }
}

/// Statistics of one contender, in seconds per call.
#[derive(Clone, Debug, PartialEq)]
pub struct Stats {
    /// Median, lowest sample, highest sample, first and third quartile (the
    /// order of the TSV columns).
    pub q: [f64; 5],
    /// Number of samples.
    pub samples: usize,
    /// Calls per sample.
    pub iters: u64,
}

impl Stats {
    /// Statistics of per-call times (quantiles interpolated linearly).
    pub fn from_samples(mut v: Vec<f64>, iters: u64) -> Self {
        v.sort_by(f64::total_cmp);
        let q = |f: f64| -> f64 {
            let pos = f * v.len().saturating_sub(1) as f64;
            let (lo, hi) = (pos.floor() as usize, pos.ceil() as usize);
            v.get(lo)
                .map_or(f64::NAN, |l| l + (v[hi] - l) * (pos - lo as f64))
        };
        let (q, samples) = ([0.5, 0.0, 1.0, 0.25, 0.75].map(q), v.len());
        Stats { q, samples, iters }
    }

    /// The median.
    pub fn median(&self) -> f64 {
        self.q[0]
    }
}

/// Runs `n` calls; returns their total time and the last call's
/// fingerprint.
pub type Sampler<'a> = Box<dyn FnMut(u64) -> (Duration, u64) + Send + 'a>;

/// One library's job in a case.
pub struct Contender<'a> {
    /// The report label.
    pub label: String,
    /// The number of threads it runs on.
    pub threads: usize,
    /// Takes one sample.
    pub sample: Sampler<'a>,
}

impl<'a> Contender<'a> {
    /// A contender taking its samples with `sample`: a job's calls timed
    /// here ([`time_calls`]), or calls made elsewhere (the Go peer's
    /// process, which times them and checks its own results; fingerprint 0).
    pub fn new(label: String, threads: usize, sample: Sampler<'a>) -> Self {
        Contender {
            label,
            threads,
            sample,
        }
    }

    /// A contender whose samples are calls of `job` on `threads`, timed
    /// here ([`time_calls`]), reported at `count` threads.
    pub fn timed(label: String, count: usize, threads: &'a Threads, mut job: Job<'a>) -> Self {
        let sample = Box::new(move |n| time_calls(threads, &mut job, n));
        Contender::new(label, count, sample)
    }
}

/// Runs `n` calls of `job` on `threads` (entering the pool once); returns
/// their total time and the last call's fingerprint.
pub fn time_calls(threads: &Threads, job: &mut Job, n: u64) -> (Duration, u64) {
    threads.run(|| {
        let t = Instant::now();
        let fp = (0..n).fold(0, |_, _| std::hint::black_box(job()));
        (t.elapsed(), fp)
    })
}

/// The outcome of one contender.
#[derive(Clone, Debug)]
pub struct Outcome {
    /// The label.
    pub label: String,
    /// Its threads.
    pub threads: usize,
    /// Its statistics.
    pub stats: Stats,
    /// The fingerprint of its warm-up result.
    pub fingerprint: u64,
}

/// Measures the contenders of one case, round robin (see the module docs).
pub fn measure(contenders: &mut [Contender], budget: &Budget) -> Vec<Outcome> {
    let k = contenders.len();
    let target = budget.target_sample.as_secs_f64();
    let mut times: Vec<Vec<f64>> = vec![Vec::new(); k];
    let (mut fps, mut iters, mut round) = (vec![], vec![], 0.0);
    for (c, times) in contenders.iter_mut().zip(&mut times) {
        // Warm-up, then calibration (short calls: a batch for a better estimate).
        let (t, fp) = (c.sample)(1);
        fps.push(fp);
        if t > budget.warmup_is_sample_above {
            times.push(t.as_secs_f64());
        }
        let mut per_call = t.as_secs_f64();
        if t < budget.target_sample / 4 {
            let n = ((target / per_call.max(1e-9)) as u64).clamp(1, 1 << 20);
            per_call = (c.sample)(n).0.as_secs_f64() / n as f64;
        }
        let n = ((target / per_call.max(1e-9)).ceil() as u64).max(1);
        iters.push(n);
        round += per_call * n as f64;
    }
    let min = match round > budget.slow_round.as_secs_f64() {
        true => budget.min_samples_slow,
        false => budget.min_samples,
    };
    let samples = ((budget.per_case.as_secs_f64() / round.max(1e-9)) as usize)
        .clamp(min, budget.max_samples.max(min));
    for s in 0..samples {
        for j in 0..k {
            let i = (s + j) % k;
            if times[i].len() < samples {
                let (t, _) = (contenders[i].sample)(iters[i]);
                times[i].push(t.as_secs_f64() / iters[i] as f64);
            }
        }
    }
    let outcomes = contenders.iter().zip(times).zip(iters).zip(fps);
    outcomes
        .map(|(((c, t), n), fingerprint)| Outcome {
            label: c.label.clone(),
            threads: c.threads,
            stats: Stats::from_samples(t, n),
            fingerprint,
        })
        .collect()
}

/// A duration in seconds, formatted with a unit that keeps 3 significant
/// digits (`812 ns`, `1.95 ms`, `3.10 s`).
pub fn fmt_time(s: f64) -> String {
    let (v, unit) = match s {
        _ if !s.is_finite() => return "–".into(),
        _ if s >= 1.0 => (s, "s"),
        _ if s >= 1e-3 => (s * 1e3, "ms"),
        _ if s >= 1e-6 => (s * 1e6, "µs"),
        _ => (s * 1e9, "ns"),
    };
    // Digits after the point for 3 significant digits.
    let digits = 2 - usize::from(v >= 10.0) - usize::from(v >= 100.0);
    format!("{v:.digits$} {unit}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quartiles_and_format() {
        let s = Stats::from_samples(vec![4.0, 1.0, 3.0, 2.0, 5.0], 1);
        assert_eq!((s.q, s.samples), ([3.0, 1.0, 5.0, 2.0, 4.0], 5));
        assert_eq!(Stats::from_samples(vec![1.0, 2.0], 1).median(), 1.5);
        for (s, text) in [(1.954e-3, "1.95 ms"), (3.1, "3.10 s"), (83.4e-3, "83.4 ms")] {
            assert_eq!(fmt_time(s), text);
        }
        assert_eq!(fmt_time(512e-6), "512 µs");
    }

    /// Both kinds of contenders are sampled in turn; one timed elsewhere gets the
    /// calibrated call counts and its reported times are what the
    /// statistics use.
    #[test]
    fn round_robin() {
        let (mut calls, mut counts, one) = (0u32, Vec::new(), Threads::default());
        let job: Job = Box::new(|| {
            calls += 1;
            7
        });
        let elsewhere: Sampler = Box::new(|n| {
            counts.push(n);
            (Duration::from_micros(1500 * n), 0)
        });
        let mut cs = [
            Contender::timed("a".into(), 1, &one, job),
            Contender::new("b".into(), 1, elsewhere),
        ];
        let out = measure(&mut cs, &Budget::of("smoke"));
        drop(cs);
        assert_eq!((out[0].fingerprint, out[1].fingerprint, calls), (7, 0, 2));
        let median = out[1].stats.median();
        assert!((median - 1.5e-3).abs() < 1e-12, "{median}");
        assert_eq!(counts, [1, 1]);
    }
}
