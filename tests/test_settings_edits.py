"""A club edits its Settings (constants and tables) in a spreadsheet app: nothing is lost.

The edited file is saved by LibreOffice, which computes every formula with the edited
Settings: that is the independent path. ``audit`` of it must find nothing to report,
and ``repair`` must carry every edited value, with ratings that are the engine's for
the edited rule (RULES.md §1: the handicap's adjustment comes off the gap).
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import shutil
from collections.abc import Iterable, Mapping
from pathlib import Path

import pytest
from click.testing import CliRunner
from openpyxl import load_workbook

from rating_rules.go import GO
from rating_rules.shogi import TOKIN, tokin_delta
from tests.conftest import early
from workbook_builder.build import TEMPLATES, build
from workbook_builder.cli import main
from workbook_builder.readback import cells_of
from workbook_builder.template import load_template

GAMES = [  # 五段 starts at the edited 2111; a 香落 game, then an even one
    {"Opponent": "A", "OppRating": 2000, "Handicap": "香落", "Result": 1,
     "Date": dt.datetime(2024, 5, 1)},
    {"Opponent": "B", "OppRating": 1990, "Result": 0, "Date": dt.datetime(2024, 5, 2)},
]


def put(wb, name: str, index: int, value: object) -> None:
    title, coord = cells_of(wb, name)[index]
    wb[title][coord] = value


def heading(wb, name: str) -> str:
    """The heading a person sees for ``name`` on Settings: the label left of a single
    value, else the nearest text above a table column's first cell (on one line)."""
    from openpyxl.utils.cell import range_boundaries

    ((title, ref),) = wb.defined_names[name].destinations
    left, top, right, bottom = range_boundaries(ref.replace("$", ""))
    ws = wb[title]
    if (left, top) == (right, bottom) and left == 2:
        return " ".join(str(ws.cell(top, 1).value).split())
    row = top - 1
    while not isinstance(ws.cell(row, left).value, str):
        row -= 1
    return " ".join(ws.cell(row, left).value.split())


def edited(built: Path, cells: Iterable[tuple[str, int, object]], path: Path) -> Path:
    """``built`` with each (name, row, value) typed in, saved as ``path`` (by openpyxl, so
    with no cached values: LibreOffice computes every formula)."""
    wb = load_workbook(built)
    for name, row, value in cells:
        put(wb, name, row, value)
    wb.save(path)
    return path


def singles(values: Mapping[str, object]) -> list[tuple[str, int, object]]:
    return [(name, 0, value) for name, value in values.items()]


def edited_tokin(folder: Path) -> Path:
    spec = load_template(TEMPLATES / "tokin_ja.toml")
    return edited(build(spec, folder / "built", inputs=GAMES), [
        ("Settings_Rank", 0, "五段"),
        ("Settings_RankRating", 0, 2111),   # 五段: 2000 → 2111
        ("Settings_HandicapAdj", 1, 120),   # 香落: 100 → 120
        ("Settings_Base", 0, 17),           # a documented constant: 16 → 17
    ], folder / "edited_tokin.xlsx")


def edited_club24(folder: Path) -> Path:
    return edited(build(load_template(TEMPLATES / "club24_en.toml"), folder / "built"),
                  [("Settings_RankRating", 0, 2470), ("Settings_RankLabel", 1, "7-dan")],
                  folder / "edited_club24.xlsx")


GO_GAMES = [
    {"Opponent": "A", "OppRank": "2k", "Result": 1, "Date": dt.datetime(2024, 5, 1)},
    {"Opponent": "B", "OppRank": "1d", "Result": 0, "Date": dt.datetime(2024, 5, 2)},
    {"Opponent": "C", "OppRank": "3k", "Handicap": 0, "Result": 1, "Date": dt.datetime(2024, 5, 3)},
]
GO_EDITS = {  # a player's own start (the template says: type it on Settings) and a constant
    "Settings_StartRank": "3k", "Settings_StartPoints": 22000, "Settings_RatedBefore": 25,
    "Settings_RegularPoints": 120,
}


