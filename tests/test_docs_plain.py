"""The docs read in short plain sentences (issue: "a newcomer can read it in
minutes"): no sentence of README.md or docs/*.md runs past a limit, read as
``scripts/long-sentences.py`` reads them (it prints the longest, to fix)."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent
LIMIT = 40
"""Words a sentence may have. A sentence that needs more is a list or a table."""


def reader() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "long_sentences", ROOT / "scripts/long-sentences.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_reader_splits_sentences_and_skips_code_and_tables() -> None:
    text = "One two. Three four five!\n\n```\nNot. Prose\n```\n"
    text += "| A. | B. |\n- An item. Two x\n1. Next"
    found = [s for _, s in reader().sentences(text)]
    assert found == ["One two.", "Three four five!", "An item.", "Two x", "Next"]


def test_no_sentence_of_the_docs_is_longer_than_the_limit() -> None:
    read = reader()
    files = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
    long = [
        f"{path.relative_to(ROOT)}:{line}: {read.words(s)} words: {s[:80]}"
        for path in files
        for line, s in read.sentences(path.read_text(encoding="utf-8"))
        if read.words(s) > LIMIT
    ]
    assert not long, "\n".join(long)
