"""The conformance harness's hooks the partnership games share: sibling states that differ in
what a seat cannot see, and the cards a seat may know of.
"""

from __future__ import annotations

import random
from typing import Any

from jass.cards import Card, CardSet
from jass.teams.rules import SEATS
from jass.teams.score import counted_weis
from jass.teams.state import TeamState
from jass.weis import detect_weis

__all__ = ["hidden_variations", "known_cards"]


def hidden_variations(state: TeamState, seat: int, rng: random.Random) -> list[Any]:
    """States that differ from ``state`` only in what ``seat`` cannot see: one unplayed card of
    each of two other seats exchanged (in the hands as dealt and in play); with automatic Weis
    declared after trick 1, only if no Weis changes (they are public then)."""
    play = state.play
    held = play.hands if play is not None else state.dealt
    others = [s for s in range(SEATS) if s != seat and held[s]]
    if len(others) < 2:
        return []
    a, b = rng.sample(others, 2)
    card_a, card_b = rng.choice(list(held[a])), rng.choice(list(held[b]))
    dealt = _swap(state.dealt, a, b, card_a, card_b)
    weis = state.rules.weis
    if weis is not None and state.rules.auto_declare and play is not None and play.tricks:
        if any(detect_weis(dealt[s], weis) != detect_weis(state.dealt[s], weis) for s in (a, b)):
            return []
    if play is None:
        return [state.replace(dealt=dealt)]
    return [state.replace(dealt=dealt, play=play.with_hands(_swap(play.hands, a, b, card_a, card_b)))]


def _swap(hands: tuple[CardSet, ...], a: int, b: int, card_a: Card, card_b: Card) -> tuple[CardSet, ...]:
    result = list(hands)
    result[a] = CardSet.from_bits(hands[a].bits & ~card_a.bit | card_b.bit)
    result[b] = CardSet.from_bits(hands[b].bits & ~card_b.bit | card_a.bit)
    return tuple(result)


def known_cards(state: TeamState, seat: int) -> CardSet:
    """The cards ``seat`` may know of: its hand as dealt, the cards played, and once trick 1 is
    over the Weis that count (they are shown)."""
    known: CardSet = state.dealt[seat]
    play = state.play
    if play is None:
        return known
    known |= play.played()
    if play.tricks:
        for declared in counted_weis(state.dealt, state.declared, state.rules.weis, state.rules.auto_declare):
            for weis in declared:
                known |= weis.cards
    return known
