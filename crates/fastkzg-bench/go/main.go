// Command fastkzg-gopeer measures go-eth-kzg (the Go KZG library of the
// go-kzg-4844 authors, on gnark-crypto) on the inputs of fastkzg's benchmark
// report, for the report's Go column.
//
//	fastkzg-gopeer [-threads N] INPUT
//
// INPUT is written by the report (see input.go for the format): blobs,
// commitments, proofs, cells and the cases to measure, each with its
// budget. The program loads the library's embedded mainnet setup, then sets
// GOMAXPROCS to N (default 1) and passes N as the library's numGoRoutines.
// For each case it makes one warm-up call and checks its result against the
// file (commitments, proofs and cells must be equal, verifications must
// succeed), exiting with status 1 otherwise, then samples the case the way
// the report's sampler does and prints one TSV line:
//
//	key  median  calls-per-sample  samples  min  q1  q3  max
//
// (times in seconds per call), after a line "# peer ..." naming the library,
// gnark-crypto and Go versions and a line "# gomaxprocs N". Progress goes to
// stderr.
//
// With -serve the program measures nothing by itself: after the "# peer"
// line it answers commands on stdin, one line each, so that the report can
// take its samples in turn with the Rust libraries (round robin):
//
//	case KEY   prepare the case, make its warm-up call and check it;
//	           answers "ok SECONDS" (the warm-up time) or "err MESSAGE"
//	run N      N calls of the current case; answers "ok SECONDS" (their
//	           total time) or "err MESSAGE"
//
// It exits at the end of stdin.
package main

import (
	"bufio"
	"flag"
	"fmt"
	"math"
	"os"
	"runtime"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"time"

	goethkzg "github.com/crate-crypto/go-eth-kzg"
)

func main() {
	threads := flag.Int("threads", 1, "GOMAXPROCS and the library's numGoRoutines")
	serveMode := flag.Bool("serve", false, "answer case/run commands on stdin instead of sampling")
	flag.Usage = func() {
		fmt.Fprintln(os.Stderr, "usage: fastkzg-gopeer [-threads N] [-serve] INPUT")
		flag.PrintDefaults()
	}
	flag.Parse()
	if flag.NArg() != 1 || *threads < 1 {
		flag.Usage()
		os.Exit(2)
	}
	if err := run(flag.Arg(0), *threads, *serveMode); err != nil {
		fmt.Fprintln(os.Stderr, "go peer:", err)
		os.Exit(1)
	}
}

func run(path string, threads int, serveMode bool) error {
	in, err := readInputs(path)
	if err != nil {
		return err
	}
	// Loaded with every CPU, before the measured configuration is set.
	ctx, err := goethkzg.NewContext4096Secure()
	if err != nil {
		return fmt.Errorf("loading the embedded setup: %w", err)
	}
	if err := sanity(ctx, in); err != nil {
		return err
	}
	runtime.GOMAXPROCS(threads)
	runtime.GC()
	fmt.Printf("# peer %s\n# gomaxprocs %d\n", versions(), threads)
	if serveMode {
		return serve(ctx, in, threads)
	}
	for _, c := range in.cases {
		j, err := prepare(ctx, in, c, threads)
		if err != nil {
			return fmt.Errorf("%s: %w", c.key, err)
		}
		st, err := measure(j, c.budget)
		if err != nil {
			return fmt.Errorf("%s: %w", c.key, err)
		}
		fmt.Printf("%s\t%e\t%d\t%d\t%e\t%e\t%e\t%e\n", c.key, st.median, st.iters, st.samples, st.min, st.q1, st.q3, st.max)
		fmt.Fprintf(os.Stderr, "%s: %s (%d samples of %d calls)\n", c.key, fmtTime(st.median), st.samples, st.iters)
	}
	return nil
}

// serve answers the "case" and "run" commands of -serve (see the package
// documentation) until stdin ends.
func serve(ctx *goethkzg.Context, in *inputs, threads int) error {
	var cur *job
	answer := func(d time.Duration, err error) {
		if err != nil {
			fmt.Printf("err %s\n", strings.ReplaceAll(err.Error(), "\n", " "))
			return
		}
		fmt.Printf("ok %e\n", d.Seconds())
	}
	sc := bufio.NewScanner(os.Stdin)
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		switch {
		case len(f) == 2 && f[0] == "case":
			cur = nil
			i := slices.IndexFunc(in.cases, func(c caseSpec) bool { return c.key == f[1] })
			if i < 0 {
				answer(0, fmt.Errorf("no case %q in the input file", f[1]))
				continue
			}
			j, err := prepare(ctx, in, in.cases[i], threads)
			if err != nil {
				answer(0, err)
				continue
			}
			dt, err := repeat(j, 1)
			if err == nil && j.check != nil {
				err = j.check()
			}
			if err == nil {
				cur = &j
			}
			answer(dt, err)
		case len(f) == 2 && f[0] == "run":
			n, err := strconv.ParseInt(f[1], 10, 64)
			if err != nil || n < 1 {
				answer(0, fmt.Errorf("bad call count %q", f[1]))
				continue
			}
			if cur == nil {
				answer(0, fmt.Errorf("no case prepared"))
				continue
			}
			answer(repeat(*cur, n))
		default:
			answer(0, fmt.Errorf("unknown command %q", sc.Text()))
		}
	}
	return sc.Err()
}

