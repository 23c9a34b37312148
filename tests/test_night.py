"""`referee night`: the evening's deals, each player's total, and the fewest payments that settle it."""

from __future__ import annotations

import itertools
import json
from decimal import Decimal
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from referee.cli import app
from referee.night import EXHAUSTIVE_PLAYERS, Payment, settle_up
from tests.helpers import documentation

runner = CliRunner()


def run(*args: str, width: int = 100) -> tuple[int, str]:
    result = runner.invoke(app, list(args), env={"COLUMNS": str(width), "NO_COLOR": "1"})
    return result.exit_code, result.output


def settled(balances: dict[str, Decimal], payments: list[Payment]) -> dict[str, Decimal]:
    left = dict(balances)
    for payment in payments:
        assert payment.amount > 0
        assert payment.payer != payment.payee
        left[payment.payer] += payment.amount
        left[payment.payee] -= payment.amount
    return left


def fewest_by_brute_force(values: list[Decimal]) -> int:
    """n minus the most zero-sum blocks of any partition: every set partition tried."""
    items = [v for v in values if v]

    def partitions(rest: list[int]) -> itertools.chain[list[list[int]]] | list[list[list[int]]]:
        if not rest:
            return [[]]
        first, others = rest[0], rest[1:]
        found: list[list[list[int]]] = []
        for size in range(len(others) + 1):
            for chosen in itertools.combinations(others, size):
                remaining = [i for i in others if i not in chosen]
                for tail in partitions(remaining):
                    found.append([[first, *chosen], *tail])
        return found

    best = 0
    for partition in partitions(list(range(len(items)))):
        if all(sum((items[i] for i in block), Decimal(0)) == 0 for block in partition):
            best = max(best, len(partition))
    return len(items) - best


amounts = st.decimals(min_value=-50, max_value=50, places=2, allow_nan=False, allow_infinity=False)


def zero_sum(values: list[Decimal]) -> dict[str, Decimal]:
    names = [f"P{i}" for i in range(len(values) + 1)]
    return dict(zip(names, [*values, -sum(values, Decimal(0))], strict=True))


@given(st.lists(amounts, min_size=0, max_size=12))
@settings(max_examples=200, deadline=None)
def test_the_payments_settle_every_balance_exactly(values: list[Decimal]) -> None:
    balances = zero_sum(values)
    payments, fewest = settle_up(balances)
    assert all(value == 0 for value in settled(balances, payments).values())
    assert fewest
    assert len(payments) <= max(len([v for v in balances.values() if v]) - 1, 0)


@given(st.lists(st.sampled_from([Decimal(n) for n in (-6, -4, -3, -2, -1, 1, 2, 3, 4, 6)]), max_size=6))
@settings(max_examples=150, deadline=None)
def test_the_payments_are_the_fewest(values: list[Decimal]) -> None:
    """Small whole amounts make many zero-sum groups: the exhaustive search must find the best cut."""
    balances = zero_sum(values)
    payments, _ = settle_up(balances)
    assert len(payments) == fewest_by_brute_force(list(balances.values()))


def test_two_pairs_that_square_each_other_need_two_payments_not_three() -> None:
    balances = {"Ann": Decimal(5), "Bob": Decimal(-5), "Cy": Decimal(7), "Dee": Decimal(-7)}
    payments, fewest = settle_up(balances)
    assert fewest and sorted((p.payer, p.payee, p.amount) for p in payments) == [
        ("Bob", "Ann", Decimal(5)),
        ("Dee", "Cy", Decimal(7)),
    ]


def test_many_players_still_settle_but_are_not_claimed_fewest() -> None:
    values = [Decimal(i) for i in range(1, EXHAUSTIVE_PLAYERS + 2)]
    balances = zero_sum(values)
    payments, fewest = settle_up(balances)
    assert not fewest
    assert all(value == 0 for value in settled(balances, payments).values())


def test_balances_that_do_not_add_up_are_refused() -> None:
    with pytest.raises(ValueError, match="add up"):
        settle_up({"Ann": Decimal(1)})


# --- the command ------------------------------------------------------------------------------------

HAND_1 = """\
antes
deal
Ann opens 2
Bob calls
Cy folds
draw
Ann stands pat
Bob draws 1
Ann bets 4
Bob calls
showdown
Ann shows Qs Qd Qc 4h 5d
Bob shows Ks Kd 8c 8h 2s
"""

