"""Variants as objects: the :class:`Variant` description, the registry, and what every variant
module shares.

Every variant (:mod:`jass.schieber`, :mod:`jass.differenzler`, :mod:`jass.pomme`, or your own)
is one module that ends by describing itself in a :class:`Variant` and registering it, as
python-chess's ``chess.variant`` keeps its ``VARIANTS``. Everything above the variants (JSON,
records, the conformance harness, bots, the arena, the command line) finds a variant here and
never asks for one by name in its own code:

>>> from jass.variant import VARIANTS, find_variant
>>> list(VARIANTS)[:3]                               # the library's three, then any registered
['schieber', 'differenzler', 'pomme']
>>> schieber = find_variant("Chibre")                # names and aliases, any case
>>> schieber.name, schieber.seats, schieber.teams
('schieber', 4, ((0, 2), (1, 3)))
>>> final = random_playout(schieber, schieber.new_game(seed=1), seed=2)
>>> schieber.is_over(final)
True

A variant's functions:

- ``new_game(rules=None, seed=None) -> State``: a game (a seed is drawn when none is given
  and kept in the state);
- ``legal_moves(state) -> tuple[Move, ...]``: every move the seat to act may make, empty only
  when the game is over;
- ``apply(state, move) -> State``: the state after ``move``; the given state is never changed;
  an illegal move raises :class:`~jass.errors.IllegalMoveError`;
- ``to_act(state)``: the seat whose move is due (``None`` when over); ``is_over(state)``;
  ``winner(state)``: the winning team (an index of :attr:`Variant.teams`);
- ``score_round(state)``: the round's score, from the variant's one scoring function;
- ``observe(state, seat)``: what ``seat`` may know, and nothing more;
- ``card_zones(state)``: where each of the 36 cards is.

Below the registry, this module holds the scaffolding the variant modules share: the
two-part state (:class:`TwoPartState`, :class:`SettingField`), the start of a game
(:func:`game_start`), the guards, and :func:`slot_builder` for the hot paths.
"""

from __future__ import annotations

import importlib
import operator
import random
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from importlib.metadata import entry_points
from types import ModuleType
from typing import Any, ClassVar, Final, Generic, Protocol, TypeVar, cast, overload

import attrs

from jass.cards import CardSet, foreign_character, not_notation
from jass.encoding import Encoding
from jass.errors import (
    IllegalMoveError,
    InvalidRulesError,
    InvalidSeedError,
    JassError,
    RecordError,
    SerialError,
    WrongSeatError,
    describe_value,
)
from jass.play import new_seed, seeded_seat

__all__ = [
    "Variant",
    "NewGame",
    "Apply",
    "ConformanceHooks",
    "SearchHooks",
    "VARIANTS",
    "register",
    "find_variant",
    "as_variant",
    "variant_of",
    "random_playout",
    "TwoPartState",
    "SettingField",
    "game_start",
    "SEED_LIMIT",
    "MAX_ROUNDS",
    "out_of_rounds",
    "PROTOCOL",
    "protocol_of",
    "game_end",
    "IsOver",
    "Winner",
    "record_deal",
    "rounds_before",
    "replay_move",
    "check_game_end",
    "check_turn",
    "split_move",
    "no_argument",
    "check_seat",
    "check_observer",
    "check_seed",
    "check_sender",
    "refused",
    "move_error",
    "wrong_state",
    "slot_builder",
    "slot_evolve",
    "changed",
]

R = TypeVar("R")  # the variant's Rules
S = TypeVar("S")  # its State
M = TypeVar("M")  # its moves
O = TypeVar("O")  # its Observation
T = TypeVar("T")

#: A JSON value: what a variant writes into a record (its result, its deal).
JSON = Any


R_contra = TypeVar("R_contra", contravariant=True)
S_co = TypeVar("S_co", covariant=True)


class NewGame(Protocol[R_contra, S_co]):
    """``new_game(rules=None, seed=None) -> State``: a variant's start of a game."""

    def __call__(self, rules: R_contra | None = None, seed: int | None = None) -> S_co:
        """A new game under ``rules`` (the defaults if ``None``), dealt from ``seed`` (drawn if
        ``None``)."""


M_contra = TypeVar("M_contra", contravariant=True)


