"""The rulebook is the law: every setting and every remedy parameter is played, or refused.

The leaves come from the models (``referee.rulebook.contract.setting_leaves`` and
``remedy_parameters``), so a new one without a clause or a witness fails here. For each:

* every value the contract plays, other than the default, has a witness — a log whose result
  changes when the setting (or the parameter of the row that decided) flips to it;
* every value it does not play is refused by ``rulebook check`` at its line, with a sentence;
* a value the log decides (``ante: 4 by dealer``, ``posts straddle 4``) leaves the result alone.
"""

from __future__ import annotations

import importlib
import re
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, get_origin

import pytest
import yaml

from referee.engine import rule_log
from referee.errors import RulebookError
from referee.events import HandLog, Limit, LimitKind
from referee.log import parse_log
from referee.rulebook import load_rulebook, load_text
from referee.rulebook.contract import (
    REMEDY_PARAMETERS,
    SETTINGS,
    Clause,
    audit,
    refusal,
    remedy_parameters,
    setting_leaves,
    word,
    words,
    written_settings,
)
from referee.rulebook.games import catalog
from referee.rulebook.load import bundled_rulebooks
from referee.rulebook.model import REMEDY_MODELS
from referee.rulebook.settings import GameSettings
from referee.rulebook.vocabulary import Kind, RemedyId

ROOT = Path(__file__).resolve().parents[1]


@dataclass(frozen=True)
class Flip:
    """A log whose result differs between two values of one setting (or of one row's parameter)."""

    log: str
    """A path under the repository, or a log's text."""
    book: str
    a: Any
    b: Any
    rule: str = ""
    """For a remedy parameter: the row (``scarne:misdeal/1``) whose parameter flips."""
    also: dict[str, Any] = field(default_factory=dict)
    """Other settings the flip plays under (dotted path → value)."""
    one_figure_limit: bool = False
    """Replay with the log's fixed limit given as its first figure only."""


def _two(cards_a: str, cards_b: str, game: str = "draw") -> str:
    """A heads-up showdown: Ann bets 2, Bob calls, both stand pat and check."""
    return f"""game: {game}
seats: Ann, Bob
dealer: Bob
ante: 1
limit: 2/4
antes
deal
Ann bets 2
Bob calls
draw
Ann stands pat
Bob stands pat
Ann checks
Bob checks
showdown
Ann shows {cards_a}
Bob shows {cards_b}
"""


def _ladder(opener_cards: str) -> str:
    """Three deals passed out, then Bob opens with ``opener_cards`` and shows them."""
    passed = "antes\ndeal\nAnn checks\nBob checks\nCy checks\nnew deal\n"
    first, second = opener_cards.split()[:2]
    return (
        "game: progressive\nseats: Ann, Bob, Cy\ndealer: Cy\nante: 1\nlimit: 2/4\n"
        + passed * 3
        + f"antes\ndeal\nBob is dealt {opener_cards}\nAnn checks\nBob opens 2\nCy folds\nAnn folds\n"
        + f"Bob shows openers {first} {second}\n"
    )


ALL_FOR_ONE_TWO_CARDS = """game: all-for-one
seats: Ann, Bob
dealer: Bob
ante: 1
limit: 2/4
antes
deal
Ann bets 2
Bob calls
draw
Ann draws 2
Bob draws 1
Ann checks
Bob checks
showdown
Ann shows 9s 9h 9d 4c 2d
Bob shows Ks Kd 8c 8h 3s
"""

FALSE_OPENER_CALLS_A_RAISE = """game: jacks-or-better
seats: Ann, Bob, Cy, Dee
dealer: Dee
ante: 1
limit: 2/4
antes
deal
Bob is dealt 10s 10d 8c 5h 2s
Ann checks
Bob opens 2
Cy raises 2
Bob calls
Bob shows openers 10s 10d
"""

SEVEN_WITH_AN_EXTRA_CARD = """game: jacks-or-better
seats: Ann, Bob, Cy, Dee, Eve, Fay, Gus
dealer: Gus
ante: 1
limit: 2/4
antes
deal
Cy is dealt Jc Jh 8d 6s 2c
Ann is dealt Qd Qc 9d 8h Ac 3s
Ann checks
Bob checks
Cy opens 2
Dee calls
Eve calls
Fay calls
Gus calls
Ann calls
Bob calls
draw
Ann draws 3
Bob draws 3
Cy discards 8d 6s 2c, draws Js 7h 4c
Dee draws 3
Eve draws 3
Fay draws 2
Gus draws 1
"""

KILLED_AFTER_BETTING = """game: jacks-or-better
seats: Ann, Bob, Cy
dealer: Cy
ante: 1
limit: 2/4
antes
deal
Ann opens 2
Bob raises 2
Cy folds
Ann raises 2
Bob raises 2
Ann checks
"""


