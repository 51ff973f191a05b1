"""Formula text for the four-player shogi (四人将棋) amateur rate, RULES.md §5.

Each builder mirrors one function of :mod:`rating_rules.yonin` operation for operation
(same comparisons, same order of additions), so Excel, LibreOffice and the engine give
the same result. Arguments are cell references, defined names or literal numbers; the
tables default to the Settings names the four-player sheet defines (see
:data:`SETTINGS`). The tables are read the way the engine reads them: the knockout
bands ascending by their gap bound, the rank table highest first.
"""

from __future__ import annotations

from collections.abc import Sequence

from . import exact_match

PLACE_PT = "Settings_PlacePt"
KNOCK_SAME_KO, KNOCK_SAME_UP = "Settings_KnockSameKo", "Settings_KnockSameUp"
KNOCK_BELOW, KNOCK_KO, KNOCK_UP = "Settings_KnockBelow", "Settings_KnockKo", "Settings_KnockUp"
KNOCK_TOP_KO, KNOCK_TOP_UP = "Settings_KnockTopKo", "Settings_KnockTopUp"
TROUBLE_OFFENDER, TROUBLE_POT = "Settings_TroubleOffender", "Settings_TroublePot"
RATE_FLOOR = "Settings_RateFloor"
RANK_LABEL, RANK_MIN = "Settings_RankLabel", "Settings_RankMin"
RANK_ALIAS = "Settings_RankAlias"
"""The rank labels in the sheet's other language (一級 ↔ 1 kyu), accepted when typed."""
SCORE_A, SCORE_B, SCORE_KNOCKOUT = "Settings_ScoreA", "Settings_ScoreB", "Settings_ScoreKnockout"
SCORE_102, SCORE_TANSHO = "Settings_Score102", "Settings_ScoreTansho"
SCORE_RULE, WIN_RULE = "Settings_ScoreRule", "Settings_WinRule"

SETTINGS = {
    "placement_pt": PLACE_PT, "knock_same_or_higher": (KNOCK_SAME_KO, KNOCK_SAME_UP),
    "knock_bands": (KNOCK_BELOW, KNOCK_KO, KNOCK_UP), "knock_top": (KNOCK_TOP_KO, KNOCK_TOP_UP),
    "trouble_offender": TROUBLE_OFFENDER, "trouble_pot": TROUBLE_POT, "rate_floor": RATE_FLOOR,
    "ranks": (RANK_LABEL, RANK_MIN), "score_a": SCORE_A, "score_b": SCORE_B,
    "score_knockout": SCORE_KNOCKOUT, "score_102": SCORE_102, "score_tansho": SCORE_TANSHO,
}
"""Preset field → the Settings name(s) holding it."""

TANSHO_WORDS = ("単勝", "tansho")
"""What the 102/単勝 rule cell may say for 単勝式 (the 102 rule is 102, number or text)."""


def _knock(knocker: str, victim: str, same: str, bands: str, top: str) -> str:
    """The column ``bands`` of the knockout table for gap = victim − knocker."""
    gap = f"({victim}-{knocker})"
    band = f"SUMPRODUCT(({KNOCK_BELOW}<={gap})*1)"
    return (f"IF({gap}<=0,{same},IF({band}>=ROWS({KNOCK_BELOW}),{top},"
            f"INDEX({bands},{band}+1)))")


def ko_pt(knocker: str, victim: str) -> str:
    """撃破pt of mating a player (``YONIN_KO_PT``), as :func:`rating_rules.yonin.ko_pt`.

    Knocker rated at or above the victim: the same-or-higher pt; otherwise the first
    band whose bound exceeds the gap victim − knocker, or the top pt past the last band.
    """
    return _knock(knocker, victim, KNOCK_SAME_KO, KNOCK_KO, KNOCK_TOP_KO)


def upset_pt(victim: str, knocker: str) -> str:
    """下克上pt (≤ 0) of being mated (``YONIN_UPSET_PT``).

    As :func:`rating_rules.yonin.upset_pt`: the same table as :func:`ko_pt`, other column.
    """
    return _knock(knocker, victim, KNOCK_SAME_UP, KNOCK_UP, KNOCK_TOP_UP)


