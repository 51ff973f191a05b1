"""``import``: a club ledger pre-filled from a game log (CSV).

The CSV is read by :mod:`workbook_builder.gamelog` (UTF-8 with or without BOM, or
Shift_JIS; Japanese or English headers). Every player named in the log goes onto the
Players sheet in order of first appearance, with a blank start (the Settings start, or
a rank typed there later: the ledger recomputes). Rows that cannot be read are listed
with their line numbers and stop the import unless ``skip_bad`` is given; nothing is
dropped without saying so. The reader is the one ``rate`` uses and refuses exactly the
rows the ledger would flag (the same player twice, a handicap not on the list, a game
without a date in a monthly ledger …), so every imported game is counted. A log larger
than a ledger can be (``MAX_ROWS`` games, ``MAX_PLAYERS`` players) is refused. Control
characters (which a spreadsheet cannot store) are removed from names with a warning.
The output is written to a uniquely named temporary file in the target folder and
renamed; on any failure it is removed. An existing file is refused before anything is
read, unless ``overwrite`` (``--overwrite``): the rule of every command that writes a
file a person names (``import``, ``repair``).
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Collection
from dataclasses import dataclass, field
from pathlib import Path

from .build import TEMPLATES, build_workbook
from .errors import GameLogError, ImportFailed
from .gamelog import BadRow, GameLog
from .logfile import read_game_log
from .messages import kind_name, os_reason, say
from .package import write_finalized
from .sheets import SHEET_TYPES
from .spec import MAX_PLAYERS, MAX_ROWS, Spec
from .template import load_template

CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")
"""Characters an .xlsx cell cannot hold (tab and line breaks can)."""


@dataclass
class ImportReport:
    """What ``import`` did."""

    out: Path
    games: int = 0
    players: int = 0
    skipped: list[BadRow] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    new_members: list[str] = field(default_factory=list)
    """The Players rows the import created, in order of first appearance."""


def clean_text(value: str, line: int, what: str, warnings: list[str]) -> str:
    """``value`` without control characters; a warning names the line when any went."""
    cleaned = CONTROL.sub("", value)
    if cleaned != value:
        warnings.append(say("import.control", line=line, what=what, value=value))
    return cleaned


def ledger_for(template: Path, spec: Spec) -> str:
    """The ledger template beside ``template`` (else among the shipped ones) that rates the
    same system in the same language (``tokin_ja.toml`` → ``ledger_tokin_ja.toml``), else
    the first ledger found: what a person who gave a personal sheet's template meant."""
    for folder in dict.fromkeys((template.parent, TEMPLATES)):
        ledgers = []
        for path in sorted(folder.glob("*.toml")):
            try:
                found = load_template(path)
            except (ValueError, OSError):
                continue
            if "Players" in SHEET_TYPES[found.system].input_tables and found.lang == spec.lang:
                other = SHEET_TYPES[found.system].log_system(found) != spec.system
                ledgers.append((other, str(path)))
        if ledgers:
            return min(ledgers)[1]
    return "templates/…"


def import_log(games_csv: str | Path, template: str | Path, out: str | Path,
               skip_bad: bool = False, new_players: bool = False,
               overwrite: bool = False, accepted: Collection[str] = ()) -> ImportReport:
    """Build the ledger of ``template`` filled with the games of ``games_csv`` into ``out``.

    A name that is probably a misspelling of an earlier one (:mod:`.names`) is a bad line
    unless ``new_players`` (or the name is one of ``accepted``, taken one by one); without
    ``skip_bad`` the first bad line stops the import with its line number, field, value and
    reason, and nothing is written."""
    source, target = Path(games_csv), Path(out)
    if target.suffix.lower() != ".xlsx":
        raise ImportFailed(say("import.suffix", target=str(target)))
    if target.exists() and not overwrite:
        raise ImportFailed(say("out.exists", target=str(target)))
    spec = load_template(template)
    sheet = SHEET_TYPES[spec.system]
    if "Players" not in sheet.input_tables:
        raise ImportFailed(say("import.not_ledger", template=str(template),
                               system=kind_name(spec.system, sheet),
                               ledger=ledger_for(Path(template), spec)))
    try:
        log = read_game_log(source, sheet.log_system(spec), monthly=monthly_lists(spec),
                            new_players=new_players, accepted=accepted)
    except (GameLogError, OSError) as exc:
        reason = exc.args[0] if isinstance(exc, GameLogError) else os_reason(exc)
        raise ImportFailed(say("import.unread", source=str(source), reason=reason)) from None
    report = ImportReport(target, skipped=list(log.bad), warnings=list(log.notes))
    if log.bad and not skip_bad:
        first = log.bad[0]
        lines = ", ".join(str(b.line) for b in log.bad[:10]) + (" …" if len(log.bad) > 10
                                                                else "")
        raise ImportFailed(say("import.bad_rows", source=str(source), count=len(log.bad),
                               lines=lines, line=first.line, reason=first.reason))
    tables = sheet.tables_from_log(_cleaned(log, report.warnings), spec)
    report.games, report.players = len(log.games), len(tables["Players"])
    report.new_members = [str(p["Name"]) for p in tables["Players"]]
    if not log.games:
        raise ImportFailed(say("import.no_games", source=str(source)))
    rows, players = len(tables["Games"]), len(tables["Players"])
    if rows > MAX_ROWS:
        raise ImportFailed(say("import.too_many_rows", source=str(source),
                               games=len(log.games), rows=rows, limit=MAX_ROWS))
    if players > MAX_PLAYERS:
        raise ImportFailed(say("import.too_many_players", source=str(source), players=players,
                               limit=MAX_PLAYERS))
    spec = dataclasses.replace(spec, rows=min(MAX_ROWS, max(spec.rows, rows + 50)),
                               players=min(MAX_PLAYERS, max(spec.players, players + 20)))
    wb, built = build_workbook(spec, tables=tables)
    write_finalized(target, wb.save, built.cached, replace=overwrite)
    return report


def monthly_lists(spec: Spec) -> bool:
    """Whether the workbook ``spec`` describes rates by month lists (a Tokin ledger's mode)."""
    if spec.system != "ledger":
        return False
    from .sheets.ledger import monthly_lists as ledger_monthly

    return ledger_monthly(spec.preset, SHEET_TYPES[spec.system].preset_for(spec))


def _cleaned(log: GameLog, warnings: list[str]) -> GameLog:
    """The log with control characters removed from every text field of every game."""
    games = []
    for line, game in zip(log.lines, log.games, strict=True):
        games.append(tuple(_clean_field(x, line, warnings) for x in game))
    return dataclasses.replace(log, games=games)


def _clean_field(value: object, line: int, warnings: list[str]) -> object:
    if isinstance(value, str):
        return clean_text(value, line, say("import.the_name"), warnings)
    if isinstance(value, (tuple, list)):
        return type(value)(_clean_field(x, line, warnings) for x in value)
    return value
