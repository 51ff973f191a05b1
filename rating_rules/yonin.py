"""Four-player shogi (四人将棋) "amateur rate" of the Japan Four-Player Shogi Federation.

RULES.md §5, seed 003. After each four-player game every player's rate becomes

    new = rate + placement pt + Σ knockout pt + upset pt + trouble pt

* placement pt (順位pt): 1st +35, 2nd +20, 3rd 0, 4th −10;
* knockout pt (撃破pt) to whoever mates a player, upset pt (下克上pt, ≤ 0) to the player
  mated, both from the pre-game rates, so the federation's order of calculation (1st
  place first) never changes the result;
* trouble pt: resigning or timing out while three or more players remain is a foul;
  the offender takes the worst upset pt against any remaining player plus −12, nobody
  gets knockout pt for it, and the other remaining players share +12. With two players
  left a resignation or time-out counts as being mated by the 1st place;
* floors: a result below 0 becomes 0, and a player with an official (公認) rank never
  drops below that rank's minimum rate.

A player's placement is the number of players left (them included) when they went out,
so a trouble exit at placement 3 or 4 is a foul and at placement 2 a plain loss.

Assumptions, all overridable through :class:`YoninPreset`:

* **[assumed, fits both worked examples]** the knockout/upset table (the seed's images
  were lost): knocker rated ≥ victim → +3 / 0; otherwise by the gap g = victim − knocker,
  g < 100 → +5/−2, < 200 → +8/−4, < 400 → +12/−6, < 600 → +16/−8, ≥ 600 → +20/−10.
* **[assumed]** no rounding: every pt is a whole number with the default table, and the
  +12 split (6 or 4 each) is exact; a local rule with an uneven split keeps the fraction.
* **[assumed]** 十級's minimum (for a 十級 official floor) is 0, the general floor.
* **[assumed]** in :func:`replay_yonin` a player missing from ``initial`` starts at the
  new-member rate, or the non-member rate if ``members`` marks them as non-members.
* **[assumed]** 102式 and 単勝式 scores are 1 (win), 0.5 (draw), 0 (loss), the engine's
  result convention, so a column of them sums to a win count.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import permutations
from typing import cast

from .common import Player, ReplayResult, System, check_number, check_whole, has_size
from .errors import RatingInputError

Floor = float | str | None
Knocker = int | str | None


@dataclass(frozen=True)
class YoninPreset:
    """Every table and constant of the amateur rate; replace any for a local rule."""

    placement_pt: tuple[float, float, float, float] = (35, 20, 0, -10)
    """順位pt for 1st, 2nd, 3rd, 4th."""
    knock_same_or_higher: tuple[int, int] = (3, 0)
    """(knockout pt, upset pt) when the knocker is rated at or above the victim."""
    knock_bands: tuple[tuple[float, int, int], ...] = (
        (100, 5, -2), (200, 8, -4), (400, 12, -6), (600, 16, -8),
    )
    """Rows (gap below, knockout pt, upset pt) for gap = victim − knocker > 0, ascending."""
    knock_top: tuple[int, int] = (20, -10)
    """(knockout pt, upset pt) for a gap beyond the last band."""
    trouble_offender: float = -12
    """Trouble pt of a player who resigns or times out with three or more left."""
    trouble_pot: float = 12
    """Trouble pt the other remaining players share equally after such a foul."""
    rate_floor: float = 0
    """No game result goes below this."""
    ranks: tuple[tuple[str, float], ...] = (
        ("五段", 5000), ("四段", 4500), ("三段", 4000), ("二段", 3500), ("初段", 2000),
        ("一級", 1800), ("二級", 1600), ("三級", 1400), ("四級", 1200), ("五級", 1000),
        ("六級", 800), ("七級", 600), ("八級", 400), ("九級", 200), ("十級", 0),
    )
    """(label, minimum rate), highest first; the last label also covers anything lower."""
    start_member: float = 0
    """Rate of a new member."""
    start_non_member: float = 500
    """Rate of the shared non-member entry."""
    start_cpu: tuple[float, float, float] = (800, 600, 200)
    """Rates of CPU levels 1, 2, 3."""
    score_a: tuple[float, float, float, float] = (2, 1, 0, -1)
    """Tournament A rule points by place (plus ``score_knockout`` per knockout)."""
    score_b: tuple[float, float, float, float] = (3, 1, 0, 0)
    """Tournament B rule points by place (plus ``score_knockout`` per knockout)."""
    score_knockout: float = 1
    """A and B rule points per knockout."""
    score_102: tuple[float, float, float, float] = (1, 0.5, 0, 0)
    """102式: 1st a win, 2nd a draw, 3rd/4th a loss."""
    score_tansho: tuple[float, float, float, float] = (1, 0, 0, 0)
    """単勝式: 1st a win, everyone else a loss."""


YONIN = YoninPreset()

TROUBLE = "T"
"""``knocked_by`` marker for a resignation or time-out (投了・時間切れ)."""
_FOUL = -2  # internal knocker code of a trouble exit with three or more left
_PERMS = frozenset(permutations((1, 2, 3, 4)))
_KANJI = "一二三四五六七八九十"
_ARABIC_RANK = re.compile(r"^(\d+)(級|段)$")


@dataclass(frozen=True)
class GameOutcome:
    """One seat's result of :func:`rate_game`."""

    rate: float
    """New rate after the floors."""
    raw_rate: float
    """New rate before the floors (the seed's ``R1995`` before ``=R2000``)."""
    change: float
    """``rate`` minus the pre-game rate."""
    placement_pt: float
    """順位pt."""
    knockout_pt: int
    """Σ 撃破pt for the players this seat mated."""
    upset_pt: int
    """下克上pt (≤ 0) for being mated, or the worst one against those left after a foul."""
    trouble_pt: float
    """−12 for a foul, or this seat's share of another player's foul."""
    rank: str
    """Rank label of the new rate (the rate-based one, even for official ranks)."""


