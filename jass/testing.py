"""Conformance checks: play random games of a variant and check every shared invariant after
every step.

A variant is a :class:`~jass.variant.Variant` (or its name, or its module: :mod:`jass.schieber`,
:mod:`jass.differenzler`, :mod:`jass.pomme`, or your own). :func:`check_variant` plays random
legal games with it and, after every step, checks what every variant must do:

1. **cards are conserved**: the zones of ``card_zones(state)`` (hands, trick, tricks taken,
   talon...) are pairwise disjoint and together hold the 36 cards;
2. **one seat to act** until the game is over (``to_act`` gives a seat, ``is_over`` is false,
   ``winner`` is ``None``), none after; only that seat's observation lists legal moves;
3. **legal moves** are non-empty until the end, empty after, and hold no move twice;
4. ``apply`` **leaves its input untouched** (the state pickles to the same bytes after it);
5. **illegal moves raise** :class:`~jass.errors.IllegalMoveError` **and change nothing**: moves
   that were legal earlier in the game but are not now, junk such as ``None``, and any the
   variant's hooks add; a legal move sent for a seat that is not to act raises
   :class:`~jass.errors.WrongSeatError`; another legal move than the one played is accepted;
6. **observations leak nothing hidden**: ``observe(state, seat)`` and its repr are the same for
   states that differ only in what ``seat`` cannot see, and reach no card the seat cannot know;
   a spectator's ``observe(state, None)`` shows only cards every seat knows, and no legal move;
7. **serialisation round-trips**: ``copy.deepcopy`` and ``pickle`` (and any round-trip you
   add, such as a JSON form) give back an equal state and move, with the same hash and repr;
8. **replay from the seed is exact**: ``new_game`` with the same rules and seed, then the same
   moves, goes through equal states;

and the variant's own invariants (its :class:`Hooks`, :attr:`jass.variant.Variant.checks`), for
example 157 points in every four-player round. A broken invariant raises :class:`ConformanceError` saying which game,
step, move and check.

>>> from jass import differenzler
>>> from jass.testing import check_variant
>>> report = check_variant(differenzler, games=1, seed=3, rules=differenzler.Rules(rounds=1))
>>> report.games, report.steps >= 4 + 36
(1, True)

Every variant brings its hooks in its :class:`~jass.variant.Variant` (:func:`hooks_for`); a
registered variant's states and moves also go through JSON (:mod:`jass.serial`).
"""

from __future__ import annotations

import copy
import itertools
import json
import pickle
import random
from collections.abc import Callable, Iterable, Mapping
from typing import Any, Final

import attrs

from jass import serial
from jass.cards import FULL_DECK, Card, CardSet
from jass.errors import IllegalMoveError, JassError, WrongSeatError
from jass.variant import VARIANTS, AnyVariant, ConformanceHooks, Roundtrip, as_variant

__all__ = [
    "ConformanceError",
    "Hooks",
    "Report",
    "Roundtrip",
    "DEFAULT_ROUNDTRIPS",
    "check_variant",
    "check_state",
    "hooks_for",
    "json_roundtrip",
    "perft",
    "visible_cards",
]


class ConformanceError(AssertionError):
    """An invariant does not hold. The message says which variant, game (and its seed), step,
    move and check; the attributes give the same for a debugger."""

    def __init__(
        self,
        message: str,
        *,
        check: str = "",
        step: int | None = None,
        state: Any = None,
        move: Any = None,
    ) -> None:
        super().__init__(message)
        #: The name of the check that failed, e.g. ``"cards conserved"``.
        self.check = check
        #: The number of moves applied before the failure (0: the new game).
        self.step = step
        #: The state being checked.
        self.state = state
        #: The move being applied or tried, if any.
        self.move = move


class _Broken(Exception):
    """Raised inside the checks; the driver adds the game, step and move."""

    def __init__(self, check: str, detail: str, move: Any = None) -> None:
        super().__init__(f"{check}: {detail}")
        self.check = check
        self.detail = detail
        self.move = move


def _expect(condition: object, check: str, detail: str, move: Any = None) -> None:
    if not condition:
        raise _Broken(check, detail, move)


