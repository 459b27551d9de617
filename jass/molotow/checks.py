"""The conformance harness's hooks for Molotow: sibling states that differ in what a seat cannot
see, the cards it may know, and the invariants of a step.
"""

from __future__ import annotations

import random
from typing import Final

from jass.cards import CardSet
from jass.molotow.moves import Move
from jass.molotow.state import State
from jass.trump import LAST_TRICK_BONUS
from jass.variant.facets import ConformanceHooks


def _variations(state: State, seat: int, rng: random.Random) -> list[State]:
    """An unplayed card of each of two other seats exchanged."""
    play = state.play
    hands = play.hands
    others = [s for s in range(state.rules.seats) if s != seat and hands[s]]
    if len(others) < 2:
        return []
    a, b = rng.sample(others, 2)
    card_a = rng.choice(list(hands[a]))
    card_b = rng.choice(list(hands[b]))
    swapped = list(hands)
    swapped[a] = CardSet.from_bits(hands[a].bits & ~card_a.bit | card_b.bit)
    swapped[b] = CardSet.from_bits(hands[b].bits & ~card_b.bit | card_a.bit)
    return [state.replace(play=play.with_hands(swapped))]


def _known_cards(state: State, seat: int) -> CardSet:
    """Its hand, the cards played and the card out of play (five players)."""
    return state.play.hand(seat) | state.play.played() | state.rules.out_of_play


def _check_step(before: State, move: Move, after: State) -> None:
    """A finished round has played all 36 cards (35 with five players); its cards and last trick are worth 157; its
    totals are those 157 with the table Weis added and the hand Weis and the Stöck taken off;
    the game totals grew by them."""
    if len(after.history) == len(before.history):
        return
    score = after.history[-1]
    played = after.play.played()
    expected_cards = 36 - len(after.rules.out_of_play)
    assert len(played) == expected_cards, f"{len(played)} cards played in the round, not {expected_cards}"
    cards = sum(score.card_points) + sum(score.last_trick)
    assert cards == 152 + LAST_TRICK_BONUS, f"the round's cards and last trick are worth {cards}, not 157"
    expected = cards + sum(score.table_weis) - sum(score.hand_weis) - sum(score.stoeck)
    assert sum(score.totals) == expected, f"the round's totals add up to {sum(score.totals)}, not {expected}"
    grown = tuple(a - b for a, b in zip(after.totals, before.totals))
    assert grown == score.totals, f"the totals grew by {grown}, the round's are {score.totals}"


#: The conformance harness's hooks (:class:`~jass.variant.ConformanceHooks`).
CHECKS: Final = ConformanceHooks(hidden_variations=_variations, known_cards=_known_cards, check_step=_check_step)
