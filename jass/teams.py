"""What the partnership games share: Schieber (:mod:`jass.schieber`) and Coiffeur both seat
four players in two teams (seats 0 and 2 against 1 and 3), let a player declare Weis before
their first card, credit Stöck, and add up a round per team:
the card points, the last trick's 5, the match bonus, the Weis and the Stöck, all times the
round's multiplier. Those rules live here, once; each variant configures them through its
``Rules`` and builds its own score and move classes on the bases below (so that each writes its
own types to JSON).

>>> from jass.cards import CardSet
>>> from jass.trump import Trump
>>> team_of(3)
1
>>> hands = tuple(CardSet.parse(h).bits for h in ("H6 H7 H8 C6", "S6 S7 S8 S9", "", ""))
>>> team_weis(hands, (None,) * 4, WeisRules(), True, 0, Trump.EICHELN)   # 50 beats 20
(0, 50)
"""

from __future__ import annotations

import functools
import itertools
import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final, Protocol, TypeVar

import attrs

from jass._base import NamedEnum, int_in, one_of
from jass._kernel import HAND_BITS
from jass.cards import Card, CardSet, Rank, card_set_of, hands_of, is_card_order
from jass.cards import deal as deal_cards
from jass.errors import IllegalMoveError, InvalidCardsError, InvalidStateError, JassError, RecordError
from jass.play import CardPlay, Trick
from jass.encoding import card_vector, one_hot, relative_values
from jass.sampling import HandSampler, played_by
from jass.trump import LAST_TRICK_BONUS, RoundMode, Trump
from jass.variant import move_error, replay_move
from jass.weis import STOECK_POINTS, Weis, WeisKind, WeisRules, best_weis, detect_weis, may_hold_weis, stoeck_cards

__all__ = [
    "SEATS",
    "TRICKS",
    "team_of",
    "StoeckMode",
    "TeamScore",
    "check_round_teams",
    "WeisDeclaration",
    "NextDeal",
    "weis_options",
    "counted_weis",
    "team_weis",
    "weis_view",
    "STOECK_BITS",
    "stoeck_holder",
    "stoeck_team",
    "team_tricks",
    "team_scores",
    "team_parts",
    "weis_text",
    "parse_weis",
    "deal_text",
    "parse_deal",
    "first_hands",
    "explicit_deal",
    "explicit_move",
    "game_from_record",
    "hand_value",
    "TeamState",
    "hidden_variations",
    "known_cards",
    "replay_declaration",
    "TeamView",
    "declarable",
    "drawn_declarations",
    "keeps_shown_winner",
    "team_name",
    "weis_lines",
    "team_sampler",
    "WEIS_LAYOUT",
    "weis_block",
    "fullest_declaration",
]

#: Number of players.
SEATS: Final = 4
#: Tricks in a round (nine cards each): taking them all is a match.
TRICKS: Final = 9

_STATE: Final = InvalidStateError


def team_of(seat: int) -> int:
    """The team of ``seat``: 0 for seats 0 and 2, 1 for seats 1 and 3."""
    return seat % 2


class StoeckMode(NamedEnum):
    """When Stöck (the trump King and Queen in one hand, 20 points) are credited."""

    #: When the second of the two cards is played (the official rule; seed 001's order
    #: "Paar-Weis-Slag" counts them during the round).
    IMMEDIATE = "immediate"
    #: At the end of the round, with the last card (seed 001's words: the 20 come
    #: "in de volgende ronde", German source "nach der Runde").
    ROUND_END = "round_end"
    #: Never: a game without Stöck.
    OFF = "off"


@attrs.frozen
class TeamScore:
    """One team's points in one round, before and after the multiplier (the base of each
    partnership variant's own ``TeamScore``)."""

    cards: int = attrs.field(validator=int_in(0, 1000, error=_STATE))
    last_trick: int = attrs.field(validator=one_of(0, LAST_TRICK_BONUS, error=_STATE))
    match: int = attrs.field(validator=int_in(0, 10_000, error=_STATE))
    weis: int = attrs.field(validator=int_in(0, 1_000_000, error=_STATE))
    stoeck: int = attrs.field(validator=one_of(0, STOECK_POINTS, error=_STATE))
    multiplier: int = attrs.field(validator=int_in(1, 100, error=_STATE))

    @property
    def points(self) -> int:
        """Points before the multiplier."""
        return self.cards + self.last_trick + self.match + self.weis + self.stoeck

    @property
    def total(self) -> int:
        """Points written: everything times the multiplier."""
        return (self.cards + self.last_trick + self.match + self.weis + self.stoeck) * self.multiplier


