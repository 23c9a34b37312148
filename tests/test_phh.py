"""PHH (Poker Hand History) in and out, and PokerKit as an outside oracle.

* Round trips: log -> PHH -> log gives the same events and the same JSON result, over every
  scenario log (the clean ones exactly; the irregular ones too, but for the line numbers and the
  written text a ruling quotes) and 1,000 simulated hands.
* The spec's own F2L3D example imports and rules to the final stacks PokerKit documents; an
  N2L1D hand from PokerKit's WSOP tests imports and rules to the stacks that test asserts.
* PokerKit (a test-only dependency) replays every exported clean hand it can play to the same
  nets; the N2L1D and F2L3D hands it deals and plays itself import and rule to its final stacks;
  and its high, 2-7 and A-5 hand classes order 100,000 random pairs as ours do.
"""

from __future__ import annotations

import json
import random
import re
import tomllib
import warnings
from collections import Counter
from dataclasses import dataclass
from decimal import Decimal
from functools import cache
from pathlib import Path
from typing import Any, ClassVar

import pytest
from typer.testing import CliRunner

from referee.cards import STANDARD_52, Card
from referee.cli import app
from referee.engine import play_config, rule_log
from referee.events import AllIn, Bet, Call, Check, Draw, DrawPhase, Fold, HandLog, NewDeal, Open, Raise
from referee.hands import Ranking, compare, evaluate
from referee.importer import HistoryError, detect_format, import_text
from referee.importer.phh_read import parse
from referee.importer.phh_write import phh_order, shape_of, to_phh
from referee.log import parse_log
from referee.rulebook import load_rulebook
from referee.rulebook.games import effective_game
from referee.rulebook.load import rulebook_for_log
from referee.rulebook.model import Rulebook
from referee.ruling import Result
from referee.simulate import simulate_hands

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "tests" / "data" / "phh"
SCENARIOS = sorted((ROOT / "scenarios").rglob("*.log"))
SIMULATED = 1_000
HEADER = "game: draw\nseats: Ann, Bob\ndealer: Bob\nante: 1\nlimit: 2/4\n\n"
PAIRS = 100_000


@dataclass(frozen=True)
class Trip:
    """One log taken to PHH and back."""

    name: str
    text: str
    log: HandLog
    book: Rulebook
    result: Result
    phh: str
    back: str
    back_log: HandLog
    back_result: Result
    warnings: tuple[str, ...]


def round_trip(text: str, name: str, folder: Path | None = None) -> Trip:
    log = parse_log(text, name)
    book = rulebook_for_log(log.header.rulebook, None, folder, log_file=name)
    result = rule_log(log, text, book)
    phh = to_phh(log, text, book, result)
    report = parse(phh, f"{name}.phh")
    assert not report.skipped and len(report.hands) == 1
    hand = report.hands[0]
    back = parse_log(hand.log, f"{name} (back)")
    return Trip(
        name, text, log, book, result, phh, hand.log, back, rule_log(back, hand.log, book), hand.warnings
    )


def as_json(result: Result, *, lines: bool = True) -> str:
    data = result.as_json()
    # Each event line as written, and what it did: the log written back from PHH spells and places
    # its lines anew, so only what they did is compared.
    data["lines"] = [(line["status"], line["reason"]) for line in data["lines"]]  # type: ignore[union-attr]
    if not lines:  # a ruling quotes the line number and the line as written; those may change
        data["rulings"] = [
            {key: value for key, value in ruling.items() if key not in ("line", "event")}
            for ruling in data["rulings"]
        ]
        if "divergence" in data:  # where the log left the rulebook's course: a line, as a ruling's
            data["divergence"] = {k: v for k, v in data["divergence"].items() if k not in ("line", "event")}
    text = json.dumps(data, sort_keys=True, default=str)
    # An explanation that names a line ("folded at line 16") moves with the lines, too.
    return text if lines else re.sub(r"\b([Ll]ines?) \d+(?:-\d+)?", r"\1 N", text)


