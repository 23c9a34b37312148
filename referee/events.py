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
from referee.errors import Problem


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
    claimed: str = ""
    """The openers he said he opened with (``Ann opens 2 with a pair of tens``), as written; they
    are proved only by the cards he shows."""


@dataclass(frozen=True, slots=True)
class Call(Event):
    """``Dee calls`` (up to the current bet) or ``Dee calls 2`` (these chips; too few is short)."""

    player: str
    amount: Decimal | None = None


@dataclass(frozen=True, slots=True)
class Raise(Event):
    """``Dee raises 4`` (call plus 4) or ``Dee raises to 8`` (the total she now has in this round).

    ``Dee raises 2 to 4`` says both: a raise of 2 (``amount``) making 4 (``total``); whether the
    two agree is for the replay to check.
    """

    player: str
    amount: Decimal
    to: bool = False
    total: Decimal | None = None
    """The total the player named as well (``raises 2 to 4``); None when he named one amount."""


@dataclass(frozen=True, slots=True)
class Fold(Event):
    """``Ann folds`` (or ``drops``)."""

    player: str


@dataclass(frozen=True, slots=True)
class AllIn(Event):
    """``Bob is all in`` / ``Bob goes all in``: everything left in his stack."""

    player: str
    amount: Decimal | None = None
    """What the log says he put in (``is all in for 7``); None when it does not say."""


@dataclass(frozen=True, slots=True)
class BetCompletion(Event):
    """``Bob completes his bet`` / ``Bob does not complete``: what a player did about a short bet.

    Scarne (source 000, Betting): a player who put in less than the bet "must add the required
    sum ... Should he fail to do so, his hand is dead, and the amount he bet must remain in the pot."
    """

    player: str
    completed: bool = True
    """False for ``does not complete``."""


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


@dataclass(frozen=True, slots=True)
class DrawRequest(Event):
    """``Bob asks for 3``: how many cards a player asked for, before the dealer gives them.

    The ``Draw`` that follows says how many he was given. Bicycle (source 004, Laws of Draw
    Poker, Wrong number of cards): "If the dealer gives a player more or fewer cards than he asks
    for, the error must be corrected if the player calls attention to it before he has looked";
    Scarne (source 000, The Draw): "every player must take the cards he asked for if the dealer
    has dealt them off the deck". ``Bob asked for 3, got 2`` is this event and a ``Draw`` on the
    same line.
    """

    player: str
    count: int


@dataclass(frozen=True, slots=True)
class DrawRequestChanged(Event):
    """``Bob changes his draw to 2``: a player changes the number of cards he asked for.

    Casino (source 002, Rules for Draw High, item 6): allowed only while no card has been dealt
    in answer to the request and nobody has acted on it; Bicycle (source 004, Laws of Draw
    Poker, Draw out of turn): a slip of the tongue may be corrected before the dealer has given
    the number first asked for.
    """

    player: str
    count: int


@dataclass(frozen=True, slots=True)
class DrawCountAsked(Event):
    """``Ann asks Bob how many he drew``: a player asks another how many cards he drew.

    Casino (source 002, Rules for Draw High, item 7): the player asked, and the dealer, must
    answer until there has been action after the draw; Bicycle (source 004, Laws of Draw Poker,
    The Draw) and pagat (source 001, Five Card Draw): any active player may ask before the last
    betting round begins.
    """

    player: str
    """Who asks."""
    asked: str
    """Who is asked."""


@dataclass(frozen=True, slots=True)
class DrawCountAnswered(Event):
    """``Bob says he drew 2``: the answer to "how many did you draw?" (it may be wrong).

    Bicycle (source 004, Laws of Draw Poker, The Draw): "The latter player must answer, but the
    questioner has no redress if the answer is incorrect."
    """

    player: str
    count: int


@dataclass(frozen=True, slots=True)
class DrawCountRefused(Event):
    """``Bob refuses to answer``: asked how many he drew, a player will not say.

    Casino (source 002, Rules for Draw High, item 7): he must answer "until there has been action
    after the draw"; after that he need not. Pagat (source 001, The Draw, paragraph 4) and Bicycle
    (source 004, Laws of Draw Poker, The Draw) set the same limit.
    """

    player: str


@dataclass(frozen=True, slots=True)
class DiscardsPickedUp(Event):
    """``Bob picks up his discards``: a player takes back cards he had thrown away.

    Casino (source 002, [Jacks or Better], item 7): "An opener may be allowed to retrieve a
    discarded hand to prove openers, at management's discretion."
    """

    player: str


@dataclass(frozen=True, slots=True)
class LooksAtCards(Event):
    """``Cy looks at his cards`` (or ``picks up his draw``): a player looks at the cards he holds.

    Once he has been served on the draw, these are the cards of his draw. Bicycle (source 004, Laws
    of Draw Poker, Wrong number of cards): a wrong number "must be corrected if the player calls
    attention to it before he has looked at any of the cards"; "If the player has looked at any card
    of the draw and the entire draw would give him an incorrect number of cards, his hand is foul."
    """

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


@unique
class SpeechAction(StrEnum):
    """What spoken words at the table amount to."""

    CHECK = "check"
    BET = "bet"
    OPEN = "open"
    CALL = "call"
    RAISE = "raise"
    FOLD = "fold"
    ALL_IN = "all-in"
    DRAW = "draw"
    """Asks for cards: "give me three", "draw 3", a bare "three"."""
    STAND_PAT = "stand-pat"
    """"Pat", "I'll play these"."""
    DREW = "drew"
    """Says how many he drew: "I drew 2" (the answer of ``DrawCountAnswered``, in his words)."""


