"""The ``minebender`` command: one entry point, a subcommand per task.

Each subcommand lives in ``minebender.faces.commands.<name>`` and provides
``SUMMARY`` (one line for ``minebender --help``), ``EXAMPLE`` (shown at the end
of its own ``--help``), ``add_arguments(parser)`` and ``run(args) -> int``.
Modules are imported only when their subcommand runs, so ``minebender solve``
starts fast and never loads the web server.

Exit status: 0 success, 1 a result that says "no" (an inconsistent board),
2 bad usage or input, with one clear message on stderr; 74 (``OUTPUT_ERROR``,
sysexits' EX_IOERR) when the output cannot be written (a full disk), and 141
when its reader has gone (``BROKEN_PIPE``); 71 when memory ran out (``OUT_OF_MEMORY``).
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import io
import os
import sys
from collections.abc import Sequence
from types import ModuleType
from typing import TextIO, cast

from minebender.faces.commands.helptext import description
from minebender.faces.commands.options import OUTPUT_ERROR, UsageError
from minebender.faces.commands.streams import (
    OUTPUT_ERRORS,
    ClosedStdout,
    OutputError,
    Stderr,
    Stdout,
    drop_stdout,
    escape_unencodable,
)

__all__ = [
    "BROKEN_PIPE",
    "COMMANDS",
    "EXAMPLE",
    "OUTPUT_ERROR",
    "OUTPUT_ERRORS",
    "OUT_OF_MEMORY",
    "OutputError",
    "main",
]

# name -> one-line summary. The order is the order of ``minebender --help``.
# Each is its module's SUMMARY (tests/test_cli.py checks it): written here too
# so that a command imports only its own module, 0.09 s for --help rather than
# 0.27 s with every command module imported.
COMMANDS: dict[str, str] = {
    "serve": "play in the browser: a local web server on 127.0.0.1:8000",
    "solve": "analyse a board file: safe cells, mines, exact probabilities",
    "bench": "figures: solver, bot, page, server, puzzles, research tools",
    "bot": "let the bot play games; print how each ended and its last board",
    "play": "play in the terminal; q saves and quits, the next play resumes",
    "replay": "watch a replay file in the terminal, step by step",
    "review": "review games move by move: each click's risk, and the figures",
    "stats": "statistics and best times per level (--json for machines)",
    "generate": "generate boards as JSON lines or text, optionally no-guess",
    "dataset": "write positions with exact answers of games played, as Parquet",
    "puzzle": "make puzzles with exactly one solution; print them or a sheet",
}

DEFAULT_COMMAND = "serve"

EXAMPLE = "minebender play --level expert"
"""The example that ends ``minebender --help``, as every ``--help`` ends with one."""

OUT_OF_MEMORY = 71
"""Exit status when memory ran out (sysexits' EX_OSERR): a board too hard to
solve exactly in the memory this machine gives, never read as "no layout agrees"."""

BROKEN_PIPE = 141
"""Exit status when the reader of stdout has gone (``| head``): 128 + SIGPIPE, what
a shell reports for a Unix tool that the signal ended, so pipelines with
``set -o pipefail`` see what they see with any other tool."""


class _Parser(argparse.ArgumentParser):
    """argparse that reports errors as ``minebender: error: ...`` with status 2."""

    def error(self, message: str) -> None:  # type: ignore[override]
        """Report a usage error in one line and exit with 2 (argparse prints the whole
        usage first, which hides the one line that says what was wrong)."""
        self.exit(2, f"{self.prog}: error: {message}\n")

    def parse_known_args(  # type: ignore[override]
        self, args: Sequence[str] | None = None, namespace: argparse.Namespace | None = None
    ) -> tuple[argparse.Namespace, list[str]]:
        """As argparse's, but a subcommand reports its own unknown arguments, so the
        error names it (``minebender play: error: ...``) rather than the top level."""
        ns, extra = super().parse_known_args(args, namespace)
        if extra and " " in self.prog:
            self.error(f"unrecognized arguments: {' '.join(extra)} (see {self.prog} --help)")
        return ns, extra


def _module(name: str) -> ModuleType:
    return importlib.import_module(f"minebender.faces.commands.{name}")


def build_parser(names: Sequence[str] | None = None) -> argparse.ArgumentParser:
    """The parser; with ``names``, only those subcommands are loaded."""
    parser = _Parser(
        prog="minebender",
        description="Minesweeper with laws, an exact solver and a no-guess assist."
        " With no subcommand, starts the web game.",
        epilog="Each `minebender COMMAND --help` shows its options and an example."
        f"\n\nexample:\n  {EXAMPLE}",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    from minebender import __version__

    parser.add_argument("--version", action="version", version=f"minebender {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    for name, summary in COMMANDS.items():
        if names is not None and name not in names:
            sub.add_parser(name, help=summary)
            continue
        module = _module(name)
        p = sub.add_parser(
            name,
            help=summary,
            description=description(module.__doc__, summary),
            epilog=f"example:\n  {module.EXAMPLE}",
            formatter_class=argparse.RawDescriptionHelpFormatter,
        )
        module.add_arguments(p)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``minebender`` command and return its exit status. A closed stdout
    (``minebender solve big.txt --json | head -c 10``) ends it quietly, whatever
    was printing: a command's output, ``--help`` or ``--version``; a stdout that
    cannot be written (a full disk) ends it with one line on stderr and
    OUTPUT_ERROR, for every command alike. A stderr that cannot be written
    changes no exit status."""
    stream, errors, given = sys.stdout, sys.stderr, sys.stdin
    handling = escape_unencodable(stream)
    out = Stdout(cast(TextIO, ClosedStdout()) if stream is None else stream)
    sys.stdout = cast(TextIO, out)
    sys.stderr = cast(TextIO, Stderr(errors))
    if given is None:
        # closed (<&-): read as empty, so that ``solve -`` says there is no
        # board and ``play`` that there is no terminal, not an AttributeError
        sys.stdin = open(os.devnull)  # noqa: SIM115 - closed in the finally below
    try:
        try:
            return _main(argv)
        except SystemExit:  # --help, --version and argparse's errors end this way
            if out.failed is not None:
                raise out.failed from None
            raise
        finally:
            sys.stdout.flush()  # here, not at exit, so that a failed write is caught below
    except BrokenPipeError:
        sys.stdout = stream
        drop_stdout()  # and end as a Unix tool that SIGPIPE ended
        return BROKEN_PIPE
    except OutputError as exc:
        sys.stdout = stream
        drop_stdout()
        name = _command_name(argv)
        print(f"{name}: error: cannot write the output: {exc.strerror or exc}", file=sys.stderr)
        return OUTPUT_ERROR
    finally:
        if given is None:
            sys.stdin.close()
        sys.stdout, sys.stderr, sys.stdin = stream, errors, given
        if handling is not None and stream is not None:
            with contextlib.suppress(AttributeError, ValueError, OSError):
                cast(io.TextIOWrapper, stream).reconfigure(errors=handling)


def _command_name(argv: Sequence[str] | None) -> str:
    """``minebender solve``, ``minebender bench web``: the name an error of the
    command run by ``argv`` starts with, as argparse's own errors start."""
    args = list(sys.argv[1:] if argv is None else argv)
    words = ["minebender"]
    if args and args[0] in COMMANDS:
        words.append(args[0])
        if args[0] == "bench" and len(args) > 1 and not args[1].startswith("-"):
            words.append(args[1])
    return " ".join(words)


def _ran(args: argparse.Namespace) -> str:
    """The command that ran, as argparse names it in its errors:
    ``minebender bench web``."""
    return f"minebender {args.command} {getattr(args, 'benchmark', '')}".strip()


def _main(argv: Sequence[str] | None) -> int:
    args_list = list(sys.argv[1:] if argv is None else argv)
    first = args_list[0] if args_list else None
    top_level = first in ("-h", "--help", "--version")
    if (first is None or first.startswith("-")) and not top_level and DEFAULT_COMMAND in COMMANDS:
        # plain `minebender` (maybe with options such as --port) starts the default command
        args_list = [DEFAULT_COMMAND, *args_list]
    names = [args_list[0]] if args_list and args_list[0] in COMMANDS else []
    parser = build_parser(names)
    args = parser.parse_args(args_list)
    if args.command is None:
        parser.print_help()
        return 2
    try:
        result: int = _module(args.command).run(args)
    except UsageError as exc:
        print(f"{_ran(args)}: error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("minebender: interrupted", file=sys.stderr)
        return 130
    except MemoryError:
        # not a traceback and 1, which solve's callers read as "no layout agrees"
        print(f"{_ran(args)}: error: out of memory", file=sys.stderr)
        return OUT_OF_MEMORY
    return result


if __name__ == "__main__":
    raise SystemExit(main())
