"""The Glicko personal rating sheet (Glickman 1995, RULES.md §7), its ledger rule and functions.

Opponents' and my starting RDs are typed as the club's rating list shows them, at the end
of a month; the sheet grows each by one period before rating, as the ledger does (README,
"Glicko"). Per game or by period as on the Elo sheet (:mod:`workbook_builder.kit.periods`).
My RD grows by one period per period label **[assumed]**, as labels need not be months;
the ledger and ``rate`` count calendar months, a month nobody played too.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, cast

from rating_rules.common import check_number
from rating_rules.errors import RatingInputError
from rating_rules.glicko import (
    GLICKO,
    GlickoPreset,
    glicko_close,
    glicko_expected,
    glicko_g,
    glicko_game,
    glicko_rd_before,
    glicko_update,
)

from .. import formulas as fx
from ..kit import catalog as kc
from ..kit import inputs as kinds
from ..kit import periods as kp
from ..kit import status as st
from ..kit.base import EXAMPLE_NAMES
from ..kit.cells import Cells, Value, excel_number, numeric
from ..kit.chain import change_column
from ..kit.ledger_games import seat_helpers, table_of
from ..kit.ledger_rule import MONTHLY_MODE, Carried, LedgerRule
from ..kit.periods import carried, carry, helper, number
from ..kit.step import RATING, Chain, Side, Step, on_seat, seat_steps
from ..labels import Text
from ..layout import ABOVE_ZERO_ERROR, Column, Formula, Row, Setting, Validation, validation
from ..settings import Positive

# --- the rule as formula text ----------------------------------------------------------------
# Each builder returns formula text without the leading ``=``, mirroring the engine's
# steps in its order, so a spreadsheet and the engine give the same binary result. A
# period over ranges works without array entry in Excel 2010: SUMPRODUCT evaluates its
# argument as an array, and a blank row is left out by multiplying with ``opps<>""``
# (as the Elo period's), its gap first, so it adds 0, never an error.

Q_TEXT = "(LN(10)/400)"
"""The paper's q = ln 10 / 400."""
RD_PROMPT = Text("0より大きい数値 (ふつう350以下)", "A number above 0 (350 or less)")
RD_SETTING = Positive("RD", "rd", Text("開始RD", "Starting RD"),
                      Text("レート表の自分のRD (なければ350)",
                           "Your RD on the club's rating list (none yet: 350)"), RD_PROMPT)
MAX_RD_SETTING = Positive(
    "MaxRD", "start_rd", Text("最大RD", "Largest RD"),
    Text("RD はこれ以上増えない (ふつう350)", "An RD never grows past this (350)"), RD_PROMPT)
C_SETTING = Positive("C", "c", Text("RD の増え方 c", "RD growth c"),
                     Text("1期間ごとに RD² が c² 増える (34.6: 50 が100期間で350に)",
                          "Each period adds c² to RD² (34.6: 50 grows to 350 in 100 periods)"),
                     Text("0以上の数値 (ふつう34.6)", "0 or more (34.6)"), zero_ok=True)
RD, MAX_RD, C = RD_SETTING.name, MAX_RD_SETTING.name, C_SETTING.name


def g_text(rd: str) -> str:
    """``g(RD) = 1/sqrt(1 + 3q²RD²/π²)``: how much an opponent's RD damps a game.

    The square root is ``^0.5``, not SQRT: inside SUMPRODUCT, Gnumeric gives SQRT of a
    range the one cell of the formula's row (implicit intersection), while an operator
    works cell by cell in every program.
    """
    return f"1/(1+3*{Q_TEXT}*{Q_TEXT}/PI()^2*{rd}*{rd})^0.5"


def expected_text(my: str, opp: str, opp_rd: str) -> str:
    """Expected score ``1/(1+10^(−g(RD)(my−opp)/400))``, like
    :func:`rating_rules.glicko.glicko_expected`."""
    return f"1/(1+10^(-({g_text(opp_rd)})*({my}-{opp})/400))"


def _rows(my: str, opps: str, rds: str) -> tuple[str, str, str]:
    """Per row of the ranges: the blank mask, g and E (a blank row's gap is 0)."""
    mask = f'({opps}<>"")'
    g = f"({g_text(rds)})"
    expected = f"(1/(1+10^(-{g}*(({my}-{opps})*{mask})/400)))"
    return mask, g, expected


