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
``"differenzler.Predict"``, ...); the outermost one also has ``"format": "jass/1"``,
the version of this format. Cards are written as their codes (``"H10"``), sets of
cards as one string of codes in index order (``"C6 H10 DA"``), ordered cards (a
trick, a deck) as one string of codes in their order. Field names are the
attribute names of the classes. The full description is on the "Formats" page of
the documentation.

Loading never evaluates anything (it reads JSON types only) and raises one error,
:class:`~jass.errors.SerialError`, whose message starts with the path of the bad
field (``$.play.tricks[3].winner: ...``), for anything it cannot accept: a wrong
type, a missing or unknown field, a number out of range (every number has a
range, every list a maximum length), a card twice, a hand of the wrong size, and
a state the rules cannot reach. **States are loaded by replaying them**: the
round in progress is rebuilt from its deal with the variant's own ``apply``
(trump choice, Weis, predictions, every card in order), and the result must equal
what the dict says, field by field; what lies before the round (scores, history,
dealer, round number) is checked for type, range and consistency. So a loaded
state is always one the rules can reach.
"""

from __future__ import annotations

import abc
import json
from collections.abc import Callable, Iterator, Sequence
from typing import Any, Final, NoReturn

import attrs

from jass import differenzler, pomme, schieber
from jass.cards import FULL_DECK, Card, CardSet, Rank, Suit
from jass.errors import IllegalMoveError, JassError, SerialError
from jass.play import CardPlay, PlayCard, PlaySetup, Trick, seeded_seat
from jass.tricks import PlayRules, Undertrump, legal_bits, winning_position
from jass.trump import LAST_TRICK_BONUS, Trump, point_table
from jass.weis import STOECK_POINTS, Weis, WeisKind, WeisRules, WeisTiebreak

__all__ = [
    "FORMAT",
    "MAX_TEXT",
    "to_dict",
    "from_dict",
    "dumps",
    "loads",
    "type_name",
    "parse_json",
]

#: The version of the format, written as ``"format"`` in every outermost dict.
FORMAT: Final = "jass/1"
#: The longest JSON text :func:`loads` reads (characters).
MAX_TEXT: Final = 10_000_000
#: The most rounds a state's history may hold.
MAX_ROUNDS: Final = 10_000
#: Seeds are ints of magnitude below this.
SEED_LIMIT: Final = 2**256


# --- errors and paths ---------------------------------------------------------------


def _fail(path: str, message: str) -> NoReturn:
    raise SerialError(message, path)


def _show(value: Any) -> str:
    """A short description of a JSON value for messages (never a huge or deep repr)."""
    if value is None:
        return "null"
    if value is True:
        return "true"
    if value is False:
        return "false"
    if isinstance(value, int):
        if value.bit_length() > 128:
            return f"an int of {len(str(abs(value))) if value.bit_length() < 10_000 else 'thousands of'} digits"
        return repr(value)
    if isinstance(value, float):
        return repr(value)
    if isinstance(value, str):
        return repr(value) if len(value) <= 40 else repr(value[:40]) + "..."
    if isinstance(value, (list, tuple)):
        return f"a list of {len(value)} items"
    if isinstance(value, dict):
        return f"an object of {len(value)} fields"
    return f"a {type(value).__name__}"


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 100 else text[:97] + "..."


# --- codecs ---------------------------------------------------------------------------


class _Codec(abc.ABC):
    """Writes one kind of value as JSON types and reads it back, checking everything."""

    @abc.abstractmethod
    def enc(self, value: Any, path: str, compact: bool = False) -> Any:
        """``value`` as JSON types (``path`` names it in errors)."""

    @abc.abstractmethod
    def dec(self, data: Any, path: str) -> Any:
        """The value that ``data`` describes, checked; :class:`SerialError` otherwise."""


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


class _Int(_Codec):
    def __init__(self, low: int, high: int, allowed: tuple[int, ...] = ()) -> None:
        self.low, self.high, self.allowed = low, high, allowed

    def _expected(self) -> str:
        if self.allowed:
            return "one of " + ", ".join(str(a) for a in self.allowed)
        return f"an int {self.low}..{self.high}"

    def _ok(self, value: Any) -> bool:
        if not _is_int(value):
            return False
        if self.allowed:
            return value in self.allowed
        return bool(self.low <= value <= self.high)

    def enc(self, value: Any, path: str, compact: bool = False) -> Any:
        if not self._ok(value):
            _fail(path, f"cannot write {_show(value)}: expected {self._expected()}")
        return int(value)

    def dec(self, data: Any, path: str) -> Any:
        if not self._ok(data):
            _fail(path, f"expected {self._expected()}, got {_show(data)}")
        return data


class _Bool(_Codec):
    def enc(self, value: Any, path: str, compact: bool = False) -> Any:
        if not isinstance(value, bool):
            _fail(path, f"cannot write {_show(value)}: expected true or false")
        return value

    def dec(self, data: Any, path: str) -> Any:
        if not isinstance(data, bool):
            _fail(path, f"expected true or false, got {_show(data)}")
        return data


class _Enum(_Codec):
    """An enum member written as a fixed string."""

    def __init__(self, texts: dict[Any, str]) -> None:
        self.texts = texts
        self.values = {text: value for value, text in texts.items()}

    def enc(self, value: Any, path: str, compact: bool = False) -> Any:
        for member, text in self.texts.items():
            if value is member:
                return text
        _fail(path, f"cannot write {_short(value)}: expected one of {', '.join(self.values)}")

    def dec(self, data: Any, path: str) -> Any:
        if not isinstance(data, str) or data not in self.values:
            _fail(path, f"expected one of {', '.join(repr(v) for v in self.values)}, got {_show(data)}")
        return self.values[data]


_CARD_OF: Final[dict[str, Card]] = {card.name: card for card in Card}


def _read_card(data: Any, path: str) -> Card:
    if not isinstance(data, str) or data not in _CARD_OF:
        _fail(path, f"expected a card code such as 'H10' or 'SJ', got {_show(data)}")
    return _CARD_OF[data]


def _read_codes(data: Any, path: str, what: str) -> list[Card]:
    """Card codes separated by single spaces, none twice."""
    if not isinstance(data, str):
        _fail(path, f"expected {what} as a string of card codes such as 'C6 H10 DA', got {_show(data)}")
    if len(data) > 36 * 4:
        _fail(path, f"expected {what} as a string of at most 36 card codes, got {len(data)} characters")
    cards: list[Card] = []
    seen = 0
    for token in data.split(" ") if data else ():
        card = _CARD_OF.get(token)
        if card is None:
            _fail(path, f"{_show(token)} is not a card code (in {_show(data)}): expected codes such as 'H10', "
                  "separated by single spaces")
        if seen & card.bit:
            _fail(path, f"{card} is there twice (in {_show(data)})")
        seen |= card.bit
        cards.append(card)
    return cards


class _CardCodec(_Codec):
    def enc(self, value: Any, path: str, compact: bool = False) -> Any:
        if not isinstance(value, Card):
            _fail(path, f"cannot write {_short(value)}: expected a Card")
        return value.name

    def dec(self, data: Any, path: str) -> Any:
        return _read_card(data, path)


class _CardSetCodec(_Codec):
    """A set of cards: one string of codes in index order (any order is read)."""

    def __init__(self, low: int = 0, high: int = 36) -> None:
        self.low, self.high = low, high

    def _size(self) -> str:
        return str(self.low) if self.low == self.high else f"{self.low}..{self.high}"

    def enc(self, value: Any, path: str, compact: bool = False) -> Any:
        if not isinstance(value, CardSet):
            _fail(path, f"cannot write {_short(value)}: expected a CardSet")
        if not self.low <= len(value) <= self.high:
            _fail(path, f"cannot write {value!r}: expected {self._size()} cards")
        return str(value)

    def dec(self, data: Any, path: str) -> Any:
        cards = _read_codes(data, path, "a set of cards")
        if not self.low <= len(cards) <= self.high:
            _fail(path, f"expected {self._size()} cards, got {len(cards)}")
        return CardSet(cards)


class _CardsCodec(_Codec):
    """Cards in an order (a trick, a deck): one string of codes in that order."""

    def __init__(self, low: int, high: int) -> None:
        self.low, self.high = low, high

    def enc(self, value: Any, path: str, compact: bool = False) -> Any:
        if not isinstance(value, tuple) or not all(isinstance(c, Card) for c in value):
            _fail(path, f"cannot write {_short(value)}: expected a tuple of cards")
        if not self.low <= len(value) <= self.high or len(set(value)) != len(value):
            _fail(path, f"cannot write {_short(value)}: expected {self.low}..{self.high} different cards")
        return " ".join(card.name for card in value)

    def dec(self, data: Any, path: str) -> Any:
        cards = _read_codes(data, path, "cards in order")
        if not self.low <= len(cards) <= self.high:
            size = str(self.low) if self.low == self.high else f"{self.low}..{self.high}"
            _fail(path, f"expected {size} cards, got {len(cards)}")
        return tuple(cards)


class _Opt(_Codec):
    def __init__(self, inner: _Codec) -> None:
        self.inner = inner

    def enc(self, value: Any, path: str, compact: bool = False) -> Any:
        return None if value is None else self.inner.enc(value, path, compact)

    def dec(self, data: Any, path: str) -> Any:
        return None if data is None else self.inner.dec(data, path)


class _List(_Codec):
    """A tuple written as a JSON list."""

    def __init__(self, inner: _Codec, low: int, high: int) -> None:
        self.inner, self.low, self.high = inner, low, high

    def _size(self) -> str:
        return str(self.low) if self.low == self.high else f"{self.low}..{self.high}"

    def enc(self, value: Any, path: str, compact: bool = False) -> Any:
        if not isinstance(value, tuple) or not self.low <= len(value) <= self.high:
            _fail(path, f"cannot write {_short(value)}: expected a tuple of {self._size()} items")
        return [self.inner.enc(item, f"{path}[{i}]", compact) for i, item in enumerate(value)]

    def dec(self, data: Any, path: str) -> Any:
        if not isinstance(data, (list, tuple)):
            _fail(path, f"expected a list of {self._size()} items, got {_show(data)}")
        if not self.low <= len(data) <= self.high:
            _fail(path, f"expected a list of {self._size()} items, got {len(data)}")
        return tuple(self.inner.dec(item, f"{path}[{i}]") for i, item in enumerate(data))


class _Obj(_Codec):
    """A value of one of the registered types, written as a dict with its ``"type"``.

    ``check=False`` skips the value's own consistency check, for a value inside
    another whose check covers it (the card play inside a state).
    """

    def __init__(self, *names: str, check: bool = True) -> None:
        self.names, self.check = names, check

    def enc(self, value: Any, path: str, compact: bool = False) -> Any:
        kind = _BY_CLASS.get(type(value))
        if kind is None or kind.name not in self.names:
            _fail(path, f"cannot write {_short(value)}: expected {' or '.join(self.names)}")
        return _encode(value, path, compact=compact)

    def dec(self, data: Any, path: str) -> Any:
        return _decode(data, path, self.names, check=self.check)


# --- the registry -----------------------------------------------------------------------


@attrs.frozen
class _Field:
    key: str
    get: Callable[[Any], Any]
    codec: _Codec
    has_default: bool = False
    default: Any = None


@attrs.frozen
class _Kind:
    name: str
    cls: type
    fields: tuple[_Field, ...]
    build: Callable[[dict[str, Any], str], Any]
    check: Callable[[Any, str], None] | None
    #: Missing fields take their defaults (rules), and ``compact`` output omits them.
    defaults: bool


_KINDS: dict[str, _Kind] = {}
_BY_CLASS: dict[type, _Kind] = {}


def _register(kind: _Kind) -> None:
    _KINDS[kind.name] = kind
    _BY_CLASS[kind.cls] = kind


def _attrs_kind(
    name: str,
    cls: type,
    codecs: dict[str, _Codec],
    *,
    check: Callable[[Any, str], None] | None = None,
    defaults: bool = False,
    build: Callable[[dict[str, Any], str], Any] | None = None,
) -> None:
    fields = []
    by_name = {f.name: f for f in attrs.fields(cls)}
    for key, codec in codecs.items():
        # A key may also name a property (CardPlay.hands) that ``build`` turns into fields.
        default: Any = by_name[key].default if key in by_name else attrs.NOTHING
        has_default = default is not attrs.NOTHING
        if isinstance(default, attrs.Factory):  # type: ignore[arg-type]
            default = default.factory()
        fields.append(_Field(key, _getter(key), codec, has_default, default))

    def construct(values: dict[str, Any], path: str) -> Any:
        try:
            return cls(**values)
        except JassError as error:
            _fail(path, str(error))

    _register(_Kind(name, cls, tuple(fields), build or construct, check, defaults))


def _getter(key: str) -> Callable[[Any], Any]:
    return lambda value: getattr(value, key)


def _state_kinds(variant: str, state_cls: Any, setting_cls: type, codecs: dict[str, _Codec],
                 check: Callable[[Any, str], None]) -> None:
    """A variant's ``State`` (written flat: its setting's fields next to ``play``, built with
    ``State.create``) and its ``Setting`` (the same fields without ``play``)."""

    def build(values: dict[str, Any], path: str) -> Any:
        try:
            return state_cls.create(**values)
        except JassError as error:
            _fail(path, str(error))

    _attrs_kind(f"{variant}.State", state_cls, codecs, check=check, build=build)
    _attrs_kind(f"{variant}.Setting", setting_cls, {key: codec for key, codec in codecs.items() if key != "play"})


def _value_kind(name: str, cls: type, key: str, codec: _Codec) -> None:
    """A type written as one field holding the value itself (Card, CardSet, Trump, ...)."""
    _register(_Kind(name, cls, (_Field(key, lambda v: v, codec),), lambda values, path: values[key], None, False))


def _encode(value: Any, path: str, *, compact: bool) -> dict[str, Any]:
    kind = _BY_CLASS.get(type(value))
    if kind is None:
        _fail(path, f"cannot write {_short(value)}: not a value of the library ({type(value).__name__})")
    data: dict[str, Any] = {"type": kind.name}
    for field in kind.fields:
        item = field.get(value)
        if compact and kind.defaults and field.has_default and item == field.default:
            continue
        data[field.key] = field.codec.enc(item, f"{path}.{field.key}", compact)
    return data


def _decode(data: Any, path: str, names: Sequence[str] | None, *, check: bool = True, top: bool = False) -> Any:
    expected = " or ".join(names) if names else "a value of the library"
    if not isinstance(data, dict):
        _fail(path, f"expected an object ({expected}), got {_show(data)}")
    tag = data.get("type")
    if tag is None and "type" not in data:
        _fail(path, f"missing field 'type' (expected {expected})")
    if not isinstance(tag, str) or tag not in _KINDS or (names is not None and tag not in names):
        _fail(f"{path}.type", f"expected {expected}, got {_show(tag)}")
    kind = _KINDS[tag]
    keys = {field.key for field in kind.fields}
    for key in data:
        if key == "type" or key in keys or (top and key == "format"):
            continue
        _fail(path, f"unknown field {_show(key)} in {kind.name} (its fields: {', '.join(sorted(keys)) or 'none'})")
    values: dict[str, Any] = {}
    for field in kind.fields:
        if field.key in data:
            values[field.key] = field.codec.dec(data[field.key], f"{path}.{field.key}")
        elif kind.defaults and field.has_default:
            values[field.key] = field.default
        else:
            _fail(path, f"missing field {field.key!r} in {kind.name}")
    value = kind.build(values, path)
    if check and kind.check is not None:
        kind.check(value, path)
    return value


# --- the public functions ------------------------------------------------------------------


def type_name(value_or_class: Any) -> str:
    """The ``"type"`` written for a value or a class, e.g. ``'schieber.State'``.

    >>> from jass import schieber
    >>> type_name(schieber.State), type_name(schieber.Push())
    ('schieber.State', 'schieber.Push')
    """
    cls = value_or_class if isinstance(value_or_class, type) else type(value_or_class)
    kind = _BY_CLASS.get(cls)
    if kind is None:
        raise SerialError(f"{cls.__name__} is not a type this format writes")
    return kind.name


def to_dict(value: Any, *, compact: bool = False) -> dict[str, Any]:
    """``value`` as a dict of JSON types, tagged with its ``"type"`` and the ``"format"``.

    ``compact=True`` leaves out the fields of rules objects that have their default
    value (loading fills them in again).

    >>> to_dict(schieber.Rules.swisslos(), compact=True)
    {'format': 'jass/1', 'type': 'schieber.Rules', 'target_score': 2500, 'end_mode': 'auto', 'multipliers': [1, 1, 2, 2, 3, 3]}

    Raises :class:`~jass.errors.SerialError` for a value that is not one of the
    library's (or holds a number outside the format's ranges).
    """
    data = _encode(value, "$", compact=compact)
    return {"format": FORMAT, **data}


def from_dict(data: Any, expect: type | tuple[type, ...] | None = None) -> Any:
    """The value a dict written by :func:`to_dict` describes, checked throughout.

    ``expect`` (a class or a tuple of classes, e.g. ``schieber.State``) refuses any
    other type. Raises :class:`~jass.errors.SerialError` (saying what is wrong and
    where) for anything malformed, inconsistent or out of range; see the module docs.

    >>> from_dict({"format": "jass/1", "type": "CardSet", "cards": "H6 H6"})
    Traceback (most recent call last):
    jass.errors.SerialError: $.cards: H6 is there twice (in 'H6 H6')
    """
    names: tuple[str, ...] | None = None
    if expect is not None:
        classes = expect if isinstance(expect, tuple) else (expect,)
        names = tuple(type_name(cls) for cls in classes)
    if not isinstance(data, dict):
        _fail("$", f"expected an object with 'format': {FORMAT!r}, got {_show(data)}")
    if "format" not in data:
        _fail("$", f"missing field 'format' (expected {FORMAT!r})")
    if data["format"] != FORMAT:
        _fail("$.format", f"expected {FORMAT!r}, got {_show(data['format'])}")
    return _decode(data, "$", names, top=True)


def dumps(value: Any, *, compact: bool = False, indent: int | None = None) -> str:
    """``value`` as JSON text (:func:`to_dict`, then ``json.dumps``)."""
    return json.dumps(to_dict(value, compact=compact), ensure_ascii=False, indent=indent)


def _no_constant(name: str) -> Any:
    _fail("$", f"{name} is not a JSON number")


def _bounded_int(text: str) -> int:
    if len(text) > 80:
        _fail("$", f"a number of {len(text)} digits: numbers in this format have at most 80")
    return int(text)


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    data: dict[str, Any] = {}
    for key, value in pairs:
        if key in data:
            _fail("$", f"the field {_show(key)} appears twice in one object")
        data[key] = value
    return data


def parse_json(text: Any, limit: int = MAX_TEXT) -> Any:
    """Parse JSON text strictly: no NaN or Infinity, no number of more than 80 digits,
    no key twice in an object, at most ``limit`` characters; errors are
    :class:`~jass.errors.SerialError`."""
    if isinstance(text, (bytes, bytearray)):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError as error:
            _fail("$", f"not UTF-8 text: {error}")
    if not isinstance(text, str):
        _fail("$", f"expected JSON text, got {_show(text)}")
    if len(text) > limit:
        _fail("$", f"the text has {len(text)} characters; at most {limit} are read")
    try:
        return json.loads(
            text,
            parse_constant=_no_constant,
            parse_int=_bounded_int,
            object_pairs_hook=_unique_keys,
        )
    except SerialError:
        raise
    except RecursionError:
        _fail("$", "the JSON text is nested too deeply")
    except ValueError as error:  # json.JSONDecodeError, or a float/int the parser refuses
        _fail("$", f"not valid JSON: {error}")


def loads(text: str | bytes, expect: type | tuple[type, ...] | None = None) -> Any:
    """The value in JSON text written by :func:`dumps` (:func:`from_dict` of the parsed text).

    The text is parsed strictly (see :func:`parse_json`).
    """
    return from_dict(parse_json(text), expect)


# --- card helpers shared by the checks --------------------------------------------------------------


def _disjoint(hands: Sequence[CardSet], path: str, name: str = "") -> int:
    """The union of ``hands``; fails on a card in two of them."""
    union = 0
    for i, hand in enumerate(hands):
        if union & hand.bits:
            _fail(f"{path}[{i}]", f"{CardSet.from_bits(union & hand.bits)} also in another {name or 'hand'}")
        union |= hand.bits
    return union


def _cards_in_order(play: CardPlay, path: str) -> Iterator[tuple[Card, str]]:
    """Every card of ``play`` in the order played, with its path."""
    for i, trick in enumerate(play.tricks):
        for k, card in enumerate(trick.cards):
            yield card, f"{path}.tricks[{i}].cards[{k}]"
    for k, card in enumerate(play.trick):
        yield card, f"{path}.trick[{k}]"


def _dealt_from_play(play: CardPlay, path: str) -> tuple[CardSet, ...]:
    """The hands as dealt: each seat's cards held plus the cards it played (by the leaders
    the play states; a wrong leader shows up when the play is replayed)."""
    seats = len(play.hands)
    held = [hand.bits for hand in play.hands]
    seen = _disjoint(play.hands, f"{path}.hands")
    for i, trick in enumerate(play.tricks):
        tpath = f"{path}.tricks[{i}]"
        if not 0 <= trick.leader < seats:
            _fail(f"{tpath}.leader", f"expected a seat 0..{seats - 1}, got {trick.leader}")
        if len(trick.cards) != seats:
            _fail(f"{tpath}.cards", f"a finished trick of {seats} players has {seats} cards, got {len(trick.cards)}")
        for k, card in enumerate(trick.cards):
            if seen & card.bit:
                _fail(f"{tpath}.cards", f"{card} is played twice, or played and still held")
            seen |= card.bit
            held[(trick.leader + k) % seats] |= card.bit
    if not 0 <= play.leader < seats:
        _fail(f"{path}.leader", f"expected a seat 0..{seats - 1}, got {play.leader}")
    if len(play.trick) >= seats:
        _fail(f"{path}.trick", f"a trick in progress has fewer than {seats} cards, got {len(play.trick)}")
    for k, card in enumerate(play.trick):
        if seen & card.bit:
            _fail(f"{path}.trick", f"{card} is played twice, or played and still held")
        seen |= card.bit
        held[(play.leader + k) % seats] |= card.bit
    sizes = [bits.bit_count() for bits in held]
    if len(set(sizes)) != 1 or sizes[0] == 0:
        _fail(path, f"the cards held and played add up to deals of {sizes} cards; every seat is dealt as many")
    return tuple(CardSet.from_bits(bits) for bits in held)


def _difference(claimed: Any, derived: Any, path: str) -> tuple[str, Any, Any] | None:
    """The first place where two values differ, walking the written fields and tuples
    (so that the path names a field of the JSON)."""
    if claimed == derived and type(claimed) is type(derived):
        return None
    kind = _BY_CLASS.get(type(claimed))
    if type(claimed) is type(derived) and kind is not None and attrs.has(type(claimed)):
        for field in kind.fields:
            found = _difference(field.get(claimed), field.get(derived), f"{path}.{field.key}")
            if found is not None:
                return found
    elif isinstance(claimed, tuple) and isinstance(derived, tuple) and len(claimed) == len(derived):
        for i, (a, b) in enumerate(zip(claimed, derived)):
            found = _difference(a, b, f"{path}[{i}]")
            if found is not None:
                return found
    return (path, claimed, derived)


def _compare(claimed: Any, derived: Any, path: str, how: str) -> None:
    found = _difference(claimed, derived, path)
    if found is not None:
        where, said, right = found
        _fail(where, f"is {_short(said)}, but {how} gives {_short(right)}")


# --- core checks --------------------------------------------------------------------------------------


def _check_weis(weis: Weis, path: str) -> None:
    try:
        shape = Weis.from_cards(weis.cards, WeisRules(low_quartets=True))
    except JassError as error:
        _fail(f"{path}.cards", str(error))
    if shape.kind is not weis.kind:
        _fail(f"{path}.kind", f"the cards {weis.cards} form a {shape.kind.value}, not a {weis.kind.value}")


def _check_card_play(play: CardPlay, path: str) -> None:
    dealt = _dealt_from_play(play, path)
    first = play.tricks[0].leader if play.tricks else play.leader
    try:
        derived = CardPlay.start(play.trump, dealt, first, play.rules, play.trump_jack_points)
    except JassError as error:
        _fail(path, str(error))
    for card, card_path in _cards_in_order(play, path):
        try:
            derived = derived.play(card)
        except IllegalMoveError as error:
            _fail(card_path, f"{card} cannot be played here: {error}")
    _compare(play, derived, path, "playing the cards in order")


def _check_tricks(
    tricks: tuple[Trick, ...],
    trick: tuple[Card, ...],
    leader: int,
    trump: Trump,
    seats: int,
    jack_points: int,
    path: str,
    *,
    trick_key: str = "trick",
    tricks_key: str = "tricks",
) -> tuple[list[int], int]:
    """Check finished tricks and the trick in progress as public information: each trick
    led by the last winner, won and counted by the rules, no card twice. Returns the number
    of cards each seat has played and the bits of every card played."""
    table = point_table(trump, jack_points)
    played = [0] * seats
    seen = 0
    for i, done in enumerate(tricks):
        tpath = f"{path}.{tricks_key}[{i}]"
        if len(done.cards) != seats:
            _fail(f"{tpath}.cards", f"a finished trick has {seats} cards, got {len(done.cards)}")
        if not 0 <= done.leader < seats:
            _fail(f"{tpath}.leader", f"expected a seat 0..{seats - 1}, got {done.leader}")
        if i and done.leader != tricks[i - 1].winner:
            _fail(f"{tpath}.leader", f"the winner of the trick before, seat {tricks[i - 1].winner}, leads; got {done.leader}")
        for k, card in enumerate(done.cards):
            if seen & card.bit:
                _fail(f"{tpath}.cards", f"{card} is played twice")
            seen |= card.bit
            played[(done.leader + k) % seats] += 1
        winner = (done.leader + winning_position(done.cards, trump)) % seats
        if done.winner != winner:
            _fail(f"{tpath}.winner", f"is {done.winner}, but the rules give seat {winner}")
        points = sum(table[card.index] for card in done.cards)
        if done.points != points:
            _fail(f"{tpath}.points", f"is {done.points}, but the cards are worth {points}")
    if tricks and leader != tricks[-1].winner:
        _fail(f"{path}.{trick_key}_leader", f"the winner of the last trick, seat {tricks[-1].winner}, leads; got {leader}")
    if not 0 <= leader < seats:
        _fail(f"{path}.{trick_key}_leader", f"expected a seat 0..{seats - 1}, got {leader}")
    if len(trick) >= seats:
        _fail(f"{path}.{trick_key}", f"a trick in progress has fewer than {seats} cards, got {len(trick)}")
    for k, card in enumerate(trick):
        if seen & card.bit:
            _fail(f"{path}.{trick_key}", f"{card} is played twice")
        seen |= card.bit
        played[(leader + k) % seats] += 1
    return played, seen


def _check_hand_view(
    hand: CardSet, hand_sizes: tuple[int, ...], seat: int, played: list[int], seen: int, dealt: int, path: str
) -> None:
    """The observer's hand and everyone's hand size against the cards played."""
    if hand.bits & seen:
        _fail(f"{path}.hand", f"{CardSet.from_bits(hand.bits & seen)} is held and also played")
    if len(hand) != hand_sizes[seat]:
        _fail(f"{path}.hand_sizes[{seat}]", f"is {hand_sizes[seat]}, but the hand holds {len(hand)} cards")
    for s, size in enumerate(hand_sizes):
        if size + played[s] != dealt:
            _fail(f"{path}.hand_sizes[{s}]", f"is {size}, but seat {s} has played {played[s]} of its {dealt} cards")


def _check_legal_cards(
    legal: tuple[Any, ...], hand: CardSet, trick: tuple[Card, ...], trump: Trump, rules: PlayRules, path: str
) -> None:
    """The PlayCard moves among an observation's legal moves must be the legal cards."""
    cards = CardSet(move.card for move in legal if isinstance(move, PlayCard))
    if not hand:
        return
    right = CardSet.from_bits(
        legal_bits(hand.bits, [c.index for c in trick], trump.value, rules.bauer_exception,
                   rules.undertrump is Undertrump.ALLOWED)
    )
    if cards != right:
        _fail(f"{path}.legal_moves", f"the cards in it are {cards or 'none'}, but the rules allow {right}")