@pytest.fixture(scope="module")
def scenario_trips() -> list[Trip]:
    return [round_trip(path.read_text(encoding="utf-8"), str(path), path.parent) for path in SCENARIOS]


@pytest.fixture(scope="module")
def simulated_trips() -> list[Trip]:
    return [round_trip(hand.text, f"simulated-{hand.number}") for hand in simulate_hands(SIMULATED, seed=15)]


# --- round trips ---------------------------------------------------------------------------------


def test_clean_scenario_logs_round_trip(scenario_trips: list[Trip]) -> None:
    clean = [trip for trip in scenario_trips if not trip.result.rulings]
    assert clean, "some scenario logs have no irregularity"
    for trip in clean:
        assert trip.back_log.events == trip.log.events, trip.name
        assert as_json(trip.back_result) == as_json(trip.result), trip.name
        assert not trip.warnings, trip.name


def test_irregular_scenario_logs_round_trip_too(scenario_trips: list[Trip]) -> None:
    """Irregular facts travel as no-op commentaries: the same events and rulings come back."""
    irregular = [trip for trip in scenario_trips if trip.result.rulings]
    assert len(irregular) > 50
    for trip in irregular:
        assert trip.back_log.events == trip.log.events, trip.name
        assert as_json(trip.back_result, lines=False) == as_json(trip.result, lines=False), trip.name
        document = tomllib.loads(trip.phh, parse_float=Decimal)
        assert document["_log"] == trip.text
        assert [ruling["rule"] for ruling in document["_rulings"]] == [r.rule for r in trip.result.rulings]
        assert "irregularit" in trip.phh.split("variant =")[0]


def test_simulated_hands_round_trip(simulated_trips: list[Trip]) -> None:
    assert len(simulated_trips) == SIMULATED
    for trip in simulated_trips:
        assert not trip.result.rulings, trip.name
        assert trip.back_log.events == trip.log.events, trip.name
        assert trip.back_log.header == trip.log.header, trip.name
        assert as_json(trip.back_result) == as_json(trip.result), trip.name
        assert not trip.warnings, trip.name


def test_exported_files_are_plain_toml_with_exact_amounts() -> None:
    text = (
        "game: draw\nseats: Ann, Bob\ndealer: Bob\nante: 0.10\nlimit: 0.25/0.50\n"
        "stacks: Ann 5.00, Bob 7.5\n\nantes\ndeal\nAnn bets 0.25\nBob raises 0.25\nAnn calls\n"
        "draw\nAnn draws 1\nBob stands pat\nAnn checks\nBob bets 0.50\nAnn folds\n"
    )
    trip = round_trip(text, "cents")
    document = tomllib.loads(trip.phh)  # any TOML reader reads it (floats there are binary)
    assert document["variant"] == "_FHI1D"
    exact = tomllib.loads(trip.phh, parse_float=Decimal)
    assert exact["antes"] == [Decimal("0.10"), Decimal("0.10")]
    assert exact["starting_stacks"] == [Decimal("5.00"), Decimal("7.5")]
    assert "p2 cbr 0.50 # Bob raises 0.25" in exact["actions"]
    assert re.search(r"^antes = \[0\.10, 0\.10\]$", trip.phh, re.M)
    assert "stacks: Ann 5.00, Bob 7.5" in trip.back
    assert trip.back_log.events == trip.log.events
    assert as_json(trip.back_result) == as_json(trip.result)
    assert exact["_net"] == [Decimal("-0.60"), Decimal("0.60")]


def test_five_card_draw_code_is_marked_as_not_standard() -> None:
    trip = round_trip(
        HEADER + "antes\ndeal\nAnn checks\nBob checks\n",
        "d",
    )
    head = trip.phh.split("variant =")[0]
    assert "NOT STANDARD" in head and "'_FHI1D'" in head
    assert tomllib.loads(trip.phh)["_game"] == "draw"


