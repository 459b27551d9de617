"""The card play of one round, shared by every variant.

A :class:`CardPlay` holds the hands, the trick in progress and the tricks
taken. Its :meth:`CardPlay.play` checks a card against :func:`jass.tricks.legal_cards`
(the one place the rules of card play live) and returns a new :class:`CardPlay`;
the variants wrap it with what they add (trump choice, Weis, predictions, the
exchange, scoring).

>>> from jass import CardSet, Trump
>>> hands = (CardSet.parse("C6 HA"), CardSet.parse("CJ H6"))
>>> play = CardPlay.start(Trump.EICHELN, hands, leader=0)
>>> play = play.play(Card.HA).play(Card.CJ)     # the Bauer takes the Ace
>>> play.tricks[0].winner, play.tricks[0].points, play.to_play
(1, 31, 1)
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from typing import Final

import attrs

from jass.cards import _MASK64, SUIT_MASKS, Card, CardSet, _from_bits, _splitmix64
from jass.errors import IllegalMoveError, InvalidCardsError
from jass.tricks import PlayRules, Undertrump, legal_bits
from jass.trump import (
    DEFAULT_TRUMP_JACK_POINTS,
    LAST_TRICK_BONUS,
    TRICK_KEYS,
    TRUMP_STRENGTH,
    Trump,
    point_table,
)

__all__ = ["PlayCard", "Trick", "CardPlay", "explain_illegal_card", "round_seed", "seeded_seat", "new_seed"]


@attrs.frozen(repr=False)
class PlayCard:
    """The move "play this card" (every variant).

    >>> PlayCard(Card.H10)
    PlayCard(Card.H10)
    """

    card: Card = attrs.field(converter=Card.parse)  # type: ignore[misc]

    def __repr__(self) -> str:
        return f"PlayCard(Card.{self.card.name})"

    def __str__(self) -> str:
        return f"play {self.card}"


@attrs.frozen
class Trick:
    """A completed trick: who led it, its cards in play order, who won it and its card points
    (the last-trick bonus not included)."""

    leader: int
    cards: tuple[Card, ...]
    winner: int
    points: int

    def played_by(self, seat: int, seats: int) -> Card:
        """The card that ``seat`` played to this trick."""
        return self.cards[(seat - self.leader) % seats]

    def _repr_svg_(self) -> str:
        """The trick's cards in play order (Jupyter)."""
        from jass.pictures import trick_svg

        return trick_svg(self.cards)


