"""What a vector environment needs of a variant's batch engine: :class:`BatchEngine`, the one
interface over every variant's engine, and the rows of a batch (:func:`take_rows`,
:func:`put_rows`, to replace finished games with new ones).

Each variant's engine describes itself in a :class:`BatchEngine` called ``ENGINE`` in its
module, which the variant's :class:`~jass.variant.encoding.Encoding` names
(``Encoding.batch``): :mod:`jass.rl.vector` finds it through the registry and imports it only
then (numpy is optional). Everything here speaks the **scalar encoding's** action ids and
observation vectors, so that an agent trained on a vector environment plays the scalar one.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Generic, TypeVar

import attrs
import numpy as np
from numpy.typing import NDArray

from jass.batch.cardplay import Play
from jass.trump import RoundMode

__all__ = ["BatchEngine", "take_rows", "put_rows"]

S = TypeVar("S")


def _modes(value: Mapping[int, RoundMode]) -> Mapping[int, RoundMode]:
    return dict(value)


@attrs.frozen(eq=False)
class BatchEngine(Generic[S]):
    """A variant's batch engine as the vector environments use it: N rounds of the variant, each
    a game of one round, in lockstep.

    ``S`` is the engine's state class (``N`` games at one moment each, read-only arrays whose
    first axis is the game). :func:`take_rows` and :func:`put_rows` treat every array field of
    it, and of a :class:`~jass.batch.cardplay.Play` in it, as per game.
    """

    #: The players of a round.
    seats: int
    #: The scalar encoding's number of action ids (:attr:`~jass.variant.encoding.Encoding.actions`).
    actions: int
    #: ``default_rules()``: the rules of a round when none are given.
    default_rules: Callable[[], Any]
    #: ``init(seeds, rules)``: one new round per seed (``uint64[N]``), exactly the first round of
    #: ``new_game(rules, seed=seed)`` up to the first decision the engine models.
    init: Callable[[NDArray[np.uint64], Any], S]
    #: ``step(state, actions, active)``: the games after one action each (``intp[N]``, ids of
    #: the scalar encoding); the games not ``active`` (``bool[N]``), and those over, do not
    #: move. An action that is not legal raises :class:`~jass.errors.IllegalMoveError`.
    step: Callable[[S, NDArray[np.intp], NDArray[np.bool_]], S]
    #: ``mask(state)``: ``bool[N, actions]``, the legal actions of the seat to act (none once
    #: the round is over).
    mask: Callable[[S], NDArray[np.bool_]]
    #: ``observations(state, seats)``: ``float32[N, size]``, each game's observation of its
    #: seat ``seats[i]`` as the scalar encoding's vector for the same one-round game (a game
    #: over shows the end of that game).
    observations: Callable[[S, NDArray[np.intp]], NDArray[np.float32]]
    #: ``to_act(state)``: ``int8[N]``, the seat to act (-1 once the round is over).
    to_act: Callable[[S], NDArray[np.int8]]
    #: ``terminated(state)``: ``bool[N]``, the round is over.
    terminated: Callable[[S], NDArray[np.bool_]]
    #: ``round_gains(state)``: ``float64[N, teams]``, what a finished round wrote for each team
    #: of the variant (the change of its ``standings``: points, penalties, game points).
    round_gains: Callable[[S], NDArray[np.float64]]
    #: ``greedy(state, mask)``: the greedy heuristic's choice among the actions of ``mask``
    #: (``bool[N, actions]``, the legal ones or fewer) in each game where it has one: the rule
    #: bot's main ideas (:mod:`jass.batch.policies` for the cards).
    greedy: Callable[[S, NDArray[np.bool_]], NDArray[np.intp]]
    #: The action ids that choose a mode, and the mode each chooses (for a curriculum).
    mode_actions: Mapping[int, RoundMode] = attrs.field(factory=dict, converter=_modes)


def _rows_of(value: Any, rows: NDArray[np.intp]) -> Any:
    if isinstance(value, np.ndarray):
        part = value[rows]
        part.flags.writeable = False
        return part
    if isinstance(value, Play):
        return attrs.evolve(value, **{name: _rows_of(getattr(value, name), rows) for name in _array_fields(value)})
    return value


def _array_fields(value: Any) -> list[str]:
    return [field.name for field in attrs.fields(type(value))
            if isinstance(getattr(value, field.name), (np.ndarray, Play))]


def take_rows(state: S, rows: NDArray[np.intp]) -> S:
    """The games ``rows`` of ``state`` (in that order) as a batch of their own.

    >>> from jass.batch.cardplay import PlayTables, start
    >>> from jass.tricks import PlayRules
    >>> play = start(PlayTables.of(PlayRules()), np.array([[1, 2], [4, 8], [16, 32]], np.uint64),
    ...              np.zeros(3, np.int8), np.array([0, 1, 0]))
    >>> take_rows(play, np.array([2, 0])).hands.tolist()
    [[16, 32], [1, 2]]
    """
    changes = {name: _rows_of(getattr(state, name), rows) for name in _array_fields(state)}
    part: S = attrs.evolve(state, **changes)  # type: ignore[misc]  # S is an engine's attrs class
    return part


def _put(value: Any, rows: NDArray[np.intp], part: Any) -> Any:
    if isinstance(value, np.ndarray):
        whole = value.copy()
        whole[rows] = part
        whole.flags.writeable = False
        return whole
    if isinstance(value, Play):
        return attrs.evolve(value, **{name: _put(getattr(value, name), rows, getattr(part, name))
                                      for name in _array_fields(value)})
    return value


def put_rows(state: S, rows: NDArray[np.intp], part: S) -> S:
    """``state`` with its games ``rows`` replaced by the games of ``part`` (one per row, in
    order; the same rules).

    >>> from jass.batch.cardplay import PlayTables, start
    >>> from jass.tricks import PlayRules
    >>> tables = PlayTables.of(PlayRules())
    >>> play = start(tables, np.array([[1, 2], [4, 8]], np.uint64), np.zeros(2, np.int8), np.zeros(2))
    >>> new = start(tables, np.array([[64, 128]], np.uint64), np.zeros(1, np.int8), np.ones(1))
    >>> put_rows(play, np.array([1]), new).hands.tolist(), put_rows(play, np.array([1]), new).to_play.tolist()
    ([[1, 2], [64, 128]], [0, 1])
    """
    changes = {name: _put(getattr(state, name), rows, getattr(part, name)) for name in _array_fields(state)}
    whole: S = attrs.evolve(state, **changes)  # type: ignore[misc]  # S is an engine's attrs class
    return whole
