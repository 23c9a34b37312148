"""The contract between a rulebook and the engine: which values of each setting the referee plays.

A house-rule file is a promise to the table, so a setting the engine would ignore must never load
with a silent ok. This module is the audit, as data: every leaf of the game settings
(:class:`~referee.rulebook.settings.GameSettings`) and every parameter of every remedy
(:data:`~referee.rulebook.model.REMEDY_MODELS`) has a :class:`Clause` saying which code reads it
and which values it plays. :func:`contract_problems` refuses a rulebook that writes a value the
engine does not play, at the file, line and key, with a sentence saying what to write instead.

``tests/test_contract.py`` holds the other half: for every value played other than the default, a
log whose result changes when the setting flips; for every value not played, that ``rulebook
check`` refuses it. Leaves are derived from the models, so a new setting without a clause fails
that test.

Three kinds of clause:

* the engine plays every value the schema allows (``plays`` is None);
* it plays some (``plays`` names them; the others are refused, ``instead`` says why);
* the log itself says what happened and wins (``log_decides`` names the line): the setting is
  the game's description, read by ``referee simulate`` and ``rulebook show``, never a ruling.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from enum import Enum
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Final, Literal, get_args, get_origin

from pydantic import BaseModel

from referee.errors import Problem
from referee.rulebook.model import REMEDY_MODELS, RemedyBase, Rulebook, SameAs
from referee.rulebook.settings import GameSettings
from referee.rulebook.vocabulary import Kind, RemedyId

if TYPE_CHECKING:
    from referee.rulebook.load import Doc


@dataclass(frozen=True, slots=True)
class Clause:
    """What the engine does with one setting or remedy parameter."""

    read_by: str
    """Which code reads it, and what it does with it. Code is named by dotted path relative to
    ``referee`` (``adjudicate.replay.Replay._antes``); ``tests/test_contract.py`` resolves every name."""
    plays: tuple[str, ...] | None = None
    """The values the engine plays, as written in YAML (``yes``/``no`` for a switch); None: all."""
    instead: str = ""
    """For a value it does not play: why not, and what to write instead."""
    log_decides: str = ""
    """When the log's own line says what happened (and wins), that line."""


_PLAYS = "engine._play_config → adjudicate.config.PlayConfig."

