"""Formula text for the shogi 16±4% sheets (Tokin Network, Shogi Club 24).

Each builder mirrors one function of :mod:`rating_rules.shogi` operation for operation
(same order, same rounding), so Excel, LibreOffice and the engine give the same binary
result. Arguments are cell references, defined names or literal numbers; the constants
default to the Settings names the shogi sheets define.
"""

from __future__ import annotations

from collections.abc import Mapping


def literal(value: str) -> str:
    """``value`` as a MATCH/COUNTIF criterion that means itself: ``~``, ``*``, ``?`` escaped.

    The result is text (a number becomes its digits), so match it against text.
    """
    return (f'SUBSTITUTE(SUBSTITUTE(SUBSTITUTE({value},"~","~~"),"*","~*"),"?","~?")')


def exact_match(value: str, names: str) -> str:
    """Position of ``value`` in ``names`` compared as text: no wildcards, any case.

    ``MATCH(x, range, 0)`` treats ``*`` and ``?`` in ``x`` as wildcards in Excel,
    LibreOffice's xlsx mode and Gnumeric, so ``*`` would pick the first row; escaping
    them (:func:`literal`) makes them plain characters. Unlike ``MATCH(TRUE,INDEX(names=x,
    0),0)``, every engine computes it (Gnumeric gives #REF! for ``INDEX(array, 0)``).
    A blank ``value`` matches nothing (#N/A).
    """
    return f"MATCH({literal(value)},{names},0)"


def is_listed(value: str, *lists: str) -> str:
    """TRUE when ``value`` is a name of one of ``lists`` (see :func:`exact_match`)."""
    tests = ",".join(f"ISNUMBER({exact_match(value, names)})" for names in lists)
    return f"OR({tests})"


def start_rating(rank: str = "Settings_Rank", typed: str = "Settings_Start",
                 labels: str = "Settings_RankLabel",
                 ratings: str = "Settings_RankRating") -> str:
    """The typed starting rating, or the declared rank's from the rank table when blank.

    Anything else (text typed as the rating, a rank not in the table) gives "", which
    the sheet flags as a Settings problem. Mirrors :func:`rating_rules.shogi.tokin_start`.
    """
    lookup = f"IFERROR(INDEX({ratings},{exact_match(rank, labels)}),\"\")"
    return f"IF(ISBLANK({typed}),{lookup},IF(ISNUMBER({typed}),{typed},\"\"))"


def tokin_start(rank: str, labels: str = "Settings_RankLabel",
                ratings: str = "Settings_RankRating") -> str:
    """TOKIN_START: the starting rating of a declared rank from the rank table.

    As :func:`rating_rules.shogi.tokin_start` for the table's labels as written (the
    engine also folds full-width digits); a rank not in the table gives #N/A.
    """
    return f"INDEX({ratings},{exact_match(rank, labels)})"


def tokin_adjustment(handicap: str, names: str = "Settings_HandicapName",
                     aliases: str = "Settings_HandicapAlias",
                     adjustments: str = "Settings_HandicapAdj") -> str:
    """Adjustment points of a handicap typed by name in either language; blank = 平手, 0.

    Only for a handicap :func:`is_listed` accepts (an unknown name gives #N/A).
    """
    own, other = exact_match(handicap, names), exact_match(handicap, aliases)
    return (f"IF(ISBLANK({handicap}),0,IF(ISNUMBER({own}),INDEX({adjustments},{own}),"
            f"INDEX({adjustments},{other})))")


def tokin_adjustment_or_points(handicap: str, names: str = "Settings_HandicapName",
                               aliases: str = "Settings_HandicapAlias",
                               adjustments: str = "Settings_HandicapAdj") -> str:
    """TOKIN_DELTA's handicap argument: adjustment points typed as a number, else by name.

    As :func:`rating_rules.shogi.handicap_adjustment` (blank = 平手, 0).
    """
    by_name = tokin_adjustment(handicap, names, aliases, adjustments)
    return f"IF(ISNUMBER({handicap}),{handicap},{by_name})"