// sanity makes sure that a verification of the library can fail on these
// inputs (so that a successful one means something).
func sanity(ctx *goethkzg.Context, in *inputs) error {
	if len(in.blobs) < 2 {
		return nil
	}
	if ctx.VerifyBlobKZGProof(in.blobs[0], in.commitments[0], in.proofs[1]) == nil {
		return fmt.Errorf("verify_blob_kzg_proof accepted the proof of another blob")
	}
	return nil
}

// versions names the library, gnark-crypto and Go.
func versions() string {
	lib, gnark := "?", "?"
	if bi, ok := debug.ReadBuildInfo(); ok {
		for _, d := range bi.Deps {
			switch d.Path {
			case "github.com/crate-crypto/go-eth-kzg":
				lib = d.Version
			case "github.com/consensys/gnark-crypto":
				gnark = d.Version
			}
		}
	}
	return fmt.Sprintf("github.com/crate-crypto/go-eth-kzg %s (gnark-crypto %s), %s", lib, gnark, runtime.Version())
}

// stats are per-call times in seconds.
type stats struct {
	median, min, max, q1, q3 float64
	samples                  int
	iters                    int64
}

// measure mirrors the report's sampler for one contender: a warm-up call
// (checked), a calibration of the calls per sample, then the samples.
func measure(j job, b budget) (stats, error) {
	t0 := time.Now()
	err := j.call()
	warm := time.Since(t0)
	if err != nil {
		return stats{}, err
	}
	if j.check != nil {
		if err := j.check(); err != nil {
			return stats{}, err
		}
	}
	var times []float64
	if warm > b.warmupIsSampleAbove {
		times = append(times, warm.Seconds())
	}
	perCall := warm.Seconds()
	target := b.target.Seconds()
	if warm < b.target/4 {
		n := int64(math.Min(math.Max(target/math.Max(perCall, 1e-9), 1), 1<<20))
		dt, err := repeat(j, n)
		if err != nil {
			return stats{}, err
		}
		perCall = dt.Seconds() / float64(n)
	}
	iters := int64(math.Max(math.Ceil(target/math.Max(perCall, 1e-9)), 1))
	round := perCall * float64(iters)
	minSamples := b.minSamples
	if round > b.slowRound.Seconds() {
		minSamples = b.minSamplesSlow
	}
	maxSamples := max(b.maxSamples, minSamples)
	samples := int(math.Min(math.Max(b.perCase.Seconds()/math.Max(round, 1e-9), float64(minSamples)), float64(maxSamples)))
	for len(times) < samples {
		dt, err := repeat(j, iters)
		if err != nil {
			return stats{}, err
		}
		times = append(times, dt.Seconds()/float64(iters))
	}
	return summarize(times, iters), nil
}

// fmtTime writes seconds with 3 significant digits and a unit.
func fmtTime(s float64) string {
	v, unit := s*1e9, "ns"
	switch {
	case s >= 1:
		v, unit = s, "s"
	case s >= 1e-3:
		v, unit = s*1e3, "ms"
	case s >= 1e-6:
		v, unit = s*1e6, "µs"
	}
	digits := 2
	if v >= 100 {
		digits = 0
	} else if v >= 10 {
		digits = 1
	}
	return fmt.Sprintf("%.*f %s", digits, v, unit)
}

func repeat(j job, n int64) (time.Duration, error) {
	t0 := time.Now()
	for i := int64(0); i < n; i++ {
		if err := j.call(); err != nil {
			return 0, err
		}
	}
	return time.Since(t0), nil
}

// summarize computes the report's statistics (linear interpolation between
// order statistics).
func summarize(v []float64, iters int64) stats {
	slices.Sort(v)
	q := func(f float64) float64 {
		if len(v) == 0 {
			return math.NaN()
		}
		pos := f * float64(len(v)-1)
		lo, hi := int(math.Floor(pos)), int(math.Ceil(pos))
		return v[lo] + (v[hi]-v[lo])*(pos-float64(lo))
	}
	st := stats{median: q(0.5), q1: q(0.25), q3: q(0.75), samples: len(v), iters: iters}
	if len(v) > 0 {
		st.min, st.max = v[0], v[len(v)-1]
	}
	return st
}
