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
from collections.abc import Callable, Iterable, Sequence
from typing import Any, Final

import attrs

from jass import serial
from jass.cards import Card, CardSet
from jass.trump import PerTrickMode, Trump
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
    "top_card": "on the talon", "turned": "turned card", "swapped_by": "trump 6 swapped by",
}
#: The parts of the facts (:func:`describe`): of the table, of each team, of each seat.
PARTS: Final = ("table", "teams", "seats")

#: JSON text of JSON types, compact, as the messages are written (UTF-8 as it is).
dumps: Final[Callable[[Any], str]] = json.JSONEncoder(ensure_ascii=False, separators=(",", ":")).encode

Fact = tuple[str, dict[str, Any]]


def describe(view: Any, variant: AnyVariant) -> dict[str, list[dict[str, Any]]]:
    """What a page writes of an observation besides what it draws (:data:`DRAWN`), in words:
    facts of the ``table`` (``{"field", "label", "value"}``), of each team and of each seat
    (``{"field", "label", "values"}``, one value per team or seat). Built from the
    observation alone, so it shows nothing the observation does not; fields that hold
    nothing yet (``None``, a count of 0, empty) are left out. What the round counts (the
    variant's :attr:`~jass.variant.TableText.multiplier`) comes first.

    >>> from jass import schieber
    >>> state = schieber.apply(schieber.new_game(seed=1), schieber.ChooseTrump("rosen"))
    >>> facts = describe(schieber.observe(state, 0), schieber.VARIANT)
    >>> facts["table"]
    [{'field': 'multiplier', 'label': 'the round counts', 'value': '×1'}, {'field': 'trump', 'label': 'trump', 'value': 'Rosen ♠'}]
    >>> facts["teams"][0]
    {'field': 'scores', 'label': 'scores', 'values': ['0', '0']}
    """
    found: dict[str, list[dict[str, Any]]] = {part: [] for part in PARTS}
    for fact in _facts(view, variant):
        if fact is not None:
            found[fact[0]].append(fact[1])
    return found


def _facts(view: Any, variant: AnyVariant) -> Iterable[Fact | None]:
    """Each fact of ``view`` (``None`` for a field that holds nothing yet), in order."""
    yield _multiplier_fact(variant.text.multiplier(view))
    for field in attrs.fields(type(view)):
        if field.name not in DRAWN:
            yield fact_of(field.name, getattr(view, field.name), variant)


def _multiplier_fact(multiplier: int | None) -> Fact | None:
    if multiplier is None:
        return None
    return "table", {"field": "multiplier", "label": "the round counts", "value": f"×{multiplier}"}


def fact_of(name: str, value: object, variant: AnyVariant) -> Fact | None:
    """The fact of field ``name`` of an observation holding ``value``: its part (``"table"``,
    ``"teams"``, ``"seats"``) and its words; ``None`` when it holds nothing yet."""
    if _nothing(value, name):
        return None
    label = LABELS.get(name, name.replace("_", " "))
    if isinstance(value, tuple) and not all(isinstance(item, Weis) for item in value):
        if all(item is None or item == () for item in value):
            return None
        values = [_words(item, name, variant) for item in value]
        if len(value) == len(variant.teams):
            return "teams", {"field": name, "label": label, "values": values}
        if len(value) == variant.seats:
            return "seats", {"field": name, "label": label, "values": values}
    return "table", {"field": name, "label": label, "value": _words(value, name, variant)}


def _names_team(name: str) -> bool:
    """True for a field that holds the index of a team (``stoeck_team``, ``winner``)."""
    return name.endswith("_team") or name == "winner"


def _names_seat(name: str) -> bool:
    """True for a field that holds a seat (``swapped_by``)."""
    return name.endswith("_by")


def _nothing(value: object, name: str) -> bool:
    """True for a value that holds nothing yet: ``None``, ``False``, a count of 0 (not team or
    seat 0), nothing in it."""
    if value is None or value is False:
        return True
    if type(value) is int:
        return value == 0 and not (_names_team(name) or _names_seat(name))
    return isinstance(value, (tuple, CardSet)) and not value


def _words(value: object, name: str, variant: AnyVariant) -> str:
    """One value of an observation in words: cards by their symbols, a Weis by its words
    (:attr:`jass.weis.Weis.words`), never a card's code."""
    if value is None:
        return "–"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, (Trump, PerTrickMode)):  # a round's mode, Slalom and Guschti too
        return f"{value} {value.symbol}"
    if isinstance(value, Card):
        return value.symbol
    if isinstance(value, CardSet):
        return " ".join(card.symbol for card in value) or "–"
    if isinstance(value, Weis):
        return value.words
    if isinstance(value, enum.Enum):
        return str(value.value).replace("_", " ")
    if isinstance(value, int) and _names_team(name):
        team = variant.teams[value]
        return f"seat {team[0]}" if len(team) == 1 else "seats " + "+".join(map(str, team))
    if isinstance(value, int) and _names_seat(name):
        return f"seat {value}"
    if isinstance(value, tuple):
        return "; ".join(_words(item, "", variant) for item in _flat(value)) or "–"
    return str(value)