def _knock(knocker: float, victim: float, preset: YoninPreset) -> tuple[int, int]:
    gap = victim - knocker
    if gap <= 0:
        return preset.knock_same_or_higher
    for below, ko, up in preset.knock_bands:
        if gap < below:
            return ko, up
    return preset.knock_top


def ko_pt(knocker_rate: float, victim_rate: float, preset: YoninPreset = YONIN) -> int:
    """撃破pt of mating a player, from both pre-game rates.

    >>> ko_pt(1370, 2005), ko_pt(1720, 480)
    (20, 3)
    """
    knocker = check_number("knocker_rate", knocker_rate)
    return _knock(knocker, check_number("victim_rate", victim_rate), preset)[0]


def upset_pt(victim_rate: float, knocker_rate: float, preset: YoninPreset = YONIN) -> int:
    """下克上pt (≤ 0) of being mated, from both pre-game rates.

    >>> upset_pt(2005, 1370), upset_pt(480, 1720)
    (-10, 0)
    """
    victim = check_number("victim_rate", victim_rate)
    return _knock(check_number("knocker_rate", knocker_rate), victim, preset)[1]


def _rank_key(label: str) -> str:
    text = unicodedata.normalize("NFKC", label).strip()
    m = _ARABIC_RANK.match(text)
    if m and 1 <= int(m.group(1)) <= len(_KANJI):
        text = _KANJI[int(m.group(1)) - 1] + m.group(2)
    return "初段" if text == "一段" else text


def rank_label(rate: float, preset: YoninPreset = YONIN) -> str:
    """Rank label (段級位) of a rate.

    >>> rank_label(1999), rank_label(2000), rank_label(199)
    ('一級', '初段', '十級')
    """
    r = check_number("rate", rate)
    for label, minimum in preset.ranks:
        if r >= minimum:
            return label
    return preset.ranks[-1][0]


def rank_minimum(label: str, preset: YoninPreset = YONIN) -> float:
    """Minimum rate of a rank label; ``1級``/``１級`` mean ``一級`` and ``1段`` ``初段``."""
    if isinstance(label, str):
        key = _rank_key(label)
        for name, minimum in preset.ranks:
            if name == key:
                return float(minimum)
    raise RatingInputError("label", label, "is not a rank label (初段, 一級 … 十級)")


def _blank(value: object) -> bool:
    return value is None or value == ""


def _floor_value(name: str, floor: object, preset: YoninPreset) -> float:
    """The lowest result allowed: the general floor, or an official rank's minimum."""
    if _blank(floor):
        return float(preset.rate_floor)
    if isinstance(floor, str):
        try:
            minimum = rank_minimum(floor, preset)
        except RatingInputError:
            raise RatingInputError(name, floor, "is not a rank label or a number") from None
    else:
        minimum = check_number(name, floor)
    return max(minimum, float(preset.rate_floor))


