"""The log grammar (``grammar/hand.lark`` and the word rules of :mod:`referee.log.words`), loaded once,
and the transformer from a line to its event.

The grammar reads one line. Lark builds the LALR tables once per process and keeps them in a
user cache file, so a cold start only unpickles them (the file is keyed by the grammar's text,
words included, so a changed table of words builds new tables); nothing here fails when the
cache cannot be written (a read-only home, a sandbox).
"""

from __future__ import annotations

import functools
import importlib.resources
from decimal import Decimal
from typing import Final

import lark
from lark import Lark, Token, Transformer, v_args

from referee.cards import UNKNOWN, Card
from referee.events import (
    AllIn,
    AnteRule,
    Antes,
    Bet,
    BetCompletion,
    Call,
    CardExposed,
    CardFaceUpInPack,
    CardGiven,
    Check,
    CutIrregularity,
    CutProblem,
    Deal,
    DealtBy,
    DealtCards,
    Declare,
    Discard,
    DiscardsPickedUp,
    Draw,
    DrawCountAnswered,
    DrawCountAsked,
    DrawCountRefused,
    DrawPhase,
    DrawRequest,
    DrawRequestChanged,
    DuplicateCard,
    Event,
    Fold,
    HandsDealt,
    Limit,
    LimitKind,
    LooksAtCards,
    MisdealCalled,
    Muck,
    NewDeal,
    Note,
    Open,
    OpenersKeepAsked,
    OpenersNotShown,
    Post,
    PostKind,
    PotCollected,
    PotDeclaredOpen,
    Raise,
    Reshuffle,
    Says,
    Show,
    Showdown,
    ShowOpeners,
    SplitOpeners,
    StackChanged,
    StandPat,
    SurplusReturned,
    Widow,
    WrongCardCount,
    WrongDealer,
)
from referee.log.speech import read_speech
from referee.log.tokens import HeaderItem, LineSlip, game_name, parse_count, read_amount, unquote, words
from referee.log.words import MISDEAL_DECLARED, NUMBERS, POT_OPEN, grammar_rules
from referee.money import AmountError

GRAMMAR_FILE: Final = "hand.lark"
_MOST_GIVEN: Final = 7
"""The most cards a dealer can give a hand that is short (a seven-card hand missing them all)."""

_RANK_NAMES: Final = {"A": "ace", "K": "king", "Q": "queen", "J": "jack", "2": "deuce", "3": "trey"}
_RANK_LETTER: Final = {2: "2", 3: "3", 4: "4", 5: "5", 6: "6", 7: "7", 8: "8", 9: "9", 10: "T"}


def shorten_name(player: str) -> str:
    from referee.log.printer import format_name

    return format_name(player)


_Events = tuple[Event, ...]


