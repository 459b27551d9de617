"""``jass serve`` in a real browser: the system's headless Chromium, driven by Playwright, opens
the page, creates a one-round Schieber table, sits down, plays a whole game against three bots
by clicking legal cards, comes back through its seat's link after closing the tab, and checks
the final score against the game record it downloads, on a phone (390x844) and on a desktop:
the page never scrolls sideways, nothing on the felt overlaps, and every legal card takes a
click as it is (no forcing). Going out («Mer bedanked eus!») when it loses the game asks first;
a player who switches to the Swiss pack sees a Swiss hand and reads Swiss names, and the page
remembers the choice; a forged seat link and a link to no table are refused on the page with
the server's words.

It needs Chromium from the system's packages (``apt-get install chromium``; ``.ci/run``
installs it) and Playwright for Python (the ``dev`` extra); Playwright's own browser download
is not used. The screenshots of the docs (``docs/_static/serve-phone.png`` and
``serve-desktop.png``, ``serve-swiss.png``) are taken here:
``JASS_SCREENSHOTS=docs/_static python -m pytest tests/test_serve_browser.py``.
"""

from __future__ import annotations

import importlib
import json
import os
import re
import shutil
import subprocess
import urllib.request
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

#: In CI (``CI`` set, as .ci/run runs) whatever this test needs is installed: a missing piece
#: there fails the test run instead of skipping it.
IN_CI = bool(os.environ.get("CI"))


def _needed(module: str, reason: str) -> Any:
    try:
        return importlib.import_module(module)
    except ImportError:
        if IN_CI:
            pytest.fail(f"{reason}; CI installs it", pytrace=False)
        pytest.skip(reason, allow_module_level=True)


_needed("starlette", "jass serve is the optional extra jass[serve] (Starlette, uvicorn)")
sync_api = _needed("playwright.sync_api", "Playwright for Python is not installed (it is in the dev extra)")

from jass import records, schieber  # noqa: E402

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
#: Headless, and nothing that reaches out to the network or needs a sandbox (CI runs as root).
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]
ONE_ROUND = {"format": "jass/1", "type": "schieber.Rules", "target_score": None, "rounds": 1}

NO_CHROMIUM = "no Chromium on this machine: install the system package (apt-get install chromium), as .ci/run does"
if CHROMIUM is None and IN_CI:
    pytest.fail(NO_CHROMIUM, pytrace=False)
# slow: a server process and a browser, for the full check only (the quick loop leaves them out).
pytestmark = [pytest.mark.skipif(CHROMIUM is None, reason=NO_CHROMIUM), pytest.mark.slow]


@pytest.fixture
def address(tmp_path: Path) -> Iterator[str]:
    """A ``jass serve`` of its own, on a free port, whose bots barely wait. Its errors go to a
    file (a pipe nobody reads could fill up and stop the server), shown if it fails."""
    errors = tmp_path / "serve.err"
    with errors.open("w", encoding="utf-8") as error_file:
        process = subprocess.Popen(
            [sys.executable, "-m", "jass", "serve", "--port", "0", "--bot-delay", "0.02", "--db", ":memory:"],
            stdout=subprocess.PIPE, stderr=error_file, text=True,
        )
    try:
        assert process.stdout is not None
        line = process.stdout.readline()
        found = re.search(r"(http://\S+/)", line)
        assert found, f"jass serve printed {line!r}: {errors.read_text(encoding='utf-8')}"
        yield found.group(1)
    finally:
        process.terminate()
        process.communicate(timeout=20)
    logged = errors.read_text(encoding="utf-8")
    assert "Traceback" not in logged, logged  # a bot's or a socket's failure, logged by the server


@pytest.fixture
def browser() -> Iterator[Any]:
    with sync_api.sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        try:
            yield launched
        finally:
            launched.close()


#: The two screens a game is played on: a phone (an iPhone 12's CSS pixels, touch) and a desktop.
SCREENS: dict[str, dict[str, Any]] = {
    "phone": {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2, "is_mobile": True,
              "has_touch": True},
    "small phone": {"viewport": {"width": 360, "height": 740}, "device_scale_factor": 2, "is_mobile": True,
                    "has_touch": True},
    "desktop": {"viewport": {"width": 1280, "height": 800}},
}


def open_page(browser: Any, url: str, errors: list[str], screen: str = "desktop") -> Any:
    context = browser.new_context(accept_downloads=True, **SCREENS[screen])
    page = context.new_page()
    page.set_default_timeout(20_000)
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(url)
    return page


