"""Templates: a club secretary's mistakes give one clear line, never a traceback."""

from __future__ import annotations

import pytest
from click.testing import CliRunner
from openpyxl import load_workbook

from workbook_builder.build import TEMPLATES
from workbook_builder.cli import main
from workbook_builder.template import TemplateError, load_template, parse_template


def test_shipped_templates_load():
    ja = load_template(TEMPLATES / "mosaic_ja.toml")
    en = load_template(TEMPLATES / "mosaic_en.toml")
    assert (ja.lang, en.lang, ja.rows, ja.system) == ("ja", "en", 200, "mosaic")
    assert ja.constants == {"gap_weight": 0.1, "start": 100.0}


def test_ledger_templates_name_every_ledger_rule():
    """A secretary copying a ledger template reads which presets exist from its comment;
    the Go ledger came later and must be among them."""
    from workbook_builder.sheets import SHEET_TYPES

    presets = set(SHEET_TYPES["ledger"].presets)
    assert "go" in presets
    for path in sorted(TEMPLATES.glob("ledger_*.toml")):
        line = next(x for x in path.read_text(encoding="utf-8").splitlines()
                    if x.startswith("# preset"))
        named = {word.strip() for word in line.split(":", 1)[1].split("/")}
        assert named == presets, (path.name, line)


@pytest.mark.parametrize("data, words", [
    ({"system": "mosaic", "colour": "red"}, ["colour", "'red'", "unknown key"]),
    ({"system": "chess"}, ["system", "'chess'"]),
    ({"system": "mosaic", "lang": "fr"}, ["lang", "'fr'"]),
    ({"system": "mosaic", "rows": 0}, ["rows", "0"]),
    ({"system": "mosaic", "rows": "many"}, ["rows", "'many'"]),
    ({"system": "mosaic", "preset": "x"}, ["preset", "'x'"]),
    ({"system": "mosaic", "constants": {"k": 32}}, ["constants.k", "32", "unknown constant"]),
    ({"system": "mosaic", "constants": {"gap_weight": "ten"}}, ["constants.gap_weight", "'ten'"]),
    ({"system": "mosaic", "start_rating": 100, "constants": {"start": 1000}}, ["start_rating"]),
    ({"system": "mosaic", "output": "a/b"}, ["output", "'a/b'"]),
])
def test_bad_values_name_key_and_value(data, words):
    with pytest.raises(TemplateError) as err:
        parse_template(data, "t", "t.toml")
    message = str(err.value)
    assert "\n" not in message
    for word in words:
        assert word in message


@pytest.mark.parametrize("system, constants, words", [
    ("elo", "periods = 2", ["constants.periods", "2.0", "0 (per game) or 1"]),
    ("elo", "k = 0", ["constants.k", "0.0", "greater than 0"]),
    ("elo", "scale = -400", ["constants.scale", "-400.0"]),
    ("glicko", "periods = 2", ["constants.periods", "2.0"]),
    ("glicko", "rd = 0", ["constants.rd", "0.0"]),
    ("glicko", "start_rd = -1", ["constants.start_rd", "-1.0"]),
    ("glicko", "c = -3", ["constants.c", "-3"]),
    ("glicko", "rd = 400", ["preset.rd", "400", "350 or less"]),
    ("glicko", "rd = 300\nstart_rd = 250", ["preset.rd", "300", "250 or less"]),
])
def test_a_constant_settings_would_refuse_gives_one_line(tmp_path, system, constants, words):
    """A template's constant is checked as its Settings cell would check it."""
    bad = tmp_path / "bad.toml"
    bad.write_text(f'system = "{system}"\n[constants]\n{constants}\n', encoding="utf-8")
    result = CliRunner().invoke(main, ["build", str(bad), "--out", str(tmp_path)])
    assert result.exit_code != 0 and "Traceback" not in result.output
    assert len(result.output.strip().splitlines()) == 1
    for word in words:
        assert word in result.output


@pytest.mark.parametrize("system, name", [("elo", "k_bands"), ("elo", "rounding"),
                                          ("glicko", "rounding")])
def test_an_engine_constant_the_sheet_does_not_show_is_refused(system, name):
    with pytest.raises(TemplateError, match=rf"constants\.{name}"):
        parse_template({"system": system, "constants": {name: 1}}, "t")


def test_cli_reports_one_line_and_fails(tmp_path):
    bad = tmp_path / "club.toml"
    bad.write_text('system = "mosaic"\nrows = -5\n', encoding="utf-8")
    result = CliRunner().invoke(main, ["build", str(bad), "--out", str(tmp_path)])
    assert result.exit_code != 0
    assert "Traceback" not in result.output
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and "rows = -5" in lines[0] and "club.toml" in lines[0]
    broken = tmp_path / "broken.toml"
    broken.write_text("system = ", encoding="utf-8")
    result = CliRunner().invoke(main, ["build", str(broken)])
    assert result.exit_code != 0 and "not valid TOML" in result.output


def test_a_local_variant_without_python(tmp_path):
    variant = tmp_path / "tajimi.toml"
    variant.write_text(
        'system = "mosaic"\nlang = "en"\nclub = "Tajimi"\nrows = 20\nstart_rating = 1000\n'
        "[constants]\ngap_weight = 0.05\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["build", str(variant), "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    wb = load_workbook(tmp_path / "tajimi.xlsx")
    assert wb["Settings"]["B3"].value == 1000 and wb["Settings"]["B4"].value == 0.05
    assert "Tajimi" in wb["Games"]["A1"].value
    assert wb["Games"].max_row >= 3 + 20
    assert str(wb.defined_names["Games_Result"].attr_text).endswith("$D$4:$D$23")
    cached = load_workbook(tmp_path / "tajimi.xlsx", data_only=True)
    assert cached["Games"]["G3"].value == 1000


def test_lang_option_overrides_the_template(tmp_path):
    result = CliRunner().invoke(main, ["build", str(TEMPLATES / "mosaic_ja.toml"),
                                       "--out", str(tmp_path), "--lang", "en"])
    assert result.exit_code == 0
    assert load_workbook(tmp_path / "mosaic_ja.xlsx").sheetnames[0] == "Games"
