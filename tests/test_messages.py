"""The command line speaks Japanese and English from one table (workbook_builder.messages).

Expected Japanese comes from the issue's wording and the game log's own Japanese headers
(勝敗, 対局者B), not from the table: a test that read its expectation from the table
could not fail on a wrong translation.
"""

from __future__ import annotations

import ast
import re
import string
from pathlib import Path

import pytest
from click.testing import CliRunner

from workbook_builder import messages
from workbook_builder.cli import main
from workbook_builder.messages import REASONS, TABLE, from_locale
from workbook_builder.names import near_miss

REPO = Path(__file__).resolve().parents[1]
SPOKEN = ("cli.py", "gamelog.py", "importer.py", "names.py", "audit.py", "repair.py",
          "readback.py", "kept.py", "placement.py", "template.py",
          "kit/ledger.py", "sheets/elo.py", "logfile.py",
          "kit/base.py", "sheets/club24.py", "sheets/go.py", "sheets/shogi.py", "sheets/tokin.py",
          "sheets/yonin.py",
          "rating_list.py", "package.py", "metadata.py", "lint.py", "preview.py", "libreoffice.py",
          "roles.py", "desk.py")
"""Modules whose every word for a user is in the table (the rest still speak English:
the closing note of the issue lists them)."""
OTHER_PROGRAMS = frozenset({"'xlsx:Calc MS Excel 2007 XML'",
                            "f'-env:UserInstallation=file://{profile}'"})
"""Literals that read as words but are another program's (LibreOffice's filter name and
profile option)."""
ENGINE_ERRORS = ("RatingInputError", "UnknownSystemError")
JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
TEMPLATE = "templates/ledger_tokin_ja.toml"


def fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


@pytest.mark.parametrize("key", sorted(TABLE))
def test_every_message_exists_in_both_languages(key: str) -> None:
    ja, en = TABLE[key]
    assert ja.strip() and en.strip()
    assert fields(ja) <= fields(en), f"{key}: Japanese names a field English lacks"
    words = re.sub(r"\{[^}]*\}|%\([a-z]+\)s|[-:;,.()'!?\s…]", "", en)
    if re.search(r"[A-Za-z]{3}", words) and key not in ("Error: {message}",):
        assert JAPANESE.search(ja), f"{key}: {ja!r} is not Japanese"


def _literal_text(node: ast.AST) -> bool:
    if isinstance(node, ast.JoinedStr):
        return any(isinstance(v, ast.Constant) and re.search(r"[A-Za-z]{2}", v.value)
                   for v in node.values)
    return isinstance(node, ast.Constant) and isinstance(node.value, str) \
        and bool(re.search(r"[A-Za-z]{2} ", node.value))


def _prose(tree: ast.AST) -> list[str]:
    """String literals that read as words (two in a row), docstrings aside, and text
    matched against another program's (``"field limit" in str(exc)``). Also aside: a
    ``Text(ja, en)`` pair (:mod:`workbook_builder.labels`), which a sheet module writes
    into the workbook in the workbook's language, an ``assert``'s text (an invariant for
    the programmer) and XML markup."""
    skip = {id(n.value) for n in ast.walk(tree)
            if isinstance(n, ast.Expr) and isinstance(n.value, ast.Constant)}
    skip |= {id(n.left) for n in ast.walk(tree)
             if isinstance(n, ast.Compare) and isinstance(n.ops[0], ast.In)}
    skip |= {id(part) for n in ast.walk(tree)
             if isinstance(n, ast.Call) and ast.unparse(n.func).rpartition(".")[2] == "Text"
             for arg in n.args for part in ast.walk(arg)}
    skip |= {id(part) for n in ast.walk(tree) if isinstance(n, ast.Assert) and n.msg
             for part in ast.walk(n.msg)}
    skip |= {id(n) for n in ast.walk(tree) if isinstance(n, ast.Constant)
             and isinstance(n.value, str) and n.value.startswith("<")}
    skip |= {id(part) for n in ast.walk(tree) if isinstance(n, ast.JoinedStr)
             for part in n.values}
    found = []
    for node in ast.walk(tree):
        if id(node) in skip:
            continue
        if isinstance(node, ast.JoinedStr):
            text = "\0".join(part.value if isinstance(part, ast.Constant) else ""
                             for part in node.values)
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            text = node.value
        else:
            continue
        if re.search(r"[A-Za-z]{2,}[ ,;:]+[A-Za-z]{2,}", text):
            found.append(ast.unparse(node))
    return found


