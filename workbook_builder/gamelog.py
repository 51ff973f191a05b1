"""Reading a club's game log from CSV.

Japanese Excel saves CSV as Shift_JIS (cp932) unless told otherwise, other programs as
UTF-8 with or without a byte-order mark, so all three are read; a file that mixes them
(lines pasted from two programs) is refused, naming the first line that is not UTF-8.
Headers may be English or Japanese. Every row that cannot be read is reported with its
line number; nothing is dropped without saying so.

This is the one reader ``rate`` and ``import`` share, and it accepts what the club
ledger counts: a row the ledger would flag with ⚠ is a bad row here. Names are kept as
first typed but compared ignoring upper/lower case, as the ledger (and a spreadsheet's
``=``) does: ``Tanaka`` and ``tanaka`` are one player, and a row with the same player on
both sides is bad. Numbers must be finite and within the 15 digits a spreadsheet keeps,
and so must every rating change they give.
"""

from __future__ import annotations

import csv
import io
import math
import unicodedata
from collections.abc import Collection, Sequence
from datetime import date, datetime
from typing import Any

from rating_rules import SYSTEMS, LogField, replay

from . import dates
from .errors import GameLogError
from .logdata import BadRow, GameLog
from .messages import Lang, Listed, say
from .names import Members

__all__ = ["BadRow", "GameLog", "GameLogError", "parse_game_log"]

MAX_BYTES = 50 * 1024 * 1024
"""A game log larger than this is refused: no club has 50 MB of games."""
MAX_MAGNITUDE = 1e15
"""Largest number accepted, in the log and as a computed change: a spreadsheet keeps 15
significant digits, so anything larger cannot be shown or summed exactly."""
MAX_CELL_TEXT = 32767
"""Most characters an .xlsx cell holds."""
MAX_OVERFLOW_PASSES = 100

HEADERS: dict[str, tuple[str, ...]] = {
    "date": ("date", "日付", "対局日"),
    "player_a": ("player_a", "a", "player a", "対局者a", "プレイヤーa", "自分", "先手"),
    "player_b": ("player_b", "b", "player b", "対局者b", "プレイヤーb", "相手", "後手"),
    "result": ("result", "result_a", "score", "勝敗", "結果", "A 勝敗", "A's score",
               "A won", "A's result"),
    **{f"player{i}": (f"player{i}", f"対局者{i}", f"プレイヤー{i}") for i in range(1, 5)},
    **{f"place{i}": (f"place{i}", f"順位{i}") for i in range(1, 5)},
    **{f"knocked_by{i}": (f"knocked_by{i}", f"撃破者{i}", f"詰まされ{i}") for i in range(1, 5)},
    **{f.key: (f.key, *f.headers) for system in SYSTEMS.values() for f in system.log_fields},
}
"""Column key → accepted header spellings (compared after NFKC folding and lower-casing,
spaces and line breaks left out, so a ledger's own two-line headings ``A⏎勝敗`` and
``手合⏎段差`` are read): the columns every log has, then each rule's own
(:class:`rating_rules.LogField`). Only the columns of the log's rule are looked for, so
``手合`` is Tokin's handicap name in a Tokin log and Go's rank difference in a Go log."""


class Field(str):
    """A log column's key, shown in a Japanese message as its Japanese header
    (``result`` → 勝敗, ``player_b`` → 対局者B): the names a log's own header uses."""

    def text(self, lang: Lang) -> str:
        japanese = [a for a in HEADERS.get(str(self), ()) if not a.isascii()]
        return japanese[0].upper() if lang == "ja" and japanese else str(self)


PAIR = ("player_a", "player_b", "result")
SEATS = tuple(f"{k}{i}" for k in ("player", "place") for i in range(1, 5))
KNOCKERS = tuple(f"knocked_by{i}" for i in range(1, 5))


