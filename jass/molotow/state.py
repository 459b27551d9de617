"""Molotow's values: the :class:`State` (a :class:`Setting` shared by every state of a round's card
play, and the play), the :class:`Observation` of one seat, the round's score, and the slot
builders of the hot paths.
"""

from __future__ import annotations

from typing import ClassVar, Final

import attrs

from jass._base import NamedEnum, cards_in, instance_of, int_in, tuple_of
from jass.cards import Card, CardSet
from jass.errors import InvalidStateError
from jass.molotow.moves import Move
from jass.molotow.rules import DECK_SIZE, MAX_TOTAL, MOST_SEATS, Rules
from jass.play import CardPlay, Trick
from jass.trump import LAST_TRICK_BONUS, Trump
from jass.variant.guards import SEED_LIMIT, check_seat
from jass.variant.state import MAX_ROUNDS, SettingField, TwoPartState, slot_builder

__all__ = ["Phase", "RoundScore", "Setting", "State", "Observation"]

#: The fewest players (three, twelve cards each) and the most cards a hand holds.
FEWEST: Final = 3
MOST_CARDS: Final = DECK_SIZE // FEWEST


class Phase(NamedEnum):
    """The phase of a Molotow game: a round starts with its first card (no bidding, no trump
    choice)."""

    #: The tricks are played; trump is fixed by the first card that does not follow suit.
    PLAY = "play"
    #: The round is counted; the next dealer deals (:class:`Deal`).
    ROUND_OVER = "round_over"
    #: The last round is counted: the fewest points win.
    GAME_OVER = "game_over"


_SEAT: Final = int_in(0, MOST_SEATS - 1, error=InvalidStateError)
_OPTIONAL_SEAT: Final = int_in(0, MOST_SEATS - 1, optional=True, error=InvalidStateError)
_NUMBERS: Final = tuple_of(int_in(0, 10_000), FEWEST, MOST_SEATS, error=InvalidStateError)
_SIGNED: Final = tuple_of(int_in(-10_000, 20_000), FEWEST, MOST_SEATS, error=InvalidStateError)
_TOTALS: Final = tuple_of(int_in(-MAX_TOTAL, MAX_TOTAL), FEWEST, MOST_SEATS, error=InvalidStateError)
_TRUMP: Final = instance_of(Trump, optional=True, error=InvalidStateError)


def _problem(field: str, text: str) -> InvalidStateError:
    error = InvalidStateError(f"{field}: {text}")
    error.field = field  # type: ignore[attr-defined]
    return error


@attrs.frozen
class RoundScore:
    """One round's points per seat (index 0 to 3, or one per player of three, five or six): fewer
    is better.

    While the round is being played the hand Weis and the last trick are still 0 (``complete``
    is false); the card points count with the values of the mode in play.
    """

    #: The trump fixed by the first card that did not follow suit; ``None``: none was fixed
    #: (the tricks count with Obenabe's values).
    trump: Trump | None = attrs.field(validator=_TRUMP)
    #: The card points of the tricks taken, with the trump values of :attr:`trump` (Obenabe's
    #: without trump).
    card_points: tuple[int, ...] = attrs.field(validator=_NUMBERS)
    #: 5 for the seat that took the last trick, else 0.
    last_trick: tuple[int, ...] = attrs.field(validator=_NUMBERS)
    #: The table Weis of the tricks taken: plus points.
    table_weis: tuple[int, ...] = attrs.field(validator=_NUMBERS)
    #: The Weis of each hand as dealt: minus points (written here as positive numbers).
    hand_weis: tuple[int, ...] = attrs.field(validator=_NUMBERS)
    #: 20 for a seat that played the trump King and Ober both after trump was fixed: minus points.
    stoeck: tuple[int, ...] = attrs.field(validator=_NUMBERS)
    #: ``card_points + last_trick + table_weis - hand_weis - stoeck``: what the round adds to the
    #: seat's total.
    totals: tuple[int, ...] = attrs.field(validator=_SIGNED)
    #: True once every card is played.
    complete: bool = attrs.field(validator=instance_of(bool, error=InvalidStateError))

    def __attrs_post_init__(self) -> None:
        seats = len(self.totals)
        for name in ("card_points", "last_trick", "table_weis", "hand_weis", "stoeck"):
            if len(getattr(self, name)) != seats:
                raise _problem(name, f"{len(getattr(self, name))} entries for {seats} players")
        for seat in range(seats):
            right = (self.card_points[seat] + self.last_trick[seat] + self.table_weis[seat] - self.hand_weis[seat]
                     - self.stoeck[seat])
            if self.totals[seat] != right:
                raise _problem("totals", "the card points, the last trick and the table Weis, less the hand Weis "
                                         "and the Stöck")
        if self.trump is not None and not self.trump.is_suit:
            raise _problem("trump", "Molotow's trump is a suit")
        if sorted(self.last_trick) != ([0] * (seats - 1) + [LAST_TRICK_BONUS] if self.complete else [0] * seats):
            raise _problem("last_trick", "one player takes the last trick, once the round is complete")
        if not self.complete and any(self.hand_weis):
            raise _problem("hand_weis", "the hand Weis are written when the round is counted")