def information_text(my: str, opps: str, rds: str) -> str:
    """``Σ g² E (1 − E)`` over the period's games (``1/d² = q²`` times it)."""
    mask, g, e = _rows(my, opps, rds)
    return f"SUMPRODUCT({mask}*{g}*{g}*{e}*(1-{e}))"


def period_rating_text(my: str, rd: str, opps: str, rds: str, scores: str) -> str:
    """The rating after a period, ``r + q/(1/RD² + 1/d²) × Σ g(s − E)``, not rounded, like
    :func:`rating_rules.glicko.glicko_update`."""
    mask, g, e = _rows(my, opps, rds)
    return closed_rating_text(my, rd, information_text(my, opps, rds),
                              f"SUMPRODUCT({mask}*{g}*({scores}-{e}))")


def period_rd_text(my: str, rd: str, opps: str, rds: str) -> str:
    """The RD after a period, ``sqrt(1/(1/RD² + 1/d²))``: the scores do not move it."""
    return closed_rd_text(rd, information_text(my, opps, rds))


def grown_text(rd: str, periods: str | None = None) -> str:
    """The RD ``periods`` periods later (None: one), ``min(sqrt(RD² + t c²), largest)``,
    like :func:`rating_rules.glicko.glicko_rd_before`."""
    times = "" if periods is None else f"*{periods}"
    return f"MIN(SQRT({rd}*{rd}+{C}*{C}{times}),{MAX_RD})"


def _precision(rd: str, information: str) -> str:
    return f"(1/{rd})*(1/{rd})+{Q_TEXT}*{Q_TEXT}*{information}"


def closed_rating_text(rating: str, rd: str, information: str, total: str) -> str:
    """A period's new rating from its running sums ``Σ g²E(1 − E)`` and ``Σ g(s − E)``,
    like :func:`rating_rules.glicko.glicko_close`."""
    return f"{rating}+{Q_TEXT}/({_precision(rd, information)})*{total}"


def closed_rd_text(rd: str, information: str) -> str:
    """A period's new RD from its running ``Σ g²E(1 − E)``, like
    :func:`rating_rules.glicko.glicko_close`."""
    return f"SQRT(1/({_precision(rd, information)}))"


# --- the step of a game, declared once for the sheet's chain and the ledger's seats ----------
# "me" plays a game at a rating (``Rating``) and at the RD of my period's start (``RDAt``),
# and carries the RD after my last game (``RD``), the RD at that period's start (``RD0``)
# and the period's two running sums (``Info``, ``Sum``); the change counts from my rating
# before the game (``Run``). ``Opens`` says the game opens a period for me, ``Since`` how
# many periods have passed since my last one. The sheet keeps these, g, E and the close in
# columns of its chain (:data:`CHAIN`); a ledger's row computes what it has no column for
# where it is read (:data:`LEDGER_OWN`).


def game_part(s: Side[object]) -> tuple[float, float]:
    """The engine's information and ``g(s − E)`` of a counted game."""
    return glicko_game(number(s.before(RATING)), number(s.opponent(RATING)),
                       number(s.opponent("RDAt")), numeric(s.score("Result")), s.preset)


def running_value(s: Side[object], key: str, part: int) -> float:
    """The period's sum of one of :func:`game_part`'s two parts, this game in."""
    return (0.0 if s.this("Opens") else number(s.before(key))) + game_part(s)[part]


def running_text(s: Side[str], key: str, game: str) -> str:
    return f"{fx.if_(s.this('Opens'), '0', s.before(key))}+{game}"


def closed(s: Side[object]) -> tuple[float, float]:
    """The engine's rating and RD if my period closed at this game."""
    return glicko_close(number(s.before(RATING)), number(s.this("RDAt")),
                        number(s.after("Info")), number(s.after("Sum")), s.preset)


RD_AT = Step(lambda s: fx.if_(s.this("Opens"), grown_text(s.before("RD"), s.this("Since")),
                              s.before("RD0")),
             lambda s: glicko_rd_before(number(s.before("RD")), int(number(s.this("Since"))),
                                        s.preset)
             if s.this("Opens") else number(s.before("RD0")))
"""My RD at the start of the game's period: my last period's, or the RD after my last
game grown by c² for every period since (at most the largest RD)."""
G = Step(lambda s: g_text(s.opponent("RDAt")),
         lambda s: glicko_g(number(s.opponent("RDAt")), s.preset))
