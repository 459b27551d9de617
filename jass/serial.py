"""JSON-ready dicts for every public value, and loading them back with validation.

One scheme for everything: :func:`to_dict` turns a value into a dict of JSON types
(``str``, ``int``, ``bool``, ``None``, lists and dicts), :func:`from_dict` reads one
back; :func:`dumps` and :func:`loads` do the same with JSON text.

>>> from jass import serial, schieber, Card
>>> serial.to_dict(Card.H10)
{'format': 'jass/1', 'type': 'Card', 'card': 'H10'}
>>> state = schieber.new_game(seed=7)
>>> serial.loads(serial.dumps(state)) == state
True

Every dict has a ``"type"`` (``"Card"``, ``"CardSet"``, ``"schieber.State"``,
``"differenzler.Predict"``, ...: a variant's types are named after the variant in the
registry, :mod:`jass.variant`); the outermost one also has ``"format": "jass/1"``, the version
of this format. Cards are written as their codes (``"H10"``), sets of cards as one string of
codes in index order (``"C6 H10 DA"``), ordered cards (a trick, a deck) as one string of codes
in their order. Field names are the attribute names of the classes; a state is written flat
(its setting's fields and ``play``). The full description is on the "Formats" page of the
documentation.

The converter is a :mod:`cattrs` converter with hooks for the leaves (cards, sets of cards,
enums), for the card play and the two-part states, and a ``"type"`` tag on every object.
Loading never evaluates anything (it reads JSON types only) and raises one error,
:class:`~jass.errors.SerialError`, whose message starts with the path of the bad field
(``$.play.tricks[3].winner: ...``), for anything it cannot accept: a wrong type, a missing or
unknown field, a number out of range (each class checks its ranges with its own validators),
a card twice, a hand of the wrong size, and a state the rules cannot reach. **States are
checked by replaying them**: each variant's ``check_loaded`` rebuilds the round in progress
from its deal with the variant's own ``apply`` and compares, field by field; observations are
checked against the public facts by the variant's ``check_observation``.
"""

from __future__ import annotations

import enum
import json
import typing
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final, cast

import attrs
import cattrs
from cattrs.errors import (
    AttributeValidationNote,
    BaseValidationError,
    ForbiddenExtraKeysError,
    IterableValidationNote,
)
from cattrs.gen import make_dict_structure_fn, make_dict_unstructure_fn, override

from jass._base import ADDED, LATER_OPTION, json_fields
from jass._json import MAX_TEXT, parse_json
from jass.cards import Card, CardSet, Rank, Suit
from jass.errors import JassError, SerialError, describe_value
from jass.play import MAX_SEATS, CardPlay, PlayCard, PlaySetup, Trick
from jass.tricks import PlayRules
from jass.trump import LeadMode, PerTrickMode, RoundMode, Trump
from jass.variant import MAX_ROUNDS, SEED_LIMIT, VARIANTS, TwoPartState
from jass.weis import Weis, WeisRules

__all__ = [
    "FORMAT",
    "MAX_TEXT",
    "MAX_ROUNDS",
    "SEED_LIMIT",
    "to_dict",
    "field_writers",
    "from_dict",
    "dumps",
    "loads",
    "type_name",
    "types",
    "parse_json",
]

#: The version of the format, written as ``"format"`` in every outermost dict.
FORMAT: Final = "jass/1"


class _Refused(Exception):
    """A leaf hook's refusal: ``reason`` at ``path`` (relative to the value it structured)."""

    def __init__(self, reason: str, path: str = "") -> None:
        super().__init__(reason)
        self.reason = reason
        self.path = path


# --- the names of the types ------------------------------------------------------------------------

#: The core types, by the name JSON writes.
_CORE: Final[dict[str, type]] = {
    "Card": Card, "CardSet": CardSet, "Suit": Suit, "Rank": Rank, "Trump": Trump, "PlayRules": PlayRules,
    "WeisRules": WeisRules, "Weis": Weis, "Trick": Trick, "CardPlay": CardPlay, "PlayCard": PlayCard,
    "PerTrickMode": PerTrickMode, "LeadMode": LeadMode,
}
#: Types written as one field that holds the value itself: ``{"type": "Card", "card": "H10"}``.
_VALUE_FIELDS: Final[dict[type, str]] = {
    Card: "card", CardSet: "cards", Suit: "suit", Rank: "rank", Trump: "trump", PerTrickMode: "mode",
    LeadMode: "mode",
}


