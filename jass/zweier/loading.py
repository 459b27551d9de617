"""The checks of a Zweierjass state or observation read from JSON: the round is replayed from its
deal through :func:`~jass.zweier.apply`.
"""

from __future__ import annotations

from typing import Final

import attrs

from jass import play
from jass._base import check_same
from jass.cards import CardSet
from jass.errors import SerialError
from jass.play import PlayCard
from jass.variant.facets import Loading
from jass.variant.loading import check_game_end, check_turn, replay_move, rounds_before
from jass.variant.state import out_of_rounds
from jass.zweier import moves
from jass.zweier.dealing import new_round
from jass.zweier.game import apply, seat_to_act
from jass.zweier import rules as options
from jass.zweier.score import game_winner, score_of_tricks
from jass.zweier.state import HiddenCards, Observation, Phase, RoundScore, Setting, State, bottom_drawn_by, drawn_count

__all__ = ["check_loaded", "check_observation"]


def _check_history(setting: Setting, path: str) -> tuple[tuple[RoundScore, ...], tuple[int, int]]:
    """The rounds written before the one in ``setting`` (finished rounds that did not end the
    game), and the scores after them."""
    over = setting.phase is not Phase.PLAY
    before = rounds_before(setting, options.Rules, options.SEATS, over, path)
    scores = [0, 0]
    for i, score in enumerate(before):
        rpath = f"{path}.history[{i}]"
        if not score.complete:
            raise SerialError("a round of the history is finished", f"{rpath}.complete")
        scores[0] += score.totals[0]
        scores[1] += score.totals[1]
        if game_winner(scores, setting.rules) is not None or out_of_rounds(i + 1):
            raise SerialError("after this round the game was over", rpath)
    return before, (scores[0], scores[1])


def check_loaded(state: State, path: str = "$") -> None:
    """Check a state read from JSON: its dealer and history, the deal (the hands and the stack
    hold the 36 cards), and then its card play, replayed from the deal through :func:`apply`
    (with every draw), must give the state itself. Raises :class:`~jass.errors.SerialError` at
    the first field that does not fit."""
    setting = state.setting
    before, scores = _check_history(setting, path)
    play.check_disjoint((setting.hands[0], setting.hands[1], CardSet(setting.stack)), f"{path}.deal", "place")
    order = list(setting.hands[1 - setting.dealer]) + list(setting.hands[setting.dealer]) + list(setting.stack)
    previous = attrs.evolve(setting, scores=scores, history=before)
    replay = new_round(setting.rules, setting.seed, setting.round_number, setting.dealer, order, previous)
    for card, card_path in state.play.cards_in_order(f"{path}.play"):
        replay = replay_move(apply, replay, PlayCard(card), card_path)
    check_same(state, replay, path, "replaying the round from its deal")


def _check_draws(view: Observation, played: CardSet, path: str) -> None:
    """The observer's own draws: one after each of the first tricks, cards it holds or played,
    the bottom card last and only for the seat that took it."""
    made = min(len(view.tricks), options.DRAWING_TRICKS) if view.seat is not None else 0
    draws = view.your_draws
    if any(card is None for card in draws[:made]) or any(card is not None for card in draws[made:]):
        raise SerialError(f"a seat sees its own {made} draws, one after each of the first tricks", f"{path}.your_draws")
    cards = CardSet(card for card in draws if card is not None)
    if len(cards) != made or not cards <= (view.hand | played):
        raise SerialError("a seat drew different cards and holds or played each of them", f"{path}.your_draws")
    bottom_is_ours = view.seat is not None and view.bottom_drawn_by == view.seat
    if (view.bottom_card in cards) != bottom_is_ours or (bottom_is_ours and draws[-1] is not view.bottom_card):
        raise SerialError(f"the bottom card {view.bottom_card} is drawn last, by the loser of the ninth trick",
                          f"{path}.your_draws")
    if view.bottom_drawn_by is None and view.bottom_card in (view.hand | played):
        raise SerialError(f"the bottom card {view.bottom_card} is in the stack until the last draw",
                          f"{path}.bottom_card")


def check_observation(view: Observation, path: str = "$") -> None:
    """Check an observation read from JSON: the public facts must agree (the mode from the bottom
    card, the tricks by the rules of card play, the stack's size, who drew the bottom card, the
    seat's own draws, whose turn it is, the points, the scores and the history, the legal
    moves). Raises :class:`~jass.errors.SerialError`."""
    rules = view.rules
    if view.mode != options.mode_of(view.bottom_card, rules):
        raise SerialError(f"the bottom card {view.bottom_card} fixes the mode", f"{path}.mode")
    tricks = view.tricks
    played, seen = play.check_public_tricks(tricks, view.trick, view.trick_leader, view.mode, options.SEATS,
                                            20, 1 - view.dealer, path)
    if view.trump != view.mode.trick_mode(min(len(tricks), options.ROUND_TRICKS - 1)):
        raise SerialError("is the mode of the trick in progress", f"{path}.trump")
    if view.stack_size != options.STACK_SIZE - drawn_count(len(tricks)):
        raise SerialError(f"two cards are drawn after each of the first {options.DRAWING_TRICKS} tricks",
                          f"{path}.stack_size")
    if view.bottom_drawn_by != bottom_drawn_by(tricks):
        raise SerialError("the loser of the ninth trick draws the bottom card", f"{path}.bottom_drawn_by")
    _check_draws(view, CardSet.from_bits(seen), path)
    play.check_hand_view(view.hand, view.hand_sizes, view.seat, played, seen,
                         options.HAND_SIZE + min(len(tricks), options.DRAWING_TRICKS), path)
    over = view.phase is not Phase.PLAY
    if (len(tricks) == options.ROUND_TRICKS) != over:
        raise SerialError("the round is over when, and only when, all 18 tricks are played", f"{path}.phase")
    score = score_of_tricks(tricks, over, view.mode, rules)
    if list(view.round_points) != list(score.totals):
        raise SerialError(f"is {list(view.round_points)}, but the tricks give {list(score.totals)}",
                          f"{path}.round_points")
    totals = [sum(score.totals[s] for score in view.history) for s in range(options.SEATS)]
    if list(view.scores) != totals:
        raise SerialError(f"is {list(view.scores)}, but the history adds up to {totals}", f"{path}.scores")
    check_game_end(view.winner, view.phase is Phase.GAME_OVER, len(view.history), path)
    expected = seat_to_act(view.phase, view.dealer, (view.trick_leader + len(view.trick)) % options.SEATS)
    allowed: tuple[type, ...] = (PlayCard,) if view.phase is Phase.PLAY else (moves.Deal,)
    if check_turn(view, expected, allowed, path) and view.phase is Phase.PLAY:
        play.check_legal_cards(view.legal_moves, view.hand, view.trick, view.trump, rules.play_rules, path)


#: How JSON loads Zweierjass's values (:class:`~jass.variant.Loading`).
LOADING: Final = Loading(json_types=(Setting, RoundScore, HiddenCards), check_loaded=check_loaded,
                         check_observation=check_observation)
