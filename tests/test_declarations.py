"""A rating system is added by declaring it (issue #30): Glicko, added that way, is named
in three source files — its engine module, its worksheet functions and its declaration
module — and no registry, kit module or docstring elsewhere spells its name."""

from __future__ import annotations

from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
SOURCES = ("rating_rules", "udfs", "workbook_builder")


def test_glicko_is_named_in_its_three_files_only() -> None:
    naming = sorted(str(path.relative_to(REPO)) for folder in SOURCES
                    for path in (REPO / folder).rglob("*.py")
                    if "glicko" in path.read_text(encoding="utf-8").lower())
    assert naming == ["rating_rules/glicko.py", "udfs/glicko.py",
                      "workbook_builder/sheets/glicko.py"]
