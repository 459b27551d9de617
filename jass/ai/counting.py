"""A card-counting player: what it knows of the card play, and the card it plays.

The rule bot (:class:`jass.ai.bots.RuleBot`) plays its cards with :func:`choose_card`. Each
variant's ``ai`` file describes a card decision as a :class:`Situation` built from the seat's
observation alone (its hand, the legal cards, the tricks, the cards known to be in a hand,
the cards that cannot be in any); this module knows nothing of any variant. From it,
:class:`Count` remembers what a player at the table can count:

- every card played, and so the cards still out (in other hands, or out of play);
- the cards each other seat cannot hold: the suits it did not follow, the trumps it lacked
  when it undertrumped or did not follow a trump lead (:func:`jass.ai.sampling.ruled_out`, the
  rules asked, never copied), and the cards it holds for sure (shown Weis, a face-up card);
- the masters ("Bock"): the highest card of a suit still out, and whether it is in the hand;
- the trumps still out;
- each seat's discards (a card of another suit, not a trump, on a suit it could not follow).

:func:`choose_card` values each legal card by the points it expects its side to make of the
trick (the chance that the side wins it, from the cards the later players may still hold)
less what the card is worth kept for later (a trump, a master). So it takes a trick worth
taking with its cheapest sure card, smears points ("schmieren") onto its partner's trick when
no opponent can still beat it, and throws its cheapest card on a trick it cannot win. It
discards by the Swiss convention (*verwerfen*: from the suit it does not want led) and reads
its partner's discards the same way. On lead it draws trumps when its side chose them and it
holds the master trump, cashes masters that no opponent can trump, and otherwise leads a low
card of a suit its partner did not discard. With ``wanted`` (Differenzler) it counts points
only up to what it still wants, and avoids them beyond.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from typing import Final

import attrs

from jass._kernel import ALL_BITS, SUIT_MASKS
from jass.ai.sampling import card_plays, played_by, ruled_out
from jass.cards import Card
from jass.play import PlayCard, PlayView
from jass.tricks import PlayRules
from jass.trump import ROUND_MODE_TYPES, TRICK_KEYS, RoundMode, Trump, point_table, trick_modes

__all__ = ["Situation", "Count", "choose_card", "card_move", "keep_value"]

_ALL: Final = ALL_BITS
#: Expected points that each player still to play adds to a trick (the mean card is worth 4.2).
_LATER_POINTS: Final = 2.5
#: Extra value of winning a trick beyond its points: the lead, and the tricks of a match.
_TRICK_VALUE: Final = 1.0
#: What keeping a card is worth, by rank 6..A: a trump, then a master of a plain suit.
_KEEP_TRUMP: Final = (12.0, 12.0, 12.0, 45.0, 21.0, 66.0, 18.0, 21.0, 27.0)
_KEEP_MASTER: Final = 6.0
#: A lead is played when no opponent beats it with at least this chance.
_SAFE_LEAD: Final = 0.75


def _cards(bits: int) -> list[int]:
    out = []
    while bits:
        low = bits & -bits
        out.append(low.bit_length() - 1)
        bits ^= low
    return out


@functools.lru_cache(maxsize=64)
def _points(mode: int, trump_jack_points: int) -> tuple[int, ...]:
    return point_table(Trump(mode), trump_jack_points)


@attrs.frozen
class Situation:
    """One card decision, as a player at the table sees it: everything by raw ints (cards as
    indices, hands as bit sets)."""

    #: The deciding seat, and the number of seats.
    seat: int
    seats: int
    #: The other seats of its side (none when each plays for themselves).
    partners: tuple[int, ...]
    #: Its hand and the cards of it that it may play now.
    hand: int
    legal: int
    #: The trick in progress (card indices in play order) and the seat that led it.
    trick: tuple[int, ...]
    leader: int
    #: The completed tricks, each ``(leader, cards)``.
    tricks: tuple[tuple[int, tuple[int, ...]], ...]
    #: The mode of each trick so far and of the trick in progress (a :class:`~jass.trump.Trump`
    #: value; per trick, for Slalom and Guschti).
    modes: tuple[int, ...]
    rules: PlayRules
    #: How many cards each seat holds now.
    hand_sizes: tuple[int, ...]
    #: The cards another seat may hold: neither in this hand nor played nor known out of play.
    unseen: int
    #: Per seat, the cards known to be in its hand now (shown Weis, a face-up card).
    known: tuple[int, ...] = ()
    #: The seats of the side that chose the mode (none: nobody chose it).
    declarers: tuple[int, ...] = ()
    trump_jack_points: int = 20
    #: The points the seat still wants (Differenzler: its prediction less its points so far);
    #: ``None``: as many as its side can make.
    wanted: int | None = None
    #: The tricks of a round (the last one gives 5 points more).
    round_tricks: int = 9

    @property
    def mode(self) -> int:
        """The mode of the trick in progress."""
        return self.modes[len(self.tricks)]

    @classmethod
    def of_view(
        cls, view: PlayView, moves: Sequence[object], *, modes: Sequence[int] | RoundMode, rules: PlayRules,
        partners: tuple[int, ...] = (), known: Mapping[int, int] | None = None, excluded: int = 0,
        declarers: tuple[int, ...] = (), trump_jack_points: int = 20, wanted: int | None = None,
    ) -> Situation | None:
        """The card decision of any variant's observation ``view``, given its legal ``moves``
        (``None`` when they hold no card, or for a spectator), the mode of each trick (or the
        round's mode, each trick's then read from the cards led, :func:`~jass.trump.trick_modes`),
        the card-play rules and what the variant knows more: the cards ``known`` in a seat's hand,
        the cards ``excluded`` from every hand (out of play, face up), the rest as in
        :class:`Situation`."""
        seat = view.seat
        legal = 0
        for move in moves:
            if type(move) is PlayCard:
                legal |= move.card.bit
        if not legal or seat is None:
            return None
        seats = len(view.hand_sizes)
        played = 0
        for other in range(seats):
            played |= played_by(view, other).bits
        known = known or {}
        if isinstance(modes, ROUND_MODE_TYPES):
            leads = [trick.cards[0].suit for trick in view.tricks] + [card.suit for card in view.trick[:1]]
            modes = [int(mode) for mode in trick_modes(modes, leads, len(view.tricks) + 1)]
        return cls(
            seat=seat, seats=seats, partners=partners, hand=view.hand.bits, legal=legal,
            trick=tuple(card.index for card in view.trick),
            leader=view.trick_leader if view.trick_leader is not None else seat,
            tricks=tuple((trick.leader, tuple(card.index for card in trick.cards)) for trick in view.tricks),
            modes=tuple(modes), rules=rules, hand_sizes=view.hand_sizes,
            unseen=_ALL & ~view.hand.bits & ~played & ~excluded,
            known=tuple(known.get(other, 0) & ~played for other in range(seats)),
            declarers=declarers, trump_jack_points=trump_jack_points, wanted=wanted,
        )


@attrs.frozen
class Count:
    """What the player has counted of the card play so far (see the module's notes)."""

    #: The cards played, in all and by each seat.
    played: int
    played_by: tuple[int, ...]
    #: Per seat, the cards it may hold now (every card it may hold for the seat itself: its hand).
    possible: tuple[int, ...]
    #: Per seat, the cards known to be in its hand.
    known: tuple[int, ...]
    #: Per seat, the suits of its discards, in order.
    discards: tuple[tuple[int, ...], ...]

    @classmethod
    def of(cls, situation: Situation) -> Count:
        """The count of ``situation``."""
        s = situation
        plays, played, by_seat = card_plays(s.seats, s.tricks, s.trick, s.leader if s.trick else None, s.modes, s.rules)
        others = [seat for seat in range(s.seats) if seat != s.seat]
        known = tuple(s.known[seat] if seat < len(s.known) and seat != s.seat else 0 for seat in range(s.seats))
        out = ruled_out(plays, others, s.unseen, dict(enumerate(known)))
        all_known = 0
        for bits in known:
            all_known |= bits
        possible = tuple(
            s.hand if seat == s.seat else (s.unseen & ~out[seat] & ~all_known) | known[seat] for seat in range(s.seats)
        )
        discards: list[list[int]] = [[] for _ in range(s.seats)]
        for seat, card, before, (mode, *_) in plays:
            if before and card // 9 != before[0] // 9 and card // 9 != mode:
                discards[seat].append(card // 9)
        return cls(played, by_seat, possible, known, tuple(tuple(d) for d in discards))

    def master(self, suit: int, mode: int, hand: int) -> int | None:
        """The highest card of ``suit`` not yet played (in ``hand`` or out), by the order of
        ``mode``; ``None`` when every card of the suit is played."""
        left = SUIT_MASKS[suit] & ~self.played
        if not left:
            return None
        keys = TRICK_KEYS[mode][suit]
        return max(_cards(left), key=keys.__getitem__)

    def out(self, situation: Situation) -> int:
        """The cards another seat may hold."""
        bits = 0
        for seat, possible in enumerate(self.possible):
            if seat != situation.seat:
                bits |= possible
        return bits


def _none_held(pool: int, size: int, wanted: int) -> float:
    """The chance that ``size`` cards drawn from ``pool`` cards hold none of ``wanted`` of them."""
    if wanted <= 0:
        return 1.0
    if pool - wanted < size:
        return 0.0
    chance = 1.0
    for i in range(size):
        chance *= (pool - wanted - i) / (pool - i)
    return chance


def _beats(count: Count, s: Situation, seat: int, card: int, led: int) -> float:
    """The chance that ``seat`` holds a card that beats ``card`` in a trick led in ``led``."""
    keys = TRICK_KEYS[s.mode][led]
    key = keys[card]
    possible = count.possible[seat]
    beaters = 0
    for other in _cards(possible):
        if keys[other] > key:
            beaters |= 1 << other
    if not beaters:
        return 0.0
    known = count.known[seat]
    if beaters & known:
        return 1.0
    unknown = possible & ~known
    size = s.hand_sizes[seat] - known.bit_count()
    return 1.0 - _none_held(unknown.bit_count(), size, (beaters & ~known).bit_count())


def keep_value(count: Count, s: Situation, card: int) -> float:
    """What ``card`` is worth kept for the tricks to come: a trump by its rank, a master of its
    suit (no card still out beats it) as a trick to come; nothing for the rest, and less as
    the round runs out of tricks."""
    mode = s.mode
    suit, rank = divmod(card, 9)
    left = s.round_tricks - len(s.tricks) - 1
    if left <= 0:
        return 0.0
    scale = min(1.0, left / 3)
    if suit == mode:
        return _KEEP_TRUMP[rank] * scale
    master = count.master(suit, mode, s.hand)
    if master == card:
        return _KEEP_MASTER * scale
    return 0.0


def _gain(s: Situation, points: float) -> float:
    """What taking ``points`` is worth to the seat: all of them, or with ``wanted`` the
    distance to what it wants that they close (less than nothing once past it)."""
    if s.wanted is None:
        return points
    return abs(s.wanted) - abs(s.wanted - points)


def _follow_value(count: Count, s: Situation, card: int) -> float:
    """The value of playing ``card`` to the trick in progress (see the module's notes)."""
    mode = s.mode
    led = s.trick[0] // 9
    keys = TRICK_KEYS[mode][led]
    points = _points(mode, s.trump_jack_points)
    trick = s.trick + (card,)
    best = max(range(len(trick)), key=lambda i: keys[trick[i]])
    winner = (s.leader + best) % s.seats
    side = (s.seat, *s.partners)
    later = [(s.seat + k) % s.seats for k in range(1, s.seats - len(s.trick))]
    at_stake = sum(points[c] for c in trick) + _LATER_POINTS * len(later)
    if len(s.tricks) == s.round_tricks - 1:
        at_stake += 5
    if winner in side:
        win = 1.0
        for seat in later:
            if seat not in side:
                win *= 1.0 - _beats(count, s, seat, trick[best], led)
    else:
        lose = 1.0
        for seat in later:
            if seat in side:
                lose *= 1.0 - 0.8 * _beats(count, s, seat, trick[best], led)
        win = 1.0 - lose
    if s.wanted is not None:
        # Each for themselves: the trick's points count for the seat only when it takes them.
        return (win if winner == s.seat else 0.0) * (_gain(s, at_stake) + _TRICK_VALUE) - _kept(count, s, card)
    value = (2 * win - 1) * (at_stake + _TRICK_VALUE)
    return value - keep_value(count, s, card) + 0.1 * _unwanted(count, s, card)


def _kept(count: Count, s: Situation, card: int) -> float:
    """What playing ``card`` costs the seat of what keeping it is worth: its
    :func:`keep_value` while it wants more points, less than nothing once it wants none (a card
    that takes tricks is then a danger, better played)."""
    keep = keep_value(count, s, card)
    return keep if s.wanted is None or s.wanted > 0 else -keep


def _unwanted(count: Count, s: Situation, card: int) -> float:
    """How little the seat wants the suit of ``card`` led to it (to discard from it, by the
    Swiss convention): no master of it in the hand, few cards of it, no high cards."""
    suit = card // 9
    if suit == s.mode:
        return 0.0
    mine = s.hand & SUIT_MASKS[suit]
    master = count.master(suit, s.mode, s.hand)
    if master is not None and mine >> master & 1:
        return 0.0
    return 3.0 - min(3, mine.bit_count())


def _lead(count: Count, s: Situation, cards: list[int]) -> int:
    """The card to lead (see the module's notes)."""
    mode = s.mode
    points = _points(mode, s.trump_jack_points)
    opponents = [seat for seat in range(s.seats) if seat != s.seat and seat not in s.partners]
    later = _LATER_POINTS * (s.seats - 1)
    if s.wanted is not None:
        # Each for themselves: the lead that brings the seat closest to what it wants.
        return max(cards, key=lambda c: (_win_chance(count, s, c, opponents) * (_gain(s, points[c] + later) + _TRICK_VALUE)
                                         - _kept(count, s, c), -c))
    if mode < 4:
        drawn = _draw_trumps(count, s, cards, opponents)
        if drawn is not None:
            return drawn
    # Cash a master that no opponent beats (in Obenabe and Undenufe nothing trumps it).
    cash = []
    for card in cards:
        suit = card // 9
        if suit != mode and count.master(suit, mode, s.hand) == card:
            safe = _win_chance(count, s, card, opponents)
            if safe >= _SAFE_LEAD:
                cash.append((safe * (points[card] + later), card))
    if cash:
        return max(cash)[1]
    return min(cards, key=lambda c: _low_lead_cost(count, s, c))


def _win_chance(count: Count, s: Situation, card: int, opponents: Sequence[int]) -> float:
    """The chance that no opponent beats ``card`` led."""
    chance = 1.0
    for seat in opponents:
        chance *= 1.0 - _beats(count, s, seat, card, card // 9)
    return chance


def _draw_trumps(count: Count, s: Situation, cards: list[int], opponents: Sequence[int]) -> int | None:
    """A trump to lead when the seat's side chose trump, it holds the master trump and an
    opponent may still hold trumps ("Trumpf ziehen"); with four trumps or more, its lowest."""
    mode = s.mode
    trumps = [c for c in cards if c // 9 == mode]
    if not trumps or (s.declarers and s.seat not in s.declarers):
        return None
    theirs = any(count.possible[seat] & SUIT_MASKS[mode] for seat in opponents)
    if not theirs:
        return None
    master = count.master(mode, mode, s.hand)
    if master in trumps:
        return master
    if len(trumps) >= 4 and s.seat in s.declarers:
        keys = TRICK_KEYS[mode][mode]
        return min(trumps, key=keys.__getitem__)
    return None


def _low_lead_cost(count: Count, s: Situation, card: int) -> tuple[float, ...]:
    """How much leading ``card`` gives away, to lead the cheapest: its points and what it is
    worth kept; a suit the partner discarded (does not want) or a trump costs more, a suit of
    which the seat holds many costs less."""
    mode = s.mode
    suit = card // 9
    points = _points(mode, s.trump_jack_points)
    cost = points[card] + keep_value(count, s, card)
    if suit == mode and s.declarers and s.seat not in s.declarers:
        cost += 6.0  # leave the drawing of trumps to the side that chose them
    for partner in s.partners:
        if suit in count.discards[partner]:
            cost += 4.0  # partner discarded it: it does not want it led
        elif count.discards[partner]:
            cost -= 1.0  # a suit it did not discard
    length = (s.hand & SUIT_MASKS[suit]).bit_count()
    return (cost - 0.5 * length, points[card], card)


def choose_card(situation: Situation) -> int:
    """The card (an index) the counting player plays in ``situation``."""
    cards = _cards(situation.legal)
    if len(cards) == 1:
        return cards[0]
    count = Count.of(situation)
    if not situation.trick:
        return _lead(count, situation, cards)
    return max(cards, key=lambda card: (_follow_value(count, situation, card), -card))


def card_move(situation: Situation | None) -> PlayCard | None:
    """The move of :func:`choose_card` in ``situation``; ``None`` for no situation (no card to
    play)."""
    if situation is None:
        return None
    return PlayCard(Card.from_index(choose_card(situation)))
