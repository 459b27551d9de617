"""The conformance harness's hooks for Differenzler: sibling states that differ in what a seat
cannot see, the cards it may know, and the invariants of a step (157 per round).
"""

from __future__ import annotations

import random
from typing import Final

from jass.cards import CardSet
from jass.differenzler.moves import Move
from jass.differenzler.rules import MAX_PREDICTION, PredictionMode
from jass.differenzler.state import PLAY, PREDICT, State
from jass.variant.facets import ConformanceHooks


def _variations(state: State, seat: int, rng: random.Random) -> list[State]:
    """An unplayed card of each of two other seats exchanged (never the face-up card); another
    seat's secret prediction changed."""
    found: list[State] = []
    play = state.play
    keep = state.face_up.bit
    hands = play.hands
    others = [s for s in range(state.rules.seats) if s != seat and hands[s].bits & ~keep]
    if len(others) >= 2:
        a, b = rng.sample(others, 2)
        card_a = rng.choice(list(CardSet.from_bits(hands[a].bits & ~keep)))
        card_b = rng.choice(list(CardSet.from_bits(hands[b].bits & ~keep)))
        swapped = list(hands)
        swapped[a] = CardSet.from_bits(hands[a].bits & ~card_a.bit | card_b.bit)
        swapped[b] = CardSet.from_bits(hands[b].bits & ~card_b.bit | card_a.bit)
        found.append(state.replace(play=play.with_hands(swapped)))
    if state.rules.prediction_mode is PredictionMode.SECRET and state.phase in (PREDICT, PLAY):
        predicted = [s for s, p in enumerate(state.predictions) if s != seat and p is not None]
        if predicted:
            other = rng.choice(predicted)
            value = ((state.predictions[other] or 0) + rng.randrange(1, MAX_PREDICTION + 1)) % (MAX_PREDICTION + 1)
            found.append(state.replace(predictions=tuple(value if s == other else p
                                                         for s, p in enumerate(state.predictions))))
    return found


def _known_cards(state: State, seat: int) -> CardSet:
    """Its hand, the cards played and the face-up card."""
    return state.play.hand(seat) | state.play.played() | {state.face_up}


def _check_step(before: State, move: Move, after: State) -> None:
    """A finished round shares out 157 points (152 in cards, 5 for the last trick) in 9 tricks
    (12 with three players)."""
    if len(after.history) == len(before.history):
        return
    score = after.history[-1]
    assert sum(score.points) == 157, f"the round's points {score.points} add up to {sum(score.points)}, not 157"
    assert sum(score.tricks_won) == after.rules.tricks, f"tricks won {score.tricks_won}"
    grown = tuple(a - b for a, b in zip(after.penalties, before.penalties))
    assert grown == score.penalties, f"the totals grew by {grown}, the round's penalties are {score.penalties}"


#: The conformance harness's hooks (:class:`~jass.variant.ConformanceHooks`).
CHECKS: Final = ConformanceHooks(hidden_variations=_variations, known_cards=_known_cards, check_step=_check_step)
