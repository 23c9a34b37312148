"""The event vocabulary: one frozen dataclass per kind of fact a hand log can state.

Events say what happened at the table, irregular or not, in the order it happened or was
noticed. They never say what it means: the engine works out turn order, short bets and card
counts, and the rulebook says what each irregularity costs.

Every event carries the line and column it was written at; they are left out of equality so a
test decides whether position matters.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal
from enum import StrEnum, unique

from referee.cards import Card


@dataclass(frozen=True, slots=True)
class Event:
    """Base of every event: where in the log it was written."""

    line: int = field(default=0, compare=False, repr=False, kw_only=True)
    column: int = field(default=0, compare=False, repr=False, kw_only=True)


# --- the shape of a deal -------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Antes(Event):
    """``antes`` (everyone, as the header says) or ``Dee antes 4`` (one player)."""

    player: str | None = None
    amount: Decimal | None = None


@unique
class PostKind(StrEnum):
    """A forced bet other than the ante (source 001, "Blinds and straddles")."""

    SMALL_BLIND = "small-blind"
    BIG_BLIND = "big-blind"
    BLIND = "blind"
    STRADDLE = "straddle"


@dataclass(frozen=True, slots=True)
class Post(Event):
    """``Bob posts small blind 1``: a blind or straddle put in before the deal."""

    player: str
    kind: PostKind
    amount: Decimal


@dataclass(frozen=True, slots=True)
class Deal(Event):
    """``deal``: the cards go round. Per-player cards may follow as ``DealtCards``."""


@dataclass(frozen=True, slots=True)
class DealtCards(Event):
    """``Ann is dealt ?? ?? ?? ?? ??``: what a player received (hidden from the table)."""

    player: str
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class Widow(Event):
    """``widow: 7h``: the card dealt face up to the table in Wild Widow (001); the other three
    cards of its rank are wild for this deal."""

    card: Card


@dataclass(frozen=True, slots=True)
class DrawPhase(Event):
    """``draw``: the betting before the draw is over and the draw begins."""


@dataclass(frozen=True, slots=True)
class Showdown(Event):
    """``showdown``: the last betting round is over and hands are shown."""


@dataclass(frozen=True, slots=True)
class NewDeal(Event):
    """``redeal`` or ``new deal``: a fresh deal of the same pot (after a misdeal or a passed-out deal)."""

    words: str = "new deal"


# --- betting ------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Check(Event):
    """``Ann checks`` (or ``passes``)."""

    player: str


@dataclass(frozen=True, slots=True)
class Bet(Event):
    """``Dee bets 2``: a bet of the amount into an unopened round."""

    player: str
    amount: Decimal


@dataclass(frozen=True, slots=True)
class Open(Event):
    """``Cy opens 2``: the opening bet, claiming the game's openers."""

    player: str
    amount: Decimal


@dataclass(frozen=True, slots=True)
class Call(Event):
    """``Dee calls`` (up to the current bet) or ``Dee calls 2`` (these chips; too few is short)."""

    player: str
    amount: Decimal | None = None


@dataclass(frozen=True, slots=True)
class Raise(Event):
    """``Dee raises 4`` (call plus 4) or ``Dee raises to 8`` (the total she now has in this round)."""

    player: str
    amount: Decimal
    to: bool = False


@dataclass(frozen=True, slots=True)
class Fold(Event):
    """``Ann folds`` (or ``drops``)."""

    player: str


@dataclass(frozen=True, slots=True)
class AllIn(Event):
    """``Bob is all in`` / ``Bob goes all in``: everything left in his stack."""

    player: str


# --- the draw ------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Discard(Event):
    """``Cy discards 8c 4h 2s`` with no draw on the same line (he may not have drawn yet)."""

    player: str
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class Draw(Event):
    """``Dee draws 1``, ``Cy discards 8c 4h 2s, draws 3`` or ``Cy draws J♥ 5c 5d``.

    ``count`` is how many cards the player received; ``received`` names them when the log does
    (then ``count == len(received)``); ``discards`` names what went out when the log does.
    """

    player: str
    count: int
    discards: tuple[Card, ...] = ()
    received: tuple[Card, ...] = ()


@dataclass(frozen=True, slots=True)
class StandPat(Event):
    """``Bob stands pat``: keeps all his cards."""

    player: str


# --- showing and speaking -----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Show(Event):
    """``Dee shows Q♠ Q♥ Q♣ 7d 7s``: cards turned face up at the showdown."""

    player: str
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class Muck(Event):
    """``Bob mucks``: throws his hand away unseen at the showdown."""

    player: str


@dataclass(frozen=True, slots=True)
class ShowOpeners(Event):
    """``Cy shows openers J♠ J♦``: proving openers without a full showdown."""

    player: str
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class SplitOpeners(Event):
    """``Cy splits openers, keeps J♠ J♦ aside``: the opener breaks his openers to draw."""

    player: str
    kept: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class Declare(Event):
    """``Bob declares two pair``: a spoken claim about a hand (cards speak or not, by rulebook)."""

    player: str
    words: str


@dataclass(frozen=True, slots=True)
class Says(Event):
    """``Ann says "bet 5"``: a verbal declaration; chips not yet in."""

    player: str
    speech: str


