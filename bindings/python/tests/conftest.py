"""Shared fixtures: the reference-test folder, the mainnet trusted-setup
file, fastkzg and ckzg settings."""

import glob
import os
from collections import Counter
from pathlib import Path

import pytest

import fastkzg

REPO = Path(__file__).resolve().parents[3]

#: Reference tests (consensus-spec KZG layout); a missing folder fails.
SPEC_TESTS = Path(os.environ.get("FASTKZG_SPEC_TESTS", REPO.parent / "shared" / "spec-tests"))

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
