"""The 使い方 / How to sheet: three steps and a line on mistakes, in the workbook's language.

The last visible tab: the Games sheet stays first and active, so a phone opens the file
where the next game is typed. The steps (a sheet type's ``howto``) are filled in from
what the builder made, sheet titles and the input names' headings, so a renamed sheet
or a moved column changes the text with it.

In the text a sheet is quoted 「…」 (ja) or “…” (en), and a cell or column is its letter
(and row) then its heading in brackets, ``B4 [開始レート]``; the tests read them back.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from openpyxl import Workbook
from openpyxl.styles import Alignment

from .. import styles
from ..desk_url import desk_url
from ..labels import Text
from ..layout import NameInfo
from ..metadata import MetaName
from .frame import page_setup

HOWTO_TITLE = Text("使い方", "How to")
WIDTH = 36
"""Column A, in width units: 336 px in LibreOffice and 257 px in Excel at 100 %, so
the steps wrap inside an upright phone's 390 px beside the row numbers."""

FIX = Text(
    "⚠ や間違い: 白いセルを直すか消すだけでよい (青いセルには入力しない)。行を動かした・"
    "式を消した・前の版のファイルは `workbook-builder audit` で調べ、"
    "`workbook-builder repair` で作り直す (入力はそのまま残る。README「間違いを直す」)。",
    "⚠ and mistakes: retype or clear the white cell (never type in a blue one). Rows "
    "moved, a formula lost, or a file from an earlier version: `workbook-builder audit` "
    "checks it and `workbook-builder repair` rebuilds it, keeping what you typed (README, "
    "Fixing mistakes).")
DESK = Text("スマホやブラウザだけでも、クラブ窓口 {url} で同じように調べて直せる "
            "(インストール不要)。",
            "With only a phone or a browser, the club desk at {url} checks and repairs it "
            "the same way (nothing to install).")
"""Where the desk is (:mod:`~workbook_builder.desk_url`), after :data:`FIX`."""

RESULTS = Text("青いセルは自動計算で、入力しない。{status} 列に ⚠ が出たら、その行の入力を"
                "理由のとおりに直す。",
                "Blue cells are computed: do not type there. A ⚠ in the {status} column "
                "says what to fix in that row.")
PERSONAL = (
    Text("「{settings}」の白いセル {start} に自分の始めの段級・レートを入れる。",
         "On “{settings}”, type where you start in the white cells {start}."),
    Text("「{games}」に 1 局 1 行で、白いセル {games_cols} を入れる。",
         "On “{games}”, one game a row, type in the white cells {games_cols}."),
    Text("青いセルに新しいレート (段級) が出る (入力しない)。{status} 列に ⚠ が出たら、"
         "その行の入力を理由のとおりに直す。",
         "The blue cells show the new rating or rank (do not type there). A ⚠ in the "
         "{status} column says what to fix in that row."),
)
LEDGER = (
    Text("「{players}」に会員を 1 人 1 行で、白いセル {players_cols} を入れる (ルールは"
         "「{settings}」)。",
         "On “{players}”, one member a row, type in the white cells {players_cols} (the "
         "rule is on “{settings}”)."),
    Text("「{games}」に 1 局 1 行で、白いセル {games_cols} を入れる。",
         "On “{games}”, one game a row, type in the white cells {games_cols}."),
    Text("順位とレートは{others}に自動で出る。{status} 列に ⚠ が出たら、その行の入力を"
         "理由のとおりに直す。",
         "Standings and ratings appear on {others} by themselves. A ⚠ in the {status} "
         "column says what to fix in that row."),
)
START = re.compile(r"Settings_(Rank|Start\w*|RD)")
"""The settings a player fills in first: a declared rank, starting ratings and RD."""


Named = NameInfo | MetaName
"""A name as the steps read it: one the builder made, or one a file's ``_meta`` records
(its heading as the file had it)."""


