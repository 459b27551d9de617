"""Game records: a whole game as one compact, human-readable JSON object, replayable move by move.

A record names the variant, the rules, the seed (and the first deal, if it was
given explicitly), lists the moves in a short notation, and ends with the
result:

>>> from jass import schieber, records
>>> state = schieber.new_game(schieber.Rules(first_dealer=3), seed=7)
>>> moves = [schieber.Push(), schieber.ChooseTrump("obenabe"), schieber.PlayCard("DJ")]
>>> final = state
>>> for move in moves:
...     final = schieber.apply(final, move)
>>> text = records.write_record(moves, state, final)
>>> print(text)  # doctest: +NORMALIZE_WHITESPACE
{"format": "jass-record/1", "variant": "schieber", "rules": {"type": "schieber.Rules", "first_dealer": 3},
 "seed": 7, "moves": ["push", "trump obenabe", "play DJ"],
 "result": {"over": false, "round_number": 0, "winner": null, "scores": [0, 0], "end": null}}
>>> record = records.read_record(text)
>>> records.final_state(record) == final
True

The moves, one short string each, in the notation of the variant
(the variant's :class:`~jass.variant.Notation`):

=================  ==========================================================
Schieber           ``trump obenabe`` (also ``trump eicheln``, ``rosen``,
                   ``schilten``, ``schellen``, ``undenufe``), ``push``,
                   ``weis H6-H9 four-J`` (a sequence by its first and last
                   card, four of a kind by its rank), ``play H10``,
                   ``announce``, ``deal`` (from the game's seed) or
                   ``deal <hand> / <hand> / <hand> / <hand>``
Differenzler       ``predict 40``, ``play H10``, ``deal`` or
                   ``deal <hand> / <hand> / <hand> / <hand> face-up DA``
Two-player Jass    ``keep``, ``exchange C6 C7 S8``, ``swap``, ``noswap``,
                   ``play H10``, ``deal`` or ``deal <the 36 cards in order>``
=================  ==========================================================

Any registered variant is recorded the same way, with its own notation.

:func:`replay` yields the state before the first move and after each move; a
move the rules forbid (or one that cannot be read) raises
:class:`~jass.errors.RecordError` with its 1-based ``move_number``.
"""

from __future__ import annotations

import collections
import json
from collections.abc import Iterable, Iterator
from typing import Any, Final

import attrs

from jass import serial
from jass.errors import InvalidRulesError, JassError, RecordError, SerialError, describe_value
from jass.play import new_seed
from jass.variant import MAX_ROUNDS, SEED_LIMIT, VARIANTS, AnyVariant, TwoPartState, as_variant, find_variant
from jass.variant import variant_of as _registered_variant

__all__ = [
    "RECORD_FORMAT",
    "MAX_MOVES",
    "VARIANTS",
    "Record",
    "format_move",
    "parse_move",
    "make_record",
    "write_record",
    "read_record",
    "replay",
    "final_state",
    "variant_of",
]

#: The version of the record format, written as ``"format"``.
RECORD_FORMAT: Final = "jass-record/1"
#: The most moves a record may hold: enough for the longest game, ``MAX_ROUNDS`` rounds of at
#: most 50 moves (a Schieber round takes at most 45: three trump moves, four declarations,
#: 36 cards, a claim and the deal). :func:`make_record` refuses more, so that every record
#: written can be read.
MAX_MOVES: Final = 50 * MAX_ROUNDS
#: The fields of a record besides its variant's deal fields.
_HEADER_KEYS: Final = ("format", "variant", "rules", "seed", "start", "moves", "result")


def variant_of(state: Any) -> str:
    """The name of the variant a state belongs to, e.g. ``'schieber'``."""
    try:
        found = _registered_variant(state)
    except JassError:
        raise RecordError(f"{state!r:.80} is not the state of a variant ({', '.join(VARIANTS)})") from None
    if type(state) is not found.state_type:
        raise RecordError(f"{state!r:.80} is not the state of a variant ({', '.join(VARIANTS)})")
    return found.name


