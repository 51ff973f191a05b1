"""Reading a club's game log from CSV.

Japanese Excel saves CSV as Shift_JIS (cp932) unless told otherwise, other programs as
UTF-8 with or without a byte-order mark, so all three are read. Headers may be English
or Japanese. Every row that cannot be read is reported with its line number; nothing is
dropped without saying so.
"""

from __future__ import annotations

import csv
import io
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import date, datetime
from pathlib import Path

from rating_rules import SYSTEMS

MAX_BYTES = 50 * 1024 * 1024
"""A game log larger than this is refused: no club has 50 MB of games."""

# Column key → accepted header spellings (compared after NFKC folding and lower-casing).
HEADERS: dict[str, tuple[str, ...]] = {
    "date": ("date", "日付", "対局日"),
    "player_a": ("player_a", "a", "player a", "対局者a", "プレイヤーa", "自分", "先手"),
    "player_b": ("player_b", "b", "player b", "対局者b", "プレイヤーb", "相手", "後手"),
    "result": ("result", "result_a", "score", "勝敗", "結果"),
    "handicap": ("handicap", "手合", "手合割", "駒落ち"),
    "turn_diff": ("turn_diff", "turns", "手番差", "手番の差"),
    "handicap_diff": ("handicap_diff", "置石差", "手合差"),
    "game_type": ("game_type", "type", "種別", "対局種別"),
    **{f"player{i}": (f"player{i}", f"対局者{i}", f"プレイヤー{i}") for i in range(1, 5)},
    **{f"place{i}": (f"place{i}", f"順位{i}") for i in range(1, 5)},
    **{f"knocked_by{i}": (f"knocked_by{i}", f"撃破者{i}", f"詰まされ{i}") for i in range(1, 5)},
}

REQUIRED: dict[str, tuple[str, ...]] = {
    "tokin": ("player_a", "player_b", "result"),
    "club24": ("player_a", "player_b", "result"),
    "elo": ("player_a", "player_b", "result"),
    "go": ("player_a", "player_b", "result"),
    "mosaic": ("player_a", "player_b", "result", "turn_diff"),
    "yonin": tuple(f"{k}{i}" for k in ("player", "place") for i in range(1, 5)),
}
OPTIONAL: dict[str, tuple[str, ...]] = {
    "tokin": ("date", "handicap"),
    "club24": ("date",),
    "elo": ("date",),
    "go": ("date", "handicap_diff", "game_type"),
    "mosaic": ("date",),
    "yonin": ("date", *(f"knocked_by{i}" for i in range(1, 5))),
}

RESULT_WORDS: dict[str, float] = {
    "1": 1, "1.0": 1, "0": 0, "0.0": 0, "0.5": 0.5, ".5": 0.5,
    "勝": 1, "勝ち": 1, "○": 1, "win": 1, "w": 1,
    "負": 0, "負け": 0, "●": 0, "loss": 0, "l": 0,
    "分": 0.5, "引分": 0.5, "引き分け": 0.5, "draw": 0.5, "d": 0.5,
}


class GameLogError(ValueError):
    """The file as a whole cannot be read as a game log (encoding, header, size)."""


@dataclass(frozen=True)
class BadRow:
    """A row that was not read, with the reason and the text as typed."""

    line: int
    reason: str
    text: str


@dataclass
class GameLog:
    """The games read from a CSV file, in file order, and the rows that were not."""

    system: str
    encoding: str
    games: list[tuple[object, ...]] = field(default_factory=list)
    dates: list[date | None] = field(default_factory=list)
    lines: list[int] = field(default_factory=list)
    bad: list[BadRow] = field(default_factory=list)


def _fold(text: str) -> str:
    return unicodedata.normalize("NFKC", text).strip().lower()


def decode(data: bytes) -> tuple[str, str]:
    """Decode CSV bytes as UTF-8 (BOM or not), else cp932; return text and encoding name."""
    if data.startswith(b"\xef\xbb\xbf"):
        return data[3:].decode("utf-8"), "utf-8-sig"
    try:
        return data.decode("utf-8"), "utf-8"
    except UnicodeDecodeError:
        pass
    try:
        return data.decode("cp932"), "shift_jis"
    except UnicodeDecodeError as exc:
        sample = data[exc.start:exc.start + 4]
        raise GameLogError(
            f"the file is neither UTF-8 nor Shift_JIS (byte {exc.start}: {sample!r})"
        ) from None


def parse_result(text: str, draws: bool) -> float:
    value = RESULT_WORDS.get(_fold(text))
    if value is None or (value == 0.5 and not draws):
        wanted = "1, 0.5 or 0 (勝/分/負)" if draws else "1 or 0 (勝/負)"
        raise ValueError(f"result {text!r} must be {wanted}")
    return value


