"""Go server dan/kyu points (RULES.md §4, seed 001, Pandanet-style).

Every player holds points; the rank follows from them through a *border zone*: each rank
has a promotion figure and a lower demotion figure, a player is promoted when the points
go above the first and demoted when they go below the second, and the check repeats, so
one large change can move several ranks. Ranks go 10d, 9d+, 9d … 1d, 1k+, 1k … 17k, then
the beginners' class BC; a "+" rank is half a rank above its plain rank.

A rated game at the regular handicap moves 100 points (winner +, loser −); any other
handicap leaves a residual rank difference that sets an uneven exchange (92/108 …
64/136, unrated from 3.5). Each player's change is the exchange times their own
multiplier by game number. Forfeits move ±50; a game against a provisional (仮) or BC
opponent gives +50 for a win and nothing for a loss.

Choices the seed leaves open, all fields of :class:`GoPreset`:

- **[assumed]** games 1–20 ("special calculation") use ×2.0; ``game_no=None`` means an
  established player (×1.0).
- **[assumed]** changes are not rounded: 92 × 1.2 = 110.4 points. Multipliers are kept
  as percentages so ``exchange × percent / 100`` is exact wherever a float can be.
- **[assumed]** ``handicap_diff`` is the rank difference the played handicap stands for
  (0–9, half steps), always given by the stronger-ranked player to the weaker one, as
  in the seed's table. Between equal ranks nobody is the stronger, so a game there
  with a non-zero handicap cannot be settled and is unrated.
- **[assumed]** beyond 9 ranks the regular handicap is capped at 9 stones with 5.5
  reverse komi; it then leaves a residual and the players are > 3 ranks apart, so such
  games are unrated.
- **[assumed]** start points are the middle of the declared rank's demotion–promotion
  band; 10d (no promotion figure) starts half the 9d+ band width above its demotion
  figure.
- **[assumed]** BC is not on the points ladder: a BC player has 0 points and no rating
  changes, leaves BC after 5 wins (in rated or vs-provisional games, not forfeits) and
  enters at 17k with 17k's start points, provisional again. 17k never demotes into BC.
  For rank differences BC counts one rank below 17k.
- **[assumed]** in :func:`replay_go`, everyone starts provisional (0 rated games) at the
  start points of ``initial`` (default 1k); an established player's game against a
  provisional or BC opponent is a vs-provisional game, but a provisional player's game
  is always rated for them except against BC (else a club that starts from scratch
  would never rate anyone).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from itertools import pairwise

from .common import (
    LogField,
    Player,
    ReplayResult,
    System,
    check_number,
    check_result,
    check_whole,
    has_size,
)
from .errors import RatingInputError

# --- ranks -------------------------------------------------------------------------------

_KANJI = "初二三四五六七八九十"


def _build_ranks() -> tuple[tuple[str, float, str], ...]:
    """Every rank, strongest first, as (code, value in rank units, Japanese label)."""
    ranks: list[tuple[str, float, str]] = []
    for n in range(10, 0, -1):
        for plus in ((0,) if n == 10 else (1, 0)):
            if n >= 8:  # 8d = 十段, then one ★ per half rank up to 10d = 十段★★★★
                label = "十段" + "★" * (2 * (n - 8) + plus)
            else:
                label = _KANJI[n + 1] + "段" + "★" * plus
            ranks.append((f"{n}d" + "+" * plus, n + plus / 2, label))
    for n in range(1, 18):
        base = {1: "二段", 2: "初段"}.get(n, f"{n - 2}級")
        for plus in (1, 0):
            ranks.append((f"{n}k" + "+" * plus, 1 - n + plus / 2, base + "★" * plus))
    ranks.append(("BC", -17.0, "ビギナーズクラス"))  # [assumed] one rank below 17k
    return tuple(ranks)


_RANKS = _build_ranks()
_VALUE = {code: value for code, value, _ in _RANKS}
_LABEL = {code: label for code, _, label in _RANKS}
_LOOKUP = {code.lower(): code for code, _, _ in _RANKS} | {
    label: code for code, _, label in _RANKS
}
_LOOKUP["ビギナーズ"] = "BC"


@dataclass(frozen=True)
class GoRank:
    """One rank of the ladder, by its code ("1d+", "3k", "BC").

    >>> r = GoRank.parse(" 1D+ ")
    >>> r.code, r.label, r.value
    ('1d+', '三段★', 1.5)
    >>> GoRank.parse("1級").code, GoRank.parse("1d").value - GoRank.parse("1k").value
    ('3k', 1.0)
    """

    code: str
    """Canonical code: lower-case ``d``/``k`` with an optional ``+``, or ``BC``."""

    def __post_init__(self) -> None:
        if self.code not in _VALUE:
            raise RatingInputError("rank", self.code, "is not a Go rank code")

    @classmethod
    def parse(cls, text: object, field: str = "rank") -> GoRank:
        """Read a code (any case, spaces around) or a Japanese label such as 三段★ or 1級."""
        if isinstance(text, GoRank):
            return text
        if isinstance(text, str):
            key = unicodedata.normalize("NFKC", text).strip()
            code = _LOOKUP.get(key.lower()) or _LOOKUP.get(key)
            if code is not None:
                return cls(code)
        raise RatingInputError(
            field, text, "is not a Go rank (codes like 1d+, 3k, BC; labels like 三段★, 1級)"
        )

    @property
    def label(self) -> str:
        """The server's Japanese label (offset from the code: 1d = 三段)."""
        return _LABEL[self.code]

    @property
    def value(self) -> float:
        """Position in rank units (1d = 1, 1k = 0, 2k = −1, "+" adds 0.5), for subtraction."""
        return _VALUE[self.code]

    @property
    def is_bc(self) -> bool:
        """True for the beginners' class, which sits below the points ladder."""
        return self.code == "BC"

    def __str__(self) -> str:
        return self.code


