"""The checks of a Bieter state or observation read from JSON: the history in its order, the
auction that made the King, and the round replayed from its deal through
:func:`~jass.bieter.apply`.
"""

from __future__ import annotations

from typing import Final

import attrs

from jass import play
from jass._base import check_same
from jass.bieter import moves
from jass.bieter.auction import auction_status
from jass.bieter.dealing import dealt_order, new_round
from jass.bieter.game import apply
from jass.bieter.rules import SEATS, Rules
from jass.bieter.score import game_end
from jass.bieter.state import (FACE_DOWN, HiddenCards, Observation, Phase, RoundKind, RoundScore, Setting, State,
                               auction_dealer)
from jass.cards import CardSet
from jass.errors import SerialError
from jass.trump import DEFAULT_TRUMP_JACK_POINTS
from jass.variant.facets import Loading
from jass.variant.loading import check_game_end, check_turn, replay_move, rounds_before
from jass.variant.state import out_of_rounds

__all__ = ["check_loaded", "check_observation"]

_OVER: Final = (Phase.ROUND_OVER, Phase.GAME_OVER)


def _check_history(history: tuple[RoundScore, ...], bid: int, rules: Rules, path: str) -> tuple[int, int]:
    """The rounds written before the one in play: redeals only before the first game, and no
    side at its goal; the scores after them."""
    scores = [0, 0]
    for i, score in enumerate(history):
        rpath = f"{path}.history[{i}]"
        if not score.complete:
            raise SerialError("a round of the history is finished", f"{rpath}.complete")
        if score.kind is RoundKind.REDEAL and i and history[i - 1].kind is not RoundKind.REDEAL:
            raise SerialError("the cards are dealt anew only before the first game", rpath)
        scores = [scores[side] + score.written[side] for side in (0, 1)]
        if (score.kind is not RoundKind.REDEAL and game_end(scores, bid, rules) is not None) or out_of_rounds(i + 1):
            raise SerialError("after this round the game was over", rpath)
    return scores[0], scores[1]


def _auction_round(history: tuple[RoundScore, ...]) -> int:
    """The round the auction was held in: the one after the redeals."""
    count = 0
    for score in history:
        if score.kind is not RoundKind.REDEAL:
            break
        count += 1
    return count


def _moves_of(state: State, here: bool) -> list[tuple[moves.Move, str]]:
    """The moves of the round of ``state`` after its deal, with the field each comes from."""
    setting = state.setting
    done: list[tuple[moves.Move, str]] = []
    if here:
        done += [(moves.Bid(c) if c else moves.PASS, f"calls[{i}]") for i, c in enumerate(setting.calls)]
    done += [(moves.Discard(card), f"discards[{i}]") for i, card in enumerate(setting.discards)]
    if setting.playing is not None:
        done.append((moves.PLAY_GAME if setting.playing else moves.CONCEDE, "playing"))
    elif here and setting.mode is not None:
        done.append((moves.Announce(setting.mode), "mode"))
    if state.play is not None:
        done += [(play.PlayCard(card), where) for card, where in state.play.cards_in_order("play")]
    return done


