"""Zweierjass's values: the :class:`State` (a :class:`Setting` shared by every state of a round's
card play, and the play), the :class:`Observation` of one seat, the round's score, the hidden
cards a search draws, and the slot builders of the hot paths.
"""

from __future__ import annotations

from typing import ClassVar, Final

import attrs

from jass._base import NamedEnum, cards_in, cards_in_order, instance_of, int_in, one_of, tuple_of
from jass.cards import Card, CardSet
from jass.errors import InvalidStateError
from jass.play import CardPlay, Trick
from jass.trump import LAST_TRICK_BONUS, PerTrickMode, RoundMode, Trump
from jass.variant.guards import SEED_LIMIT, check_seat
from jass.variant.state import MAX_ROUNDS, SettingField, TwoPartState, slot_builder
from jass.zweier.moves import Move
from jass.zweier import rules as options
from jass.zweier.rules import Rules

__all__ = ["Phase", "RoundScore", "Setting", "State", "Observation", "HiddenCards"]


class Phase(NamedEnum):
    """The stages of a game, in the order a round goes through them (nobody chooses a mode: the
    round starts with its first card)."""

    #: The 18 tricks: 9 with a draw after each, then 9 from the hands.
    PLAY = "play"
    #: The round is scored; the next dealer deals (:class:`Deal`).
    ROUND_OVER = "round_over"
    #: A player has reached the target with the higher score, or the round limit
    #: (:data:`~jass.variant.MAX_ROUNDS`) ended the game drawn.
    GAME_OVER = "game_over"


_POINTS: Final = tuple_of(int_in(0, 257), options.SEATS, options.SEATS, error=InvalidStateError)
_SEAT: Final = int_in(0, 1, error=InvalidStateError)
_SCORES: Final = tuple_of(int_in(0, options.MAX_SCORE), options.SEATS, options.SEATS, error=InvalidStateError)
_MODE: Final = instance_of((Trump, PerTrickMode), error=InvalidStateError)


@attrs.frozen
class RoundScore:
    """One round's score, per seat (index 0 and 1): the points are the game points.

    While the round is being played only the points taken so far are filled in (``complete``
    is false: no last trick yet).
    """

    #: Card points of the tricks taken (each trick of a Slalom in its own mode).
    card_points: tuple[int, ...] = attrs.field(validator=_POINTS)
    #: 5 for the seat that took the last trick, else 0.
    last_trick: tuple[int, ...] = attrs.field(
        validator=tuple_of(one_of(0, LAST_TRICK_BONUS), options.SEATS, options.SEATS, error=InvalidStateError)
    )
    #: ``card_points + last_trick``: what each seat writes.
    totals: tuple[int, ...] = attrs.field(validator=_POINTS)
    #: True once all 36 cards are played.
    complete: bool = attrs.field(validator=instance_of(bool, error=InvalidStateError))

    def __attrs_post_init__(self) -> None:
        problem = None
        if any(self.totals[s] != self.card_points[s] + self.last_trick[s] for s in range(options.SEATS)):
            problem = ("totals", "the totals are the card points plus the last trick's")
        elif not self.complete and any(self.last_trick):
            problem = ("complete", "a round in play has no last trick yet")
        elif self.complete and sorted(self.last_trick) != [0, LAST_TRICK_BONUS]:
            problem = ("last_trick", "one player took the last trick")
        if problem is not None:
            error = InvalidStateError(f"{problem[0]}: {problem[1]}")
            error.field = problem[0]  # type: ignore[attr-defined]
            raise error


NO_SCORE: Final = RoundScore((0, 0), (0, 0), (0, 0), False)


@attrs.frozen
class Setting:
    """Everything about a game of Zweierjass except the cards in play: it changes with a deal or
    a round's end, never with a card, so every :class:`State` of a round's card play shares one.
    """

    #: The options.
    rules: Rules = attrs.field(validator=instance_of(Rules, error=InvalidStateError))
    #: The game's seed: round *n* is dealt from ``shuffled_deck(round_seed(seed, n))``.
    seed: int = attrs.field(validator=int_in(0, SEED_LIMIT - 1, error=InvalidStateError))
    #: 0 for the first round.
    round_number: int = attrs.field(validator=int_in(0, MAX_ROUNDS, error=InvalidStateError))
    #: The dealer of this round; the other seat leads the first trick.
    dealer: int = attrs.field(validator=_SEAT)
    #: The stage of the round.
    phase: Phase = attrs.field(validator=instance_of(Phase, error=InvalidStateError))
    #: Each seat's 9 cards as dealt (the cards held now are in ``play``: see :meth:`State.hand`).
    hands: tuple[CardSet, ...] = attrs.field(
        validator=tuple_of(cards_in(options.HAND_SIZE, options.HAND_SIZE), options.SEATS, options.SEATS,
                           error=InvalidStateError)
    )
    #: The 18 cards of the stack as dealt, top first: the last is the bottom card, face up.
    stack: tuple[Card, ...] = attrs.field(
        validator=cards_in_order(options.STACK_SIZE, options.STACK_SIZE, error=InvalidStateError)
    )
    #: The game scores: the points of every round.
    scores: tuple[int, ...] = attrs.field(validator=_SCORES)
    #: The score of every finished round, in order.
    history: tuple[RoundScore, ...] = attrs.field(
        validator=tuple_of(instance_of(RoundScore), 0, MAX_ROUNDS, error=InvalidStateError)
    )
    #: The winner once the game is over.
    winner: int | None = attrs.field(validator=int_in(0, 1, optional=True, error=InvalidStateError))


