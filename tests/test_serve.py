"""`referee serve`: the page for phones, driven through Starlette's test client."""

from __future__ import annotations

import html
import importlib.util
import os
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette", reason="the page needs the web extra: pip install 'referee[web]'")
pytest.importorskip("jinja2", reason="the page needs the web extra: pip install 'referee[web]'")
if importlib.util.find_spec("httpx2") is None and importlib.util.find_spec("httpx") is None:
    pytest.skip("Starlette's test client needs httpx2 (the test extra installs it)", allow_module_level=True)

from starlette.testclient import TestClient
from typer.testing import CliRunner

from referee.cli import app as cli_app
from referee.commands.table import addresses
from referee.store import Night, Store, open_store
from referee.table.shelf import Shelf
from referee.web.app import MAX_BODY_BYTES, create_app

SETUP = {"seats": "Ann, Bob, Cy, Dee", "dealer": "", "game": "draw", "rulebook": "scarne", "ante": "1",
         "limit": "2/4"}  # fmt: skip
HAND = ["antes", "deal", "Ann checks", "Dee bets 2", "Bob calls", "Cy folds", "Dee calls", "Ann folds",
        "draw", "Bob draws 1", "Dee draws 2", "Dee checks", "Bob checks", "showdown",
        "Bob shows As Ad Ac 7h 2d", "Dee shows Ks Kd 9c 8h 3d"]  # fmt: skip


@dataclass
class Table:
    """A client on a fresh store's night: ``root`` is the night's address (its table code)."""

    client: TestClient
    store: Store
    night: Night

    @property
    def root(self) -> str:
        return f"/{self.night.code}"

    def get(self, path: str, **kwargs: Any) -> Any:
        return self.client.get(self.root + path, **kwargs)

    def post(self, path: str, **kwargs: Any) -> Any:
        return self.client.post(self.root + path, **kwargs)


def table_on(store: Store, shelf: Shelf | None = None) -> Table:
    return Table(TestClient(create_app(store, shelf)), store, store.tonight())


@pytest.fixture
def table(tmp_path: Path) -> Table:
    return table_on(open_store(tmp_path / "data"))


def messages(page: str) -> list[str]:
    found = re.findall(r'class="(?:message|hint)">(.*?)</p>', page, re.S)
    return [html.unescape(re.sub(r"</?code>", "`", m)) for m in found]


def version_of(page: str) -> str:
    found = re.search(r'name="version" value="(\d+)"', page)
    assert found, page
    return found.group(1)


def start(table: Table, setup: dict[str, str] = SETUP) -> str:
    """Set up a hand; the address of its page."""
    answer = table.post("/hands", data=setup, follow_redirects=False)
    assert answer.status_code == 303, messages(answer.text)
    return str(answer.headers["location"])


def enter(table: Table, hand: str, line: str, field: str = "move") -> Any:
    """Enter a line as the page does (with the version it shows); the page the redirect brings."""
    version = version_of(table.client.get(hand).text)
    return table.client.post(hand + "/lines", data={field: line, "version": version})


def tap_through(table: Table, lines: list[str], setup: dict[str, str] = SETUP) -> str:
    hand = start(table, setup)
    for line in lines:
        page = enter(table, hand, line)
        assert page.status_code == 200 and not messages(page.text), (line, messages(page.text))
    return hand


def log_of(table: Table, hand: str) -> str:
    return str(table.client.get(hand + ".log").text)


def test_the_home_page_sets_up_a_hand_and_loads_nothing_from_elsewhere(table: Table) -> None:
    page = table.get("/")
    assert page.status_code == 200
    assert 'name="seats"' in page.text and 'name="limit"' in page.text
    assert not re.search(r"(?:src|href)=\"(?:https?:)?//", page.text)
    assert "default-src 'self'" in page.headers["content-security-policy"]
    assert page.headers["x-content-type-options"] == "nosniff"
    for asset in ("/static/app.css", "/static/app.js", "/static/favicon.svg"):
        assert table.get(asset).status_code == 200
    assert f'href="{table.root}/static/favicon.svg"' in page.text
    # The QR code, and the address it stands for.
    assert "<svg" in page.text and f"http://testserver{table.root}/" in page.text