@pytest.mark.parametrize("module", SPOKEN)
def test_no_words_for_users_outside_the_table(module: str) -> None:
    tree = ast.parse((REPO / "workbook_builder" / module).read_text(encoding="utf-8"))
    found = _prose(tree)
    for node in ast.walk(tree):
        if isinstance(node, ast.keyword) and node.arg == "help":
            assert isinstance(node.value, ast.Constant) and node.value.value in TABLE, \
                ast.unparse(node)
        if isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call) and node.exc.args:
            made = ast.unparse(node.exc.func).rpartition(".")[2]
            if made[:1].isupper() and _literal_text(node.exc.args[0]):  # an exception's text
                found.append(ast.unparse(node))
        if isinstance(node, ast.Call) and ast.unparse(node.func) in ("click.echo", "_fail"):
            if node.args and _literal_text(node.args[0]):
                found.append(ast.unparse(node))
    found = [f for f in found if f not in OTHER_PROGRAMS]
    markdown = [f for f in found if "|" in f]  # the README's table, English like the README's
    assert found == markdown and (not markdown or module == "cli.py"), found


def test_every_reason_the_engine_gives_is_in_the_table() -> None:
    """rating_rules raises English (it cannot import the table); its fixed reason text is
    the key the command line shows in Japanese by, so each must be one, word for word."""
    reasons = []
    for path in sorted([*(REPO / "rating_rules").glob("*.py"), *(REPO / "udfs").glob("*.py")]):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Call) and ast.unparse(node.func) in ENGINE_ERRORS):
                continue
            reason = node.args[2]
            if ast.unparse(reason) == "err.template":
                continue  # an error passed on under another field's name
            branches = [reason.body, reason.orelse] if isinstance(reason, ast.IfExp) \
                else [reason]
            for branch in branches:
                assert isinstance(branch, ast.Constant), f"{path.name}: {ast.unparse(node)}"
                reasons.append(branch.value)
    assert len(reasons) > 40
    missing = [r for r in reasons if r not in REASONS]
    assert not missing, missing
    unused = sorted(set(REASONS) - set(reasons))
    assert not unused, f"REASONS translates what the engine no longer says: {unused}"


@pytest.mark.parametrize(("environ", "lang"), [
    ({}, "ja"), ({"LANG": "C.UTF-8"}, "ja"), ({"LANG": "ja_JP.UTF-8"}, "ja"),
    ({"LANG": "en_US.UTF-8"}, "en"), ({"LANG": "ja_JP.UTF-8", "LC_ALL": "en_GB.UTF-8"}, "en"),
    ({"LC_ALL": "C", "LANG": "en_US.UTF-8"}, "en"), ({"LC_MESSAGES": "ja_JP", "LANG": "en"}, "ja"),
])
def test_the_language_follows_the_locale_and_is_japanese_without_one(
        environ: dict[str, str], lang: str) -> None:
    assert from_locale(environ) == lang


def cli(*args: str, lang: str = "ja_JP.UTF-8"):
    messages.choose(None)
    env = {"LC_ALL": "", "LC_MESSAGES": "", "LANG": lang}
    return CliRunner().invoke(main, list(args), env=env)


def test_help_is_japanese_by_locale_and_english_with_lang() -> None:
    ja = cli("import", "--help")
    assert ja.exit_code == 0 and "使い方:" in ja.output and "対局記録" in ja.output
    assert "Usage:" not in ja.output
    en = cli("--lang", "en", "import", "--help")
    assert "Usage:" in en.output and "game log" in en.output and "対局記録" not in en.output
    assert "Usage:" in cli("import", "--help", lang="en_US.UTF-8").output