def _variant(variant: Any) -> AnyVariant:
    try:
        return as_variant(variant)
    except JassError:
        raise RecordError(f"variant={variant!r:.80}: expected one of {', '.join(VARIANTS)}") from None


# --- moves as text ----------------------------------------------------------------------------


def format_move(move: Any) -> str:
    """The short text of a move, as records write it (the notation of its variant).

    >>> from jass import schieber, pomme
    >>> format_move(schieber.ChooseTrump("obenabe")), format_move(schieber.PlayCard("H10"))
    ('trump obenabe', 'play H10')
    >>> format_move(pomme.Exchange("C6 C7 S8"))
    'exchange C6 C7 S8'
    """
    try:
        variant = _registered_variant(move)
    except JassError:
        raise RecordError(f"{move!r:.80} is not a move of a variant") from None
    if type(move) not in variant.move_types:
        raise RecordError(f"{move!r:.80} is not a move of a variant")
    return variant.notation.format_move(move)


def parse_move(text: str, variant: Any, rules: Any = None) -> Any:
    """The move written as ``text`` in ``variant`` (a :class:`~jass.variant.Variant`, its name
    or its module). Some moves need the ``rules`` (Schieber's Weis points; the defaults if
    omitted). Raises :class:`~jass.errors.RecordError` for text that is no move.

    >>> parse_move("weis H6-H8 four-J", "schieber")
    DeclareWeis(weis=(Weis(kind=WeisKind.FOUR_OF_A_KIND, cards=CardSet('CJ SJ HJ DJ'), points=200), Weis(kind=WeisKind.SEQUENCE, cards=CardSet('H6 H7 H8'), points=20)))
    """
    found = _variant(variant)
    try:
        return found.notation.parse_move(text, rules if isinstance(rules, found.rules_type) else None)
    except RecordError:
        raise
    except JassError as error:
        shown = f"{text!r:.80}" if isinstance(text, str) else describe_value(text)
        raise RecordError(f"{shown} is not a move: {error}") from None


# --- records ---------------------------------------------------------------------------------------


def _check_moves(instance: object, attribute: object, moves: tuple[Any, ...]) -> None:
    if len(moves) > MAX_MOVES:
        raise RecordError(f"{len(moves)} moves: a record holds at most {MAX_MOVES}", "$.moves")


def _check_result(instance: object, attribute: object, result: dict[str, Any] | None) -> None:
    """A result is what :func:`make_record` writes: an object of numbers, strings, true, false
    and null, and of short lists of them (never anything nested deeper, which JSON text could
    not write back)."""
    if result is None:
        return
    problem = None
    if not isinstance(result, dict) or len(result) > 20:
        problem = describe_value(result)
    else:
        for key, value in result.items():
            items = value if isinstance(value, list) and len(value) <= 16 else [value]
            if not isinstance(key, str) or len(key) > 40 or not all(_is_scalar(item) for item in items):
                problem = f"{describe_value(value)} in {describe_value(key)}"
                break
    if problem is not None:
        raise RecordError(f"expected the result, an object of numbers, strings, true, false, null and short lists "
                          f"of them, got {problem}", "$.result")


def _is_scalar(value: object) -> bool:
    if isinstance(value, int):  # bool too
        return value.bit_length() <= 256
    return value is None or (isinstance(value, str) and len(value) <= 100)


