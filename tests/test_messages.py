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
from workbook_builder.messages import TABLE, from_locale
from workbook_builder.names import near_miss

REPO = Path(__file__).resolve().parents[1]
SPOKEN = ("cli.py", "gamelog.py", "importer.py", "names.py", "audit.py")
"""Modules whose every word for a user is in the table (the rest still speak English:
the closing note of the issue lists them)."""
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


@pytest.mark.parametrize("module", SPOKEN)
def test_no_words_for_users_outside_the_table(module: str) -> None:
    tree = ast.parse((REPO / "workbook_builder" / module).read_text(encoding="utf-8"))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.keyword) and node.arg == "help":
            assert isinstance(node.value, ast.Constant) and node.value.value in TABLE, \
                ast.unparse(node)
        if isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call) and node.exc.args:
            if _literal_text(node.exc.args[0]):
                found.append(ast.unparse(node))
        if isinstance(node, ast.Call) and ast.unparse(node.func) in ("click.echo", "_fail"):
            if node.args and _literal_text(node.args[0]):
                found.append(ast.unparse(node))
    markdown = [f for f in found if "|" in f]  # the README's table, English like the README's
    assert found == markdown and (not markdown or module == "cli.py"), found


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
    ("タナカ", "たなか", "near.kana"), ("ﾀﾅｶ", "たなか", "near.kana"),
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
    assert "new members (4): 斎藤、鈴木、齋藤、タナカ" in accepted.output


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
