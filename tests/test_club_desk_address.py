"""The workbooks point to the club desk (issue #46, part 3): the ⚠ banner links to it,
the 使い方 / How to sheet and ``audit``'s "to fix" line give its address beside the
command. The address is set at build time (``CLUB_DESK_URL``), GitHub Pages' pattern by
default."""

from __future__ import annotations

import dataclasses
import re
import zipfile
from pathlib import Path

import pytest
from click.testing import CliRunner
from openpyxl import load_workbook

from tests.conftest import column_cells
from tests.test_phone_view import MAIN, PROGRAMS, SHEETS, columns_on_screen, sheet_xml
from workbook_builder import desk_url as desk
from workbook_builder.build import TEMPLATES, build
from workbook_builder.cli import main
from workbook_builder.errors import BuilderError
from workbook_builder.template import load_template

ADDRESS = "https://example-club.github.io/rating-desk/"


def test_the_default_is_the_github_pages_address_of_the_repository(monkeypatch):
    monkeypatch.delenv(desk.ENV, raising=False)
    assert desk.desk_url() == f"https://{desk.OWNER}.github.io/{desk.REPO}/"
    assert re.fullmatch(r"https://[a-z0-9-]+\.github\.io/[\w.-]+/", desk.DEFAULT)


def test_the_environment_sets_the_address(monkeypatch):
    monkeypatch.setenv(desk.ENV, f"  {ADDRESS} ")
    assert desk.desk_url() == ADDRESS


@pytest.mark.parametrize("value", ["club.example.org", "https://a b.example/",
                                   'https://x.example/"', "https://x.example/" + "a" * 90])
def test_a_bad_address_is_refused_naming_the_variable(monkeypatch, value):
    monkeypatch.setenv(desk.ENV, value)
    with pytest.raises(BuilderError, match=desk.ENV):
        desk.desk_url()


@pytest.fixture(scope="module")
def ledger(tmp_path_factory) -> Path:
    """A Tokin ledger built with :data:`ADDRESS` as the desk's address."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv(desk.ENV, ADDRESS)
        spec = dataclasses.replace(load_template(TEMPLATES / "ledger_tokin_ja.toml"),
                                   rows=8, players=8)
        return build(spec, tmp_path_factory.mktemp("desk"))


def test_the_banner_links_to_the_desk(ledger):
    wb = load_workbook(ledger)
    title = str(wb.worksheets[0]["A1"].value)
    assert f'HYPERLINK("{ADDRESS}",' in title
    assert f"クラブ窓口 ({ADDRESS})" in title


def test_the_how_to_sheet_names_the_desk(ledger):
    wb = load_workbook(ledger)
    lines = [str(c.value) for c in wb["使い方"]["A"] if c.value]
    assert any(ADDRESS in line and "クラブ窓口" in line for line in lines), lines


def test_audit_s_to_fix_line_names_the_desk(ledger, tmp_path, monkeypatch):
    wb = load_workbook(ledger)
    title, letter, first, _ = column_cells(wb, "Games_Status")
    wb[title][f"{letter}{first}"].value = "typed over"  # a formula lost
    broken = tmp_path / "broken.xlsx"
    wb.save(broken)
    monkeypatch.setenv(desk.ENV, ADDRESS)
    result = CliRunner().invoke(main, ["audit", str(broken)])
    assert result.exit_code == 1, result.output
    (line,) = [x for x in result.output.splitlines() if x.startswith(("直し方:", "to fix:"))]
    assert "repair" in line and ADDRESS in line, line


@pytest.mark.parametrize("program", PROGRAMS)
@pytest.mark.slow  # over 5 s: --fast stays under 3 minutes
def test_the_banner_s_first_words_show_on_a_phone(program):
    """The banner overflows A1 up to the where-to-type legend in row 1: that much shows.
    It must hold "⚠ 12 行がずれています" at the title's 14 pt bold: eight full-width
    characters of 18.7 px and about 35 px of "⚠ 12 ", 185 px; in English "⚠ 12 rows moved"
    is shorter."""
    for path in SHEETS:
        with zipfile.ZipFile(path) as book:
            root = sheet_xml(book)
        row = root.find(f"{MAIN}sheetData/{MAIN}row")
        assert row is not None
        filled = [_column(c.get("r", "")) for c in row.iter(f"{MAIN}c")
                  if c.find(f"{MAIN}v") is not None and _column(c.get("r", "")) > 1]
        legend = min(filled, default=10**6)
        shown = sum(seen for number, (seen, _) in columns_on_screen(path, program).items()
                    if number < legend)
        assert shown >= 185, f"{path.name}: {shown} px of the banner in {program}"


def _column(ref: str) -> int:
    number = 0
    for ch in re.sub(r"\d", "", ref):
        number = number * 26 + ord(ch) - 64
    return number