@attrs.frozen
class Record:
    """A game: its variant, rules and start, and the moves made.

    The start is a new game: ``new_game(rules, seed)``, or with an explicit first deal
    (``deal``: the record fields of the variant's deal, e.g. ``{"deal": [...], "face_up":
    "DA"}``, ``None`` when the seed dealt it); or, for a game recorded from the middle,
    ``start``, a full state. ``result`` is what the game came to (see :func:`write_record`);
    ``None`` when the record does not say.

    ``seed`` is ``None`` when the record withholds the game's seed (``make_record(...,
    with_seed=False)``): every deal is then written out, and the states replayed from it hold a
    fresh random seed, which deals nothing the record holds.
    """

    variant: str
    rules: Any
    seed: int | None
    moves: tuple[Any, ...] = attrs.field(validator=_check_moves)
    deal: dict[str, Any] | None = None
    start: Any = None
    result: dict[str, Any] | None = attrs.field(default=None, validator=_check_result)

    @property
    def holds_seed(self) -> bool:
        """Whether the record holds the game's seed, which decides every deal: keep such a
        record from the players until the game is over (see :func:`make_record`)."""
        return self.seed is not None

    def initial_state(self) -> Any:
        """The state before the first move (with a fresh random seed when the record withholds
        the game's)."""
        seed = new_seed() if self.seed is None else self.seed
        if self.start is not None:
            if self.seed is None and isinstance(self.start, TwoPartState):
                return self.start.replace(seed=seed)
            return self.start
        variant = _variant(self.variant)
        try:
            return variant.records.game_from_record(self.rules, seed, self.deal or {})
        except RecordError:
            raise
        except JassError as error:
            raise RecordError(f"the game cannot start: {error}", "$.deal") from None

    def to_json(self) -> dict[str, Any]:
        """The record as a dict of JSON types (what :func:`write_record` writes)."""
        data: dict[str, Any] = {"format": RECORD_FORMAT, "variant": self.variant}
        if self.start is not None:
            data["start"] = serial.to_dict(self.start)
            if self.seed is None:
                data["seed"] = None
        else:
            rules = serial.to_dict(self.rules, compact=True)
            del rules["format"]
            data["rules"] = rules
            data["seed"] = self.seed
            data.update(self.deal or {})
        data["moves"] = [format_move(move) for move in self.moves]
        if self.result is not None:
            data["result"] = self.result
        return data

    def to_text(self, indent: int | None = None) -> str:
        """The record as JSON text: one line, or indented by ``indent``. Raises
        :class:`~jass.errors.RecordError` for a record longer than :func:`read_record` reads."""
        text = json.dumps(self.to_json(), ensure_ascii=False, indent=indent)
        if len(text) > serial.MAX_TEXT:
            raise RecordError(f"the record has {len(text)} characters: a record read holds at most {serial.MAX_TEXT}")
        return text


def _result(state: Any) -> dict[str, Any]:
    variant = _variant(variant_of(state))
    return {
        "over": variant.is_over(state),
        "round_number": state.round_number,
        "winner": variant.winner(state),
        **variant.records.result(state),
    }


def make_record(
    moves: Iterable[Any], initial: Any, final: Any = None, *, with_seed: bool = True, trusted: bool = False,
) -> Record:
    """The record of ``moves`` made from ``initial``; checks them by replaying.

    ``initial`` is usually a new game (the record then holds its seed and, if it was
    dealt explicitly, the deal); any other state is recorded in full as the start.
    Raises :class:`~jass.errors.RecordError` for an illegal move (with its number),
    when the moves do not lead to ``final`` (if given), and for more than
    :data:`MAX_MOVES` moves.

    The game's seed decides every deal, so a record that holds it tells whoever reads it the
    cards of every round still to come: keep it from the players until the game is over.
    ``with_seed=False`` writes a record without the seed, to show a game to anybody: every
    deal is written out instead (the first in the record's fields, later ones as ``deal``
    moves of the cards), and the first dealer in the rules. It replays to the same game, each
    state holding a fresh random seed in place of the game's.
    Such a record of a game that is not over writes out every hand still in play: it is
    refused (:class:`~jass.errors.RecordError`) unless the caller says, with ``trusted=True``,
    that it is for trusted eyes only (a test, an analysis), never for a player.

    >>> from jass import schieber
    >>> game = schieber.new_game(seed=7)
    >>> moves = [schieber.ChooseTrump("rosen")]
    >>> public = make_record(moves, game, with_seed=False, trusted=True)   # the game goes on
    >>> public.holds_seed, public.seed, public.rules.first_dealer == game.dealer, "deal" in public.deal
    (False, None, True, True)
    >>> final_state(public).play == schieber.apply(game, moves[0]).play
    True
    """
    name = variant_of(initial)
    variant = find_variant(name)
    moves = tuple(moves)
    if len(moves) > MAX_MOVES:
        raise RecordError(f"{len(moves)} moves: a record holds at most {MAX_MOVES}", "$.moves")
    deal = variant.records.record_deal(initial)
    if deal is None:
        record = Record(name, initial.rules, initial.seed, moves, start=initial)
    else:
        record = Record(name, initial.rules, initial.seed, moves, deal=deal or None)
    state = _last(replay(record), initial)
    if final is not None and final != state:
        raise RecordError("the moves do not lead to the given final state", "$.moves")
    result = _result(state)
    if not with_seed and not trusted and not result["over"]:
        raise RecordError("a record without the seed of a game that is not over writes out every hand still "
                          "in play: write it with trusted=True for trusted eyes only, never for a player")
    if not with_seed:
        record = _without_seed(variant, record, initial, deal is None)
        if _result(_last(replay(record), None)) != result:  # pragma: no cover - a variant's hooks are wrong
            raise RecordError(f"{name}'s deals written out do not replay to the same game")
    return attrs.evolve(record, result=result)


