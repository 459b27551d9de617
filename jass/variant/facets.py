"""The facets of a :class:`~jass.variant.Variant`: one small frozen record per layer that
consumes a variant, each filled in the variant's file of the same concern and carrying its own
defaults, so that no consumer handles a missing hook.

- :class:`Notation` (``notation.py``): how moves are written; read by records, the command
  line and ``jass serve``;
- :class:`RecordFormat` (``notation.py``): a record's deal and result; :mod:`jass.records`;
- :class:`Loading` (``loading.py``): the checks of a loaded value; :mod:`jass.serial`;
- :class:`TableText` (``text.py``): the words a player reads; the command line, ``jass serve``;
- :class:`AIHooks` (``ai.py``): the rule bot's choices and the search hooks; :mod:`jass.ai`;
- :class:`~jass.variant.encoding.Encoding` (``encoding.py``): action ids and the observation
  vector; :mod:`jass.rl`;
- :class:`ConformanceHooks` (``checks.py``): the variant's own invariants; :mod:`jass.testing`.

A facet whose whole capability a variant may lack is optional on the variant
(``Variant.encoding``, ``AIHooks.search``): ``None`` there means "not offered", and the
consumer says so to its user; every hook *inside* a facet has a default.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, Generic, Protocol, TypeVar

import attrs

from jass.cards import FULL_DECK, CardSet
from jass.errors import RecordError
from jass.faces import FACES, Faces, Pairing
from jass.play import PlayCard

__all__ = [
    "Notation",
    "RecordFormat",
    "Loading",
    "TableText",
    "MoveText",
    "Describe",
    "ReadMove",
    "ChoiceLines",
    "FieldWords",
    "move_words",
    "faces_of_rules",
    "AIHooks",
    "SearchHooks",
    "ConformanceHooks",
    "JSON",
    "Values",
    "Roundtrip",
]

R = TypeVar("R")  # the variant's Rules
S = TypeVar("S")  # its State
M = TypeVar("M")  # its moves
O = TypeVar("O")  # its Observation

#: A JSON value: what a variant writes into a record (its result, its deal).
JSON = Any


# --- notation and records ---------------------------------------------------------------------


@attrs.frozen
class Notation(Generic[R, M]):
    """How a variant's moves are written as text: the machine format of records (``"play H10"``,
    ``"trump obenabe"``), not the words a player reads (:class:`TableText`)."""

    #: ``format_move(move) -> str``: the move in the short text of records.
    format_move: Callable[[M], str]
    #: ``parse_move(text, rules) -> move``: that text read back (``rules`` may be ``None``: the
    #: defaults); raises a :class:`~jass.errors.RecordError`.
    parse_move: Callable[[str, R | None], M]


def _no_explicit_deal(state: Any) -> tuple[dict[str, JSON], Any]:
    raise RecordError("this variant cannot write a record without its seed")


def _same_move(move: Any, after: Any) -> Any:
    return move


@attrs.frozen
class RecordFormat(Generic[R, S, M]):
    """What a game record (:mod:`jass.records`) writes of a variant beside its moves."""

    #: ``result(state)``: the variant's fields of a record's result (``{"scores": [..]}``).
    result: Callable[[S], dict[str, JSON]]
    #: ``record_deal(state)``: the record fields that give ``new_game`` the deal of ``state``, a
    #: new game: ``{}`` if its seed dealt it, ``None`` if it is no new game at all.
    record_deal: Callable[[S], dict[str, JSON] | None]
    #: ``game_from_record(rules, seed, fields)``: the new game a record starts from, given the
    #: fields :attr:`record_deal` wrote (read back as JSON); raises a JassError.
    game_from_record: Callable[[R, int, Mapping[str, JSON]], S]
    #: The names of the fields :attr:`record_deal` may write.
    record_fields: tuple[str, ...] = ("deal",)
    #: ``explicit_deal(state)``: the record fields of the deal of ``state``, a new game, written
    #: out whether or not its seed dealt it, and the game they start: what a record that
    #: withholds the seed holds. The default refuses (a :class:`~jass.errors.RecordError`).
    explicit_deal: Callable[[S], tuple[dict[str, JSON], S]] = _no_explicit_deal
    #: ``explicit_move(move, after)``: ``move`` written so that it needs no seed (a deal from the
    #: seed becomes the deal of the cards ``after``, the state it led to, holds); by default the
    #: move itself.
    explicit_move: Callable[[M, S], M] = _same_move


def _types(value: Iterable[type]) -> tuple[type, ...]:
    return tuple(value)


def _no_check(value: Any, path: str = "$") -> None:
    """Nothing more to check."""


@attrs.frozen
class Loading(Generic[S, O]):
    """What :mod:`jass.serial` needs to load a variant's values from JSON."""

    #: More classes of the variant that JSON writes (round scores, the setting), as
    #: ``"<name>.<class name>"``.
    json_types: tuple[type, ...] = attrs.field(default=(), converter=_types)
    #: ``check_loaded(state, path)``: check a state read from JSON by replaying its round
    #: through the variant's own rules; raises :class:`~jass.errors.SerialError` with the path
    #: of the field at fault. The default checks nothing beyond the classes' validators.
    check_loaded: Callable[[S, str], None] = _no_check
    #: ``check_observation(view, path)``: the same for an observation (public facts agree).
    check_observation: Callable[[O, str], None] = _no_check


