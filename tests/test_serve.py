"""`referee serve`: the page for phones, driven through Starlette's test client."""

from __future__ import annotations

import html
import importlib.util
import os
import re
from pathlib import Path

import pytest

pytest.importorskip("starlette", reason="the page needs the web extra: pip install 'referee[web]'")
pytest.importorskip("jinja2", reason="the page needs the web extra: pip install 'referee[web]'")
if importlib.util.find_spec("httpx2") is None and importlib.util.find_spec("httpx") is None:
    pytest.skip("Starlette's test client needs httpx2 (the test extra installs it)", allow_module_level=True)

from starlette.testclient import TestClient
from typer.testing import CliRunner

from referee.cli import app as cli_app
from referee.commands.table import addresses
from referee.table.shelf import Shelf
from referee.web.app import MAX_BODY_BYTES, create_app

SETUP = {"seats": "Ann, Bob, Cy, Dee", "dealer": "", "game": "draw", "rulebook": "scarne", "ante": "1",
         "limit": "2/4"}  # fmt: skip
HAND = ["antes", "deal", "Ann checks", "Dee bets 2", "Bob calls", "Cy folds", "Dee calls", "Ann folds",
        "draw", "Bob draws 1", "Dee draws 2", "Dee checks", "Bob checks", "showdown",
        "Bob shows As Ad Ac 7h 2d", "Dee shows Ks Kd 9c 8h 3d"]  # fmt: skip


@pytest.fixture
def client() -> TestClient:
    return TestClient(create_app())


def log_of(page: str) -> str:
    found = re.search(r'name="log" value="([^"]*)"', page)
    assert found, page
    return html.unescape(found.group(1))


def messages(page: str) -> list[str]:
    return [html.unescape(m) for m in re.findall(r'class="(?:message|hint)">(.*?)</p>', page, re.S)]


def tap_through(client: TestClient, lines: list[str], setup: dict[str, str] = SETUP) -> str:
    page = client.post("/start", data=setup)
    assert page.status_code == 200, page.text
    log = log_of(page.text)
    for line in lines:
        page = client.post("/add", data={"log": log, "move": line})
        assert page.status_code == 200, (line, messages(page.text))
        log = log_of(page.text)
    return log


def test_the_home_page_sets_up_a_hand_and_loads_nothing_from_elsewhere(client: TestClient) -> None:
    page = client.get("/")
    assert page.status_code == 200
    assert 'name="seats"' in page.text and 'name="limit"' in page.text
    assert not re.search(r"(?:src|href)=\"(?:https?:)?//", page.text)
    assert "default-src 'self'" in page.headers["content-security-policy"]
    assert page.headers["x-content-type-options"] == "nosniff"
    for asset in ("/static/app.css", "/static/app.js"):
        assert client.get(asset).status_code == 200


def test_tapping_through_a_hand_shows_whose_turn_it_is(client: TestClient) -> None:
    page = client.post("/start", data=SETUP)
    log = log_of(page.text)
    assert log.startswith("seats: Ann, Bob, Cy, Dee\ndealer: Dee\n")
    for line in ["antes", "deal"]:
        page = client.post("/add", data={"log": log, "move": line})
        log = log_of(page.text)
    assert re.search(r'<span class="who">Ann</span> to act', page.text)
    assert 'value="Ann checks"' in page.text and 'value="Ann bets 2"' in page.text


def test_a_bet_out_of_turn_is_ruled_as_soon_as_it_is_entered(client: TestClient) -> None:
    log = tap_through(client, HAND[:3])
    page = client.post("/add", data={"log": log, "line": "Dee bets 2"})
    assert page.status_code == 200
    assert "Rulings so far" in page.text and "out-of-turn" in page.text
    assert re.search(r'<span class="who">Bob</span> to act', page.text)


def test_the_verdict_comes_first_then_rulings_settlement_and_every_other_rulebook(client: TestClient) -> None:
    log = tap_through(client, HAND)
    page = client.post("/verdict", data={"log": log})
    assert page.status_code == 200
    text = page.text
    headline = re.search(r'<section class="verdict" id="verdict">\s*<h1>(.*?)</h1>', text, re.S)
    assert headline and "Bob wins" in headline.group(1)
    assert text.index('id="verdict"') < text.index("Every ruling") < text.index("Settlement")
    assert "Source: Scarne" in text and "Betting Out of Turn" in text
    for book in ("scarne", "bicycle", "casino", "pagat", "parlour"):
        assert f"<tr><th>{book}</th>" in text
    assert 'id="summary"' in text and "Bob wins" in html.unescape(text.split('id="summary"')[1])


def test_undo_drops_the_last_line(client: TestClient) -> None:
    log = tap_through(client, HAND[:4])
    page = client.post("/add", data={"log": log, "undo": "1"})
    assert log_of(page.text) == log.rsplit("Dee bets 2\n", 1)[0]


def test_a_bad_line_is_refused_with_the_message_check_gives(client: TestClient) -> None:
    log = tap_through(client, HAND[:2])
    page = client.post("/add", data={"log": log, "line": "Ann betz 2"})
    assert page.status_code == 400
    assert log_of(page.text) == log
    assert "`betz` is not an action" in " ".join(messages(page.text))
    assert 'value="Ann betz 2"' in page.text  # kept in the field to fix