NEVER_LEAST = "9e+99"
"""A number larger than any pt, spelled with a lower-case exponent: HyperFormula 3.5 does
not parse ``9E+99``; LibreOffice, Gnumeric and Excel read both (and may save ``9E+099``)."""


def worst_upset_pt(victim: str, remaining: Sequence[tuple[str, str]]) -> str:
    """The worst 下克上pt of a foul: ``remaining`` is (rate, still-in condition) per other seat.

    The engine takes ``min(upset_pt(victim, r) for r in remaining players)``; a seat
    whose condition is FALSE is left out (:data:`NEVER_LEAST` never wins the MIN).
    """
    terms = ",".join(f"IF({cond},{upset_pt(victim, rate)},{NEVER_LEAST})"
                     for rate, cond in remaining)
    return f"MIN({terms})"


def placement_pt(place: str) -> str:
    """順位pt of a place 1–4."""
    return f"INDEX({PLACE_PT},{place})"


def _rank_hit(label: str, names: str) -> str:
    """TRUE when ``label`` is one of ``names`` as exact text (case too, no wildcards).

    The case-blind :func:`~workbook_builder.formulas.exact_match` finds the row,
    EXACT confirms the case: portable, where EXACT over a range inside SUMPRODUCT gives
    #VALUE! in Gnumeric.
    """
    return f"IFERROR(EXACT(INDEX({names},{exact_match(label, names)}),{label}),FALSE)"


def is_rank(label: str) -> str:
    """TRUE when ``label`` is a rank label or alias of the table (exact text, no wildcards)."""
    return f"OR({_rank_hit(label, RANK_LABEL)},{_rank_hit(label, RANK_ALIAS)})"


def rank_minimum(label: str) -> str:
    """Minimum rate of a rank label or alias (exact text; 0 when it is not listed).

    As :func:`rating_rules.yonin.rank_minimum` for the labels of the table.
    """
    return _rank_column(label, RANK_MIN, "0")


def rank_label_of(label: str) -> str:
    """The rank table's label (in the sheet's language) of a label or alias; "" if none."""
    return _rank_column(label, RANK_LABEL, '""')


def _rank_column(label: str, column: str, otherwise: str) -> str:
    """``column`` of the rank table's row of ``label`` (a label or alias), else ``otherwise``."""
    return (f"IF({_rank_hit(label, RANK_LABEL)},"
            f"INDEX({column},{exact_match(label, RANK_LABEL)}),"
            f"IF({_rank_hit(label, RANK_ALIAS)},"
            f"INDEX({column},{exact_match(label, RANK_ALIAS)}),{otherwise}))")


def floor_value(official: str) -> str:
    """The lowest result allowed: the general floor, or an official rank's minimum if higher.

    ``official`` is blank (no official rank) or a label of the rank table.
    """
    return (f"IF(ISBLANK({official}),{RATE_FLOOR},"
            f"MAX({rank_minimum(official)},{RATE_FLOOR}))")


def floored(raw: str, official: str) -> str:
    """``raw`` raised to the floor of :func:`floor_value`."""
    return f"MAX({raw},{floor_value(official)})"


def floor_of(value: str) -> str:
    """YONIN_UPDATE's ``floor`` argument: blank, a minimum rate, or a rank label or alias.

    As the engine's ``_floor_value``: the general floor, or the number or the rank's
    minimum when higher.
    """
    return f"IF(ISNUMBER({value}),MAX({value},{RATE_FLOOR}),{floor_value(value)})"


def rate_update(rate: str, place: str, victims: Sequence[str] = (), knocked_by: str | None = None,
                trouble: str = "0", official: str | None = None,
                floor: str | None = None) -> str:
    """One player's new rate (``YONIN_UPDATE``), as :func:`rating_rules.yonin.rate_update`.

    rate + 順位pt + Σ 撃破pt over ``victims`` (blank cells skipped) + 下克上pt against
    ``knocked_by`` (blank for the winner) + ``trouble``, then the floor of ``official``
    (blank or a rank label; None for no official rank). ``floor``, if given, is the
    lowest result as an expression (e.g. :func:`floor_of`) and replaces ``official``.
    """
    total = f"{rate}+{placement_pt(place)}+{trouble}"
    for v in victims:
        total += f"+IF(ISNUMBER({v}),{ko_pt(rate, v)},0)"
    if knocked_by is not None:
        total += f"+IF(ISNUMBER({knocked_by}),{upset_pt(rate, knocked_by)},0)"
    if floor is not None:
        return f"MAX({total},{floor})"
    if official is None:
        return f"MAX({total},{RATE_FLOOR})"
    return floored(total, official)


