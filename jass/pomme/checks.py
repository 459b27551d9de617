"""The conformance harness's hooks for la pomme: sibling states that differ in what a seat
cannot see, the cards it may know, and the invariants of a step.
"""

from __future__ import annotations

import random
from typing import Any, Final

from jass.cards import Card, CardSet
from jass.pomme.moves import Move
from jass.pomme.state import State
from jass.trump import LAST_TRICK_BONUS, point_table
from jass.variant.facets import ConformanceHooks


def _variations(state: State, seat: int, rng: random.Random) -> list[State]:
    """A hidden card exchanged with another in a different hidden place: the other seat's
    hand, either seat's face-down extras (a player does not look at their own), the talon."""
    other = 1 - seat
    public = state.turned.bit | state.top_card.bit
    held = state.hand(other)
    places: list[tuple[str, int, CardSet]] = [("hand", other, CardSet.from_bits(held.bits & ~public))]
    places += [("extras", s, state.extras[s]) for s in (0, 1)]
    places.append(("talon", 0, state.talon))
    places = [place for place in places if place[2]]
    if len(places) < 2:
        return []
    first, second = rng.sample(places, 2)
    card_a, card_b = rng.choice(list(first[2])), rng.choice(list(second[2]))
    hands, extras, talon = list(state.hands), list(state.extras), state.talon
    in_play = list(state.play.hands) if state.play is not None else None
    for (kind, owner, _), out, into in ((first, card_a, card_b), (second, card_b, card_a)):
        if kind == "hand":
            hands[owner] = _replace(hands[owner], out, into)
            if in_play is not None:
                in_play[owner] = _replace(in_play[owner], out, into)
        elif kind == "extras":
            extras[owner] = _replace(extras[owner], out, into)
        else:
            talon = _replace(talon, out, into)
    changes: dict[str, Any] = {"hands": tuple(hands), "extras": tuple(extras), "talon": talon}
    if in_play is not None and state.play is not None:
        changes["play"] = state.play.with_hands(tuple(in_play))
    return [state.replace(**changes)]


def _replace(cards: CardSet, out: Card, into: Card) -> CardSet:
    return CardSet.from_bits(cards.bits & ~out.bit | into.bit)


def _known_cards(state: State, seat: int) -> CardSet:
    """Its hand, the cards played, the turned card and the top card of the talon."""
    known: CardSet = state.hand(seat) | {state.turned, state.top_card}
    if state.play is not None:
        known |= state.play.played()
    return known


def _check_step(before: State, move: Move, after: State) -> None:
    """3 cards out of play per decided seat; a finished round's totals are the points of its
    18 played cards plus 5 for the last trick."""
    decided = sum(d is not None for d in after.exchanges)
    assert len(after.out_of_play) == 3 * decided, f"{len(after.out_of_play)} cards out of play, {decided} seats decided"
    if len(after.history) == len(before.history):
        return
    score = after.history[-1]
    assert after.play is not None
    played = [card for trick in after.play.tricks for card in trick.cards]
    assert len(played) == 18 and len(set(played)) == 18, f"{len(played)} cards played in the round"
    table = point_table(after.trump, after.rules.trump_jack_points)
    cards = sum(table[card.index] for card in played)
    assert sum(score.totals) == cards + LAST_TRICK_BONUS, (
        f"the round's totals {score.totals} add up to {sum(score.totals)}, not the played cards' "
        f"{cards} + {LAST_TRICK_BONUS}"
    )


#: The conformance harness's hooks (:class:`~jass.variant.ConformanceHooks`).
CHECKS: Final = ConformanceHooks(hidden_variations=_variations, known_cards=_known_cards, check_step=_check_step)
