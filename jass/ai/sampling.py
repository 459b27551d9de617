"""Deals of the hidden cards that fit everything a seat has seen, for search bots.

A determinised Monte Carlo or ISMCTS bot sees one seat's observation. Before each
simulation it needs the cards it cannot see dealt to the other seats, so that the deal
agrees with all that is public: the hand sizes, the cards known to be somewhere (a
Differenzler dealer's face-up card, Schieber Weis shown after the first trick, la pomme's
swapped trump card), every card played, each of which was **legal** when it was played
from the hand its player held then, and what a seat declared of its hand as dealt (the
points of its Weis: :class:`HandCondition`).

:class:`HandSampler` works on raw bit sets for 2 to 6 seats (:data:`~jass.play.MAX_SEATS`). It derives the constraints
of the play by asking the one implementation of the rules, :func:`jass.tricks.legal_bits`,
never a copy of them: for each card played after the lead it tries the unseen cards one
at a time in the player's hand of that moment, and a card with which the play would have
been illegal cannot be in that hand (nor, as hands only shrink, in the hand now). That
gives each seat its "voids" (the suit it did not follow, the trumps it lacked when it
undertrumped, the trumps other than the Jack it lacked when it did not follow a trump
lead). Every rule of the card play forbids a card this way, one card at a time, so the
voids are exactly what the play says; each deal drawn is still replayed with
:func:`~jass.tricks.legal_bits` as a check.

**The distribution.** Every deal of the unseen cards with the right hand sizes, the known
cards in place, every card of the play legal when played, every :class:`HandCondition`
met and the variant's ``accept`` test passed is equally likely. It is drawn by
construction, not by blind rejection (:doc:`/guides/bots` has the proof):

1. the unseen cards fall into *types*, the cards that the same bins (hidden seats, and the
   "rest" no hand takes) may receive; the deals are counted exactly, type by type and seat by
   seat (a product of multinomial coefficients summed over the ways to split each type), and
   drawn with exact integers (:meth:`random.Random.randrange`);
2. a seat with a condition (a declared Weis) must hold, as dealt, one of a list of *ways*
   (cards held and cards not held, for example the four cards of a sequence and the two
   beside it); the ways of the rarest conditions are chosen jointly, each combination with
   the number of deals that hold it, then the rest is dealt around them;
3. a deal that holds several ways of one seat's condition would be drawn once per way, so
   it is kept with probability one in their number; the conditions left out of step 2
   (common ones, whose joint list would be long) are checked on the deal, as is the
   variant's ``accept`` test: these are the only draws repeated, and they are rare.

It is the distribution of a player that assumes nothing about how the others choose their
cards (no model of their strategy), the usual assumption of determinised search.

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

import bisect
import functools
import itertools
import math
import random
from collections.abc import Callable, Hashable, Mapping, Sequence
from typing import Any, Final, cast

import attrs

from jass.cards import Card, CardSet
from jass.errors import InvalidCardsError, JassError
from jass.play import MAX_SEATS, PlayView, Trick
from jass.tricks import PlayRules, legal_bits
from jass.trump import LeadMode, PerTrickMode, RoundMode, trick_modes

__all__ = ["SamplingError", "HandCondition", "HandSampler", "Play", "card_plays", "ruled_out", "played_by"]

_ALL: Final = (1 << 36) - 1
#: The most combinations of ways the sampler lists to choose the conditions' ways jointly;
#: a condition whose ways would make more is checked on each deal instead (step 3).
_JOINT_BUDGET: Final = 4096
#: A condition whose ways a deal meets this often on average (or more) is checked on each deal
#: rather than listed: most deals meet it anyway.
_CHECK_FROM = 0.5
#: Draws that fail a checked condition before the sampler lists that condition's ways too (with
#: 64 times the budget).
_ESCALATE_AFTER: Final = 500
_FACTORIAL: Final = tuple(math.factorial(n) for n in range(37))


class SamplingError(JassError):
    """No deal fits what was seen: the input is inconsistent (the message says which constraint fails)."""


@attrs.frozen
class HandCondition:
    """What a seat's hand *as dealt* (its hand now and the cards it has played) must hold,
    beyond the card play: a declared Weis of so many points, for example.

    ``ways`` lists every way to meet it as a pair of bit sets, the cards the dealt hand holds
    and the cards it does not hold (a Weis sequence: its cards, and the two cards beside it,
    which would make it longer). ``valid(dealt)`` is the variant's own rule: the indices of
    the ways that the dealt hand ``dealt`` truly meets (none: the hand fails). Every index it
    returns must be of a way whose cards ``dealt`` holds and does not hold; a hand may meet
    several ways (two sequences of 20 each meet "20 points"). ``name`` says what the
    condition is, for the message of a :class:`SamplingError` ("declared Weis of 150 points").
    ``labels`` may name what each way stands for (a declaration), for :meth:`met`. ``exact``
    says that a hand meets a way exactly when it holds the way's cards and not the others
    (Weis declared with Kreuzweis, not counted by ``auto_declare``): the sampler then needs
    not ask ``valid``.
    """

    ways: tuple[tuple[int, int], ...]
    valid: Callable[[int], Sequence[int]]
    name: str
    labels: tuple[Hashable, ...] = ()
    exact: bool = False

    def meets(self, dealt: int) -> Sequence[int]:
        """The indices of the ways the dealt hand ``dealt`` meets: by the rule ``valid``, or by
        the ways' cards when they are ``exact``."""
        if self.exact:
            return [way for way, (held, not_held) in enumerate(self.ways) if not held & ~dealt and not not_held & dealt]
        return self.valid(dealt)

    def met(self, dealt: int) -> list[Hashable]:
        """The labels of the ways the dealt hand ``dealt`` meets (:meth:`meets`)."""
        return [self.labels[way] for way in self.meets(dealt)]