def _only_moves(legal: tuple[Any, ...], classes: tuple[type, ...], path: str, why: str) -> None:
    for i, move in enumerate(legal):
        if not isinstance(move, classes):
            _fail(f"{path}.legal_moves[{i}]", f"{_short(move)} cannot be legal {why}")


def _view_may_move(view: Any, seat: int, path: str) -> bool:
    """Check an observation's legal moves against whose turn it is; True when ``seat``
    is to act (its legal moves, free of duplicates, then need checking)."""
    if view.to_act != seat:
        if view.legal_moves:
            _fail(f"{path}.legal_moves", f"seat {seat} is not to act, so it has no legal moves")
        return False
    _no_duplicates(view.legal_moves, path)
    return True


def _no_duplicates(legal: tuple[Any, ...], path: str) -> None:
    if len(set(legal)) != len(legal):
        _fail(f"{path}.legal_moves", "a move is there twice")


# --- core types -----------------------------------------------------------------------------------------

_SEAT4: Final = _Int(0, 3)
_SUIT_TEXT: Final = {suit: suit.name.lower() for suit in (Suit.EICHELN, Suit.ROSEN, Suit.SCHILTEN, Suit.SCHELLEN)}
_TRUMP_TEXT: Final = {
    mode: mode.name.lower()
    for mode in (Trump.EICHELN, Trump.ROSEN, Trump.SCHILTEN, Trump.SCHELLEN, Trump.OBENABE, Trump.UNDENUFE)
}
_TRUMP: Final = _Enum(_TRUMP_TEXT)
_SUIT_TRUMP: Final = _Enum({mode: text for mode, text in _TRUMP_TEXT.items() if mode.is_suit})
_CARD: Final = _CardCodec()
_HAND9: Final = _CardSetCodec(0, 9)
_DEALT9: Final = _CardSetCodec(9, 9)
_JACK_POINTS: Final = _Int(0, 1000)
_TRICK_POINTS: Final = _Int(0, 5000)


