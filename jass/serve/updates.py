"""What ``jass serve`` writes of an observation for a page: the observation itself as ``jass/1``
JSON, the facts in words (:func:`describe`), and the seat's legal moves with their words.

After every move each seat is sent a whole picture of the table, and most of it is the same
for every seat and the same as before the move (the rules, the tricks taken, the scores). So
:class:`UpdateWriter` keeps the JSON of the values it wrote last for each field, and writes
again only a field whose value changed: the JSON is the same, character for character, as
``json.dumps(serial.to_dict(view))`` with compact separators, at a fraction of the cost.

>>> import json
>>> from jass import schieber, serial
>>> writer = UpdateWriter(schieber.VARIANT)
>>> state = schieber.new_game(seed=1)
>>> views = [schieber.observe(state, seat) for seat in range(4)]
>>> [json.loads(writer.observation(view)) == serial.to_dict(view) for view in views]
[True, True, True, True]
"""

from __future__ import annotations

import enum
import functools
import json
import operator
import types
import typing
from collections.abc import Callable, Iterable, Sequence
from typing import Any, Final

import attrs

from jass import serial
from jass.cards import Card, CardSet
from jass.faces import FACES, Faces
from jass.trump import ROUND_MODE_TYPES, Trump
from jass.variant import AnyVariant
from jass.weis import Weis

__all__ = ["DRAWN", "LABELS", "describe", "UpdateWriter", "dumps"]

#: Fields of an observation the page draws itself (cards, seats, whose turn); every other
#: field is a fact in words (:func:`describe`).
DRAWN: Final = frozenset({
    "seat", "to_act", "dealer", "hand", "hand_sizes", "trick", "trick_leader", "tricks", "legal_moves",
    "rules", "history", "phase", "round_number",
})
#: Words for some fields; any other field is written by its name.
LABELS: Final = {
    "declared_points": "Weis declared", "shown_weis": "Weis shown", "own_weis": "your Weis",
    "stoeck_team": "Stöck", "round_points": "this round", "face_up": "face-up card",
    "top_card": "on the talon", "turned": "turned card", "swapped_by": "trump 6 swapped by", "calls": "auction",
}
#: The parts of the facts (:func:`describe`): of the table, of each team, of each seat.
PARTS: Final = ("table", "teams", "seats")

#: JSON text of JSON types, compact, as the messages are written (UTF-8 as it is).
dumps: Final[Callable[[Any], str]] = json.JSONEncoder(ensure_ascii=False, separators=(",", ":")).encode

Fact = tuple[str, dict[str, Any]]
#: The teams of a table, each a tuple of its seats.
Seating = tuple[tuple[int, ...], ...]


def describe(view: Any, variant: AnyVariant, faces: Faces = FACES) -> dict[str, list[dict[str, Any]]]:
    """What a page writes of an observation besides what it draws (:data:`DRAWN`), in words,
    its cards as ``faces`` show them: facts of the ``table`` (``{"field", "label", "value"}``),
    of each team and of each seat (``{"field", "label", "values"}``, one value per team or
    seat). Built from the observation alone, so it shows nothing the observation does not;
    fields that hold nothing yet (``None``, a count of 0, empty) are left out. What the round
    counts (the variant's :attr:`~jass.variant.TableText.multiplier`) comes first.

    >>> from jass import schieber
    >>> state = schieber.apply(schieber.new_game(seed=1), schieber.ChooseTrump("rosen"))
    >>> facts = describe(schieber.observe(state, 0), schieber.VARIANT)
    >>> facts["table"]
    [{'field': 'multiplier', 'label': 'the round counts', 'value': '×1'}, {'field': 'trump', 'label': 'trump', 'value': 'Rosen ♠'}]
    >>> facts["teams"][0]
    {'field': 'scores', 'label': 'scores', 'values': ['0', '0']}
    """
    found: dict[str, list[dict[str, Any]]] = {part: [] for part in PARTS}
    for fact in _facts(view, variant, faces, variant.teams_for(getattr(view, "rules", None))):
        if fact is not None:
            found[fact[0]].append(fact[1])
    return found


def _facts(view: Any, variant: AnyVariant, faces: Faces, seating: Seating) -> Iterable[Fact | None]:
    """Each fact of ``view`` (``None`` for a field that holds nothing yet), in order; ``seating``
    the teams of the view's rules."""
    yield _multiplier_fact(variant.text.multiplier(view))
    for field in attrs.fields(type(view)):
        if field.name in DRAWN:
            continue
        words = variant.text.field_words(view, field.name, faces)
        if words is not None:
            yield "table", {"field": field.name, "label": LABELS.get(field.name, field.name.replace("_", " ")),
                            "value": words}
        else:
            yield fact_of(field.name, getattr(view, field.name), seating, faces)


