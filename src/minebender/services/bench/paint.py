"""``minebender bench paint``: how long an edit on the analysis board takes to
reach the screen, in a real Chromium driven by Playwright.

A ``minebender serve`` is started on a free loopback port (or ``--url`` is
loaded). For each position of real play (Expert, then 100x100 with 2,000 mines)
the page opens it, the mouse rests on a revealed number at the edge of the
revealed area, and two keys edit it: ``.`` hides the number, its digit puts it
back. The page measures each edit (``paint-marks.js``): from the key's event to
the end of the frame that shows the edited cell, to the arrival of the first
probabilities (the server's part and the network's), to the end of the frame
that shows them, and to that of the whole answer. The figures are those
measures, as the page took them.

The browser is Debian's chromium (``/usr/bin/chromium``, or ``$MINEBENDER_CHROMIUM``):
Playwright's own browser downloads are not used.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import quote

from minebender.formats.boardtext import format_board
from minebender.services.bench.local_server import start_server, stop_server
from minebender.services.bench.percentile import percentile
from minebender.services.bench.positions import Position, real_play, real_play_board
from minebender.values.types import Knowledge, Shown

__all__ = ["MEASURES", "Case", "PaintError", "chromium_path", "edit_cell", "point_at", "run"]

MEASURES = ("edit-cell", "edit-arrived", "edit-probabilities", "edit-answer")
"""What the page measures of each edit, in the order they come."""

_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-sync"]
_WAIT_MS = 60_000
"""How long one edit may take to be measured before the run gives up."""


class PaintError(RuntimeError):
    """The run could not be made: no Chromium, no Playwright, a page that broke."""


@dataclass(frozen=True, slots=True)
class Case:
    """Positions measured together under one name, and the p95 the issue asks of them."""

    name: str
    positions: list[Position]
    target_ms: float


@dataclass
class Figures:
    """Each measure of each edit of one case, in ms."""

    times: dict[str, list[float]] = field(default_factory=lambda: {m: [] for m in MEASURES})


def chromium_path() -> str:
    """$MINEBENDER_CHROMIUM, else Debian's /usr/bin/chromium, else chromium on PATH."""
    if os.environ.get("MINEBENDER_CHROMIUM"):
        return os.environ["MINEBENDER_CHROMIUM"]
    if Path("/usr/bin/chromium").exists():
        return "/usr/bin/chromium"
    found = shutil.which("chromium") or shutil.which("chromium-browser")
    if not found:
        raise PaintError("no Chromium: apt-get install chromium, or set MINEBENDER_CHROMIUM")
    return found


def edit_cell(k: Knowledge) -> tuple[int, int, int] | None:
    """A revealed number beside a hidden cell, nearest the middle of the board,
    and its value: the cell whose edits change the analysis, as a person's would."""
    best: tuple[int, int, int, int] | None = None
    for y, row in enumerate(k.rows):
        for x, seen in enumerate(row):
            if not isinstance(seen, Shown) or seen.n == 0:
                continue
            far = abs(2 * x - k.width) + abs(2 * y - k.height)
            if best is None or far < best[0]:
                best = (far, x, y, seen.n)
    return None if best is None else best[1:]


_POINT = """([x, y]) => {
  const board = document.getElementById("board");
  const size = board.getBoundingClientRect().width / Number(board.style.getPropertyValue("--w"));
  const spot = document.createElement("div");
  const [left, top, side] = [x * size, y * size, size].map((v) => `${v}px`);
  Object.assign(spot.style, { position: "absolute", left, top, width: side, height: side });
  board.append(spot);
  spot.scrollIntoView({ block: "center", inline: "center" });
  spot.remove();
  const r = board.getBoundingClientRect();
  return [r.left + (x + 0.5) * size, r.top + (y + 0.5) * size];
}"""


def point_at(page: Any, x: int, y: int) -> tuple[float, float]:
    """The middle of cell (x, y) of the page's board, scrolled into view: the
    analysis board draws its cells on a canvas, where no cell element has a box."""
    px, py = page.evaluate(_POINT, [x, y])
    return float(px), float(py)


def cases(seed: int, expert: int, big: int) -> list[Case]:
    """Expert and 100x100 positions of real play, with the targets of issue 42."""
    return [
        Case("expert", real_play("expert", expert, seed), 50.0),
        Case("100x100", real_play_board(100, 100, 2000, big, seed), 300.0),
    ]


