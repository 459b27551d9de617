"""Opponents for N games at once: a uniformly random legal action (:func:`uniform_actions`) and
the card play of the greedy heuristic (:func:`greedy_cards`), which follows the rule bot's main
ideas (:class:`jass.ai.bots.RuleBot`): lead a card no other can beat, else the cheapest; give
points to a partner who is winning the trick; take a trick worth taking (10 points, or the
last card of the trick) with the cheapest card that wins it; else throw the least valuable
card. Each variant's engine adds its own decisions (a trump mode, a prediction) to make its
``greedy`` (:class:`~jass.batch.engine.BatchEngine`).

Cards are ranked as the rule bot ranks them (:data:`STRENGTH`): a trump above every plain card,
by trump order; in Undenufe the 6 and 7, elsewhere the King and the Ace, above the other
cards of their suit; a card is worth its points in the mode (:attr:`PlayTables.points
<jass.batch.cardplay.PlayTables.points>`, so la pomme's trump Jack is worth its 21).
"""

from __future__ import annotations

from typing import Final

import numpy as np
from numpy.typing import NDArray

from jass.batch.cardplay import PlayTables
from jass.cards import Card, Rank
from jass.trump import Trump

__all__ = ["STRENGTH", "uniform_actions", "greedy_cards"]

#: A trump's strength above the plain cards, by rank 6 .. A (trump order: Jack, 9, Ace, ...).
_TRUMP_ORDER: Final = (0, 1, 2, 7, 3, 8, 4, 5, 6)


def _strength(card: Card, trump: Trump) -> int:
    if card.suit == trump.suit:
        return 100 + _TRUMP_ORDER[card.rank]
    if trump is Trump.UNDENUFE:
        return 100 + 8 - card.rank if card.rank <= Rank.SEVEN else 8 - card.rank
    return 100 + card.rank if card.rank >= Rank.KING else card.rank


#: ``STRENGTH[mode, card]``: how strong the greedy heuristic holds a card in a trick; 108 is
#: a card nothing beats (the trump Jack; with no trump, an Ace or an Undenufe 6).
STRENGTH: Final[NDArray[np.int32]] = np.array([[_strength(card, mode) for card in Card] for mode in Trump],
                                                dtype=np.int32)
STRENGTH.flags.writeable = False
#: ``_TRUMPS[mode, card]``: the card is a trump.
_TRUMPS: Final = np.array([[card.suit == mode.suit for card in Card] for mode in Trump], dtype=np.bool_)
_UNBEATABLE: Final = 108
#: A trick worth taking: at least this many points in it.
_WORTH_TAKING: Final = 10
_NONE: Final = np.int32(1 << 30)


def uniform_actions(mask: NDArray[np.bool_], rng: np.random.Generator) -> NDArray[np.intp]:
    """A uniformly random action among the ``True`` columns of each row of ``mask``
    (``bool[N, A]``); 0 for a row without one.

    >>> rng = np.random.default_rng(0)
    >>> int(uniform_actions(np.array([[False, True, False], [True, False, True]]), rng)[0])
    1
    """
    draws = rng.random(mask.shape)
    draws[~mask] = -1.0
    chosen: NDArray[np.intp] = np.argmax(draws, axis=1)
    return chosen


def _cheapest(candidates: NDArray[np.bool_], key: NDArray[np.int32]) -> NDArray[np.intp]:
    """The first candidate of each row with the smallest ``key``."""
    found: NDArray[np.intp] = np.argmin(np.where(candidates, key, _NONE), axis=1)
    return found


def greedy_cards(
    tables: PlayTables,
    cards: NDArray[np.bool_],
    trump: NDArray[np.integer],
    row: NDArray[np.intp],
    best: NDArray[np.integer],
    in_trick: NDArray[np.integer],
    leading: NDArray[np.bool_],
    last: NDArray[np.bool_],
    partner_winning: NDArray[np.bool_],
) -> NDArray[np.intp]:
    """The greedy heuristic's card (see the module docs) for each of N games.

    ``cards`` (``bool[N, 36]``) are the cards it may play; ``trump`` the mode; ``row``,
    ``best`` and ``in_trick`` the trick in progress (its table row, the key of its winning
    card, its points); ``leading``: no card is in the trick yet; ``last``: this card is the
    trick's last; ``partner_winning``: a partner's card wins the trick now. Ties go to the
    lowest card index, as the rule bot's go to its first legal move.

    >>> from jass import CardSet, PlayRules
    >>> tables = PlayTables.of(PlayRules())
    >>> hand = np.zeros((1, 36), bool); hand[0, [c.index for c in CardSet.parse("HA H6 SK")]] = True
    >>> one = np.ones(1, bool); no = np.zeros(1, bool); zero = np.zeros(1, np.intp)
    >>> Card.from_index(int(greedy_cards(tables, hand, np.array([4]), zero, zero, zero, one, no, no)[0]))
    Card.HA
    """
    mode = np.asarray(trump).astype(np.intp)
    points = tables.points[: 6 * 36].reshape(6, 36).astype(np.int32)[mode]
    strength = STRENGTH[mode]
    cheap = points * 256 + strength
    games = np.arange(cards.shape[0])
    # Leading: the strongest card if nothing beats it, else the cheapest.
    strongest = np.argmax(np.where(cards, strength, -1), axis=1)
    lead = np.where(strength[games, strongest] >= _UNBEATABLE, strongest, _cheapest(cards, cheap))
    # A partner winning: the most valuable card that is no trump (a trump if only trumps).
    plain: NDArray[np.bool_] = cards & ~_TRUMPS[mode]
    some_plain: NDArray[np.bool_] = np.any(plain, axis=1)
    givers = np.where(some_plain[:, None], plain, cards)
    give = np.argmax(np.where(givers, points * 256 - strength, -_NONE), axis=1)
    # Else: the cheapest card that wins a trick worth taking, or the cheapest card.
    keys = tables.keys[np.asarray(row, dtype=np.intp)[:, None] + np.arange(36)]
    winners = cards & (keys > np.asarray(best)[:, None])
    take = winners.any(axis=1) & ((np.asarray(in_trick) >= _WORTH_TAKING) | last)
    follow = np.where(take, _cheapest(winners, cheap), _cheapest(cards, cheap))
    chosen: NDArray[np.intp] = np.where(leading, lead, np.where(partner_winning, give, follow))
    return chosen
