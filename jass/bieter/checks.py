"""The conformance harness's hooks for Bieter: sibling states that differ in what a seat cannot
see, the cards it may know, and the invariants of a step.
"""

from __future__ import annotations

import random
from typing import Any, Final

from jass.bieter.moves import Move
from jass.bieter.rules import MATCH_POINTS, SEATS
from jass.bieter.state import FACE_DOWN, RoundKind, State
from jass.cards import CardSet
from jass.trump import LAST_TRICK_BONUS
from jass.variant.facets import ConformanceHooks


def _variations(state: State, seat: int, rng: random.Random) -> list[State]:
    """A card of another seat's hand exchanged with one of the third seat's, or (before play)
    with a face-down table card while the table lies; never a card the seat knows (the face-up
    table cards, the trump card, what it laid away), and for a Bauer a card the King laid away
    (:func:`_discard_variation`). In play the hands as dealt (or the table a card came from)
    change with the hands held."""
    if state.phase.value in ("round_over", "game_over"):
        return []
    found = _discard_variation(state, seat, rng)
    if state.play is not None:
        return found + _play_variations(state, seat, rng)
    known = _known_cards(state, seat)
    setting = state.setting
    lying = bool(setting.table) and setting.king is None
    others = [other for other in range(SEATS) if other != seat]
    places: list[tuple[str, int, CardSet]] = [
        ("hand", other, CardSet.from_bits(setting.hands[other].bits & ~known.bits & ~CardSet(setting.discards).bits))
        for other in others
    ]
    if lying:
        places.append(("table", 0, CardSet(setting.table[:FACE_DOWN])))
    places = [place for place in places if place[2]]
    if len(places) < 2:
        return found
    first, second = rng.sample(places, 2)
    card_a, card_b = rng.choice(list(first[2])), rng.choice(list(second[2]))
    hands, table = list(setting.hands), list(setting.table)
    for (kind, owner, _), out, into in ((first, card_a, card_b), (second, card_b, card_a)):
        if kind == "hand":
            hands[owner] = CardSet.from_bits(hands[owner].bits & ~out.bit | into.bit)
        else:
            table[table.index(out)] = into
    changes: dict[str, Any] = {"hands": tuple(hands), "table": tuple(table)}
    return found + [state.replace(**changes)]


def _discard_variation(state: State, seat: int, rng: random.Random) -> list[State]:
    """For a Bauer: a card the King laid away exchanged with a card the other Bauer holds (the
    King's hand stays the same: the card took the other's place among his cards as dealt)."""
    setting = state.setting
    king = setting.king
    if king is None or seat == king or not setting.discards:
        return []
    other = next(s for s in range(SEATS) if s != seat and s != king)
    known = _known_cards(state, seat)
    held = state.hand(other).bits & setting.hands[other].bits & ~known.bits
    aside = [card for card in setting.discards if card not in known]  # not a face-up table card
    if not held or not aside:
        return []
    out = rng.choice(aside)
    into = rng.choice(list(CardSet.from_bits(held)))
    hands, table = list(setting.hands), list(setting.table)
    if out in hands[king]:
        hands[king] = CardSet.from_bits(hands[king].bits & ~out.bit | into.bit)
    else:
        table[table.index(out)] = into
    hands[other] = CardSet.from_bits(hands[other].bits & ~into.bit | out.bit)
    discards = tuple(into if card == out else card for card in setting.discards)
    changes: dict[str, Any] = {"hands": tuple(hands), "table": tuple(table), "discards": discards}
    if state.play is not None:
        in_play = list(state.play.hands)
        in_play[other] = CardSet.from_bits(in_play[other].bits & ~into.bit | out.bit)
        changes["play"] = state.play.with_hands(tuple(in_play))
    return [state.replace(**changes)]


def _play_variations(state: State, seat: int, rng: random.Random) -> list[State]:
    assert state.play is not None
    known = _known_cards(state, seat)
    others = [other for other in range(SEATS) if other != seat]
    held = [CardSet.from_bits(state.play.hand(other).bits & ~known.bits) for other in others]
    if not held[0] or not held[1]:
        return []
    cards = (rng.choice(list(held[0])), rng.choice(list(held[1])))
    setting = state.setting
    hands, table, in_play = list(setting.hands), list(setting.table), list(state.play.hands)
    for k, owner in enumerate(others):
        out, into = cards[k], cards[1 - k]
        in_play[owner] = CardSet.from_bits(in_play[owner].bits & ~out.bit | into.bit)
        if out in hands[owner]:
            hands[owner] = CardSet.from_bits(hands[owner].bits & ~out.bit | into.bit)
        else:  # a table card the King took
            table[table.index(out)] = into
    return [state.replace(hands=tuple(hands), table=tuple(table), play=state.play.with_hands(tuple(in_play)))]


def _known_cards(state: State, seat: int) -> CardSet:
    """Its hand, the cards played, the face-up table cards, the trump card, and (for the King)
    the whole table and his discards."""
    setting = state.setting
    known: CardSet = state.hand(seat) | CardSet(setting.table[FACE_DOWN:])
    if setting.trump_card is not None:
        known |= {setting.trump_card}
    if seat == setting.king:
        known |= CardSet(setting.table) | CardSet(setting.discards)
    if state.play is not None:
        known |= state.play.played()
    return known


def _check_step(before: State, move: Move, after: State) -> None:
    """A finished game writes what its tricks give: the points of the played cards plus the last
    trick's 5 split between the sides (a match, a Hindersi or a concession writes 257 to one side)."""
    if len(after.history) == len(before.history):
        return
    score = after.history[-1]
    if score.kind is RoundKind.REDEAL:
        assert score.written == (0, 0), "a redeal writes nothing"
        return
    if score.kind is RoundKind.CONCEDED:
        assert score.written[0] == 0 and score.written[1] >= MATCH_POINTS, "a conceded game is a match for the Bauern"
        return
    assert after.play is not None
    played = [card for trick in after.play.tricks for card in trick.cards]
    assert len(set(played)) == len(played) == 36 - len(after.discards), f"{len(played)} cards played"
    table = after.play.setup.points
    cards = sum(table[card.index] for card in played)
    discards = sum(table[card.index] for card in after.discards) if after.rules.discards_count else 0
    assert sum(score.points) == cards + LAST_TRICK_BONUS + discards, (
        f"the game's points {score.points} are not the played cards' {cards} + {LAST_TRICK_BONUS}"
    )



#: The conformance harness's hooks (:class:`~jass.variant.ConformanceHooks`).
CHECKS: Final = ConformanceHooks(hidden_variations=_variations, known_cards=_known_cards, check_step=_check_step)
