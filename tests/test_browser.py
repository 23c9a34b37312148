"""The phone page in a real headless Chromium (Debian's `chromium`), on a 390×844 screen.

Playwright drives the system's browser (``executable_path``); no browser is downloaded. Without
Chromium or Playwright the tests skip and say why (`.ci/run` installs Chromium when it can).
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from referee.store import open_store

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


class Served:
    """``referee serve`` in a process of its own on a free port, with its store in ``data``."""

    def __init__(self, data: Path) -> None:
        self.data = data
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            self.port = probe.getsockname()[1]
        self.process: subprocess.Popen[bytes] | None = None
        self.start()
        self.code = open_store(data).tonight().code

    @property
    def address(self) -> str:
        return f"http://127.0.0.1:{self.port}/{self.code}"

    def start(self) -> None:
        serve = ["serve", "--port", str(self.port), "--data", str(self.data)]
        command = [sys.executable, "-c", "from referee.cli import main; main()", *serve]
        self.process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        deadline = time.monotonic() + 30
        while True:
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=1):
                    return
            except OSError:
                if time.monotonic() > deadline or self.process.poll() is not None:
                    pytest.fail("referee serve did not start")
                time.sleep(0.1)

    def stop(self) -> None:
        if self.process is not None:
            self.process.terminate()
            self.process.wait(15)
            self.process = None

    def restart(self) -> None:
        self.stop()
        self.start()


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    server = Served(tmp_path_factory.mktemp("data"))
    yield server
    server.stop()


@pytest.fixture
def address(served: Served) -> str:
    return served.address


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with sync_api.sync_playwright() as playwright:
        try:
            chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        except Exception as error:  # a Chromium that cannot start here: say so, don't fail
            pytest.skip(f"Chromium at {CHROMIUM} does not start: {error}")
        yield chromium
        chromium.close()


def phone(browser: Any) -> Any:
    """A new phone: a browser context of its own (its own cookies), 390×844."""
    context = browser.new_context(viewport=PHONE, device_scale_factor=3, is_mobile=True, has_touch=True)
    context.set_default_timeout(15_000)
    return context


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    context = phone(browser)
    yield context.new_page()
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
    assert page.inner_text(".stage").startswith("Hand 1 · the draw")
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
    assert "chekcs is not an action" in problems
    assert "did you mean Ann checks?" in problems
    assert "`" not in problems  # the quoted words are shown as code, not between raw backticks
    no_sideways_scroll(page)


def test_a_name_with_a_script_is_shown_as_text(page: Any, address: str) -> None:
    alerts: list[str] = []
    page.on("dialog", lambda dialog: (alerts.append(dialog.message), dialog.dismiss()))
    page.goto(address + "/")
    page.fill("#seats", "Ann, <script>alert(1)</script>, <img src=x onerror=alert(2)>")
    tap(page, "Start the hand")
    hand = page.url
    assert "<script>alert(1)</script>" in page.inner_text(".players")
    tap(page, "antes")
    tap(page, "deal")
    page.fill("#line", 'Ann says "<img src=y onerror=alert(3)><b>bold</b>"')
    with page.expect_navigation():
        page.press("#line", "Enter")
    assert "<img src=y onerror=alert(3)><b>bold</b>" in page.inner_text(".log")
    page.fill("#line", 'Ann says "<svg onload=alert(4)>')  # refused (no closing quote): shown back as text
    with page.expect_navigation():
        page.press("#line", "Enter")
    assert page.input_value("#line") == 'Ann says "<svg onload=alert(4)>'
    for path in ("/ruling", ".log"):  # the verdict, every rulebook's table, the log as text
        page.goto(hand + path)
        assert "<script>alert(1)</script>" in page.inner_text("body")
    page.goto(hand.rsplit("/hands/", 1)[0] + "/")  # tonight's hands list the names too
    assert "<script>alert(1)</script>" in page.inner_text("#tonight")
    assert page.locator("b, script:not([src])").count() == 0
    assert alerts == []


def start_hand(page: Any, address: str, seats: str = "Ann, Bob, Cy, Dee") -> str:
    page.goto(address + "/")
    page.fill("#seats", seats)
    page.fill("#ante", "1")
    page.fill("#limit", "2/4")
    tap(page, "Start the hand")
    return str(page.url)


def log_lines(page: Any) -> list[str]:
    return [str(text) for text in page.locator(".log li code").all_inner_texts()]


def test_a_hand_survives_back_reload_and_a_server_restart(page: Any, served: Served) -> None:
    hand = start_hand(page, served.address)
    tap(page, "antes")
    tap(page, "deal")
    tap(page, "check")
    assert log_lines(page)[-3:] == ["antes", "deal", "Ann checks"]
    page.go_back()  # a POST answered by a redirect: Back shows the hand, never "Confirm Form Resubmission"
    assert page.url.startswith(hand) and log_lines(page)[-3:] == ["antes", "deal", "Ann checks"]
    page.reload()
    assert log_lines(page)[-3:] == ["antes", "deal", "Ann checks"]
    served.restart()
    page.goto(hand)
    assert log_lines(page)[-3:] == ["antes", "deal", "Ann checks"]
    assert page.inner_text("#turn") == "Bob to act"
    tap(page, "check")  # and it goes on where it was
    assert log_lines(page)[-1] == "Bob checks"


def test_two_phones_on_one_hand_see_each_others_lines_within_a_second(browser: Any, address: str) -> None:
    from playwright.sync_api import expect

    ann, bob = phone(browser), phone(browser)
    try:
        first, second = ann.new_page(), bob.new_page()
        hand = start_hand(first, address)
        second.goto(hand)
        second.wait_for_timeout(300)  # its live stream is open
        tap(first, "antes")
        expect(second.locator(".log")).to_contain_text("antes", timeout=1000)
        tap(second, "deal")
        expect(first.locator(".log")).to_contain_text("deal", timeout=1000)
        expect(first.locator("#turn")).to_have_text("Ann to act", timeout=1000)
        # The second phone's form now carries the new version: its next line goes in, none is lost.
        tap(first, "check")
        expect(second.locator("#turn")).to_have_text("Bob to act", timeout=1000)
        tap(second, "check")
        assert log_lines(second)[-4:] == ["antes", "deal", "Ann checks", "Bob checks"]
    finally:
        ann.close()
        bob.close()


def test_seven_players_fit_a_phone_without_sideways_scroll(page: Any, address: str) -> None:
    seven = "Scarne, Bob, Charlotte, Dee, Evangeline, Fay, Gus"
    hand = start_hand(page, address, seven)
    no_sideways_scroll(page)
    tap(page, "antes")
    tap(page, "deal")
    page.locator("details.irregular summary").tap()
    no_sideways_scroll(page)
    page.goto(hand + "/ruling")
    no_sideways_scroll(page)
    names = page.locator(".stacked dt").all_inner_texts()
    assert "Charlotte" in names and "Evangeline" in names  # names whole, not broken mid-word
    page.goto(page.url.rsplit("/hands/", 1)[0] + "/nights/1")
    no_sideways_scroll(page)


def test_the_card_picker_enters_a_show(page: Any, address: str) -> None:
    start_hand(page, address, "Ann, Bob")
    for label in ("antes", "deal", "bet 2", "call 2", "the draw", "stand pat", "stand pat", "check", "check",
                  "showdown"):  # fmt: skip
        tap(page, label)
    with page.expect_navigation():
        page.get_by_role("button", name="Ann shows").first.tap()
    picker = page.locator("#picker")
    assert picker.is_visible()
    for card in ("As", "Ad", "Ac", "7h", "2d"):
        picker.locator(f'[data-card="{card}"]').tap()
    assert page.input_value("#line") == "Ann shows As Ad Ac 7h 2d "
    no_sideways_scroll(page)
    tap(page, "Enter")
    assert log_lines(page)[-1] == "Ann shows As Ad Ac 7h 2d"
    assert "A♠ A♦ A♣ 7♥ 2♦" in page.inner_text(".players")


def test_a_wrong_table_code_gets_404(page: Any, served: Served) -> None:
    wrong = served.address.replace(served.code, "x" * len(served.code))
    for path in ("/", "/hands/1", "/nights/1"):
        answer = page.goto(wrong + path)
        assert answer is not None and answer.status == 404
        assert page.inner_text("body") == "Not Found"
    answer = page.goto(f"http://127.0.0.1:{served.port}/")
    assert answer is not None and answer.status == 404
