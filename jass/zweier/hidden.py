"""The hidden cards of a Zweierjass view, drawn for the search bots: the other hand, what the
other player drew and when, and the order of the stack, uniformly among the deals that fit
everything the seat has seen.

A void shown in play holds only until the player's next draw: a player who did not follow
Schilten in trick 3 held no Schilten then, but may have drawn one after it. So the other
player's cards (those it played and those it holds) are each given an *entry*: 0 for the nine
dealt, *j* for the card it drew after trick *j* (one a draw). A card it played in trick *t*
entered at *t* or before; a card the rules show it lacked when it played in trick *t* (asked of
:func:`jass.tricks.legal_bits`, never copied) entered after *t*, if it still held it. Every
unseen card is equally likely anywhere a priori (the stack is shuffled), so the deals that fit
the view are the assignments of entries within these bounds (nine to 0, one to each draw), and
each is drawn with its exact weight: the assignments are counted slot by slot, from the last
draw back to the deal (a card opens at its latest entry and closes below its earliest), and a
draw follows the counts. The cards left over lie in the stack, in a random order above the
bottom card.
"""

from __future__ import annotations

import math
import random
from typing import Final
from collections.abc import Sequence

from jass.ai.sampling import SamplingError
from jass.cards import Card, CardSet
from jass.errors import InvalidCardsError
from jass.tricks import legal_bits
from jass.zweier.rules import DRAWING_TRICKS, HAND_SIZE, SEATS
from jass.zweier.state import HiddenCards, Observation

__all__ = ["DrawSampler"]

#: A kind of card still to place: its earliest entry, and whether it must be placed (a card the
#: other seat played, or the bottom card it drew) or may stay in the stack.
_Kind = tuple[int, bool]
_KINDS: Final = tuple((low, must) for low in range(DRAWING_TRICKS + 1) for must in (False, True))
_INDEX: Final = {kind: i for i, kind in enumerate(_KINDS)}


def _bits(cards: Sequence[Card]) -> int:
    bits = 0
    for card in cards:
        bits |= card.bit
    return bits


