"""The canonical printer: a fixed form, comments kept, and print → read gives back an equal log."""

from __future__ import annotations

from decimal import Decimal as D
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.cards import JOKER, STANDARD_52, UNKNOWN, Card
from referee.events import (
    AllIn,
    AnteRule,
    Antes,
    Bet,
    BetCompletion,
    Call,
    CardExposed,
    CardFaceUpInPack,
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
    HandLog,
    HandsDealt,
    Limit,
    LimitKind,
    LogHeader,
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
    PotDeclaredOpen,
    Raise,
    Says,
    Show,
    Showdown,
    ShowOpeners,
    SplitOpeners,
    StackChanged,
    StandPat,
    WrongCardCount,
    WrongDealer,
)
from referee.log import format_log, parse_log, read_log
from referee.log.printer import format_name
from referee.log.words import KEYWORDS
from tests.helpers import short_and_full

EXAMPLES = Path(__file__).parent / "data" / "examples"


def test_canonical_form_of_a_messy_log() -> None:
    messy = (
        "# hand 12\n"
        "DEALER :  Dee   # on the button\n"
        'seats:Ann,Bob ,  "Aunt  May",Dee\n'
        "limit: $2 / $4\n"
        "game: draw\n"
        "\n\n"
        "# the deal\n"
        "  ANTES\n"
        "Deal\n"
        "Ann is dealt A♠ 10♥ t♤ jk ??\n"
        "Ann PASSES\n"
        "Bob drops\n"
        '"Aunt May" bets 25c\n'
        "Dee goes all in   # for 40\n"
        "Dee discards 2s draws 2\n"
        "misdeal\n"
        "NEW DEAL\n"
        "dealer exposes Bob’s 7♣\n"
        "Bob has 1 card\n"
        "# the end\n"
    )
    assert format_log(parse_log(messy)) == (
        "# hand 12\n"
        "game: draw\n"
        'seats: Ann, Bob, "Aunt May", Dee\n'
        "dealer: Dee  # on the button\n"
        "limit: 2/4\n"
        "\n"
        "# the deal\n"
        "antes\n"
        "deal\n"
        "Ann is dealt As Th Ts Jk ??\n"
        "Ann checks\n"
        "Bob folds\n"
        '"Aunt May" bets 0.25\n'
        "Dee is all in  # for 40\n"
        "Dee discards 2s, draws 2\n"
        "misdeal\n"
        "\n"
        "new deal\n"
        "dealer exposes Bob's 7c\n"
        "Bob has 1 card\n"
        "# the end\n"
    )


def test_names_are_quoted_only_when_they_must_be() -> None:
    assert [format_name(n) for n in ["Ann", "Big_Al", "José", "Aunt May", "Deal", "1x", "O'Neil"]] == [
        "Ann",
        "Big_Al",
        "José",
        '"Aunt May"',
        '"Deal"',
        '"1x"',
        '"O\'Neil"',
    ]


def test_examples_round_trip_and_formatting_is_idempotent() -> None:
    for path in sorted(EXAMPLES.glob("*.log")):
        log = read_log(path)
        text = format_log(log)
        again = parse_log(text, log.source)
        assert again == log
        assert format_log(again) == text
        assert [c.text for c in again.comments] == [c.text for c in log.comments]


def test_a_log_without_a_header_prints_events_only() -> None:
    log = HandLog(LogHeader(()), (Deal(), Check("Ann")))
    assert format_log(log) == "deal\nAnn checks\n"


# --- generated logs round-trip ----------------------------------------------------------------------

_bare = st.from_regex(r"[A-Za-z_][A-Za-z0-9_]{0,7}", fullmatch=True)
_keyword_names = st.sampled_from(sorted(KEYWORDS)).map(str.capitalize)
_quoted_part = st.text(
    st.characters(exclude_categories=["Cs"], exclude_characters='"'), min_size=1, max_size=6
).filter(lambda part: not any(c.isspace() for c in part))
_quoted = st.lists(_quoted_part, min_size=1, max_size=3).map(" ".join)
names = st.one_of(_bare, _bare, _keyword_names, _quoted, st.sampled_from(["José", "As", "Jk", "Ash", "Θεό"]))
amounts = st.decimals(min_value=D("0.01"), max_value=D("100000"), places=2) | st.integers(1, 500).map(D)
_free_word = st.text(
    st.characters(exclude_categories=["Cs"], exclude_characters='#"'), min_size=1, max_size=8
).filter(lambda word: not any(c.isspace() for c in word))
free_text = st.lists(_free_word, min_size=1, max_size=5).map(" ".join)
speech = st.text(
    st.characters(exclude_categories=["Cs"], exclude_characters='"\r\n'), min_size=1, max_size=20
)
natural_or_joker = st.sampled_from((*STANDARD_52, JOKER))
any_card = st.one_of(natural_or_joker, st.just(UNKNOWN))


def card_lists(min_size: int = 1, max_size: int = 7) -> st.SearchStrategy[tuple[Card, ...]]:
    """Cards with no natural card twice (unseen ones may repeat)."""
    return (
        st.lists(any_card, min_size=min_size, max_size=max_size)
        .filter(
            lambda cards: (
                len({c for c in cards if not c.is_unknown}) == len([c for c in cards if not c.is_unknown])
            )
        )
        .map(tuple)
    )