def _cards(bits: int) -> list[int]:
    out = []
    while bits:
        low = bits & -bits
        out.append(low.bit_length() - 1)
        bits ^= low
    return out


#: A card played: (seat, card, the cards before it in its trick, the arguments of legal_bits in
#: that trick's mode).
Play = tuple[int, int, tuple[int, ...], tuple[int, bool, bool, bool]]


def card_plays(
    seats: int, tricks: Sequence[tuple[int, Sequence[int]]], trick: Sequence[int], trick_leader: int | None,
    mode: int | Sequence[int], rules: PlayRules,
) -> tuple[tuple[Play, ...], int, tuple[int, ...]]:
    """Every card of a round's play in order, each as a :data:`Play`; the cards played (a bit
    set); those of each seat. ``tricks`` are the completed tricks as ``(leader, cards)``, the
    cards by index in play order, ``trick`` the one in progress (led by ``trick_leader``);
    ``mode`` is the round's mode as an int, or each trick's (a per-trick mode).
    :class:`~jass.errors.InvalidCardsError` for a card played twice."""
    flags = rules.legal_flags
    plays: list[Play] = []
    played = 0
    by_seat = [0] * seats
    all_tricks = [(leader, tuple(cards)) for leader, cards in tricks]
    if trick:
        if trick_leader is None:
            raise InvalidCardsError("a trick in progress needs its trick_leader")
        all_tricks.append((trick_leader, tuple(trick)))
    for number, (leader, cards) in enumerate(all_tricks):
        args = (mode if isinstance(mode, int) else mode[number], *flags)
        for position, card in enumerate(cards):
            if played >> card & 1:
                raise InvalidCardsError(f"{Card.from_index(card)} is played twice")
            played |= 1 << card
            by_seat[(leader + position) % seats] |= 1 << card
            plays.append(((leader + position) % seats, card, cards[:position], args))
    return tuple(plays), played, tuple(by_seat)


