// Command fastkzg-gopeer runs go-eth-kzg (the Go KZG library of the
// go-kzg-4844 authors, on gnark-crypto) for fastkzg's benchmark report, which
// takes its samples in turn with the Rust libraries (round robin).
//
//	fastkzg-gopeer [-threads N] FIXTURE
//
// FIXTURE is the report's input file (see input.go). The program loads the
// library's embedded mainnet setup, checks that a wrong proof is rejected,
// sets GOMAXPROCS to N (default 1; N is also the library's numGoRoutines),
// prints "# peer ..." (the library, gnark-crypto and Go versions), then
// answers commands on stdin, one line each:
//
//	case KIND [BLOB:CELL ...]  prepare a call of the API function KIND on
//	                           those entries, make it once and check its
//	                           result against the fixture; answers
//	                           "ok SECONDS" or "err MESSAGE"
//	run N                      N calls of the current case; answers
//	                           "ok SECONDS" (their total time) or "err ..."
//
// It exits at the end of stdin.
package main

import (
	"bufio"
	"flag"
	"fmt"
	"os"
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"
	"time"

	goethkzg "github.com/crate-crypto/go-eth-kzg"
)

func main() {
	threads := flag.Int("threads", 1, "GOMAXPROCS and the library's numGoRoutines")
	flag.Parse()
	if flag.NArg() != 1 || *threads < 1 {
		fmt.Fprintln(os.Stderr, "usage: fastkzg-gopeer [-threads N] FIXTURE")
		os.Exit(2)
	}
	if err := run(flag.Arg(0), *threads); err != nil {
		fmt.Fprintln(os.Stderr, "go peer:", err)
		os.Exit(1)
	}
}

func run(path string, threads int) error {
	in, err := readFixture(path)
	if err != nil {
		return err
	}
	ctx, err := goethkzg.NewContext4096Secure()
	if err != nil {
		return fmt.Errorf("loading the embedded setup: %w", err)
	}
	if len(in.blobs) > 1 && ctx.VerifyBlobKZGProof(in.blobs[0], in.commitments[0], in.proofs[1]) == nil {
		return fmt.Errorf("verify_blob_kzg_proof accepted the proof of another blob")
	}
	runtime.GOMAXPROCS(threads)
	runtime.GC()
	fmt.Printf("# peer %s\n", versions())
	var cur job
	sc := bufio.NewScanner(os.Stdin)
	sc.Buffer(make([]byte, 1<<16), 1<<24)
	for sc.Scan() {
		f, d, err := strings.Fields(sc.Text()), time.Duration(0), error(nil)
		switch {
		case len(f) >= 2 && f[0] == "case":
			if cur, err = prepare(ctx, in, f[1], f[2:], threads); err == nil {
				t0 := time.Now()
				err, d = cur(true), time.Since(t0)
			}
		case len(f) == 2 && f[0] == "run" && cur != nil:
			n, perr := strconv.Atoi(f[1])
			if perr != nil || n < 1 {
				err = fmt.Errorf("bad call count %q", f[1])
			}
			t0 := time.Now()
			for i := 0; i < n && err == nil; i++ {
				err = cur(false)
			}
			d = time.Since(t0)
		default:
			err = fmt.Errorf("unknown command or no case prepared: %q", sc.Text())
		}
		if err != nil {
			cur = nil
			fmt.Printf("err %s\n", strings.ReplaceAll(err.Error(), "\n", " "))
		} else {
			fmt.Printf("ok %e\n", d.Seconds())
		}
	}
	return sc.Err()
}

// versions names the library, gnark-crypto and Go.
func versions() string {
	v := map[string]string{}
	if bi, ok := debug.ReadBuildInfo(); ok {
		for _, d := range bi.Deps {
			v[d.Path] = d.Version
		}
	}
	lib, gnark := v["github.com/crate-crypto/go-eth-kzg"], v["github.com/consensys/gnark-crypto"]
	return fmt.Sprintf("github.com/crate-crypto/go-eth-kzg %s (gnark-crypto %s), %s", lib, gnark, runtime.Version())
}
