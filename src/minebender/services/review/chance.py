"""Chances as text: the exact fraction machines read (``--json``) and the
percentage people read (the page, the terminal)."""

from __future__ import annotations

from fractions import Fraction

__all__ = ["fraction_text", "percent_text"]


def percent_text(f: Fraction) -> str:
    """A chance as a person reads it: a percentage with one decimal. A chance
    that is not 0 (or 1) never reads as 0.0% (or 100.0%): it is "<0.1%"
    (">99.9%"), so a tiny risk still shows as a risk."""
    if 0 < f < Fraction(1, 2000):
        return "<0.1%"
    if Fraction(1999, 2000) <= f < 1:
        return ">99.9%"
    return f"{float(f) * 100:.1f}%"


def fraction_text(f: Fraction) -> str:
    """A fraction in lowest terms as ``"p/q"``, ``"0"`` and ``"1"`` as such."""
    return str(f.numerator) if f.denominator == 1 else f"{f.numerator}/{f.denominator}"