def test_two_to_seven_no_limit_gets_the_standard_code() -> None:
    text = (
        "game: deuce-to-seven\nseats: Ann, Bob, Cy\ndealer: Cy\nlimit: no-limit\n"
        "stacks: Ann 100, Bob 100, Cy 100\n\n"
        "Ann posts small blind 1\nBob posts big blind 2\ndeal\nCy raises to 6\nAnn folds\nBob calls\n"
        "draw\nBob draws 1\nCy stands pat\nBob checks\nCy bets 10\nBob folds\n"
    )
    trip = round_trip(text, "n2l1d")
    document = tomllib.loads(trip.phh)
    assert document["variant"] == "N2L1D"
    assert document["min_bet"] == 2 and document["blinds_or_straddles"] == [1, 2, 0]
    assert "NOT STANDARD" not in trip.phh
    assert document["finishing_stacks"] == [99, 94, 107]
    assert trip.back_log.events == trip.log.events


# --- the standard's examples ---------------------------------------------------------------------


def import_and_rule(path: Path) -> tuple[Result, list[Decimal]]:
    """The imported hand's result under scarne, and each player's stack at the end."""
    text = path.read_text(encoding="utf-8")
    assert detect_format(text) == "phh"
    (hand,) = import_text(text, str(path)).hands
    log = parse_log(hand.log, str(path))
    result = rule_log(log, hand.log, load_rulebook("scarne", for_play=True))
    stacks = dict(log.header.stacks)
    return result, [stacks[name] + result.net.get(name, Decimal(0)) for name in log.header.seats]


def test_the_spec_f2l3d_example_rules_to_the_documented_final_stacks() -> None:
    result, finishing = import_and_rule(DATA / "f2l3d-yockey-arieh.phh")
    assert not result.rulings
    assert result.outcome == "showdown"
    assert finishing == [0, 4190000, 5910000, 12095000]  # PokerKit's documentation of the hand


def test_an_n2l1d_hand_imports_and_rules_to_its_final_stacks() -> None:
    path = DATA / "n2l1d-wsop-2023-43.phh"
    result, finishing = import_and_rule(path)
    assert not result.rulings
    assert finishing == tomllib.loads(path.read_text(encoding="utf-8"))["finishing_stacks"]


def test_foreign_commentary_becomes_comments_and_players_keep_their_names() -> None:
    (hand,) = import_text((DATA / "f2l3d-yockey-arieh.phh").read_text(encoding="utf-8"), "x.phh").hands
    assert 'seats: "Bryce Yockey", "Phil Hui", "John Esposito", "Josh Arieh"' in hand.log
    assert "title: 2019 WSOP Event No. 58" in hand.log
    assert '"Josh Arieh" discards As Qs, draws 2h Qh' in hand.log


def test_a_phhs_file_gives_one_log_per_hand_and_names_the_hand_it_skips() -> None:
    one = (DATA / "n2l1d-wsop-2023-43.phh").read_text(encoding="utf-8")
    text = f"[1]\n{one}\n[2]\nvariant = 'FB'\nantes = [0, 0]\nstarting_stacks = [5, 5]\nactions = []\n"
    report = import_text(text, "night.phhs")
    assert [hand.hand_id for hand in report.hands] == ["1"]
    (skipped,) = report.skipped
    assert skipped.hand_id == "2" and "badugi" in skipped.reason
    assert skipped.line == text.split("\n").index("[2]") + 2  # its variant line


def test_what_pokerkit_writes_imports_as_the_original_does() -> None:
    pokerkit = pytest.importorskip("pokerkit")
    original = (DATA / "f2l3d-yockey-arieh.phh").read_text(encoding="utf-8")
    rewritten = pokerkit.HandHistory.loads(original).dumps()  # PokerKit's own writing: 'single quotes'
    (mine,) = import_text(original, "a.phh").hands
    (theirs,) = import_text(rewritten, "b.phh").hands
    assert parse_log(theirs.log).events == parse_log(mine.log).events


# --- what import refuses, and how ----------------------------------------------------------------


def problem_of(text: str) -> str:
    with pytest.raises(HistoryError) as caught:
        import_text(text, "bad.phh")
    return caught.value.problems[0].render()


