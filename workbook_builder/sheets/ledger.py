"""A club's two-player ledger: every game in one log, a live rating list, monthly lists.

One workbook type, ``system = "ledger"``; the template's ``preset`` picks the rule. The
layout is the kit's club ledger (:mod:`workbook_builder.kit.ledger`); each rule module
declares its ``LEDGER_PRESETS`` beside its personal sheet. The monthly mode's
assumptions are the README's ("Club ledgers").
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from typing import Any, ClassVar

from ..kit.base import EXAMPLE_NAMES
from ..kit.ledger import ClubLedger
from ..kit.ledger_rule import LedgerRule
from ..spec import Spec
from . import declared

_DECLARED: dict[str, tuple[LedgerRule[Any], Any]] = declared("LEDGER_PRESETS")
"""Every rule module's ``LEDGER_PRESETS``: preset name → (rule, its constants as built)."""
RULES: dict[str, LedgerRule[Any]] = {name: rule for name, (rule, _) in _DECLARED.items()}
"""The two-player ledger's rules by the template's ``preset``."""
PRESETS: dict[str, Any] = {name: preset for name, (_, preset) in _DECLARED.items()}


def monthly_lists(preset_name: str, preset: object | None = None) -> bool:
    """Whether a ledger of the rule ``preset_name`` rates by month lists (Tokin's mode):
    then every game needs a date, in month order. ``preset``: the ledger's own constants
    (a template's); None = the rule as built, which ``rate`` follows so that the command
    and the sheet agree."""
    rule = RULES.get(preset_name)
    if rule is None or not rule.monthly:
        return False
    return bool(rule.monthly_mode(PRESETS[preset_name] if preset is None else preset))


def example_tables(spec: Spec) -> dict[str, list[dict[str, object]]]:
    """Five players, a dozen games over two months, one misspelt name, one game in progress."""
    names = EXAMPLE_NAMES[spec.lang][:5]
    rule = RULES[spec.preset]
    ranks = rule.example_ranks if rule.has_ranks else (None,) * 5
    players: list[dict[str, object]] = [{"Name": n, "Start": s, "Rank": r if s is None else None}
               for n, s, r in zip(names, rule.example_starts, ranks, strict=True)]
    pairs = [(0, 1, 1), (2, 3, 0), (0, 2, 1), (1, 4, 1), (3, 4, 0), (0, 3, 1),
             (1, 2, 0), (2, 4, 1), (0, 4, 0), (1, 3, 1)]
    games: list[dict[str, object]] = []
    for k, (a, b, result) in enumerate(pairs):
        day = dt.date(2024, 5, 4) + dt.timedelta(days=7 * k)
        games.append({"Date": day, "PlayerA": names[a], "PlayerB": names[b],
                      "Result": result})
    rule.example_extras(games, spec.lang)
    games[4]["PlayerB"] = names[4] + "x"
    games.append({"Date": dt.date(2024, 7, 13), "PlayerA": names[0], "PlayerB": names[1]})
    return {"Games": games, "Players": players}


class LedgerSheet(ClubLedger):
    """Workbook type ``system = "ledger"``: a club's two-player log; preset = the rule."""

    system = "ledger"
    presets: ClassVar[Mapping[str, Any]] = PRESETS
    rules: ClassVar[Mapping[str, LedgerRule[Any]]] = RULES

    def example_tables(self, spec: Spec) -> dict[str, list[dict[str, object]]]:
        return example_tables(spec)