def test_a_pasted_log_with_a_typo_says_where_and_what(client: TestClient) -> None:
    log = tap_through(client, HAND[:3]) + "Bob chekcs\n"
    page = client.post("/paste", data={"log": log})
    assert page.status_code == 400
    assert "line 10" in page.text
    assert "did you mean `checks`?" in " ".join(messages(page.text))


def test_a_pasted_finished_log_is_ruled(client: TestClient) -> None:
    log = tap_through(client, HAND)
    page = client.post("/paste", data={"log": log.replace("\n", "\r\n")})
    assert page.status_code == 200 and "Bob wins" in page.text


def test_every_form_reads_a_browsers_crlf_line_breaks_as_lf(client: TestClient) -> None:
    """A browser sends each line break of a form field as CRLF, the hidden log of the entry page
    included: the verdict and the download read it as the log it is."""
    log = tap_through(client, HAND)
    page = client.post("/verdict", data={"log": log.replace("\n", "\r\n")})
    assert page.status_code == 200 and "Bob wins" in page.text
    saved = client.post("/download", data={"log": log.replace("\n", "\r\n")})
    assert saved.text == log


def test_names_cards_and_speech_are_escaped(client: TestClient) -> None:
    setup = dict(SETUP, seats='Ann, <script>alert(1)</script>, Cy, "Dee&<b>"')
    page = client.post("/start", data=setup)
    assert page.status_code == 200, messages(page.text)
    log = log_of(page.text)
    assert "<script>alert" not in page.text and "&lt;script&gt;alert(1)&lt;/script&gt;" in page.text
    for line in ["antes", "deal", 'Ann says "<img src=x onerror=alert(2)>"']:
        page = client.post("/add", data={"log": log, "line": line})
        log = log_of(page.text)
    page = client.post("/verdict", data={"log": log})
    assert "<script>" not in page.text and "<img" not in page.text and "<b>" not in page.text


def test_a_request_bigger_than_a_hand_is_refused_with_a_clear_message(client: TestClient) -> None:
    page = client.post("/paste", data={"log": "x" * (MAX_BODY_BYTES + 10)})
    assert page.status_code == 413
    assert "more than a hand" in " ".join(messages(page.text))


def test_a_form_with_more_fields_than_the_page_has_is_refused(client: TestClient) -> None:
    page = client.post("/paste", content="&".join(f"f{n}=1" for n in range(100)),
                       headers={"content-type": "application/x-www-form-urlencoded"})  # fmt: skip
    assert page.status_code == 413


def test_a_log_longer_than_a_hand_is_refused(client: TestClient) -> None:
    log = tap_through(client, HAND[:1]) + "antes\n" * 400
    page = client.post("/add", data={"log": log, "line": "deal"})
    assert page.status_code == 413
    assert "at most" in " ".join(messages(page.text))


def test_download_gives_the_log_back_as_a_file(client: TestClient) -> None:
    log = tap_through(client, HAND[:4])
    answer = client.post("/download", data={"log": log})
    assert answer.status_code == 200
    assert answer.headers["content-disposition"].startswith("attachment")
    assert answer.text == log


def test_the_field_is_completed_from_the_grammar(client: TestClient) -> None:
    log = tap_through(client, HAND[:2])
    words = client.post("/complete", data={"log": log, "line": "Ann ch"}).json()
    assert "Ann checks" in words


def test_a_rulebook_sheet_is_printable_and_a_path_is_refused(client: TestClient) -> None:
    page = client.get("/rulebook/scarne")
    assert page.status_code == 200 and "Out of turn" in page.text
    assert client.get("/rulebook/..%2F..%2Fetc%2Fpasswd").status_code in (404, 400)


def test_house_rules_from_the_folder_are_usable_by_name(tmp_path: Path) -> None:
    (tmp_path / "friday.yaml").write_text(
        "id: friday\ntitle: Friday Night\nextends: scarne\n", encoding="utf-8"
    )
    client = TestClient(create_app(Shelf(tmp_path)))
    assert '<option value="friday"' in client.get("/").text
    log = tap_through(client, HAND, dict(SETUP, rulebook="friday"))
    page = client.post("/verdict", data={"log": log})
    assert page.status_code == 200 and "Ruled by Friday Night (friday)" in page.text
    refused = client.post("/paste", data={"log": log.replace("rulebook: friday", "rulebook: ../friday")})
    assert refused.status_code == 400


def test_no_file_is_written(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, client: TestClient) -> None:
    monkeypatch.chdir(tmp_path)
    log = tap_through(client, HAND)
    client.post("/verdict", data={"log": log})
    client.post("/download", data={"log": log})
    assert os.listdir(tmp_path) == []


def test_the_setup_refuses_a_hand_without_players(client: TestClient) -> None:
    page = client.post("/start", data=dict(SETUP, seats="Ann"))
    assert page.status_code == 400 and "2 to 10 players" in page.text


def test_serve_listens_on_this_computer_unless_told(tmp_path: Path) -> None:
    assert addresses("127.0.0.1", 8000) == ["http://127.0.0.1:8000/"]
    assert addresses("0.0.0.0", 8000)[-1] == "http://127.0.0.1:8000/"
    result = CliRunner().invoke(cli_app, ["serve", "--rulebooks", str(tmp_path / "missing")])
    assert result.exit_code == 1
    assert "not a folder" in result.output