def _wild_rank(rank: str) -> Flip:
    """Bob's low pair and a card of ``rank``: with the rank wild he makes three and beats two pair."""
    pair = "5" if rank == "6" else "6"
    high, low, side, filler, last = [r for r in "AKQJT98743" if r not in (rank, pair)][:5]
    ann = f"{high}s {high}h {low}c {low}d {side}c"
    bob = f"{pair}c {pair}d {rank}s {filler}h {last}s"
    return Flip(_two(ann, bob), "scarne", [], [rank])


def _second_draw_unannounced() -> str:
    """The double draw with no second ``draw`` line: its draws start the draw only if there is one."""
    text = (ROOT / "scenarios/games/double-draw-three-betting-rounds.log").read_text(encoding="utf-8")
    first, rest = text.split("draw\nAnn draws 2", 1)
    return first + "draw\nAnn draws 2" + rest.replace("Bob calls\ndraw\n", "Bob calls\n")


def _reshuffled(line: str) -> str:
    """The seven-player reshuffle scenario with Gus's draw written as ``line``."""
    text = (ROOT / "scenarios/draw-reshuffled-discard-is-not-a-duplicate.log").read_text(encoding="utf-8")
    return text.replace("Gus discards 6d, draws Ac", line)


def _pack_runs_short(draws: int) -> str:
    """All for One with seven players drawing one card each, ``draws`` times: 17 cards, 7 a draw."""
    names = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus"]
    lines = [f"game: all-for-one\nseats: {', '.join(names)}\ndealer: Gus\nante: 1\nlimit: 2/4\nantes\ndeal"]
    lines += ["Ann bets 2", *(f"{name} calls" for name in names[1:])]
    for _ in range(draws):
        lines.append("draw")
        lines += [f"{name} draws 1" for name in names]
        lines += [f"{name} checks" for name in names]
    return "\n".join(lines) + "\n"


_THREE_STEPS = {"openers.ladder": ["jacks", "queens", "kings"], "passed_out.next_dealer": "same"}

BLIND_RAISED = """game: jacks-or-better
seats: Ann, Bob, Cy
dealer: Cy
limit: 2/4
Ann posts blind 2
deal
Bob raises 2
Cy folds
Ann calls
draw
Ann stands pat
Bob stands pat
Ann checks
Bob checks
showdown
Bob shows 9s 9d 8c 4h 3s
Ann shows Ks Kd 7c 5h 2s
"""

OPENER_NOT_LEFT_OF_DEALER = """game: jacks-or-better
seats: Ann, Bob, Cy
dealer: Cy
ante: 1
limit: 2/4
antes
deal
Ann checks
Bob opens 2
Cy calls
Ann calls
draw
Ann stands pat
Bob stands pat
Cy stands pat
Bob bets 4
Cy calls
Ann folds
showdown
Bob shows Ks Kd 7c 5h 2s
Cy shows 9s 9d 8c 4h 3s
"""

