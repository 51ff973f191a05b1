"""Worksheet functions of the MOSAIC rating."""

from __future__ import annotations

from typing import Any

from rating_rules import mosaic

from ._excel import arg, cellwise, udf


@udf
@arg("my_rating", "My rating before the game", ndim=2)
@arg("opp_rating", "Opponent's rating before the game", ndim=2)
@arg("result", "1 win, 0 loss", ndim=2)
@arg("turn_diff", "Turns the loser still needed (whole number, 0 or more)", ndim=2)
def MOSAIC_DELTA(my_rating: Any, opp_rating: Any, result: Any, turn_diff: Any) -> Any:
    """MOSAIC: my signed change; win +(t − 0.1×(my−opp)), loss −(t + 0.1×(my−opp)); not rounded."""
    return cellwise(mosaic.mosaic_delta, my_rating, opp_rating, result, turn_diff)


@udf
@arg("my_rating", "My rating before the game", ndim=2)
@arg("opp_rating", "Opponent's rating before the game", ndim=2)
@arg("result", "1 win, 0 loss", ndim=2)
@arg("turn_diff", "Turns the loser still needed (whole number, 0 or more)", ndim=2)
def MOSAIC_UPDATE(my_rating: Any, opp_rating: Any, result: Any, turn_diff: Any) -> Any:
    """MOSAIC: my rating after the game (my rating + MOSAIC_DELTA)."""
    return cellwise(mosaic.mosaic_update, my_rating, opp_rating, result, turn_diff)