class Apply(Protocol[S, M_contra]):
    """``apply(state, move, *, seat=None) -> State``: the state after the seat to act makes
    ``move``; ``state`` itself is unchanged.

    The one rule for untrusted input: ``move`` must equal one of ``legal_moves(state)``, else
    :class:`~jass.errors.IllegalMoveError`, whose text names only public facts (the move as
    sent, the phase, the seat to act), so that a server may send it to the sender; the legal
    moves are in the error's attributes. ``seat``, when given, is the seat that sent the move:
    a seat that is not to act is refused first (:class:`~jass.errors.WrongSeatError`). What
    no player may choose (a deal of given cards) is not a move of ``apply``: trusted code
    makes it with :attr:`Variant.apply_trusted`.
    """

    def __call__(self, state: S, move: M_contra, *, seat: int | None = None) -> S:
        """The state after ``move``; ``seat`` (if given) must be the seat to act."""


Zones = Callable[[Any], Mapping[str, CardSet]]
Variations = Callable[[Any, int, random.Random], Iterable[Any]]
Known = Callable[[Any, int], CardSet]
StepCheck = Callable[[Any, Any, Any], None]
EndCheck = Callable[[Any], None]
Chooser = Callable[[Any, Sequence[Any], random.Random], Any]
MoreMoves = Callable[[Any, random.Random], Iterable[Any]]
Roundtrip = tuple[str, Callable[[Any], Any]]


@attrs.frozen
class ConformanceHooks:
    """What the conformance harness (:mod:`jass.testing`) needs to know about a variant beyond
    its functions. Every hook is optional; a hook that finds a problem raises
    ``AssertionError`` with a message, and the harness adds where it happened.
    """

    #: ``card_zones(state) -> {name: CardSet}``: where every card is. ``None``: the variant's
    #: own ``card_zones``.
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
    #: The round-trips every state must survive (``None``: the harness's defaults: deepcopy,
    #: pickle and, for a registered variant, JSON).
    roundtrips: tuple[Roundtrip, ...] | None = None
    #: The round-trips every move must survive (``None``: as for states).
    move_roundtrips: tuple[Roundtrip, ...] | None = None


Values = tuple[float, ...]


@attrs.frozen
class SearchHooks(Generic[S, O]):
    """What the search bots (:mod:`jass.search`) need of a variant beyond its functions: a
    way from a seat's observation to full states it could come from, and what a round is
    worth to each seat. The search looks as far as the end of the round in play.
    """

    #: ``determinize(view, rng) -> state``: a state that the observation ``view`` could come
    #: from, its hidden cards (and secret predictions) drawn among those consistent with
    #: everything the seat has seen; ``observe(state, view.seat) == view`` always holds.
    determinize: Callable[[O, random.Random], S]
    #: ``round_values(state)``: once the round in play is over (or the game), what it gave each
    #: seat (more is better, the same units for every seat); ``None`` while it goes on.
    round_values: Callable[[S], Values | None]
    #: ``playout(state, rng) -> values``: the round played to its end with random legal
    #: moves, on a fast path; ``None``: random legal moves through ``apply``.
    playout: Callable[[S, random.Random], Values] | None = None
    #: ``solve(state)``: the values of the round when every seat plays its best with all
    #: hands open, if that is quick to find (a few tricks left), else ``None``.
    solve: Callable[[S], Values | None] | None = None
    #: The typical spread of the values, for the exploration of tree search.
    scale: float = 1.0


def _tuple_of_types(value: Iterable[type]) -> tuple[type, ...]:
    return tuple(value)