def rank_label(rank: str | GoRank, provisional: bool = False) -> str:
    """Japanese label of a rank; ``provisional`` adds the 仮 mark shown until 20 rated games.

    >>> rank_label("1d"), rank_label("17k"), rank_label("10d"), rank_label("2k", True)
    ('三段', '15級', '十段★★★★', '初段仮')
    """
    return GoRank.parse(rank).label + ("仮" if provisional else "")


def rank_difference(my_rank: str | GoRank, opp_rank: str | GoRank) -> float:
    """段位差 ``my − opp`` in rank units (half steps).

    >>> rank_difference("1d+", "1d"), rank_difference("1k", "2k"), rank_difference("2k", "1d")
    (0.5, 1.0, -2.0)
    """
    return GoRank.parse(my_rank, "my_rank").value - GoRank.parse(opp_rank, "opp_rank").value


# --- the preset -----------------------------------------------------------------------------

_Table = tuple[tuple[str, float | None, float | None], ...]

# Seed 001, 昇段・昇級と降段・降級のポイント: (code, promotion above, demotion below).
SEED_TABLE: _Table = (
    ("10d", None, 62700), ("9d+", 63700, 59900), ("9d", 60800, 57100),
    ("8d+", 58000, 54400), ("8d", 55300, 51900), ("7d+", 52700, 49400),
    ("7d", 50200, 47000), ("6d+", 47800, 44800), ("6d", 45500, 42600),
    ("5d+", 43300, 40500), ("5d", 41200, 38600), ("4d+", 39200, 36700),
    ("4d", 37300, 34900), ("3d+", 35500, 33300), ("3d", 33800, 31700),
    ("2d+", 32200, 30200), ("2d", 30700, 28900), ("1d+", 29300, 27600),
    ("1d", 28000, 26400), ("1k+", 26800, 25400), ("1k", 25700, 24400),
    ("2k+", 24700, 23500), ("2k", 23800, 22800), ("3k+", 23000, 22100),
    ("3k", 22300, 21400), ("4k+", 21600, 20700), ("4k", 20900, 20000),
    ("5k+", 20200, 19300), ("5k", 19500, 18600), ("6k+", 18800, 17900),
    ("6k", 18100, 17200), ("7k+", 17400, 16500), ("7k", 16700, 15800),
    ("8k+", 16000, 15200), ("8k", 15400, 14600), ("9k+", 14800, 14000),
    ("9k", 14200, 13400), ("10k+", 13600, 12800), ("10k", 13000, 12200),
    ("11k+", 12400, 11600), ("11k", 11800, 11000), ("12k+", 11200, 10400),
    ("12k", 10600, 9800), ("13k+", 10000, 9300), ("13k", 9500, 8800),
    ("14k+", 9000, 8300), ("14k", 8500, 7800), ("15k+", 8000, 7300),
    ("15k", 7500, 6800), ("16k+", 7000, 6300), ("16k", 6500, 5800),
    ("17k+", 6000, 5300), ("17k", 5500, 4900),
)  # fmt: skip

