"""Every door says the same thing in the reader's language (issue #48 §3, §4).

- Words: the Japanese command line shows no English placeholder of click's, no internal
  name of a workbook kind, Go ranks as the sheets show them; ``--lang en`` shows no
  Japanese. Expected words come from the issue (what a user saw) and the sheets.
- The language rule: a locale naming no language (``C.UTF-8``) gives Japanese, and the
  README says so.
- Writing over a file: ``import`` and ``repair`` refuse an existing ``--out`` unless
  ``--overwrite``, and write nothing when they refuse.
- The README lists every rule's CSV columns, in the words the reader accepts.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner, Result
from openpyxl import load_workbook

from rating_rules import SYSTEMS
from tests.commands import sized_template
from tests.conftest import column
from workbook_builder import messages
from workbook_builder.build import build
from workbook_builder.cli import main
from workbook_builder.gamelog import Field, optional_columns, required_columns
from workbook_builder.template import load_template

REPO = Path(__file__).resolve().parents[1]

JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
CLICK_ENGLISH = ("[OPTIONS]", "COMMAND", "[ARGS]", "GAMES_CSV", "WORKBOOK", "FILES",
                 "TEMPLATES", "TEXT", "FLOAT", "INTEGER", "FILE", "DIRECTORY", "PATH",
                 "Choose from")
"""What the issue found click saying in English on a Japanese screen."""
TOKIN_LEDGER = REPO / "templates" / "ledger_tokin_ja.toml"


def small_ledger(folder: Path) -> Path:
    """A Tokin ledger of 8 rows: what these tests do to a workbook needs no more."""
    folder.mkdir(parents=True, exist_ok=True)
    return build(load_template(sized_template(folder, "ledger_tokin_ja", 8, 8)), folder)


def cli(*args: str, lang: str = "ja_JP.UTF-8") -> Result:
    messages.choose(None)
    return CliRunner().invoke(main, list(args), env={"LC_ALL": "", "LC_MESSAGES": "",
                                                     "LANG": lang})


@pytest.mark.parametrize("command", ["", *sorted(main.commands)])  # type: ignore[attr-defined]
def test_japanese_help_has_no_english_placeholder(command: str) -> None:
    shown = cli(*([command] if command else []), "--help")
    assert shown.exit_code == 0, shown.output
    assert not [w for w in CLICK_ENGLISH if w in shown.output], shown.output


def test_the_command_list_gives_each_command_its_first_sentence_whole() -> None:
    """click cut repair's line at its width, as `…--rows / --players...`."""
    listing = cli("--help").output
    repair_line = next(line for line in listing.splitlines() if line.strip().startswith("repair"))
    assert repair_line.rstrip().endswith("作り直します。"), repair_line
    assert "--rows" not in repair_line and "..." not in repair_line


def test_a_missing_choice_is_asked_for_in_japanese(tmp_path: Path) -> None:
    log = tmp_path / "games.csv"
    log.write_text("player_a,player_b,result\nA,B,1\n", encoding="utf-8")
    missing = cli("rate", str(log))
    assert missing.exit_code == 2
    assert not [w for w in CLICK_ENGLISH if w in missing.output], missing.output


def test_lang_en_shows_no_japanese(tmp_path: Path) -> None:
    """版 (--version), ファイル (a path that is not there), the monthly notice of `rate
    --lang en` and the separator of the new members' names were Japanese."""
    log = tmp_path / "games.csv"
    log.write_text("date,player_a,player_b,result\n2026/4/4,Ann,Bob,1\n2026/4/5,Cy,Ann,0\n",
                   encoding="utf-8")
    runs = [cli("--lang", "en", "--version"), cli("--lang", "en", "describe", "nope.xlsx"),
            cli("--lang", "en", "lint", "nope.xlsx"), cli("rate", str(log), "-s", "tokin",
                                                          "--lang", "en"),
            cli("--lang", "en", "import", str(log), "--template", str(TOKIN_LEDGER),
                "--out", str(tmp_path / "club.xlsx"))]
    for run in runs:
        assert not JAPANESE.search(run.output), run.output
    assert "version" in runs[0].output and "File 'nope.xlsx'" in runs[1].output
    assert "rated by month lists" in runs[3].output
    assert "new members (3): Ann, Bob, Cy" in runs[4].output


