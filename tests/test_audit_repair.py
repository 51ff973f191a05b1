"""audit and repair: found differences, a lossless round trip, and hostile files refused."""

from __future__ import annotations

import dataclasses
import hashlib
import shutil
import zipfile
from pathlib import Path

import pytest
from click.testing import CliRunner
from openpyxl import Workbook, load_workbook
from openpyxl.utils import get_column_letter

from bench.edit import time_in_libreoffice, uno_missing
from rating_rules.mosaic import mosaic_delta
from tests.conftest import TAMPERED_CHAIN_ROW, TAMPERED_ROW, column_cells, outside, shipped
from workbook_builder import readback
from workbook_builder.audit import audit
from workbook_builder.cli import main
from workbook_builder.labels import UNBUILT
from workbook_builder.repair import repair

START = 100.0  # RULES.md §6, kept by the shipped templates
UNO_MISSING = uno_missing()
"""Why LibreOffice cannot be driven through UNO here (None: it can)."""


def engine_ratings(games):
    rating, out = START, []
    for g in games:
        rating += mosaic_delta(rating, g["OppRating"], g["Result"], g["TurnDiff"])
        out.append(rating)
    return out


def column(path: Path, key: str, data_only: bool = False) -> list[object]:
    wb = load_workbook(path, data_only=data_only)
    title, letter, first, last = column_cells(wb, f"Games_{key}")
    return [wb[title][f"{letter}{n}"].value for n in range(first, last + 1)]


def test_audit_of_a_libreoffice_recalculated_sheet_finds_nothing(recalc) -> None:
    report = audit(recalc.results[f"conform_{shipped('mosaic')[0]}"])
    assert report.checked > 1000
    assert report.not_calculated == 0
    assert report.findings == []


def test_audit_lists_the_overwritten_formula_and_what_followed(recalc) -> None:
    path = recalc.results["tampered"]
    report = audit(path)
    expected = engine_ratings(recalc.inputs["tampered"])
    overwritten = [f for f in report.findings if f.kind == "overwritten"]
    assert [(f.name, f.found) for f in overwritten] == [("Games_Rating", 999),
                                                         ("Games_Running", 500)]
    assert overwritten[0].expected == pytest.approx(expected[TAMPERED_ROW])
    assert overwritten[1].expected == pytest.approx(expected[TAMPERED_CHAIN_ROW])
    # The shown rating is not the chain: typing over it spoils nothing else. The hidden
    # running rating is the chain: LibreOffice carried the 500 into every later row.
    differs = {f.cell for f in report.findings if f.kind == "differs" and f.name == "Games_Rating"}
    # That row shows the typed 500 too, and so does every later one built on it.
    assert len(differs) == len(expected) - TAMPERED_CHAIN_ROW
    out = CliRunner().invoke(main, ["audit", str(path)])
    assert out.exit_code == 1
    assert "[overwritten]" in out.output


@pytest.mark.parametrize(("lang", "heading"), [("ja", "A新 レート"), ("en", "A new")])
def test_a_finding_names_the_column_as_its_heading_says(tmp_path, lang, heading) -> None:
    """A person finds a cell by the heading above it: audit's line (and the desk's) gives
    that heading in the workbook's language, not the defined name formulas use."""
    from workbook_builder.build import TEMPLATES, build
    from workbook_builder.template import load_template

    spec = load_template(TEMPLATES / f"ledger_tokin_{lang}.toml")
    made = build(dataclasses.replace(spec, rows=4, players=2), tmp_path)
    wb = load_workbook(made)
    title, coord = readback.cells_of(wb, "Games_ShownA")[0]
    assert " ".join(str(wb[title][f"{coord[0]}2"].value).split()) == heading  # on the sheet
    wb[title][coord] = 1500
    wb.save(made)
    [line] = [f.line() for f in audit(made).findings if f.kind == "overwritten"]
    assert line.startswith(f"{title}!{coord} ({heading}): ")
    assert "Games_" not in line