def check_round_teams(
    teams: tuple[TeamScore, TeamScore], mode: Any, *, factor: str, cards_in_all: int | None
) -> None:
    """Refuse both teams' scores of one round when no round gives them (Stöck outside a trump
    suit or for both teams, Weis or the last trick for both, different factors, or card points
    beyond ``cards_in_all`` when the mode fixes them), with an
    :class:`~jass.errors.InvalidStateError`
    naming the field ``teams``. ``factor`` names the multiplier in the variant's words.

    >>> check_round_teams((TeamScore(80, 5, 0, 0, 0, 1), TeamScore(72, 5, 0, 0, 0, 1)), Trump.OBENABE,
    ...                   factor="the round's multiplier", cards_in_all=152)
    Traceback (most recent call last):
    jass.errors.InvalidStateError: teams=(TeamScore(cards=80, ...: only one team takes the last trick
    """
    first, second = teams
    problem = None
    if (first.stoeck or second.stoeck) and not mode.is_suit:
        problem = f"there is no Stöck in {mode}"
    elif first.stoeck and second.stoeck:
        problem = "only one team can hold the Stöck"
    elif first.weis and second.weis:
        problem = "only the team with the best Weis scores Weis"
    elif first.multiplier != second.multiplier:
        problem = f"both teams have {factor}"
    elif cards_in_all is not None and first.cards + second.cards > cards_in_all:
        problem = f"the cards of a round are worth {cards_in_all} points in all"
    elif first.last_trick and second.last_trick:
        problem = "only one team takes the last trick"
    if problem is not None:
        error = InvalidStateError(f"teams={teams!r:.60}: {problem}")
        error.field = "teams"  # type: ignore[attr-defined]
        raise error


# --- moves the partnership games share --------------------------------------------------------


def _weis_tuple(value: object) -> tuple[Weis, ...]:
    if isinstance(value, Weis):
        return (value,)
    if isinstance(value, (list, tuple)) and all(isinstance(w, Weis) for w in value):
        return tuple(sorted(value, key=lambda w: (-w.points, w.cards.bits)))
    raise IllegalMoveError(f"DeclareWeis({value!r:.80}): expected a Weis or a tuple of Weis")


def _weis_valid(instance: object, attribute: object, value: tuple[Weis, ...]) -> None:
    if not 1 <= len(value) <= 16:
        error = IllegalMoveError(f"DeclareWeis({value!r:.60}): declare 1 to 16 Weis, or play a card")
        error.field, error.index, error.expected = "weis", None, "1..16 Weis"  # type: ignore[attr-defined]
        error.got = str(len(value))  # type: ignore[attr-defined]
        raise error


@attrs.frozen
class WeisDeclaration:
    """The move "declare these Weis" (the base of each variant's ``DeclareWeis``): made
    before the player's first card, in trick 1, by the seat to play, which then plays. The Weis
    must be among those :func:`~jass.weis.detect_weis` finds in the player's hand; declaring is
    optional, and a player may declare only some."""

    weis: tuple[Weis, ...] = attrs.field(converter=_weis_tuple, validator=_weis_valid)

    def __str__(self) -> str:
        return "declare " + ", ".join(str(w) for w in self.weis)


def _deal_hands(value: object) -> tuple[CardSet, ...] | None:
    if value is None:
        return None
    try:
        return hands_of(value, SEATS, TRICKS, "hands")
    except JassError as error:
        raise move_error(error, "Deal") from None


@attrs.frozen
class NextDeal:
    """The move "deal the next round" (the base of each variant's ``Deal``); ``hands=None``
    deals from the game's seed. Explicit ``hands`` (four disjoint hands of nine cards) are
    checked when the move is built (:class:`~jass.errors.IllegalMoveError`, as for every bad
    move); only trusted code deals them.

    >>> NextDeal(hands=[1, 2, 3, 4])
    Traceback (most recent call last):
    jass.errors.IllegalMoveError: Deal: hands: 1 is not a hand (expected 4 hands of 9 cards)
    """

    hands: tuple[CardSet, ...] | None = attrs.field(default=None, converter=_deal_hands)

    def __str__(self) -> str:
        return "deal the next round"


