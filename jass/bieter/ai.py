"""What the bots of Bieter use: the rule bot's bids, discards, mode and card play, and the search
hooks (the hidden cards a seat's view allows, what a round is worth).
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Sequence
from typing import Final

from jass.ai import counting, sampling
from jass.bieter import moves as calls
from jass.bieter.moves import GameMode, Move
from jass.bieter.rules import SEATS, Rules
from jass.bieter.state import FACE_DOWN, HiddenCards, Observation, Phase, RoundKind, State, build_setting, build_state
from jass.cards import Card, CardSet
from jass.play import CardPlay, PlaySetup
from jass.trump import DEFAULT_TRUMP_JACK_POINTS, point_table
from jass.variant import guards
from jass.variant.facets import AIHooks, SearchHooks

__all__ = ["hand_sampler", "sample_hidden", "determinize", "round_values"]

#: What an unseen card is worth to the rule bot in a trump game, on average: (152 card points
#: + 8 for each of the 9 trumps) / 36.
_UNSEEN_WORTH: Final = (152 + 8 * 9) / 36
#: The first-game points (by :func:`_worth`) at which the rule bot makes the minimum bid, and
#: how many bid points each point of worth above it adds: a King alone takes about a third of
#: the points when the hands are even, so only a strong first game carries a bid.
_BID_FROM: Final = 105
_BID_PER_POINT: Final = 4


def _worth(cards: CardSet | Sequence[Card], mode: GameMode) -> float:
    """What ``cards`` are worth to the King in ``mode``: their points, and 8 more for each trump."""
    table = point_table(mode.trump, DEFAULT_TRUMP_JACK_POINTS)
    suit = mode.trump.suit
    return sum(table[c.index] + (8 if c.suit == suit else 0) for c in cards)


def _best_mode(cards: CardSet, rules: Rules) -> GameMode:
    modes = [mode for mode in GameMode if mode is not GameMode.HINDERSI]
    return max(modes[:4] if rules.suits_only else modes, key=lambda mode: (_worth(cards, mode), -list(GameMode).index(mode)))


def _rule_move(view: Observation, moves: Sequence[Move]) -> Move | None:
    """Bid up to what the hand is worth (its best mode, with the face-up table cards and three
    unseen ones), lay away the cards worth least in the best mode, name it, always play a later
    game (conceding gives the Bauernpartei a match, which playing never gives more than), and
    play the cards by counting them (:mod:`jass.ai.counting`)."""
    first = moves[0]
    rules = view.rules
    if type(first) is calls.Pass:
        cards = view.hand | CardSet(view.table_open)
        strength = max(_worth(cards, mode) for mode in GameMode if mode is not GameMode.HINDERSI)
        strength += (FACE_DOWN * _UNSEEN_WORTH if view.table_lying else 0)
        limit = rules.min_bid + (strength - _BID_FROM - (FACE_DOWN * _UNSEEN_WORTH if view.table_lying else 0)
                                 ) * _BID_PER_POINT
        lowest = min((m.points for m in moves if type(m) is calls.Bid), default=None)
        return calls.Bid(lowest) if lowest is not None and lowest <= limit else calls.PASS
    if type(first) is calls.Discard:
        mode = _best_mode(view.hand, rules)
        return min(moves, key=lambda m: (_worth((m.card,), mode), m.card.index))  # type: ignore[union-attr]
    if type(first) is calls.Announce:
        return calls.Announce(_best_mode(view.hand, rules))
    if first == calls.PLAY_GAME:
        return calls.PLAY_GAME
    return _card_move(view, moves)


def _card_move(view: Observation, moves: Sequence[Move]) -> Move | None:
    seat, king, mode = view.seat, view.king, view.mode
    if seat is None or king is None or mode is None:
        return None
    partners = tuple(s for s in range(SEATS) if s != seat and seat != king and s != king)
    known, excluded = _public(view)
    situation = counting.Situation.of_view(
        view, moves, modes=(int(mode.trump),) * 12, rules=rules_of(view).play, partners=partners, known=known,
        excluded=excluded, declarers=(king,), wanted=0 if mode is GameMode.HINDERSI and seat == king else None,
    )
    return counting.card_move(situation)


def rules_of(view: Observation) -> Rules:
    """The view's rules."""
    return view.rules


def _public(view: Observation) -> tuple[dict[int, int], int]:
    """The cards whose place a seat knows besides its hand: the trump card in the dealer's hand
    (a later game), and the cards out of every hand (the face-up table cards while they lie,
    the King's own discards)."""
    known: dict[int, int] = {}
    excluded = CardSet(view.own_discards).bits
    if view.table_lying:
        excluded |= CardSet(view.table_open).bits
    if view.trump_card is not None:
        known[view.dealer] = view.trump_card.bit
    return known, excluded


