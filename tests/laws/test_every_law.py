"""Every law of LAWS.bend has its test here, named test_<law>, with the law's
text in its docstring."""

from __future__ import annotations

import importlib
import pkgutil
import re
from pathlib import Path

import pytest

import laws as laws_package

LAWS = (
    "bridge",
    "won_iff",
    "monotone",
    "frozen",
    "open_mine",
    "open_safe",
    "flood_complete",
    "flood_exact",
    "reveal_flagged",
    "reveal_unflagged",
    "chord",
    "flag_no_knowledge",
    "flag_toggle",
    "flag_others",
    "flags_hidden",
    "flag_revealed",
    "assist_stuck",
    "assist_too_early",
    "level_beginner",
    "level_intermediate",
    "level_expert",
    "level_custom",
    "gen_shape",
    "gen_count",
    "gen_first_safe",
    "gen_opening",
    "display_play",
    "display_blast",
    "display_hint",
    "display_mines",
)

SPEC_PLACES = ["LAWS.bend", "docs/LAWS.bend", "../shared/LAWS.bend"]


def law_tests() -> dict[str, str]:
    """test name -> docstring, over every module of tests/laws."""
    found: dict[str, str] = {}
    for info in pkgutil.iter_modules(laws_package.__path__):
        module = importlib.import_module(f"laws.{info.name}")
        for name, value in vars(module).items():
            if name.startswith("test_") and callable(value):
                found[name] = " ".join((value.__doc__ or "").split())
    return found


def test_every_law_has_a_test_with_its_text() -> None:
    tests = law_tests()
    for law in LAWS:
        assert f"test_{law}" in tests, f"no test for law {law}"
        assert tests[f"test_{law}"].startswith('LAW: "'), f"test_{law} lacks the law's text"


def test_law_texts_match_the_spec() -> None:
    """When the spec is at hand, each docstring quotes its law's LAW: sentence."""
    root = Path(__file__).resolve().parents[2]
    spec = next((root / p for p in SPEC_PLACES if (root / p).exists()), None)
    if spec is None:
        pytest.skip(
            "needs docs/LAWS.bend (a full clone of the repository); the names are checked above"
        )
    text = spec.read_text()
    blocks = re.findall(r"((?:^#.*\n)+)law (\w+):", text, re.M)
    assert sorted(name for _, name in blocks) == sorted(LAWS)
    tests = law_tests()
    for comment, name in blocks:
        sentence = re.search(
            r'LAW: ".*?"', " ".join(c.lstrip("#").strip() for c in comment.splitlines())
        )
        assert sentence, name
        assert sentence.group(0) in tests[f"test_{name}"], f"test_{name}: {sentence.group(0)}"
