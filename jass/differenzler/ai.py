"""What Differenzler's bots use: the rule bot's prediction, and the search hooks (the hands and
secret predictions a seat's view allows, what a round is worth, fast play-outs).
"""

from __future__ import annotations

import functools
import random
from collections.abc import Sequence
from typing import Final

from jass.ai import counting
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
from jass.variant import guards

__all__ = ["predicted_points", "hand_sampler", "sample_hands", "determinize", "round_values"]


def _guess(hand: CardSet, trump: Trump) -> int:
    """The rule of thumb of a prediction: the points of the cards likely to win tricks (trump
    J, 9, A and every Ace) and a share of the hand's other points."""
    table = point_table(trump)
    strong = sum(
        1 for card in hand
        if card.rank == Rank.ACE or (card.suit == trump.suit and card.rank in (Rank.JACK, Rank.NINE))
    )
    return min(MAX_PREDICTION, round(strong * 17.5 + sum(table[c.index] for c in hand) * 0.3))


def _simple_move(view: Observation, moves: Sequence[Move]) -> Move | None:
    """The simple rule bot's prediction (:class:`~jass.ai.bots.SimpleRuleBot`), by
    :func:`_guess`; cards are left to its card-play rules."""
    if not moves or type(moves[0]) is not Predict:
        return None
    guess = _guess(view.hand, view.trump)
    return min(moves, key=lambda m: abs(m.points - guess) if type(m) is Predict else MAX_PREDICTION + 1)


def _rule_move(view: Observation, moves: Sequence[Move]) -> Move | None:
    """The rule bot's choice (:class:`~jass.ai.bots.RuleBot`): the prediction its hand is worth
    (:func:`predicted_points`), then the cards by counting them, aiming at the prediction: it
    wants the points it still lacks, and none beyond (:func:`jass.ai.counting.choose_card`)."""
    if not moves or view.seat is None:
        return None
    if type(moves[0]) is Predict:
        guess = predicted_points(view.hand, view.trump, (view.seat - view.dealer) % view.rules.seats)
        return min(moves, key=lambda m: abs(m.points - guess) if type(m) is Predict else MAX_PREDICTION + 1)
    seat = view.seat
    known: dict[int, int] = {}
    if view.dealer != seat:
        known[view.dealer] = view.face_up.bit  # until it is played
    prediction = view.predictions[seat]
    situation = counting.Situation.of_view(
        view, moves, modes=(int(view.trump),) * view.rules.cards_each, rules=view.rules.play, known=known,
        wanted=None if prediction is None else prediction - view.points[seat],
    )
    return counting.card_move(situation)


#: The weights of :func:`predicted_points`, fitted (least absolute error) to the points the
#: rule bots take in 12,000 hands of rule-bot games: a constant; the trump J, 9, A, K, Q and
#: 10 held; the low trumps (6 to 8) and all trumps; the side suits' Aces, Kings beside the
#: Ace, Kings without it, 10s beside the Ace, 10s without it, Queens; the side suits missing;
#: the hand's points; dealer (who holds the face-up card); Vorhand (who leads first).
_PREDICTION_WEIGHTS: Final = (
    -23.56, 25.17, 2.74, -2.63, 0.35, -1.03, -8.42, -2.75, 13.44, -3.14, 2.05, 1.48, -9.96, -10.22, 0.26, -3.05,
    0.86, 7.1, 14.48,
)


def predicted_points(hand: CardSet, trump: Trump, position: int = 1) -> int:
    """The points a hand of nine is worth in Differenzler with ``trump`` and the seat's
    ``position`` (0: the dealer, 1: Vorhand, who leads first, 2 and 3 the others): what the
    rule bot predicts. A linear rule fitted to the points the rule bots take (its weights in
    the source); its mean error was 15.6 points on hands it was not fitted to, against 24 for
    the simple bot's rule of thumb.

    >>> predicted_points(CardSet.parse("HJ H9 HA CA SA D6 D7 C6 S6"), Trump.SCHILTEN) > predicted_points(
    ...     CardSet.parse("H6 H7 C7 C8 S7 S8 D8 D9 C9"), Trump.SCHILTEN)
    True
    """
    suit = trump.suit
    table = point_table(trump)
    trumps = {c.rank for c in hand if c.suit == suit}
    sides: dict[int, set[int]] = {}
    for card in hand:
        if card.suit != suit:
            sides.setdefault(card.suit, set()).add(card.rank)
    ace, king, queen, ten = Rank.ACE, Rank.KING, Rank.QUEEN, Rank.TEN
    features = (
        1, Rank.JACK in trumps, Rank.NINE in trumps, ace in trumps, king in trumps, queen in trumps, ten in trumps,
        sum(1 for r in trumps if r < Rank.NINE), len(trumps),
        sum(1 for r in sides.values() if ace in r), sum(1 for r in sides.values() if king in r and ace in r),
        sum(1 for r in sides.values() if king in r and ace not in r), sum(1 for r in sides.values() if ten in r and ace in r),
        sum(1 for r in sides.values() if ten in r and ace not in r), sum(1 for r in sides.values() if queen in r),
        3 - len(sides), sum(table[c.index] for c in hand), position == 0, position == 1,
    )
    guess = sum(w * f for w, f in zip(_PREDICTION_WEIGHTS, features))
    return max(0, min(MAX_PREDICTION, round(guess)))


def hand_sampler(view: Observation, *, max_tries: int = 100_000) -> HandSampler:
    """A :class:`~jass.ai.sampling.HandSampler` of the hands the other seats may hold, given
    ``view``: the card play (under the view's rules), and the dealer's face-up card, in the
    dealer's hand until played."""
    if type(view) is not Observation:
        raise guards.wrong_state(view, Observation)
    played = sum(played_by(view, seat).bits for seat in range(view.rules.seats))
    known: dict[int, int] = {}
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
        rules=rules, seed=rng.randrange(guards.SEED_LIMIT), round_number=view.round_number, dealer=view.dealer,
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
    simple_move=_simple_move,
    search=SearchHooks(determinize=determinize, round_values=round_values, playout=_playout, scale=30.0),
)