SETTING_FLIPS: dict[str, tuple[Flip, ...]] = {
    "deck": (
        Flip(
            "scenarios/games/joker-in-a-standard-pack-is-an-imperfect-pack.log", "scarne", "standard", "joker"
        ),
        Flip("scenarios/games/clean-showdown-two-pair-beats-queens.log", "scarne", "standard", "stripped-32"),
    ),
    "ranking": (
        Flip(_two("Ks Kd 9c 7h 2s", "7c 5d 4h 3s 2d"), "scarne", "high", "ace-to-five"),
        Flip(_two("As 2d 3c 4h 5s", "7c 5c 4d 3h 2h"), "scarne", "ace-to-five", "deuce-to-seven"),
        Flip("scenarios/games/bug-is-not-fully-wild.log", "scarne", "bug", "joker-wild"),
        Flip(
            "scenarios/games/deuces-wild-five-of-a-kind-beats-a-straight-flush.log",
            "scarne",
            "high",
            "deuces-wild",
        ),
        Flip("scenarios/games/stripped-32-a-flush-beats-a-full-house.log", "scarne", "high", "stripped-32"),
        Flip(
            "scenarios/games/game-lowball-house-plays-ace-to-six.log", "bicycle", "ace-to-five", "ace-to-six"
        ),
    ),
    "wild_cards": (
        *(_wild_rank(rank) for rank in ("2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K", "A")),
        Flip(_two("9s 9h 4c 4d Kc", "7c 7d 2s 5h Jh"), "scarne", [], ["one-eyed-jacks"]),
    ),
    "special_hands": (
        Flip(_two("Ah Kh 9h 4h 2c", "3s 3d 8c 6d Qs"), "scarne", [], ["bobtail"]),
        Flip(_two("Qh 10d 8s 6c 4h", "5s 5d 5c Kh 2d"), "scarne", [], ["skip-straight"]),
        Flip(_two("3h 2d Ac Ks Qd", "3s 3c 8c 6d 9s"), "scarne", [], ["round-the-corner-straight"]),
    ),
    "hand_size": (Flip("scenarios/games/seven-card-draw-the-best-five-of-seven.log", "scarne", 5, 7),),
    "openers.rule": (
        Flip(
            "scenarios/open-false-openers-before-draw-one-caller-reopened.log",
            "scarne",
            "anything",
            "jacks-or-better",
        ),
        Flip(
            "scenarios/games/progressive-jacks-are-false-openers-on-the-second-deal.log",
            "scarne",
            "jacks-or-better",
            "progressive",
        ),
    ),
    "openers.ladder": (
        Flip(
            "scenarios/games/progressive-jacks-are-false-openers-on-the-second-deal.log",
            "scarne",
            ["jacks", "queens", "kings", "aces"],
            ["jacks", "jacks"],
        ),
    ),
    "openers.after_top": (
        Flip(_ladder("Jc Jd 4s 7h 9c"), "scarne", "step-down", "restart", also=_THREE_STEPS),
        Flip(_ladder("Qc Qd 4s 7h 9c"), "scarne", "step-down", "stay", also=_THREE_STEPS),
    ),
    "openers.shown_to_win": (
        Flip("scenarios/house/opener-paid-without-showing.log", "scarne", True, False),
    ),
    "blinds.blind_may_raise": (Flip("scenarios/house/blind-without-option.log", "pagat", True, False),),
    "betting.before_draw": (
        Flip(
            "scenarios/house/pass-and-out-before-the-draw.log", "scarne", "pass-and-back-in", "pass-and-out"
        ),
    ),
    "betting.after_draw": (
        Flip("scenarios/house/pass-and-out-after-the-draw.log", "scarne", "pass-and-back-in", "pass-and-out"),
    ),
    "betting.check_raise": (Flip("scenarios/games/check-raise-allowed.log", "scarne", True, False),),
    "betting.raise_cap.raises": (
        Flip("scenarios/bet-raise-cap-fifth-raise-multi-handed.log", "scarne", None, 4),
    ),
    "betting.raise_cap.heads_up_unlimited": (
        Flip("scenarios/bet-raise-cap-heads-up-unlimited.log", "casino", True, False),
    ),
    "betting.after_draw_limit": (
        Flip("scenarios/games/check-raise-allowed.log", "scarne", "same", "double", one_figure_limit=True),
    ),
    "betting.first_after_draw": (Flip(OPENER_NOT_LEFT_OF_DEALER, "scarne", "opener", "left-of-dealer"),),
    "betting.blind_opening": (Flip(BLIND_RAISED, "scarne", False, True),),
    "betting.doubling_raises": (
        Flip("scenarios/games/english-poker-raise-may-double-the-bet.log", "scarne", True, False),
    ),
    "betting.opening_raise": (
        Flip("scenarios/bet-open-with-a-raise.log", "scarne", False, True),
        Flip("scenarios/bet-open-with-a-raise-counts-toward-the-cap.log", "casino", True, False),
    ),
    "betting.min_raise": (
        Flip(
            "scenarios/bet-short-spread-limit-raise-smaller-than-bet.log",
            "scarne",
            "previous-bet",
            "limit-minimum",
        ),
    ),
    "betting.jackpot_limit": (Flip("scenarios/house/jackpot-limit.log", "scarne", False, True),),
    "draw.max_cards": (Flip("scenarios/draw-four-cards-to-an-ace-over-the-limit.log", "scarne", 3, 4),),
    "draw.max_with_ace": (Flip("scenarios/draw-four-cards-to-an-ace-over-the-limit.log", "scarne", None, 4),),
    "draw.five_cards": (
        Flip("scenarios/draw-five-new-cards-casino-only.log", "scarne", "not-allowed", "at-once"),
        Flip("scenarios/draw-five-cards-four-then-the-fifth.log", "casino", "at-once", "four-then-one"),
    ),
    "draw.rounds": (
        Flip(_second_draw_unannounced(), "scarne", 1, 2),
        Flip("scenarios/games/double-draw-three-betting-rounds.log", "scarne", 2, 3),
    ),
    "draw.later_max_cards": (Flip("scenarios/draw-second-draw-of-three-cards.log", "bicycle", None, 2),),
    "draw.one_or_all": (Flip(ALL_FOR_ONE_TWO_CARDS, "scarne", False, True),),
    "betting.after_draw_min_doubles": (
        Flip("scenarios/games/seven-card-draw-the-least-bet-after-the-draw.log", "scarne", True, False),
    ),
    "draw.left_of_big_blind": (
        Flip(
            "scenarios/games/seven-card-draw-the-draw-begins-left-of-the-big-blind.log", "scarne", True, False
        ),
    ),
    "draw.rotate_first_drawer": (
        Flip("scenarios/games/all-for-one-draws-again-and-again.log", "scarne", False, True),
    ),
    "draw.until_pack_runs_out": (
        Flip(_pack_runs_short(3), "scarne", False, True, also={"draw.rotate_first_drawer": False}),
    ),
    "showdown.cards_speak": (
        Flip("scenarios/show-misdeclared-two-pair-is-a-straight-cards-speak.log", "scarne", True, False),
    ),
    "showdown.odd_chip": (
        Flip(
            "scenarios/games/split-pot-odd-chip-left-of-the-dealer.log",
            "scarne",
            "left-of-dealer",
            "high-card",
        ),
        Flip(
            "scenarios/games/split-pot-odd-chip-left-of-the-dealer.log",
            "scarne",
            "left-of-dealer",
            "next-pot",
        ),
    ),
    "showdown.to_win": (
        Flip(
            "scenarios/games/trips-to-win-without-trips-the-pot-stays.log",
            "scarne",
            "anything",
            "three-of-a-kind",
        ),
    ),
    "showdown.no_qualifier.folded_players_out": (
        Flip("scenarios/games/trips-to-win-those-who-folded-sit-out.log", "scarne", True, False),
    ),
    "showdown.no_qualifier.ante_again": (
        Flip("scenarios/games/trips-to-win-those-who-folded-sit-out.log", "scarne", True, False),
    ),
    "showdown.opener_must_win_or_match": (
        Flip("scenarios/games/diablo-beaten-opener-matches-the-pot.log", "scarne", False, True),
    ),
    "showdown.opener_match_cap": (
        Flip("scenarios/games/game-diablo-the-new-pot-has-a-limit.log", "pagat", None, 4),
    ),
    "passed_out.next_dealer": (
        Flip(
            "scenarios/games/passed-out-the-antes-stay-and-the-next-dealer-deals.log",
            "scarne",
            "next",
            "same",
        ),
    ),
    "passed_out.ante_again": (
        Flip(
            "scenarios/games/passed-out-the-antes-stay-and-the-next-dealer-deals.log", "scarne", True, False
        ),
    ),
    "passed_out.ante_cap_deals": (
        Flip("scenarios/games/ante-cap-three-passed-deals.log", "scarne", None, 3),
    ),
    "passed_out.lowball_check_raise": (
        Flip("scenarios/games/jacks-back-check-raise-in-the-lowball-part.log", "pagat", True, False),
    ),
    "passed_out.lowball_blind": (
        Flip("scenarios/games/jacks-back-lowball-blind-everyone-checks.log", "pagat", False, True),
    ),
    "passed_out.switch_to": (
        Flip("scenarios/games/jacks-back-passed-hands-play-for-low.log", "scarne", "none", "ace-to-five"),
    ),
    "deck_exhaustion.bottom_card": (
        Flip("scenarios/draw-seven-players-pack-runs-out-bottom-card.log", "scarne", "dealt", "not-dealt"),
    ),
    "deck_exhaustion.exclude": (
        Flip(_reshuffled("Gus discards 6d, draws 8d"), "scarne", [], ["opener"]),
        Flip(_reshuffled("Gus discards 6d\nGus draws 6d"), "scarne", [], ["drawing-player"]),
    ),
    "deal_passes_after_misdeals": (
        Flip("scenarios/deal-misdeal-intro-second-misdeal-deal-passes-left.log", "scarne", 2, None),
    ),
    "most_players": (Flip("scenarios/seats-nine-at-pagat-draw.log", "scarne", None, 8),),
    "stakes.minimum": (Flip("scenarios/house/stakes-below-the-minimum-sits-out.log", "scarne", None, 20),),
}
"""Witnesses for every value played other than the default."""