EXPECTED = Step(lambda s: expected_text(s.before(RATING), s.opponent(RATING),
                                        s.opponent("RDAt")),
                lambda s: glicko_expected(number(s.before(RATING)), number(s.opponent(RATING)),
                                          number(s.opponent("RDAt")), s.preset))
INFO = Step(lambda s: running_text(s, "Info", "{0}*{0}*{1}*(1-{1})".format(
    s.this("G"), s.this("Expected"))), lambda s: running_value(s, "Info", 0))
"""The period's ``Σ g²E(1 − E)``, this game in."""
SUM = Step(lambda s: running_text(s, "Sum", f"{s.this('G')}*({s.score('Result')}-"
                                            f"{s.this('Expected')})"),
           lambda s: running_value(s, "Sum", 1))
"""The period's ``Σ g(s − E)``, this game in."""
CLOSE = Step(lambda s: closed_rating_text(s.before(RATING), s.this("RDAt"), s.after("Info"),
                                          s.after("Sum")), lambda s: closed(s)[0])
"""The rating if my period closed at this game."""
CLOSE_RD = Step(lambda s: closed_rd_text(s.this("RDAt"), s.after("Info")),
                lambda s: closed(s)[1])
RD0_AFTER = Step(lambda s: s.this("RDAt"), lambda s: s.this("RDAt"))
"""The RD at the start of my period, carried to my next game."""
CHANGE = Step(lambda s: f"{s.this('Close')}-{s.before('Run')}",
              lambda s: number(s.this("Close")) - number(s.before("Run")))
"""How much this game moved my rating: the close less my rating before it."""

CHAIN = Chain({"RD": "CloseRD", "RD0": "RDStart", "Run": "Close"},
              {RATING: "OppRating", "RDAt": "OppRDAt"},
              {RATING: "Base", "RDAt": "RDBase", "Result": "Score", "Opens": "New",
               "Since": "New"})
"""Where this sheet keeps what "me" carries: a game is played at its period's start
(``Base``, ``RDBase``); a row that opens a period (``New``) is one period later, as
TRUE counts 1."""


FAR = 120_000
"""An opponent further than this from the rating is flagged: ``g × gap / 400`` stays
under 300, so ``10^`` in the expected score never overflows (g ≤ 1)."""
MAX_OPP_RD = 1_000_000
"""The largest opponent RD accepted: ``RD²`` must stay a finite number in a sheet."""

MSG = kp.period_messages(rd=Text("⚠ 相手RDは0より大きい数値 (100万まで)",
                                  "⚠ opponent RD must be a number above 0 (up to 1,000,000)"),
                         rd_max=Text("⚠ 相手RDが最大RD (設定) より大きい",
                                     "⚠ opponent RD is above the largest RD (Settings)"))
INPUT_KEYS = ("Opponent", "OppRating", "OppRD", "Score", "Period", "Date")
REQUIRED = ("OppRating", "OppRD", "Score")


@dataclass(frozen=True)
class GlickoSheetPreset(GlickoPreset):
    """Glicko's constants, my RD before the first game and the mode the sheet starts in."""

    rd: float = 350.0
    """My RD before the first game: an unrated player's 350, or the club list's."""
    periods: bool = False
    """Rate by rating periods (True) or every game as a period of its own (False)."""

    def __post_init__(self) -> None:
        super().__post_init__()
        if check_number("preset.rd", self.rd) > self.start_rd:
            raise RatingInputError("preset.rd", self.rd,
                                   "must be {most:g} or less (the largest RD)",
                                   most=self.start_rd)


SHEET_SETTINGS = (RD_SETTING, MAX_RD_SETTING, C_SETTING, kp.PERIODS_SWITCH)
"""The personal sheet's Settings after the start; the ledger's are the largest RD and c."""
SETTINGS_OK = kp.usable(SHEET_SETTINGS, f"IF(COUNT({RD},{MAX_RD})=2,{RD}<={MAX_RD},FALSE)")
"""TRUE when every Settings value is usable, the starting RD at most the largest."""


def rd_check(most: float) -> kinds.Check:
    """An RD: a number above 0, at most ``most``."""
    return kinds.Check(
        lambda ref: f"IF(ISNUMBER({ref}),AND({ref}>0,{ref}<={fx.number(most)}),FALSE)",
        lambda x: (n := excel_number(x)) is not None and 0 < n <= most)


