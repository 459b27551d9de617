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

import itertools
import random
from collections.abc import Callable, Mapping, Sequence
from typing import Final

import attrs

from jass import coiffeur, differenzler, pomme, schieber
from jass.cards import Card, CardSet
from jass.errors import InvalidCardsError, JassError
from jass.play import Trick
from jass.tricks import PlayRules, legal_bits
from jass.trump import PerTrickMode, RoundMode, Trump
from jass.weis import Weis, WeisRules, detect_weis

__all__ = [
    "SamplingError",
    "HandSampler",
    "PommeSample",
    "schieber_sampler",
    "sample_schieber",
    "coiffeur_sampler",
    "sample_coiffeur",
    "differenzler_sampler",
    "sample_differenzler",
    "pomme_sampler",
    "sample_pomme",
]

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
        flags = rules.legal_flags
        self._legal_args: Final = (self.trump, *flags)

        # Every card played, in order: (seat, card, the cards before it in its trick, the
        # arguments of legal_bits in that trick's mode).
        plays: list[tuple[int, int, tuple[int, ...], tuple[int, bool, bool, bool]]] = []
        played = 0
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
                plays.append(((leader + position) % seats, card, cards[:position], args))
        self.plays: Final = tuple(plays)
        self.played: Final = played
        if hand & played:
            raise InvalidCardsError("a card of the observer's hand is among the cards played")
        known = dict(known or {})
        known.pop(observer, None)
        known_bits = 0
        for seat, bits in known.items():
            if known_bits & bits:
                raise InvalidCardsError("a card is known to be in two hands")
            known_bits |= bits
        if pool is None:
            pool = _ALL & ~hand & ~played & ~excluded
        if pool & (hand | played | excluded):
            raise InvalidCardsError("the pool holds cards of the observer's hand, played or excluded")
        if known_bits & ~pool:
            raise InvalidCardsError("a card known to be in a hand is not among the unseen cards")
        self.pool: Final = pool
        self.known: Final = {seat: bits for seat, bits in known.items() if bits}
        hidden = [seat for seat in range(seats) if seat != observer]
        self.hidden: Final = tuple(hidden)

        # Voids: the cards that cannot be in a seat's hand now, from the legality of its plays.
        forbidden = dict.fromkeys(hidden, 0)
        later = {seat: self.known.get(seat, 0) for seat in hidden}  # known cards it still held
        for seat, card, before, args in reversed(plays):
            if seat == observer:
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
        self.forbidden: Final = forbidden

        # The bins: each hidden seat, and the rest of the pool.
        capacity = [hand_sizes[seat] - self.known.get(seat, 0).bit_count() for seat in hidden]
        rest = pool.bit_count() - known_bits.bit_count() - sum(capacity)
        if min(capacity, default=0) < 0 or rest < 0:
            raise SamplingError("the hand sizes do not fit the unseen cards")
        for seat, bits in self.known.items():
            if bits & forbidden[seat]:
                raise SamplingError(f"seat {seat} is known to hold {CardSet.from_bits(bits & forbidden[seat])}, "
                                    "which the play says it cannot")
        capacity.append(rest)
        bins = len(capacity)
        free = _cards(pool & ~known_bits)
        allowed = []
        for card in free:
            ok = [index for index, seat in enumerate(hidden) if not forbidden[seat] >> card & 1]
            ok.append(bins - 1)  # the rest takes any card
            allowed.append(tuple(ok))
        self._free: Final = free
        # The capacities left, one 6-bit digit per bin, and the choices from each reachable
        # (card number, capacities): the total number of completions and, per bin, the
        # capacities after it and its number of completions.
        step = [1 << 6 * b for b in range(bins)]
        code = sum(c << 6 * b for b, c in enumerate(capacity))
        choices: dict[int, tuple[int, tuple[tuple[int, int, int], ...]]] = {}
        last = len(free)

        def count(i: int, caps: int) -> int:
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

        self._choices: Final = choices
        self._start: Final = code
        #: The number of deals that fit the hand sizes, the known cards and the voids.
        self.count: Final = count(0, code)
        if not self.count:
            raise SamplingError("no deal of the unseen cards fits the hand sizes, the known cards and the play")

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

    def voids(self, seat: int) -> CardSet:
        """The cards the play shows ``seat`` cannot hold now (empty for the observer)."""
        return CardSet.from_bits(self.forbidden.get(seat, 0) & self.pool)


