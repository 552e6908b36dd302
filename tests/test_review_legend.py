"""The text review ends with a legend: every figure it prints is said there."""

from __future__ import annotations

import re
from pathlib import Path

from minebender.faces.commands.review import review_text
from minebender.services.review import review_file

RMV = Path(__file__).parent / "data" / "replays" / "test_rmv2_24px.rmv"


def test_every_figure_printed_has_its_meaning_in_the_legend() -> None:
    text = review_text(review_file(RMV))
    head, legend = text.split("\nlegend:\n")
    figures = re.findall(
        r"(3BV/s|3BV|clicks|IOE|RQP|ZiNi|corr|thrp|STNB) ", "\n".join(head.splitlines()[1:3])
    )
    assert len(set(figures)) == 9
    said = {m for m in re.findall(r"(3BV/s|3BV|clicks|IOE|RQP|ZiNi|corr|thrp|STNB)[ :]", legend)}
    assert said == set(figures)
    assert "risk" in legend and "first click" in legend
