"""Orthodox Elo as native formulas (RULES.md §3), mirroring :mod:`rating_rules.elo`.

Each builder returns formula text without the leading ``=``; arguments are cell
references, defined names (``Settings_K``) or literal numbers. The operations run in
the engine's order, so a spreadsheet and the engine give the same binary result and
round the same way.
"""

from __future__ import annotations

K = "Settings_K"
SCALE = "Settings_Scale"


def elo_expected(my: str, opp: str, scale: str = SCALE) -> str:
    """Expected score ``1/(1+10^((opp−my)/scale))``, like :func:`rating_rules.elo.elo_expected`.

    The opponent's expected score is the same formula with the two ratings swapped.
    """
    return f"1/(1+10^(({opp}-{my})/{scale}))"


def linear_expected(my: str, opp: str, slope: str = "0.00125") -> str:
    """16±4% expected score ``0.5 + slope×(my−opp)`` held within 0..1.

    As :func:`rating_rules.elo.linear_expected`; the slope is the preset's (no Settings
    name: the Elo sheet does not use this curve).
    """
    return f"MIN(1,MAX(0,0.5+{slope}*({my}-{opp})))"


def elo_delta(my: str, opp: str, score: str, k: str = K, scale: str = SCALE) -> str:
    """Unrounded change ``K×(W−We)`` for one game, like :func:`rating_rules.elo.elo_delta`."""
    return f"{k}*({score}-{elo_expected(my, opp, scale)})"


def elo_rounded(start: str, total: str) -> str:
    """The new rating ``ROUND(start + ΣK(W−We), 0)``: half away from zero, like the engine."""
    return f"ROUND({start}+{total},0)"


def elo_update(my: str, opps: str, scores: str, k: str = K, scale: str = SCALE) -> str:
    """Period update over two ranges, like :func:`rating_rules.elo.elo_update`.

    ``round(old + K×(ΣW − ΣWe))``; a row with a blank opponent counts no expected score
    (the engine skips pairs that are both blank). Works without array entry in
    Excel 2010: SUMPRODUCT evaluates its argument as an array. ``opps<>""`` (not
    ISNUMBER, which Gnumeric does not evaluate over a range there) leaves out blanks;
    a text opponent is #VALUE! either way, and the catalog flags it first.
    """
    expected = f"SUMPRODUCT(({opps}<>\"\")/(1+10^(({opps}-{my})/{scale})))"
    return elo_rounded(my, f"{k}*(SUM({scores})-{expected})")
