"""Replay a whole game log under one rule system.

One entry point for ledgers, audits and benchmarks, so none of them re-implements a
rule: ``replay("tokin", games)`` gives every player's final rating and each game's
changes. The arithmetic lives in the rule modules; this module only dispatches.
"""

from __future__ import annotations

import importlib
import inspect
from collections.abc import Callable, Iterable
from typing import Any

from .common import ReplayResult
from .errors import UnknownSystemError

SYSTEMS: dict[str, str] = {
    "tokin": "shogi 16±4%, Tokin Network preset: (a, b, result_a[, handicap])",
    "club24": "Shogi Club 24: (a, b, result_a)",
    "elo": "orthodox Elo: (a, b, score_a) with draws 0.5",
    "go": "Go dan/kyu points: (a, b, result_a[, handicap_diff[, game_type]])",
    "yonin": "four-player shogi rate: (players, places, knocked_by)",
    "mosaic": "MOSAIC: (a, b, result_a, turn_diff)",
}
"""The systems ``replay`` knows, with the shape of one game tuple."""

_RUNNERS: dict[str, tuple[str, str]] = {
    "tokin": (".shogi", "replay_tokin"),
    "club24": (".shogi", "replay_club24"),
    "elo": (".elo", "replay_elo"),
    "go": (".go", "replay_go"),
    "yonin": (".yonin", "replay_yonin"),
    "mosaic": (".mosaic", "replay_mosaic"),
}


def replay(system: str, games: Iterable[tuple[Any, ...]], **options: Any) -> ReplayResult:
    """Replay ``games`` (in play order) under ``system``; see :data:`SYSTEMS`.

    Common options: ``initial`` (a starting rating for everyone, or a mapping player →
    rating; Go: rank codes) and ``preset`` (the rule's constants). System options:
    ``periods`` (tokin list mode, elo rating periods), ``k`` (elo), ``prior_games``
    (club24), ``floors`` and ``members`` (yonin).

    >>> replay("tokin", [("A", "B", 1)], initial={"A": 2000, "B": 1900}).ratings
    {'A': 2012.0, 'B': 1888.0}
    """
    if system not in _RUNNERS:
        raise UnknownSystemError("system", system, f"is not one of {', '.join(SYSTEMS)}")
    module, name = _RUNNERS[system]
    run: Callable[..., ReplayResult] = getattr(importlib.import_module(module, __package__), name)
    accepted = inspect.signature(run).parameters
    for name in options:
        if name not in accepted or name == "games":
            raise UnknownSystemError("option", name, f"is not an option of the {system!r} system")
    return run(games, **options)
