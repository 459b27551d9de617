"""Bots that play any variant through the shared protocol, seeing only their observation.

A bot is any object with ``choose(view, moves) -> move``: ``view`` is
``variant.observe(state, seat)`` and ``moves`` the seat's legal moves (which
reveal nothing beyond the seat's own hand). :class:`RandomBot` picks uniformly;
:class:`RuleBot` counts the cards and plays by the rules of good play of each variant;
:class:`SimpleRuleBot` follows a few obvious rules and counts nothing.

>>> from jass import schieber
>>> state = schieber.new_game(seed=4)
>>> seat = schieber.to_act(state)
>>> move = RuleBot().choose(schieber.observe(state, seat), schieber.legal_moves(state))
>>> schieber.apply(state, move).phase in (schieber.Phase.CHOOSE_TRUMP, schieber.Phase.PLAY)
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Protocol

from jass.cards import Card, Rank
from jass.play import PlayCard
from jass.tricks import winning_position
from jass.trump import Trump, point_table
from jass.variant import variant_of

__all__ = ["Bot", "RandomBot", "RuleBot", "SimpleRuleBot"]


class Bot(Protocol):
    """Anything that picks a move from the legal ones, given what its seat may see."""

    def choose(self, view: Any, moves: Sequence[Any]) -> Any:
        """One of ``moves``, chosen from ``view`` (the seat's observation) alone."""


class RandomBot:
    """Picks uniformly at random among the *sensible* legal moves, reproducibly from ``seed``.

    Sensible means every legal move but those that lose the game at once
    (:attr:`jass.variant.AIHooks.sensible_moves`): in Schieber a claim to go out («Mer bedanked eus!»)
    short of the target, which would otherwise end most random games in their first round.
    ``sensible=False`` picks among all legal moves.
    """

    def __init__(self, seed: int | None = None, *, sensible: bool = True) -> None:
        self._rng = random.Random(seed)
        self.sensible = sensible

    def choose(self, view: Any, moves: Sequence[Any]) -> Any:
        """A uniformly random move of the sensible ones among ``moves``."""
        if self.sensible:
            moves = variant_of(view).ai.sensible_moves(view, moves) or moves
        return self._rng.choice(list(moves))

    def __repr__(self) -> str:
        return "RandomBot()"


class RuleBot:
    """The card-counting rule bot, the library's default opponent.

    Every decision is its variant's rule (:attr:`jass.variant.AIHooks.rule_move`), made from
    the seat's observation alone. In card play (every variant) it counts the cards
    (:mod:`jass.ai.counting`): it remembers every card played and which cards each other seat
    cannot hold, knows the masters ("Bock") and the trumps still out, draws trumps when its
    side chose them and it holds the master trump, smears points onto its partner's trick when
    no opponent can still beat it, discards by the Swiss convention (from the suit it does not
    want led) and reads its partner's discards. In Schieber and Coiffeur it chooses the mode
    (or pushes) by its hand's value and declares every Weis; in Differenzler it predicts its
    points from its hand and plays to make them; in la pomme it exchanges when three unknown
    cards are worth more than its weakest three. A variant whose rule leaves a move open gets
    :class:`SimpleRuleBot`'s.
    """

    def __init__(self, seed: int | None = None) -> None:
        self._simple = SimpleRuleBot(seed)

    def __repr__(self) -> str:
        return "RuleBot()"

    def choose(self, view: Any, moves: Sequence[Any]) -> Any:
        """The move the rules pick from ``moves``."""
        moves = list(moves)
        chosen = variant_of(view).ai.rule_move(view, moves) if len(moves) > 1 else moves[0]
        return chosen if chosen is not None else self._simple.choose(view, moves)


class SimpleRuleBot:
    """The first rule bot: a few obvious rules of good play, and no counting.

    In card play (every variant) it takes a trick worth taking with its cheapest
    winning card, gives points to a partner who is winning, and otherwise
    throws its least valuable card. Every other decision is its variant's simple rule
    (:attr:`jass.variant.AIHooks.simple_move`): in Schieber it chooses the trump its hand
    likes best or pushes a weak hand, declares every Weis, and announces «Mer bedanked eus!»
    once its team's points reach the target; in Differenzler it predicts from its hand's
    strength; in la pomme it gives away its three least valuable cards when they are worth
    less than three unknown cards, and always takes the turned card for its trump 6.
    """

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)

    def __repr__(self) -> str:
        return "SimpleRuleBot()"

    def choose(self, view: Any, moves: Sequence[Any]) -> Any:
        """The move these rules pick from ``moves``."""
        moves = list(moves)
        variant = variant_of(view)
        simple = variant.ai.simple_move or variant.ai.rule_move
        chosen = simple(view, moves)
        if chosen is not None:
            return chosen
        cards = [m for m in moves if isinstance(m, PlayCard)]
        if cards:
            return self._play(view, cards, variant.teams_for(getattr(view, "rules", None)))
        return moves[0]

    def _play(self, view: Any, cards: list[PlayCard], teams: tuple[tuple[int, ...], ...]) -> PlayCard:
        if view.trump is None:
            return _deciding_lead(view, cards)
        trump: Trump = view.trump
        table = point_table(trump)
        trick: tuple[Card, ...] = tuple(view.trick)
        strength = {c: _strength(c, trump) for c in (m.card for m in cards)}

        def cheapest(options: list[PlayCard]) -> PlayCard:
            return min(options, key=lambda m: (table[m.card.index], strength[m.card]))

        if not trick:
            # Lead the strongest card of the hand if it is very strong, else the cheapest.
            best = max(cards, key=lambda m: strength[m.card])
            return best if strength[best.card] >= 108 else cheapest(cards)
        seats = len(view.hand_sizes)
        position = winning_position(trick, trump)
        leader = view.trick_leader if view.trick_leader is not None else 0
        winner_seat = (leader + position) % seats
        partner_winning = winner_seat != view.seat and any(
            winner_seat in team and view.seat in team for team in teams
        )
        if partner_winning:
            valuable = [m for m in cards if m.card.suit != trump.suit]
            return max(valuable or cards, key=lambda m: (table[m.card.index], -strength[m.card]))
        winners = [m for m in cards if winning_position(trick + (m.card,), trump) == len(trick)]
        at_stake = sum(table[c.index] for c in trick)
        if winners and (at_stake >= 10 or len(trick) == seats - 1):
            return cheapest(winners)
        return cheapest(cards)


def _deciding_lead(view: Any, cards: list[PlayCard]) -> PlayCard:
    """A lead that decides the trick's mode (a :class:`~jass.trump.LeadMode`: Alles Trumpf,
    Elefant's trick 7), each card judged in the mode it would make: the strongest if very
    strong, else the cheapest."""
    number = len(view.tricks)
    made = {move.card: view.mode.trick_mode(number, move.card.suit) for move in cards}
    best = max(cards, key=lambda m: _strength(m.card, made[m.card]))
    if _strength(best.card, made[best.card]) >= 108:
        return best
    return min(cards, key=lambda m: (point_table(made[m.card])[m.card.index], _strength(m.card, made[m.card])))


def _strength(card: Card, trump: Trump) -> int:
    """Trick-taking strength: a trump above any plain card; Undenufe reversed."""
    if card.suit == trump.suit:
        return 100 + (0, 1, 2, 7, 3, 8, 4, 5, 6)[card.rank]
    if trump is Trump.UNDENUFE:
        return 100 + 8 - card.rank if card.rank <= Rank.SEVEN else 8 - card.rank
    return 100 + card.rank if card.rank >= Rank.KING else card.rank
