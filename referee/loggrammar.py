"""The log grammar (``grammar/hand.lark``) loaded once, and the transformer from a line to an event.

The grammar reads one line. Lark builds the LALR tables once per process and keeps them in a
user cache file, so a cold start only unpickles them; nothing here fails when the cache cannot be
written (a read-only home, a sandbox).
"""

from __future__ import annotations

import functools
import importlib.resources
from decimal import Decimal
from typing import Final

import lark
from lark import Lark, Token, Transformer, v_args

from referee.cards import Card
from referee.events import (
    AllIn,
    AnteRule,
    Antes,
    Bet,
    Call,
    CardExposed,
    CardFaceUpInPack,
    Check,
    CutIrregularity,
    CutProblem,
    Deal,
    DealtCards,
    Declare,
    Discard,
    Draw,
    DrawPhase,
    DuplicateCard,
    Event,
    Fold,
    Limit,
    LimitKind,
    MisdealCalled,
    Muck,
    NewDeal,
    Note,
    Open,
    Post,
    PostKind,
    Raise,
    Says,
    Show,
    Showdown,
    ShowOpeners,
    SplitOpeners,
    StandPat,
    Widow,
    WrongCardCount,
    WrongDealer,
)
from referee.logwords import HeaderItem, LineSlip, parse_count, words
from referee.money import AmountError, parse_amount

GRAMMAR_FILE: Final = "hand.lark"


@v_args(inline=True)
class ToEvents(Transformer[Token, object]):
    """One method per grammar rule (or alias): builds the event or header item of one line.

    Events come out without a position; the reader places them on their line.
    """

    # --- words ---------------------------------------------------------------------------------

    def name(self, token: Token) -> str:
        return str(token)

    def quoted_name(self, token: Token) -> str:
        return words(token[1:-1])

    def card(self, token: Token) -> Card:
        return Card.parse(token)

    def cards(self, *cards: Card) -> tuple[Card, ...]:
        return cards

    def amount(self, token: Token) -> Decimal:
        """The amount as written; a sign is read so the checks can refuse it where it stands.

        Raises:
            LineSlip: the amount is out of bounds (see :mod:`referee.money`).
        """
        try:
            return parse_amount(token, signed=True)
        except AmountError as error:
            raise LineSlip(error.reason, token.column or 0, len(token), error.hint) from None

    def stack(self, player: str, amount: Decimal) -> tuple[str, Decimal]:
        return player, amount

    # --- the header ----------------------------------------------------------------------------

    def title(self, text: Token) -> HeaderItem:
        return HeaderItem("title", words(text))

    def game(self, word: Token) -> HeaderItem:
        return HeaderItem("game", str(word))

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

    def spread_limit(self, low: Decimal, high: Decimal) -> HeaderItem:
        return HeaderItem("limit", Limit(LimitKind.SPREAD, low, high))

    def pot_limit(self) -> HeaderItem:
        return HeaderItem("limit", Limit(LimitKind.POT))

    def no_limit(self) -> HeaderItem:
        return HeaderItem("limit", Limit(LimitKind.NO_LIMIT))

    def table_stakes(self) -> HeaderItem:
        return HeaderItem("limit", Limit(LimitKind.TABLE_STAKES))

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

    # --- betting -------------------------------------------------------------------------------

    def check(self, player: str) -> Event:
        return Check(player)

    def bet(self, player: str, amount: Decimal) -> Event:
        return Bet(player, amount)

    def open(self, player: str, amount: Decimal) -> Event:
        return Open(player, amount)

    def call(self, player: str, amount: Decimal | None) -> Event:
        return Call(player, amount)

    def raise_by(self, player: str, amount: Decimal) -> Event:
        return Raise(player, amount)

    def raise_to(self, player: str, amount: Decimal) -> Event:
        return Raise(player, amount, to=True)

    def fold(self, player: str) -> Event:
        return Fold(player)

    def all_in(self, player: str) -> Event:
        return AllIn(player)

    # --- the draw ------------------------------------------------------------------------------

    def draw_phase(self) -> Event:
        return DrawPhase()

    def discard(self, player: str, cards: tuple[Card, ...]) -> Event:
        return Discard(player, cards)

    def discard_draw_count(self, player: str, discards: tuple[Card, ...], count: Token) -> Event:
        return Draw(player, parse_count(count, count.column or 0), discards=discards)

    def discard_draw_cards(
        self, player: str, discards: tuple[Card, ...], received: tuple[Card, ...]
    ) -> Event:
        return Draw(player, len(received), discards=discards, received=received)

    def draw_count(self, player: str, count: Token) -> Event:
        return Draw(player, parse_count(count, count.column or 0))

    def draw_cards(self, player: str, received: tuple[Card, ...]) -> Event:
        return Draw(player, len(received), received=received)

    def stand_pat(self, player: str) -> Event:
        return StandPat(player)

    # --- showing and speaking ------------------------------------------------------------------

    def showdown(self) -> Event:
        return Showdown()

    def show(self, player: str, cards: tuple[Card, ...]) -> Event:
        return Show(player, cards)

    def muck(self, player: str) -> Event:
        return Muck(player)

    def show_openers(self, player: str, cards: tuple[Card, ...]) -> Event:
        return ShowOpeners(player, cards)

    def split_openers(self, player: str, kept: tuple[Card, ...]) -> Event:
        return SplitOpeners(player, kept)

    def declare(self, player: str, text: Token) -> Event:
        return Declare(player, words(text))

    def says(self, player: str, speech: Token) -> Event:
        return Says(player, speech[1:-1])

    # --- irregular facts -----------------------------------------------------------------------

    def dealer_exposes_players(self, owner: str, _possessive: Token, card: Card) -> Event:
        return CardExposed("dealer", card, owner=owner, by_dealer=True)

    def dealer_exposes(self, card: Card) -> Event:
        return CardExposed("dealer", card, by_dealer=True)

    def player_exposes(self, player: str, card: Card) -> Event:
        return CardExposed(player, card, owner=player)

    def player_exposes_players(self, player: str, owner: str, _possessive: Token, card: Card) -> Event:
        return CardExposed(player, card, owner=owner)

    def face_up_in_pack(self, card: Card) -> Event:
        return CardFaceUpInPack(card)

    def widow(self, card: Card) -> Event:
        return Widow(card)

    def cut_not_offered(self) -> Event:
        return CutIrregularity(CutProblem.NOT_OFFERED)

    def deck_not_cut(self) -> Event:
        return CutIrregularity(CutProblem.NOT_CUT)

    def exposed_in_cut(self) -> Event:
        return CutIrregularity(CutProblem.EXPOSED_IN_CUT)

    def was_dealt(self, player: str, count: Token) -> Event:
        return WrongCardCount(player, parse_count(count, count.column or 0), dealt=True)

    def has_cards(self, player: str, count: Token) -> Event:
        return WrongCardCount(player, parse_count(count, count.column or 0), dealt=False)

    def duplicate_card(self, card: Card) -> Event:
        return DuplicateCard(card)

    def wrong_dealer(self, player: str) -> Event:
        return WrongDealer(player)

    def misdeal(self) -> Event:
        return MisdealCalled()

    def redeal(self) -> Event:
        return NewDeal("redeal")

    def new_deal(self) -> Event:
        return NewDeal("new deal")

    def note(self, text: Token) -> Event:
        return Note(words(text))


def grammar_text() -> str:
    """The grammar as shipped in the installed package."""
    return (importlib.resources.files("referee.grammar") / GRAMMAR_FILE).read_text(encoding="utf-8")


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