def _without_seed(variant: AnyVariant, record: Record, initial: Any, from_middle: bool) -> Record:
    """``record`` without the game's seed: the first deal and every later deal written out, and
    the first dealer (which the seed may have drawn) fixed in the rules."""
    rules = initial.rules
    first = (initial.dealer - initial.round_number) % variant.seats_for(rules)  # the dealer moves on one seat a round
    if getattr(rules, "first_dealer", None) is None:
        try:
            rules = attrs.evolve(rules, first_dealer=first)
        except TypeError:
            raise RecordError(f"{variant.name} cannot write a record without the seed: its rules have no "
                              "first_dealer, which the seed draws") from None
        except InvalidRulesError:
            # The rules fix the first dealer another way (Schieber's first_vorhand=rosen_7 takes
            # it from the deal, which the record writes out): the seedless game must agree.
            fields, _ = variant.records.explicit_deal(initial)
            if not from_middle and variant.records.game_from_record(rules, 0, fields).dealer != initial.dealer:
                raise RecordError(f"{variant.name} cannot write a record without the seed: its rules "
                                  "refuse a first_dealer, and the deal does not fix it") from None
    moves = []
    apply = variant.apply_trusted
    state = initial
    for move in record.moves:
        state = apply(state, move)
        moves.append(variant.records.explicit_move(move, state))
    if from_middle:
        if not isinstance(initial, TwoPartState):
            raise RecordError(f"{variant.name} cannot write a record of a game from its middle without the seed")
        start = initial.replace(seed=0, rules=rules)  # 0 stands for the seed withheld
        return Record(record.variant, rules, None, tuple(moves), start=start)
    fields, _ = variant.records.explicit_deal(initial)
    return Record(record.variant, rules, None, tuple(moves), deal=fields)


def write_record(
    moves: Iterable[Any], initial: Any, final: Any = None, *, indent: int | None = None, with_seed: bool = True,
    trusted: bool = False,
) -> str:
    """The record of a game as JSON text (:func:`make_record`, then :meth:`Record.to_text`);
    ``with_seed=False`` leaves out the seed, for a finished game shown to anybody (of a game
    not over, only with ``trusted=True``: it writes out every hand in play)."""
    return make_record(moves, initial, final, with_seed=with_seed, trusted=trusted).to_text(indent)


def _nested(data: Any, path: str, expect: Any) -> Any:
    """``serial.from_dict`` of a value inside the record, its errors at their place in the record."""
    try:
        return serial.from_dict(data, expect)
    except SerialError as error:
        raise RecordError(error.reason, path + error.path[1:]) from None