def test_repair_round_trip_keeps_every_input_and_restores_formulas(recalc, tmp_path) -> None:
    source = recalc.results["tampered"]
    before = hashlib.sha256(source.read_bytes()).digest()
    out = tmp_path / "repaired.xlsx"
    report = repair(source, out)
    assert hashlib.sha256(source.read_bytes()).digest() == before, "repair wrote its input"
    assert len(report.restored) == 2
    assert "999" in report.restored[0] and "500" in report.restored[1]
    games = recalc.inputs["tampered"]
    for key in ("Opponent", "OppRating", "Result", "TurnDiff", "Date"):
        assert column(out, key)[: len(games)] == column(source, key)[: len(games)]
    ratings = column(out, "Rating", data_only=True)
    assert ratings[: len(games)] == pytest.approx(engine_ratings(games))
    assert str(column(out, "Rating")[TAMPERED_ROW]).startswith("=")
    assert audit(out).findings == []


def test_repair_refuses_to_write_over_its_input(tmp_path) -> None:
    path = tmp_path / "mine.xlsx"
    shutil.copy(Path("dist") / f"{shipped('mosaic')[0]}.xlsx", path)
    out = CliRunner().invoke(main, ["repair", str(path), "--out", str(path)])
    assert out.exit_code == 1
    assert "never writes over it" in out.output