SETTINGS: Final[Mapping[str, Clause]] = MappingProxyType(
    {
        "deck": Clause(
            _PLAYS + "deck → adjudicate.replay._pack, adjudicate.replay.Replay.track_cards: a card outside "
            "the pack is an imperfect pack."
        ),
        "ranking": Clause(
            "engine.ranking_for → adjudicate.showdown.hand_strength, openers "
            "(adjudicate.showdown.holds_openers), declarations (adjudicate.showdown.category_rank)."
        ),
        "wild_cards": Clause(
            "engine.ranking_for: ranks and one-eyed-jacks are wild in the ranking.",
            log_decides="`widow: 7h` (adjudicate.variants.wild_widow makes the rest of its rank wild for "
            "the deal; the `widow` value only names the game)",
        ),
        "special_hands": Clause("engine.ranking_for → the ranking's special hands."),
        "hand_size": Clause(
            _PLAYS + "hand_size: wrong counts (adjudicate.detect.dealing.wrong_count), foul hands "
            "(adjudicate.detect.showing.foul_hand), best five of seven (engine.ranking_for)."
        ),
        "openers.rule": Clause(
            _PLAYS + "openers → adjudicate.showdown.holds_openers, false openers "
            "(adjudicate.detect.showing.check_openers)."
        ),
        "openers.ladder": Clause(
            _PLAYS + "openers_ladder → adjudicate.variants.next_deal_config (progressive)."
        ),
        "openers.after_top": Clause(
            _PLAYS
            + "ladder_after_top → adjudicate.variants.next_deal_config → adjudicate.config.ladder_step."
        ),
        "openers.shown_to_win": Clause(
            _PLAYS + "opener_shows_to_win → adjudicate.settling.last_player_standing: an opener "
            "left alone waits to be paid until he shows his openers (no: he is paid at once)."
        ),
        "ante.method": Clause(
            _PLAYS + "ante_by_dealer → adjudicate.replay.Replay._antes, only when the log has no `ante:` "
            "header (engine._with_log; no amount, so nothing).",
            log_decides="the header `ante: 4 by dealer` or `ante: 1` (each player)",
        ),
        "blinds.structure": Clause(
            "referee simulate only.",
            log_decides="the `posts small blind 1` / `posts big blind 2` / `posts blind 1` lines",
        ),
        "blinds.straddle": Clause("referee simulate only.", log_decides="the `posts straddle 4` lines"),
        "blinds.blind_may_raise": Clause(
            _PLAYS + "blind_may_raise → adjudicate.detect.betting._barred_by: the big blind's raise when "
            "everyone only called is an over-limit finding (barred_by: blind-option)."
        ),
        "betting.before_draw": Clause(
            _PLAYS + "pass_and_out → adjudicate.table.HandState.pass_and_out, "
            "adjudicate.table.HandState.bet_to: the first bet puts out everyone who passed before it."
        ),
        "betting.after_draw": Clause(
            _PLAYS + "pass_and_out_after → adjudicate.table.HandState.pass_and_out, "
            "adjudicate.table.HandState.bet_to, as before the draw."
        ),
        "betting.check_raise": Clause(
            _PLAYS + "check_raise → adjudicate.detect.betting._barred_by: a raise after checking in the "
            "same round is an over-limit finding (barred_by: check-raise)."
        ),
        "betting.raise_cap.raises": Clause(
            _PLAYS + "raise_cap → adjudicate.detect.betting.in_turn_action (raise-cap), "
            "adjudicate.replay.Replay.bet (capped with three or more in)."
        ),
        "betting.raise_cap.heads_up_unlimited": Clause(
            _PLAYS + "cap_heads_up → adjudicate.detect.betting.in_turn_action."
        ),
        "betting.after_draw_limit": Clause(
            "engine._with_log: a one-figure fixed limit gets its after-draw bet (same or double).",
            log_decides="the header `limit: 2/4` (the log language always writes both figures)",
        ),
        "betting.first_after_draw": Clause(
            _PLAYS + "opener_speaks_first → adjudicate.table.HandState.first_to_act."
        ),
        "betting.blind_opening": Clause(
            _PLAYS + "blind_opening → adjudicate.replay.Replay._post: the blind opens the pot."
        ),
        "betting.doubling_raises": Clause(
            _PLAYS + "doubling_raises → adjudicate.table.HandState.bet_bounds."
        ),
        "betting.opening_raise": Clause(
            _PLAYS + "opening_raise → adjudicate.table.HandState.bet_bounds (fixed limits: the opening bet "
            "may be one bet or two), adjudicate.table.HandState.bet_to (the opening raise counts toward "
            "the raise cap)."
        ),
        "betting.min_raise": Clause(
            _PLAYS + "min_raise → adjudicate.table.HandState.bet_bounds (spread limits)."
        ),
        "betting.jackpot_limit": Clause(
            _PLAYS + "jackpot_limit → adjudicate.detect.betting._jackpot_most: after a passed-out deal the "
            "opening bet and bets after the draw may be as much as the antes in the pot."
        ),
        "betting.after_draw_min_doubles": Clause(
            _PLAYS + "after_draw_min_doubles → adjudicate.table.HandState.bet_bounds (the least first "
            "bet after the draw, under a spread, pot or no limit)."
        ),
        "draw.max_cards": Clause(
            _PLAYS + "max_draw → adjudicate.detect.drawing._max_draw (draw-irregularity over-max)."
        ),
        "draw.max_with_ace": Clause(_PLAYS + "max_draw_with_ace → adjudicate.detect.drawing._max_draw."),
        "draw.five_cards": Clause(
            _PLAYS + "five_card_draw, five_four_then_one → adjudicate.detect.drawing._max_draw, "
            "adjudicate.detect.drawing.draw: four at once, the fifth served by a later `draws 1` "
            "(adjudicate.detect.drawing._serves_fifth_card: after a burn card when he drew last)."
        ),
        "draw.rounds": Clause(
            _PLAYS + "draws → adjudicate.detect.drawing.draw (a draw starts only while draws are left); "
            "small_bet_rounds → adjudicate.config.PlayConfig.bet_size (triple draw)."
        ),
        "draw.later_max_cards": Clause(
            _PLAYS + "later_max_draw → adjudicate.detect.drawing._max_draw (later draws)."
        ),
        "draw.one_or_all": Clause(_PLAYS + "one_or_all → adjudicate.detect.drawing.draw."),
        "draw.left_of_big_blind": Clause(
            _PLAYS + "draw_left_of_big_blind → adjudicate.table.HandState.next_to_draw."
        ),
        "draw.rotate_first_drawer": Clause(
            _PLAYS + "rotate_first_drawer → adjudicate.table.HandState.next_to_draw."
        ),
        "draw.until_pack_runs_out": Clause(
            _PLAYS + "until_pack_runs_out → adjudicate.variants.pack_too_short (asked by "
            "adjudicate.replay.Replay._draw_phase, adjudicate.detect.drawing.draw)."
        ),
        "showdown.cards_speak": Clause(
            _PLAYS + "cards_speak → adjudicate.detect.showing.check_declaration: the misdeclared-hand "
            "fact cards_speak."
        ),
        "showdown.order": Clause(
            "referee simulate only (who shows first in the logs it writes).",
            plays=("last-aggressor",),
            instead="the showdown is taken in the order the log writes it, and no order of showing is "
            "ruled on; remove it or use last-aggressor",
        ),
        "showdown.odd_chip": Clause(
            _PLAYS + "odd_chip → adjudicate.settling.odd_chip_order (high-card: "
            "adjudicate.showdown.high_card; next-pot: adjudicate.settle.OddChipsKept, the ledger "
            "carrying what is not paid)."
        ),
        "showdown.to_win": Clause(
            _PLAYS + "win_requirement → adjudicate.variants.qualifies; a pot won without a showdown "
            "waits for the winner to show his hand (adjudicate.settling.last_player_standing)."
        ),
        "showdown.no_qualifier.folded_players_out": Clause(
            _PLAYS + "folded_out_when_nobody_qualifies → adjudicate.variants.sit_out_after_no_qualifier "
            "(sitting out: adjudicate.variants.seat_sitting_out)."
        ),
        "showdown.no_qualifier.ante_again": Clause(
            _PLAYS + "reante_when_no_qualifier → adjudicate.replay.Replay._antes (after a pot no hand "
            "qualified for)."
        ),
        "showdown.opener_must_win_or_match": Clause(
            _PLAYS + "opener_must_win_or_match → adjudicate.variants.opener_matches_the_pot; the next "
            "deal, played for that new pot, takes no antes (adjudicate.replay.Replay._antes)."
        ),
        "showdown.opener_match_cap": Clause(
            _PLAYS + "opener_match_cap → adjudicate.variants.opener_matches_the_pot: the beaten opener "
            "puts up the pot just won or this much, whichever is less (only where the opener must win "
            "or match)."
        ),
        "passed_out.lowball_check_raise": Clause(
            _PLAYS + "lowball_check_raise → adjudicate.variants.jacks_back: in the lowball part a raise "
            "after checking is an over-limit finding (barred_by: check-raise), as when the whole game "
            "bars it."
        ),
        "passed_out.lowball_blind": Clause(
            _PLAYS + "lowball_blind → adjudicate.variants.jacks_back names who owes the blind; "
            "adjudicate.variants.lowball_blind_posted makes his `posts blind` line the round's bet and "
            "starts the round left of him (his option, as a big blind's: "
            "adjudicate.detect.betting._barred_by); "
            "adjudicate.detect.blind.lowball_blind_not_posted rules a pass instead as check-facing-bet; "
            "adjudicate.variants.folds_for_the_blind makes his fold a fold facing a bet."
        ),
        "passed_out.next_dealer": Clause(
            _PLAYS + "dealer_moves_when_passed → adjudicate.replay.Replay._new_deal."
        ),
        "passed_out.ante_again": Clause(_PLAYS + "reante_when_passed → adjudicate.replay.Replay._antes."),
        "passed_out.ante_cap_deals": Clause(_PLAYS + "ante_cap_deals → adjudicate.replay.Replay._antes."),
        "passed_out.switch_to": Clause(
            _PLAYS + "switch_to_lowball → adjudicate.variants.jacks_back (asked by "
            "adjudicate.settling.pass_out; Jacks Back: low hands win, and after the draw the "
            "first player left of the dealer speaks)."
        ),
        "deck_exhaustion.bottom_card": Clause(
            _PLAYS + "bottom_card_dealt → adjudicate.detect.drawing.draw, "
            "adjudicate.detect.drawing._pack_check (deck-exhausted)."
        ),
        "deck_exhaustion.exclude": Clause(
            _PLAYS + "reshuffle_excludes → adjudicate.remedies.draw.reshuffle_discards."
        ),
        "deal_passes_after_misdeals": Clause(
            _PLAYS + "deal_passes_after_misdeals → adjudicate.remedies.deal.misdeal."
        ),
        "stakes.minimum": Clause(
            _PLAYS + "stake_minimum → adjudicate.detect.stakes.below_minimum: at a deal's first line a "
            "player whose stake is below it is a stake-below-minimum finding (only where the log gives "
            "stacks)."
        ),
        "most_players": Clause(
            _PLAYS + "most_players → adjudicate.detect.seating.too_many_players: more players seated "
            "than the game seats is a too-many-players finding at the deal's first line."
        ),
    }
)
"""Every leaf of the game settings, by dotted path."""