def rank_label(rate: str) -> str:
    """Rank label (段級位) of a rate (``YONIN_RANK``), as :func:`rating_rules.yonin.rank_label`.

    The table is highest first: the label is the first whose minimum the rate reaches,
    i.e. one past the count of minimums above the rate; the last label covers anything lower.
    """
    return (f"INDEX({RANK_LABEL},MIN(SUMPRODUCT(({RANK_MIN}>{rate})*1)+1,"
            f"ROWS({RANK_LABEL})))")


def tournament_score(place: str, knockouts: str, rule: str = SCORE_RULE) -> str:
    """Tournament points of one game (``YONIN_SCORE``) under rule A or B of ``rule``.

    As :func:`rating_rules.yonin.tournament_score`: points by place + points per knockout;
    ``rule`` holds "A" or "B" (anything but "B" reads as A; the sheet checks it).
    """
    by_place = f"IF({rule}=\"B\",INDEX({SCORE_B},{place}),INDEX({SCORE_A},{place}))"
    return f"{by_place}+{SCORE_KNOCKOUT}*{knockouts}"


def is_tansho(rule: str = WIN_RULE, words: Sequence[str] = TANSHO_WORDS) -> str:
    """TRUE when the 102/単勝 rule cell says 単勝 (one of ``words``)."""
    tests = ",".join(f'{rule}="{w}"' for w in words)
    return f"OR({tests})"


def win_score(place: str, rule: str = WIN_RULE, words: Sequence[str] = TANSHO_WORDS) -> str:
    """102式 (1 win, 0.5 draw, 0 loss) or 単勝式 result of a place, by ``rule``.

    As :func:`rating_rules.yonin.tournament_score` with rule "102" or "単勝".
    """
    return (f"IF({is_tansho(rule, words)},INDEX({SCORE_TANSHO},{place}),"
            f"INDEX({SCORE_102},{place}))")


def is_rule_ok(score_rule: str = SCORE_RULE, win_rule: str = WIN_RULE) -> str:
    """TRUE when the rule cells hold A/B and 102/単勝."""
    return (f"AND(OR({score_rule}=\"A\",{score_rule}=\"B\"),"
            f"OR({win_rule}=102,{win_rule}=\"102\",{is_tansho(win_rule)}))")


SCORE_WORDS_102 = ("102", "102式")
SCORE_WORDS_TANSHO = ("単勝", "単勝式", "tansho")
"""Every spelling :func:`rating_rules.yonin.tournament_score` reads as 102式 / 単勝式."""


def yonin_score(place: str, knockouts: str, rule: str) -> str:
    """YONIN_SCORE in one cell: rule A (also blank) or B, or 102式 / 単勝式 by any spelling.

    As :func:`rating_rules.yonin.tournament_score`; a 102 typed as a number counts too.
    """
    is_102 = ",".join([f"{rule}=102", *(f'{rule}="{w}"' for w in SCORE_WORDS_102)])
    win = win_score(place, rule, SCORE_WORDS_TANSHO)
    return (f"IF(OR({is_102},{is_tansho(rule, SCORE_WORDS_TANSHO)}),{win},"
            f"{tournament_score(place, knockouts, rule)})")


def rate_table_line(name: str, rank: str, official: str, rate: str, month: str,
                    gap: str = "") -> str:
    """One line of the federation's rate table (seed 003): ``Bさん(三級)/四級:R1410(12)``.

    The rank by rate in parentheses, then ``/`` and the official rank when it differs
    (an official rank equal to the rate's stands alone, without parentheses), the rate
    after ``R`` and the month's game count in parentheses. ``official`` is "" for none;
    ``gap`` is put between the name and the ranks (a space for English labels).
    """
    ranks = (f'IF({official}="","("&{rank}&")",IF({official}={rank},{official},'
             f'"("&{rank}&")/"&{official}))')
    sep = f'&"{gap}"' if gap else ""
    return f'{name}{sep}&{ranks}&":R"&{rate}&"("&{month}&")"'
