package spectest

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const changedCase = "verify_kzg_proof/kzg-mainnet/verify_kzg_proof_case_correct_proof_0_0/data.yaml"

// copyTree copies the in-repo reference tests into a temporary folder.
func copyTree(t *testing.T) string {
	t.Helper()
	dst := filepath.Join(t.TempDir(), "spec-tests")
	src, err := filepath.EvalSymlinks(DefaultDir())
	if err != nil {
		t.Fatal(err)
	}
	err = filepath.WalkDir(src, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		target := filepath.Join(dst, rel)
		if d.IsDir() {
			return os.MkdirAll(target, 0o755)
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(target, data, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	return dst
}

// expectError checks that the folder $FASTKZG_SPEC_TESTS=dir fails the
// check with a message naming it and containing each of want.
func expectCheckError(t *testing.T, dir string, want ...string) string {
	t.Helper()
	t.Setenv("FASTKZG_SPEC_TESTS", dir)
	report, err := Check(Dir())
	if err == nil {
		t.Fatalf("check passed on a bad folder: %v", report)
	}
	msg := err.Error()
	t.Log(msg)
	for _, w := range append([]string{dir}, want...) {
		if !strings.Contains(msg, w) {
			t.Errorf("message lacks %q: %s", w, msg)
		}
	}
	return msg
}

func TestCheckInRepoCopy(t *testing.T) {
	t.Setenv("FASTKZG_SPEC_TESTS", "")
	if Dir() != DefaultDir() || filepath.Base(DefaultDir()) != "spec-tests" {
		t.Fatalf("default folder %s, Dir %s", DefaultDir(), Dir())
	}
	report, err := Check(Dir())
	if err != nil {
		t.Fatal(err)
	}
	t.Log(report)
	if report.Total != 344 || report.Verified != 344 {
		t.Fatalf("%v", report)
	}
	want := map[string]int{
		"blob_to_kzg_commitment": 11, "compute_kzg_proof": 52, "compute_blob_kzg_proof": 15,
		"verify_kzg_proof": 122, "verify_blob_kzg_proof": 29, "verify_blob_kzg_proof_batch": 24,
		"compute_challenge": 9, "compute_cells": 11, "compute_cells_and_kzg_proofs": 11,
		"recover_cells_and_kzg_proofs": 18, "verify_cell_kzg_proof_batch": 32,
		"compute_verify_cell_kzg_proof_batch_challenge": 10,
	}
	for f, n := range want {
		if report.Counts[f] != n {
			t.Errorf("%s: %d cases, want %d", f, report.Counts[f], n)
		}
	}
}

func TestCheckMissingFolder(t *testing.T) {
	expectCheckError(t, filepath.Join(t.TempDir(), "no-such-folder"), "no such folder")
}

func TestCheckEmptyFolder(t *testing.T) {
	expectCheckError(t, t.TempDir(), "no case at all")
}

func TestCheckChangedFile(t *testing.T) {
	dir := copyTree(t)
	if _, err := Check(dir); err != nil {
		t.Fatalf("untouched copy: %v", err)
	}
	path := filepath.Join(dir, filepath.FromSlash(changedCase))
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	data[len(data)-2] ^= 1
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	msg := expectCheckError(t, dir, "1 problem(s)", path+": content differs from MANIFEST.sha256")
	if n := strings.Count(msg, "data.yaml"); n != 1 {
		t.Errorf("%d files named, want 1: %s", n, msg)
	}
	removed := filepath.Join(dir, "compute_cells", "kzg-mainnet", "compute_cells_case_valid_0", "data.yaml")
	if err := os.Remove(removed); err != nil {
		t.Fatal(err)
	}
	expectCheckError(t, dir, "2 problem(s)", removed+": missing (listed in MANIFEST.sha256)")
}

func TestCheckNoManifestNeedsEveryFunction(t *testing.T) {
	dir := copyTree(t)
	if err := os.Remove(filepath.Join(dir, "MANIFEST.sha256")); err != nil {
		t.Fatal(err)
	}
	report, err := Check(dir)
	if err != nil || report.Verified != -1 || report.Total != 344 {
		t.Fatalf("%v %v", report, err)
	}
	if err := os.RemoveAll(filepath.Join(dir, "compute_cells")); err != nil {
		t.Fatal(err)
	}
	expectCheckError(t, dir, "no case for compute_cells ")
}