REMEDY_PARAMETERS: Final[Mapping[tuple[str, str], Clause]] = MappingProxyType(
    {
        ("misdeal", "redeal"): Clause(
            "adjudicate.remedies.deal.misdeal: same-dealer (after a wrong dealer: the one who dealt), "
            "next-dealer, proper-dealer (the header's dealer)."
        ),
        ("misdeal", "antes"): Clause("adjudicate.remedies.deal.misdeal: antes stay or go back."),
        ("card-dead", "replace"): Clause(
            "adjudicate.remedies.cards.card_dead, adjudicate.detect.drawing._replace_after_draw: on the "
            "draw, after-draw deals the replacement once everyone else is served (the pack may run out "
            "on someone else)."
        ),
        ("hand-dead", "chips"): Clause(
            "adjudicate.remedies.hands.hand_dead → adjudicate.remedies.hands.kill_hand, "
            "adjudicate.remedies.hands.keep_opening_bet: opening-bet-stays returns his bets but ante and "
            "opening bet while the betting before the draw is on."
        ),
        ("hand-corrected", "how"): Clause(
            "adjudicate.remedies.hands.hand_corrected, adjudicate.remedies.hands.fix_count."
        ),
        ("options", "on_drop"): Clause(
            "adjudicate.remedies.betting.options: chips-returned hands the out-of-turn chips back at his "
            "turn (adjudicate.remedies.betting.return_credit)."
        ),
        ("pot-carried", "offender_chips"): Clause(
            "adjudicate.remedies.pots.pot_carried → adjudicate.remedies.pots.carry_pot."
        ),
        ("pot-carried", "others_chips"): Clause(
            "adjudicate.remedies.pots.pot_carried → adjudicate.remedies.pots.carry_pot.",
            plays=("stay", "returned"),
            instead="a carried pot is not opened again, so there is nobody to open it; use stay or returned",
        ),
        ("pot-reopened", "eligible"): Clause(
            "adjudicate.remedies.pots.pot_reopened → adjudicate.table.HandState.ineligible_openers → "
            "adjudicate.detect.betting._barred_by (over-limit, barred_by: not-eligible)."
        ),
        ("pot-reopened", "offender"): Clause(
            "adjudicate.remedies.pots.pot_reopened: out kills the hand, may-stay does not (his chips "
            "turn dead: adjudicate.table.HandState.dead_chips)."
        ),
        ("pot-reopened", "offender_chips"): Clause(
            "adjudicate.remedies.pots.pot_reopened, adjudicate.remedies.pots.carry_pot.",
            plays=("stay", "returned-except-ante", "opening-bet-stays"),
            instead="a reopened pot is still being bet, so no bet of the offender's is yet uncalled; use "
            "stay, returned-except-ante or opening-bet-stays",
        ),
        ("pot-reopened", "others_chips"): Clause(
            "adjudicate.remedies.pots.pot_reopened, adjudicate.settling.pass_out (reopen_returns)."
        ),
        ("same-as", "kind"): Clause(
            "adjudicate.replay.Replay.rule with facts_for: only adjudicate.detect.showing.check_openers "
            "(split-openers) asks for it.",
            plays=("false-openers",),
            instead="the referee can rule an irregularity as another only from split-openers to "
            "false-openers; use kind: false-openers",
        ),
    }
)
"""Every parameter of every remedy, by (remedy id, parameter)."""

