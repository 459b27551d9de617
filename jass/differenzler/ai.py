"""What Differenzler's bots use: the rule bot's prediction, and the search hooks (the hands and
secret predictions a seat's view allows, what a round is worth, fast play-outs).
"""

from __future__ import annotations

import functools
import random
from collections.abc import Sequence
from typing import Final

from jass.ai.sampling import HandSampler, played_by
from jass.cards import CardSet, Rank
from jass.differenzler.dealing import start_round
from jass.differenzler.moves import Move, Predict
from jass.differenzler.rules import MAX_PREDICTION
from jass.differenzler.score import penalties_of
from jass.differenzler.state import GAME_OVER, ROUND_OVER, Observation, State, build_setting, build_state
from jass.play import CardPlay
from jass.tricks import play_cards
from jass.trump import Trump, point_table
from jass.variant.facets import AIHooks, SearchHooks
from jass.variant.guards import SEED_LIMIT, wrong_state

__all__ = ["hand_sampler", "sample_hands", "determinize", "round_values"]


def _guess(hand: CardSet, trump: Trump) -> int:
    """The rule of thumb of a prediction: the points of the cards likely to win tricks (trump
    J, 9, A and every Ace) and a share of the hand's other points."""
    table = point_table(trump)
    strong = sum(
        1 for card in hand
        if card.rank == Rank.ACE or (card.suit == trump.suit and card.rank in (Rank.JACK, Rank.NINE))
    )
    return min(MAX_PREDICTION, round(strong * 17.5 + sum(table[c.index] for c in hand) * 0.3))


def _rule_move(view: Observation, moves: Sequence[Move]) -> Move | None:
    """Predict by :func:`_guess`; cards are left to the card-play rules."""
    if not moves or type(moves[0]) is not Predict:
        return None
    guess = _guess(view.hand, view.trump)
    return min(moves, key=lambda m: abs(m.points - guess) if type(m) is Predict else MAX_PREDICTION + 1)


def hand_sampler(view: Observation, *, max_tries: int = 100_000) -> HandSampler:
    """A :class:`~jass.ai.sampling.HandSampler` of the hands the other seats may hold, given
    ``view``: the card play (under the view's rules), and the dealer's face-up card, in the
    dealer's hand until played."""
    if type(view) is not Observation:
        raise wrong_state(view, Observation)
    played = sum(played_by(view, seat).bits for seat in range(view.rules.seats))
    known = {}
    if view.dealer != view.seat and not played & view.face_up.bit:
        known[view.dealer] = view.face_up.bit
    return HandSampler.of_view(view, trump=int(view.trump), rules=view.rules.play, known=known, max_tries=max_tries)


def sample_hands(view: Observation, rng: random.Random) -> tuple[CardSet, ...]:
    """The hands now (four, or three), drawn uniformly among those consistent with ``view`` (see
    :func:`hand_sampler`).

    >>> view = observe(new_game(seed=2), 0)
    >>> hands = sample_hands(view, random.Random(0))
    >>> view.face_up in hands[view.dealer], hands[0] == view.hand
    (True, True)
    """
    return hand_sampler(view).sample(rng)


@functools.lru_cache(maxsize=16)
def _cached_sampler(view: Observation) -> HandSampler:
    # A search determinises one view again and again; counting its deals is the costly part.
    return hand_sampler(view)


def determinize(view: Observation, rng: random.Random, sampler: HandSampler | None = None) -> State:
    """A state that ``view`` could come from: the other hands drawn by :func:`hand_sampler`
    (or ``sampler``, built once for many draws), a secret prediction the view does not show
    guessed from its seat's hand as dealt (by the rule of thumb of the rule bot), a fresh seed
    for the rounds to come. ``observe(state, view.seat) == view``.

    >>> view = observe(new_game(seed=2), 1)
    >>> observe(determinize(view, random.Random(0)), 1) == view
    True
    """
    hands, dealt = (sampler or _cached_sampler(view)).sample_dealt(rng)
    predictions = tuple(
        shown if shown is not None or not made else _guess(dealt[seat], view.trump)
        for seat, (shown, made) in enumerate(zip(view.predictions, view.predicted))
    )
    rules = view.rules
    setup = start_round(rules, dealt, view.dealer, view.face_up).setup
    play = CardPlay.from_parts(setup, hands, view.trick_leader, view.trick, view.tricks)
    setting = build_setting(
        rules=rules, seed=rng.randrange(SEED_LIMIT), round_number=view.round_number, dealer=view.dealer,
        phase=view.phase, face_up=view.face_up, predictions=predictions, penalties=view.penalties,
        history=view.history, winner=view.winner,
    )
    return build_state(setting, play)


def round_values(state: State) -> tuple[float, ...] | None:
    """What the round in play gave each seat once it is over: its penalty, negated (fewer is
    better). ``None`` while the round goes on."""
    phase = state.setting.phase
    if phase is ROUND_OVER or phase is GAME_OVER:
        penalties = state.history[-1].penalties
        assert penalties is not None
        return tuple(-float(p) for p in penalties)
    return None


def _playout(state: State, rng: random.Random) -> tuple[float, ...]:
    """The round played to its end on raw ints: predictions still due by the rule of thumb,
    then random legal cards; the penalties by the one rule (:func:`penalties_of`), negated."""
    setting = state.setting
    play = state.play
    rules = setting.rules
    seats = rules.seats
    predictions = tuple(
        p if p is not None else _guess(play.hand(seat), play.trump) for seat, p in enumerate(setting.predictions)
    )
    outcome = play_cards(
        [play.hand(seat).bits for seat in range(seats)], int(play.trump), play.leader, rng,
        trick=[card.index for card in play.trick], rules=rules.play,
    )
    points = play.points()
    won = play.tricks_won()
    penalties = penalties_of(
        rules, setting.dealer, [points[s] + outcome.points[s] for s in range(seats)], predictions,
        [won[s] + outcome.tricks[s] for s in range(seats)],
    )
    return tuple(-float(p) for p in penalties)


#: What the bots need of Differenzler (:class:`~jass.variant.AIHooks`).
AI: Final[AIHooks[State, Move, Observation]] = AIHooks(
    rule_move=_rule_move,
    search=SearchHooks(determinize=determinize, round_values=round_values, playout=_playout, scale=30.0),
)