class _Names:
    """Every type JSON writes, by name and by class; rebuilt when a variant is registered."""

    def __init__(self) -> None:
        self.count = -1
        self.by_name: dict[str, type] = {}
        self.by_class: dict[type, str] = {}
        self.defaults: set[type] = set()  # rules: missing fields take their defaults

    def refresh(self) -> None:
        if len(VARIANTS) == self.count:
            return
        by_name = dict(_CORE)
        defaults: set[type] = {PlayRules, WeisRules}
        for variant in VARIANTS.values():
            classes = (variant.rules_type, variant.state_type, variant.observation_type, *variant.move_types,
                       *variant.loading.json_types)
            for cls in classes:
                if cls not in _CORE.values():
                    by_name[f"{variant.name}.{cls.__name__}"] = cls
            defaults.add(variant.rules_type)
        self.by_name = by_name
        # A class that several variants share (the team score of Schieber and Coiffeur) is
        # written under the name of the first variant that registers it; every name reads it.
        by_class: dict[type, str] = {}
        for name, cls in by_name.items():
            by_class.setdefault(cls, name)
        self.by_class = by_class
        self.defaults = defaults
        self.count = len(VARIANTS)


_names: Final = _Names()


def types() -> Mapping[str, type]:
    """Every type this format writes, by the ``"type"`` it writes (the core's and every
    registered variant's).

    >>> types()["schieber.Push"]
    <class 'jass.schieber.moves.Push'>
    """
    _names.refresh()
    return dict(_names.by_name)


def type_name(value_or_class: Any) -> str:
    """The ``"type"`` written for a value or a class, e.g. ``'schieber.State'``.

    >>> from jass import schieber
    >>> type_name(schieber.State), type_name(schieber.Push())
    ('schieber.State', 'schieber.Push')
    """
    cls = value_or_class if isinstance(value_or_class, type) else type(value_or_class)
    _names.refresh()
    name = _names.by_class.get(cls)
    if name is None:
        raise SerialError(f"{cls.__name__} is not a type this format writes")
    return name


# --- leaves ------------------------------------------------------------------------------------------

_CARD_OF: Final[dict[str, Card]] = {card.name: card for card in Card}


def _read_card(data: Any) -> Card:
    card = _CARD_OF.get(data) if isinstance(data, str) else None
    if card is None:
        raise _Refused(f"expected a card code such as 'H10' or 'SJ', got {describe_value(data)}")
    return card


def _read_codes(data: Any, what: str) -> list[Card]:
    """Card codes separated by single spaces, none twice."""
    if not isinstance(data, str):
        raise _Refused(f"expected {what} as a string of card codes such as 'C6 H10 DA', got {describe_value(data)}")
    if len(data) > 36 * 4:
        raise _Refused(f"expected {what} as a string of at most 36 card codes, got {len(data)} characters")
    cards: list[Card] = []
    seen = 0
    for token in data.split(" ") if data else ():
        card = _CARD_OF.get(token)
        if card is None:
            raise _Refused(f"{describe_value(token)} is not a card code (in {describe_value(data)}): expected codes "
                           "such as 'H10', separated by single spaces")
        if seen & card.bit:
            raise _Refused(f"{card} is there twice (in {describe_value(data)})")
        seen |= card.bit
        cards.append(card)
    return cards


def _read_int(data: Any, _: Any = None) -> int:
    if type(data) is not int:
        raise _Refused(f"expected an int, got {describe_value(data)}")
    return data


def _read_bool(data: Any, _: Any = None) -> bool:
    if type(data) is not bool:
        raise _Refused(f"expected true or false, got {describe_value(data)}")
    return data