GAME_TYPES = ("rated", "unrated", "forfeit", "provisional")


@dataclass(frozen=True)
class GoPreset:
    """Every table and constant of the Go points rule; replace any for a local rule."""

    table: _Table = SEED_TABLE
    """Points ladder, strongest first: (code, promotion figure, demotion figure)."""
    regular_points: float = 100.0
    """Exchange of a game at the regular handicap."""
    exchange_table: tuple[tuple[float, float, float], ...] = (
        (0.0, 100.0, 100.0), (0.5, 92.0, 108.0), (1.0, 84.0, 116.0), (1.5, 78.0, 122.0),
        (2.0, 72.0, 128.0), (2.5, 68.0, 132.0), (3.0, 64.0, 136.0),
    )  # fmt: skip
    """(|residual|, favoured side wins, other side wins); a residual not listed is unrated."""
    max_gap_off_regular: float = 3.0
    """Players further apart than this are unrated unless at the regular handicap."""
    max_handicap: float = 9.0
    """Largest handicap, as a rank difference (0 or more): 9 stones, upper gives 5.5 komi."""
    multiplier_percent: tuple[tuple[int, float], ...] = ((20, 200.0), (50, 150.0), (100, 120.0))
    """(up to game number, percent); games 1–20 at 200% are **[assumed]**."""
    established_percent: float = 100.0
    """Percent after the last step and for ``game_no=None``."""
    forfeit_points: float = 50.0
    provisional_win_points: float = 50.0
    """Won against a provisional or BC opponent (nothing for a loss)."""
    bc_no_bonus_from: str = "9k+"
    """Players at this rank or stronger get no bonus for beating BC (7級★以上)."""
    provisional_games: int = 20
    """Rated games until the 仮 mark goes."""
    bc_wins_to_leave: int = 5
    bc_exit_rank: str = "17k"
    """Rank a player leaves BC into **[assumed]**."""
    default_rank: str = "1k"
    """Declared rank of a replayed player ``initial`` does not name **[assumed]**."""
    even_komi: float = 6.5
    half_komi: float = 0.5
    reverse_komi: float = 5.5

    _index: dict[str, int] = field(init=False, repr=False, compare=False)
    _values: tuple[float, ...] = field(init=False, repr=False, compare=False)
    _exchange: dict[float, tuple[float, float]] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        codes = [GoRank.parse(row[0], "preset.table").code for row in self.table]
        values = [_VALUE[c] for c in codes]
        if "BC" in codes or any(a <= b for a, b in pairwise(values)):
            raise RatingInputError("preset.table", codes, "must list ladder ranks strongest first")
        for (_, _, down1), (code, up2, _) in pairwise(self.table):
            # A promoted player must not be demoted straight back, or settling never ends.
            if up2 is None or (down1 is not None and down1 > up2):
                raise RatingInputError("preset.table", code, "overlaps the rank above")
        for name in ("bc_no_bonus_from", "bc_exit_rank", "default_rank"):
            GoRank.parse(getattr(self, name), f"preset.{name}")
        if not self.max_handicap >= 0:
            raise RatingInputError("preset.max_handicap", self.max_handicap, "must be 0 or more")
        if GoRank.parse(self.bc_exit_rank).code not in codes:
            raise RatingInputError("preset.bc_exit_rank", self.bc_exit_rank, "is not in the table")
        object.__setattr__(self, "_index", {c: i for i, c in enumerate(codes)})
        object.__setattr__(self, "_values", (*values, _VALUE["BC"]))
        exchange = {r: (fav, other) for r, fav, other in self.exchange_table}
        object.__setattr__(self, "_exchange", exchange)


GO = GoPreset()

# --- points and ranks ------------------------------------------------------------------------


def band(rank: str | GoRank, preset: GoPreset = GO) -> tuple[float | None, float | None]:
    """(promotion figure, demotion figure) of a rank; None where there is none (10d, BC).

    >>> band("1k"), band("10d")
    ((25700, 24400), (None, 62700))
    """
    code = GoRank.parse(rank).code
    if code not in preset._index:
        return (None, None)
    _, up, down = preset.table[preset._index[code]]
    return (up, down)


