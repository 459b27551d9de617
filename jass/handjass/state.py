"""Handjass for three's values: the :class:`State` (a :class:`Setting` shared by every state of a
round's card play, and the play), the :class:`Observation` of one seat, the round's score, the
hidden cards a search draws, and the slot builders of the hot paths.
"""

from __future__ import annotations

from typing import ClassVar, Final

import attrs

from jass._base import NamedEnum, cards_in, instance_of, int_in, one_of, tuple_of
from jass.cards import FULL_DECK, Card, CardSet, Rank
from jass.errors import InvalidStateError
from jass.handjass.moves import Move
from jass.handjass.rules import HAND_SIZE, MAX_SCORE, SEATS, Rules
from jass.play import CardPlay, Trick
from jass.trump import LAST_TRICK_BONUS, Trump
from jass.variant.guards import SEED_LIMIT, check_seat
from jass.variant.state import MAX_ROUNDS, SettingField, TwoPartState, slot_builder

__all__ = ["Phase", "RoundScore", "Setting", "State", "Observation", "HiddenCards"]


class Phase(NamedEnum):
    """The stages of a game, in the order a round goes through them (with
    ``Rules.rob_before_exchange``, ROB comes before BLINDE)."""

    #: From Vorhand on, each player keeps his hand or takes the Blinde, until one takes it.
    BLINDE = "blinde"
    #: From Vorhand on, the holder of the trump 6 may rob the turned card with it; skipped when
    #: the turned card is the 6, or went with the Blinde to a player.
    ROB = "rob"
    #: The 9 tricks.
    PLAY = "play"
    #: The round is scored; the next dealer deals (:class:`Deal`).
    ROUND_OVER = "round_over"
    #: A player has won, or the round limit (:data:`~jass.variant.MAX_ROUNDS`) ended the game drawn.
    GAME_OVER = "game_over"


_POINTS: Final = tuple_of(int_in(0, 2_500), SEATS, SEATS, error=InvalidStateError)
_LAST_TRICK: Final = tuple_of(one_of(0, LAST_TRICK_BONUS), SEATS, SEATS, error=InvalidStateError)
_FLAGS: Final = tuple_of(instance_of(bool), SEATS, SEATS, error=InvalidStateError)
_HANDS: Final = tuple_of(cards_in(HAND_SIZE, HAND_SIZE), SEATS, SEATS, error=InvalidStateError)
_SIZES: Final = tuple_of(int_in(0, HAND_SIZE), SEATS, SEATS, error=InvalidStateError)


@attrs.frozen
class RoundScore:
    """One round's score, per seat (index 0 to 2).

    While the round is being played only the points taken so far are filled in
    (``complete`` is false: no strokes and no Nuller yet).
    """

    #: Card points of the tricks taken.
    card_points: tuple[int, ...] = attrs.field(validator=_POINTS)
    #: 5 for the seat that took the last trick, else 0.
    last_trick: tuple[int, ...] = attrs.field(validator=_LAST_TRICK)
    #: ``card_points + last_trick``.
    totals: tuple[int, ...] = attrs.field(validator=_POINTS)
    #: The strokes each seat wins (0, 1, or 2 for the only player at the threshold or above).
    strokes: tuple[int, ...] = attrs.field(validator=tuple_of(int_in(0, 2), SEATS, SEATS, error=InvalidStateError))
    #: True for a seat that gets a Nuller (a total under ``Rules.nuller_threshold``).
    nullers: tuple[bool, ...] = attrs.field(validator=_FLAGS)
    #: The change to each game score: the strokes, minus 1 for a Nuller.
    game_points: tuple[int, ...] = attrs.field(validator=tuple_of(int_in(-1, 2), SEATS, SEATS, error=InvalidStateError))
    #: True once all 27 cards are played.
    complete: bool = attrs.field(validator=instance_of(bool, error=InvalidStateError))

    def __attrs_post_init__(self) -> None:
        problem = None
        for s in range(SEATS):
            if self.totals[s] != self.card_points[s] + self.last_trick[s]:
                problem = ("totals", "the totals are the card points plus the last trick's")
            elif self.game_points[s] != self.strokes[s] - self.nullers[s]:
                problem = ("game_points", "a round gives its strokes, less one for a Nuller")
            elif self.strokes[s] and self.nullers[s]:
                problem = ("strokes", "a player with a Nuller wins no stroke")
        if problem is None and not self.complete and (any(self.last_trick) or any(self.strokes) or any(self.nullers)):
            problem = ("complete", "a round in play has no last trick, no stroke and no Nuller yet")
        if problem is None and self.complete and sorted(self.last_trick) != [0, 0, LAST_TRICK_BONUS]:
            problem = ("last_trick", "one player took the last trick")
        if problem is not None:
            error = InvalidStateError(f"{problem[0]}: {problem[1]}")
            error.field = problem[0]  # type: ignore[attr-defined]
            raise error


