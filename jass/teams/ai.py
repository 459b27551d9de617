"""What the partnership games' bots share: a hand's worth in a trump mode (the rule bot's
choice of mode), and the hands and Weis a seat's view allows (the search bots' sampler).
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Sequence
from typing import Final, cast

from jass.ai.counting import Situation
from jass.ai.sampling import HandCondition, HandSampler, played_by
from jass.cards import CardSet, Rank, card_set_of
from jass.teams.moves import WeisDeclaration, weis_options
from jass.teams.rules import SEATS, TRICKS, StoeckMode
from jass.teams.state import Declared, TeamView
from jass.trump import RoundMode, Trump, point_table
from jass.weis import STOECK_POINTS, Weis, WeisKind, WeisRules, best_weis, detect_weis, has_stoeck

__all__ = [
    "hand_value", "mode_features", "mode_points", "PUSH_BELOW", "TOTAL_POINTS", "best_mode", "stoeck_points", "declarable", "keeps_shown_winner", "seat_declarations", "drawn_declarations", "weis_ways",
    "weis_conditions", "team_sampler", "team_situation",
]

_ALL_CARDS: Final = (1 << 36) - 1
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


def mode_features(hand: CardSet, mode: Trump) -> tuple[float, ...]:
    """What :func:`mode_points` weighs of a hand in a mode.

    In a trump suit: the trump Jack, 9, Ace, King, Queen and 10, the low trumps, the trumps;
    the side suits' Aces, Kings beside the Ace, Kings without it, 10s beside the Ace, 10s
    without it; the side suits missing; the side cards' points; Jack and 9 together. In
    Obenabe (Undenufe: the same, the ranks turned round): per suit the masters from the top
    down (Aces, then Kings below them, Queens below those, more), Kings and Queens not below
    the Ace, the suits of four cards or more, the suits missing, the hand's points.
    """
    suit = mode.suit
    if suit is not None:
        trumps = {c.rank for c in hand if c.suit == suit}
        sides: dict[int, set[int]] = {}
        side_points = 0
        for card in hand:
            if card.suit != suit:
                sides.setdefault(card.suit, set()).add(card.rank)
                side_points += _PLAIN_POINTS[card.rank]
        ace, king, ten = Rank.ACE, Rank.KING, Rank.TEN
        return (
            1.0, Rank.JACK in trumps, Rank.NINE in trumps, ace in trumps, king in trumps, Rank.QUEEN in trumps,
            ten in trumps, sum(1 for r in trumps if r < Rank.NINE), len(trumps),
            sum(1 for r in sides.values() if ace in r), sum(1 for r in sides.values() if king in r and ace in r),
            sum(1 for r in sides.values() if king in r and ace not in r),
            sum(1 for r in sides.values() if ten in r and ace in r),
            sum(1 for r in sides.values() if ten in r and ace not in r), 3 - len(sides), side_points,
            Rank.JACK in trumps and Rank.NINE in trumps,
        )
    down = mode is Trump.OBENABE
    table = point_table(mode)
    runs = [0, 0, 0, 0]
    loose = [0, 0]
    long_suits = 0
    for s in range(4):
        ranks = {c.rank for c in hand if c.suit == s}
        order = sorted(ranks, reverse=down) if ranks else []
        top = Rank.ACE if down else Rank.SIX
        step = -1 if down else 1
        run = 0
        while top + step * run in ranks:
            run += 1
        for k in range(min(run, 3)):
            runs[k] += 1
        runs[3] += max(0, run - 3)
        second, third = top + step, top + 2 * step
        loose[0] += second in ranks and top not in ranks
        loose[1] += third in ranks and second not in ranks
        long_suits += len(order) >= 4
    present = len({c.suit for c in hand})
    return (1.0, *runs, *loose, long_suits, 4 - present, sum(table[c.index] for c in hand))


#: The weights of :func:`mode_features`, fitted (least squares) to the card points the rule
#: bots' side makes when it chose the mode, over 5,000 deals played in each of the six modes:
#: for a trump suit, for Obenabe, for Undenufe.
_MODE_WEIGHTS: Final = (
    (42.93, 16.49, 6.77, 1.18, -1.82, -2.77, -2.22, -5.37, 12.26, 2.3, 0.9, 0.4, -1.74, -0.78, 3.08, 0.18, 10.98),
    (57.27, 14.56, 12.61, 5.28, 15.07, 7.48, 2.12, 1.87, 5.25, -0.12),
    (52.87, 13.6, 11.0, 4.2, 13.86, 4.09, 2.1, 0.3, 3.6, 0.12),
)
_PLAIN_POINTS: Final = (0, 0, 0, 0, 10, 2, 3, 4, 11)
#: The card points of a round of four (the last trick's 5 included).
TOTAL_POINTS: Final = 157


def mode_points(hand: CardSet, mode: Trump) -> float:
    """The card points (of 157, the last trick's 5 and a match's 100 included) that a side
    makes, on average, when the player holding ``hand`` chose ``mode``: the rule bot's
    measure of a hand, a linear rule of :func:`mode_features` fitted to the rule bots' play.

    >>> hand = CardSet.parse("CJ C9 CA CK C10 SA HA D6 D7")
    >>> mode_points(hand, Trump.EICHELN) > mode_points(hand, Trump.UNDENUFE)
    True
    """
    weights = _MODE_WEIGHTS[0 if mode.is_suit else mode - Trump.OBENABE + 1]
    return sum(w * f for w, f in zip(weights, mode_features(hand, mode)))


#: A hand whose best mode promises its side fewer card points than this pushes: about the
#: threshold that made the most points over the deals the weights of :func:`mode_points` were
#: fitted to (110 on average, against 103.7 never pushing and 105.7 by the simple bot's rule;
#: half of the hands push).
PUSH_BELOW: Final = 102.0


def best_mode(hand: CardSet, modes: Sequence[Trump], multiplier: Callable[[Trump], int] = lambda mode: 1,
              stoeck: StoeckMode = StoeckMode.IMMEDIATE) -> tuple[Trump, float]:
    """The mode of ``modes`` the hand is worth most in, and what the side expects to make of
    it: its card points (:func:`mode_points`, and 20 for Stöck held unless ``stoeck`` is off)
    less the other side's, times the mode's ``multiplier``.

    >>> best_mode(CardSet.parse("CJ C9 CA CK C10 SA HA D6 D7"), list(Trump))[0]
    Trump.EICHELN
    """

    def value(mode: Trump) -> float:
        return multiplier(mode) * (2 * stoeck_points(hand, mode, stoeck) - TOTAL_POINTS)

    mode = max(modes, key=value)
    return mode, value(mode)


def stoeck_points(hand: CardSet, mode: Trump, stoeck: StoeckMode = StoeckMode.IMMEDIATE) -> float:
    """:func:`mode_points` with the Stöck the hand holds in ``mode`` counted (unless ``stoeck``
    is off) as half their points: the side's share of the difference they make, on the scale
    of :data:`PUSH_BELOW`."""
    held = stoeck is not StoeckMode.OFF and mode.suit is not None and has_stoeck(hand, mode)
    return mode_points(hand, mode) + (STOECK_POINTS / 2 if held else 0)


def declarable(dealt: CardSet, weis: WeisRules | None, points: int | None, shown: tuple[Weis, ...]) -> list[tuple[Weis, ...]]:
    """The declarations a seat with ``dealt`` could have made to be seen declaring ``points``
    (and showing ``shown``, which is all it declared once shown)."""
    if points is None or weis is None:
        return []
    if shown:
        found = detect_weis(dealt, weis)
        fits = sum(w.points for w in shown) == points and all(w in found for w in shown)
        return [shown] if fits else []
    options = weis_options(dealt.bits, weis, WeisDeclaration)
    return [m.weis for m in options if sum(w.points for w in m.weis) == points]


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
                     rules.undenufe_order)
    return best is not None and best % 2 == team


def seat_declarations(view: TeamView, mode: RoundMode | None, seat: int, dealt: CardSet) -> list[tuple[Weis, ...]]:
    """What ``seat``, dealt ``dealt``, may have declared to show ``view``: the declarations of
    its points (every Weis of the hand, with ``auto_declare``) that leave the shown Weis
    winning (:func:`keeps_shown_winner`); empty when ``dealt`` cannot have made them."""
    rules = view.rules
    weis_rules: WeisRules | None = rules.weis
    points = view.declared_points[seat]
    if weis_rules is None or points is None:
        return []
    if rules.auto_declare:
        found = detect_weis(dealt, weis_rules)
        shown = view.shown_weis[seat]
        if sum(w.points for w in found) != points or (shown and shown != found):
            return []
        options = [found]
    else:
        options = declarable(dealt, weis_rules, points, view.shown_weis[seat])
    return [option for option in options if keeps_shown_winner(view, mode, seat, option)]


def drawn_declarations(
    view: TeamView, dealt: Sequence[CardSet], rng: random.Random, mode: RoundMode | None = None,
    sampler: HandSampler | None = None,
) -> Declared:
    """The declared Weis of a state drawn for ``view`` with the hands ``dealt``: the observing
    seat's own, and for every other seat one declaration drawn uniformly among those that fit
    what it was seen to declare (:func:`seat_declarations`, in the round's ``mode``; the
    conditions of ``sampler``, the :func:`team_sampler` that drew ``dealt``, know them already);
    none to draw with ``auto_declare``, where every Weis counts."""
    rules = view.rules
    declared: list[tuple[Weis, ...] | None] = [None] * SEATS
    if not rules.auto_declare:
        conditions = sampler.conditions if sampler is not None else {}
        for seat in range(SEATS):
            if seat == view.seat:
                declared[seat] = view.own_weis
            else:
                condition = conditions.get(seat)
                options = (seat_declarations(view, mode, seat, dealt[seat]) if condition is None
                           else condition.met(dealt[seat].bits))
                declared[seat] = cast(tuple[Weis, ...], rng.choice(options)) if options else None
    return tuple(declared)


@functools.lru_cache(maxsize=8)
def _weis_universe(rules: WeisRules) -> tuple[tuple[Weis, int], ...]:
    """Every Weis a hand may hold under ``rules``, with the cards beside it that a hand holding
    it as detected does not hold (a longer sequence would take them in), most points first."""
    found = []
    for suit in range(4):
        for length in range(3, 10):
            for start in range(10 - length):
                first = suit * 9 + start
                beside = (1 << first - 1 if start else 0) | (1 << first + length if start + length < 9 else 0)
                bits = ((1 << length) - 1) << first
                found.append((Weis(WeisKind.SEQUENCE, card_set_of(bits), rules.sequence_points[length - 3]), beside))
    for rank in Rank:
        points = rules.quartet_points(rank)
        if points:
            bits = sum(1 << suit * 9 + rank for suit in range(4))
            found.append((Weis(WeisKind.FOUR_OF_A_KIND, card_set_of(bits), points), 0))
    return tuple(sorted(found, key=lambda item: (-item[0].points, item[0].cards.bits)))


def weis_ways(rules: WeisRules, points: int, possible: int, size: int = TRICKS) -> list[tuple[tuple[Weis, ...], int, int]]:
    """Every set of Weis worth ``points`` that a hand of ``size`` cards drawn from ``possible``
    (a bit set) may hold as :func:`~jass.weis.detect_weis` finds them: per set, its Weis (in the
    order of ``detect_weis``), the cards the hand holds and the cards it does not hold (beside
    its sequences). No points, no Weis: the empty set.

    >>> for weis, held, not_held in weis_ways(WeisRules(), 50, CardSet.parse("C6 C7 C8 C9 C10").bits):
    ...     print(*weis, "| not", card_set_of(not_held))
    sequence C6-C9: 50 | not C10
    sequence C7-C10: 50 | not C6 CJ
    """
    universe = [(w, beside) for w, beside in _weis_universe(rules) if not w.cards.bits & ~possible and w.points <= points]
    out: list[tuple[tuple[Weis, ...], int, int]] = []

    def extend(start: int, chosen: tuple[Weis, ...], held: int, not_held: int, left: int) -> None:
        """Every set that adds Weis from ``universe[start:]`` to ``chosen`` to make ``left`` more points."""
        if not left:
            out.append((chosen, held, not_held))
            return
        for index in range(start, len(universe)):
            weis, beside = universe[index]
            bits = weis.cards.bits
            both = held | bits
            if weis.points > left or both.bit_count() > size or both & (not_held | beside):
                continue  # too many points or cards, or a sequence touching another
            if held & bits and not rules.cross_weis:
                continue
            extend(index + 1, chosen + (weis,), both, not_held | beside, left - weis.points)

    extend(0, (), 0, 0, points)
    return out


def weis_conditions(view: TeamView, mode: RoundMode | None, played: Sequence[CardSet]) -> dict[int, HandCondition]:
    """Per other seat that declared (or, with ``auto_declare``, was counted) Weis points,
    what its hand as dealt must hold: a :class:`~jass.ai.sampling.HandCondition` whose ways are
    the sets of Weis of those points (:func:`weis_ways`) it may have declared, and whose rule
    is :func:`seat_declarations`. ``played`` are the cards each seat has played."""
    rules = view.rules
    weis_rules: WeisRules | None = rules.weis
    conditions: dict[int, HandCondition] = {}
    if weis_rules is None or view.seat is None:
        return conditions
    for seat in range(SEATS):
        points = view.declared_points[seat]
        if seat == view.seat or points is None:
            continue
        seen = view.hand.bits
        for other in range(SEATS):
            if other != seat:
                seen |= played[other].bits
                for weis in view.shown_weis[other]:
                    seen |= weis.cards.bits
        shown = view.shown_weis[seat]
        ways = [way for way in weis_ways(weis_rules, points, _ALL_CARDS & ~seen)
                if (not shown or way[0] == shown) and keeps_shown_winner(view, mode, seat, way[0])]
        conditions[seat] = _condition(view, mode, seat, ways, points)
    return conditions


def _condition(view: TeamView, mode: RoundMode | None, seat: int, ways: list[tuple[tuple[Weis, ...], int, int]],
               points: int) -> HandCondition:
    """The condition of ``seat``'s Weis: ``ways`` as pairs of bit sets, and the rule."""
    index = {weis: number for number, (weis, _, _) in enumerate(ways)}

    @functools.lru_cache(maxsize=4096)  # a search draws the same hands again and again late in a round
    def valid(dealt: int) -> tuple[int, ...]:
        return tuple(index[option] for option in seat_declarations(view, mode, seat, card_set_of(dealt)))

    name = f"declared Weis of {points} points" if points else "declared no Weis"
    # With Kreuzweis and declarations of the seat's choice, a hand holds a set of Weis as
    # detect_weis finds them exactly when it holds their cards and not those beside them.
    rules = view.rules
    exact = not rules.auto_declare and rules.weis is not None and rules.weis.cross_weis
    return HandCondition(tuple((held, not_held) for _, held, not_held in ways), valid, name, tuple(w for w, _, _ in ways),
                         exact)


