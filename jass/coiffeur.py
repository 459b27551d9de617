"""Coiffeur: the partnership game of the slate, where every team plays every mode once.

Swisslos, "Coiffeur Jass-Regeln": "Beim Coiffeur geht es darum, sämtliche Trumpfarten einmal
zuspielen und dabei möglichst viele Punkte zu erzielen. Es werden jeweils nur die Punkte des
ansagenden Teams geschrieben. Das Team, welches nach Beendigung aller Runden am meisten Punkte
aufweist, gewinnt." (*The aim is to play every kind of trump once and take as many points as
possible. Only the declaring team's points are written. The team with the most points after
all rounds wins.*)

Seats 0 and 2 play against seats 1 and 3, as in Schieber. Each team has a column on the
**slate** (:class:`Slate`): one row per mode to play, each with its factor. Each round
Vorhand (the seat after the dealer) chooses an open row of its team's column and a mode it
allows (:class:`ChooseRow`), or pushes (:class:`Push`) to the **next player**, not to the
partner; when all have pushed the first must choose. The chooser leads the first trick. The
round is played and counted as in Schieber (:mod:`jass.teams`: card points, the last trick's
5, the match bonus), everything times the row's factor, and only the declaring team's points
are written, in that row. No Weis and no Stöck by default (Swisslos: "Der Coiffeur wird ohne
Weisen gespielt"); the options ``weis`` and ``stoeck`` add them. Once both teams have played
every row, the team with more points wins (equal: a draw).

>>> from jass import coiffeur, Trump
>>> state = coiffeur.new_game(coiffeur.Rules(first_dealer=3), seed=5)
>>> coiffeur.to_act(state)                        # Vorhand chooses first
0
>>> state = coiffeur.apply(state, coiffeur.Push())
>>> coiffeur.to_act(state)                        # the next player, not the partner
1
>>> state = coiffeur.apply(state, coiffeur.ChooseRow(4, Trump.OBENABE))   # the row x5
>>> coiffeur.to_act(state), state.play.leader     # the chooser leads
(1, 1)

The module ends by registering the variant (:data:`VARIANT`) in :mod:`jass.variant`.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Sequence
from typing import Any, ClassVar, Final, Union

import attrs

from jass._base import NamedEnum, cards_in, check_same, instance_of, int_in, tuple_of
from jass.cards import Card, CardSet
from jass.cards import deal as deal_cards
from jass.encoding import Encoding, one_hot, play_block, play_layout, relative
from jass.errors import IllegalMoveError, InvalidRulesError, InvalidStateError, JassError
from jass.errors import RecordError, SerialError
from jass.play import (
    CardPlay,
    PlayCard,
    Trick,
    card_moves,
    check_disjoint,
    check_hand_view,
    check_legal_cards,
    check_public_tricks,
    parse_play,
    round_seed,
)
from jass.teams import (
    SEATS,
    TRICKS,
    check_round_teams,
    weis_lines,
    NextDeal,
    StoeckMode,
    WeisDeclaration,
    WEIS_LAYOUT,
    deal_text,
    explicit_deal,
    explicit_move,
    first_hands,
    game_from_record,
    hand_value,
    hidden_variations,
    known_cards,
    parse_deal,
    parse_weis,
    replay_declaration,
    team_sampler,
    drawn_declarations,
    fullest_declaration,
    stoeck_team,
    team_of,
    team_scores,
    team_tricks,
    team_weis,
    weis_options,
    weis_text,
    weis_block,
    weis_view,
)
from jass.teams import TeamScore as _TeamScore
from jass.sampling import HandSampler
from jass.tricks import PlayRules
from jass.trump import DEFAULT_TRUMP_JACK_POINTS, PerTrickMode, RoundMode, Trump, parse_mode
from jass.variant import (
    MAX_ROUNDS,
    SEED_LIMIT,
    ConformanceHooks,
    SearchHooks,
    SettingField,
    TwoPartState,
    Variant,
    changed,
    check_observer,
    check_sender,
    check_turn,
    game_end,
    game_start,
    no_argument,
    protocol_of,
    record_deal,
    refused,
    register,
    replay_move,
    rounds_before,
    slot_builder,
    split_move,
    wrong_state,
)
from jass.weis import Weis, WeisRules

__all__ = [
    "SEATS",
    "Phase",
    "Row",
    "Slate",
    "Rules",
    "StoeckMode",
    "ChooseRow",
    "Push",
    "DeclareWeis",
    "PlayCard",
    "Deal",
    "Move",
    "TeamScore",
    "RoundScore",
    "Setting",
    "State",
    "Observation",
    "VARIANT",
    "team_of",
    "new_game",
    "legal_moves",
    "apply",
    "apply_trusted",
    "to_act",
    "is_over",
    "winner",
    "score_round",
    "observe",
    "card_zones",
    "hand_sampler",
    "sample_hands",
    "determinize",
    "round_values",
]

_STATE: Final = InvalidStateError
#: The most rows a slate holds.
_MAX_ROWS: Final = 20
#: The most points a team's column can add up to (what the JSON format writes).
_MAX_SCORE: Final = 10**9


class Phase(NamedEnum):
    """The phase of a Coiffeur game."""

    #: A seat chooses a row of its team's column and a mode, or pushes to the next player.
    CHOOSE = "choose"
    PLAY = "play"
    ROUND_OVER = "round_over"
    GAME_OVER = "game_over"


# --- the slate -------------------------------------------------------------------------------------


def _row_modes(value: object) -> tuple[RoundMode, ...]:
    if isinstance(value, (Trump, PerTrickMode, str)):
        value = (value,)
    if not isinstance(value, (list, tuple)):
        raise InvalidRulesError(f"modes={value!r:.60}: expected a tuple of modes")
    return tuple(parse_mode(mode) for mode in value)


def _modes_valid(instance: object, attribute: object, value: tuple[RoundMode, ...]) -> None:
    if not 1 <= len(value) <= 10 or len(set(value)) != len(value):
        raise InvalidRulesError(f"modes={value!r:.80}: expected 1 to 10 different modes")


def _name_valid(instance: object, attribute: object, value: Any) -> None:
    if not isinstance(value, str) or not 1 <= len(value.strip()) <= 40:
        raise InvalidRulesError(f"name={value!r:.60}: expected a row name of 1 to 40 characters")


@attrs.frozen
class Row:
    """One row of the slate: its name, its factor (the row's points are multiplied by it) and
    the modes a team may play it in (one for a suit, every classic mode for a joker).

    >>> Row("Joker", 7, tuple(Trump)).modes[4]
    Trump.OBENABE
    """

    name: str = attrs.field(validator=_name_valid)
    factor: int = attrs.field(validator=int_in(1, 100))
    modes: tuple[RoundMode, ...] = attrs.field(converter=_row_modes, validator=_modes_valid)


#: The six classic modes: what a joker row allows ("freie Wahl der Trumpfart").
JOKER_MODES: Final[tuple[RoundMode, ...]] = tuple(Trump)


def _rows_tuple(value: Any) -> tuple[Row, ...]:
    if isinstance(value, (list, tuple)):
        return tuple(value)
    raise InvalidRulesError(f"rows={value!r:.60}: expected a tuple of Row")


def _rows_valid(instance: object, attribute: object, value: object) -> None:
    if (
        not isinstance(value, tuple) or not 1 <= len(value) <= _MAX_ROWS
        or not all(isinstance(row, Row) for row in value)
    ):
        raise InvalidRulesError(f"rows={value!r:.80}: expected a tuple of 1 to {_MAX_ROWS} Row")
    names = [row.name for row in value]
    if len(set(names)) != len(names):
        raise InvalidRulesError(f"rows: every row has its own name, got {names}")


@attrs.frozen
class Slate:
    """The rows each team plays once (a team's column of the slate). Presets:
    :meth:`jassreglement` (8 rows) and :meth:`swisslos_10` (10 rows); any other list of
    :class:`Row` is a custom slate.

    >>> [(row.name, row.factor) for row in Slate.jassreglement().rows][:3]
    [('Eicheln', 1), ('Rosen', 2), ('Schilten', 3)]
    """

    #: The rows in the order of the slate, each with its name, factor and the modes it allows.
    #: Source: the slate's preset (see ``slate``), or the table's own list.
    rows: tuple[Row, ...] = attrs.field(converter=_rows_tuple, validator=_rows_valid)

    @classmethod
    def jassreglement(cls) -> Slate:
        """The Jassreglement's 8 rows (jassverzeichnis.ch, "Anleitung für den Coiffeur-Jass"):
        Eicheln x1, Rosen x2, Schilten x3, Schellen x4, Obenabe x5, Undenufe x6, and two jokers
        x7 and x8 ("Als Joker können nur eine Farbe oder Undeufe oder Obenaben gewählt
        werden"); Swisslos' "Coiffeur auf 8 Runden" has the same rows."""
        return cls(_JASSREGLEMENT)

    @classmethod
    def swisslos_10(cls) -> Slate:
        """Swisslos' "Coiffeur auf 10 Runden": the 8 rows and Slalom and "Guschti 5/4"
        ("müssen zusätzlich einmal Slalom und einmal Guschti 5/4 gespielt werden"), here x9 and
        x10 (Swisslos' page names the two rows, not their factors)."""
        return cls(_SWISSLOS_10)


_JASSREGLEMENT: Final = (
    Row("Eicheln", 1, (Trump.EICHELN,)),
    Row("Rosen", 2, (Trump.ROSEN,)),
    Row("Schilten", 3, (Trump.SCHILTEN,)),
    Row("Schellen", 4, (Trump.SCHELLEN,)),
    Row("Obenabe", 5, (Trump.OBENABE,)),
    Row("Undenufe", 6, (Trump.UNDENUFE,)),
    Row("Joker 1", 7, JOKER_MODES),
    Row("Joker 2", 8, JOKER_MODES),
)
_SWISSLOS_10: Final = _JASSREGLEMENT + (
    Row("Slalom", 9, (PerTrickMode.SLALOM_OBENABE, PerTrickMode.SLALOM_UNDENUFE)),
    Row("Guschti", 10, (PerTrickMode.GUSCHTI_OBENABE, PerTrickMode.GUSCHTI_UNDENUFE)),
)

#: The slate presets by name (``Rules(slate="swisslos_10")``).
SLATES: Final = {"jassreglement": Slate.jassreglement, "swisslos_10": Slate.swisslos_10}


def _slate_of(value: object) -> Slate:
    if isinstance(value, str):
        preset = SLATES.get(value.strip().casefold())
        if preset is None:
            raise InvalidRulesError(f"slate={value!r:.40}: expected a Slate or a preset: {', '.join(SLATES)}")
        return preset()
    if isinstance(value, Slate):
        return value
    raise InvalidRulesError(f"slate={value!r:.60}: expected a Slate or a preset: {', '.join(SLATES)}")


@attrs.frozen
class Rules:
    """Every Coiffeur option (:doc:`/rules/coiffeur`), with its source:

    - ``slate``: the rows to play (:class:`Slate`; the presets ``"jassreglement"``, the
      default, and ``"swisslos_10"``, or a custom slate);
    - ``match_bonus``: points for taking all nine tricks, before the factor (100, as in
      Schieber; 0 turns it off);
    - ``weis``: ``None`` (the default, Swisslos: "Der Coiffeur wird ohne Weisen gespielt") or
      the Weis options to play with Weis, declared as in Schieber (with ``auto_declare``, every
      Weis of every hand counts);
    - ``stoeck``: ``StoeckMode.OFF`` (the default, with the Weis) or when Stöck count;
    - ``first_dealer``: the first round's dealer (``None``: from the game's seed);
    - ``play``: the card-play options (Bauer exception, undertrumping as in Schieber).

    >>> Rules().slate == Slate.jassreglement(), Rules(slate="swisslos_10").slate.rows[-1].name
    (True, 'Guschti')
    """

    #: The rows each team plays once, each with its factor: a :class:`Slate`, or a preset's
    #: name (``"jassreglement"``, ``"swisslos_10"``).
    #: Source: the Jassreglement's 8 rows (jassverzeichnis.ch, "Anleitung für den
    #: Coiffeur-Jass"); Swisslos' "Coiffeur auf 10 Runden" adds Slalom and Guschti.
    slate: Slate = attrs.field(factory=Slate.jassreglement, converter=_slate_of)
    #: Points for taking all nine tricks, before the row's factor; 0 turns it off.
    #: Source: as Schieber's match (100), which the Coiffeur pages keep.
    match_bonus: int = attrs.field(default=100, validator=int_in(0, 10_000))
    #: ``None``: no Weis; or the Weis options, declared as in Schieber.
    #: Source: Swisslos ("Der Coiffeur wird ohne Weisen gespielt"); with Weis as Schieber.
    weis: WeisRules | None = attrs.field(default=None, validator=instance_of(WeisRules, optional=True))
    #: When Stöck count: ``OFF`` (with the Weis) or, with Weis, ``IMMEDIATE`` or ``ROUND_END``.
    #: Source: Swisslos (no Weis, so no Stöck); with Weis as Schieber.
    stoeck: StoeckMode = attrs.field(default=StoeckMode.OFF, validator=instance_of(StoeckMode))
    #: Every Weis of every hand counts without declaring (for simulation).
    #: Source: none, an engine setting.
    auto_declare: bool = attrs.field(default=False, validator=instance_of(bool))
    #: The first round's dealer; ``None`` draws it from the game's seed.
    #: Source: none, an engine setting: the sources do not say who deals first.
    first_dealer: int | None = attrs.field(default=None, validator=int_in(0, SEATS - 1, optional=True))
    #: The card-play options (Bauer exception, undertrumping as in Schieber).
    #: Source: the general rules of play (seed 001), as Schieber.
    play: PlayRules = attrs.field(factory=PlayRules, validator=instance_of(PlayRules))

    @classmethod
    def jassreglement(cls) -> Rules:
        """The defaults: the Jassreglement's 8 rows, without Weis and Stöck."""
        return cls()

    @classmethod
    def swisslos_10(cls) -> Rules:
        """Swisslos' Coiffeur on 10 rows (Slalom and Guschti added)."""
        return cls(slate=Slate.swisslos_10())

    @classmethod
    def with_weis(cls) -> Rules:
        """The Jassreglement's slate with Weis and Stöck, as Schieber counts them."""
        return cls(weis=WeisRules(), stoeck=StoeckMode.IMMEDIATE)


# --- moves -------------------------------------------------------------------------------------------


def _row_index(instance: object, attribute: object, value: Any) -> None:
    if type(value) is not int or not 0 <= value < _MAX_ROWS:
        error = IllegalMoveError(f"ChooseRow(row={value!r:.40}): a row is an int 0..{_MAX_ROWS - 1}")
        error.field, error.index, error.expected = "row", None, f"an int 0..{_MAX_ROWS - 1}"  # type: ignore[attr-defined]
        raise error


def _move_mode(value: object) -> RoundMode:
    try:
        return parse_mode(value)  # type: ignore[arg-type]
    except JassError as error:
        raise IllegalMoveError(f"ChooseRow(mode={value!r:.40}): {error}") from None


@attrs.frozen
class ChooseRow:
    """The seat to choose names an open row of its team's column (by its index, 0 for the first
    row) and a mode the row allows; its team declares, and it leads the first trick."""

    row: int = attrs.field(validator=_row_index)
    mode: RoundMode = attrs.field(converter=_move_mode)

    def __str__(self) -> str:
        return f"choose row {self.row}: {self.mode} {self.mode.symbol}"


@attrs.frozen
class Push:
    """The seat to choose leaves the choice to the next player ("schieben"): not to the partner,
    but round the table; after all have pushed the first must choose."""

    def __str__(self) -> str:
        return "push (schieben) to the next player"


@attrs.frozen
class DeclareWeis(WeisDeclaration):
    """Declare Weis before playing the first card (in trick 1), with the option ``weis``; the
    same player then plays (:class:`jass.teams.WeisDeclaration`)."""


@attrs.frozen
class Deal(NextDeal):
    """The next dealer deals the next round; ``hands=None`` deals from the game's seed."""


#: Any Coiffeur move.
Move = Union[ChooseRow, Push, DeclareWeis, PlayCard, Deal]


# --- scores --------------------------------------------------------------------------------------------


@attrs.frozen
class TeamScore(_TeamScore):
    """One team's points in one round: ``cards``, ``last_trick``, ``match``, ``weis``,
    ``stoeck`` and the row's factor as ``multiplier`` (:class:`jass.teams.TeamScore`)."""


@attrs.frozen
class RoundScore:
    """One round: the row played, its mode, the declaring team and both teams' points (the
    other team's too, though only the declaring team's are written)."""

    row: int = attrs.field(validator=int_in(0, _MAX_ROWS - 1, error=_STATE))
    mode: RoundMode = attrs.field(validator=instance_of((Trump, PerTrickMode), error=_STATE))
    #: The declaring team: its points are written in row ``row`` of its column.
    team: int = attrs.field(validator=int_in(0, 1, error=_STATE))
    teams: tuple[TeamScore, TeamScore] = attrs.field(validator=tuple_of(instance_of(TeamScore), 2, 2, error=_STATE))

    def __attrs_post_init__(self) -> None:
        # No card total: in Slalom and Guschti each trick counts in its own mode.
        check_round_teams(self.teams, self.mode, factor="the row's factor", cards_in_all=None)

    @property
    def written(self) -> int:
        """The points written for the round: the declaring team's total."""
        return self.teams[self.team].total

    @property
    def totals(self) -> tuple[int, int]:
        """The points written for each team this round: the declaring team's, and 0."""
        return (self.written, 0) if self.team == 0 else (0, self.written)


# --- state ---------------------------------------------------------------------------------------------

_SEAT: Final = int_in(0, SEATS - 1, error=_STATE)
_OPTIONAL_SEAT: Final = int_in(0, SEATS - 1, optional=True, error=_STATE)
_MODE: Final = instance_of((Trump, PerTrickMode), optional=True, error=_STATE)


def _declared_valid() -> Any:
    return tuple_of(tuple_of(instance_of(Weis), 1, 16, optional=True), 4, 4, error=_STATE)


@attrs.frozen
class Setting:
    """Everything about a Coiffeur game except the cards in play (it changes with a push, a
    choice, a declaration or a round's end, never with a card, so every :class:`State` of a
    round's card play shares one). The columns of the slate follow from the history
    (:attr:`State.slates`)."""

    rules: Rules = attrs.field(validator=instance_of(Rules, error=_STATE))
    seed: int = attrs.field(validator=int_in(0, SEED_LIMIT - 1, error=_STATE))
    round_number: int = attrs.field(validator=int_in(0, MAX_ROUNDS, error=_STATE))
    dealer: int = attrs.field(validator=_SEAT)
    phase: Phase = attrs.field(validator=instance_of(Phase, error=_STATE))
    dealt: tuple[CardSet, ...] = attrs.field(validator=tuple_of(cards_in(9, 9), 4, 4, error=_STATE))
    #: Pushes so far this round: at most one per seat that may choose (then the first must choose).
    pushed: int = attrs.field(default=0, validator=int_in(0, SEATS, error=_STATE))
    #: The row chosen (its index), its mode and the seat that chose it, once chosen.
    row: int | None = attrs.field(default=None, validator=int_in(0, _MAX_ROWS - 1, optional=True, error=_STATE))
    mode: RoundMode | None = attrs.field(default=None, validator=_MODE)
    chooser: int | None = attrs.field(default=None, validator=_OPTIONAL_SEAT)
    declared: tuple[tuple[Weis, ...] | None, ...] = attrs.field(default=(None,) * SEATS, validator=_declared_valid())
    history: tuple[RoundScore, ...] = attrs.field(
        default=(), validator=tuple_of(instance_of(RoundScore), 0, 2 * _MAX_ROWS, error=_STATE)
    )
    winner: int | None = attrs.field(default=None, validator=int_in(0, 1, optional=True, error=_STATE))


@attrs.frozen(repr=False)
class State(TwoPartState):
    """A Coiffeur game at one moment. Immutable: :func:`apply` returns a new one.

    ``setting`` holds what the cards in play do not change, ``play`` the cards in play once a
    row is chosen. Every field of the setting reads on the state too; the columns of the slate
    (:attr:`slates`) and the scores follow from the history.
    """

    SETTING: ClassVar[type] = Setting
    PLAY_AFTER: ClassVar[str] = "chooser"

    setting: Setting = attrs.field(validator=instance_of(Setting, error=_STATE))
    play: CardPlay | None = attrs.field(default=None, validator=instance_of(CardPlay, optional=True, error=_STATE))

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
        return _columns(self.setting.rules.slate, self.setting.history)

    @property
    def scores(self) -> tuple[int, int]:
        """Each team's points written so far (the sums of the columns)."""
        return _scores(self.setting.history)


def _columns(slate: Slate, history: Sequence[RoundScore]) -> tuple[tuple[int | None, ...], tuple[int | None, ...]]:
    """The columns of the slate that ``history`` has written."""
    columns: list[list[int | None]] = [[None] * len(slate.rows), [None] * len(slate.rows)]
    for score in history:
        columns[score.team][score.row] = score.written
    return (tuple(columns[0]), tuple(columns[1]))


def _scores(history: Sequence[RoundScore]) -> tuple[int, int]:
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
    rules: Rules = attrs.field(validator=instance_of(Rules, error=_STATE))
    phase: Phase = attrs.field(validator=instance_of(Phase, error=_STATE))
    round_number: int = attrs.field(validator=int_in(0, MAX_ROUNDS, error=_STATE))
    dealer: int = attrs.field(validator=_SEAT)
    to_act: int | None = attrs.field(validator=_OPTIONAL_SEAT)
    hand: CardSet = attrs.field(validator=cards_in(0, 9, error=_STATE))
    hand_sizes: tuple[int, ...] = attrs.field(validator=tuple_of(int_in(0, 9), 4, 4, error=_STATE))
    pushed: int = attrs.field(validator=int_in(0, SEATS, error=_STATE))
    row: int | None = attrs.field(validator=int_in(0, _MAX_ROWS - 1, optional=True, error=_STATE))
    mode: RoundMode | None = attrs.field(validator=_MODE)
    chooser: int | None = attrs.field(validator=_OPTIONAL_SEAT)
    trump: Trump | None = attrs.field(validator=instance_of(Trump, optional=True, error=_STATE))
    trick: tuple[Card, ...] = attrs.field(validator=tuple_of(instance_of(Card), 0, 3, error=_STATE))
    trick_leader: int | None = attrs.field(validator=_OPTIONAL_SEAT)
    tricks: tuple[Trick, ...] = attrs.field(validator=tuple_of(instance_of(Trick), 0, 9, error=_STATE))
    #: Points each seat declared in Weis so far (``None``: not declared); public.
    declared_points: tuple[int | None, ...] = attrs.field(
        validator=tuple_of(int_in(0, 1_000_000, optional=True), 4, 4, error=_STATE)
    )
    #: This seat's own declared Weis.
    own_weis: tuple[Weis, ...] | None = attrs.field(
        validator=tuple_of(instance_of(Weis), 0, 16, optional=True, error=_STATE)
    )
    #: After the first trick: the Weis of the team that scores them, shown to all.
    shown_weis: tuple[tuple[Weis, ...], ...] = attrs.field(
        validator=tuple_of(tuple_of(instance_of(Weis), 0, 16), 4, 4, error=_STATE)
    )
    stoeck_team: int | None = attrs.field(validator=int_in(0, 1, optional=True, error=_STATE))
    #: Each team's column of the slate (``None``: open).
    slates: tuple[tuple[int | None, ...], ...] = attrs.field(
        validator=tuple_of(tuple_of(int_in(0, _MAX_SCORE, optional=True), 1, _MAX_ROWS), 2, 2, error=_STATE)
    )
    scores: tuple[int, int] = attrs.field(validator=tuple_of(int_in(0, _MAX_SCORE), 2, 2, error=_STATE))
    #: What the round in play would write so far, per team (the declaring team's, and 0).
    round_points: tuple[int, int] = attrs.field(validator=tuple_of(int_in(0, _MAX_SCORE), 2, 2, error=_STATE))
    history: tuple[RoundScore, ...] = attrs.field(
        validator=tuple_of(instance_of(RoundScore), 0, 2 * _MAX_ROWS, error=_STATE)
    )
    winner: int | None = attrs.field(validator=int_in(0, 1, optional=True, error=_STATE))
    legal_moves: tuple[Move, ...] = attrs.field(validator=tuple_of(instance_of(object), 0, 200, error=_STATE))


# Enum members as module constants: ``Phase.PLAY`` is a lookup through the enum's metaclass,
# several times slower than a global, and the hot paths ask on every card.
_CHOOSE: Final = Phase.CHOOSE
_PLAY: Final = Phase.PLAY
_ROUND_OVER: Final = Phase.ROUND_OVER
_GAME_OVER: Final = Phase.GAME_OVER
# Values the package has checked, built slot by slot (see jass.variant.slot_builder).
_state: Final = slot_builder(State)
_setting: Final = slot_builder(Setting)
_team_score: Final = slot_builder(TeamScore)
_observation: Final = slot_builder(Observation)
_NO_CARDS: Final = CardSet()
_NO_DECLARATIONS: Final = (None,) * SEATS


# --- the game ------------------------------------------------------------------------------------



def new_game(
    rules: Rules | None = None,
    seed: int | None = None,
    *,
    deal: Sequence[CardSet] | Sequence[Card | str] | None = None,
) -> State:
    """A new game, its first round dealt and Vorhand to choose.

    ``seed`` fixes every deal (and the first dealer unless ``rules.first_dealer`` is set);
    ``deal`` gives the first round's hands: four hands of nine cards, or an order of the 36
    cards (seat *k* gets cards ``9k .. 9k+8``).

    >>> new_game(seed=7).phase, len(new_game(seed=7).slates[0])
    (Phase.CHOOSE, 8)
    """
    game_rules, seed, dealer = game_start(rules, seed, Rules, SEATS)
    hands = deal_cards(seed) if deal is None else first_hands(deal)
    setting = _setting(rules=game_rules, seed=seed, round_number=0, dealer=dealer, phase=_CHOOSE, dealt=hands)
    return _state(setting, None)


def _choosers(slate: Slate, history: Sequence[RoundScore], dealer: int) -> list[int]:
    """The seats that may choose, in order from Vorhand: those whose team has an open row (the
    others pass the choice on: a team whose column is full has nothing to choose)."""
    filled = [0, 0]
    for score in history:
        filled[score.team] += 1
    rows = len(slate.rows)
    return [(dealer + 1 + k) % SEATS for k in range(SEATS) if filled[(dealer + 1 + k) % 2] < rows]


def _turn(phase: Phase, dealer: int, pushed: int, choosers: Sequence[int], to_play: int | None) -> int | None:
    """The seat whose move is due: the one rule behind :func:`to_act` and the check of a loaded
    observation. Choosing goes round the seats that may choose, from Vorhand."""
    if phase is _PLAY:
        return to_play
    if phase is _CHOOSE:
        return choosers[pushed % len(choosers)]
    if phase is _ROUND_OVER:
        return (dealer + 1) % SEATS
    return None


def to_act(state: State) -> int | None:
    """The seat whose move is due, ``None`` once the game is over."""
    if type(state) is not State:
        raise wrong_state(state, State)
    setting = state.setting
    if setting.phase is _PLAY:
        return state.play.to_play if state.play is not None else None
    choosers = _choosers(setting.rules.slate, setting.history, setting.dealer) if setting.phase is _CHOOSE else []
    return _turn(setting.phase, setting.dealer, setting.pushed, choosers, None)


is_over, winner = game_end(
    State, _GAME_OVER,
    """The winning team (0: seats 0 and 2; 1: seats 1 and 3) once the game is over, ``None``
    while it goes on or for a draw (equal totals).""",
)


_PUSH: Final = Push()
_DEAL: Final = Deal()


def _choices(rules: Rules, history: Sequence[RoundScore], team: int) -> tuple[ChooseRow, ...]:
    """Every row still open in ``team``'s column, with each mode it allows."""
    done = {score.row for score in history if score.team == team}
    return tuple(
        ChooseRow(index, mode) for index, row in enumerate(rules.slate.rows) if index not in done for mode in row.modes
    )


def legal_moves(state: State) -> tuple[Move, ...]:
    """Every move the seat to act may make; empty once the game is over.

    >>> moves = legal_moves(new_game(seed=1))
    >>> len(moves), moves[-1]                     # 6 rows of one mode, 2 jokers of 6, and a push
    (19, Push())
    """
    if type(state) is not State:
        raise wrong_state(state, State)
    setting = state.setting
    phase = setting.phase
    if phase is _PLAY:
        play = state.play
        assert play is not None
        cards: tuple[Move, ...] = card_moves(play.legal_bits)
        if play.tricks:
            return cards
        rules = setting.rules
        weis = rules.weis
        seat = (play.leader + len(play.trick)) % SEATS
        if weis is None or rules.auto_declare or setting.declared[seat] is not None:
            return cards
        return weis_options(setting.dealt[seat].bits, weis, DeclareWeis) + cards
    if phase is _CHOOSE:
        choosers = _choosers(setting.rules.slate, setting.history, setting.dealer)
        seat = choosers[setting.pushed % len(choosers)]
        options: tuple[Move, ...] = _choices(setting.rules, setting.history, team_of(seat))
        # Pushing goes round the seats that may choose; when all have pushed, the first must choose.
        return options + (_PUSH,) if setting.pushed < len(choosers) else options
    if phase is _ROUND_OVER:
        return (_DEAL,)
    return ()


def apply(state: State, move: Move, *, seat: int | None = None) -> State:
    """The state after the seat to act makes ``move`` (one of :func:`legal_moves`); ``state``
    itself is unchanged. A move sent for ``seat`` is refused unless that seat is to act; the
    text of every error is safe to show to the sender (:class:`jass.variant.Apply`). Trusted
    code deals given cards with :func:`apply_trusted`.

    >>> state = new_game(Rules(first_dealer=3), seed=7)
    >>> apply(state, ChooseRow(0, Trump.EICHELN), seat=1)
    Traceback (most recent call last):
    jass.errors.WrongSeatError: seat 1 is not to act: seat 0 is
    """
    if type(state) is not State:
        raise wrong_state(state, State)
    setting = state.setting
    phase = setting.phase
    if seat is not None:
        check_sender(seat, to_act(state), SEATS)
    if phase is _PLAY and type(move) is PlayCard:
        # This runs for every card of every game.
        before = state.play
        assert before is not None
        try:
            play = before.play(move.card)
        except IllegalMoveError as error:  # with every legal move of the seat, not only its cards
            raise IllegalMoveError(str(error), legal_moves=legal_moves(state), detail=error.detail) from None
        if play.legal_bits:
            return _state(setting, play)  # a card changes nothing else
        return _end_round(state, play)
    legal = legal_moves(state)
    if move not in legal:  # the one rule of what may be played: legal_moves
        raise refused(move, phase, to_act(state), legal)
    kind = type(move)
    if kind is ChooseRow:
        return _choose(state, move)  # type: ignore[arg-type]
    if kind is Push:
        return changed(state, pushed=setting.pushed + 1)
    if kind is DeclareWeis:
        assert state.play is not None and state.play.to_play is not None
        seat_to_play = state.play.to_play
        declared = setting.declared[:seat_to_play] + (move.weis,) + setting.declared[seat_to_play + 1:]  # type: ignore[union-attr]
        return changed(state, declared=declared)
    return _deal(state, move)  # type: ignore[arg-type]


def apply_trusted(state: State, move: Move) -> State:
    """:func:`apply` for trusted code only (a replayed record, a test position): it also takes
    a :class:`Deal` of given hands. Never for a move a client sent: a player must not choose
    the deal."""
    if type(move) is Deal and move.hands is not None and type(state) is State and state.phase is _ROUND_OVER:
        return _deal(state, move)
    return apply(state, move)


def _choose(state: State, move: ChooseRow) -> State:
    """The row and mode chosen: the chooser's team declares, and the chooser leads trick 1
    (Swisslos: "Derjenige Spieler, welcher die Trumpfart bestimmt hat, startet mit dem Ablegen
    der ersten Karte")."""
    setting = state.setting
    chooser = to_act(state)
    assert chooser is not None
    play = CardPlay.start(move.mode, setting.dealt, chooser, setting.rules.play)
    return changed(state, play, phase=_PLAY, row=move.row, mode=move.mode, chooser=chooser)


def _deal(state: State, move: Deal) -> State:
    number = state.round_number + 1
    hands = deal_cards(round_seed(state.seed, number)) if move.hands is None else move.hands
    setting = state.setting
    return _state(
        _setting(
            rules=setting.rules, seed=setting.seed, round_number=number, dealer=(setting.dealer + 1) % SEATS,
            phase=_CHOOSE, dealt=hands, history=setting.history,
        ),
        None,
    )


# --- scoring: the one place a round is added up ------------------------------------------------------


def _weis_points(setting: Setting, play: CardPlay) -> tuple[int, int]:
    """Each team's Weis points once trick 1 is over: the team with the best Weis scores all of
    its own (compared in the first trick's mode, when each trick has its own)."""
    rules = setting.rules
    weis = rules.weis
    if weis is None or not play.tricks or (not rules.auto_declare and setting.declared == _NO_DECLARATIONS):
        return (0, 0)
    dealt = setting.dealt
    return team_weis((dealt[0].bits, dealt[1].bits, dealt[2].bits, dealt[3].bits), setting.declared, weis,
                     rules.auto_declare, (setting.dealer + 1) % SEATS, play.mode.trick_mode(0))


def _breakdown(setting: Setting, play: CardPlay) -> RoundScore:
    """The round's score so far, from the rules of :mod:`jass.teams`: every trick's card points
    (each counted in its own mode), the last trick and the match once every card is played, the
    Weis after trick 1 and the Stöck as the rules credit them, all times the row's factor. The
    one scoring function: :func:`apply`, :func:`score_round`, :func:`observe` and the loaders
    add up a round here."""
    rules = setting.rules
    assert setting.row is not None and setting.chooser is not None
    mode = play.mode
    tricks = play.tricks
    cards, won = team_tricks(tricks)
    last = None if play.legal_bits else tricks[-1].winner & 1
    # Stöck need a trump suit: a per-trick mode's tricks have none (its first trick's mode says so).
    stoeck = stoeck_team(rules.stoeck, setting.dealt, mode.trick_mode(0), play)
    factor = rules.slate.rows[setting.row].factor
    teams = team_scores(_team_score, cards, won, last, rules.match_bonus, _weis_points(setting, play), stoeck, factor)
    return RoundScore(setting.row, mode, team_of(setting.chooser), teams)


def score_round(state: State) -> RoundScore:
    """The score breakdown of the round in play (so far) or just finished.

    Raises :class:`~jass.errors.JassError` before a row is chosen.
    """
    if type(state) is not State:
        raise wrong_state(state, State)
    if state.play is None:
        raise JassError("no round in play: no row has been chosen yet")
    if state.phase is not _PLAY and state.history:
        return state.history[-1]
    return _breakdown(state.setting, state.play)


def _end_round(state: State, play: CardPlay) -> State:
    """The last card: the declaring team's points are written in its row; after every row of
    both columns the game is over."""
    setting = state.setting
    history = setting.history + (_breakdown(setting, play),)
    if len(history) < 2 * len(setting.rules.slate.rows):
        return changed(state, play, phase=_ROUND_OVER, history=history)
    scores = _scores(history)
    winning = None if scores[0] == scores[1] else int(scores[1] > scores[0])
    return changed(state, play, phase=_GAME_OVER, history=history, winner=winning)


# --- what a seat sees -------------------------------------------------------------------------------


def observe(state: State, seat: int | None) -> Observation:
    """What ``seat`` may know: its own hand, the row and mode chosen, the tricks, declared Weis
    points, the shown Weis, credited Stöck, the slate and the scores; never another hand.
    ``seat=None`` is a spectator: what everybody at the table sees (no hand, no legal moves).

    >>> view = observe(new_game(seed=5), 2)
    >>> len(view.hand), view.slates[0]
    (9, (None, None, None, None, None, None, None, None))
    """
    if type(state) is not State:
        raise wrong_state(state, State)
    check_observer(seat, SEATS)
    setting = state.setting
    play = state.play
    if play is not None:
        hand = _NO_CARDS if seat is None else play.hand(seat)
        hand_sizes = play.hand_sizes
        trick, leader, tricks, trump = play.trick, play.leader, play.tricks, play.trump
    else:
        hand = _NO_CARDS if seat is None else setting.dealt[seat]
        hand_sizes = tuple(len(dealt) for dealt in setting.dealt)
        trick, leader, tricks, trump = (), None, (), None
    rules = setting.rules
    weis_team = credited_stoeck = None
    round_points = (0, 0)
    if play is not None:
        score = score_round(state)
        teams = score.teams
        weis_team = 0 if teams[0].weis else 1 if teams[1].weis else None
        credited_stoeck = 0 if teams[0].stoeck else 1 if teams[1].stoeck else None
        if setting.phase is _PLAY:
            round_points = score.totals
    declared_points, own_weis, shown = weis_view(
        setting.dealt, setting.declared, rules.weis, rules.auto_declare, play is not None and bool(play.tricks),
        weis_team, seat,
    )
    acting = to_act(state)
    return _observation(
        seat, rules, setting.phase, setting.round_number, setting.dealer, acting, hand, hand_sizes, setting.pushed,
        setting.row, setting.mode, setting.chooser, trump, trick, leader, tricks, declared_points, own_weis, shown,
        credited_stoeck, state.slates, state.scores, round_points, setting.history, setting.winner,
        legal_moves(state) if acting == seat else (),
    )


def card_zones(state: State) -> dict[str, CardSet]:
    """Where each of the 36 cards is: ``"hand 0"`` .. ``"hand 3"`` (before a row is chosen, the
    hands as dealt), ``"trick"`` and ``"won 0"`` .. ``"won 3"``.

    >>> [len(cards) for cards in card_zones(new_game(seed=1)).values()][:5]
    [9, 9, 9, 9, 0]
    """
    if type(state) is not State:
        raise wrong_state(state, State)
    play = state.play
    if play is None:
        zones = {f"hand {seat}": hand for seat, hand in enumerate(state.dealt)}
        zones["trick"] = CardSet()
        zones.update((f"won {seat}", CardSet()) for seat in range(SEATS))
        return zones
    return play.zones()


# --- search: the hands a seat's view allows ----------------------------------------------------------


def hand_sampler(view: Observation, *, max_tries: int = 100_000) -> HandSampler:
    """A :class:`~jass.sampling.HandSampler` of the hands the other seats may hold, given
    ``view``: the card play, each trick of a Slalom or Guschti round in its own mode, and the
    Weis when the rules play them (:func:`jass.teams.team_sampler`). Before a row is chosen
    only the sizes count."""
    if type(view) is not Observation:
        raise wrong_state(view, Observation)
    return team_sampler(view, view.mode, max_tries)


def sample_hands(view: Observation, rng: random.Random) -> tuple[CardSet, ...]:
    """The four hands now, drawn uniformly among those consistent with ``view`` (see
    :func:`hand_sampler`); the observer's own hand is its own.

    >>> import random
    >>> from jass.trump import PerTrickMode
    >>> state = apply(new_game(Rules(slate="swisslos_10"), seed=4), ChooseRow(8, PerTrickMode.SLALOM_UNDENUFE))
    >>> hands = sample_hands(observe(state, 1), random.Random(0))
    >>> hands[1] == state.play.hand(1), sorted(len(h) for h in hands)
    (True, [9, 9, 9, 9])
    """
    return hand_sampler(view).sample(rng)


@functools.lru_cache(maxsize=16)
def _cached_sampler(view: Observation) -> HandSampler:
    # A search determinises one view again and again; counting its deals is the costly part.
    return hand_sampler(view)


def determinize(view: Observation, rng: random.Random, sampler: HandSampler | None = None) -> State:
    """A state that ``view`` could come from: the other hands drawn by :func:`hand_sampler`
    (or ``sampler``, built once for many draws), their declared Weis among those that fit,
    a fresh seed for the rounds to come. ``observe(state, view.seat) == view``.

    >>> from jass.trump import PerTrickMode
    >>> state = apply(new_game(Rules(slate="swisslos_10"), seed=4), ChooseRow(9, PerTrickMode.GUSCHTI_OBENABE))
    >>> view = observe(apply(state, legal_moves(state)[0]), 2)
    >>> observe(determinize(view, random.Random(0)), 2) == view
    True
    """
    hands, dealt = (sampler or _cached_sampler(view)).sample_dealt(rng)
    rules = view.rules
    declared = drawn_declarations(view, dealt, rng, view.mode)
    setting = _setting(
        rules=rules, seed=rng.randrange(SEED_LIMIT), round_number=view.round_number, dealer=view.dealer,
        phase=view.phase, dealt=dealt, pushed=view.pushed, row=view.row, mode=view.mode, chooser=view.chooser,
        declared=declared, history=view.history, winner=view.winner,
    )
    if view.mode is None or view.chooser is None:
        return _state(setting, None)
    setup = CardPlay.start(view.mode, dealt, view.chooser, rules.play).setup
    leader = view.trick_leader if view.trick_leader is not None else view.chooser
    return _state(setting, CardPlay.from_parts(setup, hands, leader, view.trick, view.tricks))


#: What a game won or lost is worth to the search, beside a round's points: more than any round.
_GAME_VALUE: Final = 100_000.0


def round_values(state: State) -> tuple[float, ...] | None:
    """What the round in play gave each seat once it is over: the points its team wrote less
    those the other team wrote (only the declaring team writes); a game won or lost is worth
    ±100,000 (a round can write a few thousand). ``None`` while the round goes on."""
    setting = state.setting
    if setting.phase is _GAME_OVER and setting.winner is not None:
        return tuple(_GAME_VALUE if seat % 2 == setting.winner else -_GAME_VALUE for seat in range(SEATS))
    if setting.phase is _ROUND_OVER or setting.phase is _GAME_OVER:
        first, second = setting.history[-1].totals
        difference = float(first - second)
        return (difference, -difference, difference, -difference)
    return None


# --- loading: a state is checked by replaying its round --------------------------------------------------


def _check_history(setting: Setting, path: str) -> tuple[RoundScore, ...]:
    """The dealer, and the rounds written before the one in ``setting``: each in a row of the
    slate, of a mode the row allows, open in the team's column then, at the row's factor."""
    rules = setting.rules
    rows = rules.slate.rows
    over = setting.phase is _ROUND_OVER or setting.phase is _GAME_OVER
    before = rounds_before(setting, Rules, SEATS, over, path)
    if len(setting.history) > 2 * len(rows):
        raise SerialError(f"holds {len(setting.history)} rounds: a slate of {len(rows)} rows has "
                          f"{2 * len(rows)}", f"{path}.history")
    done: set[tuple[int, int]] = set()
    for i, score in enumerate(setting.history):
        rpath = f"{path}.history[{i}]"
        if score.row >= len(rows) or score.mode not in rows[score.row].modes:
            raise SerialError(f"row {score.row} in {score.mode}: not a row and mode of the slate", rpath)
        if (score.team, score.row) in done:
            raise SerialError(f"team {score.team} has played row {score.row} already", f"{rpath}.row")
        done.add((score.team, score.row))
        if score.teams[0].multiplier != rows[score.row].factor:
            raise SerialError(f"is {score.teams[0].multiplier}, but row {score.row}'s factor is "
                              f"{rows[score.row].factor}", f"{rpath}.teams[0].multiplier")
    return before


def check_loaded(state: State, path: str = "$") -> None:
    """Check a state read from JSON: its deal, its dealer and history, and then its round,
    replayed from the deal through :func:`apply` (the pushes, the row chosen, the Weis, every
    card in order), must give the state itself. Raises :class:`~jass.errors.SerialError` at the
    first field that does not fit."""
    setting = state.setting
    check_disjoint(setting.dealt, f"{path}.dealt")
    before = _check_history(setting, path)
    for i, score in enumerate(before):  # every round before was played out: its score is whole
        cards = score.teams[0].cards + score.teams[1].cards
        if score.teams[0].last_trick + score.teams[1].last_trick == 0 or not cards:
            raise SerialError("a round written is a round played out: its last trick is taken",
                              f"{path}.history[{i}]")
    replay = State(Setting(rules=setting.rules, seed=setting.seed, round_number=setting.round_number,
                           dealer=setting.dealer, phase=_CHOOSE, dealt=setting.dealt, history=before))
    for _ in range(setting.pushed):
        replay = replay_move(apply, replay, _PUSH, f"{path}.pushed")
    if setting.row is not None and setting.mode is not None:
        replay = replay_move(apply, replay, ChooseRow(setting.row, setting.mode), f"{path}.row")
    if state.play is not None and replay.phase is _PLAY:
        for card, card_path in state.play.cards_in_order(f"{path}.play"):
            if replay.phase is _PLAY:
                replay = replay_declaration(apply, replay, setting.declared, DeclareWeis, path)
            replay = replay_move(apply, replay, PlayCard(card), card_path)
        if replay.phase is _PLAY:
            replay = replay_declaration(apply, replay, setting.declared, DeclareWeis, path)
    check_same(state, replay, path, "replaying the round from its deal")



def check_observation(view: Observation, path: str = "$") -> None:
    """Check an observation read from JSON: the public facts must agree (the tricks by the rules
    of card play in each trick's mode, whose turn it is, the hand sizes, the slate, the scores
    and the history, the legal moves). Raises :class:`~jass.errors.SerialError`."""
    seat = view.seat
    if view.phase is _CHOOSE:
        if view.mode is not None or view.row is not None or view.trick_leader is not None or view.tricks or view.trick:
            raise SerialError("no row, mode or card is known before a row is chosen", path)
        played, seen, to_play = [0] * SEATS, 0, None
    else:
        if view.mode is None or view.row is None or view.chooser is None or view.trick_leader is None:
            raise SerialError(f"the row, its mode, the chooser and the trick's leader are known in phase "
                              f"{view.phase.value}", path)
        if view.row >= len(view.rules.slate.rows) or view.mode not in view.rules.slate.rows[view.row].modes:
            raise SerialError(f"row {view.row} in {view.mode}: not a row and mode of the slate", f"{path}.row")
        played, seen = check_public_tricks(view.tricks, view.trick, view.trick_leader, view.mode, SEATS,
                                           DEFAULT_TRUMP_JACK_POINTS, view.chooser, path)
        done = len(view.tricks) == TRICKS
        if (view.phase is _PLAY) == done:
            raise SerialError("the round is over when, and only when, all nine tricks are played", f"{path}.phase")
        if view.trump is not view.mode.trick_mode(min(len(view.tricks), TRICKS - 1)):
            raise SerialError(f"is {view.trump}, but that trick is played in "
                              f"{view.mode.trick_mode(min(len(view.tricks), TRICKS - 1))}", f"{path}.trump")
        to_play = (view.trick_leader + len(view.trick)) % SEATS
    check_hand_view(view.hand, view.hand_sizes, seat, played, seen, TRICKS, path)
    if (view.winner is not None) and view.phase is not _GAME_OVER:
        raise SerialError("the game is not over", f"{path}.winner")
    history = list(view.history)
    columns = _columns(view.rules.slate, history)
    if view.slates != columns:
        raise SerialError("is not what the history writes", f"{path}.slates")
    if view.scores != _scores(history):
        raise SerialError(f"is {list(view.scores)}, but the history adds up to {list(_scores(history))}",
                          f"{path}.scores")
    if view.own_weis is not None and (seat is None or sum(w.points for w in view.own_weis) != view.declared_points[seat]):
        raise SerialError("is not the sum of this seat's own Weis", f"{path}.declared_points[{seat}]")
    choosers = _choosers(view.rules.slate, history, view.dealer) if view.phase is _CHOOSE else []
    if view.phase is _CHOOSE and not choosers:
        raise SerialError("every row of the slate is played: the game is over", f"{path}.phase")
    allowed: tuple[type, ...] = {_CHOOSE: (ChooseRow, Push), _ROUND_OVER: (Deal,)}.get(view.phase, (PlayCard, DeclareWeis))
    if check_turn(view, _turn(view.phase, view.dealer, view.pushed, choosers, to_play), allowed, path) \
            and view.phase is _PLAY:
        assert view.trump is not None
        check_legal_cards(view.legal_moves, view.hand, view.trick, view.trump, view.rules.play, path)


# --- records: moves as text, the deal, the result --------------------------------------------------------

_VERBS: Final = ("choose", "push", "weis", "play", "deal")


def format_move(move: Move) -> str:
    """The short text of a move, as records write it: the row by its index, the mode by its
    name.

    >>> format_move(ChooseRow(8, "slalom undenufe")), format_move(PlayCard("H10")), format_move(Push())
    ('choose 8 slalom_undenufe', 'play H10', 'push')
    """
    kind = type(move)
    if kind is PlayCard:
        return f"play {move.card}"  # type: ignore[union-attr]
    if kind is ChooseRow:
        return f"choose {move.row} {move.mode.name.lower()}"  # type: ignore[union-attr]
    if kind is Push:
        return "push"
    if kind is DeclareWeis:
        return "weis " + weis_text(move)  # type: ignore[arg-type]
    if kind is Deal:
        return deal_text(move)  # type: ignore[arg-type]
    raise RecordError(f"{move!r:.80} is not a Coiffeur move")


def parse_move(text: str, rules: Rules | None = None) -> Move:
    """The move written as ``text`` (see :func:`format_move`); ``rules`` give the points of a
    Weis. Raises :class:`~jass.errors.RecordError`.

    >>> parse_move("choose 6 obenabe")
    ChooseRow(row=6, mode=Trump.OBENABE)
    """
    verb, rest = split_move(text, _VERBS, "Coiffeur")
    if verb == "play":
        return parse_play(rest)
    if verb == "choose":
        row, _, mode = rest.partition(" ")
        if not (row.isascii() and row.isdigit()) or len(row) > 2 or not mode.strip():
            raise RecordError(f"{rest!r:.60}: a choice is written 'choose <row> <mode>', e.g. 'choose 6 obenabe'")
        return ChooseRow(int(row), parse_mode(mode))
    if verb == "push":
        return no_argument(verb, rest, _PUSH)
    if verb == "weis":
        return parse_weis(rest, rules.weis if isinstance(rules, Rules) else None, DeclareWeis)
    return parse_deal(rest, _DEAL, Deal)


def _result(state: State) -> dict[str, Any]:
    return {"scores": list(state.scores)}


# --- the conformance harness's hooks --------------------------------------------------------------------


def _check_step(before: State, move: Move, after: State) -> None:
    """A finished round: nine tricks, their card points (each in its trick's mode), 5 for the last
    trick, the match bonus for nine tricks; the declaring team's column and score grow by the
    round's written points, the other's do not."""
    if len(after.history) == len(before.history):
        return
    score = after.history[-1]
    play = after.play
    assert play is not None and play.is_done and len(play.tricks) == TRICKS
    grown = (after.scores[0] - before.scores[0], after.scores[1] - before.scores[1])
    assert grown == score.totals, f"the scores grew by {grown}, the round writes {score.totals}"
    assert after.slates[score.team][score.row] == score.written and before.slates[score.team][score.row] is None
    teams = score.teams
    assert teams[0].cards + teams[1].cards == sum(trick.points for trick in play.tricks)
    assert (teams[0].last_trick, teams[1].last_trick) in ((5, 0), (0, 5))
    won = [sum(1 for trick in play.tricks if trick.winner % 2 == team) for team in (0, 1)]
    bonus = after.rules.match_bonus
    assert (teams[0].match, teams[1].match) == tuple(bonus if n == TRICKS else 0 for n in won)
    assert teams[0].multiplier == after.rules.slate.rows[score.row].factor


def _check_end(final: State) -> None:
    """A finished game: both columns full, the winner the team with more points (none: equal)."""
    assert all(None not in column for column in final.slates)
    scores = final.scores
    assert final.winner == (None if scores[0] == scores[1] else int(scores[1] > scores[0]))


# --- the rule-based bot's choices among Coiffeur's own moves ----------------------------------------------


def _mode_value(hand: CardSet, mode: RoundMode) -> int:
    """How much a hand likes a mode (:func:`jass.teams.hand_value`; a per-trick mode by the mean
    of its two)."""
    if type(mode) is PerTrickMode:
        return (hand_value(hand, mode.first) + hand_value(hand, mode.second)) // 2
    return hand_value(hand, mode)  # type: ignore[arg-type]


def _rule_move(view: Observation, moves: Sequence[Move]) -> Move | None:
    """Declare every Weis; choose the mode the hand likes best, in the row of the highest factor
    that allows it when the hand is strong and of the lowest when it is weak, or push a weak hand
    when pushing is still allowed; cards are left to the card-play rules."""
    for move in moves:
        if type(move) is DeclareWeis:
            return move  # the first offered declaration is the fullest one
    options = [m for m in moves if type(m) is ChooseRow]
    if not options:
        return None
    rows = view.rules.slate.rows
    best = max(_mode_value(view.hand, m.mode) for m in options)
    if _PUSH in moves and best < 24:
        return _PUSH
    liked = [m for m in options if _mode_value(view.hand, m.mode) == best]
    factor = max if best >= 24 else min
    return factor(liked, key=lambda m: rows[m.row].factor)


# --- learning agents: fixed action ids and the observation as a vector -------------------------------

_PHASES: Final = tuple(Phase)
#: Every round mode in the order of the action ids: the six classic modes, then the four per-trick ones.
_ROUND_MODES: Final[tuple[RoundMode, ...]] = (*Trump, *PerTrickMode)
_MODE_COUNT: Final = len(_ROUND_MODES)
#: Action ids: 0..35 the cards, 36 + 10 x row + mode a row and a mode (36..235, rows 0..19 of any
#: slate), then these.
_PUSH_ID: Final = 36 + _MAX_ROWS * _MODE_COUNT
_DEAL_ID: Final = _PUSH_ID + 1
_DECLARE_ID: Final = _PUSH_ID + 2
_ACTION_NAMES: Final = (
    tuple(f"play {card.name}" for card in Card)
    + tuple(f"choose row {row} {mode.name.lower()}" for row in range(_MAX_ROWS) for mode in _ROUND_MODES)
    + ("push", "deal", "declare every Weis")
)


def _fullest_declaration(view: Observation) -> DeclareWeis | None:
    weis = fullest_declaration(view.hand, view.rules.weis)
    return DeclareWeis(weis) if weis else None


def _action_of(view: Observation, move: Move) -> int | None:
    if isinstance(move, PlayCard):
        return move.card.index
    if isinstance(move, ChooseRow):
        return 36 + _MODE_COUNT * move.row + _ROUND_MODES.index(move.mode)
    if isinstance(move, Push):
        return _PUSH_ID
    if isinstance(move, Deal):
        return _DEAL_ID if move.hands is None else None
    # Only the fullest declaration has an id: declaring part of one's Weis is left out.
    return _DECLARE_ID if move == _fullest_declaration(view) else None


def _move_of(view: Observation, action: int) -> Move:
    if 0 <= action < 36:
        return PlayCard(Card.from_index(action))
    if 36 <= action < _PUSH_ID:
        row, mode = divmod(action - 36, _MODE_COUNT)
        return ChooseRow(row, _ROUND_MODES[mode])
    if action == _DECLARE_ID:
        declaration = _fullest_declaration(view)
        if declaration is not None:
            return declaration
    moves: dict[int, Move] = {_PUSH_ID: _PUSH, _DEAL_ID: _DEAL}
    if action in moves:
        return moves[action]
    raise IllegalMoveError(f"action {action!r:.20} is no Coiffeur move here (ids 0..{_DECLARE_ID})")


_COIFFEUR_LAYOUT: Final = play_layout(SEATS) + (
    ("phase", len(_PHASES)),
    ("dealer", SEATS),
    ("pushed", SEATS + 1),
    ("round_mode", _MODE_COUNT + 1),
    ("row", _MAX_ROWS),
    ("chooser", SEATS),
    *WEIS_LAYOUT,
    ("factors", _MAX_ROWS),
    ("own_column", _MAX_ROWS),
    ("other_column", _MAX_ROWS),
    ("own_open", _MAX_ROWS),
    ("other_open", _MAX_ROWS),
    ("scores", 2),
    ("round_points", 2),
)


def _encode(view: Observation) -> list[float]:
    """The vector of :data:`_COIFFEUR_LAYOUT`: the card-play block (in the trick's mode), then
    the phase, the dealer (relative), the pushes, the round's mode (the ten, or none yet), the
    row chosen, the chooser (relative), declared Weis points / 300 and who declared, the shown
    Weis cards per relative seat, the Stöck team (own, other, none); per row of the slate (20
    places, the rows a slate lacks 0): its factor / 10, the points written in the own column and
    the other's / 3000, and whether each is still open; the written scores / 10,000 and this
    round's points of the own team and the other / 3000."""
    seat = view.seat
    if seat is None:
        raise JassError("a spectator's view has no seat to encode from")
    vector = play_block(view, view.trump)
    vector += one_hot(_PHASES.index(view.phase), len(_PHASES))
    vector += one_hot(relative(view.dealer, seat, SEATS), SEATS)
    vector += one_hot(view.pushed, SEATS + 1)
    vector += one_hot(_MODE_COUNT if view.mode is None else _ROUND_MODES.index(view.mode), _MODE_COUNT + 1)
    vector += one_hot(view.row, _MAX_ROWS)
    vector += one_hot(None if view.chooser is None else relative(view.chooser, seat, SEATS), SEATS)
    vector += weis_block(view, seat)
    team = seat % 2
    rows = view.rules.slate.rows
    pad = [0.0] * (_MAX_ROWS - len(rows))
    vector += [row.factor / 10 for row in rows] + pad
    columns = (view.slates[team], view.slates[1 - team])
    for column in columns:
        vector += [(points or 0) / 3000 for points in column] + pad
    for column in columns:
        vector += [float(points is None) for points in column] + pad
    vector += [view.scores[team] / 10_000, view.scores[1 - team] / 10_000]
    vector += [view.round_points[team] / 3000, view.round_points[1 - team] / 3000]
    return vector


def _public_move(move: Move, rules: Rules) -> str:
    """What the table reads of a move: a declaration by its points (the Weis themselves are shown
    only after the first trick, and only the best team's)."""
    if type(move) is DeclareWeis:
        return f"declares Weis ({sum(w.points for w in move.weis)} points)"
    return str(move)


def _describe(view: Observation) -> list[str]:
    """What a seat reads besides its hand and the table: the slate, the row in play and the
    round's points so far, Weis and Stöck, the last round written (see :attr:`Variant.describe`)."""
    rows = view.rules.slate.rows
    lines = [f"Score: team 0 {view.scores[0]}, team 1 {view.scores[1]}"]
    for index, row in enumerate(rows):
        cells = ["open" if column[index] is None else str(column[index]) for column in view.slates]
        lines.append(f"  row {index + 1}, {row.name} x{row.factor}: team 0 {cells[0]}, team 1 {cells[1]}")
    phase = view.phase
    if phase is _CHOOSE:
        pushed = f"pushed {view.pushed} times; " if view.pushed else ""
        lines.append(f"{pushed}seat {view.to_act} chooses a row and its mode")
    elif phase is _PLAY and view.row is not None and view.mode is not None and view.chooser is not None:
        row = rows[view.row]
        lines.append(f"Row {view.row + 1}, {row.name} x{row.factor}, played in {view.mode} for team "
                     f"{view.chooser % 2}; so far team 0 {view.round_points[0]}, team 1 {view.round_points[1]}")
    lines += weis_lines(view, phase is _PLAY)
    if phase is not _PLAY and view.history:
        last = view.history[-1]
        lines.append(f"Round {len(view.history)} written: team {last.team} {last.written} in row {last.row + 1} "
                     f"({last.mode})")
    return lines


def _end_reason(view: Observation) -> str:
    """Why the game ended, and who won (see :attr:`Variant.end_reason`): a Coiffeur game ends
    when both columns are full, and the higher total wins."""
    scores, winner = view.scores, view.winner
    won = "a draw" if winner is None else f"Team {winner} wins"
    return f"Every row of both columns is written ({scores[0]} : {scores[1]}): {won}"


#: Coiffeur, described for the registry (:mod:`jass.variant`).
VARIANT: Final = register(
    Variant(
        name="coiffeur",
        title="Coiffeur",
        seats=SEATS,
        teams=((0, 2), (1, 3)),
        rules_type=Rules,
        state_type=State,
        move_types=(ChooseRow, Push, DeclareWeis, PlayCard, Deal),
        observation_type=Observation,
        presets={"jassreglement": Rules.jassreglement, "swisslos_10": Rules.swisslos_10, "with_weis": Rules.with_weis},
        **protocol_of(globals()),
        standings=lambda state: state.scores,
        result=_result,
        record_deal=lambda state: record_deal(state, new_game, lambda s: explicit_deal(s, new_game)),
        game_from_record=lambda rules, seed, fields: game_from_record(new_game, rules, seed, fields),
        explicit_deal=lambda state: explicit_deal(state, new_game),
        explicit_move=explicit_move,
        aliases=("coiffeur-schieber", "quoi faire"),
        standing_name="team points",
        json_types=(Setting, TeamScore, RoundScore, Slate, Row),
        check_loaded=check_loaded,
        check_observation=check_observation,
        hooks=ConformanceHooks(
            hidden_variations=hidden_variations, known_cards=known_cards, check_step=_check_step, check_end=_check_end,
        ),
        rule_move=_rule_move,
        public_move=_public_move,
        encoding=Encoding(actions=len(_ACTION_NAMES), action_names=_ACTION_NAMES, action_of=_action_of,
                          move_of=_move_of, encode=_encode, layout=_COIFFEUR_LAYOUT),
        search=SearchHooks(determinize=determinize, round_values=round_values, scale=1000.0),
        describe=_describe,
        end_reason=_end_reason,
        module=__name__,
    )
)
