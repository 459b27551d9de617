"""Helpers of every variant's move notation (``notation.py``): reading a move's verb, a move
without argument, and how a record rebuilds a game's start.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final, TypeVar

from jass.cards import Card, foreign_character, not_notation
from jass.errors import JassError, RecordError, describe_value
from jass.variant.facets import JSON, RecordFormat

__all__ = ["MAX_MOVE_TEXT", "record_deal", "deck_order_records", "split_move", "no_argument"]


T = TypeVar("T")
R = TypeVar("R")
S = TypeVar("S")
M = TypeVar("M")


#: The longest text of a move that records read.
MAX_MOVE_TEXT: Final = 400


def record_deal(state: Any, new_game: Callable[..., Any], explicit: Callable[[Any], tuple[dict[str, Any], Any]]
                ) -> dict[str, Any] | None:
    """How a record rebuilds ``state`` with ``new_game``: ``{}`` when its seed dealt it, the fields
    of an explicit deal when ``explicit(state)`` (those fields and the game they start) gives it,
    else ``None`` (it is no new game: the record holds the whole state)."""
    try:
        if new_game(state.rules, state.seed) == state:
            return {}
        fields, game = explicit(state)
        if game == state:
            return fields
    except JassError:
        pass  # no new game gives this state: the record keeps the whole state
    return None


def deck_order_records(
    result: Callable[[S], dict[str, JSON]], new_game: Callable[..., S], dealt_order: Callable[[S], Sequence[Card]],
    deal: type[Any],
) -> RecordFormat[R, S, M]:
    """The records of a variant whose deal a record writes as the deck in dealing order (one
    string, ``"deal"``): ``new_game(rules, seed, deal=cards)`` starts the game it deals,
    ``dealt_order(state)`` reads that order back from a new game, and ``deal(cards)`` is the
    variant's move that deals them (its ``order`` ``None`` when the seed deals)."""

    dealing: Callable[..., Any] = deal  # the move's constructor: Deal(cards)

    def explicit_deal(state: Any) -> tuple[dict[str, JSON], S]:
        order = list(dealt_order(state))
        return {"deal": " ".join(card.name for card in order)}, new_game(state.rules, state.seed, deal=order)

    def explicit_move(move: M, after: S) -> M:
        if type(move) is deal:
            seeded: Any = move
            if seeded.order is None:  # a deal from the seed: written as the order it dealt
                written: M = dealing(dealt_order(after))
                return written
        return move

    def game_from_record(rules: R, seed: int, fields: Mapping[str, JSON]) -> S:
        cards = fields.get("deal")
        if cards is None:
            return new_game(rules, seed)
        if not isinstance(cards, str):
            raise RecordError("expected the 36 cards in dealing order, one string", "$.deal")
        return new_game(rules, seed, deal=cards)  # read as validate_deck reads a string

    return RecordFormat(
        result=result, record_deal=lambda state: record_deal(state, new_game, explicit_deal),
        game_from_record=game_from_record, explicit_deal=explicit_deal, explicit_move=explicit_move,
    )


def split_move(text: object, verbs: Sequence[str], what: str) -> tuple[str, str]:
    """The verb of a move's text (one of ``verbs``, any case) and the rest, stripped: how every
    variant's ``parse_move`` starts. Raises :class:`~jass.errors.RecordError` for text that is
    no move of ``what`` (the variant's title)."""
    if not isinstance(text, str):
        raise RecordError(f"{describe_value(text)} is not a move: expected a string such as 'play H10'")
    if len(text) > MAX_MOVE_TEXT:
        raise RecordError(f"a move of {len(text)} characters: moves are short strings such as 'play H10'")
    foreign = foreign_character(text)
    if foreign is not None:  # so that no case mapping, space or digit beyond notation is read
        raise RecordError(f"{text!r:.80} is not a move: {not_notation(foreign)}")
    verb, _, rest = text.strip().partition(" ")
    verb = verb.casefold()
    if verb not in verbs:
        raise RecordError(f"{text!r:.80} is not a {what} move: expected {', '.join(verbs)}")
    return verb, rest.strip()


def no_argument(verb: str, rest: str, move: T) -> T:
    """``move``, the move of a verb that takes nothing after it (``push``)."""
    if rest:
        raise RecordError(f"{verb!r} takes nothing after it, got {rest!r:.40}")
    return move