def required_columns(system: str) -> tuple[str, ...]:
    """The columns a log of ``system`` must have (from the system's registry entry)."""
    entry = SYSTEMS[system]
    if entry.seats == 4:
        return SEATS
    return PAIR + tuple(f.key for f in entry.log_fields if f.required)


def optional_columns(system: str) -> tuple[str, ...]:
    entry = SYSTEMS[system]
    if entry.seats == 4:
        return ("date", *KNOCKERS)
    return ("date", *(f.key for f in entry.log_fields if not f.required))


RESULT_WORDS: dict[str, float] = {
    "1": 1, "1.0": 1, "0": 0, "0.0": 0, "0.5": 0.5, ".5": 0.5,
    "勝": 1, "勝ち": 1, "○": 1, "win": 1, "w": 1,
    "負": 0, "負け": 0, "●": 0, "loss": 0, "l": 0,
    "分": 0.5, "引分": 0.5, "引き分け": 0.5, "draw": 0.5, "d": 0.5,
}


def _fold(text: str) -> str:
    return unicodedata.normalize("NFKC", text).strip().lower()


def decode(data: bytes) -> tuple[str, str]:
    """Decode CSV bytes as UTF-8 (BOM or not), else cp932; return text and encoding name.

    Each must decode the whole file: a file whose lines are partly UTF-8 and partly
    something else is refused, since reading it in either encoding garbles some names
    (and one player would become two).
    """
    if data.startswith(b"\xef\xbb\xbf"):
        body, name = data[3:], "utf-8-sig"
    else:
        body, name = data, "utf-8"
    try:
        return body.decode("utf-8"), name
    except UnicodeDecodeError as exc:
        bad_at = exc.start
    lines = body.split(b"\n")
    utf8_line = next((i for i, line in enumerate(lines, 1)
                      if not line.isascii() and _is_utf8(line)), None)
    first_bad = body[:bad_at].count(b"\n") + 1
    if utf8_line is not None:
        raise GameLogError(say("log.mixed", bad=first_bad, good=utf8_line)) from None
    if name == "utf-8-sig":
        raise GameLogError(say("log.bom", line=first_bad))
    try:
        return body.decode("cp932"), "shift_jis"
    except UnicodeDecodeError as exc:
        sample = body[exc.start:exc.start + 4]
        line = body[:exc.start].count(b"\n") + 1
        raise GameLogError(say("log.encoding", line=line, byte=exc.start,
                               sample=repr(sample))) from None


def _is_utf8(line: bytes) -> bool:
    try:
        line.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True


def parse_result(text: str, draws: bool) -> float:
    value = RESULT_WORDS.get(_fold(text))
    if value is None or (value == 0.5 and not draws):
        wanted = say("result.wanted_draws" if draws else "result.wanted")
        raise ValueError(say("row.result", field=Field("result"), value=text, wanted=wanted))
    return value


def parse_number(name: str, text: str) -> float | int:
    folded = unicodedata.normalize("NFKC", text).strip()
    try:
        number = float(folded)
    except ValueError:
        raise ValueError(say("row.not_number", field=Field(name), value=text)) from None
    if not math.isfinite(number):
        raise ValueError(say("row.not_finite", field=Field(name), value=text))
    if abs(number) > MAX_MAGNITUDE:
        raise ValueError(say("row.too_large", field=Field(name), value=text,
                             limit=MAX_MAGNITUDE))
    return int(number) if number.is_integer() else number


def parse_whole(name: str, text: str, minimum: int) -> int:
    """A whole number at least ``minimum`` (the ledger's rule for a turn difference)."""
    number = parse_number(name, text)
    if number != int(number) or number < minimum:
        raise ValueError(say("row.not_whole", field=Field(name), value=text, minimum=minimum))
    return int(number)


