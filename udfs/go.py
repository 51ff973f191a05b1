"""Worksheet functions of the Go server's dan/kyu points (Pandanet-style)."""

from __future__ import annotations

from typing import Any

from rating_rules import go

from ._excel import arg, blank, cellwise, udf


def _delta(my: Any, opp: Any, result: Any, game_no: Any, handicap_diff: Any, kind: Any) -> float:
    return go.go_delta(
        my, opp, result,
        game_no=None if blank(game_no) else game_no,
        handicap_diff=None if blank(handicap_diff) else handicap_diff,
        game_type="rated" if blank(kind) else kind,
    )


@udf(ja="囲碁 段級位ポイント: 1局の増減 (正規の手合で100 × 自分の局数の倍率)。"
        "レートに数えない対局は 0。")
@arg("my_rank", "My rank code, e.g. 1d+, 3k", ndim=2)
@arg("opp_rank", "Opponent's rank code", ndim=2)
@arg("result", "1 win, 0 loss", ndim=2)
@arg("game_no", "This game's number among my rated games (1 = first)", ndim=2)
@arg("handicap_diff", "Rank difference the played handicap stands for (blank = regular)", ndim=2)
@arg("game_type", "rated (blank), forfeit, provisional or unrated", ndim=2)
def GO_DELTA(
    my_rank: Any, opp_rank: Any, result: Any, game_no: Any,
    handicap_diff: Any = None, game_type: Any = None,
) -> Any:
    """Go points: my change for one game (100 at the regular handicap × my game-count multiplier); 0 when not rated."""
    return cellwise(
        _delta, my_rank, opp_rank, result, game_no, handicap_diff, game_type, required=3
    )


@udf(ja="囲碁: 2人の段級位の正規の手合割 (置石とコミ)。")
@arg("my_rank", "My rank code", ndim=2)
@arg("opp_rank", "Opponent's rank code", ndim=2)
def GO_HANDICAP(my_rank: Any, opp_rank: Any) -> Any:
    """Go: the regular handicap (stones and komi) for two ranks."""
    return cellwise(go.regular_handicap, my_rank, opp_rank)


@udf(ja="囲碁: 対局後のポイントで昇段・降段を判定した段級位コード (何段でも続けて)。")
@arg("rank", "Rank code before the game", ndim=2)
@arg("points", "Points after the game", ndim=2)
def GO_NEXT_RANK(rank: Any, points: Any) -> Any:
    """Go: the rank code after the border-zone check with the new points (repeats)."""
    return cellwise(go.next_rank, rank, points)


@udf(ja="囲碁: 段級位コードの日本語表示 (1d → 三段、17k → 15級)。")
@arg("rank", "Rank code, e.g. 1d", ndim=2)
def GO_RANK_LABEL(rank: Any) -> Any:
    """Go: the Japanese label of a rank code (1d → 三段, 17k → 15級)."""
    return cellwise(go.rank_label, rank)
