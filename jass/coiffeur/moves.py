"""Coiffeur's moves: choosing a row of the team's column (and, for a joker row, its mode),
pushing to the next player, declaring Weis, a card, the next deal.
"""

from __future__ import annotations

from typing import Any, Final, Union

import attrs

from jass.coiffeur.slate import MAX_ROWS
from jass.errors import IllegalMoveError, JassError
from jass.play import PlayCard
from jass.teams.moves import NextDeal, WeisDeclaration
from jass.trump import RoundMode, parse_mode

__all__ = ["ChooseRow", "Push", "DeclareWeis", "Deal", "Move"]


def _row_index(instance: object, attribute: object, value: Any) -> None:
    if type(value) is not int or not 0 <= value < MAX_ROWS:
        error = IllegalMoveError(f"ChooseRow(row={value!r:.40}): a row is an int 0..{MAX_ROWS - 1}")
        error.field, error.index, error.expected = "row", None, f"an int 0..{MAX_ROWS - 1}"  # type: ignore[attr-defined]
        raise error


def _move_mode(value: object) -> RoundMode:
    try:
        return parse_mode(value)  # type: ignore[arg-type]
    except JassError as error:
        raise IllegalMoveError(f"ChooseRow(mode={value!r:.40}): {error}") from None


@attrs.frozen
class ChooseRow:
    """The seat to choose names an open row of its team's column (by its index, 0 for the first
    row) and a mode the row allows; its team declares, and it leads the first trick."""

    row: int = attrs.field(validator=_row_index)
    mode: RoundMode = attrs.field(converter=_move_mode)

    def __str__(self) -> str:
        # The slate numbers its rows from 1, as the player reads and types them.
        return f"choose row {self.row + 1}: {self.mode} {self.mode.symbol}"


@attrs.frozen
class Push:
    """The seat to choose leaves the choice to another ("schieben"): to the next player round
    the table (after all have pushed the first must choose), or with ``push_to=PARTNER`` to the
    partner, who must choose."""

    def __str__(self) -> str:
        return "push (schieben)"


@attrs.frozen
class DeclareWeis(WeisDeclaration):
    """Declare Weis before playing the first card (in trick 1), with the option ``weis``; the
    same player then plays (:class:`jass.teams.WeisDeclaration`)."""


@attrs.frozen
class Deal(NextDeal):
    """The next dealer deals the next round; ``hands=None`` deals from the game's seed."""


#: Any Coiffeur move.
Move = Union[ChooseRow, Push, DeclareWeis, PlayCard, Deal]
PUSH: Final = Push()
DEAL: Final = Deal()
