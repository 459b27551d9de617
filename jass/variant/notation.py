"""Helpers of every variant's move notation (``notation.py``): reading a move's verb, a move
without argument, and how a record rebuilds a game's start.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Final, TypeVar

from jass.cards import foreign_character, not_notation
from jass.errors import JassError, RecordError, describe_value

__all__ = ["MAX_MOVE_TEXT", "record_deal", "split_move", "no_argument"]


T = TypeVar("T")


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
