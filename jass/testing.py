"""Conformance checks: play random games of a variant and check every shared invariant after
every step.

A variant is a module with the functions of :mod:`jass.protocol` (:mod:`jass.schieber`,
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
   variant's hooks add; another legal move than the one played is accepted;
6. **observations leak nothing hidden**: ``observe(state, seat)`` and its repr are the same for
   states that differ only in what ``seat`` cannot see, and reach no card the seat cannot know;
7. **serialisation round-trips**: ``copy.deepcopy`` and ``pickle`` (and any round-trip you
   add, such as a JSON form) give back an equal state and move, with the same hash and repr;
8. **replay from the seed is exact**: ``new_game`` with the same rules and seed, then the same
   moves, goes through equal states;

and the variant's own invariants (:class:`Hooks`), for example 157 points in every
four-player round. A broken invariant raises :class:`ConformanceError` saying which game,
step, move and check.

>>> from jass import differenzler
>>> from jass.testing import check_variant
>>> report = check_variant(differenzler, games=1, seed=3, rules=differenzler.Rules(rounds=1))
>>> report.games, report.steps >= 4 + 36
(1, True)

The three variants of the library come with their hooks (:func:`hooks_for`); a new variant
passes its own (see the guide "Checking a variant").
"""

from __future__ import annotations

import copy
import itertools
import json
import pickle
import random
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import Any, Final

import attrs

from jass.cards import FULL_DECK, Card, CardSet
from jass.errors import IllegalMoveError
from jass.protocol import Variant
from jass.trump import LAST_TRICK_BONUS, point_table

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