OPP_RD = rd_check(MAX_OPP_RD)


CHECKED = ("OppRating", "OppRD", "Score", "Date")


def above_largest_rd(r: Row) -> str:
    """TRUE when the typed opponent RD is a usable number but above Settings' largest RD."""
    return f"AND({OPP_RD.test(r['OppRD'])},{r['OppRD']}>{MAX_RD})"


def opp_rd_usable(c: Cells) -> bool:
    return OPP_RD.accepts(c["OppRD"]) and c.num("OppRD") <= c.preset.start_rd


RD_ABOVE_LARGEST = st.Case(above_largest_rd,
                           lambda c: OPP_RD.accepts(c["OppRD"]) and not opp_rd_usable(c),
                           MSG["rd_max"])
"""No RD is above the largest (the paper's 350): a larger one is a typing error, refused
as the engine refuses it, not capped."""

_CASES = kp.period_status(INPUT_KEYS, SETTINGS_OK, CHECKED,
                          kp.too_far_case(str(FAR), lambda c: FAR), REQUIRED)
_AFTER_RD = 3 + CHECKED.index("OppRD")  # empty, Settings, then a case per checked input
STATUS = (*_CASES[:_AFTER_RD], RD_ABOVE_LARGEST, *_CASES[_AFTER_RD:])


COUNTS = "Counts"
"""The helper that is TRUE on a row that counts: the chain is carried over any other."""


def expected_formula(r: Row) -> str:
    """My expected score, shown as soon as the opponent's rating and RD are in."""
    shown = f"AND(ISNUMBER({r['OppRating']}),ISNUMBER({r['G']}),{st.no_problem(r['Status'])})"
    return fx.if_(shown, EXPECTED.formula(CHAIN.refs(r)), '""')


def expected_value(c: Cells) -> object:
    if c.number("OppRating") is None or c["G"] == "" or st.has_problem(c["Status"]):
        return ""
    return EXPECTED.value(CHAIN.values(c))


def opp_rd_at_formula(r: Row) -> str:
    """The opponent's RD at the game: the list's, grown by one period's c (the paper's
    step 1 from the list's month to the game's), at most the largest RD."""
    usable = f"AND({OPP_RD.test(r['OppRD'])},{r['OppRD']}<={MAX_RD})"
    return fx.if_(usable, grown_text(r["OppRD"]), '""')


def opp_rd_at_value(c: Cells) -> object:
    return glicko_rd_before(c.num("OppRD"), 1, c.preset) if opp_rd_usable(c) else ""


def chained(key: str, step: Step) -> tuple[Formula, Value]:
    """``step`` on a row that counts, else the row above's ``key``."""
    formula, value = CHAIN.rule(step)
    return (lambda r: carry(r, key, formula(r), COUNTS), carried(key, value, COUNTS))


def change_formula(r: Row) -> str:
    """How much this game moved the period's rating (per game: the change)."""
    return fx.if_(r[COUNTS], CHANGE.formula(CHAIN.refs(r)), '""')


def change_value(c: Cells) -> object:
    return CHANGE.value(CHAIN.values(c)) if c["Counts"] else ""


RULE_NOTES = (
    Text("ルール (グリコ・レーティング、Glickman 1995)", "Rules (Glicko, Glickman 1995)"),
    Text("RD はレートの確かさ: 対局のたびに小さくなり、対局のない期間ごとに増えます。",
         "RD is how sure the rating is: games shrink it, every period adds to it."),
    Text("期待値 E = 1 / (1 + 10^(−g(相手RD) × (自分 − 相手) / 400))",
         "Expected E = 1 / (1 + 10^(−g(opp. RD) × (me − opponent) / 400))"),
    Text("新レート = レート + q / (1/RD² + 1/d²) × Σ g (W − E)、W: 勝ち1、引き分け0.5、負け0",
         "New rating = rating + q / (1/RD² + 1/d²) × Σ g (W − E); W = 1, 0.5 or 0"),
    Text("新RD = √(1 / (1/RD² + 1/d²))、1/d² = q² Σ g² E (1 − E)、q = ln10 / 400",
         "New RD = √(1 / (1/RD² + 1/d²)); 1/d² = q² Σ g² E (1 − E); q = ln10 / 400"),
    Text("次の期間の RD = min(√(RD² + c²), 最大RD)。",
         "Next period's RD = min(√(RD² + c²), largest RD)."),
    Text("相手RD と開始RD はレート表のとおりに入力: 対局の期間までの1期間分をシートが増やします。",
         "Type RDs as the rating list shows them: the sheet grows them by one period."),
    Text("対局ごと: 1局が1期間。期間ごと: 期間内の対局はすべて期間の最初のレートと RD で計算し、",
         "Per game: each game is a period. By period: every game of a period uses the"),
    Text("　期間の最後の行にレートと RD。期間名は期間の最初の対局にだけ入力。",
         "  rating and RD at its start; its last row shows both. Type a period on its"
         " first game only."),
    st.SKIPPED_NOTE,
)