@pytest.mark.slow  # over 5 s: --fast stays under 3 minutes
def test_a_workbook_kind_is_named_in_words_not_its_internal_name(tmp_path: Path) -> None:
    """`ledger のブック`: the kind of a workbook is named as a person calls it."""
    path = small_ledger(tmp_path)
    wb = load_workbook(path)
    wb.create_sheet("memo")["A1"] = "来月の予定"
    wb.save(path)
    ja = cli("repair", str(path), "--out", str(tmp_path / "r.xlsx"))
    assert ja.exit_code == 0, ja.output
    assert "シート 'memo' (入力のあるセル 1 個) は「クラブ台帳」にはないシートです" in ja.output
    assert "ledger" not in ja.output
    personal = cli("import", str(tmp_path / "x.csv"), "--template",
                   str(REPO / "templates" / "go_ja.toml"), "--out", str(tmp_path / "g.xlsx"))
    assert "「囲碁 段級位ポイント」のテンプレートで、クラブ台帳ではありません" in personal.output
    assert "'go'" not in personal.output


@pytest.mark.slow  # over 5 s: --fast stays under 3 minutes
def test_rate_shows_go_ranks_as_the_ledger_does(tmp_path: Path) -> None:
    """rate said 1k and 2k+ where the Go sheets say 1級 and 2級★: its rank column is now
    the imported ledger's own (the builder's cached Players rank labels)."""
    log = tmp_path / "games.csv"
    log.write_text("日付,対局者A,対局者B,勝敗\n" + "".join(
        f"2026/4/{d},田中,鈴木,{d % 2}\n" for d in range(1, 9)), encoding="utf-8")
    rated = cli("rate", str(log), "-s", "go", "--format", "csv")
    assert rated.exit_code == 0, rated.output
    ranks = {line.split(",")[1]: line.split(",")[4] for line in rated.stdout.splitlines()[1:]}
    out = tmp_path / "club.xlsx"
    assert cli("import", str(log), "--template", str(sized_template(tmp_path, "ledger_go_ja")),
               "--out", str(out)).exit_code == 0
    wb = load_workbook(out, data_only=True)
    ledger = dict(zip(column(wb, "Players_Name")[:2], column(wb, "Players_Label")[:2],
                      strict=True))
    assert ranks == ledger
    assert all(JAPANESE.search(rank) for rank in ranks.values()), ranks


# --- the language rule --------------------------------------------------------------------

def test_a_locale_naming_no_language_gives_japanese_as_the_readme_says() -> None:
    assert messages.from_locale({"LANG": "C.UTF-8"}) == "ja"
    assert messages.from_locale({"LANG": "de_DE.UTF-8"}) == "en"
    assert cli("--help", lang="C.UTF-8").output.startswith("使い方:")
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    japanese, english = readme.split("\n## English\n", 1)
    assert "`C.UTF-8` のように言語を指さないロケールでは日本語" in japanese
    assert "`C.UTF-8`\nname none, so they give Japanese" in english


# --- writing over a file ------------------------------------------------------------------

@pytest.mark.slow  # over 5 s: --fast stays under 3 minutes
def test_repair_and_import_refuse_an_existing_out_unless_told(tmp_path: Path) -> None:
    """repair wrote over an existing --out without a word while import refused: both now
    refuse (writing nothing) and both replace it with --overwrite."""
    source = small_ledger(tmp_path / "built")
    log = tmp_path / "games.csv"
    log.write_text("日付,対局者A,対局者B,勝敗\n2026/4/4,田中,鈴木,1\n", encoding="utf-8")
    template = sized_template(tmp_path / "built", "ledger_tokin_ja")
    for command in (["repair", str(source)],
                    ["import", str(log), "--template", str(template)]):
        out = tmp_path / "someone's.xlsx"
        out.write_bytes(b"a file of someone's")
        refused = cli("--lang", "en", *command, "--out", str(out))
        assert refused.exit_code == 1, refused.output
        assert "already exists; it is not written over (pass --overwrite" in refused.output
        assert out.read_bytes() == b"a file of someone's"
        assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".")] == []
        done = cli("--lang", "en", *command, "--out", str(out), "--overwrite")
        assert done.exit_code == 0, done.output
        assert load_workbook(out).sheetnames