def ruled_out(plays: Sequence[Play], seats: Sequence[int], pool: int, known: Mapping[int, int]) -> dict[int, int]:
    """Per seat of ``seats``, the cards of ``pool`` it cannot hold now, as the legality of its
    ``plays`` shows (the suit it did not follow, the trumps it lacked when it undertrumped or
    did not follow a trump lead); ``known`` are cards known to be in a seat's hand. Each card
    played after the lead is tried with each candidate card added, one at a time, to the hand
    its player held then: a card with which the play would have been illegal is ruled out."""
    forbidden = dict.fromkeys(seats, 0)
    later = {seat: known.get(seat, 0) for seat in seats}  # known cards it still held
    for seat, card, before, args in reversed(plays):
        if seat not in forbidden:
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
#: The unseen cards to deal, grouped by the bins they may go to: per type ``(bins, number)``,
#: ``bins`` a bit per bin; the types with the most cards last.
_Types = tuple[tuple[int, int], ...]
#: How to split the first type of a :data:`_Types`: the number of deals in all, and per split
#: ``(cards per bin, capacities left after it, deals that start with it)``.
_Splits = tuple[int, tuple[tuple[tuple[int, ...], tuple[int, ...], int], ...]]


def _split_counts(number: int, bins: tuple[int, ...], caps: tuple[int, ...]) -> list[tuple[int, ...]]:
    """Every way to put ``number`` cards into the ``bins`` (indices), each within its capacity."""
    out: list[tuple[int, ...]] = []
    width = len(caps)

    def place(position: int, left: int, counts: list[int]) -> None:
        if position == len(bins) - 1:
            if left <= caps[bins[position]]:
                counts[bins[position]] = left
                out.append(tuple(counts))
                counts[bins[position]] = 0
            return
        for k in range(min(left, caps[bins[position]]) + 1):
            counts[bins[position]] = k
            place(position + 1, left - k, counts)
        counts[bins[position]] = 0

    if bins:
        place(0, number, [0] * width)
    elif number == 0:
        out.append((0,) * width)
    return out


@functools.lru_cache(maxsize=1 << 16)
def _splits(types: _Types, caps: tuple[int, ...]) -> _Splits:
    """The deals of the cards of ``types`` into bins of capacities ``caps`` (every bin filled):
    how many, and how the first type splits (the deals of the others counted alike). Cached:
    the counts depend only on the numbers, and search asks them of many similar views."""
    if not types:
        return (0 if any(caps) else 1, ())
    mask, number = types[0]
    rest = types[1:]
    if not rest:
        # The last type fills every bin: one split or none.
        if sum(caps) != number or any(c and not mask >> b & 1 for b, c in enumerate(caps)):
            return (0, ())
        ways = _FACTORIAL[number]
        for k in caps:
            ways //= _FACTORIAL[k]
        return (ways, ((caps, (0,) * len(caps), ways),))
    bins = tuple(b for b in range(len(caps)) if mask >> b & 1)
    options = []
    total = 0
    for counts in _split_counts(number, bins, caps):
        after = tuple(c - k for c, k in zip(caps, counts))
        later = _splits(rest, after)[0]
        if later:
            ways = _FACTORIAL[number] * later
            for k in counts:
                ways //= _FACTORIAL[k]
            options.append((counts, after, ways))
            total += ways
    return total, tuple(options)


@attrs.frozen
class _Layout:
    """The free cards of one choice of ways, by type, with the bins' capacities: what a draw needs."""

    types: _Types
    #: The cards of each type, as a list of card indices.
    cards: tuple[tuple[int, ...], ...]
    caps: tuple[int, ...]
    #: Per bin, the cards the ways put there (beside the known ones).
    placed: tuple[int, ...]

    @property
    def count(self) -> int:
        """The number of deals of this layout."""
        return _splits(self.types, self.caps)[0]


