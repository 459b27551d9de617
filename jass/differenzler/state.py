"""Differenzler's values: the :class:`State` (a :class:`Setting` shared by every state of a round's
card play, and the play), the :class:`Observation` of one seat, the round's score, and the slot
builders of the hot paths.
"""

from __future__ import annotations

from typing import ClassVar, Final

import attrs

from jass._base import ADDED, NamedEnum, cards_in, instance_of, int_in, tuple_of
from jass.cards import Card, CardSet
from jass.differenzler.moves import Move
from jass.differenzler.rules import DECK_SIZE, MAX_PENALTY, MAX_PREDICTION, SEATS, Rules
from jass.errors import InvalidStateError
from jass.play import CardPlay, Trick
from jass.trump import Trump
from jass.variant.guards import SEED_LIMIT
from jass.variant.state import MAX_ROUNDS, SettingField, TwoPartState, slot_builder

__all__ = ["Phase", "RoundScore", "Setting", "State", "Observation"]


NO_PREDICTIONS: Final[tuple[int | None, ...]] = (None,) * SEATS
#: The fewest players (three, twelve cards each) and the most cards a hand holds.
FEWEST: Final = 3
MOST_CARDS: Final = DECK_SIZE // FEWEST


class Phase(NamedEnum):
    """The phase of a Differenzler game."""

    #: The players predict, from Vorhand round to the dealer.
    PREDICT = "predict"
    #: The nine tricks are played.
    PLAY = "play"
    #: The round is scored; the next dealer deals (:class:`Deal`).
    ROUND_OVER = "round_over"
    #: A single player has the lowest penalty total after the last round (or, still tied at the
    #: round limit :data:`~jass.variant.MAX_ROUNDS`, the game ended drawn).
    GAME_OVER = "game_over"


_SEAT: Final = int_in(0, SEATS - 1, error=InvalidStateError)
_POINTS: Final = tuple_of(int_in(0, MAX_PREDICTION), FEWEST, SEATS, error=InvalidStateError)
_PREDICTIONS: Final = tuple_of(int_in(0, MAX_PREDICTION, optional=True), FEWEST, SEATS, error=InvalidStateError)


def _one_per_seat(value: object, seats: int, names: tuple[str, ...]) -> None:
    """Each field of ``names`` holds one entry per seat (3 or 4 players)."""
    for name in names:
        entries = getattr(value, name)
        if entries is not None and len(entries) != seats:
            error = InvalidStateError(f"{name}: {len(entries)} entries for {seats} players")
            error.field = name  # type: ignore[attr-defined]
            raise error


@attrs.frozen
class RoundScore:
    """One round's result per seat: points taken, tricks taken, predictions, penalties.

    ``penalties`` is ``None`` until the round is complete; then each is
    ``abs(points - prediction)``, or ``-exact_bonus`` for an exact prediction that
    earns the bonus; with ``dealer_credit`` the dealer's credit is taken off the dealer's.
    """

    round_number: int = attrs.field(validator=int_in(0, MAX_ROUNDS, error=InvalidStateError))
    dealer: int = attrs.field(validator=_SEAT)
    trump: Trump = attrs.field(validator=instance_of(Trump, error=InvalidStateError))
    #: Card points taken, the last trick's 5 included once it is taken.
    points: tuple[int, ...] = attrs.field(validator=_POINTS)
    tricks_won: tuple[int, ...] = attrs.field(
        validator=tuple_of(int_in(0, MOST_CARDS), FEWEST, SEATS, error=InvalidStateError))
    predictions: tuple[int | None, ...] = attrs.field(validator=_PREDICTIONS)
    penalties: tuple[int, ...] | None = attrs.field(
        validator=tuple_of(int_in(-2_000, MAX_PREDICTION), FEWEST, SEATS, optional=True, error=InvalidStateError)
    )

    def __attrs_post_init__(self) -> None:
        seats = len(self.points)
        _one_per_seat(self, seats, ("tricks_won", "predictions", "penalties"))
        tricks = DECK_SIZE // seats
        problem = None
        if not self.trump.is_suit:
            problem = ("trump", "Differenzler's trump is a suit")
        elif self.dealer >= seats:
            problem = ("dealer", f"a seat 0..{seats - 1} of the {seats} players")
        elif sum(self.tricks_won) > tricks:
            problem = ("tricks_won", f"a round of {seats} players has {tricks} tricks")
        elif sum(self.points) > MAX_PREDICTION:
            problem = ("points", f"a round has {MAX_PREDICTION} points")
        elif self.penalties is not None:
            if sum(self.tricks_won) != tricks or sum(self.points) != MAX_PREDICTION:
                problem = ("penalties", f"a round with penalties is finished: {tricks} tricks and 157 points taken")
            elif None in self.predictions:
                problem = ("predictions", "every seat predicts before the cards are played")
        if problem is not None:
            error = InvalidStateError(f"{problem[0]}: {problem[1]}")
            error.field = problem[0]  # type: ignore[attr-defined]
            raise error

    @property
    def complete(self) -> bool:
        """True once every card of the round has been played and the penalties are known."""
        return self.penalties is not None

    @property
    def differences(self) -> tuple[int, ...] | None:
        """``abs(points - prediction)`` per seat, once the round is complete."""
        if self.penalties is None:
            return None
        return tuple(abs(p - (q or 0)) for p, q in zip(self.points, self.predictions))


