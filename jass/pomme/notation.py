"""La pomme's moves as the text of records (``"exchange C6 C10 H10"``, ``"swap"``), and what a
record writes of a game (its deal order and result).
"""

from __future__ import annotations

from typing import Any, Final

from jass.cards import Card, CardSet
from jass.errors import RecordError
from jass.play import PlayCard, parse_play
from jass.pomme.dealing import new_game
from jass.pomme.moves import DEAL, DECLINE, KEEP, SWAP, Deal, DeclineSwap, Exchange, KeepHand, Move, SwapTrumpSix
from jass.pomme.rules import TITLE, Rules
from jass.pomme.state import State
from jass.variant.facets import Notation, RecordFormat
from jass.variant.notation import deck_order_records, no_argument, split_move

__all__ = ["format_move", "parse_move"]


_VERBS: Final = ("keep", "exchange", "swap", "noswap", "play", "deal")


def format_move(move: Move) -> str:
    """The short text of a move, as records write it.

    >>> format_move(Exchange("C6 C7 S8")), format_move(DeclineSwap()), format_move(Deal())
    ('exchange C6 C7 S8', 'noswap', 'deal')
    """
    kind = type(move)
    if kind is PlayCard:
        return f"play {move.card}"  # type: ignore[union-attr]
    if kind is KeepHand:
        return "keep"
    if kind is Exchange:
        return f"exchange {move.cards}"  # type: ignore[union-attr]
    if kind is SwapTrumpSix:
        return "swap"
    if kind is DeclineSwap:
        return "noswap"
    if kind is Deal:
        order = move.order  # type: ignore[union-attr]
        return "deal" if order is None else "deal " + " ".join(c.name for c in order)
    raise RecordError(f"{move!r:.80} is not a move of {TITLE}")


def parse_move(text: str, rules: Rules | None = None) -> Move:
    """The move written as ``text`` (see :func:`format_move`). Raises
    :class:`~jass.errors.RecordError`.

    >>> parse_move("exchange C6 C7 S8")
    Exchange(cards=CardSet('C6 C7 S8'))
    """
    verb, rest = split_move(text, _VERBS, "pomme")
    if verb == "play":
        return parse_play(rest)
    if verb == "keep":
        return no_argument(verb, rest, KEEP)
    if verb == "swap":
        return no_argument(verb, rest, SWAP)
    if verb == "noswap":
        return no_argument(verb, rest, DECLINE)
    if verb == "exchange":
        cards = CardSet.parse(rest)
        if len(cards) != 3 or len(rest.split()) != 3:
            raise RecordError(f"an exchange names 3 different cards, got {rest!r:.40}")
        return Exchange(cards)
    return DEAL if not rest else Deal(rest.split())


def _result(state: State) -> dict[str, Any]:
    return {"scores": list(state.scores), "pommes": list(state.pommes)}


def _dealt_order(state: State) -> list[Card]:
    """The 36 cards in the order :func:`new_game` deals them, from a round just dealt."""
    first, second = 1 - state.dealer, state.dealer
    return (
        list(state.hands[first]) + list(state.hands[second]) + list(state.extras[first])
        + list(state.extras[second]) + [state.turned] + list(state.talon)
    )


#: La pomme's moves as text (:class:`~jass.variant.Notation`).
NOTATION: Final = Notation(format_move=format_move, parse_move=parse_move)

#: What a record writes of a la pomme game (:class:`~jass.variant.RecordFormat`).
RECORDS: Final[RecordFormat[Rules, State, Move]] = deck_order_records(_result, new_game, _dealt_order, Deal)
