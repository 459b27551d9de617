"""The card of a Misère for the partnership games' rule bots: in a Misère every seat wants its
team to take few points (:data:`jass.trump.PerTrickMode.is_misere`)."""

from __future__ import annotations

from jass.play import PlayCard
from jass.teams.state import TeamView
from jass.tricks import winning_position
from jass.trump import Trump, point_table

__all__ = ["misere_card"]


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
