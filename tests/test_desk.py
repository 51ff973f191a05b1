"""The club desk in a real browser: Debian's Chromium driven by Playwright.

The site is built once for the session (``desk/build_site.py``, into a temporary folder)
and served by a local ``http.server``; every request the page or its worker makes is
seen by ``page.route`` and one outside the site's origin fails the test. Each task runs
end to end with real files, as a person picks them, and what the page downloads is
compared with what the CLI writes from the same input (cell values and formulas). The
page takes seconds to load Python, so the tests of one layout share one page.
"""

from __future__ import annotations

import functools
import json
import os
import re
import subprocess
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from desk.serve import launch, served
from tests.test_desk_door import ENCRYPTED, TWO_MISSPELT, cells
from workbook_builder.messages import TABLE

pytestmark = pytest.mark.slow

REPO = Path(__file__).resolve().parents[1]
CHROMIUM = Path("/usr/bin/chromium")
SAMPLE = REPO / "docs" / "samples" / "対局記録.csv"
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}
LOAD_TIMEOUT = 180_000
"""Milliseconds for Pyodide to start on a loaded two-core machine (4-9 s measured)."""
TASK_TIMEOUT = int(os.environ.get("DESK_TASK_TIMEOUT", 180_000))
CONTROLS = "button, select, a, label.pick, input[type=checkbox], input[type=number]"
ALLOWED_LATIN = {"CSV", "xlsx", "ods", "xls", "MB", "PDF", "MOSAIC", "Excel", "LAMBDA", "Microsoft",
                 "LINE", "Discord"}
"""Latin words the Japanese page may show: the file types a person picks (as the CLI's
table writes them), megabytes, the chat services' names, and the proper names the
Japanese sheets' own titles write in Latin letters (a rating rule's, a program's)."""


def cli(*args: str) -> subprocess.CompletedProcess[str]:
    """The command line, run as a person runs it."""
    return subprocess.run([sys.executable, "-m", "workbook_builder", *args],
                          capture_output=True, text=True, cwd=REPO,
                          env={**os.environ, "PYTHONPATH": str(REPO)}, timeout=600)


@pytest.fixture(scope="session")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("desk") / "site"
    built = subprocess.run([sys.executable, str(REPO / "desk" / "build_site.py"), str(folder)],
                           capture_output=True, text=True, cwd=REPO,
                           env={**os.environ, "PYTHONPATH": str(REPO)})
    assert built.returncode == 0, built.stderr[-3000:]
    return folder


@pytest.fixture(scope="session")
def origin(site: Path) -> Iterator[str]:
    with served(site) as address:
        yield address


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """One Chromium for this module: Playwright's sync API runs an event loop while it is
    open, so it ends with the module, before another module starts its own."""
    if not CHROMIUM.exists():
        pytest.fail("no /usr/bin/chromium: run bash scripts/install-chromium.sh")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        launched = launch(playwright)
        yield launched
        launched.close()


@dataclass
class Desk:
    """One page of the desk, and every request it made."""

    page: Any
    origin: str
    requested: list[str] = field(default_factory=list)
    outside: list[str] = field(default_factory=list)
    console: list[str] = field(default_factory=list)
    """What the page and its worker wrote to the console (where a traceback goes)."""
    downloads: int = 0

    def answered(self, act: Callable[[], object]) -> None:
        """Do ``act`` and wait until the worker's answer is on the page."""
        before = self.page.evaluate("window.deskAnswers || 0")
        act()
        try:
            self.page.wait_for_function(f"(window.deskAnswers || 0) > {before}",
                                        timeout=TASK_TIMEOUT)
        except Exception as exc:
            state = self.page.evaluate("[document.querySelector('#import-file').files.length,"
                                       " String(imported.file && imported.file.name),"
                                       " window.deskAnswers, nextJob, waiting.size]")
            raise AssertionError(f"no answer ({self.text('#status')}, {state}); the console said:\n"
                                 + "\n".join(self.console[-20:])) from exc

    def download(self, click: str, folder: Path) -> Path:
        with self.page.expect_download(timeout=TASK_TIMEOUT) as done:
            self.page.click(click)
        path = folder / done.value.suggested_filename
        done.value.save_as(path)
        return path

    def pick(self, selector: str, file: Path | dict[str, Any]) -> None:
        """Pick a file as a person does. Its bytes and name are handed over, not its path:
        Playwright's driver loses a path's Japanese characters under some locales."""
        if isinstance(file, Path):
            file = {"name": file.name, "mimeType": "application/octet-stream",
                    "buffer": file.read_bytes()}
        self.page.set_input_files(selector, file)

    def tab(self, name: str) -> None:
        self.page.click(f"[data-tab={name}]")

    def text(self, selector: str = "body") -> str:
        return str(self.page.inner_text(selector))