def test_import_errors_name_file_line_and_column() -> None:
    shown = problem_of('variant = "N2L1D"\nantes = [0, 0\n')
    assert shown.startswith("bad.phh:2:") and "not valid TOML" in shown
    assert "bad.phh:1:1" in problem_of('variant = "FB"\nantes = [0, 0]\n') and "badugi" in problem_of(
        'variant = "FB"\n'
    )
    base = (
        'variant = "N2L1D"\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\n'
        "starting_stacks = [10, 10]\n"
    )
    shown = problem_of(base + 'actions = [\n  "d dh p1 AsKsQsJsTs",\n  "p7 f",\n]\n')
    assert shown.startswith("bad.phh:8:4") and "'p7' is not a player here" in shown
    shown = problem_of(base + 'actions = ["d db AsKsQs"]\n')
    assert "draw games have no board" in shown
    shown = problem_of(base + 'actions = ["d dh p1 AsXx"]\n')
    assert "bad.phh:6:" in shown


def test_a_tampered_action_is_read_from_the_standard_part() -> None:
    trip = round_trip(
        HEADER + "antes\ndeal\nAnn bets 2\nBob calls\n",
        "t",
    )
    tampered = trip.phh.replace('"p1 cbr 2 # Ann bets 2"', '"p1 cbr 3 # Ann bets 2"')
    (hand,) = parse(tampered, "t.phh").hands
    assert "Ann bets 3" in hand.log
    assert any(
        "action" in warning and "rebuilt from the standard actions" in warning for warning in hand.warnings
    )


def test_antes_that_disagree_with_the_log_lines_are_read_from_the_standard_part() -> None:
    trip = round_trip(HEADER + "antes\ndeal\nAnn checks\nBob checks\n", "a")
    (hand,) = parse(trip.phh.replace("antes = [1, 1]", "antes = [2, 2]"), "a.phh").hands
    assert "ante: 2" in hand.log
    assert any("antes or blinds" in warning for warning in hand.warnings)


def test_an_unreadable_commentary_becomes_a_comment() -> None:
    trip = round_trip(HEADER + "antes\ndeal\nAnn checks\nBob checks\n", "u")
    (hand,) = parse(trip.phh.replace('"p1 cc # Ann checks"', '"p1 cc # Ann wobbles"'), "u.phh").hands
    assert "Ann checks" in hand.log and "# Ann wobbles" in hand.log
    assert any("not a log line" in warning for warning in hand.warnings)


# --- the command line -----------------------------------------------------------------------------


def test_cli_export_and_import(tmp_path: Path) -> None:
    log = tmp_path / "hand.log"
    log.write_text(
        "game: jacks-or-better\nseats: Ann, Bob, Cy\ndealer: Cy\nante: 1\nlimit: 2/4\n\nantes\ndeal\n"
        "Ann opens 2\nBob calls\nCy folds\ndraw\nAnn draws 1\nBob draws 3\nAnn bets 4\nBob folds\n",
        encoding="utf-8",
    )
    runner = CliRunner()
    out = tmp_path / "hand.phh"
    done = runner.invoke(app, ["export", str(log), "--phh", "-o", str(out)])
    assert done.exit_code == 0, done.output
    assert 'variant = "_FHI1D"' in out.read_text(encoding="utf-8")
    printed = runner.invoke(app, ["export", str(log), "--phh"])
    assert printed.exit_code == 0 and printed.stdout == out.read_text(encoding="utf-8")
    back = runner.invoke(app, ["import", str(out)])
    assert back.exit_code == 0, back.output
    assert parse_log(back.stdout).events == parse_log(log.read_text(encoding="utf-8")).events
    assert runner.invoke(app, ["export", str(log)]).exit_code == 2
    bad = tmp_path / "bad.phh"
    bad.write_text('variant = "N2L1D"\nantes = [\n', encoding="utf-8")
    failed = runner.invoke(app, ["import", str(bad)])
    assert failed.exit_code == 1 and "Traceback" not in failed.output and "bad.phh:" in failed.output


