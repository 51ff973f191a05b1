"""The README documents every worksheet function and every CLI command (sqlite-utils style)."""

from __future__ import annotations

import re
from pathlib import Path

from click.testing import CliRunner

from workbook_builder.cli import main

README = (Path(__file__).parent.parent / "README.md").read_text("utf-8")


def test_readme_function_table_is_the_catalog() -> None:
    generated = CliRunner().invoke(main, ["functions", "--markdown"]).output.strip()
    block = re.search(r"<!-- functions:start -->\n(.*?)\n<!-- functions:end -->", README, re.S)
    assert block, "the README lost its functions markers"
    assert block.group(1).strip() == generated, (
        "README is out of date: paste `workbook-builder functions --markdown` between the markers"
    )


def test_every_cli_command_is_documented() -> None:
    for name in main.commands:
        assert f"`./workbook-builder {name}" in README, f"README does not document {name!r}"


def test_readme_first_screen_has_the_two_commands() -> None:
    first_screen = "\n".join(README.splitlines()[:30])
    assert "bash scripts/build.sh" in first_screen
    assert "bash scripts/test.sh" in first_screen
    ci = (Path(__file__).parent.parent / ".ci" / "run").read_text("utf-8")
    assert "scripts/test.sh" in ci


def test_functions_command_lists_signatures() -> None:
    out = CliRunner().invoke(main, ["functions"]).output
    assert "TOKIN_DELTA(my_rating, opp_rating, result, [handicap])" in out
    assert "YONIN_GAME(rates, placements, knocked_by, [floors])" in out
