"""The Tokin Network "16 ± 4%" rating sheet (RULES.md §1, seed 000), its ledger rule and
functions.

Per game only: the monthly rating-list mode belongs to a club's ledger. The quick table
(早見表) is generated from :func:`rating_rules.shogi.quick_table`. What the Tokin and
Club 24 sheets share is in :mod:`.shogi`; each formula builder mirrors a function of
:mod:`rating_rules.shogi` operation for operation, so spreadsheets and the engine agree.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from openpyxl import Workbook
from openpyxl.worksheet.worksheet import Worksheet

from rating_rules import shogi

from .. import formulas as fx
from .. import styles
from ..kit import catalog as kc
from ..kit import inputs as kinds
from ..kit import status as st
from ..kit.base import extend
from ..kit.cells import Cells, excel_number
from ..kit.ledger_rule import LedgerRule
from ..kit.settings_table import SettingsTable, SettingsTables, TableField
from ..labels import Text
from ..layout import Column, Row, Setting
from ..layout import validation as v
from ..settings import Constant, constant_settings, setting_name
from . import shogi as sg

QUICK_TITLE = Text("早見表", "Quick table")
HANDICAP_MESSAGE = Text("⚠ 手合は一覧から選ぶ", "⚠ handicap: pick one from the list")

# --- the rule as formula text ----------------------------------------------------------------

HANDICAP = {key: setting_name(f"Handicap{key}") for key in ("Name", "Alias", "From", "Adj")}
"""The Settings names of the handicap table's columns, which the formulas read."""


def start_text(rank: str) -> str:
    """TOKIN_START: the starting rating of a declared rank from the rank table.

    As :func:`rating_rules.shogi.tokin_start` for the table's labels as written (the
    engine also folds full-width digits); a rank not in the table gives #N/A.
    """
    return f"INDEX(Settings_RankRating,{fx.exact_match(rank, 'Settings_RankLabel')})"


def adjustment_text(handicap: str) -> str:
    """Adjustment points of a handicap typed by name in either language; blank = 平手, 0.

    Only for a handicap :func:`~fx.is_listed` accepts (an unknown name gives #N/A).
    """
    own = fx.exact_match(handicap, HANDICAP["Name"])
    other = fx.exact_match(handicap, HANDICAP["Alias"])
    return (f"IF(ISBLANK({handicap}),0,IF(ISNUMBER({own}),INDEX({HANDICAP['Adj']},{own}),"
            f"INDEX({HANDICAP['Adj']},{other})))")


def adjustment_or_points_text(handicap: str) -> str:
    """TOKIN_DELTA's handicap argument: adjustment points typed as a number, else by name.

    As :func:`rating_rules.shogi.handicap_adjustment` (blank = 平手, 0).
    """
    return f"IF(ISNUMBER({handicap}),{handicap},{adjustment_text(handicap)})"


def delta_text(my: str, opp: str, result: str, adjustment: str) -> str:
    """Tokin change for "me" (RULES.md §1), as :func:`rating_rules.shogi.tokin_delta`.

    d = my − opp; e = d − SIGN(d) × adj; win ``MIN(MAX(base − ROUND(rate × e), min), max)``,
    loss ``−MIN(MAX(base + ROUND(rate × e), min), max)``.
    """
    base, least, most = "Settings_Base", "Settings_MinChange", "Settings_MaxChange"
    gap = f"({my}-{opp})"
    step = f"ROUND(Settings_GapRate*({gap}-SIGN({gap})*{adjustment}),0)"
    return (f"IF({result}=1,MIN(MAX({base}-{step},{least}),{most}),"
            f"-MIN(MAX({base}+{step},{least}),{most}))")


def handicap_text(my: str, opp: str) -> str:
    """The handicap the gap calls for: the last row whose smallest gap the gap reaches.

    The table runs from 平手 (gap 0) upwards, so LOOKUP's "largest value ≤" is exactly
    :func:`rating_rules.shogi.tokin_handicap`'s choice.
    """
    return f"LOOKUP(ABS({my}-{opp}),{HANDICAP['From']},{HANDICAP['Name']})"


