"""Print the longest sentences of Markdown files, longest first.

The docs are meant to read in short plain sentences; this finds the ones that
do not. Code blocks, tables and headings are skipped, and each list item is a
paragraph of its own. tests/test_docs_plain.py holds the docs to a limit with
the same reading.

    python scripts/long-sentences.py README.md docs/*.md [--over 30]
"""

from __future__ import annotations

import argparse
import pathlib
import re
import sys
from collections.abc import Iterator

SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z`(*\"])")
"""Where one sentence ends and the next begins: after . ! or ? and before
what can start a sentence."""

LIST_ITEM = re.compile(r"^\s*(?:[-*+]|\d+[.)])\s")


def sentences(text: str) -> Iterator[tuple[int, str]]:
    """Each sentence of the prose of a Markdown text, with the line its
    paragraph starts on."""
    para: list[str] = []
    start = 0
    in_code = False

    def flush() -> Iterator[tuple[int, str]]:
        if para:
            joined = LIST_ITEM.sub("", " ".join(line.strip() for line in para), count=1)
            for sentence in SENTENCE_END.split(joined):
                yield start, sentence

    for number, line in enumerate(text.splitlines(), 1):
        stripped = line.strip()
        if stripped.startswith("```"):
            yield from flush()
            para = []
            in_code = not in_code
            continue
        if in_code or not stripped or stripped.startswith(("|", "#")):
            yield from flush()
            para = []
            continue
        if LIST_ITEM.match(line):
            yield from flush()
            para = []
        if not para:
            start = number
        para.append(line)
    yield from flush()


def words(sentence: str) -> int:
    """How many words a sentence has."""
    return len(sentence.split())


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="+", type=pathlib.Path)
    parser.add_argument("--over", type=int, default=30, help="words a sentence may have")
    args = parser.parse_args(argv)
    found = [
        (words(s), f"{path}:{line}", s)
        for path in args.files
        for line, s in sentences(path.read_text(encoding="utf-8"))
        if words(s) > args.over
    ]
    for count, where, sentence in sorted(found, reverse=True):
        print(f"{count:3d} {where}  {sentence[:160]}")
    print(f"{len(found)} sentences over {args.over} words")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