def check_loaded(state: State, path: str = "$") -> None:
    """Check a state read from JSON: its dealer and history, the auction that made the King, and
    then the round, dealt again from its cards and replayed through :func:`apply`, must give
    the state itself. Raises :class:`~jass.errors.SerialError` at the first field that does not fit."""
    setting = state.setting
    rules = setting.rules
    over = setting.phase in _OVER
    before = rounds_before(setting, Rules, SEATS, over, path)
    kings_round = _auction_round(before)
    here = setting.king is None or kings_round == len(before)
    scores = _check_history(before, setting.bid, rules, path)
    if not here:
        status = auction_status(setting.calls, auction_dealer(setting.dealer, setting.round_number, before), rules)
        if not status.over or status.bidder != setting.king or status.high != setting.bid:
            raise SerialError(f"the auction gives King {status.bidder} with {status.high}", f"{path}.calls")
    size = len(setting.table)
    if size not in (0, 6) or (size == 6) != (here and rules.table_cards):
        raise SerialError("six table cards lie at the auction's deal with table cards, else none", f"{path}.table")
    play.check_disjoint((*setting.hands, CardSet(setting.table)), f"{path}.hands", "place")
    carried = attrs.evolve(setting, king=None if here else setting.king, bid=0 if here else setting.bid,
                           calls=() if here else setting.calls, scores=scores, history=before)
    replay = new_round(rules, setting.seed, setting.round_number, setting.dealer, dealt_order(state), carried)
    for move, where in _moves_of(state, here):
        replay = replay_move(apply, replay, move, f"{path}.{where}")
    check_same(state, replay, path, "dealing the round again and replaying it")


def check_observation(view: Observation, path: str = "$") -> None:
    """Check an observation read from JSON: the public facts must agree (the auction and its
    King, the tricks by the rules of card play, whose turn it is, the scores and the history,
    the legal moves). Raises :class:`~jass.errors.SerialError`."""
    rules, dealer = view.rules, view.dealer
    written = [sum(score.written[side] for score in view.history) for side in (0, 1)]
    if list(view.scores) != written:
        raise SerialError(f"is {list(view.scores)}, but the history adds up to {written}", f"{path}.scores")
    check_game_end(None if view.king_won is None else 0, view.phase is Phase.GAME_OVER, len(view.history), path)
    if view.phase is Phase.AUCTION:
        status = auction_status(view.calls, dealer, rules)
        if status.over or view.king is not None:
            raise SerialError("the auction is over", f"{path}.calls")
        expected: int | None = status.to_act
    elif view.phase in (Phase.DISCARD, Phase.ANNOUNCE, Phase.DECIDE):
        expected = view.king
        if view.king is None:
            raise SerialError(f"phase {view.phase.value} has a King", f"{path}.king")
    elif view.phase is Phase.PLAY:
        if view.trick_leader is None:
            raise SerialError("the cards are in play", f"{path}.trick_leader")
        expected = (view.trick_leader + len(view.trick)) % SEATS
    else:
        expected = None if view.phase is Phase.GAME_OVER else (dealer + 1) % SEATS
    if len(view.table_open) not in (0, FACE_DOWN):
        raise SerialError("three table cards lie face up", f"{path}.table_open")
    if view.trick_leader is not None and view.mode is not None:
        played, seen = play.check_public_tricks(view.tricks, view.trick, view.trick_leader, view.mode.trump, SEATS,
                                                DEFAULT_TRUMP_JACK_POINTS, (dealer + 1) % SEATS, path)
        if view.hand.bits & seen:
            raise SerialError("a card is held and also played", f"{path}.hand")
    allowed: tuple[type, ...] = {
        Phase.AUCTION: (moves.Bid, moves.Pass), Phase.DISCARD: (moves.Discard,), Phase.ANNOUNCE: (moves.Announce,),
        Phase.DECIDE: (moves.PlayGame, moves.Concede), Phase.ROUND_OVER: (moves.Deal,),
    }.get(view.phase, (play.PlayCard,))
    if not check_turn(view, expected, allowed, path):
        return
    if view.phase is Phase.PLAY and view.mode is not None:
        play.check_legal_cards(view.legal_moves, view.hand, view.trick, view.mode.trump, rules.play, path)
    for i, move in enumerate(view.legal_moves):
        if type(move) is moves.Discard and move.card not in view.hand:
            raise SerialError(f"only a card of the hand may be laid away, not {move.card}", f"{path}.legal_moves[{i}]")


#: How JSON loads Bieter's values (:class:`~jass.variant.Loading`).
LOADING: Final = Loading(json_types=(Setting, RoundScore, HiddenCards), check_loaded=check_loaded,
                         check_observation=check_observation)