def test_the_game_list_offers_only_games_the_catalog_rules(table: Table) -> None:
    offered = re.findall(r'<option value="([^"]+)"', table.get("/").text)
    assert "draw" in offered and "lowball" in offered
    assert "knock-poker" not in offered and "stripped-32-bosnian" not in offered


def test_without_the_table_code_there_is_nothing(table: Table) -> None:
    hand = start(table)
    wrong = "/" + "x" * len(table.night.code)
    for path in ("/", "/hands/1", "/hands/1.log", "/hands/1/ruling", "/hands/1/events",
                 f"/nights/{table.night.id}", "/static/app.css", "/rulebook/scarne"):  # fmt: skip
        answer = table.client.get(wrong + path)
        assert answer.status_code == 404 and answer.text == "Not Found", path
    assert table.client.post(wrong + "/hands", data=SETUP).status_code == 404
    line = {"line": "antes", "version": "0"}
    assert table.client.post(wrong + "/hands/1/lines", data=line).status_code == 404
    assert table.client.get("/").status_code == 404
    assert table.client.get(hand).status_code == 200


def test_a_hand_of_another_night_is_not_reached_through_this_nights_code(table: Table) -> None:
    other = table.store.new_night()
    hand = start(table)
    assert table.client.get(f"/{other.code}/hands/{hand.rsplit('/', 1)[1]}").status_code == 404
    assert table.client.get(f"/{other.code}/nights/{table.night.id}").status_code == 404


def test_every_form_posts_then_redirects_to_a_page_to_get(table: Table) -> None:
    answer = table.post("/hands", data=SETUP, follow_redirects=False)
    assert answer.status_code == 303
    hand = answer.headers["location"]
    assert re.fullmatch(rf"{table.root}/hands/\d+", hand)
    posts = [
        (hand + "/lines", {"move": "antes", "version": "0"}),
        (hand + "/undo", {"version": "1"}),
        (hand + "/lines", {"line": "Ann betz 2", "version": "2"}),  # refused: back to the hand
        (hand + "/lines", {"line": "antes", "version": "0"}),  # stale: back to the hand
    ]
    for path, data in posts:
        answer = table.client.post(path, data=data, follow_redirects=False)
        assert answer.status_code == 303, (path, data)
        assert answer.headers["location"].startswith(hand)


def test_tapping_through_a_hand_shows_whose_turn_it_is(table: Table) -> None:
    hand = start(table)
    assert log_of(table, hand).startswith("seats: Ann, Bob, Cy, Dee\ndealer: Dee\n")
    for line in ["antes", "deal"]:
        page = enter(table, hand, line)
    assert re.search(r'<span class="who">Ann</span> to act', page.text)
    assert 'value="Ann checks"' in page.text and 'value="Ann bets 2"' in page.text


def test_the_hand_is_kept_every_line_with_its_time_and_who_entered_it(table: Table) -> None:
    hand = tap_through(table, HAND[:4])
    kept = table.store.hand(int(hand.rsplit("/", 1)[1]))
    assert [line.text for line in kept.lines][-4:] == HAND[:4]
    assert all(line.who.startswith("phone ") for line in kept.lines)
    assert all(line.entered.endswith("+00:00") for line in kept.lines)
    assert kept.version == 4
    again = table_on(table.store)  # the server restarted: the same hand at the same address
    assert again.client.get(hand).status_code == 200
    assert again.client.get(hand + ".log").text == kept.text