SAME_AS_FROM: Final = frozenset({Kind.SPLIT_OPENERS})
"""The tables whose handler can rule a finding as another kind (``same-as``)."""

NO_WAGER: Final = frozenset(
    {Kind.RAISES_OWN_RAISE, Kind.ACTS_AFTER_FOLDING, Kind.PLAYS_WHILE_SITTING_OUT, Kind.BACK_IN_AFTER_PASSING}
)
"""The tables whose line the referee does not play as a bet (adjudicate.detect.comeback,
adjudicate.detect.antes.plays_while_sitting_out: the finding carries no wager), so a remedy that
stands, completes or trims the bet would have nothing to work on and be ignored."""
WAGER_REMEDIES: Final = frozenset(
    {
        RemedyId.BET_STANDS,
        RemedyId.BET_STANDS_AS_CALL,
        RemedyId.BET_STANDS_AS_RAISE,
        RemedyId.OPTIONS,
        RemedyId.WAITS_FOR_TURN,
        RemedyId.RAISE_NOT_ALLOWED,
        RemedyId.MUST_COMPLETE,
        RemedyId.EXCESS_RETURNED,
    }
)
"""The remedies that work on the bet at issue (adjudicate.remedies.betting: each needs the
finding's wager)."""


# --- the schema, walked ----------------------------------------------------------------------------


