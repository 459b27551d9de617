"""Card play: which cards may be played to a trick, and who wins it.

These are the rules of :doc:`/rules/general` (card play), used unchanged by every variant; a
variant only chooses the :class:`PlayRules` (Bauer exception, undertrumping).

1. Follow the led suit if able, or trump instead (seeds 000 and 001).
2. Void in the led suit: any card.
3. Trump led: trump if able, except that a player whose only trump is the
   Jack (the Bauer) may play any card (``bauer_exception``).
4. Undertrumping (a trump lower than the best trump already in a plain-suit
   trick) is forbidden unless the hand holds only trumps
   (``undertrump=Undertrump.FORBIDDEN_UNLESS_ONLY_TRUMPS``, Schieber), allowed
   only to a player void in the led suit (``Undertrump.ALLOWED_IF_VOID``,
   Differenzler: who holds the led suit follows or over-trumps), or always
   allowed (``Undertrump.ALLOWED``). Trumps are compared by trump rank: the 9
   beats the Ace.
5. Obenabe and Undenufe: follow suit if able, else any card.
6. The highest trump wins the trick, else the highest card of the led suit.

The same rules on raw ints play a round out fast for search and simulations
(:func:`play_cards`, :func:`random_deal`; :doc:`/guides/rollouts`): each card is
``cards[int(rng.random() * len(cards))]`` of the legal cards in index order (the order of
every variant's ``legal_moves``), so that the public API can repeat a play-out exactly. A
variant scores a played-out round with its own scoring function
(:func:`jass.schieber.rollout`).

>>> hand = CardSet.parse("H6 HA C7 C9")
>>> legal_cards(hand, [Card.HK], Trump.EICHELN)      # follow hearts, or trump
CardSet('C7 C9 H6 HA')
>>> legal_cards(hand, [Card.DA, Card.CA], Trump.EICHELN)  # void; C7 would undertrump the CA
CardSet('C9 H6 HA')
>>> trick_winner([Card.DA, Card.CA, Card.C9], Trump.EICHELN)  # the trump 9 beats the trump Ace
2

Differenzler's policy: who holds the led suit may not go under the trump 9; void, they may.

>>> differenzler = PlayRules(undertrump=Undertrump.ALLOWED_IF_VOID)
>>> legal_cards(CardSet.parse("H7 C6"), [Card.HK, Card.C9], Trump.EICHELN, differenzler)
CardSet('H7')
>>> legal_cards(CardSet.parse("D7 C6"), [Card.HK, Card.C9], Trump.EICHELN, differenzler)
CardSet('C6 D7')
"""

from __future__ import annotations

import random  # noqa: F401  (the doctests)
from collections.abc import Iterable, MutableSequence, Sequence
from typing import Final, NamedTuple, Protocol

import attrs

from jass._base import NamedEnum, instance_of
from jass._kernel import FOLLOWERS, NO_STRENGTH, TRICK_KEYS, TRUMP_STRENGTH_OF, TRUMP_STRENGTHS, legal
from jass.cards import Card, CardSet, card_set_of
from jass.errors import InvalidCardsError, InvalidRulesError
from jass.trump import DEFAULT_TRUMP_JACK_POINTS, LAST_TRICK_BONUS, Trump, point_table

__all__ = [
    "Undertrump",
    "PlayRules",
    "legal_cards",
    "legal_bits",
    "trick_winner",
    "winning_position",
    "RandomSource",
    "Outcome",
    "random_deal",
    "play_cards",
]


class Undertrump(NamedEnum):
    """May a player put a lower trump on a plain-suit trick that is already trumped?"""

    #: Forbidden unless the hand holds only trumps (Schieber, seed 001 "Ondertroefen").
    FORBIDDEN_UNLESS_ONLY_TRUMPS = "forbidden_unless_only_trumps"
    #: Allowed only to a player void in the led suit: who holds the led suit may follow or
    #: over-trump, never under-trump (Differenzler: Swisslos, jassverzeichnis.ch, pagat).
    ALLOWED_IF_VOID = "allowed_if_void"
    #: Always allowed.
    ALLOWED = "allowed"