# --- what a player reads ------------------------------------------------------------------------

R_in = TypeVar("R_in", contravariant=True)
M_in = TypeVar("M_in", contravariant=True)
O_in = TypeVar("O_in", contravariant=True)
M_out = TypeVar("M_out", covariant=True)


class MoveText(Protocol[M_in, R_in]):
    """``(move, rules, faces=None) -> str``: a move in words, its cards as ``faces`` show them
    (``None``: French cards paired as the rules pair them)."""

    def __call__(self, move: M_in, rules: R_in, faces: Faces | None = None, /) -> str: ...


class Describe(Protocol[O_in]):
    """``(view, faces=None) -> lines``: what a seat may know, its cards as ``faces`` show them
    (``None``: French cards paired as the view's rules pair them)."""

    def __call__(self, view: O_in, faces: Faces | None = None, /) -> Sequence[str]: ...


class ReadMove(Protocol[O_in, M_out]):
    """``(text, view, moves, faces) -> move | None``: the variant's own reading of what a player
    typed, among the legal ``moves``; ``None`` leaves it to the notation."""

    def __call__(self, text: str, view: O_in, moves: Sequence[Any], faces: Faces, /) -> M_out | None: ...


class FieldWords(Protocol[O_in]):
    """``(view, name, faces) -> words | None``: the variant's own words for the field ``name`` of
    an observation on a table's page; ``None`` leaves it to the page's generic words."""

    def __call__(self, view: O_in, name: str, faces: Faces, /) -> str | None: ...


class ChoiceLines(Protocol[O_in]):
    """``(view, moves, faces) -> lines | None``: how the variant lists the legal ``moves`` for a
    player to type them; ``None`` leaves it to the numbered list of the command line."""

    def __call__(self, view: O_in, moves: Sequence[Any], faces: Faces, /) -> Sequence[str] | None: ...


def move_words(move: Any, rules: Any = None, faces: Faces | None = None, /) -> str:
    """A move in its own words, a card as ``faces`` show it (``play ♥10``, ``play Schilten
    Banner``; by default French cards paired as ``rules`` pair them), any other move by its
    ``str``."""
    if isinstance(move, PlayCard):
        return f"play {(faces or faces_of_rules(rules)).card(move.card)}"
    return str(move)


def faces_of_rules(rules: Any) -> Faces:
    """French cards paired as ``rules`` pair them (their ``pairing``; seed 001's if they have
    none): the faces of a text hook given none."""
    pairing = getattr(rules, "pairing", None)
    return FACES if pairing is None or pairing is Pairing.SEED else Faces(pairing=pairing)


def _nothing_more(view: Any, faces: Faces | None = None, /) -> Sequence[str]:
    return ()


def _game_over(view: Any) -> str:
    return "The game is over"


def _no_multiplier(view: Any) -> int | None:
    return None


def _seed_pairing(rules: Any) -> Pairing:
    return Pairing.SEED


def _notation_reads(text: str, view: Any, moves: Sequence[Any], faces: Faces, /) -> Any:
    return None


