"""The checks of a Handjass state or observation read from JSON: the decisions must be the ones
the rules ask for (:func:`~jass.handjass.blinde.asked`), and the round is replayed from the start
of play through :func:`~jass.handjass.apply`.
"""

from __future__ import annotations

from typing import Final

from jass import play
from jass._base import check_same
from jass.cards import CardSet
from jass.errors import SerialError
from jass.handjass import blinde, moves
from jass.handjass.game import apply
from jass.handjass.rules import HAND_SIZE, SEATS, Rules
from jass.handjass.score import game_winner, outcome, score_of_tricks
from jass.handjass.state import HiddenCards, Observation, Phase, RoundScore, Setting, State, top_card_of, trump_six_of
from jass.play import PlayCard
from jass.trump import DEFAULT_TRUMP_JACK_POINTS
from jass.variant.facets import Loading
from jass.variant.loading import check_game_end, check_turn, replay_move, rounds_before
from jass.variant.state import out_of_rounds

__all__ = ["check_loaded", "check_observation"]

_OVER: Final = (Phase.ROUND_OVER, Phase.GAME_OVER)


def _check_history(setting: Setting, path: str) -> tuple[tuple[RoundScore, ...], tuple[int, ...], tuple[int, ...]]:
    """The rounds written before the one in ``setting`` (finished rounds that did not end the
    game, each scored by the rules), and the scores and Nullers after them."""
    rules = setting.rules
    before = rounds_before(setting, Rules, SEATS, setting.phase in _OVER, path)
    scores, nullers = [0] * SEATS, [0] * SEATS
    for i, score in enumerate(before):
        rpath = f"{path}.history[{i}]"
        if not score.complete:
            raise SerialError("a round of the history is finished", f"{rpath}.complete")
        strokes, lost = outcome(score.totals, rules)
        if score.strokes != strokes or score.nullers != lost:
            raise SerialError(f"the totals {list(score.totals)} give strokes={list(strokes)} and "
                              f"nullers={list(lost)} by the rules", rpath)
        for s in range(SEATS):
            scores[s] += score.game_points[s]
            nullers[s] += score.nullers[s]
        if game_winner(scores, rules) is not None or out_of_rounds(i + 1):
            raise SerialError("after this round the game was over", rpath)
    return before, tuple(scores), tuple(nullers)


def _check_decisions(takes: tuple[bool | None, ...], robs: tuple[bool | None, ...], dealer: int, six_turned: bool,
                     rules: Rules, phase: Phase, path: str) -> int | None:
    """The decisions are those the rules asked for, in order, and the phase follows from them;
    the seat to decide, if any."""
    asked = blinde.asked(takes, robs, dealer, six_turned, rules)
    made = {(stage, seat) for stage, decisions in ((Phase.BLINDE, takes), (Phase.ROB, robs))
            for seat in range(SEATS) if decisions[seat] is not None}
    due, seat = blinde.due(takes, robs, dealer, six_turned, rules)
    if made != set(asked) - ({(due, seat)} if seat is not None else set()):
        raise SerialError("the Blinde is offered from Vorhand on until one takes it, and the trump 6 may rob "
                          f"{'before' if rules.rob_before_exchange else 'after'} it, unless the turned card is the 6 "
                          "or went with the Blinde", f"{path}.takes")
    if due is not (phase if phase in (Phase.BLINDE, Phase.ROB) else Phase.PLAY):
        raise SerialError(f"is {phase.value}, but the decisions so far give phase {due.value}", f"{path}.phase")
    return seat


def check_loaded(state: State, path: str = "$") -> None:
    """Check a state read from JSON: its dealer and history, the decisions in their order, the
    cards in their places, and then its card play, replayed from the start of play through
    :func:`apply`, must give the state itself. Raises :class:`~jass.errors.SerialError` at the
    first field that does not fit."""
    setting = state.setting
    before, scores, nullers = _check_history(setting, path)
    six_turned = setting.turned is trump_six_of(setting.turned)
    _check_decisions(setting.takes, setting.robs, setting.dealer, six_turned, setting.rules, setting.phase, path)
    taker, robber = state.taken_by, state.robbed_by
    if len(setting.blinde) != (0 if taker is not None else HAND_SIZE - 1):
        raise SerialError("the Blinde holds 8 face-down cards until a player takes it, then none", f"{path}.blinde")
    six = trump_six_of(setting.turned)
    if robber is not None and robber != taker and setting.turned not in setting.hands[robber]:
        raise SerialError(f"the player who robbed holds the turned card {setting.turned}", f"{path}.hands[{robber}]")
    if taker is not None:
        top = six if robber is not None else setting.turned
        if top not in setting.hands[taker]:
            raise SerialError(f"the player who took the Blinde holds its top card {top}", f"{path}.hands[{taker}]")
    top_card = state.top_card
    play.check_disjoint((*setting.hands, setting.blinde, CardSet() if top_card is None else CardSet([top_card])),
                        f"{path}.zones", "place")
    if setting.phase in (Phase.BLINDE, Phase.ROB):
        if state.play is not None or setting.winner is not None:
            raise SerialError("no card is played before the Blinde and the trump 6 are settled", f"{path}.play")
        if setting.scores != scores or setting.nullers != nullers:
            raise SerialError(f"the history gives scores {list(scores)} and nullers {list(nullers)}", f"{path}.scores")
        return
    if state.play is None:
        raise SerialError(f"the cards are in play in phase {setting.phase.value}", f"{path}.play")
    replay = blinde.start_play(
        state.replace(play=None, phase=Phase.PLAY, scores=scores, nullers=nullers, history=before, winner=None)
    )
    for card, card_path in state.play.cards_in_order(f"{path}.play"):
        replay = replay_move(apply, replay, PlayCard(card), card_path)
    check_same(state, replay, path, "replaying the round from the start of play")


