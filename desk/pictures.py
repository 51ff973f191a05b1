"""Screenshots of the club desk on a 390 px phone into docs/img (``scripts/pictures.sh``).

Each step as a person sees it, in Japanese: the page ready, the README's sample read for
import, a ledger checked (a rating typed over a formula, as a person does by mistake),
the repair done, the rating list, a month published, and the ready-made sheets. The site
is built into a temporary folder and served locally; Chromium is Debian's
(``executable_path``).
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
IMG = REPO / "docs" / "img"
SAMPLE = REPO / "docs" / "samples" / "対局記録.csv"
WAIT_MS = 300_000


def sample_ledger(folder: Path, name: str) -> Path:
    """The README sample imported into a Tokin ledger, as ``import`` writes it."""
    from workbook_builder.importer import import_log

    made = folder / name
    import_log(SAMPLE, REPO / "templates" / "ledger_tokin_ja.toml", made)
    return made


def broken_ledger(folder: Path) -> Path:
    """The sample's ledger with game 2's new rating for A typed over (the formula gone),
    as a spreadsheet program saves it: the other cells keep their computed values."""
    os.environ.setdefault("OPENPYXL_LXML", "False")  # as workbook_builder sets it, first
    from openpyxl import load_workbook

    from workbook_builder.package import sheet_parts
    from workbook_builder.readback import cells_of

    made = sample_ledger(folder, "台帳.xlsx")
    title, coord = cells_of(load_workbook(made), "Games_ShownA")[1]
    with zipfile.ZipFile(made) as z:
        parts = {name: z.read(name) for name in z.namelist()}
    part = sheet_parts(parts)[title]
    cell = re.compile(rf'<c r="{coord}"([^>]*?)( t="[a-z]+")?><f[^>]*?(?:/>|>.*?</f>)'
                      r'<v>[^<]*</v></c>')
    xml, typed = cell.subn(rf'<c r="{coord}"\1><v>1500</v></c>', parts[part].decode())
    assert typed == 1, (title, coord)
    parts[part] = xml.encode()
    with zipfile.ZipFile(made, "w", zipfile.ZIP_DEFLATED) as z:
        for name, data in parts.items():
            z.writestr(name, data)
    return made


def answered(page: Any, act: Any) -> None:
    before = page.evaluate("window.deskAnswers || 0")
    act()
    page.wait_for_function(f"(window.deskAnswers || 0) > {before}", timeout=WAIT_MS)


def shoot(page: Any, name: str) -> None:
    page.evaluate("window.scrollTo(0, 0)")
    path = IMG / f"desk_{name}.png"
    page.screenshot(path=str(path), full_page=True)
    print(path)


def main() -> None:
    from playwright.sync_api import sync_playwright

    from desk.serve import launch, served

    with tempfile.TemporaryDirectory(prefix="desk-pictures-") as tmp:
        work = Path(tmp)
        site = work / "site"
        subprocess.run([sys.executable, str(REPO / "desk" / "build_site.py"), str(site)],
                       check=True, capture_output=True, cwd=REPO)

        broken = broken_ledger(work)
        with served(site) as origin, sync_playwright() as playwright:
            browser = launch(playwright)
            page = browser.new_page(viewport={"width": 390, "height": 844},
                                    device_scale_factor=2, is_mobile=True, has_touch=True,
                                    locale="ja-JP", accept_downloads=True)
            page.goto(origin)
            page.wait_for_function("window.deskLoadSeconds !== undefined", timeout=WAIT_MS)
            shoot(page, "start")
            answered(page, lambda: page.set_input_files("#import-file", str(SAMPLE)))
            shoot(page, "import")
            page.click("[data-tab=check]")
            answered(page, lambda: page.set_input_files("#check-file", str(broken)))
            shoot(page, "check")
            with page.expect_download(timeout=WAIT_MS):
                page.click("#check-repair")
            shoot(page, "repair")
            page.click("[data-tab=rate]")
            answered(page, lambda: page.set_input_files("#rate-file", str(SAMPLE)))
            shoot(page, "rate")
            page.click("[data-tab=publish]")
            answered(page, lambda: page.set_input_files("#publish-file",
                                                        str(sample_ledger(work, "公開.xlsx"))))
            shoot(page, "publish")
            page.click("[data-tab=sheets]")
            page.set_viewport_size({"width": 390, "height": 844})
            page.screenshot(path=str(IMG / "desk_sheets.png"))  # the first cards only
            print(IMG / "desk_sheets.png")
            browser.close()


if __name__ == "__main__":
    sys.path.insert(0, str(REPO))
    main()
