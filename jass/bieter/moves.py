"""Bieter's moves: a bid or «fort», a card laid away, the mode named, playing or conceding a
game, a card, the next deal; and the one instance of each move without fields.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final, TypeAlias, Union

import attrs

from jass._base import NamedEnum, instance_of, int_in
from jass.cards import Card, validate_deck
from jass.errors import IllegalMoveError, JassError
from jass.play import PlayCard
from jass.trump import Trump
from jass.variant.guards import move_error

from jass.bieter.rules import MAX_BID

__all__ = ["GameMode", "Bid", "Pass", "Discard", "Announce", "PlayGame", "Concede", "Deal", "Move"]


class GameMode(NamedEnum):
    """What a game is played in: a trump suit, Obenabe, Undenufe, or Hindersi (no trump, and
    the King must take no trick)."""

    EICHELN = "eicheln"
    ROSEN = "rosen"
    SCHILTEN = "schilten"
    SCHELLEN = "schellen"
    OBENABE = "obenabe"
    UNDENUFE = "undenufe"
    HINDERSI = "hindersi"

    @property
    def trump(self) -> Trump:
        """The mode the cards are played in: Hindersi («ohne Trumpf») plays as Obenabe (no source
        names its order; the plain-suit order is the one of a game without trump)."""
        return Trump.OBENABE if self is GameMode.HINDERSI else Trump[self.name]

    @staticmethod
    def of_trump(trump: Trump) -> GameMode:
        """The mode of a trump suit (or Obenabe, Undenufe)."""
        return GameMode[trump.name]


@attrs.frozen
class Bid:
    """The move "I bid ``points``": the number the bidder must write to win if he becomes King."""

    points: int = attrs.field(validator=int_in(1, MAX_BID, error=IllegalMoveError))

    def __str__(self) -> str:
        return f"bid {self.points}"


@attrs.frozen
class Pass:
    """The move «fort» (also «pass»): the player stops bidding."""

    def __str__(self) -> str:
        return "fort"


@attrs.frozen
class Discard:
    """The move "I lay this card away": the King, having taken the six table cards, lays six
    cards face down, one move each."""

    card: Card = attrs.field(converter=lambda value: _card(value, "Discard"))  # type: ignore[var-annotated]

    def __str__(self) -> str:
        return f"lay away {self.card}"


def _card(value: object, move: str) -> Card:
    try:
        return value if type(value) is Card else Card.parse(value)  # type: ignore[arg-type]
    except JassError as error:
        raise move_error(error, move) from None


@attrs.frozen
class Announce:
    """The move "I name ``mode``": the King's mode of the first game."""

    mode: GameMode = attrs.field(validator=instance_of(GameMode, error=IllegalMoveError))

    def __str__(self) -> str:
        return f"name {self.mode.value}"


@attrs.frozen
class PlayGame:
    """The King's move "I play this game" (from the second game on)."""

    def __str__(self) -> str:
        return "play the game"


@attrs.frozen
class Concede:
    """The King's move "I do not play": the Bauernpartei write a match (from the second game on)."""

    def __str__(self) -> str:
        return "concede the game"


def _to_order(value: Iterable[Card | str] | None) -> tuple[Card, ...] | None:
    if value is None:
        return None
    try:
        return validate_deck(value)
    except JassError as error:
        raise move_error(error, "Deal") from None


@attrs.frozen
class Deal:
    """The move "deal the next game", made by the next dealer once a game is over.

    ``order`` is the 36 cards in dealing order (see :func:`new_game`); ``None``: the order
    :func:`~jass.cards.shuffled_deck` gives for ``round_seed(seed, n)``, *n* being the number
    of the round dealt.
    """

    order: tuple[Card, ...] | None = attrs.field(default=None, converter=_to_order)

    def __str__(self) -> str:
        return "deal the next game"


#: Any move of Bieter.
Move: TypeAlias = Union[Bid, Pass, Discard, Announce, PlayGame, Concede, PlayCard, Deal]
PASS: Final = Pass()
PLAY_GAME: Final = PlayGame()
CONCEDE: Final = Concede()
DEAL: Final = Deal()
PLAY_OR_CONCEDE: Final = (PLAY_GAME, CONCEDE)
ONLY_DEAL: Final = (DEAL,)