def _enum_texts(cls: type[enum.Enum]) -> dict[Any, str]:
    """The string each member of an enum is written as: modes and suits by their lower-case
    names, ranks by their codes, any other enum by its value."""
    if cls is Trump or cls is Suit or cls is PerTrickMode or cls is LeadMode:
        return {member: member.name.lower() for member in cls}
    if cls is Rank:
        return {member: member.code for member in Rank}
    return {member: member.value for member in cls}


def _is_ordered_cards(kind: Any) -> bool:
    return bool(kind == tuple[Card, ...])


def _is_tuple(kind: Any) -> bool:
    return typing.get_origin(kind) is tuple and not _is_ordered_cards(kind)


def _is_enum(kind: Any) -> bool:
    return isinstance(kind, type) and issubclass(kind, enum.Enum) and kind is not Card


_MODES_BY_NAME: Final[dict[str, RoundMode]] = {
    **{text: mode for mode, text in _enum_texts(Trump).items()},
    **{text: mode for mode, text in _enum_texts(PerTrickMode).items()},
    **{text: mode for mode, text in _enum_texts(LeadMode).items()},
}


def _is_round_mode(kind: Any) -> bool:
    """A union of Trump, PerTrickMode and LeadMode (a round's mode), possibly with None."""
    args = set(typing.get_args(kind))
    return typing.get_origin(kind) in (typing.Union, getattr(__import__("types"), "UnionType", None)) and \
        {Trump, PerTrickMode} <= args <= {Trump, PerTrickMode, LeadMode, type(None)}


def _read_mode(data: Any, kind: Any) -> RoundMode | None:
    if data is None and type(None) in typing.get_args(kind):
        return None
    mode = _MODES_BY_NAME.get(data) if isinstance(data, str) else None
    if mode is None:
        raise _Refused(f"expected one of {', '.join(repr(v) for v in _MODES_BY_NAME)}, got {describe_value(data)}")
    return mode


def _is_union_of_objects(kind: Any) -> bool:
    args = typing.get_args(kind)
    return typing.get_origin(kind) in (typing.Union, getattr(__import__("types"), "UnionType", None)) and bool(args) \
        and all(attrs.has(arg) for arg in args)


def _make_converter(compact: bool) -> cattrs.Converter:
    """The converter: its leaf hooks, and the ``"type"`` tag on every object. ``compact``
    leaves out the fields of rules objects that have their default value."""
    conv = cattrs.Converter(detailed_validation=True, forbid_extra_keys=True)
    conv.register_structure_hook(int, _read_int)
    conv.register_structure_hook(bool, _read_bool)
    conv.register_unstructure_hook(Card, lambda card: card.name)
    conv.register_structure_hook(Card, lambda data, _: _read_card(data))
    conv.register_unstructure_hook(CardSet, str)
    conv.register_structure_hook(CardSet, lambda data, _: CardSet(_read_codes(data, "a set of cards")))
    conv.register_unstructure_hook_func(_is_ordered_cards, lambda cards: " ".join(card.name for card in cards))
    conv.register_structure_hook_func(_is_ordered_cards, lambda data, _: tuple(_read_codes(data, "cards in order")))

    def enum_unstructure(cls: type[enum.Enum]) -> Callable[[Any], Any]:
        texts = _enum_texts(cls)
        return texts.__getitem__

    def enum_structure(cls: type[enum.Enum]) -> Callable[[Any, Any], Any]:
        values = {text: member for member, text in _enum_texts(cls).items()}

        def read(data: Any, _: Any) -> Any:
            member = values.get(data) if isinstance(data, str) else None
            if member is None:
                raise _Refused(f"expected one of {', '.join(repr(v) for v in values)}, got {describe_value(data)}")
            return member

        return read

    conv.register_unstructure_hook_factory(_is_enum, enum_unstructure)
    conv.register_structure_hook_factory(_is_enum, enum_structure)
    for int_enum in (Trump, Suit, Rank, PerTrickMode, LeadMode):  # ints too: by class, so that the int hook does not take them
        conv.register_structure_hook(int_enum, enum_structure(int_enum))
        conv.register_unstructure_hook(int_enum, enum_unstructure(int_enum))
    # A round's mode (Trump | PerTrickMode | LeadMode, optionally None): one string among the sixteen modes'.
    conv.register_structure_hook_func(_is_round_mode, lambda data, kind: _read_mode(data, kind))
    conv.register_unstructure_hook_func(_is_round_mode, lambda mode: None if mode is None else conv.unstructure(mode))

    def tuple_structure(kind: Any) -> Callable[[Any, Any], Any]:
        args = typing.get_args(kind)
        homogeneous = len(args) == 2 and args[1] is Ellipsis

        def read(data: Any, _: Any) -> Any:
            if not isinstance(data, (list, tuple)):
                raise _Refused(f"expected a list, got {describe_value(data)}")
            if homogeneous:
                kinds: Sequence[Any] = (args[0],) * len(data)
            elif len(data) != len(args):
                raise _Refused(f"expected a list of {len(args)} items, got {len(data)}")
            else:
                kinds = args
            items = []
            for index, (item, item_kind) in enumerate(zip(data, kinds)):
                try:
                    items.append(conv.structure(item, item_kind))
                except Exception as error:
                    raise _Nested(error, IterableValidationNote(f"@ index {index}", index, item_kind)) from None
            return tuple(items)

        return read

    conv.register_structure_hook_factory(_is_tuple, tuple_structure)
    conv.register_unstructure_hook_factory(_is_tuple, lambda kind: lambda value: [conv.unstructure(v) for v in value])

    def union_structure(kind: Any) -> Callable[[Any, Any], Any]:
        members = typing.get_args(kind)
        return lambda data, _: _object(conv, data, members)

    conv.register_structure_hook_factory(_is_union_of_objects, union_structure)
    conv.register_structure_hook_factory(attrs.has, lambda cls: lambda data, _: _object(conv, data, (cls,)))
    conv.register_unstructure_hook_factory(attrs.has, lambda cls: _writer(conv, cls, compact))
    return conv