def parse_date(text: str) -> date | None:
    folded = unicodedata.normalize("NFKC", text).strip()
    if not folded:
        return None
    for fmt in ("%Y-%m-%d", "%Y/%m/%d", "%Y.%m.%d", "%Y年%m月%d日"):
        try:
            day = datetime.strptime(folded, fmt).date()
        except ValueError:
            continue
        if not dates.is_usable(day):  # the sheets' Status flags the same dates
            raise ValueError(say("row.date_range", field=Field("date"), value=text,
                                 first=_slashed(dates.FIRST_DATE),
                                 last=_slashed(dates.LAST_DATE)))
        return day
    raise ValueError(say("row.not_date", field=Field("date"), value=text))


def parse_game_log(text: str, system: str, encoding: str = "utf-8",
                   monthly: bool = False, new_players: bool = False,
                   accepted: Collection[str] = ()) -> GameLog:
    """Parse CSV text (with a header row) into games of ``system``."""
    reader = csv.reader(io.StringIO(text, newline=""))
    try:
        header = next(reader)
        columns, unread = map_header(header, system)
        if monthly and "date" not in columns:
            raise GameLogError(say("log.no_date_column", header=",".join(header)))
        log = GameLog(system, encoding)
        if unread:
            log.notes.append(say("log.unread_columns", names=Listed(unread), system=system,
                                 known=Listed(map(Field, columns))))
        spelling: dict[str, str] = {}
        members = Members()
        latest: tuple[int, int] | None = None  # (year, month) and its line
        latest_line = 0
        for row in reader:
            line = reader.line_num
            if not any(cell.strip() for cell in row):
                continue
            try:
                game, when = _parse_row(row, columns, system)
                names = _distinct(_players(game, system), spelling)
                if not new_players:
                    _refuse_near_misses(names, spelling, members, system, accepted)
                if monthly:
                    if when is None:
                        raise ValueError(say("row.no_date", field=Field("date")))
                    if latest is not None and (when.year, when.month) < latest:
                        raise ValueError(say("row.month_order", field=Field("date"),
                                             value=_cell(row, columns, "date"),
                                             line=latest_line))
            except ValueError as exc:
                log.bad.append(BadRow(line, exc.args[0] if exc.args else str(exc),
                                      ",".join(row)[:200]))
            else:
                for name in names:
                    first = spelling.setdefault(name.lower(), name)
                    members.add(first)
                    if first != name:
                        log.notes.append(say("note.same_name", line=line, name=name,
                                             first=first))
                log.games.append(_renamed(game, system, spelling))
                log.dates.append(when)
                log.lines.append(line)
            dated = _date_or_none(row, columns) if monthly else None
            if dated is not None and (latest is None or (dated.year, dated.month) > latest):
                latest, latest_line = (dated.year, dated.month), line  # bad lines too
    except StopIteration:
        raise GameLogError(say("log.empty")) from None
    except csv.Error as exc:
        limit = csv.field_size_limit()
        reason = say("log.long_field", limit=limit) if "field limit" in str(exc) else str(exc)
        raise GameLogError(say("log.not_log", line=reader.line_num, reason=reason)) from None
    _refuse_overflow(log)
    return log


def _players(game: tuple[object, ...], system: str) -> list[str]:
    if SYSTEMS[system].seats == 4:
        return [str(p) for p in game[0]]  # type: ignore[attr-defined]
    return [str(game[0]), str(game[1])]


def _refuse_near_misses(names: list[str], spelling: dict[str, str], members: Members,
                        system: str, accepted: Collection[str] = ()) -> None:
    """A bad line when a name not seen before is probably an earlier player's misspelt,
    an earlier line's or an earlier seat's of the same game (すずき against スズキ),
    unless the person ``accepted`` it as a new member."""
    for seat, name in enumerate(names):
        if name.lower() in spelling or name in accepted:
            continue
        close = members.near(name, names[:seat])  # members: spelling's values
        if close is not None:
            column = f"player{seat + 1}" if SYSTEMS[system].seats == 4 else PAIR[seat]
            raise ValueError(say("row.near_miss", field=Field(column), value=name,
                                 member=close[0], why=close[1]))


