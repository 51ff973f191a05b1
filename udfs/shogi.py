"""Worksheet functions of the shogi 16±4% rules (Tokin Network, Shogi Club 24)."""

from __future__ import annotations

from typing import Any

from rating_rules import shogi

from ._excel import arg, cellwise, udf


@udf(ja="と金ネットワーク 16±4%: 1局の自分のレート増減 (1〜31点)。駒落ちは点差から調整点を引く。")
@arg("my_rating", "My rating before the game", ndim=2)
@arg("opp_rating", "Opponent's rating before the game", ndim=2)
@arg("result", "1 win, 0 loss", ndim=2)
@arg("handicap", "Blank/平手, 香落 角落 飛落 飛香落 二枚落 四枚落 六枚落, or adjustment points", ndim=2)
def TOKIN_DELTA(my_rating: Any, opp_rating: Any, result: Any, handicap: Any = None) -> Any:
    """Tokin 16±4%: my rating change for one game (1 to 31 points either way); a handicap game takes its adjustment off the gap."""
    return cellwise(shogi.tokin_delta, my_rating, opp_rating, result, handicap, required=3)


@udf(ja="と金: 点差に合う手合割 (100点差未満は平手、香落〜六枚落)。")
@arg("my_rating", "My rating", ndim=2)
@arg("opp_rating", "Opponent's rating", ndim=2)
def TOKIN_HANDICAP(my_rating: Any, opp_rating: Any) -> Any:
    """Tokin: the handicap the rating gap calls for (even below 100 points, then 香落 lance … 六枚落)."""
    return cellwise(shogi.tokin_handicap, my_rating, opp_rating)


@udf(ja="と金: 申告段級の開始レート (五段 2000 … 7級 900)。")
@arg("rank", "Declared rank: 五段 四段 三段 二段 初段 or 1級 … 7級", ndim=2)
def TOKIN_START(rank: Any) -> Any:
    """Tokin: the starting rating of a declared rank (五段 2000 … 7級 900)."""
    return cellwise(shogi.tokin_start, rank)


def _club24(my: Any, opp: Any, result: Any, game_no: Any) -> int:
    return shogi.club24_delta(my, opp, result, None if game_no in (None, "") else game_no)


@udf(ja="将棋倶楽部24: 1局の増減。最初の24局は (N+1) で割る。上限31、最低1、200以下の負けは半分。")
@arg("my_rating", "My rating before the game", ndim=2)
@arg("opp_rating", "Opponent's rating before the game", ndim=2)
@arg("result", "1 win, 0 loss", ndim=2)
@arg("game_no", "This game's number among my games (1 = first); blank = established", ndim=2)
def CLUB24_DELTA(my_rating: Any, opp_rating: Any, result: Any, game_no: Any = None) -> Any:
    """Shogi Club 24: my change for one game; the first 24 games divide by N+1; cap 31, at least 1, a loss at 200 or below costs half."""
    return cellwise(_club24, my_rating, opp_rating, result, game_no, required=3)


@udf(ja="将棋倶楽部24: レートの段級 (境目は中間、初段 = 1550〜1699)。")
@arg("rating", "A Shogi Club 24 rating", ndim=2)
def CLUB24_RANK(rating: Any) -> Any:
    """Shogi Club 24: the rank of a rating (boundaries halfway; 初段 = 1550–1699)."""
    return cellwise(shogi.club24_rank, rating)
