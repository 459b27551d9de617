"""Molotow's moves as the text of records (``"play H10"``, ``"deal"``), and what a record writes of
a game (its deal order and result).
"""

from __future__ import annotations

from typing import Any, Final

from jass.cards import Card
from jass.errors import RecordError
from jass.molotow.dealing import new_game
from jass.molotow.moves import DEAL, Deal, Move
from jass.molotow.rules import TITLE, Rules
from jass.molotow.state import State
from jass.play import PlayCard, parse_play
from jass.variant.facets import Notation, RecordFormat
from jass.variant.notation import deck_order_records, split_move

__all__ = ["format_move", "parse_move"]


_VERBS: Final = ("play", "deal")


def format_move(move: Move) -> str:
    """The short text of a move, as records write it.

    >>> format_move(PlayCard("HA")), format_move(Deal())
    ('play HA', 'deal')
    """
    kind = type(move)
    if kind is PlayCard:
        return f"play {move.card}"  # type: ignore[union-attr]
    if kind is Deal:
        order = move.order  # type: ignore[union-attr]
        return "deal" if order is None else "deal " + " ".join(c.name for c in order)
    raise RecordError(f"{move!r:.80} is not a move of {TITLE}")


def parse_move(text: str, rules: Rules | None = None) -> Move:
    """The move written as ``text`` (see :func:`format_move`). Raises
    :class:`~jass.errors.RecordError`.

    >>> parse_move("play S9"), parse_move("deal")
    (PlayCard(Card.S9), Deal(order=None))
    """
    verb, rest = split_move(text, _VERBS, "molotow")
    if verb == "play":
        return parse_play(rest)
    return DEAL if not rest else Deal(rest.split())


def _result(state: State) -> dict[str, Any]:
    return {"totals": list(state.totals)}


def dealt_order(state: State) -> list[Card]:
    """The 36 cards in the order :func:`new_game` deals them, from a round just dealt: Vorhand's
    hand first, the dealer's last, then the card out of play (five players)."""
    seats = state.rules.seats
    order: list[Card] = []
    for k in range(seats):
        order += list(state.hand((state.dealer + 1 + k) % seats))
    return order + list(state.rules.out_of_play)


#: Molotow's moves as text (:class:`~jass.variant.Notation`).
NOTATION: Final = Notation(format_move=format_move, parse_move=parse_move)

#: What a record writes of a game of Molotow (:class:`~jass.variant.RecordFormat`).
RECORDS: Final[RecordFormat[Rules, State, Move]] = deck_order_records(_result, new_game, dealt_order, Deal)