@attrs.frozen(eq=False)
class Variant(Generic[R, S, M, O]):
    """One variant of Jass, described for everything above the rules: its name, its seats and
    teams, its types, its presets, its functions, how its moves are written as text, what
    a record writes of it, and its hooks for the loaders, the conformance harness and the bots.

    Build one at the end of the variant's module and :func:`register` it. Equality is
    identity: a variant is registered once.
    """

    #: The name in the registry, in records and on the command line (``"schieber"``).
    name: str
    #: The name people read (``"Schieber"``, ``"two-player Jass (la pomme)"``).
    title: str
    #: The number of players.
    seats: int
    #: The teams, each a tuple of seats; ``winner(state)`` names a team by its index. A game of
    #: each for themselves has one team per seat.
    teams: tuple[tuple[int, ...], ...]
    #: The types: rules, state, moves (every class a move can be), observation.
    rules_type: type[R]
    state_type: type[S]
    move_types: tuple[type, ...] = attrs.field(converter=_tuple_of_types)
    observation_type: type[O]
    #: The named presets of the rules, each a function returning a ``Rules``.
    presets: Mapping[str, Callable[[], R]]
    # The functions of the variant (see the module docs).
    new_game: NewGame[R, S]
    legal_moves: Callable[[S], tuple[M, ...]]
    apply: Apply[S, M]
    to_act: Callable[[S], int | None]
    is_over: Callable[[S], bool]
    winner: Callable[[S], int | None]
    score_round: Callable[[S], Any]
    observe: Callable[[S, int | None], O]
    card_zones: Callable[[S], Mapping[str, CardSet]]
    #: ``format_move(move) -> str``: the move in the short text of records (``"play H10"``).
    format_move: Callable[[M], str]
    #: ``parse_move(text, rules) -> move``: read that text back; raises a JassError.
    parse_move: Callable[[str, R], M]
    #: ``standings(state)``: what is written for each team (points, or Differenzler's
    #: penalty points), for tables and the arena.
    standings: Callable[[S], tuple[int, ...]]
    #: ``result(state)``: the variant's fields of a record's result (``{"scores": [..]}``).
    result: Callable[[S], dict[str, JSON]]
    #: ``record_deal(state)``: the record fields that give ``new_game`` the deal of ``state``, a
    #: new game: ``{}`` if its seed dealt it, ``None`` if it is no new game at all.
    record_deal: Callable[[S], dict[str, JSON] | None]
    #: ``game_from_record(rules, seed, fields)``: the new game a record starts from, given the
    #: fields that :attr:`record_deal` wrote (read back as JSON); raises a JassError.
    game_from_record: Callable[[R, int, Mapping[str, JSON]], S]
    #: The names of the fields :attr:`record_deal` may write.
    record_fields: tuple[str, ...] = ("deal",)
    #: ``explicit_deal(state)``: the record fields of the deal of ``state``, a new game, written
    #: out whether or not its seed dealt it, and the game they start: what a record that
    #: withholds the seed holds. ``None``: the variant cannot write a record without its seed.
    explicit_deal: Callable[[S], tuple[dict[str, JSON], S]] | None = None
    #: ``explicit_move(move, after)``: ``move`` written so that it needs no seed (a deal from the
    #: seed becomes the deal of the cards that ``after``, the state it led to, holds); any
    #: other move itself. ``None``: no move of the variant uses the seed.
    explicit_move: Callable[[M, S], M] | None = None
    #: ``apply_trusted(state, move)``: ``apply`` for trusted code (a replayed record, a test
    #: position), which also takes what no player may choose (a deal of given hands); never for
    #: a client's move. ``None``: the variant has no such move.
    apply_trusted: Callable[[S, M], S] | None = None
    #: ``public_move(move, rules)``: the words every player at the table reads when a seat
    #: makes ``move`` (``"predicts"`` for a secret prediction, ``"exchanges 3 cards"``);
    #: ``None``: every move is public, its ``str``.
    public_move: Callable[[M, R], str] | None = None
    #: ``describe(view) -> lines``: what the seat of the observation ``view`` may know beyond its
    #: hand and the cards on the table, as lines to read (the score slate, predictions, Weis and
    #: Stöck, the points taken so far, a finished round's result); the command line shows them.
    #: Lines that every seat reads alike name seats by number; a fact only the observing seat
    #: knows (its own secret prediction) gets a line of its own, so that the lines a seat sees
    #: and a spectator (``observe(state, None)``) does not are exactly its secrets. ``None``:
    #: nothing beyond the card play.
    describe: Callable[[O], Sequence[str]] | None = None
    #: ``end_reason(view) -> sentence``: why the game of the observation ``view`` (of a finished
    #: game) ended and who won ("Team 1 announced «bedankt, genug» at 85 points, short of 3000:
    #: Team 0 wins"). ``None``: the command line names the winner only.
    end_reason: Callable[[O], str] | None = None
    #: Other names that find the variant (any case).
    aliases: tuple[str, ...] = ()
    #: True when a lower standing is better (Differenzler's penalties).
    lower_is_better: bool = False
    #: What :attr:`standings` counts, for tables (``"points"``, ``"penalty points"``).
    standing_name: str = "points"
    #: More classes of the variant that JSON writes (round scores, the setting), as
    #: ``"<name>.<class name>"``.
    json_types: tuple[type, ...] = attrs.field(default=(), converter=_tuple_of_types)
    #: ``check_loaded(state)``: check a state read from JSON by replaying its round through
    #: the variant's own rules; raises :class:`~jass.errors.SerialError` with the path of the
    #: field at fault. ``None``: a loaded state is only built.
    check_loaded: Callable[[S], None] | None = None
    #: ``check_observation(view)``: the same for an observation (public facts that must agree).
    check_observation: Callable[[O], None] | None = None
    #: The conformance harness's hooks.
    hooks: ConformanceHooks = ConformanceHooks()
    #: ``rule_move(view, moves)``: the simple rule-based bot's choice among the variant's own
    #: moves (trump, predictions, the exchange); ``None`` to leave it to the card play rules.
    rule_move: Callable[[O, Sequence[M]], M | None] | None = None
    #: ``sensible_moves(view, moves)``: the moves a player without a plan may make: those
    #: that do not lose the game at once (a claim of "bedankt, genug" short of the target);
    #: ``None``: every legal move. :class:`~jass.bots.RandomBot` picks among these.
    sensible_moves: Callable[[O, Sequence[M]], Sequence[M]] | None = None
    #: Fixed action ids and the observation as a vector, for learning agents
    #: (:class:`jass.encoding.Encoding`); ``None``: the variant has none.
    encoding: Encoding[M, O] | None = None
    #: What the search bots need (:class:`SearchHooks`); ``None``: they cannot play it.
    search: SearchHooks[S, O] | None = None
    #: The module that registers the variant: a worker process imports it to find the variant.
    module: str = ""

    def __repr__(self) -> str:
        return f"<Variant {self.name}>"

    def __reduce__(self) -> tuple[Any, ...]:
        # Pickled by name (to a pool's worker, say): the worker's registry rebuilds it.
        return (_variant_by_module, (self.name, self.module))

    def team_of(self, seat: int) -> int:
        """The index of the team ``seat`` plays in.

        >>> find_variant("schieber").team_of(3), find_variant("pomme").team_of(1)
        (1, 1)
        """
        for index, team in enumerate(self.teams):
            if seat in team:
                return index
        raise JassError(f"seat={seat!r}: expected a seat 0..{self.seats - 1}")

    def preset(self, name: str) -> R:
        """The rules of the preset called ``name``.

        >>> find_variant("schieber").preset("swisslos").target_score
        2500
        """
        factory = self.presets.get(name)
        if factory is None:
            raise InvalidRulesError(
                f"{self.name} has no preset {name!r}: choose one of {', '.join(self.presets)}"
            )
        return factory()


