"""Replay a whole game log under one rule system.

One entry point for ledgers, audits and benchmarks, so none of them re-implements a
rule: ``replay(name, games)`` gives every player's final rating and each game's
changes. The arithmetic lives in the rule modules; the registry
(:mod:`rating_rules.systems`) names each system's replay, and this module dispatches.
"""

from __future__ import annotations

import inspect
from collections.abc import Iterable
from typing import Any

from .common import ReplayResult
from .errors import UnknownSystemError
from .systems import SYSTEMS


def replay(system: str, games: Iterable[tuple[Any, ...]], **options: Any) -> ReplayResult:
    """Replay ``games`` (in play order) under ``system``; see :data:`~.systems.SYSTEMS`.

    Common options: ``initial`` (a starting rating for everyone, or a mapping player →
    rating; Go: rank codes) and ``preset`` (the rule's constants). System options:
    ``periods`` (tokin list mode, elo rating periods), ``k`` (elo), ``prior_games``
    (club24), ``floors`` and ``members`` (yonin).

    """
    if system not in SYSTEMS:
        raise UnknownSystemError("system", system, "is not one of {known}",
                                 known=", ".join(SYSTEMS))
    run = SYSTEMS[system].replay
    accepted = inspect.signature(run).parameters
    for name in options:
        if name not in accepted or name == "games":
            raise UnknownSystemError("option", name, "is not an option of the {system!r} system",
                                     system=system)
    return run(games, **options)