def test_a_bad_line_is_named_in_japanese(tmp_path: Path) -> None:
    log = tmp_path / "games.csv"
    log.write_text("日付,対局者A,対局者B,勝敗\n2024/5/1,田中,鈴木,1\n2024/5/2,田中,鈴木,2\n"
                   "2024/5/3,田中,,1\n", encoding="utf-8")
    out = tmp_path / "club.xlsx"
    result = cli("import", str(log), "--template", TEMPLATE, "--out", str(out))
    assert result.exit_code == 1 and not out.exists()
    assert result.output.startswith("エラー: ") and "(3, 4 行目)" in result.output
    assert "3 行目: 勝敗 '2' は 1 か 0" in result.output and "Error" not in result.output
    skipped = cli("import", str(log), "--template", TEMPLATE, "--out", str(out), "--skip-bad")
    assert "games.csv:4: 飛ばしました: 対局者B が空欄" in skipped.output


@pytest.mark.parametrize(("name", "member", "why"), [
    ("田中\u3000", "田中", "near.space"), ("Ｔａｎａｋａ", "Tanaka", "near.width"),
    ("タナカ", "たなか", "near.kana"), ("ﾀﾅｶ", "タナカ", "near.width"),
    ("ﾀﾅｶ", "たなか", "near.several"), ("田 中", "田中", "near.space_inside"),
    ("ｔａｎａｋａ", "Tanaka", "near.several"), ("Ｔａｎａｋａ", "ｔａｎａｋａ", "near.case"),
    ("齋藤", "斎藤", "near.variant"), ("髙橋", "高橋", "near.variant"),
    ("Tanka", "Tanaka", "near.edit"), ("Tnaaka", "Tanaka", "near.edit"),
    ("たなかたろ", "たなかたろう", "near.edit"), ("たなかた", "たなか", None),
    ("佐藤", "加藤", None), ("P0002", "P0001", None),
    ("Tanaka Jiro", "Tanaka Taro", None),
])
def test_a_near_miss_names_the_member_it_probably_means(
        name: str, member: str, why: str | None) -> None:
    found = near_miss(name, [member])
    if why is None:
        assert found is None
    else:
        assert found is not None and found[0] == member and found[1].key == why


@pytest.mark.parametrize(("name", "member", "ja", "en"), [
    ("田 中", "田中", "名前の中の空白だけ違う", "only a space inside the name differs"),
    ("ｔａｎａｋａ", "Tanaka", "全角/半角と大文字/小文字だけ違う",
     "only full-/half-width and upper/lower case differ"),
    ("ﾀﾅｶ", "たなか", "全角/半角とひらがな/カタカナだけ違う",
     "only full-/half-width and hiragana/katakana differ"),
])
def test_a_near_miss_says_every_way_the_names_differ_and_where(
        name: str, member: str, ja: str, en: str) -> None:
    """A space inside a name is not one around it, and full-width lower case against
    upper case differs in width and case, not case alone (the issue's examples)."""
    found = near_miss(name, [member])
    assert found is not None
    assert (messages.shown(found[1], "ja"), messages.shown(found[1], "en")) == (ja, en)


def test_two_spellings_in_one_game_are_not_two_new_members(tmp_path: Path) -> None:
    """すずき and スズキ in one game were both new members: the second is a near miss
    of the first, as it would be on a later line."""
    log = tmp_path / "games.csv"
    log.write_text("日付,対局者A,対局者B,勝敗\n2024/5/1,すずき,スズキ,1\n", encoding="utf-8")
    refused = cli("--lang", "en", "rate", str(log), "-s", "elo")
    assert refused.exit_code == 1
    assert "line 2" not in refused.output  # the file name and line, as every bad line
    assert (f"{log}:2: player_b 'スズキ' is not a member: a misspelling of 'すずき'? "
            "(only hiragana/katakana differs") in refused.output
    out = tmp_path / "club.xlsx"
    imported = cli("import", str(log), "--template", TEMPLATE, "--out", str(out))
    assert imported.exit_code == 1 and not out.exists()


