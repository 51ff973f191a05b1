"""Formula builders for the Go server's dan/kyu points (RULES.md §4, :mod:`rating_rules.go`).

Every function returns formula text (no leading ``=``) from cell references and the
``Settings_*`` names the Go sheet defines; each mirrors one engine function. Ranks are
handled by *index* into the Settings rank table (1 = 10d … 53 = 17k, then BC), because
a rank index is what a row carries from game to game; :func:`go_rank_index` turns a
typed code into one.

Settings names used (all on the Settings sheet):

- ``Settings_Ladder_No/_Code/_Up/_Down``: the points ladder (10d … 17k), with the
  promotion ("above") and demotion ("below") figures; 10d has no promotion figure;
- ``Settings_Ranks_Code/_Label/_Value``: the same ranks plus BC, with the Japanese
  label and the value in rank units (1d = 1, 1k = 0, "+" adds 0.5, BC = −17);
- ``Settings_Exchange_Residual/_Favoured/_Other``: exchange by residual difference;
- ``Settings_Multiplier_UpTo/_Percent`` and ``Settings_EstablishedPercent``;
- scalar constants ``Settings_RegularPoints``, ``Settings_MaxGap``,
  ``Settings_MaxHandicap``, ``Settings_ForfeitPoints``, ``Settings_ProvisionalWinPoints``,
  ``Settings_NoBonusFrom``, ``Settings_EvenKomi``, ``Settings_HalfKomi``,
  ``Settings_ReverseKomi``.
"""

from __future__ import annotations

from . import text

LADDER_NO = "Settings_Ladder_No"
LADDER_CODE = "Settings_Ladder_Code"
LADDER_UP = "Settings_Ladder_Up"
LADDER_DOWN = "Settings_Ladder_Down"
RANK_CODE = "Settings_Ranks_Code"
RANK_LABEL = "Settings_Ranks_Label"
RANK_VALUE = "Settings_Ranks_Value"
EX_RESIDUAL = "Settings_Exchange_Residual"
EX_FAVOURED = "Settings_Exchange_Favoured"
EX_OTHER = "Settings_Exchange_Other"
MULT_UPTO = "Settings_Multiplier_UpTo"
MULT_PERCENT = "Settings_Multiplier_Percent"
ESTABLISHED = "Settings_EstablishedPercent"
REGULAR = "Settings_RegularPoints"
MAX_GAP = "Settings_MaxGap"
MAX_HANDICAP = "Settings_MaxHandicap"
FORFEIT = "Settings_ForfeitPoints"
PROV_WIN = "Settings_ProvisionalWinPoints"
NO_BONUS_FROM = "Settings_NoBonusFrom"
EVEN_KOMI = "Settings_EvenKomi"
HALF_KOMI = "Settings_HalfKomi"
REVERSE_KOMI = "Settings_ReverseKomi"
PROVISIONAL_MARK = "仮"


def go_rank_index(ref: str, codes: str = RANK_CODE) -> str:
    """Index of the rank code in ``ref`` in ``codes`` (any case), 0 when blank or unknown.

    The second comparison keeps MATCH's wildcards from accepting ``1*`` or ``?k``.
    """
    m = f"MATCH({ref},{codes},0)"
    return f"IF(ISBLANK({ref}),0,IF(ISNUMBER({m}),IF(INDEX({codes},{m})={ref},{m},0),0))"


def go_rank_value(index: str) -> str:
    """Value in rank units of the rank at ``index`` (:attr:`rating_rules.go.GoRank.value`)."""
    return f"INDEX({RANK_VALUE},{index})"


def go_rank_difference(my_index: str, opp_index: str) -> str:
    """段位差 ``my − opp`` in rank units (:func:`rating_rules.go.rank_difference`)."""
    return f"{go_rank_value(my_index)}-{go_rank_value(opp_index)}"


def go_rank_label(index: str, provisional: str = "FALSE") -> str:
    """Japanese label, plus 仮 while ``provisional`` holds (:func:`rating_rules.go.rank_label`)."""
    mark = text(PROVISIONAL_MARK)
    return f"INDEX({RANK_LABEL},{index})&IF({provisional},{mark},\"\")"


def go_start_points(index: str) -> str:
    """Start points of the ladder rank at ``index`` (:func:`rating_rules.go.start_points`).

    The middle of its band; the top rank (no promotion figure) starts half the next
    band's width above its demotion figure.
    """
    up, down = f"INDEX({LADDER_UP},{index})", f"INDEX({LADDER_DOWN},{index})"
    up2, down2 = f"INDEX({LADDER_UP},{index}+1)", f"INDEX({LADDER_DOWN},{index}+1)"
    return f"IF(ISNUMBER({up}),({up}+{down})/2,{down}+({up2}-{down2})/2)"