@v_args(inline=True)
class ToEvents(Transformer[Token, object]):
    """One method per grammar rule (or alias): builds the event or header item of one line.

    Events come out without a position; the reader places them on their line. A line that
    states two facts (``Bob asked for 3, got 2``, ``Bob exposes K♥ Q♦``) gives a tuple of events.
    """

    # --- words ---------------------------------------------------------------------------------

    def name(self, token: Token) -> str:
        return str(token)

    def quoted_name(self, token: Token) -> str:
        return words(unquote(token))

    def card(self, token: Token) -> Card:
        return Card.parse(token)

    def cards(self, *cards: Card) -> tuple[Card, ...]:
        return cards

    def card_said(self, rank: Token | int | str, suit: str) -> Card:
        """A card in words: ``the 7 of hearts``, ``seven of hearts``, ``the queen of spades``.

        Raises:
            LineSlip: a number that is no rank (``one of hearts``, ``12 of clubs``).
        """
        if isinstance(rank, Token):  # digits: `the 7 of hearts`
            column, number = rank.column or 0, int(rank) if len(rank) <= 2 else 0
            letter = _RANK_LETTER.get(number)
        elif isinstance(rank, int):  # a number word: `seven of hearts`
            column, number, letter = 0, rank, _RANK_LETTER.get(rank)
        else:  # a rank word, already its letter
            column, number, letter = 0, 0, rank
        if letter is None:
            raise LineSlip(
                f"{number} is no rank: a card is 2 to 10, jack, queen, king or ace of a suit",
                column,
                len(str(rank)),
                "name the card like `the 7 of hearts`, `the queen of spades` or `7h`",
            )
        return Card.parse(letter + suit)

    def ace(self) -> str:
        return "A"

    def king(self) -> str:
        return "K"

    def queen(self) -> str:
        return "Q"

    def jack(self) -> str:
        return "J"

    def deuce(self) -> str:
        return "2"

    def trey(self) -> str:
        return "3"

    def spades(self) -> str:
        return "s"

    def hearts(self) -> str:
        return "h"

    def diamonds(self) -> str:
        return "d"

    def clubs(self) -> str:
        return "c"

    def rank_only(self, player: str, rank: str | int) -> Event:
        """``Bob shows an ace``: a rank with no suit is no card, so the line cannot be an event.

        Raises:
            LineSlip: always, saying what to write instead.
        """
        said = _RANK_NAMES.get(str(rank)) or next(word for word, value in NUMBERS.items() if value == rank)
        article = "an" if said[0] in "aeiou" else "a"
        raise LineSlip(
            f"`{article} {said}` names a rank but not its suit, so the referee cannot tell which card it was",
            0,
            0,
            f"name the card, like `{shorten_name(player)} shows A♠` or `the {said} of spades`; if nobody saw "
            "the suit, write `??` for it and say what was seen in a `note:` line",
        )

    def a_card(self) -> tuple[Card, ...]:
        return (UNKNOWN,)

    def amount(self, token: Token) -> Decimal:
        """The amount as written; a sign is read so the checks can refuse it where it stands.

        Raises:
            LineSlip: the amount is out of bounds (see :mod:`referee.money`).
        """
        try:
            return read_amount(token)
        except AmountError as error:
            raise LineSlip(error.reason, token.column or 0, len(token), error.hint) from None

    def number_word(self, token: Token) -> int:
        return NUMBERS[token.lower()]

    def word_amount(self, number: int) -> Decimal:
        return Decimal(number)

    def digit_count(self, token: Token) -> int:
        """A number of cards in digits (an AMOUNT token where the lexer reads one: plain digits only).

        Raises:
            LineSlip: no plain number (``$6 cards``), or more digits than any count can have.
        """
        if not (token.isdigit() and token.isascii()):
            raise LineSlip(f"`{token}` is not a number of cards", token.column or 0, len(token))
        return parse_count(token, token.column or 0)

    def word_count(self, number: int) -> int:
        return number

    def one_card(self) -> int:
        return 1

    def stack(self, player: str, amount: Decimal) -> tuple[str, Decimal]:
        return player, amount

    # --- the header ----------------------------------------------------------------------------

    def title(self, text: Token) -> HeaderItem:
        return HeaderItem("title", words(text))

    def game(self, text: Token) -> HeaderItem:
        return HeaderItem("game", game_name(text))

    def rulebook(self, word: Token) -> HeaderItem:
        return HeaderItem("rulebook", str(word))

    def seats(self, *players: str) -> HeaderItem:
        return HeaderItem("seats", players)

    def dealer(self, player: str) -> HeaderItem:
        return HeaderItem("dealer", player)

    def ante(self, amount: Decimal) -> HeaderItem:
        return HeaderItem("ante", AnteRule(amount))

    def ante_by_dealer(self, amount: Decimal) -> HeaderItem:
        return HeaderItem("ante", AnteRule(amount, by_dealer=True))

    def fixed_limit(self, low: Decimal, high: Decimal) -> HeaderItem:
        return HeaderItem("limit", Limit(LimitKind.FIXED, low, high))

    def three_figure_limit(self, low: Decimal, middle: Decimal, top: Decimal) -> HeaderItem:
        return HeaderItem("limit", Limit(LimitKind.FIXED, low, middle, top))

    def spread_limit(self, low: Decimal, high: Decimal) -> HeaderItem:
        return HeaderItem("limit", Limit(LimitKind.SPREAD, low, high))

    def pot_limit(self) -> HeaderItem:
        return HeaderItem("limit", Limit(LimitKind.POT))

    def no_limit(self) -> HeaderItem:
        return HeaderItem("limit", Limit(LimitKind.NO_LIMIT))

    def table_stakes(self) -> HeaderItem:
        return HeaderItem("limit", Limit(LimitKind.TABLE_STAKES))

    def jackpot_limit(self) -> HeaderItem:
        """``limit: jackpot``: Scarne's jack pot limit is refused by name rather than as an unknown word.

        Raises:
            LineSlip: always, naming the limits the referee reads.
        """
        raise LineSlip(
            "the jack pot limit is not one the referee can follow yet",
            0,
            0,
            "write the limit the pot was played at: `limit: 1/2` (fixed), `limit: 1-5` (spread), "
            "`limit: pot`, `limit: no-limit` or `limit: table-stakes`",
        )

    def stacks(self, *stacks: tuple[str, Decimal]) -> HeaderItem:
        return HeaderItem("stacks", stacks)

    def rake(self, amount: Decimal) -> HeaderItem:
        return HeaderItem("rake", amount)

    # --- the deal ------------------------------------------------------------------------------

    def antes(self) -> Event:
        return Antes()

    def player_antes(self, player: str, amount: Decimal | None) -> Event:
        return Antes(player, amount)

    def post(self, player: str, kind: PostKind, amount: Decimal) -> Event:
        return Post(player, kind, amount)

    def small_blind(self) -> PostKind:
        return PostKind.SMALL_BLIND

    def big_blind(self) -> PostKind:
        return PostKind.BIG_BLIND

    def blind(self) -> PostKind:
        return PostKind.BLIND

    def straddle(self) -> PostKind:
        return PostKind.STRADDLE

    def deal(self) -> Event:
        return Deal()

    def dealt(self, player: str, cards: tuple[Card, ...]) -> Event:
        return DealtCards(player, cards)

    def dealt_by(self, player: str) -> Event:
        return DealtBy(player)

    def widow(self, card: Card) -> Event:
        return Widow(card)

    # --- betting -------------------------------------------------------------------------------

    def check(self, player: str) -> Event:
        return Check(player)

    def check_to(self, player: str, _to: str) -> Event:
        """``Ann checks to Bob``: whom to is the log's order; the check is the event."""
        return Check(player)

    def bet(self, player: str, amount: Decimal) -> Event:
        return Bet(player, amount)

    def bet_into(self, player: str, amount: Decimal, _into: str) -> Event:
        """``Bob bets 4 into Cy``: the bet; whom it faces is the log's order."""
        return Bet(player, amount)

    def open(self, player: str, amount: Decimal) -> Event:
        return Open(player, amount)

    def open_with(self, player: str, amount: Decimal, claimed: Token) -> Event:
        """``Ann opens 2 with a pair of tens``: the opening bet and the openers she claims."""
        return Open(player, amount, claimed=words(claimed).rstrip(".!"))

    def open_no_amount(self, player: str, claimed: Token) -> Event:
        """``Ann opened with a pair of tens``: the openers are said but not the bet.

        Raises:
            LineSlip: always, with the line to write.
        """
        said = words(claimed).rstrip(".!")
        raise LineSlip(
            "how much did the opener bet? The opening bet is the fact the referee follows",
            claimed.column or 0,
            len(claimed),
            f"write the bet with the openers, like `{shorten_name(player)} opens 2 with {said}`",
        )

    def call(self, player: str, amount: Decimal | None) -> Event:
        return Call(player, amount)

    def call_more(self, player: str, amount: Decimal) -> Event:
        """``Bob calls 2 more``: the chips he adds to call."""
        return Call(player, amount)

    def call_the_bet(self, player: str) -> Event:
        """``Ann sees the raise``: a call of the bet standing, whatever it is."""
        return Call(player)

    def raise_by(self, player: str, amount: Decimal) -> Event:
        return Raise(player, amount)

    def raise_to(self, player: str, amount: Decimal) -> Event:
        return Raise(player, amount, to=True)

    def raise_by_to(self, player: str, amount: Decimal, total: Decimal) -> Event:
        return Raise(player, amount, total=total)

    def fold(self, player: str) -> Event:
        return Fold(player)

    def all_in(self, player: str, amount: Decimal | None) -> Event:
        return AllIn(player, amount)

    def bet_completed(self, player: str) -> Event:
        return BetCompletion(player)

    def bet_not_completed(self, player: str) -> Event:
        return BetCompletion(player, completed=False)

    # --- the draw ------------------------------------------------------------------------------

    def draw_phase(self) -> Event:
        return DrawPhase()

    def discard(self, player: str, cards: tuple[Card, ...]) -> Event:
        return Discard(player, cards)

    def discard_draw_count(self, player: str, discards: tuple[Card, ...], count: int) -> Event:
        return Draw(player, count, discards=discards)

    def discard_draw_cards(
        self, player: str, discards: tuple[Card, ...], received: tuple[Card, ...]
    ) -> Event:
        return Draw(player, len(received), discards=discards, received=received)

    def draw_count(self, player: str, count: int) -> Event:
        return Draw(player, count)

    def keep_draw_count(self, player: str, _kept: tuple[Card, ...], count: int) -> Event:
        """``Bob keeps A♠, draws 4``: the draw is the fact the rules count (the cards kept are his
        deal less his discards, which the hand already says)."""
        return Draw(player, count)

    def draw_cards(self, player: str, received: tuple[Card, ...]) -> Event:
        return Draw(player, len(received), received=received)

    def stand_pat(self, player: str) -> Event:
        return StandPat(player)

    def draw_request(self, player: str, count: int) -> Event:
        return DrawRequest(player, count)

    def draw_request_count(self, player: str, asked: int, count: int) -> _Events:
        return DrawRequest(player, asked), Draw(player, count)

    def draw_request_cards(self, player: str, asked: int, received: tuple[Card, ...]) -> _Events:
        return DrawRequest(player, asked), Draw(player, len(received), received=received)

    def draw_changed(self, player: str, count: int) -> Event:
        return DrawRequestChanged(player, count)

    def draw_count_asked(self, player: str, asked: str) -> Event:
        return DrawCountAsked(player, asked)

    def draw_count_answered(self, player: str, count: int) -> Event:
        return DrawCountAnswered(player, count)

    def draw_count_refused(self, player: str) -> Event:
        return DrawCountRefused(player)

    def discards_picked_up(self, player: str) -> Event:
        return DiscardsPickedUp(player)

    def looks_at_cards(self, player: str) -> Event:
        return LooksAtCards(player)

    # --- showing and speaking ------------------------------------------------------------------

    def showdown(self) -> Event:
        return Showdown()

    def show(self, player: str, cards: tuple[Card, ...]) -> Event:
        return Show(player, cards)

    def muck(self, player: str) -> Event:
        return Muck(player)

    def show_openers(self, player: str, cards: tuple[Card, ...]) -> Event:
        return ShowOpeners(player, cards)

    def openers_not_shown(self, player: str) -> Event:
        return OpenersNotShown(player)

    def openers_keep_asked(self, player: str, opener: str) -> Event:
        return OpenersKeepAsked(player, opener)

    def stack_added(self, player: str, amount: Decimal) -> Event:
        return StackChanged(player, amount)

    def stack_taken(self, player: str, amount: Decimal) -> Event:
        return StackChanged(player, amount, added=False)

    def split_openers(self, player: str, kept: tuple[Card, ...]) -> Event:
        return SplitOpeners(player, kept)

    def declare(self, player: str, text: Token) -> Event:
        """A declaration; ``declares the pot open`` and ``declares a misdeal`` are facts of their own."""
        declared = words(text)
        plain = declared.lower().rstrip(".!")
        if plain in POT_OPEN:
            return PotDeclaredOpen(player)
        if plain in MISDEAL_DECLARED:
            return MisdealCalled(player)
        return Declare(player, declared)

    def says(self, player: str, speech: Token) -> Event:
        said = unquote(speech)
        return Says(player, said, meaning=read_speech(said))

    # --- irregular facts -----------------------------------------------------------------------

    def dealer_exposes_players(self, owner: str, _possessive: Token, cards: tuple[Card, ...]) -> _Events:
        return tuple(CardExposed("dealer", card, owner=owner, by_dealer=True) for card in cards)

    def dealer_exposes(self, cards: tuple[Card, ...], owner: str | None) -> _Events:
        return tuple(CardExposed("dealer", card, owner=owner, by_dealer=True) for card in cards)

    def player_exposes(self, player: str, cards: tuple[Card, ...]) -> _Events:
        return tuple(CardExposed(player, card, owner=player) for card in cards)

    def player_exposes_dealing(self, player: str, cards: tuple[Card, ...], owner: str) -> _Events:
        """``Bob flashed 7h while dealing to Cy``: Bob exposed Cy's card (``Bob exposes Cy's 7h``)."""
        return tuple(CardExposed(player, card, owner=owner) for card in cards)

    def dealer_exposed_players(self, owner: str, _possessive: Token, cards: tuple[Card, ...]) -> _Events:
        """``Ann's Ac was exposed by the dealer``: ``dealer exposes Ann's Ac`` in the passive."""
        return tuple(CardExposed("dealer", card, owner=owner, by_dealer=True) for card in cards)

    def players_exposed_by(
        self, owner: str, _possessive: Token, cards: tuple[Card, ...], player: str
    ) -> _Events:
        """``Cy's 7h was flashed by Bob``: ``Bob exposes Cy's 7h`` in the passive."""
        return tuple(CardExposed(player, card, owner=owner) for card in cards)

    def player_exposes_players(
        self, player: str, owner: str, _possessive: Token, cards: tuple[Card, ...]
    ) -> _Events:
        return tuple(CardExposed(player, card, owner=owner) for card in cards)

    def face_up_in_pack(self, card: Card) -> Event:
        return CardFaceUpInPack(card)

    def cut_not_offered(self) -> Event:
        return CutIrregularity(CutProblem.NOT_OFFERED)

    def deck_not_cut(self) -> Event:
        return CutIrregularity(CutProblem.NOT_CUT)

    def exposed_in_cut(self) -> Event:
        return CutIrregularity(CutProblem.EXPOSED_IN_CUT)

    def was_dealt(self, player: str, count: int) -> Event:
        return WrongCardCount(player, count, dealt=True)

    def has_cards(self, player: str, count: int) -> Event:
        return WrongCardCount(player, count, dealt=False)

    def duplicate_card(self, card: Card) -> Event:
        return DuplicateCard(card)

    def duplicate_cards(self, _count: int, card: Card) -> Event:
        """``there are two 7♣ in the deck``: a card found more than once, an imperfect pack."""
        return DuplicateCard(card)

    def wrong_dealer(self, player: str) -> Event:
        return WrongDealer(player)

    def misdeal(self) -> Event:
        return MisdealCalled()

    def misdeal_by(self, player: str) -> Event:
        return MisdealCalled(player)

    def redeal(self) -> Event:
        return NewDeal("redeal")

    def new_deal(self) -> Event:
        return NewDeal("new deal")

    def hands_dealt(self, count: int) -> Event:
        return HandsDealt(count=count)

    def hands_too_many(self, count: int) -> Event:
        return HandsDealt(extra=count)

    def hands_too_few(self, count: int) -> Event:
        return HandsDealt(extra=-count)

    def too_many_hands(self) -> Event:
        return HandsDealt(extra=1)

    def too_few_hands(self) -> Event:
        return HandsDealt(extra=-1)

    def pot_collected(self, player: str | None = None) -> Event:
        return PotCollected(player)

    def surplus_returned(self, player: str, cards: tuple[Card, ...]) -> Event:
        return SurplusReturned(player, cards)

    def card_given(self, player: str, cards: tuple[Card, ...]) -> Event:
        return CardGiven(player, cards)

    def given_cards(self, cards: tuple[Card, ...]) -> tuple[Card, ...]:
        return cards

    def one_unseen(self) -> tuple[Card, ...]:
        return (UNKNOWN,)

    def unseen_count(self, count: int) -> tuple[Card, ...]:
        """``2 more cards``: so many cards nobody saw.

        Raises:
            LineSlip: more cards than a hand holds.
        """
        if not 0 < count <= _MOST_GIVEN:
            raise LineSlip(f"{count} cards cannot be a hand's missing cards", 0, 0)
        return (UNKNOWN,) * count

    def reshuffle(self) -> Event:
        return Reshuffle()

    def reshuffle_by(self, player: str) -> Event:
        # `Dee shuffles the discards`: who shuffles is the dealer's job and changes nothing ruled
        return Reshuffle()

    def note(self, text: Token) -> Event:
        return Note(words(text))


