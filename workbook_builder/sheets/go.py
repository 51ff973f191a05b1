"""The Go dan/kyu points sheet (RULES.md §4, seed 001): one player's own game log.

Layout (sheet 対局 / Games), columns used at the board first:

    A 相手 Opponent   B 相手段級位 Opp. rank   C 正規の手合 Regular handicap (hint)
    D 手合 Handicap (rank difference, blank = regular)   E 種類 Type   F 勝敗 Result
    G 倍率 Multiplier   H 増減 Change   I ポイント Points   J 段級位 Rank
    K 表示 Label (Japanese, 仮 while provisional)   L レート局数 Rated game #
    M 状態 Status   N 日付 Date

Row 3 ("自分"/"Me") shows the start: the declared rank from Settings, its start points
(or the points typed on Settings) and the rated games played before this sheet. Hidden
helpers carry the player's state from row to row: rank index, points, rated games,
games in a row that were not rated (for the +50 bonus rule), plus the chart points.

Row rules (the same in the formulas and in :func:`evaluate`):
- a row is a game once it is complete: a rated or vs-provisional game needs the
  opponent's rank and the result; a forfeit win/loss or an unrated game needs only
  its type (a typed result must agree with the forfeit);
- blank type = rated; blank handicap = the regular one (shown in C as a hint), a
  typed handicap is the rank difference it stands for (0–9 in half steps);
- a game row shows change, points, rank (after the border-zone check), label with 仮
  until ``provisional_games`` rated games, and either its rated-game number or why
  it did not count; skipped rows (blank, half-filled, flagged) change nothing;
- a flagged row shows "⚠ …"; a half-filled *last* row is a game in progress.

Sheet-level restriction: the player starts on the ladder (17k or stronger) and never
falls into BC (the engine's 17k does not demote), so the BC rules for "me" (no points,
leaving after 5 wins) never apply here; the opponent may be BC.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from openpyxl import Workbook
from openpyxl.styles import Alignment
from openpyxl.worksheet.worksheet import Worksheet

from rating_rules.go import (
    GO,
    GoPreset,
    GoRank,
    _rated_change,
    go_delta,
    next_rank,
    rank_difference,
    rank_label,
    regular_handicap,
    start_points,
)

from .. import formulas as fx
from .. import styles
from ..formulas import go as gx
from ..labels import (
    CHART_TITLE,
    SETTINGS_HEADER,
    SETTINGS_TITLE,
    Text,
)
from ..layout import Column, NameInfo, Row, Table, Validation
from ..package import CellError
from ..settings import setting_name
from ..table import add_validation, define_name, write_table
from ..template import Spec
from . import Built, SheetType
from .common import (
    add_history_chart,
    cached_by_row,
    chart_columns,
    count_column,
    decorate_games,
    excel_number,
    page_setup,
    running_column,
    sheet_title,
)

GAMES = Text("対局", "Games")
LADDER_TITLE = Text("昇段・降段表", "Promotion table")
HANDICAP_TITLE = Text("手合割表", "Handicap table")
START_RANK = setting_name("StartRank")
START_POINTS = setting_name("StartPoints")
RATED_BEFORE = setting_name("RatedBefore")
PROV_GAMES = setting_name("ProvisionalGames")

TYPES = (Text("通常", "rated"), Text("不戦勝", "forfeit win"), Text("不戦敗", "forfeit loss"),
         Text("対仮・BC", "vs provisional"), Text("非レート", "unrated"))
"""Game types in dropdown order (kind 1–5); blank = rated."""
ENGINE_TYPE = ("rated", "forfeit", "forfeit", "provisional", "unrated")
REASON = {"forfeit": Text("不戦", "forfeit"), "provisional": Text("仮・BC", "bonus"),
          "unrated": Text("非レート", "unrated"), "rated": Text("対象外", "off table")}
"""Rated-game # column of a game that did not count as rated, by its engine type."""
MSG = {
    "settings": Text("⚠ 設定シートの値を確認", "⚠ check the Settings sheet"),
    "rank": Text("⚠ 相手の段級位は一覧から", "⚠ opponent's rank: pick from the list"),
    "handicap": Text("⚠ 手合は段位差 (0.5刻み)", "⚠ handicap: 0-9 in 0.5 steps"),
    "type": Text("⚠ 種類は一覧から", "⚠ game type: pick from the list"),
    "result": Text("⚠ 勝敗は1か0", "⚠ result must be 1 or 0"),
    "date": Text("⚠ 日付は 5/26 の形で", "⚠ date: type it like 5/26"),
    "forfeit": Text("⚠ 不戦勝・不戦敗と勝敗が違う", "⚠ result contradicts the forfeit"),
    "incomplete": Text("⚠ 入力が足りない (計算せず)", "⚠ incomplete row (not counted)"),
}
INPUT_KEYS = ("Opponent", "OppRank", "Handicap", "GameType", "Result", "Date")


def _types_array() -> str:
    """Both languages' type labels: a type typed or pasted in either language is read."""
    return "{" + ",".join(fx.text(t(lang)) for lang in ("ja", "en") for t in TYPES) + "}"


def settings_ok() -> str:
    """TRUE when the player's Settings (start rank, start points, games before) are usable."""
    rank = gx.go_rank_index(START_RANK, gx.LADDER_CODE)
    return (f"AND({rank}>0,{fx.is_whole_at_least(RATED_BEFORE, 0)},"
            f"OR(ISBLANK({START_POINTS}),ISNUMBER({START_POINTS})))")


