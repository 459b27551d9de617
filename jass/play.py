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

import functools
import secrets
from collections.abc import Iterator, Sequence
from typing import Any, ClassVar, Final, Protocol

import attrs

from jass._kernel import HAND_BITS, HAND_MASK, NO_STRENGTH, SUIT_MASKS, TRUMP_STRENGTHS, legal, mix
from jass._base import cards_in_order, check_same, int_in
from jass.cards import Card, CardSet, Suit, card_set_of
from jass.errors import IllegalMoveError, InvalidCardsError, InvalidRulesError, InvalidStateError, SerialError
from jass.tricks import PlayRules, Undertrump, legal_bits, legal_cards, winning_position
from jass.trump import (
    DEFAULT_TRUMP_JACK_POINTS,
    LAST_TRICK_BONUS,
    TRICK_KEYS,
    TRUMP_STRENGTH,
    LeadMode,
    PerTrickMode,
    RoundMode,
    Trump,
    parse_mode,
    point_table,
)

__all__ = [
    "PlayCard",
    "card_moves",
    "Trick",
    "PlaySetup",
    "CardPlay",
    "HAND_BITS",
    "explain_illegal_card",
    "round_seed",
    "seeded_seat",
    "new_seed",
    "parse_play",
    "check_disjoint",
    "check_public_tricks",
    "check_hand_view",
    "check_legal_cards",
    "shown_trump",
    "PlayView",
    "MAX_SEATS",
]


@attrs.frozen(repr=False, cache_hash=True)  # the search bots key their trees by moves, shared (below)
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


#: The move of each card, by card index: moves are shared, never rebuilt.
_PLAY_MOVES: Final = tuple(PlayCard(card) for card in sorted(Card))
# _SUIT_MOVES[suit][mask]: the moves of the cards ``mask`` of one suit, so that the moves of
# any set of cards are four lookups (every variant's legal_moves runs for every card).
_SUIT_MOVES: Final[tuple[tuple[tuple[PlayCard, ...], ...], ...]] = tuple(
    tuple(
        tuple(_PLAY_MOVES[suit * 9 + rank] for rank in range(9) if mask >> rank & 1)
        for mask in range(512)
    )
    for suit in range(4)
)


def card_moves(bits: int) -> tuple[PlayCard, ...]:
    """The :class:`PlayCard` moves of the cards in the bit set ``bits``, in card order
    (the moves are shared objects).

    >>> card_moves(CardSet.parse("C6 H10").bits)
    (PlayCard(Card.C6), PlayCard(Card.H10))
    """
    suits = _SUIT_MOVES
    return suits[0][bits & 0x1FF] + suits[1][bits >> 9 & 0x1FF] + suits[2][bits >> 18 & 0x1FF] + suits[3][bits >> 27]


def parse_play(text: str) -> PlayCard:
    """The card move of the text after ``play`` in a record (``"H10"``); every variant reads
    its card moves this way."""
    return PlayCard(Card.parse(text))


#: The most players the card play deals for: six, six cards each (a trick holds a card of each).
MAX_SEATS: Final = 6
_SEAT: Final = int_in(0, MAX_SEATS - 1, error=InvalidStateError)


@attrs.frozen
class Trick:
    """A completed trick: who led it, its cards in play order, who won it and its card points
    (the last-trick bonus not included)."""

    leader: int = attrs.field(validator=_SEAT)
    cards: tuple[Card, ...] = attrs.field(validator=cards_in_order(1, MAX_SEATS, error=InvalidStateError))
    winner: int = attrs.field(validator=_SEAT)
    points: int = attrs.field(validator=int_in(0, 5000, error=InvalidStateError))

    def played_by(self, seat: int, seats: int) -> Card:
        """The card that ``seat`` played to this trick."""
        return self.cards[(seat - self.leader) % seats]

    def _repr_svg_(self) -> str:
        """The trick's cards in play order (Jupyter)."""
        from jass.pictures import trick_svg

        return trick_svg(self.cards)




