"""The conformance harness's hooks for Handjass for three: sibling states that differ in what a
seat cannot see, the cards it may know, and the invariants of a step.
"""

from __future__ import annotations

import random
from typing import Any, Final

from jass.cards import Card, CardSet
from jass.handjass.moves import Move
from jass.handjass.rules import HAND_SIZE, SEATS
from jass.handjass.state import State
from jass.trump import DEFAULT_TRUMP_JACK_POINTS, LAST_TRICK_BONUS, point_table
from jass.variant.facets import ConformanceHooks


def _variations(state: State, seat: int, rng: random.Random) -> list[State]:
    """A hidden card exchanged with another in a different hidden place: another seat's hand
    (not its face-up cards everybody saw go there), or the Blinde's face-down cards."""
    view_known = _known_cards(state, seat)
    places: list[tuple[str, int, CardSet]] = [
        ("hand", other, CardSet.from_bits(state.hand(other).bits & ~view_known.bits))
        for other in range(SEATS) if other != seat
    ]
    places.append(("blinde", 0, state.blinde))
    places = [place for place in places if place[2]]
    if len(places) < 2:
        return []
    first, second = rng.sample(places, 2)
    card_a, card_b = rng.choice(list(first[2])), rng.choice(list(second[2]))
    hands, blinde = list(state.hands), state.blinde
    in_play = list(state.play.hands) if state.play is not None else None
    for (kind, owner, _), out, into in ((first, card_a, card_b), (second, card_b, card_a)):
        if kind == "hand":
            hands[owner] = _replace(hands[owner], out, into)
            if in_play is not None:
                in_play[owner] = _replace(in_play[owner], out, into)
        else:
            blinde = _replace(blinde, out, into)
    changes: dict[str, Any] = {"hands": tuple(hands), "blinde": blinde}
    if in_play is not None and state.play is not None:
        changes["play"] = state.play.with_hands(tuple(in_play))
    return [state.replace(**changes)]


def _replace(cards: CardSet, out: Card, into: Card) -> CardSet:
    return CardSet.from_bits(cards.bits & ~out.bit | into.bit)


def _known_cards(state: State, seat: int) -> CardSet:
    """Its hand, the cards played, the turned card, the face-up card on the Blinde and the
    trump 6 once it robbed (everybody saw where they went)."""
    known: CardSet = state.hand(seat) | {state.turned}
    if state.top_card is not None:
        known |= {state.top_card}
    if state.robbed_by is not None:
        known |= {state.trump_six}
    if state.play is not None:
        known |= state.play.played()
    return known


def _check_step(before: State, move: Move, after: State) -> None:
    """Nine cards out of play once a player took the Blinde, else none; a finished round's totals
    are the points of its 27 played cards plus 5 for the last trick."""
    aside = HAND_SIZE if after.taken_by is not None else 0
    assert len(after.out_of_play) == aside, f"{len(after.out_of_play)} cards out of play, expected {aside}"
    if len(after.history) == len(before.history):
        return
    score = after.history[-1]
    assert after.play is not None
    played = [card for trick in after.play.tricks for card in trick.cards]
    assert len(played) == 27 and len(set(played)) == 27, f"{len(played)} cards played in the round"
    table = point_table(after.trump, DEFAULT_TRUMP_JACK_POINTS)
    cards = sum(table[card.index] for card in played)
    assert sum(score.totals) == cards + LAST_TRICK_BONUS, (
        f"the round's totals {score.totals} add up to {sum(score.totals)}, not the played cards' "
        f"{cards} + {LAST_TRICK_BONUS}"
    )


#: The conformance harness's hooks (:class:`~jass.variant.ConformanceHooks`).
CHECKS: Final = ConformanceHooks(hidden_variations=_variations, known_cards=_known_cards, check_step=_check_step)
