"""Coiffeur's values: the :class:`State` (a :class:`Setting` shared by every state of a round's
card play, and the play), the :class:`Observation` of one seat, the round's scores and the
slate's columns, and the slot builders of the hot paths.
"""

from __future__ import annotations

from typing import ClassVar, Final

import attrs

from jass._base import NamedEnum, cards_in, instance_of, int_in, tuple_of
from jass.cards import Card, CardSet
from jass.coiffeur.moves import Move
from jass.coiffeur.rules import MAX_SCORE, Rules
from jass.coiffeur.slate import MAX_ROWS, Slate
from jass.errors import InvalidStateError
from jass.play import CardPlay, Trick
from jass.teams.rules import SEATS
from jass.teams.score import TeamScore as _TeamScore
from jass.teams.score import check_round_teams
from jass.trump import ROUND_MODE_TYPES, RoundMode, Trump
from jass.variant.guards import SEED_LIMIT
from jass.variant.state import MAX_ROUNDS, SettingField, TwoPartState, slot_builder
from jass.weis import Weis

__all__ = ["Phase", "TeamScore", "RoundScore", "Setting", "State", "Observation"]


class Phase(NamedEnum):
    """The phase of a Coiffeur game."""

    #: A seat chooses a row of its team's column and a mode, or pushes to the next player.
    CHOOSE = "choose"
    PLAY = "play"
    ROUND_OVER = "round_over"
    GAME_OVER = "game_over"


@attrs.frozen
class TeamScore(_TeamScore):
    """One team's points in one round: ``cards``, ``last_trick``, ``match``, ``weis``,
    ``stoeck`` and the row's factor as ``multiplier`` (:class:`jass.teams.TeamScore`)."""


@attrs.frozen
class RoundScore:
    """One round: the row played, its mode, the declaring team and both teams' points (the
    other team's too, though only the declaring team's are written)."""

    row: int = attrs.field(validator=int_in(0, MAX_ROWS - 1, error=InvalidStateError))
    mode: RoundMode = attrs.field(validator=instance_of(ROUND_MODE_TYPES, error=InvalidStateError))
    #: The declaring team: its points are written in row ``row`` of its column.
    team: int = attrs.field(validator=int_in(0, 1, error=InvalidStateError))
    teams: tuple[TeamScore, TeamScore] = attrs.field(validator=tuple_of(instance_of(TeamScore), 2, 2, error=InvalidStateError))

    def __attrs_post_init__(self) -> None:
        # No card total: in Slalom and Guschti each trick counts in its own mode.
        check_round_teams(self.teams, self.mode, factor="the row's factor", cards_in_all=None)

    @property
    def written(self) -> int:
        """The points written for the round: the declaring team's total; in a Misère the other
        team's (quoi-faire.ch: «Nur alle Punkte welche die Gegner machen, zählen für Sie»)."""
        if self.mode.is_misere:
            return self.teams[1 - self.team].total
        return self.teams[self.team].total

    @property
    def totals(self) -> tuple[int, int]:
        """The points written for each team this round: the declaring team's, and 0."""
        return (self.written, 0) if self.team == 0 else (0, self.written)


_SEAT: Final = int_in(0, SEATS - 1, error=InvalidStateError)
_OPTIONAL_SEAT: Final = int_in(0, SEATS - 1, optional=True, error=InvalidStateError)
_MODE: Final = instance_of(ROUND_MODE_TYPES, optional=True, error=InvalidStateError)


#: Each seat's declared Weis: ``None`` (not declared) or 1 to 16 Weis.
_DECLARED: Final = tuple_of(tuple_of(instance_of(Weis), 1, 16, optional=True), 4, 4, error=InvalidStateError)


