"""Schieber's values: the :class:`State` (a :class:`Setting` shared by every state of a round's
card play, and the play), the :class:`Observation` of one seat, the round's scores, and the
slot builders of the hot paths.
"""

from __future__ import annotations

from typing import ClassVar, Final

import attrs

from jass._base import NamedEnum, cards_in, instance_of, int_in, tuple_of
from jass.cards import Card, CardSet
from jass.errors import InvalidStateError
from jass.play import CardPlay, Trick
from jass.schieber.moves import Move
from jass.schieber.rules import MAX_SCORE, SEATS, Rules
from jass.teams.score import TeamScore as _TeamScore
from jass.teams.score import check_round_teams
from jass.trump import Trump
from jass.variant.guards import SEED_LIMIT
from jass.variant.state import MAX_ROUNDS, SettingField, TwoPartState, slot_builder
from jass.weis import Weis

__all__ = ["Phase", "GameEnd", "TeamScore", "RoundScore", "Setting", "State", "Observation"]


class Phase(NamedEnum):
    """The phase of a Schieber game."""

    #: Vorhand names the trump mode or pushes; after a push the partner names it.
    CHOOSE_TRUMP = "choose_trump"
    #: The nine tricks are played (Weis declared with the first card, «Mer bedanked eus!» between tricks).
    PLAY = "play"
    #: The round is written; the next dealer deals (:class:`Deal`).
    ROUND_OVER = "round_over"
    #: The game is over: :attr:`State.winner` and :attr:`State.end` say who won and why.
    GAME_OVER = "game_over"


class GameEnd(NamedEnum):
    """Why a game ended."""

    #: A team reached the target: at a round's end (the team of the last trick counts first),
    #: in ``AUTO`` mode as soon as it happens, or by the counting order when both teams pass
    #: the target in the first trick.
    TARGET_REACHED = "target_reached"
    #: A team said «Mer bedanked eus!» with enough points, and won.
    CLAIM_CORRECT = "claim_correct"
    #: A team said «Mer bedanked eus!» without enough points, and lost.
    CLAIM_WRONG = "claim_wrong"
    #: The fixed number of rounds (``Rules.rounds``) was played; the higher score won (equal
    #: scores: a draw).
    ROUNDS_PLAYED = "rounds_played"


@attrs.frozen
class TeamScore(_TeamScore):
    """One team's points in one round, before and after the multiplier: ``cards``,
    ``last_trick``, ``match``, ``weis``, ``stoeck`` and the mode's ``multiplier``
    (:class:`jass.teams.TeamScore`)."""


@attrs.frozen
class RoundScore:
    """The score breakdown of one round (complete, or so far)."""

    trump: Trump = attrs.field(validator=instance_of(Trump, error=InvalidStateError))
    teams: tuple[TeamScore, TeamScore] = attrs.field(validator=tuple_of(instance_of(TeamScore), 2, 2, error=InvalidStateError))

    def __attrs_post_init__(self) -> None:
        check_round_teams(self.teams, self.trump, factor="the round's multiplier", cards_in_all=152)

    @property
    def totals(self) -> tuple[int, int]:
        """Both teams' written points."""
        return (self.teams[0].total, self.teams[1].total)


#: Each seat's declared Weis: ``None`` (not declared) or 1 to 16 Weis.
_DECLARED: Final = tuple_of(tuple_of(instance_of(Weis), 1, 16, optional=True), 4, 4, error=InvalidStateError)


@attrs.frozen
class Setting:
    """Everything about a Schieber game except the cards in play: it changes between
    rounds and phases, never with a card, so every :class:`State` of a round's card
    play shares one (each card builds only a small :class:`State` and its
    :class:`~jass.play.CardPlay`).

    ``dealt`` holds the round's hands as dealt (needed for Weis and Stöck).
    ``scores`` are the written scores: before the round in play, after it once it is over.
    """

    rules: Rules = attrs.field(validator=instance_of(Rules, error=InvalidStateError))
    seed: int = attrs.field(validator=int_in(0, SEED_LIMIT - 1, error=InvalidStateError))
    round_number: int = attrs.field(validator=int_in(0, MAX_ROUNDS, error=InvalidStateError))
    dealer: int = attrs.field(validator=int_in(0, SEATS - 1, error=InvalidStateError))
    phase: Phase = attrs.field(validator=instance_of(Phase, error=InvalidStateError))
    dealt: tuple[CardSet, ...] = attrs.field(validator=tuple_of(cards_in(9, 9), 4, 4, error=InvalidStateError))
    scores: tuple[int, int] = attrs.field(default=(0, 0), validator=tuple_of(int_in(0, MAX_SCORE), 2, 2, error=InvalidStateError))
    pushed: int = attrs.field(default=0, validator=int_in(0, 2, error=InvalidStateError))
    trump: Trump | None = attrs.field(default=None, validator=instance_of(Trump, optional=True, error=InvalidStateError))
    declared: tuple[tuple[Weis, ...] | None, ...] = attrs.field(default=(None,) * SEATS, validator=_DECLARED)
    history: tuple[RoundScore, ...] = attrs.field(
        default=(), validator=tuple_of(instance_of(RoundScore), 0, MAX_ROUNDS, error=InvalidStateError)
    )
    winner: int | None = attrs.field(default=None, validator=int_in(0, 1, optional=True, error=InvalidStateError))
    end: GameEnd | None = attrs.field(default=None, validator=instance_of(GameEnd, optional=True, error=InvalidStateError))


