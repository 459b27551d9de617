"""The library's exceptions.

Every error the library raises on bad input is a :class:`JassError`, which is a
:class:`ValueError`, so ``except ValueError`` catches all of them. Messages quote
the offending input and, where it helps, say what would have been legal.
"""

from __future__ import annotations

__all__ = [
    "JassError",
    "InvalidNotationError",
    "InvalidCardsError",
    "InvalidRulesError",
    "IllegalMoveError",
]


class JassError(ValueError):
    """Base class of every error raised by the library on bad input."""


class InvalidNotationError(JassError):
    """A card or set of cards could not be read from text.

    >>> from jass import Card
    >>> Card.parse("X9")
    Traceback (most recent call last):
    ...
    jass.errors.InvalidNotationError: 'X9' is not a card: ...
    """


class InvalidCardsError(JassError):
    """Cards that cannot stand together: a duplicate, a wrong count, a non-card."""


class InvalidRulesError(JassError):
    """A rules object or rules parameter with a value outside its allowed range."""


class IllegalMoveError(JassError):
    """A move that the rules do not allow in the given state.

    The state it was applied to is left unchanged (states are immutable).
    """
