"""The phone page in a real headless Chromium (Debian's `chromium`), on a 390×844 screen.

Playwright drives the system's browser (``executable_path``); no browser is downloaded. Without
Chromium or Playwright the tests skip and say why (`.ci/run` installs Chromium when it can).
"""

from __future__ import annotations

import os
import shutil
import socket
import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest

pytest.importorskip("uvicorn", reason="the page needs the web extra: pip install 'referee[web]'")
sync_api = pytest.importorskip(
    "playwright.sync_api", reason="the browser tests need Playwright: pip install playwright"
)

CHROMIUM = os.environ.get("REFEREE_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]  # fmt: skip
PHONE = {"width": 390, "height": 844}

pytestmark = pytest.mark.skipif(
    not os.path.exists(CHROMIUM), reason=f"no Chromium at {CHROMIUM} (apt-get install chromium)"
)


@pytest.fixture(scope="module")
def address() -> Iterator[str]:
    """A real server (uvicorn) on a free port of this computer, for the module's tests."""
    import uvicorn

    from referee.web.app import create_app

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(create_app(), host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started:
        if time.monotonic() > deadline or not thread.is_alive():
            pytest.fail("the server did not start")
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    server.should_exit = True
    thread.join(timeout=10)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with sync_api.sync_playwright() as playwright:
        try:
            chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        except Exception as error:  # a Chromium that cannot start here: say so, don't fail
            pytest.skip(f"Chromium at {CHROMIUM} does not start: {error}")
        yield chromium
        chromium.close()


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    context = browser.new_context(viewport=PHONE, device_scale_factor=3, is_mobile=True, has_touch=True)
    page = context.new_page()
    page.set_default_timeout(15_000)
    yield page
    context.close()


def no_sideways_scroll(page: Any) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"the page is {width} px wide on a {PHONE['width']} px screen"


def tap(page: Any, label: str) -> None:
    """Tap a button and wait for the page it brings."""
    with page.expect_navigation():
        page.get_by_role("button", name=label, exact=True).first.tap()


def test_a_hand_with_a_bet_out_of_turn_tapped_through_on_a_phone(page: Any, address: str) -> None:
    page.goto(address + "/")
    no_sideways_scroll(page)
    page.fill("#seats", "Ann, Bob, Cy, Dee")
    page.select_option("#rulebook", "scarne")
    page.fill("#ante", "1")
    page.fill("#limit", "2/4")
    tap(page, "Start the hand")
    tap(page, "antes")
    tap(page, "deal")
    assert page.inner_text("#turn") == "Ann to act"
    tap(page, "check")
    assert page.inner_text("#turn") == "Bob to act"
    # Dee bets before Bob has acted: typed in the field, entered with the keyboard's Enter.
    page.fill("#line", "Dee bets 2")
    with page.expect_navigation():
        page.press("#line", "Enter")
    rulings = page.inner_text(".rulings-so-far")
    assert "out-of-turn" in rulings and "Dee bets 2" in rulings
    assert page.inner_text("#turn") == "Bob to act"
    no_sideways_scroll(page)
    for _ in range(8):  # everyone calls or checks round to the draw, as the page offers
        if page.inner_text("#turn") == "Next: the draw":
            break
        label = "call 2" if page.get_by_role("button", name="call 2", exact=True).count() else "check"
        tap(page, label)
    assert page.inner_text("#turn") == "Next: the draw"
    tap(page, "the draw")
    assert page.inner_text(".stage").startswith("the draw")
    tap(page, "Rule it")
    verdict = page.locator("#verdict")
    assert verdict.is_visible()
    assert "Ruled by Scarne" in verdict.inner_text()
    assert "The bet stands on line 10" in verdict.inner_text()
    compare = page.inner_text("#compare")
    for book in ("bicycle", "casino", "pagat", "parlour"):
        assert book in compare
    no_sideways_scroll(page)


def test_a_pasted_log_with_a_typo_shows_the_message(page: Any, address: str) -> None:
    page.goto(address + "/")
    page.fill("#paste", "seats: Ann, Bob, Cy\ndealer: Cy\nante: 1\nlimit: 2/4\nantes\ndeal\nAnn chekcs\n")
    tap(page, "Rule this log")
    problems = page.inner_text("#problems")
    assert "line 7" in problems
    assert "`chekcs` is not an action" in problems
    assert "did you mean `checks`?" in problems
    no_sideways_scroll(page)


def test_a_name_with_a_script_is_shown_as_text(page: Any, address: str) -> None:
    alerts: list[str] = []
    page.on("dialog", lambda dialog: (alerts.append(dialog.message), dialog.dismiss()))
    page.goto(address + "/")
    page.fill("#seats", "Ann, <script>alert(1)</script>, <img src=x onerror=alert(2)>")
    tap(page, "Start the hand")
    assert "<script>alert(1)</script>" in page.inner_text(".players")
    assert alerts == []