def _writer(conv: cattrs.Converter, cls: type, compact: bool) -> Callable[[Any], dict[str, Any]]:
    """The unstructure hook of an attrs class: its ``"type"``, then its written fields."""
    if cls in _VALUE_FIELDS:
        key = _VALUE_FIELDS[cls]
        return lambda value: {"type": type_name(cls), key: conv.unstructure(value, cls)}
    if cls is CardPlay:
        return lambda play: {
            "type": "CardPlay",
            "trump": conv.unstructure(play.mode),  # the round's mode (a Trump or a PerTrickMode)
            "hands": [str(hand) for hand in play.hands],
            "leader": play.leader,
            "trick": conv.unstructure(play.trick, tuple[Card, ...]),
            "tricks": [conv.unstructure(trick, Trick) for trick in play.tricks],
            "rules": conv.unstructure(play.rules, PlayRules),
            "trump_jack_points": play.trump_jack_points,
        }
    if issubclass(cls, TwoPartState):
        setting_type: Any = cls.SETTING
        play_type = typing.get_type_hints(cls)["play"]
        write_setting: Callable[[Any], dict[str, Any]] = make_dict_unstructure_fn(setting_type, conv)
        order = json_fields(cls)

        def write_state(state: Any) -> dict[str, Any]:
            fields = write_setting(state.setting)
            fields["play"] = conv.unstructure(state.play, play_type)
            return {"type": type_name(cls), **{name: fields[name] for name in order}}

        return write_state
    _names.refresh()
    # Options added after jass/1 was fixed are written only when not at their default.
    later: dict[str, Any] = {field.name: override(omit_if_default=True) for field in attrs.fields(cast(Any, cls))
                             if field.metadata.get("jass_json") == LATER_OPTION["jass_json"]}
    write = make_dict_unstructure_fn(cls, conv, _cattrs_omit_if_default=compact and cls in _names.defaults, **later)
    return lambda value: {"type": type_name(cls), **write(value)}


def _object(conv: cattrs.Converter, data: Any, expected: tuple[type, ...]) -> Any:
    """Read an object whose ``"type"`` must name one of ``expected``."""
    names = [type_name(cls) for cls in expected]
    wanted = " or ".join(names)
    if not isinstance(data, dict):
        raise _Refused(f"expected an object ({wanted}), got {describe_value(data)}")
    if "type" not in data:
        raise _Refused(f"missing field 'type' (expected {wanted})")
    tag = data["type"]
    if not isinstance(tag, str) or tag not in names:
        raise _Refused(f"expected {wanted}, got {describe_value(tag)}", ".type")
    cls = expected[names.index(tag)]
    fields = {key: value for key, value in data.items() if key != "type"}
    return _reader(conv, cls)(fields)


