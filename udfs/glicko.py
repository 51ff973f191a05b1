"""Worksheet functions of Glicko: the expected score and one rating period.

A period's RDs are taken as they stand at its start: growing an RD for the periods a
player sat out (``MIN(SQRT(RD²+c²t), 350)``, :func:`rating_rules.glicko.glicko_rd_before`)
is the sheet's job, or ``rate``'s, which replays a whole log. No RD may be above 350,
the paper's bound (an unrated player's RD): a larger one is refused as a typing error.
An empty range is refused by GLICKO_EXPECTED, which answers cell by cell; to the period
functions it is a period without games.
"""

from __future__ import annotations

from typing import Any

from rating_rules import glicko

from ._excel import ArgStack, arg, arg_stack, cellwise, flat, udf


@udf(ja="グリコレーティングの期待勝率 1/(1+10^(−g(RD)×(自分−相手)/400))。相手の RD "
        "(レートの不確かさ、350 以下) が大きいほど 0.5 に近い。")
@arg("my_rating", "My rating", ndim=2)
@arg("opp_rating", "Opponent's rating", ndim=2)
@arg("opp_rd", "Opponent's rating deviation (RD), above 0, at most 350", ndim=2)
def GLICKO_EXPECTED(my_rating: Any, opp_rating: Any, opp_rd: Any) -> Any:
    """Glicko expected score 1/(1+10^(−g(RD)×(my−opp)/400)); nearer 0.5 the larger the opponent's RD (how unsure their rating is; at most 350)."""
    # a row without ratings stays blank, even beside an RD typed once for every row
    return cellwise(glicko.glicko_expected, my_rating, opp_rating, opp_rd, required=2)


PERIOD_ARGS: ArgStack = (
    ("my_rating", "My rating at the start of the period", {}),
    ("my_rd", "My RD at the start of the period (grown since my last rated period), at most "
     "350", {}),
    ("opp_ratings", "Opponents' ratings, one per game (a range; blank rows ignored)",
     {"ndim": 1}),
    ("opp_rds", "Opponents' RDs at the start of the period (grown likewise, at most 350), on "
     "the rows of opp_ratings", {"ndim": 1}),
    ("scores", "My scores on the rows of opp_ratings: 1, 0.5 or 0", {"ndim": 1}),
)
"""The arguments GLICKO_RATING and GLICKO_RD share: one period, as :func:`_period` takes it."""


def _period(my_rating: Any, my_rd: Any, opp_ratings: Any, opp_rds: Any,
            scores: Any) -> tuple[float, float]:
    return glicko.glicko_update(my_rating, my_rd, flat(opp_ratings), flat(opp_rds), flat(scores))


@udf(ja="グリコ 期間まとめ: 期間後のレート (丸めない)。RD はどれも期首の値: 先に "
        "MIN(SQRT(RD^2+1200*t),350) で増やす (t は最後に計算された期からの期数、前の期なら 1)。"
        "空いた行は数えない。")
@arg_stack(PERIOD_ARGS)
def GLICKO_RATING(my_rating: Any, my_rd: Any, opp_ratings: Any, opp_rds: Any,
                  scores: Any) -> Any:
    """Glicko period: my rating after the period, not rounded. Every RD is as at the period's start: first MIN(SQRT(RD^2+1200*t),350), t = periods since last rated (1 if rated in the period before). Blank rows are skipped."""
    return _period(my_rating, my_rd, opp_ratings, opp_rds, scores)[0]


@udf(ja="グリコ 期間まとめ: 期間後の RD (勝敗によらず小さくなる)。RD はどれも期首の値: 先に "
        "MIN(SQRT(RD^2+1200*t),350) で増やす (t は最後に計算された期からの期数、前の期なら 1)。"
        "空いた行は数えない。")
@arg_stack(PERIOD_ARGS)
def GLICKO_RD(my_rating: Any, my_rd: Any, opp_ratings: Any, opp_rds: Any, scores: Any) -> Any:
    """Glicko period: my RD after the period (it shrinks whatever the scores). Every RD is as at the period's start: first MIN(SQRT(RD^2+1200*t),350), t = periods since last rated (1 if rated in the period before). Blank rows are skipped."""
    return _period(my_rating, my_rd, opp_ratings, opp_rds, scores)[1]