def _pickle_roundtrip(value: Any) -> Any:
    return pickle.loads(pickle.dumps(value))


#: The round-trips every state and move goes through by default.
DEFAULT_ROUNDTRIPS: Final[tuple[Roundtrip, ...]] = (
    ("copy.deepcopy", copy.deepcopy),
    ("pickle", _pickle_roundtrip),
)


def json_roundtrip(to_data: Callable[[Any], Any], from_data: Callable[[Any], Any], name: str = "json") -> Roundtrip:
    """A round-trip through JSON text: ``from_data(json.loads(json.dumps(to_data(value))))``.

    Give it a serialiser's pair of functions (a state to plain data and back) and add it to
    :attr:`~jass.variant.ConformanceHooks.roundtrips`:

    >>> trip = json_roundtrip(lambda card: card.name, Card.parse)
    >>> trip[0], trip[1](Card.H10)
    ('json', Card.H10)
    """

    def roundtrip(value: Any) -> Any:
        return from_data(json.loads(json.dumps(to_data(value))))

    return (name, roundtrip)


Zones = Callable[[Any], Mapping[str, CardSet]]

#: What the checks need to know about a variant beyond its functions (see
#: :class:`jass.variant.ConformanceHooks`; a variant carries its own in :attr:`~jass.variant.Variant.checks`).
Hooks = ConformanceHooks


@attrs.frozen
class Report:
    """What :func:`check_variant` checked."""

    #: The variant's name (its module's).
    variant: str
    #: The games played to their end.
    games: int
    #: The moves applied (and replayed).
    steps: int
    #: The illegal moves tried (each raised and changed nothing).
    illegal_moves: int
    #: The sibling states whose observations were compared.
    hidden_variations: int


def _name(variant: Any) -> str:
    return str(getattr(variant, "name", None) or getattr(variant, "__name__", None) or type(variant).__name__).rsplit(".", 1)[-1]


def _resolve(variant: Any) -> Any:
    """A :class:`~jass.variant.Variant` for a variant, its name or its module; anything else
    (an object with a variant's functions) as it is."""
    try:
        return as_variant(variant)
    except JassError:
        return variant


# --- the checks of one state ------------------------------------------------------------------


def visible_cards(value: object) -> CardSet:
    """Every card reachable from ``value`` (an observation, say) through cards, sets of cards,
    tuples, lists, sets, dicts and the fields of attrs classes.

    >>> from jass import schieber
    >>> visible_cards(schieber.observe(schieber.new_game(seed=1), 0)) == schieber.new_game(seed=1).dealt[0]
    True
    """
    bits = 0
    seen: set[int] = set()
    stack: list[object] = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, Card):
            bits |= item.bit
        elif isinstance(item, CardSet):
            bits |= item.bits
        elif isinstance(item, (str, bytes, int, float)) or item is None:
            continue
        elif id(item) in seen:
            continue
        else:
            seen.add(id(item))
            if isinstance(item, (tuple, list, set, frozenset)):
                stack.extend(item)
            elif isinstance(item, dict):
                stack.extend(item.keys())
                stack.extend(item.values())
            elif attrs.has(type(item)):
                kind: Any = type(item)
                stack.extend(getattr(item, field.name) for field in attrs.fields(kind))
    return CardSet.from_bits(bits)


def _check_zones(zones_of: Zones, state: Any) -> None:
    check = "cards conserved"
    zones = zones_of(state)
    union = 0
    owner: dict[int, str] = {}
    for name, cards in zones.items():
        _expect(isinstance(cards, CardSet), check, f"zone {name!r} is {cards!r}, not a CardSet")
        overlap = union & cards.bits
        if overlap:
            first = owner[(overlap & -overlap).bit_length() - 1]
            raise _Broken(check, f"{CardSet.from_bits(overlap)} both in {first!r} and in {name!r}")
        for card in cards:
            owner[card.index] = name
        union |= cards.bits
    missing = FULL_DECK.bits & ~union
    _expect(not missing, check, f"{CardSet.from_bits(missing)} in no zone (zones: {sorted(zones)})")


def _snapshot(state: Any) -> bytes | str:
    try:
        return pickle.dumps(state)
    except Exception:  # a state that does not pickle: its repr must not change either
        return repr(state)