class HandSampler:
    """Uniform deals of the unseen cards to the hidden hands, consistent with the card play.

    ``hand`` is the observer's hand now and ``hand_sizes`` how many cards each seat holds now.
    ``trump`` is the round's mode: a :class:`~jass.trump.Trump` (or its int), or a
    :class:`~jass.trump.PerTrickMode` or :class:`~jass.trump.LeadMode`, whose every trick is
    checked in its own mode.
    ``tricks`` are the completed tricks as ``(leader, cards)`` with card indices in play
    order, ``trick`` the cards of the trick in progress (led by ``trick_leader``). ``known``
    maps a seat to cards known to be in its hand now; ``excluded`` are cards known to be in
    no hand (out of play, face up elsewhere). ``pool`` are the cards that may be in a hidden
    hand (by default every card that is not in the observer's hand, not played and not
    excluded); the pool cards that the hidden hands do not take form the "rest" (for
    example la pomme's talon), dealt as evenly at random. ``conditions`` maps a hidden seat to
    a :class:`HandCondition` of its hand as dealt. ``accept`` is a further test of a deal (the
    hands, one bit set per seat, the observer's included) that rejects what it returns False
    for. Raises :class:`SamplingError`, saying which constraint fails, when the input admits no
    deal; ``max_tries`` bounds the draws a deal may take before the sampler says so (a
    consistent view takes a few: see the module's notes).
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
        conditions: Mapping[int, HandCondition] | None = None,
        accept: Callable[[tuple[int, ...]], bool] | None = None,
        max_tries: int = 100_000,
    ) -> None:
        if type(seats) is not int or not 2 <= seats <= MAX_SEATS:
            raise InvalidCardsError(f"seats={seats!r}: expected 2..{MAX_SEATS}")
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
        per_trick = trump if type(trump) is PerTrickMode or type(trump) is LeadMode else None
        #: The first trick's mode as an int (every trick's, but in a per-trick mode).
        self.trump: Final = int(trump) if per_trick is None else int(per_trick.trick_mode(0))
        self.rules: Final = rules
        self.accept: Final = accept
        self.max_tries: Final = max_tries
        plays, played, by_seat = self._plays(tricks, trick, trick_leader, per_trick)
        #: Every card played, in order: see :func:`card_plays`.
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
        self._base: Final = self._bins(known_bits)
        #: The number of deals that fit the hand sizes, the known cards and the voids (before
        #: the conditions and the ``accept`` test).
        self.count: Final = self._deals({}, {})
        if not self.count:
            raise SamplingError(self._why_no_deal())
        self.conditions: Final = dict(conditions or {})
        ways, rarity = self._condition_ways()
        self._ways: Final = ways
        #: Per seat with a condition, how many of its ways a deal meets on average.
        self._rarity: Final = rarity
        self._layouts: dict[tuple[int, ...], _Layout] = {}
        self._choose_joint([seat for seat in ways if rarity[seat] < _CHECK_FROM])

    # --- the card play --------------------------------------------------------------------------

    def _plays(
        self, tricks: Sequence[tuple[int, Sequence[int]]], trick: Sequence[int], trick_leader: int | None,
        per_trick: PerTrickMode | LeadMode | None,
    ) -> tuple[tuple[Play, ...], int, tuple[int, ...]]:
        """Every card played, in order (see :attr:`plays`); the cards played; those of each seat."""
        leads = [cards[0] // 9 for _, cards in tricks] + [card // 9 for card in trick[:1]]
        modes = None if per_trick is None else [int(mode) for mode in trick_modes(per_trick, leads)]
        return card_plays(self.seats, tricks, trick, trick_leader, self.trump if modes is None else modes, self.rules)

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
        return ruled_out(self.plays, self.hidden, self.pool, self.known)

    # --- the bins and their types -------------------------------------------------------------

    def _bins(self, known_bits: int) -> tuple[tuple[int, ...], dict[int, int]]:
        """The capacities of the bins (each hidden seat, then the rest), and the free cards by the
        bins they may go to (a bit per bin)."""
        hidden, forbidden = self.hidden, self.forbidden
        capacity = [self.hand_sizes[seat] - self.known.get(seat, 0).bit_count() for seat in hidden]
        rest = self.pool.bit_count() - known_bits.bit_count() - sum(capacity)
        if min(capacity, default=0) < 0 or rest < 0:
            raise SamplingError(
                f"the hand sizes {self.hand_sizes} do not fit the {self.pool.bit_count()} unseen cards"
                + (" and the known ones" if known_bits else "")
            )
        for seat, bits in self.known.items():
            if bits & forbidden[seat]:
                raise SamplingError(f"seat {seat} is known to hold {CardSet.from_bits(bits & forbidden[seat])}, "
                                    "which the play says it cannot")
        capacity.append(rest)
        groups: dict[int, int] = {}
        rest_bit = 1 << len(hidden)
        for card in _cards(self.pool & ~known_bits):
            mask = rest_bit
            for index, seat in enumerate(hidden):
                if not forbidden[seat] >> card & 1:
                    mask |= 1 << index
            groups[mask] = groups.get(mask, 0) | 1 << card
        return tuple(capacity), groups

    def _layout(self, placed: Mapping[int, int], barred: Mapping[int, int]) -> _Layout | None:
        """The free cards once the bins ``placed`` (index to cards) hold those cards and the bins
        ``barred`` (index to cards) may not take those: by type, with the capacities left;
        ``None`` when a bin gets more cards than it holds."""
        caps, groups = self._base
        taken = 0
        for bits in placed.values():
            taken |= bits
        barred_any = 0
        for bits in barred.values():
            barred_any |= bits
        by_mask: dict[int, int] = {}
        for mask, bits in groups.items():
            bits &= ~taken
            plain = bits & ~barred_any
            if plain:
                by_mask[mask] = by_mask.get(mask, 0) | plain
            for card in _cards(bits & barred_any):
                card_mask = mask
                for index, cards in barred.items():
                    if cards >> card & 1:
                        card_mask &= ~(1 << index)
                by_mask[card_mask] = by_mask.get(card_mask, 0) | 1 << card
        order = sorted(by_mask.items(), key=lambda item: (item[1].bit_count(), item[0]))
        caps_left = list(caps)
        for index, bits in placed.items():
            caps_left[index] -= bits.bit_count()
        if min(caps_left) < 0:
            return None  # more cards placed than the hand holds
        return _Layout(
            tuple((mask, bits.bit_count()) for mask, bits in order), tuple(tuple(_cards(bits)) for _, bits in order),
            tuple(caps_left), tuple(placed.get(index, 0) for index in range(len(caps))),
        )

    def _deals(self, placed: Mapping[int, int], barred: Mapping[int, int]) -> int:
        """The number of deals with the bins ``placed`` and ``barred`` (see :meth:`_layout`)."""
        layout = self._layout(placed, barred)
        return 0 if layout is None else layout.count

    def _why_no_deal(self) -> str:
        """Which seats the voids and hand sizes leave short of cards (Hall's condition fails for them)."""
        caps, groups = self._base
        for size in range(1, len(self.hidden) + 1):
            for chosen in itertools.combinations(range(len(self.hidden)), size):
                want = sum(caps[index] for index in chosen)
                may = sum(bits.bit_count() for mask, bits in groups.items() if any(mask >> i & 1 for i in chosen))
                if may < want:
                    seats = " and ".join(f"seat {self.hidden[i]}" for i in chosen)
                    return (f"no deal of the unseen cards fits the play: {seats} must hold {want} more cards, but "
                            f"only {may} of the unseen cards may be theirs (the suits they did not follow)")
        return "no deal of the unseen cards fits the hand sizes, the known cards and the play"

    # --- the conditions -------------------------------------------------------------------------

    def _condition_ways(self) -> tuple[dict[int, list[tuple[int, int, int]]], dict[int, float]]:
        """Per seat with a condition, its ways that the play allows: (index, cards held now
        beyond the known ones, free cards it may not hold); raises when a seat has none. And
        per seat, how many of its ways a deal meets on average."""
        rarity: dict[int, float] = {}
        found: dict[int, list[tuple[int, int, int]]] = {}
        for seat, condition in self.conditions.items():
            if seat == self.observer or seat not in self.hidden:
                raise InvalidCardsError(f"conditions: seat {seat!r} is not a hidden seat")
            index = self.hidden.index(seat)
            played = self.played_by_seat[seat]
            known = self.known.get(seat, 0)
            possible = known | played
            for mask, bits in self._base[1].items():
                if mask >> index & 1:
                    possible |= bits
            ways = []
            pairs = 0
            for number, (held, not_held) in enumerate(condition.ways):
                if held & ~possible or not_held & (played | known):
                    continue
                place = held & ~played & ~known
                bar = not_held & self.pool & ~self._placed_known()
                count = self._deals({index: place}, {index: bar}) if place or bar else self.count
                if count:
                    ways.append((number, place, bar))
                    pairs += count
            if not ways:
                raise SamplingError(f"seat {seat} {condition.name}, but no hand it may hold forms them "
                                    "(with the cards played, the cards seen and the suits it did not follow)")
            found[seat] = ways
            rarity[seat] = pairs / self.count
        return found, rarity

    def _placed_known(self) -> int:
        bits = 0
        for cards in self.known.values():
            bits |= cards
        return bits

    def _choose_joint(self, wanted: Sequence[int], *, budget: float = _JOINT_BUDGET) -> None:
        """List the combinations of the ways of the seats ``wanted`` (rarest first, as many as
        ``budget`` allows, the rarest always), each with its number of deals; the conditions of
        the other seats are checked on each deal."""
        joint: list[int] = []
        size = 1
        for seat in sorted(wanted, key=lambda seat: self._rarity[seat]):
            if size * len(self._ways[seat]) <= budget or not joint:
                joint.append(seat)
                size *= len(self._ways[seat])
        combos: list[tuple[int, ...]] = []
        totals: list[int] = []
        total = 0
        bins = [self.hidden.index(seat) for seat in joint]

        def extend(position: int, chosen: tuple[int, ...], placed: dict[int, int], barred: dict[int, int],
                   taken: int) -> None:
            """Every compatible way of the seat at ``position`` after the ways ``chosen``."""
            nonlocal total
            if position == len(joint):
                count = self._deals(placed, barred) if chosen else self.count
                if count:
                    combos.append(chosen)
                    total += count
                    totals.append(total)
                return
            index = bins[position]
            for way, (_, place, bar) in enumerate(self._ways[joint[position]]):
                if not place & taken:  # else a card held by two seats
                    extend(position + 1, chosen + (way,), {**placed, index: place}, {**barred, index: bar},
                           taken | place)

        extend(0, (), {}, {}, 0)
        if not total:
            names = " and ".join(f"seat {seat} {self.conditions[seat].name}" for seat in joint)
            raise SamplingError(f"{names}: no deal gives every one of them what it declared")
        #: The seats whose condition's ways are chosen jointly, by their number of deals (step 2).
        self.listed: tuple[int, ...] = tuple(joint)
        #: The seats whose condition is checked on each deal drawn (step 3).
        self.checked: tuple[int, ...] = tuple(seat for seat in self._ways if seat not in joint)
        self._combos: tuple[tuple[int, ...], ...] = tuple(combos)
        self._totals: tuple[int, ...] = tuple(totals)
        self._layouts.clear()

    # --- drawing ---------------------------------------------------------------------------------

    def _combo_layout(self, combo: tuple[int, ...]) -> _Layout:
        layout = self._layouts.get(combo)
        if layout is None:
            placed = {}
            barred = {}
            for seat, way in zip(self.listed, combo):
                _, place, bar = self._ways[seat][way]
                index = self.hidden.index(seat)
                placed[index] = place
                barred[index] = bar
            found = self._layout(placed, barred)
            assert found is not None  # listed with its deals
            layout = self._layouts[combo] = found
        return layout

    def _draw(self, rng: random.Random) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """A combination of ways by its number of deals, and a deal of it: (ways, bins)."""
        randrange = rng.randrange
        pick = randrange(self._totals[-1])
        combo = self._combos[bisect.bisect_right(self._totals, pick)]
        layout = self._combo_layout(combo)
        bins = list(layout.placed)
        caps = layout.caps
        types = layout.types
        for number, cards in enumerate(layout.cards):
            total, options = _splits(types[number:], caps)
            pick = randrange(total)
            for counts, after, ways in options:
                if pick < ways:
                    break
                pick -= ways
            caps = after
            shuffled = list(cards)
            if sum(1 for k in counts if k) > 1:
                rng.shuffle(shuffled)  # which cards of the type go where: uniformly
            start = 0
            for b, k in enumerate(counts):
                for card in shuffled[start : start + k]:
                    bins[b] |= 1 << card
                start += k
        return combo, tuple(bins)

    def consistent(self, hands: Sequence[int]) -> bool:
        """True when replaying the play with ``hands`` (one bit set per seat, the hands now)
        finds every card legal when it was played."""
        held = list(hands)
        for seat, card, before, args in reversed(self.plays):
            held[seat] |= 1 << card
            if before and not legal_bits(held[seat], before, *args) >> card & 1:
                return False
        return True

    def fits(self, hands: Sequence[int]) -> bool:
        """True when the deal ``hands`` (one bit set per seat, the hands now) is one the sampler
        may draw: the play replays legally, every condition is met and ``accept`` passes (the
        hand sizes, known cards and unseen cards are the caller's to check)."""
        played = self.played_by_seat
        return (
            self.consistent(hands)
            and all(self.conditions[seat].meets(hands[seat] | played[seat]) for seat in self.conditions)
            and (self.accept is None or self.accept(tuple(hands)))
        )

    def _kept(self, combo: tuple[int, ...], hands: Sequence[int], rng: random.Random, failures: dict[int | str, int]) -> bool:
        """Whether to keep a drawn deal: the conditions met (each listed one with probability one
        in the number of its ways the dealt hand meets), the play legal, ``accept`` passed."""
        played = self.played_by_seat
        for seat, way in zip(self.listed, combo):
            valid = self.conditions[seat].meets(hands[seat] | played[seat])
            number = self._ways[seat][way][0]
            if number not in valid:
                failures[seat] = failures.get(seat, 0) + 1
                return False
            if len(valid) > 1 and rng.randrange(len(valid)):
                return False  # a deal that meets k ways is proposed k times: keep it once in k
        for seat in self.checked:
            if not self.conditions[seat].meets(hands[seat] | played[seat]):
                failures[seat] = failures.get(seat, 0) + 1
                return False
        if not self.consistent(hands):
            failures["play"] = failures.get("play", 0) + 1
            return False
        if self.accept is not None and not self.accept(tuple(hands)):
            failures["accept"] = failures.get("accept", 0) + 1
            return False
        return True

    def sample_with_rest(self, rng: random.Random) -> tuple[tuple[int, ...], int]:
        """One deal and the pool cards no hand took (the "rest")."""
        failures: dict[int | str, int] = {}
        hidden = self.hidden
        for tries in range(1, self.max_tries + 1):
            combo, bins = self._draw(rng)
            hands = [0] * self.seats
            hands[self.observer] = self.hand
            for index, seat in enumerate(hidden):
                hands[seat] = bins[index] | self.known.get(seat, 0)
            if self._kept(combo, hands, rng, failures):
                return tuple(hands), bins[-1]
            if tries % _ESCALATE_AFTER == 0 and self.checked:
                # A checked condition fails often: list its ways too (a longer list, fewer draws).
                worst = max(self.checked, key=lambda seat: failures.get(seat, 0))
                if failures.get(worst, 0):
                    self._choose_joint([*self.listed, worst], budget=_JOINT_BUDGET * 64)
        raise SamplingError(self._why_no_draw(failures))

    def _why_no_draw(self, failures: Mapping[int | str, int]) -> str:
        worst = max(failures, key=lambda key: failures[key], default="accept")
        if isinstance(worst, int):
            what = f"seat {worst} {self.conditions[worst].name}"
        elif worst == "play":
            what = "the card play (a card that was illegal when played)"
        else:
            what = "the variant's test of a deal"
        return f"no deal in {self.max_tries} draws meets {what}: the view is not consistent"

    def sample_bits(self, rng: random.Random) -> tuple[int, ...]:
        """One deal: the hands now, one bit set per seat (the observer's own included)."""
        return self.sample_with_rest(rng)[0]

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

    @classmethod
    def of_view(
        cls,
        view: PlayView,
        *,
        trump: int | RoundMode,
        rules: PlayRules,
        known: Mapping[int, int] | None = None,
        excluded: int = 0,
        conditions: Mapping[int, HandCondition] | None = None,
        accept: Callable[[tuple[int, ...]], bool] | None = None,
        max_tries: int = 100_000,
    ) -> HandSampler:
        """The sampler of a seat's observation (any variant's: its seat, hand, hand sizes,
        tricks and trick in progress), given the mode, the card-play rules and what the variant
        knows more (``known`` cards in a hand, ``excluded`` cards, ``conditions`` of hands as
        dealt, a test to ``accept``). Each variant's ``hand_sampler(view)`` calls it; a
        spectator's view has no hand to sample around (:class:`~jass.errors.InvalidCardsError`)."""
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
            conditions=conditions,
            accept=accept,
            max_tries=max_tries,
        )


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