NO_SCORE: Final = RoundScore((0, 0, 0), (0, 0, 0), (0, 0, 0), (0, 0, 0), (False, False, False), (0, 0, 0), False)
_SEAT: Final = int_in(0, SEATS - 1, error=InvalidStateError)
_DECISIONS: Final = tuple_of(instance_of(bool, optional=True), SEATS, SEATS, error=InvalidStateError)
_SCORES: Final = tuple_of(int_in(-MAX_SCORE, MAX_SCORE), SEATS, SEATS, error=InvalidStateError)
_NULLERS: Final = tuple_of(int_in(0, MAX_SCORE), SEATS, SEATS, error=InvalidStateError)


@attrs.frozen
class Setting:
    """Everything about a game of Handjass for three except the cards in play: it changes with a
    decision, a deal or a round's end, never with a card, so every :class:`State` of a round's
    card play shares one.
    """

    #: The options.
    rules: Rules = attrs.field(validator=instance_of(Rules, error=InvalidStateError))
    #: The game's seed: round *n* is dealt from ``shuffled_deck(round_seed(seed, n))``.
    seed: int = attrs.field(validator=int_in(0, SEED_LIMIT - 1, error=InvalidStateError))
    #: 0 for the first round.
    round_number: int = attrs.field(validator=int_in(0, MAX_ROUNDS, error=InvalidStateError))
    #: The dealer of this round; the next seat (Vorhand) decides first and leads the first trick.
    dealer: int = attrs.field(validator=_SEAT)
    #: The stage of the round.
    phase: Phase = attrs.field(validator=instance_of(Phase, error=InvalidStateError))
    #: Each seat's 9 cards: before play its current hand, from the start of play on the hand
    #: as play began (see :meth:`State.hand`).
    hands: tuple[CardSet, ...] = attrs.field(validator=_HANDS)
    #: The 8 face-down cards of the Blinde under its top card; none once a player took it.
    blinde: CardSet = attrs.field(validator=cards_in(0, HAND_SIZE - 1, error=InvalidStateError))
    #: The Blinde's top card, turned at the deal: its suit is trump.
    turned: Card = attrs.field(validator=instance_of(Card, error=InvalidStateError))
    #: Each seat's decision on the Blinde: ``None`` (not asked), ``True`` (took it), ``False`` (kept).
    takes: tuple[bool | None, ...] = attrs.field(validator=_DECISIONS)
    #: Each seat's decision on robbing: ``None`` (not asked), ``True`` (robbed), ``False`` (did not).
    robs: tuple[bool | None, ...] = attrs.field(validator=_DECISIONS)
    #: The game scores: the strokes, less the Nullers (so a score may be negative).
    scores: tuple[int, ...] = attrs.field(validator=_SCORES)
    #: The Nullers each seat has collected.
    nullers: tuple[int, ...] = attrs.field(validator=_NULLERS)
    #: The score of every finished round, in order.
    history: tuple[RoundScore, ...] = attrs.field(
        validator=tuple_of(instance_of(RoundScore), 0, MAX_ROUNDS, error=InvalidStateError)
    )
    #: The winner once the game is over.
    winner: int | None = attrs.field(validator=int_in(0, SEATS - 1, optional=True, error=InvalidStateError))


def seat_of(decisions: tuple[bool | None, ...]) -> int | None:
    """The seat whose decision is ``True`` (who took the Blinde, or robbed), if any."""
    for seat, decided in enumerate(decisions):
        if decided:
            return seat
    return None


def top_card_of(turned: Card, takes: tuple[bool | None, ...], robs: tuple[bool | None, ...]) -> Card | None:
    """The face-up card on the Blinde: the turned card, the trump 6 after a rob, ``None`` once a
    player has taken the Blinde."""
    if True in takes:
        return None
    return trump_six_of(turned) if True in robs else turned


def trump_six_of(turned: Card) -> Card:
    """The 6 of the turned card's suit."""
    return Card.of(turned.suit, Rank.SIX)