def _check_placement(name: str, placement: object) -> int:
    p = check_whole(name, placement, minimum=1)
    if p > 4:
        raise RatingInputError(name, placement, "must be 1, 2, 3 or 4")
    return p


def rate_update(
    rate: float,
    placement: int,
    victim_rates: Sequence[float | None] = (),
    knocked_by_rate: float | Sequence[float | None] | None = None,
    trouble_pt: float = 0,
    floor: Floor = None,
    preset: YoninPreset = YONIN,
) -> float:
    """One player's new rate.

    ``victim_rates`` are the rates of the players they mated (blanks ignored) and
    ``knocked_by_rate`` the rate of who mated them (None for the winner, or for a
    non-member's foul). For a foul pass the rates of every remaining player: the worst
    upset pt among them is taken; add the −12 through ``trouble_pt``. ``floor`` is a
    minimum rate or an official rank label such as ``"初段"``.

    >>> rate_update(2005, 3, knocked_by_rate=1370, floor="初段")
    2000.0
    """
    r = check_number("rate", rate)
    p = _check_placement("placement", placement)
    if isinstance(victim_rates, str):
        raise RatingInputError("victim_rates", victim_rates, "must be a list of rates")
    victims = [check_number(f"victim_rates[{i}]", v)
               for i, v in enumerate(victim_rates, 1) if not _blank(v)]
    if len(victims) > 4 - p:
        raise RatingInputError("victim_rates", victim_rates,
                               "lists more players than placement {place} can have mated",
                               place=p)
    total = r + preset.placement_pt[p - 1] + check_number("trouble_pt", trouble_pt)
    total += sum(_knock(r, v, preset)[0] for v in victims)
    if isinstance(knocked_by_rate, Sequence) and not isinstance(knocked_by_rate, str):
        knockers = [check_number(f"knocked_by_rate[{i}]", k)
                    for i, k in enumerate(knocked_by_rate, 1) if not _blank(k)]
    elif _blank(knocked_by_rate):
        knockers = []
    else:
        knockers = [check_number("knocked_by_rate", knocked_by_rate)]
    if knockers and p == 1:
        raise RatingInputError("knocked_by_rate", knocked_by_rate, "is given for the 1st place")
    if knockers:
        total += min(_knock(k, r, preset)[1] for k in knockers)
    return max(total, _floor_value("floor", floor, preset))


def _where(game: int) -> str:
    return f"games[{game}]." if game else ""


def _check_game(
    places: Sequence[object], knocked_by: Sequence[object], game: int = 0,
) -> tuple[tuple[int, ...], list[int]]:
    """Validate one game; return placements and 0-based knocker seats (-1 winner, _FOUL).

    ``game`` numbers the game of a replay (for the messages); 0 outside a replay.
    """
    if type(places) is tuple:
        pl: tuple[object, ...] = places
    else:
        pl = tuple(places) if isinstance(places, Sequence) else ()
    if pl in _PERMS and all(type(x) is int for x in pl):
        ranks = cast(tuple[int, ...], pl)
    elif pl in _PERMS and not any(isinstance(x, bool) for x in pl):
        ranks = tuple(int(cast(float, x)) for x in pl)  # 1.0, 2.0 ... from a spreadsheet
    else:
        raise RatingInputError(f"{_where(game)}placements", places,
                               "must be 1, 2, 3, 4 in some order")
    if isinstance(knocked_by, str) or len(knocked_by) != 4:
        raise RatingInputError(f"{_where(game)}knocked_by", knocked_by, "must list four seats")
    knockers = []
    for seat, (p, k) in enumerate(zip(ranks, knocked_by, strict=True), 1):
        if k is None and p == 1:  # the common cases first, no message built
            knockers.append(-1)
            continue
        if k == TROUBLE and p > 1:
            knockers.append(_FOUL if p >= 3 else ranks.index(1))
            continue
        if type(k) is int and 0 < k < 5 and k != seat and ranks[k - 1] < p:
            knockers.append(k - 1)
            continue
        name = f"{_where(game)}knocked_by[{seat}]"
        if _blank(k):
            if p != 1:
                raise RatingInputError(name, k, "is blank but placement {place} was mated or "
                                       "resigned", place=p)
            knockers.append(-1)
        elif p == 1:
            raise RatingInputError(name, k, "is given for the 1st place, who is never out")
        elif k == TROUBLE or k == "t":
            knockers.append(_FOUL if p >= 3 else ranks.index(1))
        else:
            if isinstance(k, bool) or not isinstance(k, (int, float)) or k not in (1, 2, 3, 4):
                raise RatingInputError(name, k, "must be a seat 1-4, 'T' or blank")
            by = int(k)
            if by == seat:
                raise RatingInputError(name, k, "is the player's own seat")
            if ranks[by - 1] > p:
                raise RatingInputError(name, k, "was already out (placement {place})",
                                       place=ranks[by - 1])
            knockers.append(by - 1)
    return ranks, knockers