def _multiplier_fact(multiplier: int | None) -> Fact | None:
    if multiplier is None:
        return None
    return "table", {"field": "multiplier", "label": "the round counts", "value": f"×{multiplier}"}


def fact_of(name: str, value: object, seating: Seating, faces: Faces = FACES) -> Fact | None:
    """The fact of field ``name`` of an observation holding ``value``: its part (``"table"``,
    ``"teams"``, ``"seats"``) and its words, its cards as ``faces`` show them; ``None`` when it
    holds nothing yet. ``seating``: the table's teams (:meth:`jass.variant.Variant.teams_for`:
    the rules may choose the number of players)."""
    if _nothing(value, name):
        return None
    label = LABELS.get(name, name.replace("_", " "))
    if isinstance(value, tuple) and not all(isinstance(item, Weis) for item in value):
        if all(item is None or item == () for item in value):
            return None
        if all(isinstance(item, Card) for item in value):  # cards lying together (the table's), not one a seat
            return "table", {"field": name, "label": label, "value": _words(value, name, seating, faces)}
        values = [_words(item, name, seating, faces) for item in value]
        if len(value) == len(seating):
            return "teams", {"field": name, "label": label, "values": values}
        if len(value) == sum(len(team) for team in seating):
            return "seats", {"field": name, "label": label, "values": values}
    return "table", {"field": name, "label": label, "value": _words(value, name, seating, faces)}


def _names_team(name: str) -> bool:
    """True for a field that holds the index of a team (``stoeck_team``, ``winner``)."""
    return name.endswith("_team") or name == "winner"


#: Fields named for the seat they hold (besides ``..._by``): the bidder, the King, the chooser.
_SEAT_FIELDS: Final = frozenset({"bidder", "king", "chooser", "leader"})


def _names_seat(name: str) -> bool:
    """True for a field that holds a seat (``swapped_by``, ``bidder``)."""
    return name.endswith("_by") or name in _SEAT_FIELDS


def _nothing(value: object, name: str) -> bool:
    """True for a value that holds nothing yet: ``None``, ``False``, a count of 0 (not team or
    seat 0), nothing in it."""
    if value is None or value is False:
        return True
    if type(value) is int:
        return value == 0 and not (_names_team(name) or _names_seat(name))
    return isinstance(value, (tuple, CardSet)) and not value


def _words(value: object, name: str, seating: Seating, faces: Faces) -> str:
    """One value of an observation in words, as ``faces`` write it: a card by its symbol or its
    Swiss name, a round's mode, a Weis (:class:`~jass.faces.Faces`); never a card's code."""
    if value is None:
        return "–"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, ROUND_MODE_TYPES):  # a round's mode, Slalom, Guschti, Alles Trumpf too
        return faces.mode(value)
    if isinstance(value, Card):
        return faces.card(value)
    if isinstance(value, CardSet):
        return faces.hand(value) if value else "–"
    if isinstance(value, Weis):
        return faces.weis(value)
    if isinstance(value, enum.Enum):
        if value.name in Trump.__members__:  # a variant's own modes name the classic ones alike
            return faces.mode(Trump[value.name])
        return str(value.value).replace("_", " ")
    if isinstance(value, int) and _names_team(name):
        team = seating[value]
        return f"seat {team[0]}" if len(team) == 1 else "seats " + "+".join(map(str, team))
    if isinstance(value, int) and _names_seat(name):
        return f"seat {value}"
    if isinstance(value, tuple):
        return "; ".join(_words(item, "", seating, faces) for item in _flat(value)) or "–"
    kind = type(value)
    if attrs.has(kind) and kind.__str__ is object.__str__:
        # A record without words of its own (a contract, a round's score): each field in words.
        return ", ".join(f"{LABELS.get(field.name, field.name.replace('_', ' '))} "
                         f"{_words(getattr(value, field.name), field.name, seating, faces)}"
                         for field in attrs.fields(kind))
    return str(value)


def _flat(values: Iterable[object]) -> Iterable[object]:
    for value in values:
        if isinstance(value, tuple):
            yield from _flat(value)
        else:
            yield value