def _flat(values: Iterable[object]) -> Iterable[object]:
    for value in values:
        if isinstance(value, tuple):
            yield from _flat(value)
        else:
            yield value


class _Recent:
    """What was made of the last few values of each key (a field of an observation): a value
    met again, the very object or an equal one of the same type, is not made again."""

    __slots__ = ("entries", "size")

    def __init__(self, size: int = 6) -> None:
        self.entries: dict[str, list[tuple[object, Any]]] = {}
        self.size = size

    def get(self, key: str, value: object, make: Callable[[Any], Any]) -> Any:
        entries = self.entries.get(key)
        if entries is None:
            entries = self.entries[key] = []
        for old, made in entries:
            if old is value:
                return made
        for old, made in entries:
            if type(old) is type(value) and old == value:
                return made
        made = make(value)
        entries.insert(0, (value, made))
        del entries[self.size:]
        return made


class UpdateWriter:
    """The JSON a table sends of its game, for every seat: the observation, the facts and the
    legal moves, each part written once for all the seats that see it alike and kept while it
    stays the same (one writer a table; not for threads)."""

    def __init__(self, variant: AnyVariant) -> None:
        self.variant = variant
        cls = variant.observation_type
        self._head = '{"format":' + dumps(serial.FORMAT) + ',"type":' + dumps(serial.type_name(cls))
        self._fields = tuple((name, ',"' + name + '":', write) for name, write in serial.field_writers(cls))
        self._facts = tuple(name for name, _, _ in self._fields if name not in DRAWN)
        self._recent = _Recent()
        self._moves: dict[Any, str] = {}

    def observation(self, view: Any) -> str:
        """``view`` as ``jass/1`` JSON text (compact): the JSON of :func:`jass.serial.to_dict`."""
        recent = self._recent
        parts = [self._head]
        for name, key, write in self._fields:
            parts.append(key)
            parts.append(recent.get(name, getattr(view, name), functools.partial(_json_of, write)))
        parts.append("}")
        return "".join(parts)

    def facts(self, view: Any) -> str:
        """:func:`describe` of ``view`` as JSON text, each fact written once while it holds."""
        variant, recent = self.variant, self._recent
        found: dict[str, list[str]] = {part: [] for part in PARTS}
        multiplier = recent.get("multiplier", variant.text.multiplier(view), _written_multiplier)
        if multiplier is not None:
            found[multiplier[0]].append(multiplier[1])
        for name in self._facts:
            fact = recent.get("fact " + name, getattr(view, name), functools.partial(_written_fact, name, variant))
            if fact is not None:
                found[fact[0]].append(fact[1])
        return "{" + ",".join(f'"{part}":[' + ",".join(found[part]) + "]" for part in PARTS) + "}"

    def moves(self, view: Any, moves: Sequence[Any]) -> str:
        """The legal ``moves`` of the seat of ``view`` as JSON text: each as ``jass/1``, with its
        words (:attr:`~jass.variant.TableText.move_words`) and whether it loses the game at
        once (not among the variant's :attr:`~jass.variant.AIHooks.sensible_moves`: a claim of
        «bedankt, genug» short of the target), so that a page asks before making it."""
        sensible = set(self.variant.ai.sensible_moves(view, moves))
        written = self._moves
        if len(written) > 1_000:
            written.clear()
        parts = []
        for move in moves:
            text = written.get(move)
            if text is None:
                text = written[move] = ('{"move":' + dumps(serial.to_dict(move)) + ',"label":'
                                        + dumps(self.variant.text.move_words(move)))
            parts.append(text + (',"loses":false}' if move in sensible else ',"loses":true}'))
        return "[" + ",".join(parts) + "]"


def _json_of(write: Callable[[Any], Any], value: Any) -> str:
    return dumps(write(value))


def _written(fact: Fact | None) -> tuple[str, str] | None:
    return None if fact is None else (fact[0], dumps(fact[1]))


def _written_multiplier(multiplier: int | None) -> tuple[str, str] | None:
    return _written(_multiplier_fact(multiplier))


def _written_fact(name: str, variant: AnyVariant, value: object) -> tuple[str, str] | None:
    return _written(fact_of(name, value, variant))
