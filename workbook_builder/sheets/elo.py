"""The Elo personal rating sheet (RULES.md §3, seed 002): one player's own game log.

Layout (sheet 対局 / Games), the columns used at the table first:

    A 相手 Opponent   B 相手レート Opp. rating   C 勝敗 Score (1/0.5/0)   D 期間 Period
    E 期待値 Expected   F 相手期待値 Opp. expected   G 増減 Change   H 期間内 In period
    I レート Rating   J 状態 Status   K 日付 Date

Settings choose the mode: per game (the default, the engine's ``replay_elo`` without
periods) or per rating period. Per game, every counted row shows its new rating
``ROUND(old + K×(W−We))``. Per period, every game of a period is scored against the
rating at the period's start, 期間内 / In period shows the running unrounded value
``start + ΣK(W−We)``, and レート / Rating appears only on the period's last counted
row: ``ROUND(start + ΣK(W−We))``, and that row's computed cells turn bold on a
darker blue.

A period is a run of consecutive games with the same Period label. A blank label
means "same as the row above", so a label is typed on a period's first game only;
before any label all games form one period. A label typed again after another period
starts a new period. Labels compare like spreadsheet text (case does not matter).

Row rules (the same in the formulas and in :func:`evaluate`): a row counts when
opponent rating and score are present and valid and nothing else in the row is wrong;
a flagged row shows "⚠ …" in Status and is skipped; the half-filled *last* row is a
game in progress and shows its expected score. Hidden helper columns carry the chain:
Key (the row's period), LastKey (period of the last counted game), New (this game
opens a period), Base (rating the game is scored against), Start / Sum (the open
period's start and ΣK(W−We)), Close (rating if the period closed here), NextNew (the
next counted game opens a period, computed bottom-up), Count, CloseNo and the chart.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from openpyxl import Workbook
from openpyxl.formatting.rule import FormulaRule
from openpyxl.styles import Font, PatternFill

from rating_rules.common import round_half_away
from rating_rules.elo import EloPreset, elo_delta, elo_expected

from .. import formulas as fx
from ..formulas import elo as fe
from ..labels import CHART_TITLE, SETTINGS_TITLE, Text
from ..layout import Column, Row, Setting, Table, Validation
from ..package import CellError
from ..settings import setting_name, write_settings
from ..table import write_table
from ..template import Spec, TemplateError
from . import Built, SheetType
from .common import (
    add_history_chart,
    cached_by_row,
    decorate_games,
    excel_number,
    page_setup,
    sheet_title,
)

GAMES = Text("対局", "Games")
START = setting_name("Start")
K = setting_name("K")
PERIODS = setting_name("Periods")
SCALE = setting_name("Scale")
SETTLED_FILL = PatternFill("solid", fgColor="BDD7EE")
"""Computed cells of a row that settles a period's rating (by period)."""
MAX_EXPONENT = 300
"""A gap beyond 300 × scale would overflow 10^(gap/scale): such a row is flagged."""

MSG = {
    "settings": Text("⚠ 設定シートの値を確認", "⚠ check the Settings sheet"),
    "opp": Text("⚠ 相手レートは数値で", "⚠ opponent rating must be a number"),
    "score": Text("⚠ 勝敗は 1・0.5・0", "⚠ score must be 1, 0.5 or 0"),
    "date": Text("⚠ 日付は 5/26 の形で", "⚠ date: type it like 5/26"),
    "far": Text("⚠ 相手レートが離れすぎ", "⚠ opponent rating too far off"),
    "incomplete": Text("⚠ 入力が足りない (計算せず)", "⚠ incomplete row (not counted)"),
}
INPUT_KEYS = ("Opponent", "OppRating", "Score", "Period", "Date")
"""Input columns, in sheet order; what ``inputs`` rows may hold."""


@dataclass(frozen=True)
class EloSheetPreset(EloPreset):
    """The Elo rule's constants plus the mode the sheet starts in."""

    periods: bool = False
    """Rate by rating periods (True) or after every game (False, the engine's default)."""


SHEET_FIELDS = ("start", "k", "periods", "scale")
"""The constants the sheet shows on Settings (K bands and the linear curve it does not)."""