LOG_DECIDES: dict[str, tuple[str, str, tuple[Any, ...]]] = {
    "ante.method": ("scenarios/games/clean-showdown-two-pair-beats-queens.log", "scarne", ("dealer",)),
    "blinds.structure": (
        "scenarios/games/blinds-and-straddle-set-the-order.log",
        "scarne",
        ("one-blind", "small-and-big"),
    ),
    "blinds.straddle": ("scenarios/games/blinds-and-straddle-set-the-order.log", "scarne", (True,)),
    "wild_cards": (
        "scenarios/games/wild-widow-the-other-three-of-its-rank-are-wild.log",
        "scarne",
        (["widow"],),
    ),
    "betting.after_draw_limit": ("scenarios/games/check-raise-allowed.log", "scarne", ("double",)),
}
"""For a setting the log decides: a log with the line, a rulebook, and the values that leave it alone."""


REMEDY_FLIPS: dict[tuple[str, str], tuple[Flip, ...]] = {
    ("misdeal", "redeal"): (
        Flip(
            "scenarios/deal-misdeal-09-called-before-open-same-dealer-deals-again.log",
            "scarne",
            "same-dealer",
            "next-dealer",
            rule="scarne:misdeal/2",
        ),
        Flip(
            "scenarios/house/wrong-dealer-deals-again.log",
            "scarne",
            "proper-dealer",
            "same-dealer",
            rule="scarne:wrong-dealer/1",
        ),
    ),
    ("misdeal", "antes"): (
        Flip(
            "scenarios/deal-misdeal-09-called-before-open-same-dealer-deals-again.log",
            "scarne",
            "stay",
            "refund",
            rule="scarne:misdeal/2",
        ),
    ),
    ("card-dead", "replace"): (
        Flip(
            "scenarios/house/dead-card-replaced-after-the-draw.log",
            "scarne",
            "immediately",
            "after-draw",
            rule="scarne:exposed-card/6",
        ),
    ),
    ("hand-dead", "chips"): (
        Flip(KILLED_AFTER_BETTING, "scarne", "stay", "opening-bet-stays", rule="scarne:check-facing-bet/1"),
    ),
    ("hand-corrected", "how"): (
        Flip(
            "scenarios/deal-misdeal-11-short-hand-found-after-action-draws-missing.log",
            "casino",
            "draw-missing",
            "from-pack",
            rule="casino:wrong-card-count/3",
        ),
        Flip(
            SEVEN_WITH_AN_EXTRA_CARD,
            "scarne",
            "from-pack",
            "discard-surplus",
            rule="scarne:wrong-card-count/1",
        ),
    ),
    ("options", "on_drop"): (
        Flip(
            "scenarios/house/out-of-turn-chips-back-on-drop.log",
            "pagat",
            "chips-stay",
            "chips-returned",
            rule="pagat:out-of-turn/5",
        ),
    ),
    ("pot-carried", "offender_chips"): (
        Flip(
            FALSE_OPENER_CALLS_A_RAISE,
            "bicycle",
            "stay",
            "returned-except-ante",
            rule="bicycle:false-openers/2",
        ),
        Flip(
            FALSE_OPENER_CALLS_A_RAISE, "bicycle", "stay", "opening-bet-stays", rule="bicycle:false-openers/2"
        ),
        Flip(
            "scenarios/open-false-openers-called-then-all-drop-after-draw.log",
            "scarne",
            "stay",
            "uncalled-returned",
            rule="scarne:false-openers/4",
        ),
    ),
    ("pot-carried", "others_chips"): (
        Flip(FALSE_OPENER_CALLS_A_RAISE, "bicycle", "stay", "returned", rule="bicycle:false-openers/2"),
    ),
    ("pot-reopened", "eligible"): (
        Flip(
            "scenarios/open-false-openers-reopened-by-a-player-who-passed.log",
            "casino",
            "not-passed",
            "any-in-turn",
            rule="casino:false-openers/3",
        ),
    ),
    ("pot-reopened", "offender"): (
        Flip(
            "scenarios/reopened-false-opener-stays-in-with-new-chips.log",
            "bicycle",
            "out",
            "may-stay",
            rule="bicycle:false-openers/2",
        ),
    ),
    ("pot-reopened", "offender_chips"): (
        Flip(
            FALSE_OPENER_CALLS_A_RAISE, "bicycle", "stay", "opening-bet-stays", rule="bicycle:false-openers/2"
        ),
        Flip(
            FALSE_OPENER_CALLS_A_RAISE,
            "bicycle",
            "stay",
            "returned-except-ante",
            rule="bicycle:false-openers/2",
        ),
    ),
    ("pot-reopened", "others_chips"): (
        Flip(
            "scenarios/open-false-openers-before-draw-one-caller-reopened.log",
            "casino",
            "returned",
            "stay-unless-nobody-opens",
            rule="casino:false-openers/3",
        ),
        Flip(
            "scenarios/open-false-openers-reopened-by-a-player-who-passed.log",
            "casino",
            "stay-unless-nobody-opens",
            "stay",
            rule="casino:false-openers/3",
        ),
    ),
}
"""Witnesses for every remedy parameter value played other than the model's default."""