class GlickoSheet(kp.PeriodSheet[GlickoSheetPreset]):
    """Workbook type ``system = "glicko"``."""

    system = "glicko"
    presets: ClassVar[Mapping[str, Any]] = {"default": GlickoSheetPreset()}
    title = Text("グリコ・レーティング", "Glicko rating")
    phone_first = ("Opponent", "OppRating", "OppRD", "Score", "Period", "Date", "Rating",
                   "Status", "RD")
    """Status before RD: five inputs fill a phone, and the rating and a ⚠ matter first."""
    phone_widths: ClassVar[Mapping[str, tuple[float, float]]] = {"OppRD": (4, 4.5),
                                                                 "Rating": (5.5, 5)}
    """As on the Elo sheet, the rating is headed Rtg: "Rating" whole would push Status's ⚠
    past LibreOffice's 390 px."""
    notes = RULE_NOTES
    declared = SHEET_SETTINGS

    def example_inputs(self, lang: str) -> list[dict[str, object]]:
        """The paper's three games as one period, a second period, a flagged row, a game in
        progress."""
        a, b, c, d, e, f, g = EXAMPLE_NAMES[lang][:7]
        return kp.example_periods(("Opponent", "OppRating", "OppRD", "Score"), (
            ("2024-05", dt.date(2024, 5, 11),
             ((a, 1400, 30, 1), (b, 1550, 100, 0), (c, 1700, 300, 0))),
            ("2024-06", dt.date(2024, 6, 8),
             ((d, 1480, 120, 1), (e, 1620, 80, 0.5), (f, 1510, 0, 1), (g, 1590, 60))),
        ))

    def inputs(self) -> tuple[Column, ...]:
        """Opponent, their rating and RD, score and period: typed at the table."""
        rd_prompt = Text("相手のRD (クラブのレート表のとおり。"
                         "対局の月までの1期間分はシートが増やす)。初めての相手は350",
                         "Opponent's RD as the club's rating list shows it (the sheet adds one"
                         " period's growth); a new player: 350")
        return (
            kinds.opponent_column(),
            kinds.opp_rating_column(Text("相手の今のレート (クラブのリストから)",
                                         "Opponent's current rating (from the club's list)")),
            Column("OppRD", Text("相手\nRD", "Opp.\nRD"), "input", "number", 6,
                   validation=validation("decimal", rd_prompt, ABOVE_ZERO_ERROR,
                                         "between", "0.000001", f"{MAX_OPP_RD}"),
                   check=OPP_RD, message=MSG["rd"]),
            kinds.score_column(),
            kp.period_column(),
        )

    def computed(self, lang: str) -> tuple[Column, ...]:
        """What a person reads: expected score, change, in-period rating, rating and RD."""
        return (
            Column("Expected", Text("期待値", "Expected"), "computed", "number", 6.5, width_en=8.5,
                   number_format="0.000", formula=expected_formula, value=expected_value),
            change_column(change_formula, change_value),
            kp.in_period_column(
                lambda r: fx.if_(f"AND({r[COUNTS]},{kp.PERIODS}=1)", r["Close"], '""'),
                lambda c: c["Close"] if c["Counts"] and c.preset.periods else "",
            ),
            kp.rating_column("0"),
            kp.settled_column("RD", Text("RD", "RD"), 6, "CloseRD", lambda r: RD,
                              lambda c: float(c.preset.rd), "0.0"),
            kp.status_column(STATUS, MSG, lang),
        )

    def chain(self) -> tuple[Column, ...]:
        """The period chain: the rating and RD a game is scored at, the sums, the close."""
        return (
            *kp.opening_columns(),
            helper("RDBase", Text("計算用 対局時RD", "RD played at"), "number", *CHAIN.rule(RD_AT)),
            helper("OppRDAt", Text("計算用 対局時の相手RD", "Opp. RD played at"), "number",
                   opp_rd_at_formula, opp_rd_at_value),
            helper("G", Text("計算用 g(相手RD)", "g(opp. RD)"), "number",
                   lambda r: fx.if_(f"ISNUMBER({r['OppRDAt']})", G.formula(CHAIN.refs(r)), '""'),
                   lambda c: "" if c["OppRDAt"] == "" else G.value(CHAIN.values(c))),
            helper("Counts", Text("計算用 計算する", "Counts"), "text",
                   lambda r: st.counts_test(r, REQUIRED), lambda c: st.counts(c, REQUIRED)),
            kp.start_column(COUNTS),
            helper("RDStart", Text("計算用 期間開始RD", "Period start RD"), "number",
                   *chained("RDStart", RD0_AFTER), lambda r: RD, lambda c: float(c.preset.rd)),
            helper("Info", Text("計算用 Σg²E(1−E)", "Sum g²E(1−E)"), "number",
                   *chained("Info", INFO), lambda r: "0", 0),
            helper("Sum", Text("計算用 Σg(s−E)", "Sum g(s−E)"), "number",
                   *chained("Sum", SUM), lambda r: "0", 0),
            kp.close_column(*CHAIN.rule(CLOSE), COUNTS),
            helper("CloseRD", Text("計算用 RD", "RD if closed"), "number",
                   *chained("CloseRD", CLOSE_RD), lambda r: RD, lambda c: float(c.preset.rd)),
            kp.next_new_column(),
        )