def hand_sampler(view: Observation, *, max_tries: int = 100_000) -> sampling.HandSampler:
    """A :class:`~jass.ai.sampling.HandSampler` of the other two hands, from the cards the seat
    has not seen: the trump card of a later game in the dealer's hand until played, the face-up
    table cards on the table while they lie there and, once the King took them, in his hand
    or among his discards (never in a Bauer's hand), the King's own discards out of play."""
    if type(view) is not Observation:
        raise guards.wrong_state(view, Observation)
    known, excluded = _public(view)
    for seat in list(known):  # a known card leaves the hand when it is played
        known[seat] &= ~sampling.played_by(view, seat).bits
    accept: Callable[[tuple[int, ...]], bool] | None = None
    king, observer = view.king, view.seat
    if king is not None and view.table_open and not view.table_lying and _first_game(view):
        face_up = CardSet(view.table_open).bits
        bauern = [s for s in range(SEATS) if s != king and s != observer]

        def not_with_bauern(hands: tuple[int, ...]) -> bool:
            return not any(hands[s] & face_up for s in bauern)

        accept = not_with_bauern

    mode = view.mode.trump if view.mode is not None else 4
    return sampling.HandSampler.of_view(view, trump=mode, rules=view.rules.play, known=known, excluded=excluded,
                                        accept=accept, max_tries=max_tries)


def _first_game(view: Observation) -> bool:
    """True in the first game of the Partie (played in the round bid on)."""
    return not any(score.kind is not RoundKind.REDEAL for score in view.history)


def sample_hidden(view: Observation, rng: random.Random, *, sampler: sampling.HandSampler | None = None) -> HiddenCards:
    """The cards ``view`` does not show, dealt uniformly among the deals consistent with it (see
    :func:`hand_sampler`): the other hands, the face-down table cards and the King's discards.

    >>> view = observe(new_game(seed=3), 0)
    >>> hidden = sample_hidden(view, random.Random(5))
    >>> [len(h) for h in hidden.hands], len(hidden.table_hidden), len(hidden.out_of_play)
    ([10, 10, 10], 3, 0)
    """
    sampler = sampler or hand_sampler(view)
    hands, rest = sampler.sample_with_rest(rng)
    cards = CardSet.from_bits(rest)
    if view.table_lying:
        return HiddenCards(tuple(CardSet.from_bits(h) for h in hands), cards, CardSet())
    return HiddenCards(tuple(CardSet.from_bits(h) for h in hands), CardSet(), cards | CardSet(view.own_discards))


@functools.lru_cache(maxsize=16)
def _cached_sampler(view: Observation) -> sampling.HandSampler:
    # A search determinises one view again and again; counting its deals is the costly part.
    return hand_sampler(view)


def determinize(view: Observation, rng: random.Random, sampler: sampling.HandSampler | None = None) -> State:
    """A state that ``view`` could come from: the other hands, the face-down table cards and the
    King's discards drawn by :func:`sample_hidden`, a fresh seed for the rounds to come.
    ``observe(state, view.seat) == view``.

    >>> view = observe(new_game(seed=3), 1)
    >>> observe(determinize(view, random.Random(0)), 1) == view
    True
    """
    hidden = sample_hidden(view, rng, sampler=sampler or _cached_sampler(view))
    now = hidden.hands
    playing = view.trick_leader is not None
    held = tuple(hand | sampling.played_by(view, seat) for seat, hand in enumerate(now)) if playing else now
    hands = list(held)
    table: tuple[Card, ...] = ()
    discards: tuple[Card, ...] = view.own_discards or tuple(sorted(hidden.out_of_play))
    king = view.king
    if view.table_lying:
        table = tuple(sorted(hidden.table_hidden)) + view.table_open
    elif king is not None and view.table_open and _first_game(view):
        pool = hands[king] | CardSet(discards)
        hidden_three = sorted(pool - CardSet(view.table_open), key=lambda c: rng.random())[:FACE_DOWN]
        table = tuple(sorted(hidden_three)) + view.table_open
        hands[king] = pool - CardSet(table)
    rules = view.rules
    setting = build_setting(
        rules=rules, seed=rng.randrange(guards.SEED_LIMIT), round_number=view.round_number, dealer=view.dealer,
        phase=view.phase, hands=tuple(hands), table=table, trump_card=view.trump_card, calls=view.calls, king=king,
        bid=view.bid, discards=discards, mode=view.mode, playing=view.playing, scores=view.scores,
        history=view.history, king_won=view.king_won,
    )
    if not playing or view.mode is None:
        return build_state(setting, None)
    setup = PlaySetup.of(view.mode.trump, SEATS, rules.play)
    assert view.trick_leader is not None
    return build_state(setting, CardPlay.from_parts(setup, now, view.trick_leader, view.trick, view.tricks))


def round_values(state: State) -> tuple[float, ...] | None:
    """What the round in play gave each seat once it is over: the King's written points over his
    bid less the Bauernpartei's over their goal (each Bauer the opposite); ``None`` while it
    goes on."""
    setting = state.setting
    if setting.phase is not Phase.ROUND_OVER and setting.phase is not Phase.GAME_OVER:
        return None
    king = setting.king
    if king is None:
        return (0.0,) * SEATS
    written = setting.history[-1].written
    value = written[0] / max(setting.bid, 1) - written[1] / setting.rules.goal
    return tuple(value if seat == king else -value for seat in range(SEATS))


#: What the bots need of Bieter (:class:`~jass.variant.AIHooks`).
AI: Final[AIHooks[State, Move, Observation]] = AIHooks(
    rule_move=_rule_move,
    search=SearchHooks(determinize=determinize, round_values=round_values, scale=0.3),
)