#: What is kept of one field's value: the value, its JSON, and its fact in words
#: (:func:`fact_of`: its part and its JSON; ``None`` for a field drawn, or holding nothing).
_Entry = tuple[object, str, "tuple[str, str] | None"]


class _Seen:
    """What one seat was sent last: each field's value, the JSON of the observation in pieces
    (its head, then each field's key and value), each field's fact, and the facts' JSON."""

    __slots__ = ("values", "pieces", "facts", "multiplier", "facts_json")

    def __init__(self, head: str, keys: Sequence[str]) -> None:
        self.values: list[object] = [_UNSEEN] * len(keys)
        self.pieces = [head]
        for key in keys:
            self.pieces += (key, "")
        self.pieces.append("}")
        self.facts: list[tuple[str, str] | None] = [None] * len(keys)
        self.multiplier: int | None = None
        self.facts_json = ""


#: A value no field holds (what a seat "was sent" before its first update).
_UNSEEN: Final = object()


class UpdateWriter:
    """The JSON a table sends of its game, for every seat: the observation, the facts and the
    legal moves. What each seat was sent last of each field is kept, and so is what any seat was
    sent of the last few values of each field: a field is written again only when its value is
    one no seat was sent lately (one writer a table and deck; not for threads). Every card in
    words is written as ``faces`` show it."""

    #: How many values of a field are kept for all the seats.
    RECENT: Final = 6

    def __init__(self, variant: AnyVariant, rules: Any = None, faces: Faces = FACES) -> None:
        self.variant = variant
        #: The table's rules (the variant's text hooks take them).
        self.rules = rules
        #: How the cards in words look (the deck, and the pairing of the table's rules).
        self.faces = faces
        self._seating = variant.teams_for(rules)
        self._head, self._names, writers, items = _layout(variant.observation_type)
        self._keys = tuple(',"' + name + '":' for name in self._names)
        # A tuple of objects (the tricks, the legal moves) is written item by item, each item
        # once: a new trick does not write the others again.
        self._writes = tuple(functools.partial(self._items, write) if of_objects else _json_writer(write)
                             for write, of_objects in zip(writers, items))
        self._items_json: dict[Any, str] = {}
        self._described = tuple(index for index, name in enumerate(self._names) if name not in DRAWN)
        self._values = operator.attrgetter(*self._names)
        self._seen: dict[int | None, _Seen] = {}
        self._recent: list[list[_Entry]] = [[] for _ in self._names]
        self._moves: dict[Any, str] = {}
        self._offered: dict[str, Any] = {}

    def _entry(self, index: int, value: object) -> _Entry:
        """What is kept of ``value`` of field ``index``: found among the last values any seat
        was sent, or written now."""
        recent = self._recent[index]
        kind = type(value)
        for entry in recent:
            old = entry[0]
            if old is value or (type(old) is kind and old == value):
                return entry
        name = self._names[index]
        fact = _written(fact_of(name, value, self._seating, self.faces)) if name not in DRAWN else None
        entry = (value, self._writes[index](value), fact)
        recent.insert(0, entry)
        del recent[self.RECENT:]
        return entry

    def _items(self, write: Callable[[Any], Any], value: tuple[Any, ...]) -> str:
        """A tuple of objects as JSON, each object's JSON written once (as :func:`serial.to_dict`
        writes it inside another value: without ``"format"``)."""
        written = self._items_json
        if len(written) > 5_000:
            written.clear()
        parts = []
        for item in value:
            text = written.get(item)
            if text is None:
                data = serial.to_dict(item)
                del data["format"]
                text = written[item] = dumps(data)
            parts.append(text)
        return "[" + ",".join(parts) + "]"

    def view(self, view: Any, seat: int | None) -> tuple[str, str]:
        """The JSON of ``view`` (the observation of ``seat``): the observation as ``jass/1``,
        the same as ``json.dumps(serial.to_dict(view))`` but compact; and its facts in words
        (:func:`describe`)."""
        seen = self._seen.get(seat)
        if seen is None:
            seen = self._seen[seat] = _Seen(self._head, self._keys)
        values, old = self._values(view), seen.values
        described = False
        # The fields whose value is not the very object this seat was sent (compared at C speed).
        for index in [index for index, same in enumerate(map(operator.is_, values, old)) if not same]:
            value, was = values[index], old[index]
            if type(was) is not type(value) or was != value:
                entry = self._entry(index, value)
                seen.pieces[2 + 2 * index] = entry[1]
                if seen.facts[index] != entry[2]:
                    seen.facts[index] = entry[2]
                    described = True
            old[index] = value
        multiplier = self.variant.text.multiplier(view)
        if described or multiplier != seen.multiplier or not seen.facts_json:
            seen.multiplier = multiplier
            found: dict[str, list[str]] = {part: [] for part in PARTS}
            if multiplier is not None:
                found["table"].append(_multiplier_json(multiplier))
            for index in self._described:
                fact = seen.facts[index]
                if fact is not None:
                    found[fact[0]].append(fact[1])
            seen.facts_json = "{" + ",".join(f'"{part}":[' + ",".join(found[part]) + "]" for part in PARTS) + "}"
        return "".join(seen.pieces), seen.facts_json

    def observation(self, view: Any) -> str:
        """``view`` as ``jass/1`` JSON text (compact): the JSON of :func:`jass.serial.to_dict`."""
        return self.view(view, view.seat)[0]

    def facts(self, view: Any) -> str:
        """:func:`describe` of ``view`` as JSON text."""
        return self.view(view, view.seat)[1]

    def moves(self, view: Any, moves: Sequence[Any]) -> str:
        """The legal ``moves`` of the seat of ``view`` as JSON text: each as ``jass/1``, with its
        words (:attr:`~jass.variant.TableText.move_text`, its cards as :attr:`faces` show them)
        and whether it loses the game at once (not among the variant's
        :attr:`~jass.variant.AIHooks.sensible_moves`: going out short of the target), so that a
        page asks before making it."""
        sensible = set(self.variant.ai.sensible_moves(view, moves))
        written = self._moves
        if len(written) > 1_000:
            written.clear()
            self._offered.clear()
        parts = []
        for move in moves:
            text = written.get(move)
            if text is None:
                move_json = dumps(serial.to_dict(move))
                self._offered[move_json] = move
                label = self.variant.text.move_text(move, self.rules, self.faces)
                text = written[move] = '{"move":' + move_json + ',"label":' + dumps(label)
            parts.append(text + (',"loses":false}' if move in sensible else ',"loses":true}'))
        return "[" + ",".join(parts) + "]"

    def offered(self, data: object) -> Any:
        """The move whose ``jass/1`` JSON ``data`` is, exactly as this writer offered it (the same
        keys in the same order, the same values of the same JSON types); ``None`` for anything
        else, which :func:`jass.serial.from_dict` is to read. A move read here is checked by
        ``apply`` like any other."""
        if not isinstance(data, dict):
            return None
        return self._offered.get(dumps(data))