# --- the registry -------------------------------------------------------------------------------

AnyVariant = Variant[Any, Any, Any, Any]

#: The variants of the library, registered when first asked for.
_BUILTIN: Final = ("jass.schieber", "jass.differenzler", "jass.pomme", "jass.coiffeur")
#: Packages add variants under this entry-point group (``name = "package.module:VARIANT"``).
ENTRY_POINT_GROUP: Final = "jass.variants"

_by_name: dict[str, AnyVariant] = {}
_by_key: dict[str, AnyVariant] = {}  # names and aliases, casefolded
_by_type: dict[type, AnyVariant] = {}
_loaded = False


def register(variant: AnyVariant) -> AnyVariant:
    """Add ``variant`` to the registry (its name and aliases must be free); returns it.

    Registering the same object again changes nothing, so a module may be imported twice.
    """
    if not isinstance(variant, Variant):
        raise JassError(f"{variant!r:.80} is not a jass.variant.Variant")
    if _by_name.get(variant.name) is variant:
        return variant
    keys = [variant.name.casefold(), *(alias.casefold() for alias in variant.aliases)]
    for key in keys:
        if key in _by_key:
            raise JassError(f"cannot register {variant.name!r}: {key!r} already names {_by_key[key].name!r}")
    _by_name[variant.name] = variant
    for key in keys:
        _by_key[key] = variant
    for cls in (variant.state_type, variant.observation_type, variant.rules_type, *variant.move_types,
                *variant.json_types):
        _by_type.setdefault(cls, variant)
    return variant


