"""``publish``: a ledger's list as a page, a PDF, chat text and CSV, from the engine's replay.

Expected values come from elsewhere: the four-player レート表 from seed 003's worked
example (the ledger is typed from the seed's table before the game and the game itself;
the expected text is the seed's table after it), the ratings from ``rate`` on the same
games (the CLI's own path: CSV → engine), the page from Chromium's layout at 390 px and
the PDF from pdftotext/pdffonts.
"""

from __future__ import annotations

import csv
import dataclasses
import datetime as dt
import io
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from click.testing import CliRunner, Result
from openpyxl import load_workbook

from tests.commands import sized_template
from workbook_builder.build import TEMPLATES, build
from workbook_builder.cli import main
from workbook_builder.publish import csv_text, publishable
from workbook_builder.sheets import SHEET_TYPES
from workbook_builder.template import load_template

REPO = Path(__file__).resolve().parents[1]
SEED = next((REPO.parent / "shared" / "seeds").glob("003_*.txt"), None) if (
    REPO.parent / "shared" / "seeds").is_dir() else None
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
needs_chromium = pytest.mark.skipif(CHROMIUM is None, reason="needs Chromium")


def run(*args: str) -> Result:
    return CliRunner().invoke(main, ["--lang", "en", *args])


def ledger(tmp: Path, template: str, tables: dict[str, list[dict[str, object]]],
           rows: int = 40, players: int = 12, output: str = "club") -> Path:
    spec = dataclasses.replace(load_template(TEMPLATES / f"{template}.toml"), rows=rows,
                               players=players, output=output)
    return build(spec, tmp, tables=tables)


# ---- seed 003: the federation's レート表 -------------------------------------------------

RANKS = ("五段", "四段", "三段", "二段", "初段", "一級", "二級", "三級", "四級", "五級", "六級",
         "七級", "八級", "九級", "十級")


def seed_block(text: str, after: str) -> list[str]:
    """The レート表 lines (stripped) that follow ``after`` in the seed, up to its ===== line."""
    start = text.index("<レート表>(敬称略)", text.index(after))
    lines: list[str] = []
    for line in text[start:].splitlines():
        if line.strip().startswith("====="):
            break
        lines.append(line.strip())
    return lines


def seed_player(line: str) -> dict[str, object]:
    """A レート表 line as the Players row a secretary types: ``準:Bさん四級:R1370(11)``
    → mark 準, name Bさん, official 四級, start 1370, 11 games this month."""
    head, _, tail = line.rpartition(":R")
    rate, _, games = tail.partition("(")
    mark, sep, head = head.partition(":")
    if not sep:
        mark, head = "", mark
    head = re.sub(r"\(.+?\)$", "", head)  # (rank) in brackets: not official
    official = next((r for r in RANKS if head.endswith(r)), "")
    row: dict[str, object] = {"Name": head[:len(head) - len(official)], "Start": int(rate)}
    if official:
        row["Official"] = official
    if not mark:
        row["Member"] = "非会員"
        return row
    row["Mark"] = mark if mark == "準" else int(mark)
    games = games.rstrip(")")
    if games == "休":
        row["Rest"] = "休"
    elif games != "0":
        row["MonthBefore"] = int(games)
    return row


def seed_game(text: str) -> list[dict[str, object]]:
    """``<今回の対局結果>``: one Games row a seat, in the order given; ←(A) names the seat
    of the player who mated them."""
    part = text[text.index("<今回の対局結果>"):text.index("<送信例>")]
    seats = re.findall(r"(\d)位(\S+?)(?:\(.+?\)|[一二三四五六七八九十初]+[段級])?:R\d+"
                       r"(?: ←\((\S)\))?", part)
    names = [name for _, name, _ in seats]
    letters = [name[0] for name in names]  # Aさん → A, as ←(A) writes it
    rows: list[dict[str, object]] = []
    for place, name, by in seats:
        row: dict[str, object] = {"Player": name, "Place": int(place)}
        if by:
            row["KnockedBy"] = letters.index(by) + 1
        rows.append(row)
    rows[0]["Date"] = dt.datetime(2026, 5, 20)  # the seed gives no date; any one day
    return rows


