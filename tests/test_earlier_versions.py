"""Files made by earlier versions of the builder: ``repair`` carries them whole and
reports nothing a person did not add.

``tests/fixtures/earlier`` holds workbooks that earlier commits built (the commit is the
file name's prefix; see the README there): 16 game rows, 8 players, each template's
example games, untouched since. Their formulas, lead rows, headings and names are the
earlier builder's, laid out as it laid them out, so none of it is "of one's own".
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from openpyxl import load_workbook

from workbook_builder.audit import audit
from workbook_builder.build import TEMPLATES
from workbook_builder.cli import main

EARLIER = sorted((Path(__file__).parent / "fixtures" / "earlier").glob("*.xlsx"))


def typed(path: Path) -> dict[str, list[object]]:
    """Every input and setting by its defined name, as ``_meta`` lists them, read with
    openpyxl alone (trailing blanks dropped)."""
    wb = load_workbook(path)
    rows = list(wb["_meta"].iter_rows(values_only=True))
    header = next(i for i, row in enumerate(rows) if row[0] == "name")
    out = {}
    for name, _, _, role, *_ in rows[header + 1:]:
        if role not in ("input", "setting") or name not in wb.defined_names:
            continue
        ((title, ref),) = list(wb.defined_names[name].destinations)
        found = wb[title][ref.replace("$", "")]
        cells = [c for row in found for c in row] if isinstance(found, tuple) else [found]
        values = [cell.value for cell in cells]
        while values and values[-1] is None:
            values.pop()
        out[name] = values
    return out


@pytest.mark.parametrize("path", EARLIER, ids=lambda p: p.stem)
def test_repair_carries_an_earlier_versions_file_and_reports_nothing(tmp_path, path) -> None:
    out = tmp_path / "repaired.xlsx"
    result = CliRunner().invoke(main, ["repair", str(path), "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert "not carried" not in result.output, result.output
    before, after = typed(path), typed(out)
    assert any(before.values()), "the fixture holds typed values"
    assert {name: after.get(name) for name in before} == before
    assert ("使い方" if path.stem.endswith("_ja") else "How to") in load_workbook(out).sheetnames
    assert audit(out).findings == []


RULE_CHANGED = {
    "a7db20d_glicko_ja": {"Games_Expected", "Games_Change", "Games_Rating", "Games_RD"},
}
"""Files made before their rule changed, and the computed columns the change moves: since
Glicko's personal sheet grows the opponent's typed RD by one period (RULES.md §7, the
list's end-of-month RD), an earlier Glicko sheet computes the old rule. Audit names those
cells, as it should; ``repair`` rebuilds them to today's rule (the test above)."""


@pytest.mark.parametrize("path", EARLIER, ids=lambda p: p.stem)
def test_audit_of_an_earlier_versions_file_finds_its_numbers_right(path) -> None:
    """The values the earlier builder cached in its computed columns are the engine's
    today, found by each column's name wherever that version put it; its hidden helpers
    are its own business and are not compared. A ⚠ worded otherwise today (an unknown
    name is quoted now) flags the same row: only its words differ."""
    report = audit(path)
    reworded = [f for f in report.findings if f.name.endswith("_Status")
                and str(f.expected).startswith("⚠") and str(f.found).startswith("⚠")]
    moved = RULE_CHANGED.get(path.stem, set())
    assert all(f.name in moved for f in report.findings if f not in reworded), [
        f.line() for f in report.findings]
    assert bool(moved) == any(f.name in moved for f in report.findings)
    assert report.checked > 0
    assert not any("would not carry" in note for note in report.notes), report.notes
    howto = "使い方" if path.stem.endswith("_ja") else "How to"
    missing = f"sheet {howto!r} is missing (an earlier version made none): `repair` adds it"
    assert (missing in report.notes) == (howto not in load_workbook(path).sheetnames), \
        report.notes


@pytest.mark.parametrize(("fixture", "edits"), [
    # a4ea76f's _meta names no preset field for these: the name's field today is used
    ("a4ea76f_go_ja", {"Settings_StartRank": "三段", "Settings_StartPoints": 150,
                       "Settings_RatedBefore": 25}),
    ("a4ea76f_yonin_ja", {"Settings_ScoreRule": "B", "Settings_StartCpu1": 1234}),
])
def test_settings_edited_in_an_earlier_versions_file_are_carried(tmp_path, fixture,
                                                                 edits) -> None:
    wb = load_workbook(Path(__file__).parent / "fixtures" / "earlier" / f"{fixture}.xlsx")
    for name, value in edits.items():
        ((title, ref),) = list(wb.defined_names[name].destinations)
        wb[title][ref.replace("$", "")] = value
    path, out = tmp_path / "edited.xlsx", tmp_path / "repaired.xlsx"
    wb.save(path)
    result = CliRunner().invoke(main, ["repair", str(path), "--out", str(out)])
    assert result.exit_code == 0 and "not carried" not in result.output, result.output
    assert {name: typed(out)[name] for name in edits} == {n: [v] for n, v in edits.items()}
    assert audit(out).findings == []


def test_a_formula_of_ones_own_beside_an_earlier_versions_table_is_reported(tmp_path) -> None:
    """What an earlier version wrote is recognised as a column; a club's own column beside
    the log is not the builder's, whatever version made the file: also where this version's
    table has grown a column (that file's table ends at W, this version's at AE)."""
    wb = load_workbook(Path(__file__).parent / "fixtures" / "earlier"
                       / "a4ea76f_ledger_tokin_ja.xlsx")
    ws = wb["対局"]
    for row in (4, 5, 6):
        ws[f"AD{row}"] = f"=D{row}*2"
        ws[f"AH{row}"] = f"=D{row}*3"
    path = tmp_path / "own.xlsx"
    wb.save(path)
    result = CliRunner().invoke(main, ["repair", str(path), "--out", str(tmp_path / "r.xlsx")])
    lines = [line for line in result.output.splitlines() if "not carried" in line]
    assert lines == [line for row in (4, 5, 6) for line in (
        f"not carried: 対局!AD{row}: a formula of one's own, '=D{row}*2', where the "
        "workbook has its own",
        f"not carried: 対局!AH{row}: '=D{row}*3' is outside the workbook's tables")]


def reworded(tmp_path: Path, cells: dict[str, str], recorded: set[str]) -> list[str]:
    """Build the Tokin sheet, put ``cells`` on its 早見表 sheet, record in ``_meta`` the
    fingerprints (SHA-256, 8 hex digits) of those in ``recorded`` as the making version's
    words, as a version that worded them so would have, and return repair's
    "not carried" lines."""
    built = tmp_path / "built"
    result = CliRunner().invoke(main, ["build", str(TEMPLATES / "tokin_ja.toml"),
                                       "--out", str(built)])
    assert result.exit_code == 0, result.output
    wb = load_workbook(built / "tokin_ja.xlsx")
    meta = wb["_meta"]
    row = next(r for r in meta.iter_rows() if r[0].value == "texts")
    texts = json.loads(row[1].value)
    words = set(texts["早見表"].split())
    for ref, text in cells.items():
        words.discard(hashlib.sha256(wb["早見表"][ref].value.encode()).hexdigest()[:8])
        wb["早見表"][ref] = text
        if text in recorded:
            words.add(hashlib.sha256(text.encode()).hexdigest()[:8])
    texts["早見表"] = " ".join(sorted(words))
    row[1].value = json.dumps(texts, ensure_ascii=False)
    path = tmp_path / "edited.xlsx"
    wb.save(path)
    result = CliRunner().invoke(main, ["repair", str(path), "--out", str(tmp_path / "r.xlsx")])
    assert result.exit_code == 0, result.output
    return [line for line in result.output.splitlines() if "not carried" in line]


def test_one_text_the_making_version_worded_otherwise_is_its_own(tmp_path) -> None:
    """One note worded otherwise by the version that made the file: before its words were
    recorded, one changed text was taken for a person's and reported as not carried."""
    older = "平手の対局の表です"
    assert reworded(tmp_path, {"A3": older}, {older}) == []


def test_a_text_typed_over_the_builders_is_reported(tmp_path) -> None:
    typed = "メモ: 来月から駒落ちも"
    lines = reworded(tmp_path, {"A3": typed}, set())
    assert len(lines) == 1 and "早見表!A3" in lines[0] and typed in lines[0], lines


def test_a_text_typed_on_a_sheet_an_earlier_version_worded_otherwise_is_reported(
        tmp_path) -> None:
    """Two texts an earlier version worded otherwise made the whole sheet "earlier", and a
    person's text over a heading there was dropped unreported; the recorded words tell it
    apart."""
    title, note, typed = "点数表", "平手の表です", "下位の負け (メモ)"
    lines = reworded(tmp_path, {"A1": title, "A3": note, "E4": typed}, {title, note})
    assert len(lines) == 1 and "早見表!E4" in lines[0] and typed in lines[0], lines


def earlier_howto(tmp_path: Path, fixture: str, heading: tuple[str, str, str] | None,
                  line: tuple[str, str] | None) -> list[str]:
    """Repair's "not carried" lines for ``fixture`` (a file made before ``_meta`` kept
    fingerprints) after a ``heading`` change (name, old heading, new heading: in the
    name's heading cell and in ``_meta``, as a version that worded it so would have
    written it) and a how-to ``line`` retyped (its start, its new text)."""
    wb = load_workbook(Path(__file__).parent / "fixtures" / "earlier" / f"{fixture}.xlsx")
    if heading is not None:
        name, old, new = heading
        rows = list(wb["_meta"].iter_rows())
        top = next(i for i, row in enumerate(rows) if row[0].value == "name")
        label = [cell.value for cell in rows[top]].index("label")
        (entry,) = [row for row in rows[top + 1:] if row[0].value == name]
        assert entry[label].value == old
        entry[label].value = new
        ((title, ref),) = list(wb.defined_names[name].destinations)
        column = wb[title][ref.replace("$", "").split(":")[0]]
        (cell,) = [wb[title].cell(row, column.column) for row in range(1, column.row)
                   if wb[title].cell(row, column.column).value == old]
        cell.value = new
    if line is not None:
        start, text = line
        (cell,) = [c for row in wb["使い方"].iter_rows() for c in row
                   if isinstance(c.value, str) and c.value.startswith(start)]
        cell.value = text
    path = tmp_path / "edited.xlsx"
    wb.save(path)
    result = CliRunner().invoke(main, ["repair", str(path), "--out", str(tmp_path / "r.xlsx")])
    assert result.exit_code == 0, result.output
    return [line for line in result.output.splitlines() if "not carried" in line]


@pytest.mark.parametrize(("fixture", "heading", "line"), [
    ("a7db20d_glicko_ja", ("Games_Period", "期間", "対局期間"),
     ("2. ", "2. 「対局」に 1 局 1 行で、白いセル A [相手]、B [相手レート]、C [相手RD]、"
             "D [勝敗1/0.5/0]、E [対局期間]、F [日付] を入れる。")),
    ("a08eef4_ledger_glicko_ja", ("Players_Start", "開始\nレート", "最初の\nレート"),
     ("1. ", "1. 「名簿」に会員を 1 人 1 行で、白いセル A [名前]、B [最初のレート] を入れる "
             "(ルールは「設定」)。")),
])
def test_a_howto_step_naming_an_earlier_versions_headings_is_its_own(
        tmp_path, fixture, heading, line) -> None:
    """The how-to names the cells to type in by their headings: a version that worded a
    heading otherwise worded its step so, and the step is the builder's, not typed, though
    no version lists those words."""
    assert earlier_howto(tmp_path, fixture, heading, line) == []


def test_a_howto_step_retyped_in_an_earlier_versions_file_is_reported(tmp_path) -> None:
    typed = "2. 対局はその日のうちに書く (クラブのきまり)"
    lines = earlier_howto(tmp_path, "a7db20d_glicko_ja", None, ("2. ", typed))
    assert len(lines) == 1 and "使い方!A4" in lines[0] and typed[:20] in lines[0], lines