# --- Glicko: what the club ledger keeps ------------------------------------------------------


@dataclass(frozen=True)
class GlickoLedgerPreset(GlickoPreset):
    """Glicko's constants and the ledger's mode: a calendar month is a rating period."""

    monthly: bool = True
    """A month is a rating period (True, as ``rate`` groups Glicko by month), or every
    counted game of the log is one (False)."""


LEDGER_CARRIED = (
    Carried("RD", Text("RD", "RD"), "RDStart", kind="number"),
    Carried("Per", Text("期間番号", "period no."), kind="integer"),
    Carried("RD0", Text("期間の最初のRD", "period's first RD"), "RDStart", kind="number"),
    Carried("Info", Text("Σg²E(1−E)", "sum g²E(1−E)"), kind="number"),
    Carried("Sum", Text("Σg(s−E)", "sum g(s−E)"), kind="number"),
)
"""What a player carries from game to game besides the rating: the RD after their last
game, the period they last played in, their RD at its start and its two running sums."""


LEDGER_OWN = {
    "Opens": Step(lambda s: f"{s.before('Per')}<>{s.read('Per')}",
                  lambda s: s.before("Per") != s.read("Per")),
    "Since": Step(lambda s: f"({s.read('Per')}-{s.before('Per')})",
                  lambda s: int(number(s.read("Per")) - number(s.before("Per")))),
    "G": Step(lambda s: f"({G.formula(s)})", G.value),
    "Expected": Step(lambda s: f"({EXPECTED.formula(s)})", EXPECTED.value),
    "Close": CLOSE,
}
"""What a ledger's row has no column for, computed where a step reads it: the player's
period is the row's period number (``Per``: months, a month nobody played too), g, E and
the close are written inline."""
LEDGER_CHANGE = on_seat(CHANGE, LEDGER_OWN)


def period_formula(r: Row) -> str:
    """The row's period on the clock that grows an RD: by month, the latest counted
    month's number (YEAR×12+MONTH−1), so a month nobody played is a period too (the
    paper's t); per game, the count of counted games so far."""
    counted = f"{r.prev('Per')}+IF({r['CA']}>0,1,0)"
    return fx.if_(f"{MONTHLY_MODE}=1", r["LastMonth"], counted)


def period_value(c: Cells) -> int:
    if c.preset.monthly:
        return int(number(c["LastMonth"]))
    return int(number(c.prev("Per"))) + int(c["CA"] != 0)