def test_import_refuses_a_likely_misspelling_unless_told_it_is_new(tmp_path: Path) -> None:
    log = tmp_path / "games.csv"
    log.write_text("日付,対局者A,対局者B,勝敗\n2024/5/1,斎藤,鈴木,1\n2024/5/2,齋藤,鈴木,0\n"
                   "2024/5/3,鈴木,タナカ,1\n", encoding="utf-8")
    out = tmp_path / "club.xlsx"
    refused = cli("--lang", "en", "import", str(log), "--template", TEMPLATE, "--out", str(out))
    assert refused.exit_code == 1 and not out.exists()
    assert "line 3: player_a '齋藤' is not a member: a misspelling of '斎藤'?" \
        in refused.output
    accepted = cli("--lang", "en", "import", str(log), "--template", TEMPLATE, "--out",
                   str(out), "--new-players")
    assert accepted.exit_code == 0, accepted.output
    assert "3 games, 4 players" in accepted.output
    assert "new members (4): 斎藤, 鈴木, 齋藤, タナカ" in accepted.output


def test_audit_names_the_member_a_typed_name_probably_means(tmp_path: Path) -> None:
    """The sheet's ⚠ says only that 齋藤 is not on Players; audit says whom it means."""
    import dataclasses

    from workbook_builder.build import TEMPLATES, build
    from workbook_builder.template import load_template

    spec = dataclasses.replace(load_template(TEMPLATES / "ledger_tokin_ja.toml"), rows=6,
                               players=3, output="club")
    path = build(spec, tmp_path, tables={
        "Players": [{"Name": "斎藤"}, {"Name": "鈴木"}],
        "Games": [{"PlayerA": "齋藤", "PlayerB": "鈴木", "Result": 1},
                  {"PlayerA": "鈴木", "PlayerB": "佐藤", "Result": 0}]})
    ja = cli("audit", str(path))
    assert "対局の '齋藤' (1 局) は名簿にありません。'斎藤' の書き間違い?" in ja.output
    assert "佐藤" not in ja.output  # not close to a member: the sheet's ⚠ is enough


# --- audit, repair, templates and the engine's errors in Japanese ----------------------------


def test_repair_says_in_japanese_what_it_did_not_carry(tmp_path: Path) -> None:
    from openpyxl import load_workbook

    wb = load_workbook(REPO / "dist" / "mosaic_ja.xlsx")
    ws = wb["対局"]
    ws["Z5"] = "来月は 5 日"
    wb.create_sheet("memo")["B2"] = "会場の予約"
    path = tmp_path / "mine.xlsx"
    wb.save(path)
    result = cli("repair", str(path), "--out", str(tmp_path / "r.xlsx"))
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert "引き継げませんでした: 対局!Z5: '来月は 5 日' はブックの表の外にあります" in lines
    assert ("引き継げませんでした: シート 'memo' (入力のあるセル 1 個) は「MOSAIC レーティング」"
            "にはないシートです") in lines
    assert lines[-1].endswith("2 件は引き継げませんでした (上の一覧)")
    english = cli("--lang", "en", "repair", str(path), "--out", str(tmp_path / "e.xlsx"))
    assert "not carried: 対局!Z5: '来月は 5 日' is outside the workbook's tables" \
        in english.output.splitlines()


def test_a_file_that_is_no_workbook_is_refused_in_japanese(tmp_path: Path) -> None:
    path = tmp_path / "名簿.xlsx"
    path.write_text("名前,レート\n田中,1500\n", encoding="utf-8")
    result = cli("audit", str(path))
    assert result.exit_code == 1
    assert result.output == (f"エラー: {path}: .xlsx ファイルではありません (zip 形式では"
                             "ありません)\n")
    missing = cli("audit", str(tmp_path / "ない.xlsx"))
    assert missing.output == f"エラー: {tmp_path / 'ない.xlsx'}: ファイルがありません\n"