def _same(original: Any, copied: Any) -> str | None:
    """Why ``copied`` is not a faithful copy of ``original`` (``None`` when it is)."""
    if type(copied) is not type(original):
        return f"gave a {type(copied).__name__}, not a {type(original).__name__}"
    if copied != original:
        return "gave a different value"
    if hash(copied) != hash(original):
        return "gave an equal value with another hash"
    if repr(copied) != repr(original):
        return "gave an equal value with another repr"
    return None


class _Checker:
    """One run of the checks: the variant, its hooks, the random source and what was seen."""

    def __init__(self, variant: Any, hooks: Hooks, rng: random.Random) -> None:
        self.variant = variant
        self.hooks = hooks
        self.rng = rng
        zones = getattr(variant, "card_zones", None)
        if zones is None:
            raise ConformanceError(
                f"{_name(variant)}: no card_zones(state): give the variant a card_zones function",
                check="cards conserved",
            )
        self.zones: Zones = zones
        self.seats = int(getattr(variant, "seats", None) or variant.SEATS)
        self._seats_for: Callable[[Any], int] | None = getattr(variant, "seats_for", None)
        # Every move seen legal so far: candidates for the illegal-move check later.
        self.seen: set[Any] = set()
        self.pool: list[Any] = []
        self.illegal_tried = 0
        self.variations = 0

    def seats_of(self, state: Any) -> int:
        """The players of ``state``'s game: its rules may choose them (Differenzler for three)."""
        if self._seats_for is None:
            return self.seats
        return self._seats_for(getattr(state, "rules", None))

    def legal(self, state: Any) -> tuple[Any, ...]:
        """Checks 2 and 3 (one seat to act, the legal moves); the legal moves."""
        variant = self.variant
        seats = self.seats_of(state)
        moves: tuple[Any, ...] = variant.legal_moves(state)
        over = variant.is_over(state)
        seat = variant.to_act(state)
        check = "one seat to act"
        _expect(isinstance(moves, tuple), "legal moves", f"legal_moves gave a {type(moves).__name__}, not a tuple")
        if over:
            _expect(seat is None, check, f"the game is over but to_act is {seat!r}")
            _expect(moves == (), "legal moves", f"the game is over but legal_moves gives {moves!r}")
        else:
            _expect(
                isinstance(seat, int) and 0 <= seat < seats,
                check,
                f"to_act is {seat!r}, not a seat 0..{seats - 1}, and the game is not over",
            )
            _expect(moves, "legal moves", f"no legal move for seat {seat}, and the game is not over")
            _expect(
                variant.winner(state) is None,
                check,
                f"winner is {variant.winner(state)!r} while the game goes on",
            )
            _expect(
                len(set(moves)) == len(moves),
                "legal moves",
                "a move is listed twice: "
                + ", ".join(repr(m) for m, n in _counts(moves).items() if n > 1),
            )
        _expect(variant.legal_moves(state) == moves, "legal moves", "legal_moves changed between two calls")
        for move in moves:
            if move not in self.seen:
                self.seen.add(move)
                self.pool.append(move)
        return moves

    def observations(self, state: Any, moves: tuple[Any, ...]) -> None:
        """Checks 2 (only the seat to act sees legal moves) and 6 (nothing hidden leaks)."""
        variant, hooks = self.variant, self.hooks
        acting = variant.to_act(state)
        seats = self.seats_of(state)
        views = [variant.observe(state, seat) for seat in range(seats)]
        for seat, view in enumerate(views):
            listed = getattr(view, "legal_moves", None)
            if listed is not None:
                expected = moves if seat == acting else ()
                _expect(
                    tuple(listed) == expected,
                    "one seat to act",
                    f"observe(state, {seat}).legal_moves is {tuple(listed)!r}, expected {expected!r} "
                    f"(seat {acting} is to act)",
                )
        check = "observations leak nothing hidden"
        spectator = variant.observe(state, None)
        listed = getattr(spectator, "legal_moves", None)
        _expect(not listed, "one seat to act", f"observe(state, None) lists legal moves {listed!r}")
        # A spectator knows only what every seat knows.
        public = _intersection(hooks.known_cards(state, seat) for seat in range(seats))
        leaked = visible_cards(spectator) - public
        _expect(not leaked, check, f"observe(state, None) shows {leaked}, which a spectator cannot know")
        seat = self.rng.randrange(seats)
        view = views[seat]
        leaked = visible_cards(view) - hooks.known_cards(state, seat)
        _expect(not leaked, check, f"observe(state, {seat}) shows {leaked}, which seat {seat} cannot know")
        text = repr(view)
        for sibling in hooks.hidden_variations(state, seat, self.rng):
            if sibling == state:
                continue
            self.variations += 1
            other = variant.observe(sibling, seat)
            _expect(
                other == view and repr(other) == text,
                check,
                f"observe(state, {seat}) depends on what seat {seat} cannot see: "
                f"{_first_difference(view, other)}",
            )

    def roundtrips(self, value: Any, trips: tuple[Roundtrip, ...], what: str, move: Any = None) -> None:
        """Check 7: every round-trip gives back an equal value with the same hash and repr."""
        for name, trip in trips:
            try:
                again = trip(value)
            except Exception as error:
                raise _Broken("serialisation round-trips", f"{name} of the {what} raised {error!r}", move) from error
            problem = _same(value, again)
            _expect(problem is None, "serialisation round-trips", f"{name} of the {what} {problem}", move)

    def illegal(self, state: Any, moves: tuple[Any, ...]) -> None:
        """Check 5: moves that are not legal raise IllegalMoveError (nothing changes: the
        caller compares snapshots); another legal move is accepted."""
        legal = set(moves)
        candidates: list[Any] = [None]
        if self.pool:
            candidates.extend(self.rng.choice(self.pool) for _ in range(3))
        candidates.extend(self.hooks.illegal_moves(state, self.rng))
        for move in candidates:
            if move is not None and move in legal:
                continue
            self.illegal_tried += 1
            try:
                self.variant.apply(state, move)
            except IllegalMoveError:
                continue
            except Exception as error:
                raise _Broken(
                    "illegal moves raise", f"{move!r} raised {error!r}, not an IllegalMoveError", move
                ) from error
            raise _Broken("illegal moves raise", f"{move!r} is not among the legal moves but was accepted", move)
        acting = self.variant.to_act(state)
        if moves and acting is not None:
            # A legal move sent for another seat is refused: WrongSeatError, an IllegalMoveError.
            seats = self.seats_of(state)
            wrong = (acting + 1 + self.rng.randrange(seats - 1)) % seats
            self.illegal_tried += 1
            try:
                self.variant.apply(state, moves[0], seat=wrong)
            except WrongSeatError:
                pass  # refused as it must be
            except Exception as error:
                raise _Broken(
                    "illegal moves raise", f"{moves[0]!r} sent by seat {wrong} raised {error!r}, not a "
                    f"WrongSeatError (seat {acting} is to act)", moves[0]
                ) from error
            else:
                raise _Broken("illegal moves raise", f"{moves[0]!r} sent by seat {wrong} was accepted "
                              f"(seat {acting} is to act)", moves[0])
        if len(moves) > 1:
            other = self.rng.choice(moves)
            try:
                self.variant.apply(state, other)
            except Exception as error:
                raise _Broken("legal moves", f"the legal move {other!r} raised {error!r}", other) from error

    def state(self, state: Any) -> tuple[Any, ...]:
        """Every check of one state; its legal moves."""
        moves = self.legal(state)
        _check_zones(self.zones, state)
        self.observations(state, moves)
        self.roundtrips(state, self.hooks.roundtrips or (), "state")
        return moves