#: A round-trip: a name and a function that turns a state (or a move) into a copy of it.
Roundtrip = tuple[str, Callable[[Any], Any]]


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
    :attr:`Hooks.roundtrips`:

    >>> trip = json_roundtrip(lambda card: card.name, Card.parse)
    >>> trip[0], trip[1](Card.H10)
    ('json', Card.H10)
    """

    def roundtrip(value: Any) -> Any:
        return from_data(json.loads(json.dumps(to_data(value))))

    return (name, roundtrip)


Zones = Callable[[Any], Mapping[str, CardSet]]
Variations = Callable[[Any, int, random.Random], Iterable[Any]]
Known = Callable[[Any, int], CardSet]
StepCheck = Callable[[Any, Any, Any], None]
EndCheck = Callable[[Any], None]
Chooser = Callable[[Any, Sequence[Any], random.Random], Any]
MoreMoves = Callable[[Any, random.Random], Iterable[Any]]


@attrs.frozen
class Hooks:
    """What the checks need to know about a variant beyond :mod:`jass.protocol`.

    Every hook is optional except a way to find the cards (``card_zones``, or the variant's
    own ``card_zones`` function). A hook that finds a problem raises ``AssertionError`` with a
    message; the checks add where it happened.
    """

    #: ``card_zones(state) -> {name: CardSet}``: where every card is. ``None``: the
    #: variant's own ``card_zones`` function.
    card_zones: Zones | None = None
    #: ``hidden_variations(state, seat, rng)``: states that differ from ``state`` only in
    #: what ``seat`` cannot see (another hand, the talon, a secret prediction).
    hidden_variations: Variations | None = None
    #: ``known_cards(state, seat)``: every card ``seat`` may know of (its hand, the played
    #: cards, a face-up card); no card outside it may be reachable from its observation.
    known_cards: Known | None = None
    #: ``check_step(before, move, after)``: the variant's own invariants of one step.
    check_step: StepCheck | None = None
    #: ``check_end(final)``: the variant's own invariants of a finished game.
    check_end: EndCheck | None = None
    #: ``choose(state, legal_moves, rng)``: the move to play (default: a uniformly random one).
    choose: Chooser | None = None
    #: ``illegal_moves(state, rng)``: more candidates for the illegal-move check; those that
    #: are legal in ``state`` are skipped.
    illegal_moves: MoreMoves | None = None
    #: The round-trips every state must survive.
    roundtrips: tuple[Roundtrip, ...] = DEFAULT_ROUNDTRIPS
    #: The round-trips every move must survive.
    move_roundtrips: tuple[Roundtrip, ...] = DEFAULT_ROUNDTRIPS


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
    name = getattr(variant, "__name__", None) or type(variant).__name__
    return str(name).rsplit(".", 1)[-1]


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
        zones = hooks.card_zones or getattr(variant, "card_zones", None)
        if zones is None:
            raise ConformanceError(
                f"{_name(variant)}: no card_zones(state): give the variant a card_zones "
                "function or pass Hooks(card_zones=...)",
                check="cards conserved",
            )
        self.zones: Zones = zones
        self.seats = int(variant.SEATS)
        # Every move seen legal so far: candidates for the illegal-move check later.
        self.seen: set[Any] = set()
        self.pool: list[Any] = []
        self.illegal_tried = 0
        self.variations = 0

    def legal(self, state: Any) -> tuple[Any, ...]:
        """Checks 2 and 3 (one seat to act, the legal moves); the legal moves."""
        variant = self.variant
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
                isinstance(seat, int) and 0 <= seat < self.seats,
                check,
                f"to_act is {seat!r}, not a seat 0..{self.seats - 1}, and the game is not over",
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
        views = [variant.observe(state, seat) for seat in range(self.seats)]
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
        seat = self.rng.randrange(self.seats)
        view = views[seat]
        check = "observations leak nothing hidden"
        if hooks.known_cards is not None:
            leaked = visible_cards(view) - hooks.known_cards(state, seat)
            _expect(not leaked, check, f"observe(state, {seat}) shows {leaked}, which seat {seat} cannot know")
        if hooks.hidden_variations is not None:
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
        if self.hooks.illegal_moves is not None:
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
        self.roundtrips(state, self.hooks.roundtrips, "state")
        return moves


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
    variant: Variant,
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
    if hooks is None:
        hooks = hooks_for(variant)
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
            move = _call("choose", lambda: (hooks.choose or _uniform)(state, moves, rng))
            _expect(move in moves, "choose", f"the chosen move {move!r} is not legal", move)
            checker.roundtrips(move, hooks.move_roundtrips, "move", move)
            after = _call("apply", lambda: variant.apply(state, move), move)
            _expect(
                _snapshot(state) == before,
                "apply leaves its input untouched",
                "the state changed while moves were applied to it",
                move,
            )
            if hooks.check_step is not None:
                check_step = hooks.check_step
                _call("the variant's own invariants", lambda: check_step(state, move, after), move)
            played.append(move)
            state = after
            step += 1
            move = None
        if hooks.check_end is not None:
            check_end = hooks.check_end
            _call("the variant's own invariants", lambda: check_end(state))
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


def _uniform(state: Any, moves: Sequence[Any], rng: random.Random) -> Any:
    return rng.choice(moves)


def _replay(variant: Any, rules: Any, game_seed: int, states: list[Any], played: list[Any]) -> None:
    """Check 8: the same seed and moves go through equal states."""
    check = "replay from the seed is exact"
    state = variant.new_game(rules=rules, seed=game_seed)
    for number, (recorded, move) in enumerate(itertools.zip_longest(states, played)):
        _expect(state == recorded, check, f"the replay differs at step {number}: {_first_difference(recorded, state)}")
        if move is not None:
            state = variant.apply(state, move)


def check_state(variant: Variant, state: Any, *, hooks: Hooks | None = None, seed: int = 0) -> tuple[Any, ...]:
    """Check one state as :func:`check_variant` checks each state of its games (checks 1-7
    for the state and one move of it), e.g. a state built by hand or by Hypothesis; returns its
    legal moves.

    >>> from jass import schieber
    >>> len(check_state(schieber, schieber.new_game(seed=4)))
    7
    """
    checker = _Checker(variant, hooks or hooks_for(variant), random.Random(seed))
    try:
        moves = checker.state(state)
        if moves:
            before = _snapshot(state)
            checker.illegal(state, moves)
            _expect(_snapshot(state) == before, "apply leaves its input untouched", "the state changed")
        return moves
    except _Broken as broken:
        raise ConformanceError(f"{_name(variant)}: {broken}", check=broken.check, state=state, move=broken.move) from None


def perft(variant: Variant, state: Any, depth: int) -> int:
    """The number of sequences of ``depth`` legal moves from ``state``, python-chess's
    "perft": a count that any correct move generator reproduces exactly. A game that ends
    before ``depth`` moves adds nothing.

    >>> from jass import pomme
    >>> start = pomme.new_game(pomme.Rules(first_dealer=0), seed=1)
    >>> perft(pomme, start, 1), perft(pomme, start, 2)    # keep or exchange 3 of 9, twice
    (85, 7225)
    """
    if depth == 0:
        return 1
    moves = variant.legal_moves(state)
    if depth == 1:
        return len(moves)
    return sum(perft(variant, variant.apply(state, move), depth - 1) for move in moves)


# --- the hooks of the library's variants ------------------------------------------------------


def hooks_for(variant: Any) -> Hooks:
    """The hooks of one of the library's variants (Schieber, Differenzler, la pomme); for any
    other module, ``Hooks()`` (its own ``card_zones`` is found by the checks).

    >>> from jass import pomme
    >>> [name for name, _ in hooks_for(pomme).roundtrips]
    ['copy.deepcopy', 'pickle', 'json']
    """
    from jass import differenzler, pomme, schieber

    trips = DEFAULT_ROUNDTRIPS + _json_roundtrips()
    if variant is schieber:
        return Hooks(
            hidden_variations=_schieber_variations,
            known_cards=_schieber_known,
            check_step=_schieber_step,
            choose=_schieber_choose,
            roundtrips=trips,
            move_roundtrips=trips,
        )
    if variant is differenzler:
        return Hooks(
            hidden_variations=_differenzler_variations,
            known_cards=_differenzler_known,
            check_step=_differenzler_step,
            roundtrips=trips,
            move_roundtrips=trips,
        )
    if variant is pomme:
        return Hooks(
            hidden_variations=_pomme_variations,
            known_cards=_pomme_known,
            check_step=_pomme_step,
            roundtrips=trips,
            move_roundtrips=trips,
        )
    return Hooks(roundtrips=trips, move_roundtrips=trips)


def _json_roundtrips() -> tuple[Roundtrip, ...]:
    """The JSON round-trip (:mod:`jass.serial`) of the library's states and moves."""
    from jass import serial  # late: serial imports every variant, as this module does

    return (json_roundtrip(serial.to_dict, serial.from_dict),)


