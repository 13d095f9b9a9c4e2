//! The report's sampler: every contender of a case is measured in the same
//! process, round robin, one sample of each in turn (the starting contender
//! rotates), so slow drifts of the machine (other processes, frequency,
//! thermal) hit all of them alike.
//!
//! Per contender: one warm-up call (its result fingerprint is kept), a
//! calibration that picks how many calls make one sample (at least
//! `target_sample` long, so the clock's resolution and the loop do not
//! matter), then `samples` samples; the statistics are over the per-call
//! time of each sample: median, quartiles, min and max (robust against the
//! outliers a shared machine produces).

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
    /// At least this many samples per contender.
    pub min_samples: usize,
    /// At least this many samples when one round of all contenders takes
    /// longer than `slow_round` (very slow cases).
    pub min_samples_slow: usize,
    /// See `min_samples_slow`.
    pub slow_round: Duration,
    /// At most this many samples per contender.
    pub max_samples: usize,
    /// A warm-up call longer than this counts as the first sample (for
    /// calls of seconds, whose first run warms nothing that matters).
    pub warmup_is_sample_above: Duration,
}

impl Budget {
    /// The report's quick mode (the whole report in a few minutes).
    pub fn quick() -> Self {
        Budget {
            target_sample: Duration::from_millis(20),
            per_case: Duration::from_millis(2000),
            min_samples: 5,
            min_samples_slow: 3,
            slow_round: Duration::from_millis(1000),
            max_samples: 40,
            warmup_is_sample_above: Duration::from_millis(1500),
        }
    }

    /// The report's default mode.
    pub fn full() -> Self {
        Budget {
            target_sample: Duration::from_millis(50),
            per_case: Duration::from_secs(10),
            min_samples: 10,
            min_samples_slow: 5,
            slow_round: Duration::from_secs(5),
            max_samples: 100,
            warmup_is_sample_above: Duration::MAX,
        }
    }

    /// A functional check: one sample each, no calibration beyond one call.
    pub fn smoke() -> Self {
        Budget {
            target_sample: Duration::ZERO,
            per_case: Duration::ZERO,
            min_samples: 1,
            min_samples_slow: 1,
            slow_round: Duration::ZERO,
            max_samples: 1,
            warmup_is_sample_above: Duration::MAX,
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
    /// Median.
    pub median: f64,
    /// Lowest sample.
    pub min: f64,
    /// Highest sample.
    pub max: f64,
    /// First quartile.
    pub q1: f64,
    /// Third quartile.
    pub q3: f64,
    /// Number of samples.
    pub samples: usize,
    /// Calls per sample.
    pub iters: u64,
}

impl Stats {
    /// Statistics of per-call times.
    pub fn from_samples(mut v: Vec<f64>, iters: u64) -> Self {
        v.sort_by(f64::total_cmp);
        let q = |f: f64| -> f64 {
            if v.is_empty() {
                return f64::NAN;
            }
            let pos = f * (v.len() - 1) as f64;
            let (lo, hi) = (pos.floor() as usize, pos.ceil() as usize);
            v[lo] + (v[hi] - v[lo]) * (pos - lo as f64)
        };
        Stats {
            median: q(0.5),
            min: v.first().copied().unwrap_or(f64::NAN),
            max: v.last().copied().unwrap_or(f64::NAN),
            q1: q(0.25),
            q3: q(0.75),
            samples: v.len(),
            iters,
        }
    }

    /// Half the interquartile range relative to the median (a robust
    /// spread, in percent).
    pub fn spread_pct(&self) -> f64 {
        50.0 * (self.q3 - self.q1) / self.median
    }
}

/// `n` calls made elsewhere (another process) and their total time.
pub type Batch<'a> = Box<dyn FnMut(u64) -> Duration + Send + 'a>;

/// One library's job in a case.
pub struct Contender<'a> {
    /// The report label.
    pub label: String,
    /// Where the job runs.
    pub threads: Threads,
    /// The call.
    pub job: Job<'a>,
    /// Instead of `job`: a whole sample's calls at once, timed by whoever
    /// makes them (the Go peer's process). Its fingerprint is 0: such a
    /// contender checks its own results.
    pub batch: Option<Batch<'a>>,
}

impl<'a> Contender<'a> {
    /// A contender whose samples are taken by `batch`.
    pub fn batched(label: String, batch: Batch<'a>) -> Self {
        Contender {
            label,
            threads: Threads::caller(),
            job: Box::new(|| 0),
            batch: Some(batch),
        }
    }