def open_desk(browser: Any, origin: str, viewport: dict[str, int], lang: str) -> Desk:
    """The desk loaded and ready; English by one tap on the language button."""
    context = browser.new_context(viewport=viewport, locale="ja-JP", accept_downloads=True,
                                  is_mobile=viewport is PHONE, has_touch=viewport is PHONE)
    page = context.new_page()
    desk = Desk(page, origin)

    def route(request_route: Any) -> None:
        url = request_route.request.url
        desk.requested.append(url)
        if url.startswith(origin) or url.startswith(("data:", "blob:")):
            request_route.continue_()
        else:
            desk.outside.append(url)
            request_route.abort()

    context.route("**/*", route)
    page.on("download", lambda _: setattr(desk, "downloads", desk.downloads + 1))
    page.on("console", lambda message: desk.console.append(f"{message.type}: {message.text}"))
    page.on("pageerror", lambda error: desk.console.append(f"pageerror: {error}"))
    page.goto(origin)
    page.wait_for_function("window.deskLoadSeconds !== undefined", timeout=LOAD_TIMEOUT)
    if lang == "en":
        page.click("#lang")
    return desk


@pytest.fixture(scope="module")
def phone(browser: Any, origin: str) -> Iterator[Desk]:
    desk = open_desk(browser, origin, PHONE, "ja")
    yield desk
    assert desk.outside == [], f"requests outside the site: {desk.outside}"
    desk.page.context.close()


# --- the layouts ------------------------------------------------------------------------

@pytest.mark.parametrize("lang", ["ja", "en"])
@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["390x844", "1280x800"])
def test_each_layout_shows_every_control_in_its_language(
        browser: Any, origin: str, viewport: dict[str, int], lang: str) -> None:
    desk = open_desk(browser, origin, viewport, lang)
    page = desk.page
    assert page.evaluate("document.documentElement.lang") == lang
    private = TABLE["desk.private"][0 if lang == "ja" else 1]
    assert desk.text("#private") == private and page.is_visible("#private")
    for tab in ("import", "check", "rate", "sheets"):
        desk.tab(tab)
        assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"], tab
        unreachable = page.evaluate("""(selector) => {
            const bad = [];
            for (const control of document.querySelectorAll(selector)) {
              if (!control.checkVisibility()) continue;
              control.scrollIntoView({block: "center"});
              const box = control.getBoundingClientRect();
              const x = box.left + box.width / 2, y = box.top + box.height / 2;
              const hit = document.elementFromPoint(x, y);
              if (box.left < 0 || box.right > innerWidth || !hit ||
                  !(control.contains(hit) || hit.contains(control) ||
                    control.closest("label")?.contains(hit)))
                bad.push(control.outerHTML.slice(0, 80));
            }
            return bad;
        }""", CONTROLS)
        assert unreachable == [], f"{tab}: {unreachable}"
        assert_in_language(desk.text(), lang, tab)
    assert [u for u in desk.requested if "pyodide.asm.wasm" in u], "the route saw no worker"
    assert desk.outside == [], f"requests outside the site: {desk.outside}"
    page.context.close()


def assert_in_language(text: str, lang: str, where: str) -> None:
    """Japanese only on the Japanese page (the language button aside, which names the
    other language in its own words), English only on the English page."""
    if lang == "ja":
        text = text.replace(TABLE["desk.other_lang"][0], "")
        latin = set(re.findall(r"[A-Za-z]{2,}", text)) - ALLOWED_LATIN
        assert not latin, f"{where}: English on the Japanese page: {sorted(latin)}"
    else:
        text = text.replace(TABLE["desk.other_lang"][1], "")
        japanese = re.findall(r"[\u3040-\u30ff\u4e00-\u9fff]+", text)
        assert not japanese, f"{where}: Japanese on the English page: {japanese[:10]}"


def the_words(text: str) -> str:
    """Audit's lines without what they quote of the file: where (sheet!cell and the
    cell's name), and the values expected and found."""
    text = re.sub(r"'[^']*'", "", text)
    return re.sub(r"\S+![A-Z]+\d+( \(\w+\))?", "", text)


# --- start a ledger ---------------------------------------------------------------------