D = TypeVar("D", bound=WeisDeclaration)


@functools.lru_cache(maxsize=4096)
def weis_options(hand_bits: int, rules: WeisRules, move: type[D]) -> tuple[D, ...]:
    """The declarations (of the variant's class ``move``) a hand may make: every non-empty
    choice of its Weis, the fullest first. Cached: every player's first legal moves ask, and
    search asks again and again for the same hand."""
    found = detect_weis(card_set_of(hand_bits), rules)
    return tuple(move(combo) for size in range(len(found), 0, -1) for combo in itertools.combinations(found, size))


# --- Weis: who scores them --------------------------------------------------------------------------

#: Each seat's declared Weis: a tuple of Weis, or ``None`` for a seat that has not declared.
Declared = tuple[tuple[Weis, ...] | None, ...]


def counted_weis(
    dealt: Sequence[CardSet], declared: Declared, rules: WeisRules | None, auto: bool
) -> tuple[tuple[Weis, ...], ...]:
    """Every seat's Weis as they count: those declared, or with ``auto`` (``auto_declare``)
    every Weis of the hand as dealt; none in a game without Weis (``rules`` ``None``)."""
    if rules is None:
        return ((),) * len(dealt)
    if auto:
        return tuple(detect_weis(hand, rules) if may_hold_weis(hand.bits) else () for hand in dealt)
    return tuple(w or () for w in declared)


@functools.lru_cache(maxsize=1024)
def team_weis(
    hands: tuple[int, ...], declared: Declared, rules: WeisRules, auto: bool, vorhand: int, trump: Trump
) -> tuple[int, int]:
    """Each team's Weis points: the team holding the single best Weis (:func:`~jass.weis.best_weis`,
    ties to the seat nearest ``vorhand``) scores all the Weis of both its players, the other team
    none. ``hands`` are the hands as dealt (bits), ``declared`` each seat's declaration (with
    ``auto`` every Weis counts instead). Cached by the hands' bits: a round's score is asked after
    every trick, and a search plays many rollouts of one deal."""
    if auto:
        declarations = tuple(detect_weis(card_set_of(bits), rules) if may_hold_weis(bits) else () for bits in hands)
    else:
        declarations = tuple(w or () for w in declared)
    if not any(declarations):
        return (0, 0)  # nobody has a Weis: most rounds
    seat = best_weis(declarations, trump, vorhand, rules.equal_weis_tiebreak, rules.undenufe_sequences)
    points = [0, 0]
    if seat is not None:
        team = team_of(seat)
        points[team] = sum(w.points for partner in (team, team + 2) for w in declarations[partner])
    return (points[0], points[1])


def weis_view(
    dealt: Sequence[CardSet], declared: Declared, rules: WeisRules | None, auto: bool, trick_one_done: bool,
    weis_team: int | None, seat: int | None,
) -> tuple[tuple[int | None, ...], tuple[Weis, ...] | None, tuple[tuple[Weis, ...], ...]]:
    """What ``seat`` (``None``: a spectator) sees of the Weis: the points each seat declared
    (``None``: not declared; with ``auto`` every seat's, once trick 1 is over, as they are then
    shown), its own declaration (``None`` with ``auto`` or for a spectator), and once trick 1
    is over the Weis of ``weis_team``, the team that scores them (seed 001: "De kaarten voor
    de hoogste Weis worden na de eerste slag open afgebeeld")."""
    if rules is None:
        return (None,) * SEATS, None, ((),) * SEATS
    counted = counted_weis(dealt, declared, rules, auto) if trick_one_done else None
    declarations = counted if auto and counted is not None else declared
    points = tuple(None if d is None else sum(w.points for w in d) for d in declarations)
    shown: tuple[tuple[Weis, ...], ...] = ((),) * SEATS
    if counted is not None and weis_team is not None:
        shown = tuple(counted[s] if s % 2 == weis_team else () for s in range(SEATS))
    return points, declared[seat] if not auto and seat is not None else None, shown


# --- Stöck ------------------------------------------------------------------------------------------

#: The bits of the trump King and Queen of each mode (none in Obenabe and Undenufe).
STOECK_BITS: Final = tuple(stoeck_cards(trump).bits for trump in Trump)