def test_a_stale_phone_is_told_the_hand_changed_and_its_line_is_not_lost_or_doubled(table: Table) -> None:
    hand = tap_through(table, HAND[:3])
    seen = version_of(table.client.get(hand).text)
    assert enter(table, hand, "Bob checks").status_code == 200  # another phone enters a line meanwhile
    page = table.client.post(hand + "/lines", data={"line": "Dee bets 2", "version": seen})
    assert "This hand changed on another phone" in page.text
    assert 'value="Dee bets 2"' in page.text  # kept in the field to enter again
    assert log_of(table, hand).endswith("Ann checks\nBob checks\n")
    undo = table.client.post(hand + "/undo", data={"version": seen})
    assert "This hand changed" in undo.text and log_of(table, hand).endswith("Bob checks\n")


def test_a_bet_out_of_turn_is_ruled_as_soon_as_it_is_entered(table: Table) -> None:
    hand = tap_through(table, HAND[:3])
    page = enter(table, hand, "Dee bets 2", "line")
    assert page.status_code == 200
    assert "Rulings so far" in page.text and "out-of-turn" in page.text
    assert re.search(r'<span class="who">Bob</span> to act', page.text)


def test_the_verdict_comes_first_then_rulings_settlement_and_every_other_rulebook(table: Table) -> None:
    hand = tap_through(table, HAND)
    page = table.client.get(hand + "/ruling")
    assert page.status_code == 200
    text = page.text
    headline = re.search(r'<section class="verdict" id="verdict">\s*<h1>(.*?)</h1>', text, re.S)
    assert headline and "Bob wins" in headline.group(1)
    assert text.index('id="verdict"') < text.index("Every ruling") < text.index("Settlement")
    assert "Source: Scarne" in text and "Betting Out of Turn" in text
    for book in ("scarne", "bicycle", "casino", "pagat", "parlour"):
        assert f"<tr><th>{book}</th>" in text
    assert 'id="summary"' in text and "Bob wins" in html.unescape(text.split('id="summary"')[1])


def test_more_than_four_players_get_cards_not_a_wide_table(table: Table) -> None:
    setup = dict(SETUP, seats="Ann, Bob, Cy, Dee, Eve, Fay, Gus")
    hand = tap_through(table, ["antes", "deal"], setup)
    page = table.client.get(hand + "/ruling").text
    assert 'class="stacked nets"' in page and "<tr><th>scarne</th>" not in page
    assert "<tr><th>scarne</th>" in table.client.get(tap_through(table, ["antes", "deal"]) + "/ruling").text


def test_undo_drops_the_last_line_but_never_the_header(table: Table) -> None:
    hand = tap_through(table, HAND[:4])
    before = log_of(table, hand)
    version = version_of(table.client.get(hand).text)
    table.client.post(hand + "/undo", data={"version": version})
    assert log_of(table, hand) == before.rsplit("Dee bets 2\n", 1)[0]
    for _ in range(6):
        table.client.post(hand + "/undo", data={"version": version_of(table.client.get(hand).text)})
    assert log_of(table, hand) == before.split("antes\n", 1)[0]


def test_a_bad_line_is_refused_with_the_message_check_gives(table: Table) -> None:
    hand = tap_through(table, HAND[:2])
    log = log_of(table, hand)
    page = enter(table, hand, "Ann betz 2", "line")
    assert page.status_code == 400
    assert log_of(table, hand) == log
    assert "`betz` is not an action" in " ".join(messages(page.text))
    assert "<code>betz</code> is not an action" in page.text  # no raw backticks on the page
    assert 'value="Ann betz 2"' in page.text  # kept in the field to fix


def test_the_card_picker_shows_when_the_line_wants_cards(table: Table) -> None:
    hand = tap_through(table, HAND[:14])
    page = table.client.get(hand).text
    assert re.search(r'href="[^"]*\?line=Bob%20shows%20"', page)
    picked = table.client.get(hand, params={"line": "Bob shows "}).text
    assert 'class="picker open"' in picked and 'data-card="As"' in picked and 'data-card="2c"' in picked
    assert 'class="picker open"' not in page