@dataclass(frozen=True, slots=True)
class Speech:
    """The meaning of a ``Says``: ``"bet 3"`` is ``Speech(BET, amount=3)``, ``"give me three"``
    ``Speech(DRAW, count=3)``."""

    action: SpeechAction
    amount: Decimal | None = None
    """The chips named with a bet, open, call or raise; None when none were named."""
    to: bool = False
    """The amount is the total (``raise to 8``)."""
    total: Decimal | None = None
    """A total named after the amount (``raise 2 to 4``)."""
    count: int | None = None
    """The cards named with a draw or with how many he drew."""


@dataclass(frozen=True, slots=True)
class Says(Event):
    """``Ann says "bet 5"``: a verbal declaration; chips not yet in (source 000, Verbal Betting)."""

    player: str
    speech: str
    meaning: Speech | None = field(default=None, compare=False)
    """What the words amount to, read when the log is read; None when they cannot be read.

    Left out of equality: it follows from ``speech``.
    """


@dataclass(frozen=True, slots=True)
class PotDeclaredOpen(Event):
    """``Bob declares the pot open``: after false openers, another player declares the pot open.

    Casino (source 002, [Jacks or Better], items 2, 3 and 5): any other active player who did not
    pass openers may declare the pot opened, and must then prove openers to win it.
    """

    player: str


@dataclass(frozen=True, slots=True)
class OpenersKeepAsked(Event):
    """``Bob asks Cy to keep his openers``: a player asks the opener to keep his opening hand and
    show it once the pot is decided (casino, source 002, [Jacks or Better], item 8)."""

    player: str
    """Who asks."""
    opener: str
    """Who is asked (the opener)."""


@dataclass(frozen=True, slots=True)
class StackChanged(Event):
    """``Ann adds 20`` / ``Ann takes off 10``: a player puts more money on the table or takes
    some off. Scarne (source 000, Optional Betting Limits, Table Stakes or Freeze-Out, sentences
    3 and 7): only after a showdown and before the next deal; during a hand it is an irregularity.
    """

    player: str
    amount: Decimal
    added: bool = True
    """True for money put on the table, False for money taken off."""


@dataclass(frozen=True, slots=True)
class OpenersNotShown(Event):
    """``Mike can't show openers``: the opener cannot prove the openers he opened with.

    Scarne (source 000, False Openers, items 1-3); Bicycle (source 004, Laws of Draw Poker,
    Showing openers, False openers); casino (source 002, [Jacks or Better], item 2); parlour
    (source 003, false openers).
    """

    player: str


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

    player: str | None = None
    """Who called it (``Bob calls a misdeal``); None when the log does not say."""


@dataclass(frozen=True, slots=True)
class DealtBy(Event):
    """``Dan deals``: who deals the deal that follows (the first, or one after a misdeal).

    Scarne (source 000, Misdeals): after a misdeal "the same dealer deals again, but should the
    dealer make two misdeals in a row the deal passes to the player at his left"; item 12: the
    wrong player dealing, discovered before the pot is opened, is a misdeal.
    """

    player: str


@dataclass(frozen=True, slots=True)
class HandsDealt(Event):
    """``dealer dealt 5 hands`` / ``a hand too many was dealt``: the number of hands dealt.

    Scarne (source 000, Misdeals, item 10): "If too few or too many hands have been dealt, there
    is a misdeal." The log says how many were dealt (``count``) or how many more (+) or fewer
    (-) than it should have been (``extra``); ``too many hands were dealt`` is ``extra=1`` (at
    least one).
    """

    count: int | None = None
    """How many hands were dealt, when the log says it."""
    extra: int = 0
    """Hands too many (positive) or too few (negative), when the log says that instead."""


@dataclass(frozen=True, slots=True)
class PotCollected(Event):
    """``Ann takes the pot`` / ``the pot is collected``: the table paid the pot out.

    Scarne (source 000) rules some faults differently once "the pot has been collected"; the line
    says when the table did it, and who took it (None when the log does not say).
    """

    player: str | None = None


@dataclass(frozen=True, slots=True)
class SurplusReturned(Event):
    """``Bob returns 4♣`` (``throws back``, ``discards the extra``): a card over his due handed back."""

    player: str
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class CardGiven(Event):
    """``dealer gives Bob another card`` / ``dealer deals Bob 9♦``: a card he was missing, given.

    ``cards`` holds an unseen card (``??``) for each card given when the log does not name them.
    """

    player: str
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class Reshuffle(Event):
    """``reshuffle`` / ``the discards are shuffled``: the discards shuffled to go on serving the draw
    when the stub runs out."""


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
    """The ``limit:`` header: ``2/4``, ``1/2/4``, ``1-5``, ``pot``, ``no-limit``, ``table-stakes``."""

    kind: LimitKind
    low: Decimal | None = None
    """The before-the-draw bet (fixed) or the least bet (spread)."""
    high: Decimal | None = None
    """The after-the-draw bet (fixed) or the most (spread)."""
    top: Decimal | None = None
    """A three-figure fixed limit's highest figure (``1/2/4``, Scarne, Optional Betting Limits,
    Variation in betting limit): before the draw bets are ``low``, after it a bet is either
    ``high`` (the middle figure) or ``top``. None for two figures."""


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
    notes: tuple[Problem, ...] = field(default=(), compare=False, repr=False)
    """Lines that read but that the referee cannot act on (speech it cannot read), each with
    where and why; ``check`` prints them as notes and still passes the log."""


PLAYER_ACTIONS = (Check, Bet, Open, Call, Raise, Fold, AllIn, Discard, Draw, StandPat)
"""Events that are a player taking his turn: the ones that can be out of turn."""