def kind_formula(r: Row) -> str:
    """1–5 by :data:`TYPES` (blank = 1, rated; either language); 0 for anything else."""
    arr = _types_array()
    m = f"MATCH({r['GameType']},{arr},0)"
    return (f"IF(ISBLANK({r['GameType']}),1,IF(ISNUMBER({m}),"
            f"IF(INDEX({arr},{m})={r['GameType']},MOD({m}-1,{len(TYPES)})+1,0),0))")


def handicap_ok(ref: str) -> str:
    return (f"IF(ISNUMBER({ref}),AND({ref}>=0,{ref}<={gx.MAX_HANDICAP},"
            f"{ref}*2=INT({ref}*2)),FALSE)")


def complete(r: Row) -> str:
    kind = r["Kind"]
    return (f"OR({kind}=2,{kind}=3,{kind}=5,"
            f"AND({r['OppIdx']}>0,COUNT({r['Result']})=1))")


def status_formula(r: Row, lang: str) -> str:
    """The Status cell: "" (fine, empty or in progress) or the first problem found."""
    filled = (f"COUNTA({r['Opponent']}:{r['OppRank']},{r['Handicap']}:{r['Result']},"
              f"{r['Date']})")
    later = [r.below(key) for key in INPUT_KEYS]
    later_filled = f"COUNTA({','.join(later)})>0" if later[0] else "FALSE"  # type: ignore[arg-type]
    kind = r["Kind"]
    cases = [
        (f"{filled}=0", '""'),
        (f"NOT({settings_ok()})", fx.text(MSG["settings"](lang))),
        (f"AND(NOT(ISBLANK({r['OppRank']})),{r['OppIdx']}=0)", fx.text(MSG["rank"](lang))),
        (fx.bad_if_filled(r["Handicap"], handicap_ok(r["Handicap"])),
         fx.text(MSG["handicap"](lang))),
        (f"{kind}=0", fx.text(MSG["type"](lang))),
        (fx.bad_if_filled(r["Result"], fx.is_one_of(r["Result"], (1, 0))),
         fx.text(MSG["result"](lang))),
        (fx.bad_if_filled(r["Date"], f"ISNUMBER({r['Date']})"), fx.text(MSG["date"](lang))),
        (f"AND(OR({kind}=2,{kind}=3),ISNUMBER({r['Result']}),{r['Result']}<>{r['Won']})",
         fx.text(MSG["forfeit"](lang))),
        (complete(r), '""'),
        (later_filled, fx.text(MSG["incomplete"](lang))),
    ]
    return fx.first_match(cases, '""')


def vs_bc(r: Row) -> str:
    return f"IF({r['OppIdx']}>0,INDEX({gx.RANK_CODE},{r['OppIdx']})=\"BC\",FALSE)"


def change_formula(r: Row) -> str:
    counted = f"AND({r['Status']}=\"\",{complete(r)})"
    delta = gx.go_delta(gx.go_rank_value(r.prev("RankIdx")), vs_bc(r), r["Won"],
                        f"({r.prev('Rated')}+1)", r["Exch"], r["Type"],
                        f"{r.prev('Streak')}>=2")
    return fx.if_(counted, delta, '""')


def is_rated_formula(r: Row) -> str:
    """1 when the game counts as a rated game (rated type, ladder opponent, on the table)."""
    return (f"IF(AND(ISNUMBER({r['Change']}),{r['Type']}=\"rated\",NOT({vs_bc(r)}),"
            f"ISNUMBER({r['Exch']})),1,0)")


def counted_formula(r: Row, lang: str) -> str:
    reason = fx.first_match([
        (f"{r['Type']}=\"forfeit\"", fx.text(REASON["forfeit"](lang))),
        (f"{r['Type']}=\"unrated\"", fx.text(REASON["unrated"](lang))),
        (f"OR({r['Type']}=\"provisional\",{vs_bc(r)})", fx.text(REASON["provisional"](lang))),
    ], fx.text(REASON["rated"](lang)))
    rated = fx.if_(f"{r['IsRated']}=1", r["Rated"], reason)
    return fx.if_(f"ISNUMBER({r['Change']})", rated, '""')


def shown(r: Row, value: str) -> str:
    return fx.if_(f"ISNUMBER({r['Change']})", value, '""')


def lead_rank_idx() -> str:
    m = f"MATCH({START_RANK},{gx.LADDER_CODE},0)"
    return f"IF(ISNUMBER({m}),{m},1)"


def lead_points(r: Row) -> str:
    typed = f"AND(NOT(ISBLANK({START_POINTS})),ISNUMBER({START_POINTS}))"
    return fx.if_(typed, START_POINTS, gx.go_start_points(r["RankIdx"]))


