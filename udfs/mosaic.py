"""Worksheet functions of the MOSAIC rating."""

from __future__ import annotations

from typing import Any

from rating_rules import mosaic

from ._excel import ArgStack, arg_stack, cellwise, udf

GAME_ARGS: ArgStack = (
    ("my_rating", "My rating before the game", {"ndim": 2}),
    ("opp_rating", "Opponent's rating before the game", {"ndim": 2}),
    ("result", "1 win, 0 loss", {"ndim": 2}),
    ("turn_diff", "Turns the loser still needed (whole number, 0 or more)", {"ndim": 2}),
)
"""The arguments MOSAIC_DELTA and MOSAIC_UPDATE share: one game, cell by cell or as ranges."""


@udf(ja="MOSAIC: 1局の増減。勝ち +(手番差 − 0.1×(自分−相手))、負け −(手番差 + 0.1×(自分−相手))。")
@arg_stack(GAME_ARGS)
def MOSAIC_DELTA(my_rating: Any, opp_rating: Any, result: Any, turn_diff: Any) -> Any:
    """MOSAIC: my change for one game; win +(t − 0.1×(my−opp)), loss −(t + 0.1×(my−opp)); not rounded."""
    return cellwise(mosaic.mosaic_delta, my_rating, opp_rating, result, turn_diff)


@udf(ja="MOSAIC: 対局後のレート (自分のレート + 増減)。")
@arg_stack(GAME_ARGS)
def MOSAIC_UPDATE(my_rating: Any, opp_rating: Any, result: Any, turn_diff: Any) -> Any:
    """MOSAIC: my rating after the game (my rating + MOSAIC_DELTA)."""
    return cellwise(mosaic.mosaic_update, my_rating, opp_rating, result, turn_diff)