@attrs.frozen
class Setting:
    """Everything about a Molotow game except the cards in play: it changes with a deal or a
    round's end, never with a card, so every :class:`State` of a round's card play shares one.
    """

    #: The options.
    rules: Rules = attrs.field(validator=instance_of(Rules, error=InvalidStateError))
    #: The game's seed: round *n* is dealt from ``shuffled_deck(round_seed(seed, n))``.
    seed: int = attrs.field(validator=int_in(0, SEED_LIMIT - 1, error=InvalidStateError))
    #: 0 for the first round.
    round_number: int = attrs.field(validator=int_in(0, MAX_ROUNDS, error=InvalidStateError))
    #: The dealer of this round; the next seat (Vorhand) leads the first trick.
    dealer: int = attrs.field(validator=_SEAT)
    #: The phase of the game.
    phase: Phase = attrs.field(validator=instance_of(Phase, error=InvalidStateError))
    #: Each seat's points so far, the finished rounds' totals added up (fewer is better).
    totals: tuple[int, ...] = attrs.field(validator=_TOTALS)
    #: The score of every finished round, in order.
    history: tuple[RoundScore, ...] = attrs.field(
        validator=tuple_of(instance_of(RoundScore), 0, MAX_ROUNDS, error=InvalidStateError)
    )
    #: The seat with the fewest points once the game is over; ``None`` while it goes on, and for
    #: a tie for the fewest (a draw).
    winner: int | None = attrs.field(validator=_OPTIONAL_SEAT)

    def __attrs_post_init__(self) -> None:
        seats = self.rules.seats
        if len(self.totals) != seats:
            raise _problem("totals", f"{len(self.totals)} entries for {seats} players")
        for name in ("dealer", "winner"):
            seat = getattr(self, name)
            if seat is not None and seat >= seats:
                raise _problem(name, f"expected a seat 0..{seats - 1} of the {seats} players")
        for score in self.history:
            if len(score.totals) != seats:
                raise _problem("history", f"a round of {len(score.totals)} players in a game of {seats}")


@attrs.frozen(repr=False)
class State(TwoPartState):
    """A Molotow game at one moment. Immutable: :func:`apply` returns a new one.

    ``setting`` holds what the cards in play do not change, ``play`` the round's cards from the
    deal on (never ``None``: a round starts with its first card). The play's mode is Obenabe
    until a card fails to follow suit, then that card's suit (:attr:`trump`). After the last
    card ``play`` keeps the finished round until the next :class:`Deal`. Every field of the
    setting reads on the state too.
    """

    SETTING: ClassVar[type] = Setting
    PLAY_AFTER: ClassVar[str] = "phase"

    setting: Setting = attrs.field(validator=instance_of(Setting, error=InvalidStateError))
    play: CardPlay = attrs.field(validator=instance_of(CardPlay, error=InvalidStateError))

    rules = SettingField[Rules]("The options.")
    phase = SettingField[Phase]("The phase of the game.")
    totals = SettingField[tuple[int, ...]]("Each seat's points so far (fewer is better).")
    history = SettingField[tuple[RoundScore, ...]]("The score of every finished round, in order.")
    winner = SettingField[int | None]("The seat with the fewest points once the game is over (``None``: a tie).")

    @property
    def trump(self) -> Trump | None:
        """The trump suit, once a card has failed to follow suit; ``None`` before."""
        mode = self.play.trump
        return mode if mode.is_suit else None

    @property
    def vorhand(self) -> int:
        """The seat after the dealer: it leads the first trick."""
        return (self.setting.dealer + 1) % self.setting.rules.seats

    def hand(self, seat: int) -> CardSet:
        """The cards ``seat`` holds now."""
        check_seat(seat, self.setting.rules.seats)
        return self.play.hand(seat)