def games_table(rows: int, lang: str) -> Table:
    """The Games table: input, computed and hidden helper columns."""
    def v(kind, prompt, error, op=None, f1=None, f2=None) -> Validation:
        return Validation(kind, op, f1, f2, prompt, error)

    type_list = '"' + ",".join(t(lang) for t in TYPES) + '"'
    columns = (
        Column("Opponent", Text("相手", "Opponent"), "input", "text", 9, width_en=10,
               lead=Text("自分", "Me"),
               validation=v(None, Text("対戦相手の名前", "Opponent's name"), None)),
        Column("OppRank", Text("相手\n段級位", "Opp.\nrank"), "input", "choice", 6.5,
               allowed=(*(code for code, _, _ in GO.table), "BC"),
               validation=v("list", Text("相手の段級位コード (1d+, 3k, BC …)",
                                         "Opponent's rank code (1d+, 3k, BC …)"),
                            Text("一覧から選んでください", "Pick a rank from the list"),
                            None, gx.RANK_CODE)),
        Column("Regular", Text("正規の手合 (参考)", "Regular handicap (hint)"), "computed",
               "text", 23, width_en=30,
               formula=lambda r: fx.if_(f"{r['OppIdx']}>0",
                                        gx.go_handicap_for_difference(r["Diff"], lang), '""')),
        Column("Handicap", Text("手合\n(段位差)", "Handicap\n(rank diff)"), "input", "number",
               7, width_en=10.5, number_format="0.0", minimum=0,
               validation=v("decimal",
                            Text("正規の手合なら空欄。違う手合なら、その手合が表す段位差 "
                                 "(0〜9、0.5刻み)",
                                 "Blank = the regular handicap. Otherwise the rank "
                                 "difference the handicap played stands for (0-9, half steps)"),
                            Text("0〜9 の数 (0.5刻み)", "A number from 0 to 9 (half steps)"),
                            "between", "0", "9")),
        Column("GameType", Text("種類", "Type"), "input", "choice", 8.5, width_en=13,
               allowed=("", *(t(lang) for t in TYPES)),
               validation=v("list", Text("空欄 = 通常のレート対局", "Blank = a rated game"),
                            Text("一覧から選んでください", "Pick a type from the list"),
                            None, type_list)),
        Column("Result", Text("勝敗 1/0", "Result 1/0"), "input", "choice", 5.5, width_en=7,
               number_format="0", allowed=(1, 0),
               validation=v("list", Text("勝ち=1、負け=0", "1 = win, 0 = loss"),
                            Text("勝ちは1、負けは0", "Win is 1, loss is 0"), None, '"1,0"')),
        Column("Mult", Text("倍率", "Mult."), "computed", "number", 5.5, width_en=6,
               number_format='"×"0.0#',
               formula=lambda r: fx.if_(f"{r['IsRated']}=1",
                                        gx.go_multiplier(r["Rated"]), '""')),
        Column("Change", Text("増減", "Change"), "computed", "number", 7.5,
               number_format="+0.0;-0.0;0", formula=change_formula),
        Column("Points", Text("ポイント", "Points"), "computed", "number", 8.5,
               number_format="0.0", lead=lambda r: r["Running"],
               formula=lambda r: shown(r, r["Running"])),
        Column("Rank", Text("段級位", "Rank"), "computed", "text", 5.5, width_en=6,
               lead=lambda r: f"INDEX({gx.RANK_CODE},{r['RankIdx']})",
               formula=lambda r: shown(r, f"INDEX({gx.RANK_CODE},{r['RankIdx']})")),
        Column("Label", Text("表示", "Label"), "computed", "text", 9.5,
               lead=lambda r: gx.go_rank_label(r["RankIdx"], f"{r['Rated']}<{PROV_GAMES}"),
               formula=lambda r: shown(r, gx.go_rank_label(r["RankIdx"],
                                                           f"{r['Rated']}<{PROV_GAMES}"))),
        Column("Counted", Text("レート\n何局目", "Rated\ngame #"), "computed", "text", 6.5,
               width_en=8, number_format="0", lead=lambda r: r["Rated"],
               allowed=tuple(t(lang) for t in REASON.values()),
               formula=lambda r: counted_formula(r, lang)),
        Column("Status", Text("状態", "Status"), "computed", "text", 22, width_en=26,
               formula=lambda r: status_formula(r, lang),
               allowed=("", *(m(lang) for m in MSG.values()))),
        Column("Date", Text("日付", "Date"), "input", "date", 10.5, number_format="yyyy/m/d",
               validation=v("date", Text("5/26 のように入力", "Type like 5/26"),
                            Text("日付を入力してください", "Type a date"),
                            "greaterThanOrEqual", "1")),
        # hidden helpers: the row's reading of its inputs, then the carried state
        Column("OppIdx", Text("計算用 相手", "Opp. index"), "helper", "integer", 6, hidden=True,
               formula=lambda r: gx.go_rank_index(r["OppRank"])),
        Column("Kind", Text("計算用 種類", "Type no."), "helper", "integer", 6, hidden=True,
               formula=kind_formula),
        Column("Type", Text("計算用 種別", "Engine type"), "helper", "text", 8, hidden=True,
               allowed=tuple(dict.fromkeys(ENGINE_TYPE)),
               formula=lambda r: fx.if_(f"{r['Kind']}>0", "CHOOSE(" + r["Kind"] + "," + ",".join(
                   fx.text(t) for t in ENGINE_TYPE) + ")", '""')),
        Column("Won", Text("計算用 勝ち", "Won"), "helper", "integer", 6, hidden=True,
               formula=lambda r: (f"IF({r['Kind']}=2,1,IF({r['Kind']}=3,0,"
                                  f"IF(ISNUMBER({r['Result']}),{r['Result']},0)))")),
        Column("Diff", Text("計算用 段位差", "Rank diff."), "helper", "number", 6, hidden=True,
               formula=lambda r: fx.if_(f"{r['OppIdx']}>0",
                                        gx.go_rank_difference(r.prev("RankIdx"), r["OppIdx"]),
                                        '""')),
        Column("Exch", Text("計算用 交換", "Exchange"), "helper", "number", 6, hidden=True,
               formula=lambda r: fx.if_(f"AND(ISNUMBER({r['Diff']}),OR(ISBLANK({r['Handicap']}),"
                                        f"{handicap_ok(r['Handicap'])}))",
                                        gx.go_rated_change(r["Diff"], r["Handicap"], r["Won"]),
                                        '""')),
        Column("IsRated", Text("計算用 レート", "Is rated"), "helper", "integer", 6, hidden=True,
               formula=is_rated_formula),
        Column("Rated", Text("計算用 レート局数", "Rated games"), "helper", "integer", 6,
               hidden=True, lead_in_name=True,
               lead=lambda r: fx.if_(fx.is_whole_at_least(RATED_BEFORE, 0), RATED_BEFORE, "0"),
               formula=lambda r: f"{r.prev('Rated')}+{r['IsRated']}"),
        Column("Streak", Text("計算用 非レート連続", "Unrated streak"), "helper", "integer", 6,
               hidden=True, lead_in_name=True, lead=lambda r: "0",
               formula=lambda r: fx.if_(f"ISNUMBER({r['Change']})",
                                        fx.if_(f"{r['IsRated']}=1", "0", f"{r.prev('Streak')}+1"),
                                        r.prev("Streak"))),
        running_column(Text("計算用 ポイント", "Running points"), lead_points),
        Column("RankIdx", Text("計算用 段級位", "Rank index"), "helper", "integer", 6,
               hidden=True, lead_in_name=True, lead=lambda r: lead_rank_idx(),
               formula=lambda r: fx.if_(f"ISNUMBER({r['Change']})",
                                        gx.go_next_rank(r.prev("RankIdx"), r["Running"]),
                                        r.prev("RankIdx"))),
        count_column(Text("計算用 対局数", "Games counted"), width=6),
        *chart_columns(Text("グラフ用 ポイント", "Chart points"), x_width=6),
    )
    return Table("Games", GAMES, columns, rows)


