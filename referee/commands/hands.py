"""Commands: ``referee hand`` (name and compare hands) and ``referee odds`` (exact frequencies).

The hand library is imported inside each command, so that ``referee --help`` stays quick.
"""

from __future__ import annotations

import json
import re
from typing import TYPE_CHECKING, Annotated, NoReturn

import typer

from referee.commands._common import console, friendly_errors
from referee.errors import Problem, RefereeError

if TYPE_CHECKING:
    from referee.cards import Card
    from referee.hands import Category, HandValue, Ranking
    from referee.odds import DrawOdds, FrequencyTable

GameOption = Annotated[
    str,
    typer.Option(
        "--game",
        "-g",
        help="The ranking: high, bug, joker-wild, deuces-wild, one-eyed-jacks, special-hands, "
        "stripped-32, ace-to-five, ace-to-five-joker, deuce-to-seven, best-five-of-seven.",
    ),
]
JsonOption = Annotated[bool, typer.Option("--json", help="Print JSON instead of text.")]


class CardsError(RefereeError):
    """Cards on the command line that cannot be read or ranked."""


def register(app: typer.Typer) -> None:
    """Add this module's commands to the `referee` app."""
    app.command(name="hand")(hand_command)
    app.command(name="odds")(odds_command)


def ranking_for_game(name: str) -> Ranking:
    """The ranking a ``--game`` name stands for: one place, so that game names can join later.

    Raises:
        CardsError: a name that is not known, with the known names.
    """
    from referee.hands import Ranking, UnknownRankingError

    try:
        return Ranking.named(name)
    except UnknownRankingError as error:
        ranking = _catalog_ranking(name)
        if ranking is None:
            from referee.rulebook.games import game_names

            message = f"{error.args[0]}; or a game: {', '.join(game_names())}"
            raise CardsError(Problem(message, file="--game")) from None
        return ranking


def _catalog_ranking(name: str) -> Ranking | None:
    """A game from the catalog (``jacks-or-better``, ``jacks-back``, ...), ranked as scarne plays it."""
    from referee.engine import ranking_for
    from referee.errors import RefereeError
    from referee.hands import Ranking
    from referee.rulebook.games import effective_game, game_names
    from referee.rulebook.load import DEFAULT_RULEBOOK, load_rulebook

    if name not in game_names():
        return None
    try:
        ranking = ranking_for(effective_game(load_rulebook(DEFAULT_RULEBOOK), name))
    except RefereeError:
        return None
    return ranking if isinstance(ranking, Ranking) else None


_COMPACT = re.compile(r"(?:10|[2-9tjqka])[shdc♠♥♦♣♤♡♢♧]|jk|\?\?", re.IGNORECASE)


def read_cards(text: str, where: str) -> tuple[Card, ...]:
    """Cards as typed on the command line: ``"As Ad Kc"``, ``"As,Ad,Kc"`` or ``"AsAdKc"``.

    Raises:
        CardsError: text that is not cards; ``where`` says which argument it was.
    """
    from referee.cards import Card, CardError, parse_cards

    try:
        return parse_cards(text)
    except CardError as error:
        squeezed = re.sub(r"[\s,]+", "", text)
        if squeezed and _COMPACT.sub("", squeezed) == "":
            return tuple(Card.parse(piece) for piece in _COMPACT.findall(squeezed))
        raise CardsError(Problem(str(error), file=where)) from None


def _refuse_shared_cards(hands: list[tuple[Card, ...]]) -> None:
    """One pack has each card once: a card in two hands is a typing mistake, not a hand to rank
    (a card twice in one hand is refused when the hand is read).

    Raises:
        CardsError: naming the card and both hands.
    """
    held: dict[str, int] = {}
    for number, hand in enumerate(hands, start=1):
        for card in hand:
            if card.symbol() == "??":
                continue  # an unseen card can be any card
            first = held.setdefault(repr(card), number)
            if first != number:
                raise CardsError(
                    Problem(
                        f"{card.symbol()} is in hand {first} and in hand {number}; a pack has only one",
                        file=f"hand {number}",
                        hint="check the cards typed; each card can be in one hand only",
                    )
                )


def _show(cards: tuple[Card, ...]) -> str:
    return " ".join(card.symbol() for card in cards)


def _numbers(positions: list[int]) -> str:
    words = [str(position) for position in positions]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def _edge(winner: HandValue, loser: HandValue) -> str:
    """Why the winner beats a hand of the same name: the first rank that differs."""
    for ours, theirs in zip(winner.ranks, loser.ranks, strict=False):
        if ours is not theirs:
            return f" ({ours.word} against {theirs.word})"
    return ""


def _verdict(values: list[HandValue]) -> str:
    best = max(values)
    top = [number for number, value in enumerate(values, start=1) if value == best]
    if len(top) > 1:
        return f"Hands {_numbers(top)} tie with {best.name}: they split."
    rest = sorted((value for value in values if value != best), reverse=True)
    runner_up = rest[0]
    edge = _edge(best, runner_up) if best.name == runner_up.name else ""
    return f"Hand {top[0]} wins: {best.name} beats {runner_up.name}{edge}."


