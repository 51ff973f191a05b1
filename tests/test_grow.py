"""``repair --rows/--players``: a club whose ledger is full carries on in a bigger one.

The expected inputs are the ones typed here, and the grown file must pass its own audit
(every computed cell as the engine gives it for the carried inputs).
"""

from __future__ import annotations

import dataclasses
import datetime as dt
from pathlib import Path

from click.testing import CliRunner
from openpyxl import load_workbook

from tests.conftest import column
from workbook_builder.build import TEMPLATES, build
from workbook_builder.cli import main
from workbook_builder.template import MAX_ROWS, load_template

NAMES = [f"会員{i}" for i in range(1, 9)]


def full_ledger(tmp_path: Path) -> tuple[Path, list[dict[str, object]]]:
    """A Tokin ledger whose 12 game rows and 8 Players rows are all used."""
    spec = dataclasses.replace(load_template(TEMPLATES / "ledger_tokin_ja.toml"),
                               rows=12, players=8)
    games = [{"Date": dt.datetime(2024, 5, 1 + i), "PlayerA": NAMES[i % 8],
              "PlayerB": NAMES[(i + 3) % 8], "Result": i % 2} for i in range(12)]
    players = [{"Name": name} for name in NAMES]
    return build(spec, tmp_path, tables={"Games": games, "Players": players}), games


def test_a_full_ledger_grows_and_keeps_every_input(tmp_path: Path) -> None:
    path, games = full_ledger(tmp_path)
    out = tmp_path / "grown.xlsx"
    result = CliRunner().invoke(main, ["repair", str(path), "--out", str(out),
                                       "--rows", "40", "--players", "30"])
    assert result.exit_code == 0, result.output
    wb = load_workbook(out)
    players = column(wb, "Players_Name")
    assert len(players) == 30 and players[:8] == NAMES and set(players[8:]) == {None}
    a = column(wb, "Games_PlayerA")
    assert len(a) == 40 and a[:12] == [g["PlayerA"] for g in games] and set(a[12:]) == {None}
    assert column(wb, "Games_Result")[:12] == [g["Result"] for g in games]
    audit = CliRunner().invoke(main, ["audit", str(out)])
    assert audit.exit_code == 0, audit.output


def test_growing_below_what_is_typed_is_refused(tmp_path: Path) -> None:
    path, _ = full_ledger(tmp_path)
    out = tmp_path / "smaller.xlsx"
    for option, value in (("--rows", "11"), ("--players", "7"), ("--rows", str(MAX_ROWS + 1))):
        result = CliRunner().invoke(main, ["repair", str(path), "--out", str(out), option, value])
        assert result.exit_code != 0
        assert f"{option} {value}" in result.output and "Traceback" not in result.output
        assert not out.exists()


def test_a_personal_sheet_has_no_players_to_grow(tmp_path: Path) -> None:
    path = build(load_template(TEMPLATES / "mosaic_ja.toml"), tmp_path)
    result = CliRunner().invoke(main, ["repair", str(path), "--out", str(tmp_path / "x.xlsx"),
                                       "--players", "50"])
    assert result.exit_code != 0 and "--players 50" in result.output
