"""Bots that play any variant through the shared protocol, seeing only their observation.

A bot is any object with ``choose(view, moves) -> move``: ``view`` is
``variant.observe(state, seat)`` and ``moves`` the seat's legal moves (which
reveal nothing beyond the seat's own hand). :class:`RandomBot` picks uniformly;
:class:`RuleBot` follows the obvious rules of good play in each variant.

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

from jass.cards import Card, CardSet, Rank
from jass.errors import JassError
from jass.play import PlayCard
from jass.tricks import winning_position
from jass.trump import Trump, point_table

__all__ = ["Bot", "RandomBot", "RuleBot", "BOTS", "make_bot"]


class Bot(Protocol):
    """Anything that picks a move from the legal ones, given what its seat may see."""

    def choose(self, view: Any, moves: Sequence[Any]) -> Any:
        """One of ``moves``, chosen from ``view`` (the seat's observation) alone."""


class RandomBot:
    """Picks a legal move uniformly at random; reproducible from ``seed``."""

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)

    def choose(self, view: Any, moves: Sequence[Any]) -> Any:
        """A uniformly random move of ``moves``."""
        return self._rng.choice(list(moves))

    def __repr__(self) -> str:
        return "RandomBot()"


# Rough trick-taking strength of a card held in the trump suit, by rank 6..A.
_TRUMP_WEIGHT = (1, 1, 1, 7, 2, 10, 2, 3, 5)


def _hand_value(hand: CardSet, trump: Trump) -> int:
    """How much a hand likes a trump mode (a rule of thumb, not an evaluation)."""
    if trump is Trump.OBENABE:
        return sum({Rank.ACE: 6, Rank.KING: 3, Rank.QUEEN: 1}.get(c.rank, 0) for c in hand)
    if trump is Trump.UNDENUFE:
        return sum({Rank.SIX: 6, Rank.SEVEN: 3, Rank.EIGHT: 1}.get(c.rank, 0) for c in hand)
    suit = trump.suit
    value = sum(_TRUMP_WEIGHT[c.rank] for c in hand if c.suit == suit)
    value += 3 * sum(1 for c in hand if c.suit != suit and c.rank == Rank.ACE)
    return value