def _intersection(sets: Iterable[CardSet]) -> CardSet:
    common = CardSet(FULL_DECK)
    for cards in sets:
        common &= cards
    return common


def _counts(items: Iterable[Any]) -> dict[Any, int]:
    counts: dict[Any, int] = {}
    for item in items:
        counts[item] = counts.get(item, 0) + 1
    return counts


def _first_difference(a: Any, b: Any) -> str:
    if attrs.has(type(a)) and type(a) is type(b):
        for field in attrs.fields(type(a)):
            x, y = getattr(a, field.name), getattr(b, field.name)
            if x != y or repr(x) != repr(y):
                return f"field {field.name!r} is {x!r} in one and {y!r} in the other"
    return f"{a!r} != {b!r}"


def _call(check: str, action: Callable[[], Any], move: Any = None) -> Any:
    """Run a call into the variant; an unexpected exception becomes a broken check."""
    try:
        return action()
    except _Broken:
        raise
    except AssertionError as error:  # a hook's own check
        raise _Broken(check, str(error) or repr(error), move) from error
    except Exception as error:
        raise _Broken(check, f"raised {error!r}", move) from error


# --- the driver -------------------------------------------------------------------------------


def check_variant(
    variant: AnyVariant | str | Any,
    *,
    games: int = 3,
    seed: int = 0,
    rules: Any = None,
    hooks: Hooks | None = None,
    max_steps: int = 100_000,
) -> Report:
    """Play ``games`` random games of ``variant`` and check the invariants after every step.

    ``seed`` fixes everything: each game's seed and every random choice, so a failure
    repeats exactly. ``rules`` is passed to ``new_game`` (``None``: the variant's defaults).
    ``hooks`` default to :func:`hooks_for` ``(variant)``. A game that has not ended after
    ``max_steps`` moves is an error too.

    Raises :class:`ConformanceError` at the first broken invariant; returns a
    :class:`Report` of what was checked.
    """
    variant = _resolve(variant)
    hooks = _complete(hooks, variant)
    master = random.Random(seed)
    name = _name(variant)
    total = 0
    checker = _Checker(variant, hooks, master)
    for game in range(games):
        game_seed = master.getrandbits(64)
        checker.rng = random.Random(master.getrandbits(64))
        where = f"{name} game {game} (check_variant seed={seed}; new_game seed={game_seed})"
        total += _play_checked(checker, rules, game_seed, where, max_steps)
    return Report(name, games, total, checker.illegal_tried, checker.variations)


