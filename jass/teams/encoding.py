"""The Weis and Stöck blocks of a partnership game's observation vector.
"""

from __future__ import annotations

from typing import Final

from jass.cards import CardSet
from jass.teams.moves import WeisDeclaration, weis_options
from jass.teams.rules import SEATS
from jass.teams.state import TeamView
from jass.variant.encoding import card_vector, one_hot, relative_values
from jass.weis import Weis, WeisRules

__all__ = ["WEIS_LAYOUT", "weis_block", "fullest_declaration"]

#: The blocks :func:`weis_block` writes: declared Weis points / 300 and who declared (per
#: relative seat), each relative seat's shown Weis cards, the Stöck team (own, other, none).
WEIS_LAYOUT: Final = (
    ("declared_points", SEATS),
    ("declared", SEATS),
    *((f"shown_weis[{k}]", 36) for k in range(SEATS)),
    ("stoeck_team", 3),
)


def weis_block(view: TeamView, seat: int) -> list[float]:
    """The floats of :data:`WEIS_LAYOUT` for ``view``, seen from ``seat``."""
    vector = relative_values([p or 0 for p in view.declared_points], seat, 300)
    vector += relative_values([p is not None for p in view.declared_points], seat, 1)
    for k in range(SEATS):
        vector += card_vector(CardSet(c for w in view.shown_weis[(seat + k) % SEATS] for c in w.cards))
    team = seat % 2
    vector += one_hot(2 if view.stoeck_team is None else (0 if view.stoeck_team == team else 1), 3)
    return vector


def fullest_declaration(hand: CardSet, weis: WeisRules | None) -> tuple[Weis, ...] | None:
    """The Weis of the declaration of every Weis of ``hand`` (the one action id an agent has for
    declaring); ``None`` without a Weis to declare."""
    options = weis_options(hand.bits, weis, WeisDeclaration) if weis is not None else ()
    return options[0].weis if options else None