HAND_2 = """\
dealer: Ann
antes
deal
Bob checks
Cy checks
Ann checks
new deal
antes
deal
Cy opens 2
Ann folds
Bob folds
Cy shows openers Js Jd
"""

GROUP = """\
# our Friday game
players = ["Ann", "Bob", "Cy"]
stakes = "2/4"
ante = 1
game = "jacks-or-better"
rulebook = "scarne"
"""


@pytest.fixture
def evening(tmp_path: Path) -> Path:
    (tmp_path / "referee.toml").write_text(GROUP, encoding="utf-8")
    (tmp_path / "01-first.log").write_text("dealer: Cy\n" + HAND_1, encoding="utf-8")
    (tmp_path / "02-second.log").write_text(HAND_2, encoding="utf-8")
    (tmp_path / "notes.txt").write_text("not a log", encoding="utf-8")
    return tmp_path


def test_night_over_a_folder_with_a_group_file(evening: Path) -> None:
    code, out = run("night", str(evening), "--json")
    assert code == 0, out
    data = json.loads(out)
    assert [(d["file"].rsplit("/", 1)[-1], d["deal"]) for d in data["deals"]] == [
        ("01-first.log", 1),
        ("02-second.log", 1),
        ("02-second.log", 2),
    ]
    # Deal 1: Ann wins 3 antes + 2 + 2 + 4 + 4 = 15 (she put in 7); deal 2 passed out (3 antes
    # carried); deal 3: 3 more antes, Cy takes the 6 in the middle plus his own 2.
    assert data["totals"] == {"Ann": "6", "Bob": "-9", "Cy": "3"}
    assert data["left_in_pot"] == "0"
    assert data["fewest"] is True
    assert data["payments"] == [
        {"from": "Bob", "to": "Ann", "amount": "6"},
        {"from": "Bob", "to": "Cy", "amount": "3"},
    ]
    assert sum(Decimal(v) for v in data["totals"].values()) == 0


def test_night_text_says_who_pays_whom_first(evening: Path) -> None:
    code, out = run("night", str(evening / "01-first.log"), str(evening / "02-second.log"), width=60)
    assert code == 0, out
    assert max(len(line) for line in out.splitlines()) <= 60
    lines = out.splitlines()
    assert lines[1] == "To settle up:"
    assert "  Bob pays Ann 6" in lines and "  Bob pays Cy 3" in lines
    assert "(2 payments: the fewest that settle it)" in out and "total" in out


def test_the_log_header_wins_over_the_group_file(evening: Path) -> None:
    """01-first.log says dealer Cy itself; here it also says its own stakes and they are used."""
    (evening / "01-first.log").write_text("limit: 1/2\ndealer: Cy\n" + HAND_1, encoding="utf-8")
    code, out = run("rule", str(evening / "01-first.log"), "--json")
    assert code == 0, out
    # Ann bet 4 after the draw at 1/2: over the limit, so the log's own limit was the one used.
    assert any(r["irregularity"] == "over-limit" for r in json.loads(out)["rulings"])


def test_every_log_command_reads_the_group_file(evening: Path) -> None:
    log = str(evening / "02-second.log")
    assert run("check", log)[0] == 0
    code, out = run("rule", log, "--json")
    assert code == 0, out
    assert json.loads(out)["rulebook"] == "scarne"
    code, out = run("fmt", log)
    assert code == 0 and "seats:" not in out, "fmt prints the log as written, not the group's defaults"
    code, out = run("compare", log, "--json")
    assert code == 0, out


def test_a_house_rulebook_in_the_group_file_rules_the_night(evening: Path) -> None:
    (evening / "house.yaml").write_text("id: house\ntitle: Our game\nextends: casino\n", encoding="utf-8")
    (evening / "referee.toml").write_text(GROUP + 'house = "house.yaml"\n', encoding="utf-8")
    code, out = run("night", str(evening), "--json")
    assert code == 0, out
    assert {d["rulebook"] for d in json.loads(out)["deals"]} == {"house"}
    code, out = run("compare", str(evening / "02-second.log"), "--json")
    assert [r["rulebook"] for r in json.loads(out)["results"]][-1] == "house"