# --- irregular facts ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class CardExposed(Event):
    """A card seen face up that should not have been.

    ``dealer exposes Bob's 7♣`` (by the dealer, Bob's card), ``Bob exposes K♦`` (a player shows
    his own), ``dealer exposes 9h`` (no owner: flashed from the pack). The phase (deal or draw)
    comes from where the line stands in the log.
    """

    by: str
    """``"dealer"`` or the name of the player who exposed it."""
    card: Card
    owner: str | None = None
    """Whose card it was; None when it belonged to nobody yet."""
    by_dealer: bool = False


@dataclass(frozen=True, slots=True)
class CardFaceUpInPack(Event):
    """``card face up in pack: 4h``."""

    card: Card


@unique
class CutProblem(StrEnum):
    """What went wrong with the cut (source 000, Misdeals items 1-3)."""

    NOT_OFFERED = "cut not offered"
    NOT_CUT = "deck not cut"
    EXPOSED_IN_CUT = "card exposed in cut"


@dataclass(frozen=True, slots=True)
class CutIrregularity(Event):
    """``cut not offered`` | ``deck not cut`` | ``card exposed in cut``."""

    problem: CutProblem


@dataclass(frozen=True, slots=True)
class WrongCardCount(Event):
    """``Bob was dealt 6 cards`` (the deal) or ``Bob has 4 cards`` (noticed later)."""

    player: str
    count: int
    dealt: bool = True


@dataclass(frozen=True, slots=True)
class DuplicateCard(Event):
    """``duplicate card found: 7c``: an imperfect pack."""

    card: Card


@dataclass(frozen=True, slots=True)
class WrongDealer(Event):
    """``wrong dealer: Bob``: the wrong player dealt (source 000, Misdeals item 12)."""

    player: str


@dataclass(frozen=True, slots=True)
class MisdealCalled(Event):
    """``misdeal``: the table declared one. The referee still rules whether it stands."""


@dataclass(frozen=True, slots=True)
class Note(Event):
    """``note: ...``: free text the writer wants kept with the log; it decides nothing."""

    text: str


# --- the header -------------------------------------------------------------------------------


@unique
class LimitKind(StrEnum):
    """The betting structure named by ``limit:``."""

    FIXED = "fixed"
    """``2/4``: bets and raises of 2 before the draw, 4 after."""
    SPREAD = "spread"
    """``1-5``: any bet from 1 to 5."""
    POT = "pot"
    """``pot``: up to the size of the pot."""
    NO_LIMIT = "no-limit"
    """``no-limit``: any amount up to the stack."""
    TABLE_STAKES = "table-stakes"
    """``table-stakes``: any amount up to what the player had on the table at the start."""


@dataclass(frozen=True, slots=True)
class Limit:
    """The ``limit:`` header: ``2/4``, ``1-5``, ``pot``, ``no-limit``, ``table-stakes``."""

    kind: LimitKind
    low: Decimal | None = None
    """The before-the-draw bet (fixed) or the least bet (spread)."""
    high: Decimal | None = None
    """The after-the-draw bet (fixed) or the most (spread)."""


@dataclass(frozen=True, slots=True)
class AnteRule:
    """The ``ante:`` header: ``1`` (each player) or ``4 by dealer``."""

    amount: Decimal
    by_dealer: bool = False


@dataclass(frozen=True, slots=True)
class LogHeader:
    """The ``key: value`` lines at the top of a log.

    ``positions`` keeps where each key was written so a later check can point at it.
    """

    seats: tuple[str, ...]
    """Players in clockwise order."""
    title: str | None = None
    game: str | None = None
    rulebook: str | None = None
    dealer: str | None = None
    ante: AnteRule | None = None
    limit: Limit | None = None
    stacks: tuple[tuple[str, Decimal], ...] = ()
    """(player, chips on the table) in seat order; empty when the log does not say."""
    rake: Decimal | None = None
    """What the house took from the pot (imported online hands); home games have none."""
    positions: tuple[tuple[str, int, int], ...] = field(default=(), compare=False, repr=False)
    """(key, line, column) for every header line."""

    def stack(self, player: str) -> Decimal | None:
        return dict(self.stacks).get(player)

    def position(self, key: str) -> tuple[int, int]:
        """(line, column) where ``key`` was written, or (0, 0) when it was not."""
        for name, line, column in self.positions:
            if name == key:
                return line, column
        return 0, 0


@dataclass(frozen=True, slots=True)
class Comment:
    """A ``#`` comment in the log, kept so ``referee fmt`` gives the writer's remarks back.

    It decides nothing and is no event; the engine never sees it.
    """

    text: str
    """From the ``#`` to the end of the line, trailing spaces removed."""
    line: int
    trailing: bool = False
    """True when it follows an event or header line on the same line."""


@dataclass(frozen=True, slots=True)
class HandLog:
    """A whole log: its header and its events, in order. ``source`` is the file name, if any."""

    header: LogHeader
    events: tuple[Event, ...]
    source: str = "<log>"
    comments: tuple[Comment, ...] = field(default=(), compare=False, repr=False)
    """The log's comments, for the canonical printer; left out of equality."""


PLAYER_ACTIONS = (Check, Bet, Open, Call, Raise, Fold, AllIn, Discard, Draw, StandPat)
"""Events that are a player taking his turn: the ones that can be out of turn."""