@dataclass(frozen=True)
class TokinSheetPreset(sg.DeclaredStart, shogi.TokinPreset):
    """The Tokin rule plus what one player's sheet adds (the rank is one of ``start_table``)."""


TOKIN_CONSTANTS = (
    Constant("Base", Text("基本点", "Base points"),
             Text("同じレート同士の増減 (16)", "Change between equals (16)")),
    Constant("GapRate", Text("点差の率", "Gap rate"),
             Text("点差 × 率 を基本点から引く・足す (0.04 = 4%)",
                  "Share of the gap taken from or added to the base (0.04)")),
    Constant("MinChange", Text("最小の増減", "Least change"),
             Text("1局で動く最小の点 (1)", "Smallest change of a game (1)")),
    Constant("MaxChange", Text("最大の増減", "Most change"),
             Text("1局で動く最大の点 (31)", "Largest change of a game (31)")),
)
"""The Tokin rule's numbers on Settings, below the rank and start."""

# --- Tokin ----------------------------------------------------------------------------------


HANDICAPS = SettingsTable((
    TableField("HandicapName", Text("手合割", "Handicap"), "text"),
    TableField("HandicapFrom", Text("点差 (から)", "From gap")),
    TableField("HandicapAdj", Text("調整点", "Adjustment"), left=True),
    TableField("HandicapAlias", Text("英語名", "Japanese"), "text", left=True,
               catalog=Text("英語名", "English")),
), sg.table_check, "input", heading=Text("手合割 (駒落ち)", "Handicaps"),
    heading_size=styles.FONT_SIZE, fills="handicaps",
    rows=lambda preset, lang: zip(handicap_names(preset, lang)[0],
                                  [h.min_gap for h in preset.handicaps],
                                  [h.adjustment for h in preset.handicaps],
                                  handicap_names(preset, lang)[1], strict=True),
    item=lambda row, lang: shogi.Handicap(str(row[3 if lang == "en" else 0]),
                                          str(row[0 if lang == "en" else 3]),
                                          float(row[1]), float(row[2])))
"""The handicap table. Its alias column holds the other language's names: the English
sheet heads it "Japanese"; the catalog's table, Japanese first in both languages,
"English"."""
RANKS = SettingsTable((
    TableField("RankLabel", Text("段級", "Rank"), "text"),
    TableField("RankRating", Text("開始レート", "Rating")),
), sg.table_check, "input",
    heading=Text("開始レート (申告段級)", "Starting rating by declared rank"),
    heading_size=styles.FONT_SIZE, fills="start_table")
"""The starting rating of each declared rank."""
TABLES = SettingsTables((HANDICAPS, RANKS), widths=(("D", 11),),
                        accept=sg.rank_listed(RANKS.fills))
"""Tokin's Settings tables, for the personal sheet and the ledger alike."""


def handicap_names(preset: shogi.TokinPreset, lang: str) -> tuple[list[str], list[str]]:
    """(names in the workbook's language, the other language's names)."""
    ja = [h.name for h in preset.handicaps]
    en = [h.english for h in preset.handicaps]
    return (en, ja) if lang == "en" else (ja, en)


def handicap_check(preset: shogi.TokinPreset) -> kinds.Check:
    """A handicap is a name of the Settings table, in either language (blank = 平手)."""
    names = [n for h in preset.handicaps for n in (h.name, h.english)]
    return kinds.Check(
        lambda ref: fx.is_listed(ref, HANDICAP["Name"], HANDICAP["Alias"]),
        lambda x: kinds.text_in(x, names),
    )


def handicap_column(preset: shogi.TokinPreset, lang: str, width_en: float = 10) -> Column:
    """The handicap, picked from the Settings table in the workbook's language."""
    names, _ = handicap_names(preset, lang)
    return Column("Handicap", Text("手合", "Hcp"), "input", "choice", 7,
                  width_en=width_en, allowed=tuple(names),
                  validation=v("list", Text("空欄は平手。上位者が駒を落とす",
                                            "Blank = even game; the stronger side gives it"),
                               Text("設定シートの手合割から選ぶ",
                                    "Pick a handicap from the Settings table"),
                               None, HANDICAP["Name"]),
                  check=handicap_check(preset), message=HANDICAP_MESSAGE)


