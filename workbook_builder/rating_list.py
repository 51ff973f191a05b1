"""The rating list a club publishes: every player by rating, computed by the engine."""

from __future__ import annotations

import csv
import io
import math
import unicodedata
from collections import Counter
from dataclasses import dataclass
from typing import cast

from rating_rules import SYSTEMS, ReplayResult, replay

from .gamelog import GameLog
from .messages import Lang, say, word


@dataclass(frozen=True)
class ListRow:
    """One line of the rating list."""

    position: int
    player: str
    rating: float
    games: int
    """Games the player played in the log, as the ledger's list counts them."""
    rank: str
    deviation: float | None = None
    """The rating's deviation (RD), for systems that keep one."""
    rated: int = 0
    """Games the rule counts toward the rank's provisional mark (Go: rated games only)."""


def rate_log(log: GameLog, monthly: bool = False, initial: float | None = None) -> ReplayResult:
    """Replay a game log; ``monthly`` uses each game's month as a rating period."""
    options: dict[str, object] = {}
    if initial is not None:
        options["initial"] = initial
    if monthly:
        if not SYSTEMS[log.system].periods:
            raise ValueError(say("list.no_periods", system=log.system))
        missing = [line for line, when in zip(log.lines, log.dates, strict=True) if when is None]
        if missing:
            raise ValueError(say("list.no_date", line=missing[0]))
        options["periods"] = [f"{d:%Y-%m}" for d in log.dates if d is not None]
    result = replay(log.system, log.games, **options)
    for player, rating in result.ratings.items():
        if not math.isfinite(rating) or abs(rating) > 1e15:
            raise ValueError(say("list.overflow", player=player, rating=rating))
    return result


def played(log: GameLog) -> Counter[object]:
    """Games each player of ``log`` played: every game read, rated or not (a Go forfeit,
    an unrated game), as the ledger's 対局数 counts them."""
    four = SYSTEMS[log.system].seats == 4
    return Counter(player for game in log.games
                   for player in (cast(tuple[object, ...], game[0]) if four else game[:2]))


def rating_list(result: ReplayResult, log: GameLog) -> list[ListRow]:
    """Players by rating, highest first; equal ratings share a position, names break ties."""
    games = played(log)
    ordered = sorted(result.ratings.items(), key=lambda item: (-item[1], str(item[0])))
    rows: list[ListRow] = []
    for index, (player, rating) in enumerate(ordered, 1):
        position = rows[-1].position if rows and rows[-1].rating == rating else index
        rows.append(ListRow(
            position, str(player), rating, games[player],
            str(result.ranks.get(player, "")), result.deviations.get(player),
            result.games.get(player, 0)))
    return rows


def format_number(value: float) -> str:
    return f"{value:.0f}" if float(value).is_integer() else f"{value:.1f}"


def rank_text(row: ListRow, system: str, lang: Lang) -> str:
    """A rank as the rule's sheets show it (``RANK_TEXTS`` of its sheet module: Go's 1級
    and 2級★ in Japanese), else as the engine gives it."""
    from .sheets import declared

    shown = declared("RANK_TEXTS").get(system)
    return shown(row.rank, row.rated, lang) if shown and row.rank else row.rank


def render(rows: list[ListRow], fmt: str, lang: str = "ja", system: str = "") -> str:
    """The list as an aligned table or CSV, with Japanese or English headings."""
    language: Lang = "ja" if lang == "ja" else "en"
    keys = ["position", "player", "rating"]
    if any(row.deviation is not None for row in rows):
        keys.append("deviation")  # beside the rating it qualifies
    keys.append("games")
    if any(row.rank for row in rows):
        keys.append("rank")
    table = [[word(f"list.{key}", language) for key in keys]]
    for row in rows:
        cells = {"position": str(row.position), "player": row.player,
                 "rating": format_number(row.rating), "games": str(row.games),
                 "rank": rank_text(row, system, language),
                 "deviation": "" if row.deviation is None else f"{row.deviation:.1f}"}
        table.append([cells[key] for key in keys])
    if fmt == "csv":
        out = io.StringIO()
        text_columns = {keys.index(k) for k in ("player", "rank") if k in keys}
        # player and rank: the others are numbers we formatted
        csv.writer(out, lineterminator="\n").writerows(
            [cell if i not in text_columns or n == 0 else csv_safe(cell)
             for i, cell in enumerate(line)] for n, line in enumerate(table))
        return out.getvalue()
    widths = [max(_width(r[i]) for r in table) for i in range(len(table[0]))]
    lines = (
        "  ".join(cell + " " * (w - _width(cell)) for cell, w in zip(r, widths, strict=True))
        for r in table
    )
    return "".join(line.rstrip() + "\n" for line in lines)


FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def csv_safe(text: str) -> str:
    """Text a spreadsheet opening the CSV shows as typed, never runs (OWASP CSV injection).

    A cell starting with ``= + - @``, a tab or a carriage return gets a leading ``'``,
    which spreadsheets treat as "this is text". Only text fields are escaped: a rating
    of -12 stays the number -12.

    >>> csv_safe('=HYPERLINK("http://x","y")'), csv_safe("+1"), csv_safe("田中")
    ('\'=HYPERLINK("http://x","y")', "'+1", '田中')
    """
    return "'" + text if text.startswith(FORMULA_STARTS) else text


def _width(text: str) -> int:
    """Display width: East Asian wide characters take two columns in a terminal."""
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)