def assert_imported_as_cli(made: Path, log: Path, tmp_path: Path) -> None:
    """The page's ledger holds the cells (values and formulas) the CLI writes from ``log``."""
    by_cli = tmp_path / "cli.xlsx"
    assert cli("import", str(log), "-t", "templates/ledger_tokin_ja.toml",
               "--out", str(by_cli)).returncode == 0
    assert cells(made) == cells(by_cli)


def test_the_sample_becomes_the_ledger_the_cli_writes(phone: Desk, tmp_path: Path) -> None:
    phone.tab("import")
    phone.page.select_option("#import-rule", "ledger_tokin_ja.toml")
    phone.answered(lambda: phone.pick("#import-file", SAMPLE))
    assert phone.text("#import-counts") == "読み込む内容: 7 局、4 人"
    sample = phone.page.eval_on_selector_all("#import-sample tr", "rows => rows.map("
                                             "r => [...r.cells].map(c => c.textContent))")
    typed = [line.split(",") for line in SAMPLE.read_text("utf-8").splitlines()]
    assert sample == typed
    made = phone.download("#import-make", tmp_path)
    assert made.name == "対局記録-台帳.xlsx"
    assert phone.text("#import-done") == "対局記録-台帳.xlsx: 7 局、4 人"
    assert_in_language(phone.text(), "ja", "after the import")
    assert_imported_as_cli(made, SAMPLE, tmp_path)


def test_a_shift_jis_log_reads_as_japanese_excel_saved_it(phone: Desk, tmp_path: Path) -> None:
    log = tmp_path / "記録_sjis.csv"
    log.write_bytes(SAMPLE.read_text("utf-8").encode("cp932"))
    phone.tab("import")
    phone.answered(lambda: phone.pick("#import-file", log))
    assert phone.text("#import-counts") == "読み込む内容: 7 局、4 人"
    made = phone.download("#import-make", tmp_path)
    assert_imported_as_cli(made, log, tmp_path)


def test_an_xlsx_log_becomes_the_ledger_the_cli_writes(phone: Desk, tmp_path: Path) -> None:
    """A log kept in Excel (written here by XlsxWriter, a writer of its own) goes through
    the same reader as the CLI's: the same games, the same ledger."""
    import xlsxwriter

    log = tmp_path / "対局記録.xlsx"
    book = xlsxwriter.Workbook(str(log))
    sheet = book.add_worksheet("対局")
    sheet.write(0, 0, "クラブの対局記録")  # a title above the header, as clubs write one
    for r, line in enumerate(SAMPLE.read_text("utf-8").splitlines(), 2):
        for c, text in enumerate(line.split(",")):
            sheet.write(r, c, int(text) if text.isdigit() else text)
    book.close()
    phone.tab("import")
    phone.page.select_option("#import-rule", "ledger_tokin_ja.toml")
    phone.answered(lambda: phone.pick("#import-file", log))
    assert phone.text("#import-counts") == "読み込む内容: 7 局、4 人"
    made = phone.download("#import-make", tmp_path)
    assert_imported_as_cli(made, log, tmp_path)


def test_misspellings_are_accepted_one_by_one_and_bad_lines_listed(
        phone: Desk, tmp_path: Path) -> None:
    log = tmp_path / "名前ゆれ.csv"
    log.write_text(TWO_MISSPELT, encoding="utf-8")
    phone.tab("import")
    phone.answered(lambda: phone.pick("#import-file", log))
    near = phone.page.eval_on_selector_all(".near span:first-child",
                                           "spans => spans.map(s => s.textContent)")
    assert near[0].startswith("3 行目 '齋藤': '斎藤' のことですか")
    assert near[1].startswith("4 行目 '鈴 木': '鈴木' のことですか")
    phone.answered(lambda: phone.page.check(".near input[data-name='齋藤']"))
    assert phone.page.is_checked(".near input[data-name='齋藤']")
    assert not phone.page.is_checked(".near input[data-name='鈴 木']")
    rows = phone.page.eval_on_selector_all("table.bad tr", "rows => rows.map("
                                           "r => [...r.cells].map(c => c.textContent))")
    assert [r[:3] for r in rows] == [["行", "項目", "値"], ["4", "対局者A", "鈴 木"],
                                     ["5", "勝敗", "x"]]
    assert "'x'" in rows[2][3]
    assert phone.text("#import-make") == "読めない 2 行を除いて台帳を作る"
    made = phone.download("#import-make", tmp_path)
    from openpyxl import load_workbook

    names = {c.value for row in load_workbook(made)["名簿"].iter_rows() for c in row}
    assert "齋藤" in names and "鈴 木" not in names


# --- check and repair -------------------------------------------------------------------