def tokin_change_formula(r: Row) -> str:
    adjustment = adjustment_text(r["Handicap"])
    delta = delta_text(r.prev("Running"), r["OppRating"], r["Result"], adjustment)
    return fx.if_(sg.counted(r), delta, '""')


def tokin_change(c: Cells) -> int:
    return shogi.tokin_delta(sg.before(c), c.num("OppRating"), c.num("Result"),
                             c["Handicap"], c.preset)


def suggested_formula(r: Row) -> str:
    """The handicap the gap calls for; ⚠ when the gap table holds something not a number."""
    hint = handicap_text(r.prev("Running"), r["OppRating"])
    hint = fx.if_(sg.all_numbers(HANDICAP["From"]), hint, '"⚠"')
    return fx.if_(f"AND(ISNUMBER({r['OppRating']}),ISNUMBER({r.prev('Running')}))", hint, '""')


def suggested_value(c: Cells) -> object:
    """The handicap the gap calls for, named in the sheet's language, once both are known."""
    opp, mine = c.number("OppRating"), excel_number(c.prev("Running"))
    if opp is None or mine is None:
        return ""
    name = shogi.tokin_handicap(mine, opp, c.preset)
    shown, _ = handicap_names(c.preset, c.lang)
    return shown[[h.name for h in c.preset.handicaps].index(name)]


TOKIN_NOTES = (
    Text("ルール (と金ネットワーク 16±4%)", "Rules (Tokin Network 16 ± 4%)"),
    Text("d = 自分 − 相手、e = d − SIGN(d) × 調整点 (駒落ち、平手は0)",
         "d = mine − opponent's, e = d − SIGN(d) × adjustment (handicap; even = 0)"),
    Text("勝ち: +MIN(MAX(基本点 − ROUND(率 × e), 最小), 最大)",
         "Win: +MIN(MAX(base − ROUND(rate × e), least), most)"),
    Text("負け: −MIN(MAX(基本点 + ROUND(率 × e), 最小), 最大)",
         "Loss: −MIN(MAX(base + ROUND(rate × e), least), most)"),
    Text("対局ごとにレートが動く方式です (月例リスト方式はクラブの台帳で)。",
         "Per-game mode: the rating moves after every game (monthly lists: club ledgers)."),
    st.SKIPPED_NOTE,
)


class TokinSheet(sg.ShogiSheet[TokinSheetPreset]):
    """Workbook type ``system = "tokin"``; preset ``league`` has the amateur-league table."""

    system = "tokin"
    numeric_tables = (*HANDICAPS.numbers(), *RANKS.numbers())
    presets: ClassVar[dict[str, Any]] = {"default": extend(shogi.TOKIN, TokinSheetPreset),
                                         "league": extend(shogi.LEAGUE, TokinSheetPreset)}
    input_keys = ("Opponent", "OppRating", "Handicap", "Result", "Date")
    title = Text("将棋レーティング (と金 16±4%)", "Shogi rating (Tokin 16 ± 4%)")
    phone_first = ("Opponent", "OppRating", "Suggested", "Handicap", "Result", "Date",
                   "Rating", "Status")
    phone_widths: ClassVar[Mapping[str, tuple[float, float]]] = {
        "Suggested": (3.5, 4.5), "Handicap": (3.5, 4.5)}
    notes = TOKIN_NOTES
    tables = TABLES
    rank_field = RANKS.fills

    def example_inputs(self, lang: str) -> list[dict[str, object]]:
        games = sg.example_games(lang)
        games[4]["Handicap"] = "香落" if lang == "ja" else "lance"
        games[4]["OppRating"] = 1390
        return games

    def visible_columns(self, lang: str, preset: TokinSheetPreset) -> tuple[Column, ...]:
        names, _ = handicap_names(preset, lang)
        opp = kinds.opp_rating_column(Text("相手の今のレート。対局前に入れると推奨手合がわかります",
                                     "Opponent's current rating; type it before the game to "
                                     "see the suggested handicap"))
        handicap = handicap_column(preset, lang)
        result, date = kinds.result_column(), kinds.date_column()
        return (
            kinds.opponent_column(),
            opp,
            Column("Suggested", Text("推奨\n手合", "Hcp\nhint"), "computed", "text",
                   7, width_en=10, formula=suggested_formula, value=suggested_value,
                   allowed=tuple(names)),
            handicap,
            result,
            sg.change_column(tokin_change_formula, tokin_change),
            sg.rating_column(),
            sg.status_column(self, lang, preset, (opp, handicap, result, date)),
            date,
        )

    def settings(self, preset: TokinSheetPreset) -> list[Setting]:
        return [*sg.rank_settings(preset), *constant_settings(preset, TOKIN_CONSTANTS)]

    def reference_sheets(self, wb: Workbook, preset: TokinSheetPreset,
                         lang: str) -> dict[str, dict[str, object]]:
        ws = wb.create_sheet(QUICK_TITLE(lang))
        return {ws.title: write_quick_table(ws, preset, lang)}


