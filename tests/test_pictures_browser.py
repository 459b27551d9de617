"""The Swiss-suited cards in a real browser: the system's headless Chromium, driven by
Playwright (as ``tests/test_serve_browser.py``), draws a Swiss hand and the whole Swiss pack;
every card is laid out at its size, its symbols are drawn inside it, and the picture is in
colour. ``JASS_SWISS_SCREENSHOT=docs/_static/swiss-hand.png python -m pytest
tests/test_pictures_browser.py`` writes the picture the docs show.
"""

from __future__ import annotations

import importlib
import os
import shutil
import struct
import zlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from jass import CardSet
from jass.pictures import CARD_HEIGHT, CARD_WIDTH, hand_svg

#: In CI every piece this test needs is installed: a missing one fails the run.
IN_CI = bool(os.environ.get("CI"))
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"]

try:
    sync_api: Any = importlib.import_module("playwright.sync_api")
except ImportError:  # pragma: no cover - the dev extra installs it
    if IN_CI:
        pytest.fail("Playwright for Python is not installed; CI installs it", pytrace=False)
    pytest.skip("Playwright for Python is not installed (it is in the dev extra)", allow_module_level=True)
if CHROMIUM is None and IN_CI:
    pytest.fail("no Chromium: install the system package, as .ci/run does", pytrace=False)
pytestmark = [pytest.mark.skipif(CHROMIUM is None, reason="no Chromium on this machine"), pytest.mark.slow]

#: A Schieber hand of every kind of card: numerals, the Banner, Under, Ober, König, Ass.
HAND = CardSet.parse("C6 C9 SQ SA H10 HJ D7 D8 DK")
ZOOM = 3


@pytest.fixture(scope="module")
def page() -> Iterator[Any]:
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        try:
            yield browser.new_page(viewport={"width": 1400, "height": 500})
        finally:
            browser.close()


def _colours(png: bytes) -> int:
    """How many different colours the PNG ``png`` shows (8-bit RGB or RGBA, as Chromium writes)."""
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    width, height, depth, kind = struct.unpack(">IIBB", png[16:26])
    data = b""
    position = 8
    while position < len(png):
        length = struct.unpack(">I", png[position:position + 4])[0]
        if png[position + 4:position + 8] == b"IDAT":
            data += png[position + 8:position + 8 + length]
        position += 12 + length
    raw = zlib.decompress(data)
    channels = {2: 3, 6: 4}[kind]
    assert depth == 8
    stride = width * channels + 1
    # The filter bytes aside, count raw samples of a few rows (enough to tell colour from grey).
    seen: set[bytes] = set()
    for row in range(0, height, max(1, height // 40)):
        line = raw[row * stride + 1:(row + 1) * stride]
        seen.update(line[i:i + 3] for i in range(0, len(line) - 2, channels * 7))
    return len(seen)


def test_a_swiss_hand_is_drawn_in_the_browser(page: Any, tmp_path: Path) -> None:
    svg = hand_svg(HAND, deck="swiss")
    page.set_content(f"<html><body style='margin:8px;background:#2f6b45;zoom:{ZOOM}'>{svg}</body></html>")
    cards = page.locator("g.card")
    assert cards.count() == len(HAND)
    for i, card in enumerate(HAND):
        element = cards.nth(i)
        assert element.get_attribute("data-card") == card.code
        box = element.bounding_box()
        assert box is not None
        # The frame's stroke reaches half a unit out on each side.
        assert abs(box["width"] - CARD_WIDTH * ZOOM) <= ZOOM and abs(box["height"] - CARD_HEIGHT * ZOOM) <= ZOOM
        for pip in element.locator("g.pip").all():  # every symbol inside its card
            inner = pip.bounding_box()
            assert inner is not None and box["x"] <= inner["x"] and inner["x"] + inner["width"] <= box["x"] + box["width"]
            assert box["y"] <= inner["y"] and inner["y"] + inner["height"] <= box["y"] + box["height"]
    assert page.locator("g.card[data-card='SQ'] text.word").text_content() == "OBER"
    shot = tmp_path / "swiss-hand.png"
    page.locator("svg").screenshot(path=str(shot))
    assert _colours(shot.read_bytes()) > 12  # gold, red, green, blue, skin...: a picture, not a blank
    target = os.environ.get("JASS_SWISS_SCREENSHOT")
    if target:
        shutil.copyfile(shot, target)


def test_the_whole_swiss_pack_lays_out(page: Any) -> None:
    rows = "".join(hand_svg(CardSet.parse(" ".join(f"{suit}{rank}" for rank in
                                                   ("6", "7", "8", "9", "10", "J", "Q", "K", "A"))), deck="swiss")
                   for suit in "CSHD")
    page.set_content(f"<html><body>{rows}</body></html>")
    assert page.locator("g.card").count() == 36
    assert page.locator("g.pip").count() == 4 * (6 + 7 + 8 + 9 + 1 + 2 + 2 + 2 + 2)