def _numbered(view: Any, moves: Sequence[Any], faces: Faces, /) -> Sequence[str] | None:
    return None


def _generic_words(view: Any, name: str, faces: Faces, /) -> str | None:
    return None


@attrs.frozen
class TableText(Generic[R, M, O]):
    """The words a player reads about a variant's game (the command line, ``jass serve``). Every
    card in them is written as the player's :class:`~jass.faces.Faces` show it (French symbols
    paired as the rules pair them, or Swiss names); notation stays the machine format."""

    #: ``move_text(move, rules, faces)``: the whole move in words, for its own seat (``play
    #: ♥10``, ``exchange ♣6 ♣7 ♥10``, ``choose row 7: Obenabe ⬇``); by default a card by its
    #: faces and any other move by its ``str``.
    move_text: MoveText[M, R] = move_words
    #: ``public_move(move, rules, faces)``: the words every player at the table reads when a
    #: seat makes ``move`` (``"predicts"`` for a secret prediction, ``"exchanges 3 cards"``); by
    #: default the whole move, as :attr:`move_text` writes it.
    public_move: MoveText[M, R] = move_words
    #: ``describe(view, faces) -> lines``: what the seat of the observation may know beyond its
    #: hand and the cards on the table (the slate, predictions, Weis and Stöck, the points so
    #: far, a finished round). Lines every seat reads alike name seats by number; a fact only
    #: the observer knows gets a line of its own. By default nothing.
    describe: Describe[O] = _nothing_more
    #: ``end_reason(view) -> sentence``: why the game of a finished observation ended and who
    #: won; by default "The game is over".
    end_reason: Callable[[O], str] = _game_over
    #: ``multiplier(view)``: what the points of the round in play are multiplied by (Schieber's
    #: trump, a Coiffeur row's factor); ``None`` before it is known, or in a variant without one
    #: (the default).
    multiplier: Callable[[O], int | None] = _no_multiplier
    #: ``pairing(rules)``: the :class:`~jass.faces.Pairing` the rules draw French cards with
    #: (a preset that follows a source uses that source's); by default seed 001's.
    pairing: Callable[[R], Pairing] = _seed_pairing
    #: ``read_move(text, view, moves, faces)``: the variant's own reading of a typed answer
    #: (Coiffeur reads a slate's row by its number from 1, or by its name); ``None`` by default.
    read_move: ReadMove[O, M] = _notation_reads
    #: ``choice_lines(view, moves, faces)``: the variant's own list of the moves a player may
    #: type (with :attr:`read_move`); ``None`` by default: the command line numbers them.
    choice_lines: ChoiceLines[O] = _numbered
    #: ``field_words(view, name, faces)``: the variant's own words for a field of an observation
    #: on a table's page (Bieter's auction, each call by its seat, «fort» for a drop-out);
    #: ``None`` by default: the page words the field from its value.
    field_words: FieldWords[O] = _generic_words
    #: What the rules follow, in a sentence for players (``jass rules`` prints it).
    about: str = ""
    #: The page of the documentation that explains the rules, an address (``jass rules``).
    rules_page: str = ""


# --- bots and search ------------------------------------------------------------------------------

#: What a round gave each seat (more is better, the same units for every seat).
Values = tuple[float, ...]


@attrs.frozen
class SearchHooks(Generic[S, O]):
    """What the search bots (:mod:`jass.ai.search`) need of a variant: a way from a seat's
    observation to full states it could come from, and what a round is worth to each seat.
    The search looks as far as the end of the round in play."""

    #: ``determinize(view, rng) -> state``: a state that ``view`` could come from, its hidden
    #: cards (and secret predictions) drawn among those consistent with everything the seat
    #: has seen; ``observe(state, view.seat) == view`` always holds.
    determinize: Callable[[O, random.Random], S]
    #: ``round_values(state)``: once the round in play is over (or the game), what it gave each
    #: seat; ``None`` while it goes on.
    round_values: Callable[[S], Values | None]
    #: ``playout(state, rng) -> values``: the round played to its end with random legal moves
    #: on a fast path; ``None``: random legal moves through ``apply``.
    playout: Callable[[S, random.Random], Values] | None = None
    #: ``solve(state)``: the round's values when every seat plays its best with all hands open,
    #: if that is quick to find (a few tricks left), else ``None``.
    solve: Callable[[S], Values | None] | None = None
    #: The typical spread of the values, for the exploration of tree search.
    scale: float = 1.0