def start_points(rank: str | GoRank, preset: GoPreset = GO) -> float:
    """Points a newcomer starts with: the middle of the declared rank's band **[assumed]**.

    10d has no promotion figure: it starts half the 9d+ band width above its demotion
    figure. BC is off the ladder and starts at 0.

    >>> start_points("1k"), start_points("10d"), start_points("BC")
    (25050.0, 64600.0, 0.0)
    """
    code = GoRank.parse(rank).code
    if code not in preset._index:
        return 0.0
    i = preset._index[code]
    _, up, down = preset.table[i]
    if up is not None and down is not None:
        return (up + down) / 2
    if down is not None and i + 1 < len(preset.table):  # top of the ladder
        _, up2, down2 = preset.table[i + 1]
        if up2 is not None and down2 is not None:
            return down + (up2 - down2) / 2
    raise RatingInputError("rank", code, "has no band to start in")


def _settle(i: int, points: float, table: _Table) -> int:
    """Index after the border-zone check, repeated; the ends of the ladder stop it."""
    last = len(table) - 1
    while True:
        _, up, down = table[i]
        if up is not None and points > up and i > 0:
            i -= 1
        elif down is not None and points < down and i < last:
            i += 1
        else:
            return i


def next_rank(rank: str | GoRank, points: float, preset: GoPreset = GO) -> str:
    """Rank code after the border-zone check with these points; BC stays BC.

    >>> next_rank("1k", 25701), next_rank("1k", 24399), next_rank("1k", 25700)
    ('1k+', '2k+', '1k')
    """
    code = GoRank.parse(rank).code
    pts = check_number("points", points)
    if code not in preset._index:
        return code
    return preset.table[_settle(preset._index[code], pts, preset.table)][0]


# --- handicap and exchange -------------------------------------------------------------------


def komi_words(x: float, lang: str) -> str:
    """6.5 → "6目半", 0.5 → "半目" (English: plain numbers): komi as a handicap's
    wording writes it."""
    if lang == "en":
        return f"{x:g}"
    whole = int(x)
    half = "半" if x - whole == 0.5 else ""
    return f"{half}目" if whole == 0 else f"{whole}目{half}"


def regular_handicap(
    my_rank: str | GoRank, opp_rank: str | GoRank, lang: str = "ja", preset: GoPreset = GO
) -> str:
    """The regular handicap (正規の手合割) for two ranks, in the seed's wording or English.

    Beyond ``preset.max_handicap`` (9) the handicap stays at 9 stones **[assumed]**.

    >>> regular_handicap("1d", "1d"), regular_handicap("1d", "2k")
    ('置石なし、黒番6目半コミ出し', '置石2子、上手5目半コミ出し')
    >>> regular_handicap("1k", "1d+", lang="en")
    '2 stones, weaker gives 0.5 komi'
    """
    if lang not in ("ja", "en"):
        raise RatingInputError("lang", lang, 'must be "ja" or "en"')
    d = min(abs(rank_difference(my_rank, opp_rank)), preset.max_handicap)
    steps = round(d * 2)
    en = lang == "en"
    if steps == 0:
        even = komi_words(preset.even_komi, lang)
        return f"Even, black gives {even} komi" if en else f"置石なし、黒番{even}コミ出し"
    stones = (steps + 1) // 2
    if en:
        head = "Even, weaker takes black" if stones < 2 else f"{stones} stones"
        who, komi = ("weaker", preset.half_komi) if steps % 2 else ("stronger", preset.reverse_komi)
        return f"{head}, {who} gives {komi:g} komi"
    head = "置石なし" if stones < 2 else f"置石{stones}子"
    who, k = ("下手", preset.half_komi) if steps % 2 else ("上手", preset.reverse_komi)
    return f"{head}、{who}{komi_words(k, 'ja')}コミ出し"


def _check_handicap(value: object, preset: GoPreset) -> float | None:
    if value is None:
        return None
    h = check_number("handicap_diff", value)
    if h * 2 != int(h * 2) or not 0 <= h <= preset.max_handicap:
        raise RatingInputError(
            "handicap_diff", value, "must be a multiple of 0.5 from 0 to {most:g}",
            most=preset.max_handicap,
        )
    return h


