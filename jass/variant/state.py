"""The scaffolding of every variant's state: the two-part :class:`TwoPartState` (a setting shared
by every state of a round's card play, and the ``play``), :class:`SettingField`, the start of a
game (:func:`game_start`), the round limit, and :func:`slot_builder` for the hot paths.
"""

from __future__ import annotations

import operator
from collections.abc import Callable
from typing import Any, ClassVar, Final, Generic, Protocol, TypeVar, cast, overload

import attrs

from jass._base import public_name
from jass.errors import InvalidRulesError, JassError
from jass.play import new_seed, seeded_seat
from jass.variant.guards import check_seed

__all__ = [
    "TwoPartState",
    "SettingField",
    "game_start",
    "MAX_ROUNDS",
    "out_of_rounds",
    "slot_builder",
    "slot_evolve",
    "changed",
    "replace_at",
]

R = TypeVar("R")
T = TypeVar("T")
#: The most rounds a game has (its history holds at most as many, and JSON loads no more). A game
#: that its rules have not ended after ``MAX_ROUNDS`` rounds (la pomme's players trading the points,
#: a Differenzler tie that goes on) ends then, drawn: see :func:`out_of_rounds`. The options of
#: every variant's ``Rules`` are limited so that their games end sooner.
MAX_ROUNDS: Final = 10_000


def out_of_rounds(rounds_played: int) -> bool:
    """Whether a game has played :data:`MAX_ROUNDS` rounds, after which it is over (a draw, if its
    rules have not ended it), so that every game the library plays can be saved and loaded.

    >>> out_of_rounds(MAX_ROUNDS - 1), out_of_rounds(MAX_ROUNDS)
    (False, True)
    """
    return rounds_played >= MAX_ROUNDS


#: A keyword left out (of :func:`slot_evolve`'s functions, of :func:`changed`).
_KEEP: Final = object()
#: Each variant's default rules, built once (rules are immutable).
_DEFAULT_RULES: Final[dict[type, Any]] = {}


def game_start(rules: object, seed: object, rules_type: type[R], seats: int) -> tuple[R, int, int]:
    """What every ``new_game`` does first: the rules (the defaults for ``None``), the seed (a
    fresh one for ``None``) and the first dealer (the rules' ``first_dealer``, else drawn
    from the seed), each checked."""
    checked: R
    if rules is None:
        checked = _DEFAULT_RULES.get(rules_type) or _DEFAULT_RULES.setdefault(rules_type, rules_type())
    elif type(rules) is not rules_type:
        raise InvalidRulesError(f"rules={rules!r:.80}: expected a {public_name(rules_type)}")
    else:
        checked = rules
    seed = new_seed() if seed is None else check_seed(seed)
    first: int | None = getattr(checked, "first_dealer", None)
    return checked, seed, seeded_seat(seed, seats) if first is None else first


def slot_builder(cls: type[T]) -> Callable[..., T]:
    """A function that builds an instance of the frozen, slotted attrs class ``cls`` from its
    field values (in order, or by keyword; fields with a default may be left out), without
    running ``__init__``.

    The hot paths (a card played in any variant, a state's setting changed by a move, an
    observation for a bot) build their small frozen objects this way: setting the slots
    directly skips the frozen ``__init__`` (an ``object.__setattr__`` and a validator per
    field), which is worth 15-20% of a whole round. Only for values the package has already
    checked; everything else is built with its constructor, which checks.

    >>> from jass.play import Trick
    >>> from jass.cards import Card
    >>> slot_builder(Trick)(0, (Card.C6,), 0, 0)
    Trick(leader=0, cards=(Card.C6,), winner=0, points=0)
    """
    found: Callable[..., T] | None = _BUILDERS.get(cls)
    if found is None:
        found = _BUILDERS[cls] = _compile(cls)[0]
    return found


def slot_evolve(cls: type[T]) -> Callable[..., T]:
    """``evolve(instance, **changes)``, :func:`attrs.evolve` for the hot paths: a copy of an
    instance of ``cls`` with some fields changed, built as :func:`slot_builder` builds (no
    ``__init__``, so no validators: only for values the package has checked)."""
    found: Callable[..., T] | None = _EVOLVERS.get(cls)
    if found is None:
        found = _EVOLVERS[cls] = _compile(cls)[1]
    return found


_BUILDERS: dict[type, Any] = {}
_EVOLVERS: dict[type, Any] = {}


def _compile(cls: type[T]) -> tuple[Callable[..., T], Callable[..., T]]:
    fields = attrs.fields(cast(Any, cls))
    scope: dict[str, Any] = {"new": object.__new__, "cls": cls}
    parameters = []
    for field in fields:
        scope[f"set_{field.name}"] = getattr(cls, field.name).__set__
        if field.default is attrs.NOTHING:
            parameters.append(field.name)
        else:
            default = field.default.factory() if isinstance(field.default, attrs.Factory) else field.default  # type: ignore[arg-type]
            scope[f"default_{field.name}"] = default
            parameters.append(f"{field.name}=default_{field.name}")
    body = "".join(f"    set_{field.name}(obj, {field.name})\n" for field in fields)
    scope["keep"] = _KEEP
    # evolve takes every field as an optional keyword (Python refuses any other name): a field
    # left out keeps the old value.
    keywords = ", ".join(f"{field.name}=keep" for field in fields)
    values = ", ".join(f"old.{field.name} if {field.name} is keep else {field.name}" for field in fields)
    source = (
        f"def build({', '.join(parameters)}):\n    obj = new(cls)\n{body}    return obj\n"
        f"def evolve(old, *, {keywords}):\n    return build({values})\n"
    )
    exec(source, scope)  # as attrs itself writes __init__: one specialised function per class
    build, evolve = scope["build"], scope["evolve"]
    build.__qualname__ = build.__name__ = f"build_{cls.__name__}"
    evolve.__qualname__ = evolve.__name__ = f"evolve_{cls.__name__}"
    return build, evolve