def moves_made(page: Any) -> int:
    return int(page.get_attribute("body", "data-moves-made") or -1)


#: In the page: whether it scrolls sideways, and every visible element that reaches past
#: either side of the screen.
OFF_SCREEN = """() => {
  const width = document.documentElement.clientWidth;
  const out = [];
  for (const node of document.querySelectorAll("body *")) {
    const box = node.getBoundingClientRect();
    if (box.width && box.height && (box.left < -0.5 || box.right > width + 0.5)) out.push(node.tagName + "#" + node.id + "." + node.className);
  }
  return {scrolls: document.documentElement.scrollWidth > width, out: out};
}"""
#: In the page: the pairs of things on the felt and below it whose boxes overlap.
OVERLAPS = """() => {
  const boxes = [];
  for (const node of document.querySelectorAll("#felt .seat:not(:empty), #trick, #caption, #hand, #moves, #hand .card")) {
    const box = node.getBoundingClientRect();
    if (box.width && box.height) boxes.push([node.id || node.dataset.place || node.dataset.card, node, box]);
  }
  const found = [];
  for (let i = 0; i < boxes.length; i++) for (let j = i + 1; j < boxes.length; j++) {
    const [a, nodeA, p] = boxes[i], [b, nodeB, q] = boxes[j];
    if (nodeA.contains(nodeB) || nodeB.contains(nodeA)) continue;
    if (p.left < q.right - 1 && q.left < p.right - 1 && p.top < q.bottom - 1 && q.top < p.bottom - 1) found.push(a + " / " + b);
  }
  return found;
}"""


def keep_screenshot(screenshot: Path) -> None:
    """Copy a screenshot into the folder ``JASS_SCREENSHOTS`` names, if any (made if missing)."""
    target = os.environ.get("JASS_SCREENSHOTS")
    if target:
        Path(target).mkdir(parents=True, exist_ok=True)
        shutil.copyfile(screenshot, Path(target) / screenshot.name)


def check_layout(page: Any) -> None:
    """The page fits its screen: no sideways scrolling, nothing past its edges, nothing on the
    felt over anything else."""
    layout = page.evaluate(OFF_SCREEN)
    assert not layout["scrolls"] and not layout["out"], layout
    assert page.evaluate(OVERLAPS) == []


@pytest.mark.parametrize("screen", ["phone", "desktop"])
def test_a_whole_schieber_game_in_the_browser(address: str, browser: Any, tmp_path: Path, screen: str) -> None:
    errors: list[str] = []
    page = open_page(browser, address, errors, screen)
    touch = screen == "phone"

    def press(target: Any) -> None:  # as a person would: a finger on a phone, a mouse elsewhere
        if touch:
            target.tap()
        else:
            target.click()

    # A new table: one round of Schieber, its rules written as JSON in the page's form.
    page.wait_for_selector("#variant option", state="attached")
    check_layout(page)
    page.select_option("#variant", "schieber")
    press(page.locator("#lobby summary"))
    page.fill("#rules", json.dumps(ONE_ROUND))
    press(page.locator("#create-table"))
    page.wait_for_selector(".sit")
    table_link = page.url
    page.fill("#name", "Anna")
    press(page.locator('.sit[data-seat="0"]'))
    page.wait_for_selector("#start:not([hidden])")
    check_layout(page)
    own_link = page.input_value("#mine")
    assert own_link.startswith(table_link + "#seat=0&token=")
    press(page.locator("#start"))

    clicks = 0
    screenshot = tmp_path / f"serve-{screen}.png"
    while True:
        page.wait_for_selector("#hand img.legal, #moves button, #result:not([hidden])")
        if page.is_visible("#result"):
            break
        made = moves_made(page)
        legal = page.locator("#hand img.legal")
        if legal.count():
            dim = page.locator("#hand img.dim").count()
            assert legal.count() + dim == page.locator("#hand img").count()
            check_layout(page)
            for index in range(legal.count()):  # every legal card takes a click as it is
                legal.nth(index).click(trial=True)
            live = page.locator("#trick img:not(.taken)").count()
            if not screenshot.exists() and clicks >= 3 and (live >= 2 or clicks >= 6):
                page.screenshot(path=str(screenshot))
            card = legal.first.get_attribute("data-card")
            press(legal.first)
            clicks += 1
            page.wait_for_selector(f'#hand img[data-card="{card}"]', state="detached")
        else:  # the trump: the first choice offered
            press(page.locator("#moves button").first)
        page.wait_for_function("n => Number(document.body.dataset.movesMade) > n", arg=made)
        if clicks == 3 and not page.is_visible("#previous"):
            # The previous trick on request, then the tab closed and opened again from the
            # seat's link: the game goes on where it stood.
            press(page.locator("#last-trick"))
            assert page.locator("#previous img.card").count() == 4
            page.context.close()
            page = open_page(browser, own_link, errors, screen)
            page.wait_for_selector("#game:not([hidden])")
            assert page.locator("#hand img").count() == 6
            press(page.locator("#last-trick"))

    check_layout(page)
    assert clicks == 9 and screenshot.exists() and screenshot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    # The log and the slate name cards by their symbols, never by their codes.
    log = page.inner_text("#log")
    assert "play ♥" in log or "play ♣" in log or "play ♠" in log or "play ♦" in log
    assert not re.search(r"\b[CSHD](?:10|[6-9JQKA])\b", log + page.inner_text("#slate")), log
    assert page.inner_text("#round").endswith(("counts ×1", "counts ×2", "counts ×3", "counts ×4"))
    standings = [int(points) for points in (page.get_attribute("[data-standings]", "data-standings") or "").split()]
    with page.expect_download() as download:
        press(page.locator("#record"))
    record = records.read_record(Path(download.value.path()).read_text(encoding="utf-8"))
    final = records.final_state(record)
    assert schieber.is_over(final) and record.rules == schieber.Rules(target_score=None, rounds=1)
    assert standings == list(final.scores) == record.result["scores"]  # type: ignore[index]
    assert sum(final.scores) >= 157
    states = list(records.replay(record))
    played = [move for state, move in zip(states, record.moves)
              if schieber.to_act(state) == 0 and isinstance(move, schieber.PlayCard)]
    assert len(played) == 9
    assert page.inner_text("#status") == "game over"
    assert not errors, errors
    keep_screenshot(screenshot)