@attrs.frozen
class Setting:
    """Everything about a Coiffeur game except the cards in play (it changes with a push, a
    choice, a declaration or a round's end, never with a card, so every :class:`State` of a
    round's card play shares one). The columns of the slate follow from the history
    (:attr:`State.slates`)."""

    rules: Rules = attrs.field(validator=instance_of(Rules, error=InvalidStateError))
    seed: int = attrs.field(validator=int_in(0, SEED_LIMIT - 1, error=InvalidStateError))
    round_number: int = attrs.field(validator=int_in(0, MAX_ROUNDS, error=InvalidStateError))
    dealer: int = attrs.field(validator=_SEAT)
    phase: Phase = attrs.field(validator=instance_of(Phase, error=InvalidStateError))
    dealt: tuple[CardSet, ...] = attrs.field(validator=tuple_of(cards_in(9, 9), 4, 4, error=InvalidStateError))
    #: Pushes so far this round: at most one per seat that may choose (then the first must choose).
    pushed: int = attrs.field(default=0, validator=int_in(0, SEATS, error=InvalidStateError))
    #: The row chosen (its index), its mode and the seat that chose it, once chosen.
    row: int | None = attrs.field(default=None, validator=int_in(0, MAX_ROWS - 1, optional=True, error=InvalidStateError))
    mode: RoundMode | None = attrs.field(default=None, validator=_MODE)
    chooser: int | None = attrs.field(default=None, validator=_OPTIONAL_SEAT)
    declared: tuple[tuple[Weis, ...] | None, ...] = attrs.field(default=(None,) * SEATS, validator=_DECLARED)
    history: tuple[RoundScore, ...] = attrs.field(
        default=(), validator=tuple_of(instance_of(RoundScore), 0, 2 * MAX_ROWS, error=InvalidStateError)
    )
    winner: int | None = attrs.field(default=None, validator=int_in(0, 1, optional=True, error=InvalidStateError))


@attrs.frozen(repr=False)
class State(TwoPartState):
    """A Coiffeur game at one moment. Immutable: :func:`apply` returns a new one.

    ``setting`` holds what the cards in play do not change, ``play`` the cards in play once a
    row is chosen. Every field of the setting reads on the state too; the columns of the slate
    (:attr:`slates`) and the scores follow from the history.
    """

    SETTING: ClassVar[type] = Setting
    PLAY_AFTER: ClassVar[str] = "chooser"

    setting: Setting = attrs.field(validator=instance_of(Setting, error=InvalidStateError))
    play: CardPlay | None = attrs.field(default=None, validator=instance_of(CardPlay, optional=True, error=InvalidStateError))

    rules = SettingField[Rules]("The game's rules.")
    phase = SettingField[Phase]("The phase of the game.")
    dealt = SettingField[tuple[CardSet, ...]]("The round's hands as dealt.")
    pushed = SettingField[int]("How often the choice was pushed this round.")
    row = SettingField[int | None]("The row chosen this round (its index), once chosen.")
    mode = SettingField[RoundMode | None]("The round's mode, once chosen.")
    chooser = SettingField[int | None]("The seat that chose the row: its team declares, it leads trick 1.")
    declared = SettingField[tuple[tuple[Weis, ...] | None, ...]]("Each seat's declared Weis (``None``: not declared).")
    history = SettingField[tuple[RoundScore, ...]]("The rounds written so far.")
    winner = SettingField[int | None]("The winning team once the game is over (``None`` for a draw).")

    @property
    def vorhand(self) -> int:
        """The seat after the dealer: asked first to choose."""
        return (self.setting.dealer + 1) % SEATS

    @property
    def slates(self) -> tuple[tuple[int | None, ...], tuple[int | None, ...]]:
        """Each team's column: the points written in each row, ``None`` while it is open."""
        return slate_columns(self.setting.rules.slate, self.setting.history)

    @property
    def scores(self) -> tuple[int, int]:
        """Each team's points written so far (the sums of the columns)."""
        return written_scores(self.setting.history)


def slate_columns(slate: Slate, history: tuple[RoundScore, ...]) -> tuple[tuple[int | None, ...], tuple[int | None, ...]]:
    """The columns of the slate that ``history`` has written."""
    columns: list[list[int | None]] = [[None] * len(slate.rows), [None] * len(slate.rows)]
    for score in history:
        columns[score.team][score.row] = score.written
    return (tuple(columns[0]), tuple(columns[1]))


def written_scores(history: tuple[RoundScore, ...]) -> tuple[int, int]:
    totals = [0, 0]
    for score in history:
        totals[score.team] += score.written
    return (totals[0], totals[1])


