"""Game review: any finished game, minebender's or another client's, move by
move with the exact solver (docs/review.md).

The parts: ``record`` (the values every reader gives: the session's
``Event`` is its move), ``mouse`` (other clients' mouse events turned into
presses, whose actions the session's rule of presses decides), ``peers``
(.avf .rmv .evf .mvf through ms_toollib, in a child process), ``own`` (minebender's replays),
``play`` (a record played again on ``Game``), ``figures`` (3BV/s, IOE and the
rest), ``judge`` (each move's risk and verdict), ``report`` (one file's
review, as JSON or text) and ``corpus`` (directories of replays).
"""

from minebender.services.review.record import FORMATS, Clicks, Record, ReviewError
from minebender.services.review.report import (
    Review,
    fraction_text,
    percent_text,
    read_record,
    review_file,
)

__all__ = [
    "FORMATS",
    "Clicks",
    "Record",
    "Review",
    "ReviewError",
    "fraction_text",
    "percent_text",
    "read_record",
    "review_file",
]