def test_going_out_when_it_loses_asks_first(address: str, browser: Any) -> None:
    """Schieber to 3000 by claim (the defaults): going out («Mer bedanked eus!») is offered to
    the winner of a trick before the next, and far from 3000 points it loses the game at once,
    so the page asks before it sends it."""
    errors: list[str] = []
    page = open_page(browser, address, errors, "small phone")
    page.wait_for_selector("#variant option", state="attached")
    page.select_option("#variant", "schieber")
    page.click("#create-table")
    page.wait_for_selector(".sit")
    page.click('.sit[data-seat="0"]')
    page.wait_for_selector("#start:not([hidden])")
    page.click("#start")
    for _ in range(300):  # play on (the first legal card, the first choice) until seat 0 leads a trick
        page.wait_for_selector("#hand img.legal, #moves button")
        if page.locator("#moves button.loses").count():
            break
        made = moves_made(page)
        legal = page.locator("#hand img.legal")
        check_layout(page)
        (legal.first if legal.count() else page.locator("#moves button").first).tap()
        page.wait_for_function("n => Number(document.body.dataset.movesMade) > n", arg=made)
    made = moves_made(page)
    page.locator("#moves button.loses").tap()
    page.wait_for_selector("#confirm:not([hidden])")
    assert page.inner_text("#confirm-text") == "go out «Mer bedanked eus!» loses the game at once."
    check_layout(page)
    page.locator("#confirm-no").tap()
    assert page.is_hidden("#confirm")
    page.wait_for_timeout(300)
    assert moves_made(page) == made  # nothing was sent: the game goes on
    page.locator("#moves button.loses").tap()
    page.locator("#confirm-yes").tap()
    page.wait_for_selector("#result:not([hidden])")  # made anyway: the claim lost the game
    assert "Game over" in page.inner_text("#result")
    assert not errors, errors


#: The Swiss names of the suits and ranks (a Swiss-suited pack: Schellen, Schilten, Rosen,
#: Eicheln; Banner, Under, Ober, König, Ass), as a player reads them.
SWISS_CARD = re.compile(r"(Eicheln|Rosen|Schilten|Schellen) (6|7|8|9|Banner|Under|Ober|König|Ass)")