QUICK_HEADERS = (Text("点差", "Gap"), Text("上位者\n勝ち", "Higher\nwins"),
                 Text("上位者\n負け", "Higher\nloses"), Text("下位者\n勝ち", "Lower\nwins"),
                 Text("下位者\n負け", "Lower\nloses"))


def gap_label(low: float, high: float | None, lang: str, unit: str = "点差") -> str:
    """``0〜12点差`` / ``363点差以上`` (the seed's wording); ``0–12`` / ``363 or more``."""
    if high is not None:
        return Text(f"{low:g}〜{high:g}{unit}", f"{low:g}–{high:g}")(lang)
    return Text(f"{low:g}{unit}以上", f"{low:g} or more")(lang)


def write_quick_table(ws: Worksheet, preset: shogi.TokinPreset, lang: str) -> dict[str, object]:
    """The 早見表 as the engine generates it, then the handicap table as Settings holds it.

    The bands are values from the constants the workbook was built with; a formula above
    them warns once Settings hold other constants. The handicap rows are formulas
    reading Settings, so they follow a local edit. Returns the cached values.
    """
    cached: dict[str, object] = {}
    # B and C are wider for the handicap table's gaps (100〜199点) and Adjustment
    for letter, width in zip("ABCDE", (15, 12, 10, 9, 9), strict=True):
        ws.column_dimensions[letter].width = width
    styles.style_title(ws.cell(1, 1, Text("レーティング点数計算表 (早見表)",
                                          "Rating quick table")(lang)), lang)
    same = ",".join(f"{setting_name(c.key)}={fx.number(getattr(preset, c.field))}"
                    for c in TOKIN_CONSTANTS)
    warning = Text("⚠ 設定の定数が変わっています: この表は作成時の値のまま",
                   "⚠ Settings changed: this table still shows the built-in constants")
    ws["A2"] = "=" + fx.if_(f"AND({same})", '""', fx.text(warning(lang)))
    styles.style_note(ws["A2"], lang, color="C00000")
    cached["A2"] = ""
    styles.style_note(ws.cell(3, 1, Text("平手の対局。ルールから生成した表です",
                                         "Even games; generated from the rule")(lang)), lang)
    for i, text in enumerate(QUICK_HEADERS, 1):
        styles.style_header(ws.cell(4, i, text(lang)), lang)
    ws.row_dimensions[4].height = 34
    points = '+0"点";-0"点";0"点"' if lang == "ja" else "+0;-0;0"
    row = 5
    for band in shogi.quick_table(preset):
        styles.style_computed(ws.cell(row, 1, gap_label(band.low, band.high, lang)), lang)
        for col, value in enumerate((band.upper_win, band.upper_loss,
                                     band.lower_win, band.lower_loss), 2):
            styles.style_computed(ws.cell(row, col, value), lang, points)
        row += 1
    cached.update(write_handicap_rows(ws, row + 1, preset, lang))
    return cached


