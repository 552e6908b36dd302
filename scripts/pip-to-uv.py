"""Print uv's options for the package indexes pip is set up to use here.

scripts/test installs with uv, which reads no pip.conf and no PIP_*
variables: without this a machine whose pip goes through a mirror, extra
indexes, local wheels or a constraints file would get other packages from uv
than from pip. One option a line, for bash's mapfile.
"""

from __future__ import annotations

import ast
import subprocess
import sys

RANK = {":env:": 0, "install": 1, "global": 2}
"""Which of pip's settings wins (its own order): variables, then [install], then [global]."""

FLAGS = {
    "index-url": "--index-url",
    "extra-index-url": "--extra-index-url",
    "find-links": "--find-links",
    "constraint": "--constraint",
}


def main() -> None:
    listed = subprocess.run(
        [sys.executable, "-m", "pip", "config", "list"], capture_output=True, text=True
    ).stdout
    chosen: dict[str, tuple[int, str]] = {}
    for line in listed.splitlines():
        name, _, value = line.partition("=")
        section, _, key = name.rpartition(".")
        if key in FLAGS and section in RANK:
            rank = RANK[section]
            if key not in chosen or rank < chosen[key][0]:
                chosen[key] = (rank, ast.literal_eval(value))
    for key, (_, value) in chosen.items():
        for item in value.split():
            print(FLAGS[key])
            print(item)
    if "extra-index-url" in chosen or "find-links" in chosen:
        # pip takes the best version from all its indexes; uv's default takes
        # the first index that has the package at all
        print("--index-strategy")
        print("unsafe-best-match")


if __name__ == "__main__":
    main()
