"""The check of the reference-test folder (conftest.check_spec_tests) that
test_spec.py makes before collecting any case: the in-repo copy passes;
a missing folder, an empty one, and a copy with a changed or missing file
fail with a message naming the folder and the file."""

import shutil
from pathlib import Path

import pytest

from conftest import DEFAULT_SPEC_TESTS, SpecTestsError, check_spec_tests

CHANGED = "verify_kzg_proof/kzg-mainnet/verify_kzg_proof_case_correct_proof_0_0/data.yaml"


def expect_error(folder: Path, *want: str) -> str:
    with pytest.raises(SpecTestsError) as info:
        check_spec_tests(folder)
    message = str(info.value)
    for w in (str(folder),) + want:
        assert w in message, f"message lacks {w!r}: {message}"
    return message


@pytest.fixture(scope="module")
def copy(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of the in-repo reference tests (about 90 MB)."""
    dst = tmp_path_factory.mktemp("spec") / "spec-tests"
    shutil.copytree(DEFAULT_SPEC_TESTS, dst)
    return dst


def test_in_repo_copy() -> None:
    counts = check_spec_tests(DEFAULT_SPEC_TESTS)
    assert sum(counts.values()) == 344
    assert counts["verify_kzg_proof"] == 122 and counts["compute_challenge"] == 9


def test_missing_folder(tmp_path: Path) -> None:
    expect_error(tmp_path / "no-such-folder", "no such folder")


def test_empty_folder(tmp_path: Path) -> None:
    expect_error(tmp_path, "no case at all")


def test_changed_and_missing_file(copy: Path) -> None:
    assert sum(check_spec_tests(copy).values()) == 344
    path = copy / CHANGED
    data = bytearray(path.read_bytes())
    data[-2] ^= 1
    path.write_bytes(bytes(data))
    message = expect_error(copy, "1 problem(s)", f"{path}: content differs from MANIFEST.sha256")
    assert message.count("data.yaml") == 1, message
    removed = copy / "compute_cells/kzg-mainnet/compute_cells_case_valid_0/data.yaml"
    removed.unlink()
    expect_error(copy, "2 problem(s)", f"{removed}: missing (listed in MANIFEST.sha256)")