SETTINGS_OK = (f"AND(ISNUMBER({START}),IF(ISNUMBER({K}),{K}>0,FALSE),"
               f"IF(ISNUMBER({SCALE}),{SCALE}>0,FALSE),{fx.is_one_of(PERIODS, (1, 0))})")
"""TRUE when every Settings value is usable (K and scale positive, mode 1 or 0)."""


def status_formula(r: Row, lang: str) -> str:
    """The Status cell: "" (fine, empty or in progress) or the first problem found."""
    filled = f"COUNTA({r['Opponent']}:{r['Period']},{r['Date']})"
    later = [r.below(key) for key in INPUT_KEYS]
    later_filled = f"COUNTA({','.join(later)})>0" if later[0] else "FALSE"  # type: ignore[arg-type]
    opp = r["OppRating"]
    too_far = f"AND(ISNUMBER({opp}),ABS({opp}-{r['Base']})>{MAX_EXPONENT}*{SCALE})"
    cases = [
        (f"{filled}=0", '""'),
        (f"NOT({SETTINGS_OK})", fx.text(MSG["settings"](lang))),
        (fx.bad_if_filled(r["OppRating"], f"ISNUMBER({r['OppRating']})"),
         fx.text(MSG["opp"](lang))),
        (fx.bad_if_filled(r["Score"], fx.is_one_of(r["Score"], (1, 0.5, 0))),
         fx.text(MSG["score"](lang))),
        (fx.bad_if_filled(r["Date"], f"ISNUMBER({r['Date']})"), fx.text(MSG["date"](lang))),
        (too_far, fx.text(MSG["far"](lang))),
        (f"COUNT({r['OppRating']},{r['Score']})=2", '""'),
        (later_filled, fx.text(MSG["incomplete"](lang))),
    ]
    return fx.first_match(cases, '""')


def counted(r: Row) -> str:
    """TRUE on a counted row: only there is the change a number."""
    return f"ISNUMBER({r['Change']})"


def settles(r: Row) -> str:
    """TRUE on the last counted row of a period (every counted row when rating per game)."""
    return f"AND({counted(r)},{r['NextNew']})"


def expected_formula(r: Row, mine: bool) -> str:
    """My (or the opponent's) expected score, shown as soon as the opponent's rating is in."""
    my, opp = (r["Base"], r["OppRating"]) if mine else (r["OppRating"], r["Base"])
    shown = f"AND(ISNUMBER({r['OppRating']}),{r['Status']}=\"\")"
    return fx.if_(shown, fe.elo_expected(my, opp, SCALE), '""')


def change_formula(r: Row) -> str:
    count = f"AND({r['Status']}=\"\",COUNT({r['OppRating']},{r['Score']})=2)"
    return fx.if_(count, fe.elo_delta(r["Base"], r["OppRating"], r["Score"], K, SCALE), '""')


def next_new_formula(r: Row) -> str:
    """Whether the next counted game below opens a new period (TRUE when there is none)."""
    if r.number >= r.table.last_row:
        return "TRUE"
    below = r.table.row(r.number + 1)
    return fx.if_(counted(below), below["New"], below["NextNew"])


def chart_formula(r: Row, key: str) -> str:
    """The k-th rating (close) point while k ≤ closes so far, else NA() (left out)."""
    total = r.cell("CloseNo", r.table.last_row)
    point = (f"INDEX({r.column(key, with_lead=True)},"
             f"MATCH({r.k},{r.column('CloseNo', with_lead=True)},0))")
    return fx.if_(f"{r.k}<={total}", point, "NA()")


def carry(r: Row, key: str, value: str) -> str:
    """``value`` on a counted row, else the row above's ``key`` (skipped rows change nothing)."""
    return fx.if_(counted(r), value, r.prev(key))