def add_howto(wb: Workbook, steps: Sequence[Text], lang: str, title: str,
              names: Sequence[NameInfo]) -> None:
    """Add the how-to sheet after the last visible sheet of ``wb``: its title, ``steps``
    numbered (the workbook type's ``howto``), and the line on mistakes."""
    visible = [ws for ws in wb.worksheets if ws.sheet_state == "visible"]
    index = wb.worksheets.index(visible[-1]) + 1 if visible else 0
    lines = [f"{HOWTO_TITLE(lang)} ・ {title}", ""]
    lines += step_lines(steps, lang, names, [ws.title for ws in visible])
    lines += ["", FIX(lang), DESK(lang).format(url=desk_url())]
    ws = wb.create_sheet(HOWTO_TITLE(lang), index)
    ws.column_dimensions["A"].width = WIDTH
    for row, line in enumerate(lines, 1):
        if not line:
            continue
        cell = ws.cell(row, 1, line)
        if row == 1:
            styles.style_title(cell, lang)
        else:
            cell.font = styles.font(lang)
            cell.protection = styles.LOCKED
        cell.alignment = Alignment(wrap_text=True, vertical="top")
        ws.row_dimensions[row].height = _height(line, 20 if row == 1 else 18)
    page_setup(ws)


def step_lines(steps: Sequence[Text], lang: str, names: Sequence[Named],
               visible: Sequence[str]) -> list[str]:
    """``steps`` numbered, in ``lang``: the cells to type in by ``names``' ranges and
    headings, the other sheets by ``visible`` (the visible sheets' titles, the how-to's
    left out). A file read back is checked against the lines its own headings give."""
    fields = _fields(visible, lang, names)
    return [f"{i}. {step(lang).format_map(fields)}" for i, step in enumerate(steps, 1)]


def _fields(visible: Sequence[str], lang: str, names: Sequence[Named]) -> dict[str, str]:
    """What the step texts name: sheet titles, the cells to type in, the Status heading."""
    def sheet_of(prefix: str) -> str:
        return next((n.sheet or "" for n in names if n.name.startswith(prefix)), "")

    def cells(prefix: str) -> str:
        return _listed([n for n in names if n.name.startswith(prefix) and n.role == "input"],
                       lang)

    status = next((n for n in names if n.name == "Games_Status"), None)
    tables = {sheet_of(p) for p in ("Games_", "Players_", "Settings_")}
    quote = ("「{}」" if lang == "ja" else "“{}”").format
    return {
        "games": sheet_of("Games_"), "players": sheet_of("Players_"),
        "settings": sheet_of("Settings_"),
        "games_cols": cells("Games_"), "players_cols": cells("Players_"),
        "start": _listed([n for n in names if START.fullmatch(n.name)][:2], lang),
        "status": f"[{_heading(status.label, lang)}]" if status else "",
        "others": ("、" if lang == "ja" else ", ").join(
            quote(t) for t in visible if t not in tables),
        "first": visible[0] if visible else "",
        "second": visible[1] if len(visible) > 1 else "",
    }


def _listed(infos: Sequence[Named], lang: str) -> str:
    """``A [heading]`` for a column, ``B4 [heading]`` for one cell, joined."""
    def where(info: Named) -> str:
        first, _, last = (info.range or "").replace("$", "").partition(":")
        return re.sub(r"\d+", "", first) if last else first

    sep = "、" if lang == "ja" else ", "
    return sep.join(f"{where(n)} [{_heading(n.label, lang)}]" for n in infos)


def _heading(label: str | None, lang: str) -> str:
    """A two-line column heading on one line."""
    return (label or "").replace("\n", "" if lang == "ja" else " ")


def _height(line: str, per_line: int) -> int:
    """Row height in points for ``line`` wrapped at :data:`WIDTH` (a kana or kanji is two
    characters wide): phones do not fit a row to its wrapped text."""
    wide = sum(2 if ord(ch) > 0x2E80 else 1 for ch in line)
    return per_line * (-(-wide // (WIDTH - 4)))