class _Setting(Protocol):
    """What every variant's setting holds (beside its own fields)."""

    @property
    def seed(self) -> int:
        """The game's seed."""

    @property
    def round_number(self) -> int:
        """The round's number, 0 for the first."""

    @property
    def dealer(self) -> int:
        """The round's dealer."""


_State = TypeVar("_State", bound="TwoPartState")


class SettingField(Generic[T]):
    """A read-only attribute of a :class:`TwoPartState` that reads the field of the same name
    of its setting, typed: ``rules = SettingField[Rules]("The game's rules.")``."""

    def __init__(self, doc: str) -> None:
        self.__doc__ = doc
        self.name = ""
        self._get: Callable[[Any], T] = operator.attrgetter("setting")

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name
        self._get = operator.attrgetter(f"setting.{name}")

    @overload
    def __get__(self, instance: None, owner: type) -> SettingField[T]: ...

    @overload
    def __get__(self, instance: object, owner: type | None = None) -> T: ...

    def __get__(self, instance: object, owner: type | None = None) -> T | SettingField[T]:
        if instance is None:
            return self
        return self._get(instance)

    def __set__(self, instance: object, value: T) -> None:  # a data descriptor: states are frozen
        raise attrs.exceptions.FrozenInstanceError()


class TwoPartState:
    """The shape of every variant's ``State``: a ``setting``, the frozen record of what the
    cards in play do not change (so that every state of a round's card play shares it, and a
    card builds a state of two references), and the ``play``. Every field of the setting
    reads on the state too (:class:`~jass.variant.SettingField`); :meth:`create` and
    :meth:`replace` take them by name.
    """

    __slots__ = ()
    #: The class of the setting.
    SETTING: ClassVar[type]
    #: JSON writes a state flat: the setting's fields with ``play`` after this one.
    PLAY_AFTER: ClassVar[str]
    setting: _Setting
    play: Any

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        setting = cls.__dict__.get("SETTING")
        if setting is not None:
            # JSON writes a state flat: the setting's fields, with ``play`` after PLAY_AFTER.
            names = list(_field_names(setting))
            names.insert(names.index(cls.PLAY_AFTER) + 1, "play")
            cls.JSON_FIELDS = tuple(names)

    #: The fields JSON writes, in order (set for each variant's State).
    JSON_FIELDS: ClassVar[tuple[str, ...]]

    seed = SettingField[int]("The game's seed: every seeded deal follows from it.")
    round_number = SettingField[int]("The round in play or just over, 0 for the first.")
    dealer = SettingField[int]("The dealer of the round.")

    @classmethod
    def create(cls: type[_State], *, play: Any = None, **fields: Any) -> _State:
        """A state from the fields of its setting and its ``play``, by name.

        >>> from jass import schieber
        >>> state = schieber.new_game(seed=7)
        >>> schieber.State.create(play=None, **state.setting_fields()) == state
        True
        """
        setting_type = cls.SETTING
        try:
            setting = setting_type(**fields)
        except TypeError as error:
            raise JassError(f"{cls.__name__}.create: {error}") from None
        return cls(setting, play)  # type: ignore[call-arg]

    def setting_fields(self) -> dict[str, Any]:
        """The fields of the setting by name, in order."""
        setting = self.setting
        return {name: getattr(setting, name) for name in _field_names(type(setting))}

    def replace(self: _State, **changes: Any) -> _State:
        """This state with some fields changed: ``play`` or any field of the setting, by name.

        >>> from jass import schieber
        >>> state = schieber.new_game(seed=7)
        >>> state.replace(scores=(100, 20)).scores, state.scores
        ((100, 20), (0, 0))
        """
        play = changes.pop("play", self.play)
        setting = self.setting
        if changes:
            names = _field_names(type(setting))
            unknown = sorted(set(changes) - set(names))
            if unknown:
                raise JassError(
                    f"{type(self).__name__}.replace: no field {', '.join(unknown)} "
                    f"(fields: play, {', '.join(names)})"
                )
            setting = attrs.evolve(cast(Any, setting), **changes)
        cls: Any = type(self)
        return cast(_State, cls(setting, play))

    def __repr__(self) -> str:
        setting = self.setting
        fields = ", ".join(f"{name}={getattr(setting, name)!r}" for name in _field_names(type(setting)))
        return f"{type(self).__name__}({fields}, play={self.play!r})"


def replace_at(values: tuple[T, ...], index: int, value: T) -> tuple[T, ...]:
    """``values`` with the one at ``index`` (a seat's) changed to ``value``.

    >>> replace_at((None, None, None, None), 2, 50)
    (None, None, 50, None)
    """
    return values[:index] + (value,) + values[index + 1 :]


def changed(state: _State, play: Any = _KEEP, **changes: Any) -> _State:
    """``state.replace(...)`` for a variant's own moves: the same result, built slot by slot
    (:func:`slot_evolve`) without the validators, since the move's values are checked already.
    Users change a state with :meth:`TwoPartState.replace`, which checks."""
    cls = type(state)
    setting = slot_evolve(cls.SETTING)(state.setting, **changes) if changes else state.setting
    return slot_builder(cls)(setting, state.play if play is _KEEP else play)


def _field_names(cls: type) -> tuple[str, ...]:
    return tuple(field.name for field in attrs.fields(cls))
