"""Worksheet functions of the shogi 16±4% rules (Tokin Network, Shogi Club 24)."""

from __future__ import annotations

from typing import Any

from rating_rules import shogi

from ._excel import arg, cellwise, udf


@udf
@arg("my_rating", "My rating before the game", ndim=2)
@arg("opp_rating", "Opponent's rating before the game", ndim=2)
@arg("result", "1 win, 0 loss", ndim=2)
@arg("handicap", "Blank/平手, 香落 角落 飛落 飛香落 二枚落 四枚落 六枚落, or adjustment points", ndim=2)
def TOKIN_DELTA(my_rating: Any, opp_rating: Any, result: Any, handicap: Any = None) -> Any:
    """Tokin 16±4%: my signed rating change (whole points, 1..31 either way), the gap reduced by the handicap's adjustment."""
    return cellwise(shogi.tokin_delta, my_rating, opp_rating, result, handicap, required=3)


@udf
@arg("my_rating", "My rating", ndim=2)
@arg("opp_rating", "Opponent's rating", ndim=2)
def TOKIN_HANDICAP(my_rating: Any, opp_rating: Any) -> Any:
    """Tokin: the handicap the rating gap calls for (平手 under 100 points, then 香落 … 六枚落)."""
    return cellwise(shogi.tokin_handicap, my_rating, opp_rating)


@udf
@arg("rank", "Declared rank: 五段 四段 三段 二段 初段 or 1級 … 7級", ndim=2)
def TOKIN_START(rank: Any) -> Any:
    """Tokin: starting rating for a declared rank (五段 2000 … 7級 900)."""
    return cellwise(shogi.tokin_start, rank)


def _club24(my: Any, opp: Any, result: Any, game_no: Any) -> int:
    return shogi.club24_delta(my, opp, result, None if game_no in (None, "") else game_no)


@udf
@arg("my_rating", "My rating before the game", ndim=2)
@arg("opp_rating", "Opponent's rating before the game", ndim=2)
@arg("result", "1 win, 0 loss", ndim=2)
@arg("game_no", "This game's number among my games (1 = first); blank = established", ndim=2)
def CLUB24_DELTA(my_rating: Any, opp_rating: Any, result: Any, game_no: Any = None) -> Any:
    """Shogi Club 24: my signed rating change; (N+1) divisor for my first 24 games, ±31 cap, at least 1, half loss at 200 and below."""
    return cellwise(_club24, my_rating, opp_rating, result, game_no, required=3)


@udf
@arg("rating", "A Shogi Club 24 rating", ndim=2)
def CLUB24_RANK(rating: Any) -> Any:
    """Shogi Club 24: the rank label for a rating (初段 = 1550–1699; boundaries halfway)."""
    return cellwise(shogi.club24_rank, rating)