def _tricks(tricks: Sequence[Trick]) -> list[tuple[int, list[int]]]:
    return [(t.leader, [c.index for c in t.cards]) for t in tricks]


def _observer(view: object) -> int:
    """The seat of ``view``; a spectator's view has no hand to sample around."""
    seat = getattr(view, "seat", None)
    if seat is None:
        raise InvalidCardsError("a spectator's view (seat None) cannot be sampled: it holds no hand")
    return int(seat)


def _played(tricks: Sequence[tuple[int, Sequence[int]]], trick: Sequence[int]) -> int:
    """The bits of every card played: in the tricks taken and in the trick in progress."""
    bits = 0
    for _, cards in tricks:
        for card in cards:
            bits |= 1 << card
    for card in trick:
        bits |= 1 << card
    return bits


def _played_by(seat: int, seats: int, tricks: Sequence[tuple[int, Sequence[int]]], trick: Sequence[int], leader: int | None) -> int:
    bits = 0
    for lead, cards in list(tricks) + ([(leader, trick)] if trick and leader is not None else []):
        for position, card in enumerate(cards):
            if (lead + position) % seats == seat:
                bits |= 1 << card
    return bits


# --- Schieber ----------------------------------------------------------------------------


def _weis_fits(found: tuple[Weis, ...], shown: tuple[Weis, ...], points: int | None, auto: bool) -> bool:
    for weis in shown:
        if weis not in found:
            return False
    if points is None:
        return True
    if auto:
        return sum(w.points for w in found) == points
    if points == 0:
        return True
    return any(
        sum(w.points for w in combo) == points
        for size in range(1, len(found) + 1)
        for combo in itertools.combinations(found, size)
    )


def schieber_sampler(view: schieber.Observation, *, max_tries: int = 100_000) -> HandSampler:
    """A :class:`HandSampler` for a Schieber observation: the card play, and the Weis.

    Shown Weis put their cards in the hand of the seat that showed them (as long as they are
    not played); every seat's declared Weis must be Weis of its hand as dealt, worth the points
    declared (all its Weis, with ``auto_declare``). Before trump is chosen only the sizes count.
    """
    if not isinstance(view, schieber.Observation):
        raise InvalidCardsError(f"{view!r} is not a schieber.Observation")
    return _team_sampler(view, view.trump, max_tries)


def _team_sampler(
    view: schieber.Observation | coiffeur.Observation, mode: RoundMode | None, max_tries: int
) -> HandSampler:
    """The sampler of a partnership game's view (jass.teams): the card play in ``mode`` (each
    trick in its own, for a per-trick mode), and the declared and shown Weis."""
    seats = 4
    tricks = _tricks(view.tricks)
    trick = [c.index for c in view.trick]
    known: dict[int, int] = {}
    played_cards = _played(tricks, trick)
    for seat in range(seats):
        if seat == view.seat:
            continue
        bits = 0
        for weis in view.shown_weis[seat]:
            bits |= weis.cards.bits
        if bits & ~played_cards:
            known[seat] = bits & ~played_cards
    weis_rules = view.rules.weis if view.rules.weis is not None else WeisRules()  # no Weis: nothing to check
    auto = view.rules.auto_declare
    checks = [
        seat
        for seat in range(seats)
        if seat != view.seat and (view.shown_weis[seat] or view.declared_points[seat] is not None)
    ]
    by_seat = {seat: _played_by(seat, seats, tricks, trick, view.trick_leader) for seat in checks}

    def accept(hands: tuple[int, ...]) -> bool:
        for seat in checks:
            found = detect_weis(CardSet.from_bits(hands[seat] | by_seat[seat]), weis_rules)
            if not _weis_fits(found, view.shown_weis[seat], view.declared_points[seat], auto):
                return False
        return True

    return HandSampler(
        seats=seats,
        observer=_observer(view),
        hand=view.hand.bits,
        hand_sizes=view.hand_sizes,
        trump=mode if mode is not None else Trump.OBENABE,
        rules=view.rules.play,
        tricks=tricks,
        trick=trick,
        trick_leader=view.trick_leader,
        known=known,
        accept=accept if checks else None,
        max_tries=max_tries,
    )