def games_table(rows: int, lang: str) -> Table:
    """The Games table: input, computed and hidden helper columns."""
    def v(kind, prompt, error, op=None, f1=None, f2=None) -> Validation:
        return Validation(kind, op, f1, f2, prompt, error)

    def helper(key: str, label: Text, kind, formula, lead=None) -> Column:
        return Column(key, label, "helper", kind, 8, formula=formula, lead=lead, hidden=True,
                      lead_in_name=lead is not None)

    columns = (
        Column("Opponent", Text("相手", "Opponent"), "input", "text", 9, width_en=10,
               lead=Text("自分", "Me"),
               validation=v(None, Text("対戦相手の名前", "Opponent's name"), None)),
        Column("OppRating", Text("相手\nレート", "Opp.\nrating"), "input", "number", 7.5,
               validation=v("decimal",
                            Text("相手の今のレート。入れると期待値がわかります",
                                 "Opponent's current rating; shows the expected score"),
                            Text("数値を入力してください", "Type a number"),
                            "between", "-1000000", "1000000")),
        Column("Score", Text("勝敗\n1/0.5/0", "Score\n1/0.5/0"), "input", "choice", 7,
               number_format="General", allowed=(1, 0.5, 0),
               validation=v("list", Text("勝ち=1、引き分け=0.5、負け=0",
                                         "1 = win, 0.5 = draw, 0 = loss"),
                            Text("1・0.5・0 から選んでください", "Choose 1, 0.5 or 0"),
                            None, '"1,0.5,0"')),
        Column("Period", Text("期間", "Period"), "input", "text", 8.5, number_format="@",
               validation=v(None, Text(
                   "期間ごとの計算で使う期間 (例: 2024-05)。期間の最初の対局にだけ入れれば、"
                   "次の期間名までの行は同じ期間です。対局ごとの計算では使いません",
                   "Rating period (e.g. 2024-05), used when rating by period. Type it on a "
                   "period's first game: rows below belong to it until the next label"), None)),
        Column("Expected", Text("期待値", "Expected"), "computed", "number", 6.5, width_en=8.5,
               number_format="0.000", formula=lambda r: expected_formula(r, mine=True)),
        Column("OppExpected", Text("相手\n期待値", "Opp.\nexpected"), "computed", "number", 6.5,
               width_en=8.5, number_format="0.000",
               formula=lambda r: expected_formula(r, mine=False)),
        Column("Change", Text("増減", "Change"), "computed", "number", 6.5, width_en=7.5,
               number_format="+0.0;-0.0;0.0", formula=change_formula),
        Column("InPeriod", Text("期間内\nレート", "In\nperiod"), "computed", "number", 7.5,
               number_format="0.0",
               formula=lambda r: fx.if_(f"AND({counted(r)},{PERIODS}=1)",
                                        f"{r['Start']}+{r['Sum']}", '""')),
        Column("Rating", Text("レート", "Rating"), "computed", "number", 7,
               lead=lambda r: START,
               formula=lambda r: fx.if_(settles(r), r["Close"], '""')),
        Column("Status", Text("状態", "Status"), "computed", "text", 22, width_en=30,
               formula=lambda r: status_formula(r, lang),
               allowed=("", *(m(lang) for m in MSG.values()))),
        Column("Date", Text("日付", "Date"), "input", "date", 10.5, number_format="yyyy/m/d",
               validation=v("date", Text("5/26 のように入力", "Type like 5/26"),
                            Text("日付を入力してください", "Type a date"),
                            "greaterThanOrEqual", "1")),
        helper("Key", Text("計算用 期間", "Period key"), "text",
               lambda r: fx.if_(fx.is_blank(r["Period"]), r.prev("Key"), r["Period"]),
               lead=lambda r: '""'),
        helper("LastKey", Text("計算用 前の期間", "Last period key"), "text",
               lambda r: carry(r, "LastKey", r["Key"]), lead=lambda r: '""'),
        helper("New", Text("計算用 新しい期間", "Opens a period"), "text",
               lambda r: f"OR({PERIODS}<>1,{r['Key']}<>{r.prev('LastKey')})"),
        helper("Base", Text("計算用 対局時レート", "Rating played at"), "number",
               lambda r: fx.if_(r["New"], r.prev("Close"), r.prev("Start"))),
        helper("Start", Text("計算用 期間開始レート", "Period start"), "number",
               lambda r: carry(r, "Start", r["Base"]), lead=lambda r: START),
        helper("Sum", Text("計算用 期間内の増減計", "Period sum"), "number",
               lambda r: carry(r, "Sum", f"IF({r['New']},0,{r.prev('Sum')})+{r['Change']}"),
               lead=lambda r: "0"),
        helper("Close", Text("計算用 レート", "Rating if closed"), "number",
               lambda r: carry(r, "Close", fe.elo_rounded(r["Start"], r["Sum"])),
               lead=lambda r: START),
        helper("NextNew", Text("計算用 次が新しい期間", "Next opens a period"), "text",
               next_new_formula),
        helper("Count", Text("計算用 対局数", "Games counted"), "integer",
               lambda r: f"{r.prev('Count')}+IF({counted(r)},1,0)", lead=lambda r: "0"),
        helper("CloseNo", Text("計算用 レート確定数", "Ratings so far"), "integer",
               lambda r: f"{r.prev('CloseNo')}+IF({settles(r)},1,0)",
               lead=lambda r: "0"),
        helper("ChartX", Text("グラフ用 対局", "Chart game"), "integer",
               lambda r: chart_formula(r, "Count"), lead=lambda r: chart_formula(r, "Count")),
        helper("ChartY", Text("グラフ用 レート", "Chart rating"), "number",
               lambda r: chart_formula(r, "Close"), lead=lambda r: chart_formula(r, "Close")),
    )
    return Table("Games", GAMES, columns, rows)