def read_record(text: str | bytes | dict[str, Any]) -> Record:
    """Read a record written by :func:`write_record` (JSON text, or the parsed dict).

    Checks the header, the rules, the start and that every move can be read (not yet
    that it is legal: :func:`replay` does that). Raises :class:`~jass.errors.RecordError`.
    """
    if isinstance(text, dict):
        data = text
    else:
        try:
            data = serial.parse_json(text)
        except SerialError as error:
            raise RecordError(error.reason, error.path) from None
    if not isinstance(data, dict):
        raise RecordError(f"expected an object with 'format': {RECORD_FORMAT!r}")
    name = data.get("variant")
    variant = VARIANTS.get(name) if isinstance(name, str) else None
    keys = _HEADER_KEYS + (variant.records.record_fields if variant is not None else ())
    for key in data:
        if key not in keys:
            raise RecordError(f"unknown field {str(key)[:40]!r} (a record's fields: {', '.join(keys)})")
    if data.get("format") != RECORD_FORMAT:
        raise RecordError(f"expected 'format': {RECORD_FORMAT!r}", "$.format")
    if variant is None:
        raise RecordError(f"expected one of {', '.join(VARIANTS)}", "$.variant")
    start = None
    deal = {key: data[key] for key in variant.records.record_fields if data.get(key) is not None} or None
    if "start" in data:
        for key in ("rules", *variant.records.record_fields):
            if key in data:
                raise RecordError(f"a record with a 'start' state has no {key!r} (the state holds it)", f"$.{key}")
        if data.get("seed", None) is not None:
            raise RecordError("a record with a 'start' state has no seed, or null when it withholds it (the state "
                              "holds it)", "$.seed")
        start = _nested(data["start"], "$.start", variant.state_type)
        rules, seed = start.rules, (None if "seed" in data else start.seed)
    else:
        rules_data = data.get("rules")
        if not isinstance(rules_data, dict):
            raise RecordError("expected the rules, an object", "$.rules")
        rules = _nested({"format": serial.FORMAT, **rules_data}, "$.rules", variant.rules_type)
        if "seed" not in data:
            raise RecordError("missing field 'seed': the game's seed, or null when the record withholds it")
        seed = data["seed"]
        if seed is not None and (type(seed) is not int or not 0 <= seed < SEED_LIMIT):
            raise RecordError(f"expected the game's seed, an int 0..2**64-1 (or null: withheld), got "
                              f"{describe_value(seed)}", "$.seed")
        if deal is not None:
            try:
                variant.records.game_from_record(rules, 0 if seed is None else seed, deal)
            except RecordError:
                raise
            except JassError as error:
                raise RecordError(str(error), f"$.{next(iter(deal))}") from None
    raw_moves = data.get("moves")
    if not isinstance(raw_moves, list):
        raise RecordError("expected the moves, a list of strings", "$.moves")
    if len(raw_moves) > MAX_MOVES:
        raise RecordError(f"{len(raw_moves)} moves: a record holds at most {MAX_MOVES}", "$.moves")
    moves = []
    for i, move_text in enumerate(raw_moves):
        try:
            moves.append(parse_move(move_text, variant, rules))
        except RecordError as error:
            raise RecordError(f"move {i + 1}: {error.reason}", f"$.moves[{i}]", i + 1) from None
    result = data.get("result")
    _check_result(None, None, result)
    return Record(variant.name, rules, seed, tuple(moves), deal, start, result)


def replay(record: Record) -> Iterator[Any]:
    """The states of a recorded game: before the first move, then after each move.

    Raises :class:`~jass.errors.RecordError` with ``move_number`` for a move the
    rules forbid, and (after the last move) when the result differs from the
    record's.
    """
    variant = _variant(record.variant)
    # A record is trusted data (it may deal given hands), unlike a move a client sends.
    apply = variant.apply_trusted
    state = record.initial_state()
    yield state
    for number, move in enumerate(record.moves, start=1):
        try:
            state = apply(state, move)
        except JassError as error:
            detail = getattr(error, "detail", "")
            raise RecordError(
                f"move {number} ({format_move(move)!r}) is illegal: {error}" + (f" ({detail})" if detail else ""),
                f"$.moves[{number - 1}]", number,
            ) from None
        yield state
    if record.result is not None:
        found = _result(state)
        if json.dumps(found, sort_keys=True) != json.dumps(record.result, sort_keys=True):
            raise RecordError(f"the moves lead to {found}, not to the recorded result", "$.result")


def final_state(record: Record) -> Any:
    """The state after the last move of ``record`` (checked as :func:`replay` checks)."""
    return _last(replay(record), None)


def _last(states: Iterator[Any], default: Any) -> Any:
    """The last of ``states`` (all of them are computed, and so checked)."""
    remaining = collections.deque(states, maxlen=1)
    return remaining[0] if remaining else default