# --- running a flip --------------------------------------------------------------------------------


def _log(flip: Flip) -> tuple[HandLog, str]:
    text = flip.log if "\n" in flip.log else (ROOT / flip.log).read_text(encoding="utf-8")
    log = parse_log(text, "witness.log")
    if flip.one_figure_limit:
        limit = log.header.limit
        assert limit is not None and limit.kind is LimitKind.FIXED
        log = replace(log, header=replace(log.header, limit=Limit(LimitKind.FIXED, limit.low, None)))
    return log, text


def _nested(path: str, value: Any) -> dict[str, Any]:
    keys = path.split(".")
    tree: dict[str, Any] = {keys[-1]: value}
    for key in reversed(keys[:-1]):
        tree = {key: tree}
    return tree


def _merge(into: dict[str, Any], tree: dict[str, Any]) -> dict[str, Any]:
    for key, value in tree.items():
        if isinstance(value, dict) and isinstance(into.get(key), dict):
            _merge(into[key], value)
        else:
            into[key] = value
    return into


def _fingerprint(log: HandLog, text: str, book: Any) -> tuple[Any, ...]:
    result = rule_log(log, text, book)
    data = result.as_json()
    rulings = tuple((r.line, r.irregularity, r.decision, r.rule.split(":", 1)[1]) for r in result.rulings)
    return (rulings, *(str(data[key]) for key in ("outcome", "pot", "awards", "refunds", "carried", "net")))