def hand_command(
    cards: Annotated[
        list[str],
        typer.Argument(
            help='One hand per argument, e.g. "As Ad Kc Kd 4s" (or AsAdKcKd4s); or one hand '
            "with a card per argument, e.g. As Ad Kc Kd 4s.",
            show_default=False,
        ),
    ],
    game: GameOption = "high",
    json_output: JsonOption = False,
) -> None:
    """Name each hand and, given several, say which wins or that they tie.

    Example: referee hand "As Ad Kc Kd 4s" "Qh Qs Qd 7c 2s" --game bug
    """
    from referee.hands import HandError, best_five, evaluate

    with friendly_errors():
        ranking = ranking_for_game(game)
        hands = [read_cards(text, f"hand {number}") for number, text in enumerate(cards, start=1)]
        if len(hands) > 1 and all(len(hand) == 1 for hand in hands):
            # `referee hand Ks Kd 5h 5c 2d`: a card an argument is one hand (no hand is one card).
            hands = [tuple(card for hand in hands for card in hand)]
        values: list[HandValue] = []
        plays: list[tuple[Card, ...]] = []
        for number, hand in enumerate(hands, start=1):
            try:
                values.append(evaluate(hand, ranking))
                plays.append(best_five(hand, ranking))
            except HandError as error:
                raise CardsError(Problem(str(error), file=f"hand {number}")) from None
        _refuse_shared_cards(hands)
    if json_output:
        best = max(values)
        report = {
            "game": game,
            "ranking": ranking.describe(),
            "hands": [
                {
                    "hand": number,
                    "cards": " ".join(repr(card) for card in hand),
                    "plays": " ".join(repr(card) for card in play),
                    "category": value.category.value,
                    "name": value.name,
                }
                for number, (hand, play, value) in enumerate(zip(hands, plays, values, strict=True), start=1)
            ],
            "winners": [number for number, value in enumerate(values, start=1) if value == best],
        }
        typer.echo(json.dumps(report, ensure_ascii=False))
        return
    out = console()
    out.print(ranking.describe().capitalize())
    width = max(len(_show(hand)) for hand in hands)
    for number, (hand, play, value) in enumerate(zip(hands, plays, values, strict=True), start=1):
        note = f"  (plays {_show(play)})" if len(hand) > 5 else ""
        out.print(f"  {number}  {_show(hand):<{width}}  {value.name}{note}", soft_wrap=True)
    if len(values) > 1:
        out.print(_verdict(values), soft_wrap=True)


def odds_command(
    cards: Annotated[
        str | None,
        typer.Argument(help='A dealt hand to draw to, e.g. "Ah Kh Qh 7c 2d"; leave out for the deck table.'),
    ] = None,
    keep: Annotated[
        str | None,
        typer.Option(
            "--keep", "-k", help='The cards kept from the hand, e.g. "Ah Kh Qh"; "none" to draw five.'
        ),
    ] = None,
    game: GameOption = "high",
    json_output: JsonOption = False,
) -> None:
    """Exact odds: how often each hand comes up in the game's deck, or what a draw can make.

    - Without CARDS: every five-card hand of the deck, counted by category.
    - With CARDS and --keep: every draw to the kept cards from the cards not in the hand.
    """
    from referee.hands import HandError
    from referee.odds import draw_odds, frequency_table

    with friendly_errors():
        ranking = ranking_for_game(game)
        if cards is None:
            if keep is not None:
                _usage_error("--keep needs the hand it keeps from: referee odds CARDS --keep CARDS")
            try:
                table = frequency_table(ranking, game)
            except ValueError as error:
                raise CardsError(Problem(str(error), file="--game")) from None
            _print_table(table, ranking, json_output)
            return
        if keep is None:
            _usage_error(
                "say which cards you keep with --keep: referee odds CARDS --keep CARDS "
                "(--keep none to draw five)"
            )
        hand = read_cards(cards, "hand")
        kept = () if keep.strip().lower() in ("", "none", "-") else read_cards(keep, "--keep")
        try:
            draws = draw_odds(hand, kept, ranking, game)
        except HandError as error:
            raise CardsError(Problem(str(error), file="hand")) from None
        except ValueError as error:
            raise CardsError(Problem(str(error), file="--keep")) from None
    _print_draws(draws, ranking, json_output)


def _usage_error(message: str) -> NoReturn:
    """A command line that lacks what it needs: said as a usage error, exit 2 (as the README says)."""
    from referee.commands._common import err_console

    err_console.print(f"Usage error: {message}", soft_wrap=True)
    raise typer.Exit(code=2)


def _print_table(table: FrequencyTable, ranking: Ranking, json_output: bool) -> None:
    if json_output:
        typer.echo(json.dumps(table.to_json()))
        return
    out = console()
    title = (
        f"{ranking.describe().capitalize()}: all {table.hands:,} five-card hands of {len(ranking.deck)} cards"
    )
    out.print(title, soft_wrap=True)
    _print_counts(table.counts, table.hands, "hands")
    out.print(f"{table.distinct:,} distinct hands; {table.method}", soft_wrap=True)


def _print_draws(draws: DrawOdds, ranking: Ranking, json_output: bool) -> None:
    if json_output:
        typer.echo(json.dumps(draws.to_json()))
        return
    out = console()
    kept = _show(draws.kept) if draws.kept else "nothing"
    out.print(
        f"{ranking.describe().capitalize()}: {_show(draws.hand)}, keeping {kept}, draws {draws.drawn} "
        f"of {draws.unseen} unseen cards: {draws.outcomes:,} equally likely draws",
        soft_wrap=True,
    )
    _print_counts(tuple(item for item in draws.counts if item[1]), draws.outcomes, "draws")


def _print_counts(counts: tuple[tuple[Category, int], ...], total: int, noun: str) -> None:
    from referee.odds import percent, probability

    rows = [("category", noun, "probability", "%")]
    for category, count in counts:
        fraction = probability(count, total)
        exact = f"{fraction.numerator:,}/{fraction.denominator:,}"
        rows.append((category.words, f"{count:,}", exact, percent(count, total)))
    widths = [max(len(row[column]) for row in rows) for column in range(4)]
    out = console()
    for name, shown, exact, share in rows:
        line = f"  {name:<{widths[0]}}  {shown:>{widths[1]}}  {exact:>{widths[2]}}  {share:>{widths[3]}}"
        out.print(line, soft_wrap=True)