def _residual(rank_diff: float, h: float | None, preset: GoPreset) -> float | None:
    """Stronger side's residual advantage; None when the game is unrated by the gap."""
    gap = abs(rank_diff)
    if h is None:
        h = min(gap, preset.max_handicap)
    if h != gap and (gap > preset.max_gap_off_regular or gap == 0):
        return None  # too far apart, or equal ranks where nobody is known to have given it
    return gap - h


def exchange(
    rank_diff: float, handicap_diff: float | None = None, preset: GoPreset = GO
) -> tuple[float, float] | None:
    """Points that change hands: (if the favoured side wins, if the other side wins).

    ``handicap_diff`` is what the played handicap stands for (None: the regular one) and
    is given by the stronger-ranked player. The *favoured side* is the stronger-ranked
    player when ``|rank_diff| > handicap_diff`` (under-compensated) and the weaker one
    when ``|rank_diff| < handicap_diff`` (over-compensated). None means unrated (also
    for a handicap between equal ranks, where nobody is the stronger).

    >>> exchange(2, None), exchange(2, 1.5), exchange(1, 2.5), exchange(1, 4.5)
    ((100.0, 100.0), (92.0, 108.0), (78.0, 122.0), None)
    """
    rd = check_number("rank_diff", rank_diff)
    if rd * 2 != int(rd * 2):
        raise RatingInputError("rank_diff", rank_diff, "must be a multiple of 0.5")
    r = _residual(rd, _check_handicap(handicap_diff, preset), preset)
    if r is None:
        return None
    if r == 0:
        return (preset.regular_points, preset.regular_points)
    return preset._exchange.get(abs(r))


def _rated_change(d: float, h: float | None, won: bool, preset: GoPreset) -> float | None:
    """Unscaled signed change for the side with rank difference ``d``; None if unrated."""
    r = _residual(d, h, preset)
    if r is None:
        return None
    if r == 0:
        return preset.regular_points if won else -preset.regular_points
    pair = preset._exchange.get(abs(r))
    if pair is None:
        return None
    favoured = (r > 0) == (d > 0)
    fav_wins, other_wins = pair
    if won:
        return fav_wins if favoured else other_wins
    return -(other_wins if favoured else fav_wins)


rated_change = _rated_change
"""Public name of the unscaled signed change of a rated game (None: unrated), for the
sheets, whose exchange cell shows exactly this before the multiplier."""


def _percent(game_no: int | None, preset: GoPreset) -> float:
    if game_no is not None:
        for upto, pct in preset.multiplier_percent:
            if game_no <= upto:
                return pct
    return preset.established_percent


def multiplier(game_no: int | None, preset: GoPreset = GO) -> float:
    """Factor on a rated game's exchange by the player's own game number (None: ×1.0).

    >>> [multiplier(n) for n in (1, 20, 21, 50, 51, 100, 101, None)]
    [2.0, 2.0, 1.5, 1.5, 1.2, 1.2, 1.0, 1.0]
    """
    n = None if game_no is None else check_whole("game_no", game_no, minimum=1)
    return _percent(n, preset) / 100


def _bonus(won: bool, prev_two_unrated: bool, barred: bool, preset: GoPreset) -> float:
    return preset.provisional_win_points if won and not prev_two_unrated and not barred else 0.0


def _check_flag(name: str, value: object) -> bool:
    if value is True or value is False or (type(value) is int and value in (0, 1)):
        return bool(value)
    raise RatingInputError(name, value, "must be True or False")


def _check_game_type(value: object, name: str = "game_type") -> str:
    kind = value.strip().lower() if isinstance(value, str) else ""
    if kind not in GAME_TYPES:
        raise RatingInputError(name, value, "must be one of {known}",
                               known=", ".join(GAME_TYPES))
    return kind