def _enum_values(cls: Any) -> _Enum:
    return _Enum({member: member.value for member in cls})


_value_kind("Card", Card, "card", _CARD)
_value_kind("CardSet", CardSet, "cards", _CardSetCodec())
_value_kind("Suit", Suit, "suit", _Enum(_SUIT_TEXT))
_value_kind("Rank", Rank, "rank", _Enum({rank: rank.code for rank in Rank}))
_value_kind("Trump", Trump, "trump", _TRUMP)

_attrs_kind(
    "PlayRules",
    PlayRules,
    {"bauer_exception": _Bool(), "undertrump": _enum_values(Undertrump)},
    defaults=True,
)
_attrs_kind(
    "WeisRules",
    WeisRules,
    {
        "sequence_points": _List(_Int(1, 10_000), 7, 7),
        "low_quartets": _Bool(),
        "cross_weis": _Bool(),
        "equal_weis_tiebreak": _enum_values(WeisTiebreak),
    },
    defaults=True,
)
_attrs_kind(
    "Weis",
    Weis,
    {"kind": _enum_values(WeisKind), "cards": _CardSetCodec(3, 9), "points": _Int(1, 10_000)},
    check=_check_weis,
)
_attrs_kind(
    "Trick",
    Trick,
    {"leader": _SEAT4, "cards": _CardsCodec(1, 4), "winner": _SEAT4, "points": _TRICK_POINTS},
)
def _build_card_play(values: dict[str, Any], path: str) -> CardPlay:
    try:
        setup = PlaySetup.of(values["trump"], len(values["hands"]), values["rules"], values["trump_jack_points"])
        return CardPlay.from_parts(setup, values["hands"], values["leader"], values["trick"], values["tricks"])
    except JassError as error:
        _fail(path, str(error))