GO_ROW_3K = [code for code, _, _ in GO.table].index("3k")
GO_TABLE_EDITS = (  # (name, row, value): a club's own ladder, exchange and multiplier
    ("Settings_Ladder_Down", GO_ROW_3K, 21900), ("Settings_Ladder_Up", GO_ROW_3K + 1, 22000),
    ("Settings_Exchange_Favoured", 1, 90),
    ("Settings_Multiplier_Percent", 1, 140),
)


def edited_go(folder: Path) -> Path:
    return edited(build(load_template(TEMPLATES / "go_en.toml"), folder / "built",
                        inputs=GO_GAMES),
                  [*singles(GO_EDITS), *GO_TABLE_EDITS], folder / "edited_go.xlsx")


YONIN_EDITS = {  # the sheet's two rule choices and three cells of the rule's pairs
    "Settings_ScoreRule": "B", "Settings_WinRule": "単勝", "Settings_KnockTopKo": 25,
    "Settings_KnockSameUp": -1, "Settings_StartCpu1": 900,
}
YONIN_TABLE_EDITS = (  # (name, row, value): 1st place 35 → 40, 初段's minimum 2000 → 2010
    ("Settings_PlacePt", 0, 40), ("Settings_RankMin", 4, 2010),
)


def edited_yonin(folder: Path) -> Path:
    from workbook_builder.sheets.yonin import example_games

    return edited(build(load_template(TEMPLATES / "yonin_ja.toml"), folder / "built",
                        inputs=example_games("ja")),
                  [*singles(YONIN_EDITS), *YONIN_TABLE_EDITS], folder / "edited_yonin.xlsx")


LEDGER_EDITS = {  # (template, players, games, {(name, row): value}): a club's own tables
    "ledger_tokin": ("ledger_tokin_ja",
                     [{"Name": "A", "Rank": "五段"}, {"Name": "B", "Rank": "四段"}],
                     [{"Date": dt.datetime(2024, 5, 1), "PlayerA": "A", "PlayerB": "B",
                       "Result": 1, "Handicap": "香落"}],  # monthly lists: a dated game
                     {("Settings_RankRating", 0): 2111, ("Settings_HandicapAdj", 1): 120}),
    "ledger_club24": ("ledger_club24_ja", [{"Name": "A", "Rank": "初段"}, {"Name": "B"}],
                      [{"PlayerA": "A", "PlayerB": "B", "Result": 1}],
                      {("Settings_RankRating", 7): 1650}),
    "ledger_go": ("ledger_go_ja", [{"Name": "A", "Rank": "1k"}, {"Name": "B", "Rank": "1k"},
                                   {"Name": "C", "Rank": "3k"}],
                  [{"PlayerA": "A", "PlayerB": "B", "Result": 1}],
                  {("Settings_Multiplier_Percent", 0): 250,
                   ("Settings_Ladder_Down", GO_ROW_3K): 21900,  # as on the Go sheet, with
                   ("Settings_Ladder_Up", GO_ROW_3K + 1): 22000}),  # 4k+ promoted above it
}


def edited_ledger(folder: Path, key: str) -> Path:
    template, players, games, edits = LEDGER_EDITS[key]
    spec = dataclasses.replace(load_template(TEMPLATES / f"{template}.toml"), rows=6, players=6)
    return edited(build(spec, folder / "built", tables={"Games": games, "Players": players}),
                  [(name, row, value) for (name, row), value in edits.items()],
                  folder / f"edited_{key}.xlsx")


@pytest.fixture(scope="module")
def saved(early_jobs) -> dict[str, Path]:
    if shutil.which("soffice") is None:
        pytest.skip("LibreOffice (soffice) is not installed")
    return early_jobs["settings_saved"].result()


@early
def settings_saved(_: dict[str, Path], folder: Path) -> dict[str, Path]:
    """The edited workbooks as LibreOffice saves them (every formula recomputed)."""
    from workbook_builder.libreoffice import recalculate

    sources = [edited_tokin(folder), edited_club24(folder), edited_go(folder),
               edited_yonin(folder), *(edited_ledger(folder, key) for key in LEDGER_EDITS)]
    outs = recalculate(sources, folder / "out")
    return dict(zip(["tokin", "club24", "go", "yonin", *LEDGER_EDITS], outs, strict=True))


