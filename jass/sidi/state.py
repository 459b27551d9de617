"""Sidi Barrani's values: the :class:`State` (a :class:`Setting` shared by every state of a
round's card play, and the play), the :class:`Observation` of one seat, the round's scores, and
the slot builders of the hot paths.
"""

from __future__ import annotations

from typing import ClassVar, Final

import attrs

from jass._base import NamedEnum, cards_in, instance_of, int_in, tuple_of
from jass.cards import Card, CardSet
from jass.errors import InvalidStateError
from jass.play import CardPlay, Trick
from jass.sidi.auction import MAX_CALLS, Contract, auction_result
from jass.sidi import moves
from jass.sidi.rules import MAX_SCORE, Rules
from jass.teams.rules import SEATS
from jass.teams.score import TeamScore as _TeamScore
from jass.teams.score import check_round_teams
from jass.trump import Trump
from jass.variant.guards import SEED_LIMIT
from jass.variant.state import MAX_ROUNDS, SettingField, TwoPartState, slot_builder
from jass.weis import Weis

__all__ = ["Phase", "TeamScore", "RoundScore", "Setting", "State", "Observation"]


class Phase(NamedEnum):
    """The phase of a Sidi Barrani game."""

    #: The auction: from Vorhand round the table, each seat bids, passes or doubles.
    AUCTION = "auction"
    #: The nine tricks are played (Weis declared with the first card).
    PLAY = "play"
    #: The round is written (or nobody bid); the next dealer deals (:class:`~jass.sidi.Deal`).
    ROUND_OVER = "round_over"
    #: The game is over: :attr:`State.winner` says who won.
    GAME_OVER = "game_over"


@attrs.frozen
class TeamScore(_TeamScore):
    """One team's points in one round: ``cards``, ``last_trick``, ``match`` (always 0: a match
    counts 157), ``weis``, ``stoeck``, and ``multiplier`` (always 1: every mode counts single)
    (:class:`jass.teams.TeamScore`)."""


def _target_valid(instance: RoundScore, attribute: object, value: tuple[int, int]) -> None:
    contract = instance.contract
    allowed = {(0, 0)}
    if contract is not None:
        allowed |= {(contract.value, 0), (0, contract.value)}
    if value not in allowed:
        raise InvalidStateError(f"target={value!r:.40}: the target is written once, to one team, as the contract "
                                f"values it ({'none' if contract is None else contract.value})")


@attrs.frozen
class RoundScore:
    """One round: its ``contract`` (``None``: all four passed, nothing written), each team's points
    (card points, last trick, Weis, Stöck), and the ``target`` each team writes besides: the
    contract's value to the declaring team when it made its points, to the other team when it
    missed them (jassverzeichnis.ch's table), nothing while the round is played."""

    contract: Contract | None = attrs.field(validator=instance_of(Contract, optional=True, error=InvalidStateError))
    teams: tuple[TeamScore, TeamScore] = attrs.field(
        validator=tuple_of(instance_of(TeamScore), 2, 2, error=InvalidStateError))
    target: tuple[int, int] = attrs.field(
        default=(0, 0), validator=[tuple_of(int_in(0, 2 * 157), 2, 2, error=InvalidStateError), _target_valid])

    def __attrs_post_init__(self) -> None:
        contract = self.contract
        if contract is None:
            if self.teams[0].total or self.teams[1].total:
                raise InvalidStateError(f"teams={self.teams!r:.60}: a deal nobody bid on writes nothing")
            return
        check_round_teams(self.teams, contract.mode, factor="a multiplier of 1", cards_in_all=152)
        if self.teams[0].multiplier != 1 or self.teams[0].match or self.teams[1].match:
            raise InvalidStateError(f"teams={self.teams!r:.60}: every mode counts single, a match 157")

    @property
    def made(self) -> bool | None:
        """Whether the declaring team made its target (``None`` while nobody has written it)."""
        if self.contract is None or self.target == (0, 0):
            return None
        return self.target[self.contract.team] > 0

    @property
    def totals(self) -> tuple[int, int]:
        """Both teams' written points: their points and the target they write."""
        return (self.teams[0].points + self.target[0], self.teams[1].points + self.target[1])


#: Each seat's declared Weis: ``None`` (not declared) or 1 to 16 Weis.
_DECLARED: Final = tuple_of(tuple_of(instance_of(Weis), 1, 16, optional=True), 4, 4, error=InvalidStateError)
_CALLS: Final = tuple_of(instance_of((moves.Bid, moves.Pass, moves.Double)), 0, MAX_CALLS, error=InvalidStateError)
_SEAT: Final = int_in(0, SEATS - 1, error=InvalidStateError)
_OPTIONAL_SEAT: Final = int_in(0, SEATS - 1, optional=True, error=InvalidStateError)
_SCORES: Final = tuple_of(int_in(0, MAX_SCORE), 2, 2, error=InvalidStateError)
_HISTORY: Final = tuple_of(instance_of(RoundScore), 0, MAX_ROUNDS, error=InvalidStateError)