def test_repair_never_writes_over_its_input_even_when_told(tmp_path: Path) -> None:
    source = tmp_path / "mine.xlsx"
    shutil.copy(REPO / "dist" / "ledger_tokin_ja.xlsx", source)
    before = source.read_bytes()
    refused = cli("--lang", "en", "repair", str(source), "--out", str(source), "--overwrite")
    assert refused.exit_code == 1 and "never writes over it" in refused.output
    assert source.read_bytes() == before


# --- the README's columns -----------------------------------------------------------------

@pytest.mark.parametrize("system", sorted(SYSTEMS))
def test_the_readme_lists_each_rules_csv_columns(system: str) -> None:
    """Each rule's own columns, English key and Japanese heading, on its row of the
    README's table (the columns every two-player rule reads are named above it)."""
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    table = readme.split("#### CSV columns", 1)[1]
    row = next(line for line in table.splitlines() if line.startswith(f"| `{system}` |"))
    common = {"date", "player_a", "player_b", "result"}
    for key in required_columns(system) + optional_columns(system):
        if SYSTEMS[system].seats == 2 and key in common:
            assert f"`{key}/{Field(key).text('ja')}`" in table.split("| `--system`")[0]
            continue
        stem = key.rstrip("1234")
        shown = f"{stem}1..4/{Field(key).text('ja')[:-1]}1..4" if stem != key else \
            f"{key}/{Field(key).text('ja')}"
        assert f"`{shown}`" in row, (key, row)


# --- the ledgers' own headings, and a column nobody reads ---------------------------------

def test_go_reads_the_ledgers_own_headings_and_game_types() -> None:
    """The Go ledger's 手合 and 種類 were ignored without a word, so 香落 and ふせん games
    were rated as even games and 不戦勝 was imported as an ordinary rated game."""
    from workbook_builder.gamelog import parse_game_log

    log = parse_game_log("日付,対局者A,対局者B,\"A\n勝敗\",\"手合\n段差\",種類,メモ\n"
                         "2026/4/4,A,B,1,,不戦勝,\n"
                         "2026/4/4,A,B,0,1.5,非レート,\n"
                         "2026/4/4,A,B,1,,Forfeit loss,\n"
                         "2026/4/4,A,B,1,香落,,\n"
                         "2026/4/4,A,B,1,,ふせん,\n", "go")
    assert [g[2:] for g in log.games] == [(1, None, "forfeit"), (0, 1.5, "unrated")]
    reasons = [bad.reason for bad in log.bad]
    assert [bad.line for bad in log.bad] == [6, 7, 8]  # the header takes three lines
    assert "contradicts the type 'Forfeit loss'" in reasons[0]
    assert reasons[1] == "handicap_diff '香落' is not a number"
    assert reasons[2].startswith("game_type 'ふせん' is not one of the list (rated, forfeit win")
    assert messages.shown(log.notes[0], "ja") == (
        "見出し メモ の列は読みません (go で読む列: 日付、対局者A、対局者B、勝敗、手合、種類)")


def test_tokin_and_go_each_read_their_own_handicap_under_one_heading() -> None:
    """手合 is Tokin's handicap name and Go's rank difference: each rule reads its own."""
    from workbook_builder.gamelog import parse_game_log

    text = "対局者A,対局者B,勝敗,手合\nA,B,1,香落\n"
    assert parse_game_log(text, "tokin").games == [("A", "B", 1, "香落")]
    assert [b.line for b in parse_game_log(text, "go").bad] == [2]


def test_missing_columns_are_named_as_the_log_names_them(tmp_path: Path) -> None:
    """The Japanese message named turn_diff and player_a, player_b, result."""
    log = tmp_path / "games.csv"
    log.write_text("日付,メモ\n2026/4/4,x\n", encoding="utf-8")
    refused = cli("rate", str(log), "-s", "mosaic")
    assert refused.exit_code == 1
    assert "mosaic の列 対局者A、対局者B、勝敗、手番差 がありません" in refused.output
    assert not re.search(r"turn_diff|player_|result", refused.output)