def _points(
    rates: Sequence[float], places: Sequence[int], knockers: Sequence[int],
    members: Sequence[bool], preset: YoninPreset,
) -> tuple[list[int], list[int], list[float]]:
    """Knockout, upset and trouble pt per seat, in the federation's order (1st first)."""
    ko, up, tr = [0] * 4, [0] * 4, [0.0] * 4
    for v in sorted(range(4), key=places.__getitem__):
        k = knockers[v]
        if k >= 0:
            gain, loss = _knock(rates[k], rates[v], preset)
            ko[k] += gain
            up[v] += loss
        elif k == _FOUL:
            others = [s for s in range(4) if places[s] < places[v]]
            if members[v]:
                up[v] += min(_knock(rates[s], rates[v], preset)[1] for s in others)
            tr[v] += preset.trouble_offender
            share = preset.trouble_pot / len(others)
            for s in others:
                tr[s] += share
    return ko, up, tr


def _four(name: str, values: object) -> Sequence[object]:
    if isinstance(values, (str, bytes)) or not isinstance(values, Sequence) or len(values) != 4:
        raise RatingInputError(name, values, "must list four seats")
    return values


def rate_game(
    rates: Sequence[float],
    placements: Sequence[int],
    knocked_by: Sequence[Knocker],
    floors: Sequence[Floor] | None = None,
    members: Sequence[bool] | None = None,
    preset: YoninPreset = YONIN,
) -> tuple[GameOutcome, ...]:
    """Rate one four-player game, seat by seat.

    ``knocked_by[i]`` is the seat (1-4) of who mated seat i+1, None for the winner, or
    ``"T"`` for a resignation/time-out. The seed's example (C official 初段):

    >>> [o.rate for o in rate_game([1720, 1370, 2005, 480], [1, 2, 3, 4],
    ...                            [None, 1, 2, 1], floors=[None, None, "初段", None])]
    [1761.0, 1410.0, 2000.0, 470.0]
    """
    r = [check_number(f"rates[{i}]", v) for i, v in enumerate(_four("rates", rates), 1)]
    pl, knockers = _check_game(placements, _four("knocked_by", knocked_by))
    fl = [_floor_value(f"floors[{i}]", f, preset)
          for i, f in enumerate(_four("floors", floors) if floors is not None else [None] * 4, 1)]
    mem = list(_four("members", members)) if members is not None else [True] * 4
    for i, m in enumerate(mem, 1):
        if not isinstance(m, bool):
            raise RatingInputError(f"members[{i}]", m, "must be True or False")
    ko, up, tr = _points(r, pl, knockers, [bool(m) for m in mem], preset)
    out = []
    for s in range(4):
        place_pt = preset.placement_pt[pl[s] - 1]
        raw = r[s] + place_pt + ko[s] + up[s] + tr[s]
        new = max(raw, fl[s])
        out.append(GameOutcome(new, raw, new - r[s], place_pt, ko[s], up[s], tr[s],
                               rank_label(new, preset)))
    return tuple(out)


def start_rate(kind: str, preset: YoninPreset = YONIN) -> float:
    """Starting rate: ``"member"``, ``"non_member"``, ``"cpu1"``, ``"cpu2"`` or ``"cpu3"``."""
    key = kind.strip().lower().replace("-", "_").replace(" ", "_") if isinstance(kind, str) else ""
    table = {"member": preset.start_member, "non_member": preset.start_non_member,
             "cpu1": preset.start_cpu[0], "cpu2": preset.start_cpu[1],
             "cpu3": preset.start_cpu[2]}
    value = table.get(key.replace("cpu_", "cpu"))
    if value is None:
        raise RatingInputError("kind", kind, "must be one of {known}", known=", ".join(table))
    return float(value)