def _load() -> None:
    """Import the library's variants and those that packages declare, once."""
    global _loaded
    if _loaded:
        return
    _loaded = True
    for module in _BUILTIN:
        importlib.import_module(module)
    for point in entry_points(group=ENTRY_POINT_GROUP):
        if point.name not in _by_name:
            register(point.load())


class _Registry(Mapping[str, AnyVariant]):
    """The registered variants by name (a read-only mapping, filled when first read)."""

    def __getitem__(self, name: str) -> AnyVariant:
        _load()
        return _by_name[name]

    def __iter__(self) -> Iterator[str]:
        _load()
        return iter(_names_in_order())

    def __len__(self) -> int:
        _load()
        return len(_by_name)

    def __repr__(self) -> str:
        return f"VARIANTS({', '.join(self)})"


#: Every registered variant by name: the library's three, then any registered since.
VARIANTS: Final[Mapping[str, AnyVariant]] = _Registry()


def _names_in_order() -> list[str]:
    """The library's variants first, in their order, then the others as they were registered."""
    first = [variant.name for variant in _by_name.values() if variant.module in _BUILTIN]
    first.sort(key=lambda name: _BUILTIN.index(_by_name[name].module))
    return first + [name for name in _by_name if name not in first]


def find_variant(name: str) -> AnyVariant:
    """The variant called ``name`` or one of its aliases, in any case.

    >>> find_variant("la pomme").name
    'pomme'
    >>> find_variant("poker")
    Traceback (most recent call last):
    jass.errors.JassError: no variant called 'poker': choose one of schieber, differenzler, pomme...
    """
    _load()
    if isinstance(name, str):
        found = _by_key.get(name.strip().casefold())
        if found is not None:
            return found
    raise JassError(f"no variant called {name!r:.40}: choose one of {', '.join(_names_in_order())}")


def as_variant(value: AnyVariant | str | ModuleType) -> AnyVariant:
    """A :class:`Variant` from itself, its name (or alias) or its module (``jass.schieber``)."""
    if isinstance(value, Variant):
        return value
    if isinstance(value, str):
        return find_variant(value)
    found = getattr(value, "VARIANT", None)
    if isinstance(found, Variant):
        return found
    raise JassError(f"{value!r:.80} is not a variant: give a Variant, its name or its module")


def variant_of(value: object) -> AnyVariant:
    """The variant that a state, an observation, a move or a rules object belongs to.

    The card move :class:`~jass.play.PlayCard` belongs to every variant: it gives the first.
    """
    _load()
    found = _by_type.get(type(value))
    if found is None:
        raise JassError(f"{value!r:.80} is not a value of a registered variant")
    return found


def _variant_by_module(name: str, module: str) -> AnyVariant:
    if module and name not in _by_name:
        importlib.import_module(module)
    return find_variant(name)


def random_playout(variant: Any, state: S, seed: int = 0, max_moves: int = 100_000) -> S:
    """Play uniformly random legal moves from ``state`` until the game is over.

    ``variant`` is a :class:`Variant`, its name or its module. ``max_moves`` guards against a
    variant that never ends; exceeding it raises :class:`RuntimeError`, a bug in the variant.
    """
    found = as_variant(variant)
    rng = random.Random(seed)
    legal_moves, apply = found.legal_moves, found.apply
    for _ in range(max_moves):
        moves = legal_moves(state)
        if not moves:
            return state
        state = apply(state, rng.choice(moves))
    raise RuntimeError(f"no end after {max_moves} moves")


# --- the scaffolding of the variant modules -------------------------------------------------------