def settings_for(preset: EloSheetPreset) -> list[Setting]:
    return [
        Setting("Start", Text("開始レート", "Starting rating"),
                Text("最初の対局の前のレート (なければ1500)",
                     "Before your first game (none yet: 1500)"),
                preset.start,
                Validation("decimal", "between", "-1000000", "1000000",
                           Text("最初のレート", "Starting rating"),
                           Text("数値を入力", "Type a number")),
                preset_field="start"),
        Setting("K", Text("K (係数)", "K factor"),
                Text("1局の重み: 32・24・16・12・8 など", "Weight of a game: 32, 24, 16, 12, 8 …"),
                preset.k,
                Validation("decimal", "greaterThan", "0", None,
                           Text("0より大きい数値 (例: 32)", "A number above 0 (e.g. 32)"),
                           Text("0より大きい数値", "A number above 0")),
                minimum=0, preset_field="k"),
        Setting("Periods", Text("期間ごとに計算", "Rate by period"),
                Text("0 = 対局ごと、1 = 期間ごと (下の説明)",
                     "0 = after every game, 1 = by period"),
                int(preset.periods),
                Validation("list", None, '"0,1"', None,
                           Text("0 = 対局ごと、1 = 期間ごと", "0 = per game, 1 = per period"),
                           Text("0 か 1 を選んでください", "Choose 0 or 1")),
                type="choice", preset_field="periods"),
        Setting("Scale", Text("レート差の尺度", "Rating scale"),
                Text("この差で期待値が 10:1 (ふつう400)", "Gap where the odds are 10:1 (400)"),
                preset.scale,
                Validation("decimal", "greaterThan", "0", None,
                           Text("ふつう400", "Usually 400"),
                           Text("0より大きい数値", "A number above 0")),
                minimum=0, preset_field="scale"),
    ]


RULE_NOTES = (
    Text("ルール (イロレーティング)", "Rules (Elo rating)"),
    Text("期待値 We = 1 / (1 + 10^((相手 − 自分) / 尺度))、相手の期待値 = 1 − We",
         "Expected We = 1 / (1 + 10^((opponent − me) / scale)); opponent's = 1 − We"),
    Text("増減 = K × (W − We)。W: 勝ち1、引き分け0.5、負け0",
         "Change = K × (W − We); W = 1 win, 0.5 draw, 0 loss"),
    Text("対局ごと: 新しいレート = ROUND(前のレート + 増減)",
         "Per game: new rating = ROUND(old + change)"),
    Text("期間ごと: 期間内の対局はすべて期間の最初のレートで計算し、",
         "By period: every game of a period uses the rating at its start;"),
    Text("　期間の最後の行に ROUND(最初のレート + 増減の合計)",
         "  its last row shows ROUND(start + sum of changes)."),
    Text("期間名は期間の最初の対局にだけ入力 (空欄は上の行と同じ期間)。",
         "Type a period on its first game only (blank = same as the row above)."),
    Text("⚠ の行と入力途中の行は計算に入りません (レートは前の行から続きます)。",
         "Rows marked ⚠ and unfinished rows are not counted (the rating carries on)."),
    Text("丸めは Excel の ROUND (四捨五入)。",
         "Rounding is Excel's ROUND (halves away from zero)."),
)