def test_row_edits_are_described_in_japanese() -> None:
    from workbook_builder.placement import Placed, lost_typing, shifts

    rows = [Placed(5, 5, True, False), Placed(6, None, False, True), Placed(7, None, False, False),
            Placed(8, 6, True, False), Placed(9, 6, True, False), Placed(10, 9, True, False)]
    assert [messages.shown(line, "ja") for line in shifts(rows)] == [
        "6–7 行目: 挿入された行です (計算式がありません)。6 行目の入力は数えられていません",
        "9 行目: 作ったときの 6 行目 (今の 8 行目) のコピーです",
        "8 行目と 10 行目の間の 1 行が削除されています"]
    assert [messages.shown(line, "en") for line in shifts(rows)] == [
        "rows 6–7: inserted (no formulas); typed in row 6, not counted",
        "row 9: a copy of the row built as row 6 (now row 8)",
        "1 row deleted between rows 8 and 10"]
    assert messages.shown(lost_typing([Placed(4, None, True, False)], 3)[0], "ja") == \
        "2 行が削除されています (レートは正しく続きます。表は作ったときより短くなっています)"


def test_a_template_mistake_is_named_in_japanese(tmp_path: Path) -> None:
    path = tmp_path / "club.toml"
    path.write_text('system = "mosaic"\nrows = 0\n', encoding="utf-8")
    result = cli("build", str(path), "--out", str(tmp_path))
    assert result.exit_code == 1
    assert result.output == f"エラー: {path}: rows = 0: 1 から 20000 までの整数にしてください\n"


def test_a_four_player_line_is_refused_naming_the_file_line_column_and_value(
        tmp_path: Path) -> None:
    """RULES.md §5: every placement but first was mated or resigned, so a blank
    撃破者 is a bad line: named by the file, the line and the log's own column (撃破者2),
    never by the engine's games[1].knocked_by[2], and ``--skip-bad`` skips it."""
    log = tmp_path / "四人.csv"
    log.write_text("対局者1,対局者2,対局者3,対局者4,順位1,順位2,順位3,順位4\n"
                   "A,B,C,D,1,2,3,4\n", encoding="utf-8")
    ja = cli("rate", str(log), "-s", "yonin")
    assert ja.exit_code == 1
    assert ja.output == (f"{log}:2: 撃破者2 が空欄です: 2 位の人を撃破した席 (1〜4) か T が"
                         "要ります\nエラー: 1 行を読めませんでした。直すか、--skip-bad を付けて"
                         "ください\n")
    en = cli("--lang", "en", "rate", str(log), "-s", "yonin")
    assert en.output.splitlines()[0] == (f"{log}:2: knocked_by2 is blank: place 2 needs who "
                                         "knocked them out (seat 1-4 or T)")
    assert "games[" not in en.output
    skipped = cli("--lang", "en", "rate", str(log), "-s", "yonin", "--skip-bad")
    assert skipped.exit_code == 0 and "games[" not in skipped.output


def test_a_template_constant_the_engine_refuses_is_named_in_japanese(tmp_path: Path) -> None:
    """The engine checks a Go preset; two templates build in worker processes, which hand
    the error back pickled (it used to end in a traceback)."""
    bad = tmp_path / "go_club.toml"
    bad.write_text('system = "go"\n[constants]\nmax_handicap = -1\n', encoding="utf-8")
    good = REPO / "templates" / "mosaic_ja.toml"
    result = cli("build", str(bad), str(good), "--out", str(tmp_path / "out"))
    assert result.exit_code == 1
    assert result.output.endswith("エラー: preset.max_handicap = -1.0: 0 以上にしてください\n")
    assert "Traceback" not in result.output


def test_engine_errors_and_messages_survive_pickling() -> None:
    import pickle

    from rating_rules.errors import RatingInputError

    error = RatingInputError("k", 0, "must be {minimum} or more", minimum=1)
    again = pickle.loads(pickle.dumps(error))
    assert type(again) is RatingInputError and str(again) == "k: 0 must be 1 or more"
    assert messages.shown(again, "ja") == "k = 0: 1 以上にしてください"
    said = messages.say("audit.missing", title="対局")
    assert pickle.loads(pickle.dumps(said)).text("ja") == (
        "シート '対局' がありません (削除されています): `repair` で作り直します")


