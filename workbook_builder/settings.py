"""The Settings sheet: every constant of the preset as a named, validated input cell.

Formulas refer to ``Settings_<key>`` by name, so a club changes a value once and every
row follows; the value cells are the only unlocked cells on the sheet.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from openpyxl.styles import Alignment
from openpyxl.worksheet.worksheet import Worksheet

from . import formulas as fx
from . import styles
from .errors import TemplateError
from .labels import SETTINGS_HEADER, Text
from .layout import ABOVE_ZERO_ERROR, NameInfo, Setting, Validation, ValueType, number_check
from .messages import say
from .spec import Spec
from .table import add_validation, define_name

SETTINGS_KEY = "Settings"
FIRST_ROW = 3


def setting_name(key: str) -> str:
    """The defined name of a setting: ``Settings_<key>``."""
    return f"{SETTINGS_KEY}_{key}"


START = setting_name("Start")
"""The defined name of :func:`start_setting`'s cell, which formulas read."""


def start_setting(note: Text, value: float) -> Setting:
    """The rating before the first game, fed from the preset's ``start``."""
    return Setting("Start", Text("開始レート", "Starting rating"), note, value,
                   number_check(Text("最初のレート", "Starting rating")), preset_field="start")


def constant_setting(key: str, label: Text, note: Text, value: float, field: str,
                     minimum: float | None = None, whole: bool = False,
                     label_prompt: bool = False) -> Setting:
    """A numeric constant of the rule on Settings: validated, named, fed from the preset;
    the input message is the note (``label_prompt``: the label, as the four-player sheets)."""
    shown = label if label_prompt else note
    if minimum is None:
        check = number_check(shown, whole)
    else:
        check = at_least(shown, whole, minimum)
    return Setting(key, label, note, value, check, type="integer" if whole else "number",
                   minimum=minimum, preset_field=field)


@dataclass(frozen=True)
class Constant:
    """A rule constant declared once: the preset ``field`` gives its value and takes back
    an edited one, so no sheet names the field twice; by default the field is the key in
    snake case (``GapRate``: ``gap_rate``)."""

    key: str
    label: Text
    note: Text
    field: str = ""
    minimum: float | None = None
    whole: bool = False

    def __post_init__(self) -> None:
        snake = re.sub(r"(?<!^)(?=[A-Z])", "_", self.key).lower()
        object.__setattr__(self, "field", self.field or snake)


def constant_settings(preset: object, constants: Iterable[Constant],
                      label_prompts: bool = False) -> list[Setting]:
    """One :func:`constant_setting` per constant, its value read from ``preset``."""
    return [constant_setting(c.key, c.label, c.note, getattr(preset, c.field), c.field,
                             c.minimum, c.whole, label_prompts) for c in constants]


def scalar(key: str, field_name: str, label: Text, note: Text, value: float | str | None,
           validation: Validation) -> Setting:
    """One single-cell setting, feeding the preset field ``field_name`` (so audit and
    repair read it back): a list is a choice, a whole number an integer, else a number
    (both at least 0)."""
    kinds_by_validation: dict[str | None, ValueType] = {"list": "choice", "whole": "integer"}
    kind = kinds_by_validation.get(validation.kind, "number")
    return Setting(key, label, note, value, validation, type=kind,
                   minimum=None if kind == "choice" else 0, preset_field=field_name)


def at_least(prompt: Text, whole: bool = False, minimum: float = 0) -> Validation:
    """A number (``whole``: a whole number) of ``minimum`` or more."""
    error = Text(f"{minimum:g}以上の数値", f"A number, {minimum:g} or more")
    kind = "whole" if whole else "decimal"
    return Validation(kind, "greaterThanOrEqual", f"{minimum:g}", None, prompt, error)


Refused = tuple[str, Callable[[float], bool], str]
"""A template constant the Settings cells would refuse: (field, refused, message key)."""


def refuse(refused: Iterable[Refused], spec: Spec) -> None:
    """Refuse a template constant the Settings cells would refuse, naming it and its value."""
    where = f"{spec.source}: " if spec.source else ""
    for name, bad, reason in refused:
        if name in spec.constants and bad(spec.constants[name]):
            raise TemplateError(say("template.bad", where=where, name=f"constants.{name}",
                                    value=spec.constants[name], reason=say(reason)))


@dataclass(frozen=True)
class Positive:
    """A number constant that must be above 0 (``zero_ok``: 0 or more), declared once:
    its Settings row, the check that says Settings are usable and the template value
    refused all state that one rule."""

    key: str
    field: str
    label: Text
    note: Text
    prompt: Text
    """The cell's input message."""
    zero_ok: bool = False

    @property
    def name(self) -> str:
        return setting_name(self.key)

    @property
    def ok(self) -> str:
        """TRUE when the Settings cell holds a number within the rule."""
        return fx.is_number_above(self.name, or_equal=self.zero_ok)

    @property
    def refused(self) -> Refused:
        if self.zero_ok:
            return (self.field, lambda x: x < 0, "template.zero_or_more")
        return (self.field, lambda x: x <= 0, "template.above_zero")

    def setting(self, preset: object) -> Setting:
        rule = at_least(self.prompt) if self.zero_ok else Validation(
            "decimal", "greaterThan", "0", None, self.prompt, ABOVE_ZERO_ERROR)
        value = getattr(preset, self.field)
        return scalar(self.key, self.field, self.label, self.note, value, rule)


def write_settings(ws: Worksheet, title: str, settings: Sequence[Setting], lang: str,
                   notes: Sequence[Text | str] = (), wrap: bool = True) -> list[NameInfo]:
    """Title, a header, one row per setting, then free-text ``notes`` below; ``wrap`` as
    :func:`write_setting`."""
    ws.column_dimensions["A"].width = 19
    ws.column_dimensions["B"].width = 9
    ws.column_dimensions["C"].width = 40
    styles.style_title(ws.cell(1, 1, title), lang)
    for i, text in enumerate(SETTINGS_HEADER, 1):
        styles.style_header(ws.cell(2, i, text(lang)), lang)
    infos = [write_setting(ws, number, setting, lang, wrap)
             for number, setting in enumerate(settings, FIRST_ROW)]
    row = FIRST_ROW + len(settings) + 1
    for line in notes:
        cell = ws.cell(row, 1, line(lang) if isinstance(line, Text) else line)
        styles.style_note(cell, lang)
        row += 1
    ws.freeze_panes = "A3"
    return infos


def write_setting(ws: Worksheet, row: int, setting: Setting, lang: str,
                  wrap: bool = True) -> NameInfo:
    """One setting on ``row``: its label, the named input cell in column B, its note
    (``wrap``: on lines as wide as column C; else on one line, over the columns beside)."""
    styles.style_computed(ws.cell(row, 1, setting.label(lang)), lang, bold=True)
    styles.style_input(ws.cell(row, 2, setting.value), lang, setting.number_format)
    note = ws.cell(row, 3, setting.note(lang))
    styles.style_note(note, lang)
    note.alignment = Alignment(wrap_text=wrap, vertical="center")
    add_validation(ws, setting.validation, f"B{row}", lang)
    name = setting_name(setting.key)
    define_name(ws, name, f"$B${row}")
    return NameInfo(name, ws.title, f"$B${row}", "setting", setting.type,
                    minimum=setting.minimum, label=setting.label(lang),
                    extra={"preset_field": setting.preset_field})