@st.composite
def headers(draw: st.DrawFn) -> LogHeader:
    seats = tuple(draw(st.lists(names, min_size=2, max_size=7, unique=True)))
    optional = st.booleans()
    limit = draw(
        st.one_of(
            st.none(),
            st.tuples(amounts, amounts).map(lambda ab: Limit(LimitKind.FIXED, ab[0], ab[1])),
            st.lists(amounts, min_size=3, max_size=3, unique=True).map(
                lambda a: Limit(LimitKind.FIXED, *sorted(a))
            ),
            st.tuples(amounts, amounts).map(lambda ab: Limit(LimitKind.SPREAD, min(ab), max(ab))),
            st.sampled_from([Limit(LimitKind.POT), Limit(LimitKind.NO_LIMIT), Limit(LimitKind.TABLE_STAKES)]),
        )
    )
    stacked = draw(st.lists(st.sampled_from(seats), unique=True, max_size=len(seats)))
    return LogHeader(
        seats=seats,
        title=draw(free_text) if draw(optional) else None,
        game=draw(st.from_regex(r"[a-z0-9][a-z0-9._/-]{0,15}", fullmatch=True)) if draw(optional) else None,
        rulebook=draw(st.sampled_from(["scarne", "bicycle", "house.yaml"])) if draw(optional) else None,
        dealer=draw(st.sampled_from(seats)) if draw(optional) else None,
        ante=AnteRule(draw(amounts), draw(st.booleans())) if draw(optional) else None,
        limit=limit,
        stacks=tuple((name, draw(amounts)) for name in stacked),
        rake=draw(st.decimals(min_value=0, max_value=10, places=2)) if draw(optional) else None,
    )


def events_for(seats: tuple[str, ...]) -> st.SearchStrategy[Event]:
    p = st.sampled_from(seats)
    count = st.integers(0, 20)

    def draw_event(drawn: tuple[str, tuple[Card, ...], tuple[Card, ...]]) -> Event:
        player, discards, received = drawn
        return Draw(player, len(received), discards=discards, received=received)

    drawn_cards = st.tuples(p, card_lists(0, 4), card_lists(1, 4)).filter(
        lambda d: not ({c for c in d[1] if not c.is_unknown} & {c for c in d[2] if not c.is_unknown})
    )
    return st.one_of(
        st.just(Antes()),
        st.builds(Antes, p, st.none() | amounts),
        st.builds(Post, p, st.sampled_from(PostKind), amounts),
        st.sampled_from(
            [Deal(), DrawPhase(), Showdown(), MisdealCalled(), NewDeal("redeal"), NewDeal("new deal")]
        ),
        st.builds(DealtCards, p, card_lists()),
        st.builds(Check, p)
        | st.builds(Fold, p)
        | st.builds(AllIn, p)
        | st.builds(Muck, p)
        | st.builds(StandPat, p),
        st.builds(Bet, p, amounts) | st.builds(Open, p, amounts) | st.builds(Call, p, st.none() | amounts),
        st.builds(Raise, p, amounts, st.booleans()),
        st.builds(Discard, p, card_lists()),
        st.builds(Draw, p, count),
        st.builds(lambda pl, n, d: Draw(pl, n, discards=d), p, count, card_lists()),
        drawn_cards.map(draw_event),
        st.builds(Show, p, card_lists()) | st.builds(ShowOpeners, p, card_lists()),
        st.builds(SplitOpeners, p, card_lists()),
        st.builds(Declare, p, free_text),
        st.builds(Says, p, speech),
        st.builds(lambda owner, c: CardExposed("dealer", c, owner=owner, by_dealer=True), p, any_card),
        st.builds(lambda c: CardExposed("dealer", c, by_dealer=True), any_card),
        st.builds(lambda by, c: CardExposed(by, c, owner=by), p, any_card),
        st.builds(lambda by, owner, c: CardExposed(by, c, owner=owner), p, p, any_card),
        st.builds(CardFaceUpInPack, any_card) | st.builds(DuplicateCard, any_card),
        st.builds(CutIrregularity, st.sampled_from(CutProblem)),
        st.builds(WrongCardCount, p, count, st.booleans()),
        st.builds(WrongDealer, p),
        st.builds(Note, free_text),
        st.builds(lambda pl, a, t: Raise(pl, a, total=t), p, amounts, amounts),
        st.builds(AllIn, p, amounts),
        st.builds(BetCompletion, p, st.booleans()),
        st.builds(DealtBy, p) | st.builds(OpenersNotShown, p) | st.builds(PotDeclaredOpen, p),
        st.builds(DrawRequest, p, count) | st.builds(DrawRequestChanged, p, count),
        st.builds(DrawCountAsked, p, p) | st.builds(DrawCountAnswered, p, count),
        st.builds(DrawCountRefused, p) | st.builds(OpenersKeepAsked, p, p),
        st.builds(StackChanged, p, amounts, st.booleans()),
        st.builds(DiscardsPickedUp, p) | st.builds(MisdealCalled, p) | st.builds(LooksAtCards, p),
        st.builds(lambda n: HandsDealt(count=n), count),
        st.builds(lambda n: HandsDealt(extra=n), st.integers(-5, 5)),
    )


@st.composite
def hand_logs(draw: st.DrawFn) -> HandLog:
    header = draw(headers())
    events = draw(st.lists(events_for(header.seats), max_size=30))
    return HandLog(header, tuple(events), "generated.log")


@short_and_full(50, 200)
def test_generated_logs_round_trip(cases: int) -> None:
    @settings(max_examples=cases, suppress_health_check=[HealthCheck.too_slow], deadline=None)
    @given(hand_logs())
    def round_trips(log: HandLog) -> None:
        text = format_log(log)
        again = parse_log(text, "generated.log")
        assert again.header == log.header
        assert again.events == log.events
        assert format_log(again) == text
        lines = text.split("\n")
        for event in again.events:  # every event is placed on the line that prints it
            printed = format_log(HandLog(LogHeader(()), (event,))).rstrip()
            assert lines[event.line - 1].lstrip().startswith(printed)

    round_trips()
