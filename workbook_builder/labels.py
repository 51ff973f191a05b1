"""Texts shown in the sheets, in Japanese (the default) and English.

Every visible string is a :class:`Text` pair so a sheet module never branches on the
language: it declares both and the writer picks one. Japanese is the default because
the clubs the seeds come from are Japanese.
"""

from __future__ import annotations

from typing import NamedTuple

LANGUAGES = ("ja", "en")
DEFAULT_LANGUAGE = "ja"


class Text(NamedTuple):
    """One string in both shipped languages."""

    ja: str
    en: str

    def __call__(self, lang: str) -> str:
        """The string in ``lang`` (``"ja"`` or ``"en"``)."""
        return self.en if lang == "en" else self.ja


# Strings more than one sheet type uses.
SETTINGS_TITLE = Text("設定", "Settings")
GAMES_TITLE = Text("対局", "Games")
SETTINGS_HEADER = (Text("項目", "Item"), Text("値", "Value"), Text("説明", "Notes"))
CHART_TITLE = Text("グラフ", "Chart")
OVERWRITTEN = Text(
    "赤いセルは計算式が消えています。元に戻してください",
    "A red cell lost its formula: undo the change",
)
UNBUILT = Text("⚠ 計算用の列が空 (repair で直せます)", "⚠ helper columns empty: run repair")
"""A row the builder did not make: its hidden helpers are empty
(:func:`~.kit.status.built_column`)."""
MOVED = Text("⚠ 行の移動・挿入・削除・並べ替え・コピーでずれた行: 計算せず — repair を実行",
             "⚠ row moved, inserted, deleted, sorted or copied: not counted — run repair")
"""A row of a :attr:`~workbook_builder.layout.Table.fixed_rows` table that is not where the
builder put it."""
INSERTED = Text("⚠ 上に挿入された行の対局は計算されません — repair を実行",
                "⚠ the game typed in the inserted row above is not counted: run repair")
"""The row under a row a person inserted and typed into: that row has no formulas."""
NAMED = {"Msg_Unbuilt": UNBUILT, "Msg_Moved": MOVED, "Msg_Inserted": INSERTED}
"""Messages every table with a Built column may show in any row, as defined names of
cells on ``_meta`` (:func:`~workbook_builder.metadata.text_ref`)."""
LEGEND_INPUT = Text("白いセルに入力", "Type in the white cells")
LEGEND_COMPUTED = Text("青いセルは自動計算 (入力しない)", "Blue cells are computed: do not type")
