"""The front of the engine: a log and a rulebook in, a ``Result`` out.

Builds the ``PlayConfig`` from the rulebook's effective game settings and the log's header,
wraps the rulebook's decision tables as the replay's ``Judge``, and runs the replay.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from decimal import Decimal
from typing import TYPE_CHECKING, Final

from referee.adjudicate.config import PlayConfig
from referee.adjudicate.detect import FactValue
from referee.adjudicate.replay import Replay
from referee.adjudicate.verdict import Verdict
from referee.events import HandLog, Limit, LimitKind
from referee.rulebook.settings import Pair
from referee.rulebook.vocabulary import KIND_FACTS, Fact, Kind
from referee.ruling import Result, RowCheck

if TYPE_CHECKING:
    from referee.hands import Ranking
    from referee.rulebook.decisions import Decision
    from referee.rulebook.model import Rulebook
    from referee.rulebook.settings import GameSettings


@dataclass(frozen=True, slots=True)
class RulebookJudge:
    """A rulebook's decision tables, answering the replay's questions."""

    rulebook: Rulebook

    @property
    def name(self) -> str:
        return str(self.rulebook.id)

    def decide(self, kind: Kind, facts: Mapping[Fact, FactValue]) -> Verdict:
        from referee.rulebook.decisions import decide

        # The verdict reads no facts back, so a question the table cannot tell apart may share it.
        named = {name: facts[fact] for fact, name in _NEEDED[kind] if fact in facts}
        decision = decide(self.rulebook, kind, named, exact_facts=False)
        # A rulebook makes each decision once (decisions.decide): its verdict is made once too.
        known = _VERDICTS.get(id(decision))
        if known is not None and known[0] is decision:
            return known[1]
        tried = tuple(RowCheck(miss.rule, False, "; ".join(miss.reasons)) for miss in decision.tried)
        verdict = Verdict(
            remedy=decision.remedy.id,
            rule=decision.rule,
            cite=decision.cite,
            summary=decision.summary,
            params=decision.params,
            tried=(*tried, RowCheck(decision.rule, True, decision.summary)),
        )
        if len(_VERDICTS) >= 4096:
            _VERDICTS.clear()
        _VERDICTS[id(decision)] = (decision, verdict)
        return verdict


_NEEDED: Final = {kind: tuple((fact, fact.value) for fact in needed) for kind, needed in KIND_FACTS.items()}
"""Each kind's facts with their names (an enum member's value is read through a slow descriptor)."""
_VERDICTS: dict[int, tuple[Decision, Verdict]] = {}
"""Verdicts by the identity of their decision (kept beside it, so the identity is never reused)."""


def ranking_for(settings: GameSettings) -> Ranking:
    """The ``referee.hands.Ranking`` a game's settings describe."""
    from referee.hands import Ranking

    # The settings' ranking names are the presets of referee.hands (the schema keeps them in step).
    ranking = Ranking.named(str(settings.ranking.value))
    named = {str(card.value) for card in settings.wild_cards}
    wild = named - {"one-eyed-jacks", "widow"}
    one_eyed = any(str(card.value) == "one-eyed-jacks" for card in settings.wild_cards)
    special = {str(hand.value) for hand in settings.special_hands}
    if str(settings.deck.value) == "joker" and ranking.joker == "none":
        ranking = replace(ranking, joker="bug")
    if wild or one_eyed or special or settings.hand_size != 5:
        ranking = replace(
            ranking,
            wild_ranks=set(ranking.wild_ranks) | wild,
            one_eyed_jacks=ranking.one_eyed_jacks or one_eyed,
            special_hands=set(ranking.special_hands) | special,
            hand_size=settings.hand_size,
        )
    return ranking


_CONFIGS: dict[tuple[int, str, object, object], tuple[GameSettings, PlayConfig]] = {}
_GAMES: dict[tuple[int, str], tuple[GameSettings, PlayConfig]] = {}


def play_config(settings: GameSettings, log: HandLog, game: str) -> PlayConfig:
    """The knobs of clean play: the rulebook's game, with the log's own limit and ante.

    The same settings with the same limit and ante give the same config, so it is made once; the
    game's part of it is made once per game whatever the limit and ante.
    """
    key = (id(settings), game, log.header.limit, log.header.ante)
    cached = _CONFIGS.get(key)
    if cached is not None and cached[0] is settings:
        return cached[1]
    config = _with_log(_game_config(settings, game), settings, log)
    if len(_CONFIGS) > 256:
        _CONFIGS.clear()
    _CONFIGS[key] = (settings, config)  # holding the settings keeps their id from being reused
    return config


def _game_config(settings: GameSettings, game: str) -> PlayConfig:
    key = (id(settings), game)
    cached = _GAMES.get(key)
    if cached is not None and cached[0] is settings:
        return cached[1]
    config = _play_config(settings, game)
    if len(_GAMES) > 256:
        _GAMES.clear()
    _GAMES[key] = (settings, config)
    return config


def _with_log(base: PlayConfig, settings: GameSettings, log: HandLog) -> PlayConfig:
    """The game's config with the limit and ante this log's header says the table played."""
    header = log.header
    limit = header.limit or Limit(LimitKind.NO_LIMIT)
    if limit.kind is LimitKind.FIXED and limit.high is None and limit.low is not None:
        # A one-figure fixed limit: the bet after the draw is the rulebook's (001; 002: twice it).
        double = str(settings.betting.after_draw_limit.value) == "double"
        limit = Limit(LimitKind.FIXED, limit.low, limit.low * 2 if double else limit.low)
    ante = header.ante.amount if header.ante else Decimal(0)
    by_dealer = header.ante.by_dealer if header.ante else base.ante_by_dealer
    return replace(base, limit=limit, ante=ante, ante_by_dealer=by_dealer)