@attrs.frozen
class Observation:
    """What one seat may know: its own hand and everything public, nothing else (the hand Weis
    are written when the round is counted, so no field shows another hand before)."""

    #: The observing seat; ``None`` for a spectator.
    seat: int | None = attrs.field(validator=_OPTIONAL_SEAT)
    #: The table's rules (public).
    rules: Rules = attrs.field(validator=instance_of(Rules, error=InvalidStateError))
    #: The phase of the game.
    phase: Phase = attrs.field(validator=instance_of(Phase, error=InvalidStateError))
    #: 0 for the first round.
    round_number: int = attrs.field(validator=int_in(0, MAX_ROUNDS, error=InvalidStateError))
    #: The dealer of this round.
    dealer: int = attrs.field(validator=_SEAT)
    #: The seat whose move is due (``None`` when the game is over).
    to_act: int | None = attrs.field(validator=_OPTIONAL_SEAT)
    #: The observing seat's cards.
    hand: CardSet = attrs.field(validator=cards_in(0, MOST_CARDS, error=InvalidStateError))
    #: How many cards each seat holds.
    hand_sizes: tuple[int, ...] = attrs.field(
        validator=tuple_of(int_in(0, MOST_CARDS), FEWEST, MOST_SEATS, error=InvalidStateError))
    #: The trump suit once a card has failed to follow suit; ``None`` before.
    trump: Trump | None = attrs.field(validator=_TRUMP)
    #: The cards of the trick in progress, leader first.
    trick: tuple[Card, ...] = attrs.field(validator=tuple_of(instance_of(Card), 0, MOST_SEATS - 1, error=InvalidStateError))
    #: The seat that led (or leads) the trick in progress.
    trick_leader: int = attrs.field(validator=_SEAT)
    #: The completed tricks of this round (each trick's ``points`` in the mode it was played in;
    #: :attr:`round_score` counts them all with the trump fixed at last).
    tricks: tuple[Trick, ...] = attrs.field(
        validator=tuple_of(instance_of(Trick), 0, MOST_CARDS, error=InvalidStateError))
    #: The round's score so far (public: tricks are played face up, Stöck are said aloud, hand
    #: Weis are written when the round is counted).
    round_score: RoundScore = attrs.field(validator=instance_of(RoundScore, error=InvalidStateError))
    #: Each seat's points so far (fewer is better).
    totals: tuple[int, ...] = attrs.field(validator=_TOTALS)
    #: The score of every finished round.
    history: tuple[RoundScore, ...] = attrs.field(
        validator=tuple_of(instance_of(RoundScore), 0, MAX_ROUNDS, error=InvalidStateError)
    )
    #: The winner once the game is over (``None``: a tie).
    winner: int | None = attrs.field(validator=_OPTIONAL_SEAT)
    #: This seat's legal moves when it is to act, else empty.
    legal_moves: tuple[Move, ...] = attrs.field(validator=tuple_of(instance_of(object), 0, 36, error=InvalidStateError))

    def __attrs_post_init__(self) -> None:
        seats = self.rules.seats
        for name in ("hand_sizes", "totals"):
            if len(getattr(self, name)) != seats:
                raise _problem(name, f"{len(getattr(self, name))} entries for {seats} players")


# Enum members as module constants: a global is much faster than ``Phase.PLAY`` on the hot paths.
PLAY: Final = Phase.PLAY
ROUND_OVER: Final = Phase.ROUND_OVER
GAME_OVER: Final = Phase.GAME_OVER
# Values the package has checked, built slot by slot (see jass.variant.slot_builder).
build_state: Final = slot_builder(State)
build_setting: Final = slot_builder(Setting)
build_observation: Final = slot_builder(Observation)
NO_CARDS: Final = CardSet()
