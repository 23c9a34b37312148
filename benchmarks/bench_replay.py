"""Whole hands per second: parse + replay + settle over generated logs, next to PokerKit.

    python benchmarks/bench_replay.py [--hands 10000] [--seed 20240611] [--repeat 5] [--cpu 0]

Generates ``--hands`` random legal logs with ``simulate_hands`` (not timed), then times, for all
of them, on one core:

* end to end: ``parse_log`` + ``load_rulebook`` (cached) + ``rule_log`` (which replays and settles);
* parse only: ``parse_log``;
* replay only: ``rule_log`` on the already parsed logs.

Then, when ``pokerkit`` is importable (install it in a separate virtualenv, never in the project's:
``python3 -m venv /tmp/benchvenv && /tmp/benchvenv/bin/pip install -e . pokerkit``), it replays the
generated hands that map onto a PokerKit game through PokerKit's own state machine: fixed-limit
five-card draw (``game: draw`` or ``jacks-or-better``, ``limit: a/b``), antes by everyone or by
the dealer (PokerKit's "button ante"), a single deal, no table stakes (everyone gets a big stack),
and a betting order PokerKit can follow (it always starts the betting after the draw with the first
live player left of the dealer). The PokerKit game is the recipe of /work/shared/BENCHMARKS.md:
a fixed-limit single-draw class (``FixedLimitPokerMixin`` + ``SingleDraw``) with the standard
deck, ``StandardHighHand``, five hole cards and antes only — with a small bet before the draw and
a big bet after it, which PokerKit's ``SingleDraw`` (one bet size) does not take, so the class
builds its two streets itself.

Every mapped hand is first replayed once and its net per player compared with ours; then the
PokerKit replays are timed (building the game and the state included; reading our log text and
parsing card strings excluded — the operations are prepared beforehand), next to ours on the
same subset. Every side runs in the same interleaved rounds (one pass of each per round, in an order
turned by one place each round) and each figure is the side's best pass of ``--repeat`` (the
least disturbed by the machine's other work). It asserts nothing; the goals are
2,000 hands/s end to end (ours) and, as an anchor, PokerKit's ≈300 hands/s on a 3-player hand.
Machines are shared and noisy: compare the ratios of one run, not times from different days.
"""

from __future__ import annotations

import argparse
import gc
import os
import platform
import time
import warnings
from collections import Counter, defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from decimal import Decimal
from importlib import metadata
from importlib.util import find_spec
from typing import Any

from referee import events as ev
from referee.engine import rule_log, rulebook_name
from referee.events import HandLog, LimitKind
from referee.log import parse_log
from referee.rulebook import load_rulebook
from referee.ruling import Result
from referee.simulate import SimulatedHand, simulate_hands

GOAL_OURS = 2_000
"""Hands per second, end to end (the issue's goal)."""
ANCHOR_POKERKIT_3P = 300
"""PokerKit 0.7.7 replaying a 3-player five-card-draw hand (BENCHMARKS.md)."""
STACK = 1_000_000
"""Starting stack for every PokerKit player: no table stakes, nobody is ever all in."""


# --- setup ------------------------------------------------------------------------------------------


def pin(cpu: int | None) -> str:
    if cpu is None:
        return "not pinned"
    try:
        os.sched_setaffinity(0, {cpu})
    except (AttributeError, OSError) as error:
        return f"not pinned ({error})"
    return f"pinned to CPU {cpu}"


def versions() -> str:
    names = ["referee", "lark", "pydantic", "PyYAML", "pokerkit"]
    found = []
    for name in names:
        try:
            found.append(f"{name} {metadata.version(name)}")
        except metadata.PackageNotFoundError:
            found.append(f"{name} (not installed)")
    return f"Python {platform.python_version()} ({platform.python_implementation()}); " + ", ".join(found)


def best_times(runs: dict[str, Callable[[], object]], repeat: int) -> dict[str, float]:
    """Best wall time of each run over ``repeat`` rounds, in seconds.

    The runs are interleaved (one pass of each per round, in an order turned by one place each
    round, a collection before each pass) so that the load of a shared machine falls on all of
    them alike and their ratios stay meaningful.
    """
    times: dict[str, list[float]] = {label: [] for label in runs}
    labels = list(runs)
    for number in range(repeat):
        turn = number % len(labels)
        for label in labels[turn:] + labels[:turn]:
            gc.collect()
            start = time.perf_counter()
            runs[label]()
            times[label].append(time.perf_counter() - start)
    return {label: min(values) for label, values in times.items()}


