"""What Molotow's bots use: the rule bot's cards (take as few points as it can), and the search
hooks (the hands a seat's view allows, what a round is worth).
"""

from __future__ import annotations

import functools
import random
from collections.abc import Sequence
from typing import Final

from jass.ai.sampling import HandSampler
from jass.cards import SUIT_MASKS, CardSet
from jass.molotow.moves import Move
from jass.molotow.state import GAME_OVER, ROUND_OVER, Observation, State, build_setting, build_state
from jass.molotow.trumping import cards_played, fixing_position, mode_in_play
from jass.play import CardPlay, PlayCard, PlaySetup
from jass.tricks import winning_position
from jass.trump import Trump, point_table
from jass.variant import guards
from jass.variant.facets import AIHooks, SearchHooks

__all__ = ["hand_sampler", "sample_hands", "determinize", "round_values"]


def _rule_move(view: Observation, moves: Sequence[Move]) -> Move | None:
    """The rule bot's card (:class:`~jass.ai.bots.RuleBot`): it wants no points (jassverzeichnis.ch:
    «Möglichst wenige Punkte erzielen»). It leads its weakest card (a plain card before a trump,
    the lowest rank first); following, it loses the trick if a card can, shedding onto it the
    card worth the most; if every card takes the trick, the one worth the least. A card that does
    not follow suit before trump is fixed makes trump and so takes the trick (for now). The
    deal is its only other move."""
    cards = [move for move in moves if type(move) is PlayCard]
    if view.seat is None or not cards:
        return None
    mode = mode_in_play(view.trump)
    trick = tuple(view.trick)
    if not trick:
        return min(cards, key=lambda m: (m.card.suit == mode.suit, int(m.card.rank), m.card.index))

    def outcome(move: PlayCard) -> tuple[bool, int]:
        """Whether the card takes the trick as it stands, and what it is worth, in the mode it
        leaves the trick in."""
        card = move.card
        after = Trump(card.suit.value) if view.trump is None and card.suit != trick[0].suit else mode
        return winning_position(trick + (card,), after) == len(trick), point_table(after)[card.index]

    losers = [m for m in cards if not outcome(m)[0]]
    if losers:
        return max(losers, key=lambda m: (outcome(m)[1], m.card.index))
    return min(cards, key=lambda m: (outcome(m)[1], m.card.index))


def _fixer_void(view: Observation) -> tuple[int, int] | None:
    """The seat that fixed trump and the led suit it could not follow (bits): it holds none of
    them now; ``None`` before trump is fixed."""
    where = fixing_position(view.tricks, view.trick)
    if where is None:
        return None
    seats = view.rules.seats
    played = list(cards_played(view.tricks, view.trick, view.trick_leader, seats))
    first = where[0] * seats
    seat = played[first + where[1]][0]
    return seat, SUIT_MASKS[played[first][1].suit.value]


def hand_sampler(view: Observation, *, max_tries: int = 100_000) -> HandSampler:
    """A :class:`~jass.ai.sampling.HandSampler` of the hands the other seats may hold, given
    ``view``: the card play in the mode in play (Obenabe, then the trump: every card before the
    one that fixed trump followed suit, so the trump's rules read them alike), the void of the
    player who fixed trump in the suit he could not follow (a trump played by choice is legal
    under trump rules, so the sampler is told), and the card out of play with five players in
    no hand."""
    if type(view) is not Observation:
        raise guards.wrong_state(view, Observation)
    void = _fixer_void(view)
    accept = None
    if void is not None and void[0] != view.seat:
        seat, suit = void

        def accept(hands: tuple[int, ...]) -> bool:
            return not hands[seat] & suit

    mode = mode_in_play(view.trump)
    return HandSampler.of_view(view, trump=int(mode), rules=view.rules.play, excluded=view.rules.out_of_play.bits,
                               accept=accept, max_tries=max_tries)


def sample_hands(view: Observation, rng: random.Random) -> tuple[CardSet, ...]:
    """The hands now, drawn uniformly among those consistent with ``view`` (see
    :func:`hand_sampler`).

    >>> view = observe(new_game(seed=2), 0)
    >>> hands = sample_hands(view, random.Random(0))
    >>> hands[0] == view.hand, [len(hand) for hand in hands]
    (True, [9, 9, 9, 9])
    """
    return hand_sampler(view).sample(rng)


@functools.lru_cache(maxsize=16)
def _cached_sampler(view: Observation) -> HandSampler:
    # A search determinises one view again and again; counting its deals is the costly part.
    return hand_sampler(view)


def determinize(view: Observation, rng: random.Random, sampler: HandSampler | None = None) -> State:
    """A state that ``view`` could come from: the other hands drawn by :func:`hand_sampler` (or
    ``sampler``, built once for many draws), a fresh seed for the rounds to come.
    ``observe(state, view.seat) == view``.

    >>> view = observe(new_game(seed=2), 1)
    >>> observe(determinize(view, random.Random(0)), 1) == view
    True
    """
    hands = (sampler or _cached_sampler(view)).sample(rng)
    rules = view.rules
    setup = PlaySetup.of(mode_in_play(view.trump), rules.seats, rules.play)
    play = CardPlay.from_parts(setup, hands, view.trick_leader, view.trick, view.tricks)
    setting = build_setting(
        rules=rules, seed=rng.randrange(guards.SEED_LIMIT), round_number=view.round_number, dealer=view.dealer,
        phase=view.phase, totals=view.totals, history=view.history, winner=view.winner,
    )
    return build_state(setting, play)


def round_values(state: State) -> tuple[float, ...] | None:
    """What the round in play gave each seat once it is over: the mean of the others' points less
    its own (fewer points are better); ``None`` while the round goes on."""
    phase = state.setting.phase
    if phase is not ROUND_OVER and phase is not GAME_OVER:
        return None
    totals = state.history[-1].totals
    seats = len(totals)
    return tuple((sum(totals) - totals[seat]) / (seats - 1) - totals[seat] for seat in range(seats))


#: What the bots need of Molotow (:class:`~jass.variant.AIHooks`). The play-outs go through
#: :func:`~jass.molotow.apply` (the search's default): the raw-int play-outs keep one mode for a
#: round, and Molotow's trump is fixed in the middle of it.
AI: Final[AIHooks[State, Move, Observation]] = AIHooks(
    rule_move=_rule_move,
    search=SearchHooks(determinize=determinize, round_values=round_values, scale=30.0),
)