def drawn_count(tricks: int) -> int:
    """How many cards of the stack are drawn after ``tricks`` completed tricks: two after each
    of the first nine."""
    return options.SEATS * min(tricks, options.DRAWING_TRICKS)


def draws_of(stack: tuple[Card, ...], tricks: tuple[Trick, ...]) -> tuple[tuple[Card, ...], ...]:
    """The cards each seat has drawn after ``tricks``, in order: the winner of a trick takes the
    top card, then the other the next (the jass-app's ``process_stich``)."""
    drawn: list[list[Card]] = [[], []]
    for number, trick in enumerate(tricks[:options.DRAWING_TRICKS]):
        drawn[trick.winner].append(stack[2 * number])
        drawn[1 - trick.winner].append(stack[2 * number + 1])
    return tuple(drawn[0]), tuple(drawn[1])


@attrs.frozen(repr=False)
class State(TwoPartState):
    """A game of Zweierjass at one moment. Immutable: :func:`apply` returns a new one.

    ``setting`` holds the deal (the hands and the stack's order) and what the cards in play do
    not change, ``play`` the card play with the cards drawn so far in the hands (kept until the
    next deal). Every field of the setting reads on the state too;
    :meth:`~jass.variant.TwoPartState.create` and :meth:`~jass.variant.TwoPartState.replace`
    take them all by name.
    """

    SETTING: ClassVar[type] = Setting
    PLAY_AFTER: ClassVar[str] = "stack"

    setting: Setting = attrs.field(validator=instance_of(Setting, error=InvalidStateError))
    play: CardPlay = attrs.field(validator=instance_of(CardPlay, error=InvalidStateError))

    rules = SettingField[Rules]("The options.")
    phase = SettingField[Phase]("The stage of the round.")
    hands = SettingField[tuple[CardSet, ...]]("Each seat's 9 cards as dealt (see :meth:`hand` for those held now).")
    stack = SettingField[tuple[Card, ...]]("The 18 cards of the stack as dealt, top first; the last is face up.")
    scores = SettingField[tuple[int, ...]]("The game scores: the points of every round.")
    history = SettingField[tuple[RoundScore, ...]]("The score of every finished round, in order.")
    winner = SettingField[int | None]("The winner once the game is over.")

    @property
    def vorhand(self) -> int:
        """The seat that leads the first trick: the dealer's opponent (it alternates)."""
        return 1 - self.setting.dealer

    @property
    def bottom_card(self) -> Card:
        """The stack's bottom card, face up from the deal: it fixes the mode."""
        return self.setting.stack[-1]

    @property
    def mode(self) -> RoundMode:
        """The round's mode, fixed by the bottom card (:func:`~jass.zweier.mode_of`)."""
        return options.mode_of(self.setting.stack[-1], self.setting.rules)

    @property
    def trump(self) -> Trump:
        """The mode of the trick in progress (in a Slalom it changes from trick to trick)."""
        return self.play.trump

    @property
    def stack_left(self) -> tuple[Card, ...]:
        """The cards still in the stack, top first."""
        return self.setting.stack[drawn_count(len(self.play.tricks)):]

    @property
    def draws(self) -> tuple[tuple[Card, ...], ...]:
        """The cards each seat has drawn this round, in order."""
        return draws_of(self.setting.stack, self.play.tricks)

    def hand(self, seat: int) -> CardSet:
        """The cards ``seat`` holds now."""
        check_seat(seat, options.SEATS)
        return self.play.hand(seat)


def bottom_drawn_by(tricks: tuple[Trick, ...]) -> int | None:
    """The seat that drew the bottom card: the loser of the ninth trick, who draws last; ``None``
    before (public: everybody saw the face-up card go)."""
    if len(tricks) < options.DRAWING_TRICKS:
        return None
    return 1 - tricks[options.DRAWING_TRICKS - 1].winner