# --- PokerKit as the oracle -----------------------------------------------------------------------

POKERKIT_GAMES = frozenset(
    (
        "draw",
        "jacks-or-better",
        "pass-and-out",
        "lowball",
        "lowball-triple",
        "deuce-to-seven",
        "deuce-to-seven-triple",
    )
)
"""Our games PokerKit has a class for (a plain pack, five cards): the rest are refused up front."""
BIG_STACK = 10**12
"""PokerKit's stack for a player the log gives none (as the benchmark does: nobody is ever all in)."""


@cache
def kit_history() -> Any:
    """PokerKit's HandHistory, taught our own draw codes (the variant's shape, PokerKit's classes)."""
    pokerkit = pytest.importorskip("pokerkit")
    hands = {"HI": pokerkit.StandardHighHand, "2L": pokerkit.StandardLowHand, "AL": pokerkit.RegularLowHand}
    structures = {
        "F": pokerkit.FixedLimitPokerMixin,
        "N": pokerkit.NoLimitPokerMixin,
        "P": pokerkit.PotLimitPokerMixin,
    }

    def game(structure: str, family: str, draws: int) -> type:
        class Game(structures[structure], pokerkit.Poker):
            deck = pokerkit.Deck.STANDARD
            hand_types = (hands[family],)
            hole_dealing_count = 5
            max_completion_betting_or_raising_count = None  # the log's rulebook caps raises

            def __init__(self, automations: Any, ante_trimming_status: bool, raw_antes: Any,
                         raw_blinds_or_straddles: Any, small_bet: Any = None, big_bet: Any = None,
                         min_bet: Any = None, **options: Any) -> None:  # fmt: skip
                if structure == "F":
                    small_rounds = 2 if draws == 3 else 1
                    sizes = [small_bet if n < small_rounds else big_bet for n in range(draws + 1)]
                else:
                    sizes = [min_bet] * (draws + 1)
                streets = tuple(
                    pokerkit.Street(
                        n > 0, () if n else (False,) * 5, 0, n > 0, pokerkit.Opening.POSITION, size, None
                    )
                    for n, size in enumerate(sizes)
                )
                pokerkit.Poker.__init__(
                    self,
                    automations,
                    streets,
                    ante_trimming_status,
                    raw_antes,
                    raw_blinds_or_straddles,
                    0,
                    **options,
                )

        return Game

    codes = {f"_{s}{f}{d}D": (s, f, d) for s in "FNP" for f in hands for d in (1, 3)}
    fields_fixed = (
        "variant",
        "antes",
        "blinds_or_straddles",
        "small_bet",
        "big_bet",
        "starting_stacks",
        "actions",
    )
    fields_open = ("variant", "antes", "blinds_or_straddles", "min_bet", "starting_stacks", "actions")

    class History(pokerkit.HandHistory):
        game_types: ClassVar[dict[str, type]] = {
            **pokerkit.HandHistory.game_types,
            **{code: game(*shape) for code, shape in codes.items()},
        }
        required_field_names: ClassVar[dict[str, tuple[str, ...]]] = {
            **pokerkit.HandHistory.required_field_names,
            **{code: fields_fixed if shape[0] == "F" else fields_open for code, shape in codes.items()},
        }

    return History


def kit_nets(phh: str, players: tuple[str, ...]) -> dict[str, Decimal] | str:
    """Each player's net as PokerKit plays the file's standard part, or why PokerKit cannot play it.

    No repairs: an action PokerKit refuses is a refusal (its own reader would invent checks).
    """
    history = kit_history()  # skips the test when PokerKit is not installed
    from pokerkit import parse_action, parse_value

    document = tomllib.loads(phh, parse_float=parse_value)
    document["starting_stacks"] = [
        BIG_STACK if isinstance(stack, Decimal) and stack.is_infinite() else stack
        for stack in document["starting_stacks"]
    ]
    state = history(**history._filter_non_fields(**document)).create_state()
    for action in document["actions"]:
        while state.can_burn_card():
            state.burn_card("??")
        try:
            parse_action(state, action, parse_value)
        except ValueError as error:
            words = action.partition("#")[0].split()
            return f"{' '.join(words[1:2])}: {re.sub(r'[0-9.]+', 'N', str(error))[:70]}"
    if state.status:
        return "the hand is not over"
    return {
        name: Decimal(end) - Decimal(start)
        for name, start, end in zip(players, document["starting_stacks"], state.stacks, strict=True)
    }