def ledger_game_helpers() -> tuple[Column, ...]:
    """The period number, then each side's RD at the period's start, its running sums
    and what the player carries on."""
    return (
        Column("Per", Text("計算用 期間番号", "Period no."), "helper", "integer", 7,
               formula=period_formula, value=period_value, lead=lambda r: "0", lead_value=0),
        *seat_steps("RDAt", Text("計算用 {}期間のRD", "{} period RD"), "number", RD_AT,
                    counted=True, own=LEDGER_OWN),
        *seat_steps("NewInfo", Text("計算用 {}Σg²E(1−E)", "{} sum g²E(1−E)"), "number", INFO,
                    carried=True, own=LEDGER_OWN),
        *seat_steps("NewSum", Text("計算用 {}Σg(s−E)", "{} sum g(s−E)"), "number", SUM,
                    carried=True, own=LEDGER_OWN),
        *seat_steps("NewRD", Text("計算用 {}新RD", "{} new RD"), "number", CLOSE_RD,
                    carried=True, own=LEDGER_OWN),
        *seat_helpers("NewPer", ("計算用 {}の期間", "{} period"), "integer",
                      lambda r, s: r["Per"], lambda c, s: c["Per"], carried=True),
        *seat_steps("NewRD0", Text("計算用 {}期間の最初のRD", "{} period's first RD"), "number",
                    RD0_AFTER, carried=True, own=LEDGER_OWN),
    )


class GlickoRule(LedgerRule[GlickoLedgerPreset]):
    """A month is a rating period: every game of a month is scored against both players'
    ratings and RDs at the month's start (the last month's list), and a game's change is
    how much it moves the player's rating if the month closed at it."""

    engine = "glicko"
    example_starts = (1700, None, 1500, 1650, 1300)
    scores = (1, 0.5, 0)
    declared = (MAX_RD_SETTING, C_SETTING)
    refused = tuple(d.refused for d in declared)
    monthly = True
    rating_format = "0"
    change_format = "+0;-0;0"
    carried = LEDGER_CARRIED
    phone_widths: ClassVar[Mapping[str, tuple[float, float]]] = {"ShownA": (8, 9), "ShownB": (8, 9)}
    """A new player's change has three digits: +107月末 needs 8 units (at 7 LibreOffice's
    phone picture cut 末 off), +107 later 9 (which puts Status past a phone's edge in
    LibreOffice, as on the English Tokin ledger)."""
    listed = (("RD", Text("RD", "RD"), "0"),)
    """The rating list shows each player's RD now beside the rating: how sure it is."""

    def settings(self, preset: GlickoLedgerPreset) -> list[Setting]:
        return [d.setting(preset) for d in self.declared]

    def settings_ok(self, preset: GlickoLedgerPreset) -> str:
        return kp.usable(self.declared)

    def monthly_mode(self, preset: GlickoLedgerPreset) -> bool:
        return preset.monthly

    def change_formula(self, r: Row, side: str) -> str:
        return LEDGER_CHANGE[0](r, side)

    def change_value(self, c: Cells, side: str) -> float:
        return number(LEDGER_CHANGE[1](c, side))

    def game_helpers(self, preset: GlickoLedgerPreset, lang: str) -> tuple[Column, ...]:
        return ledger_game_helpers()

    def player_helpers(self, preset: GlickoLedgerPreset) -> tuple[Column, ...]:
        return (Column("RDStart", Text("計算用 開始RD", "Starting RD"), "helper", "number", 7,
                       formula=lambda r: MAX_RD, value=lambda c: float(c.preset.start_rd)),
                Column("RD", Text("RD", "RD"), "computed", "number", 6, number_format="0.0",
                       formula=rd_now_formula, value=rd_now_value))


LATEST_PERIOD = "INDEX(Games_Per,ROWS(Games_Per))"
"""The log's latest period: the last row's running period number, one cell read."""


def rd_now_formula(r: Row) -> str:
    """A player's RD now: after their last game, grown by c² for each period of the log
    since (as ``rate`` and the engine's ``deviations`` report it)."""
    rd, since = r["RDNow"], f"({LATEST_PERIOD}-{r['PerNow']})"
    return fx.if_(f"ISNUMBER({rd})", grown_text(rd, since), '""')


def rd_now_value(c: Cells) -> object:
    rd = c.number("RDNow")
    if rd is None:
        return ""
    log = table_of(c, "Games")
    since = int(number(log.value(log.table.rows, "Per")) - number(c["PerNow"]))
    return glicko_rd_before(rd, since, c.preset)