@attrs.frozen
class Observation:
    """What one seat may know: everything public plus its own hand and its own draws.

    Never the other hand, the order of the stack, or what the other seat drew (but the bottom
    card: everybody sees who takes it). ``mode`` is the round's, ``trump`` the trick's in
    progress (in a Slalom it changes from trick to trick).
    """

    #: The observing seat; ``None`` for a spectator.
    seat: int | None = attrs.field(validator=int_in(0, 1, optional=True, error=InvalidStateError))
    #: The options.
    rules: Rules = attrs.field(validator=instance_of(Rules, error=InvalidStateError))
    #: The stage of the round.
    phase: Phase = attrs.field(validator=instance_of(Phase, error=InvalidStateError))
    #: 0 for the first round.
    round_number: int = attrs.field(validator=int_in(0, MAX_ROUNDS, error=InvalidStateError))
    #: The dealer of this round.
    dealer: int = attrs.field(validator=_SEAT)
    #: The seat whose move is due (``None`` when the game is over).
    to_act: int | None = attrs.field(validator=int_in(0, 1, optional=True, error=InvalidStateError))
    #: The observing seat's cards.
    hand: CardSet = attrs.field(validator=cards_in(0, options.HAND_SIZE, error=InvalidStateError))
    #: How many cards each seat holds.
    hand_sizes: tuple[int, ...] = attrs.field(
        validator=tuple_of(int_in(0, 9), options.SEATS, options.SEATS, error=InvalidStateError)
    )
    #: The round's mode, fixed by the bottom card.
    mode: RoundMode = attrs.field(validator=_MODE)
    #: The mode of the trick in progress.
    trump: Trump = attrs.field(validator=instance_of(Trump, error=InvalidStateError))
    #: The stack's bottom card, face up from the deal.
    bottom_card: Card = attrs.field(validator=instance_of(Card, error=InvalidStateError))
    #: The cards left in the stack.
    stack_size: int = attrs.field(validator=int_in(0, options.STACK_SIZE, error=InvalidStateError))
    #: The seat that drew the bottom card (the loser of the ninth trick), once drawn.
    bottom_drawn_by: int | None = attrs.field(validator=int_in(0, 1, optional=True, error=InvalidStateError))
    #: The cards the observing seat drew after each of the nine first tricks (``None`` for a
    #: draw not made yet, and for a spectator).
    your_draws: tuple[Card | None, ...] = attrs.field(
        validator=tuple_of(instance_of(Card, optional=True), options.DRAWING_TRICKS, options.DRAWING_TRICKS,
                           error=InvalidStateError)
    )
    #: The cards of the trick in progress, leader first.
    trick: tuple[Card, ...] = attrs.field(validator=tuple_of(instance_of(Card), 0, 1, error=InvalidStateError))
    #: The seat that led (or leads) the trick in progress.
    trick_leader: int = attrs.field(validator=_SEAT)
    #: The completed tricks of this round.
    tricks: tuple[Trick, ...] = attrs.field(
        validator=tuple_of(instance_of(Trick), 0, options.ROUND_TRICKS, error=InvalidStateError)
    )
    #: Points taken this round so far (with the last trick's 5 once it is taken).
    round_points: tuple[int, ...] = attrs.field(validator=_POINTS)
    #: The game scores.
    scores: tuple[int, ...] = attrs.field(validator=_SCORES)
    #: The score of every finished round.
    history: tuple[RoundScore, ...] = attrs.field(
        validator=tuple_of(instance_of(RoundScore), 0, MAX_ROUNDS, error=InvalidStateError)
    )
    #: The winner once the game is over.
    winner: int | None = attrs.field(validator=int_in(0, 1, optional=True, error=InvalidStateError))
    #: This seat's legal moves when it is to act, else empty.
    legal_moves: tuple[Move, ...] = attrs.field(validator=tuple_of(instance_of(object), 0, 18, error=InvalidStateError))


# Enum members as module constants: a global is much faster than ``Phase.PLAY`` on the hot paths.
PLAY: Final = Phase.PLAY
ROUND_OVER: Final = Phase.ROUND_OVER
GAME_OVER: Final = Phase.GAME_OVER
# Values the package has checked, built slot by slot (see jass.variant.slot_builder).
build_state: Final = slot_builder(State)
build_setting: Final = slot_builder(Setting)
build_observation: Final = slot_builder(Observation)
NO_CARDS: Final = CardSet()
NO_DRAWS: Final = (None,) * options.DRAWING_TRICKS


@attrs.frozen
class HiddenCards:
    """A deal of the cards a Zweierjass player cannot see (see :func:`sample_hidden`)."""

    #: Both hands now (the observer's own is its own).
    hands: tuple[CardSet, ...]
    #: Both hands as dealt.
    dealt: tuple[CardSet, ...]
    #: The stack as dealt, top first (the cards drawn so far in the order they were drawn).
    stack: tuple[Card, ...]
