"""Worksheet functions for desktop Excel through xlwings.

Put ``udfs`` in xlwings' "UDF Modules" and import the functions: each one below is the
rule engine's own function under its Excel name, so a formula in the club's workbook
gives the same number as the ready-made sheets and ``rating_rules``. Row-wise functions
also take whole columns (one call, one array of answers).
"""

from ._excel import catalog
from .elo import ELO_DELTA, ELO_EXPECTED, ELO_UPDATE, LINEAR_EXPECTED
from .glicko import GLICKO_EXPECTED, GLICKO_RATING, GLICKO_RD
from .go import GO_DELTA, GO_HANDICAP, GO_NEXT_RANK, GO_RANK_LABEL
from .mosaic import MOSAIC_DELTA, MOSAIC_UPDATE
from .shogi import CLUB24_DELTA, CLUB24_RANK, TOKIN_DELTA, TOKIN_HANDICAP, TOKIN_START
from .yonin import (
    YONIN_GAME,
    YONIN_KO_PT,
    YONIN_RANK,
    YONIN_SCORE,
    YONIN_UPDATE,
    YONIN_UPSET_PT,
)

__all__ = [
    "CLUB24_DELTA", "CLUB24_RANK", "ELO_DELTA", "ELO_EXPECTED", "ELO_UPDATE", "GLICKO_EXPECTED",
    "GLICKO_RATING", "GLICKO_RD", "GO_DELTA", "GO_HANDICAP", "GO_NEXT_RANK", "GO_RANK_LABEL",
    "LINEAR_EXPECTED", "MOSAIC_DELTA", "MOSAIC_UPDATE", "TOKIN_DELTA", "TOKIN_HANDICAP",
    "TOKIN_START", "YONIN_GAME", "YONIN_KO_PT", "YONIN_RANK", "YONIN_SCORE", "YONIN_UPDATE",
    "YONIN_UPSET_PT", "catalog",
]
