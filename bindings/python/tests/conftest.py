"""Shared fixtures: the reference-test folder (and its check), the mainnet
trusted-setup file, fastkzg and ckzg settings."""

import glob
import hashlib
import os
import re
from collections import Counter
from pathlib import Path
from typing import Dict, List, Optional

import pytest

import fastkzg

REPO = Path(__file__).resolve().parents[3]

#: The in-repo copy of the reference tests.
DEFAULT_SPEC_TESTS = REPO / "spec-tests"

#: Reference tests (consensus-spec KZG layout): $FASTKZG_SPEC_TESTS, else
#: the in-repo copy. Checked by check_spec_tests before any case runs.
SPEC_TESTS = Path(os.environ.get("FASTKZG_SPEC_TESTS") or DEFAULT_SPEC_TESTS)

#: The functions of the reference tests.
SPEC_FUNCTIONS = [
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
]

_MANIFEST_LINE = re.compile(r"^([0-9a-fA-F]{64}) [ *](.+)$")


class SpecTestsError(Exception):
    """The reference-test folder is missing, empty, incomplete, or does not
    match its MANIFEST.sha256; the message names the folder and the files."""


def check_spec_tests(folder: Path) -> Dict[str, int]:
    """Checks a reference-test folder and returns its case count per function.

    The folder must exist; if it has a MANIFEST.sha256 (sha256sum format,
    paths relative to the folder), every file listed there must be present
    with that SHA-256 and no FUNCTION/kzg-mainnet/CASE/data.yaml may be there
    that it does not list (the in-repo copy must have one); every function of
    SPEC_FUNCTIONS must have a case. Raises SpecTestsError otherwise."""

    def fail(what: str) -> SpecTestsError:
        return SpecTestsError(f"reference tests at {folder}: {what}")

    if not folder.is_dir():
        raise fail(
            f"no such folder (the in-repo copy is {DEFAULT_SPEC_TESTS}; "
            "FASTKZG_SPEC_TESTS overrides it)"
        )
    present = sorted(
        p.relative_to(folder).as_posix() for p in folder.glob("*/kzg-mainnet/*/data.yaml")
    )
    manifest = folder / "MANIFEST.sha256"
    if manifest.is_file():
        problems: List[str] = []
        listed: Dict[str, str] = {}
        for number, line in enumerate(manifest.read_text().splitlines(), 1):
            m = _MANIFEST_LINE.match(line)
            if m is None:
                problems.append(f"{manifest}:{number}: not a sha256sum line: {line!r}")
            else:
                listed[m.group(2)] = m.group(1).lower()
        for path, want in sorted(listed.items()):
            file = folder / path
            try:
                got = hashlib.sha256(file.read_bytes()).hexdigest()
            except FileNotFoundError:
                problems.append(f"{file}: missing (listed in MANIFEST.sha256)")
                continue
            if got != want:
                problems.append(
                    f"{file}: content differs from MANIFEST.sha256 (sha256 {got}, listed {want})"
                )
        problems += [
            f"{folder / p}: not listed in MANIFEST.sha256" for p in present if p not in listed
        ]
        if problems:
            raise fail(
                f"{len(problems)} problem(s) with MANIFEST.sha256 (restore the copy with git, "
                "or after a deliberate refresh rewrite the manifest with "
                "scripts/refresh-spec-tests.sh --manifest-only):\n  " + "\n  ".join(problems)
            )
    elif DEFAULT_SPEC_TESTS.is_dir() and folder.resolve() == DEFAULT_SPEC_TESTS.resolve():
        raise fail("MANIFEST.sha256 is missing (restore it with git)")
    if not present:
        raise fail("no case at all (empty folder? expected FUNCTION/kzg-mainnet/CASE/data.yaml)")
    counts = {
        f: sum(1 for p in present if p.startswith(f + "/kzg-mainnet/")) for f in SPEC_FUNCTIONS
    }
    empty = [f for f, n in counts.items() if n == 0]
    if empty:
        raise fail(f"no case for {', '.join(empty)} (expected FUNCTION/kzg-mainnet/CASE/data.yaml)")
    return counts


def spec_tests_problem() -> Optional[str]:
    """None if SPEC_TESTS passes check_spec_tests, else the message."""
    try:
        check_spec_tests(SPEC_TESTS)
    except SpecTestsError as e:
        return str(e)
    return None

#: Reference cases executed, per API and function (reported at the end).
SPEC_CASES_RUN: Counter = Counter()


def trusted_setup_path() -> str:
    """The mainnet trusted_setup.txt: $FASTKZG_TRUSTED_SETUP, else the copy
    in the c-kzg 2.1.8 crate source (`cargo fetch` in the repository
    downloads it)."""
    path = os.environ.get("FASTKZG_TRUSTED_SETUP")
    if path:
        return path
    cargo_home = os.environ.get("CARGO_HOME", os.path.expanduser("~/.cargo"))
    found = sorted(
        glob.glob(os.path.join(cargo_home, "registry/src/*/c-kzg-2.1.8/src/trusted_setup.txt"))
    )
    if not found:
        pytest.fail(
            "mainnet trusted_setup.txt not found: set FASTKZG_TRUSTED_SETUP or run "
            "`cargo fetch` in the repository (it downloads the c-kzg 2.1.8 crate)"
        )
    return found[0]


@pytest.fixture(scope="session")
def setup_path() -> str:
    return trusted_setup_path()


@pytest.fixture(scope="session")
def settings() -> "fastkzg.KzgSettings":
    """The idiomatic API's settings: the embedded mainnet setup."""
    return fastkzg.mainnet()


@pytest.fixture(scope="session")
def dropin_settings(setup_path: str) -> "fastkzg.KzgSettings":
    """The drop-in API's settings, loaded from the file as with ckzg."""
    return fastkzg.load_trusted_setup(setup_path, 0)


@pytest.fixture(scope="session")
def ckzg_settings(setup_path: str):
    import ckzg

    return ckzg.load_trusted_setup(setup_path, 0)


def pytest_terminal_summary(terminalreporter) -> None:
    if not SPEC_CASES_RUN:
        return
    terminalreporter.section("reference cases run")
    for api in sorted({api for api, _ in SPEC_CASES_RUN}):
        per_function = {f: n for (a, f), n in SPEC_CASES_RUN.items() if a == api}
        total = sum(per_function.values())
        terminalreporter.write_line(f"{api}: {total} cases")
        for function, n in sorted(per_function.items()):
            terminalreporter.write_line(f"    {function}: {n}")