def setting_leaves() -> dict[str, Any]:
    """Every leaf of the game settings (dotted path → its annotation), ``cite`` left out."""

    def walk(model: type[BaseModel], prefix: str) -> Iterator[tuple[str, Any]]:
        for name, info in model.model_fields.items():
            if not prefix and name == "cite":
                continue
            annotation = info.annotation
            if isinstance(annotation, type) and issubclass(annotation, BaseModel):
                yield from walk(annotation, f"{prefix}{name}.")
            else:
                yield f"{prefix}{name}", annotation

    return dict(walk(GameSettings, ""))


def remedy_parameters() -> dict[tuple[str, str], Any]:
    """Every parameter of every remedy ((remedy id, parameter) → its annotation)."""
    return {
        (remedy.value, name): info.annotation
        for remedy, model in REMEDY_MODELS.items()
        for name, info in model.model_fields.items()
        if name != "remedy"
    }


def words(annotation: Any) -> tuple[str, ...] | None:
    """The values a leaf can take, as written in YAML; None for numbers and whole lists."""
    if annotation is bool:
        return ("yes", "no")
    if isinstance(annotation, type) and issubclass(annotation, Enum):
        return tuple(str(member.value) for member in annotation)
    if get_origin(annotation) is Literal:
        return tuple(str(arg) for arg in get_args(annotation))
    if get_origin(annotation) is list:
        (item,) = get_args(annotation)
        return words(item)
    return None