def test_an_os_error_names_the_path_and_the_reason_not_the_errno(tmp_path: Path,
                                                                 monkeypatch) -> None:
    """build and lint used to print the errno alone ('Error: 2'): an OSError's first
    argument is its number."""
    taken = tmp_path / "taken"
    taken.write_text("a file where the folder should be", encoding="utf-8")
    out = taken / "sheets"
    template = str(REPO / "templates" / "mosaic_ja.toml")
    ja = cli("build", template, "--out", str(out))
    assert ja.exit_code == 1
    assert ja.output == f"エラー: {out}: 途中にフォルダではないファイルがあります\n"
    en = cli("--lang", "en", "build", template, "--out", str(out))
    assert en.output == f"Error: {out}: not a directory\n"

    import errno

    from workbook_builder import lint

    book = REPO / "dist" / "mosaic_ja.xlsx"

    def refused(source: object) -> list[str]:
        raise PermissionError(errno.EACCES, "Permission denied", str(source))

    monkeypatch.setattr(lint, "lint_workbook", refused)
    result = cli("lint", str(book))
    assert result.exit_code == 1
    assert result.output == f"エラー: {book}: 読み書きの権限がありません\n"


def test_a_template_switch_or_k_out_of_range_is_named_in_japanese(tmp_path: Path) -> None:
    periods = tmp_path / "elo.toml"
    periods.write_text('system = "elo"\n[constants]\nperiods = 2\n', encoding="utf-8")
    result = cli("build", str(periods), "--out", str(tmp_path))
    assert result.output == (f"エラー: {periods}: constants.periods = 2.0: 0 (1 局ごと) か "
                             "1 (期間ごと) にしてください\n")
    ledger = tmp_path / "club.toml"
    ledger.write_text('system = "ledger"\npreset = "elo"\n[constants]\nk = 0\n',
                      encoding="utf-8")
    result = cli("build", str(ledger), "--out", str(tmp_path))
    assert result.output == f"エラー: {ledger}: constants.k = 0.0: 0 より大きくしてください\n"


def test_a_formula_over_a_fixed_settings_column_is_named_in_japanese(tmp_path: Path) -> None:
    """A formula typed in a Settings table is kept as a TypedFormula; its text was an
    attribute called ``text``, so a message took it for a translation and repair ended
    in a traceback ('str' object is not callable)."""
    from openpyxl import load_workbook

    wb = load_workbook(REPO / "dist" / "go_ja.xlsx")
    ((title, ref),) = wb.defined_names["Settings_Ladder_Code"].destinations
    wb[title][ref.split(":")[0].replace("$", "")] = "=1+1"  # the rank codes are fixed
    path = tmp_path / "go.xlsx"
    wb.save(path)
    ja = cli("repair", str(path), "--out", str(tmp_path / "r.xlsx"))
    assert ja.exit_code == 0, ja.output
    assert ("引き継げませんでした: 「コード」の 1 行目: 入力は 計算式 '=1+1'、"  # its heading
            "作り直したブックでは '10d'") in ja.output.splitlines()
    en = cli("--lang", "en", "repair", str(path), "--out", str(tmp_path / "e.xlsx"))
    assert ("not carried: コード row 1: typed a formula '=1+1', the rebuilt "  # as the sheet says
            "workbook has '10d'") in en.output.splitlines()