@attrs.frozen
class Setting:
    """Everything about a Differenzler game except the cards in play: it changes with a
    prediction, a deal or a round's end, never with a card, so every :class:`State` of a
    round's card play shares one. ``penalties`` are the totals, including the finished round.
    """

    rules: Rules = attrs.field(validator=instance_of(Rules, error=InvalidStateError))
    seed: int = attrs.field(validator=int_in(0, SEED_LIMIT - 1, error=InvalidStateError))
    #: 0 for the first round; rounds after ``rules.rounds - 1`` are tie-break rounds.
    round_number: int = attrs.field(validator=int_in(0, MAX_ROUNDS, error=InvalidStateError))
    dealer: int = attrs.field(validator=_SEAT)
    phase: Phase = attrs.field(validator=instance_of(Phase, error=InvalidStateError))
    #: The dealer's last card, shown to everyone: its suit is trump.
    face_up: Card = attrs.field(validator=instance_of(Card, error=InvalidStateError))
    #: Defaults for four players; a game of three gives three entries.
    predictions: tuple[int | None, ...] = attrs.field(default=NO_PREDICTIONS, validator=_PREDICTIONS)
    penalties: tuple[int, ...] = attrs.field(
        default=(0,) * SEATS, validator=tuple_of(int_in(-MAX_PENALTY, MAX_PENALTY), FEWEST, SEATS, error=InvalidStateError)
    )
    history: tuple[RoundScore, ...] = attrs.field(
        default=(), validator=tuple_of(instance_of(RoundScore), 0, MAX_ROUNDS, error=InvalidStateError)
    )
    winner: int | None = attrs.field(default=None, validator=int_in(0, SEATS - 1, optional=True, error=InvalidStateError))

    def __attrs_post_init__(self) -> None:
        seats = self.rules.seats
        _one_per_seat(self, seats, ("predictions", "penalties"))
        for name in ("dealer", "winner"):
            seat = getattr(self, name)
            if seat is not None and seat >= seats:
                error = InvalidStateError(f"{name}={seat}: expected a seat 0..{seats - 1} of the {seats} players")
                error.field = name  # type: ignore[attr-defined]
                raise error
        for score in self.history:
            if len(score.points) != seats:
                raise InvalidStateError(f"history: a round of {len(score.points)} players in a game of {seats}")


@attrs.frozen(repr=False)
class State(TwoPartState):
    """A Differenzler game at one moment. Immutable: :func:`apply` returns a new one.

    ``setting`` holds what the cards in play do not change, ``play`` the round's cards from
    the deal on (trump is known at once), so it is never ``None``; in phase ``PREDICT`` no
    card has been played yet. After the last card, ``play``, ``predictions`` and ``face_up``
    keep the finished round until the next :class:`Deal`. Every field of the setting reads on
    the state too; :meth:`~jass.variant.TwoPartState.create` and
    :meth:`~jass.variant.TwoPartState.replace` take them all by name.
    """

    SETTING: ClassVar[type] = Setting
    PLAY_AFTER: ClassVar[str] = "face_up"

    setting: Setting = attrs.field(validator=instance_of(Setting, error=InvalidStateError))
    play: CardPlay = attrs.field(validator=instance_of(CardPlay, error=InvalidStateError))

    rules = SettingField[Rules]("The game's rules.")
    phase = SettingField[Phase]("The phase of the game.")
    face_up = SettingField[Card]("The dealer's last card, shown to everyone: its suit is trump.")
    predictions = SettingField[tuple[int | None, ...]]("Each seat's prediction (``None``: not yet made).")
    penalties = SettingField[tuple[int, ...]]("Each seat's total penalty, including the finished round.")
    history = SettingField[tuple[RoundScore, ...]]("The score of every finished round, in order.")
    winner = SettingField[int | None]("The winning seat once the game is over.")

    @property
    def trump(self) -> Trump:
        """The trump suit: the suit of the face-up card."""
        return self.play.trump

    @property
    def vorhand(self) -> int:
        """The seat after the dealer: predicts first and leads the first trick."""
        return (self.setting.dealer + 1) % self.setting.rules.seats


