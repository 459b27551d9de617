"""Deals of the hidden cards that fit everything a seat has seen, for search bots.

A determinised Monte Carlo or ISMCTS bot sees one seat's observation. Before each
simulation it needs the cards it cannot see dealt to the other seats, so that the deal
agrees with all that is public: the hand sizes, the cards known to be somewhere (a
Differenzler dealer's face-up card, Schieber Weis shown after the first trick, la pomme's
swapped trump card), and every card played, each of which was **legal** when it was played
from the hand its player held then.

:class:`HandSampler` works on raw bit sets for 2 to 4 seats. It derives the constraints
of the play by asking the one implementation of the rules, :func:`jass.tricks.legal_bits`,
never a copy of them: for each card played after the lead it tries the unseen cards one
at a time in the player's hand of that moment, and a card with which the play would have
been illegal cannot be in that hand (nor, as hands only shrink, in the hand now). That
gives each seat its "voids" (the suit it did not follow, the trumps it lacked when it
undertrumped, the trumps other than the Jack it lacked when it did not follow a trump
lead). Each drawn deal is then replayed with :func:`~jass.tricks.legal_bits` and any
further test the variant asks for (Schieber's declared Weis), and drawn again if it fails.

**The distribution.** Every deal of the unseen cards with the right hand sizes, the known
cards in place, every card of the play legal when played and the variant's extra test
passed is equally likely. The cards are dealt one by one, each to a seat chosen with
probability proportional to the number of ways to complete the deal (counted once per
sampler, drawn with exact integers by :meth:`random.Random.randrange`); a deal that fails
the replay or the extra test is drawn again, which keeps the result uniform on those that
pass. It is
the distribution of a player that assumes nothing about how the others choose their cards
(no model of their strategy), the usual assumption of determinised search.

>>> import random
>>> from jass import CardSet, Card, Trump
>>> from jass.tricks import PlayRules
>>> sampler = HandSampler(
...     seats=4, observer=0, hand=CardSet.parse("C6 C7 C8 C9 C10 CJ CQ CK").bits,
...     hand_sizes=(8, 8, 8, 8), trump=Trump.OBENABE, rules=PlayRules(),
...     tricks=[(0, [Card.CA.index, Card.H6.index, Card.D6.index, Card.S6.index])],
... )
>>> hands = sampler.sample(random.Random(1))
>>> hands[0] == CardSet.parse("C6 C7 C8 C9 C10 CJ CQ CK"), [len(hand) for hand in hands]
(True, [8, 8, 8, 8])

No seat but the observer followed the Ace of clubs, and there are no clubs left anyway;
seat 1 is void in clubs from then on either way.
"""

from __future__ import annotations

import functools

import random
from collections.abc import Callable, Hashable, Mapping, Sequence
from typing import Any, Final, cast

from jass.cards import Card, CardSet
from jass.errors import InvalidCardsError, JassError
from jass.play import PlayView, Trick
from jass.tricks import PlayRules, legal_bits
from jass.trump import PerTrickMode, RoundMode

__all__ = ["SamplingError", "HandSampler", "played_by"]

_ALL: Final = (1 << 36) - 1


class SamplingError(JassError):
    """No deal fits what was seen (inconsistent input), or none was found in the tries allowed."""


def _cards(bits: int) -> list[int]:
    out = []
    while bits:
        low = bits & -bits
        out.append(low.bit_length() - 1)
        bits ^= low
    return out


#: A card played: (seat, card, the cards before it in its trick, the arguments of legal_bits in
#: that trick's mode).
_Play = tuple[int, int, tuple[int, ...], tuple[int, bool, bool, bool]]
#: Per reachable (capacities left, card number): the number of completions, and per bin that
#: may take the card, the capacities after it and its number of completions.
_Choices = dict[int, tuple[int, tuple[tuple[int, int, int], ...]]]


def _completions(capacity: list[int], allowed: list[tuple[int, ...]]) -> tuple[_Choices, int, int]:
    """The counting tables of the deals: the choices (a :data:`_Choices`), the first capacities, the count."""
    # The capacities left are one 6-bit digit per bin.
    bins = len(capacity)
    step = [1 << 6 * b for b in range(bins)]
    code = sum(c << 6 * b for b, c in enumerate(capacity))
    choices: _Choices = {}
    last = len(allowed)

    def count(i: int, caps: int) -> int:
        """The number of ways to deal the cards from number ``i`` on into the capacities ``caps``."""
        if i == last:
            return 1 if not caps else 0
        key = caps << 6 | i
        found = choices.get(key)
        if found is None:
            options = []
            total = 0
            for b in allowed[i]:
                if caps >> 6 * b & 63:
                    after = caps - step[b]
                    ways = count(i + 1, after)
                    if ways:
                        options.append((b, after, ways))
                        total += ways
            found = choices[key] = (total, tuple(options))
        return found[0]

    return choices, code, count(0, code)