def go_delta(
    my_rank: str | GoRank, opp_rank: str | GoRank, result: float,
    game_no: int | None = None, handicap_diff: float | None = None, game_type: str = "rated",
    prev_two_unrated: bool = False, opp_is_bc: bool = False, preset: GoPreset = GO,
) -> float:
    """Signed points change for "me"; 0 when the game does not count.

    ``game_type``: "rated", "unrated", "forfeit" (±50, no multiplier) or "provisional"
    (opponent 仮 or BC: +50 for a win unless ``prev_two_unrated``, 0 for a loss). A BC
    opponent (rank "BC" or ``opp_is_bc``) makes a rated game a provisional one, and then
    players at 9k+ or stronger get nothing. A BC "me" has no points and gets 0.

    >>> go_delta("1d", "1k", 1, game_no=30), go_delta("1d", "1k", 0, handicap_diff=0)
    (150.0, -116.0)
    """
    me = GoRank.parse(my_rank, "my_rank")
    opp = GoRank.parse(opp_rank, "opp_rank")
    won = check_result("result", result) == 1
    pct = _percent(None if game_no is None else check_whole("game_no", game_no, 1), preset)
    h = _check_handicap(handicap_diff, preset)
    kind = _check_game_type(game_type)
    prev = _check_flag("prev_two_unrated", prev_two_unrated)
    vs_bc = _check_flag("opp_is_bc", opp_is_bc) or opp.is_bc
    if kind == "unrated" or me.is_bc:
        return 0.0
    if kind == "forfeit":
        return preset.forfeit_points if won else -preset.forfeit_points
    if kind == "provisional" or vs_bc:
        barred = vs_bc and me.value >= _VALUE[GoRank.parse(preset.bc_no_bonus_from).code]
        return _bonus(won, prev, barred, preset)
    change = _rated_change(me.value - opp.value, h, won, preset)
    return 0.0 if change is None else change * pct / 100


# --- replay ----------------------------------------------------------------------------------


class _State:
    __slots__ = ("bc_wins", "points", "rank", "rated", "streak")

    def __init__(self, rank: int, points: float) -> None:
        self.rank = rank  # index into preset.table; len(table) is BC
        self.points = points
        self.rated = 0
        self.streak = 0  # games in a row that were not rated
        self.bc_wins = 0


GoStart = str | tuple[str, float | None, int]
"""A declared rank, or (rank, starting points or None for :func:`start_points`, rated
games played before the log)."""


def replay_go(
    games: Iterable[tuple[object, ...]],
    initial: str | Mapping[Player, GoStart] | None = None,
    preset: GoPreset = GO,
) -> ReplayResult:
    """Replay ``(player_a, player_b, result_a[, handicap_diff[, game_type]])`` in play order.

    ``initial`` is one declared rank for everyone or a mapping player → rank (others get
    ``preset.default_rank``); a player mapped to ``(rank, points, rated_before)`` starts
    with those points (None: the rank's) and rated games, so a club's ledger can carry
    on from an earlier one. Players start at :func:`start_points`; after
    each game both changes apply and both ranks settle. An established player's game
    against a provisional or BC opponent, and any game logged as "provisional", pays the
    +50-for-a-win bonus instead; BC players follow the module's BC assumption.
    """
    ladder = _Ladder(preset)
    default = preset.default_rank if initial is None or isinstance(initial, Mapping) else initial
    named: Mapping[Player, GoStart] = initial if isinstance(initial, Mapping) else {}
    states: dict[Player, _State] = {}
    changes: list[tuple[float, ...]] = []
    for n, game in enumerate(games, 1):
        a, b, won, h, kind = _read_game(n, game, preset)
        sa = states.get(a) or states.setdefault(a, _starting(a, named.get(a, default), preset))
        sb = states.get(b) or states.setdefault(b, _starting(b, named.get(b, default), preset))
        da, ca = ladder.change(sa, sb, won, h, kind)
        db, cb = ladder.change(sb, sa, not won, h, kind)
        ladder.apply(sa, da, ca, won, kind)
        ladder.apply(sb, db, cb, not won, kind)
        changes.append((da, db))
    return ReplayResult(
        {p: s.points for p, s in states.items()},
        changes,
        {p: s.rated for p, s in states.items()},
        {p: ladder.rank_code(s) for p, s in states.items()},
    )


def _read_game(
    n: int, game: tuple[object, ...], preset: GoPreset
) -> tuple[Player, Player, bool, float | None, str]:
    """Game ``n`` as (a, b, a won, handicap_diff, game type), checked before anyone moves."""
    if not has_size(game, 3, 5):
        raise RatingInputError(
            f"games[{n}]", game,
            "must be (player_a, player_b, result_a[, handicap_diff[, game_type]])",
        )
    a, b, result = game[0], game[1], game[2]
    if a == b:
        raise RatingInputError(f"games[{n}].player_b", b, "is the same player as player_a")
    won = check_result(f"games[{n}].result", result) == 1
    h = None if len(game) < 4 or game[3] is None else _check_handicap_at(game[3], n, preset)
    kind = "rated"
    if len(game) == 5 and game[4] != "rated":
        kind = _check_game_type(game[4], f"games[{n}].game_type")
    return a, b, won, h, kind