def _swap_cards(hands: tuple[CardSet, ...], a: int, b: int, card_a: Card, card_b: Card) -> tuple[CardSet, ...]:
    """``hands`` with ``card_a`` of seat ``a`` and ``card_b`` of seat ``b`` exchanged."""
    result = list(hands)
    result[a] = CardSet.from_bits(hands[a].bits & ~card_a.bit | card_b.bit)
    result[b] = CardSet.from_bits(hands[b].bits & ~card_b.bit | card_a.bit)
    return tuple(result)


def _two_other_seats(held: Sequence[CardSet], seat: int, rng: random.Random, keep: int = 0) -> tuple[int, int] | None:
    others = [s for s in range(len(held)) if s != seat and held[s].bits & ~keep]
    if len(others) < 2:
        return None
    a, b = rng.sample(others, 2)
    return a, b


def _random_card(cards: CardSet, rng: random.Random, keep: int = 0) -> Card:
    return rng.choice(list(CardSet.from_bits(cards.bits & ~keep)))


# Schieber


def _schieber_variations(state: Any, seat: int, rng: random.Random) -> Iterator[Any]:
    """One unplayed card of each of two other seats exchanged (in the hands as dealt and in
    play); with automatic Weis declared after trick 1, only if no Weis changes."""
    from jass import schieber
    from jass.weis import detect_weis

    in_play = state.play is not None and state.phase is not schieber.Phase.CHOOSE_TRUMP
    held = state.play.hands if in_play else state.dealt
    pair = _two_other_seats(held, seat, rng)
    if pair is None:
        return
    a, b = pair
    card_a, card_b = _random_card(held[a], rng), _random_card(held[b], rng)
    dealt = _swap_cards(state.dealt, a, b, card_a, card_b)
    if state.rules.auto_declare and in_play and state.play.tricks:
        # The Weis of every hand are public after trick 1: a swap that changes one is no test.
        weis = state.rules.weis
        if any(detect_weis(dealt[s], weis) != detect_weis(state.dealt[s], weis) for s in (a, b)):
            return
    if not in_play:
        yield state.replace(dealt=dealt)
        return
    play = state.play.with_hands(_swap_cards(state.play.hands, a, b, card_a, card_b))
    yield state.replace(dealt=dealt, play=play)