@attrs.frozen(repr=False)
class State(TwoPartState):
    """A game of Handjass for three at one moment. Immutable: :func:`apply` returns a new one.

    ``setting`` holds what the cards in play do not change, ``play`` the card play from
    phase PLAY on (kept until the next deal). Before play, ``hands`` are the players'
    current hands; from the start of play on, they are the hands as play began and the
    cards still held are in ``play`` (:meth:`hand` gives them either way). Every field of
    the setting reads on the state too.
    """

    SETTING: ClassVar[type] = Setting
    PLAY_AFTER: ClassVar[str] = "robs"

    setting: Setting = attrs.field(validator=instance_of(Setting, error=InvalidStateError))
    play: CardPlay | None = attrs.field(validator=instance_of(CardPlay, optional=True, error=InvalidStateError))

    rules = SettingField[Rules]("The options.")
    phase = SettingField[Phase]("The stage of the round.")
    hands = SettingField[tuple[CardSet, ...]](
        "Each seat's 9 cards: before play its current hand, from the start of play on the hand as play "
        "began (see :meth:`hand`)."
    )
    blinde = SettingField[CardSet]("The 8 face-down cards of the Blinde under its top card; none once taken.")
    turned = SettingField[Card]("The Blinde's top card, turned at the deal: its suit is trump.")
    takes = SettingField[tuple[bool | None, ...]](
        "Each seat's decision on the Blinde: ``None`` (not asked), ``True`` (took it), ``False`` (kept)."
    )
    robs = SettingField[tuple[bool | None, ...]](
        "Each seat's decision on robbing: ``None`` (not asked), ``True`` (robbed), ``False`` (did not)."
    )
    scores = SettingField[tuple[int, ...]]("The game scores: the strokes, less the Nullers.")
    nullers = SettingField[tuple[int, ...]]("The Nullers each seat has collected.")
    history = SettingField[tuple[RoundScore, ...]]("The score of every finished round, in order.")
    winner = SettingField[int | None]("The winner once the game is over.")

    @property
    def vorhand(self) -> int:
        """The seat after the dealer: it decides first and leads the first trick."""
        return (self.setting.dealer + 1) % SEATS

    @property
    def trump(self) -> Trump:
        """The trump suit: the turned card's suit."""
        return Trump(self.setting.turned.suit.value)

    @property
    def trump_six(self) -> Card:
        """The 6 of trump."""
        return trump_six_of(self.setting.turned)

    @property
    def taken_by(self) -> int | None:
        """The seat that took the Blinde this round, if any."""
        return seat_of(self.setting.takes)

    @property
    def robbed_by(self) -> int | None:
        """The seat that robbed the turned card with the trump 6 this round, if any."""
        return seat_of(self.setting.robs)

    @property
    def top_card(self) -> Card | None:
        """The face-up card on the Blinde: the turned card, or the trump 6 after a rob; ``None``
        once a player has taken the Blinde."""
        setting = self.setting
        return top_card_of(setting.turned, setting.takes, setting.robs)

    def hand(self, seat: int) -> CardSet:
        """The cards ``seat`` holds now."""
        check_seat(seat, SEATS)
        if self.play is not None:
            return self.play.hand(seat)
        return self.setting.hands[seat]

    @property
    def out_of_play(self) -> CardSet:
        """The nine cards a player laid aside when he took the Blinde (none before)."""
        setting = self.setting
        top = self.top_card
        bits = FULL_DECK.bits & ~setting.blinde.bits & ~(0 if top is None else top.bit)
        for hand in setting.hands:
            bits &= ~hand.bits
        return CardSet.from_bits(bits)