def playable_by_pokerkit(trip: Trip) -> str | None:
    """Why PokerKit's games cannot be this hand (None when they can): the rules where they differ."""
    shape = shape_of(trip.log, trip.book)
    game = trip.log.header.game or str(trip.book.default_game)
    config = play_config(effective_game(trip.book, game), trip.log, game)
    if trip.result.rulings or str(trip.result.outcome) in ("unfinished", "misdeal"):
        return "not a clean finished hand"
    if shape.structure == "S" or not shape.plain or game not in POKERKIT_GAMES:
        return "a game or structure PokerKit does not have"
    if any(isinstance(event, NewDeal) for event in trip.log.events):
        return "several deals"
    if config.opener_speaks_first and opener_out_of_position(trip):
        return "the opener speaks first after the draw; PokerKit starts left of the dealer"
    if config.pass_and_out or config.pass_and_out_after:
        return "pass and out: a check is a fold"
    if any(isinstance(event, AllIn) for event in trip.log.events):
        return "an all in: PokerKit caps a bet at what the others can call, and a short all in never reopens"
    if any(
        isinstance(event, Draw) and event.discards and len(event.discards) != event.count
        for event in trip.log.events
    ):
        return "a hand left short or long by the draw, which nobody noticed: PokerKit replaces card for card"
    return None


def opener_out_of_position(trip: Trip) -> bool:
    """After a draw, the first to bet is not the first live player left of the dealer."""
    order = phh_order(trip.log)
    folded: set[str] = set()
    after_draw = False
    for event in trip.log.events:
        if isinstance(event, DrawPhase):
            after_draw = True
        elif isinstance(event, Check | Bet | Open | Call | Raise | Fold) and after_draw:
            if event.player != next(name for name in order if name not in folded):
                return True
            after_draw = False
        if isinstance(event, Fold):
            folded.add(event.player)
    return False


def test_pokerkit_replays_every_exported_clean_hand_to_the_same_nets(
    simulated_trips: list[Trip], scenario_trips: list[Trip]
) -> None:
    kit_history()
    played: Counter[str] = Counter()
    refused: Counter[str] = Counter()
    for trip in [*simulated_trips, *scenario_trips]:
        if playable_by_pokerkit(trip) is not None:
            continue
        document = tomllib.loads(trip.phh)
        nets = kit_nets(trip.phh, tuple(document["players"]))
        if isinstance(nets, str):
            refused[nets] += 1
            continue
        ours = {name: trip.result.net.get(name, Decimal(0)) for name in document["players"]}
        assert nets == ours, (trip.name, trip.text)
        played[document["variant"]] += 1
    assert not refused, refused
    assert sum(played.values()) >= 250, played
    assert {"N2L1D", "_FHI1D", "_NHI1D", "_PHI1D", "_F2L1D", "_FAL1D"} <= set(played), played