class _Ladder:
    """The preset's ladder as :func:`replay_go` consults it game after game, looked up once."""

    __slots__ = ("bc", "exit_i", "no_bonus", "preset", "provisional", "table", "values")

    def __init__(self, preset: GoPreset) -> None:
        self.preset = preset
        self.table, self.values = preset.table, preset._values
        self.bc = len(preset.table)  # a state's rank index for BC, below the ladder
        self.provisional = preset.provisional_games
        self.no_bonus = _VALUE[GoRank.parse(preset.bc_no_bonus_from).code]
        self.exit_i = preset._index[GoRank.parse(preset.bc_exit_rank).code]

    def change(self, me: _State, opp: _State, won: bool, h: float | None,
               kind: str) -> tuple[float, bool]:
        """My change from one game, and whether it counts as a rated game for me."""
        preset = self.preset
        if me.rank == self.bc or kind == "unrated":
            return 0.0, False
        if kind == "forfeit":
            return (preset.forfeit_points if won else -preset.forfeit_points), False
        vs_bc = opp.rank == self.bc
        if kind == "provisional" or vs_bc or (opp.rated < self.provisional <= me.rated):
            barred = vs_bc and self.values[me.rank] >= self.no_bonus
            return _bonus(won, me.streak >= 2, barred, preset), False
        change = _rated_change(self.values[me.rank] - self.values[opp.rank], h, won, preset)
        if change is None:
            return 0.0, False
        return change * _percent(me.rated + 1, preset) / 100, True

    def apply(self, me: _State, delta: float, counted: bool, won: bool, kind: str) -> None:
        """Move my points and settle my rank; a BC player counts wins toward leaving BC."""
        if me.rank == self.bc:
            me.streak += 1
            if won and kind in ("rated", "provisional"):
                me.bc_wins += 1
                if me.bc_wins >= self.preset.bc_wins_to_leave:
                    me.rank = self.exit_i
                    me.points = start_points(self.table[self.exit_i][0], self.preset)
            return
        me.points += delta
        if counted:
            me.rated += 1
            me.streak = 0
        else:
            me.streak += 1
        me.rank = _settle(me.rank, me.points, self.table)

    def rank_code(self, me: _State) -> str:
        """My rank's code, as the replay's result reports it."""
        return "BC" if me.rank == self.bc else self.table[me.rank][0]


def _starting(p: Player, start: GoStart, preset: GoPreset) -> _State:
    """A replayed player's state before their first game (BC is index ``len(table)``)."""
    rank, points, before = (start, None, 0) if isinstance(start, str) else start
    code = GoRank.parse(rank, f"initial[{p!r}]").code
    state = _State(preset._index.get(code, len(preset.table)),
                   start_points(code, preset) if points is None
                   else check_number(f"initial[{p!r}].points", points))
    state.rated = check_whole(f"initial[{p!r}].rated", before, minimum=0)
    return state


def _check_handicap_at(value: object, n: int, preset: GoPreset) -> float | None:
    try:
        return _check_handicap(value, preset)
    except RatingInputError as err:
        raise RatingInputError(f"games[{n}].handicap_diff", value, err.template,
                               **err.details) from None


RATING_SYSTEMS = (
    System("go", "Go dan/kyu points: (a, b, result_a[, handicap_diff[, game_type]])",
           replay_go, {"default": GO},
           log_fields=(LogField("handicap_diff", "number",
                                headers=("手合", "手合段差", "置石差", "手合差", "handicap", "hcp",
                                         "handicap (rank diff)")),
                       LogField("game_type", "word", default="rated",
                                headers=("種類", "type", "game type", "種別", "対局種別"))),
           functions=("GO_DELTA", "GO_HANDICAP", "GO_NEXT_RANK", "GO_RANK_LABEL"),
           position=4),
)
"""The rating system(s) this module declares; :data:`rating_rules.SYSTEMS` collects them."""
