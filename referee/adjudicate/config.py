"""What the state machine needs to know about the game being played, in one frozen value.

Built from the rulebook's effective game settings and the log's header (the header's limit and
ante win over the rulebook's defaults, because they record what this table actually played).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal

from referee.events import Limit, LimitKind
from referee.hands.ranking import Ranking
from referee.rulebook.settings import AfterTop, Deck, Exclusion, MinRaise, OddChip, Pair

_FIXED = LimitKind.FIXED
"""Read once (an enum member read through its class is slow in Python 3.11); asked at every bet."""


@dataclass(frozen=True, slots=True)
class PlayConfig:
    """The knobs of clean play. Every field has the plain-draw default."""

    game: str = "draw"
    ranking: Ranking = field(default_factory=Ranking)
    """How hands rank (with the hand size: best five of seven in seven-card draw)."""
    deck: Deck = Deck.STANDARD
    hand_size: int = 5
    openers: str = "anything"
    """What the opening bet requires: anything, jacks-or-better, queens-or-better, ... (a string,
    not ``OpenersRule``: the progressive ladder makes any pair's ``-or-better``)."""
    opener_shows_to_win: bool = True
    """An opener left alone is paid only once he shows openers (``openers.shown_to_win``)."""
    win_requirement: str | None = None
    """A hand needed to take the pot (``three-of-a-kind`` for trips to win)."""
    folded_out_when_nobody_qualifies: bool = False
    """Trips to Win: when no hand qualifies, those who folded sit out the next deal (001)."""
    ante: Decimal = Decimal(0)
    ante_by_dealer: bool = False
    limit: Limit = field(default_factory=lambda: Limit(LimitKind.NO_LIMIT))
    raise_cap: int | None = 5
    """Most bets in one round, the opening bet included: a bet and four raises is 5."""
    cap_heads_up: bool = False
    """Whether the cap still applies when only two players are left."""
    check_raise: bool = True
    """A player who checked may raise later in the round; no makes such a raise an over-limit finding."""
    blind_may_raise: bool = True
    """The big blind may raise when everyone only called; no makes such a raise an over-limit finding."""
    jackpot_limit: bool = False
    """Scarne's Jack Pot: after a passed-out deal the opening bet, and each bet after the draw, may be as
    much as the antes in the pot when it exceeds the limit (000 Optional Betting Limits)."""
    after_draw_min_doubles: bool = False
    """Seven Card Draw: a bet after the draw is at least twice the first round's last bet."""
    doubling_raises: bool = False
    """English or Australian poker (004): a raise may double the bet before it."""
    opening_raise: bool = False
    """Card rooms (002): under a fixed limit the pot may be opened for the minimum or with a raise
    (twice the bet), and that raise counts toward ``raise_cap``."""
    blind_opening: bool = False
    """Blind opening (004): the first hand's blind is the opening bet."""
    min_raise: MinRaise = MinRaise.PREVIOUS_BET
    """Under a spread limit: ``previous-bet`` (card rooms) or ``limit-minimum`` (any amount)."""
    max_draw: int = 5
    max_draw_with_ace: int | None = None
    later_max_draw: int | None = None
    """Most cards in the draws after the first (001 Two Draws: two); None for the same as the first."""
    five_card_draw: bool = False
    """A player may replace all his cards (at once, or four and then one)."""
    five_four_then_one: bool = False
    """A five-card draw is served four at once and the fifth after everyone else (002 Draw High item 5):
    a player who throws five and takes four is owed the fifth, which a later ``draws 1`` line serves."""
    bottom_card_dealt: bool = True
    """The last card of the pack may be dealt (004: it may not)."""
    reshuffle_excludes: tuple[Exclusion, ...] = ()
    """Discards kept out of a reshuffle: ``opener``, ``drawing-player``."""
    draws: int = 1
    small_bet_rounds: int = 1
    """Betting rounds at the small fixed bet (triple draw: the first two)."""
    one_or_all: bool = False
    """All for One: a draw is one card or all five (or none)."""
    rotate_first_drawer: bool = False
    """All for One: each draw begins one seat further left."""
    draw_left_of_big_blind: bool = False
    """Seven Card Draw: with blinds, the draw begins left of the big blind."""
    until_pack_runs_out: bool = False
    """All for One: no draw once fewer cards are left than players in the hand."""
    opener_speaks_first: bool = True
    """After the draw the opener bets first (else the first live player left of the dealer)."""
    cards_speak: bool = True
    odd_chip: OddChip = OddChip.LEFT_OF_DEALER
    """Who gets an odd chip on a split: ``left-of-dealer`` (first winner clockwise) or ``high-card``
    (the winner holding the highest card, suits breaking ties: spades, hearts, diamonds, clubs)."""
    pass_and_out: bool = False
    """Before the draw, a player who passes when nobody has bet has dropped: once someone bets he is
    out of the pot (004 Pass and Out: "he must bet the minimum allowed or drop out")."""
    pass_and_out_after: bool = False
    """The same after the draw (004: "in some games ... before and after the draw")."""
    ante_cap_deals: int | None = None
    """Deals in a row nobody opened after which nobody antes again (002: most games allow three)."""
    reante_when_passed: bool = True
    """When nobody opens, everyone antes again for the next deal."""
    reante_when_no_qualifier: bool = True
    """After a pot no hand qualified for (Trips to Win), those still in ante again (001)."""
    dealer_moves_when_passed: bool = True
    openers_ladder: tuple[Pair, ...] = ()
    """Progressive openers: the requirement for each deal in a row that nobody opened."""
    ladder_after_top: AfterTop = AfterTop.STEP_DOWN
    switch_to_lowball: bool = False
    """Jacks Back: when nobody opens, the same hands are played as ace-to-five lowball."""
    lowball_check_raise: bool = True
    """Jacks Back: False bars check-raising in the lowball part (001 Jacks Back, paragraph 6)."""
    lowball_blind: bool = False
    """Jacks Back: the player left of the dealer posts a blind when the game turns to lowball (001
    Jacks Back, paragraph 5)."""
    opener_must_win_or_match: bool = False
    """Diablo: an opener who does not win pays a new pot the size of the one just won."""
    opener_match_cap: Decimal | None = None
    """Diablo: the most the beaten opener puts up (001: "some put a limit"); None for the whole pot."""
    deal_passes_after_misdeals: int | None = 2
    """Misdeals in a row by one dealer after which the deal passes left (000: two)."""
    most_players: int | None = None
    """The most players the game seats (001 Players and Cards; 001 32-Card Poker: five); a deal with
    more is a too-many-players finding. None: as many as the pack serves."""
    stake_minimum: Decimal | None = None
    """Table stakes: the least stake a player may play a deal with (000 Table Stakes or Freeze-Out,
    sentence 1); a player below it at a deal's first line is a stake-below-minimum finding."""

    def bet_size(self, round_index: int) -> Decimal | None:
        """The fixed bet for a round (``2/4``: 2 before the draw, 4 after), or None."""
        if self.limit.kind is not _FIXED:
            return None
        if round_index < self.small_bet_rounds:
            return self.limit.low
        return self.limit.high


def ladder_step(ladder: tuple[Pair, ...], passed: int, after_top: AfterTop) -> Pair:
    """The progressive requirement after ``passed`` deals in a row nobody opened.

    >>> ladder = (Pair.JACKS, Pair.QUEENS, Pair.KINGS, Pair.ACES)
    >>> [str(ladder_step(ladder, n, AfterTop.STEP_DOWN)) for n in range(7)]
    ['jacks', 'queens', 'kings', 'aces', 'kings', 'queens', 'jacks']
    """
    top = len(ladder) - 1
    if passed <= top:
        return ladder[passed]
    if after_top is AfterTop.STAY:
        return ladder[top]
    if after_top is AfterTop.RESTART:
        return ladder[passed % len(ladder)]
    cycle = 2 * top
    position = passed % cycle if cycle else 0
    return ladder[position if position <= top else cycle - position]