def _setting_result(flip: Flip, path: str, value: Any) -> tuple[Any, ...]:
    log, text = _log(flip)
    game = log.header.game or str(load_rulebook(flip.book).default_game)
    settings: dict[str, Any] = {}
    for other, other_value in flip.also.items():
        _merge(settings, _nested(other, other_value))
    _merge(settings, _nested(path, value))
    house = {"id": "flip", "title": "Flip", "extends": flip.book, "variants": {game: {"game": settings}}}
    return _fingerprint(log, text, load_text(yaml.safe_dump(house), "flip.yaml"))


def _row_for(rule: str) -> tuple[str, dict[str, Any]]:
    book_id, rest = rule.split(":", 1)
    kind, row_id = rest.split("/")
    row = next(row for row in load_rulebook(book_id).table(kind) if row.id == row_id)
    return kind, {"id": row.id, "when": row.when.model_dump(mode="json", exclude_none=True), "then": row.then}


def _remedy_result(flip: Flip, remedy: str, name: str, value: Any) -> tuple[Any, ...]:
    log, text = _log(flip)
    kind, row = _row_for(flip.rule)
    then = row["then"].model_dump(mode="json")
    if then["remedy"] != remedy:
        then = {"remedy": remedy}
    then[name] = value
    row.update(then=then, summary="flipped", source="silent", fallback="a test")
    house = {"id": "flip", "title": "Flip", "extends": flip.book, "irregularities": {kind: [row]}}
    return _fingerprint(log, text, load_text(yaml.safe_dump(house), "flip.yaml"))


def _default_word(path: str) -> str | None:
    value: Any = GameSettings()
    for key in path.split("."):
        value = getattr(value, key)
    return None if isinstance(value, list) else word(value)


def _flip_words(flips: tuple[Flip, ...]) -> set[str]:
    found: set[str] = set()
    for flip in flips:
        for value in (flip.a, flip.b):
            found.update(word(item) for item in (value if isinstance(value, list) else [value]))
    return found


# --- the contract covers the schema ----------------------------------------------------------------


def test_every_setting_has_a_clause() -> None:
    assert set(SETTINGS) == set(setting_leaves())


def test_every_remedy_parameter_has_a_clause() -> None:
    assert set(REMEDY_PARAMETERS) == set(remedy_parameters())
    assert {remedy for remedy, _ in REMEDY_PARAMETERS} <= {remedy.value for remedy in RemedyId}
    assert set(REMEDY_MODELS) == set(RemedyId)


@pytest.mark.parametrize("path", sorted(setting_leaves()))
def test_played_values_are_values_of_the_setting(path: str) -> None:
    plays = SETTINGS[path].plays
    assert plays is None or set(plays) <= set(words(setting_leaves()[path]) or ())
    assert plays is None or SETTINGS[path].instead, "a clause that refuses values says why"


def test_the_audit_names_every_setting_and_parameter() -> None:
    rows = audit()
    assert len(rows) == len(setting_leaves()) + len(remedy_parameters())
    assert all(read_by for _, _, read_by in rows)


# --- each setting: played (a witness) or refused ---------------------------------------------------


@pytest.mark.parametrize("path", sorted(setting_leaves()))
def test_setting_is_played_or_refused(path: str) -> None:
    clause = SETTINGS[path]
    values = words(setting_leaves()[path])
    flips = SETTING_FLIPS.get(path, ())
    for flip in flips:
        first, second = _setting_result(flip, path, flip.a), _setting_result(flip, path, flip.b)
        assert first != second, f"{path}: {flip.a!r} and {flip.b!r} rule {flip.log[:60]!r} alike"
    played = set(values or ()) if clause.plays is None else set(clause.plays)
    owed = played - {_default_word(path)} - _flip_words(flips)
    if clause.log_decides:
        owed -= _flip_words(tuple(Flip("", "", value, None) for value in LOG_DECIDES[path][2]))
    if values is None:
        assert flips, f"{path}: no witness for any value"
    else:
        assert not owed, f"{path}: no log shows the engine playing {sorted(owed)}"
    for refused in sorted(set(values or ()) - played):
        _assert_refused(path, refused)