# --- Settings -------------------------------------------------------------------------------

def _scalar_settings(preset: GoPreset) -> list[tuple[str, Text, Text, object, Validation]]:
    """(key, label, note, value, validation) of each single-cell setting, in sheet order."""
    def num(lo: str, prompt: Text, whole: bool = False) -> Validation:
        return Validation("whole" if whole else "decimal", "greaterThanOrEqual", lo, None,
                          prompt, Text("0以上の数値", "A number, 0 or more"))

    rank_list = Validation("list", None, gx.LADDER_CODE, None,
                           Text("一覧から段級位コードを選ぶ", "Pick a rank code"),
                           Text("一覧の段級位コード (10d〜17k)", "A rank code from the list"))
    return [
        ("StartRank", Text("申告した段級位", "Declared rank"),
         Text("始めの段級位 (10d〜17k。BC からは始められません)",
              "Starting rank (10d to 17k; the sheet cannot start in BC)"),
         preset.default_rank, rank_list),
        ("StartPoints", Text("開始ポイント", "Starting points"),
         Text("空欄 = 申告段級位の昇段点と降段点の中央。続きから始めるなら今のポイント",
              "Blank = middle of the declared rank's band; to continue, your current points"),
         None, Validation("decimal", "between", "-1000000", "1000000",
                          Text("空欄でよい", "May stay blank"),
                          Text("数値を入力", "Type a number"))),
        ("RatedBefore", Text("これまでのレート対局数", "Rated games before"),
         Text("このシートより前に打ったレート対局の数 (倍率と仮の判定に使う)",
              "Rated games played before this sheet (for the multiplier and 仮)"),
         0, num("0", Text("0以上の整数", "Whole number, 0 or more"), whole=True)),
        ("RegularPoints", Text("正規手合の交換点", "Regular exchange"),
         Text("正規の手合で勝者 +、敗者 − (既定 100)", "Regular handicap: winner +, loser −"),
         preset.regular_points, num("0", Text("既定 100", "Default 100"))),
        ("MaxGap", Text("非正規手合の段位差上限", "Max gap off regular"),
         Text("正規でない手合で、これより段位差が大きいと非レート", "Off the regular handicap, "
              "players further apart than this are unrated"),
         preset.max_gap_off_regular, num("0", Text("既定 3", "Default 3"))),
        ("MaxHandicap", Text("最大の手合 (段位差)", "Max handicap"),
         Text("9子・上手5目半コミ出し = 9", "9 stones, stronger gives 5.5 komi = 9"),
         preset.max_handicap, num("0", Text("既定 9", "Default 9"))),
        ("EstablishedPercent", Text("101局目以降の倍率 %", "Established %"),
         Text("倍率表の最後の段階を過ぎた対局の倍率 (%)", "Percent after the last step"),
         preset.established_percent, num("0", Text("既定 100", "Default 100"))),
        ("ForfeitPoints", Text("不戦の点", "Forfeit points"),
         Text("不戦勝 +、不戦敗 − (レート局数に数えない)", "Forfeit win +, loss − (not a rated "
              "game)"), preset.forfeit_points, num("0", Text("既定 50", "Default 50"))),
        ("ProvisionalWinPoints", Text("仮・BC 相手の勝ち点", "Win vs provisional"),
         Text("仮・BC の相手に勝つと + (負けは 0)。直前2局が非レートなら 0",
              "Win vs a provisional or BC player (loss 0); none after 2 unrated games"),
         preset.provisional_win_points, num("0", Text("既定 50", "Default 50"))),
        ("NoBonusFrom", Text("BC 相手の加点なし", "No BC bonus from"),
         Text("この段級位以上は BC に勝っても加点なし (既定 9k+ = 7級★)",
              "From this rank up, no bonus for beating BC (default 9k+)"),
         GoRank.parse(preset.bc_no_bonus_from).code, rank_list),
        ("ProvisionalGames", Text("仮が取れる局数", "Provisional games"),
         Text("レート対局がこの数になるまで 仮 を表示", "仮 shows until this many rated games"),
         preset.provisional_games, num("0", Text("既定 20", "Default 20"), whole=True)),
        ("EvenKomi", Text("互先のコミ", "Even komi"), Text("黒番のコミ出し", "Black gives"),
         preset.even_komi, num("0", Text("既定 6.5", "Default 6.5"))),
        ("HalfKomi", Text("半目コミ", "Half komi"), Text("段位差が半端のとき下手が出す",
                                                        "Weaker gives at odd half steps"),
         preset.half_komi, num("0", Text("既定 0.5", "Default 0.5"))),
        ("ReverseKomi", Text("逆コミ", "Reverse komi"), Text("置石のとき上手が出す",
                                                            "Stronger gives with stones"),
         preset.reverse_komi, num("0", Text("既定 5.5", "Default 5.5"))),
    ]