@attrs.frozen(cache_hash=True)  # a cache key of PlaySetup.of
class PlayRules:
    """The options of card play that differ between variants.

    >>> PlayRules()
    PlayRules(bauer_exception=True, undertrump=Undertrump.FORBIDDEN_UNLESS_ONLY_TRUMPS)
    """

    #: A player whose only trump is the Jack need not play it to a trump lead.
    #: Source: seed 001 ("met uitzondering van troef-boer"), the general rule of every variant.
    bauer_exception: bool = attrs.field(default=True, validator=instance_of(bool))
    #: The undertrumping policy.
    #: Source: seed 001 "Ondertroefen" (Schieber's strict rule; Differenzler's is freer).
    #: Disagreement: **Undertrumping**: forbidden unless the hand holds only trumps (seed 001,
    #: «Ondertroefen»: Schieber's default, ``FORBIDDEN_UNLESS_ONLY_TRUMPS``); allowed only to a
    #: player void in the led suit (Swisslos: «Untertrumpfen ist in diesem Fall erlaubt», of the
    #: void hand; pmu.ch, jassverzeichnis.ch, pagat.com: Differenzler's default,
    #: ``ALLOWED_IF_VOID``); allowed to everyone (``ALLOWED``).
    undertrump: Undertrump = attrs.field(
        default=Undertrump.FORBIDDEN_UNLESS_ONLY_TRUMPS,
        validator=instance_of(Undertrump),
    )

    @property
    def legal_flags(self) -> tuple[bool, bool, bool]:
        """The options as :func:`legal_bits` takes them after the mode: ``(bauer_exception,
        undertrump_allowed, void_undertrumps)``; the one place a policy becomes the kernel's flags.

        >>> PlayRules(undertrump=Undertrump.ALLOWED_IF_VOID).legal_flags
        (True, False, True)
        """
        policy = self.undertrump
        return (self.bauer_exception, policy is Undertrump.ALLOWED, policy is Undertrump.ALLOWED_IF_VOID)