#: Seeds are ints from 0 to ``SEED_LIMIT - 1`` (2**64 - 1): every deal comes from a 64-bit
#: SplitMix64 seed, and JSON holds such an int. A seed decides every deal of a game: keep it
#: from the players until the game is over (see the servers guide).
SEED_LIMIT: Final = 2**64
#: The most rounds a game has (its history holds at most as many, and JSON loads no more). A game
#: that its rules have not ended after ``MAX_ROUNDS`` rounds (la pomme's players trading the points,
#: a Differenzler tie that goes on) ends then, drawn: see :func:`out_of_rounds`. The options of
#: every variant's ``Rules`` are limited so that their games end sooner.
MAX_ROUNDS: Final = 10_000
#: The longest text of a move that records read.
MAX_MOVE_TEXT: Final = 400


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
        raise InvalidRulesError(f"rules={rules!r:.80}: expected a {rules_type.__module__}.{rules_type.__qualname__}")
    else:
        checked = rules
    seed = new_seed() if seed is None else check_seed(seed)
    first: int | None = getattr(checked, "first_dealer", None)
    return checked, seed, seeded_seat(seed, seats) if first is None else first


def check_seed(seed: object) -> int:
    """``seed`` if it is a game seed, an int 0 .. 2**64 - 1; else :class:`~jass.errors.InvalidSeedError`.

    >>> check_seed(7)
    7
    >>> check_seed(-1)
    Traceback (most recent call last):
    jass.errors.InvalidSeedError: seed=-1: expected an int 0..2**64-1
    """
    if type(seed) is not int or not 0 <= seed < SEED_LIMIT:
        shown = f"an int of {seed.bit_length()} bits" if type(seed) is int and seed.bit_length() > 80 else f"{seed!r:.40}"
        raise InvalidSeedError(f"seed={shown}: expected an int 0..2**64-1")
    return seed


def check_sender(seat: object, acting: int | None, seats: int) -> None:
    """Refuse a move sent on behalf of ``seat`` when that seat is not to act (``acting``): the
    check a variant's ``apply(state, move, seat=s)`` makes before it looks at the move."""
    if type(seat) is not int or not 0 <= seat < seats:
        raise WrongSeatError(f"seat={seat!r:.40}: expected a seat 0..{seats - 1}")
    if acting is None:
        raise WrongSeatError(f"seat {seat} cannot move: the game is over")
    if seat != acting:
        raise WrongSeatError(f"seat {seat} is not to act: seat {acting} is")


def refused(move: object, phase: Any, acting: int | None, legal: Sequence[Any]) -> IllegalMoveError:
    """The error of a move that is not among ``legal``, the legal moves: its text names only
    what every player may know (the move as sent, the ``phase``, the seat to act); the legal
    moves, which show the acting seat's hand, are in its attributes."""
    sent = repr(move)
    sent = sent if len(sent) <= 80 else sent[:77] + "..."
    if acting is None:
        return IllegalMoveError(f"{sent}: the game is over, no move is legal")
    shown = ", ".join(str(m) for m in legal[:40]) + (", ..." if len(legal) > 40 else "")
    return IllegalMoveError(
        f"{sent} is not a legal move now (phase {phase.value}, seat {acting} to act)",
        legal_moves=tuple(legal),
        detail=f"seat {acting} may make: {shown}",
    )


def move_error(error: JassError, move: str) -> IllegalMoveError:
    """``error``, raised by a part of a move that cannot be built (the hands of a ``Deal``), as the
    move's own error: an :class:`~jass.errors.IllegalMoveError`, as every bad move raises, with
    the fields that give :mod:`jass.serial` the JSON path."""
    moved = IllegalMoveError(f"{move}: {error}")
    for name in ("field", "index", "expected", "got", "reason"):
        if hasattr(error, name):
            setattr(moved, name, getattr(error, name))
    return moved


def check_observer(seat: object, seats: int) -> int | None:
    """``seat`` if it is a seat 0..seats-1, or ``None`` (a spectator: ``observe`` then gives
    what everybody at the table sees); else a JassError."""
    return None if seat is None else check_seat(seat, seats)


def check_seat(seat: object, seats: int) -> int:
    """``seat`` if it is a seat 0..seats-1 (``observe`` asks), else a JassError."""
    if type(seat) is not int or not 0 <= seat < seats:
        raise JassError(f"seat={seat!r:.40}: expected a seat 0..{seats - 1}")
    return seat


def wrong_state(value: object, state_type: type) -> JassError:
    """The error for a value given where ``state_type`` is expected (every variant function
    checks ``type(state) is State`` first)."""
    return JassError(f"{value!r:.80} is not a state of {state_type.__module__.rsplit('.', 1)[-1]} "
                     f"(a {state_type.__module__}.{state_type.__qualname__})")


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