def sample_schieber(view: schieber.Observation, rng: random.Random) -> tuple[CardSet, ...]:
    """The four hands now, drawn uniformly among those consistent with ``view`` (see
    :func:`schieber_sampler`); the observer's own hand is its own. For many draws from one
    view, build the sampler once with :func:`schieber_sampler`.

    >>> import random
    >>> from jass import schieber
    >>> state = schieber.apply(schieber.new_game(seed=4), schieber.ChooseTrump("obenabe"))
    >>> hands = sample_schieber(schieber.observe(state, 1), random.Random(0))
    >>> hands[1] == state.play.hand(1), sorted(len(h) for h in hands)
    (True, [9, 9, 9, 9])
    """
    return schieber_sampler(view).sample(rng)


# --- Coiffeur ------------------------------------------------------------------------------


def coiffeur_sampler(view: coiffeur.Observation, *, max_tries: int = 100_000) -> HandSampler:
    """A :class:`HandSampler` for a Coiffeur observation: as :func:`schieber_sampler` (the
    card play, and the Weis when the rules play them), each trick of a Slalom or Guschti
    round checked in its own mode. Before a row is chosen only the sizes count."""
    if not isinstance(view, coiffeur.Observation):
        raise InvalidCardsError(f"{view!r} is not a coiffeur.Observation")
    return _team_sampler(view, view.mode, max_tries)


def sample_coiffeur(view: coiffeur.Observation, rng: random.Random) -> tuple[CardSet, ...]:
    """The four hands now, drawn uniformly among those consistent with ``view`` (see
    :func:`coiffeur_sampler`); the observer's own hand is its own.

    >>> import random
    >>> from jass import coiffeur, PerTrickMode
    >>> state = coiffeur.apply(coiffeur.new_game(coiffeur.Rules(slate="swisslos_10"), seed=4),
    ...                        coiffeur.ChooseRow(8, PerTrickMode.SLALOM_UNDENUFE))
    >>> hands = sample_coiffeur(coiffeur.observe(state, 1), random.Random(0))
    >>> hands[1] == state.play.hand(1), sorted(len(h) for h in hands)
    (True, [9, 9, 9, 9])
    """
    return coiffeur_sampler(view).sample(rng)


# --- Differenzler --------------------------------------------------------------------------


def differenzler_sampler(
    view: differenzler.Observation, *, rules: differenzler.Rules | None = None, max_tries: int = 100_000
) -> HandSampler:
    """A :class:`HandSampler` for a Differenzler observation: the card play, and the dealer's
    face-up card, in the dealer's hand until played. The observation does not carry the
    card-play options: ``rules`` gives them (the default rules' otherwise)."""
    if not isinstance(view, differenzler.Observation):
        raise InvalidCardsError(f"{view!r} is not a differenzler.Observation")
    play_rules = (rules if rules is not None else differenzler.Rules()).play
    tricks = _tricks(view.tricks)
    trick = [c.index for c in view.trick]
    played = _played(tricks, trick)
    known = {}
    face_up = view.face_up.bit
    if view.dealer != view.seat and not played & face_up:
        known[view.dealer] = face_up
    return HandSampler(
        seats=differenzler.SEATS,
        observer=_observer(view),
        hand=view.hand.bits,
        hand_sizes=view.hand_sizes,
        trump=int(view.trump),
        rules=play_rules,
        tricks=tricks,
        trick=trick,
        trick_leader=view.trick_leader,
        known=known,
        max_tries=max_tries,
    )