def go_next_rank(index: str, points: str) -> str:
    """Ladder index after the border-zone check (:func:`rating_rules.go.next_rank`).

    The engine repeats "promote while above the promotion figure, else demote while
    below the demotion figure". Because a rank's demotion figure never exceeds the
    promotion figure of the rank below (the engine checks this), the moves all go one
    way, so the settled rank is found directly: going up, the nearest rank at or above
    the current one whose promotion figure is not exceeded (10d stops it); otherwise,
    going down, the nearest rank at or below whose demotion figure is reached (17k
    stops it: nobody falls into BC). ``SUMPRODUCT(LARGE(array, 1))`` is the largest
    entry in every engine; Gnumeric does not evaluate ``SUMPRODUCT(MAX(array))``.
    """
    n = f"ROWS({LADDER_NO})"
    up = (f"MAX(1,SUMPRODUCT(LARGE(({LADDER_NO}<={index})*({LADDER_UP}>={points})"
          f"*{LADDER_NO},1)))")
    down = (f"MIN({n},{n}+1-SUMPRODUCT(LARGE(({LADDER_NO}>={index})*({LADDER_DOWN}<={points})"
            f"*({n}+1-{LADDER_NO}),1)))")
    return f"IF({up}<{index},{up},{down})"


def go_next_rank_code(rank: str, points: str) -> str:
    """GO_NEXT_RANK: the settled rank *code* from a code and points (BC stays BC)."""
    index = f"MATCH({rank},{LADDER_CODE},0)"
    return f"IF(ISNUMBER({index}),INDEX({LADDER_CODE},{go_next_rank(index, points)}),{rank})"


def _komi_ja(komi: str) -> str:
    half = f"IF({komi}-INT({komi})=0.5,\"半\",\"\")"
    return f"IF(INT({komi})=0,{half}&\"目\",INT({komi})&\"目\"&{half})"


def _komi_words(komi: float, lang: str) -> str:
    """6.5 → "6目半", 0.5 → "半目" (English: 6.5), as the engine writes komi."""
    if lang == "en":
        return f"{komi:g}"
    whole = int(komi)
    half = "半" if komi - whole == 0.5 else ""
    return f"{half}目" if whole == 0 else f"{whole}目{half}"


def go_handicap_for_difference(rank_diff: str, lang: str = "ja",
                               komi: tuple[float, float, float] | None = None) -> str:
    """The regular handicap's wording for a rank difference (either sign).

    Mirrors :func:`rating_rules.go.regular_handicap` (capped at
    ``Settings_MaxHandicap``): 0 → even game, black gives the full komi; an odd number
    of half steps → the weaker gives the half komi; even → the stronger gives reverse
    komi; two stones from 1.5 ranks on. ``komi`` (even, half, reverse) writes fixed
    komi words instead of reading the Settings komi (a formula for any workbook).
    """
    steps = f"ROUND(MIN(ABS({rank_diff}),{MAX_HANDICAP})*2,0)"
    stones = f"INT(({steps}+1)/2)"
    odd = f"MOD({steps},2)=1"
    if komi is not None:
        even, half, reverse = (_komi_words(k, lang) for k in komi)
        if lang == "en":
            head = f"IF({stones}<2,\"Even, weaker takes black\",{stones}&\" stones\")"
            who = f"IF({odd},\"weaker gives {half}\",\"stronger gives {reverse}\")"
            return f"IF({steps}=0,\"Even, black gives {even} komi\",{head}&\", \"&{who}&\" komi\")"
        head = f"IF({stones}<2,\"置石なし\",\"置石\"&{stones}&\"子\")"
        who = f"IF({odd},\"下手{half}\",\"上手{reverse}\")"
        return f"IF({steps}=0,\"置石なし、黒番{even}コミ出し\",{head}&\"、\"&{who}&\"コミ出し\")"
    if lang == "en":
        even = f"\"Even, black gives \"&{EVEN_KOMI}&\" komi\""
        head = f"IF({stones}<2,\"Even, weaker takes black\",{stones}&\" stones\")"
        who = (f"IF({odd},\"weaker gives \"&{HALF_KOMI},"
               f"\"stronger gives \"&{REVERSE_KOMI})")
        return f"IF({steps}=0,{even},{head}&\", \"&{who}&\" komi\")"
    even = f"\"置石なし、黒番\"&{_komi_ja(EVEN_KOMI)}&\"コミ出し\""
    head = f"IF({stones}<2,\"置石なし\",\"置石\"&{stones}&\"子\")"
    who = f"IF({odd},\"下手\"&{_komi_ja(HALF_KOMI)},\"上手\"&{_komi_ja(REVERSE_KOMI)})"
    return f"IF({steps}=0,{even},{head}&\"、\"&{who}&\"コミ出し\")"