def stoeck_holder(dealt: Sequence[CardSet], trump: Trump) -> int | None:
    """The seat dealt both the trump King and Queen, if any."""
    stoeck = STOECK_BITS[trump]
    if stoeck:
        for seat, hand in enumerate(dealt):
            if hand.bits & stoeck == stoeck:
                return seat
    return None


def stoeck_team(mode: StoeckMode, dealt: Sequence[CardSet], trump: Trump, play: CardPlay | None, *,
                held: bool = False) -> int | None:
    """The team credited with the Stöck so far in ``play`` (``None``: a round played to its
    end, as a rollout plays it): ``IMMEDIATE`` once the holder has played the second of the two
    cards (or, with ``held``, as soon as they are held: the count "Stöck, Weis, Stich" when both
    teams reach the target in trick 1), ``ROUND_END`` once every card is played, ``OFF`` never."""
    if mode is StoeckMode.OFF:
        return None
    holder = stoeck_holder(dealt, trump)
    if holder is None:
        return None
    if play is None:
        return team_of(holder)
    if mode is StoeckMode.ROUND_END:
        return None if play.legal_bits else team_of(holder)
    if held or not play.hand_bits >> HAND_BITS * holder & STOECK_BITS[trump]:
        return team_of(holder)
    return None


# --- a round per team ---------------------------------------------------------------------------------


def team_tricks(tricks: Sequence[Trick]) -> tuple[list[int], list[int]]:
    """The card points and the number of tricks each team has taken in ``tricks``."""
    cards = [0, 0]
    won = [0, 0]
    for trick in tricks:
        team = trick.winner & 1
        cards[team] += trick.points
        won[team] += 1
    return cards, won


S = TypeVar("S", bound=TeamScore)


#: One team's points of a round before the multiplier: (cards, last trick, match, Weis, Stöck).
Parts = tuple[int, int, int, int, int]


def team_scores(
    build: Callable[..., S], cards: Sequence[int], won: Sequence[int], last: int | None, match_bonus: int,
    weis: Sequence[int], stoeck: int | None, multiplier: int,
) -> tuple[S, S]:
    """Both teams' scores (built with ``build``, the variant's ``TeamScore`` or a fast builder of
    it) from :func:`team_parts`, everything times ``multiplier``."""
    first, second = team_parts(cards, won, last, match_bonus, weis, stoeck)
    return (build(*first, multiplier), build(*second, multiplier))


def team_parts(
    cards: Sequence[int], won: Sequence[int], last: int | None, match_bonus: int, weis: Sequence[int],
    stoeck: int | None,
) -> tuple[Parts, Parts]:
    """The one rule of a round's points per team, as numbers (a hot path reads them without
    building a score): ``cards`` and ``won`` (tricks) per team, ``last`` the team of the last
    trick once every card is played (it scores 5, and a team with all nine tricks the
    ``match_bonus``: tricks, not points), ``weis`` per team, ``stoeck`` the team credited with
    the Stöck.

    >>> team_parts([100, 57], [6, 3], 0, 100, [50, 0], 1)
    ((100, 5, 0, 50, 0), (57, 0, 0, 0, 20))
    """
    last_trick = [0, 0]
    match = [0, 0]
    if last is not None:
        last_trick[last] = LAST_TRICK_BONUS
        for team in (0, 1):
            if won[team] == TRICKS:
                match[team] = match_bonus
    stoeck_points = [0, 0]
    if stoeck is not None:
        stoeck_points[stoeck] = STOECK_POINTS
    return (
        (cards[0], last_trick[0], match[0], weis[0], stoeck_points[0]),
        (cards[1], last_trick[1], match[1], weis[1], stoeck_points[1]),
    )


# --- records: Weis and deals as text ---------------------------------------------------------------------


def weis_text(declaration: WeisDeclaration) -> str:
    """A declaration as records write it, after the verb: sequences by their first and last
    card, four of a kind by their rank (``"H6-H9 four-J"``)."""
    words = []
    for weis in declaration.weis:
        cards = list(weis.cards)
        words.append(f"{cards[0]}-{cards[-1]}" if weis.kind is WeisKind.SEQUENCE else f"four-{weis.top.code}")
    return " ".join(words)


def parse_weis(text: str, rules: WeisRules | None, move: type[D]) -> D:
    """The declaration (the variant's class ``move``) written as ``text`` (see :func:`weis_text`);
    ``rules`` give the points (the defaults if ``None``). Raises :class:`~jass.errors.RecordError`."""
    tokens = text.split()
    if not tokens:
        raise RecordError("'weis' names at least one Weis, e.g. 'weis H6-H8'")
    return move(tuple(_parse_one_weis(token, rules or WeisRules()) for token in tokens))


