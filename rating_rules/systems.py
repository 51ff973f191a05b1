"""The rating systems, by name: the one table every part of the project looks a system up in.

python-chess keeps its variants in one list that the rest of the library looks up by
name; here :data:`SYSTEMS` does that for rating systems. ``replay``, the game-log
reader, the rating list, the command line and the workbook builder all read a system's
properties from its :class:`System` entry instead of keeping their own tables, so a new
rating system is one entry here, its engine module, and its sheet declarations.

>>> from rating_rules import replay
>>> replay("tokin", [("A", "B", 1)], initial={"A": 2000, "B": 1900}).ratings
{'A': 2012.0, 'B': 1888.0}
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from . import elo, glicko, go, mosaic, shogi, yonin
from .common import ReplayResult


@dataclass(frozen=True)
class LogField:
    """A game-log column beyond the players and the result, and how its text is read."""

    key: str
    """The column key (its accepted header spellings are the game-log reader's)."""
    kind: str
    """``number`` (blank = None), ``whole`` (a whole number ≥ 0, required), ``handicap``
    (a name from the Tokin handicap list, blank = None), or ``word`` (blank = ``default``)."""
    required: bool = False
    default: str | None = None


@dataclass(frozen=True)
class System:
    """One rating system: its engine, its game-log shape and what it supports."""

    name: str
    """The name templates, the command line and ``replay`` use."""
    summary: str
    """The rule, and the shape of one game tuple ``replay`` takes."""
    replay: Callable[..., ReplayResult]
    presets: Mapping[str, Any]
    """Named rule constants (frozen dataclasses); ``default`` is the rule as published."""
    seats: int = 2
    """Players per game: 2, or 4 (four-player shogi: players, places, knocked out by)."""
    draws: bool = False
    """Whether a result may be 0.5."""
    periods: bool = False
    """Whether games can be rated by period (``rate --monthly``)."""
    by_period: bool = False
    """The rule is stated for rating periods (Glicko): ``rate`` groups games by month
    unless told ``--per-game``, since a period of one game grows every RD each game."""
    log_fields: tuple[LogField, ...] = ()
    """Game-log columns after the players and the result, in game-tuple order."""
    functions: tuple[str, ...] = field(default=())
    """The worksheet functions (``udfs``) of the rule."""


SYSTEMS: dict[str, System] = {s.name: s for s in (
    System("tokin", "shogi 16±4%, Tokin Network preset: (a, b, result_a[, handicap])",
           shogi.replay_tokin, {"default": shogi.TOKIN, "league": shogi.LEAGUE},
           periods=True, log_fields=(LogField("handicap", "handicap"),),
           functions=("TOKIN_DELTA", "TOKIN_HANDICAP", "TOKIN_START")),
    System("club24", "Shogi Club 24: (a, b, result_a)", shogi.replay_club24,
           {"default": shogi.CLUB24}, functions=("CLUB24_DELTA", "CLUB24_RANK")),
    System("elo", "orthodox Elo: (a, b, score_a) with draws 0.5", elo.replay_elo,
           {"default": elo.ELO}, draws=True, periods=True,
           functions=("ELO_EXPECTED", "LINEAR_EXPECTED", "ELO_DELTA", "ELO_UPDATE")),
    System("go", "Go dan/kyu points: (a, b, result_a[, handicap_diff[, game_type]])",
           go.replay_go, {"default": go.GO},
           log_fields=(LogField("handicap_diff", "number"),
                       LogField("game_type", "word", default="rated")),
           functions=("GO_DELTA", "GO_HANDICAP", "GO_NEXT_RANK", "GO_RANK_LABEL")),
    System("yonin", "four-player shogi rate: (players, places, knocked_by)",
           yonin.replay_yonin, {"default": yonin.YONIN}, seats=4,
           functions=("YONIN_KO_PT", "YONIN_UPSET_PT", "YONIN_UPDATE", "YONIN_GAME",
                      "YONIN_RANK", "YONIN_SCORE")),
    System("mosaic", "MOSAIC: (a, b, result_a, turn_diff)", mosaic.replay_mosaic,
           {"default": mosaic.MOSAIC},
           log_fields=(LogField("turn_diff", "whole", required=True),),
           functions=("MOSAIC_DELTA", "MOSAIC_UPDATE")),
    System("glicko", "Glicko: (a, b, score_a) with draws 0.5; a rating and an RD per player",
           glicko.replay_glicko, {"default": glicko.GLICKO}, draws=True, periods=True,
           by_period=True, functions=("GLICKO_EXPECTED", "GLICKO_RATING", "GLICKO_RD")),
)}
"""Every rating system, by name."""
