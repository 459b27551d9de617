"""The :class:`Variant` record and the registry: ``VARIANTS``, :func:`find_variant` (names and
aliases, any case), :func:`register`, and the entry-point group ``jass.variants`` through which
other packages add variants. Variants are imported when the registry is first read, so nothing
here imports a variant package.
"""

from __future__ import annotations

import functools
import importlib
import random
import warnings
from collections.abc import Callable, Iterable, Iterator, Mapping
from importlib import resources
from importlib.metadata import entry_points
from types import ModuleType
from typing import TYPE_CHECKING, Any, Final, Generic, Protocol, TypeVar

import attrs

from jass.cards import CardSet
from jass.errors import InvalidRulesError, JassError
from jass.variant.facets import AIHooks, ConformanceHooks, Loading, Notation, RecordFormat, TableText

__all__ = [
    "Variant",
    "AnyVariant",
    "NewGame",
    "Apply",
    "VARIANTS",
    "ENTRY_POINT_GROUP",
    "VARIANT_FILES",
    "register",
    "find_variant",
    "as_variant",
    "variant_of",
    "random_playout",
]

if TYPE_CHECKING:  # only a type here: the vectors of learning agents are a layer of their own
    from jass.variant.encoding import Encoding


R = TypeVar("R")  # the variant's Rules
S = TypeVar("S")  # its State
M = TypeVar("M")  # its moves
O = TypeVar("O")  # its Observation
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


def _tuple_of_types(value: Iterable[type]) -> tuple[type, ...]:
    return tuple(value)


@attrs.frozen(eq=False)
class Variant(Generic[R, S, M, O]):
    """One variant of Jass, described for everything above the rules: the core (who plays,
    its types, its presets, its rule functions) and one facet per layer that uses it
    (:mod:`jass.variant.facets`): how its moves are written, what a record and JSON need,
    the words a player reads, what the bots need, its action ids, its conformance hooks.

    Build one in the variant package's ``__init__`` from the facets its files fill, and
    :func:`register` it. Equality is identity: a variant is registered once.
    """

    # --- who plays ---
    #: The name in the registry, in records and on the command line (``"schieber"``).
    name: str
    #: The name people read (``"Schieber"``, ``"two-player Jass (la pomme)"``).
    title: str
    #: The number of players under the default rules (see :meth:`seats_for` where the rules
    #: choose it).
    seats: int
    #: The teams under the default rules, each a tuple of seats; ``winner(state)`` names a team
    #: by its index. A game of each for themselves has one team per seat.
    teams: tuple[tuple[int, ...], ...]
    # --- its types and presets ---
    #: The types: rules, state, moves (every class a move can be), observation.
    rules_type: type[R]
    state_type: type[S]
    move_types: tuple[type, ...] = attrs.field(converter=_tuple_of_types)
    observation_type: type[O]
    #: The named presets of the rules, each a function returning a ``Rules``.
    presets: Mapping[str, Callable[[], R]]
    # --- the rule functions (see the package docs) ---
    new_game: NewGame[R, S]
    legal_moves: Callable[[S], tuple[M, ...]]
    apply: Apply[S, M]
    to_act: Callable[[S], int | None]
    is_over: Callable[[S], bool]
    winner: Callable[[S], int | None]
    score_round: Callable[[S], Any]
    observe: Callable[[S, int | None], O]
    card_zones: Callable[[S], Mapping[str, CardSet]]
    #: ``standings(state)``: what is written for each team (points, or Differenzler's penalty
    #: points), for tables and the arena.
    standings: Callable[[S], tuple[int, ...]]
    # --- the facets ---
    #: How moves are written as text (records).
    notation: Notation[R, M]
    #: What a game record writes of the variant.
    records: RecordFormat[R, S, M]
    #: ``apply_trusted(state, move)``: ``apply`` for trusted code (a replayed record, a test
    #: position), which also takes what no player may choose (a deal of given hands); never for
    #: a client's move. By default ``apply`` itself.
    apply_trusted: Callable[[S, M], S] = attrs.field(
        default=attrs.Factory(lambda self: self.apply, takes_self=True))
    #: Other names that find the variant (any case).
    aliases: tuple[str, ...] = ()
    #: True when a lower standing is better (Differenzler's penalties).
    lower_is_better: bool = False
    #: What :attr:`standings` counts, for tables (``"points"``, ``"penalty points"``).
    standing_name: str = "points"
    #: How JSON loads and checks the variant's values.
    loading: Loading[S, O] = Loading()
    #: The words a player reads.
    text: TableText[R, M, O] = TableText()
    #: What the bots need.
    ai: AIHooks[S, M, O] = AIHooks()
    #: Fixed action ids and the observation as a vector, for learning agents; ``None``: the
    #: variant offers none (:mod:`jass.rl` says so).
    encoding: Encoding[M, O] | None = None
    #: The conformance harness's hooks.
    checks: ConformanceHooks = ConformanceHooks()
    #: The module that registers the variant: a worker process imports it to find the variant.
    module: str = ""
    #: ``seating(rules)``: the teams under ``rules``, for a variant whose rules choose the number
    #: of players (Differenzler for three or four); ``None``: always :attr:`teams`.
    seating: Callable[[R], tuple[tuple[int, ...], ...]] | None = None
    #: ``winning_seats(state)``: the seats that won, for a variant whose sides form during the
    #: game (an auction); ``None``: the seats of the team ``winner`` names (:meth:`winners`).
    winning_seats: Callable[[S], tuple[int, ...]] | None = None

    def __getattr__(self, name: str) -> Any:
        # The flat attributes of the record before its facets, forwarded until 0.2.
        moved = _MOVED.get(name)
        if moved is None:
            raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")
        facet, attribute = moved
        where = facet if attribute is None else f"{facet}.{attribute}"
        warnings.warn(f"Variant.{name} is deprecated: use Variant.{where}", DeprecationWarning, stacklevel=2)
        value = getattr(self, facet)
        return value if attribute is None else getattr(value, attribute)

    def __repr__(self) -> str:
        return f"<Variant {self.name}>"

    def __reduce__(self) -> tuple[Any, ...]:
        # Pickled by name (to a pool's worker, say): the worker's registry rebuilds it.
        return (_variant_by_module, (self.name, self.module))

    def teams_for(self, rules: R | None) -> tuple[tuple[int, ...], ...]:
        """The teams of a game under ``rules`` (``None``: the defaults), each a tuple of seats.

        >>> differenzler = find_variant("differenzler")
        >>> differenzler.teams_for(differenzler.preset("three"))
        ((0,), (1,), (2,))
        """
        if rules is None or self.seating is None:
            return self.teams
        return self.seating(rules)

    def winners(self, state: S) -> tuple[int, ...]:
        """The seats that won ``state`` (none yet, or drawn): ``winner``'s team, or :attr:`winning_seats`."""
        if self.winning_seats is not None:
            return self.winning_seats(state)
        team = self.winner(state)
        return () if team is None else self.teams_for(getattr(state, "rules", None))[team]

    def seats_for(self, rules: R | None) -> int:
        """The number of players of a game under ``rules`` (``None``: the defaults).

        >>> differenzler = find_variant("differenzler")
        >>> differenzler.seats_for(None), differenzler.seats_for(differenzler.preset("three"))
        (4, 3)
        """
        if rules is None or self.seating is None:
            return self.seats
        return sum(len(team) for team in self.seating(rules))

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