def _parse_one_weis(token: str, rules: WeisRules) -> Weis:
    if token.casefold().startswith("four-"):
        rank_text = token[5:].casefold()
        for rank in Rank:
            if rank.code.casefold() == rank_text:
                return Weis.from_cards([Card.of(suit, rank) for suit in range(4)], rules)  # type: ignore[arg-type]
        raise RecordError(f"{token!r}: four of a kind is written four-<rank>, e.g. four-J or four-10")
    first, sep, last = token.partition("-")
    if not sep:
        raise RecordError(f"{token!r}: a Weis is written as a sequence H6-H9 or four of a kind four-J")
    start, end = Card.parse(first), Card.parse(last)
    if start.suit != end.suit or end.rank - start.rank < 2:
        raise RecordError(f"{token!r}: a sequence runs from a lower to a higher card of one suit, 3 cards or more")
    return Weis.from_cards([Card.of(start.suit, Rank(r)) for r in range(start.rank, end.rank + 1)], rules)


def deal_text(move: NextDeal) -> str:
    """A deal as records write it: ``"deal"`` for a seeded one, else the four hands."""
    return "deal" if move.hands is None else "deal " + " / ".join(str(h) for h in move.hands)


DealMove = TypeVar("DealMove", bound=NextDeal)


def parse_deal(rest: str, seeded: DealMove, move: type[DealMove]) -> DealMove:
    """The deal written as ``rest`` after the verb: ``seeded`` when empty, else four hands
    separated by ``/`` (a ``move``). Raises :class:`~jass.errors.RecordError`."""
    if not rest:
        return seeded
    parts = rest.split("/")
    if len(parts) != SEATS:
        raise RecordError(f"{rest!r}: a deal is four hands separated by '/'")
    return move(hands_of([CardSet.parse(part) for part in parts], SEATS, TRICKS, "deal"))


def first_hands(deal: object) -> tuple[CardSet, ...]:
    """The first round's hands that ``new_game(deal=...)`` takes: four hands of nine cards, or
    the hands that an order of the 36 cards deals (seat *k* gets cards ``9k .. 9k+8``).

    >>> [len(hand) for hand in first_hands([str(card) for card in sorted(Card)])]
    [9, 9, 9, 9]
    """
    if is_card_order(deal) and not (isinstance(deal, (list, tuple)) and len(deal) == SEATS):
        return deal_cards(deal)  # a string is read as validate_deck reads it
    if isinstance(deal, (list, tuple)):
        return hands_of(deal, SEATS, TRICKS, "deal")
    raise InvalidCardsError(f"deal={deal!r:.80}: expected 4 hands of 9 cards or an order of the 36 cards")


def explicit_deal(state: TeamState, new_game: Callable[..., Any]) -> tuple[dict[str, Any], Any]:
    """The record fields of the first round's deal of ``state`` and the game they start."""
    return {"deal": [str(hand) for hand in state.dealt]}, new_game(state.rules, state.seed, deal=state.dealt)


def explicit_move(move: Any, after: TeamState) -> Any:
    """``move`` as a record without the seed writes it: a deal from the seed as the hands it
    dealt (``after`` is the state it led to); any other move itself."""
    if isinstance(move, NextDeal) and move.hands is None:
        return type(move)(after.dealt)
    return move


def game_from_record(new_game: Callable[..., Any], rules: Any, seed: int, fields: Mapping[str, Any]) -> Any:
    """The new game a record starts: from ``seed``, or from its ``"deal"`` (four hands)."""
    deal = fields.get("deal")
    if deal is None:
        return new_game(rules, seed)
    if not isinstance(deal, list) or len(deal) != SEATS or not all(isinstance(h, str) for h in deal):
        raise RecordError("expected four hands, strings of card codes", "$.deal")
    return new_game(rules, seed, deal=[CardSet.parse(hand) for hand in deal])


# --- the rule bots' choice of a mode ---------------------------------------------------------------------

# Rough trick-taking strength of a card held in the trump suit, by rank 6..A.
_TRUMP_WEIGHT: Final = (1, 1, 1, 7, 2, 10, 2, 3, 5)