class DrawSampler:
    """Uniform deals of the cards ``view`` does not show (see the module's notes); ``count``
    is the number of ways the other seat's cards can have entered its hand. Raises
    :class:`~jass.ai.sampling.SamplingError` for a view no deal fits, and
    :class:`~jass.errors.InvalidCardsError` for a spectator's (it holds no hand)."""

    def __init__(self, view: Observation) -> None:
        seat = view.seat
        if seat is None:
            raise InvalidCardsError("a spectator's view (seat None) cannot be sampled: it holds no hand")
        self.view = view
        self.seat, self.other = seat, 1 - seat
        tricks = view.tricks
        self.draws = min(len(tricks), DRAWING_TRICKS)
        played = _bits(view.trick)
        self.played_at: dict[int, int] = {}  # the other seat's cards played, by card index: the trick
        follows: list[tuple[int, int, int]] = []  # (trick, lead, card) where the other seat followed
        for number, trick in enumerate(tricks):
            played |= _bits(trick.cards)
            theirs = trick.played_by(self.other, SEATS)
            self.played_at[theirs.index] = number
            if trick.leader != self.other:
                follows.append((number, trick.cards[0].index, theirs.index))
        if view.trick and view.trick_leader == self.other:
            self.played_at[view.trick[0].index] = len(tricks)
        bottom = view.bottom_card
        self.bottom_in_stack = view.bottom_drawn_by is None
        self.unseen = (1 << 36) - 1 & ~view.hand.bits & ~played & ~bottom.bit
        candidates = self.unseen | _bits([Card.from_index(c) for c in self.played_at])
        if view.bottom_drawn_by == self.other:
            candidates |= bottom.bit
        flags = view.rules.play_rules.legal_flags
        lows = dict.fromkeys(_cards(candidates), 0)
        for number, lead, card in follows:
            mode = int(view.mode.trick_mode(number))
            for other in lows:
                alive = self.played_at.get(other, 99) > number
                if alive and not legal_bits(1 << card | 1 << other, [lead], mode, *flags) >> card & 1:
                    lows[other] = max(lows[other], number + 1)
        #: Per entry slot, the cards whose latest entry it is, by kind.
        self.opening: list[dict[_Kind, list[int]]] = [{} for _ in range(self.draws + 1)]
        for card, low in lows.items():
            high = min(self.played_at.get(card, 99), self.draws)
            must = card in self.played_at or card == bottom.index
            if card == bottom.index:
                low, high = max(low, DRAWING_TRICKS), DRAWING_TRICKS
            if must and low > high:
                raise SamplingError(f"{Card.from_index(card)} cannot have entered seat {self.other}'s hand in time")
            if low <= high:
                self.opening[high].setdefault((low, must), []).append(card)
        self._memo: dict[tuple[int, tuple[int, ...]], int] = {}
        self.count = self._ways(self.draws, (0,) * len(_KINDS))
        if not self.count:
            raise SamplingError("no deal of the unseen cards fits the play and the draws")

    def _open(self, slot: int, counts: tuple[int, ...]) -> tuple[int, ...] | None:
        """The open cards at ``slot``: those before, the ones opening here, less the ones whose
        earliest entry is later (``None`` when that drops a card that must be placed)."""
        new = list(counts)
        for kind, cards in self.opening[slot].items():
            new[_INDEX[kind]] += len(cards)
        for i, (low, must) in enumerate(_KINDS):
            if low > slot and new[i]:
                if must:
                    return None
                new[i] = 0
        return tuple(new)

    def _ways(self, slot: int, counts: tuple[int, ...]) -> int:
        """The number of ways to fill the slots ``slot`` down to 0 from the open ``counts``
        (remembered: a draw asks the same counts again)."""
        key = (slot, counts)
        found = self._memo.get(key)
        if found is None:
            found = self._memo[key] = self._count(slot, counts)
        return found

    def _count(self, slot: int, counts: tuple[int, ...]) -> int:
        opened = self._open(slot, counts)
        if opened is None:
            return 0
        if slot == 0:
            must = sum(n for (_, required), n in zip(_KINDS, opened) if required)
            free = sum(opened) - must
            return math.comb(free, HAND_SIZE - must) if 0 <= HAND_SIZE - must <= free else 0
        total = 0
        for i, n in enumerate(opened):
            if n:
                total += n * self._ways(slot - 1, opened[:i] + (n - 1,) + opened[i + 1:])
        return total

    def sample(self, rng: random.Random) -> HiddenCards:
        """One deal: both hands now and as dealt, and the stack in order."""
        pools: dict[_Kind, list[int]] = {}
        entered: list[int] = [0] * (self.draws + 1)  # the card of each draw (slot 0: unused)
        counts = (0,) * len(_KINDS)
        stacked: list[int] = []
        dealt = 0
        for slot in range(self.draws, -1, -1):
            for kind, cards in self.opening[slot].items():
                pools.setdefault(kind, []).extend(cards)
            for kind, cards in pools.items():
                if kind[0] > slot and cards:
                    stacked.extend(cards)  # only optional cards: the counts excluded the rest
                    cards.clear()
            opened = self._open(slot, counts)
            assert opened is not None
            if slot == 0:
                must = [c for kind, cards in pools.items() if kind[1] for c in cards]
                free = [c for kind, cards in pools.items() if not kind[1] for c in cards]
                chosen = rng.sample(free, HAND_SIZE - len(must))
                dealt = _bits([Card.from_index(c) for c in must + chosen])
                stacked.extend(set(free) - set(chosen))
                break
            pick = rng.randrange(self._ways(slot, counts))
            for i, n in enumerate(opened):
                if not n:
                    continue
                after = opened[:i] + (n - 1,) + opened[i + 1:]
                weight = n * self._ways(slot - 1, after)
                if pick < weight:
                    cards = pools[_KINDS[i]]
                    entered[slot] = cards.pop(rng.randrange(len(cards)))
                    counts = after
                    break
                pick -= weight
        return self._hidden(dealt, entered, stacked, rng)

    def _hidden(self, dealt: int, entered: list[int], stacked: list[int], rng: random.Random) -> HiddenCards:
        """The deal from the other seat's dealt cards, its draws and the cards left in the stack."""
        view, seat, other = self.view, self.seat, self.other
        own_draws = [card for card in view.your_draws if card is not None]
        played = [0, 0]
        for trick in view.tricks:
            for s in range(SEATS):
                played[s] |= trick.played_by(s, SEATS).bit
        if view.trick:
            played[view.trick_leader] |= view.trick[0].bit
        hands = [0, 0]
        hands[seat] = view.hand.bits
        hands[other] = (dealt | _bits([Card.from_index(c) for c in entered[1:]])) & ~played[other]
        first = [0, 0]
        first[seat] = (view.hand.bits | played[seat]) & ~_bits(own_draws)
        first[other] = dealt
        stack: list[Card] = []
        for number in range(self.draws):
            mine, theirs = own_draws[number], Card.from_index(entered[number + 1])
            winner = view.tricks[number].winner
            stack += [mine, theirs] if winner == seat else [theirs, mine]
        rest = [Card.from_index(c) for c in stacked]
        rng.shuffle(rest)
        stack += rest
        if self.bottom_in_stack:
            stack.append(view.bottom_card)
        return HiddenCards(tuple(CardSet.from_bits(h) for h in hands), tuple(CardSet.from_bits(h) for h in first),
                           tuple(stack))


def _cards(bits: int) -> list[int]:
    out = []
    while bits:
        low = bits & -bits
        out.append(low.bit_length() - 1)
        bits ^= low
    return out
