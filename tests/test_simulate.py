"""`referee simulate`: random legal hand logs, checked from their text with nothing but the parser.

The checks here re-count chips and cards from the printed log, independently of the simulator's
state machine, and hold the simulator's own books against that count.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections import Counter
from dataclasses import dataclass, field
from decimal import Decimal
from functools import cache
from pathlib import Path

import pytest
from typer.testing import CliRunner

from referee import events as ev
from referee.cards import Card, deck
from referee.cli import app
from referee.events import HandLog, LimitKind
from referee.hands import meets_requirement
from referee.log import parse_log
from referee.rulebook import load_text
from referee.simulate import (
    GAMES,
    SimulatedHand,
    SimulationError,
    playable_games,
    render,
    simulate,
    simulate_hands,
)

ZERO = Decimal(0)
CAP = 5  # a bet and four raises: the simulator never goes past it, whatever the rulebook allows


@cache
def corpus() -> tuple[SimulatedHand, ...]:
    """200 hands, 25 of each game the simulator deals, plus 120 of a random mix."""
    hands: list[SimulatedHand] = []
    for number, game in enumerate(GAMES):
        hands += simulate_hands(25, 1000 + number, game=game)
    hands += simulate_hands(120, 77)
    return tuple(hands)


def deals_of(log: HandLog) -> list[list[ev.Event]]:
    """The log's events cut at each `new deal`."""
    deals: list[list[ev.Event]] = [[]]
    for event in log.events:
        if isinstance(event, ev.NewDeal):
            deals.append([])
        else:
            deals[-1].append(event)
    return deals


# --- determinism --------------------------------------------------------------------------------


def test_the_same_seed_gives_the_same_logs() -> None:
    assert simulate(30, 7) == simulate(30, 7)


def test_another_seed_gives_other_logs() -> None:
    first, second = simulate(30, 7), simulate(30, 8)
    assert not set(first) & set(second)


def test_hand_k_does_not_depend_on_how_many_were_asked_for() -> None:
    assert simulate(30, 7)[:10] == simulate(10, 7)