def _play_checked(checker: _Checker, rules: Any, game_seed: int, where: str, max_steps: int) -> int:
    """One random game, checked after every step and replayed at the end; its number of moves."""
    variant, hooks, rng = checker.variant, checker.hooks, checker.rng
    step = 0
    state: Any = None
    move: Any = None
    states: list[Any] = []
    played: list[Any] = []
    try:
        state = _call("new game", lambda: variant.new_game(rules=rules, seed=game_seed))
        while True:
            states.append(state)
            moves = checker.state(state)
            if not moves:
                break
            _expect(step < max_steps, "the game ends", f"no end after {max_steps} moves")
            before = _snapshot(state)
            checker.illegal(state, moves)
            move = _call("choose", lambda: hooks.choose(state, moves, rng))
            _expect(move in moves, "choose", f"the chosen move {move!r} is not legal", move)
            checker.roundtrips(move, hooks.move_roundtrips or (), "move", move)
            after = _call("apply", lambda: variant.apply(state, move), move)
            _expect(
                _snapshot(state) == before,
                "apply leaves its input untouched",
                "the state changed while moves were applied to it",
                move,
            )
            _call("the variant's own invariants", lambda: hooks.check_step(state, move, after), move)
            played.append(move)
            state = after
            step += 1
            move = None
        _call("the variant's own invariants", lambda: hooks.check_end(state))
        _replay(variant, rules, game_seed, states, played)
    except _Broken as broken:
        raise _failure(where, step, played, state, broken.check, str(broken), broken.move) from broken.__cause__
    except ConformanceError:
        raise
    except Exception as error:  # a call into the variant or a hook that failed unexpectedly
        raise _failure(where, step, played, state, "no unexpected error", f"raised {error!r}", move) from error
    return step


def _failure(
    where: str, step: int, played: list[Any], state: Any, check: str, detail: str, move: Any
) -> ConformanceError:
    last = f" (after {played[-1]!r})" if played else ""
    trying = f", trying {move!r}" if move is not None else ""
    return ConformanceError(f"{where}, step {step}{last}{trying}: {detail}", check=check, step=step, state=state, move=move)