def _play_config(settings: GameSettings, game: str) -> PlayConfig:
    betting = settings.betting
    cap = betting.raise_cap.raises
    openers = str(settings.openers.rule.value)
    ladder: tuple[Pair, ...] = ()
    if openers == "progressive":
        ladder = tuple(settings.openers.ladder) or (Pair.JACKS,)
        openers = f"{ladder[0]}-or-better"
    to_win = str(settings.showdown.to_win.value)
    return PlayConfig(
        game=game,
        ranking=ranking_for(settings),
        deck=settings.deck,
        hand_size=settings.hand_size,
        openers=openers,
        opener_shows_to_win=settings.openers.shown_to_win,
        folded_out_when_nobody_qualifies=settings.showdown.no_qualifier.folded_players_out,
        win_requirement={"anything": None, "three-of-a-kind": "trips-to-win"}.get(to_win, to_win),
        ante_by_dealer=str(settings.ante.method.value) == "dealer",
        raise_cap=None if cap is None else cap + 1,
        cap_heads_up=not betting.raise_cap.heads_up_unlimited,
        check_raise=betting.check_raise,
        blind_may_raise=settings.blinds.blind_may_raise,
        jackpot_limit=betting.jackpot_limit,
        after_draw_min_doubles=betting.after_draw_min_doubles,
        min_raise=betting.min_raise,
        doubling_raises=betting.doubling_raises,
        opening_raise=betting.opening_raise,
        blind_opening=betting.blind_opening,
        max_draw=settings.draw.max_cards,
        max_draw_with_ace=settings.draw.max_with_ace,
        later_max_draw=settings.draw.later_max_cards,
        five_card_draw=str(settings.draw.five_cards.value) != "not-allowed",
        five_four_then_one=str(settings.draw.five_cards.value) == "four-then-one",
        bottom_card_dealt=str(settings.deck_exhaustion.bottom_card.value) == "dealt",
        reshuffle_excludes=tuple(settings.deck_exhaustion.exclude),
        draws=settings.draw.rounds,
        small_bet_rounds=2 if settings.draw.rounds == 3 else 1,
        one_or_all=settings.draw.one_or_all,
        rotate_first_drawer=settings.draw.rotate_first_drawer,
        draw_left_of_big_blind=settings.draw.left_of_big_blind,
        until_pack_runs_out=settings.draw.until_pack_runs_out,
        opener_speaks_first=str(betting.first_after_draw.value) == "opener",
        cards_speak=settings.showdown.cards_speak,
        odd_chip=settings.showdown.odd_chip,
        pass_and_out=str(betting.before_draw.value) == "pass-and-out",
        pass_and_out_after=str(betting.after_draw.value) == "pass-and-out",
        reante_when_passed=settings.passed_out.ante_again,
        reante_when_no_qualifier=settings.showdown.no_qualifier.ante_again,
        ante_cap_deals=settings.passed_out.ante_cap_deals,
        dealer_moves_when_passed=str(settings.passed_out.next_dealer.value) == "next",
        deal_passes_after_misdeals=settings.deal_passes_after_misdeals,
        most_players=settings.most_players,
        stake_minimum=settings.stakes.minimum,
        openers_ladder=ladder,
        ladder_after_top=settings.openers.after_top,
        switch_to_lowball=str(settings.passed_out.switch_to.value) == "ace-to-five",
        lowball_check_raise=settings.passed_out.lowball_check_raise,
        lowball_blind=settings.passed_out.lowball_blind,
        opener_must_win_or_match=settings.showdown.opener_must_win_or_match,
        opener_match_cap=settings.showdown.opener_match_cap,
    )


def not_modelled(rulebook: Rulebook, log: HandLog) -> list[str]:
    """What the catalog says the referee does not model of this log's game (empty for most)."""
    from referee.rulebook.games import variant

    game = log.header.game or str(rulebook.default_game)
    try:
        return list(variant(game, rulebook).not_modelled)
    except Exception:  # an unknown game is reported by rule_log itself
        return []


def rulebook_name(log: HandLog, override: str | None) -> str:
    """The rulebook's name as asked: ``-r``, then the log's ``rulebook:`` line, then scarne.

    For benchmarks and tools that load bundled rulebooks; the commands resolve a log's own line
    with :func:`referee.rulebook.load.rulebook_for_log`, which keeps it to bundled names and
    files next to the log.
    """
    from referee.rulebook.load import DEFAULT_RULEBOOK

    return override or log.header.rulebook or DEFAULT_RULEBOOK


def rule_log(log: HandLog, text: str, rulebook: Rulebook) -> Result:
    """Replay ``log`` under ``rulebook``: rulings and settlement."""
    from referee.rulebook.games import effective_game, refuse_unruled

    game = log.header.game or str(rulebook.default_game)
    refuse_unruled(game, rulebook)
    settings = effective_game(rulebook, game)
    config = play_config(settings, log, game)
    return Replay(log, config, RulebookJudge(rulebook), text).run()
