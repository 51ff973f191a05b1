"""The command line as the sheet tests run it: ``describe --json``, a template's build, and
a smaller copy of a shipped template.

Each call must succeed (its output is shown when it does not); a test of a refused
command calls ``CliRunner`` itself.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from click.testing import CliRunner

from workbook_builder.build import TEMPLATES
from workbook_builder.cli import main


def run(*args: str) -> str:
    """The command's output; it must exit 0."""
    result = CliRunner().invoke(main, list(args))
    assert result.exit_code == 0, result.output
    return result.output


def described(path: Path) -> tuple[dict[str, Any], dict[str, dict[str, Any]]]:
    """``describe --json`` of a workbook: the whole answer, and its names by name."""
    info = json.loads(run("describe", str(path), "--json"))
    return info, {entry["name"]: entry for entry in info["names"]}


def built_variant(folder: Path, stem: str, template: str) -> Path:
    """The workbook ``build`` makes of the template text ``template`` (``stem.toml``)."""
    source = folder / f"{stem}.toml"
    source.write_text(template, encoding="utf-8")
    run("build", str(source), "--out", str(folder))
    return folder / f"{stem}.xlsx"


def sized_template(folder: Path, template: str, rows: int = 60, players: int = 20) -> Path:
    """A copy of a shipped template (``ledger_elo_en``) with fewer game and player rows:
    a test of what a few games become need not build and read a 1,000-row ledger (the
    shipped, full-size files are checked on their own)."""
    text = (TEMPLATES / f"{template}.toml").read_text(encoding="utf-8")
    text = re.sub(r"(?m)^rows = \d+", f"rows = {rows}", text)
    text = re.sub(r"(?m)^players = \d+", f"players = {players}", text)
    out = folder / f"{template}.toml"
    out.write_text(text, encoding="utf-8")
    return out