class HandSampler:
    """Uniform deals of the unseen cards to the hidden hands, consistent with the card play.

    ``hand`` is the observer's hand now and ``hand_sizes`` how many cards each seat holds now.
    ``trump`` is the round's mode: a :class:`~jass.trump.Trump` (or its int), or a
    :class:`~jass.trump.PerTrickMode`, whose every trick is checked in its own mode.
    ``tricks`` are the completed tricks as ``(leader, cards)`` with card indices in play
    order, ``trick`` the cards of the trick in progress (led by ``trick_leader``). ``known``
    maps a seat to cards known to be in its hand now; ``excluded`` are cards known to be in
    no hand (out of play, face up elsewhere). ``pool`` are the cards that may be in a hidden
    hand (by default every card that is not in the observer's hand, not played and not
    excluded); the pool cards that the hidden hands do not take form the "rest" (for
    example la pomme's talon), dealt as evenly at random. ``accept`` is a further test of
    a deal (the hands, one bit set per seat, the observer's included) that rejects what it
    returns False for. Raises :class:`SamplingError` when the input admits no deal.
    """

    def __init__(
        self,
        *,
        seats: int,
        observer: int,
        hand: int,
        hand_sizes: Sequence[int],
        trump: int | RoundMode,
        rules: PlayRules = PlayRules(),
        tricks: Sequence[tuple[int, Sequence[int]]] = (),
        trick: Sequence[int] = (),
        trick_leader: int | None = None,
        known: Mapping[int, int] | None = None,
        excluded: int = 0,
        pool: int | None = None,
        accept: Callable[[tuple[int, ...]], bool] | None = None,
        max_tries: int = 100_000,
    ) -> None:
        if seats not in (2, 3, 4) or isinstance(seats, bool):
            raise InvalidCardsError(f"seats={seats!r}: expected 2, 3 or 4")
        if not 0 <= observer < seats:
            raise InvalidCardsError(f"observer={observer!r}: expected a seat 0..{seats - 1}")
        if len(hand_sizes) != seats:
            raise InvalidCardsError(f"hand_sizes={tuple(hand_sizes)!r}: expected {seats} sizes")
        if hand_sizes[observer] != hand.bit_count():
            raise InvalidCardsError(f"the observer holds {hand.bit_count()} cards, hand_sizes say {hand_sizes[observer]}")
        self.seats: Final = seats
        self.observer: Final = observer
        self.hand: Final = hand
        self.hand_sizes: Final = tuple(hand_sizes)
        per_trick = trump if type(trump) is PerTrickMode else None
        #: The first trick's mode as an int (every trick's, but in a per-trick mode).
        self.trump: Final = int(trump) if per_trick is None else int(per_trick.trick_mode(0))
        self.rules: Final = rules
        self.accept: Final = accept
        self.max_tries: Final = max_tries
        self._legal_args: Final = (self.trump, *rules.legal_flags)
        plays, played, by_seat = self._plays(tricks, trick, trick_leader, per_trick)
        self.plays: Final = plays
        self.played: Final = played
        #: The cards each seat has played this round (bit sets), as :func:`played_by` gives them.
        self.played_by_seat: Final = by_seat
        if hand & played:
            raise InvalidCardsError("a card of the observer's hand is among the cards played")
        known_bits, known_now, pool = self._unseen(known, excluded, pool)
        self.pool: Final = pool
        self.known: Final = {seat: bits for seat, bits in known_now.items() if bits}
        self.hidden: Final = tuple(seat for seat in range(seats) if seat != observer)
        self.forbidden: Final = self._voids()
        capacity, free, allowed = self._bins(known_bits)
        self._free: Final = free
        choices, code, count = _completions(capacity, allowed)
        self._choices: Final = choices
        self._start: Final = code
        #: The number of deals that fit the hand sizes, the known cards and the voids.
        self.count: Final = count
        if not self.count:
            raise SamplingError("no deal of the unseen cards fits the hand sizes, the known cards and the play")

    def _plays(
        self, tricks: Sequence[tuple[int, Sequence[int]]], trick: Sequence[int], trick_leader: int | None,
        per_trick: PerTrickMode | None,
    ) -> tuple[tuple[_Play, ...], int, tuple[int, ...]]:
        """Every card played, in order (see :attr:`plays`); the cards played; those of each seat."""
        seats = self.seats
        flags = self.rules.legal_flags
        plays: list[_Play] = []
        played = 0
        by_seat = [0] * seats
        all_tricks = [(leader, tuple(cards)) for leader, cards in tricks]
        if trick:
            if trick_leader is None:
                raise InvalidCardsError("a trick in progress needs its trick_leader")
            all_tricks.append((trick_leader, tuple(trick)))
        for number, (leader, cards) in enumerate(all_tricks):
            args = self._legal_args if per_trick is None else (int(per_trick.trick_mode(number)), *flags)
            for position, card in enumerate(cards):
                if played >> card & 1:
                    raise InvalidCardsError(f"{Card.from_index(card)} is played twice")
                played |= 1 << card
                by_seat[(leader + position) % seats] |= 1 << card
                plays.append(((leader + position) % seats, card, cards[:position], args))
        return tuple(plays), played, tuple(by_seat)

    def _unseen(self, known: Mapping[int, int] | None, excluded: int, pool: int | None) -> tuple[int, dict[int, int], int]:
        """The cards known in the other hands (all of them, and per seat), and the pool, checked."""
        known = dict(known or {})
        known.pop(self.observer, None)
        known_bits = 0
        for seat, bits in known.items():
            if known_bits & bits:
                raise InvalidCardsError("a card is known to be in two hands")
            known_bits |= bits
        hand, played = self.hand, self.played
        if pool is None:
            pool = _ALL & ~hand & ~played & ~excluded
        if pool & (hand | played | excluded):
            raise InvalidCardsError("the pool holds cards of the observer's hand, played or excluded")
        if known_bits & ~pool:
            raise InvalidCardsError("a card known to be in a hand is not among the unseen cards")
        return known_bits, known, pool

    def _voids(self) -> dict[int, int]:
        """Per hidden seat, the cards that cannot be in its hand now, from the legality of its plays."""
        pool = self.pool
        forbidden = dict.fromkeys(self.hidden, 0)
        later = {seat: self.known.get(seat, 0) for seat in self.hidden}  # known cards it still held
        for seat, card, before, args in reversed(self.plays):
            if seat == self.observer:
                continue
            later[seat] |= 1 << card
            if not before:
                continue  # a lead is always legal
            base = later[seat]
            candidates = pool & ~forbidden[seat] & ~base
            if legal_bits(base | candidates, before, *args) >> card & 1:
                continue  # legal whatever else the hand held: no constraint
            for other in _cards(candidates):
                if not legal_bits(base | 1 << other, before, *args) >> card & 1:
                    forbidden[seat] |= 1 << other
        return forbidden

    def _bins(self, known_bits: int) -> tuple[list[int], list[int], list[tuple[int, ...]]]:
        """The bins (each hidden seat, then the rest): how many cards each takes; the cards to deal; their bins."""
        hidden, forbidden = self.hidden, self.forbidden
        capacity = [self.hand_sizes[seat] - self.known.get(seat, 0).bit_count() for seat in hidden]
        rest = self.pool.bit_count() - known_bits.bit_count() - sum(capacity)
        if min(capacity, default=0) < 0 or rest < 0:
            raise SamplingError("the hand sizes do not fit the unseen cards")
        for seat, bits in self.known.items():
            if bits & forbidden[seat]:
                raise SamplingError(f"seat {seat} is known to hold {CardSet.from_bits(bits & forbidden[seat])}, "
                                    "which the play says it cannot")
        capacity.append(rest)
        bins = len(capacity)
        free = _cards(self.pool & ~known_bits)
        allowed = []
        for card in free:
            ok = [index for index, seat in enumerate(hidden) if not forbidden[seat] >> card & 1]
            ok.append(bins - 1)  # the rest takes any card
            allowed.append(tuple(ok))
        return capacity, free, allowed

    @classmethod
    def of_view(
        cls,
        view: PlayView,
        *,
        trump: int | RoundMode,
        rules: PlayRules,
        known: Mapping[int, int] | None = None,
        excluded: int = 0,
        accept: Callable[[tuple[int, ...]], bool] | None = None,
        max_tries: int = 100_000,
    ) -> HandSampler:
        """The sampler of a seat's observation (any variant's: its seat, hand, hand sizes,
        tricks and trick in progress), given the mode, the card-play rules and what the variant
        knows more (``known`` cards in a hand, ``excluded`` cards, a test to ``accept``). Each
        variant's ``hand_sampler(view)`` calls it; a spectator's view has no hand to sample
        around (:class:`~jass.errors.InvalidCardsError`)."""
        seat = view.seat
        if seat is None:
            raise InvalidCardsError("a spectator's view (seat None) cannot be sampled: it holds no hand")
        return cls(
            seats=len(view.hand_sizes),
            observer=seat,
            hand=view.hand.bits,
            hand_sizes=view.hand_sizes,
            trump=trump,
            rules=rules,
            tricks=_tricks(view.tricks),
            trick=[c.index for c in view.trick],
            trick_leader=view.trick_leader,
            known=known,
            excluded=excluded,
            accept=accept,
            max_tries=max_tries,
        )

    def _draw(self, rng: random.Random) -> tuple[int, ...]:
        choices = self._choices
        caps = self._start
        bins = [0] * (len(self.hidden) + 1)
        randrange = rng.randrange
        for i, card in enumerate(self._free):
            total, options = choices[caps << 6 | i]
            # A bin with the share of the completions that put the card there.
            pick = randrange(total)
            for b, after, ways in options:
                if pick < ways:
                    break
                pick -= ways
            bins[b] |= 1 << card
            caps = after
        hands = [0] * self.seats
        hands[self.observer] = self.hand
        for index, seat in enumerate(self.hidden):
            hands[seat] = bins[index] | self.known.get(seat, 0)
        return tuple(hands) + (bins[-1],)

    def consistent(self, hands: Sequence[int]) -> bool:
        """True when replaying the play with ``hands`` (one bit set per seat, the hands now)
        finds every card legal when it was played."""
        held = list(hands)
        for seat, card, before, args in reversed(self.plays):
            held[seat] |= 1 << card
            if before and not legal_bits(held[seat], before, *args) >> card & 1:
                return False
        return True

    def sample_bits(self, rng: random.Random) -> tuple[int, ...]:
        """One deal: the hands now, one bit set per seat (the observer's own included)."""
        return self.sample_with_rest(rng)[0]

    def sample_with_rest(self, rng: random.Random) -> tuple[tuple[int, ...], int]:
        """One deal and the pool cards no hand took (the "rest")."""
        for _ in range(self.max_tries):
            drawn = self._draw(rng)
            hands = drawn[:-1]
            if self.consistent(hands) and (self.accept is None or self.accept(hands)):
                return hands, drawn[-1]
        raise SamplingError(f"no consistent deal found in {self.max_tries} tries")

    def sample(self, rng: random.Random) -> tuple[CardSet, ...]:
        """One deal: the hands now, one :class:`~jass.cards.CardSet` per seat."""
        return tuple(CardSet.from_bits(bits) for bits in self.sample_bits(rng))

    def sample_dealt(self, rng: random.Random) -> tuple[tuple[CardSet, ...], tuple[CardSet, ...]]:
        """One deal as the hands now and as they were dealt (with the cards each seat has
        played this round): what a determinisation needs, without looking at the view again."""
        bits = self.sample_bits(rng)
        now = tuple(CardSet.from_bits(b) for b in bits)
        dealt = tuple(CardSet.from_bits(b | p) for b, p in zip(bits, self.played_by_seat))
        return now, dealt

    def voids(self, seat: int) -> CardSet:
        """The cards the play shows ``seat`` cannot hold now (empty for the observer)."""
        return CardSet.from_bits(self.forbidden.get(seat, 0) & self.pool)