# --- the functions every variant module defines the same way --------------------------------------

#: The names of the functions a variant module defines (see the module docs), besides its own.
PROTOCOL: Final = (
    "new_game", "legal_moves", "apply", "to_act", "is_over", "winner", "score_round", "observe", "card_zones",
)
#: The functions :func:`protocol_of` collects: the protocol and the notation of moves.
_COLLECTED: Final = PROTOCOL + ("format_move", "parse_move")
#: Functions :func:`protocol_of` collects when the module has them.
_OPTIONAL: Final = ("apply_trusted",)


def protocol_of(namespace: Mapping[str, Any]) -> dict[str, Any]:
    """The protocol functions and the move notation of a variant module, by name from its
    ``globals()``: what its :class:`Variant` lists, so that no module spells out the same nine
    keywords (``Variant(name=..., **protocol_of(globals()), ...)``)."""
    missing = [name for name in _COLLECTED if not callable(namespace.get(name))]
    if missing:
        raise JassError(f"a variant module defines {', '.join(_COLLECTED)}; missing: {', '.join(missing)}")
    found = {name: namespace[name] for name in _COLLECTED}
    found.update((name, namespace[name]) for name in _OPTIONAL if callable(namespace.get(name)))
    return found


S_contra = TypeVar("S_contra", contravariant=True)


class IsOver(Protocol[S_contra]):
    """A variant's ``is_over(state)``."""

    def __call__(self, state: S_contra) -> bool:
        """True when the game is over."""


class Winner(Protocol[S_contra]):
    """A variant's ``winner(state)``."""

    def __call__(self, state: S_contra) -> int | None:
        """The winning team, ``None`` while the game goes on (or for a draw)."""


def game_end(state_type: type[S], over: Any, winner_doc: str) -> tuple[IsOver[S], Winner[S]]:
    """``is_over`` and ``winner`` of a variant whose two-part states hold their ``phase`` (``over``
    when the game is over) and ``winner`` in their setting, with the variant's guard."""

    def is_over(state: S) -> bool:
        if type(state) is not state_type:
            raise wrong_state(state, state_type)
        return state.setting.phase is over  # type: ignore[attr-defined]

    def winner(state: S) -> int | None:
        if type(state) is not state_type:
            raise wrong_state(state, state_type)
        return state.setting.winner  # type: ignore[attr-defined, no-any-return]

    is_over.__doc__ = "True when the game is over."
    winner.__doc__ = winner_doc
    is_over.__module__ = winner.__module__ = state_type.__module__
    return is_over, winner


def record_deal(state: Any, new_game: Callable[..., Any], explicit: Callable[[Any], tuple[dict[str, Any], Any]]
                ) -> dict[str, Any] | None:
    """How a record rebuilds ``state`` with ``new_game``: ``{}`` when its seed dealt it, the fields
    of an explicit deal when ``explicit(state)`` (those fields and the game they start) gives it,
    else ``None`` (it is no new game: the record holds the whole state)."""
    try:
        if new_game(state.rules, state.seed) == state:
            return {}
        fields, game = explicit(state)
        if game == state:
            return fields
    except JassError:
        pass  # no new game gives this state: the record keeps the whole state
    return None


# --- what every variant's loader checks ---------------------------------------------------------


def rounds_before(
    setting: Any, rules_type: type, seats: int, over: bool, path: str, first_dealer: int | None = None
) -> tuple[Any, ...]:
    """The checks a loaded state of any variant starts with: the round's dealer follows from the
    first dealer (``first_dealer`` when the variant knows it otherwise, else the rules' or the
    seed's) in turn, and the history holds the rounds before this one (and this one too once it
    is ``over``). Returns the rounds before this one; raises :class:`~jass.errors.SerialError`
    with the field's path."""
    first = game_start(setting.rules, setting.seed, rules_type, seats)[2] if first_dealer is None else first_dealer
    dealer = (first + setting.round_number) % seats
    if setting.dealer != dealer:
        raise SerialError(f"is {setting.dealer}, but round {setting.round_number} of a game whose first dealer "
                          f"is seat {first} is dealt by seat {dealer}", f"{path}.dealer")
    history: tuple[Any, ...] = setting.history
    if over and not history:
        raise SerialError("the round is over, so its score is in the history", f"{path}.history")
    before = history[:-1] if over else history
    if len(before) != setting.round_number:
        raise SerialError(f"holds {len(history)} rounds, which does not fit round {setting.round_number} in "
                          f"phase {setting.phase.value}", f"{path}.history")
    return before


