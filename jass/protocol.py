"""The shared variant protocol: what every variant module offers.

Each variant (:mod:`jass.schieber`, :mod:`jass.differenzler`, :mod:`jass.pomme`)
is a module with the same functions, so generic code (bots, the command line,
the conformance checks, a game server) works with any of them. A module is a
:class:`Variant` as it is: pass the module itself.

>>> from jass import schieber
>>> from jass.protocol import Variant, random_playout
>>> variant: Variant = schieber
>>> final = random_playout(variant, variant.new_game(seed=1), seed=2)
>>> variant.is_over(final)
True

The functions:

- ``new_game(rules=None, seed=None, *, deal=None) -> State``: a game, seeded or
  from an explicit deal (a seed is drawn when none is given and kept in the state);
- ``legal_moves(state) -> tuple[Move, ...]``: every move the seat to act may make,
  empty only when the game is over;
- ``apply(state, move) -> State``: the state after ``move``; the given state is
  never changed; an illegal move raises :class:`~jass.errors.IllegalMoveError`;
- ``to_act(state) -> int | None``: the seat whose move is due (``None`` when over);
- ``is_over(state) -> bool`` and ``winner(state)``;
- ``score_round(state)``: the current (or just finished) round's score breakdown;
- ``observe(state, seat)``: what ``seat`` may know, and nothing more.
"""

from __future__ import annotations

import random
from typing import Any, Protocol, TypeVar, cast

import attrs

from jass.errors import JassError

__all__ = ["Variant", "TwoPartState", "random_playout"]


class Variant(Protocol):
    """A variant module: the functions every variant offers (see the module docs)."""

    SEATS: int

    def new_game(self, rules: Any = None, seed: int | None = None, *, deal: Any = None) -> Any:
        """A new game from ``rules`` (the defaults if ``None``), a seed or an explicit deal."""

    def legal_moves(self, state: Any) -> tuple[Any, ...]:
        """Every move the seat to act may make; empty only when the game is over."""

    def apply(self, state: Any, move: Any) -> Any:
        """The state after ``move``; raises ``IllegalMoveError`` and changes nothing if illegal."""

    def to_act(self, state: Any) -> int | None:
        """The seat whose move is due, ``None`` when the game is over."""

    def is_over(self, state: Any) -> bool:
        """True when the game is over."""

    def winner(self, state: Any) -> int | None:
        """The winning team (Schieber) or seat; ``None`` while playing or for a draw."""

    def score_round(self, state: Any) -> Any:
        """The score breakdown of the round in play (so far) or just finished."""

    def observe(self, state: Any, seat: int) -> Any:
        """What ``seat`` may know of ``state``, and nothing more."""


def random_playout(variant: Variant, state: Any, seed: int = 0, max_moves: int = 100_000) -> Any:
    """Play uniformly random legal moves from ``state`` until the game is over.

    ``max_moves`` guards against a variant that never ends; exceeding it raises
    :class:`RuntimeError`, which would be a bug in the variant.
    """
    rng = random.Random(seed)
    for _ in range(max_moves):
        moves = variant.legal_moves(state)
        if not moves:
            return state
        state = variant.apply(state, rng.choice(moves))
    raise RuntimeError(f"no end after {max_moves} moves")


_State = TypeVar("_State", bound="TwoPartState")


class _CommonSetting(Protocol):
    """What every variant's ``Setting`` holds (beside its own fields)."""

    @property
    def seed(self) -> int:
        """The game's seed."""

    @property
    def round_number(self) -> int:
        """The round's number, 0 for the first."""

    @property
    def dealer(self) -> int:
        """The round's dealer."""


class TwoPartState:
    """The shape of every variant's ``State``: a ``setting``, the frozen record of what the
    cards in play do not change (so that every state of a round's card play shares it, and a
    card builds a state of two references), and the ``play``. Every field of the setting
    reads on the state too: ``seed``, ``round_number`` and ``dealer``, which every variant
    has, here; the others in each variant, with their types.
    """

    __slots__ = ()
    setting: _CommonSetting
    play: Any

    @property
    def seed(self) -> int:
        """The game's seed: every seeded deal follows from it."""
        return self.setting.seed

    @property
    def round_number(self) -> int:
        """The round in play or just over, 0 for the first."""
        return self.setting.round_number

    @property
    def dealer(self) -> int:
        """The dealer of the round."""
        return self.setting.dealer

    def replace(self: _State, **changes: Any) -> _State:
        """This state with some fields changed: ``play`` or any field of the setting, by
        name (as the variant's ``State.create`` takes them).

        >>> from jass import schieber
        >>> state = schieber.new_game(seed=7)
        >>> state.replace(scores=(100, 20)).scores, state.scores
        ((100, 20), (0, 0))
        """
        play = changes.pop("play", self.play)
        setting = self.setting
        if changes:
            names = _field_names(type(setting))
            values = [changes.pop(name, getattr(setting, name)) for name in names]
            if changes:
                raise JassError(
                    f"{type(self).__name__}.replace: no field {', '.join(sorted(changes))} "
                    f"(fields: play, {', '.join(names)})"
                )
            setting = type(setting)(*values)
        cls: Any = type(self)  # a variant's attrs State: State(setting, play)
        return cast(_State, cls(setting, play))

    def __repr__(self) -> str:
        setting = self.setting
        fields = ", ".join(f"{name}={getattr(setting, name)!r}" for name in _field_names(type(setting)))
        return f"{type(self).__name__}({fields}, play={self.play!r})"


def _field_names(cls: type) -> tuple[str, ...]:
    return tuple(field.name for field in attrs.fields(cls))