@pytest.mark.parametrize("kind", ["tokin", "club24", "go", "yonin", *LEDGER_EDITS])
def test_audit_of_edited_settings_finds_nothing(saved, kind) -> None:
    result = CliRunner().invoke(main, ["audit", str(saved[kind])])
    assert result.exit_code == 0, result.output
    assert " 0 differ" in result.output
    assert "Settings_" not in result.output  # every edited constant and table reached the engine


def test_libreoffice_rates_the_edited_rule_as_the_engine_does(saved) -> None:
    wb = load_workbook(saved["tokin"], data_only=True)
    title, coord = cells_of(wb, "Games_Change")[0]
    rule = dataclasses.replace(TOKIN, base=17, handicaps=tuple(
        dataclasses.replace(h, adjustment=120) if h.name == "香落" else h
        for h in TOKIN.handicaps))
    first = tokin_delta(2111, 2000, 1, "香落", rule)
    assert wb[title][coord].value == first == 17 - round(0.04 * (111 - 120))
    title, coord = cells_of(wb, "Games_Change")[1]
    assert wb[title][coord].value == tokin_delta(2111 + first, 1990, 0, None, rule)


def test_repair_carries_edited_settings(saved, tmp_path) -> None:
    out = tmp_path / "repaired.xlsx"
    result = CliRunner().invoke(main, ["repair", str(saved["tokin"]), "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert "Settings" not in result.output  # nothing reported as not carried
    wb = load_workbook(out)
    values = {name: [wb[t][c].value for t, c in cells_of(wb, name)]
              for name in ("Settings_RankRating", "Settings_HandicapAdj", "Settings_Base")}
    assert values["Settings_RankRating"][0] == 2111
    assert values["Settings_HandicapAdj"][1] == 120
    assert values["Settings_Base"] == [17]
    fresh = load_workbook(saved["tokin"], data_only=True)
    cached = load_workbook(out, data_only=True)
    for name in ("Games_Change", "Games_Rating"):
        assert ([fresh[t][c].value for t, c in cells_of(fresh, name)][:2]
                == [cached[t][c].value for t, c in cells_of(cached, name)][:2])
    audit = CliRunner().invoke(main, ["audit", str(out)])
    assert audit.exit_code == 0 and "snapshot" not in audit.output and " 0 differ" in audit.output


def test_a_table_that_does_not_fit_is_reported_not_carried(tmp_path) -> None:
    wb = load_workbook(build(load_template(TEMPLATES / "tokin_en.toml"), tmp_path / "b"))
    put(wb, "Settings_HandicapAdj", 2, "lots")
    path = tmp_path / "bad_table.xlsx"
    wb.save(path)
    out = tmp_path / "repaired.xlsx"
    result = CliRunner().invoke(main, ["repair", str(path), "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert f"{heading(wb, 'Settings_HandicapAdj')} row 3: 'lots' is not a number" in result.output
    repaired = load_workbook(out)
    assert [repaired[t][c].value for t, c in cells_of(repaired, "Settings_HandicapAdj")][2] == 250


def older_meta(tmp_path: Path, name: str, renamed: str | None = None) -> Path:
    """The MOSAIC sheet with GapWeight typed as 0.2 and ``name``'s _meta row naming no
    preset field, as an older version wrote it (``renamed``: and the name as one this
    version does not have)."""
    wb = load_workbook(build(load_template(TEMPLATES / "mosaic_en.toml"), tmp_path / "b"))
    put(wb, name, 0, 0.2)
    rows = list(wb["_meta"].iter_rows())
    header = next(r for r in rows if r[0].value == "name")
    field = [c.value for c in header].index("field")
    row = next(r for r in rows if r[0].value == name)
    assert row[field].value == "gap_weight"
    row[field].value = None
    if renamed:
        row[0].value = renamed
        defined = wb.defined_names.pop(name)
        defined.name = renamed
        wb.defined_names[renamed] = defined
    path = tmp_path / "older.xlsx"
    wb.save(path)
    return path


def test_a_setting_whose_meta_names_no_field_is_carried_by_its_name(tmp_path) -> None:
    """An older version's _meta named no preset field for some constants (the Go sheet's
    start, the four-player score rule): the field this version gives the name is used."""
    out = tmp_path / "repaired.xlsx"
    result = CliRunner().invoke(main, ["repair", str(older_meta(tmp_path, "Settings_GapWeight")),
                                       "--out", str(out)])
    assert result.exit_code == 0 and "not carried" not in result.output, result.output
    assert first_value(out, "Settings_GapWeight") == 0.2


def test_a_setting_this_version_does_not_have_is_reported(tmp_path) -> None:
    """A constant named as no template of this version names one: the typed value has no
    place in the rebuild; repair and audit say so."""
    path = older_meta(tmp_path, "Settings_GapWeight", renamed="Settings_Retired")
    result = CliRunner().invoke(main, ["repair", str(path), "--out", str(tmp_path / "r.xlsx")])
    assert result.exit_code == 0, result.output
    shown = heading(load_workbook(path), "Settings_Retired")
    assert f"not carried: {shown}: typed 0.2, the rebuilt workbook has None" in (
        result.output)
    result = CliRunner().invoke(main, ["audit", str(path)])
    assert f"{shown}: typed 0.2" in result.output


def repaired_keeps(source: Path, edits: dict[str, object], computed: tuple[str, ...],
                   rows: int, out: Path) -> dict[str, list[object]]:
    """Repair ``source``: every edited value is kept, and the rebuilt file caches the
    values LibreOffice computed in ``source`` for the first ``rows`` rows of ``computed``
    (which it returns)."""
    result = CliRunner().invoke(main, ["repair", str(source), "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert "typed" not in result.output
    wb = load_workbook(out)
    for name, value in edits.items():
        assert [wb[t][c].value for t, c in cells_of(wb, name)] == [value], name
    fresh = load_workbook(source, data_only=True)
    cached = load_workbook(out, data_only=True)
    found = {}
    for name in computed:
        found[name] = [fresh[t][c].value for t, c in cells_of(fresh, name)][:rows]
        after = [cached[t][c].value for t, c in cells_of(cached, name)][:rows]
        assert after == pytest.approx(found[name]), name
    return found


def test_repair_keeps_a_go_players_own_start(saved, tmp_path) -> None:
    """The Go sheet's start lives on Settings; repair keeps it, and the points the
    rebuilt file caches are the ones LibreOffice computed from the edited file."""
    found = repaired_keeps(saved["go"], GO_EDITS, ("Games_Points", "Games_Counted",
                                                   "Games_Change"), len(GO_GAMES),
                           tmp_path / "repaired.xlsx")
    # LibreOffice computed with the edited start: 25 rated games before, this one the 26th
    assert found["Games_Counted"][0] == 26
    wb = load_workbook(tmp_path / "repaired.xlsx")
    for name, row, value in GO_TABLE_EDITS:
        title, coord = cells_of(wb, name)[row]
        assert wb[title][coord].value == value, name
    # games 26-28 are in the edited 140% step: the first, a win at the regular handicap,
    # is the edited exchange 120 × 1.4 (RULES.md §4)
    assert found["Games_Change"][0] == pytest.approx(168)


def test_repair_keeps_the_four_player_rule_choices(saved, tmp_path) -> None:
    found = repaired_keeps(saved["yonin"], YONIN_EDITS, ("Games_Score", "Games_Win",
                                                         "Games_KoPt", "Games_NewRate"),
                           16, tmp_path / "repaired.xlsx")
    # LibreOffice scored the first game by rule B (3/1/0/0 + 1 a knockout) and 単勝
    assert (found["Games_Score"][:4], found["Games_Win"][:4]) == ([5, 2, 0, 0], [1, 0, 0, 0])
    # RULES.md §5's game by the edited rule: A 1720 + 40 + 3 + 3; B 1370 + 20 + 25 (mates
    # C, 635 above: the top band) − 1 (mated by a higher one); C 2005 − 10 = 1995, floored
    # at 初段's edited minimum; D 480 − 10 − 1
    assert found["Games_NewRate"][:4] == [1766, 1414, 2010, 469]
    wb = load_workbook(tmp_path / "repaired.xlsx")
    for name, row, value in YONIN_TABLE_EDITS:
        title, coord = cells_of(wb, name)[row]
        assert wb[title][coord].value == value, name


def test_every_single_setting_names_its_preset_field() -> None:
    """A constant without a field could not reach a rebuild: every shipped workbook's
    single-cell settings name one (tables are carried by the rule's own reader)."""
    from workbook_builder.describe import describe

    for path in sorted((Path(__file__).parents[1] / "dist").glob("*.xlsx")):
        names = describe(path)["names"]
        missing = [n["name"] for n in names
                   if n.get("role") == "setting" and ":" not in n["range"] and not n.get("field")]
        assert missing == [], path.name


def test_a_constant_that_does_not_fit_is_reported_once(tmp_path) -> None:
    wb = load_workbook(build(load_template(TEMPLATES / "mosaic_en.toml"), tmp_path / "b"))
    put(wb, "Settings_GapWeight", 0, "lots")
    path = tmp_path / "text.xlsx"
    wb.save(path)
    result = CliRunner().invoke(main, ["repair", str(path), "--out", str(tmp_path / "r.xlsx")])
    assert result.exit_code == 0, result.output
    lines = [line for line in result.output.splitlines() if "Settings!B4" in line]
    assert lines == [f"not carried: Settings!B4 ({heading(wb, 'Settings_GapWeight')}): 'lots' "
                     "does not fit; the template's value is used"]


@pytest.mark.parametrize(("template", "name", "value", "reason"), [
    ("ledger_elo_ja", "Settings_K", -5, "constants.k = -5.0: must be greater than 0"),
    # the ledger's Settings cells refuse what the personal sheet's do (RULES.md §7: c ≥ 0)
    ("ledger_glicko_ja", "Settings_C", -1, "constants.c = -1.0: must be 0 or more"),
    ("ledger_glicko_ja", "Settings_MaxRD", 0, "constants.start_rd = 0.0: must be greater than 0"),
    # 三段 is code 1d on the server's ladder: "3段" could be either, so the rule refuses it
    ("go_ja", "Settings_StartRank", "3段", "preset.default_rank: '3段' is not a Go rank "
                                          "(codes like 1d+, 3k, BC; labels like 三段★, 1級)"),
    # the starting rank must be a row of the rank table (the builder's own check)
    ("tokin_ja", "Settings_Rank", "3段", "rank '3段' is not in the preset's rank table"),
    ("yonin_ja", "Settings_ScoreRule", "=1+1", "a formula"),
    ("go_ja", "Settings_MaxHandicap", -1, "preset.max_handicap: -1.0 must be 0 or more"),
])
def test_a_constant_the_rule_refuses_is_reported_and_the_rest_carried(
        tmp_path, template, name, value, reason) -> None:
    """A constant the rule or the builder refuses (K not above 0, a rank the ladder or
    the rank table does not have, a formula): the file is carried with the template's
    value there, and the line says why, in place of a refusal (K) or a traceback."""
    wb = load_workbook(build(load_template(TEMPLATES / f"{template}.toml"), tmp_path / "b"))
    put(wb, name, 0, value)
    title, coord = cells_of(wb, name)[0]
    path = tmp_path / "refused.xlsx"
    wb.save(path)
    assert not_carried(path, tmp_path / "r.xlsx") == [
        f"not carried: {title}!{coord} ({heading(wb, name)}): {value!r} does not fit "
        f"({reason}); the "
        "template's value is used"]


@pytest.mark.parametrize(("template", "name", "value"), [
    ("ledger_elo_ja", "Settings_K", 12.5),      # k: float = 32
    ("ledger_elo_ja", "Settings_Start", 1500.5),
    ("tokin_ja", "Settings_HandicapAdj", 87.5),  # an item of a table of whole numbers
])
def test_a_fraction_where_the_default_is_whole_is_carried_as_typed(
        tmp_path, template, name, value) -> None:
    """A club may type K = 12.5 (RULES.md §3 allows any K above 0); a preset whose default
    is the whole 32 must not carry it as 12."""
    spec = dataclasses.replace(load_template(TEMPLATES / f"{template}.toml"), rows=4, players=2)
    wb = load_workbook(build(spec, tmp_path / "b"))
    put(wb, name, 0, value)
    path = tmp_path / "fraction.xlsx"
    wb.save(path)
    assert not_carried(path, tmp_path / "r.xlsx") == []
    title, coord = cells_of(load_workbook(tmp_path / "r.xlsx"), name)[0]
    assert load_workbook(tmp_path / "r.xlsx")[title][coord].value == value


def test_a_formula_in_a_settings_table_gives_up_that_table(tmp_path) -> None:
    """A formula typed over a handicap's name was carried as a formula the rebuild could
    not compute (a traceback); it fits no column, so the table is the template's."""
    wb = load_workbook(build(load_template(TEMPLATES / "tokin_ja.toml"), tmp_path / "b"))
    put(wb, "Settings_HandicapName", 0, "=1+1")
    path = tmp_path / "formula.xlsx"
    wb.save(path)
    assert not_carried(path, tmp_path / "r.xlsx") == [
        f"not carried: Settings table: {heading(wb, 'Settings_HandicapName')} row 1: a formula "
        "'=1+1' is not a name; the template's table is used"]


def test_a_go_maximum_handicap_beyond_the_ladder_is_carried(tmp_path) -> None:
    """Any handicap from 0 up is a rule the sheet computes (MIN caps the difference); the
    handicap view lists the differences the ladder has, down to 17k from 1d."""
    wb = load_workbook(build(load_template(TEMPLATES / "go_ja.toml"), tmp_path / "b"))
    put(wb, "Settings_MaxHandicap", 0, 30)
    path, out = tmp_path / "wide.xlsx", tmp_path / "r.xlsx"
    wb.save(path)
    assert not_carried(path, out) == []
    assert first_value(out, "Settings_MaxHandicap") == 30


def not_carried(path: Path, out: Path) -> list[str]:
    """What ``repair`` says it did not carry."""
    result = CliRunner().invoke(main, ["repair", str(path), "--out", str(out)])
    assert result.exit_code == 0, result.output
    return [line for line in result.output.splitlines() if "not carried" in line]


def first_value(path: Path, name: str) -> object:
    wb = load_workbook(path, data_only=True)
    title, coord = cells_of(wb, name)[0]
    return wb[title][coord].value


def test_libreoffice_plays_a_ledger_game_by_the_edited_tables(saved) -> None:
    """The ledgers read the club's tables: RULES.md §1 (the handicap's adjustment comes off
    the gap; a declared rank starts at the table's rating) and §4 (a regular win gains the
    exchange times the multiplier)."""
    tokin = dataclasses.replace(TOKIN, handicaps=tuple(
        dataclasses.replace(h, adjustment=120) if h.name == "香落" else h
        for h in TOKIN.handicaps))
    change = first_value(saved["ledger_tokin"], "Games_ChangeA")
    assert first_value(saved["ledger_tokin"], "Games_RatingA") == 2111
    assert change == tokin_delta(2111, 1900, 1, "香落", tokin) == 16 - round(0.04 * (211 - 120))
    assert first_value(saved["ledger_club24"], "Games_RatingA") == 1650
    assert first_value(saved["ledger_go"], "Games_ChangeA") == pytest.approx(100 * 2.5)
    # a declared 3k starts in the middle of the band, demotion edited 21400 → 21900
    wb = load_workbook(saved["ledger_go"], data_only=True)
    title, coord = cells_of(wb, "Players_Rating")[2]
    assert wb[title][coord].value == (21900 + 22300) / 2


@pytest.mark.parametrize("kind", list(LEDGER_EDITS))
def test_repair_keeps_a_ledgers_edited_tables(saved, kind, tmp_path) -> None:
    out = tmp_path / "repaired.xlsx"
    repaired_keeps(saved[kind], {}, ("Games_RatingA", "Games_ChangeA", "Players_Rating"), 2,
                   out)
    wb = load_workbook(out)
    for (name, row), value in LEDGER_EDITS[kind][3].items():
        title, coord = cells_of(wb, name)[row]
        assert wb[title][coord].value == value, name


def test_an_edit_no_rule_takes_is_reported_once_a_cell(tmp_path) -> None:
    """The Go rank codes are fixed (the rule's own ladder): an edit cannot be carried, and
    repair says so for that cell alone; an unedited file reports nothing."""
    built = build(load_template(TEMPLATES / "go_en.toml"), tmp_path / "b")
    assert not_carried(built, tmp_path / "a.xlsx") == []
    wb = load_workbook(built)
    put(wb, "Settings_Ranks_Code", 2, "x")
    path = tmp_path / "code.xlsx"
    wb.save(path)
    assert not_carried(path, tmp_path / "r.xlsx") == [
        f"not carried: {heading(wb, 'Settings_Ranks_Code')} row 3: typed 'x', the rebuilt "
        "workbook has "
        f"{GO.table[2][0]!r}"]


def test_the_four_player_ledger_carries_its_tables_and_refuses_a_band_out_of_order(
        tmp_path) -> None:
    spec = dataclasses.replace(load_template(TEMPLATES / "yonin_ledger_en.toml"), rows=8,
                               players=6)
    built = build(spec, tmp_path / "b")
    wb = load_workbook(built)
    put(wb, "Settings_PlacePt", 1, 25)
    put(wb, "Settings_RankLabel", 0, "Meijin")  # the Japanese label is the rank's own
    good = tmp_path / "good.xlsx"
    wb.save(good)
    assert not_carried(good, tmp_path / "g.xlsx") == [
        f"not carried: {heading(wb, 'Settings_RankLabel')} row 1: typed 'Meijin', the rebuilt "
        "workbook has '5 dan'"]
    repaired = load_workbook(tmp_path / "g.xlsx")
    assert [repaired[t][c].value for t, c in cells_of(repaired, "Settings_PlacePt")] == [
        35, 25, 0, -10]

    put(wb, "Settings_KnockBelow", 1, 50)  # below the first band's 100: the rule's lookup
    bad = tmp_path / "bad.xlsx"            # needs rising bounds
    wb.save(bad)
    assert not_carried(bad, tmp_path / "r.xlsx") == [  # that table alone is given up
        f"not carried: Settings table: {heading(wb, 'Settings_KnockBelow')} row 2: 50 is not "
        "above the row above (100); the template's table is used",
        f"not carried: {heading(wb, 'Settings_RankLabel')} row 1: typed 'Meijin', the rebuilt "
        "workbook has '5 dan'"]
    repaired = load_workbook(tmp_path / "r.xlsx")
    assert [repaired[t][c].value for t, c in cells_of(repaired, "Settings_PlacePt")] == [
        35, 25, 0, -10]
    assert [repaired[t][c].value for t, c in cells_of(repaired, "Settings_KnockBelow")] == [
        100, 200, 400, 600]


def test_a_table_the_rebuilt_workbook_has_no_name_for_is_reported_row_by_row() -> None:
    """(A file of an older version with a table this one no longer makes.)"""
    from openpyxl import Workbook

    from workbook_builder.kept import settings_not_kept
    from workbook_builder.readback import Typed

    typed = Typed(load_template(TEMPLATES / "tokin_en.toml"), [],
                  {"Settings_Gone": (1, None, 3)})
    assert settings_not_kept(typed, Workbook()) == [
        "Settings_Gone row 1: typed 1, the rebuilt workbook has None",
        "Settings_Gone row 3: typed 3, the rebuilt workbook has None"]


def test_a_go_ladder_that_overlaps_is_given_up_alone(tmp_path) -> None:
    """RULES.md §4's ladder: 3k demoting at 21900 while 4k+ promotes at 21600 would send a
    promoted player straight back; the club's multiplier beside it is still kept."""
    wb = load_workbook(build(load_template(TEMPLATES / "go_en.toml"), tmp_path / "b"))
    put(wb, "Settings_Ladder_Down", GO_ROW_3K, 21900)
    put(wb, "Settings_Multiplier_Percent", 1, 140)
    path = tmp_path / "overlap.xlsx"
    wb.save(path)
    lines = not_carried(path, tmp_path / "r.xlsx")
    assert len(lines) == 1 and "overlaps" in lines[0] and "the template's table" in lines[0]
    repaired = load_workbook(tmp_path / "r.xlsx")
    values = {name: [repaired[t][c].value for t, c in cells_of(repaired, name)]
              for name in ("Settings_Ladder_Down", "Settings_Multiplier_Percent")}
    assert values["Settings_Ladder_Down"][GO_ROW_3K] == GO.table[GO_ROW_3K][2] == 21400
    assert values["Settings_Multiplier_Percent"][1] == 140


HOSTILE = ("x", -1, 0, 1e300, "3段", -1e300, 0.5, "=1+1", True, 99999)
"""What a person may leave in a Settings cell: text, signs, extremes, a Japanese rank the
Go ladder does not spell, a formula, a boolean, a large number."""


@early
def hostile_settings_repaired(_: dict[str, Path], folder: Path) -> list[str]:
    """Every Settings constant and the first cell of every Settings table of each Japanese
    sheet and ledger, given one of :data:`HOSTILE` in turn, repaired: what did not go as
    promised (an exception, or the value neither in the rebuild nor reported)."""
    from workbook_builder.describe import describe
    from workbook_builder.readback import same_value
    from workbook_builder.repair import repair

    problems = []
    for toml in sorted(TEMPLATES.glob("*_ja.toml")):
        spec = load_template(toml)
        if spec.system in ("formulas", "lambda"):
            continue
        spec = dataclasses.replace(spec, rows=4, players=min(spec.players, 2))
        built = build(spec, folder / "built")
        names = [n["name"] for n in describe(built)["names"]
                 if n["name"].startswith("Settings_") and n["role"] in ("setting", "input")]
        for i, name in enumerate(names):
            value = HOSTILE[i % len(HOSTILE)]
            wb = load_workbook(built)
            put(wb, name, 0, value)
            path, out = folder / "hostile.xlsx", folder / "repaired.xlsx"
            wb.save(path)
            try:
                report = repair(path, out, overwrite=True)
            except Exception as exc:  # any exception is a finding
                problems.append(f"{toml.stem} {name}={value!r}: {type(exc).__name__}: {exc}")
                continue
            kept = first_value(out, name)
            shown = heading(wb, name)
            said = any(name in line or shown in line or f"typed {value!r}" in line
                       for line in report.not_carried)  # its heading, or a name over it
            if not said and not same_value(value, kept) and str(value) != str(kept):
                problems.append(f"{toml.stem} {name}={value!r}: rebuilt with {kept!r}, "
                                "and not reported")
    return problems


def test_no_settings_value_breaks_repair_or_is_dropped_unsaid(early_jobs) -> None:
    assert early_jobs["hostile_settings_repaired"].result() == []


def test_a_catalog_example_the_engine_cannot_compute_repairs(tmp_path) -> None:
    """A rating gap whose 10^x passes the largest double: the catalog's example shows no
    value (as for any argument the engine refuses), where it ended in OverflowError."""
    wb = load_workbook(build(load_template(TEMPLATES / "formulas_ja.toml"), tmp_path / "b"))
    put(wb, "Catalog_ELO_EXPECTED_opp_rating", 0, 2e6)
    path = tmp_path / "far.xlsx"
    wb.save(path)
    assert not_carried(path, tmp_path / "r.xlsx") == []
    assert first_value(tmp_path / "r.xlsx", "Catalog_ELO_EXPECTED_opp_rating") == 2e6

