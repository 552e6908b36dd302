"""A dataset's rows as a Parquet file, written with pyarrow
(``pip install 'minebender[data]'``).

Rows are written in game order, in row groups of ``GROUP_ROWS``, whatever
order the games finished in, so the same dataset gives the same bytes
whether it was played here or on a cluster. The file is written beside its
name and renamed over it at the end (``files.replacing``), and an existing
file is replaced only when it is a Parquet file.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from minebender import __version__
from minebender.services.dataset.play import GameRows
from minebender.values.files import read_regular, replacing, shown

__all__ = ["FORMAT", "GROUP_ROWS", "MAGIC", "RowWriter", "check_out", "schema", "writing"]

MAGIC = b"PAR1"
"""The first four bytes (and the last four) of every Parquet file."""

GROUP_ROWS = 10_000
"""Rows of a row group: a reader that streams holds one at a time."""

FORMAT = "1"
"""The version of the columns (docs/formats.md, Datasets), in the file's metadata."""


def schema() -> Any:
    """The columns of a dataset (docs/formats.md, Datasets)."""
    import pyarrow as pa

    def list_of(kind: Any) -> Any:  # "element", as Parquet's nested lists name it
        return pa.list_(pa.field("element", kind))

    cells = list_of(pa.int32())
    return pa.schema(
        [
            ("level", pa.string()),
            ("width", pa.int16()),
            ("height", pa.int16()),
            ("mines", pa.int16()),
            ("player", pa.string()),
            ("board_code", pa.string()),
            ("first_click", pa.int32()),
            ("game", pa.int64()),
            ("move", pa.int32()),
            ("view", list_of(pa.int8())),
            ("hidden", cells),
            ("probability", list_of(pa.string())),
            ("safe", cells),
            ("proven_mines", cells),
            ("layouts", pa.string()),
            ("layouts_log10", pa.float64()),
            ("action", cells),
            ("guess", pa.bool_()),
            ("won", pa.bool_()),
        ],
        metadata={"minebender": __version__, "minebender.services.dataset": FORMAT},
    )


def check_out(path: Path) -> None:
    """A ValueError, naming the file, unless a dataset may be written at path:
    a name ending in .parquet, in a folder that exists, of no file or of a
    Parquet file (minebender replaces only a file of the kind it writes)."""
    if path.suffix.lower() != ".parquet":
        raise ValueError(f"--out must name a .parquet file, got {shown(path)}")
    if not path.parent.is_dir():
        raise ValueError(f"--out {shown(path)}: there is no folder {shown(path.parent)}")
    if not os.path.lexists(path):
        return
    try:
        head = read_regular(path, len(MAGIC) - 1)
    except OSError as exc:
        raise ValueError(f"--out {shown(path)}: {exc.strerror or exc}") from None
    if head != MAGIC:
        raise ValueError(
            f"--out {shown(path)} is there and is not a Parquet file: minebender replaces"
            " only a Parquet file, so move it or name another"
        )


class RowWriter:
    """Takes each game's rows in game order and writes them in whole row groups."""

    def __init__(self, writer: Any) -> None:
        self._writer = writer
        self._rows: list[dict[str, Any]] = []
        self.written = 0

    def add(self, rows: GameRows) -> None:
        """The rows of the next game."""
        self._rows.extend(rows)
        while len(self._rows) >= GROUP_ROWS:
            self._flush(self._rows[:GROUP_ROWS])
            del self._rows[:GROUP_ROWS]

    def close(self) -> None:
        """Write the rows left (a last, shorter row group)."""
        if self._rows:
            self._flush(self._rows)
            self._rows = []

    def _flush(self, rows: list[dict[str, Any]]) -> None:
        import pyarrow as pa

        table = pa.Table.from_pylist(rows, schema=self._writer.schema)
        self._writer.write_table(table, row_group_size=GROUP_ROWS)
        self.written += len(rows)


@contextmanager
def writing(path: Path) -> Iterator[RowWriter]:
    """A RowWriter of the Parquet file at path, replaced whole when the block
    ends without an error (left as it was otherwise)."""
    import pyarrow.parquet as pq

    with replacing(path) as out:
        writer = pq.ParquetWriter(out, schema(), compression="zstd")
        rows = RowWriter(writer)
        try:
            yield rows
            rows.close()
        finally:
            writer.close()