@attrs.frozen
class Setting:
    """Everything about a Sidi Barrani game except the cards in play (it changes with a call, a
    declaration or a round's end, never with a card, so every :class:`State` of a round's card
    play shares one). The contract follows from the calls (:attr:`State.contract`)."""

    rules: Rules = attrs.field(validator=instance_of(Rules, error=InvalidStateError))
    seed: int = attrs.field(validator=int_in(0, SEED_LIMIT - 1, error=InvalidStateError))
    round_number: int = attrs.field(validator=int_in(0, MAX_ROUNDS, error=InvalidStateError))
    dealer: int = attrs.field(validator=_SEAT)
    phase: Phase = attrs.field(validator=instance_of(Phase, error=InvalidStateError))
    dealt: tuple[CardSet, ...] = attrs.field(validator=tuple_of(cards_in(9, 9), 4, 4, error=InvalidStateError))
    #: The written scores: before the round in play, after it once it is over.
    scores: tuple[int, int] = attrs.field(default=(0, 0), validator=_SCORES)
    #: The calls of the round's auction, in order from Vorhand.
    calls: tuple[moves.Call, ...] = attrs.field(default=(), validator=_CALLS)
    declared: tuple[tuple[Weis, ...] | None, ...] = attrs.field(default=(None,) * SEATS, validator=_DECLARED)
    history: tuple[RoundScore, ...] = attrs.field(default=(), validator=_HISTORY)
    winner: int | None = attrs.field(default=None, validator=int_in(0, 1, optional=True, error=InvalidStateError))


@attrs.frozen(repr=False)
class State(TwoPartState):
    """A Sidi Barrani game at one moment. Immutable: :func:`~jass.sidi.apply` returns a new one.

    ``setting`` holds what the cards in play do not change, ``play`` the cards in play once the
    auction is over. Every field of the setting reads on the state too.
    """

    SETTING: ClassVar[type] = Setting
    PLAY_AFTER: ClassVar[str] = "calls"

    setting: Setting = attrs.field(validator=instance_of(Setting, error=InvalidStateError))
    play: CardPlay | None = attrs.field(default=None, validator=instance_of(CardPlay, optional=True, error=InvalidStateError))

    rules = SettingField[Rules]("The game's rules.")
    phase = SettingField[Phase]("The phase of the game.")
    dealt = SettingField[tuple[CardSet, ...]]("The round's hands as dealt.")
    scores = SettingField[tuple[int, int]]("The written scores: before the round in play, after it once it is over.")
    calls = SettingField[tuple[moves.Call, ...]]("The calls of the round's auction, in order from Vorhand.")
    declared = SettingField[tuple[tuple[Weis, ...] | None, ...]]("Each seat's declared Weis (``None``: not declared).")
    history = SettingField[tuple[RoundScore, ...]]("The rounds written so far.")
    winner = SettingField[int | None]("The winning team once the game is over (``None``: a draw).")

    @property
    def vorhand(self) -> int:
        """The seat after the dealer: it calls first in the auction."""
        return (self.setting.dealer + 1) % SEATS

    @property
    def contract(self) -> Contract | None:
        """The auction's contract so far: the last bid, and whether it is doubled."""
        setting = self.setting
        return auction_result(setting.calls, setting.rules, setting.dealer)[1]


@attrs.frozen
class Observation:
    """What one seat may know: its own hand and everything public (every call of the auction
    too), nothing else."""

    #: The observing seat; ``None`` for a spectator.
    seat: int | None = attrs.field(validator=_OPTIONAL_SEAT)
    rules: Rules = attrs.field(validator=instance_of(Rules, error=InvalidStateError))
    phase: Phase = attrs.field(validator=instance_of(Phase, error=InvalidStateError))
    round_number: int = attrs.field(validator=int_in(0, MAX_ROUNDS, error=InvalidStateError))
    dealer: int = attrs.field(validator=_SEAT)
    to_act: int | None = attrs.field(validator=_OPTIONAL_SEAT)
    hand: CardSet = attrs.field(validator=cards_in(0, 9, error=InvalidStateError))
    hand_sizes: tuple[int, ...] = attrs.field(validator=tuple_of(int_in(0, 9), 4, 4, error=InvalidStateError))
    #: Every call of the auction so far, in order from Vorhand: public, as at the table.
    calls: tuple[moves.Call, ...] = attrs.field(validator=_CALLS)
    #: The contract so far (the last bid), and the contract played once the auction is over.
    contract: Contract | None = attrs.field(validator=instance_of(Contract, optional=True, error=InvalidStateError))
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
    scores: tuple[int, int] = attrs.field(validator=_SCORES)
    #: Each team's points of the round in play so far (the target is written at its end).
    round_points: tuple[int, int] = attrs.field(validator=_SCORES)
    history: tuple[RoundScore, ...] = attrs.field(validator=_HISTORY)
    winner: int | None = attrs.field(validator=int_in(0, 1, optional=True, error=InvalidStateError))
    legal_moves: tuple[moves.Move, ...] = attrs.field(validator=tuple_of(instance_of(object), 0, 200, error=InvalidStateError))


# Enum members as module constants: ``Phase.PLAY`` is a lookup through the enum's metaclass,
# several times slower than a global, and the hot paths ask on every card.
AUCTION: Final = Phase.AUCTION
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
