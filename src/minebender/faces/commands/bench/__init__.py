"""Run a benchmark and print its figures: the solver, the bot, the web server,
no-guess generation, puzzles, or the Gymnasium environment."""

from __future__ import annotations

import argparse
import importlib

__all__ = ["EXAMPLE", "SUMMARY", "add_arguments", "run"]

SUMMARY = "figures: solver, bot, page, server, puzzles, research tools"
EXAMPLE = "minebender bench solver --seed 1 --peer ms_toollib"

# benchmark name -> one-line summary; the options of each are read by the module
# minebender.faces.commands.bench.<name>, its measuring done by minebender.services.bench.<name>
BENCHMARKS: dict[str, str] = {
    "solver": "time analyse on real-play and lattice positions, optionally beside a peer",
    "bot": "play many games with the bot and print the win rate with its interval",
    "web": "load the web server with concurrent players and print round-trip times",
    "server": "flood the server and print a polite client's latency, memory, slow clients",
    "noguess": "generate no-guess boards per level and print median and worst times",
    "puzzle": "make puzzles of each difficulty and print median and worst times",
    "env": "play the bot through the Gymnasium environment: win rate and steps/s",
    "perfect": "the exact chance to win a small board with best play, and its best first click",
    "endgame": "time the exact endgame search on real endgames, by how many layouts they have",
    "paint": "time an edit on the analysis board, key to paint, in Chromium",
    "help": "auto play's clicks by style until a guess, and the time of the hints",
    "fifties": "time the 50/50s and the sets no click can split on real-play positions",
}


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``minebender bench``: ``cli`` gives every command its own parser, so each
    module says only what is its own."""
    from minebender.faces.commands.helptext import description

    sub = parser.add_subparsers(dest="benchmark", metavar="BENCHMARK", required=True)
    for name, summary in BENCHMARKS.items():
        # --help shows a sentence; the one-line list of benchmarks keeps the summary
        p = sub.add_parser(
            name,
            help=summary,
            description=description(None, summary),
            formatter_class=argparse.RawDescriptionHelpFormatter,
        )
        try:
            module = importlib.import_module(f"minebender.faces.commands.bench.{name}")
        except ModuleNotFoundError:
            continue
        # Each benchmark's --help ends with its example, as every command's does.
        p.epilog = f"example:\n  {module.EXAMPLE}"
        module.add_arguments(p)


def run(args: argparse.Namespace) -> int:
    """Carry out ``minebender bench`` with args parsed by ``add_arguments``; the exit
    status (README: 2 for bad usage, 74 when the output cannot be written)."""
    from minebender.faces.commands.options import UsageError

    try:
        module = importlib.import_module(f"minebender.faces.commands.bench.{args.benchmark}")
    except ModuleNotFoundError as exc:
        raise UsageError(f"the {args.benchmark} benchmark is not available") from exc
    result: int = module.run(args)
    return result