@pytest.mark.skipif(SEED is None, reason="needs the seeds (../shared/seeds)")
def test_the_four_player_text_is_the_federations_rate_table_of_seed_003(
        tmp_path: Path) -> None:
    assert SEED is not None
    text = SEED.read_text(encoding="utf-8")
    before = seed_block(text, "<前回までの対局結果>")
    expected = seed_block(text, "<送信例>")
    players = [seed_player(line) for line in before[2:] if line]
    assert [p["Name"] for p in players][:6] == ["Aさん", "Bさん", "Cさん", "Dさん", "Eさん",
                                                 "Fさん"]
    path = ledger(tmp_path, "yonin_ledger_ja", {"Players": players,
                                                "Games": seed_game(text)}, rows=8)
    done = run("publish", str(path), "--out", str(tmp_path / "out"))
    assert done.exit_code == 0, done.output
    line = (tmp_path / "out" / "rating-2026-05-line.txt").read_text(encoding="utf-8")
    assert line.splitlines() == expected
    assert "準:Aさん(二級):R1761(6)" in line and "準:Bさん(三級)/四級:R1410(12)" in line
    # the same text on Discord (under 2,000) and X (posts under 280, a CJK character 2)
    discord = (tmp_path / "out" / "rating-2026-05-discord.txt").read_text(encoding="utf-8")
    assert discord == line
    posts = (tmp_path / "out" / "rating-2026-05-x.txt").read_text(encoding="utf-8").split(
        "\n✂ ------------------------------\n")
    assert [x for post in posts for x in post.splitlines()
            if x and not re.fullmatch(r"\(\d+/\d+\)", x)] == [x for x in expected if x]
    for post in posts:
        assert sum(1 if ord(ch) < 0x1100 else 2 for ch in post.rstrip("\n")) <= 280
    # in English (--lang en): the same table with the English marks and rank words
    done = run("publish", str(path), "--out", str(tmp_path / "en"), "--lang", "en")
    assert done.exit_code == 0, done.output
    english = (tmp_path / "en" / "rating-2026-05-line.txt").read_text(encoding="utf-8")
    assert "A:Aさん (2 kyu):R1761(6)\nA:Bさん (3 kyu)/4 kyu:R1410(12)\n" in english
    assert "3:Eさん (10 kyu):R110(off)" in english


# ---- the values equal rate's ------------------------------------------------------------

GAMES = [  # date, A, B, result, MOSAIC's turn gap
    ("2026/4/4", "田中", "鈴木", "1", "3"), ("2026/4/4", "佐藤", "高橋", "0", "2"),
    ("2026/4/11", "鈴木", "佐藤", "1", "1"), ("2026/4/11", "高橋", "田中", "0", "4"),
    ("2026/5/2", "田中", "佐藤", "0", "2"), ("2026/5/9", "伊藤", "鈴木", "1", "5"),
    ("2026/5/9", "高橋", "伊藤", "1", "1"), ("2026/5/16", "田中", "鈴木", "1", "2"),
]
TWO_PLAYER = ("ledger_tokin_ja", "ledger_club24_ja", "ledger_elo_en", "ledger_mosaic_ja",
              "ledger_go_ja", "ledger_glicko_en")


def log_csv(path: Path, template: str) -> Path:
    mosaic = "mosaic" in template
    head = "日付,対局者A,対局者B,勝敗" + (",手番差" if mosaic else "")
    path.write_text(head + "\n" + "".join(
        ",".join(row[:5] if mosaic else row[:4]) + "\n" for row in GAMES), encoding="utf-8")
    return path


def rated(games_csv: Path, system: str) -> dict[str, dict[str, str]]:
    done = run("rate", str(games_csv), "-s", system, "--format", "csv", "--lang", "en")
    assert done.exit_code == 0, done.output
    return {row["player"]: row for row in csv.DictReader(io.StringIO(done.stdout))}


def published(path: Path, month: str | None = None) -> dict[str, dict[str, str]]:
    text = csv_text(publishable(path, month, False, "en"))
    return {row["Name"]: row for row in csv.DictReader(io.StringIO(text))}