def go_handicap(my_rank: str, opp_rank: str, lang: str = "ja",
                komi: tuple[float, float, float] | None = None) -> str:
    """GO_HANDICAP: the regular handicap for two rank codes (:func:`regular_handicap`)."""
    diff = go_rank_difference(f"MATCH({my_rank},{RANK_CODE},0)",
                              f"MATCH({opp_rank},{RANK_CODE},0)")
    return go_handicap_for_difference(f"({diff})", lang, komi)


def go_percent(game_no: str) -> str:
    """Multiplier percent by the player's own game number (the engine's ``_percent``).

    ``Settings_Multiplier_UpTo`` lists the steps' last game numbers in ascending order.
    """
    step = f"COUNTIF({MULT_UPTO},\"<\"&{game_no})+1"
    return f"IF({step}>ROWS({MULT_UPTO}),{ESTABLISHED},INDEX({MULT_PERCENT},{step}))"


def go_multiplier(game_no: str) -> str:
    """Factor on a rated game's exchange (:func:`rating_rules.go.multiplier`)."""
    return f"{go_percent(game_no)}/100"


def go_rated_change(rank_diff: str, handicap: str, won: str) -> str:
    """Unscaled signed change of a rated game for the side with ``rank_diff``; "" if unrated.

    Mirrors the engine's ``_rated_change``: ``handicap`` is a cell holding the rank
    difference the played handicap stands for (blank = the regular one); the residual
    ``|diff| − handicap`` picks the exchange; off the regular handicap, players more
    than ``Settings_MaxGap`` apart, or of equal rank, are unrated.
    """
    gap = f"ABS({rank_diff})"
    h = f"IF(ISBLANK({handicap}),MIN({gap},{MAX_HANDICAP}),{handicap})"
    r = f"({gap}-{h})"
    row = f"MATCH(ABS{r},{EX_RESIDUAL},0)"
    fav_wins, other_wins = f"INDEX({EX_FAVOURED},{row})", f"INDEX({EX_OTHER},{row})"
    favoured = f"(({r}>0)=({rank_diff}>0))"
    win = f"IF({favoured},{fav_wins},{other_wins})"
    loss = f"-IF({favoured},{other_wins},{fav_wins})"
    pair = f"IF(ISNUMBER({row}),IF({won}=1,{win},{loss}),\"\")"
    regular = f"IF({won}=1,{REGULAR},-{REGULAR})"
    unrated = f"AND({h}<>{gap},OR({gap}>{MAX_GAP},{gap}=0))"
    return f"IF({unrated},\"\",IF({r}=0,{regular},{pair}))"


def go_bc_barred(my_value: str) -> str:
    """TRUE when a player of this rank value gets no bonus for beating BC (9k+ and above)."""
    return f"{my_value}>={go_rank_value(f'MATCH({NO_BONUS_FROM},{RANK_CODE},0)')}"


def go_delta(my_value: str, opp_is_bc: str, won: str, game_no: str, rated_change: str,
             game_type: str, prev_two_unrated: str = "FALSE") -> str:
    """GO_DELTA: signed points change for "me" (:func:`rating_rules.go.go_delta`).

    ``game_type`` is an expression giving the engine's type text (rated, forfeit,
    provisional, unrated); ``rated_change`` is :func:`go_rated_change` (or a cell
    holding it), used only for a rated game against a ladder opponent. "me" is on the
    ladder (a BC player has no points).
    """
    bonus = (f"IF(AND({won}=1,NOT({prev_two_unrated}),"
             f"NOT(AND({opp_is_bc},{go_bc_barred(my_value)}))),{PROV_WIN},0)")
    rated = f"IF(ISNUMBER({rated_change}),{rated_change}*{go_percent(game_no)}/100,0)"
    return (f"IF({game_type}=\"unrated\",0,IF({game_type}=\"forfeit\","
            f"IF({won}=1,{FORFEIT},-{FORFEIT}),"
            f"IF(OR({game_type}=\"provisional\",{opp_is_bc}),{bonus},{rated})))")


def go_delta_codes(my_rank: str, opp_rank: str, won: str, game_no: str, exchange: str,
                   game_type: str) -> str:
    """GO_DELTA from two rank codes (:func:`rating_rules.go.go_delta`).

    ``exchange`` is a cell holding :func:`go_rated_change` (as one cell the formula runs
    to some 6,200 characters), ``game_no`` my game number (an expression may stand for
    "established", e.g. one past the last multiplier step), ``game_type`` the type text
    (blank reads as rated). Unlike :func:`go_delta`, "me" may be BC: no points, 0.
    """
    my_value = go_rank_value(f"MATCH({my_rank},{RANK_CODE},0)")
    delta = go_delta(my_value, f"{opp_rank}=\"BC\"", won, game_no, exchange, game_type)
    return f"IF({my_rank}=\"BC\",0,{delta})"