def _ranks(preset: GoPreset) -> list[tuple[str, str, float, float | None, float | None]]:
    """(code, label, value, promotion, demotion) of the ladder, then BC."""
    out = [(code, rank_label(code), GoRank(code).value, up, down)
           for code, up, down in preset.table]
    return [*out, ("BC", rank_label("BC"), GoRank("BC").value, None, None)]


def write_go_settings(ws: Worksheet, title: str, preset: GoPreset,
                      lang: str) -> list[NameInfo]:
    """Single settings on top, then the rank, exchange and multiplier tables, all named."""
    for col, width in zip("ABCDEF", (20, 9, 12, 9, 12, 12), strict=True):
        ws.column_dimensions[col].width = width
    styles.style_title(ws.cell(1, 1, title), lang)
    for i, text in enumerate((*SETTINGS_HEADER, "", "", ""), 1):
        styles.style_header(ws.cell(2, i, text if isinstance(text, str) else text(lang)), lang)
    infos: list[NameInfo] = []
    row = 3
    for key, label, note, value, validation in _scalar_settings(preset):
        styles.style_computed(ws.cell(row, 1, label(lang)), lang, bold=True)
        cell = ws.cell(row, 2, value)
        styles.style_input(cell, lang)
        n = ws.cell(row, 3, note(lang))
        styles.style_note(n, lang)
        n.alignment = Alignment(wrap_text=False, vertical="center")
        add_validation(ws, validation, f"B{row}", lang)
        name = setting_name(key)
        define_name(ws, name, f"$B${row}")
        kind = "choice" if validation.kind == "list" else (
            "integer" if validation.kind == "whole" else "number")
        infos.append(NameInfo(name, ws.title, f"$B${row}", "setting", kind,
                              minimum=0 if kind != "choice" else None, label=label(lang)))
        row += 1

    def table(top: int, heading: Text, headers: Sequence[Text], keys: Sequence[str],
              rows: Sequence[Sequence[object]], editable: Sequence[bool],
              kinds: Sequence[str], prefix: str) -> int:
        styles.style_title(ws.cell(top, 1, heading(lang)), lang)
        for i, h in enumerate(headers, 1):
            styles.style_header(ws.cell(top + 1, i, h(lang)), lang)
        first = top + 2
        for r, values in enumerate(rows, first):
            for c, value in enumerate(values, 1):
                cell = ws.cell(r, c, value)
                if editable[c - 1] and value is not None:
                    styles.style_input(cell, lang)
                else:
                    styles.style_computed(cell, lang)
        last = first + len(rows) - 1
        for c, (key, kind) in enumerate(zip(keys, kinds, strict=True), 1):
            letter = "ABCDEF"[c - 1]
            if key:
                ref = f"${letter}${first}:${letter}${last}"
                define_name(ws, f"Settings_{prefix}_{key}", ref)
                infos.append(NameInfo(f"Settings_{prefix}_{key}", ws.title, ref, "setting",
                                      kind, label=headers[c - 1](lang)))  # type: ignore[arg-type]
            if editable[c - 1]:
                add_validation(ws, Validation("decimal", "greaterThanOrEqual", "0", None,
                                              Text("0以上の数値", "A number, 0 or more"),
                                              Text("0以上の数値", "A number, 0 or more")),
                               f"{letter}{first}:{letter}{last}", lang)
        return last

    top = row + 1
    ranks = _ranks(preset)
    last = table(top, Text("段級位と昇段・降段ポイント", "Ranks, promotion and demotion points"),
                 (Text("番号", "No."), Text("コード", "Code"), Text("表示", "Label"),
                  Text("値 (段)", "Value"), Text("昇段点", "Promote above"),
                  Text("降段点", "Demote below")),
                 ("", "Code", "Label", "Value", "", ""),
                 [(i, *rank) for i, rank in enumerate(ranks, 1)],
                 (False, False, False, False, True, True),
                 ("integer", "text", "text", "number", "number", "number"), "Ranks")
    # The ladder (without BC) gets its own names for the border-zone search.
    first, ladder_last = top + 2, last - 1
    for key, letter in (("No", "A"), ("Code", "B"), ("Up", "E"), ("Down", "F")):
        ref = f"${letter}${first}:${letter}${ladder_last}"
        define_name(ws, f"Settings_Ladder_{key}", ref)
        infos.append(NameInfo(f"Settings_Ladder_{key}", ws.title, ref, "setting",
                              "text" if key == "Code" else "number"))
    top = last + 2
    last = table(top, Text("手合が正規でないときの交換点", "Exchange off the regular handicap"),
                 (Text("残りの段位差", "Residual"), Text("有利な側が勝つ", "Favoured wins"),
                  Text("不利な側が勝つ", "Other wins")),
                 ("Residual", "Favoured", "Other"), preset.exchange_table,
                 (True, True, True), ("number", "number", "number"), "Exchange")
    top = last + 2
    last = table(top, Text("局数による倍率", "Multiplier by game number"),
                 (Text("何局目まで", "Up to game"), Text("倍率 %", "Percent")),
                 ("UpTo", "Percent"), preset.multiplier_percent,
                 (True, True), ("integer", "number"), "Multiplier")
    row = last + 2
    for line in RULE_NOTES:
        styles.style_note(ws.cell(row, 1, line(lang)), lang)
        row += 1
    ws.freeze_panes = "A3"
    return infos


