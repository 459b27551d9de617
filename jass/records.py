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

The moves, one short string each (:func:`format_move`, :func:`parse_move`):

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

from jass import differenzler, pomme, schieber, serial
from jass.cards import Card, CardSet, Rank
from jass.errors import JassError, RecordError, SerialError
from jass.play import PlayCard
from jass.trump import Trump
from jass.weis import Weis, WeisKind, WeisRules

__all__ = [
    "RECORD_FORMAT",
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
#: The variants a record can name, by the name it uses.
VARIANTS: Final[dict[str, Any]] = {"schieber": schieber, "differenzler": differenzler, "pomme": pomme}
#: The most moves a record may hold.
MAX_MOVES: Final = 200_000
_MAX_MOVE_TEXT: Final = 400


def variant_of(state: Any) -> str:
    """The name of the variant a state belongs to: ``'schieber'``, ``'differenzler'`` or ``'pomme'``."""
    for name, module in VARIANTS.items():
        if isinstance(state, module.State):
            return name
    raise RecordError(f"{state!r:.80} is not the state of a variant ({', '.join(VARIANTS)})")


def _module(variant: Any) -> Any:
    if isinstance(variant, str) and variant in VARIANTS:
        return VARIANTS[variant]
    for module in VARIANTS.values():
        if variant is module:
            return module
    raise RecordError(f"variant={variant!r:.80}: expected one of {', '.join(VARIANTS)}")


# --- moves as text ----------------------------------------------------------------------------


def _weis_text(weis: Weis) -> str:
    cards = list(weis.cards)
    if weis.kind is WeisKind.SEQUENCE:
        return f"{cards[0]}-{cards[-1]}"
    return f"four-{weis.top.code}"


def format_move(move: Any) -> str:
    """The short text of a move, as records write it.

    >>> format_move(schieber.ChooseTrump("obenabe")), format_move(PlayCard("H10"))
    ('trump obenabe', 'play H10')
    >>> format_move(pomme.Exchange("C6 C7 S8"))
    'exchange C6 C7 S8'
    """
    if isinstance(move, PlayCard):
        return f"play {move.card}"
    if isinstance(move, schieber.ChooseTrump):
        return f"trump {str(move.trump).lower()}"
    if isinstance(move, schieber.Push):
        return "push"
    if isinstance(move, schieber.DeclareWeis):
        return "weis " + " ".join(_weis_text(w) for w in move.weis)
    if isinstance(move, schieber.Announce):
        return "announce"
    if isinstance(move, schieber.Deal):
        return "deal" if move.hands is None else "deal " + " / ".join(str(h) for h in move.hands)
    if isinstance(move, differenzler.Predict):
        if isinstance(move.points, bool) or not isinstance(move.points, int):
            raise RecordError(f"{move!r}: a prediction is an int")
        return f"predict {move.points}"
    if isinstance(move, differenzler.Deal):
        if move.hands is None:
            return "deal"
        face_up = "" if move.face_up is None else f" face-up {move.face_up}"
        return "deal " + " / ".join(str(h) for h in move.hands) + face_up
    if isinstance(move, pomme.KeepHand):
        return "keep"
    if isinstance(move, pomme.Exchange):
        return f"exchange {move.cards}"
    if isinstance(move, pomme.SwapTrumpSix):
        return "swap"
    if isinstance(move, pomme.DeclineSwap):
        return "noswap"
    if isinstance(move, pomme.Deal):
        return "deal" if move.order is None else "deal " + " ".join(c.name for c in move.order)
    raise RecordError(f"{move!r:.80} is not a move of a variant")


_VERBS: Final[dict[str, tuple[str, ...]]] = {
    "schieber": ("trump", "push", "weis", "play", "announce", "deal"),
    "differenzler": ("predict", "play", "deal"),
    "pomme": ("keep", "exchange", "swap", "noswap", "play", "deal"),
}


def _parse_weis(token: str, rules: WeisRules) -> Weis:
    low = token.casefold()
    if low.startswith("four-"):
        rank_text = token[5:]
        for rank in Rank:
            if rank.code.casefold() == rank_text.casefold():
                return Weis.from_cards([Card.of(suit, rank) for suit in range(4)], rules)  # type: ignore[arg-type]
        raise RecordError(f"{token!r}: four of a kind is written four-<rank>, e.g. four-J or four-10")
    first, sep, last = token.partition("-")
    if not sep:
        raise RecordError(f"{token!r}: a Weis is written as a sequence H6-H9 or four of a kind four-J")
    start, end = Card.parse(first), Card.parse(last)
    if start.suit != end.suit or end.rank - start.rank < 2:
        raise RecordError(f"{token!r}: a sequence runs from a lower to a higher card of one suit, "
                          "3 cards or more")
    return Weis.from_cards([Card.of(start.suit, Rank(r)) for r in range(start.rank, end.rank + 1)], rules)


def _hands(text: str) -> tuple[CardSet, ...]:
    parts = text.split("/")
    if len(parts) != 4:
        raise RecordError(f"{text!r}: a deal is four hands separated by '/'")
    return tuple(CardSet.parse(part) for part in parts)


def parse_move(text: str, variant: Any, rules: Any = None) -> Any:
    """The move written as ``text`` (see the module docs) in ``variant`` (a variant module
    or its name). Schieber needs ``rules`` for the points of a Weis (the default rules
    if omitted). Raises :class:`~jass.errors.RecordError` for text that is no move.

    >>> parse_move("weis H6-H8 four-J", "schieber")
    DeclareWeis(weis=(Weis(kind=WeisKind.FOUR_OF_A_KIND, cards=CardSet('CJ SJ HJ DJ'), points=200), Weis(kind=WeisKind.SEQUENCE, cards=CardSet('H6 H7 H8'), points=20)))
    """
    module = _module(variant)
    name = next(n for n, m in VARIANTS.items() if m is module)
    if not isinstance(text, str):
        raise RecordError(f"{text!r:.80} is not a move: expected a string such as 'play H10'")
    if len(text) > _MAX_MOVE_TEXT:
        raise RecordError(f"a move of {len(text)} characters: moves are short strings such as 'play H10'")
    verb, _, rest = text.strip().partition(" ")
    verb = verb.casefold()
    rest = rest.strip()
    if verb not in _VERBS[name]:
        raise RecordError(f"{text!r} is not a {name} move: expected {', '.join(_VERBS[name])}")
    try:
        return _parse(name, verb, rest, rules)
    except RecordError:
        raise
    except JassError as error:
        raise RecordError(f"{text!r} is not a move: {error}") from None


def _no_argument(verb: str, rest: str, move: Any) -> Any:
    if rest:
        raise RecordError(f"{verb!r} takes nothing after it, got {rest!r}")
    return move


def _parse(name: str, verb: str, rest: str, rules: Any) -> Any:
    if verb == "play":
        return PlayCard(Card.parse(rest))
    if name == "schieber":
        if verb == "trump":
            return schieber.ChooseTrump(Trump.parse(rest))
        if verb == "push":
            return _no_argument(verb, rest, schieber.Push())
        if verb == "announce":
            return _no_argument(verb, rest, schieber.Announce())
        if verb == "weis":
            weis_rules = rules.weis if isinstance(rules, schieber.Rules) else WeisRules()
            tokens = rest.split()
            if not tokens:
                raise RecordError("'weis' names at least one Weis, e.g. 'weis H6-H8'")
            return schieber.DeclareWeis(tuple(_parse_weis(token, weis_rules) for token in tokens))
        return schieber.Deal(None if not rest else _checked_hands(rest))
    if name == "differenzler":
        if verb == "predict":
            if not rest.isdigit() or len(rest) > 3:
                raise RecordError(f"a prediction is a number 0..{differenzler.MAX_PREDICTION}, got {rest!r}")
            return differenzler.Predict(int(rest))
        if not rest:
            return differenzler.Deal()
        hands_text, _, face_up = rest.partition("face-up")
        return differenzler.Deal(_hands(hands_text), Card.parse(face_up) if face_up.strip() else None)
    if verb == "keep":
        return _no_argument(verb, rest, pomme.KeepHand())
    if verb == "swap":
        return _no_argument(verb, rest, pomme.SwapTrumpSix())
    if verb == "noswap":
        return _no_argument(verb, rest, pomme.DeclineSwap())
    if verb == "exchange":
        cards = CardSet.parse(rest)
        if len(cards) != 3 or len(rest.split()) != 3:
            raise RecordError(f"an exchange names 3 different cards, got {rest!r}")
        return pomme.Exchange(cards)
    return pomme.Deal(None if not rest else rest.split())


def _checked_hands(text: str) -> tuple[CardSet, ...]:
    hands = _hands(text)
    union = 0
    for hand in hands:
        if len(hand) != 9 or union & hand.bits:
            raise RecordError(f"{text!r}: a Schieber deal is four hands of 9 different cards")
        union |= hand.bits
    return hands


# --- records ---------------------------------------------------------------------------------------


@attrs.frozen
class Record:
    """A game: its variant, rules and start, and the moves made.

    The start is a new game: ``new_game(rules, seed, deal=deal)`` (and ``face_up`` in
    Differenzler), ``deal`` being ``None`` when the seed dealt it; or, for a game
    recorded from the middle, ``start``, a full state. ``result`` is what the game came
    to (see :func:`write_record`); ``None`` when the record does not say.
    """

    variant: str
    rules: Any
    seed: int
    moves: tuple[Any, ...]
    deal: tuple[Any, ...] | None = None
    face_up: Card | None = None
    start: Any = None
    result: dict[str, Any] | None = None

    def initial_state(self) -> Any:
        """The state before the first move."""
        if self.start is not None:
            return self.start
        module = _module(self.variant)
        try:
            if module is differenzler:
                return module.new_game(self.rules, self.seed, deal=self.deal, face_up=self.face_up)
            return module.new_game(self.rules, self.seed, deal=self.deal)
        except JassError as error:
            raise RecordError(f"the game cannot start: {error}", "$.deal") from None

    def to_json(self) -> dict[str, Any]:
        """The record as a dict of JSON types (what :func:`write_record` writes)."""
        data: dict[str, Any] = {"format": RECORD_FORMAT, "variant": self.variant}
        if self.start is not None:
            data["start"] = serial.to_dict(self.start)
        else:
            rules = serial.to_dict(self.rules, compact=True)
            del rules["format"]
            data["rules"] = rules
            data["seed"] = self.seed
            if self.deal is not None:
                if self.variant == "pomme":
                    data["deal"] = " ".join(card.name for card in self.deal)
                else:
                    data["deal"] = [str(hand) for hand in self.deal]
            if self.face_up is not None:
                data["face_up"] = self.face_up.name
        data["moves"] = [format_move(move) for move in self.moves]
        if self.result is not None:
            data["result"] = self.result
        return data

    def to_text(self, indent: int | None = None) -> str:
        """The record as JSON text: one line, or indented by ``indent``."""
        return json.dumps(self.to_json(), ensure_ascii=False, indent=indent)


def _result(state: Any) -> dict[str, Any]:
    name = variant_of(state)
    module = VARIANTS[name]
    result: dict[str, Any] = {
        "over": module.is_over(state),
        "round_number": state.round_number,
        "winner": module.winner(state),
    }
    if name == "schieber":
        result["scores"] = list(state.scores)
        result["end"] = None if state.end is None else state.end.value
    elif name == "differenzler":
        result["penalties"] = list(state.penalties)
    else:
        result["scores"] = list(state.scores)
        result["pommes"] = list(state.pommes)
    return result


def _explicit_deal(initial: Any) -> tuple[tuple[Any, ...] | None, Card | None] | None:
    """How ``new_game`` rebuilds ``initial``: (deal, face_up), or ``None`` if it cannot."""
    name = variant_of(initial)
    module = VARIANTS[name]
    try:
        if module.new_game(initial.rules, initial.seed) == initial:
            return None, None
        if name == "schieber":
            if module.new_game(initial.rules, initial.seed, deal=initial.dealt) == initial:
                return tuple(initial.dealt), None
        elif name == "differenzler":
            hands = tuple(initial.play.hands)
            if module.new_game(initial.rules, initial.seed, deal=hands, face_up=initial.face_up) == initial:
                return hands, initial.face_up
        else:
            first, second = 1 - initial.dealer, initial.dealer
            order = (
                list(initial.hands[first]) + list(initial.hands[second]) + list(initial.extras[first])
                + list(initial.extras[second]) + [initial.turned] + list(initial.talon)
            )
            if len(order) == 36 and module.new_game(initial.rules, initial.seed, deal=order) == initial:
                return tuple(order), None
    except JassError:
        return None  # not a dealt game: the record keeps the whole start state
    return None


def make_record(moves: Iterable[Any], initial: Any, final: Any = None) -> Record:
    """The record of ``moves`` made from ``initial``; checks them by replaying.

    ``initial`` is usually a new game (the record then holds its seed and, if it was
    dealt explicitly, the deal); any other state is recorded in full as the start.
    Raises :class:`~jass.errors.RecordError` for an illegal move (with its number)
    and when the moves do not lead to ``final`` (if given).
    """
    name = variant_of(initial)
    moves = tuple(moves)
    found = _explicit_deal(initial)
    if found is None:
        record = Record(name, initial.rules, initial.seed, moves, start=initial)
    else:
        record = Record(name, initial.rules, initial.seed, moves, deal=found[0], face_up=found[1])
    state = _last(replay(record), initial)
    if final is not None and final != state:
        raise RecordError("the moves do not lead to the given final state", "$.moves")
    return attrs.evolve(record, result=_result(state))


def write_record(moves: Iterable[Any], initial: Any, final: Any = None, *, indent: int | None = None) -> str:
    """The record of a game as JSON text (:func:`make_record`, then :meth:`Record.to_text`)."""
    return make_record(moves, initial, final).to_text(indent)


def _nested(data: Any, path: str, expect: Any) -> Any:
    """``serial.from_dict`` of a value inside the record, its errors at their place in the record."""
    try:
        return serial.from_dict(data, expect)
    except SerialError as error:
        raise RecordError(error.reason, path + error.path[1:]) from None


_HEADER_KEYS: Final = ("format", "variant", "rules", "seed", "deal", "face_up", "start", "moves", "result")


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
    for key in data:
        if key not in _HEADER_KEYS:
            raise RecordError(f"unknown field {str(key)[:40]!r} (a record's fields: {', '.join(_HEADER_KEYS)})")
    if data.get("format") != RECORD_FORMAT:
        raise RecordError(f"expected 'format': {RECORD_FORMAT!r}", "$.format")
    name = data.get("variant")
    if not isinstance(name, str) or name not in VARIANTS:
        raise RecordError(f"expected one of {', '.join(VARIANTS)}", "$.variant")
    module = VARIANTS[name]
    start = None
    if "start" in data:
        for key in ("rules", "seed", "deal", "face_up"):
            if key in data:
                raise RecordError(f"a record with a 'start' state has no {key!r} (the state holds it)", f"$.{key}")
        start = _nested(data["start"], "$.start", module.State)
        rules, seed = start.rules, start.seed
    else:
        rules_data = data.get("rules")
        if not isinstance(rules_data, dict):
            raise RecordError("expected the rules, an object", "$.rules")
        rules = _nested({"format": serial.FORMAT, **rules_data}, "$.rules", module.Rules)
        seed = data.get("seed")
        if isinstance(seed, bool) or not isinstance(seed, int) or not abs(seed) < serial.SEED_LIMIT:
            raise RecordError("expected the game's seed, an int", "$.seed")
    deal, face_up = _read_deal(data, name)
    raw_moves = data.get("moves")
    if not isinstance(raw_moves, list):
        raise RecordError("expected the moves, a list of strings", "$.moves")
    if len(raw_moves) > MAX_MOVES:
        raise RecordError(f"{len(raw_moves)} moves: a record holds at most {MAX_MOVES}", "$.moves")
    moves = []
    for i, move_text in enumerate(raw_moves):
        try:
            moves.append(parse_move(move_text, module, rules))
        except RecordError as error:
            raise RecordError(f"move {i + 1}: {error.reason}", f"$.moves[{i}]", i + 1) from None
    result = data.get("result")
    if result is not None and not isinstance(result, dict):
        raise RecordError("expected the result, an object", "$.result")
    return Record(name, rules, seed, tuple(moves), deal, face_up, start, result)


def _read_deal(data: dict[str, Any], name: str) -> tuple[tuple[Any, ...] | None, Card | None]:
    deal: tuple[Any, ...] | None = None
    face_up = None
    if data.get("deal") is not None:
        raw = data["deal"]
        try:
            if name == "pomme":
                if not isinstance(raw, str):
                    raise RecordError("expected the 36 cards in dealing order, one string", "$.deal")
                deal = tuple(Card.parse(token) for token in raw.split()[:37])
            else:
                if not isinstance(raw, list) or len(raw) != 4 or not all(isinstance(h, str) for h in raw):
                    raise RecordError("expected four hands, strings of card codes", "$.deal")
                deal = tuple(CardSet.parse(hand) for hand in raw)
        except RecordError:
            raise
        except JassError as error:
            raise RecordError(str(error), "$.deal") from None
    if data.get("face_up") is not None:
        if name != "differenzler":
            raise RecordError("only Differenzler has a face-up card", "$.face_up")
        try:
            face_up = Card.parse(data["face_up"])
        except JassError as error:
            raise RecordError(str(error), "$.face_up") from None
    return deal, face_up


def replay(record: Record) -> Iterator[Any]:
    """The states of a recorded game: before the first move, then after each move.

    Raises :class:`~jass.errors.RecordError` with ``move_number`` for a move the
    rules forbid, and (after the last move) when the result differs from the
    record's.
    """
    module = _module(record.variant)
    state = record.initial_state()
    yield state
    for number, move in enumerate(record.moves, start=1):
        try:
            state = module.apply(state, move)
        except JassError as error:
            raise RecordError(
                f"move {number} ({format_move(move)!r}) is illegal: {error}", f"$.moves[{number - 1}]", number
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