def test_a_settings_table_that_does_not_fit_is_named_in_japanese(tmp_path: Path) -> None:
    """typed_rows' reasons sit inside the line '設定の表: …' that repair prints; a blank
    cell is said to be blank (in English it is quoted, as None)."""
    from openpyxl import load_workbook
    from openpyxl.utils.cell import range_boundaries

    wb = load_workbook(REPO / "dist" / "tokin_ja.xlsx")

    def cell(name: str, row: int):
        ((title, ref),) = wb.defined_names[name].destinations
        column, top, _, _ = range_boundaries(ref.replace("$", ""))
        return wb[title].cell(top + row - 1, column)

    cell("Settings_HandicapAdj", 3).value = "たくさん"
    cell("Settings_RankRating", 2).value = None
    path = tmp_path / "tokin.xlsx"
    wb.save(path)
    ja = cli("repair", str(path), "--out", str(tmp_path / "r.xlsx"))
    assert ja.exit_code == 0, ja.output
    lines = ja.output.splitlines()
    assert ("引き継げませんでした: 設定の表: 「調整点」の 3 行目: 'たくさん' は数では"
            "ありません。テンプレートの表を使います") in lines
    assert ("引き継げませんでした: 設定の表: 「開始レート」の 2 行目: 空欄です (数を入れて"
            "ください)。テンプレートの表を使います") in lines
    en = cli("--lang", "en", "repair", str(path), "--out", str(tmp_path / "e.xlsx"))
    assert ("not carried: Settings table: 開始レート row 2: None is not a number; the "
            "template's table is used") in en.output.splitlines()


def test_rate_monthly_of_a_rule_without_periods_is_refused_in_japanese(tmp_path: Path) -> None:
    log = tmp_path / "games.csv"
    log.write_text("日付,対局者A,対局者B,勝敗\n2024/5/1,田中,鈴木,1\n", encoding="utf-8")
    result = cli("rate", str(log), "-s", "club24", "--monthly")
    assert result.exit_code == 1
    assert result.output == "エラー: --monthly: club24 の規則は月ごとには計算できません\n"
    listed = cli("rate", str(log), "-s", "elo")
    assert listed.output.splitlines()[0].split() == ["順位", "名前", "レート", "対局数"]


def test_a_file_that_cannot_be_written_is_named_in_japanese(tmp_path: Path) -> None:
    (tmp_path / "taken").write_text("a file where the folder should be", encoding="utf-8")
    result = cli("lite", "--out", str(tmp_path / "taken" / "lite"))
    assert result.exit_code == 1
    assert result.output == (f"エラー: {tmp_path / 'taken' / 'lite' / 'main.py'}: 書き込めません "
                             "(途中にフォルダではないファイルがあります)\n")


def test_describe_refuses_a_workbook_it_did_not_make_in_japanese(tmp_path: Path) -> None:
    from openpyxl import Workbook

    path = tmp_path / "名簿.xlsx"
    Workbook().save(path)
    result = cli("describe", str(path))
    assert result.exit_code == 1
    assert result.output == (f"エラー: {path}: _meta シートがありません: workbook-builder で"
                             "作ったブックではありません\n")


def test_lint_names_each_problem_in_japanese(tmp_path: Path) -> None:
    from openpyxl import Workbook
    from openpyxl.formatting.rule import FormulaRule

    wb = Workbook()
    ws = wb.active
    ws.title = "対局"
    ws["A1"] = "=_xlfn.XLOOKUP(1,B1:B3,C1:C3)"
    ws.conditional_formatting.add("B1:B3", FormulaRule(formula=["ISFORMULA(B1)"]))
    path = tmp_path / "mine.xlsx"
    wb.save(path)
    result = cli("lint", str(path))
    assert result.exit_code == 1
    assert result.output.splitlines() == [
        "対局!A1: =_xlfn.XLOOKUP(1,B1:B3,C1:C3): XLOOKUP は Excel 2010 / LibreOffice 7.4 に"
        "ない関数です",
        "対局!B1:B3 の条件付き書式: ISFORMULA(B1): ISFORMULA は _xlfn. を付けるか、知らない"
        "関数です",
        "エラー: 計算式の問題が 2 件"]


def test_render_without_libreoffice_says_so_in_japanese(tmp_path: Path, monkeypatch) -> None:
    from workbook_builder import libreoffice

    monkeypatch.setattr(libreoffice.shutil, "which", lambda name: None)
    result = cli("render", str(REPO / "templates" / "mosaic_ja.toml"), "--out", str(tmp_path))
    assert result.exit_code == 1
    assert result.output == ("エラー: LibreOffice がありません: scripts/install-libreoffice.sh で"
                             "入れてください\n")
