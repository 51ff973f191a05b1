"""A built site served on this machine only, and Debian's Chromium to open it, for the
tests, the benchmark and the pictures (a person uses ``scripts/serve-site.sh``)."""

from __future__ import annotations

import functools
import http.server
import os
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any


class _Quiet(http.server.SimpleHTTPRequestHandler):
    """No line per request, and no complaint when the browser stops reading a download."""

    def log_message(self, *_: Any) -> None:
        pass

    def handle(self) -> None:
        try:
            super().handle()
        except (ConnectionResetError, BrokenPipeError):
            pass


@contextmanager
def served(site: Path) -> Iterator[str]:
    """The site's address (``http://127.0.0.1:PORT/``, a free port) while in the block."""
    server = http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(_Quiet, directory=str(site)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_port}/"
    finally:
        server.shutdown()


CHROMIUM = "/usr/bin/chromium"
"""Debian's browser: Playwright's own download is not reachable here."""


def launch(playwright: Any) -> Any:
    """Headless Chromium under a UTF-8 locale: under another, a download or a picked file
    loses the Japanese characters of its name (台帳.xlsx arrived without its name)."""
    return playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"],
                                      env={**os.environ, "LC_ALL": "C.UTF-8"})