    /// Runs `n` calls on the contender's threads; returns the elapsed time
    /// and the last fingerprint.
    fn run(&mut self, n: u64) -> (Duration, u64) {
        if let Some(batch) = self.batch.as_mut() {
            return (batch(n), 0);
        }
        let job = &mut self.job;
        self.threads.run(move || {
            let t = Instant::now();
            let mut fp = 0;
            for _ in 0..n {
                fp = std::hint::black_box(job());
            }
            (t.elapsed(), fp)
        })
    }
}

/// The outcome of one contender.
#[derive(Clone, Debug)]
pub struct Outcome {
    /// The label.
    pub label: String,
    /// Its statistics.
    pub stats: Stats,
    /// The fingerprint of its warm-up result.
    pub fingerprint: u64,
}

/// Measures the contenders of one case, round robin (see the module docs).
pub fn measure(contenders: &mut [Contender], budget: &Budget) -> Vec<Outcome> {
    // Warm-up and calibration.
    let k = contenders.len();
    let mut est = Vec::with_capacity(k);
    let mut fps = Vec::with_capacity(k);
    let mut times: Vec<Vec<f64>> = vec![Vec::new(); k];
    for (i, c) in contenders.iter_mut().enumerate() {
        let (t, fp) = c.run(1);
        fps.push(fp);
        if t > budget.warmup_is_sample_above {
            times[i].push(t.as_secs_f64());
        }
        let mut per_call = t.as_secs_f64();
        if t < budget.target_sample / 4 {
            // Short calls: time a batch for a better estimate.
            let n = ((budget.target_sample.as_secs_f64() / per_call.max(1e-9)) as u64)
                .clamp(1, 1 << 20);
            let (t, _) = c.run(n);
            per_call = t.as_secs_f64() / n as f64;
        }
        est.push(per_call);
    }
    let iters: Vec<u64> = est
        .iter()
        .map(|e| ((budget.target_sample.as_secs_f64() / e.max(1e-9)).ceil() as u64).max(1))
        .collect();
    let round: f64 = est.iter().zip(&iters).map(|(e, n)| e * *n as f64).sum();
    let min = if round > budget.slow_round.as_secs_f64() {
        budget.min_samples_slow
    } else {
        budget.min_samples
    };
    let samples = ((budget.per_case.as_secs_f64() / round.max(1e-9)) as usize)
        .clamp(min, budget.max_samples.max(min));
    for s in 0..samples {
        for j in 0..k {
            let i = (s + j) % k;
            if times[i].len() >= samples {
                continue;
            }
            let (t, _) = contenders[i].run(iters[i]);
            times[i].push(t.as_secs_f64() / iters[i] as f64);
        }
    }
    contenders
        .iter()
        .zip(times)
        .zip(iters)
        .zip(fps)
        .map(|(((c, t), n), fp)| Outcome {
            label: c.label.clone(),
            stats: Stats::from_samples(t, n),
            fingerprint: fp,
        })
        .collect()
}

/// A duration in seconds, formatted with a unit that keeps 3 significant
/// digits (`812 ns`, `1.95 ms`, `3.10 s`).
pub fn fmt_time(s: f64) -> String {
    if !s.is_finite() {
        return "–".into();
    }
    let (v, unit) = if s >= 1.0 {
        (s, "s")
    } else if s >= 1e-3 {
        (s * 1e3, "ms")
    } else if s >= 1e-6 {
        (s * 1e6, "µs")
    } else {
        (s * 1e9, "ns")
    };
    let digits = if v >= 100.0 {
        0
    } else if v >= 10.0 {
        1
    } else {
        2
    };
    format!("{v:.digits$} {unit}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quartiles() {
        let s = Stats::from_samples(vec![4.0, 1.0, 3.0, 2.0, 5.0], 1);
        assert_eq!(
            (s.min, s.q1, s.median, s.q3, s.max),
            (1.0, 2.0, 3.0, 4.0, 5.0)
        );
        assert_eq!(s.samples, 5);
        let s = Stats::from_samples(vec![1.0, 2.0], 1);
        assert_eq!(s.median, 1.5);
    }

    #[test]
    fn time_format() {
        assert_eq!(fmt_time(1.954e-3), "1.95 ms");
        assert_eq!(fmt_time(3.1), "3.10 s");
        assert_eq!(fmt_time(83.4e-3), "83.4 ms");
        assert_eq!(fmt_time(512e-6), "512 µs");
    }

    #[test]
    fn round_robin_counts() {
        let mut calls = [0u32; 2];
        let (a, b) = calls.split_at_mut(1);
        let mut cs = vec![
            Contender {
                label: "a".into(),
                threads: Threads::caller(),
                job: Box::new(|| {
                    a[0] += 1;
                    1
                }),
                batch: None,
            },
            Contender {
                label: "b".into(),
                threads: Threads::caller(),
                job: Box::new(|| {
                    b[0] += 1;
                    2
                }),
                batch: None,
            },
        ];
        let out = measure(&mut cs, &Budget::smoke());
        drop(cs);
        assert_eq!(out.len(), 2);
        assert_eq!((out[0].fingerprint, out[1].fingerprint), (1, 2));
        assert_eq!(calls, [2, 2]);
    }

    /// A batched contender is sampled in turn with the others, with the
    /// call counts the sampler chose, and its reported times are what the
    /// statistics use.
    #[test]
    fn batched_contender_times_are_used() {
        let mut counts = Vec::new();
        let mut cs = vec![
            Contender {
                label: "a".into(),
                threads: Threads::caller(),
                job: Box::new(|| 1),
                batch: None,
            },
            Contender::batched(
                "b".into(),
                Box::new(|n| {
                    counts.push(n);
                    Duration::from_micros(1500 * n)
                }),
            ),
        ];
        let out = measure(&mut cs, &Budget::smoke());
        drop(cs);
        assert_eq!(out[1].fingerprint, 0);
        assert!(
            (out[1].stats.median - 1.5e-3).abs() < 1e-12,
            "{}",
            out[1].stats.median
        );
        // Warm-up (1 call), then the samples with the calibrated count.
        assert_eq!(counts[0], 1);
        assert!(counts.len() >= 2);
    }
}