def test_logs_do_not_depend_on_the_process_hash_seed() -> None:
    # Cards and ranks hash by their strings, which Python salts per process.
    code = "import sys; from referee.simulate import simulate; sys.stdout.write(''.join(simulate(15, 3)))"
    outputs = {
        subprocess.run(
            [sys.executable, "-c", code],
            env={**os.environ, "PYTHONHASHSEED": salt},
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        for salt in ("1", "2")
    }
    assert outputs == {"".join(simulate(15, 3))}


# --- the logs read --------------------------------------------------------------------------------


def test_every_log_parses_and_reads_back_to_its_events() -> None:
    for hand in corpus():
        log = parse_log(hand.text, f"hand {hand.number}")
        assert log.events == hand.events
        assert log.header == hand.header
        assert render(log.header, log.events) == hand.text


def test_every_game_is_dealt_with_its_own_header() -> None:
    games = Counter(hand.header.game for hand in corpus())
    assert set(games) == set(GAMES)
    for hand in corpus():
        assert 2 <= len(hand.header.seats) <= 7
        assert hand.header.dealer in hand.header.seats


# --- cards --------------------------------------------------------------------------------------


def test_no_card_is_dealt_twice_and_the_draw_never_empties_the_pack() -> None:
    for hand in corpus():
        log = parse_log(hand.text)
        pack = set(deck(hand.config.deck))
        for events in deals_of(log):
            held: dict[str, set[Card]] = {}
            seen: set[Card] = set()
            for event in events:
                if isinstance(event, ev.DealtCards):
                    assert event.player not in held
                    assert len(event.cards) == 5
                    held[event.player] = set(event.cards)
                    assert not seen & held[event.player], hand.text
                    seen |= held[event.player]
                elif isinstance(event, ev.Draw):
                    assert event.count == len(event.received) == len(event.discards) <= 3
                    assert set(event.discards) <= held[event.player]
                    assert not seen & set(event.received), hand.text
                    # The stub keeps at least one card, so no rulebook sees the pack run out.
                    assert event.count <= len(pack) - len(seen) - 1
                    held[event.player] = held[event.player] - set(event.discards) | set(event.received)
                    seen |= set(event.received)
                elif isinstance(event, ev.Show):
                    assert set(event.cards) == held[event.player]
            assert seen <= pack
            assert set(held) == set(log.header.seats)


def test_openers_are_held_by_whoever_opens() -> None:
    for hand in corpus():
        if hand.config.openers == "anything":
            assert not any(isinstance(event, ev.Open) for event in hand.events)
            continue
        for events in deals_of(parse_log(hand.text)):
            dealt = {e.player: e.cards for e in events if isinstance(e, ev.DealtCards)}
            for event in events:
                if isinstance(event, ev.Open):
                    assert meets_requirement(dealt[event.player], hand.config.openers, hand.config.ranking)


def test_players_draw_clockwise_from_the_dealers_left() -> None:
    for hand in corpus():
        seats = hand.header.seats
        for record, events in zip(hand.deals, deals_of(parse_log(hand.text)), strict=True):
            start = seats.index(record.dealer) + 1
            clockwise = [seats[(start + step) % len(seats)] for step in range(len(seats))]
            drawers = [e.player for e in events if isinstance(e, ev.Draw | ev.StandPat)]
            assert drawers == [name for name in clockwise if name in drawers]


# --- chips ----------------------------------------------------------------------------------------


@dataclass
class Tally:
    """Chips counted from the text alone: what each player put in, deal by deal."""

    put_in: list[dict[str, Decimal]] = field(default_factory=list)


def tally(hand: SimulatedHand) -> Tally:
    """Re-count antes and bets from the printed log, checking every amount against the limit."""
    log = parse_log(hand.text)
    header = log.header
    seats = header.seats
    assert header.ante is not None and header.limit is not None
    limit = header.limit
    stacks: dict[str, Decimal] | None = dict(header.stacks) or None
    result = Tally()
    carried = ZERO
    for number, events in enumerate(deals_of(log)):
        dealer = hand.deals[number].dealer
        put = dict.fromkeys(seats, ZERO)
        this_round = dict.fromkeys(seats, ZERO)
        current, bets, after_draw = ZERO, 0, False

        for event in events:
            pot = carried + sum(put.values())
            if isinstance(event, ev.Antes):
                for name in [dealer] if header.ante.by_dealer else seats:
                    pay(put, stacks, name, header.ante.amount)
            elif isinstance(event, ev.DrawPhase):
                this_round = dict.fromkeys(seats, ZERO)
                current, bets, after_draw = ZERO, 0, True
            elif isinstance(event, ev.Check):
                assert this_round[event.player] == current
            elif isinstance(event, ev.Bet | ev.Open | ev.Raise | ev.AllIn | ev.Call):
                name = event.player
                if isinstance(event, ev.Bet | ev.Open):
                    assert current == ZERO
                    total = event.amount
                elif isinstance(event, ev.Raise):
                    total = event.amount if event.to else current + event.amount
                elif isinstance(event, ev.AllIn):
                    assert stacks is not None
                    total = this_round[name] + stacks[name]
                else:
                    owed = current - this_round[name]
                    total = current if stacks is None else this_round[name] + min(owed, stacks[name])
                    assert event.amount in (None, total - this_round[name])
                if total > current:
                    size = total - current
                    bets += 1
                    assert bets <= CAP
                    if limit.kind is LimitKind.FIXED:
                        assert size == (limit.high if after_draw else limit.low)
                    elif limit.kind is LimitKind.SPREAD:
                        assert limit.low is not None and limit.high is not None
                        assert limit.low <= size <= limit.high
                    elif limit.kind is LimitKind.POT:
                        assert size <= pot, f"{event} is over the pot of {pot}"
                    current = total
                pay(put, stacks, name, total - this_round[name])
                this_round[name] = total
        result.put_in.append(put)
        carried += sum(put.values())
    return result


def pay(put: dict[str, Decimal], stacks: dict[str, Decimal] | None, name: str, amount: Decimal) -> None:
    if stacks is not None:
        assert amount <= stacks[name], f"{name} pays more than his stack"
        stacks[name] -= amount
    put[name] += amount


def test_chips_counted_from_the_text_match_the_simulators_books() -> None:
    for hand in corpus():
        counted = tally(hand)
        assert len(counted.put_in) == len(hand.deals)
        carried = ZERO
        for put, record in zip(counted.put_in, hand.deals, strict=True):
            assert put == dict(record.contributions), hand.text
            assert record.carried_in == carried
            assert record.pot == carried + sum(put.values())
            carried = record.pot
        total = {name: sum((put[name] for put in counted.put_in), ZERO) for name in hand.header.seats}
        assert total == dict(hand.put_in)


def test_a_deal_ends_passed_out_only_when_nobody_bet_and_then_the_next_deal_follows() -> None:
    for hand in corpus():
        for record, events in zip(hand.deals, deals_of(parse_log(hand.text)), strict=True):
            betting = [e for e in events if isinstance(e, ev.Bet | ev.Open | ev.Raise | ev.AllIn)]
            assert (record.outcome == "passed-out") == (not betting)
        assert hand.outcome != "passed-out"
        assert all(record.outcome == "passed-out" for record in hand.deals[:-1])


def test_the_corpus_has_the_situations_a_referee_meets() -> None:
    seen: Counter[str] = Counter()
    for hand in corpus():
        seen[hand.outcome] += 1
        seen[str(hand.header.limit.kind) if hand.header.limit else ""] += 1
        seen["several deals"] += len(hand.deals) > 1
        seen["ante by dealer"] += bool(hand.header.ante and hand.header.ante.by_dealer)
        seen["quoted name"] += "Aunt May" in hand.header.seats
        seen["all in"] += any(isinstance(e, ev.AllIn) for e in hand.events)
        seen["raise"] += any(isinstance(e, ev.Raise) for e in hand.events)
        seen["stands pat"] += any(isinstance(e, ev.StandPat) for e in hand.events)
        last = hand.deals[-1]
        contributions = {last.contributions[name] for name in last.live}
        seen["side pot"] += hand.outcome == "showdown" and len(contributions) > 1
    for situation in ("showdown", "uncontested", "several deals", "ante by dealer", "quoted name", "all in"):
        assert seen[situation] >= 5, situation
    limits = [kind.value for kind in LimitKind if kind is not LimitKind.NO_LIMIT]
    for situation in ("raise", "stands pat", "side pot", *limits):
        assert seen[situation] >= 5, situation


# --- rulebooks ----------------------------------------------------------------------------------

HOUSE = """
id: house
title: House rules
extends: scarne
game:
  betting: {check_raise: false}
  passed_out: {next_dealer: same, ante_again: false}
"""


def test_a_house_rulebook_changes_how_the_simulator_plays() -> None:
    book = load_text(HOUSE, "house.yaml")
    hands = simulate_hands(60, 5, game="jacks-or-better", rulebook=book)
    assert any(len(hand.deals) > 1 for hand in hands)
    for hand in hands:
        assert hand.header.rulebook is None  # a rulebook object has no name a log could use
        assert {record.dealer for record in hand.deals} == {hand.header.dealer}
        assert sum(isinstance(event, ev.Antes) for event in hand.events) == 1
        for events in deals_of(parse_log(hand.text)):
            checked: set[str] = set()
            for event in events:
                if isinstance(event, ev.DrawPhase):
                    checked = set()
                elif isinstance(event, ev.Check):
                    checked.add(event.player)
                elif isinstance(event, ev.Raise):
                    assert event.player not in checked  # no check-raise in this house


def test_a_rulebook_named_is_written_in_the_header() -> None:
    hand = simulate_hands(1, 2, rulebook="pagat")[0]
    assert hand.header.rulebook == "pagat" and "rulebook: pagat" in hand.lines


def test_games_the_simulator_cannot_deal_are_refused() -> None:
    with pytest.raises(SimulationError, match="not a game"):
        simulate(1, 0, game="five-card-stud")
    with pytest.raises(SimulationError, match="blinds"):
        simulate(1, 0, game="seven-card-draw")
    with pytest.raises(SimulationError, match="cards do not speak"):
        simulate(1, 0, game="deuces-wild", rulebook="pagat")
    with pytest.raises(SimulationError):
        simulate(-1, 0)
    assert "deuces-wild" not in playable_games("pagat")
    assert set(playable_games()) == set(GAMES)


JACKPOT = """
id: jackpot-house
title: Jacks with a jackpot limit
extends: scarne
source: {file: jackpot.yaml, edition: house}
game:
  betting: {jackpot_limit: true}
"""

SPOKEN = """
id: spoken-house
title: Hands are declared
extends: scarne
source: {file: spoken.yaml, edition: house}
game:
  showdown: {cards_speak: false}
"""


def test_a_jackpot_limit_house_book_is_dealt_and_its_logs_are_clean(tmp_path: Path) -> None:
    # Issue 26: `rulebook check` called this book ok, and simulate ended on an IndexError (no game
    # was left to deal). A jackpot limit only lets a bet be larger; the simulator's bets are clean.
    (tmp_path / "jackpot.yaml").write_text(JACKPOT, encoding="utf-8")
    book = str(tmp_path / "jackpot.yaml")
    result = runner.invoke(app, ["simulate", "-n", "1", "--seed", "4", "-r", book])
    assert result.exit_code == 0, result.output
    text = result.stdout.split("\n", 1)[1]
    assert "rulebook: jackpot-house" in text.splitlines()  # its id, never the path
    ruled = runner.invoke(app, ["rule", "-", "-r", book, "--json"], input=text)
    assert ruled.exit_code == 0, ruled.output
    assert json.loads(ruled.stdout)["rulings"] == []


def test_a_house_book_with_no_game_to_deal_is_a_clear_error(tmp_path: Path) -> None:
    (tmp_path / "spoken.yaml").write_text(SPOKEN, encoding="utf-8")
    assert playable_games(load_text(SPOKEN, "spoken.yaml")) == []
    with pytest.raises(SimulationError, match="none of its games"):
        simulate(1, 0, rulebook=load_text(SPOKEN, "spoken.yaml"))
    result = runner.invoke(app, ["simulate", "-r", str(tmp_path / "spoken.yaml")])
    assert result.exit_code == 2
    assert "cards do not speak" in result.output and "Traceback" not in result.output


# --- the command line ---------------------------------------------------------------------------

runner = CliRunner()


def test_simulate_prints_logs_separated_by_a_marker() -> None:
    result = runner.invoke(app, ["simulate", "--hands", "3", "--seed", "5"])
    assert result.exit_code == 0, result.output
    parts = result.stdout.split("# --- hand ")
    assert parts[0] == ""
    texts = [part.split("\n", 1)[1] for part in parts[1:]]
    assert texts == simulate(3, 5)


def test_simulate_writes_numbered_files(tmp_path: Path) -> None:
    folder = tmp_path / "logs"
    arguments = ["simulate", "-n", "3", "--seed", "9", "--game", "lowball", "-o", str(folder)]
    result = runner.invoke(app, arguments)
    assert result.exit_code == 0, result.output
    names = sorted(path.name for path in folder.iterdir())
    assert names == ["hand-0001.log", "hand-0002.log", "hand-0003.log"]
    written = [(folder / name).read_text(encoding="utf-8") for name in names]
    assert written == simulate(3, 9, game="lowball")


def test_simulate_with_an_unknown_game_is_a_usage_error() -> None:
    result = runner.invoke(app, ["simulate", "--game", "five-card-stud"])
    assert result.exit_code == 2
    assert "jacks-or-better" in result.output


def test_simulate_with_an_unknown_rulebook_is_invalid_input() -> None:
    result = runner.invoke(app, ["simulate", "--rulebook", "no-such-book"])
    assert result.exit_code == 1
    assert "Traceback" not in result.output