def _written(fact: Fact | None) -> tuple[str, str] | None:
    return None if fact is None else (fact[0], dumps(fact[1]))


_Layout = tuple[str, tuple[str, ...], tuple[Callable[[Any], Any], ...], tuple[bool, ...]]
_LAYOUTS: dict[type, _Layout] = {}


def _layout(cls: type) -> _Layout:
    """How an observation class is written, found once: the head of its JSON, its fields'
    names and writers, and which fields hold tuples of objects."""
    found = _LAYOUTS.get(cls)
    if found is None:
        writers = serial.field_writers(cls)
        hints = typing.get_type_hints(cls)
        head = '{"format":' + dumps(serial.FORMAT) + ',"type":' + dumps(serial.type_name(cls))
        found = _LAYOUTS[cls] = (head, tuple(name for name, _ in writers), tuple(write for _, write in writers),
                                 tuple(_of_objects(hints[name]) for name, _ in writers))
    return found


def _json_writer(write: Callable[[Any], Any]) -> Callable[[Any], str]:
    """``write`` (a field's writer), then its JSON text."""
    return lambda value: dumps(write(value))


def _of_objects(hint: Any) -> bool:
    """Whether a field of type ``hint`` holds a tuple of objects of the library (``tuple[Trick,
    ...]``, a tuple of moves), each written as its own JSON object."""
    args = typing.get_args(hint)
    if typing.get_origin(hint) is not tuple or len(args) != 2 or args[1] is not Ellipsis:
        return False
    item = args[0]
    members = typing.get_args(item) if typing.get_origin(item) in (typing.Union, types.UnionType) else (item,)
    return bool(members) and all(isinstance(member, type) and attrs.has(member) for member in members)


@functools.lru_cache(maxsize=64)
def _multiplier_json(multiplier: int) -> str:
    fact = _multiplier_fact(multiplier)
    assert fact is not None
    return dumps(fact[1])
