"""Worksheet functions of orthodox Elo and the linear expectation."""

from __future__ import annotations

from typing import Any

from rating_rules import elo

from ._excel import arg, blank, cellwise, flat, udf


@udf(ja="イロレーティングの期待勝率 1/(1+10^((相手−自分)/400))、0〜1。")
@arg("my_rating", "My rating", ndim=2)
@arg("opp_rating", "Opponent's rating", ndim=2)
def ELO_EXPECTED(my_rating: Any, opp_rating: Any) -> Any:
    """Elo expected score 1/(1+10^((opp−my)/400)), between 0 and 1."""
    return cellwise(elo.elo_expected, my_rating, opp_rating)


@udf(ja="16±4% の期待勝率 0.5+0.00125×(自分−相手)、0〜1 に収める。")
@arg("my_rating", "My rating", ndim=2)
@arg("opp_rating", "Opponent's rating", ndim=2)
def LINEAR_EXPECTED(my_rating: Any, opp_rating: Any) -> Any:
    """16±4% expected score 0.5+0.00125×(my−opp), held within 0..1."""
    return cellwise(elo.linear_expected, my_rating, opp_rating)


def _delta(my: Any, opp: Any, score: Any, k: Any) -> float:
    return elo.elo_delta(my, opp, score, None if blank(k) else k)


@udf(ja="イロ: 1局の増減 K×(W−We)、丸めない。")
@arg("my_rating", "My rating before the game", ndim=2)
@arg("opp_rating", "Opponent's rating before the game", ndim=2)
@arg("score", "1 win, 0.5 draw, 0 loss", ndim=2)
@arg("k", "K factor (blank = 32)", ndim=2)
def ELO_DELTA(my_rating: Any, opp_rating: Any, score: Any, k: Any = None) -> Any:
    """Elo: my unrounded change K×(W−We) for one game."""
    return cellwise(_delta, my_rating, opp_rating, score, k, required=3)


@udf(ja="イロ 期間まとめ: round(期首 + K×(ΣW − ΣWe))。空いた行は数えない。")
@arg("my_rating", "My rating at the start of the period")
@arg("opp_ratings", "Opponents' ratings, one per game (a range; blank rows ignored)", ndim=1)
@arg("scores", "My scores, same size as opp_ratings: 1, 0.5 or 0", ndim=1)
@arg("k", "K factor (blank = 32)")
def ELO_UPDATE(my_rating: Any, opp_ratings: Any, scores: Any, k: Any = None) -> Any:
    """Elo period update: round(old + K×(ΣW − ΣWe)) over the period; blank rows are skipped."""
    return elo.elo_update(my_rating, flat(opp_ratings), flat(scores), None if blank(k) else k)