def parse_number(name: str, text: str) -> float | int:
    folded = unicodedata.normalize("NFKC", text).strip()
    try:
        number = float(folded)
    except ValueError:
        raise ValueError(f"{name} {text!r} is not a number") from None
    return int(number) if number.is_integer() else number


def parse_date(text: str) -> date | None:
    folded = unicodedata.normalize("NFKC", text).strip()
    if not folded:
        return None
    for fmt in ("%Y-%m-%d", "%Y/%m/%d", "%Y.%m.%d", "%Y年%m月%d日"):
        try:
            return datetime.strptime(folded, fmt).date()
        except ValueError:
            continue
    raise ValueError(f"date {text!r} is not a date like 2026/5/26")


def read_game_log(path: str | Path, system: str) -> GameLog:
    """Read ``path`` as a game log of ``system``; bad rows are collected, not raised."""
    if system not in SYSTEMS:
        raise GameLogError(f"system {system!r} is not one of {', '.join(SYSTEMS)}")
    path = Path(path)
    try:
        size = path.stat().st_size
        if size > MAX_BYTES:
            raise GameLogError(f"{path}: {size} bytes is larger than {MAX_BYTES} bytes")
        data = path.read_bytes()
    except OSError as exc:
        raise GameLogError(f"{path}: {exc.strerror or exc}") from None
    text, encoding = decode(data)
    return parse_game_log(text, system, encoding)


def parse_game_log(text: str, system: str, encoding: str = "utf-8") -> GameLog:
    """Parse CSV text (with a header row) into games of ``system``."""
    reader = csv.reader(io.StringIO(text, newline=""))
    try:
        header = next(reader)
    except StopIteration:
        raise GameLogError("the file is empty: a header row is needed") from None
    columns = _map_header(header, system)
    log = GameLog(system, encoding)
    for row in reader:
        line = reader.line_num
        if not any(cell.strip() for cell in row):
            continue
        try:
            game, when = _parse_row(row, columns, system)
        except ValueError as exc:
            log.bad.append(BadRow(line, str(exc), ",".join(row)))
            continue
        log.games.append(game)
        log.dates.append(when)
        log.lines.append(line)
    return log


def _map_header(header: Sequence[str], system: str) -> dict[str, int]:
    spelled = {_fold(alias): key for key, aliases in HEADERS.items() for alias in aliases}
    columns: dict[str, int] = {}
    for index, name in enumerate(header):
        key = spelled.get(_fold(name))
        if key in REQUIRED[system] + OPTIONAL[system] and key not in columns:
            columns[key] = index
    missing = [key for key in REQUIRED[system] if key not in columns]
    if missing:
        raise GameLogError(
            f"header {','.join(header)!r} lacks column(s) {', '.join(missing)} for {system}"
        )
    return columns


def _cell(row: Sequence[str], columns: dict[str, int], key: str) -> str:
    index = columns.get(key)
    return row[index] if index is not None and index < len(row) else ""


def _parse_row(
    row: Sequence[str], columns: dict[str, int], system: str
) -> tuple[tuple[object, ...], date | None]:
    when = parse_date(_cell(row, columns, "date")) if "date" in columns else None
    if system == "yonin":
        seats = range(1, 5)
        players = tuple(_name(_cell(row, columns, f"player{i}"), f"player{i}") for i in seats)
        places = tuple(parse_number(f"place{i}", _cell(row, columns, f"place{i}")) for i in seats)
        knocked = tuple(_knocker(_cell(row, columns, f"knocked_by{i}")) for i in seats)
        return (players, places, knocked), when
    a = _name(_cell(row, columns, "player_a"), "player_a")
    b = _name(_cell(row, columns, "player_b"), "player_b")
    result = parse_result(_cell(row, columns, "result"), draws=system == "elo")
    game: tuple[object, ...] = (a, b, result)
    if system == "mosaic":
        game += (parse_number("turn_diff", _cell(row, columns, "turn_diff")),)
    elif system == "tokin":
        game += (_cell(row, columns, "handicap").strip() or None,)
    elif system == "go":
        diff = _cell(row, columns, "handicap_diff").strip()
        kind = _cell(row, columns, "game_type").strip() or "rated"
        game += (parse_number("handicap_diff", diff) if diff else None, kind)
    return game, when


def _name(text: str, column: str) -> str:
    """Player names are kept exactly as typed, only the surrounding spaces go."""
    name = text.strip()
    if not name:
        raise ValueError(f"{column} is blank")
    return name


def _knocker(text: str) -> object:
    folded = unicodedata.normalize("NFKC", text).strip()
    if not folded:
        return None
    if folded.upper() == "T":
        return "T"
    return parse_number("knocked_by", folded)