def check_game_end(winner: int | None, over: bool, rounds_played: int, path: str) -> None:
    """The check of a loaded observation's ``winner``: known once the game is over, and only then;
    ``None`` at the end only for a game that the round limit ended drawn (:func:`out_of_rounds`)."""
    if winner is not None and not over:
        raise SerialError("a winner is known once the game is over, and only then", f"{path}.winner")
    if over and winner is None and not out_of_rounds(rounds_played):
        raise SerialError(f"the game is over after {rounds_played} rounds: somebody has won (only the round limit, "
                          f"{MAX_ROUNDS} rounds, ends a game drawn)", f"{path}.winner")


def replay_move(apply: Callable[[S, M], S], state: S, move: M, path: str) -> S:
    """``apply(state, move)`` while a loaded state is replayed: a move the rules refuse is a
    :class:`~jass.errors.SerialError` at ``path``, the field that asked for it."""
    try:
        return apply(state, move)
    except JassError as error:
        raise SerialError(f"{move} is not legal here: {error}", path) from None


def check_turn(view: Any, expected: int | None, allowed: tuple[type, ...], path: str) -> bool:
    """The part of a loaded observation's check that every variant shares: the seat to act is
    ``expected``, only that seat sees legal moves, and they are of the ``allowed`` types. True
    when the observing seat is to act (its moves may then need the variant's own check)."""
    if view.to_act != expected:
        raise SerialError(f"is {view.to_act}, but in this position seat {expected} is to act", f"{path}.to_act")
    if view.to_act != view.seat:
        if view.legal_moves:
            raise SerialError(f"seat {view.seat} is not to act, so it has no legal moves", f"{path}.legal_moves")
        return False
    for i, move in enumerate(view.legal_moves):
        if type(move) not in allowed:
            raise SerialError(f"{move!r:.60} cannot be legal in phase {view.phase.value}", f"{path}.legal_moves[{i}]")
    return True


def split_move(text: object, verbs: Sequence[str], what: str) -> tuple[str, str]:
    """The verb of a move's text (one of ``verbs``, any case) and the rest, stripped: how every
    variant's ``parse_move`` starts. Raises :class:`~jass.errors.RecordError` for text that is
    no move of ``what`` (the variant's title)."""
    if not isinstance(text, str):
        raise RecordError(f"{describe_value(text)} is not a move: expected a string such as 'play H10'")
    if len(text) > MAX_MOVE_TEXT:
        raise RecordError(f"a move of {len(text)} characters: moves are short strings such as 'play H10'")
    foreign = foreign_character(text)
    if foreign is not None:  # so that no case mapping, space or digit beyond notation is read
        raise RecordError(f"{text!r:.80} is not a move: {not_notation(foreign)}")
    verb, _, rest = text.strip().partition(" ")
    verb = verb.casefold()
    if verb not in verbs:
        raise RecordError(f"{text!r:.80} is not a {what} move: expected {', '.join(verbs)}")
    return verb, rest.strip()


def no_argument(verb: str, rest: str, move: T) -> T:
    """``move``, the move of a verb that takes nothing after it (``push``)."""
    if rest:
        raise RecordError(f"{verb!r} takes nothing after it, got {rest!r:.40}")
    return move


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


def changed(state: _State, play: Any = _KEEP, **changes: Any) -> _State:
    """``state.replace(...)`` for a variant's own moves: the same result, built slot by slot
    (:func:`slot_evolve`) without the validators, since the move's values are checked already.
    Users change a state with :meth:`TwoPartState.replace`, which checks."""
    cls = type(state)
    setting = slot_evolve(cls.SETTING)(state.setting, **changes) if changes else state.setting
    return slot_builder(cls)(setting, state.play if play is _KEEP else play)


def _field_names(cls: type) -> tuple[str, ...]:
    return tuple(field.name for field in attrs.fields(cls))