def _tricks(tricks: Sequence[Trick]) -> list[tuple[int, list[int]]]:
    return [(t.leader, [c.index for c in t.cards]) for t in tricks]


def played_by(view: PlayView, seat: int) -> CardSet:
    """The cards ``seat`` has played this round, in the tricks taken and the trick in progress.

    >>> from jass import schieber
    >>> state = schieber.apply(schieber.new_game(schieber.Rules(first_dealer=3), seed=4), schieber.ChooseTrump("obenabe"))
    >>> state = schieber.apply(state, schieber.legal_moves(state)[0])
    >>> played_by(schieber.observe(state, 2), 0) == CardSet(state.play.trick)
    True
    """
    played: CardSet = _played_by_seat(cast(Hashable, view))[seat]
    return played


@functools.lru_cache(maxsize=64)
def _played_by_seat(view: Any) -> tuple[CardSet, ...]:
    # Cached: a search asks it of one view for every deal it draws.
    seats = len(view.hand_sizes)
    bits = [0] * seats
    tricks = [(t.leader, t.cards) for t in view.tricks]
    if view.trick and view.trick_leader is not None:
        tricks.append((view.trick_leader, view.trick))
    for lead, cards in tricks:
        for position, card in enumerate(cards):
            bits[(lead + position) % seats] |= card.bit
    return tuple(CardSet.from_bits(b) for b in bits)

