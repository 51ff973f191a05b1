"""A rating system is added by declaring it (issue #30): Glicko, added that way, is named
in three source files — its engine module, its worksheet functions and its declaration
module — and no registry, kit module or docstring elsewhere spells its name. Every other
system's name stands in code only in its own files too: the kit, the formula helpers and
the registries name none."""

from __future__ import annotations

import re
import tokenize
from pathlib import Path

import pytest

from rating_rules import SYSTEMS

REPO = Path(__file__).resolve().parents[1]
SOURCES = ("rating_rules", "udfs", "workbook_builder")


def test_glicko_is_named_in_its_three_files_only() -> None:
    naming = sorted(str(path.relative_to(REPO)) for folder in SOURCES
                    for path in (REPO / folder).rglob("*.py")
                    if "glicko" in path.read_text(encoding="utf-8").lower())
    assert naming == ["rating_rules/glicko.py", "udfs/glicko.py",
                      "workbook_builder/sheets/glicko.py"]


NAMED_IN = {
    "tokin": ("rating_rules/shogi.py", "udfs/shogi.py", "workbook_builder/sheets/tokin.py"),
    "club24": ("rating_rules/shogi.py", "udfs/shogi.py", "workbook_builder/sheets/club24.py"),
    "mosaic": ("rating_rules/mosaic.py", "udfs/mosaic.py", "workbook_builder/sheets/mosaic.py"),
    "elo": ("rating_rules/elo.py", "udfs/elo.py", "workbook_builder/sheets/elo.py"),
    "glicko": ("rating_rules/glicko.py", "udfs/glicko.py", "workbook_builder/sheets/glicko.py"),
    "go": ("rating_rules/go.py", "udfs/go.py", "workbook_builder/sheets/go.py",
           "workbook_builder/sheets/go_ledger.py"),
    "yonin": ("rating_rules/yonin.py", "udfs/yonin.py", "workbook_builder/sheets/yonin.py",
              "workbook_builder/sheets/yonin_ledger.py"),
}
"""Where each system's name may stand in code: its engine module, its worksheet functions
and its declaration module (Go and the four-player rule also their ledger of their own
layout). Words a user reads (an example template's name in ``--help``) are not code."""


def identifier_words(path: Path) -> set[str]:
    """The words of every name in the file's code (``TokinPreset`` → tokin, preset;
    ``go_delta`` → go, delta), leaving out strings, comments and docstrings."""
    words: set[str] = set()
    with path.open(encoding="utf-8") as source:
        for token in tokenize.generate_tokens(source.readline):
            if token.type == tokenize.NAME:
                spaced = re.sub(r"(?<=[a-z0-9])(?=[A-Z])", "_", token.string)
                words.update(word.lower() for word in spaced.split("_") if word)
    return words


@pytest.mark.parametrize("system", sorted(NAMED_IN))
def test_a_system_is_named_in_its_own_files_only(system: str) -> None:
    assert system in SYSTEMS
    naming = {str(path.relative_to(REPO)) for folder in SOURCES
              for path in (REPO / folder).rglob("*.py") if system in identifier_words(path)}
    assert naming == set(NAMED_IN[system])