class RuleBot:
    """A bot that follows the obvious rules of good play.

    In card play (every variant) it takes a trick worth taking with its cheapest
    winning card, gives points to a partner who is winning, and otherwise
    throws its least valuable card. Schieber: it chooses the trump its hand
    likes best or pushes a weak hand, declares every Weis, and announces
    "bedankt, genug" once its team's points reach the target. Differenzler: it
    predicts from its hand's strength. La pomme: it gives away its three least
    valuable cards when they are worth less than three unknown cards, and
    always takes the turned card for its trump 6.
    """

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)

    def __repr__(self) -> str:
        return "RuleBot()"

    def choose(self, view: Any, moves: Sequence[Any]) -> Any:
        """The move these rules pick from ``moves``."""
        moves = list(moves)
        names = {type(m).__name__ for m in moves}
        if "Announce" in names and self._may_claim(view):
            return next(m for m in moves if type(m).__name__ == "Announce")
        if "DeclareWeis" in names:
            # The first offered declaration is the fullest one.
            return next(m for m in moves if type(m).__name__ == "DeclareWeis")
        if "ChooseTrump" in names:
            return self._choose_trump(view, moves)
        if "Predict" in names:
            return self._predict(view, moves)
        if "Exchange" in names or "KeepHand" in names:
            return self._exchange(view, moves)
        if "SwapTrumpSix" in names:
            return next(m for m in moves if type(m).__name__ == "SwapTrumpSix")
        cards = [m for m in moves if isinstance(m, PlayCard)]
        if cards:
            return self._play(view, cards)
        return moves[0]

    # -- decisions -------------------------------------------------------------

    def _may_claim(self, view: Any) -> bool:
        rules_target = getattr(getattr(view, "rules", None), "target_score", None)
        scores = getattr(view, "scores", None)
        points = getattr(view, "round_points", None)
        if rules_target is None or scores is None or points is None:
            return False
        team = view.seat % 2
        return bool(scores[team] + points[team] >= rules_target)

    def _choose_trump(self, view: Any, moves: list[Any]) -> Any:
        hand: CardSet = view.hand
        options = [m for m in moves if type(m).__name__ == "ChooseTrump"]
        best = max(options, key=lambda m: _hand_value(hand, m.trump))
        pushes = [m for m in moves if type(m).__name__ == "Push"]
        if pushes and _hand_value(hand, best.trump) < 24:
            return pushes[0]
        return best

    def _predict(self, view: Any, moves: list[Any]) -> Any:
        hand: CardSet = view.hand
        trump: Trump = view.trump
        table = point_table(trump)
        # Expect to take the points of the cards that are likely to win tricks.
        strong = 0
        for card in hand:
            if card.suit == trump.suit and card.rank in (Rank.JACK, Rank.NINE, Rank.ACE):
                strong += 1
            elif card.rank == Rank.ACE:
                strong += 1
        guess = min(157, round(strong * 17.5 + sum(table[c.index] for c in hand) * 0.3))
        return min(moves, key=lambda m: abs(getattr(m, "points", 0) - guess))

    def _exchange(self, view: Any, moves: list[Any]) -> Any:
        # La pomme's extra cards are blind: give away the three weakest cards when they
        # are worth less than three unknown cards are on average.
        trump: Trump = view.trump
        table = point_table(trump, 21)
        keep = next((m for m in moves if type(m).__name__ == "KeepHand"), moves[0])
        exchanges = [m for m in moves if type(m).__name__ == "Exchange"]
        if not exchanges:
            return keep

        def worth(cards: CardSet) -> int:
            return sum(table[c.index] + (8 if c.suit == trump.suit else 0) for c in cards)

        best = min(exchanges, key=lambda m: (worth(m.cards), m.cards.bits))
        # An unknown card is worth about (153 + 8 * 9) / 36 = 6.25 on average.
        return best if worth(best.cards) < 3 * 6 else keep

    def _play(self, view: Any, cards: list[PlayCard]) -> PlayCard:
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
        seats = len(getattr(view, "hand_sizes", ())) or 4
        position = winning_position(trick, trump)
        leader = view.trick_leader if getattr(view, "trick_leader", None) is not None else 0
        winner_seat = (leader + position) % seats
        partner_winning = seats == 4 and _is_partnership(view) and winner_seat % 2 == view.seat % 2
        if partner_winning:
            valuable = [m for m in cards if m.card.suit != trump.suit]
            return max(valuable or cards, key=lambda m: (table[m.card.index], -strength[m.card]))
        winners = [m for m in cards if winning_position(trick + (m.card,), trump) == len(trick)]
        at_stake = sum(table[c.index] for c in trick)
        if winners and (at_stake >= 10 or len(trick) == seats - 1):
            return cheapest(winners)
        return cheapest(cards)


def _strength(card: Card, trump: Trump) -> int:
    """Trick-taking strength: a trump above any plain card; Undenufe reversed."""
    if card.suit == trump.suit:
        return 100 + (0, 1, 2, 7, 3, 8, 4, 5, 6)[card.rank]
    if trump is Trump.UNDENUFE:
        return 100 + 8 - card.rank if card.rank <= Rank.SEVEN else 8 - card.rank
    return 100 + card.rank if card.rank >= Rank.KING else card.rank


def _is_partnership(view: Any) -> bool:
    return type(view).__module__.endswith("schieber")


#: The bots the command line and the arena know by name.
BOTS: dict[str, type[RandomBot] | type[RuleBot]] = {"random": RandomBot, "rule": RuleBot}


def make_bot(name: str, seed: int | None = None) -> RandomBot | RuleBot:
    """The bot called ``name`` (``random`` or ``rule``), seeded."""
    try:
        kind = BOTS[name]
    except KeyError:
        raise JassError(f"no bot called {name!r}: choose one of {', '.join(sorted(BOTS))}") from None
    return kind(seed)
