package spectest

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"sort"
	"strings"
)

// Functions are the functions of the reference tests, in report order.
var Functions = []string{
	"blob_to_kzg_commitment",
	"compute_kzg_proof",
	"compute_blob_kzg_proof",
	"verify_kzg_proof",
	"verify_blob_kzg_proof",
	"verify_blob_kzg_proof_batch",
	"compute_challenge",
	"compute_cells",
	"compute_cells_and_kzg_proofs",
	"recover_cells_and_kzg_proofs",
	"verify_cell_kzg_proof_batch",
	"compute_verify_cell_kzg_proof_batch_challenge",
}

// DefaultDir is the in-repo copy of the reference tests: spec-tests/ at the
// repository root.
func DefaultDir() string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Clean(filepath.Join(filepath.Dir(file), "..", "..", "..", "..", "spec-tests"))
}

// Dir is the reference-test folder: $FASTKZG_SPEC_TESTS, or the in-repo
// copy (DefaultDir).
func Dir() string {
	if d := os.Getenv("FASTKZG_SPEC_TESTS"); d != "" {
		return d
	}
	return DefaultDir()
}

// Report is what Check found.
type Report struct {
	Dir      string
	Counts   map[string]int // cases per function
	Total    int
	Verified int // files verified against MANIFEST.sha256; -1: no manifest
}

func (r Report) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "reference tests at %s: %d cases, ", r.Dir, r.Total)
	if r.Verified >= 0 {
		fmt.Fprintf(&b, "verified against MANIFEST.sha256 (%d files)", r.Verified)
	} else {
		b.WriteString("not verified: no MANIFEST.sha256 there")
	}
	return b.String()
}

var manifestLine = regexp.MustCompile(`^([0-9a-fA-F]{64}) [ *](.+)$`)

// Check checks a reference-test folder before any case runs: the folder
// exists; if it has a MANIFEST.sha256 (sha256sum format, paths relative to
// the folder), every file listed there is present with that SHA-256 and no
// FUNCTION/kzg-mainnet/CASE/data.yaml is there that it does not list (the
// in-repo copy must have one); every function of Functions has a case. The
// error names the folder and every file at fault.
func Check(dir string) (Report, error) {
	fail := func(format string, args ...any) (Report, error) {
		return Report{}, fmt.Errorf("reference tests at %s: %s", dir, fmt.Sprintf(format, args...))
	}
	if st, err := os.Stat(dir); err != nil || !st.IsDir() {
		return fail("no such folder (the in-repo copy is %s; FASTKZG_SPEC_TESTS overrides it)", DefaultDir())
	}
	present, _ := filepath.Glob(filepath.Join(dir, "*", "kzg-mainnet", "*", "data.yaml"))
	for i, p := range present {
		rel, _ := filepath.Rel(dir, p)
		present[i] = filepath.ToSlash(rel)
	}
	sort.Strings(present)
	report := Report{Dir: dir, Counts: map[string]int{}, Verified: -1}

	manifest := filepath.Join(dir, "MANIFEST.sha256")
	text, err := os.ReadFile(manifest)
	switch {
	case err == nil:
		var problems []string
		listed := map[string]string{}
		sc := bufio.NewScanner(bytes.NewReader(text))
		for n := 1; sc.Scan(); n++ {
			m := manifestLine.FindStringSubmatch(sc.Text())
			if m == nil {
				problems = append(problems, fmt.Sprintf("%s:%d: not a sha256sum line: %q", manifest, n, sc.Text()))
				continue
			}
			listed[m[2]] = strings.ToLower(m[1])
		}
		paths := make([]string, 0, len(listed))
		for p := range listed {
			paths = append(paths, p)
		}
		sort.Strings(paths)
		for _, p := range paths {
			file := filepath.Join(dir, filepath.FromSlash(p))
			data, err := os.ReadFile(file)
			switch {
			case errors.Is(err, fs.ErrNotExist):
				problems = append(problems, file+": missing (listed in MANIFEST.sha256)")
			case err != nil:
				problems = append(problems, fmt.Sprintf("%s: %v", file, err))
			default:
				sum := sha256.Sum256(data)
				if got := hex.EncodeToString(sum[:]); got != listed[p] {
					problems = append(problems, fmt.Sprintf("%s: content differs from MANIFEST.sha256 (sha256 %s, listed %s)", file, got, listed[p]))
				}
			}
		}
		for _, p := range present {
			if _, ok := listed[p]; !ok {
				problems = append(problems, filepath.Join(dir, filepath.FromSlash(p))+": not listed in MANIFEST.sha256")
			}
		}
		if len(problems) > 0 {
			return fail("%d problem(s) with MANIFEST.sha256 (restore the copy with git, or after a deliberate refresh rewrite the manifest with scripts/refresh-spec-tests.sh --manifest-only):\n  %s",
				len(problems), strings.Join(problems, "\n  "))
		}
		report.Verified = len(listed)
	case errors.Is(err, fs.ErrNotExist):
		if sameDir(dir, DefaultDir()) {
			return fail("MANIFEST.sha256 is missing (restore it with git)")
		}
	default:
		return fail("%v", err)
	}

	if len(present) == 0 {
		return fail("no case at all (empty folder? expected FUNCTION/kzg-mainnet/CASE/data.yaml)")
	}
	var empty []string
	for _, f := range Functions {
		for _, p := range present {
			if strings.HasPrefix(p, f+"/kzg-mainnet/") {
				report.Counts[f]++
			}
		}
		if report.Counts[f] == 0 {
			empty = append(empty, f)
		}
		report.Total += report.Counts[f]
	}
	if len(empty) > 0 {
		return fail("no case for %s (expected FUNCTION/kzg-mainnet/CASE/data.yaml)", strings.Join(empty, ", "))
	}
	return report, nil
}

func sameDir(a, b string) bool {
	sa, err1 := os.Stat(a)
	sb, err2 := os.Stat(b)
	return err1 == nil && err2 == nil && os.SameFile(sa, sb)
}
