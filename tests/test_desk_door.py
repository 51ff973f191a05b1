"""The desk's door (workbook_builder.desk) in CPython: what the page's worker calls.

The browser tests (tests/test_desk.py) drive the same module in Pyodide; these check,
quickly, what a page cannot show from outside: that one name at a time can be taken as
a new member, that each refusal is one line in the person's language, and that a bug
reaches stderr (the browser's console) with its traceback while the answer holds one
line only.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from openpyxl import Workbook, load_workbook

from workbook_builder import desk
from workbook_builder.cli import main

REPO = Path(__file__).resolve().parents[1]
TOKIN = str(REPO / "templates" / "ledger_tokin_ja.toml")
TWO_MISSPELT = ("日付,対局者A,対局者B,勝敗\n2024/5/1,斎藤,鈴木,1\n2024/5/2,齋藤,鈴木,0\n"
                "2024/5/3,鈴 木,斎藤,1\n2024/5/4,鈴木,斎藤,x\n")
"""齋藤 is 斎藤's old kanji form and 鈴 木 is 鈴木 with a space (names.py: both likely
misspellings); line 5 has a result that is no result."""


def ask(task: str, folder: Path, **args: object) -> dict[str, object]:
    answer: dict[str, object] = json.loads(desk.run(task, json.dumps(
        {"folder": str(folder), **args}, ensure_ascii=False)))
    return answer


def test_names_are_accepted_as_new_members_one_at_a_time(tmp_path: Path) -> None:
    (tmp_path / "log.csv").write_text(TWO_MISSPELT, encoding="utf-8")
    first = ask("preview", tmp_path, log="log.csv", template=TOKIN, lang="ja")
    assert [(n["line"], n["name"], n["member"]) for n in first["near"]] == [  # type: ignore
        (3, "齋藤", "斎藤"), (4, "鈴 木", "鈴木")]
    assert [b["line"] for b in first["bad"]] == [3, 4, 5]  # type: ignore[index]
    one = ask("preview", tmp_path, log="log.csv", template=TOKIN, lang="ja", accepted=["齋藤"])
    assert [n["name"] for n in one["near"]] == ["鈴 木"]  # type: ignore[index]
    assert one["games"] == 2 and one["players"] == ["斎藤", "鈴木", "齋藤"]
    made = ask("import", tmp_path, log="log.csv", template=TOKIN, out="club.xlsx", lang="ja",
               accepted=["齋藤"], skip_bad=True)
    assert made.get("error") is None, made
    names = [c.value for row in load_workbook(tmp_path / "club.xlsx")["名簿"].iter_rows()
             for c in row]
    assert "齋藤" in names and "鈴 木" not in names


def test_a_bad_line_comes_with_its_line_field_value_and_reason(tmp_path: Path) -> None:
    (tmp_path / "log.csv").write_text(TWO_MISSPELT, encoding="utf-8")
    answer = ask("preview", tmp_path, log="log.csv", template=TOKIN, lang="ja",
                 accepted=["齋藤", "鈴 木"])
    (bad,) = answer["bad"]  # type: ignore[misc]
    assert (bad["line"], bad["field"], bad["value"]) == (5, "勝敗", "x")
    assert "'x'" in bad["reason"] and "勝敗" in bad["reason"]


@pytest.mark.slow  # over 5 s: --fast stays under 3 minutes
def test_the_desk_writes_what_the_cli_writes(tmp_path: Path) -> None:
    sample = REPO / "docs" / "samples" / "対局記録.csv"
    (tmp_path / sample.name).write_bytes(sample.read_bytes())
    made = ask("import", tmp_path, log=sample.name, template=TOKIN, out="desk.xlsx", lang="ja")
    assert made["done"] == "desk.xlsx: 7 局、4 人"
    main(["import", str(sample), "-t", TOKIN, "--out", str(tmp_path / "cli.xlsx")],
         standalone_mode=False)
    assert cells(tmp_path / "desk.xlsx") == cells(tmp_path / "cli.xlsx")


def cells(path: Path) -> dict[tuple[str, str], object]:
    """Every cell's value or formula, sheet by sheet."""
    wb = load_workbook(path)
    return {(ws.title, c.coordinate): c.value for ws in wb for row in ws.iter_rows()
            for c in row if c.value is not None}


ENCRYPTED = (desk.OLE + b"\0" * 504 + "EncryptedInfo".encode("utf-16-le") + b"\0" * 64
             + desk.ENCRYPTED + b"\0" * 2048)
"""The start of an .xlsx saved with a password: a compound file holding the
EncryptedPackage stream (MS-OFFCRYPTO), which is all the desk looks at."""


@pytest.mark.parametrize(("name", "data", "task", "ja", "en"), [
    ("鍵つき.xlsx", ENCRYPTED, "check", "パスワードで保護された", "protected by a password"),
    ("古い.xls", desk.OLE + b"\0" * 4000, "check", "ほかのプログラムの形式",
     "another program's format"),
    ("名簿.xlsx", "名前,レート\n田中,1500\n".encode(), "check", "ブックではありません",
     "not a workbook"),
    ("写真.csv", b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR" + bytes(300), "preview",
     "対局記録ではありません", "not a game log"),
    ("鍵つき記録.xlsx", ENCRYPTED, "rate", "パスワードで保護された", "protected by a password"),
])
def test_a_file_the_desk_cannot_use_is_one_line_in_each_language(
        tmp_path: Path, name: str, data: bytes, task: str, ja: str, en: str) -> None:
    (tmp_path / name).write_bytes(data)
    key = "workbook" if task == "check" else "log"
    for lang, expected in (("ja", ja), ("en", en)):
        answer = ask(task, tmp_path, lang=lang, template=TOKIN, **{key: name}) \
            if task != "check" else ask(task, tmp_path, lang=lang, **{key: name})
        assert list(answer) == ["error"], answer
        error = str(answer["error"])
        assert error.startswith(f"{name}: ") and expected in error and "\n" not in error


def test_a_workbook_from_another_program_is_named_so(tmp_path: Path) -> None:
    wb = Workbook()
    wb.active["A1"] = "名前"
    wb.save(tmp_path / "よそ.xlsx")
    answer = ask("check", tmp_path, workbook="よそ.xlsx", lang="ja")
    assert answer == {"error": "よそ.xlsx: このクラブ窓口のブックではありません (ほかの"
                               "プログラムで作ったファイル)。ここで点検できるのは、ここの"
                               "シートと台帳です"}


def test_a_bug_goes_to_the_console_and_the_page_gets_one_line(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
        ) -> None:
    def broken(**_: object) -> dict[str, object]:
        return {}["missing"]  # type: ignore[no-any-return]

    monkeypatch.setitem(desk.TASKS, "check", broken)
    answer = ask("check", tmp_path, lang="ja")
    assert answer == {"error": "思わぬ不具合で止まりました。ブラウザのコンソールに詳細があります"}
    assert "Traceback" in capsys.readouterr().err