_attrs_kind(
    "CardPlay",
    CardPlay,
    {
        "trump": _TRUMP,
        "hands": _List(_CardSetCodec(), 2, 4),
        "leader": _SEAT4,
        "trick": _CardsCodec(0, 3),
        "tricks": _List(_Obj("Trick"), 0, 18),
        "rules": _Obj("PlayRules"),
        "trump_jack_points": _JACK_POINTS,
    },
    check=_check_card_play,
    build=_build_card_play,
)
_attrs_kind("PlayCard", PlayCard, {"card": _CARD})


# --- Schieber ---------------------------------------------------------------------------------------------

_SCORE: Final = _Int(0, 10**9)


def _check_four_hands(hands: tuple[CardSet, ...], path: str) -> None:
    if _disjoint(hands, path) != FULL_DECK.bits:  # pragma: no cover - 4 x 9 disjoint cards are the deck
        _fail(path, "the four hands do not hold the 36 cards")


def _build_schieber_deal(values: dict[str, Any], path: str) -> Any:
    hands = values["hands"]
    if hands is not None:
        _check_four_hands(hands, f"{path}.hands")
    return schieber.Deal(hands)


def _check_schieber_score(score: schieber.RoundScore, path: str) -> None:
    if not score.trump.is_suit:
        for team in (0, 1):
            if score.teams[team].stoeck:
                _fail(f"{path}.teams[{team}].stoeck", f"there is no Stöck in {score.trump}")
    if score.teams[0].stoeck and score.teams[1].stoeck:
        _fail(f"{path}.teams", "only one team can hold the Stöck")
    if score.teams[0].weis and score.teams[1].weis:
        _fail(f"{path}.teams", "only the team with the best Weis scores Weis")
    if score.teams[0].multiplier != score.teams[1].multiplier:
        _fail(f"{path}.teams", "both teams have the round's multiplier")
    if score.teams[0].cards + score.teams[1].cards > 152:
        _fail(f"{path}.teams", "the cards of a round are worth 152 points in all")
    if score.teams[0].last_trick and score.teams[1].last_trick:
        _fail(f"{path}.teams", "only one team takes the last trick")


def _check_schieber_round(score: schieber.RoundScore, rules: schieber.Rules, path: str) -> None:
    """A finished round of the history (one that did not end the game)."""
    teams = score.teams
    if teams[0].multiplier != rules.multiplier(score.trump):
        _fail(f"{path}.teams[0].multiplier", f"is {teams[0].multiplier}, but the rules multiply "
              f"{score.trump} by {rules.multiplier(score.trump)}")
    if teams[0].cards + teams[1].cards != 152 or teams[0].last_trick + teams[1].last_trick != LAST_TRICK_BONUS:
        _fail(f"{path}.teams", "a finished round shares 152 card points and the last trick's 5")
    for team in (0, 1):
        match = teams[team].match
        if match not in (0, rules.match_bonus) or (match and (teams[1 - team].cards or not teams[team].last_trick)):
            _fail(f"{path}.teams[{team}].match", f"is {match}, which the cards taken do not give")
        if teams[team].stoeck not in (0, STOECK_POINTS):
            _fail(f"{path}.teams[{team}].stoeck", f"Stöck are worth {STOECK_POINTS}")


def _schieber_first_dealer(rules: schieber.Rules, seed: int) -> int:
    return rules.first_dealer if rules.first_dealer is not None else seeded_seat(seed, schieber.SEATS)


def _apply(variant: Any, state: Any, move: Any, path: str) -> Any:
    try:
        return variant.apply(state, move)
    except JassError as error:
        _fail(path, f"{move} is not legal here: {error}")


def _past_rounds(state: Any, first: int, seats: int, path: str) -> tuple[Any, ...]:
    """Check the dealer and the rounds written against the state's round number (every
    variant deals in turn and writes each round's score once it is over); return the
    scores of the rounds before the one in ``state``."""
    dealer = (first + state.round_number) % seats
    if state.dealer != dealer:
        _fail(f"{path}.dealer", f"is {state.dealer}, but round {state.round_number} of a game whose first "
              f"dealer is seat {first} is dealt by seat {dealer}")
    over = state.phase.name in ("ROUND_OVER", "GAME_OVER")
    if over and not state.history:
        _fail(f"{path}.history", "the round is over, so its score is in the history")
    before: tuple[Any, ...] = state.history[:-1] if over else state.history
    if len(before) != state.round_number:
        _fail(f"{path}.history", f"holds {len(state.history)} rounds, which does not fit round "
              f"{state.round_number} in phase {state.phase.value}")
    return before