def report(label: str, count: int, seconds: float) -> float:
    rate = count / seconds
    print(f"  {label:<44} {rate:>9,.0f} hands/s  {1000 * seconds / count:>7.3f} ms/hand  ({seconds:.2f} s)")
    return rate


# --- ours -------------------------------------------------------------------------------------------


def rule_text(text: str) -> Result:
    """What ``referee rule`` does for one log, without the terminal: parse, pick the book, rule."""
    log = parse_log(text)
    return rule_log(log, text, load_rulebook(rulebook_name(log, None)))


def ours(hands: Sequence[SimulatedHand], repeat: int) -> tuple[float, list[HandLog], list[Result]]:
    texts = [hand.text for hand in hands]
    # Warm up outside the timing: the rulebook cache, the lazily built tables and imports.
    for text in texts[:200]:
        rule_text(text)
    logs = [parse_log(text) for text in texts]
    books = [load_rulebook(rulebook_name(log, None)) for log in logs]
    results: list[Result] = []

    def end_to_end() -> None:
        for text in texts:
            rule_text(text)

    def parse_only() -> None:
        for text in texts:
            parse_log(text)

    def replay_only() -> None:
        results.clear()
        for log, text, book in zip(logs, texts, books, strict=True):
            results.append(rule_log(log, text, book))

    count = len(texts)
    times = best_times(
        {"end to end": end_to_end, "parse only": parse_only, "replay only": replay_only}, repeat
    )
    rate = report("parse + replay + settle (end to end)", count, times["end to end"])
    report("parse only (parse_log)", count, times["parse only"])
    report("replay + settle only (rule_log)", count, times["replay only"])
    verdict = "meets" if rate >= GOAL_OURS else "misses"
    print(f"  end to end {verdict} the goal of {GOAL_OURS:,} hands/s ({rate / GOAL_OURS:.2f}x of it)")
    ruled = sum(1 for result in results if result.rulings)
    outcomes = Counter(str(result.outcome) for result in results)
    print(f"  outcomes: {dict(outcomes.most_common())}; logs with a ruling: {ruled} (clean logs: 0 expected)")
    return rate, logs, results


# --- PokerKit: mapping a generated hand onto its state machine --------------------------------------


@dataclass(frozen=True, slots=True)
class KitHand:
    """One hand as PokerKit operations, prepared outside the timing."""

    number: int
    players: tuple[str, ...]
    """Seat order as PokerKit numbers them: left of the dealer first, the dealer (button) last."""
    antes: Any
    ante_trimming: bool
    small_bet: int
    big_bet: int
    operations: tuple[tuple[str, tuple[Any, ...]], ...]
    """(State method name, arguments)."""


class Unmapped(Exception):
    """Why a generated hand has no PokerKit counterpart."""


def _whole(amount: Decimal | None) -> int:
    if amount is None or amount != amount.to_integral_value():
        raise Unmapped("amounts in fractions of a chip")
    return int(amount)