def hand_value(hand: CardSet, trump: Trump) -> int:
    """How much a hand likes a trump mode (a rule of thumb for the rule bots, not an evaluation).

    >>> hand_value(CardSet.parse("CJ C9 CA CK S6"), Trump.EICHELN), hand_value(CardSet.parse("CJ C9 CA CK S6"), Trump.OBENABE)
    (25, 9)
    """
    if trump is Trump.OBENABE:
        return sum({Rank.ACE: 6, Rank.KING: 3, Rank.QUEEN: 1}.get(c.rank, 0) for c in hand)
    if trump is Trump.UNDENUFE:
        return sum({Rank.SIX: 6, Rank.SEVEN: 3, Rank.EIGHT: 1}.get(c.rank, 0) for c in hand)
    suit = trump.suit
    value = sum(_TRUMP_WEIGHT[c.rank] for c in hand if c.suit == suit)
    value += 3 * sum(1 for c in hand if c.suit != suit and c.rank == Rank.ACE)
    return value


# --- the conformance harness's hooks ------------------------------------------------------------------


class TeamState(Protocol):
    """What the hooks below read of a partnership game's state."""

    @property
    def dealt(self) -> tuple[CardSet, ...]:
        """The round's hands as dealt."""

    @property
    def play(self) -> CardPlay | None:
        """The cards in play, once the mode is chosen."""

    @property
    def declared(self) -> Declared:
        """Each seat's declared Weis."""

    @property
    def rules(self) -> Any:
        """The rules, with ``weis`` (a WeisRules or ``None``) and ``auto_declare``."""

    @property
    def seed(self) -> int:
        """The game's seed."""

    def replace(self, **changes: Any) -> Any:
        """The state with fields changed."""


def hidden_variations(state: TeamState, seat: int, rng: random.Random) -> list[Any]:
    """States that differ from ``state`` only in what ``seat`` cannot see: one unplayed card of
    each of two other seats exchanged (in the hands as dealt and in play); with automatic Weis
    declared after trick 1, only if no Weis changes (they are public then)."""
    play = state.play
    held = play.hands if play is not None else state.dealt
    others = [s for s in range(SEATS) if s != seat and held[s]]
    if len(others) < 2:
        return []
    a, b = rng.sample(others, 2)
    card_a, card_b = rng.choice(list(held[a])), rng.choice(list(held[b]))
    dealt = _swap(state.dealt, a, b, card_a, card_b)
    weis = state.rules.weis
    if weis is not None and state.rules.auto_declare and play is not None and play.tricks:
        if any(detect_weis(dealt[s], weis) != detect_weis(state.dealt[s], weis) for s in (a, b)):
            return []
    if play is None:
        return [state.replace(dealt=dealt)]
    return [state.replace(dealt=dealt, play=play.with_hands(_swap(play.hands, a, b, card_a, card_b)))]


def _swap(hands: tuple[CardSet, ...], a: int, b: int, card_a: Card, card_b: Card) -> tuple[CardSet, ...]:
    result = list(hands)
    result[a] = CardSet.from_bits(hands[a].bits & ~card_a.bit | card_b.bit)
    result[b] = CardSet.from_bits(hands[b].bits & ~card_b.bit | card_a.bit)
    return tuple(result)


def known_cards(state: TeamState, seat: int) -> CardSet:
    """The cards ``seat`` may know of: its hand as dealt, the cards played, and once trick 1 is
    over the Weis that count (they are shown)."""
    known: CardSet = state.dealt[seat]
    play = state.play
    if play is None:
        return known
    known |= play.played()
    if play.tricks:
        for declared in counted_weis(state.dealt, state.declared, state.rules.weis, state.rules.auto_declare):
            for weis in declared:
                known |= weis.cards
    return known


# --- loading: a state is checked by replaying its round ---------------------------------------------------

T = TypeVar("T", bound=TeamState)


def replay_declaration(
    apply: Callable[[T, Any], T], replay: T, declared: Declared, move: type[WeisDeclaration], path: str
) -> T:
    """While a loaded state is replayed: the declaration of the seat to play in trick 1, if the
    loaded state says (``declared``) it declared and the replay has not yet."""
    play = replay.play
    assert play is not None
    seat = play.to_play
    if seat is None or play.tricks:
        return replay
    weis = declared[seat]
    if weis is not None and replay.declared[seat] is None:
        return replay_move(apply, replay, move(weis), f"{path}.declared[{seat}]")
    return replay