RULE_NOTES = (
    Text("ルール (段級位ポイント、RULES.md §4)", "Rules (Go dan/kyu points, RULES.md §4)"),
    Text("正規の手合: 勝ち +交換点、負け −交換点、それぞれ自分の倍率をかける。",
         "Regular handicap: win +exchange, loss −exchange, times your own multiplier."),
    Text("正規でない手合: 残りの段位差で交換点表を引く (表にない差は非レート)。",
         "Other handicaps: the residual difference picks the exchange (not listed: unrated)."),
    Text("昇段点を超えたら昇段、降段点を下回ったら降段。大きく動けば何段でも続けて。",
         "Above the promotion figure: promoted; below the demotion figure: demoted; repeated."),
    Text("17k (15級) から BC には落ちません。このシートは 17k 以上から始めます。",
         "17k never falls into BC; this sheet starts at 17k or stronger."),
    Text("表示の 仮 はレート対局が規定数になるまで。倍率表は局数の小さい順に。",
         "仮 (provisional) shows until the set number of rated games. Keep the "
         "multiplier steps in ascending order."),
    Text("⚠ の行と入力途中の行は計算に入りません (ポイントは前の行から続きます)。",
         "Rows marked ⚠ and unfinished rows are not counted (points carry on)."),
)


# --- generated table sheets -----------------------------------------------------------------

def write_ladder_view(ws: Worksheet, preset: GoPreset, lang: str) -> dict[str, object]:
    """The promotion/demotion table, read from Settings; returns its cached values."""
    headers = (Text("段級位", "Rank"), Text("表示", "Label"), Text("昇段", "Promote above"),
               Text("降段", "Demote below"), Text("開始点", "Start points"))
    styles.style_title(ws.cell(1, 1, LADDER_TITLE(lang)), lang)
    for i, (h, w) in enumerate(zip(headers, (7, 13, 10, 10, 10), strict=True), 1):
        styles.style_header(ws.cell(2, i, h(lang)), lang)
        ws.column_dimensions["ABCDE"[i - 1]].width = w
    cached: dict[str, object] = {}
    for k, (code, up, down) in enumerate(preset.table, 1):
        r = k + 2
        values = (code, rank_label(code), "" if up is None else up, down,
                  start_points(code, preset))
        formulas = (f"INDEX({gx.RANK_CODE},{k})", gx.go_rank_label(str(k)),
                    f"IF(ISNUMBER(INDEX({gx.LADDER_UP},{k})),INDEX({gx.LADDER_UP},{k}),\"\")",
                    f"INDEX({gx.LADDER_DOWN},{k})", gx.go_start_points(str(k)))
        for c, (formula, value) in enumerate(zip(formulas, values, strict=True), 1):
            cell = ws.cell(r, c, "=" + formula)
            styles.style_computed(cell, lang, "0" if c >= 3 else "General")
            cached[f"{'ABCDE'[c - 1]}{r}"] = value
    ws.freeze_panes = "A3"
    return cached


def write_handicap_view(ws: Worksheet, preset: GoPreset, lang: str) -> dict[str, object]:
    """Regular handicap by rank difference, then the exchange by residual."""
    styles.style_title(ws.cell(1, 1, HANDICAP_TITLE(lang)), lang)
    ws.column_dimensions["A"].width = 10
    ws.column_dimensions["B"].width = 30 if lang == "en" else 26
    ws.column_dimensions["C"].width = 12
    for i, h in enumerate((Text("段位差", "Rank diff."), Text("正規の手合", "Regular handicap")),
                          1):
        styles.style_header(ws.cell(2, i, h(lang)), lang)
    cached: dict[str, object] = {}
    steps = int(preset.max_handicap * 2)
    for s in range(steps + 1):
        r = s + 3
        d = s / 2
        cell = ws.cell(r, 1, d)
        styles.style_computed(cell, lang, "0.0")
        cell = ws.cell(r, 2, "=" + gx.go_handicap_for_difference(f"A{r}", lang))
        styles.style_computed(cell, lang)
        cached[f"B{r}"] = regular_handicap("1d", _rank_at(1 - d), lang, preset)
    top = steps + 5
    heads = (Text("残りの段位差", "Residual"), Text("有利な側が勝つ", "Favoured wins"),
             Text("不利な側が勝つ", "Other wins"))
    for i, h in enumerate(heads, 1):
        styles.style_header(ws.cell(top, i, h(lang)), lang)
    for k, row in enumerate(preset.exchange_table, 1):
        r = top + k
        for c, name in enumerate((gx.EX_RESIDUAL, gx.EX_FAVOURED, gx.EX_OTHER), 1):
            cell = ws.cell(r, c, f"=INDEX({name},{k})")
            styles.style_computed(cell, lang, "0.0" if c == 1 else "0")
            cached[f"{'ABC'[c - 1]}{r}"] = row[c - 1]
    note = ws.cell(top + len(preset.exchange_table) + 1, 1, Text(
        "表にない残りの差は非レート。設定シートで変更できます。",
        "A residual not listed is unrated. Edit the tables on the Settings sheet.")(lang))
    styles.style_note(note, lang)
    ws.freeze_panes = "A3"
    return cached