_READERS: Final[dict[tuple[int, type], Callable[[dict[str, Any]], Any]]] = {}


def _reader(conv: cattrs.Converter, cls: type) -> Callable[[dict[str, Any]], Any]:
    """The function that builds a ``cls`` from its fields (without ``"type"``)."""
    key = (id(conv), cls)
    found = _READERS.get(key)
    if found is None:
        found = _READERS[key] = _make_reader(conv, cls)
    return found


def _check_keys(data: dict[str, Any], cls: type, keys: tuple[str, ...], optional: bool) -> None:
    name = type_name(cls)
    for key in data:
        if key not in keys:
            raise _Refused(f"unknown field {describe_value(key)} in {name} (its fields: {', '.join(sorted(keys)) or 'none'})")
    if not optional:
        added = {f.name for f in attrs.fields(cast(Any, cls)) if f.metadata.get(ADDED)} if attrs.has(cls) else set()
        for key in keys:
            if key not in data and key not in added:
                raise _Refused(f"missing field {key!r} in {name}")


def _make_reader(conv: cattrs.Converter, cls: type) -> Callable[[dict[str, Any]], Any]:
    if cls in _VALUE_FIELDS:
        value_key = _VALUE_FIELDS[cls]

        def read_value(data: dict[str, Any]) -> Any:
            _check_keys(data, cls, (value_key,), False)
            return _field(conv, data, value_key, cls)

        return read_value
    if cls is CardPlay:
        spec = {"trump": RoundMode, "hands": tuple[CardSet, ...], "leader": int, "trick": tuple[Card, ...],
                "tricks": tuple[Trick, ...], "rules": PlayRules, "trump_jack_points": int}

        def read_play(data: dict[str, Any]) -> CardPlay:
            _check_keys(data, cls, tuple(spec), False)
            values = {key: _field(conv, data, key, kind) for key, kind in spec.items()}
            if not 2 <= len(values["hands"]) <= MAX_SEATS:
                raise _Refused(f"expected a list of 2..{MAX_SEATS} hands, got {len(values['hands'])}", ".hands")
            if len(values["tricks"]) > 18:
                raise _Refused(f"expected a list of at most 18 tricks, got {len(values['tricks'])}", ".tricks")
            if len(values["trick"]) >= MAX_SEATS:
                raise _Refused(f"expected at most {MAX_SEATS - 1} cards, got {len(values['trick'])}", ".trick")
            setup = PlaySetup.of(values["trump"], len(values["hands"]), values["rules"], values["trump_jack_points"])
            return CardPlay.from_parts(setup, values["hands"], values["leader"], values["trick"], values["tricks"])

        return read_play
    if issubclass(cls, TwoPartState):
        setting_type = cls.SETTING
        play_type = typing.get_type_hints(cls)["play"]
        read_setting = _reader(conv, setting_type)
        order = json_fields(cls)

        def read_state(data: dict[str, Any]) -> Any:
            _check_keys(data, cls, order, False)
            fields = {key: value for key, value in data.items() if key != "play"}
            setting = read_setting(fields)
            return cls(setting, _field(conv, data, "play", play_type))  # type: ignore[call-arg]

        return read_state
    _names.refresh()
    optional = cls in _names.defaults
    keys = tuple(field.name for field in attrs.fields(cast(Any, cls)))
    build = make_dict_structure_fn(cls, conv, _cattrs_forbid_extra_keys=True, _cattrs_detailed_validation=True)

    def read_object(data: dict[str, Any]) -> Any:
        _check_keys(data, cls, keys, optional)
        return build(data, cls)

    return read_object


def _field(conv: cattrs.Converter, data: dict[str, Any], key: str, kind: Any) -> Any:
    """Structure ``data[key]`` as ``kind``, its errors at ``.key``."""
    try:
        return conv.structure(data[key], kind)
    except Exception as error:
        raise _Nested(error, AttributeValidationNote(f"@ {key}", key, kind)) from None