def legal_bits(
    hand: int,
    trick: Sequence[int],
    trump: int,
    bauer_exception: bool = True,
    undertrump_allowed: bool = False,
    void_undertrumps: bool = False,
) -> int:
    """The raw-int form of :func:`legal_cards`, for search and simulation.

    ``hand`` is a card bit set, ``trick`` the indices of the cards already in
    the trick (leader first), ``trump`` a :class:`~jass.trump.Trump` value. The undertrumping
    policy is ``undertrump_allowed`` (``Undertrump.ALLOWED``) or ``void_undertrumps``
    (``Undertrump.ALLOWED_IF_VOID``), neither for ``FORBIDDEN_UNLESS_ONLY_TRUMPS``:
    ``*rules.legal_flags`` gives all three options of a :class:`PlayRules`. Nothing is
    validated: give it a non-empty hand disjoint from the trick.

    >>> legal_bits(CardSet.parse("H6 C7").bits, [Card.HA.index], Trump.OBENABE) == Card.H6.bit
    True
    """
    if not trick:
        return hand
    best = -1
    if trump < 4 and not undertrump_allowed:
        low = trump * 9
        for card in trick:
            if low <= card < low + 9 and TRUMP_STRENGTH_OF[card] > best:
                best = TRUMP_STRENGTH_OF[card]
    return legal(hand, trick[0] // 9, best, trump, bauer_exception, void_undertrumps)


_DEFAULT_PLAY_RULES: Final = PlayRules()


def legal_cards(
    hand: CardSet | Iterable[Card],
    trick: Sequence[Card],
    trump: Trump,
    rules: PlayRules = _DEFAULT_PLAY_RULES,
) -> CardSet:
    """The cards of ``hand`` that may be played to ``trick`` (the cards already played to it,
    leader first) in mode ``trump``.

    Raises :class:`~jass.errors.InvalidCardsError` for an empty hand, a card
    twice, or a trick card that is also in the hand.
    """
    # Exact type checks first: CardSet is an abc.Set, and isinstance on ABCs is slow.
    hand_bits = hand._bits if type(hand) is CardSet else _hand_bits(hand)
    if not hand_bits:
        raise InvalidCardsError("the hand is empty: there is no card to play")
    if type(trump) is not Trump:
        trump = Trump.parse(trump)
    if rules is _DEFAULT_PLAY_RULES:
        bauer_exception, undertrump_allowed, void_undertrumps = True, False, False
    elif isinstance(rules, PlayRules):
        bauer_exception, undertrump_allowed, void_undertrumps = rules.legal_flags
    else:
        raise InvalidRulesError(f"rules={rules!r}: expected a PlayRules")
    if type(trick) is not list and type(trick) is not tuple:
        trick = _checked_trick(trick)
    if not trick:
        return hand if type(hand) is CardSet else card_set_of(hand_bits)  # leading: any card
    # One pass validates the trick and finds what the rules need: the led suit and
    # the best trump so far.
    trump_value = trump._value_
    strengths = NO_STRENGTH if undertrump_allowed else TRUMP_STRENGTHS[trump_value]
    best = -1
    seen = 0
    card_type = Card
    for card in trick:
        if type(card) is not card_type:
            raise InvalidCardsError(f"{card!r} is not a card (in trick {trick!r})")
        index = card._value_
        seen |= 1 << index
        if strengths[index] > best:
            best = strengths[index]
    if seen.bit_count() != len(trick):
        raise InvalidCardsError(f"the trick {[str(c) for c in trick]} holds a card twice")
    if hand_bits & seen:
        raise InvalidCardsError(
            f"{CardSet.from_bits(hand_bits & seen)} is both in the hand and in the trick"
        )
    bits = legal(hand_bits, trick[0]._value_ // 9, best, trump_value, bauer_exception, void_undertrumps)
    if bits == hand_bits and type(hand) is CardSet:
        return hand  # immutable, so the same object serves
    return card_set_of(bits)


def _checked_trick(trick: object) -> Sequence[Card]:
    if isinstance(trick, (str, CardSet)) or not isinstance(trick, Sequence):
        raise InvalidCardsError(f"{trick!r} is not a trick: expected a list of cards in play order")
    return trick


def winning_position(trick: Sequence[Card], trump: Trump) -> int:
    """The position (0 = the leader's card) of the card that wins ``trick``.

    The trick may be incomplete: the result is the card winning so far.
    """
    return _winning_position(_trick_indices(trick)[0], trump)


def _winning_position(indices: Sequence[int], trump: Trump) -> int:
    if not indices:
        raise InvalidCardsError("an empty trick has no winner")
    if type(trump) is not Trump:
        trump = Trump.parse(trump)
    keys = TRICK_KEYS[trump._value_][indices[0] // 9]
    best = 0
    best_key = keys[indices[0]]
    for position in range(1, len(indices)):
        key = keys[indices[position]]
        if key > best_key:
            best, best_key = position, key
    return best


def trick_winner(trick: Sequence[Card], trump: Trump, leader: int = 0, seats: int = 4) -> int:
    """The seat that wins ``trick``, when seat ``leader`` led it and seats play in turn.

    With the defaults it is the position of the winning card in the trick.

    >>> trick_winner([Card.SJ, Card.S7], Trump.EICHELN)   # seed 000: J of spades wins
    0
    >>> trick_winner([Card.HA, Card.C6], Trump.EICHELN, leader=1, seats=2)  # trumped
    0
    """
    if type(seats) is not int or seats < 1:
        raise InvalidCardsError(f"seats={seats!r}: expected a positive int")
    if type(leader) is not int or not 0 <= leader < seats:
        raise InvalidCardsError(f"leader={leader!r}: expected a seat 0..{seats - 1}")
    if type(trick) is not list and type(trick) is not tuple:
        trick = _checked_trick(trick)
    if len(trick) > seats:
        raise InvalidCardsError(f"a trick of {seats} seats has at most {seats} cards, got {len(trick)}")
    if not trick:
        raise InvalidCardsError("an empty trick has no winner")
    if type(trump) is not Trump:
        trump = Trump.parse(trump)
    first = trick[0]
    if type(first) is not Card:
        raise InvalidCardsError(f"{first!r} is not a card (in trick {trick!r})")
    keys = TRICK_KEYS[trump._value_][first._value_ // 9]
    # One pass validates the cards and finds the best.
    best = best_key = -2
    seen = 0
    for position, card in enumerate(trick):
        if type(card) is not Card:
            raise InvalidCardsError(f"{card!r} is not a card (in trick {trick!r})")
        index = card._value_
        if seen >> index & 1:
            raise InvalidCardsError(f"the trick {[str(c) for c in trick]} holds a card twice")
        seen |= 1 << index
        if keys[index] > best_key:
            best, best_key = position, keys[index]
    return (leader + best) % seats


def _hand_bits(hand: CardSet | Iterable[Card]) -> int:
    return hand.bits if isinstance(hand, CardSet) else CardSet(hand).bits


def _trick_indices(trick: Sequence[Card]) -> tuple[list[int], int]:
    """The indices of the trick's cards and their bits; rejects non-cards and duplicates."""
    if type(trick) is not list and type(trick) is not tuple:
        trick = _checked_trick(trick)
    indices = []
    seen = 0
    for card in trick:
        if type(card) is not Card:
            raise InvalidCardsError(f"{card!r} is not a card (in trick {trick!r})")
        index = card._value_
        if seen >> index & 1:
            raise InvalidCardsError(f"the trick {[str(c) for c in trick]} holds a card twice")
        seen |= 1 << index
        indices.append(index)
    return indices, seen


# --- play-outs on raw ints -----------------------------------------------------------------------

_BITS: Final = tuple(1 << index for index in range(36))
_MODES: Final = tuple(Trump)
_ALL_CARDS: Final = tuple(range(36))


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