@pytest.mark.slow
@pytest.mark.parametrize("template", [*TWO_PLAYER, "yonin_ledger_ja"])
def test_the_values_are_rates(template: str, tmp_path: Path) -> None:
    source = (REPO / "docs" / "samples" / "四人将棋記録.csv" if template.startswith("yonin")
              else log_csv(tmp_path / "games.csv", template))
    out = tmp_path / "club.xlsx"
    done = run("import", str(source), "--template",
               str(sized_template(tmp_path, template)), "--out", str(out))
    assert done.exit_code == 0, done.output
    system = SHEET_TYPES[load_template(TEMPLATES / f"{template}.toml").system].log_system(
        load_template(TEMPLATES / f"{template}.toml"))
    expected = rated(source, system)
    got = published(out)
    assert set(got) >= set(expected)
    for name, row in expected.items():
        assert got[name]["Rating"] == row["rating"], (name, got[name], row)
        assert got[name]["Total"] == row["games"], name
        if "RD" in row:
            assert got[name]["RD"] == row["RD"], name
    assert any(row["Change"] for row in got.values())


@pytest.mark.slow
def test_a_month_is_published_as_it_stood_at_its_end(tmp_path: Path) -> None:
    """April's list is ``rate`` on April's games; May's change is May's end minus April's."""
    source = log_csv(tmp_path / "games.csv", "ledger_elo_en")
    april = tmp_path / "april.csv"
    april.write_text("".join(line + "\n" for line in source.read_text().splitlines()
                             if "/5/" not in line), encoding="utf-8")
    out = tmp_path / "club.xlsx"
    template = sized_template(tmp_path, "ledger_elo_en")
    assert run("import", str(source), "--template", str(template),
               "--out", str(out)).exit_code == 0
    then, now = published(out, "2026-04"), published(out)
    assert {n: r["Rating"] for n, r in then.items()} == {
        n: r["rating"] for n, r in rated(april, "elo").items()}
    assert "伊藤" not in then  # no game in April
    assert now["伊藤"]["new"] == "1" and now["伊藤"]["Month"] == "2"
    for name in then:
        change = float(now[name]["Rating"]) - float(then[name]["Rating"])
        assert float(now[name]["Change"] or 0) == pytest.approx(change, abs=0.11), name
    assert now["田中"]["Month"] == "2" and now["田中"]["Total"] == "4"


# ---- refusal ----------------------------------------------------------------------------

@pytest.mark.slow
def test_publish_refuses_what_audit_finds_unless_told_to_publish_the_replay(
        tmp_path: Path) -> None:
    source = log_csv(tmp_path / "games.csv", "ledger_tokin_ja")
    out = tmp_path / "club.xlsx"
    template = sized_template(tmp_path, "ledger_tokin_ja")
    assert run("import", str(source), "--template", str(template),
               "--out", str(out)).exit_code == 0
    wb = load_workbook(out)
    (title, ref), = wb.defined_names["Players_Rating"].destinations
    first = ref.replace("$", "").split(":")[0]
    wb[title][first] = 9999  # a formula typed over
    wb.save(out)
    audited = run("audit", str(out))
    assert audited.exit_code == 1
    refused = run("publish", str(out), "--out", str(tmp_path / "pub"))
    assert refused.exit_code == 1
    assert "9999" in refused.output and "--from-replay" in refused.output, refused.output
    assert not (tmp_path / "pub").exists()
    replay = CliRunner().invoke(main, ["--lang", "en", "publish", str(out), "--out",
                                       str(tmp_path / "pub"), "--from-replay"])
    assert replay.exit_code == 0, replay.output
    listed = (tmp_path / "pub" / "rating-2026-05.csv").read_text(encoding="utf-8-sig")
    assert "9999" not in listed


def test_a_bad_month_is_named(tmp_path: Path) -> None:
    done = run("publish", str(REPO / "dist" / "ledger_tokin_ja.xlsx"), "--out",
               str(tmp_path), "--month", "2026-13")
    assert done.exit_code == 1 and "'2026-13'" in done.output, done.output
    assert not list(tmp_path.iterdir())


def test_a_personal_sheet_is_not_published(tmp_path: Path) -> None:
    done = run("publish", str(REPO / "dist" / "tokin_ja.xlsx"), "--out", str(tmp_path))
    assert done.exit_code == 1 and "ledger" in done.output, done.output


# ---- the page and the print -------------------------------------------------------------