def word(value: object) -> str:
    """A value as YAML writes it: ``yes``/``no``, an enum's word, a number."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, Enum):
        return str(value.value)
    if value is None:
        return "none"
    return str(value)


def refusal(clause: Clause, path: str, value: object) -> str | None:
    """The sentence refusing ``path: value``, or None when the engine plays it."""
    if clause.plays is None or word(value) in clause.plays:
        return None
    return f"the referee does not yet play `{path}: {word(value)}`; {clause.instead}"


# --- the check ------------------------------------------------------------------------------------------


def contract_problems(book: Rulebook, doc: Doc) -> list[Problem]:
    """Every setting or remedy parameter the rulebook writes with a value the engine does not play."""
    problems = _game_refusals(book.game, ("game",), doc)
    for name, variant in book.variants.items():
        problems.extend(_game_refusals(variant.game, ("variants", name, "game"), doc))
    for kind, rows in book.tables().items():
        for index, row in enumerate(rows):
            at = ("irregularities", kind.value, index, "then")
            problems.extend(_remedy_refusals(kind, row.then, at, doc))
    return problems


def written_settings(game: GameSettings) -> Iterator[tuple[str, object]]:
    """(dotted path, value) for every leaf a game section writes; a list gives each item."""
    written = game.model_dump(exclude_unset=True)
    for path in SETTINGS:
        value: object = written
        for key in path.split("."):
            if not isinstance(value, dict) or key not in value:
                break
            value = value[key]
        else:
            if path == "openers.ladder" or not isinstance(value, list):
                yield path, value
            else:
                yield from ((path, item) for item in value)


def _game_refusals(game: GameSettings, at: tuple[Any, ...], doc: Doc) -> list[Problem]:
    problems = []
    for path, value in written_settings(game):
        message = refusal(SETTINGS[path], path, value)
        if message is not None:
            problems.append(doc.problem((*at, *path.split(".")), message, key=False))
    return problems


def _remedy_refusals(kind: Kind, remedy: RemedyBase, at: tuple[Any, ...], doc: Doc) -> list[Problem]:
    problems = []
    if isinstance(remedy, SameAs) and kind not in SAME_AS_FROM:
        problems.append(
            doc.problem(
                at,
                f"the referee does not yet rule {kind.value} as another irregularity (same-as); "
                "name the remedy itself",
                key=False,
            )
        )
    if kind in NO_WAGER and remedy.id in WAGER_REMEDIES:
        problems.append(
            doc.problem(
                at,
                f"the referee does not play the line of {kind.value} as a bet, so {remedy.id.value} "
                "would have no bet to work on; use bet-withdrawn (the line counts for nothing)",
                key=False,
            )
        )
    for name in sorted(remedy.model_fields_set - {"remedy"}):
        path = f"{remedy.id.value}.{name}"
        message = refusal(REMEDY_PARAMETERS[(remedy.id.value, name)], path, getattr(remedy, name))
        if message is not None:
            where = (*at, name) if _is_mapping(doc, at) else at
            problems.append(doc.problem(where, message, key=False))
    return problems


def _is_mapping(doc: Doc, at: tuple[Any, ...]) -> bool:
    """``then: {remedy: x, param: y}`` (point at the parameter) rather than ``then: x``."""
    value: object = doc.data
    for key in at:
        if isinstance(value, dict):
            value = value.get(key)
        elif isinstance(value, list) and isinstance(key, int) and key < len(value):
            value = value[key]
        else:
            return False
    return isinstance(value, dict)


# --- the audit ------------------------------------------------------------------------------------------


def audit() -> list[tuple[str, str, str]]:
    """One row per setting and remedy parameter: (name, what is played, which code reads it)."""

    def played(clause: Clause, annotation: Any) -> str:
        values = words(annotation)
        if clause.plays is not None:
            refused = [value for value in values or () if value not in clause.plays]
            text = "plays " + ", ".join(clause.plays) + "; refuses " + ", ".join(refused)
        else:
            text = "plays " + (", ".join(values) if values else "any value")
        if clause.log_decides:
            text = "accepts " + text.removeprefix("plays ") + f"; the log decides: {clause.log_decides}"
        return text

    rows = []
    for path, annotation in setting_leaves().items():
        clause = SETTINGS[path]
        rows.append((path, played(clause, annotation), clause.read_by))
    for (remedy, name), annotation in remedy_parameters().items():
        clause = REMEDY_PARAMETERS[(remedy, name)]
        rows.append((f"{remedy}.{name}", played(clause, annotation), clause.read_by))
    return rows


if __name__ == "__main__":  # pragma: no cover - python -m referee.rulebook.contract prints the audit
    for name, plays, read_by in audit():
        print(f"{name:42} {plays}\n{'':42} read by {read_by}")