EXAMPLE_NAMES = {"ja": ("田中", "鈴木", "佐藤", "高橋", "伊藤", "山本", "中村", "小林", "加藤"),
                 "en": ("Alice", "Bob", "Carol", "Dan", "Erin", "Frank", "Grace", "Heidi",
                        "Ivan")}


def example_games(lang: str) -> list[dict[str, object]]:
    """Seed 002's six-game period, a second period, one flagged row, a game in progress."""
    names = EXAMPLE_NAMES[lang]
    day = dt.date(2024, 5, 11)
    seed = [(1700, 0.5), (1600, 1), (1850, 0), (1900, 0.5), (1800, 0), (1550, 1)]
    games: list[dict[str, object]] = [
        {"Opponent": names[i], "OppRating": opp, "Score": score, "Date": day}
        for i, (opp, score) in enumerate(seed)]
    games[0]["Period"] = "2024-05"
    june = dt.date(2024, 6, 8)
    games += [
        {"Opponent": names[6], "OppRating": 1580, "Score": 1, "Period": "2024-06", "Date": june},
        {"Opponent": names[7], "OppRating": 1620, "Score": 2, "Date": june},
        {"Opponent": names[8], "OppRating": 1490, "Score": 0.5, "Date": june},
        {"Opponent": names[0], "OppRating": 1710, "Date": june},
    ]
    return games


SETTLED_ONLY = Text(
    "入力は「対局」シートで。グラフは確定したレートだけ (期間ごとなら期間の最後)。",
    "Type games on the Games sheet; the chart shows settled ratings only.")


class EloSheet(SheetType):
    """Workbook type ``system = "elo"``."""

    system = "elo"
    presets: ClassVar[Mapping[str, Any]] = {"default": EloSheetPreset()}
    start_field = "start"

    def constant_fields(self, preset: str) -> tuple[str, ...]:
        return SHEET_FIELDS

    def preset_for(self, spec: Spec) -> Any:
        """The named preset with the template's constants, checked like the Settings cells."""
        values = dict(spec.constants)
        where = f"{spec.source}: " if spec.source else ""
        if values.get("periods", 0) not in (0, 1):
            raise TemplateError(f"{where}constants.periods = {values['periods']!r}: must be 0 "
                                "(per game) or 1 (per period)")
        for name in ("k", "scale"):
            if values.get(name, 1) <= 0:
                raise TemplateError(f"{where}constants.{name} = {values[name]!r}: must be "
                                    "greater than 0")
        if "periods" in values:
            values["periods"] = bool(values["periods"])
        return dataclasses.replace(self.presets[spec.preset], **values)

    def example_inputs(self, lang: str) -> list[dict[str, object]]:
        return example_games(lang)

    def default_title(self, lang: str) -> str:
        return Text("イロレーティング", "Elo rating")(lang)

    def populate(self, wb: Workbook, spec: Spec, preset: Any,
                 inputs: Sequence[Mapping[str, object]]) -> Built:
        lang = spec.lang
        table = games_table(spec.rows, lang)
        games = wb.create_sheet(GAMES(lang))
        chart_ws = wb.create_sheet(CHART_TITLE(lang))
        settings_ws = wb.create_sheet(SETTINGS_TITLE(lang))
        title = sheet_title(spec, self.default_title(lang))

        names = write_table(games, table, lang, inputs, flag="Status")
        _mark_period_ends(games, table)
        decorate_games(games, table, lang, title, "Status")

        names += write_settings(settings_ws, f"{SETTINGS_TITLE(lang)} ・ {title}",
                                settings_for(preset), lang, RULE_NOTES)

        add_history_chart(chart_ws, games, table, lang, Text("レートの推移", "Rating history"),
                          Text("レート", "rating"), SETTLED_ONLY)

        for ws in (games, chart_ws, settings_ws):
            page_setup(ws)
        cached = {games.title: cached_by_row(table, evaluate(preset, inputs, spec.rows, lang))}
        return Built(names, cached)


def _mark_period_ends(ws, table: Table) -> None:
    """By period, the computed cells of a row that settles a period: bold on darker blue."""
    keys = [c.key for c in table.columns if c.role == "computed"]
    first, last = table.letter(keys[0]), table.letter(keys[-1])
    ws.conditional_formatting.add(
        f"{first}{table.first_row}:{last}{table.last_row}",
        FormulaRule(formula=[f"AND({PERIODS}=1,ISNUMBER(${table.letter('Rating')}"
                             f"{table.first_row}))"],
                    font=Font(bold=True), fill=SETTLED_FILL))