@attrs.frozen
class Observation:
    """What one seat may know: its own hand and everything public, nothing else.

    ``predictions`` shows this seat's own prediction, and the others' only in
    ``OPEN`` mode or once the round is over (``None`` otherwise); ``predicted``
    says who has predicted. No field holds a hidden value, so neither does the repr.
    """

    #: The observing seat; ``None`` for a spectator.
    seat: int | None = attrs.field(validator=int_in(0, SEATS - 1, optional=True, error=InvalidStateError))
    phase: Phase = attrs.field(validator=instance_of(Phase, error=InvalidStateError))
    round_number: int = attrs.field(validator=int_in(0, MAX_ROUNDS, error=InvalidStateError))
    dealer: int = attrs.field(validator=_SEAT)
    to_act: int | None = attrs.field(validator=int_in(0, SEATS - 1, optional=True, error=InvalidStateError))
    hand: CardSet = attrs.field(validator=cards_in(0, MOST_CARDS, error=InvalidStateError))
    hand_sizes: tuple[int, ...] = attrs.field(
        validator=tuple_of(int_in(0, MOST_CARDS), FEWEST, SEATS, error=InvalidStateError))
    face_up: Card = attrs.field(validator=instance_of(Card, error=InvalidStateError))
    trump: Trump = attrs.field(validator=instance_of(Trump, error=InvalidStateError))
    trick: tuple[Card, ...] = attrs.field(validator=tuple_of(instance_of(Card), 0, SEATS - 1, error=InvalidStateError))
    trick_leader: int = attrs.field(validator=_SEAT)
    tricks: tuple[Trick, ...] = attrs.field(validator=tuple_of(instance_of(Trick), 0, MOST_CARDS, error=InvalidStateError))
    predicted: tuple[bool, ...] = attrs.field(
        validator=tuple_of(instance_of(bool), FEWEST, SEATS, error=InvalidStateError))
    predictions: tuple[int | None, ...] = attrs.field(validator=_PREDICTIONS)
    #: Points each seat has taken so far this round (public: tricks are played face up).
    points: tuple[int, ...] = attrs.field(validator=_POINTS)
    penalties: tuple[int, ...] = attrs.field(
        validator=tuple_of(int_in(-MAX_PENALTY, MAX_PENALTY), FEWEST, SEATS, error=InvalidStateError)
    )
    history: tuple[RoundScore, ...] = attrs.field(
        validator=tuple_of(instance_of(RoundScore), 0, MAX_ROUNDS, error=InvalidStateError)
    )
    winner: int | None = attrs.field(validator=int_in(0, SEATS - 1, optional=True, error=InvalidStateError))
    #: This seat's legal moves when it is to act, else empty.
    legal_moves: tuple[Move, ...] = attrs.field(validator=tuple_of(instance_of(object), 0, 200, error=InvalidStateError))
    #: The table's rules (public). Observations written before this field read as the defaults.
    rules: Rules = attrs.field(factory=Rules, validator=instance_of(Rules, error=InvalidStateError), metadata={ADDED: True})

    def __attrs_post_init__(self) -> None:
        _one_per_seat(self, self.rules.seats, ("hand_sizes", "predicted", "predictions", "points", "penalties"))


# Enum members as module constants: a global is much faster than ``Phase.PLAY``, a lookup through
# the enum's metaclass, and the hot paths ask on every card.
PREDICT: Final = Phase.PREDICT
PLAY: Final = Phase.PLAY
ROUND_OVER: Final = Phase.ROUND_OVER
GAME_OVER: Final = Phase.GAME_OVER
# Values the package has checked, built slot by slot (see jass.variant.slot_builder).
build_state: Final = slot_builder(State)
build_setting: Final = slot_builder(Setting)
build_observation: Final = slot_builder(Observation)
NO_CARDS: Final = CardSet()