def _schieber_known(state: Any, seat: int) -> CardSet:
    """Its hand as dealt, the cards played, and once trick 1 is over the declared Weis."""
    from jass.weis import detect_weis

    known: CardSet = state.dealt[seat]
    play = state.play
    if play is None:
        return known
    known |= play.played()
    if play.tricks:
        for number, declared in enumerate(state.declared):
            if state.rules.auto_declare:
                declared = detect_weis(state.dealt[number], state.rules.weis)
            for weis in declared or ():
                known |= weis.cards
    return known


def _schieber_choose(state: Any, moves: Sequence[Any], rng: random.Random) -> Any:
    """A random move; "bedankt, genug" mostly when it is right (a random announcement would end
    nearly every game of the seed's claim mode in its first round)."""
    from jass import schieber

    announce = schieber.Announce()
    if announce in moves:
        seat = schieber.to_act(state)
        right = seat is not None and schieber.totals(state)[seat % 2] >= state.rules.target_score
        if rng.random() < (0.25 if right else 0.005):
            return announce
        moves = [m for m in moves if m != announce]
    return rng.choice(moves)


def _schieber_step(before: Any, move: Any, after: Any) -> None:
    """A finished round: 152 card points, 5 for the last trick, the match bonus for nine
    tricks (157 in all, plus the bonus); the written scores grow by the round's totals."""
    if len(after.history) == len(before.history):
        return
    score = after.history[-1]
    grown = (after.scores[0] - before.scores[0], after.scores[1] - before.scores[1])
    assert score.totals == grown, f"the scores grew by {grown}, the round's totals are {score.totals}"
    play = after.play
    if not play.is_done:  # the game ended during the round
        return
    teams = score.teams
    won = [sum(1 for trick in play.tricks if trick.winner % 2 == team) for team in (0, 1)]
    cards = teams[0].cards + teams[1].cards
    assert cards == 152, f"the round's card points are {cards}, not 152"
    assert (teams[0].last_trick, teams[1].last_trick) in ((LAST_TRICK_BONUS, 0), (0, LAST_TRICK_BONUS))
    bonus = after.rules.match_bonus
    match = tuple(bonus if n == 9 else 0 for n in won)
    assert (teams[0].match, teams[1].match) == match, f"match points {teams[0].match, teams[1].match}"
    points = sum(t.cards + t.last_trick + t.match for t in teams)
    assert points == 157 + sum(match), f"the round's trick points are {points}, not 157 (+ match)"


# Differenzler


def _differenzler_variations(state: Any, seat: int, rng: random.Random) -> Iterator[Any]:
    """An unplayed card of each of two other seats exchanged (never the face-up card); another
    seat's secret prediction changed."""
    from jass import differenzler

    play = state.play
    keep = state.face_up.bit
    pair = _two_other_seats(play.hands, seat, rng, keep)
    if pair is not None:
        a, b = pair
        card_a, card_b = _random_card(play.hands[a], rng, keep), _random_card(play.hands[b], rng, keep)
        yield state.replace(play=play.with_hands(_swap_cards(play.hands, a, b, card_a, card_b)))
    secret = state.rules.prediction_mode is differenzler.PredictionMode.SECRET
    if secret and state.phase in (differenzler.Phase.PREDICT, differenzler.Phase.PLAY):
        others = [s for s, p in enumerate(state.predictions) if s != seat and p is not None]
        if others:
            other = rng.choice(others)
            value = (state.predictions[other] + rng.randrange(1, 158)) % 158
            predictions = tuple(value if s == other else p for s, p in enumerate(state.predictions))
            yield state.replace(predictions=predictions)