# --- search: the hands a seat's view allows ------------------------------------------------------------


class TeamView(Protocol):
    """What :func:`team_sampler` reads of a partnership game's observation."""

    @property
    def seat(self) -> int | None:
        """The observing seat."""

    @property
    def hand(self) -> CardSet:
        """The observing seat's hand."""

    @property
    def hand_sizes(self) -> tuple[int, ...]:
        """How many cards each seat holds."""

    @property
    def trick(self) -> tuple[Card, ...]:
        """The cards of the trick in progress."""

    @property
    def trick_leader(self) -> int | None:
        """The seat that led the trick in progress."""

    @property
    def tricks(self) -> tuple[Trick, ...]:
        """The tricks taken."""

    @property
    def dealer(self) -> int:
        """The seat that dealt the round (Vorhand is the next)."""

    @property
    def declared_points(self) -> tuple[int | None, ...]:
        """Each seat's declared Weis points (``None``: not declared)."""

    @property
    def shown_weis(self) -> tuple[tuple[Weis, ...], ...]:
        """The Weis each seat has shown."""

    @property
    def own_weis(self) -> tuple[Weis, ...] | None:
        """The observing seat's own declared Weis."""

    @property
    def stoeck_team(self) -> int | None:
        """The team credited with the Stöck, once they count."""

    @property
    def rules(self) -> Any:
        """The rules, with ``weis``, ``auto_declare`` and ``play``."""


def declarable(dealt: CardSet, weis: WeisRules | None, points: int | None, shown: tuple[Weis, ...]) -> list[tuple[Weis, ...]]:
    """The declarations a seat with ``dealt`` could have made to be seen declaring ``points``
    (and showing ``shown``, which is all it declared once shown)."""
    if points is None or weis is None:
        return []
    if shown:
        return [shown] if sum(w.points for w in shown) == points else []
    options = weis_options(dealt.bits, weis, WeisDeclaration)
    return [m.weis for m in options if sum(w.points for w in m.weis) == points]


def team_name(team: int) -> str:
    """How a player reads a team: ``team 0 (seats 0 and 2)``."""
    return f"team {team} (seats {team} and {team + 2})"


def weis_lines(view: TeamView, in_play: bool) -> list[str]:
    """The lines a seat reads of the Weis and Stöck of the round in ``view`` (the declared
    points, its own Weis before the first trick, the best team's shown Weis, the Stöck), for
    each partnership variant's ``describe``; the public ones only while the cards are played."""
    lines = []
    declared = [f"seat {seat} {points}" for seat, points in enumerate(view.declared_points) if points]
    if declared and in_play:
        lines.append("Weis declared (points): " + ", ".join(declared))
    if view.own_weis and not view.tricks:
        lines.append("Your Weis: " + ", ".join(str(weis) for weis in view.own_weis))
    shown = [f"seat {seat} {', '.join(str(w) for w in weis)}" for seat, weis in enumerate(view.shown_weis) if weis]
    if shown and in_play:
        lines.append("Weis shown, the best team's: " + "; ".join(shown))
    if view.stoeck_team is not None and in_play:
        lines.append(f"Stöck: {team_name(view.stoeck_team)}, {STOECK_POINTS} points")
    return lines


def keeps_shown_winner(view: TeamView, mode: RoundMode | None, seat: int, weis: Sequence[Weis]) -> bool:
    """Whether ``seat`` counting ``weis`` leaves the Weis to the team ``view`` shows scoring
    them: once a team's Weis are shown, a seat of the other team must not have held a Weis
    that beats them (a tie too is decided by the rules' tie-breaks, from Vorhand). True while
    no Weis are shown."""
    shown = view.shown_weis
    team = next((s % 2 for s in range(SEATS) if shown[s]), None)
    if team is None or seat % 2 == team or not weis or mode is None:
        return True
    rules: WeisRules = view.rules.weis
    declarations = [shown[s] if s % 2 == team else () for s in range(SEATS)]
    declarations[seat] = tuple(weis)
    best = best_weis(declarations, mode.trick_mode(0), (view.dealer + 1) % SEATS, rules.equal_weis_tiebreak,
                     rules.undenufe_sequences)
    return best is not None and best % 2 == team