def to_kit(hand: SimulatedHand, kit_cards: Callable[[Sequence[Any]], Any]) -> KitHand:
    """The PokerKit operations replaying ``hand``, or :class:`Unmapped` with the reason."""
    header, config = hand.header, hand.config
    if header.game not in ("draw", "jacks-or-better"):
        raise Unmapped("not five-card draw (high)")
    if config.limit.kind is not LimitKind.FIXED:
        raise Unmapped(f"{config.limit.kind.value} limit, not fixed")
    if len(hand.deals) != 1 or any(isinstance(event, ev.NewDeal) for event in hand.events):
        raise Unmapped("passed-out deals before the one played (PokerKit plays one deal)")
    ranking = config.ranking
    if (
        config.deck != "standard"
        or config.hand_size != 5
        or str(ranking.base) != "high"
        or ranking.wild_ranks
        or str(ranking.joker) != "none"
        or header.stacks
    ):
        raise Unmapped("a deck, ranking or stakes PokerKit's game does not have")
    seats = header.seats
    dealer = seats.index(header.dealer or seats[-1])
    players = seats[dealer + 1 :] + seats[: dealer + 1]
    index = {name: number for number, name in enumerate(players)}
    n = len(players)
    ante = _whole(config.ante)
    # The dealer's ante is PokerKit's "button ante"; heads up, PokerKit reverses the antes as it
    # does the blinds (the button is then player 1 but antes as player 0).
    antes: Any = {(0 if n == 2 else n - 1): ante} if config.ante_by_dealer else ante

    ops: list[tuple[str, tuple[Any, ...]]] = []
    used: set[str] = set()
    live = list(players)
    current = 0
    put_in: dict[str, int] = dict.fromkeys(players, 0)
    after_draw = False
    first_after_draw = True
    declared = 0
    draws: list[tuple[int, tuple[Any, ...]]] = []  # (player, received) in the order served
    deals: dict[int, tuple[Any, ...]] = {}
    for event in hand.events:
        if isinstance(event, ev.Antes | ev.Deal):
            continue
        if isinstance(event, ev.DealtCards):
            used.update(map(repr, event.cards))
            deals[index[event.player]] = kit_cards(event.cards)
            if len(deals) == n:
                ops.extend(("deal_hole", (deals[i], i)) for i in range(n))
            continue
        if isinstance(event, ev.DrawPhase):
            current, put_in = 0, dict.fromkeys(players, 0)
            continue
        if isinstance(event, ev.Draw | ev.StandPat):
            expected = [name for name in players if name in live][declared:]
            declared += 1
            if not expected or expected[0] != event.player:
                raise Unmapped("draw order other than PokerKit's (left of the dealer round)")
            if isinstance(event, ev.Draw):
                if len(event.received) != event.count or len(event.discards) != event.count:
                    raise Unmapped("a draw that does not name its cards")
                used.update(map(repr, event.received))
                ops.append(("stand_pat_or_discard", (kit_cards(event.discards),)))
                draws.append((index[event.player], kit_cards(event.received)))
            else:
                ops.append(("stand_pat_or_discard", ((),)))
            if declared == len(live):
                # Every player has declared: PokerKit burns one card, then serves them in turn.
                spare = next(card for card in _DECK if card not in used)
                ops.append(("burn_card", (kit_cards([spare]),)))
                ops.extend(("deal_hole", (received, player)) for player, received in draws)
                after_draw = True
            continue
        if isinstance(event, ev.Check | ev.Bet | ev.Open | ev.Call | ev.Raise | ev.Fold):
            if after_draw and first_after_draw:
                first_after_draw = False
                if event.player != next(name for name in players if name in live):
                    raise Unmapped("betting after the draw starts with the opener, not left of the dealer")
            if isinstance(event, ev.Check):
                ops.append(("check_or_call", ()))
            elif isinstance(event, ev.Call):
                ops.append(("check_or_call", ()))
                put_in[event.player] = current
            elif isinstance(event, ev.Fold):
                ops.append(("fold", ()))
                live.remove(event.player)
            else:
                if isinstance(event, ev.Raise):
                    to = _whole(event.amount) if event.to else current + _whole(event.amount)
                else:
                    to = put_in[event.player] + _whole(event.amount)
                ops.append(("complete_bet_or_raise_to", (to,)))
                current = put_in[event.player] = to
            continue
        if isinstance(event, ev.Showdown):
            continue
        if isinstance(event, ev.Show):
            ops.append(("show_or_muck_hole_cards", (True,)))
            continue
        raise Unmapped(f"an event PokerKit's replay does not take ({type(event).__name__})")
    limit = config.limit
    return KitHand(
        number=hand.number,
        players=players,
        antes=antes,
        ante_trimming=not config.ante_by_dealer,
        small_bet=_whole(limit.low),
        big_bet=_whole(limit.high),
        operations=tuple(ops),
    )


_DECK = tuple(rank + suit for rank in "23456789TJQKA" for suit in "cdhs")


