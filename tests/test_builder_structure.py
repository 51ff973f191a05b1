"""What a player and a program find in a built workbook: names, protection, validation."""

from __future__ import annotations

from click.testing import CliRunner
from openpyxl import load_workbook

from tests.commands import described
from tests.conftest import column_cells
from workbook_builder.cli import main

INPUTS = {"Opponent": "text", "OppRating": "number", "Result": "choice",
          "TurnDiff": "integer", "Date": "date"}
COMPUTED = {"First": "text", "Change": "number", "Rating": "number", "Status": "text"}


def test_sheet_titles_follow_the_language(built, opened):
    assert opened["mosaic_ja"].sheetnames == ["対局", "グラフ", "設定", "使い方", "_meta"]
    assert opened["mosaic_en"].sheetnames == ["Games", "Chart", "Settings", "How to", "_meta"]
    assert opened["ledger_tokin_ja"].sheetnames == [
        "対局", "レーティング表", "月例リスト", "名簿", "設定", "使い方", "_chain", "_meta"]
    wb = opened["mosaic_ja"]
    assert wb["_meta"].sheet_state == "veryHidden"
    assert wb["対局"]["A2"].value == "相手" and wb["対局"]["A3"].value == "自分"
    assert opened["mosaic_en"]["Games"]["A3"].value == "Me"


def test_every_column_is_a_workbook_scoped_name(built, opened):
    wb = opened["mosaic_ja"]
    for key in [*INPUTS, *COMPUTED]:
        title, _, first, last = column_cells(wb, f"Games_{key}")
        assert (title, first, last) == ("対局", 4, 203), key
    assert list(wb.defined_names["Settings_Start"].destinations) == [("設定", "$B$3")]
    assert wb["設定"]["B3"].value == 100 and wb["設定"]["B4"].value == 0.1
    change, rating = (column_cells(wb, f"Games_{k}")[1] for k in ("Change", "Rating"))
    assert "Settings_GapWeight" in wb["対局"][f"{change}4"].value
    assert "Settings_Start" in wb["対局"][f"{rating}3"].value


def test_describe_json_reports_every_name(built):
    info, names = described(built["mosaic_en"])
    assert info["workbook"]["system"] == "mosaic" and info["workbook"]["lang"] == "en"
    for key, kind in INPUTS.items():
        entry = names[f"Games_{key}"]
        assert (entry["role"], entry["type"], entry["sheet"]) == ("input", kind, "Games")
        assert entry["range"] == f"${entry['range'][1]}$4:${entry['range'][1]}$203"
    for key, kind in COMPUTED.items():
        assert (names[f"Games_{key}"]["role"], names[f"Games_{key}"]["type"]) == ("computed", kind)
    assert names["Games_Result"]["allowed"] == [1, 0]
    assert names["Games_TurnDiff"]["minimum"] == 0
    assert "rock-paper-scissors" in names["Games_First"]["allowed"]
    assert names["Settings_GapWeight"]["role"] == "setting"
    assert names["Settings_GapWeight"]["range"] == "$B$4"


def test_inputs_unlocked_computed_locked_and_sheets_protected(built, opened):
    """Every shipped sheet type, read through its own names: what is typed is open."""
    from workbook_builder.describe import describe
    from workbook_builder.readback import cells_of

    for name, path in built.items():
        wb = opened[name]
        for ws in wb.worksheets:
            p = ws.protection
            assert p.sheet and p.objects, (name, ws.title)
            assert not p.formatColumns and not p.formatRows and not p.selectLockedCells
            assert p.password is None
        roles = {entry["name"]: entry["role"] for entry in describe(path)["names"]}
        assert "input" in roles.values() and "computed" in roles.values(), name
        for defined, role in roles.items():
            cells = cells_of(wb, defined)
            for title, coord in (cells[0], cells[-1]):
                locked = wb[title][coord].protection.locked
                if role == "input":
                    assert not locked, (name, defined, coord)
                elif role == "computed":
                    assert locked, (name, defined, coord)