@attrs.frozen
class Observation:
    """What one seat may know: everything public plus its own hand.

    Never another hand, the face-down cards of the Blinde, or the hand a player laid aside
    for it (not even its former owner's: he may remember it, :func:`hand_sampler` takes it).
    """

    #: The observing seat; ``None`` for a spectator.
    seat: int | None = attrs.field(validator=int_in(0, SEATS - 1, optional=True, error=InvalidStateError))
    #: The options.
    rules: Rules = attrs.field(validator=instance_of(Rules, error=InvalidStateError))
    #: The stage of the round.
    phase: Phase = attrs.field(validator=instance_of(Phase, error=InvalidStateError))
    #: 0 for the first round.
    round_number: int = attrs.field(validator=int_in(0, MAX_ROUNDS, error=InvalidStateError))
    #: The dealer of this round.
    dealer: int = attrs.field(validator=_SEAT)
    #: The seat whose move is due (``None`` when the game is over).
    to_act: int | None = attrs.field(validator=int_in(0, SEATS - 1, optional=True, error=InvalidStateError))
    #: The observing seat's cards.
    hand: CardSet = attrs.field(validator=cards_in(0, HAND_SIZE, error=InvalidStateError))
    #: How many cards each seat holds.
    hand_sizes: tuple[int, ...] = attrs.field(validator=_SIZES)
    #: The trump suit.
    trump: Trump = attrs.field(validator=instance_of(Trump, error=InvalidStateError))
    #: The Blinde's top card, turned at the deal.
    turned: Card = attrs.field(validator=instance_of(Card, error=InvalidStateError))
    #: The face-up card on the Blinde now (the trump 6 after a rob; ``None`` once taken).
    top_card: Card | None = attrs.field(validator=instance_of(Card, optional=True, error=InvalidStateError))
    #: Each seat's decision on the Blinde (public: said aloud).
    takes: tuple[bool | None, ...] = attrs.field(validator=_DECISIONS)
    #: Each seat's decision on robbing (public: said aloud).
    robs: tuple[bool | None, ...] = attrs.field(validator=_DECISIONS)
    #: The cards of the trick in progress, leader first.
    trick: tuple[Card, ...] = attrs.field(validator=tuple_of(instance_of(Card), 0, SEATS - 1, error=InvalidStateError))
    #: The seat that led (or leads) the trick in progress; ``None`` before play.
    trick_leader: int | None = attrs.field(validator=int_in(0, SEATS - 1, optional=True, error=InvalidStateError))
    #: The completed tricks of this round.
    tricks: tuple[Trick, ...] = attrs.field(validator=tuple_of(instance_of(Trick), 0, 9, error=InvalidStateError))
    #: Points taken this round so far (with the last trick's 5 once it is taken).
    round_points: tuple[int, ...] = attrs.field(validator=_POINTS)
    #: The game scores.
    scores: tuple[int, ...] = attrs.field(validator=_SCORES)
    #: The Nullers collected.
    nullers: tuple[int, ...] = attrs.field(validator=_NULLERS)
    #: The score of every finished round.
    history: tuple[RoundScore, ...] = attrs.field(
        validator=tuple_of(instance_of(RoundScore), 0, MAX_ROUNDS, error=InvalidStateError)
    )
    #: The winner once the game is over.
    winner: int | None = attrs.field(validator=int_in(0, SEATS - 1, optional=True, error=InvalidStateError))
    #: This seat's legal moves when it is to act, else empty.
    legal_moves: tuple[Move, ...] = attrs.field(validator=tuple_of(instance_of(object), 0, 9, error=InvalidStateError))

    @property
    def taken_by(self) -> int | None:
        """The seat that took the Blinde this round, if any."""
        return seat_of(self.takes)

    @property
    def robbed_by(self) -> int | None:
        """The seat that robbed the turned card this round, if any."""
        return seat_of(self.robs)

    def public_cards(self) -> tuple[dict[int, int], int]:
        """The face-up cards whose place everybody knows, as raw bits: the cards known to be in
        a seat's hand until it plays them (the turned card with its robber, the Blinde's top
        card with its taker) and the cards out of every hand (the top card on the table; the
        turned card a robber laid aside with his hand when he took the Blinde)."""
        known: dict[int, int] = {}
        excluded = 0
        robber, taker = self.robbed_by, self.taken_by
        turned, six = self.turned.bit, trump_six_of(self.turned).bit
        if self.top_card is not None:
            excluded |= self.top_card.bit
        if robber is not None:
            if robber == taker:  # robbed first, then laid his hand aside for the Blinde
                excluded |= turned
            else:
                known[robber] = turned
        if taker is not None:
            known[taker] = known.get(taker, 0) | (six if robber is not None else turned)
        return known, excluded


# Enum members as module constants: a global is much faster than ``Phase.PLAY`` on the hot paths.
BLINDE: Final = Phase.BLINDE
ROB: Final = Phase.ROB
PLAY: Final = Phase.PLAY
ROUND_OVER: Final = Phase.ROUND_OVER
GAME_OVER: Final = Phase.GAME_OVER
# Values the package has checked, built slot by slot (see jass.variant.slot_builder).
build_state: Final = slot_builder(State)
build_setting: Final = slot_builder(Setting)
build_observation: Final = slot_builder(Observation)
NO_CARDS: Final = CardSet()


@attrs.frozen
class HiddenCards:
    """A deal of the cards a Handjass player cannot see (see :func:`sample_hidden`); the zones
    are as :func:`card_zones` names them."""

    #: The three hands now (the observer's own is its own).
    hands: tuple[CardSet, ...]
    #: The face-down cards of the Blinde (8 until a player takes it, then none).
    blinde: CardSet
    #: The hand laid aside for the Blinde.
    out_of_play: CardSet