@attrs.frozen
class Observation:
    """What one seat may know: its own hand and everything public, nothing else.

    ``trump`` is the mode of the trick in progress (in Slalom and Guschti it changes from trick
    to trick), ``mode`` the round's."""

    #: The observing seat; ``None`` for a spectator.
    seat: int | None = attrs.field(validator=_OPTIONAL_SEAT)
    rules: Rules = attrs.field(validator=instance_of(Rules, error=InvalidStateError))
    phase: Phase = attrs.field(validator=instance_of(Phase, error=InvalidStateError))
    round_number: int = attrs.field(validator=int_in(0, MAX_ROUNDS, error=InvalidStateError))
    dealer: int = attrs.field(validator=_SEAT)
    to_act: int | None = attrs.field(validator=_OPTIONAL_SEAT)
    hand: CardSet = attrs.field(validator=cards_in(0, 9, error=InvalidStateError))
    hand_sizes: tuple[int, ...] = attrs.field(validator=tuple_of(int_in(0, 9), 4, 4, error=InvalidStateError))
    pushed: int = attrs.field(validator=int_in(0, SEATS, error=InvalidStateError))
    row: int | None = attrs.field(validator=int_in(0, MAX_ROWS - 1, optional=True, error=InvalidStateError))
    mode: RoundMode | None = attrs.field(validator=_MODE)
    chooser: int | None = attrs.field(validator=_OPTIONAL_SEAT)
    trump: Trump | None = attrs.field(validator=instance_of(Trump, optional=True, error=InvalidStateError))
    trick: tuple[Card, ...] = attrs.field(validator=tuple_of(instance_of(Card), 0, 3, error=InvalidStateError))
    trick_leader: int | None = attrs.field(validator=_OPTIONAL_SEAT)
    tricks: tuple[Trick, ...] = attrs.field(validator=tuple_of(instance_of(Trick), 0, 9, error=InvalidStateError))
    #: Points each seat declared in Weis so far (``None``: not declared); public.
    declared_points: tuple[int | None, ...] = attrs.field(
        validator=tuple_of(int_in(0, 1_000_000, optional=True), 4, 4, error=InvalidStateError)
    )
    #: This seat's own declared Weis.
    own_weis: tuple[Weis, ...] | None = attrs.field(
        validator=tuple_of(instance_of(Weis), 0, 16, optional=True, error=InvalidStateError)
    )
    #: After the first trick: the Weis of the team that scores them, shown to all.
    shown_weis: tuple[tuple[Weis, ...], ...] = attrs.field(
        validator=tuple_of(tuple_of(instance_of(Weis), 0, 16), 4, 4, error=InvalidStateError)
    )
    stoeck_team: int | None = attrs.field(validator=int_in(0, 1, optional=True, error=InvalidStateError))
    #: Each team's column of the slate (``None``: open).
    slates: tuple[tuple[int | None, ...], ...] = attrs.field(
        validator=tuple_of(tuple_of(int_in(0, MAX_SCORE, optional=True), 1, MAX_ROWS), 2, 2, error=InvalidStateError)
    )
    scores: tuple[int, int] = attrs.field(validator=tuple_of(int_in(0, MAX_SCORE), 2, 2, error=InvalidStateError))
    #: What the round in play would write so far, per team (the declaring team's, and 0).
    round_points: tuple[int, int] = attrs.field(validator=tuple_of(int_in(0, MAX_SCORE), 2, 2, error=InvalidStateError))
    history: tuple[RoundScore, ...] = attrs.field(
        validator=tuple_of(instance_of(RoundScore), 0, 2 * MAX_ROWS, error=InvalidStateError)
    )
    winner: int | None = attrs.field(validator=int_in(0, 1, optional=True, error=InvalidStateError))
    legal_moves: tuple[Move, ...] = attrs.field(validator=tuple_of(instance_of(object), 0, 200, error=InvalidStateError))


# Enum members as module constants: ``Phase.PLAY`` is a lookup through the enum's metaclass,
# several times slower than a global, and the hot paths ask on every card.
CHOOSE: Final = Phase.CHOOSE
PLAY: Final = Phase.PLAY
ROUND_OVER: Final = Phase.ROUND_OVER
GAME_OVER: Final = Phase.GAME_OVER
# Values the package has checked, built slot by slot (see jass.variant.slot_builder).
build_state: Final = slot_builder(State)
build_setting: Final = slot_builder(Setting)
build_team_score: Final = slot_builder(TeamScore)
build_observation: Final = slot_builder(Observation)
NO_CARDS: Final = CardSet()
NO_DECLARATIONS: Final = (None,) * SEATS
