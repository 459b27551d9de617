"""Zweierjass's moves as the text of records (``"play H10"``, ``"deal"``), and what a record
writes of a game (its deal order and result).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from jass.cards import Card
from jass.errors import RecordError
from jass.play import PlayCard, parse_play
from jass.variant.facets import Notation, RecordFormat
from jass.variant.notation import record_deal, split_move
from jass.zweier.dealing import new_game
from jass.zweier.moves import DEAL, Deal, Move
from jass.zweier.rules import TITLE, Rules
from jass.zweier.state import State

__all__ = ["format_move", "parse_move"]


_VERBS: Final = ("play", "deal")


def format_move(move: Move) -> str:
    """The short text of a move, as records write it.

    >>> format_move(PlayCard(Card.H10)), format_move(Deal())
    ('play H10', 'deal')
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

    >>> parse_move("play H10")
    PlayCard(Card.H10)
    """
    verb, rest = split_move(text, _VERBS, "zweierjass")
    if verb == "play":
        return parse_play(rest)
    return DEAL if not rest else Deal(rest.split())


def _result(state: State) -> dict[str, Any]:
    return {"scores": list(state.scores)}


def _dealt_order(state: State) -> list[Card]:
    """The 36 cards in the order :func:`new_game` deals them, from a round just dealt."""
    return list(state.hands[1 - state.dealer]) + list(state.hands[state.dealer]) + list(state.stack)


def _explicit_deal(state: State) -> tuple[dict[str, Any], State]:
    """The record field of the deal of ``state`` (the deck in dealing order) and the game it
    starts."""
    order = _dealt_order(state)
    return {"deal": " ".join(card.name for card in order)}, new_game(state.rules, state.seed, deal=order)


def _explicit_move(move: Move, after: State) -> Move:
    """``move`` as a record without the seed writes it: a deal from the seed as the order it dealt."""
    if type(move) is Deal and move.order is None:
        return Deal(_dealt_order(after))
    return move


def _game_from_record(rules: Rules, seed: int, fields: Mapping[str, Any]) -> State:
    deal = fields.get("deal")
    if deal is None:
        return new_game(rules, seed)
    if not isinstance(deal, str):
        raise RecordError("expected the 36 cards in dealing order, one string", "$.deal")
    return new_game(rules, seed, deal=deal)  # read as validate_deck reads a string


#: Zweierjass's moves as text (:class:`~jass.variant.Notation`).
NOTATION: Final = Notation(format_move=format_move, parse_move=parse_move)

#: What a record writes of a Zweierjass game (:class:`~jass.variant.RecordFormat`).
RECORDS: Final[RecordFormat[Rules, State, Move]] = RecordFormat(
    result=_result,
    record_deal=lambda state: record_deal(state, new_game, _explicit_deal),
    game_from_record=_game_from_record,
    explicit_deal=_explicit_deal,
    explicit_move=_explicit_move,
)