def test_every_setting_the_log_decides_has_a_log() -> None:
    assert set(LOG_DECIDES) == {path for path, clause in SETTINGS.items() if clause.log_decides}


@pytest.mark.parametrize("path", sorted(LOG_DECIDES))
def test_a_setting_the_log_decides_changes_nothing(path: str) -> None:
    log, book, values = LOG_DECIDES[path]
    plain = Flip(log, book, None, None)
    for value in values:
        assert _setting_result(plain, path, value) == _fingerprint(*_log(plain), load_rulebook(book))


def _assert_refused(path: str, refused: str) -> None:
    value: Any = {"yes": True, "no": False}.get(refused, refused)
    if get_origin(setting_leaves()[path]) is list:
        value = [value]
    text = yaml.safe_dump({"id": "h", "title": "H", "extends": "scarne", "game": _nested(path, value)})
    with pytest.raises(RulebookError) as caught:
        load_text(text, "house.yaml")
    messages = [problem.message for problem in caught.value.problems]
    assert any(f"does not yet play `{path}: {refused}`" in message for message in messages), messages
    problem = next(p for p in caught.value.problems if "does not yet play" in p.message)
    assert problem.file == "house.yaml" and problem.line > 0


# --- each remedy parameter: played (a witness) or refused -----------------------------------------


@pytest.mark.parametrize(("remedy", "name"), sorted(remedy_parameters()))
def test_remedy_parameter_is_played_or_refused(remedy: str, name: str) -> None:
    clause = REMEDY_PARAMETERS[(remedy, name)]
    annotation = remedy_parameters()[(remedy, name)]
    values = set(words(annotation) or ())
    flips = REMEDY_FLIPS.get((remedy, name), ())
    for flip in flips:
        # The row that decided is given this remedy (if it had another) with the parameter flipped.
        first = _remedy_result(flip, remedy, name, flip.a)
        second = _remedy_result(flip, remedy, name, flip.b)
        assert first != second, f"{remedy}.{name}: {flip.a!r} and {flip.b!r} rule alike"
    played = values if clause.plays is None else set(clause.plays)
    default = REMEDY_MODELS[RemedyId(remedy)].model_fields[name].default
    owed = played - {word(default)} - _flip_words(flips)
    if len(played) > 1:
        assert not owed, f"{remedy}.{name}: no log shows the engine playing {sorted(owed)}"
    for refused in sorted(values - played):
        _assert_remedy_refused(remedy, name, refused)


def _assert_remedy_refused(remedy: str, name: str, refused: str) -> None:
    kind = "split-openers" if remedy == "same-as" else "misdeal"
    then = {"remedy": remedy, name: refused}
    if remedy == "same-as":
        then = {"remedy": remedy, "kind": refused}
    text = yaml.safe_dump(
        {
            "id": "h",
            "title": "H",
            "extends": "scarne",
            "irregularities": {
                kind: [{"id": "x", "then": then, "summary": "s", "source": "silent", "fallback": "a test"}]
            },
        }
    )
    with pytest.raises(RulebookError) as caught:
        load_text(text, "house.yaml")
    messages = [problem.message for problem in caught.value.problems]
    assert any(f"does not yet play `{remedy}.{name}: {refused}`" in message for message in messages), messages


def test_same_as_is_refused_outside_split_openers() -> None:
    text = """id: h
title: H
extends: scarne
irregularities:
  misdeal:
    - id: 9
      then: {remedy: same-as, kind: false-openers}
      before: 1
      when: {misdeals_by_this_dealer: 7}
      summary: s
      source: silent
      fallback: a test
"""
    with pytest.raises(RulebookError) as caught:
        load_text(text, "house.yaml")
    (problem,) = [p for p in caught.value.problems if "same-as" in p.message]
    assert problem.line == 7
    assert "does not yet rule misdeal as another irregularity" in problem.message


# --- what ships is played ----------------------------------------------------------------------------


@pytest.mark.parametrize("name", bundled_rulebooks())
def test_bundled_rulebooks_write_only_what_is_played(name: str) -> None:
    book = load_rulebook(name)
    games = [book.game, *(variant.game for variant in book.variants.values())]
    for game in games:
        for path, value in written_settings(game):
            assert refusal(SETTINGS[path], path, value) is None


def test_the_catalog_writes_only_what_is_played() -> None:
    for variant in catalog().variants.values():
        for path, value in written_settings(variant.game):
            assert refusal(SETTINGS[path], path, value) is None, (path, value)