def tokin_delta(my: str, opp: str, result: str, adjustment: str,
                base: str = "Settings_Base", rate: str = "Settings_GapRate",
                least: str = "Settings_MinChange", most: str = "Settings_MaxChange") -> str:
    """Tokin change for "me" (RULES.md §1), as :func:`rating_rules.shogi.tokin_delta`.

    d = my − opp; e = d − SIGN(d) × adj; win ``MIN(MAX(base − ROUND(rate × e), min), max)``,
    loss ``−MIN(MAX(base + ROUND(rate × e), min), max)``.
    """
    gap = f"({my}-{opp})"
    step = f"ROUND({rate}*({gap}-SIGN({gap})*{adjustment}),0)"
    return (f"IF({result}=1,MIN(MAX({base}-{step},{least}),{most}),"
            f"-MIN(MAX({base}+{step},{least}),{most}))")


def tokin_handicap(my: str, opp: str, from_gaps: str = "Settings_HandicapFrom",
                   names: str = "Settings_HandicapName") -> str:
    """The handicap the gap calls for: the last row whose smallest gap the gap reaches.

    The table runs from 平手 (gap 0) upwards, so LOOKUP's "largest value ≤" is exactly
    :func:`rating_rules.shogi.tokin_handicap`'s choice.
    """
    return f"LOOKUP(ABS({my}-{opp}),{from_gaps},{names})"


CLUB24_SETTINGS: Mapping[str, str] = {
    "spread": "Settings_Spread", "divisor": "Settings_Divisor",
    "initial_games": "Settings_InitialGames", "min_change": "Settings_MinChange",
    "max_change": "Settings_MaxChange", "high_rating": "Settings_HighRating",
    "low_rating": "Settings_LowRating", "low_loss_factor": "Settings_LowLossFactor",
    "floor": "Settings_Floor",
}
"""Club24Preset field → the Settings name the Club 24 formulas read."""


def club24_delta(my: str, opp: str, result: str, game_no: str,
                 names: Mapping[str, str] = CLUB24_SETTINGS) -> str:
    """Club 24 change for "me" (RULES.md §2), as ``rating_rules.shogi._club24_change``.

    Initial formula (N ≤ 24 and 200 < my < 2800): divide by N + 1, no cap. Otherwise
    divide by 25, cap ±31, and at 200 or below a loss costs half. A win gains and a loss
    costs at least 1; a loss never takes the rating below the floor.
    """
    s = dict(names)
    n = f"({game_no})"
    initial = f"AND({n}<={s['initial_games']},{my}>{s['low_rating']},{my}<{s['high_rating']})"
    win, loss = f"({opp}-{my}+{s['spread']})", f"({opp}-{my}-{s['spread']})"
    least, most = s["min_change"], s["max_change"]
    win_initial = f"MAX(ROUND({win}/({n}+1),0),{least})"
    win_normal = f"MIN(MAX(ROUND({win}/{s['divisor']},0),{least}),{most})"
    loss_initial = f"MIN(ROUND({loss}/({n}+1),0),-{least})"
    raw = f"{loss}/{s['divisor']}"
    halved = f"IF({my}<={s['low_rating']},{raw}*{s['low_loss_factor']},{raw})"
    loss_normal = f"MAX(MIN(ROUND({halved},0),-{least}),-{most})"
    floor = f"MIN(0,{s['floor']}-{my})"
    return (f"IF({result}=1,IF({initial},{win_initial},{win_normal}),"
            f"MAX(IF({initial},{loss_initial},{loss_normal}),{floor}))")


def club24_rank(rating: str, labels: str = "Settings_RankLabel",
                lower_bounds: str = "Settings_RankFrom") -> str:
    """The rank label of a rating: the first rank (strongest first) whose lower bound it reaches.

    Counting the bounds above the rating finds that row without LOOKUP, which needs an
    ascending table. COUNTIF with a numeric criterion counts numbers only (the weakest
    rank has no bound; Excel ranks any text above every number), in every engine, where
    ``SUMPRODUCT(ISNUMBER(range)…)`` gives 0 in Gnumeric.
    """
    above = f"COUNTIF({lower_bounds},\">\"&{rating})"
    return f"INDEX({labels},{above}+1)"