class _Nested(BaseValidationError):
    """A failure inside a hook of ours, noted with its field's name or its index in a list, as
    cattrs notes its own (so that :func:`_explain` finds the path)."""

    def __new__(cls, error: Exception, note: str) -> _Nested:
        setattr(error, "__notes__", [*getattr(error, "__notes__", ()), note])
        return super().__new__(cls, "structuring a part", [error], object)


_FULL: Final = _make_converter(compact=False)
_COMPACT: Final = _make_converter(compact=True)


# --- errors: the path of the field at fault ---------------------------------------------------------


def _at(data: Any, path: str) -> Any:
    """The raw value at ``path`` (relative, ``.a[2].b``) inside ``data``; ``None`` if not there."""
    import re

    for name, index in re.findall(r"\.([A-Za-z_][A-Za-z_0-9]*)|\[(\d+)\]", path):
        try:
            data = data[name] if name else data[int(index)]
        except (KeyError, IndexError, TypeError):
            return None
    return data


def _explain(error: BaseException, data: Any, base: str) -> SerialError:
    """The :class:`~jass.errors.SerialError` for a failure while structuring ``data`` (at
    ``base``): the path from cattrs' notes and the failure's own field, and its reason."""
    path = ""
    while isinstance(error, BaseValidationError):
        inner = error.exceptions[0]
        for note in getattr(inner, "__notes__", ()):
            if isinstance(note, AttributeValidationNote):
                path += f".{note.name}"
                break
            if isinstance(note, IterableValidationNote):
                path += f"[{note.index}]"
                break
        error = inner
    if isinstance(error, _Refused):
        return SerialError(error.reason, base + path + error.path)
    if isinstance(error, ForbiddenExtraKeysError):
        extra = sorted(error.extra_fields)
        return SerialError(f"unknown field {describe_value(extra[0])}", base + path)
    field = getattr(error, "field", None)
    if isinstance(error, JassError) and field is not None:
        index = getattr(error, "index", None)
        where = f"{path}.{field}" + (f"[{index}]" if index is not None else "")
        expected = getattr(error, "expected", None)
        if expected is not None:
            got = getattr(error, "got", None) or describe_value(_at(data, where))
            return SerialError(f"expected {expected}, got {got}", base + where)
        return SerialError(getattr(error, "reason", None) or str(error), base + where)
    if isinstance(error, SerialError):
        return SerialError(error.reason, base + path + error.path[1:])
    if isinstance(error, JassError):
        return SerialError(str(error), base + path)
    return SerialError(f"cannot be read: {error}", base + path)


# --- the public functions ------------------------------------------------------------------------


def to_dict(value: Any, *, compact: bool = False) -> dict[str, Any]:
    """``value`` as a dict of JSON types, tagged with its ``"type"`` and the ``"format"``.

    ``compact=True`` leaves out the fields of rules objects that have their default
    value (loading fills them in again).

    >>> from jass import schieber
    >>> to_dict(schieber.Rules.swisslos(), compact=True)
    {'format': 'jass/1', 'type': 'schieber.Rules', 'target_score': 2500, 'end_mode': 'auto', 'multipliers': [1, 1, 2, 2, 3, 3], 'pairing': 'swisslos'}

    Raises :class:`~jass.errors.SerialError` for a value that is not one of the library's.
    """
    _names.refresh()
    if type(value) not in _names.by_class:
        raise SerialError(f"cannot write {describe_value(value)}: not a value of the library ({type(value).__name__})")
    conv = _COMPACT if compact else _FULL
    kind = type(value)
    # Cards, sets, suits, ranks and modes are leaves inside objects; on their own they are written
    # as an object of their one field.
    data: dict[str, Any] = _writer(conv, kind, compact)(value) if kind in _VALUE_FIELDS else conv.unstructure(value)
    return {"format": FORMAT, **data}