@pytest.fixture(scope="module")
def go_page(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[str]]:
    """The Japanese Go ledger's README example, published (page, PDF, CSV, chat)."""
    if CHROMIUM is None:
        pytest.skip("needs Chromium")
    tmp = tmp_path_factory.mktemp("publish")
    spec = load_template(TEMPLATES / "ledger_go_ja.toml")
    tables = SHEET_TYPES[spec.system].example_tables(spec)
    last = max(day for row in tables["Games"] if isinstance(day := row.get("Date"), dt.date))
    tables["Players"].append({"Name": "渡辺"})  # a new member, in the last month
    tables["Games"].append({"Date": last + dt.timedelta(days=1), "PlayerA": "渡辺",
                            "PlayerB": "伊藤", "Result": 1})
    path = ledger(tmp, "ledger_go_ja", tables)
    done = run("publish", str(path), "--out", str(tmp / "out"))
    assert done.exit_code == 0, done.output
    names = [str(p["Name"]) for p in tables["Players"]]
    return tmp / "out", names


@needs_chromium
def test_the_page_fits_a_phone_with_every_player(go_page: tuple[Path, list[str]]) -> None:
    from playwright.sync_api import sync_playwright

    out, names = go_page
    page_file = next(out.glob("*.html"))
    requests: list[str] = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        page = browser.new_page(viewport={"width": 390, "height": 844}, device_scale_factor=2)
        page.on("request", lambda r: requests.append(r.url))
        page.goto(page_file.as_uri())
        widths = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
        shown = page.inner_text("body")
        page.screenshot(path=str(REPO / "docs" / "img" / "publish_ja.png"), full_page=True)
        browser.close()
    assert widths[0] <= widths[1], widths
    for name in names:
        assert name in shown
    assert "2024年" in shown and "▲" in shown and "新" in shown
    assert requests == [page_file.as_uri()]  # nothing fetched from anywhere else


@needs_chromium
@pytest.mark.skipif(shutil.which("pdftotext") is None, reason="needs poppler-utils")
def test_the_print_holds_every_name_rating_and_the_month(
        go_page: tuple[Path, list[str]]) -> None:
    out, names = go_page
    pdf = next(out.glob("*.pdf"))
    text = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True,
                          text=True, check=True).stdout
    listed = list(csv.DictReader(io.StringIO(next(out.glob("*.csv")).read_text(
        encoding="utf-8-sig"))))
    assert listed and all(row["名前"] in text and row["レート"] in text for row in listed)
    assert {row["名前"] for row in listed} <= set(names)
    month = re.search(r"rating-(\d{4})-(\d{2})", pdf.name)
    assert month is not None
    assert f"{month[1]}年{int(month[2])}月" in text
    fonts = subprocess.run(["pdffonts", str(pdf)], capture_output=True, text=True,
                           check=True).stdout.splitlines()[2:]
    # emb and uni: every glyph drawn from the file's own font, each mapped back to its text
    # (Chromium writes Noto Sans CJK's CFF outlines as Type 3 fonts, without a name)
    assert fonts and all(line.split()[-5] == "yes" and line.split()[-3] == "yes"
                         for line in fonts), fonts
    size = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True,
                          check=True).stdout
    assert "(A4)" in size, size


def test_the_csv_opens_in_japanese_excel(go_page: tuple[Path, list[str]]) -> None:
    raw = next(go_page[0].glob("*.csv")).read_bytes()
    assert raw.startswith(b"\xef\xbb\xbf")  # the BOM Excel needs to read UTF-8
    assert raw.decode("utf-8-sig").splitlines()[0].startswith("順位,名前,レート")


@pytest.mark.parametrize(("platform", "limit"), [("line", 10_000), ("discord", 2_000),
                                                 ("x", 280)])
def test_a_long_list_is_split_under_each_chats_limit(platform: str, limit: int) -> None:
    """X counts a CJK character as two (its documented weighting); the others characters."""
    from workbook_builder.publish import split

    lines = [f"{i}. 長谷川{i:03d}郎 {2000 - i} ▲{i % 17} ({i % 5}/{i})" for i in range(1, 400)]
    messages = split(lines, platform)
    for message in messages:
        counted = sum(2 if ord(ch) > 0x2037 else 1 for ch in message) if platform == "x" \
            else len(message)
        assert counted <= limit, (platform, counted)
    kept = [x for m in messages for x in m.splitlines() if not re.fullmatch(r"\(\d+/\d+\)", x)]
    assert kept == lines  # every line whole, in order
    assert len(messages) > 1  # about 12,000 characters: more than one message anywhere