def _card_play_decides(view: Any, moves: Sequence[Any]) -> Any:
    return None


def _every_move(view: Any, moves: Sequence[Any]) -> Sequence[Any]:
    return moves


@attrs.frozen
class AIHooks(Generic[S, M, O]):
    """What the bots (:mod:`jass.ai`) need of a variant."""

    #: ``rule_move(view, moves)``: the rule bot's choice (:class:`~jass.ai.bots.RuleBot`), its
    #: cards included; ``None`` leaves the move to the simple bot's rules (the default, for
    #: every move).
    rule_move: Callable[[O, Sequence[M]], M | None] = _card_play_decides
    #: ``simple_move(view, moves)``: the simple rule bot's choice among the variant's own moves
    #: (:class:`~jass.ai.bots.SimpleRuleBot`: trump, predictions, the exchange), ``None`` for
    #: the cards, which it plays by its own rules; by default :attr:`rule_move` decides.
    simple_move: Callable[[O, Sequence[M]], M | None] | None = None
    #: ``sensible_moves(view, moves)``: the moves a player without a plan may make: those that
    #: do not lose the game at once (a claim to go out («Mer bedanked eus!») short of the target). By
    #: default every legal move. :class:`~jass.ai.bots.RandomBot` picks among these.
    sensible_moves: Callable[[O, Sequence[M]], Sequence[M]] = _every_move
    #: What the search bots need; ``None``: they cannot play the variant (its card play goes
    #: to their fallback bot).
    search: SearchHooks[S, O] | None = None


# --- the conformance harness ----------------------------------------------------------------------

Roundtrip = tuple[str, Callable[[Any], Any]]


def _no_variations(state: Any, seat: int, rng: random.Random) -> Iterable[Any]:
    return ()


def _every_card(state: Any, seat: int) -> CardSet:
    return FULL_DECK


def _no_step_check(before: Any, move: Any, after: Any) -> None:
    """Nothing more to check of a step."""


def _no_end_check(final: Any) -> None:
    """Nothing more to check of a finished game."""


def _uniform(state: Any, moves: Sequence[Any], rng: random.Random) -> Any:
    return rng.choice(moves)


def _no_more_moves(state: Any, rng: random.Random) -> Iterable[Any]:
    return ()


@attrs.frozen
class ConformanceHooks:
    """What the conformance harness (:mod:`jass.testing`) needs to know about a variant beyond
    its functions. A hook that finds a problem raises ``AssertionError`` with a message, and
    the harness adds where it happened."""

    #: ``hidden_variations(state, seat, rng)``: states that differ from ``state`` only in what
    #: ``seat`` cannot see (another hand, the talon, a secret prediction); by default none.
    hidden_variations: Callable[[Any, int, random.Random], Iterable[Any]] = _no_variations
    #: ``known_cards(state, seat)``: every card ``seat`` may know of (its hand, the played
    #: cards, a face-up card); no card outside it may be reachable from its observation. By
    #: default every card (nothing to check).
    known_cards: Callable[[Any, int], CardSet] = _every_card
    #: ``check_step(before, move, after)``: the variant's own invariants of one step.
    check_step: Callable[[Any, Any, Any], None] = _no_step_check
    #: ``check_end(final)``: the variant's own invariants of a finished game.
    check_end: Callable[[Any], None] = _no_end_check
    #: ``choose(state, legal_moves, rng)``: the move to play (by default a uniformly random one).
    choose: Callable[[Any, Sequence[Any], random.Random], Any] = _uniform
    #: ``illegal_moves(state, rng)``: more candidates for the illegal-move check; those that
    #: are legal in ``state`` are skipped.
    illegal_moves: Callable[[Any, random.Random], Iterable[Any]] = _no_more_moves
    #: The round-trips every state must survive (``None``: the harness's defaults: deepcopy,
    #: pickle and, for a registered variant, JSON).
    roundtrips: tuple[Roundtrip, ...] | None = None
    #: The round-trips every move must survive (``None``: as for states).
    move_roundtrips: tuple[Roundtrip, ...] | None = None