def _differenzler_known(state: Any, seat: int) -> CardSet:
    """Its hand, the cards played and the face-up card."""
    play = state.play
    known: CardSet = play.hands[seat] | play.played() | {state.face_up}
    return known


def _differenzler_step(before: Any, move: Any, after: Any) -> None:
    """A finished round shares out 157 points (152 in cards, 5 for the last trick) in 9 tricks."""
    if len(after.history) == len(before.history):
        return
    score = after.history[-1]
    assert sum(score.points) == 157, f"the round's points {score.points} add up to {sum(score.points)}, not 157"
    assert sum(score.tricks_won) == 9, f"tricks won {score.tricks_won}"
    penalties = tuple(a - b for a, b in zip(after.penalties, before.penalties))
    assert penalties == score.penalties, f"the totals grew by {penalties}, the round's penalties are {score.penalties}"


# La pomme


def _pomme_variations(state: Any, seat: int, rng: random.Random) -> Iterator[Any]:
    """A hidden card exchanged with another in a different hidden place: the other seat's
    hand, either seat's face-down extras (a player does not look at their own), the talon."""
    other = 1 - seat
    public = state.turned.bit | state.top_card.bit
    held = state.hand(other)
    places: list[tuple[str, int, CardSet]] = [("hand", other, CardSet.from_bits(held.bits & ~public))]
    places += [("extras", s, state.extras[s]) for s in (0, 1)]
    places.append(("talon", 0, state.talon))
    places = [place for place in places if place[2]]
    if len(places) < 2:
        return
    first, second = rng.sample(places, 2)
    card_a, card_b = _random_card(first[2], rng), _random_card(second[2], rng)
    hands, extras, talon = list(state.hands), list(state.extras), state.talon
    in_play = list(state.play.hands) if state.play is not None else None
    for (kind, owner, _), out, into in ((first, card_a, card_b), (second, card_b, card_a)):
        if kind == "hand":
            hands[owner] = _replace(hands[owner], out, into)
            if in_play is not None:
                in_play[owner] = _replace(in_play[owner], out, into)
        elif kind == "extras":
            extras[owner] = _replace(extras[owner], out, into)
        else:
            talon = _replace(talon, out, into)
    changes: dict[str, Any] = {"hands": tuple(hands), "extras": tuple(extras), "talon": talon}
    if in_play is not None:
        changes["play"] = state.play.with_hands(tuple(in_play))
    yield state.replace(**changes)


def _replace(cards: CardSet, out: Card, into: Card) -> CardSet:
    return CardSet.from_bits(cards.bits & ~out.bit | into.bit)


def _pomme_known(state: Any, seat: int) -> CardSet:
    """Its hand, the cards played, the turned card and the top card of the talon."""
    known: CardSet = state.hand(seat) | {state.turned, state.top_card}
    if state.play is not None:
        known |= state.play.played()
    return known


def _pomme_step(before: Any, move: Any, after: Any) -> None:
    """3 cards out of play per decided seat; a finished round's totals are the points of its
    18 played cards plus 5 for the last trick."""
    decided = sum(d is not None for d in after.exchanges)
    assert len(after.out_of_play) == 3 * decided, f"{len(after.out_of_play)} cards out of play, {decided} seats decided"
    if len(after.history) == len(before.history):
        return
    score = after.history[-1]
    played = [card for trick in after.play.tricks for card in trick.cards]
    assert len(played) == 18 and len(set(played)) == 18, f"{len(played)} cards played in the round"
    table = point_table(after.trump, after.rules.trump_jack_points)
    cards = sum(table[card.index] for card in played)
    assert sum(score.totals) == cards + LAST_TRICK_BONUS, (
        f"the round's totals {score.totals} add up to {sum(score.totals)}, not the played cards' "
        f"{cards} + {LAST_TRICK_BONUS}"
    )