def _hostile_files(tmp_path: Path) -> dict[str, Path]:
    good = (Path("dist") / f"{shipped('mosaic')[0]}.xlsx").read_bytes()
    files = {}

    def put(name: str, data: bytes) -> None:
        files[name] = tmp_path / f"{name}.xlsx"
        files[name].write_bytes(data)

    put("text", "名前,レート\n田中,1500\n".encode())
    put("truncated", good[: len(good) // 2])
    put("corrupted", good[:2000] + bytes(b ^ 0xFF for b in good[2000:4000]) + good[4000:])
    nested = tmp_path / "nested.xlsx"
    with zipfile.ZipFile(nested, "w") as z:
        z.writestr("[Content_Types].xml", "<Types/>")
        z.writestr("xl/workbook.xml", "<a>" * 5000 + "</a>" * 5000)
    files["nested"] = nested
    laughs = tmp_path / "entities.xlsx"
    with zipfile.ZipFile(laughs, "w") as z:
        z.writestr("[Content_Types].xml", "<Types/>")
        z.writestr("xl/workbook.xml", '<!DOCTYPE a [<!ENTITY x "xxxxxxxx">'
                   '<!ENTITY y "&x;&x;&x;&x;&x;&x;">]><a>&y;&y;&y;</a>')
    files["entities"] = laughs
    foreign = tmp_path / "foreign.xlsx"
    Workbook().save(foreign)
    files["foreign"] = foreign
    return files


@pytest.mark.parametrize("command", ["audit", "repair"])
def test_hostile_files_end_in_one_line_and_stay_untouched(tmp_path, command) -> None:
    for kind, path in _hostile_files(tmp_path).items():
        before = path.read_bytes()
        out_args = ["--out", str(tmp_path / "out.xlsx")] if command == "repair" else []
        args = [command, str(path), *out_args]
        out = CliRunner().invoke(main, args)
        assert out.exit_code != 0, kind
        assert "Traceback" not in out.output, kind
        assert out.output.count("\n") == 1, (kind, out.output)
        assert out.output.startswith("Error: "), (kind, out.output)
        assert path.read_bytes() == before, kind
        assert not (tmp_path / "out.xlsx").exists(), kind


def test_oversized_part_is_refused_before_parsing(tmp_path, monkeypatch) -> None:
    path = tmp_path / "big.xlsx"
    shutil.copy(Path("dist") / f"{shipped('mosaic')[0]}.xlsx", path)
    monkeypatch.setattr(readback, "MAX_PART_BYTES", 10_000)
    with pytest.raises(readback.UnreadableWorkbook, match="unpacks to"):
        audit(path)


def test_repair_carries_a_text_setting(tmp_path) -> None:
    """A Tokin player's declared rank is text on Settings; repair keeps the one they chose."""
    from workbook_builder.build import TEMPLATES, build
    from workbook_builder.template import load_template

    built = build(load_template(TEMPLATES / "tokin_ja.toml"), tmp_path,
                  inputs=[{"OppRating": 1600, "Result": 1}])
    wb = load_workbook(built)
    ((title, ref),) = list(wb.defined_names["Settings_Rank"].destinations)
    wb[title][ref.replace("$", "")] = "三段"
    edited = tmp_path / "edited.xlsx"
    wb.save(edited)
    out = tmp_path / "repaired.xlsx"
    repair(edited, out)
    repaired = load_workbook(out, data_only=True)
    assert repaired[title][ref.replace("$", "")].value == "三段"
    # 三段 starts at 1800 (RULES.md §1); beating a 1600 gives 16 − round(8) = +8.
    first_rating = column(out, "Rating", data_only=True)[0]
    assert first_rating == 1808


# --- what a person typed outside the tables -----------------------------------------------


def test_nothing_outside_the_tables_in_a_libreoffice_saved_file(recalc) -> None:
    """Every system's filled log, saved by LibreOffice (which respells formulas and
    rewrites every cell): the builder's own text and formulas are never 'outside'.
    The Japanese files here; tests/test_portable.py reads the English ones as Gnumeric
    saved them (each check takes 2 to 14 s a file)."""
    results = recalc.results
    jobs = sorted(k for k in results if k.startswith("conform_") and k.endswith("_ja"))
    assert len(jobs) >= 10
    for job in jobs:
        assert outside(results[job]) == [], job


def test_repair_reports_a_remark_a_comment_a_formula_and_a_sheet_of_ones_own(tmp_path) -> None:
    from openpyxl.comments import Comment

    spec_path = Path("dist") / f"{shipped('mosaic')[0]}.xlsx"
    wb = load_workbook(spec_path)
    title, letter, first, _ = column_cells(wb, "Games_Result")
    ws = wb[title]
    ws[f"{letter}{first}"] = 1
    ws[f"{letter}{first}"].comment = Comment("won on time", "me")  # on an input cell
    ws["Z5"] = "a remark beside the log"
    ws["Z6"] = "=COUNT(C:C)"
    _, rating, _, last = column_cells(wb, "Games_Rating")
    ws[f"{rating}{last + 3}"] = 140  # below the table, in a column nobody types into
    wb.create_sheet("memo")["B2"] = "next meeting: the 5th"
    path = tmp_path / "mine.xlsx"
    wb.save(path)
    result = CliRunner().invoke(main, ["repair", str(path), "--out", str(tmp_path / "r.xlsx")])
    assert result.exit_code == 0, result.output
    lines = sorted(line for line in result.output.splitlines() if "not carried" in line)
    assert lines == sorted([
        f"not carried: {title}!{letter}{first}: the comment 'won on time'",
        f"not carried: {title}!Z5: 'a remark beside the log' is outside the workbook's tables",
        f"not carried: {title}!Z6: '=COUNT(C:C)' is outside the workbook's tables",
        f"not carried: {title}!{rating}{last + 3}: 140 is outside the workbook's tables",
        "not carried: sheet 'memo' (1 filled cell) is not part of a “MOSAIC rating”"])
    assert result.output.splitlines()[-1].endswith(
        "1 rows carried over; 5 left out, listed above")
    audit_out = CliRunner().invoke(main, ["audit", str(path)]).output
    assert "Z5: 'a remark beside the log' is outside" in audit_out


def test_a_grown_and_resized_ledger_reports_nothing_outside(tmp_path) -> None:
    """Rows typed below the tables are the tables growing, and --rows moves the notes
    under them: neither is 'outside'."""
    import dataclasses

    from workbook_builder.build import TEMPLATES, build
    from workbook_builder.template import load_template

    spec = dataclasses.replace(load_template(TEMPLATES / "ledger_tokin_ja.toml"), rows=4,
                               players=2)
    source = build(spec, tmp_path, tables={"Players": [{"Name": "A"}, {"Name": "B"}]})
    wb = load_workbook(source)
    title, letter, _, last = column_cells(wb, "Players_Name")
    wb[title][f"{letter}{last + 1}"] = "C"
    grown = tmp_path / "grown.xlsx"
    wb.save(grown)
    for extra in ([], ["--rows", "40", "--players", "9"]):
        out = tmp_path / f"r{len(extra)}.xlsx"
        result = CliRunner().invoke(main, ["repair", str(grown), "--out", str(out), *extra])
        assert result.exit_code == 0 and "not carried" not in result.output, result.output


def test_a_table_pasted_beside_the_log_is_a_few_lines(tmp_path) -> None:
    wb = load_workbook(Path("dist") / f"{shipped('mosaic')[0]}.xlsx")
    title, _, _, _ = column_cells(wb, "Games_Result")
    for row in range(1, 51):
        wb[title][f"AA{row}"] = f"pasted {row}"
    wb[title]["AB1"] = "x" * 500
    path = tmp_path / "pasted.xlsx"
    wb.save(path)
    result = CliRunner().invoke(main, ["repair", str(path), "--out", str(tmp_path / "r.xlsx")])
    lines = [line for line in result.output.splitlines() if "not carried" in line]
    assert len(lines) == 21 and lines[-1] == f"not carried: {title}: 31 more such cells"
    assert f"{title}!AB1: '{'x' * 56}…' is outside" in result.output


def test_a_chart_and_a_name_of_ones_own_are_reported(tmp_path) -> None:
    from openpyxl.chart import BarChart, Reference
    from openpyxl.workbook.defined_name import DefinedName

    wb = load_workbook(Path("dist") / f"{shipped('go')[0]}.xlsx")  # it has a chart of its own
    ws = wb.create_sheet("mine")
    ws.append([1])
    ws.append([2])
    chart = BarChart()
    chart.add_data(Reference(ws, min_col=1, min_row=1, max_row=2))
    ws.add_chart(chart, "C1")
    wb.defined_names["MyTotals"] = DefinedName("MyTotals", attr_text="mine!$A$1:$A$2")
    wb.create_chartsheet("bars").add_chart(BarChart())
    ws.defined_names["Mine"] = DefinedName("Mine", attr_text="mine!$A$1")  # a sheet's own
    path = tmp_path / "chart.xlsx"
    wb.save(path)
    result = CliRunner().invoke(main, ["repair", str(path), "--out", str(tmp_path / "r.xlsx")])
    lines = [line for line in result.output.splitlines() if "not carried" in line]
    assert "not carried: 1 chart (xl/charts/chart…) beyond what the workbook makes" in lines
    assert "not carried: the defined name 'MyTotals'" in lines
    assert "not carried: the chart sheet 'bars'" in lines
    assert "not carried: the defined name 'mine!Mine'" in lines


def test_many_names_of_ones_own_are_a_few_lines(tmp_path) -> None:
    from openpyxl.workbook.defined_name import DefinedName

    wb = load_workbook(Path("dist") / f"{shipped('mosaic')[0]}.xlsx")
    for k in range(25):
        wb.defined_names[f"Mine{k}"] = DefinedName(f"Mine{k}", attr_text="Settings!$A$1")
    path = tmp_path / "names.xlsx"
    wb.save(path)
    result = CliRunner().invoke(main, ["repair", str(path), "--out", str(tmp_path / "r.xlsx")])
    lines = [line for line in result.output.splitlines() if "not carried" in line]
    assert len(lines) == 21 and lines[-1] == "not carried: 5 more defined names"


def test_audit_says_which_program_computes_the_lambda_edition(tmp_path) -> None:
    """As a LAMBDA file reads after LibreOffice saved it (no LAMBDA there: #VALUE!)."""
    from workbook_builder.build import TEMPLATES, build_workbook
    from workbook_builder.package import CellError, finalize
    from workbook_builder.template import load_template

    wb, built = build_workbook(load_template(TEMPLATES / "lambda_en.toml"))
    path = tmp_path / "lambda.xlsx"
    wb.save(path)
    finalize(path, {title: dict.fromkeys(cells, CellError("#VALUE!"))
                    for title, cells in built.cached.items()})
    result = CliRunner().invoke(main, ["audit", str(path)])
    assert result.exit_code == 1
    assert ("note: only Excel 365 or Excel 2024 computes these formulas: the error values "
            "say another program saved the file last") in result.output
    clean = CliRunner().invoke(main, ["audit", str(Path("dist") / "lambda_en.xlsx")])
    assert clean.exit_code == 0 and "only Excel 365" not in clean.output


def test_a_heading_an_earlier_version_put_elsewhere_is_not_outside(tmp_path) -> None:
    """A file of an earlier version whose note sat two rows lower: still the builder's
    text, not something a person typed; a remark beside it still is."""
    wb = load_workbook(Path("dist") / f"{shipped('mosaic')[0]}.xlsx")
    ws = wb["Settings"] if "Settings" in wb.sheetnames else wb["設定"]
    note = next(c for row in ws.iter_rows() for c in row
                if isinstance(c.value, str) and len(c.value) > 20 and c.data_type != "f")
    text, coord = note.value, note.coordinate
    note.value = None
    ws.cell(note.row + 2, 8, text)
    ws.cell(note.row + 3, 8, "our own rule: 50 points a game")
    path = tmp_path / "older.xlsx"
    wb.save(path)
    result = CliRunner().invoke(main, ["repair", str(path), "--out", str(tmp_path / "r.xlsx")])
    lines = [line for line in result.output.splitlines() if "not carried" in line]
    assert lines == [f"not carried: {ws.title}!{ws.cell(note.row + 3, 8).coordinate}: "
                     "'our own rule: 50 points a game' is outside the workbook's tables"], coord


def test_a_highlight_and_a_drop_down_of_ones_own_are_reported(tmp_path) -> None:
    from openpyxl.formatting.rule import CellIsRule
    from openpyxl.styles import PatternFill
    from openpyxl.worksheet.datavalidation import DataValidation

    wb = load_workbook(Path("dist") / f"{shipped('mosaic')[0]}.xlsx")
    title, letter, first, _ = column_cells(wb, "Games_Result")
    ws = wb[title]
    ws.conditional_formatting.add("Z1:Z10", CellIsRule(operator="greaterThan", formula=["100"],
                                                      fill=PatternFill("solid", "FFFF00")))
    own = DataValidation(type="list", formula1='"a,b"')
    own.add("Y2:Y5")
    own.add(f"{letter}{first}")  # on an input cell: the builder's own list covers it
    ws.add_data_validation(own)
    path = tmp_path / "formats.xlsx"
    wb.save(path)
    result = CliRunner().invoke(main, ["repair", str(path), "--out", str(tmp_path / "r.xlsx")])
    lines = [line for line in result.output.splitlines() if "not carried" in line]
    assert lines == [f"not carried: {title}!Z1:Z10: a conditional format of one's own",
                     f"not carried: {title}!Y2:Y5: a data validation of one's own"]


def test_a_formula_of_ones_own_in_place_of_the_workbooks_is_reported(tmp_path) -> None:
    """A computed cell (named) and the lead row's start (unnamed) given formulas of one's
    own: both reported; a builder formula merely respelled (case, spaces, ``FALSE()``,
    ``$``, as LibreOffice and Excel write them) is not."""
    wb = load_workbook(Path("dist") / f"{shipped('mosaic')[0]}.xlsx")
    title, rating, first, _ = column_cells(wb, "Games_Rating")
    _, status, _, _ = column_cells(wb, "Games_Status")
    ws = wb[title]
    lead = next(c for row in ws.iter_rows() for c in row if c.value == "=Settings_Start")
    lead.value = "=Settings_Start+50"
    ws[f"{rating}{first}"] = "=140"
    row = first + 1
    builders = str(ws[f"{status}{row}"].value)
    respelled = builders.replace("IF(", "if( ").replace(",FALSE)", ",FALSE())").replace(
        f"(B{row})", f"($B${row})")
    assert "FALSE())" in respelled and "$B$" in respelled
    ws[f"{status}{row}"] = respelled
    path = tmp_path / "own.xlsx"
    wb.save(path)
    result = CliRunner().invoke(main, ["repair", str(path), "--out", str(tmp_path / "r.xlsx")])
    lines = sorted(line for line in result.output.splitlines() if "not carried" in line)
    assert lines == sorted([
        f"not carried: {title}!{lead.coordinate}: a formula of one's own, "
        "'=Settings_Start+50', where the workbook has its own",
        f"not carried: {title}!{rating}{first}: a formula of one's own, '=140', where the "
        "workbook has its own"])
    audit_out = CliRunner().invoke(main, ["audit", str(path)]).output
    assert f"{lead.coordinate}: a formula of one's own" in audit_out


def test_a_value_typed_over_a_formula_outside_the_tables_is_reported(tmp_path) -> None:
    """The Go sheet's promotion view is formulas without names: a number typed over one
    is said as such (the named columns' are listed as restored)."""
    wb = load_workbook(Path("dist") / "go_ja.xlsx")
    ws = wb["昇段・降段表"]
    cell = next(c for row in ws.iter_rows() for c in row if c.data_type == "f")
    cell.value = 999
    path = tmp_path / "typed.xlsx"
    wb.save(path)
    result = CliRunner().invoke(main, ["repair", str(path), "--out", str(tmp_path / "r.xlsx")])
    lines = [line for line in result.output.splitlines() if "not carried" in line]
    assert lines == [f"not carried: 昇段・降段表!{cell.coordinate}: 999 typed in place of the "
                     "workbook's formula"]


@pytest.mark.skipif(UNO_MISSING is not None, reason=str(UNO_MISSING))
@pytest.mark.parametrize(("template", "key", "block", "typed"), [
    ("mosaic_ja", "Games_Result", 1, 1),           # the previous row's chain
    ("ledger_tokin_ja", "Games_Result", 1, 1),     # a player's previous game, looked up
    ("ledger_tokin_ja", "Players_Name", 1, "新人"),  # the Players sheet grown
    ("yonin_ledger_en", "Games_Place", 4, 1),      # four rows a game
    ("yonin_ja", "Games_Place", 4, 1),             # Status on a game's first row
    ("go_en", "Games_Result", 1, 1),               # a layout of its own
])
def test_a_table_grown_by_dragging_its_last_rows_reports_nothing(tmp_path, template, key,
                                                                 block, typed) -> None:
    """A person out of rows lifts the sheet's protection, drags the last game down in
    LibreOffice, formulas, formats and all, then types. LibreOffice leaves the hidden
    helpers of the new rows empty, so their Status says so at once; what the drag made is
    the builder's, not something of one's own, and repair makes the rows whole."""
    import dataclasses

    from workbook_builder.build import TEMPLATES, build
    from workbook_builder.template import load_template

    spec = dataclasses.replace(load_template(TEMPLATES / f"{template}.toml"), rows=4)
    built = build(spec, tmp_path)
    wb = load_workbook(built)
    title, letter, _, last = column_cells(wb, key)
    drag = f"A{last - block + 1}:{get_column_letter(wb[title].max_column)}{last + block}"
    dragged = tmp_path / "dragged.xlsx"
    time_in_libreoffice({"file": str(built), "out": str(dragged), "repeats": 1, "long": 0,
                         "typed": [[[title, drag, {"fill": block}],
                                    [title, f"{letter}{last + 1}", typed]]],
                         "fix": [[]]}, tmp_path)
    below = load_workbook(dragged)[title][last + 1]
    assert any(cell.data_type == "f" for cell in below), "the drag filled no formula"
    _, status, _, _ = column_cells(wb, f"{key.split('_')[0]}_Status")
    shown = load_workbook(dragged, data_only=True)[title][f"{status}{last + 1}"].value
    assert shown == UNBUILT(spec.lang), "LibreOffice left the hidden helpers empty unflagged"
    out = tmp_path / "r.xlsx"
    result = CliRunner().invoke(main, ["repair", str(dragged), "--out", str(out)])
    assert result.exit_code == 0 and "not carried" not in result.output, result.output
    assert load_workbook(out)[title][f"{letter}{last + 1}"].value == typed