@pytest.mark.parametrize("name", ["f2l3d-yockey-arieh.phh", "n2l1d-wsop-2023-43.phh"])
def test_pokerkit_plays_the_examples_and_our_export_of_them_alike(name: str) -> None:
    """PokerKit plays the example as printed, and our export of the imported log, to the stacks we rule."""
    path = DATA / name
    result, finishing = import_and_rule(path)
    text = path.read_text(encoding="utf-8")
    document = tomllib.loads(text)
    players = tuple(
        document.get("players", [f"p{n}" for n in range(1, len(document["starting_stacks"]) + 1)])
    )
    theirs = kit_nets(text, players)
    assert not isinstance(theirs, str), theirs
    assert [
        start + theirs[name] for name, start in zip(players, document["starting_stacks"], strict=True)
    ] == finishing
    (hand,) = import_text(text, str(path)).hands
    log = parse_log(hand.log, name)
    exported = to_phh(log, hand.log, load_rulebook("scarne", for_play=True))
    assert tomllib.loads(exported)["variant"] == document["variant"]
    again = kit_nets(exported, players)
    assert again == theirs
    assert {name: result.net.get(name, Decimal(0)) for name in players} == theirs


def kit_random_hand(rng: random.Random, code: str) -> tuple[str, list[Decimal]] | None:
    """A random hand PokerKit plays itself (N2L1D or F2L3D), as PokerKit writes it in PHH, and its
    final stacks; None when PokerKit had to reshuffle discards of the same round (a pack that
    imperfect is an irregularity to us). At most a bet and a raise a round: every rulebook's cap."""
    pokerkit = pytest.importorskip("pokerkit")
    auto = pokerkit.Automation
    automations = (auto.ANTE_POSTING, auto.BET_COLLECTION, auto.BLIND_OR_STRADDLE_POSTING, auto.CARD_BURNING,
                   auto.HAND_KILLING, auto.CHIPS_PUSHING, auto.CHIPS_PULLING)  # fmt: skip
    count = rng.randint(2, 5)
    stacks = [rng.randrange(10, 200) * 2 for _ in range(count)]
    if code == "F2L3D":
        game = pokerkit.FixedLimitDeuceToSevenLowballTripleDraw(
            automations, True, 0, (1, 2), 2, 4, mode=pokerkit.Mode.CASH_GAME
        )
    else:
        game = pokerkit.NoLimitDeuceToSevenLowballSingleDraw(
            automations, True, 0, (1, 2), 2, mode=pokerkit.Mode.CASH_GAME
        )
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        state = game(stacks, count)
        street, raises = None, 0
        while state.status:
            if state.can_deal_hole():
                state.deal_hole()
            elif state.can_stand_pat_or_discard():
                hole = state.hole_cards[state.stand_patter_or_discarder_index]
                state.stand_pat_or_discard(rng.sample(hole, rng.choice([0, 0, 1, 1, 2, 3])))
            elif state.can_show_or_muck_hole_cards():
                state.show_or_muck_hole_cards(True)
            else:
                if state.street_index != street:
                    street, raises = state.street_index, 0
                roll = rng.random()
                if roll < 0.15 and state.checking_or_calling_amount and state.can_fold():
                    state.fold()
                elif roll < 0.45 and raises < 2 and state.can_complete_bet_or_raise_to():
                    low = state.min_completion_betting_or_raising_to_amount
                    high = state.max_completion_betting_or_raising_to_amount
                    shove = code == "N2L1D" and rng.random() < 0.4
                    state.complete_bet_or_raise_to(rng.choice([high, (low + high) // 2]) if shove else low)
                    raises += 1
                else:
                    state.check_or_call()
    if any("reserved" in str(warning.message) for warning in caught):
        return None
    return pokerkit.HandHistory.from_game_state(game, state).dumps(), [
        Decimal(stack) for stack in state.stacks
    ]


def test_hands_pokerkit_plays_itself_import_and_rule_to_its_final_stacks() -> None:
    """PokerKit deals and plays random N2L1D and F2L3D hands and writes them; each imports, rules
    clean (scarne) to PokerKit's final stacks, and our export of it plays in PokerKit to them again."""
    rng = random.Random("phh-pokerkit-plays")
    book = load_rulebook("scarne", for_play=True)
    played: Counter[str] = Counter()
    for number in range(160):
        code = ("N2L1D", "F2L3D")[number % 2]
        made = kit_random_hand(rng, code)
        if made is None:
            continue
        text, final = made
        (hand,) = import_text(text, f"{code}-{number}.phh").hands
        log = parse_log(hand.log, hand.hand_id)
        result = rule_log(log, hand.log, book)
        assert not result.rulings, (text, hand.log, result.rulings)
        stacks = dict(log.header.stacks)
        assert [stacks[name] + result.net.get(name, Decimal(0)) for name in log.header.seats] == final, text
        players = tuple(log.header.seats)
        nets = kit_nets(to_phh(log, hand.log, book, result), players)
        assert not isinstance(nets, str), nets
        assert [stacks[name] + nets[name] for name in players] == final, text
        played[code] += 1
    assert min(played.values()) >= 70, played


# --- hand classes ---------------------------------------------------------------------------------


RANKS = "23456789TJQKA"
CARD = {repr(card): card for card in STANDARD_52}
WINDOWS = [tuple(CARD[r + s] for r in RANKS[i : i + 6] for s in "cdhs") for i in range(len(RANKS) - 5)]
SUITED = [tuple(CARD[r + s] for r in RANKS) for s in "cdhs"]


def random_hands(rng: random.Random, count: int) -> list[tuple[Card, ...]]:
    """Random five-card hands, a third from the full pack, the rest from narrow packs (six ranks
    in a row, one suit, three ranks) so that straights, flushes, full houses and quads are common;
    one hand in ten is the one before it with its suits swapped round, so that ties are common too."""
    hands: list[tuple[Card, ...]] = []
    for number in range(count):
        kind = number % 6
        if hands and number % 10 == 9:
            swap = dict(zip("cdhs", rng.sample("cdhs", 4), strict=True))
            hands.append(tuple(CARD[repr(card)[0] + swap[repr(card)[1]]] for card in hands[-1]))
            continue
        if kind < 2:
            pack = STANDARD_52
        elif kind < 4:
            pack = rng.choice(WINDOWS)
        elif kind == 4:
            pack = rng.choice(SUITED)
        else:
            pack = tuple(CARD[r + s] for r in rng.sample(RANKS, 3) for s in "cdhs")
        hands.append(tuple(rng.sample(pack, 5)))
    return hands


@pytest.mark.parametrize(
    ("ranking", "kit_class"),
    [("high", "StandardHighHand"), ("deuce-to-seven", "StandardLowHand"), ("ace-to-five", "RegularLowHand")],
)
def test_pokerkit_hand_classes_order_random_pairs_as_ours(ranking: str, kit_class: str) -> None:
    pokerkit = pytest.importorskip("pokerkit")
    kit: Any = getattr(pokerkit, kit_class)
    ours = Ranking.named(ranking)
    hands = random_hands(random.Random(f"phh-{ranking}"), PAIRS + 1)
    cards = {card: next(pokerkit.Card.parse(repr(card))) for card in STANDARD_52}
    kit_cards = [tuple(cards[card] for card in hand) for hand in hands]
    for index in range(2_000):  # PokerKit's hand objects and operators, on the first pairs
        first, second = kit(kit_cards[index]), kit(kit_cards[index + 1])
        mine = compare(hands[index], hands[index + 1], ours)
        assert (first > second) - (first < second) == mine, (ranking, hands[index], hands[index + 1])
    # All 100,000 pairs (pair k is hands k and k + 1) by the entries those operators compare, each
    # looked up once in the class's own table (``Hand.entry``); a low class orders them the other way.
    entries = [kit.lookup.get_entry(hand) for hand in kit_cards]
    values = [evaluate(hand, ours) for hand in hands]  # what ``compare`` compares
    sign = -1 if kit.low else 1
    outcomes: Counter[int] = Counter()
    for index in range(PAIRS):
        first, second = entries[index], entries[index + 1]
        theirs = sign * ((first > second) - (first < second))
        mine = (values[index] > values[index + 1]) - (values[index] < values[index + 1])
        assert mine == theirs, (ranking, hands[index], hands[index + 1])
        outcomes[mine] += 1
    assert outcomes[0] > 5_000 and outcomes[1] > 30_000 and outcomes[-1] > 30_000, outcomes