def test_irregularities_can_be_entered_for_any_player(table: Table) -> None:
    hand = tap_through(table, HAND[:2])
    page = html.unescape(table.client.get(hand).text)
    for name in ("Ann", "Bob", "Cy", "Dee"):
        assert f"?line=dealer%20exposes%20{name}%27s%20" in page
        assert f"{name} showed a card" in page


def test_a_pasted_log_with_a_typo_says_where_and_what(table: Table) -> None:
    log = log_of(table, tap_through(table, HAND[:3])) + "Bob chekcs\n"
    page = table.post("/paste", data={"log": log})
    assert page.status_code == 400
    assert "line 10" in page.text
    assert "did you mean `Bob checks`?" in " ".join(messages(page.text))


def test_a_pasted_finished_log_is_ruled(table: Table) -> None:
    log = log_of(table, tap_through(table, HAND))
    page = table.post("/paste", data={"log": log.replace("\n", "\r\n")})
    assert page.status_code == 200 and "Bob wins" in page.text


def test_every_form_reads_a_browsers_crlf_line_breaks_as_lf(table: Table) -> None:
    """A browser sends each line break of a form field as CRLF: the verdict and the download read
    it as the log it is."""
    log = log_of(table, tap_through(table, HAND))
    page = table.post("/verdict", data={"log": log.replace("\n", "\r\n")})
    assert page.status_code == 200 and "Bob wins" in page.text
    saved = table.post("/download", data={"log": log.replace("\n", "\r\n")})
    assert saved.text == log


def test_names_cards_and_speech_are_escaped(table: Table) -> None:
    setup = dict(SETUP, seats='Ann, <script>alert(1)</script>, Cy, "Dee&<b>"')
    hand = start(table, setup)
    page = table.client.get(hand)
    assert page.status_code == 200, messages(page.text)
    assert "<script>alert" not in page.text and "&lt;script&gt;alert(1)&lt;/script&gt;" in page.text
    for line in ["antes", "deal", 'Ann says "<img src=x onerror=alert(2)>"']:
        page = enter(table, hand, line, "line")
    for path in ("", "/ruling", f"/../../nights/{table.night.id}"):
        text = table.client.get(hand + path).text
        assert "<script>" not in text and "<img" not in text and "<b>" not in text, path
    assert "<script>" not in table.get("/").text
    csv = table.get(f"/nights/{table.night.id}.csv").text
    assert "<script>alert(1)</script>" in csv  # CSV is data, not a page


def test_a_formula_in_a_name_is_not_a_formula_in_the_csv(table: Table) -> None:
    tap_through(table, ["antes", "deal"], dict(SETUP, seats='Ann, "=cmd()", Cy'))
    header = table.get(f"/nights/{table.night.id}.csv").text.splitlines()[0]
    assert header.endswith(",Ann,'=cmd(),Cy")


def test_a_request_bigger_than_a_hand_is_refused_with_a_clear_message(table: Table) -> None:
    page = table.post("/paste", data={"log": "x" * (MAX_BODY_BYTES + 10)})
    assert page.status_code == 413
    assert "more than a hand" in " ".join(messages(page.text))
    hand = start(table)
    page = table.client.post(hand + "/lines", data={"line": "x" * (MAX_BODY_BYTES + 10), "version": "0"})
    assert page.status_code == 413


def test_a_form_with_more_fields_than_the_page_has_is_refused(table: Table) -> None:
    page = table.post("/paste", content="&".join(f"f{n}=1" for n in range(100)),
                      headers={"content-type": "application/x-www-form-urlencoded"})  # fmt: skip
    assert page.status_code == 413


def test_a_line_longer_than_a_line_is_refused(table: Table) -> None:
    hand = tap_through(table, HAND[:2])
    page = enter(table, hand, 'Ann says "' + "x" * 400 + '"', "line")
    assert page.status_code == 400 and "at most" in " ".join(messages(page.text))
    assert log_of(table, hand).endswith("deal\n")