def _check_schieber_state(state: schieber.State, path: str) -> None:
    rules = state.rules
    _check_four_hands(state.dealt, f"{path}.dealt")
    first = _schieber_first_dealer(rules, state.seed)
    before = _past_rounds(state, first, 4, path)
    scores = [0, 0]
    for i, score in enumerate(before):
        _check_schieber_round(score, rules, f"{path}.history[{i}]")
        scores[0] += score.totals[0]
        scores[1] += score.totals[1]
        if rules.target_score is not None and max(scores) >= rules.target_score:
            _fail(f"{path}.history[{i}]", f"a team reached the target {rules.target_score} in this round: "
                  "the game would have ended")
    if rules.rounds is not None and len(before) >= rules.rounds:
        _fail(f"{path}.round_number", f"the game has {rules.rounds} rounds")
    replay = schieber.State.create(
        rules=rules, seed=state.seed, round_number=state.round_number, dealer=state.dealer,
        phase=schieber.Phase.CHOOSE_TRUMP, dealt=state.dealt, scores=(scores[0], scores[1]), history=before,
    )
    for _ in range(state.pushed):
        replay = _apply(schieber, replay, schieber.Push(), f"{path}.pushed")
    if state.trump is not None:
        replay = _apply(schieber, replay, schieber.ChooseTrump(state.trump), f"{path}.trump")
    if state.play is not None and replay.phase is schieber.Phase.PLAY:

        def declare() -> None:
            nonlocal replay
            assert replay.play is not None
            seat = schieber.to_act(replay)
            if seat is None or replay.play.tricks:
                return
            weis = state.declared[seat]
            if weis is not None and replay.declared[seat] is None:
                replay = _apply(schieber, replay, schieber.DeclareWeis(weis), f"{path}.declared[{seat}]")

        for card, card_path in _cards_in_order(state.play, f"{path}.play"):
            if replay.phase is schieber.Phase.PLAY:
                declare()
            replay = _apply(schieber, replay, PlayCard(card), card_path)
        if replay.phase is schieber.Phase.PLAY:
            declare()
        if state.end in (schieber.GameEnd.CLAIM_CORRECT, schieber.GameEnd.CLAIM_WRONG):
            replay = _apply(schieber, replay, schieber.Announce(), f"{path}.end")
    _compare(state, replay, path, "replaying the round from its deal")


def _check_game_end(over: bool, winner: int | None, end: Any, path: str) -> None:
    if not over:
        if winner is not None or end is not None:
            _fail(f"{path}.winner" if winner is not None else f"{path}.end", "the game is not over")
        return
    if end is None:
        _fail(f"{path}.end", "the game is over: say why")
    if winner is None and end is not schieber.GameEnd.ROUNDS_PLAYED:
        _fail(f"{path}.winner", "the game is over: a team has won (only a game of rounds can be drawn)")


def _check_schieber_observation(view: schieber.Observation, path: str) -> None:
    rules = view.rules
    Phase = schieber.Phase
    seat = view.seat
    vorhand = (view.dealer + 1) % 4
    if view.phase is Phase.CHOOSE_TRUMP:
        if view.trump is not None or view.trick_leader is not None or view.tricks or view.trick:
            _fail(path, "no card is played and no trump known before trump is chosen")
        played, seen = [0] * 4, 0
        to_act: int | None = (vorhand + 2 * (view.pushed % 2)) % 4
    else:
        if view.trump is None or view.trick_leader is None:
            _fail(path, f"trump and the trick's leader are known in phase {view.phase.value}")
        if view.tricks and view.tricks[0].leader != vorhand:
            _fail(f"{path}.tricks[0].leader", f"Vorhand (seat {vorhand}) leads the first trick")
        if not view.tricks and view.trick_leader != vorhand:
            _fail(f"{path}.trick_leader", f"Vorhand (seat {vorhand}) leads the first trick")
        played, seen = _check_tricks(view.tricks, view.trick, view.trick_leader, view.trump, 4, 20, path)
        to_act = (view.trick_leader + len(view.trick)) % 4
        if view.phase is Phase.ROUND_OVER:
            to_act = vorhand
        elif view.phase is Phase.GAME_OVER:
            to_act = None
        if view.phase is Phase.PLAY and len(view.tricks) == 9:
            _fail(f"{path}.phase", "all nine tricks are played: the round is over")
        if view.phase is Phase.ROUND_OVER and len(view.tricks) != 9:
            _fail(f"{path}.phase", "the round is over only when all nine tricks are played")
    if view.to_act != to_act:
        _fail(f"{path}.to_act", f"is {_show(view.to_act)}, but in this position seat {_show(to_act)} is to act")
    _check_hand_view(view.hand, view.hand_sizes, seat, played, seen, 9, path)
    if view.pushed == 2 and not rules.allow_push_back:
        _fail(f"{path}.pushed", "pushing back is off (Rules.allow_push_back)")
    _check_game_end(view.phase is Phase.GAME_OVER, view.winner, view.end, path)
    totals = [sum(score.totals[team] for score in view.history) for team in (0, 1)]
    if list(view.scores) != totals:
        _fail(f"{path}.scores", f"is {list(view.scores)}, but the history adds up to {totals}")
    if view.own_weis is not None and sum(w.points for w in view.own_weis) != view.declared_points[seat]:
        _fail(f"{path}.declared_points[{seat}]", "is not the sum of this seat's own Weis")
    if view.stoeck_team is not None and (view.trump is None or not view.trump.is_suit):
        _fail(f"{path}.stoeck_team", "Stöck are only in a trump suit")
    if not _view_may_move(view, seat, path):
        return
    if view.phase is Phase.CHOOSE_TRUMP:
        _only_moves(view.legal_moves, (schieber.ChooseTrump, schieber.Push), path, "while trump is chosen")
    elif view.phase is Phase.ROUND_OVER:
        _only_moves(view.legal_moves, (schieber.Deal,), path, "between rounds")
    else:
        assert view.trump is not None
        _only_moves(view.legal_moves, (PlayCard, schieber.DeclareWeis, schieber.Announce), path, "in play")
        _check_legal_cards(view.legal_moves, view.hand, view.trick, view.trump, rules.play, path)


_attrs_kind(
    "schieber.Rules",
    schieber.Rules,
    {
        "target_score": _Opt(_Int(1, 1_000_000)),
        "rounds": _Opt(_Int(1, 1_000_000)),
        "end_mode": _enum_values(schieber.EndMode),
        "multipliers": _List(_Int(1, 100), 6, 6),
        "allow_push_back": _Bool(),
        "match_bonus": _Int(0, 10_000),
        "auto_declare": _Bool(),
        "first_dealer": _Opt(_SEAT4),
        "weis": _Obj("WeisRules"),
        "play": _Obj("PlayRules"),
    },
    defaults=True,
)
_attrs_kind("schieber.ChooseTrump", schieber.ChooseTrump, {"trump": _TRUMP})
_attrs_kind("schieber.Push", schieber.Push, {})
_attrs_kind("schieber.DeclareWeis", schieber.DeclareWeis, {"weis": _List(_Obj("Weis"), 1, 16)})
_attrs_kind("schieber.Announce", schieber.Announce, {})
_attrs_kind(
    "schieber.Deal", schieber.Deal, {"hands": _Opt(_List(_DEALT9, 4, 4))}, build=_build_schieber_deal
)
_attrs_kind(
    "schieber.TeamScore",
    schieber.TeamScore,
    {
        "cards": _Int(0, 152),
        "last_trick": _Int(0, 5, (0, LAST_TRICK_BONUS)),
        "match": _Int(0, 10_000),
        "weis": _Int(0, 1_000_000),
        "stoeck": _Int(0, 20, (0, STOECK_POINTS)),
        "multiplier": _Int(1, 100),
    },
)
_attrs_kind(
    "schieber.RoundScore",
    schieber.RoundScore,
    {"trump": _TRUMP, "teams": _List(_Obj("schieber.TeamScore"), 2, 2)},
    check=_check_schieber_score,
)
_SCHIEBER_MOVES: Final = (
    "schieber.ChooseTrump", "schieber.Push", "schieber.DeclareWeis", "PlayCard", "schieber.Announce", "schieber.Deal",
)
_SCHIEBER_STATE_CODECS: Final[dict[str, _Codec]] = {
    "rules": _Obj("schieber.Rules"),
    "seed": _Int(-SEED_LIMIT + 1, SEED_LIMIT - 1),
    "round_number": _Int(0, MAX_ROUNDS),
    "dealer": _SEAT4,
    "phase": _enum_values(schieber.Phase),
    "dealt": _List(_DEALT9, 4, 4),
    "scores": _List(_SCORE, 2, 2),
    "pushed": _Int(0, 2),
    "trump": _Opt(_TRUMP),
    "play": _Opt(_Obj("CardPlay", check=False)),
    "declared": _List(_Opt(_List(_Obj("Weis"), 1, 16)), 4, 4),
    "history": _List(_Obj("schieber.RoundScore"), 0, MAX_ROUNDS),
    "winner": _Opt(_Int(0, 1)),
    "end": _Opt(_enum_values(schieber.GameEnd)),
}


_state_kinds("schieber", schieber.State, schieber.Setting, _SCHIEBER_STATE_CODECS, _check_schieber_state)
_attrs_kind(
    "schieber.Observation",
    schieber.Observation,
    {
        "seat": _SEAT4,
        "rules": _Obj("schieber.Rules"),
        "phase": _enum_values(schieber.Phase),
        "round_number": _Int(0, MAX_ROUNDS),
        "dealer": _SEAT4,
        "to_act": _Opt(_SEAT4),
        "hand": _HAND9,
        "hand_sizes": _List(_Int(0, 9), 4, 4),
        "trump": _Opt(_TRUMP),
        "pushed": _Int(0, 2),
        "trick": _CardsCodec(0, 3),
        "trick_leader": _Opt(_SEAT4),
        "tricks": _List(_Obj("Trick"), 0, 9),
        "declared_points": _List(_Opt(_Int(0, 1_000_000)), 4, 4),
        "own_weis": _Opt(_List(_Obj("Weis"), 0, 16)),
        "shown_weis": _List(_List(_Obj("Weis"), 0, 16), 4, 4),
        "stoeck_team": _Opt(_Int(0, 1)),
        "scores": _List(_SCORE, 2, 2),
        "round_points": _List(_SCORE, 2, 2),
        "history": _List(_Obj("schieber.RoundScore"), 0, MAX_ROUNDS),
        "winner": _Opt(_Int(0, 1)),
        "end": _Opt(_enum_values(schieber.GameEnd)),
        "legal_moves": _List(_Obj(*_SCHIEBER_MOVES), 0, 400),
    },
    check=_check_schieber_observation,
)


