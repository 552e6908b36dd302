"""Every Python example in the docs runs: each ```python block of
docs/puzzles.md is a doctest, run as written, so the docs cannot show an
API that fails (``grade(make_puzzle(...))`` once raised AttributeError)."""

from __future__ import annotations

import doctest
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCS = ("docs/puzzles.md", "docs/research.md")
"""The docs whose Python blocks are doctests."""

_BLOCK = re.compile(r"^```python\n(.*?)^```", re.MULTILINE | re.DOTALL)


def blocks(name: str) -> list[str]:
    return _BLOCK.findall((ROOT / name).read_text(encoding="utf-8"))


@pytest.mark.parametrize("name", DOCS)
def test_every_python_example_of_the_docs_runs_as_shown(name: str) -> None:
    found = blocks(name)
    assert found, f"{name} has no ```python block"
    for k, text in enumerate(found):
        assert ">>> " in text, f"block {k} of {name} has no example to run"
    # one doctest of the page's blocks in turn, as a reader reads them
    test = doctest.DocTestParser().get_doctest("\n".join(found), {}, name, name, 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test)
    result = runner.summarize(verbose=False)
    assert result.failed == 0, f"{result.failed} of {result.attempted} examples of {name} failed"