def _distinct(names: list[str], spelling: dict[str, str]) -> list[str]:
    """Refuse a game with one player twice (ignoring case, as the ledger compares)."""
    seen: dict[str, str] = {}
    for name in names:
        folded = name.lower()
        if folded in seen:
            shown = spelling.get(folded, seen[folded])
            raise ValueError(say("row.same_player_spelt", name=shown, a=seen[folded], b=name)
                             if seen[folded] != name else say("row.same_player", name=shown))
        seen[folded] = name
    return names


def _renamed(game: tuple[object, ...], system: str,
             spelling: dict[str, str]) -> tuple[object, ...]:
    """The game with each name as first spelled in the log."""
    def canon(name: object) -> object:
        return spelling.get(str(name).lower(), name)

    if SYSTEMS[system].seats == 4:
        return (tuple(canon(p) for p in game[0]), *game[1:])  # type: ignore[attr-defined]
    return (canon(game[0]), canon(game[1]), *game[2:])


def overflow_field(system: str) -> tuple[str, int]:
    """The number in a game that a rule's change grows with, to name when it overflows:
    the first numeric log field (MOSAIC's turn difference, Go's handicap), else the result."""
    for position, log_field in enumerate(SYSTEMS[system].log_fields, len(PAIR)):
        if log_field.kind in ("number", "whole"):
            return log_field.key, position
    return "result", 2


def _refuse_overflow(log: GameLog) -> None:
    """Move to ``log.bad`` each game whose rating change is not a number a spreadsheet
    can hold (inf, nan, beyond 15 digits), replaying with the rule's defaults."""
    for _ in range(MAX_OVERFLOW_PASSES):
        try:
            result = replay(log.system, log.games)
        except (ValueError, ArithmeticError, TypeError):
            return  # the engine's own check names the row when the log is rated
        index = next((i for i, change in enumerate(result.changes)
                      if not all(_holdable(x) for x in _numbers(change))), None)
        if index is None:
            return
        field_name, position = overflow_field(log.system)
        game = log.games[index]
        value = game[position] if position < len(game) else None
        shown = [f"{x:.6g}" for x in _numbers(result.changes[index])]
        log.bad.append(BadRow(log.lines[index], say("row.overflow", field=Field(field_name),
                                                    value=value, shown=", ".join(shown)),
                              repr(game)[:200]))
        log.bad.sort(key=lambda bad: bad.line)
        del log.games[index], log.dates[index], log.lines[index]
    raise GameLogError(say("log.overflow_many", limit=MAX_OVERFLOW_PASSES))


def _numbers(value: object) -> list[float]:
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return [float(value)]
    if isinstance(value, (tuple, list)):
        return [x for item in value for x in _numbers(item)]
    return []


def _holdable(x: float) -> bool:
    return math.isfinite(x) and abs(x) <= MAX_MAGNITUDE


def _heading(text: str) -> str:
    """A header as compared: NFKC-folded, lower case, without spaces or line breaks."""
    return "".join(_fold(text).split())


def map_header(header: Sequence[str], system: str) -> tuple[dict[str, int], list[str]]:
    """Column key → index, and the headers of the columns nobody reads (to warn of)."""
    wanted = required_columns(system) + optional_columns(system)
    spelled = {_heading(alias): key for key in wanted for alias in HEADERS[key]}
    columns: dict[str, int] = {}
    unread: list[str] = []
    for index, name in enumerate(header):
        key = spelled.get(_heading(name))
        if key is not None and key not in columns:
            columns[key] = index
        elif name.strip():
            unread.append(name.strip())
    missing = [key for key in required_columns(system) if key not in columns]
    if missing:
        raise GameLogError(say("log.header", header=",".join(header),
                               missing=Listed(map(Field, missing)), system=system))
    return columns, unread


