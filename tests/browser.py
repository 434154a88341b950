"""A real headless browser for the tests of the instructors' pages (Debian's chromium).

The tests that need it skip where it is missing (as bubblewrap's do); ``.ci/run``
installs it where it can."""
from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from html.parser import HTMLParser
from pathlib import Path

NAMES = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")


def find() -> str | None:
    return next((found for name in NAMES if (found := shutil.which(name))), None)


def _run(page: Path, *flags: str, timeout: float = 120) -> subprocess.CompletedProcess:
    browser = find()
    assert browser, "no headless browser"
    with tempfile.TemporaryDirectory() as profile:
        return subprocess.run(
            [browser, "--headless", "--disable-gpu", "--no-first-run", "--disable-extensions",
             "--disable-background-networking", f"--user-data-dir={profile}",
             *(["--no-sandbox"] if os.geteuid() == 0 else []), *flags, page.resolve().as_uri()],
            capture_output=True, text=True, timeout=timeout)


def dump_dom(page: Path) -> str:
    """The page's DOM after the browser has parsed and laid it out."""
    done = _run(page, "--dump-dom")
    assert done.returncode == 0 and "<html" in done.stdout, done.stderr[-2000:]
    return done.stdout


def screenshot(page: Path, png: Path, width: int = 390, height: int = 2400) -> Path:
    done = _run(page, f"--screenshot={png}", f"--window-size={width},{height}",
                "--hide-scrollbars")
    assert done.returncode == 0 and png.exists(), done.stderr[-2000:]
    return png


class _Keyed(HTMLParser):
    """The text of every element with a ``data-key`` attribute."""

    def __init__(self):
        super().__init__()
        self.found: dict[str, str] = {}
        self._open: list[tuple[str, str | None]] = []

    def handle_starttag(self, tag, attrs):
        key = dict(attrs).get("data-key")
        self._open.append((tag, key))
        if key is not None:
            self.found[key] = ""

    def handle_endtag(self, tag):
        while self._open:
            open_tag, _key = self._open.pop()
            if open_tag == tag:
                break

    def handle_data(self, data):
        for _tag, key in self._open:
            if key is not None:
                self.found[key] += data


def keyed_numbers(dom: str) -> dict[str, str]:
    parser = _Keyed()
    parser.feed(dom)
    return {k: v.strip() for k, v in parser.found.items()}


def png_size(png: Path) -> tuple[int, int]:
    data = png.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")


def pixels_of(png: Path, rgb: tuple[int, int, int], box=None) -> int:
    """How many pixels of ``png`` (inside ``box``: left, top, right, bottom) are exactly
    ``rgb``: a flat background colour, such as the marks of shared code, is drawn exact."""
    from PIL import Image  # matplotlib's dependency (the plot extra the tests install)

    with Image.open(png) as image:
        region = image.convert("RGB").crop(box) if box else image.convert("RGB")
        return sum(count for count, colour in region.getcolors(region.width * region.height)
                   if colour == rgb)
