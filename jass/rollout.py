"""Fast random play-outs for search: the rest of a round on raw ints.

A search bot (Monte Carlo, ISMCTS) plays thousands of random rounds from one position. The
public API builds a checked, immutable state for every card; this module plays the same
rules (the one implementation in :mod:`jass.tricks`) on card bits and gives only the result,
four to six times as fast in the measured runs (:doc:`/guides/rollouts`).

The random choices are defined so that the public API can repeat them exactly: each card
is ``cards[int(rng.random() * len(cards))]``, where ``cards`` are the legal cards in index
order (the order of every variant's ``legal_moves``).

The raw functions, for a bot of any variant: :func:`random_deal` deals bit-set hands and
:func:`play_cards` plays cards until the hands are empty. A variant scores a played-out round
with its own scoring function: :func:`jass.schieber.rollout` plays a Schieber round out and
gives the :class:`~jass.schieber.RoundScore` that playing the same choices through
``schieber.apply`` gives (tests/test_rollout.py checks it for every mode and option).
"""

from __future__ import annotations

import random  # noqa: F401  (the doctests)
from collections.abc import MutableSequence, Sequence
from typing import Final, NamedTuple, Protocol

from jass._kernel import FOLLOWERS, legal
from jass.tricks import PlayRules
from jass.trump import DEFAULT_TRUMP_JACK_POINTS, LAST_TRICK_BONUS, TRICK_KEYS, Trump, point_table

__all__ = ["RandomSource", "Outcome", "random_deal", "play_cards"]


class RandomSource(Protocol):
    """Anything with a ``random()`` method giving floats in [0, 1), like :class:`random.Random`."""

    def random(self) -> float:
        """A float in [0, 1)."""


class Outcome(NamedTuple):
    """The result of :func:`play_cards`, per seat."""

    #: Card points taken, with the last trick's 5.
    points: tuple[int, ...]
    #: Tricks taken.
    tricks: tuple[int, ...]
    #: The seat that took the last trick.
    last: int


_BITS: Final = tuple(1 << index for index in range(36))
_MODES: Final = tuple(Trump)
_ALL_CARDS: Final = tuple(range(36))


def random_deal(rng: RandomSource, seats: int = 4, cards_each: int = 9) -> tuple[int, ...]:
    """``seats`` hands of ``cards_each`` random cards, as card bit sets (bit *i* is card *i*).

    Every deal is equally likely (up to the 53 bits of a float). For a reproducible deal from
    a seed, :func:`jass.cards.deal` is the library's own.

    >>> hands = random_deal(random.Random(3))
    >>> [bin(hand).count("1") for hand in hands], sum(hands) == 2**36 - 1
    ([9, 9, 9, 9], True)
    """
    draw = rng.random
    keys = [draw() for _ in _ALL_CARDS]
    order = sorted(_ALL_CARDS, key=keys.__getitem__)  # a random permutation of the 36 cards
    bit = _BITS.__getitem__
    return tuple(sum(map(bit, order[start : start + cards_each])) for start in range(0, seats * cards_each, cards_each))


def play_cards(
    hands: Sequence[int],
    trump: int,
    leader: int,
    rng: RandomSource,
    *,
    trick: Sequence[int] = (),
    rules: PlayRules = PlayRules(),
    trump_jack_points: int = DEFAULT_TRUMP_JACK_POINTS,
    played: MutableSequence[int] | None = None,
) -> Outcome:
    """Play random legal cards until every hand is empty; the points and tricks of what is
    played here (tricks taken earlier are not counted).

    ``hands`` are card bit sets, one per seat, all of one size once ``trick`` (the indices of
    the cards already in the trick in progress, led by ``leader``) is complete. Each card is
    the legal card number ``int(rng.random() * n)`` of the ``n`` in index order. The indices
    of the cards played are appended to ``played`` when it is given. Nothing is validated.

    >>> from jass.cards import deal
    >>> hands = [hand.bits for hand in deal(5)]
    >>> outcome = play_cards(hands, Trump.OBENABE, 0, random.Random(2))
    >>> sum(outcome.points), sum(outcome.tricks)
    (157, 9)
    """
    hands = list(hands)
    seats = len(hands)
    followers = FOLLOWERS[seats]
    draw = rng.random
    table = point_table(_MODES[trump], trump_jack_points)
    keys_of_led = TRICK_KEYS[trump]
    bauer, undertrump_allowed, void_undertrumps = rules.legal_flags
    # The kernel's legal restricts undertrumping the best trump of the trick, given its strength
    # (the card's key - 100); -1 when undertrumping is allowed or no trump is in the trick.
    count_trumps = trump < 4 and not undertrump_allowed
    points = [0] * seats
    won = [0] * seats
    record = played.append if played is not None else None
    winner = leader
    if trick:  # the trick in progress: its led suit, best card and points so far
        led = trick[0] // 9
        keys = keys_of_led[led]
        best_key, trick_points = -2, 0
        for position, card in enumerate(trick):
            trick_points += table[card]
            if keys[card] > best_key:
                best_key, winner = keys[card], (leader + position) % seats
        to_play = followers[leader][len(trick) - 1 :]
    while True:
        if not trick:  # a new trick: the leader plays any card
            hand = hands[leader]
            if not hand:
                break
            pick = hand
            n = int(draw() * hand.bit_count())
            while n:  # drop the n lowest cards: the n-th (from 0) is then the lowest
                pick &= pick - 1
                n -= 1
            low = pick & -pick
            hands[leader] = hand ^ low
            card = low.bit_length() - 1
            if record is not None:
                record(card)
            led = card // 9
            keys = keys_of_led[led]
            best_key, winner, trick_points = keys[card], leader, table[card]
            to_play = followers[leader]
        best = best_key - 100 if count_trumps and best_key >= 100 else -1
        for seat in to_play:
            hand = hands[seat]
            pick = legal(hand, led, best, trump, bauer, void_undertrumps)
            n = int(draw() * pick.bit_count())
            while n:
                pick &= pick - 1
                n -= 1
            low = pick & -pick
            hands[seat] = hand ^ low
            card = low.bit_length() - 1
            if record is not None:
                record(card)
            trick_points += table[card]
            if keys[card] > best_key:
                best_key, winner = keys[card], seat
                if count_trumps and best_key >= 100:
                    best = best_key - 100
        points[winner] += trick_points
        won[winner] += 1
        leader = winner
        trick = ()
    if any(won):
        points[winner] += LAST_TRICK_BONUS
    return Outcome(tuple(points), tuple(won), winner)


def __getattr__(name: str) -> object:
    # ``schieber_rollout`` moved into its variant, beside the one scoring function it uses.
    if name == "schieber_rollout":
        import warnings

        from jass.schieber import rollout

        warnings.warn("jass.rollout.schieber_rollout is jass.schieber.rollout now", DeprecationWarning, stacklevel=2)
        return rollout
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