# --- Differenzler ------------------------------------------------------------------------------------------

_PENALTY: Final = _Int(-(10**9), 10**9)


def _check_differenzler_score(score: differenzler.RoundScore, path: str) -> None:
    if sum(score.tricks_won) > 9:
        _fail(f"{path}.tricks_won", "a round has nine tricks")
    if sum(score.points) > differenzler.MAX_PREDICTION:
        _fail(f"{path}.points", f"a round has {differenzler.MAX_PREDICTION} points")
    if score.penalties is None:
        return
    if sum(score.tricks_won) != 9 or sum(score.points) != differenzler.MAX_PREDICTION:
        _fail(path, "a round with penalties is finished: nine tricks and 157 points taken")
    for seat, (points, prediction, penalty) in enumerate(zip(score.points, score.predictions, score.penalties)):
        if prediction is None:
            _fail(f"{path}.predictions[{seat}]", "every seat predicts before the cards are played")
        difference = abs(points - prediction)
        if penalty != difference and not (difference == 0 and penalty <= 0):
            _fail(f"{path}.penalties[{seat}]", f"is {penalty}, but the prediction {prediction} and the "
                  f"points {points} give {difference}")


def _differenzler_first_dealer(rules: differenzler.Rules, seed: int) -> int:
    return rules.first_dealer if rules.first_dealer is not None else seeded_seat(seed, differenzler.SEATS)


def _check_differenzler_history(
    history: tuple[differenzler.RoundScore, ...], rules: differenzler.Rules, first: int, path: str
) -> tuple[int, ...]:
    """Finished rounds that did not end the game; returns the penalty totals after them."""
    totals = [0, 0, 0, 0]
    for i, score in enumerate(history):
        rpath = f"{path}[{i}]"
        if score.round_number != i:
            _fail(f"{rpath}.round_number", f"is {score.round_number}, but it is round {i} of the history")
        if score.dealer != (first + i) % 4:
            _fail(f"{rpath}.dealer", f"round {i} is dealt by seat {(first + i) % 4}")
        if score.penalties is None:
            _fail(f"{rpath}.penalties", "a round of the history is finished and has penalties")
        for seat in range(4):
            prediction = score.predictions[seat]
            assert prediction is not None  # checked with the score
            right = differenzler._penalty(rules, score.points[seat], prediction, score.tricks_won[seat])
            if score.penalties[seat] != right:
                _fail(f"{rpath}.penalties[{seat}]", f"is {score.penalties[seat]}, but the rules give {right}")
            totals[seat] += right
        if i + 1 >= rules.rounds and totals.count(min(totals)) == 1:
            _fail(rpath, f"after this round seat {totals.index(min(totals))} alone has the lowest total: "
                  "the game would have ended")
    return tuple(totals)


def _check_differenzler_state(state: differenzler.State, path: str) -> None:
    rules = state.rules
    Phase = differenzler.Phase
    first = _differenzler_first_dealer(rules, state.seed)
    before = _past_rounds(state, first, 4, path)
    if len(state.play.hands) != 4:
        _fail(f"{path}.play.hands", "Differenzler has four players")
    dealt = _dealt_from_play(state.play, f"{path}.play")
    if len(dealt[0]) != 9:
        _fail(f"{path}.play", "Differenzler deals nine cards to each player")
    if state.face_up not in dealt[state.dealer]:
        _fail(f"{path}.face_up", f"the face-up card is the dealer's (seat {state.dealer}), who was dealt "
              f"{dealt[state.dealer]}")
    totals = _check_differenzler_history(before, rules, first, f"{path}.history")
    vorhand = (state.dealer + 1) % 4
    try:
        play = CardPlay.start(Trump(state.face_up.suit.value), dealt, vorhand, rules.play)
    except JassError as error:  # pragma: no cover - the deal is checked above
        _fail(f"{path}.play", str(error))
    replay = differenzler.State.create(
        rules, state.seed, state.round_number, state.dealer, Phase.PREDICT, state.face_up, play,
        penalties=totals, history=before,
    )
    for i in range(4):
        seat = (vorhand + i) % 4
        prediction = state.predictions[seat]
        if prediction is None:
            break
        replay = _apply(differenzler, replay, differenzler.Predict(prediction), f"{path}.predictions[{seat}]")
    for card, card_path in _cards_in_order(state.play, f"{path}.play"):
        replay = _apply(differenzler, replay, PlayCard(card), card_path)
    _compare(state, replay, path, "replaying the round from its deal")


def _check_differenzler_observation(view: differenzler.Observation, path: str) -> None:
    Phase = differenzler.Phase
    seat = view.seat
    vorhand = (view.dealer + 1) % 4
    if view.trump.value != view.face_up.suit:
        _fail(f"{path}.trump", f"the face-up card {view.face_up} fixes trump")
    if view.tricks and view.tricks[0].leader != vorhand or not view.tricks and view.trick_leader != vorhand:
        _fail(f"{path}.tricks", f"Vorhand (seat {vorhand}) leads the first trick")
    played, seen = _check_tricks(view.tricks, view.trick, view.trick_leader, view.trump, 4, 20, path)
    _check_hand_view(view.hand, view.hand_sizes, seat, played, seen, 9, path)
    if view.face_up.bit & seen:
        for trick in view.tricks + (Trick(view.trick_leader, view.trick, 0, 0),):
            if view.face_up in trick.cards and trick.played_by(view.dealer, 4) is not view.face_up:
                _fail(f"{path}.face_up", f"the face-up card is the dealer's (seat {view.dealer}); someone else played it")
    elif (view.face_up in view.hand) != (seat == view.dealer):
        _fail(f"{path}.face_up", f"the face-up card is in the dealer's hand (seat {view.dealer})")
    made = sum(view.predicted)
    for i in range(4):
        if view.predicted[(vorhand + i) % 4] != (i < made):
            _fail(f"{path}.predicted", "the players predict in turn, from Vorhand round to the dealer")
    for s in range(4):
        if view.predictions[s] is not None and not view.predicted[s]:
            _fail(f"{path}.predictions[{s}]", "a prediction is shown, but the seat has not predicted")
    if view.predicted[seat] and view.predictions[seat] is None:
        _fail(f"{path}.predictions[{seat}]", "a player sees their own prediction")
    to_act: int | None
    if view.phase is Phase.PREDICT:
        if made == 4 or seen:
            _fail(f"{path}.phase", "the players predict before any card is played, and only until all have")
        to_act = (vorhand + made) % 4
    else:
        if made != 4:
            _fail(f"{path}.predicted", "every player has predicted before the cards are played")
        done = len(view.tricks) == 9
        if done != (view.phase is not Phase.PLAY):
            _fail(f"{path}.phase", "the round is over when, and only when, all nine tricks are played")
        to_act = {Phase.PLAY: (view.trick_leader + len(view.trick)) % 4, Phase.ROUND_OVER: vorhand}.get(view.phase)
    if view.to_act != to_act:
        _fail(f"{path}.to_act", f"is {_show(view.to_act)}, but in this position seat {_show(to_act)} is to act")
    points = [0, 0, 0, 0]
    for trick in view.tricks:
        points[trick.winner] += trick.points
    if len(view.tricks) == 9:
        points[view.tricks[-1].winner] += LAST_TRICK_BONUS
    if list(view.points) != points:
        _fail(f"{path}.points", f"is {list(view.points)}, but the tricks give {points}")
    totals = [sum((score.penalties or (0, 0, 0, 0))[s] for score in view.history) for s in range(4)]
    if list(view.penalties) != totals:
        _fail(f"{path}.penalties", f"is {list(view.penalties)}, but the history adds up to {totals}")
    if (view.winner is not None) != (view.phase is Phase.GAME_OVER):
        _fail(f"{path}.winner", "a winner is known once the game is over, and only then")
    if not _view_may_move(view, seat, path):
        return
    if view.phase is Phase.PREDICT:
        _only_moves(view.legal_moves, (differenzler.Predict,), path, "while predicting")
    elif view.phase is Phase.ROUND_OVER:
        _only_moves(view.legal_moves, (differenzler.Deal,), path, "between rounds")
    else:
        _only_moves(view.legal_moves, (PlayCard,), path, "in play")
        # The observation does not hold the rules: the cards must be legal by one of the
        # card-play options.
        errors = []
        for bauer in (True, False):
            for undertrump in Undertrump:
                try:
                    _check_legal_cards(
                        view.legal_moves, view.hand, view.trick, view.trump, PlayRules(bauer, undertrump), path
                    )
                    return
                except SerialError as error:
                    errors.append(error)
        raise errors[0]


