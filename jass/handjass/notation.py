"""Handjass for three's moves as the text of records (``"take"``, ``"rob"``), and what a record
writes of a game (its deal order and result).
"""

from __future__ import annotations

from typing import Any, Final

from jass.cards import Card
from jass.errors import RecordError
from jass.handjass.dealing import new_game
from jass.handjass.moves import DEAL, KEEP, NO_ROB, ROB, TAKE, Deal, KeepHand, Move, NoRob, Rob, TakeBlinde
from jass.handjass.rules import HAND_SIZE, SEATS, TITLE, Rules
from jass.handjass.state import State
from jass.play import PlayCard, parse_play
from jass.variant.facets import Notation, RecordFormat
from jass.variant.notation import deck_order_records, no_argument, split_move

__all__ = ["format_move", "parse_move"]


_VERBS: Final = ("take", "keep", "rob", "norob", "play", "deal")
_WORDS: Final[dict[type, str]] = {TakeBlinde: "take", KeepHand: "keep", Rob: "rob", NoRob: "norob"}
_MOVES: Final[dict[str, Move]] = {"take": TAKE, "keep": KEEP, "rob": ROB, "norob": NO_ROB}


def format_move(move: Move) -> str:
    """The short text of a move, as records write it.

    >>> format_move(TakeBlinde()), format_move(NoRob()), format_move(PlayCard("HA")), format_move(Deal())
    ('take', 'norob', 'play HA', 'deal')
    """
    kind = type(move)
    if kind is PlayCard:
        return f"play {move.card}"  # type: ignore[union-attr]
    if kind is Deal:
        order = move.order  # type: ignore[union-attr]
        return "deal" if order is None else "deal " + " ".join(c.name for c in order)
    word = _WORDS.get(kind)
    if word is None:
        raise RecordError(f"{move!r:.80} is not a move of {TITLE}")
    return word


def parse_move(text: str, rules: Rules | None = None) -> Move:
    """The move written as ``text`` (see :func:`format_move`). Raises
    :class:`~jass.errors.RecordError`.

    >>> parse_move("rob"), parse_move("play S9")
    (Rob(), PlayCard(Card.S9))
    """
    verb, rest = split_move(text, _VERBS, "handjass")
    if verb == "play":
        return parse_play(rest)
    if verb == "deal":
        return DEAL if not rest else Deal(rest.split())
    return no_argument(verb, rest, _MOVES[verb])


def _result(state: State) -> dict[str, Any]:
    return {"scores": list(state.scores), "nullers": list(state.nullers)}


def _dealt_order(state: State) -> list[Card]:
    """The 36 cards in the order :func:`new_game` deals them, from a round just dealt."""
    order: list[Card] = []
    for k in range(SEATS):
        order += list(state.hands[(state.dealer + 1 + k) % SEATS])
    assert len(order) == SEATS * HAND_SIZE
    return order + [state.turned] + list(state.blinde)


#: Handjass for three's moves as text (:class:`~jass.variant.Notation`).
NOTATION: Final = Notation(format_move=format_move, parse_move=parse_move)

#: What a record writes of a game of Handjass for three (:class:`~jass.variant.RecordFormat`).
RECORDS: Final[RecordFormat[Rules, State, Move]] = deck_order_records(_result, new_game, _dealt_order, Deal)
