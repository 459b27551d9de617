"""What the partnership games' states and observations hold, as protocols: the helpers of this
package read any variant's that fits (:class:`TeamState`, :class:`TeamView`).
"""

from __future__ import annotations

from typing import Any, Protocol

from jass.cards import Card, CardSet
from jass.play import CardPlay, Trick
from jass.trump import Trump
from jass.weis import Weis

__all__ = ["TeamState", "TeamView"]

#: Each seat's declared Weis: a tuple of Weis, or ``None`` for a seat that has not declared.
Declared = tuple[tuple[Weis, ...] | None, ...]


class TeamState(Protocol):
    """What the hooks below read of a partnership game's state."""

    @property
    def dealt(self) -> tuple[CardSet, ...]:
        """The round's hands as dealt."""

    @property
    def play(self) -> CardPlay | None:
        """The cards in play, once the mode is chosen."""

    @property
    def declared(self) -> Declared:
        """Each seat's declared Weis."""

    @property
    def rules(self) -> Any:
        """The rules, with ``weis`` (a WeisRules or ``None``) and ``auto_declare``."""

    @property
    def seed(self) -> int:
        """The game's seed."""

    def replace(self, **changes: Any) -> Any:
        """The state with fields changed."""


class TeamView(Protocol):
    """What :func:`team_sampler` and :func:`misere_card` read of a partnership game's observation."""

    @property
    def seat(self) -> int | None:
        """The observing seat."""

    @property
    def hand(self) -> CardSet:
        """The observing seat's hand."""

    @property
    def hand_sizes(self) -> tuple[int, ...]:
        """How many cards each seat holds."""

    @property
    def trick(self) -> tuple[Card, ...]:
        """The cards of the trick in progress."""

    @property
    def trick_leader(self) -> int | None:
        """The seat that led the trick in progress."""

    @property
    def trump(self) -> Trump | None:
        """The mode of the trick in progress (``None`` before one is chosen)."""

    @property
    def tricks(self) -> tuple[Trick, ...]:
        """The tricks taken."""

    @property
    def dealer(self) -> int:
        """The seat that dealt the round (Vorhand is the next)."""

    @property
    def declared_points(self) -> tuple[int | None, ...]:
        """Each seat's declared Weis points (``None``: not declared)."""

    @property
    def shown_weis(self) -> tuple[tuple[Weis, ...], ...]:
        """The Weis each seat has shown."""

    @property
    def own_weis(self) -> tuple[Weis, ...] | None:
        """The observing seat's own declared Weis."""

    @property
    def stoeck_team(self) -> int | None:
        """The team credited with the Stöck, once they count."""

    @property
    def rules(self) -> Any:
        """The rules, with ``weis``, ``auto_declare`` and ``play``."""