@attrs.frozen
class CardPlay:
    """The cards of one round in play: hands, the trick in progress, the tricks taken.

    Build it with :meth:`start`; every :meth:`play` returns a new one.
    """

    trump: Trump
    hands: tuple[CardSet, ...]
    leader: int
    trick: tuple[Card, ...] = ()
    tricks: tuple[Trick, ...] = ()
    rules: PlayRules = PlayRules()
    trump_jack_points: int = DEFAULT_TRUMP_JACK_POINTS

    @classmethod
    def start(
        cls,
        trump: Trump,
        hands: Sequence[CardSet],
        leader: int,
        rules: PlayRules = PlayRules(),
        trump_jack_points: int = DEFAULT_TRUMP_JACK_POINTS,
    ) -> CardPlay:
        """The start of play: ``hands`` (one per seat, equal sizes, no card twice) and the
        seat that leads the first trick."""
        hands = tuple(hands)
        if not hands or not all(isinstance(h, CardSet) for h in hands):
            raise InvalidCardsError(f"hands={hands!r}: expected a sequence of CardSet, one per seat")
        sizes = {len(h) for h in hands}
        if len(sizes) != 1 or 0 in sizes:
            raise InvalidCardsError(
                f"every hand must hold the same number of cards (at least one), got {sorted(len(h) for h in hands)}"
            )
        seen = 0
        for hand in hands:
            if seen & hand.bits:
                raise InvalidCardsError(f"{CardSet.from_bits(seen & hand.bits)} dealt twice")
            seen |= hand.bits
        if isinstance(leader, bool) or not isinstance(leader, int) or not 0 <= leader < len(hands):
            raise InvalidCardsError(f"leader={leader!r}: expected a seat 0..{len(hands) - 1}")
        point_table(trump, trump_jack_points)  # validates the points
        return cls(Trump(trump), hands, leader, (), (), rules, trump_jack_points)

    @property
    def seats(self) -> int:
        """The number of players."""
        return len(self.hands)

    @property
    def is_done(self) -> bool:
        """True when every card has been played."""
        # Between tricks every hand holds the same number of cards.
        return not self.trick and not self.hands[self.leader]

    @property
    def to_play(self) -> int | None:
        """The seat whose card is due, or ``None`` when the round's cards are all played."""
        if self.is_done:
            return None
        return (self.leader + len(self.trick)) % len(self.hands)

    @property
    def trick_number(self) -> int:
        """The number of the trick in progress, 0 for the first."""
        return len(self.tricks)

    def legal_cards(self) -> CardSet:
        """The cards the seat to play may play (empty when the round is done)."""
        seat = self.to_play
        if seat is None:
            return CardSet()
        return CardSet.from_bits(self._legal_bits())

    def _legal_bits(self) -> int:
        """The legal cards of the seat to play, as bits (the round must not be done)."""
        global _last_legal
        cached, bits = _last_legal
        if cached is self:
            return bits
        seat = (self.leader + len(self.trick)) % len(self.hands)
        rules = self.rules
        bits = legal_bits(
            self.hands[seat].bits,
            [card._value_ for card in self.trick],  # the cards' indices (Card.index, unwrapped)
            self.trump,
            rules.bauer_exception,
            rules.undertrump is Undertrump.ALLOWED,
        )
        _last_legal = (self, bits)
        return bits

    def play(self, card: Card) -> CardPlay:
        """The play after the seat to play plays ``card``.

        Raises :class:`~jass.errors.IllegalMoveError` (and changes nothing) when the
        card is not legal, saying why and what would be.
        """
        trick = self.trick
        hands = self.hands
        if not trick and not hands[self.leader]:
            raise IllegalMoveError(f"cannot play {card!s}: every card of the round has been played")
        seat = (self.leader + len(trick)) % len(hands)
        if not isinstance(card, Card):
            raise IllegalMoveError(f"{card!r} is not a card")
        index = card._value_
        if not self._legal_bits() >> index & 1:
            raise IllegalMoveError(
                explain_illegal_card(self.hands[seat], self.trick, self.trump, self.rules, card, seat)
            )
        hands = hands[:seat] + (_from_bits(hands[seat].bits & ~(1 << index)),) + hands[seat + 1 :]
        trick = trick + (card,)
        if len(trick) < len(hands):
            return CardPlay(
                self.trump, hands, self.leader, trick, self.tricks, self.rules, self.trump_jack_points
            )
        keys = TRICK_KEYS[self.trump][trick[0]._value_ // 9]
        table = point_table(self.trump, self.trump_jack_points)
        position = 0
        best = -2
        points = 0
        for i, played in enumerate(trick):
            index = played._value_
            points += table[index]
            if keys[index] > best:
                position, best = i, keys[index]
        winner = (self.leader + position) % len(hands)
        done = Trick(self.leader, trick, winner, points)
        return CardPlay(
            self.trump, hands, winner, (), self.tricks + (done,), self.rules, self.trump_jack_points
        )

    def points(self) -> tuple[int, ...]:
        """Card points taken by each seat so far, with the last-trick bonus once it is taken."""
        totals = [0] * len(self.hands)
        for trick in self.tricks:
            totals[trick.winner] += trick.points
        if self.is_done and self.tricks:
            totals[self.tricks[-1].winner] += LAST_TRICK_BONUS
        return tuple(totals)

    def tricks_won(self) -> tuple[int, ...]:
        """The number of tricks each seat has taken."""
        counts = [0] * len(self.hands)
        for trick in self.tricks:
            counts[trick.winner] += 1
        return tuple(counts)

    def played(self) -> CardSet:
        """Every card played so far, in completed tricks and in the trick in progress."""
        bits = 0
        for trick in self.tricks:
            for card in trick.cards:
                bits |= 1 << card.index
        for card in self.trick:
            bits |= 1 << card.index
        return CardSet.from_bits(bits)

    def zones(self) -> dict[str, CardSet]:
        """Where the cards of the play are: ``"hand 0"``, ``"hand 1"``, ... (the cards each
        seat holds), ``"trick"`` (the trick in progress) and ``"won 0"``, ``"won 1"``, ...
        (the cards of the tricks each seat has taken). The variants' ``card_zones`` build on it.

        >>> hands = (CardSet.parse("C6 HA"), CardSet.parse("CJ H6"))
        >>> CardPlay.start(Trump.EICHELN, hands, leader=0).play(Card.HA).play(Card.CJ).zones()
        {'hand 0': CardSet('C6'), 'hand 1': CardSet('H6'), 'trick': CardSet(), 'won 0': CardSet(), 'won 1': CardSet('CJ HA')}
        """
        seats = len(self.hands)
        won = [0] * seats
        for trick in self.tricks:
            for card in trick.cards:
                won[trick.winner] |= 1 << card.index
        zones = {f"hand {seat}": hand for seat, hand in enumerate(self.hands)}
        zones["trick"] = CardSet(self.trick)
        for seat in range(seats):
            zones[f"won {seat}"] = CardSet.from_bits(won[seat])
        return zones


# The legal cards of the last CardPlay asked for them. A player's turn asks twice for
# the same object (legal_moves, then apply); keeping the object in the cache also keeps
# its id from being reused by another.
_last_legal: tuple[CardPlay | None, int] = (None, 0)

_SUIT_NAMES: Final = ("Eicheln (♣)", "Rosen (♠)", "Schilten (♥)", "Schellen (♦)")


def explain_illegal_card(
    hand: CardSet,
    trick: Sequence[Card],
    trump: Trump,
    rules: PlayRules,
    card: Card,
    seat: int | None = None,
) -> str:
    """A sentence saying why ``card`` may not be played from ``hand`` to ``trick``,
    and which cards may.

    >>> print(explain_illegal_card(CardSet.parse("H6 H10 C8"), [Card.SA, Card.H9], Trump.SCHILTEN,
    ...                            PlayRules(), Card.H6, seat=2))
    H6 would undertrump H9 in a trick of Rosen (♠) with Schilten (♥) trump (seat 2 may play C8)
    """
    who = f"seat {seat}" if seat is not None else "the player"
    legal = CardSet.from_bits(
        legal_bits(
            hand.bits,
            [c.index for c in trick],
            trump,
            rules.bauer_exception,
            rules.undertrump is Undertrump.ALLOWED,
        )
    )
    allowed = f"({who} may play {legal})"
    if card not in hand:
        return f"{who} does not hold {card} {allowed}"
    led = trick[0].suit
    trump_suit = trump.suit
    if trump_suit is not None and card.suit == trump_suit and led != trump_suit:
        best = max(
            (c for c in trick if c.suit == trump_suit),
            key=lambda c: TRUMP_STRENGTH[c.rank],
        )
        return (
            f"{card} would undertrump {best} in a trick of {_SUIT_NAMES[led]} "
            f"with {_SUIT_NAMES[trump_suit]} trump {allowed}"
        )
    if led == trump_suit:
        return f"{card} does not follow trump {_SUIT_NAMES[led]}: {who} must play a trump {allowed}"
    if hand.bits & SUIT_MASKS[led]:
        return f"{card} does not follow the led suit {_SUIT_NAMES[led]} {allowed}"
    return f"{card} is not allowed here {allowed}"  # pragma: no cover - every case is named above


def round_seed(seed: int, round_number: int) -> int:
    """The seed of the deal of round ``round_number`` (0 = the first) in a game seeded with
    ``seed``. The first round uses the game's seed itself, so ``deal(seed)`` is its deal.

    >>> round_seed(7, 0)
    7
    >>> round_seed(7, 1) != round_seed(8, 1)
    True
    """
    if round_number == 0:
        return seed
    _, mixed = _splitmix64((seed ^ (round_number * 0xD1B54A32D192ED03)) & _MASK64)
    return mixed


def seeded_seat(seed: int, seats: int) -> int:
    """A seat 0..seats-1 drawn from ``seed`` (used for the first dealer)."""
    _, mixed = _splitmix64((seed ^ 0xA0761D6478BD642F) & _MASK64)
    return mixed % seats


def new_seed() -> int:
    """A fresh random 64-bit seed, for games started without one."""
    return secrets.randbits(64)
