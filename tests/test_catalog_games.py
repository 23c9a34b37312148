"""Games of the catalog the referee refuses to rule, and why it says so (the catalog's `refused:`)."""

from __future__ import annotations

import pytest

from referee.errors import RulebookError
from referee.rulebook.games import catalog, refuse_unruled
from tests.helpers import rule

BOSNIAN = "game: stripped-32-bosnian\nseats: Ann, Bob, Cy\ndealer: Cy\nante: 1\n\nantes\ndeal\n"


def test_the_bosnian_exchange_is_refused_with_the_reason() -> None:
    """001 32-Card Poker, paragraph 3: a player exchanging four cards is dealt three face down, then
    chooses one card dealt face up or one face down; a log has no words for the offer or the choice."""
    variant = catalog().variants["stripped-32-bosnian"]
    assert variant.base == "stripped-32" and variant.refused
    assert "32-Card Poker, paragraph 3" in (variant.cite or "")
    with pytest.raises(RulebookError) as caught:
        refuse_unruled("stripped-32-bosnian")
    message = str(caught.value)
    assert "does not rule 'stripped-32-bosnian'" in message
    assert "one card face up and one face down" in message and "game: stripped-32" in message
    with pytest.raises(RulebookError):
        rule(BOSNIAN, "pagat")


def test_the_plain_32_card_game_is_ruled_and_points_to_the_exchange() -> None:
    text = BOSNIAN.replace("stripped-32-bosnian", "stripped-32")
    refuse_unruled("stripped-32")
    rule(text, "pagat")
    (note,) = catalog().variants["stripped-32"].not_modelled
    assert "stripped-32-bosnian" in note