_attrs_kind(
    "differenzler.Rules",
    differenzler.Rules,
    {
        "rounds": _Int(1, 1_000_000),
        "prediction_mode": _enum_values(differenzler.PredictionMode),
        "exact_bonus": _Int(0, 1_000),
        "zero_prediction_bonus": _enum_values(differenzler.ZeroBonus),
        "first_dealer": _Opt(_SEAT4),
        "play": _Obj("PlayRules"),
    },
    defaults=True,
)
_PREDICTION: Final = _Int(0, differenzler.MAX_PREDICTION)
_attrs_kind("differenzler.Predict", differenzler.Predict, {"points": _PREDICTION})
_attrs_kind(
    "differenzler.Deal", differenzler.Deal, {"hands": _Opt(_List(_DEALT9, 4, 4)), "face_up": _Opt(_CARD)}
)
_attrs_kind(
    "differenzler.RoundScore",
    differenzler.RoundScore,
    {
        "round_number": _Int(0, MAX_ROUNDS),
        "dealer": _SEAT4,
        "trump": _SUIT_TRUMP,
        "points": _List(_PREDICTION, 4, 4),
        "tricks_won": _List(_Int(0, 9), 4, 4),
        "predictions": _List(_Opt(_PREDICTION), 4, 4),
        "penalties": _Opt(_List(_Int(-1_000, differenzler.MAX_PREDICTION), 4, 4)),
    },
    check=_check_differenzler_score,
)
_state_kinds(
    "differenzler",
    differenzler.State,
    differenzler.Setting,
    {
        "rules": _Obj("differenzler.Rules"),
        "seed": _Int(-SEED_LIMIT + 1, SEED_LIMIT - 1),
        "round_number": _Int(0, MAX_ROUNDS),
        "dealer": _SEAT4,
        "phase": _enum_values(differenzler.Phase),
        "face_up": _CARD,
        "play": _Obj("CardPlay", check=False),
        "predictions": _List(_Opt(_PREDICTION), 4, 4),
        "penalties": _List(_PENALTY, 4, 4),
        "history": _List(_Obj("differenzler.RoundScore"), 0, MAX_ROUNDS),
        "winner": _Opt(_SEAT4),
    },
    _check_differenzler_state,
)
_attrs_kind(
    "differenzler.Observation",
    differenzler.Observation,
    {
        "seat": _SEAT4,
        "phase": _enum_values(differenzler.Phase),
        "round_number": _Int(0, MAX_ROUNDS),
        "dealer": _SEAT4,
        "to_act": _Opt(_SEAT4),
        "hand": _HAND9,
        "hand_sizes": _List(_Int(0, 9), 4, 4),
        "face_up": _CARD,
        "trump": _SUIT_TRUMP,
        "trick": _CardsCodec(0, 3),
        "trick_leader": _SEAT4,
        "tricks": _List(_Obj("Trick"), 0, 9),
        "predicted": _List(_Bool(), 4, 4),
        "predictions": _List(_Opt(_PREDICTION), 4, 4),
        "points": _List(_PREDICTION, 4, 4),
        "penalties": _List(_PENALTY, 4, 4),
        "history": _List(_Obj("differenzler.RoundScore"), 0, MAX_ROUNDS),
        "winner": _Opt(_SEAT4),
        "legal_moves": _List(_Obj("differenzler.Predict", "PlayCard", "differenzler.Deal"), 0, 200),
    },
    check=_check_differenzler_observation,
)


# --- two-player Jass (la pomme) -----------------------------------------------------------------------

_SEAT2: Final = _Int(0, 1)
_POMME_POINTS: Final = _Int(0, 2_500)


def _check_pomme_score(score: pomme.RoundScore, path: str) -> None:
    for s in (0, 1):
        if score.totals[s] != score.card_points[s] + score.last_trick[s]:
            _fail(f"{path}.totals[{s}]", "is the card points plus the last trick's")
        if score.game_points[s] != score.won[s] - score.pommes[s]:
            _fail(f"{path}.game_points[{s}]", "is +1 for the round won, -1 for a pomme")
        if score.won[s] and score.totals[s] <= score.totals[1 - s]:
            _fail(f"{path}.won[{s}]", "the player with the higher total wins the round")
    if not score.complete:
        if any(score.last_trick) or any(score.won) or any(score.pommes):
            _fail(path, "a round in play has no last trick, no winner and no pomme yet")
    elif sorted(score.last_trick) != [0, LAST_TRICK_BONUS]:
        _fail(f"{path}.last_trick", "one player took the last trick")


def _pomme_first_dealer(rules: pomme.Rules, seed: int) -> int:
    return rules.first_dealer if rules.first_dealer is not None else seeded_seat(seed, pomme.SEATS)


def _check_pomme_history(
    history: tuple[pomme.RoundScore, ...], rules: pomme.Rules, path: str
) -> tuple[tuple[int, int], tuple[int, int]]:
    """Finished rounds that did not end the game; returns the scores and pommes after them."""
    scores = [0, 0]
    pommes = [0, 0]
    for i, score in enumerate(history):
        rpath = f"{path}[{i}]"
        if not score.complete:
            _fail(f"{rpath}.complete", "a round of the history is finished")
        under = (score.totals[0] < rules.pomme_threshold, score.totals[1] < rules.pomme_threshold)
        if under[0] and under[1] and rules.both_pommes_cancel:
            won, lost = (0, 0), (False, False)
        else:
            won = (int(score.totals[0] > score.totals[1]), int(score.totals[1] > score.totals[0]))
            lost = under
        if score.won != won or score.pommes != lost:
            _fail(rpath, f"the totals {list(score.totals)} give won={list(won)} and pommes={list(lost)} by the rules")
        for s in (0, 1):
            scores[s] += score.game_points[s]
            pommes[s] += score.pommes[s]
        ended = max(scores) >= rules.target_points or rules.three_pommes_lose and any(
            pommes[s] >= 3 and pommes[s] > pommes[1 - s] for s in (0, 1)
        )
        if ended:
            _fail(rpath, "after this round the game was over")
    return (scores[0], scores[1]), (pommes[0], pommes[1])


def _check_pomme_state(state: pomme.State, path: str) -> None:
    rules = state.rules
    Phase = pomme.Phase
    first = _pomme_first_dealer(rules, state.seed)
    before = _past_rounds(state, first, 2, path)
    scores, pommes = _check_pomme_history(before, rules, f"{path}.history")
    dealer, non_dealer = state.dealer, 1 - state.dealer
    exchanges, swaps = state.exchanges, state.swaps
    if state.phase is Phase.EXCHANGE:
        if exchanges[dealer] is not None:
            _fail(f"{path}.exchanges[{dealer}]", "the non-dealer decides first; after the dealer, the exchange is over")
        if swaps != (None, None):
            _fail(f"{path}.swaps", "the trump 6 is swapped after the exchange")
    elif None in exchanges:
        _fail(f"{path}.exchanges", "both players decide on the exchange first")
    for s in (0, 1):
        if len(state.extras[s]) != (3 if exchanges[s] is None else 0):
            _fail(f"{path}.extras[{s}]", "a player holds 3 extras until deciding on the exchange, then none")
    six_turned = state.turned.rank == Rank.SIX
    if state.phase is Phase.SWAP_TRUMP_SIX:
        if six_turned:
            _fail(f"{path}.phase", "the turned card is the trump 6: there is nothing to swap")
        if swaps[non_dealer] is True or swaps[dealer] is not None:
            _fail(f"{path}.swaps", "the non-dealer is asked first; a swap, or the dealer's answer, starts play")
    elif state.phase is not Phase.EXCHANGE:
        if six_turned:
            right = swaps == (None, None)
        else:
            right = swaps[non_dealer] is not None and (swaps[dealer] is None) == (swaps[non_dealer] is True)
        if not right:
            _fail(f"{path}.swaps", "the trump 6 is offered to the non-dealer, then (without a swap) to the dealer")
    swapper = state.swapped_by
    if swapper is not None and state.turned not in state.hands[swapper]:
        _fail(f"{path}.hands[{swapper}]", f"the player who swapped the trump 6 holds the turned card {state.turned}")
    seen = 0
    for zone_path, cards in (
        (f"{path}.hands[0]", state.hands[0]), (f"{path}.hands[1]", state.hands[1]),
        (f"{path}.extras[0]", state.extras[0]), (f"{path}.extras[1]", state.extras[1]),
        (f"{path}.talon", state.talon), (f"{path}.turned", CardSet([state.top_card])),
    ):
        if seen & cards.bits:
            _fail(zone_path, f"{CardSet.from_bits(seen & cards.bits)} is also elsewhere")
        seen |= cards.bits
    if state.phase in (Phase.EXCHANGE, Phase.SWAP_TRUMP_SIX):
        if state.play is not None or state.winner is not None:
            _fail(f"{path}.play", "no card is played before the exchange and the trump 6 are settled")
        if state.scores != scores or state.pommes != pommes:
            _fail(f"{path}.scores", f"the history gives scores {list(scores)} and pommes {list(pommes)}")
        return
    if state.play is None:
        _fail(f"{path}.play", f"the cards are in play in phase {state.phase.value}")
    try:
        play = CardPlay.start(state.trump, state.hands, non_dealer, rules.play_rules, rules.trump_jack_points)
    except JassError as error:  # pragma: no cover - the hands are checked above
        _fail(f"{path}.hands", str(error))
    replay = pomme.State.create(
        rules, state.seed, state.round_number, dealer, Phase.PLAY, state.hands, (CardSet(), CardSet()),
        state.talon, state.turned, exchanges, swaps, play, scores, pommes, before, None,
    )
    for card, card_path in _cards_in_order(state.play, f"{path}.play"):
        replay = _apply(pomme, replay, PlayCard(card), card_path)
    _compare(state, replay, path, "replaying the round from the start of play")


