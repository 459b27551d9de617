"""The conformance harness's hooks for Zweierjass: sibling states that differ in what a seat
cannot see, the cards it may know, and the invariants of a step.
"""

from __future__ import annotations

import random
from typing import Final

from jass.cards import Card, CardSet
from jass.play import CardPlay
from jass.trump import LAST_TRICK_BONUS, Trump
from jass.variant.facets import ConformanceHooks
from jass.zweier.moves import Move
from jass.zweier.rules import DRAWING_TRICKS, ROUND_TRICKS, SlalomPoints
from jass.zweier.state import State, draws_of


def _variations(state: State, seat: int, rng: random.Random) -> list[State]:
    """States that differ only in what ``seat`` cannot see: a card of the other hand swapped with
    a card of the stack still to be drawn (not the face-up bottom card), in the deal and in the
    play alike; and a card the other seat was dealt swapped with one it drew, both still held
    (the same hands now, another order of the stack)."""
    play = state.play
    other = 1 - seat
    drawn = [card for card in draws_of(state.stack, play.tricks)[other]
             if card in play.hand(other) and card is not state.bottom_card]
    dealt = [card for card in play.hand(other) if card in state.hands[other]]
    hidden_stack = list(state.stack_left[:-1])
    found = []
    if hidden_stack and dealt:
        out, into = rng.choice(dealt), rng.choice(hidden_stack)
        hands = list(state.hands)
        hands[other] = _replace(hands[other], out, into)
        now = list(play.hands)
        now[other] = _replace(now[other], out, into)
        changed = CardPlay.from_parts(play.setup, now, play.leader, play.trick, play.tricks)
        found.append(state.replace(hands=tuple(hands), stack=_swapped(state.stack, out, into), play=changed))
    if drawn and dealt:
        out, into = rng.choice(dealt), rng.choice(drawn)
        hands = list(state.hands)
        hands[other] = _replace(hands[other], out, into)
        found.append(state.replace(hands=tuple(hands), stack=_swapped(state.stack, out, into)))
    return found


def _swapped(stack: tuple[Card, ...], out: Card, into: Card) -> tuple[Card, ...]:
    """The stack with ``into`` (in it) replaced by ``out``."""
    return tuple(out if card is into else card for card in stack)


def _replace(cards: CardSet, out: Card, into: Card) -> CardSet:
    return CardSet.from_bits(cards.bits & ~out.bit | into.bit)


def _known_cards(state: State, seat: int) -> CardSet:
    """Its hand, the cards played and the bottom card."""
    return state.hand(seat) | state.play.played() | {state.bottom_card}


def _check_step(before: State, move: Move, after: State) -> None:
    """The stack shrinks by two after each of the first nine tricks; a finished round's totals
    are its 36 cards' points plus 5 for the last trick, 157 outside a Slalom."""
    tricks = len(after.play.tricks)
    assert len(after.stack_left) == 18 - 2 * min(tricks, DRAWING_TRICKS), f"{len(after.stack_left)} cards in the stack"
    if len(after.history) == len(before.history):
        return
    score = after.history[-1]
    played = [card for trick in after.play.tricks for card in trick.cards]
    assert len(played) == 36 and len(set(played)) == 36 and tricks == ROUND_TRICKS, f"{len(played)} cards played"
    mode = after.play.mode
    if type(mode) is Trump or after.rules.slalom_points is SlalomPoints.FIRST_DIRECTION:
        assert sum(score.totals) == 157, f"a round of {mode} totals {sum(score.totals)}, not 157"
    else:
        points = sum(trick.points for trick in after.play.tricks)
        assert sum(score.totals) == points + LAST_TRICK_BONUS, (
            f"the totals {score.totals} are not the tricks' points + 5")


#: The conformance harness's hooks (:class:`~jass.variant.ConformanceHooks`).
CHECKS: Final = ConformanceHooks(hidden_variations=_variations, known_cards=_known_cards, check_step=_check_step)
