"""How a partnership game's rule bots value a hand in a mode of several tricks' modes (Slalom,
Guschti, a Misère, Alles Trumpf, Elefant), from a value of the six classic modes."""

from __future__ import annotations

from collections.abc import Callable

from jass.cards import CardSet
from jass.trump import LeadMode, PerTrickMode, RoundMode, Trump

__all__ = ["valued_in"]


def valued_in(hand: CardSet, mode: RoundMode, value: Callable[[CardSet, Trump], float]) -> float:
    """What ``value`` (:func:`jass.teams.ai.hand_value`, :func:`jass.teams.ai.mode_points`)
    makes of ``hand`` in ``mode``, a mode of several tricks' modes by their mean: a per-trick
    mode by its two; a Misère of Obenabe by what Undenufe likes, and the other way round (the
    cards that win tricks in one lose them in the other); Alles Trumpf by the four suits as
    trump (each trick's led suit is); Elefant by Obenabe, Undenufe and the suit it likes best
    (three tricks each; the seat that leads trick 7 makes trump)."""
    if type(mode) is PerTrickMode:
        if mode.is_misere and not mode.is_slalom:
            return value(hand, mode.second)
        return (value(hand, mode.first) + value(hand, mode.second)) / 2
    if mode is LeadMode.ALLES_TRUMPF:
        return sum(value(hand, Trump(suit)) for suit in range(4)) / 4
    if mode is LeadMode.ELEFANT:
        best_suit = max(value(hand, Trump(suit)) for suit in range(4))
        return (value(hand, Trump.OBENABE) + value(hand, Trump.UNDENUFE) + best_suit) / 3
    assert type(mode) is Trump
    return value(hand, mode)
