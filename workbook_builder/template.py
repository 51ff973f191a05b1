"""Templates: one small TOML file per shipped workbook.

A club secretary copies ``templates/mosaic_ja.toml``, changes a value and runs
``workbook-builder build my_club.toml``. Every key is checked here; a mistake gives
one line naming the file, the key and the value, never a traceback.

Keys (all optional except ``system``)::

    system = "…"             # the workbook type: a key of workbook_builder.sheets.SHEET_TYPES
    preset = "default"       # named preset of that system
    lang = "ja"              # "ja" or "en": labels, sheet titles, messages
    title = "..."            # shown on top of the sheet and as the document title
    club = "..."             # club name, shown next to the title
    rows = 200               # number of game rows (1-20000)
    players = 100            # ledgers only: rows on the Players sheet (1-2000)
    start_rating = 100       # the player's starting rating (the system's start constant)
    output = "mosaic_ja"     # file name in dist/ without .xlsx (default: template name)

    [constants]              # any constant of the preset, by its field name
    gap_weight = 0.1
"""

from __future__ import annotations

import math
import re
import tomllib
from collections.abc import Callable, Mapping
from pathlib import Path

from .errors import TemplateError
from .labels import DEFAULT_LANGUAGE, LANGUAGES
from .messages import reason_of, say
from .sheets import SHEET_TYPES
from .spec import MAX_PLAYERS, MAX_ROWS, Spec

Fail = Callable[[str, object, str], "TemplateError"]
"""Builds the one-line error for a key, its value and the reason."""

KEYS = ("system", "preset", "lang", "title", "club", "rows", "players", "start_rating",
        "output", "constants")


def load_template(path: str | Path) -> Spec:
    """Read and check the template at ``path``."""
    path = Path(path)
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise TemplateError(say("template.missing", path=str(path))) from None
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise TemplateError(say("template.toml", path=str(path), reason=reason_of(exc))) from None
    return parse_template(data, path.stem, str(path))


def parse_template(data: dict[str, object], default_output: str, source: str = "") -> Spec:
    """Check a template's keys and values (already parsed from TOML)."""
    def fail(key: str, value: object, reason: str) -> TemplateError:
        where = f"{source}: " if source else ""
        return TemplateError(say("template.bad", where=where, name=key, value=value,
                                 reason=reason))

    for key, value in data.items():
        if key not in KEYS:
            raise fail(key, value, say("template.unknown_key", known=", ".join(KEYS)))
    system = data.get("system")
    if system not in SHEET_TYPES:
        raise fail("system", system, say("template.one_of", choices=sorted(SHEET_TYPES)))
    sheet_type = SHEET_TYPES[system]
    preset = _text(data, "preset", "default", fail)
    if preset not in sheet_type.presets:
        raise fail("preset", preset, say("template.one_of", choices=sorted(sheet_type.presets)))
    lang = _text(data, "lang", DEFAULT_LANGUAGE, fail)
    if lang not in LANGUAGES:
        raise fail("lang", lang, say("template.one_of", choices=list(LANGUAGES)))
    rows = data.get("rows", 200)
    if isinstance(rows, bool) or not isinstance(rows, int) or not 1 <= rows <= MAX_ROWS:
        raise fail("rows", rows, say("template.whole", most=MAX_ROWS))
    players = data.get("players", 100)
    if (isinstance(players, bool) or not isinstance(players, int)
            or not 1 <= players <= MAX_PLAYERS):
        raise fail("players", players, say("template.whole", most=MAX_PLAYERS))
    output = _text(data, "output", default_output, fail)
    if not re.fullmatch(r"[A-Za-z0-9_.-]+", output):
        raise fail("output", output, say("template.output"))
    constants_table = data.get("constants", {})
    if not isinstance(constants_table, dict):
        raise fail("constants", constants_table, say("template.constants"))
    constants = {}
    known = sheet_type.constant_fields(preset)
    for key, value in constants_table.items():
        if key not in known:
            raise fail(f"constants.{key}", value,
                       say("template.unknown_constant", known=", ".join(known)))
        constants[key] = _number(f"constants.{key}", value, fail)
    if "start_rating" in data:
        start = _number("start_rating", data["start_rating"], fail)
        field_name = sheet_type.start_field
        if field_name is None:
            raise fail("start_rating", start, say("template.no_start", system=system))
        if constants.get(field_name, start) != start:
            raise fail("start_rating", start, say("template.start_differs", field=field_name))
        constants[field_name] = start
    return Spec(system=system, output=output, preset=preset, lang=lang,
                title=_text(data, "title", "", fail), club=_text(data, "club", "", fail),
                rows=rows, players=players, constants=constants, source=source)


def _text(data: Mapping[str, object], key: str, default: str, fail: Fail) -> str:
    value = data.get(key, default)
    if not isinstance(value, str):
        raise fail(key, value, say("template.text"))
    if len(value) > 200:
        raise fail(key, value[:20] + "…", say("template.long", limit=200))
    return value


def _number(key: str, value: object, fail: Fail) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        raise fail(key, value, say("template.number"))
    return float(value)


__all__ = ["MAX_PLAYERS", "MAX_ROWS", "Spec", "TemplateError", "load_template",
           "parse_template"]
