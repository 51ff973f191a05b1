"""Pictures need a Japanese font: without one LibreOffice draws every Japanese word as
empty boxes, so ``render`` refuses, and the install script installs fonts-noto-cjk
whenever ``fc-list :lang=ja`` lists none.

A machine without a Japanese font is made by pointing fontconfig at an empty
configuration (``FONTCONFIG_FILE``): fc-list then knows no font at all.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest
from click.testing import CliRunner

from workbook_builder.cli import main
from workbook_builder.messages import TABLE
from workbook_builder.preview import japanese_fonts

ROOT = Path(__file__).parent.parent
EMPTY_CONFIG = ('<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "fonts.dtd">\n'
                "<fontconfig></fontconfig>\n")


@pytest.fixture
def no_fonts(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    config = tmp_path / "fonts.conf"
    config.write_text(EMPTY_CONFIG, "utf-8")
    monkeypatch.setenv("FONTCONFIG_FILE", str(config))
    return config


def test_this_machine_has_a_japanese_font() -> None:
    """scripts/install-libreoffice.sh (run by scripts/test.sh) installs one."""
    assert japanese_fonts() is True


def test_no_japanese_font_is_seen(no_fonts: Path) -> None:
    assert japanese_fonts() is False


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_render_refuses_without_a_japanese_font(no_fonts: Path, tmp_path: Path,
                                                lang: str) -> None:
    out = tmp_path / "img"
    result = CliRunner().invoke(main, ["--lang", lang, "render", "--out", str(out),
                                       str(ROOT / "templates" / "tokin_ja.toml")])
    assert result.exit_code == 1
    assert TABLE["render.no_cjk_font"][["ja", "en"].index(lang)] in result.output
    assert not out.exists() or not any(out.iterdir())


def test_render_warns_when_it_cannot_check(tmp_path: Path,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    """No fc-list (and so, here, no LibreOffice either): a warning, then render's own
    refusal for the missing LibreOffice."""
    monkeypatch.setenv("PATH", str(tmp_path))
    assert japanese_fonts() is None
    result = CliRunner().invoke(main, ["--lang", "en", "render", "--out", str(tmp_path / "img"),
                                       str(ROOT / "templates" / "tokin_en.toml")])
    assert TABLE["render.cjk_unchecked"][1] in result.output
    assert result.exit_code == 1


def fake_tools(folder: Path, fc_list: str | None) -> Path:
    """A PATH of stand-ins: every program the install script looks for, an fc-list that
    prints ``fc_list`` (none if None), and an apt-get that writes down its arguments."""
    folder.mkdir()
    for name in ("soffice", "pdftoppm", "pdftotext", "ssconvert"):
        (folder / name).write_text("#!/bin/sh\n", "utf-8")
    if fc_list is not None:
        (folder / "fc-list").write_text(f"#!/bin/sh\nprintf '%s' '{fc_list}'\n", "utf-8")
    record = folder / "apt-get.log"
    for name in ("apt-get", "sudo"):
        (folder / name).write_text(
            f'#!/bin/sh\n[ "$1" = apt-get ] && shift; [ "$1" = apt-get ] || '
            f'echo "$@" >> {record}\n', "utf-8")
    for tool in folder.iterdir():
        tool.chmod(0o755)
    os.symlink(shutil.which("id") or "/usr/bin/id", folder / "id")
    return record


@pytest.mark.parametrize(("fc_list", "wanted"), [
    ("", ["fonts-noto-cjk"]),
    (None, ["fontconfig", "fonts-noto-cjk"]),
    ("Noto Sans CJK JP\n", []),
])
def test_install_script_installs_a_japanese_font_when_missing(
        tmp_path: Path, fc_list: str | None, wanted: list[str]) -> None:
    record = fake_tools(tmp_path / "bin", fc_list)
    subprocess.run(["/bin/bash", str(ROOT / "scripts" / "install-libreoffice.sh")],
                   env={"PATH": str(tmp_path / "bin")}, check=True, timeout=60)
    installed = record.read_text("utf-8").split() if record.exists() else []
    for package in ("fontconfig", "fonts-noto-cjk"):
        assert (package in installed) == (package in wanted), installed