def grammar_file_text() -> str:
    """``hand.lark`` as shipped in the installed package (without the word rules)."""
    return (importlib.resources.files("referee.grammar") / GRAMMAR_FILE).read_text(encoding="utf-8")


def grammar_text() -> str:
    """The whole grammar: ``hand.lark`` and the word rules made from the table of words."""
    return grammar_file_text() + "\n" + grammar_rules()


def _cache_file() -> str | bool:
    """Where Lark keeps the built tables: a user cache dir, or no cache when there is none."""
    from referee.usercache import cache_dir, python_tag

    directory = cache_dir()
    if directory is None:
        return False
    return str(directory / f"hand-grammar-lark{lark.__version__}-{python_tag()}.cache")


@functools.cache
def parser() -> Lark:
    """The one-line LALR parser with the transformer applied while parsing; built once."""
    options: dict[str, object] = {"parser": "lalr", "lexer": "contextual", "transformer": ToEvents()}
    try:
        return Lark(grammar_text(), cache=_cache_file(), **options)
    except OSError:
        # An unusable cache (a directory where the file should be, say) never stops a parse.
        return Lark(grammar_text(), cache=False, **options)


@functools.cache
def tree_parser() -> Lark:
    """The same grammar building parse trees instead of events (for tests and tools)."""
    return Lark(grammar_text(), parser="lalr", lexer="contextual")