def pokerkit_game() -> tuple[Callable[[KitHand], Any], Callable[[Sequence[Any]], tuple[Any, ...]]]:
    """PokerKit's fixed-limit five-card draw, and a card converter (ours → PokerKit's)."""
    from pokerkit import (  # type: ignore[import-not-found, unused-ignore]
        Automation,
        Card,
        Deck,
        FixedLimitPokerMixin,
        Opening,
        Poker,
        SingleDraw,
        StandardHighHand,
        Street,
    )

    automations = (
        Automation.ANTE_POSTING,
        Automation.BET_COLLECTION,
        Automation.BLIND_OR_STRADDLE_POSTING,
        Automation.HAND_KILLING,
        Automation.CHIPS_PUSHING,
        Automation.CHIPS_PULLING,
    )

    class FixedLimitFiveCardDraw(FixedLimitPokerMixin, SingleDraw):  # type: ignore[misc, unused-ignore]
        """Five-card draw, high: the 2-7 single-draw recipe with StandardHighHand, two bet sizes."""

        deck = Deck.STANDARD
        hand_types = (StandardHighHand,)
        hole_dealing_count = 5
        max_completion_betting_or_raising_count = None  # the log's rulebook caps raises, not PokerKit

        def __init__(self, antes: Any, trimming: bool, small_bet: int, big_bet: int) -> None:
            cap = self.max_completion_betting_or_raising_count
            Poker.__init__(
                self,
                automations,
                (
                    Street(False, (False,) * 5, 0, False, Opening.POSITION, small_bet, cap),
                    Street(True, (), 0, True, Opening.POSITION, big_bet, cap),
                ),
                trimming,
                antes,
                0,
                0,
            )

    def replay(hand: KitHand) -> Any:
        game = FixedLimitFiveCardDraw(hand.antes, hand.ante_trimming, hand.small_bet, hand.big_bet)
        state = game(STACK, len(hand.players))
        for name, arguments in hand.operations:
            getattr(state, name)(*arguments)
        return state

    def convert(cards: Sequence[Any]) -> tuple[Any, ...]:
        return tuple(Card.parse("".join(card if isinstance(card, str) else repr(card) for card in cards)))

    return replay, convert


def pokerkit(
    hands: Sequence[SimulatedHand], logs: Sequence[HandLog], results: Sequence[Result], repeat: int
) -> None:
    if find_spec("pokerkit") is None:
        print("  skipped: pokerkit is not importable here. Install it in a separate virtualenv:")
        print("    python3 -m venv /tmp/benchvenv && /tmp/benchvenv/bin/pip install -e . pokerkit")
        print("    /tmp/benchvenv/bin/python benchmarks/bench_replay.py")
        return
    replay, convert = pokerkit_game()
    mapped: list[tuple[int, KitHand]] = []
    reasons: Counter[str] = Counter()
    for position, hand in enumerate(hands):
        try:
            mapped.append((position, to_kit(hand, convert)))
        except Unmapped as unmapped:
            reasons[str(unmapped)] += 1
    print(f"  {len(mapped):,} of {len(hands):,} hands map onto PokerKit; the others:")
    for reason, count in reasons.most_common():
        print(f"    {count:>6,}  {reason}")
    if not mapped:
        return

    # Same hands, same nets? Every mapped hand once, warnings as errors (a card PokerKit would not
    # deal, chips it would burn).
    accepted: list[tuple[int, KitHand]] = []
    refused: list[str] = []
    differ: Counter[str] = Counter()
    examples: dict[str, str] = {}
    for position, kit in mapped:
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("error")
                state = replay(kit)
            if state.status:
                raise ValueError("the hand is not over after the last operation")
        except (ValueError, UserWarning) as error:
            refused.append(f"hand {kit.number}: {error}")
            continue
        accepted.append((position, kit))
        theirs = {name: state.stacks[i] - state.starting_stacks[i] for i, name in enumerate(kit.players)}
        result = results[position]
        mine = {name: int(result.net.get(name, Decimal(0))) for name in kit.players}
        if theirs != mine:
            cause = _why_differ(hands[position], result, mine, theirs)
            differ[cause] += 1
            books_pot = sum(deal.pot for deal in hands[position].deals)
            examples.setdefault(
                cause,
                f"hand {kit.number}: ours {mine} vs PokerKit {theirs}; pot: ours {result.pot}, "
                f"the simulator's books {books_pot}",
            )
    compared = len(accepted)
    print(
        f"  nets compared on {compared:,} hands: {compared - sum(differ.values()):,} agree, "
        f"{sum(differ.values()):,} differ; PokerKit refused {len(refused):,}"
    )
    for cause, count in differ.most_common():
        print(f"    {count:>6,} differ: {cause}\n            e.g. {examples[cause]}")
    for line in refused[:5]:
        print(f"    refused: {line}")
    if not accepted:
        return

    # Timing on every hand PokerKit replayed to the end.
    subset = [position for position, _ in accepted]
    kits = [kit for _, kit in accepted]
    kits_text = [to_kit(hands[position], _card_text) for position in subset]
    texts = [hands[position].text for position in subset]
    sub_logs = [logs[position] for position in subset]
    books = [load_rulebook(rulebook_name(log, None)) for log in sub_logs]

    def theirs_run() -> None:
        for kit in kits:
            replay(kit)

    def theirs_text_run() -> None:
        for kit in kits_text:
            replay(kit)

    def ours_end_to_end() -> None:
        for text in texts:
            rule_text(text)

    def ours_replay() -> None:
        for log, text, book in zip(sub_logs, texts, books, strict=True):
            rule_log(log, text, book)

    count = len(kits)
    print(f"  timing on the {count:,} hands PokerKit replays (best of {repeat} interleaved passes):")
    times = best_times(
        {"kit": theirs_run, "kit text": theirs_text_run, "ours": ours_end_to_end, "replay": ours_replay},
        repeat,
    )
    kit_rate = report("PokerKit: build state + replay + settle", count, times["kit"])
    report("PokerKit, card strings parsed by PokerKit", count, times["kit text"])
    ours_rate = report("ours: parse + replay + settle", count, times["ours"])
    replay_rate = report("ours: replay + settle only", count, times["replay"])
    print(
        f"  ratio ours/PokerKit (hands/s): end to end {ours_rate / kit_rate:.2f}x, "
        f"replay only {replay_rate / kit_rate:.2f}x"
    )

    # By table size (each hand timed on its own; the best of the passes), for the 3-player anchor.
    passes: dict[int, list[tuple[float, float]]] = defaultdict(list)
    sizes = Counter(len(kit.players) for kit in kits)
    for _ in range(repeat):
        sums: dict[int, list[float]] = defaultdict(lambda: [0.0, 0.0])
        for kit, log, text, book in zip(kits, sub_logs, texts, books, strict=True):
            row = sums[len(kit.players)]
            start = time.perf_counter()
            replay(kit)
            middle = time.perf_counter()
            rule_log(log, text, book)
            row[0] += middle - start
            row[1] += time.perf_counter() - middle
        for players, (kit_s, our_s) in sums.items():
            passes[players].append((kit_s, our_s))
    print("  by players at the table: PokerKit ms/hand | ours replay-only ms/hand | hands")
    for players in sorted(passes):
        n = sizes[players]
        kit_ms = 1000 * min(kit_s for kit_s, _ in passes[players]) / n
        our_ms = 1000 * min(our_s for _, our_s in passes[players]) / n
        print(f"    {players} players: {kit_ms:6.3f} | {our_ms:6.3f} | {n:,}")
        if players == 3:
            three = 1000 / kit_ms
    if 3 in passes:
        anchor = f"BENCHMARKS.md anchor ≈{ANCHOR_POKERKIT_3P} hands/s"
        print(f"  PokerKit on 3-player hands: {three:,.0f} hands/s ({anchor})")