AnyVariant = Variant[Any, Any, Any, Any]

#: The flat attributes of :class:`Variant` before its facets: (facet, attribute).
_MOVED: Final[dict[str, tuple[str, str | None]]] = {
    **{name: ("notation", name) for name in ("format_move", "parse_move")},
    **{name: ("records", name) for name in ("result", "record_deal", "game_from_record", "record_fields",
                                            "explicit_deal", "explicit_move")},
    **{name: ("loading", name) for name in ("json_types", "check_loaded", "check_observation")},
    **{name: ("text", name) for name in ("public_move", "describe", "end_reason")},
    **{name: ("ai", name) for name in ("rule_move", "sensible_moves", "search")},
    "hooks": ("checks", None),
}
#: The variants of the library, registered when first asked for.
#: The files that make a subpackage of ``jass`` one of the library's variants (the layout of
#: :doc:`/design`): the registry finds a new variant by its folder, and nothing else names it.
VARIANT_FILES: Final = ("dealing.py", "game.py", "view.py")
#: The order of the library's variants in listings; a variant not named here follows, by name.
_FIRST: Final = ("schieber", "differenzler", "pomme", "coiffeur")
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
                *variant.loading.json_types):
        _by_type.setdefault(cls, variant)
    return variant


def _load() -> None:
    """Import the library's variants and those that packages declare, once."""
    global _loaded
    if _loaded:
        return
    _loaded = True
    for module in _library_variants():
        importlib.import_module(module)
    for point in entry_points(group=ENTRY_POINT_GROUP):
        if point.name not in _by_name:
            register(point.load())


@functools.cache
def _library_variants() -> tuple[str, ...]:
    """The modules of the library's variants: the subpackages of ``jass`` with the files of a
    variant (:data:`VARIANT_FILES`), in the order of :data:`_FIRST`, then by name."""
    found = [folder.name for folder in resources.files("jass").iterdir()
             if folder.is_dir() and all(folder.joinpath(name).is_file() for name in VARIANT_FILES)]
    found.sort(key=lambda name: (_FIRST.index(name) if name in _FIRST else len(_FIRST), name))
    return tuple(f"jass.{name}" for name in found)


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


#: Every registered variant by name: the library's, then any registered since.
VARIANTS: Final[Mapping[str, AnyVariant]] = _Registry()


def _names_in_order() -> list[str]:
    """The library's variants first, in their order, then the others as they were registered."""
    library = _library_variants()
    first = [variant.name for variant in _by_name.values() if variant.module in library]
    first.sort(key=lambda name: library.index(_by_name[name].module))
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