# --- the sheet type -------------------------------------------------------------------------

EXAMPLE_NAMES = {"ja": ("田中", "鈴木", "佐藤", "高橋", "伊藤", "山本", "中村"),
                 "en": ("Alice", "Bob", "Carol", "Dan", "Erin", "Frank", "Grace")}


def example_games(lang: str) -> list[dict[str, object]]:
    """Rated games at regular and other handicaps, a forfeit, a bonus, a flagged row."""
    a, b, c, d, e, f, g = EXAMPLE_NAMES[lang]
    day = dt.date(2024, 5, 26)
    t = {k: TYPES[i](lang) for i, k in enumerate(("rated", "fwin", "floss", "prov", "unr"))}
    return [
        {"Opponent": a, "OppRank": "1k", "Result": 1, "Date": day},
        {"Opponent": b, "OppRank": "1d", "Result": 0, "Date": day},
        {"Opponent": c, "OppRank": "2k", "Handicap": 0, "Result": 1, "Date": day},
        {"Opponent": d, "OppRank": "3k", "GameType": t["prov"], "Result": 1,
         "Date": day + dt.timedelta(days=1)},
        {"Opponent": e, "GameType": t["fwin"], "Date": day + dt.timedelta(days=1)},
        {"Opponent": f, "OppRank": "1k+", "Handicap": 0.7, "Result": 1,
         "Date": day + dt.timedelta(days=2)},
        {"Opponent": g, "OppRank": "1d+", "Date": day + dt.timedelta(days=3)},
    ]


class GoSheet(SheetType):
    """Workbook type ``system = "go"``."""

    system = "go"
    presets: ClassVar[Mapping[str, Any]] = {"default": GO}
    start_field = None
    SCALARS = ("regular_points", "max_gap_off_regular", "max_handicap", "established_percent",
               "forfeit_points", "provisional_win_points", "provisional_games", "even_komi",
               "half_komi", "reverse_komi")

    def constant_fields(self, preset: str) -> tuple[str, ...]:
        return self.SCALARS

    def example_inputs(self, lang: str) -> list[dict[str, object]]:
        return example_games(lang)

    def default_title(self, lang: str) -> str:
        return Text("囲碁 段級位ポイント", "Go dan/kyu points")(lang)

    def populate(self, wb: Workbook, spec: Spec, preset: Any,
                 inputs: Sequence[Mapping[str, object]]) -> Built:
        lang = spec.lang
        table = games_table(spec.rows, lang)
        games = wb.create_sheet(GAMES(lang))
        chart_ws = wb.create_sheet(CHART_TITLE(lang))
        settings_ws = wb.create_sheet(SETTINGS_TITLE(lang))
        ladder_ws = wb.create_sheet(LADDER_TITLE(lang))
        handicap_ws = wb.create_sheet(HANDICAP_TITLE(lang))
        title = sheet_title(spec, self.default_title(lang))

        names = write_table(games, table, lang, inputs, flag="Status")
        decorate_games(games, table, lang, title, "Mult", freeze_column="B")

        names += write_go_settings(settings_ws, f"{SETTINGS_TITLE(lang)} ・ {title}",
                                   preset, lang)
        add_history_chart(chart_ws, games, table, lang, Text("ポイントの推移", "Points history"),
                          Text("ポイント", "points"))

        cached = {games.title: cached_by_row(table, evaluate(preset, inputs, spec.rows, lang)),
                  ladder_ws.title: write_ladder_view(ladder_ws, preset, lang),
                  handicap_ws.title: write_handicap_view(handicap_ws, preset, lang)}
        for ws in (games, chart_ws, settings_ws, ladder_ws, handicap_ws):
            page_setup(ws)
        return Built(names, cached)


# --- engine values --------------------------------------------------------------------------

