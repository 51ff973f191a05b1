"""Glicko as native formulas, mirroring :mod:`rating_rules.glicko`.

Each builder returns formula text without the leading ``=``; arguments are cell
references or literal numbers, a period's opponents three ranges of equal size. The
operations run in the engine's order, so a spreadsheet and the engine give the same
binary result. A period works without array entry in Excel 2010: SUMPRODUCT evaluates
its argument as an array, and a blank row is left out by multiplying with
``opps<>""`` (as :func:`.elo.elo_update`), its gap first, so it adds 0, never an error.
"""

from __future__ import annotations

Q = "(LN(10)/400)"
"""The paper's q = ln 10 / 400."""


def glicko_g(rd: str) -> str:
    """``g(RD) = 1/sqrt(1 + 3q²RD²/π²)``: how much an opponent's RD damps a game.

    The square root is ``^0.5``, not SQRT: inside SUMPRODUCT, Gnumeric gives SQRT of a
    range the one cell of the formula's row (implicit intersection), while an operator
    works cell by cell in every program.
    """
    return f"1/(1+3*{Q}*{Q}/PI()^2*{rd}*{rd})^0.5"


def glicko_expected(my: str, opp: str, opp_rd: str) -> str:
    """Expected score ``1/(1+10^(−g(RD)(my−opp)/400))``, like
    :func:`rating_rules.glicko.glicko_expected`."""
    return f"1/(1+10^(-({glicko_g(opp_rd)})*({my}-{opp})/400))"


def _rows(my: str, opps: str, rds: str) -> tuple[str, str, str]:
    """Per row of the ranges: the blank mask, g and E (a blank row's gap is 0)."""
    mask = f'({opps}<>"")'
    g = f"({glicko_g(rds)})"
    expected = f"(1/(1+10^(-{g}*(({my}-{opps})*{mask})/400)))"
    return mask, g, expected


def glicko_precision(my: str, rd: str, opps: str, rds: str) -> str:
    """``1/RD² + 1/d²``, with ``1/d² = q² Σ g² E (1 − E)`` over the period's games."""
    mask, g, e = _rows(my, opps, rds)
    information = f"SUMPRODUCT({mask}*{g}*{g}*{e}*(1-{e}))"
    return f"(1/{rd})*(1/{rd})+{Q}*{Q}*{information}"


def glicko_rating(my: str, rd: str, opps: str, rds: str, scores: str) -> str:
    """The rating after a period, ``r + q/(1/RD² + 1/d²) × Σ g(s − E)``, not rounded, like
    :func:`rating_rules.glicko.glicko_update`."""
    mask, g, e = _rows(my, opps, rds)
    change = f"SUMPRODUCT({mask}*{g}*({scores}-{e}))"
    return f"{my}+{Q}/({glicko_precision(my, rd, opps, rds)})*{change}"


def glicko_rd(my: str, rd: str, opps: str, rds: str) -> str:
    """The RD after a period, ``sqrt(1/(1/RD² + 1/d²))``: the scores do not move it."""
    return f"SQRT(1/({glicko_precision(my, rd, opps, rds)}))"


def glicko_grown(rd: str, c: str, max_rd: str) -> str:
    """The RD one period later, ``min(sqrt(RD² + c²), max)``, like
    :func:`rating_rules.glicko.glicko_rd_before` with one period."""
    return f"MIN(SQRT({rd}*{rd}+{c}*{c}),{max_rd})"


def _precision(rd: str, information: str) -> str:
    return f"(1/{rd})*(1/{rd})+{Q}*{Q}*{information}"


def glicko_closed_rating(rating: str, rd: str, information: str, total: str) -> str:
    """A period's new rating from its running sums ``Σ g²E(1 − E)`` and ``Σ g(s − E)``,
    like :func:`rating_rules.glicko.glicko_close`."""
    return f"{rating}+{Q}/({_precision(rd, information)})*{total}"


def glicko_closed_rd(rd: str, information: str) -> str:
    """A period's new RD from its running ``Σ g²E(1 − E)``, like
    :func:`rating_rules.glicko.glicko_close`."""
    return f"SQRT(1/({_precision(rd, information)}))"