def team_sampler(view: TeamView, mode: RoundMode | None, max_tries: int) -> HandSampler:
    """A :class:`~jass.ai.sampling.HandSampler` of the hands the other seats may hold, given a
    partnership game's ``view``: the card play in ``mode`` (each trick in its own, for a
    per-trick mode; any, before the mode is chosen, when only the sizes count), and the Weis.

    Shown Weis put their cards in the hand of the seat that showed them (as long as they are
    not played); a seat that declared Weis must hold, as dealt, Weis it could have declared
    for the points it declared (all its Weis, with ``auto_declare``): a condition of its hand
    (:func:`weis_conditions`), met by construction.
    """
    played = [played_by(view, seat) for seat in range(SEATS)]
    known: dict[int, int] = {}
    for seat in range(SEATS):
        shown = 0
        for weis in view.shown_weis[seat]:
            shown |= weis.cards.bits  # a card may be in two Weis (Kreuzweis)
        shown &= ~played[seat].bits
        if seat != view.seat and shown:
            known[seat] = shown
    return HandSampler.of_view(
        view, trump=mode if mode is not None else Trump.OBENABE, rules=view.rules.play, known=known,
        conditions=weis_conditions(view, mode, played), max_tries=max_tries,
    )


def team_situation(view: TeamView, mode: RoundMode, moves: Sequence[object], declarers: tuple[int, ...]) -> Situation | None:
    """The card decision of a partnership game's ``view`` for the counting player
    (:func:`jass.ai.counting.choose_card`): the cards among ``moves``, the tricks in ``mode``
    (each in its own, for a per-trick mode), the shown Weis as cards known in their hands,
    ``declarers`` the seats of the side that chose the mode. ``None`` when ``moves`` hold no
    card or the view is a spectator's."""
    seat = view.seat
    known: dict[int, int] = {}
    for other in range(SEATS):
        if other != seat:
            for weis in view.shown_weis[other]:
                known[other] = known.get(other, 0) | weis.cards.bits
    return Situation.of_view(
        view, moves, modes=mode, rules=view.rules.play,
        partners=((seat + 2) % SEATS,) if seat is not None else (), known=known, declarers=declarers,
    )
