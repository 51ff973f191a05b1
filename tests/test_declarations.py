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

import udfs
from rating_rules import SYSTEMS
from workbook_builder.sheets import SHEET_TYPES
from workbook_builder.sheets.ledger import RULES

REPO = Path(__file__).resolve().parents[1]
SOURCES = ("rating_rules", "udfs", "workbook_builder")


def test_glicko_is_named_in_its_three_files_only() -> None:
    naming = sorted(str(path.relative_to(REPO)) for folder in SOURCES
                    for path in (REPO / folder).rglob("*.py")
                    if "glicko" in path.read_text(encoding="utf-8").lower())
    assert naming == ["rating_rules/glicko.py", "udfs/glicko.py",
                      "workbook_builder/sheets/glicko.py"]


def declaring_files(system: str) -> set[str]:
    """The modules the registries say declare ``system``: its engine module, its worksheet
    functions' module, and its workbook types' and ledger rules' modules (Go's and the
    four-player ledger have a module of their own)."""
    entry = SYSTEMS[system]
    modules = {entry.replay.__module__, *(getattr(udfs, name).__module__
                                          for name in entry.functions)}
    modules |= {type(sheet).__module__ for key, sheet in SHEET_TYPES.items()
                if key == system or key.startswith(f"{system}_")}
    modules |= {type(rule).__module__ for rule in RULES.values() if rule.engine == system}
    return {module.replace(".", "/") + ".py" for module in modules}


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


@pytest.mark.parametrize("system", sorted(SYSTEMS))
def test_a_system_is_named_in_its_own_files_only(system: str) -> None:
    """The system's name stands in code (names, not words a user reads) only in the
    modules that declare it, so no kit module, formula helper or registry lists it. A
    check by name: a new system named like a word of another's code (Go's rank
    ``ladder``) needs another name for this test to tell them apart."""
    naming = {str(path.relative_to(REPO)) for folder in SOURCES
              for path in (REPO / folder).rglob("*.py") if system in identifier_words(path)}
    assert naming == declaring_files(system)
