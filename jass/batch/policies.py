"""Opponents for N games at once: a uniformly random legal action (:func:`uniform_actions`) and
the card play of the greedy heuristic (:func:`greedy_cards`), which follows the main ideas of
the simple rule bot (:class:`jass.ai.bots.SimpleRuleBot`): lead a card no other can beat,
else the cheapest; give points to a partner who is winning the trick; take a trick worth
taking (10 points, or the last card of the trick) with the cheapest card that wins it; else
throw the least valuable card. Each variant's engine adds its own decisions (a trump mode, a prediction) to make its
``greedy`` (:class:`~jass.batch.engine.BatchEngine`).

Cards are ranked as the rule bot ranks them (:data:`STRENGTH`): a trump above every plain card,
by trump order; in Undenufe the 6 and 7, elsewhere the King and the Ace, above the other
cards of their suit; a card is worth its points in the mode (:attr:`PlayTables.points
<jass.batch.cardplay.PlayTables.points>`, so la pomme's trump Jack is worth its 21).
"""

from __future__ import annotations

import functools
from typing import Any, Final

import numpy as np
from numpy.typing import NDArray

from jass.batch.cardplay import ROW, PlayTables
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


def _readonly(array: NDArray[Any]) -> NDArray[Any]:
    array.flags.writeable = False
    return array


#: ``STRENGTH[mode, card]``: how strong the greedy heuristic holds a card in a trick; 108 is
#: a card nothing beats (the trump Jack; with no trump, an Ace or an Undenufe 6).
STRENGTH: Final[NDArray[np.int16]] = _readonly(
    np.array([[_strength(card, mode) for card in Card] for mode in Trump], dtype=np.int16))
#: ``_TRUMPS[mode, card]``: the card is a trump.
_TRUMPS: Final = _readonly(np.array([[card.suit == mode.suit for card in Card] for mode in Trump], dtype=np.bool_))
_UNBEATABLE: Final = 108
#: A trick worth taking: at least this many points in it.
_WORTH_TAKING: Final = 10
#: Added to the key of a card the branch does not want (a trump to give, a card that does not
#: win a trick worth taking): points * 256 + strength stays under it, and two of it under 2**15.
_AFTER: Final = 10_000
#: The key of a card not offered.
_NONE: Final = np.int16(2**15 - 1)
#: The branches of the heuristic: a game picks its row of keys by its branch.
_LEAD, _GIVE, _FOLLOW = 0, 1, 2


@functools.lru_cache(maxsize=16)
def _keys(tables: PlayTables) -> NDArray[np.int16]:
    """``keys[mode * 3 + branch, card]``: whose smallest card (the first on a tie) each branch
    plays: leading, the strongest card if nothing beats it (its strength negated), else the
    cheapest (points, then strength); giving, the most valuable card (points, then weakness),
    a trump only if nothing else; following, the cheapest (the winners of a trick worth taking
    come first when the game adds :data:`_AFTER` to the others)."""
    points = tables.points[: 6 * 36].reshape(6, 36).astype(np.int16)
    cheap = points * 256 + STRENGTH
    lead = np.where(STRENGTH >= _UNBEATABLE, -STRENGTH, cheap + _AFTER)
    give = STRENGTH - points * 256 + _AFTER * _TRUMPS
    return _readonly(np.stack([lead, give, cheap], axis=1).reshape(18, 36).astype(np.int16))


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
    lead = np.asarray(leading, dtype=np.bool_)
    give = ~lead & np.asarray(partner_winning, dtype=np.bool_)
    branch = np.where(lead, _LEAD, np.where(give, _GIVE, _FOLLOW))
    key = _keys(tables)[np.asarray(trump).astype(np.intp) * 3 + branch]
    # Following: the winners of a trick worth taking first.
    beats = tables.keys.reshape(-1, ROW)[np.asarray(row, dtype=np.intp) // ROW, :36] > np.asarray(best)[:, None]
    winners = cards & beats
    take = ~lead & ~give & np.any(winners, axis=1) & ((np.asarray(in_trick) >= _WORTH_TAKING) | last)
    key += (take[:, None] & ~winners) * np.int16(_AFTER)
    chosen: NDArray[np.intp] = np.argmin(np.where(cards, key, _NONE), axis=1)
    return chosen