@attrs.frozen
class PlaySetup:
    """What stays the same through the card play of a trick: the round's mode, the number of
    seats, the card-play options and the trump Jack's value, the trick's mode and the tables
    derived from them. In the six classic modes one setup serves every trick of the round
    (:attr:`following` is itself); in a :class:`~jass.trump.PerTrickMode` each trick number
    has its own, and :attr:`following` is the next trick's. Every :class:`CardPlay` of a trick
    shares one.

    >>> PlaySetup.of(Trump.OBENABE, 4).points[Card.HA.index]
    11
    >>> slalom = PlaySetup.of(PerTrickMode.SLALOM_OBENABE, 4)
    >>> slalom.trump, slalom.following.trump, slalom.following.points[Card.HA.index]
    (Trump.OBENABE, Trump.UNDENUFE, 0)

    In a :class:`~jass.trump.LeadMode` a trick may wait on its deciding card: its setup then
    has one setup for each suit that card may be of (:attr:`by_lead`), and the card play moves
    to it when the card is led.

    >>> alles = PlaySetup.of(LeadMode.ALLES_TRUMPF, 4)
    >>> alles.by_lead[Suit.ROSEN].trump, alles.by_lead[Suit.ROSEN].points[Card.SJ.index]
    (Trump.ROSEN, 20)
    """

    #: The round's mode.
    mode: RoundMode
    seats: int
    rules: PlayRules = PlayRules()
    trump_jack_points: int = DEFAULT_TRUMP_JACK_POINTS
    #: The number of the trick this setup plays (0 for the first; always 0 in a classic mode,
    #: whose setup serves every trick).
    trick: int = 0
    #: In a :class:`~jass.trump.LeadMode`, the suit (0..3) of the card that decided this
    #: trick's mode; -1 when no card decides it or it is not yet played.
    lead: int = -1
    #: The mode of the trick: the round's mode in a classic mode.
    trump: Trump = attrs.field(init=False, repr=False, eq=False)
    #: Card points by card index.
    points: tuple[int, ...] = attrs.field(init=False, repr=False, eq=False)
    #: ``trick_keys[led_suit][card_index]``: a card's strength in a trick.
    trick_keys: tuple[tuple[int, ...], ...] = attrs.field(init=False, repr=False, eq=False)
    #: Trump strength by card index when undertrumping is restricted (else all -1).
    undertrump_strengths: tuple[int, ...] = attrs.field(init=False, repr=False, eq=False)
    #: The trick's mode as a plain int, and the Bauer exception: read on every card.
    trump_value: int = attrs.field(init=False, repr=False, eq=False)
    bauer_exception: bool = attrs.field(init=False, repr=False, eq=False)
    #: True when a trump mode restricts undertrumping, so the trick's best trump matters.
    undertrump_restricted: bool = attrs.field(init=False, repr=False, eq=False)
    #: True when a player void in the led suit may undertrump (``Undertrump.ALLOWED_IF_VOID``).
    void_undertrumps: bool = attrs.field(init=False, repr=False, eq=False)
    #: The setup of the next trick (this one in a classic mode, and for the last trick a round
    #: can have): the card play moves to it when a trick is complete.
    following: PlaySetup = attrs.field(init=False, repr=False, eq=False)
    #: For a trick waiting on the card that decides its mode, the setup after a lead of each
    #: suit, by suit; ``None`` for every other trick (the card play reads it on every lead).
    by_lead: tuple[PlaySetup, ...] | None = attrs.field(init=False, repr=False, eq=False)
    #: True when every trick of the round counts with this setup's :attr:`points`, the tricks
    #: already taken too (Elefant once its trump is decided): the card play counts them again
    #: when it moves to this setup.
    counts_back: bool = attrs.field(init=False, repr=False, eq=False)

    def __attrs_post_init__(self) -> None:
        # Derived once per trick number (or once in all, through ``of``), read on every card.
        set_field = object.__setattr__
        mode = self.mode
        lead = None if self.lead < 0 else Suit(self.lead)
        trump = mode.trick_mode(self.trick, lead)
        set_field(self, "trump", trump)
        if type(mode) is LeadMode:
            set_field(self, "points", mode.trick_points(self.trick, lead, self.trump_jack_points))
        else:
            set_field(self, "points", point_table(trump, self.trump_jack_points))
        set_field(self, "trick_keys", TRICK_KEYS[trump])
        allowed = self.rules.undertrump is Undertrump.ALLOWED
        set_field(self, "undertrump_strengths", NO_STRENGTH if allowed else TRUMP_STRENGTHS[trump])
        set_field(self, "trump_value", int(trump))
        set_field(self, "bauer_exception", self.rules.bauer_exception)
        set_field(self, "undertrump_restricted", not allowed and trump < 4)
        set_field(self, "void_undertrumps", self.rules.undertrump is Undertrump.ALLOWED_IF_VOID)
        last = 36 // self.seats - 1
        set_field(self, "by_lead", None)
        set_field(self, "counts_back", False)
        if type(mode) is LeadMode:
            waits = self.lead < 0 and mode.decided_by(self.trick) == self.trick
            if waits:
                set_field(self, "by_lead", tuple(_setup(mode, self.seats, self.rules, self.trump_jack_points,
                                                        self.trick, suit) for suit in range(4)))
            set_field(self, "counts_back", mode.counts_back and self.lead >= 0)
        if type(mode) is Trump or self.trick >= last:
            set_field(self, "following", self)
        else:
            # A decision taken in an earlier trick holds for the next (Elefant's trump).
            decider = mode.decided_by(self.trick + 1) if type(mode) is LeadMode else None
            keep = self.lead if decider is not None and decider <= self.trick else -1
            set_field(self, "following", _setup(mode, self.seats, self.rules, self.trump_jack_points,
                                                self.trick + 1, keep))

    def __reduce__(self) -> tuple[object, tuple[RoundMode, int, PlayRules, int, int, int]]:
        # Pickled as its values, not its tables; unpickling shares the cached setup.
        return (_setup, (self.mode, self.seats, self.rules, self.trump_jack_points, self.trick, self.lead))

    def at_trick(self, number: int) -> PlaySetup:
        """The setup of trick ``number`` of the round (itself in a classic mode) before any
        card of it; in a :class:`~jass.trump.LeadMode` use :meth:`walk`, which knows the cards
        that decide."""
        if type(self.mode) is Trump:
            return self
        return _setup(self.mode, self.seats, self.rules, self.trump_jack_points,
                      max(0, min(number, 36 // self.seats - 1)), -1)

    def after_lead(self, card: Card) -> PlaySetup:
        """The setup of this trick once ``card`` is led to it: itself, unless the trick waits
        on its deciding card (:attr:`by_lead`)."""
        return self if self.by_lead is None else self.by_lead[card._value_ // 9]

    def walk(self, leads: Sequence[Card]) -> list[PlaySetup]:
        """The setup each trick of the round is played in, ``leads`` being the first card of
        every trick led so far, from the start of the round.

        >>> elefant = PlaySetup.of(LeadMode.ELEFANT, 4)
        >>> [setup.trump.symbol for setup in elefant.walk([Card.HA] * 6 + [Card.C6, Card.DA])]
        ['⬇', '⬇', '⬇', '⬆', '⬆', '⬆', '♣', '♣']
        """
        setup = self.at_trick(0)
        setups = []
        for card in leads:
            setup = setup.after_lead(card)
            setups.append(setup)
            setup = setup.following
        return setups

    def now(self, tricks: Sequence[Trick], trick: Sequence[Card], over: bool = False) -> PlaySetup:
        """The setup of the trick in progress after ``tricks`` and the cards ``trick`` of the
        round this setup belongs to (``over``: every card is played, the last trick's)."""
        if type(self.mode) is not LeadMode:
            return self.at_trick(len(tricks) - 1 if over and not trick else len(tricks))
        setups = self.walk([done.cards[0] for done in tricks] + list(trick[:1]))
        if not setups:
            return self.at_trick(0)
        return setups[-1] if trick or over else setups[-1].following

    @staticmethod
    def counted_points(setups: Sequence[PlaySetup]) -> list[tuple[int, ...]]:
        """The card points each trick of ``setups`` (from :meth:`walk`) counts with now: its
        own, or the last one's when that counts back (Elefant once trump is decided)."""
        if setups and setups[-1].counts_back:
            return [setups[-1].points] * len(setups)
        return [setup.points for setup in setups]

    @staticmethod
    def of(
        trump: RoundMode,
        seats: int,
        rules: PlayRules = PlayRules(),
        trump_jack_points: int = DEFAULT_TRUMP_JACK_POINTS,
    ) -> PlaySetup:
        """The shared setup of the first trick of a round in mode ``trump`` (a
        :class:`~jass.trump.Trump` or a :class:`~jass.trump.PerTrickMode`) with these values,
        validated (one object per distinct setup)."""
        # The cheap checks come first, so that the cache is only asked with hashable keys.
        if not isinstance(rules, PlayRules):
            raise InvalidRulesError(f"rules={rules!r}: expected a PlayRules")
        if type(trump) is not Trump and type(trump) is not PerTrickMode and type(trump) is not LeadMode:
            if isinstance(trump, int) and not isinstance(trump, bool) and 0 <= trump <= 15:
                trump = Trump(trump) if trump <= 5 else PerTrickMode(trump) if trump <= 13 else LeadMode(trump)
            else:
                trump = parse_mode(trump)  # a name, or an error saying what a mode is
        if type(seats) is not int or not 1 <= seats <= MAX_SEATS:
            raise InvalidCardsError(f"seats={seats!r}: expected 1..{MAX_SEATS} players")
        if type(trump_jack_points) is not int:
            raise InvalidRulesError(f"trump_jack_points={trump_jack_points!r}: expected an int")
        return _setup(trump, seats, rules, trump_jack_points, 0, -1)


@functools.lru_cache(maxsize=1024)
def _setup(trump: RoundMode, seats: int, rules: PlayRules, trump_jack_points: int, trick: int,
           lead: int) -> PlaySetup:
    point_table(Trump.OBENABE, trump_jack_points)  # validates the points, once per distinct setup
    return PlaySetup(trump, seats, rules, trump_jack_points, trick, lead)


def _legal_after(setup: PlaySetup, hand: int, trick: tuple[Card, ...]) -> int:
    """The legal cards of ``hand`` (bits) to ``trick`` (not empty) under ``setup``."""
    best = -1
    if setup.undertrump_restricted:
        strengths = setup.undertrump_strengths
        for card in trick:
            strength = strengths[card._value_]
            if strength > best:
                best = strength
    return legal(hand, trick[0]._value_ // 9, best, setup.trump_value, setup.bauer_exception, setup.void_undertrumps)


@attrs.frozen(repr=False)
class CardPlay:
    """The cards of one round in play: hands, the trick in progress, the tricks taken.

    Build it with :meth:`start`; every :meth:`play` returns a new one. The hands are
    kept as one int (:attr:`hand_bits`) and shown as :attr:`hands`; the legal cards of
    the seat to play are worked out once, when the play is built, as every turn asks
    for them at least twice (the moves, then the check of the move made).
    """

    #: JSON writes a play as these (``hands`` for :attr:`hand_bits`; the setup as its parts).
    JSON_FIELDS: ClassVar[tuple[str, ...]] = ("trump", "hands", "leader", "trick", "tricks", "rules", "trump_jack_points")

    #: Mode, seats and options, shared by every play of the round.
    setup: PlaySetup
    #: Every hand in one int: seat *s* holds bits ``36*s .. 36*s+35`` (see :attr:`hands`).
    hand_bits: int
    #: The seat that led (or leads) the trick in progress.
    leader: int
    #: The cards of the trick in progress, in play order.
    trick: tuple[Card, ...]
    #: The tricks taken, in order.
    tricks: tuple[Trick, ...]
    #: The legal cards of the seat to play, as bits (0 once every card is played).
    legal_bits: int

    @classmethod
    def start(
        cls,
        trump: RoundMode,
        hands: Sequence[CardSet],
        leader: int,
        rules: PlayRules = PlayRules(),
        trump_jack_points: int = DEFAULT_TRUMP_JACK_POINTS,
    ) -> CardPlay:
        """The start of play in mode ``trump`` (one of the six :class:`~jass.trump.Trump`
        modes, or a :class:`~jass.trump.PerTrickMode` whose tricks each have their own):
        ``hands`` (one per seat, equal sizes, no card twice) and the seat that leads the first
        trick.

        >>> hands = (CardSet.parse("HA H6"), CardSet.parse("HK H7"))
        >>> play = CardPlay.start(PerTrickMode.SLALOM_OBENABE, hands, leader=0)
        >>> play = play.play(Card.HA).play(Card.HK)      # trick 1, Obenabe: the Ace wins
        >>> play.tricks[0].winner, play.tricks[0].points, play.trump
        (0, 15, Trump.UNDENUFE)
        >>> play = play.play(Card.H6).play(Card.H7)      # trick 2, Undenufe: the 6 wins, 11 points
        >>> play.tricks[1].winner, play.tricks[1].points, play.mode
        (0, 11, PerTrickMode.SLALOM_OBENABE)
        """
        hands = tuple(hands)
        if not hands:
            raise InvalidCardsError(f"hands={hands!r}: expected a sequence of CardSet, one per seat")
        # One pass checks the hands and packs them (every round of every game starts here).
        seen = packed = 0
        size = hands[0].bits.bit_count() if type(hands[0]) is CardSet else -1
        for seat, hand in enumerate(hands):
            if type(hand) is not CardSet:
                raise InvalidCardsError(f"hands={hands!r}: expected a sequence of CardSet, one per seat")
            bits = hand._bits
            if seen & bits:
                raise InvalidCardsError(f"{CardSet.from_bits(seen & bits)} dealt twice")
            if bits.bit_count() != size or not size:
                raise InvalidCardsError(
                    "every hand must hold the same number of cards (at least one), "
                    f"got {sorted(len(h) for h in hands)}"
                )
            seen |= bits
            packed |= bits << HAND_BITS * seat
        if type(leader) is not int or not 0 <= leader < len(hands):
            raise InvalidCardsError(f"leader={leader!r}: expected a seat 0..{len(hands) - 1}")
        setup = PlaySetup.of(trump, len(hands), rules, trump_jack_points)
        return cls(setup, packed, leader, (), (), hands[leader]._bits)

    @classmethod
    def from_parts(
        cls,
        setup: PlaySetup,
        hands: Sequence[CardSet],
        leader: int,
        trick: tuple[Card, ...] = (),
        tricks: tuple[Trick, ...] = (),
    ) -> CardPlay:
        """A play at any moment, from its parts as given: nothing is checked against the
        rules (:mod:`jass.serial` checks a loaded play by replaying it from the start). The
        setup may be that of any trick of the round: the play takes the one of its trick."""
        if len(hands) != setup.seats:
            raise InvalidCardsError(f"{len(hands)} hands for {setup.seats} seats")
        hand = hands[(leader + len(trick)) % setup.seats].bits
        # After the last trick the play keeps the last trick's setup (see play).
        setup = setup.now(tricks, trick, over=not hand and not trick)
        legal = 0 if not hand else _legal_after(setup, hand, trick) if trick else hand
        return cls(setup, _pack(hands), leader, tuple(trick), tuple(tricks), legal)

    def with_hands(self, hands: Sequence[CardSet]) -> CardPlay:
        """This play with other hands (the same sizes); what the seat to play may play is
        worked out again. For tests that hide cards: the result need not be reachable."""
        return CardPlay.from_parts(self.setup, hands, self.leader, self.trick, self.tricks)

    @property
    def trump(self) -> Trump:
        """The mode of the trick in progress (after the last trick: of the last trick); in the
        six classic modes, the round's mode."""
        return self.setup.trump

    @property
    def mode(self) -> RoundMode:
        """The round's mode: a :class:`~jass.trump.Trump`, or a
        :class:`~jass.trump.PerTrickMode` or :class:`~jass.trump.LeadMode` whose tricks each
        have their own (:attr:`trump`)."""
        return self.setup.mode

    @property
    def decided_trump(self) -> Trump | None:
        """The mode of the trick in progress as the table knows it: :attr:`trump`, or ``None``
        while the trick waits on the card led that decides it (a :class:`~jass.trump.LeadMode`:
        no trump is shown that is not yet made)."""
        return None if self.setup.by_lead is not None else self.setup.trump

    @property
    def rules(self) -> PlayRules:
        """The card-play options."""
        return self.setup.rules

    @property
    def trump_jack_points(self) -> int:
        """The trump Jack's card points."""
        return self.setup.trump_jack_points

    @property
    def seats(self) -> int:
        """The number of players."""
        return self.setup.seats

    @property
    def hands(self) -> tuple[CardSet, ...]:
        """The cards each seat holds."""
        bits = self.hand_bits
        return tuple(card_set_of(bits >> HAND_BITS * seat & HAND_MASK) for seat in range(self.setup.seats))

    def hand(self, seat: int) -> CardSet:
        """The cards ``seat`` holds."""
        return card_set_of(self.hand_bits >> HAND_BITS * seat & HAND_MASK)

    @property
    def hand_sizes(self) -> tuple[int, ...]:
        """How many cards each seat holds (public at the table)."""
        bits = self.hand_bits
        return tuple([(bits >> HAND_BITS * seat & HAND_MASK).bit_count() for seat in range(self.setup.seats)])

    @property
    def is_done(self) -> bool:
        """True when every card has been played."""
        return not self.legal_bits

    @property
    def to_play(self) -> int | None:
        """The seat whose card is due, or ``None`` when the round's cards are all played."""
        if not self.legal_bits:
            return None
        return (self.leader + len(self.trick)) % self.setup.seats

    @property
    def trick_number(self) -> int:
        """The number of the trick in progress, 0 for the first."""
        return len(self.tricks)

    def legal_cards(self) -> CardSet:
        """The cards the seat to play may play (empty when the round is done)."""
        return card_set_of(self.legal_bits)

    def play(self, card: Card) -> CardPlay:
        """The play after the seat to play plays ``card``.

        Raises :class:`~jass.errors.IllegalMoveError` (and changes nothing) when the card is
        not legal: its text names the card and the seat to play, its ``detail`` why and its
        ``legal_moves`` what would be (they show the seat's hand).
        """
        if type(card) is not Card:
            raise IllegalMoveError(f"{card!r:.40} is not a card")
        index = card._value_
        if not self.legal_bits >> index & 1:
            raise self._refused(card)
        setup = self.setup
        seats = setup.seats
        trick = self.trick
        leader = self.leader
        tricks = self.tricks
        if not trick and setup.by_lead is not None:
            # The card led decides the trick's mode (a LeadMode): the play moves to its setup.
            setup = setup.by_lead[index // 9]
            if setup.counts_back:
                tricks = _counted_again(tricks, setup.points)
        seat = (leader + len(trick)) % seats
        hands = self.hand_bits & ~(1 << (36 * seat + index))  # 36: HAND_BITS
        trick = trick + (card,)
        # Built slot by slot (see _new below): this runs for every card of every game.
        new = _new(CardPlay)
        _set_hand_bits(new, hands)
        if len(trick) < seats:
            _set_setup(new, setup)
            _set_leader(new, leader)
            _set_trick(new, trick)
            _set_tricks(new, tricks)
            _set_legal_bits(new, _legal_after(setup, hands >> 36 * ((seat + 1) % seats) & HAND_MASK, trick))
            return new
        keys = setup.trick_keys[trick[0]._value_ // 9]
        table = setup.points
        position = 0
        best = -2
        points = 0
        for i, played in enumerate(trick):
            index = played._value_
            points += table[index]
            if keys[index] > best:
                position, best = i, keys[index]
        winner = (leader + position) % seats
        _set_leader(new, winner)
        _set_trick(new, ())
        done = _new(Trick)  # Trick(leader, trick, winner, points), slot by slot
        _set_trick_leader(done, leader)
        _set_trick_cards(done, trick)
        _set_trick_winner(done, winner)
        _set_trick_points(done, points)
        _set_tricks(new, tricks + (done,))
        following = hands >> 36 * winner & HAND_MASK
        # The next trick's setup: the same in the six classic modes (``following`` is the setup
        # itself), the next trick's mode in a per-trick mode; after the last trick, the last's.
        _set_setup(new, setup.following if following else setup)
        _set_legal_bits(new, following)
        return new

    def _refused(self, card: Card) -> IllegalMoveError:
        """The error of a card that may not be played: its text public (the card, the seat to
        play), the legal cards and why in its attributes (they show the seat's hand)."""
        move = _PLAY_MOVES[card._value_]
        if not self.legal_bits:
            return IllegalMoveError(f"{move!r}: every card of the round has been played")
        seat = (self.leader + len(self.trick)) % self.setup.seats
        return IllegalMoveError(
            f"{move!r} is not a legal move now (phase play, seat {seat} to act)",
            legal_moves=card_moves(self.legal_bits),
            detail=explain_illegal_card(self.hand(seat), self.trick, self.trump, self.rules, card, seat),
        )

    def points(self) -> tuple[int, ...]:
        """Card points taken by each seat so far, with the last-trick bonus once it is taken."""
        totals = [0] * self.setup.seats
        for trick in self.tricks:
            totals[trick.winner] += trick.points
        if self.is_done and self.tricks:
            totals[self.tricks[-1].winner] += LAST_TRICK_BONUS
        return tuple(totals)

    def tricks_won(self) -> tuple[int, ...]:
        """The number of tricks each seat has taken."""
        counts = [0] * self.setup.seats
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
        seats = self.setup.seats
        won = [0] * seats
        for trick in self.tricks:
            for card in trick.cards:
                won[trick.winner] |= 1 << card.index
        zones = {f"hand {seat}": hand for seat, hand in enumerate(self.hands)}
        zones["trick"] = CardSet(self.trick)
        for seat in range(seats):
            zones[f"won {seat}"] = CardSet.from_bits(won[seat])
        return zones

    def cards_in_order(self, path: str = "$") -> Iterator[tuple[Card, str]]:
        """Every card played so far in the order played, with its JSON path under ``path``."""
        for i, trick in enumerate(self.tricks):
            for k, card in enumerate(trick.cards):
                yield card, f"{path}.tricks[{i}].cards[{k}]"
        for k, card in enumerate(self.trick):
            yield card, f"{path}.trick[{k}]"

    def dealt(self, path: str = "$") -> tuple[CardSet, ...]:
        """The hands as dealt: each seat's cards held plus the cards it played (by the leaders
        the play states). Raises :class:`~jass.errors.SerialError` (at ``path``) for a card
        played twice or played and held, or hands that were not dealt equally."""
        seats = self.setup.seats
        hands = self.hands
        held = [hand.bits for hand in hands]
        seen = check_disjoint(hands, f"{path}.hands")
        for i, trick in enumerate(self.tricks):
            tpath = f"{path}.tricks[{i}]"
            if not 0 <= trick.leader < seats:
                raise SerialError(f"expected a seat 0..{seats - 1}, got {trick.leader}", f"{tpath}.leader")
            if len(trick.cards) != seats:
                raise SerialError(f"a finished trick of {seats} players has {seats} cards, got {len(trick.cards)}",
                                  f"{tpath}.cards")
            for k, card in enumerate(trick.cards):
                if seen & card.bit:
                    raise SerialError(f"{card} is played twice, or played and still held", f"{tpath}.cards")
                seen |= card.bit
                held[(trick.leader + k) % seats] |= card.bit
        if not 0 <= self.leader < seats:
            raise SerialError(f"expected a seat 0..{seats - 1}, got {self.leader}", f"{path}.leader")
        if len(self.trick) >= seats:
            raise SerialError(f"a trick in progress has fewer than {seats} cards, got {len(self.trick)}",
                              f"{path}.trick")
        for k, card in enumerate(self.trick):
            if seen & card.bit:
                raise SerialError(f"{card} is played twice, or played and still held", f"{path}.trick")
            seen |= card.bit
            held[(self.leader + k) % seats] |= card.bit
        sizes = [bits.bit_count() for bits in held]
        if len(set(sizes)) != 1 or sizes[0] == 0:
            raise SerialError(f"the cards held and played add up to deals of {sizes} cards; every seat is dealt "
                              "as many", path)
        return tuple(CardSet.from_bits(bits) for bits in held)

    def check_loaded(self, path: str = "$") -> None:
        """Check a play read from JSON: replayed card by card from the hands as dealt
        (:meth:`dealt`), it must give itself. Raises :class:`~jass.errors.SerialError`."""
        first = self.tricks[0].leader if self.tricks else self.leader
        try:
            derived = CardPlay.start(self.mode, self.dealt(path), first, self.rules, self.trump_jack_points)
        except InvalidCardsError as error:
            raise SerialError(str(error), path) from None
        for card, card_path in self.cards_in_order(path):
            try:
                derived = derived.play(card)
            except IllegalMoveError as error:
                raise SerialError(f"{card} cannot be played here: {error}", card_path) from None
        check_same(self, derived, path, "playing the cards in order")

    def __repr__(self) -> str:
        return (
            f"CardPlay(trump={self.mode!r}, hands={self.hands!r}, leader={self.leader!r}, "
            f"trick={self.trick!r}, tricks={self.tricks!r}, rules={self.rules!r}, "
            f"trump_jack_points={self.trump_jack_points!r})"
        )


# A CardPlay (and a Trick) built without its __init__, which sets the same slots one call slower:
# the slots' own setters, as jass.cards._from_bits does for CardSet.
_new: Final = object.__new__
_set_setup: Final = CardPlay.setup.__set__  # type: ignore[attr-defined]
_set_hand_bits: Final = CardPlay.hand_bits.__set__  # type: ignore[attr-defined]
_set_leader: Final = CardPlay.leader.__set__  # type: ignore[attr-defined]
_set_trick: Final = CardPlay.trick.__set__  # type: ignore[attr-defined]
_set_tricks: Final = CardPlay.tricks.__set__  # type: ignore[attr-defined]
_set_legal_bits: Final = CardPlay.legal_bits.__set__  # type: ignore[attr-defined]
_set_trick_leader: Final = Trick.leader.__set__  # type: ignore[attr-defined]
_set_trick_cards: Final = Trick.cards.__set__  # type: ignore[attr-defined]
_set_trick_winner: Final = Trick.winner.__set__  # type: ignore[attr-defined]
_set_trick_points: Final = Trick.points.__set__  # type: ignore[attr-defined]


def _counted_again(tricks: tuple[Trick, ...], points: tuple[int, ...]) -> tuple[Trick, ...]:
    """The ``tricks`` taken, each with its points counted by ``points`` (Elefant's tricks once
    the card led to trick 7 decides trump)."""
    return tuple(Trick(done.leader, done.cards, done.winner, sum(points[card._value_] for card in done.cards))
                 for done in tricks)


def _pack(hands: Sequence[CardSet]) -> int:
    bits = 0
    for seat, hand in enumerate(hands):
        bits |= hand.bits << HAND_BITS * seat
    return bits


class PlayView(Protocol):
    """What every variant's observation tells of the card play: the fields
    :meth:`jass.ai.sampling.HandSampler.of_view` and the card-play block of
    :mod:`jass.variant.encoding` read."""

    @property
    def seat(self) -> int | None: ...
    @property
    def hand(self) -> CardSet: ...
    @property
    def hand_sizes(self) -> tuple[int, ...]: ...
    @property
    def trick(self) -> tuple[Card, ...]: ...
    @property
    def trick_leader(self) -> int | None: ...
    @property
    def tricks(self) -> tuple[Trick, ...]: ...


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
    legal = CardSet.from_bits(legal_bits(hand.bits, [c.index for c in trick], trump, *rules.legal_flags))
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
        holding = f" while {who} holds {_SUIT_NAMES[led]}" if rules.undertrump is Undertrump.ALLOWED_IF_VOID else ""
        return (
            f"{card} would undertrump {best} in a trick of {_SUIT_NAMES[led]} "
            f"with {_SUIT_NAMES[trump_suit]} trump{holding} {allowed}"
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
    return mix(seed, round_number * 0xD1B54A32D192ED03)


def seeded_seat(seed: int, seats: int) -> int:
    """A seat 0..seats-1 drawn from ``seed`` (used for the first dealer)."""
    return mix(seed, 0xA0761D6478BD642F) % seats


def new_seed() -> int:
    """A fresh random 64-bit seed, for games started without one."""
    return secrets.randbits(64)


# --- checks of public facts, for the loaders of states and observations --------------------------


def check_disjoint(hands: Sequence[CardSet], path: str, name: str = "hand") -> int:
    """The union of ``hands``; a :class:`~jass.errors.SerialError` at ``path[i]`` for a card
    that is in two of them."""
    union = 0
    for i, hand in enumerate(hands):
        if union & hand.bits:
            raise SerialError(f"{CardSet.from_bits(union & hand.bits)} also in another {name}", f"{path}[{i}]")
        union |= hand.bits
    return union


def check_public_tricks(
    tricks: Sequence[Trick],
    trick: Sequence[Card],
    leader: int,
    trump: RoundMode,
    seats: int,
    trump_jack_points: int,
    first_leader: int,
    path: str,
) -> tuple[list[int], int]:
    """Check the tricks of an observation as public facts: the first led by ``first_leader``,
    each later one by the last winner, won and counted by the rules of card play (each in its
    trick's mode, for a per-trick mode ``trump``), no card twice. Returns the number of cards
    each seat has played and the bits of every card played."""
    if (tricks[0].leader if tricks else leader) != first_leader:
        where = f"{path}.tricks[0].leader" if tricks else f"{path}.trick_leader"
        raise SerialError(f"seat {first_leader} leads the first trick", where)
    played = [0] * seats
    seen = 0
    # The setup each trick was played in, and the points it counts with now (a LeadMode's
    # tricks wait on cards led: the walk knows them).
    setups = PlaySetup.of(trump, seats, PlayRules(), trump_jack_points).walk(
        [done.cards[0] for done in tricks] + list(trick[:1]))
    tables = PlaySetup.counted_points(setups)
    for i, done in enumerate(tricks):
        tpath = f"{path}.tricks[{i}]"
        if len(done.cards) != seats:
            raise SerialError(f"a finished trick has {seats} cards, got {len(done.cards)}", f"{tpath}.cards")
        if not 0 <= done.leader < seats:
            raise SerialError(f"expected a seat 0..{seats - 1}, got {done.leader}", f"{tpath}.leader")
        if i and done.leader != tricks[i - 1].winner:
            raise SerialError(f"the winner of the trick before, seat {tricks[i - 1].winner}, leads; got {done.leader}",
                              f"{tpath}.leader")
        for k, card in enumerate(done.cards):
            if seen & card.bit:
                raise SerialError(f"{card} is played twice", f"{tpath}.cards")
            seen |= card.bit
            played[(done.leader + k) % seats] += 1
        winner = (done.leader + winning_position(done.cards, setups[i].trump)) % seats
        if done.winner != winner:
            raise SerialError(f"is {done.winner}, but the rules give seat {winner}", f"{tpath}.winner")
        table = tables[i]
        points = sum(table[card.index] for card in done.cards)
        if done.points != points:
            raise SerialError(f"is {done.points}, but the cards are worth {points}", f"{tpath}.points")
    if tricks and leader != tricks[-1].winner:
        raise SerialError(f"the winner of the last trick, seat {tricks[-1].winner}, leads; got {leader}",
                          f"{path}.trick_leader")
    if not 0 <= leader < seats:
        raise SerialError(f"expected a seat 0..{seats - 1}, got {leader}", f"{path}.trick_leader")
    if len(trick) >= seats:
        raise SerialError(f"a trick in progress has fewer than {seats} cards, got {len(trick)}", f"{path}.trick")
    for k, card in enumerate(trick):
        if seen & card.bit:
            raise SerialError(f"{card} is played twice", f"{path}.trick")
        seen |= card.bit
        played[(leader + k) % seats] += 1
    return played, seen


def shown_trump(mode: RoundMode, tricks: Sequence[Trick], trick: Sequence[Card], seats: int) -> Trump | None:
    """The trick mode a view of a round in ``mode`` shows after ``tricks`` and ``trick``: as
    :attr:`CardPlay.decided_trump` gives it (the last trick's once the round is over; ``None``
    while the trick in progress waits on the card led that decides it)."""
    setup = PlaySetup.of(mode, seats).now(tricks, trick, over=len(tricks) == 36 // seats)
    return None if setup.by_lead is not None else setup.trump


def check_hand_view(
    hand: CardSet, hand_sizes: Sequence[int], seat: int | None, played: Sequence[int], seen: int, dealt: int,
    path: str,
) -> None:
    """An observer's hand and everyone's hand size against the cards played (``dealt`` each); a
    spectator (``seat=None``) sees no hand."""
    if hand.bits & seen:
        raise SerialError(f"{CardSet.from_bits(hand.bits & seen)} is held and also played", f"{path}.hand")
    if seat is None:
        if hand:
            raise SerialError("a spectator sees no hand", f"{path}.hand")
    elif len(hand) != hand_sizes[seat]:
        raise SerialError(f"is {hand_sizes[seat]}, but the hand holds {len(hand)} cards", f"{path}.hand_sizes[{seat}]")
    for s, size in enumerate(hand_sizes):
        if size + played[s] != dealt:
            raise SerialError(f"is {size}, but seat {s} has played {played[s]} of its {dealt} cards",
                              f"{path}.hand_sizes[{s}]")


def check_legal_cards(
    legal: Sequence[Any], hand: CardSet, trick: Sequence[Card], trump: Trump | None, rules: PlayRules, path: str
) -> None:
    """The :class:`PlayCard` moves among an observation's legal moves must be the legal cards
    (``trump`` ``None``: a trick waiting on its deciding card, led with any card)."""
    if not hand:
        return
    cards = CardSet(move.card for move in legal if type(move) is PlayCard)
    right = hand if trump is None else legal_cards(hand, list(trick), trump, rules)
    if cards != right:
        raise SerialError(f"the cards in it are {cards or 'none'}, but the rules allow {right}", f"{path}.legal_moves")