def test_a_refusal_says_where_and_what_to_write() -> None:
    text = "id: h\ntitle: H\nextends: scarne\ngame:\n  showdown:\n    order: left-of-dealer\n"
    with pytest.raises(RulebookError) as caught:
        load_text(text, "house.yaml")
    (problem,) = caught.value.problems
    assert (problem.file, problem.line) == ("house.yaml", 6)
    assert problem.message.startswith("the referee does not yet play `showdown.order: left-of-dealer`")
    assert problem.message.endswith("use last-aggressor")


def test_an_odd_chip_kept_for_the_next_pot_is_played() -> None:
    """Issue 24: `showdown.odd_chip: next-pot` was refused; the settlement now carries the odd chip."""
    text = "id: h\ntitle: H\nextends: scarne\ngame:\n  showdown:\n    odd_chip: next-pot\n"
    assert load_text(text, "house.yaml").game.showdown.odd_chip.value == "next-pot"


def test_barred_bets_are_over_limit_findings_with_a_row_in_every_book() -> None:
    from referee.rulebook.vocabulary import KIND_FACTS, BarredBy, Fact

    assert Fact.BARRED_BY in KIND_FACTS[Kind.OVER_LIMIT]
    for name in bundled_rulebooks():
        rows = load_rulebook(name).table(Kind.OVER_LIMIT)
        tested = {str(row.when.barred_by) for row in rows if row.when.barred_by is not None}
        assert tested == {bar.value for bar in BarredBy if bar is not BarredBy.LIMIT}, name


# --- the audit names code that exists ----------------------------------------------------------------

_CODE_NAME = re.compile(r"\b[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+")
"""A dotted name in a clause (``adjudicate.replay.Replay._antes``), relative to ``referee``."""


def _code_names(clause: Clause) -> list[str]:
    return [
        name
        for text in (clause.read_by, clause.log_decides, clause.instead)
        for name in _CODE_NAME.findall(text)
    ]


def _resolves(name: str) -> bool:
    """Does ``referee.<name>`` name something: the longest module prefix imported, the rest getattr'd?"""
    parts = name.split(".")
    for cut in range(len(parts) - 1, 0, -1):
        module_name = "referee." + ".".join(parts[:cut])
        try:
            found: object = importlib.import_module(module_name)
        except ModuleNotFoundError as error:
            if error.name is not None and (module_name + ".").startswith(error.name + "."):
                continue  # no such module: try a shorter prefix
            raise
        for attribute in parts[cut:]:
            if not hasattr(found, attribute):
                return False
            found = getattr(found, attribute)
        return True
    return False


def _all_clauses() -> dict[str, Clause]:
    named = dict(SETTINGS)
    named.update({f"{remedy}.{name}": clause for (remedy, name), clause in REMEDY_PARAMETERS.items()})
    return named


@pytest.mark.parametrize("path", sorted(_all_clauses()))
def test_every_code_name_in_a_clause_resolves(path: str) -> None:
    clause = _all_clauses()[path]
    names = _code_names(clause)
    assert names or clause.read_by.startswith("referee simulate"), f"{path}: names no code"
    missing = [name for name in names if not _resolves(name)]
    assert not missing, f"{path}: no such code (moved or renamed?): {missing}"


def test_a_code_name_that_moved_does_not_resolve() -> None:
    assert _resolves("adjudicate.remedies.deal.misdeal")
    assert _resolves("adjudicate.config.PlayConfig.deck")
    assert not _resolves("replay._widow")  # the module is gone
    assert not _resolves("remedies.apply_misdeal")
    assert not _resolves("adjudicate.replay._widow")  # the module is there, the function is not
    assert not _resolves("adjudicate.replay.Replay._reopen")


@pytest.mark.parametrize(
    ("kind", "remedy"),
    [
        ("raises-own-raise", "bet-stands"),
        ("acts-after-folding", "bet-stands-as-call"),
        ("plays-while-sitting-out", "must-complete"),
        ("back-in-after-passing", "options"),
    ],
)
def test_a_remedy_working_on_a_bet_is_refused_where_the_line_is_no_bet(kind: str, remedy: str) -> None:
    # These lines are not played as bets (their finding carries no wager): a remedy that stands,
    # completes or trims the bet would be accepted and do nothing (found by the row audit of issue 24).
    text = f"""id: h
title: H
extends: scarne
irregularities:
  {kind}:
    - id: 1
      then: {remedy}
      cite: "house rule"
      summary: s
"""
    with pytest.raises(RulebookError) as caught:
        load_text(text, "house.yaml")
    (problem,) = [p for p in caught.value.problems if "no bet to work on" in p.message]
    assert problem.line == 7
    assert f"the referee does not play the line of {kind} as a bet" in problem.message
    assert "use bet-withdrawn" in problem.message