def declared(name: str) -> dict[str, Any]:
    """What the workbook types' modules declare for the log of a system (``LOG_FIELDS``,
    ``LOG_GAME_CHECKS``: :func:`workbook_builder.sheets.declared`), so a rule's ledger
    and this reader decide a row by one definition."""
    from .sheets import declared as of_sheets

    return of_sheets(name)


def _cell(row: Sequence[str], columns: dict[str, int], key: str) -> str:
    index = columns.get(key)
    return row[index] if index is not None and index < len(row) else ""


def _date_or_none(row: Sequence[str], columns: dict[str, int]) -> date | None:
    """The line's date, or None when it has none or it is not a date."""
    if "date" not in columns:
        return None
    try:
        return parse_date(_cell(row, columns, "date"))
    except ValueError:
        return None


def _parse_row(
    row: Sequence[str], columns: dict[str, int], system: str
) -> tuple[tuple[object, ...], date | None]:
    when = parse_date(_cell(row, columns, "date")) if "date" in columns else None
    entry = SYSTEMS[system]
    if entry.seats == 4:
        seats = range(1, 5)
        players = tuple(_name(_cell(row, columns, f"player{i}"), f"player{i}") for i in seats)
        places = tuple(parse_number(f"place{i}", _cell(row, columns, f"place{i}")) for i in seats)
        knocked = tuple(_knocker(f"knocked_by{i}", _cell(row, columns, f"knocked_by{i}"))
                        for i in seats)
        for check in declared("LOG_GAME_CHECKS").get(system, ()):
            check(places, knocked)
        return (players, places, knocked), when
    a = _name(_cell(row, columns, "player_a"), "player_a")
    b = _name(_cell(row, columns, "player_b"), "player_b")
    reader = declared("LOG_FIELDS").get(system)
    if reader is not None:  # a rule whose ledger reads its result and columns its own way
        return (a, b, *reader(lambda key: _cell(row, columns, key))), when
    result = parse_result(_cell(row, columns, "result"), draws=entry.draws)
    extras = tuple(_log_field(f, _cell(row, columns, f.key)) for f in entry.log_fields)
    return (a, b, result, *extras), when


def _log_field(log_field: LogField, text: str) -> object:
    """One game-log field read by its declared kind (see :class:`rating_rules.LogField`)."""
    if log_field.kind == "whole":
        return parse_whole(log_field.key, text, 0)
    if log_field.kind == "choice":
        return _choice(log_field, text)
    if not text.strip():
        return log_field.default
    if log_field.kind == "number":
        return parse_number(log_field.key, text.strip())
    return text.strip()


def _name(text: str, column: str) -> str:
    """Player names are kept exactly as typed, only the surrounding spaces go."""
    name = text.strip()
    if not name:
        raise ValueError(say("row.blank", field=Field(column)))
    if len(name) > MAX_CELL_TEXT:
        raise ValueError(say("row.too_long", field=Field(column), value=name[:20] + "…",
                             length=len(name), limit=MAX_CELL_TEXT))
    return name


def _choice(log_field: LogField, text: str) -> str | None:
    """A word of the field's list, as typed (Tokin's handicap names: 香落 or Lance)."""
    name = unicodedata.normalize("NFKC", text).strip()
    if not name:
        return None
    if name.casefold() not in {n.casefold() for words in log_field.choices for n in words}:
        shown = "、".join(words[0] for words in log_field.choices)
        raise ValueError(say("row.not_listed", field=Field(log_field.key), value=text,
                             known=shown))
    return name


def _knocker(key: str, text: str) -> object:
    folded = unicodedata.normalize("NFKC", text).strip()
    if not folded:
        return None
    if folded.upper() == "T":
        return "T"
    try:
        return parse_number(key, folded)
    except ValueError:
        raise ValueError(say("row.knocker", field=Field(key), value=text)) from None


def _slashed(day: date) -> str:
    """A date as the log's own examples write it (2026/5/26)."""
    return f"{day.year}/{day.month}/{day.day}"