def test_a_bad_group_file_names_its_line(evening: Path) -> None:
    (evening / "referee.toml").write_text('players = ["Ann", "Bob", "Cy"]\nstaks = "2/4"\n', encoding="utf-8")
    code, out = run("rule", str(evening / "02-second.log"))
    assert code == 1
    assert "referee.toml:2" in out and "stakes" in out and "Traceback" not in out
    (evening / "referee.toml").write_text('players = ["Ann", "Bob"\n', encoding="utf-8")
    code, out = run("night", str(evening))
    assert code == 1 and "not TOML" in out and "Traceback" not in out
    (evening / "referee.toml").write_text('stakes = "2/x"\n', encoding="utf-8")
    code, out = run("check", str(evening / "01-first.log"))
    assert code == 1 and "referee.toml:1" in out


def test_a_folder_without_logs_is_an_input_error(tmp_path: Path) -> None:
    code, out = run("night", str(tmp_path))
    assert code == 1 and "no hand log" in out


def test_the_readme_shows_the_ledger_as_the_command_prints_it(monkeypatch: pytest.MonkeyPatch) -> None:
    """The docs' night (docs/night.md) is `tests/data/night/friday`, run from its parent at 80 columns."""
    shown = documentation().split("$ referee night friday\n", 1)[1].split("```", 1)[0]
    monkeypatch.chdir(Path(__file__).parent / "data" / "night")
    code, out = run("night", "friday", width=80)
    assert code == 0, out
    assert [line.rstrip() for line in out.splitlines()] == shown.rstrip("\n").splitlines()


# --- the night kept in the store (the page for phones and `referee live` write it) ---------------

STORED = ["seats: Ann, Bob, Cy", "dealer: Cy", "ante: 1", "limit: 2/4"]
PLAYED = ["antes", "deal", "Ann bets 2", "Bob folds", "Cy folds"]


def stored_night(folder: Path, hands: int) -> int:
    from referee.store import open_store

    store = open_store(folder)
    night = store.tonight()
    for _ in range(hands):
        hand = store.new_hand(night.id, STORED, "phone aa")
        version = hand.version
        for line in PLAYED:
            version = store.add_line(hand.id, version, line, "phone aa")
    return night.id


def test_the_night_is_read_from_the_store(tmp_path: Path) -> None:
    night_id = stored_night(tmp_path, 2)
    code, out = run("night", "--data", str(tmp_path), "--json")
    assert code == 0, out
    data = json.loads(out)
    assert [deal["file"] for deal in data["deals"]] == ["hand 1", "hand 2"]
    assert data["totals"] == {"Ann": "4", "Bob": "-2", "Cy": "-2"}
    assert data["payments"] == [
        {"from": "Bob", "to": "Ann", "amount": "2"},
        {"from": "Cy", "to": "Ann", "amount": "2"},
    ]
    assert run("night", "--data", str(tmp_path), "--night", str(night_id), "--json")[1] == out


def test_a_night_the_store_lacks_is_a_clear_message(tmp_path: Path) -> None:
    stored_night(tmp_path, 1)
    code, out = run("night", "--data", str(tmp_path), "--night", "9")
    assert code == 1 and "there is no night 9 in" in out and "Traceback" not in out
    code, out = run("night", "--data", str(tmp_path / "empty"))
    assert code == 1 and "there is no night in" in out


def test_the_store_and_files_together(tmp_path: Path) -> None:
    stored_night(tmp_path / "data", 1)
    log = tmp_path / "hand.log"
    log.write_text("\n".join([*STORED, *PLAYED]) + "\n", encoding="utf-8")
    code, out = run("night", str(log), "--data", str(tmp_path / "data"), "--json")
    assert code == 0, out
    assert [deal["file"] for deal in json.loads(out)["deals"]] == ["hand 1", str(log)]


def test_stored_hands_ruled_by_a_house_rulebook_read_it_from_the_folder(tmp_path: Path) -> None:
    from referee.store import open_store

    (tmp_path / "friday.yaml").write_text(
        "id: friday\ntitle: Friday Night\nextends: scarne\n", encoding="utf-8"
    )
    store = open_store(tmp_path / "data")
    hand = store.new_hand(store.tonight().id, [*STORED, "rulebook: friday"], "phone aa")
    version = hand.version
    for line in PLAYED:
        version = store.add_line(hand.id, version, line, "phone aa")
    code, out = run("night", "--data", str(tmp_path / "data"), "--rulebooks", str(tmp_path), "--json")
    assert code == 0, out
    assert json.loads(out)["deals"][0]["rulebook"] == "friday"
    code, out = run("night", "--data", str(tmp_path / "data"), "--rulebooks", str(tmp_path / "nope"))
    assert code == 1 and "is not a folder" in out