def check_observation(view: Observation, path: str = "$") -> None:
    """Check an observation read from JSON: the public facts must agree (the turned and top
    card, the decisions in their order, the tricks by the rules of card play, whose turn it is,
    the points, the scores and the history, the legal moves). Raises
    :class:`~jass.errors.SerialError`."""
    rules, seat, dealer = view.rules, view.seat, view.dealer
    if view.trump.value != view.turned.suit:
        raise SerialError(f"the turned card {view.turned} fixes trump", f"{path}.trump")
    six = trump_six_of(view.turned)
    expected = _check_decisions(view.takes, view.robs, dealer, view.turned is six, rules, view.phase, path)
    if view.top_card is not top_card_of(view.turned, view.takes, view.robs):
        raise SerialError("the top card is the turned card, the trump 6 after a rob, none once the Blinde is taken",
                          f"{path}.top_card")
    known, excluded = view.public_cards()
    if view.hand.bits & excluded:
        raise SerialError("a face-up card out of every hand is in the hand", f"{path}.hand")
    vorhand = (dealer + 1) % SEATS
    if view.phase in (Phase.BLINDE, Phase.ROB):
        if view.tricks or view.trick or view.trick_leader is not None or any(view.round_points):
            raise SerialError("no card is played before the Blinde and the trump 6 are settled", path)
        played, seen = [0] * SEATS, 0
    else:
        if view.trick_leader is None:
            raise SerialError("the cards are in play", f"{path}.trick_leader")
        played, seen = play.check_public_tricks(view.tricks, view.trick, view.trick_leader, view.trump, SEATS,
                                                DEFAULT_TRUMP_JACK_POINTS, vorhand, path)
        if seen & excluded:
            raise SerialError("a face-up card out of every hand was played", f"{path}.tricks")
        if (len(view.tricks) == HAND_SIZE) != (view.phase is not Phase.PLAY):
            raise SerialError("the round is over when, and only when, all nine tricks are played", f"{path}.phase")
        if view.phase is Phase.PLAY:
            expected = (view.trick_leader + len(view.trick)) % SEATS
        else:
            expected = None if view.phase is Phase.GAME_OVER else (dealer + 1) % SEATS
        score = score_of_tricks(view.tricks, len(view.tricks) == HAND_SIZE, rules)
        if list(view.round_points) != list(score.totals):
            raise SerialError(f"is {list(view.round_points)}, but the tricks give {list(score.totals)}",
                              f"{path}.round_points")
    if seat is not None and known.get(seat, 0) & ~(view.hand.bits | seen):
        raise SerialError("a face-up card everybody saw go to this hand is missing", f"{path}.hand")
    play.check_hand_view(view.hand, view.hand_sizes, seat, played, seen, HAND_SIZE, path)
    for name, values, total in (
        ("scores", view.scores, [sum(score.game_points[s] for score in view.history) for s in range(SEATS)]),
        ("nullers", view.nullers, [sum(int(score.nullers[s]) for score in view.history) for s in range(SEATS)]),
    ):
        if list(values) != total:
            raise SerialError(f"is {list(values)}, but the history adds up to {total}", f"{path}.{name}")
    check_game_end(view.winner, view.phase is Phase.GAME_OVER, len(view.history), path)
    allowed: tuple[type, ...] = {
        Phase.BLINDE: (moves.TakeBlinde, moves.KeepHand), Phase.ROB: (moves.Rob, moves.NoRob),
        Phase.ROUND_OVER: (moves.Deal,),
    }.get(view.phase, (PlayCard,))
    if not check_turn(view, expected, allowed, path):
        return
    for i, move in enumerate(view.legal_moves):
        if type(move) is moves.Rob and six not in view.hand:
            raise SerialError(f"only the holder of the trump 6 ({six}) may rob", f"{path}.legal_moves[{i}]")
    if view.phase is Phase.PLAY:
        play.check_legal_cards(view.legal_moves, view.hand, view.trick, view.trump, rules.play, path)


#: How JSON loads Handjass's values (:class:`~jass.variant.Loading`).
LOADING: Final = Loading(json_types=(Setting, RoundScore, HiddenCards), check_loaded=check_loaded,
                         check_observation=check_observation)