def test_a_swiss_hand_at_a_swisslos_table(address: str, browser: Any, tmp_path: Path) -> None:
    """Issue 28 in jass serve: at a Swisslos table on a phone, the player switches to the Swiss
    pack: the hand is drawn Swiss-suited (the library's pictures, every one loaded), the cards'
    names, the moves and the log are Swiss names with no French symbol and no code; the page
    remembers the pack after a reload; switched back, a French card is drawn with Swisslos'
    symbols (Schilten is ♠, «Schilten/Schaufel»)."""
    errors: list[str] = []
    page = open_page(browser, address, errors, "phone")
    page.wait_for_selector("#variant option", state="attached")
    page.select_option("#variant", "schieber")
    page.select_option("#preset", "swisslos")
    page.tap("#create-table")
    page.wait_for_selector(".sit")
    page.tap('.sit[data-seat="0"]')
    page.wait_for_selector("#start:not([hidden])")
    page.select_option("#deck", "swiss")
    page.tap("#start")
    for _ in range(40):  # the trump, if it falls to seat 0, then the first card of seat 0
        page.wait_for_selector("#hand img.legal, #moves button")
        if page.locator("#hand img.legal").count():
            break
        made = moves_made(page)
        button = page.locator("#moves button").first
        assert SWISS_CARD.search(button.inner_text()) or not re.search("[♣♠♥♦]", button.inner_text())
        button.tap()
        page.wait_for_function("n => Number(document.body.dataset.movesMade) > n", arg=made)
    page.wait_for_function("() => [...document.querySelectorAll('#hand img')].every((img) => img.alt)")
    hand = page.locator("#hand img")
    assert hand.count() == 9
    for index in range(hand.count()):
        img = hand.nth(index)
        assert "/cards/swiss/swisslos/" in (img.get_attribute("src") or "")
        assert SWISS_CARD.fullmatch(img.get_attribute("alt") or ""), img.get_attribute("alt")
        assert img.evaluate("img => img.complete && img.naturalWidth > 0")
    check_layout(page)
    page.wait_for_function("() => document.querySelector('#log').innerText.includes('sits down')")
    shown = page.inner_text("#log") + page.inner_text("#slate") + page.inner_text("#moves")
    assert not re.search(r"[♣♠♥♦]|\b[CSHD](?:10|[6-9JQKA])\b", shown), shown
    screenshot = tmp_path / "serve-swiss.png"
    page.screenshot(path=str(screenshot))
    page.reload()  # remembered in this browser
    page.wait_for_selector("#hand img.legal")
    assert page.input_value("#deck") == "swiss"
    assert "/cards/swiss/" in (page.locator("#hand img").first.get_attribute("src") or "")
    page.select_option("#deck", "french")
    page.wait_for_function("() => document.querySelector('#hand img').src.includes('/cards/french/swisslos/')")
    page.wait_for_function("() => /[♣♠♥♦]/.test(document.querySelector('#hand img').alt)")
    schilten = page.locator('#hand img[data-card^="H"]')
    for index in range(schilten.count()):
        assert (schilten.nth(index).get_attribute("alt") or "").startswith("♠")
    assert not errors, errors
    keep_screenshot(screenshot)


def test_a_link_to_no_table_says_so(address: str, browser: Any) -> None:
    errors: list[str] = []
    page = open_page(browser, address + "t/no-such-table", errors)
    page.wait_for_selector("#message:not([hidden])")
    assert page.inner_text("#message") == "there is no such table (it may have ended long ago)"
    assert page.inner_text("#status") == "no table here: start a new one"
    assert not errors, errors


def test_a_forged_seat_link_is_refused_and_the_page_watches_instead(address: str, browser: Any) -> None:
    """A link with a token that is not the seat's: the page says so, forgets the token and
    shows the table as a spectator sees it."""
    request = urllib.request.Request(
        address + "api/tables", data=json.dumps({"variant": "schieber", "preset": "swisslos"}).encode(),
        headers={"content-type": "application/json"}, method="POST",
    )
    with urllib.request.urlopen(request, timeout=20) as response:
        table = json.load(response)["table"]
    owner = browser.new_page()
    owner.goto(f"{address}t/{table}")
    owner.wait_for_selector(".sit")
    owner.click('.sit[data-seat="0"]')
    owner.wait_for_selector("#start:not([hidden])")
    errors: list[str] = []
    page = open_page(browser, f"{address}t/{table}#seat=0&token=forged", errors)
    page.wait_for_selector("#message:not([hidden])")
    assert page.inner_text("#message") == "that is not the token of seat 0"
    page.wait_for_selector("#seating:not([hidden])")
    assert page.is_hidden("#own-link") and "token" not in page.url
    assert page.is_hidden("#start")  # only a seated person starts the game
    assert not errors, errors
