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
LEGEND_INPUT = Text("白いセルに入力", "Type in the white cells")
LEGEND_COMPUTED = Text("青いセルは自動計算 (入力しない)", "Blue cells are computed: do not type")