def test_the_log_is_served_as_the_text_rule_reads(table: Table) -> None:
    hand = tap_through(table, HAND[:4])
    answer = table.client.get(hand + ".log")
    assert answer.status_code == 200 and answer.headers["content-type"].startswith("text/plain")
    assert answer.text == "".join(f"{line}\n" for line in [
        "seats: Ann, Bob, Cy, Dee", "dealer: Dee", "game: draw", "rulebook: scarne", "ante: 1", "limit: 2/4",
        *HAND[:4]])  # fmt: skip


def test_the_night_shows_each_deal_the_totals_and_the_payments(table: Table) -> None:
    tap_through(table, HAND)
    tap_through(table, HAND)
    page = table.get(f"/nights/{table.night.id}")
    assert page.status_code == 200
    assert "Night 1: 2 deals" in page.text and "To settle up" in page.text
    csv = table.get(f"/nights/{table.night.id}.csv")
    assert csv.headers["content-type"].startswith("text/csv")
    rows = csv.text.splitlines()
    assert rows[0] == "deal,number,rulebook,result,Ann,Bob,Cy,Dee"
    assert rows[1].startswith("hand 1,1,scarne,Bob wins") and rows[2].startswith("hand 2,1,scarne,Bob wins")
    assert rows[3].startswith("total,")
    assert table.get("/").text.count("/hands/") >= 2  # tonight's hands, listed on the home page


def test_the_field_is_completed_from_the_grammar(table: Table) -> None:
    hand = tap_through(table, HAND[:2])
    words = table.post("/complete", data={"hand": hand.rsplit("/", 1)[1], "line": "Ann ch"}).json()
    assert "Ann checks" in words


def test_a_rulebook_sheet_is_printable_and_a_path_is_refused(table: Table) -> None:
    page = table.get("/rulebook/scarne")
    assert page.status_code == 200 and "Out of turn" in page.text
    assert table.get("/rulebook/..%2F..%2Fetc%2Fpasswd").status_code in (404, 400)


def test_house_rules_from_the_folder_are_usable_by_name(tmp_path: Path) -> None:
    (tmp_path / "friday.yaml").write_text(
        "id: friday\ntitle: Friday Night\nextends: scarne\n", encoding="utf-8"
    )
    table = table_on(open_store(tmp_path / "data"), Shelf(tmp_path))
    assert '<option value="friday"' in table.get("/").text
    hand = tap_through(table, HAND, dict(SETUP, rulebook="friday"))
    page = table.client.get(hand + "/ruling")
    assert page.status_code == 200 and "Ruled by Friday Night (friday)" in page.text
    log = log_of(table, hand)
    refused = table.post("/paste", data={"log": log.replace("rulebook: friday", "rulebook: ../friday")})
    assert refused.status_code == 400


def test_only_the_store_is_written(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    table = table_on(open_store(tmp_path / "data"))
    hand = tap_through(table, HAND)
    table.client.get(hand + "/ruling")
    table.post("/download", data={"log": log_of(table, hand)})
    assert os.listdir(tmp_path) == ["data"]
    kept = {"referee.sqlite3", "referee.sqlite3-wal", "referee.sqlite3-shm"}
    assert set(os.listdir(tmp_path / "data")) <= kept


def test_the_setup_refuses_a_hand_without_players(table: Table) -> None:
    page = table.post("/hands", data=dict(SETUP, seats="Ann"))
    assert page.status_code == 400 and "2 to 10 players" in page.text


def test_serve_listens_on_this_computer_unless_told(tmp_path: Path) -> None:
    assert addresses("127.0.0.1", 8000) == ["http://127.0.0.1:8000/"]
    assert addresses("0.0.0.0", 8000)[-1] == "http://127.0.0.1:8000/"
    result = CliRunner().invoke(cli_app, ["serve", "--rulebooks", str(tmp_path / "missing")])
    assert result.exit_code == 1
    assert "not a folder" in result.output