def sample_differenzler(
    view: differenzler.Observation, rng: random.Random, *, rules: differenzler.Rules | None = None
) -> tuple[CardSet, ...]:
    """The four hands now, drawn uniformly among those consistent with ``view`` (see
    :func:`differenzler_sampler`).

    >>> import random
    >>> from jass import differenzler
    >>> state = differenzler.new_game(seed=2)
    >>> view = differenzler.observe(state, 0)
    >>> hands = sample_differenzler(view, random.Random(0))
    >>> view.face_up in hands[view.dealer]
    True
    """
    return differenzler_sampler(view, rules=rules).sample(rng)


# --- la pomme -------------------------------------------------------------------------------


@attrs.frozen
class PommeSample:
    """A deal of the cards a la pomme player cannot see.

    The zones are as :func:`jass.pomme.card_zones` names them: ``extras`` are the face-down
    extras of the seats that have not decided on their exchange yet (empty once decided),
    ``talon`` the 11 cards under the top card, ``out_of_play`` the cards put away in the
    exchange.
    """

    #: Both hands now (the observer's own is its own).
    hands: tuple[CardSet, ...]
    #: Each seat's face-down extras (3 cards until it decides, then none).
    extras: tuple[CardSet, ...]
    #: The 11 face-down cards of the talon.
    talon: CardSet
    #: The cards put out of play in the exchange.
    out_of_play: CardSet


def pomme_sampler(view: pomme.Observation, *, out_of_play: CardSet = CardSet(), max_tries: int = 100_000) -> HandSampler:
    """A :class:`HandSampler` for a la pomme observation: the other hand from the cards not
    seen (neither in the observer's hand, nor played, nor the top card of the talon), with the
    turned card in the hand of the seat that swapped the trump 6 for it (until it is played).
    The observer may add the cards it put ``out_of_play`` itself (the observation does not
    keep them)."""
    if not isinstance(view, pomme.Observation):
        raise InvalidCardsError(f"{view!r} is not a pomme.Observation")
    tricks = _tricks(view.tricks)
    trick = [c.index for c in view.trick]
    played = _played(tricks, trick)
    other = 1 - _observer(view)
    known = {}
    if view.swapped_by == other and not played & view.turned.bit:
        known[other] = view.turned.bit
    return HandSampler(
        seats=pomme.SEATS,
        observer=_observer(view),
        hand=view.hand.bits,
        hand_sizes=view.hand_sizes,
        trump=int(view.trump),
        rules=view.rules.play_rules,
        tricks=tricks,
        trick=trick,
        trick_leader=view.trick_leader,
        known=known,
        excluded=view.top_card.bit | out_of_play.bits,
        max_tries=max_tries,
    )


def sample_pomme(view: pomme.Observation, rng: random.Random, *, out_of_play: CardSet = CardSet()) -> PommeSample:
    """The unseen cards of a la pomme observation, dealt uniformly among the deals consistent
    with it (see :func:`pomme_sampler`): the other hand, and the rest split at random into
    the undecided seats' extras, the talon and the cards out of play.

    >>> import random
    >>> from jass import pomme
    >>> view = pomme.observe(pomme.new_game(seed=3), 0)
    >>> sample = sample_pomme(view, random.Random(5))
    >>> [len(h) for h in sample.hands], [len(e) for e in sample.extras], len(sample.talon), len(sample.out_of_play)
    ([9, 9], [3, 3], 11, 0)
    """
    sampler = pomme_sampler(view, out_of_play=out_of_play)
    hands, rest = sampler.sample_with_rest(rng)
    cards = _cards(rest)
    rng.shuffle(cards)
    extras = []
    for seat in range(pomme.SEATS):
        if view.exchanges[seat] is None:
            extras.append(CardSet.from_bits(sum(1 << c for c in cards[:3])))
            cards = cards[3:]
        else:
            extras.append(CardSet())
    talon = CardSet.from_bits(sum(1 << c for c in cards[:11]))
    away = CardSet.from_bits(sum(1 << c for c in cards[11:]) | out_of_play.bits)
    return PommeSample(tuple(CardSet.from_bits(h) for h in hands), tuple(extras), talon, away)