LEDGER_PRESETS = {"glicko": (GlickoRule(), GlickoLedgerPreset())}
"""The club ledger's preset of this rule (:data:`.ledger.RULES`)."""


# --- the catalog's entries: GLICKO_EXPECTED, GLICKO_RATING, GLICKO_RD -------------------------

LARGEST_RD = GLICKO.start_rd
"""The functions' largest RD, the paper's 350: the engine refuses a larger one."""


def rd_validation(prompt: Text) -> Callable[[str], Validation]:
    """The drop-down rule of an RD: above 0, at most 350."""
    return kc.validation_rule("decimal", prompt, Text("0より大きく350以下の数",
                                                      "A number above 0, at most 350"),
                              "between", "0.000001", f"{LARGEST_RD:g}")


RD_KIND = kc.Kind(rd_check(LARGEST_RD),
                  Text("0より大きく350以下の数", "a number above 0, at most 350"),
                  Text("0より大きく350以下", "above 0, at most 350"), "number",
                  rd_validation(Text("期首の RD (レートの不確かさ、0より大きく350以下)",
                                     "RD at the start of the period (above 0, at most 350)")))
OPPONENT_RDS = kc.Kind(
    kinds.Check(
        lambda r: (f'IF(COUNTA({r})=COUNT({r}),SUMPRODUCT((({r}<=0)+({r}>{LARGEST_RD:g}))'
                   f'*({r}<>""))=0,FALSE)'),
        lambda xs: all(x is None or ((n := excel_number(x)) is not None and 0 < n <= LARGEST_RD)
                       for x in cast(Sequence[object], xs))),
    Text("0より大きく350以下の数 (空行は数えない)",
         "numbers above 0, at most 350 (blank rows are skipped)"),
    Text("相手ごと", "one per game"), "number",
    rd_validation(Text("期首の相手の RD (相手のレートと同じ行)",
                       "Opponents' RDs at the start, on the rows of their ratings")))


def catalog_args() -> tuple[kc.Arg, ...]:
    """A Glicko period, the paper's example: 1500/RD 200 against three opponents."""
    start, opponents, scores = kc.period_args(1500, (1400, 1550, 1700), (1, 0, 0), cells=6)
    return (start, kc.Arg("my_rd", Text("期首の RD", "RD at start"), RD_KIND, 200), opponents,
            kc.Arg("opp_rds", Text("相手の RD", "opp. RDs"), OPPONENT_RDS, (30, 100, 300),
                   cells=6),
            scores)


def period_entry(name: str, formula: Callable[[kc.Refs], str], number_format: str,
                 index: int) -> kc.Entry:
    """A Glicko period's result (index 0 the rating, 1 the RD) on the paper's example."""
    def engine(v: Mapping[str, Any], lang: str) -> dict[str, object]:
        update = glicko_update(v["my_rating"], v["my_rd"], v["opp_ratings"], v["opp_rds"],
                               v["scores"])
        return {kc.OUT: update[index]}
    return kc.Entry(name, catalog_args(),
                    kc.result(lambda r, lang: formula(r), number_format),
                    engine, (kc.same_rows("opp_rds"), kc.same_rows("scores")))


CATALOG_ENTRIES: tuple[kc.Entry, ...] = (
    kc.plain_entry("GLICKO_EXPECTED",
                   (*kc.ratings(1500, 1400),
                    kc.Arg("opp_rd", Text("相手の RD", "opp. RD"), RD_KIND, 30)),
                   expected_text, glicko_expected, "0.0000"),
    period_entry("GLICKO_RATING",
                 lambda r: period_rating_text(r["my_rating"], r["my_rd"], r["opp_ratings"],
                                              r["opp_rds"], r["scores"]), "0", 0),
    period_entry("GLICKO_RD",
                 lambda r: period_rd_text(r["my_rating"], r["my_rd"], r["opp_ratings"],
                                          r["opp_rds"]), "0.0", 1),
)
"""The worksheet functions as native formulas, for the formula catalog and LAMBDA names."""


__all__ = ["CATALOG_ENTRIES", "LEDGER_PRESETS", "GlickoLedgerPreset", "GlickoRule", "GlickoSheet",
           "GlickoSheetPreset"]