def evaluate(preset: EloSheetPreset, inputs: Sequence[Mapping[str, object]], rows: int,
             lang: str) -> list[dict[str, object]]:
    """What every formula of the Games table shows, computed with the engine.

    Index 0 is the "Me" row, then one dict per game row. These become the cached
    values; the tests check them against LibreOffice and the engine's ``replay``,
    not against this function.
    """
    padded = [dict(inputs[i]) if i < len(inputs) else {} for i in range(rows)]
    last_filled = max((i for i, row in enumerate(padded)
                       if any(row.get(k) is not None for k in INPUT_KEYS)), default=-1)
    start = close = float(preset.start)
    total, count = 0.0, 0
    key: object = ""
    last_key: object = ""
    out: list[dict[str, object]] = [{"Rating": start, "Key": "", "LastKey": "", "Start": start,
                                     "Sum": 0, "Close": start, "Count": 0, "CloseNo": 0}]
    for i, row in enumerate(padded):
        label = row.get("Period")
        key = key if label is None else _cell_value(label)
        new = not preset.periods or not same_period(key, last_key)
        base = close if new else start
        status = _status(row, base, preset, later_filled=i < last_filled, lang=lang)
        opp, score = excel_number(row.get("OppRating")), excel_number(row.get("Score"))
        shown = opp is not None and status == ""
        values: dict[str, object] = {
            "Expected": elo_expected(base, opp, preset) if shown else "",
            "OppExpected": elo_expected(opp, base, preset) if shown else "",
            "Change": "", "InPeriod": "", "Status": status, "Key": key, "New": new,
            "Base": base,
        }
        if shown and score is not None:
            change = elo_delta(base, opp, score, preset.k, preset)
            start = base
            total = (total if not new else 0.0) + change
            close = float(round_half_away(start + total))
            last_key = key
            count += 1
            values["Change"] = change
            values["InPeriod"] = start + total if preset.periods else ""
        values.update(LastKey=last_key, Start=start, Sum=total, Close=close, Count=count)
        out.append(values)
    next_new = True
    for values in reversed(out[1:]):
        values["NextNew"] = next_new
        if values["Change"] != "":
            next_new = bool(values["New"])
    closes = [(0, out[0]["Close"])]
    for values in out[1:]:
        settles = values["Change"] != "" and values["NextNew"]
        values["Rating"] = values["Close"] if settles else ""
        if settles:
            closes.append((values["Count"], values["Close"]))
        values["CloseNo"] = len(closes) - 1
    for k, values in enumerate(out):
        values["ChartX"], values["ChartY"] = closes[k] if k < len(closes) else (
            CellError("#N/A"), CellError("#N/A"))
    return out


def same_period(a: object, b: object) -> bool:
    """Whether two period keys are equal the way a spreadsheet's ``=`` sees them."""
    if isinstance(a, str) and isinstance(b, str):
        return a.lower() == b.lower()
    if isinstance(a, str) or isinstance(b, str):
        return False
    return a == b


def _status(row: Mapping[str, object], base: float, preset: EloPreset, later_filled: bool,
            lang: str) -> str:
    values = {k: row.get(k) for k in INPUT_KEYS}
    if all(v is None for v in values.values()):
        return ""
    checks = (
        ("OppRating", "opp", lambda x: excel_number(x) is not None),
        ("Score", "score", lambda x: excel_number(x) in (0.0, 0.5, 1.0)),
        ("Date", "date", lambda x: excel_number(x) is not None),
    )
    for key, message, valid in checks:
        if values[key] is not None and not valid(values[key]):
            return MSG[message](lang)
    opp = excel_number(values["OppRating"])
    if opp is not None and abs(opp - base) > MAX_EXPONENT * preset.scale:
        return MSG["far"](lang)
    if opp is not None and excel_number(values["Score"]) is not None:
        return ""
    return MSG["incomplete"](lang) if later_filled else ""


def _cell_value(value: object) -> object:
    """A typed value as a formula reading the cell gets it (a date is its serial number)."""
    number = excel_number(value)
    return number if number is not None else value


__all__ = ["EloSheet", "EloSheetPreset", "evaluate", "games_table", "same_period"]