def test_mosaic_frozen_header_blue_computed_and_date_format(built, opened):
    for name in ("mosaic_ja", "mosaic_en"):
        wb = opened[name]
        ws = wb.worksheets[0]
        for key in COMPUTED:
            _, letter, first, _ = column_cells(wb, f"Games_{key}")
            assert ws[f"{letter}{first}"].fill.fgColor.rgb.endswith("DDEBF7")
        assert ws.freeze_panes == "B3"
        _, letter, first, _ = column_cells(wb, "Games_Date")
        assert ws[f"{letter}{first}"].number_format == "m/d"


def test_password_option(tmp_path):
    from workbook_builder.build import TEMPLATES

    result = CliRunner().invoke(main, ["build", str(TEMPLATES / "mosaic_en.toml"),
                                       "--out", str(tmp_path), "--password", "club"])
    assert result.exit_code == 0, result.output
    wb = load_workbook(tmp_path / "mosaic_en.xlsx")
    assert wb["Games"].protection.password


def test_validation_rejects_bad_entries_and_explains(built, opened):
    wb = opened["mosaic_ja"]
    ws = wb["対局"]
    by_range = {str(dv.sqref): dv for dv in ws.data_validations.dataValidation}
    for dv in ws.data_validations.dataValidation:
        assert dv.showErrorMessage and dv.showInputMessage and dv.prompt
        assert not dv.showDropDown  # True would hide the arrow
    result = by_range["D4:D203"]
    assert (result.type, result.formula1) == ("list", '"1,0"')
    turn = by_range["E4:E203"]
    assert (turn.type, turn.operator, turn.formula1) == ("whole", "greaterThanOrEqual", "0")
    date = column_cells(wb, "Games_Date")[1]
    assert by_range[f"{date}4:{date}203"].type == "date"
    assert "勝ち" in result.prompt
    settings = {str(dv.sqref) for dv in wb["設定"].data_validations.dataValidation}
    assert settings == {"B3", "B4"}


def test_overwritten_formulas_and_flagged_rows_are_highlighted(built, opened):
    wb = opened["mosaic_en"]
    ws = wb["Games"]
    rules = {str(r.sqref): [rule.formula[0] for rule in r.rules] for r in ws.conditional_formatting}
    at = {k: column_cells(wb, f"Games_{k}")[1] for k in ("First", "Change", "Status", "Rating",
                                                          "Opponent", "Date")}
    for col in (at["First"], at["Change"], at["Status"]):
        assert rules[f"{col}4:{col}203"] == [f"NOT(_xlfn.ISFORMULA({col}4))"]
    rating = at["Rating"]
    assert rules[f"{rating}3:{rating}203"] == [f"NOT(_xlfn.ISFORMULA({rating}3))"]
    last = max((at["Change"], at["Date"], at["Status"]), key=lambda c: (len(c), c))
    status = at["Status"]
    assert rules[f"A4:{last}203"] == [f'LEFT(${status}4,1)="⚠"']


def test_chart_plots_the_hidden_helper_columns(built, opened):
    import zipfile

    with zipfile.ZipFile(built["mosaic_en"]) as zf:
        chart = zf.read("xl/charts/chart1.xml").decode()
    assert "<scatterChart>" in chart
    assert "'Games'!$L$3:$L$203" in chart and "'Games'!$M$3:$M$203" in chart
    assert '<plotVisOnly val="0"' in chart
    ws = opened["mosaic_en"]["Games"]
    assert ws.column_dimensions["L"].hidden and ws.column_dimensions["M"].hidden


def test_no_workbook_asks_for_a_full_recalculation_on_open(built):
    """Every formula carries the engine's value, so Excel recomputes only what changes."""
    import zipfile

    for name, path in built.items():
        workbook_xml = zipfile.ZipFile(path).read("xl/workbook.xml").decode()
        assert 'fullCalcOnLoad="1"' not in workbook_xml, name