def drawn_declarations(
    view: TeamView, dealt: Sequence[CardSet], rng: random.Random, mode: RoundMode | None = None
) -> Declared:
    """The declared Weis of a state drawn for ``view`` with the hands ``dealt``: the observing
    seat's own, and for every other seat one declaration drawn among those that fit what it was
    seen to declare and leave the shown Weis winning (:func:`keeps_shown_winner`, in the round's
    ``mode``); none to draw with ``auto_declare``, where every Weis counts."""
    rules = view.rules
    declared: list[tuple[Weis, ...] | None] = [None] * SEATS
    if not rules.auto_declare:
        for seat in range(SEATS):
            if seat == view.seat:
                declared[seat] = view.own_weis
            else:
                options = [o for o in declarable(dealt[seat], rules.weis, view.declared_points[seat], view.shown_weis[seat])
                           if keeps_shown_winner(view, mode, seat, o)]
                declared[seat] = rng.choice(options) if options else None
    return tuple(declared)


def team_sampler(view: TeamView, mode: RoundMode | None, max_tries: int) -> HandSampler:
    """A :class:`~jass.sampling.HandSampler` of the hands the other seats may hold, given a
    partnership game's ``view``: the card play in ``mode`` (each trick in its own, for a
    per-trick mode; any, before the mode is chosen, when only the sizes count), and the Weis.

    Shown Weis put their cards in the hand of the seat that showed them (as long as they are
    not played); a seat that declared Weis must hold, as dealt, Weis it could have declared
    for the points it declared (all its Weis, with
    ``auto_declare``).
    """
    played = {seat: played_by(view, seat) for seat in range(SEATS)}
    known: dict[int, int] = {}
    for seat in range(SEATS):
        shown = 0
        for weis in view.shown_weis[seat]:
            shown |= weis.cards.bits  # a card may be in two Weis (Kreuzweis)
        shown &= ~played[seat].bits
        if seat != view.seat and shown:
            known[seat] = shown
    rules = view.rules
    weis_rules: WeisRules | None = rules.weis
    checks = [s for s in range(SEATS) if s != view.seat and (view.shown_weis[s] or view.declared_points[s] is not None)]

    def accept(hands: tuple[int, ...]) -> bool:
        for seat in checks:
            dealt = card_set_of(hands[seat] | played[seat].bits)
            points = view.declared_points[seat]
            if rules.auto_declare and weis_rules is not None:
                found = detect_weis(dealt, weis_rules)
                if any(w not in found for w in view.shown_weis[seat]):
                    return False
                if points is not None and sum(w.points for w in found) != points:
                    return False
                if not keeps_shown_winner(view, mode, seat, found):
                    return False
            elif not any(keeps_shown_winner(view, mode, seat, option)
                         for option in declarable(dealt, weis_rules, points, view.shown_weis[seat])):
                return False
        return True

    return HandSampler.of_view(
        view, trump=mode if mode is not None else Trump.OBENABE, rules=rules.play, known=known,
        accept=accept if checks else None, max_tries=max_tries,
    )


# --- learning agents: the Weis and Stöck blocks of an observation vector ---------------------------------

#: The blocks :func:`weis_block` writes: declared Weis points / 300 and who declared (per
#: relative seat), each relative seat's shown Weis cards, the Stöck team (own, other, none).
WEIS_LAYOUT: Final = (
    ("declared_points", SEATS),
    ("declared", SEATS),
    *((f"shown_weis[{k}]", 36) for k in range(SEATS)),
    ("stoeck_team", 3),
)


def weis_block(view: TeamView, seat: int) -> list[float]:
    """The floats of :data:`WEIS_LAYOUT` for ``view``, seen from ``seat``."""
    vector = relative_values([p or 0 for p in view.declared_points], seat, 300)
    vector += relative_values([p is not None for p in view.declared_points], seat, 1)
    for k in range(SEATS):
        vector += card_vector(CardSet(c for w in view.shown_weis[(seat + k) % SEATS] for c in w.cards))
    team = seat % 2
    vector += one_hot(2 if view.stoeck_team is None else (0 if view.stoeck_team == team else 1), 3)
    return vector


def fullest_declaration(hand: CardSet, weis: WeisRules | None) -> tuple[Weis, ...] | None:
    """The Weis of the declaration of every Weis of ``hand`` (the one action id an agent has for
    declaring); ``None`` without a Weis to declare."""
    options = weis_options(hand.bits, weis, WeisDeclaration) if weis is not None else ()
    return options[0].weis if options else None