def write_handicap_rows(ws: Worksheet, top: int, preset: shogi.TokinPreset,
                        lang: str) -> dict[str, object]:
    """The handicap table under the quick table: formulas reading Settings, so they follow
    a local edit. Returns the cached values."""
    cached: dict[str, object] = {}
    row = top
    styles.style_note(ws.cell(row, 1, Text("駒落ちは点差から調整点を引いて計算 (設定シートの表)",
                                           "Handicap games: the gap less the adjustment "
                                           "(the Settings table)")(lang)), lang)
    row += 1
    for i, text in enumerate((Text("手合割", "Handicap"), Text("点差", "Gap"),
                              Text("調整点", "Adjustment")), 1):
        styles.style_header(ws.cell(row, i, text(lang)), lang)
    names, _ = handicap_names(preset, lang)
    rows = preset.handicaps
    for k, handicap in enumerate(rows, 1):
        row += 1
        here, after = f"INDEX({HANDICAP['From']},{k})", f"(INDEX({HANDICAP['From']},{k + 1})-1)"
        if k == len(rows):
            span = Text(f'{here}&"点以上"', f'{here}&" or more"')(lang)
            span = fx.if_(f"ISNUMBER({here})", span, '"⚠"')
        else:
            span = f'{here}&"–"&{after}' if lang == "en" else f'{here}&"〜"&{after}&"点"'
            span = fx.if_(f"COUNT({here},INDEX({HANDICAP['From']},{k + 1}))=2", span, '"⚠"')
        high = rows[k].min_gap - 1 if k < len(rows) else None
        for col, (formula, shown) in enumerate((
                (f"INDEX({HANDICAP['Name']},{k})", names[k - 1]),
                (span, gap_label(handicap.min_gap, high, lang, "点")),
                (f"INDEX({HANDICAP['Adj']},{k})", handicap.adjustment)), 1):
            cell = ws.cell(row, col, "=" + formula)
            styles.style_computed(cell, lang)
            cached[cell.coordinate] = shown
    return cached


# --- Tokin: what the club ledger keeps -------------------------------------


@dataclass(frozen=True)
class TokinLedgerPreset(shogi.TokinPreset):
    start: float = 1500
    """Start of a player with neither a declared rank nor a rating (1級) **[assumed]**."""
    monthly: bool = True
    """Rating-list mode: every game of a month uses the last list (the club's practice)."""


TOKIN_LEDGER = extend(shogi.TOKIN, TokinLedgerPreset)
TOKIN_LEAGUE_LEDGER = extend(shogi.LEAGUE, TokinLedgerPreset)


class TokinRule(LedgerRule[TokinLedgerPreset]):
    engine = "tokin"
    example_starts = (1700, None, 1500, None, 1300)
    has_ranks = True
    monthly = True
    phone_widths: ClassVar[Mapping[str, tuple[float, float]]] = {"Handicap": (3.5, 4.5)}

    def settings(self, preset: TokinLedgerPreset) -> list[Setting]:
        return [s for s in TokinSheet().settings(extend(preset, TokinSheetPreset))
                if s.key not in ("Rank", "Start")]

    tables = TABLES

    def monthly_mode(self, preset: TokinLedgerPreset) -> bool:
        return preset.monthly

    def extras(self, preset: TokinLedgerPreset, lang: str) -> tuple[Column, ...]:
        return (handicap_column(preset, lang, width_en=9),)

    def change_formula(self, r: Row, side: str) -> str:
        if side == "B":
            return f"-{r['ChangeA']}"
        return delta_text(r["RatingA"], r["RatingB"], r["Result"], adjustment_text(r["Handicap"]))

    def change_value(self, c: Cells, side: str) -> float:
        if side == "B":
            return -c.num("ChangeA")
        return shogi.tokin_delta(c.num("RatingA"), c.num("RatingB"), c.num("Result"),
                                 c["Handicap"], c.preset)

    def rank_starts(self, preset: TokinLedgerPreset) -> tuple[tuple[str, float], ...]:
        return tuple(preset.start_table)

    def log_inputs(self, game: tuple[object, ...]) -> dict[str, object]:
        if len(game) > 3 and game[3] not in (None, ""):
            return {"Handicap": game[3]}
        return {}