@pytest.fixture(scope="module")
def broken(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A Tokin ledger built from the shipped template, a whole game row (formulas too)
    cut and pasted below the others in LibreOffice, through UNO as the edit tests do."""
    from openpyxl.utils import get_column_letter

    from tests.edit_matrix import MIDDLE, build_kind, run_uno

    work = tmp_path_factory.mktemp("broken")
    layout = build_kind("ledger_tokin", 4100, work)
    out = work / "out" / "台帳.xlsx"
    out.parent.mkdir()
    row, last = layout.game_rows(MIDDLE)[0], get_column_letter(layout.width)
    job = {"file": str(layout.path), "out": str(out), "sheet": layout.sheet,
           "edits": [{"op": "unprotect"},
                     {"op": "move", "src": f"A{row}:{last}{row}", "dest": f"A{layout.spare}"}]}
    result = run_uno([job], work)[str(out)]
    assert result.get("ok", True) and out.exists(), result
    return out


def test_a_cut_and_paste_is_found_and_repaired_as_the_cli_does(
        phone: Desk, broken: Path, tmp_path: Path) -> None:
    phone.tab("check")
    phone.answered(lambda: phone.pick("#check-file", broken))
    shown = phone.page.eval_on_selector_all("#check-lines li", "items => items.map("
                                            "i => i.textContent)")
    audit = cli("--lang", "ja", "audit", str(broken))
    assert audit.returncode == 1 and audit.stdout.strip()
    assert shown[:len(audit.stdout.splitlines())] == audit.stdout.splitlines()
    assert_in_language(the_words(phone.text("#check-lines")), "ja", "audit")
    made = phone.download("#check-repair", tmp_path)
    assert made.name == "台帳-修理済み.xlsx"
    by_cli = tmp_path / "cli.xlsx"
    repaired = cli("--lang", "ja", "repair", str(broken), "--out", str(by_cli))
    assert repaired.returncode == 0, repaired.stderr
    assert cells(made) == cells(by_cli)
    assert phone.text("#repair-done").startswith("台帳-修理済み.xlsx: ")
    assert cli("audit", str(made)).returncode == 0


def test_a_full_ledger_gets_room_for_more_games(phone: Desk, broken: Path,
                                                tmp_path: Path) -> None:
    phone.tab("check")
    phone.answered(lambda: phone.pick("#check-file", broken))
    phone.page.check("#check-grow")
    phone.page.fill("#check-rows", "1500")
    made = phone.download("#check-repair", tmp_path)
    by_cli = tmp_path / "cli.xlsx"
    assert cli("repair", str(broken), "--rows", "1500", "--out", str(by_cli)).returncode == 0
    assert cells(made) == cells(by_cli)
    from openpyxl.utils.cell import range_boundaries

    described = json.loads(cli("describe", str(made), "--json").stdout)
    (games,) = [n["range"] for n in described["names"] if n["name"] == "Games_Result"]
    _, top, _, bottom = range_boundaries(games.replace("$", ""))
    assert bottom is not None and top is not None and bottom - top + 1 == 1500, games


# --- rating list ------------------------------------------------------------------------

def test_the_rating_list_shows_rd_sorts_and_downloads_the_cli_csv(
        phone: Desk, tmp_path: Path) -> None:
    phone.tab("rate")
    phone.page.select_option("#rate-rule", "ledger_glicko_ja.toml")
    phone.answered(lambda: phone.pick("#rate-file", SAMPLE))
    table = phone.page.eval_on_selector_all("#rate-table tr", "rows => rows.map("
                                            "r => [...r.cells].map(c => c.textContent))")
    rated = cli("--lang", "ja", "rate", str(SAMPLE), "-s", "glicko", "--format", "csv")
    assert rated.returncode == 0, rated.stderr
    expected = [line.split(",") for line in rated.stdout.splitlines()]
    assert "レート偏差" in expected[0]
    assert [[cell.removesuffix(" ▲") for cell in row] for row in table] == expected
    games = expected[0].index("対局数")
    phone.page.click(f"#rate-table th:nth-child({games + 1})")
    column = phone.page.eval_on_selector_all(
        f"#rate-table td:nth-child({games + 1})", "cells => cells.map(c => +c.textContent)")
    assert column == sorted((int(r[games]) for r in expected[1:]), reverse=True)  # most first
    csv = phone.download("#rate-csv", tmp_path)
    assert csv.read_text("utf-8-sig") == rated.stdout


def test_a_ledger_is_published_as_the_cli_publishes_it(phone: Desk, tmp_path: Path) -> None:
    """The publish tab gives the chat texts and the CSV that the CLI's ``publish`` writes
    from the same ledger (both the engine's replay of its inputs)."""
    ledger = tmp_path / "台帳.xlsx"
    assert cli("import", str(SAMPLE), "-t", "templates/ledger_tokin_ja.toml",
               "--out", str(ledger)).returncode == 0
    by_cli = tmp_path / "cli"
    done = cli("publish", str(ledger), "--out", str(by_cli), "--lang", "ja")
    assert done.returncode == 0, done.stderr
    phone.tab("publish")
    phone.answered(lambda: phone.pick("#publish-file", ledger))
    for platform in ("line", "discord", "x"):
        (expected,) = by_cli.glob(f"rating-*-{platform}.txt")
        shown = phone.page.input_value(f"textarea[data-platform={platform}]")
        assert shown == expected.read_text("utf-8")
    (cli_csv,) = by_cli.glob("rating-*.csv")
    assert phone.download("#publish-csv", tmp_path).read_bytes() == cli_csv.read_bytes()
    assert_in_language(phone.text(), "ja", "after publishing")


# --- files the desk cannot use ----------------------------------------------------------

def refusals(tmp_path: Path) -> list[tuple[str, Path | dict[str, Any], str]]:
    from openpyxl import Workbook

    other = Workbook()
    other.active["A1"] = "名前"
    other.save(tmp_path / "よそのブック.xlsx")
    (tmp_path / "名簿.xlsx").write_text("名前,レート\n田中,1500\n", encoding="utf-8")
    (tmp_path / "鍵つき.xlsx").write_bytes(ENCRYPTED)
    big = {"name": "大きい.xlsx", "mimeType": "application/octet-stream",
           "buffer": b"PK" + bytes(21 * 1024 * 1024)}
    return [("#check-file", tmp_path / "よそのブック.xlsx", TABLE["desk.not_ours"][0]),
            ("#check-file", tmp_path / "名簿.xlsx", TABLE["desk.not_workbook"][0]),
            ("#check-file", tmp_path / "鍵つき.xlsx", TABLE["desk.password"][0][:20]),
            ("#check-file", big, "ファイルが大きすぎます"),
            ("#import-file", REPO / "docs" / "img" / "tokin_ja.png",
             TABLE["desk.not_log"][0].split(" (")[0])]


def test_a_file_the_desk_cannot_use_gets_one_line_and_nothing_else(
        phone: Desk, tmp_path: Path) -> None:
    for picker, file, expected in refusals(tmp_path):
        tab = picker.split("-")[0].lstrip("#")
        phone.tab(tab)
        downloads = phone.downloads
        pick = functools.partial(phone.pick, picker, file)
        if isinstance(file, dict):
            pick()  # refused before the worker is asked
            phone.page.wait_for_selector(f"#{tab}-error:not([hidden])")
        else:
            phone.answered(pick)
        error = phone.text(f"#{tab}-error")
        assert expected.split("{name}: ")[-1][:12] in error, (file, error)
        assert "\n" not in error.strip() and "Traceback" not in phone.text()
        assert phone.page.is_hidden(f"#{tab}-result")
        assert phone.downloads == downloads
        name = file.name if isinstance(file, Path) else file["name"]
        assert error.startswith(f"{name}: ")
        assert_in_language(error.removeprefix(f"{name}: "), "ja", name)


# --- sheets -----------------------------------------------------------------------------

def test_every_ready_made_workbook_is_offered_with_its_picture(
        phone: Desk, tmp_path: Path) -> None:
    phone.tab("sheets")
    cards = phone.page.query_selector_all("#sheet-list .card")
    shipped = sorted((REPO / "dist").glob("*_ja.xlsx"))
    assert len(cards) == len(shipped)
    for card, book in zip(cards, shipped, strict=True):
        links = card.eval_on_selector_all("a", "as => as.map(a => a.getAttribute('href'))")
        name = book.stem.removesuffix("_ja")
        assert links == [f"sheets/{name}_ja.xlsx", f"sheets/{name}_en.xlsx"]
        picture = card.eval_on_selector("img", "i => i.getAttribute('src')")
        assert picture == f"img/{name}_ja.png"
        assert phone.page.request.get(phone.origin + picture).ok
        assert card.eval_on_selector("p", "p => p.textContent").strip()
    with phone.page.expect_download() as done:
        cards[0].query_selector("a").click()
    done.value.save_as(tmp_path / "got.xlsx")
    assert (tmp_path / "got.xlsx").read_bytes() == shipped[0].read_bytes()