@attrs.frozen(repr=False)
class State(TwoPartState):
    """A Schieber game at one moment. Immutable: :func:`apply` returns a new one.

    ``setting`` holds what the cards in play do not change (rules, seed, dealer, deal,
    scores, trump, Weis, history, result), ``play`` the cards in play once trump is
    chosen. Every field of the setting reads directly on the state too
    (``state.scores``); :meth:`~jass.variant.TwoPartState.create` and
    :meth:`~jass.variant.TwoPartState.replace` take them all by name.
    """

    SETTING: ClassVar[type] = Setting
    PLAY_AFTER: ClassVar[str] = "trump"

    setting: Setting = attrs.field(validator=instance_of(Setting, error=InvalidStateError))
    play: CardPlay | None = attrs.field(default=None, validator=instance_of(CardPlay, optional=True, error=InvalidStateError))

    rules = SettingField[Rules]("The game's rules.")
    phase = SettingField[Phase]("The phase of the game.")
    dealt = SettingField[tuple[CardSet, ...]]("The round's hands as dealt.")
    scores = SettingField[tuple[int, int]]("The written scores: before the round in play, after it once it is over.")
    pushed = SettingField[int]("How often the choice of trump was pushed this round (0, 1, or 2 with push-back).")
    trump = SettingField[Trump | None]("The round's trump mode, once chosen.")
    declared = SettingField[tuple[tuple[Weis, ...] | None, ...]](
        "Each seat's declared Weis (``None``: not declared)."
    )
    history = SettingField[tuple[RoundScore, ...]]("The score breakdowns of the rounds written so far.")
    winner = SettingField[int | None]("The winning team once the game is over (``None`` for a draw).")
    end = SettingField[GameEnd | None]("Why the game ended.")

    @property
    def vorhand(self) -> int:
        """The seat after the dealer: chooses trump and leads the first trick."""
        return (self.setting.dealer + 1) % SEATS


_SEAT: Final = int_in(0, SEATS - 1, error=InvalidStateError)
_OPTIONAL_SEAT: Final = int_in(0, SEATS - 1, optional=True, error=InvalidStateError)


@attrs.frozen
class Observation:
    """What one seat may know: its own hand and everything public, nothing else."""

    #: The observing seat; ``None`` for a spectator.
    seat: int | None = attrs.field(validator=_OPTIONAL_SEAT)
    rules: Rules = attrs.field(validator=instance_of(Rules, error=InvalidStateError))
    phase: Phase = attrs.field(validator=instance_of(Phase, error=InvalidStateError))
    round_number: int = attrs.field(validator=int_in(0, MAX_ROUNDS, error=InvalidStateError))
    dealer: int = attrs.field(validator=_SEAT)
    to_act: int | None = attrs.field(validator=_OPTIONAL_SEAT)
    hand: CardSet = attrs.field(validator=cards_in(0, 9, error=InvalidStateError))
    hand_sizes: tuple[int, ...] = attrs.field(validator=tuple_of(int_in(0, 9), 4, 4, error=InvalidStateError))
    trump: Trump | None = attrs.field(validator=instance_of(Trump, optional=True, error=InvalidStateError))
    pushed: int = attrs.field(validator=int_in(0, 2, error=InvalidStateError))
    trick: tuple[Card, ...] = attrs.field(validator=tuple_of(instance_of(Card), 0, 3, error=InvalidStateError))
    trick_leader: int | None = attrs.field(validator=_OPTIONAL_SEAT)
    tricks: tuple[Trick, ...] = attrs.field(validator=tuple_of(instance_of(Trick), 0, 9, error=InvalidStateError))
    #: Points each seat declared in Weis so far (``None``: not declared); public, as at the table.
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
    scores: tuple[int, int] = attrs.field(validator=tuple_of(int_in(0, MAX_SCORE), 2, 2, error=InvalidStateError))
    round_points: tuple[int, int] = attrs.field(validator=tuple_of(int_in(0, MAX_SCORE), 2, 2, error=InvalidStateError))
    history: tuple[RoundScore, ...] = attrs.field(
        validator=tuple_of(instance_of(RoundScore), 0, MAX_ROUNDS, error=InvalidStateError)
    )
    winner: int | None = attrs.field(validator=int_in(0, 1, optional=True, error=InvalidStateError))
    end: GameEnd | None = attrs.field(validator=instance_of(GameEnd, optional=True, error=InvalidStateError))
    legal_moves: tuple[Move, ...] = attrs.field(
        validator=tuple_of(instance_of(object), 0, 400, error=InvalidStateError)
    )


# Enum members as module constants: ``Phase.PLAY`` is a class-attribute lookup through the enum's
# metaclass, several times slower than a global, and the hot paths ask on every card.
CHOOSE_TRUMP: Final = Phase.CHOOSE_TRUMP
PLAY: Final = Phase.PLAY
ROUND_OVER: Final = Phase.ROUND_OVER
GAME_OVER: Final = Phase.GAME_OVER
# Values the package has checked, built slot by slot (see jass.variant.slot_builder).
build_state: Final = slot_builder(State)
build_setting: Final = slot_builder(Setting)
build_team_score: Final = slot_builder(TeamScore)
build_round_score: Final = slot_builder(RoundScore)
build_observation: Final = slot_builder(Observation)
NO_CARDS: Final = CardSet()