def evaluate(preset: GoPreset, inputs: Sequence[Mapping[str, object]], rows: int, lang: str,
             start_rank: str | None = None, start_pts: float | None = None,
             rated_before: int = 0) -> list[dict[str, object]]:
    """What every formula of the Games table shows, computed with the engine.

    Index 0 is the "Me" row, then one dict per game row. The Settings defaults are the
    preset's (start rank ``default_rank``, start points from it, no games before);
    the tests pass other values to check typed Settings.
    """
    ladder = [code for code, _, _ in preset.table]
    code = GoRank.parse(start_rank or preset.default_rank).code
    points = start_points(code, preset) if start_pts is None else float(start_pts)
    rated, streak, count = rated_before, 0, 0
    prov = preset.provisional_games
    padded = [dict(inputs[i]) if i < len(inputs) else {} for i in range(rows)]
    last_filled = max((i for i, row in enumerate(padded)
                       if any(row.get(k) is not None for k in INPUT_KEYS)), default=-1)
    out: list[dict[str, object]] = [{
        "Points": points, "Rank": code, "Label": rank_label(code, rated < prov),
        "Counted": rated, "Rated": rated, "Streak": 0, "Running": points,
        "RankIdx": ladder.index(code) + 1, "Count": 0}]
    history = [points]
    for i, row in enumerate(padded):
        opp = _rank_code(row.get("OppRank"))
        kind = _kind(row.get("GameType"))
        result = excel_number(row.get("Result"))
        won: float = 1 if kind == 2 else 0 if kind == 3 else result if result is not None else 0
        status = _status(row, opp, kind, won, i < last_filled, lang, preset)
        etype = ENGINE_TYPE[kind - 1] if kind else ""
        h = excel_number(row.get("Handicap"))
        diff: object = rank_difference(code, opp) if opp else ""
        exch: object = ""
        if opp and (h is None) == (row.get("Handicap") is None) and _handicap_ok(h, preset):
            change = _rated_change(diff, h, won == 1, preset)  # type: ignore[arg-type]
            exch = "" if change is None else change
        values: dict[str, object] = {
            "Regular": regular_handicap(code, opp, lang, preset) if opp else "",
            "OppIdx": _rank_index(opp), "Kind": kind, "Type": etype, "Won": won,
            "Diff": diff, "Exch": exch, "Status": status,
        }
        processed = status == "" and _complete(kind, opp, result)
        if processed:
            vs_bc = opp == "BC"
            delta = go_delta(code, opp or code, won, game_no=rated + 1,
                             handicap_diff=h, game_type=etype,
                             prev_two_unrated=streak >= 2, preset=preset)
            is_rated = etype == "rated" and not vs_bc and exch != ""
            pct = _percent(rated + 1, preset)
            points += delta
            if is_rated:
                rated += 1
                streak = 0
            else:
                streak += 1
            code = next_rank(code, points, preset)
            count += 1
            history.append(points)
            reason = "provisional" if etype in ("rated", "provisional") and vs_bc else etype
            values.update(
                Mult=pct / 100 if is_rated else "", Change=delta, Points=points, Rank=code,
                Label=rank_label(code, rated < prov),
                Counted=rated if is_rated else REASON[reason](lang),
                IsRated=int(is_rated))
        else:
            values.update(Mult="", Change="", Points="", Rank="", Label="", Counted="",
                          IsRated=0)
        values.update(Rated=rated, Streak=streak, Running=points,
                      RankIdx=ladder.index(code) + 1, Count=count)
        out.append(values)
    for k, row in enumerate(out):
        counted = k <= count
        row["ChartX"] = k if counted else CellError("#N/A")
        row["ChartY"] = history[k] if counted else CellError("#N/A")
    return out


def _percent(game_no: int, preset: GoPreset) -> float:
    for upto, pct in preset.multiplier_percent:
        if game_no <= upto:
            return pct
    return preset.established_percent


def _rank_at(value: float) -> str:
    return next(c for c, _, _ in (*GO.table, ("BC", None, None)) if GoRank(c).value == value)


def _complete(kind: int, opp: str | None, result: float | None) -> bool:
    return kind in (2, 3, 5) or (opp is not None and result is not None)


def _handicap_ok(h: float | None, preset: GoPreset) -> bool:
    return h is None or (0 <= h <= preset.max_handicap and h * 2 == int(h * 2))


def _status(row: Mapping[str, object], opp: str | None, kind: int, won: float,
            later_filled: bool, lang: str, preset: GoPreset) -> str:
    values = {k: row.get(k) for k in INPUT_KEYS}
    if all(v is None for v in values.values()):
        return ""
    h, result = values["Handicap"], values["Result"]
    if values["OppRank"] is not None and opp is None:
        return MSG["rank"](lang)
    if h is not None and (excel_number(h) is None or not _handicap_ok(excel_number(h), preset)):
        return MSG["handicap"](lang)
    if kind == 0:
        return MSG["type"](lang)
    if result is not None and excel_number(result) not in (0.0, 1.0):
        return MSG["result"](lang)
    if values["Date"] is not None and excel_number(values["Date"]) is None:
        return MSG["date"](lang)
    if kind in (2, 3) and excel_number(result) is not None and excel_number(result) != won:
        return MSG["forfeit"](lang)
    if _complete(kind, opp, excel_number(result)):
        return ""
    return MSG["incomplete"](lang) if later_filled else ""


def _rank_code(value: object) -> str | None:
    """The code a typed rank stands for, as the sheet's MATCH sees it (codes, any case)."""
    if not isinstance(value, str):
        return None
    for code, _, _ in (*GO.table, ("BC", None, None)):
        if code.lower() == value.lower():
            return code
    return None


def _rank_index(code: str | None) -> int:
    if code is None:
        return 0
    codes = [c for c, _, _ in GO.table] + ["BC"]
    return codes.index(code) + 1


def _kind(value: object) -> int:
    if value is None:
        return 1
    if isinstance(value, str):
        for i, t in enumerate(TYPES, 1):
            if value.lower() in (t.ja.lower(), t.en.lower()):
                return i
    return 0
