"""``minebender bench noguess`` runs, prints its table, and --check replays the boards."""

from __future__ import annotations

import pytest

from minebender.faces.cli import main
from minebender.services.bench.noguess import clears, measure
from minebender.values.types import Pos, Setup


def test_bench_prints_a_line_per_level(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["bench", "noguess", "--level", "beginner", "--custom", "10x10x20",
                 "--count", "3", "--check"])  # fmt: skip
    out = capsys.readouterr().out
    assert code == 0
    assert "beginner 9x9x10" in out and "custom 10x10x20" in out
    assert "checked: every board is no-guess" in out


def test_check_rejects_a_board_that_needs_a_guess() -> None:
    """A 50/50 behind two 1s: the bench's own check must not pass it."""
    layout = ((True, False, False), (False, False, False))
    assert not clears(Setup(3, 2, 1), layout, Pos(2, 1))


def test_measure_counts_every_board() -> None:
    figures = measure(Setup(9, 9, 10), Pos(4, 4), 1, 5, check=True)
    assert figures.boards == 5 and len(figures.wall) == 5 and figures.unchecked == 0


def test_level_takes_any_case(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "noguess", "--level", "Beginner", "--count", "2"]) == 0
    assert "beginner 9x9x10" in capsys.readouterr().out


def test_level_takes_a_custom_field_too(capsys: pytest.CaptureFixture[str]) -> None:
    """As every command's --level does: a WxHxM is a custom line, noted when limited."""
    code = main(["bench", "noguess", "--level", "Expert", "--level", "8x8x5", "--count", "1"])
    captured = capsys.readouterr()
    assert code == 0
    assert "expert 30x16x99" in captured.out and "custom 9x9x10" in captured.out
    assert "note: --level 8x8x5 is limited to 9x9x10" in captured.err