LEDGER_PRESETS = {"tokin": (TokinRule(), TOKIN_LEDGER),
                  "tokin_league": (TokinRule(), TOKIN_LEAGUE_LEDGER)}
"""The club ledger's presets of this rule (:data:`.ledger.RULES`)."""


# --- the catalog's entries: TOKIN_DELTA, TOKIN_HANDICAP, TOKIN_START ----------------------

CATALOG_NAMES = ("Tokin_HandicapName", "Tokin_HandicapAlias")
"""The catalog's handicap names in both languages, which its drop-down rule reads."""
HANDICAP_WORDS = tuple(n for h in shogi.TOKIN.handicaps for n in (h.name, h.english))
HANDICAP_KIND = kc.Kind(
    kinds.Check(lambda r: f"IF(ISNUMBER({r}),{r}>=0,{fx.is_listed(r, *CATALOG_NAMES)})",
                lambda x: ((n := excel_number(x)) is not None and n >= 0)
                or kinds.text_in(x, HANDICAP_WORDS)),
    Text("空欄・手合割の名前・調整点", "blank, a handicap name or points"),
    Text("空欄=平手\n香落 など", "blank = even\nor 香落, lance"), "text",
    kc.listed_or_number(CATALOG_NAMES, Text(
        "空欄 = 平手。香落・角落 … (表) か 調整点の数",
        "Blank = even; a handicap of the Tables sheet, or adjustment points")), blank_ok=True)
RANK_KIND = kc.Kind(
    kinds.Check(lambda r: f"ISNUMBER({fx.exact_match(r, 'Tokin_RankLabel')})",
                lambda x: kinds.text_in(x, [label for label, _ in shogi.TOKIN.start_table])),
    Text("表の段級 (五段〜7級)", "a rank of the table (五段 to 7級)"),
    Text("五段〜7級", "五段 to 7級"),
    "choice", kc.validation_rule("list", Text("申告段級 (表)", "Declared rank (Tables sheet)"),
                                 kc.PICK_ERROR, None, "Tokin_RankLabel"),
    allowed=tuple(label for label, _ in shogi.TOKIN.start_table))


CATALOG_ENTRIES: tuple[kc.Entry, ...] = (
    kc.plain_entry("TOKIN_DELTA",
                   (kc.MY, kc.OPP, kc.RES,
                    kc.Arg("handicap", Text("手合割", "handicap"), HANDICAP_KIND)),
                   lambda my, opp, result, handicap: delta_text(
                       my, opp, result, adjustment_or_points_text(handicap)),
                   shogi.tokin_delta, kc.SIGNED),
    kc.plain_entry("TOKIN_HANDICAP",
                   kc.ratings(2000, 1850), handicap_text, shogi.tokin_handicap, type="text"),
    kc.plain_entry("TOKIN_START",
                   (kc.Arg("rank", Text("申告段級", "declared rank"), RANK_KIND, "初段"),),
                   start_text, shogi.tokin_start),
)
"""The worksheet functions as native formulas, for the formula catalog and LAMBDA names."""
CATALOG_TABLES = (
    kc.RuleTable(Text("と金: 手合割", "Tokin: handicaps"), ("TOKIN_DELTA", "TOKIN_HANDICAP"),
                 HANDICAPS.named("Tokin_"),
                 tuple((h.name, h.min_gap, h.adjustment, h.english)
                       for h in shogi.TOKIN.handicaps)),
    kc.RuleTable(Text("と金: 開始レート", "Tokin: starting ratings"), ("TOKIN_START",),
                 RANKS.named("Tokin_"),
                 tuple(shogi.TOKIN.start_table)),
)
"""The catalog's Tables sheet: the tables these formulas read by name."""
CATALOG_RENAMES = {
    **{setting_name(c.key): kc.lit(getattr(shogi.TOKIN, c.field)) for c in TOKIN_CONSTANTS},
    **kc.settings_renames(CATALOG_TABLES),
}
"""The Settings names the builders read: each the rule's default number or a table's name."""
