"""What the partnership games' bots share: a hand's worth in a trump mode (the rule bot's
choice of mode), and the hands and Weis a seat's view allows (the search bots' sampler).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Final

from jass.ai.sampling import HandSampler, played_by
from jass.cards import CardSet, Rank, card_set_of
from jass.teams.moves import WeisDeclaration, weis_options
from jass.teams.rules import SEATS
from jass.teams.state import Declared, TeamView
from jass.play import PlayCard
from jass.tricks import winning_position
from jass.trump import RoundMode, Trump, point_table
from jass.weis import Weis, WeisRules, best_weis, detect_weis

__all__ = ["hand_value", "declarable", "drawn_declarations", "keeps_shown_winner", "team_sampler", "misere_card"]

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


def declarable(dealt: CardSet, weis: WeisRules | None, points: int | None, shown: tuple[Weis, ...]) -> list[tuple[Weis, ...]]:
    """The declarations a seat with ``dealt`` could have made to be seen declaring ``points``
    (and showing ``shown``, which is all it declared once shown)."""
    if points is None or weis is None:
        return []
    if shown:
        return [shown] if sum(w.points for w in shown) == points else []
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
    """A :class:`~jass.ai.sampling.HandSampler` of the hands the other seats may hold, given a
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


def misere_card(view: TeamView, cards: list[PlayCard]) -> PlayCard:
    """A card of a Misère, where every seat wants its team to take few points (the declaring
    team is written the other team's points, and those are what the other team wants low):
    lead the weakest card; else lose the trick if a card can, shedding the most points onto a
    trick the other team wins and the fewest onto the partner's; else the cheapest card."""
    mode = view.trump
    assert mode is not None  # a card is due: the trick has its mode
    table = point_table(mode)
    trick = tuple(view.trick)
    if not trick:
        return min(cards, key=lambda m: (_rank_in(m, mode), table[m.card.index]))
    losers = [m for m in cards if winning_position(trick + (m.card,), mode) != len(trick)]
    if not losers:
        return min(cards, key=lambda m: table[m.card.index])
    leader = view.trick_leader if view.trick_leader is not None else 0
    partner_wins = (leader + winning_position(trick, mode)) % 2 == (view.seat or 0) % 2
    pick = min if partner_wins else max
    return pick(losers, key=lambda m: table[m.card.index])


def _rank_in(move: PlayCard, mode: Trump) -> int:
    """How strong a card is in its suit in a trick of ``mode``, Obenabe or Undenufe (0 the
    weakest): Undenufe turns the order round."""
    rank = int(move.card.rank)
    return 8 - rank if mode is Trump.UNDENUFE else rank
