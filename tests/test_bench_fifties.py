"""``minebender bench fifties``: the times of the 50/50s and of the sets no
click can split on real play, and what they found there."""

from __future__ import annotations

import pytest

from minebender.faces import cli
from minebender.rules.solver import analyse
from minebender.services.bench.fifties import measure
from minebender.services.bench.positions import real_play
from minebender.services.guess_figures import fifties


def test_the_figures_are_a_time_and_a_find_per_position() -> None:
    f = measure("beginner", 30, 3)
    assert len(f.pairs_ms) == len(f.sets_ms) == 30
    assert all(t >= 0 for t in f.pairs_ms + f.sets_ms)
    views = [p.knowledge for p in real_play("beginner", 30, 3)]
    assert f.pairs == sum(len(fifties(k, analyse(k))) for k in views)


def test_the_command_prints_a_line_per_part_and_refuses_a_bad_count(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert cli.main(["bench", "fifties", "--level", "beginner", "--count", "5"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("50/50s and sets no click can split: 5 real-play positions")
    assert [line.split()[:2] for line in lines[2:]] == [["beginner", "pairs"], ["beginner", "sets"]]
    assert cli.main(["bench", "fifties", "--count", "0"]) == 2
    assert "--count must be from 1" in capsys.readouterr().err