def field_writers(cls: type) -> tuple[tuple[str, Callable[[Any], Any]], ...]:
    """How :func:`to_dict` writes each field of a class of the library that it writes field by
    field (an observation, a move): ``(name, write)`` pairs in the order of the fields,
    ``write(value)`` giving the JSON types of one field's value, so that

    ``to_dict(value) == {"format": FORMAT, "type": type_name(cls), **{name: write(getattr(value, name)) ...}}``.

    For writers that keep the JSON of the fields that did not change (``jass serve`` writes an
    observation for every seat after every move, and most fields are the same for all).
    Raises :class:`~jass.errors.SerialError` for a class written otherwise (states, cards,
    rules with options written only when set).

    >>> from jass import schieber
    >>> [name for name, _ in field_writers(schieber.ChooseTrump)]
    ['trump']
    >>> dict(field_writers(schieber.ChooseTrump))["trump"](Trump.OBENABE)
    'obenabe'
    """
    _names.refresh()
    if (cls not in _names.by_class or cls in _VALUE_FIELDS or cls is CardPlay or issubclass(cls, TwoPartState)
            or any(field.metadata.get("jass_json") for field in attrs.fields(cast(Any, cls)))):
        raise SerialError(f"{cls.__name__} is not written field by field: use to_dict")
    hints = typing.get_type_hints(cls)
    return tuple((field.name, _FULL.get_unstructure_hook(hints[field.name])) for field in attrs.fields(cast(Any, cls)))


def from_dict(data: Any, expect: type | tuple[type, ...] | None = None) -> Any:
    """The value a dict written by :func:`to_dict` describes, checked throughout.

    ``expect`` (a class or a tuple of classes, e.g. ``schieber.State``) refuses any
    other type. Raises :class:`~jass.errors.SerialError` (saying what is wrong and
    where) for anything malformed, inconsistent or out of range; see the module docs.

    >>> from_dict({"format": "jass/1", "type": "CardSet", "cards": "H6 H6"})
    Traceback (most recent call last):
    jass.errors.SerialError: $.cards: H6 is there twice (in 'H6 H6')
    """
    _names.refresh()
    if expect is None:
        expected = tuple(_names.by_name.values())
    else:
        expected = expect if isinstance(expect, tuple) else (expect,)
        for cls in expected:
            type_name(cls)
    if not isinstance(data, dict):
        raise SerialError(f"expected an object with 'format': {FORMAT!r}, got {describe_value(data)}")
    if "format" not in data:
        raise SerialError(f"missing field 'format' (expected {FORMAT!r})")
    if data["format"] != FORMAT:
        raise SerialError(f"expected {FORMAT!r}, got {describe_value(data['format'])}", "$.format")
    body = {key: value for key, value in data.items() if key != "format"}
    tag = body.get("type")
    if expect is None and isinstance(tag, str) and tag in _names.by_name:
        expected = (_names.by_name[tag],)
    elif expect is None:
        if "type" not in body:
            raise SerialError("missing field 'type' (expected a value of the library)")
        raise SerialError(f"expected a value of the library, got {describe_value(tag)}", "$.type")
    try:
        value = _object(_FULL, body, expected)
    except (BaseValidationError, _Refused, JassError) as error:
        raise _explain(error, body, "$") from None
    _check(value)
    return value


def _check(value: Any) -> None:
    """A loaded state is replayed, an observation checked against the public facts, a card
    play replayed: by the variant's own rules."""
    if type(value) is CardPlay:
        value.check_loaded("$")
        return
    for variant in VARIANTS.values():
        if type(value) is variant.state_type:
            variant.loading.check_loaded(value, "$")
        elif type(value) is variant.observation_type:
            variant.loading.check_observation(value, "$")


def dumps(value: Any, *, compact: bool = False, indent: int | None = None) -> str:
    """``value`` as JSON text (:func:`to_dict`, then ``json.dumps``)."""
    return json.dumps(to_dict(value, compact=compact), ensure_ascii=False, indent=indent)


def loads(text: str | bytes, expect: type | tuple[type, ...] | None = None) -> Any:
    """The value in JSON text written by :func:`dumps` (:func:`from_dict` of the parsed text).

    The text is parsed strictly (see :func:`parse_json`).
    """
    return from_dict(parse_json(text), expect)