_RULES = {"a": "a", "b": "b", "102": "102", "102式": "102", "単勝": "tansho",
          "単勝式": "tansho", "tansho": "tansho"}


def tournament_score(
    placement: int, knockouts: int = 0, rule: str = "A", preset: YoninPreset = YONIN,
) -> float:
    """Tournament points (not the rate) of one game.

    ``"A"``: 2/1/0/−1 by place + 1 per knockout; ``"B"``: 3/1/0/0 + 1 per knockout;
    ``"102"`` (102式) and ``"単勝"`` (単勝式): 1 win, 0.5 draw, 0 loss, knockouts ignored.

    >>> tournament_score(1, 2, "A"), tournament_score(2, 1, "B"), tournament_score(2, 0, "102")
    (4, 2, 0.5)
    """
    p = _check_placement("placement", placement)
    ko = check_whole("knockouts", knockouts, minimum=0)
    if ko > 4 - p:
        raise RatingInputError("knockouts", knockouts, "is more than placement {place} can have",
                               place=p)
    key = _RULES.get(str(rule).strip().lower()) if isinstance(rule, (str, int)) else None
    if key == "a":
        return preset.score_a[p - 1] + preset.score_knockout * ko
    if key == "b":
        return preset.score_b[p - 1] + preset.score_knockout * ko
    if key == "102":
        return preset.score_102[p - 1]
    if key == "tansho":
        return preset.score_tansho[p - 1]
    raise RatingInputError("rule", rule, "must be 'A', 'B', '102' or '単勝'")


def replay_yonin(
    games: Iterable[tuple[Sequence[Player], Sequence[int], Sequence[Knocker]]],
    initial: float | Mapping[Player, float] | None = None,
    floors: Mapping[Player, Floor] | None = None,
    members: Mapping[Player, bool] | None = None,
    preset: YoninPreset = YONIN,
) -> ReplayResult:
    """Replay ``(players, places, knocked_by)`` games in play order.

    ``initial`` is one starting rate for everyone or a mapping player → rate; ``floors``
    maps players to their official rank; ``members`` marks non-members with False.
    """
    ratings: dict[Player, float] = {}
    played: dict[Player, int] = {}
    changes: list[tuple[float, ...]] = []
    table = initial if isinstance(initial, Mapping) else {}
    default = None if initial is None or isinstance(initial, Mapping) else initial
    floor_of: dict[Player, float] = {}
    member_of = members or {}
    floor_table = floors or {}
    place_pt = preset.placement_pt
    for n, game in enumerate(games, 1):
        if not has_size(game, 3, 3):
            raise RatingInputError(f"games[{n}]", game, "must be (players, places, knocked_by)")
        players, places, knocked_by = game
        if not has_size(players, 4, 4) or len(set(players)) != 4:
            raise RatingInputError(f"games[{n}].players", players,
                                   "must be four different players")
        pl, knockers = _check_game(places, knocked_by, n)
        pre = []
        for p in players:
            r = ratings.get(p)
            if r is None:
                mem = member_of.get(p, True)
                start = default if default is not None else table.get(
                    p, preset.start_member if mem else preset.start_non_member)
                r = ratings[p] = check_number(f"initial[{p!r}]", start)
                floor_of[p] = _floor_value(f"floors[{p!r}]", floor_table.get(p), preset)
            pre.append(r)
        mems = [member_of.get(p, True) for p in players] if member_of else [True] * 4
        ko, up, tr = _points(pre, pl, knockers, mems, preset)
        delta = []
        for s, p in enumerate(players):
            new = pre[s] + place_pt[pl[s] - 1] + ko[s] + up[s] + tr[s]
            floor = floor_of[p]
            if new < floor:
                new = floor
            ratings[p] = new
            played[p] = played.get(p, 0) + 1
            delta.append(new - pre[s])
        changes.append(tuple(delta))
    ranks = {p: rank_label(r, preset) for p, r in ratings.items()}
    return ReplayResult(ratings, changes, played, ranks)


RATING_SYSTEMS = (
    System("yonin", "four-player shogi rate: (players, places, knocked_by)",
           replay_yonin, {"default": YONIN}, seats=4,
           functions=("YONIN_KO_PT", "YONIN_UPSET_PT", "YONIN_UPDATE", "YONIN_GAME",
                      "YONIN_RANK", "YONIN_SCORE"),
           position=5),
)
"""The rating system(s) this module declares; :data:`rating_rules.SYSTEMS` collects them."""