def _card_text(cards: Sequence[Any]) -> str:
    return "".join(card if isinstance(card, str) else repr(card) for card in cards)


def _why_differ(hand: SimulatedHand, result: Result, mine: dict[str, int], theirs: dict[str, int]) -> str:
    """A best guess at why ours and PokerKit's nets differ, for the report."""
    dealer = hand.header.dealer
    dealer_gets_ante_back = (
        hand.config.ante_by_dealer
        and dealer is not None
        and mine[dealer] - theirs[dealer] == hand.config.ante
    )
    if dealer_gets_ante_back:
        how = "a refund" if dealer in result.refunds else "a side pot only he can win"
        return (
            f"ours gives the dealer his own ante back ({how}); PokerKit, and the simulator's "
            "books, put a dealer's ante in the main pot for the winner"
        )
    if sorted(mine.values()) == sorted(theirs.values()):
        return "the same amounts to different players (odd chip or split order?)"
    return "other"


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--hands", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=20240611)
    parser.add_argument("--repeat", type=int, default=5, help="passes over all hands; the best is shown")
    parser.add_argument("--kit-repeat", type=int, default=7, help="passes over the PokerKit subset")
    parser.add_argument("--cpu", type=int, default=0, help="core to pin to (-1: do not pin)")
    options = parser.parse_args()
    where = pin(None if options.cpu < 0 else options.cpu)
    print(versions())
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"{platform.machine()}, {os.cpu_count()} CPUs, {where}, load average {load:.2f}")
    start = time.perf_counter()
    hands = simulate_hands(options.hands, options.seed)
    took = time.perf_counter() - start
    games = Counter(hand.header.game for hand in hands)
    print(
        f"{len(hands):,} generated logs (seed {options.seed}; generation {took:.1f} s, not timed): "
        f"{dict(games.most_common())}"
    )
    print(f"Ours, all {len(hands):,} hands (best of {options.repeat} interleaved passes)")
    _, logs, results = ours(hands, options.repeat)
    print("PokerKit, the same hands where they map onto fixed-limit five-card draw")
    pokerkit(hands, logs, results, options.kit_repeat)


if __name__ == "__main__":
    main()