def _measured(page: Any, name: str, before: int) -> float:
    # asked every 50 ms, not every frame: a check in each frame was work of
    # the bench's own in the frames it times
    page.wait_for_function(
        f"() => performance.getEntriesByName({name!r}).length > {before}",
        timeout=_WAIT_MS,
        polling=50,
    )
    value: float = page.evaluate(f"() => performance.getEntriesByName({name!r}).at(-1).duration")
    return value


def _edit(page: Any, key: str, figures: Figures) -> None:
    counts = {
        m: page.evaluate(f"() => performance.getEntriesByName({m!r}).length") for m in MEASURES
    }
    page.keyboard.press(key)
    for m in MEASURES:
        figures.times[m].append(_measured(page, m, counts[m]))


def _case(page: Any, url: str, case: Case, note: Callable[[str], None]) -> Figures:
    figures = Figures()
    for i, position in enumerate(case.positions):
        cell = edit_cell(position.knowledge)
        if cell is None:
            continue
        x, y, n = cell
        page.goto(f"{url}/analyse?board={quote(format_board(position.knowledge))}")
        page.wait_for_function(
            "() => ['done', 'stopped'].includes(document.getElementById('results').dataset.state)",
            timeout=_WAIT_MS,
        )
        page.mouse.move(*point_at(page, x, y))
        _edit(page, ".", figures)
        _edit(page, str(n), figures)
        note(f"{case.name}: {i + 1}/{len(case.positions)}")
    return figures


@contextmanager
def _browser() -> Iterator[Any]:
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        raise PaintError("no Playwright: pip install 'minebender[dev]'") from None
    path = chromium_path()
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=path, args=_ARGS)
        try:
            yield b
        finally:
            b.close()


def _row(label: str, values: list[float]) -> str:
    if not values:
        return f"{label:<24}{0:>6}"
    return (
        f"{label:<24}{len(values):>6}{percentile(values, 0.5):>9.1f}"
        f"{percentile(values, 0.95):>9.1f}{max(values):>9.1f}"
    )


def _report(case: Case, figures: Figures) -> bool:
    """Print a case's rows; whether its probabilities missed the target."""
    t = figures.times
    for m in MEASURES:
        print(_row(f"{case.name}: {m.removeprefix('edit-')}", t[m]))
    # the page's own part: from the arrival of the probabilities to their frame
    drawing = [s - a for s, a in zip(t["edit-probabilities"], t["edit-arrived"], strict=True)]
    print(_row(f"{case.name}: drawing", drawing))
    if not t["edit-probabilities"]:
        return False
    p95 = percentile(t["edit-probabilities"], 0.95)
    verdict = "met" if p95 <= case.target_ms else "MISSED"
    target = f"target {case.target_ms:g}: {verdict}"
    print(f"{case.name}: probabilities on screen at p95 {p95:.1f} ms, {target}")
    return p95 > case.target_ms


def run(url: str | None, all_cases: list[Case], check: bool, note: Callable[[str], None]) -> int:
    """Measure every case on the server at url (None: one started here); print
    the table; 1 when ``check`` and a case's probabilities miss its p95 target."""
    if url is not None:
        return _measure(url.rstrip("/"), all_cases, check, note)
    with tempfile.TemporaryDirectory(prefix="minebender-bench-") as tmp:
        try:
            proc, started = start_server(Path(tmp) / "bench.db")
        except RuntimeError as exc:
            raise PaintError(f"cannot start a server: {exc}") from exc
        try:
            return _measure(started, all_cases, check, note)
        finally:
            stop_server(proc)


def _measure(url: str, all_cases: list[Case], check: bool, note: Callable[[str], None]) -> int:
    missed = False
    with _browser() as b:
        context = b.new_context(viewport={"width": 1280, "height": 900})
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        print(f"key to paint on the analysis board, {url}, Chromium {b.version}")
        print(f"machine: {os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.1f}")
        print(f"{'case: measure':<24}{'edits':>6}{'median':>9}{'p95':>9}{'worst':>9}  (ms)")
        for case in all_cases:
            missed |= _report(case, _case(page, url, case, note))
        context.close()
        if errors:
            raise PaintError(f"the page failed: {errors[0]}")
    return 1 if check and missed else 0