def _check_pomme_observation(view: pomme.Observation, path: str) -> None:
    Phase = pomme.Phase
    rules = view.rules
    seat, dealer = view.seat, view.dealer
    non_dealer = 1 - dealer
    if view.trump.value != view.turned.suit:
        _fail(f"{path}.trump", f"the turned card {view.turned} fixes trump")
    six = Card.of(view.turned.suit, Rank.SIX)
    if view.swapped_by is not None and view.turned is six:
        _fail(f"{path}.swapped_by", "the turned card is the trump 6: nobody swaps")
    if view.top_card is not (six if view.swapped_by is not None else view.turned):
        _fail(f"{path}.top_card", "the top card is the turned card, or the trump 6 after a swap")
    if view.top_card in view.hand:
        _fail(f"{path}.hand", f"the top card {view.top_card} is on the talon")
    exchanges = view.exchanges
    if view.phase is Phase.EXCHANGE:
        if exchanges[dealer] is not None:
            _fail(f"{path}.exchanges[{dealer}]", "the non-dealer decides first; after the dealer, the exchange is over")
    elif None in exchanges:
        _fail(f"{path}.exchanges", "both players decide on the exchange first")
    to_act: int | None
    if view.phase in (Phase.EXCHANGE, Phase.SWAP_TRUMP_SIX):
        if view.tricks or view.trick or view.trick_leader is not None or any(view.round_points):
            _fail(path, "no card is played before the exchange and the trump 6 are settled")
        if view.swapped_by is not None:
            _fail(f"{path}.swapped_by", "a swap of the trump 6 starts play")
        played, seen = [0, 0], 0
        if view.phase is Phase.EXCHANGE:
            to_act = non_dealer if exchanges[non_dealer] is None else dealer
        else:
            if view.turned is six:
                _fail(f"{path}.phase", "the turned card is the trump 6: there is nothing to swap")
            to_act = view.to_act if view.to_act in (0, 1) else non_dealer
    else:
        if view.trick_leader is None:
            _fail(f"{path}.trick_leader", "the cards are in play")
        if view.tricks and view.tricks[0].leader != non_dealer or not view.tricks and view.trick_leader != non_dealer:
            _fail(f"{path}.tricks", f"the non-dealer (seat {non_dealer}) leads the first trick")
        played, seen = _check_tricks(
            view.tricks, view.trick, view.trick_leader, view.trump, 2, rules.trump_jack_points, path
        )
        if view.top_card.bit & seen:
            _fail(f"{path}.top_card", "the top card of the talon is not played")
        done = len(view.tricks) == 9
        if done != (view.phase is not Phase.PLAY):
            _fail(f"{path}.phase", "the round is over when, and only when, all nine tricks are played")
        to_act = {Phase.PLAY: (view.trick_leader + len(view.trick)) % 2, Phase.ROUND_OVER: non_dealer}.get(view.phase)
        points = [0, 0]
        for trick in view.tricks:
            points[trick.winner] += trick.points
        if done:
            points[view.tricks[-1].winner] += LAST_TRICK_BONUS
        if list(view.round_points) != points:
            _fail(f"{path}.round_points", f"is {list(view.round_points)}, but the tricks give {points}")
    if view.to_act != to_act:
        _fail(f"{path}.to_act", f"is {_show(view.to_act)}, but in this position seat {_show(to_act)} is to act")
    _check_hand_view(view.hand, view.hand_sizes, seat, played, seen, 9, path)
    for name, values in (("scores", view.scores), ("pommes", view.pommes)):
        totals = [sum(int(getattr(score, "game_points" if name == "scores" else "pommes")[s]) for score in view.history)
                  for s in (0, 1)]
        if list(values) != totals:
            _fail(f"{path}.{name}", f"is {list(values)}, but the history adds up to {totals}")
    if (view.winner is not None) != (view.phase is Phase.GAME_OVER):
        _fail(f"{path}.winner", "a winner is known once the game is over, and only then")
    if not _view_may_move(view, seat, path):
        return
    if view.phase is Phase.EXCHANGE:
        _only_moves(view.legal_moves, (pomme.KeepHand, pomme.Exchange), path, "in the exchange")
        for i, move in enumerate(view.legal_moves):
            if isinstance(move, pomme.Exchange) and not move.cards <= view.hand:
                _fail(f"{path}.legal_moves[{i}]", "a player exchanges cards of their own hand")
    elif view.phase is Phase.SWAP_TRUMP_SIX:
        _only_moves(view.legal_moves, (pomme.SwapTrumpSix, pomme.DeclineSwap), path, "when the trump 6 is offered")
        if pomme.SwapTrumpSix() in view.legal_moves and six not in view.hand:
            _fail(f"{path}.legal_moves", f"only the holder of the trump 6 ({six}) may swap it")
    elif view.phase is Phase.ROUND_OVER:
        _only_moves(view.legal_moves, (pomme.Deal,), path, "between rounds")
    else:
        _only_moves(view.legal_moves, (PlayCard,), path, "in play")
        _check_legal_cards(view.legal_moves, view.hand, view.trick, view.trump, rules.play_rules, path)


_attrs_kind(
    "pomme.Rules",
    pomme.Rules,
    {
        "trump_jack_points": _JACK_POINTS,
        "target_points": _Int(1, 1000),
        "three_pommes_lose": _Bool(),
        "pomme_threshold": _Int(0, 1000),
        "both_pommes_cancel": _Bool(),
        "bauer_exception": _Bool(),
        "first_dealer": _Opt(_SEAT2),
    },
    defaults=True,
)
_attrs_kind("pomme.KeepHand", pomme.KeepHand, {})
_attrs_kind("pomme.Exchange", pomme.Exchange, {"cards": _CardSetCodec(3, 3)})
_attrs_kind("pomme.SwapTrumpSix", pomme.SwapTrumpSix, {})
_attrs_kind("pomme.DeclineSwap", pomme.DeclineSwap, {})
_attrs_kind("pomme.Deal", pomme.Deal, {"order": _Opt(_CardsCodec(36, 36))})
_attrs_kind(
    "pomme.RoundScore",
    pomme.RoundScore,
    {
        "card_points": _List(_POMME_POINTS, 2, 2),
        "last_trick": _List(_Int(0, 5, (0, LAST_TRICK_BONUS)), 2, 2),
        "totals": _List(_POMME_POINTS, 2, 2),
        "won": _List(_Int(0, 1), 2, 2),
        "pommes": _List(_Bool(), 2, 2),
        "game_points": _List(_Int(-1, 1), 2, 2),
        "complete": _Bool(),
    },
    check=_check_pomme_score,
)
_POMME_SCORE: Final = _Int(-(10**6), 10**6)
_state_kinds(
    "pomme",
    pomme.State,
    pomme.Setting,
    {
        "rules": _Obj("pomme.Rules"),
        "seed": _Int(-SEED_LIMIT + 1, SEED_LIMIT - 1),
        "round_number": _Int(0, MAX_ROUNDS),
        "dealer": _SEAT2,
        "phase": _enum_values(pomme.Phase),
        "hands": _List(_CardSetCodec(9, 9), 2, 2),
        "extras": _List(_CardSetCodec(0, 3), 2, 2),
        "talon": _CardSetCodec(11, 11),
        "turned": _CARD,
        "exchanges": _List(_Opt(_Bool()), 2, 2),
        "swaps": _List(_Opt(_Bool()), 2, 2),
        "play": _Opt(_Obj("CardPlay", check=False)),
        "scores": _List(_POMME_SCORE, 2, 2),
        "pommes": _List(_Int(0, 10**6), 2, 2),
        "history": _List(_Obj("pomme.RoundScore"), 0, MAX_ROUNDS),
        "winner": _Opt(_SEAT2),
    },
    _check_pomme_state,
)
_attrs_kind(
    "pomme.Observation",
    pomme.Observation,
    {
        "seat": _SEAT2,
        "rules": _Obj("pomme.Rules"),
        "phase": _enum_values(pomme.Phase),
        "round_number": _Int(0, MAX_ROUNDS),
        "dealer": _SEAT2,
        "to_act": _Opt(_SEAT2),
        "hand": _HAND9,
        "hand_sizes": _List(_Int(0, 9), 2, 2),
        "trump": _SUIT_TRUMP,
        "turned": _CARD,
        "top_card": _CARD,
        "exchanges": _List(_Opt(_Bool()), 2, 2),
        "swapped_by": _Opt(_SEAT2),
        "trick": _CardsCodec(0, 1),
        "trick_leader": _Opt(_SEAT2),
        "tricks": _List(_Obj("Trick"), 0, 9),
        "round_points": _List(_POMME_POINTS, 2, 2),
        "scores": _List(_POMME_SCORE, 2, 2),
        "pommes": _List(_Int(0, 10**6), 2, 2),
        "history": _List(_Obj("pomme.RoundScore"), 0, MAX_ROUNDS),
        "winner": _Opt(_SEAT2),
        "legal_moves": _List(
            _Obj("pomme.KeepHand", "pomme.Exchange", "pomme.SwapTrumpSix", "pomme.DeclineSwap", "PlayCard",
                 "pomme.Deal"),
            0, 100,
        ),
    },
    check=_check_pomme_observation,
)
