"""The README's example runs as written."""

import re
from pathlib import Path

README = Path(__file__).resolve().parents[1] / "README.md"


def test_readme_example_runs() -> None:
    blocks = re.findall(r"```python\n(.*?)```", README.read_text(), re.S)
    example = blocks[0]
    assert example.startswith("import fastkzg\n") and len(example.strip().splitlines()) == 5
    exec(compile(example, str(README), "exec"), {})