def _replay(variant: Any, rules: Any, game_seed: int, states: list[Any], played: list[Any]) -> None:
    """Check 8: the same seed and moves go through equal states."""
    check = "replay from the seed is exact"
    state = variant.new_game(rules=rules, seed=game_seed)
    for number, (recorded, move) in enumerate(itertools.zip_longest(states, played)):
        _expect(state == recorded, check, f"the replay differs at step {number}: {_first_difference(recorded, state)}")
        if move is not None:
            state = variant.apply(state, move)


def check_state(variant: AnyVariant | str | Any, state: Any, *, hooks: Hooks | None = None, seed: int = 0) -> tuple[Any, ...]:
    """Check one state as :func:`check_variant` checks each state of its games (checks 1-7
    for the state and one move of it), e.g. a state built by hand or by Hypothesis; returns its
    legal moves.

    >>> from jass import schieber
    >>> len(check_state(schieber, schieber.new_game(seed=4)))
    7
    """
    variant = _resolve(variant)
    checker = _Checker(variant, _complete(hooks, variant), random.Random(seed))
    try:
        moves = checker.state(state)
        if moves:
            before = _snapshot(state)
            checker.illegal(state, moves)
            _expect(_snapshot(state) == before, "apply leaves its input untouched", "the state changed")
        return moves
    except _Broken as broken:
        raise ConformanceError(f"{_name(variant)}: {broken}", check=broken.check, state=state, move=broken.move) from None


def perft(variant: AnyVariant | str | Any, state: Any, depth: int) -> int:
    """The number of sequences of ``depth`` legal moves from ``state``, python-chess's
    "perft": a count that any correct move generator reproduces exactly. A game that ends
    before ``depth`` moves adds nothing.

    >>> from jass import pomme
    >>> start = pomme.new_game(pomme.Rules(first_dealer=0), seed=1)
    >>> perft(pomme, start, 1), perft(pomme, start, 2)    # keep or exchange 3 of 9, twice
    (85, 7225)
    """
    variant = _resolve(variant)
    return _perft(variant.legal_moves, variant.apply, state, depth)


def _perft(legal_moves: Callable[[Any], tuple[Any, ...]], apply: Callable[[Any, Any], Any], state: Any,
           depth: int) -> int:
    if depth == 0:
        return 1
    moves = legal_moves(state)
    if depth == 1:
        return len(moves)
    return sum(_perft(legal_moves, apply, apply(state, move), depth - 1) for move in moves)


# --- the hooks of a variant -------------------------------------------------------------------


def hooks_for(variant: Any) -> Hooks:
    """The hooks of ``variant`` (a :class:`~jass.variant.Variant`, its name or its module), with
    the round-trips every state and move must survive: deepcopy, pickle and, for a registered
    variant, JSON (:mod:`jass.serial`).

    >>> [name for name, _ in hooks_for("pomme").roundtrips]
    ['copy.deepcopy', 'pickle', 'json']
    """
    found = _resolve(variant)
    hooks = getattr(found, "checks", None)
    if not isinstance(hooks, ConformanceHooks):
        hooks = ConformanceHooks()
    registered = isinstance(getattr(found, "name", None), str) and VARIANTS.get(found.name) is found
    trips = DEFAULT_ROUNDTRIPS + (_json_roundtrips() if registered else ())
    return attrs.evolve(
        hooks,
        roundtrips=trips if hooks.roundtrips is None else hooks.roundtrips,
        move_roundtrips=trips if hooks.move_roundtrips is None else hooks.move_roundtrips,
    )


def _complete(hooks: Hooks | None, variant: Any) -> Hooks:
    """``hooks`` (the variant's own if ``None``) with the default round-trips where they give none."""
    if hooks is None:
        return hooks_for(variant)
    if hooks.roundtrips is not None and hooks.move_roundtrips is not None:
        return hooks
    defaults = hooks_for(variant)
    return attrs.evolve(
        hooks,
        roundtrips=defaults.roundtrips if hooks.roundtrips is None else hooks.roundtrips,
        move_roundtrips=defaults.move_roundtrips if hooks.move_roundtrips is None else hooks.move_roundtrips,
    )


def _json_roundtrips() -> tuple[Roundtrip, ...]:
    """The JSON round-trip (:mod:`jass.serial`) of a registered variant's states and moves."""
    return (json_roundtrip(serial.to_dict, serial.from_dict),)
