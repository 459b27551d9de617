"""The checks of a Sidi Barrani state or observation read from JSON: the round is replayed from
its deal (every call, every Weis, every card) through :func:`~jass.sidi.apply`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from jass import play
from jass._base import check_same
from jass.errors import SerialError
from jass.play import PlayCard
from jass.sidi import moves
from jass.sidi import auction
from jass.sidi.game import apply, seat_to_act
from jass.sidi.rules import Rules
from jass.sidi.score import contract_made, game_winner
from jass.sidi.state import Observation, Phase, RoundScore, Setting, State, TeamScore
from jass.teams.loading import replay_declaration
from jass.teams.rules import SEATS, TRICKS
from jass.trump import DEFAULT_TRUMP_JACK_POINTS
from jass.variant.facets import Loading
from jass.variant.loading import check_game_end, check_turn, replay_move, rounds_before
from jass.variant.state import out_of_rounds

__all__ = ["check_loaded", "check_observation"]


def _written(history: Sequence[RoundScore]) -> tuple[int, int]:
    """The scores ``history`` writes."""
    first = sum(score.totals[0] for score in history)
    return (first, sum(score.totals[1] for score in history))


def _check_rounds_before(before: Sequence[RoundScore], rules: Rules, path: str) -> None:
    """Each round written before the one in play: nobody bid, or played out with its target
    written to the team the card points give it; and no team had won the game after it."""
    scores = [0, 0]
    for i, score in enumerate(before):
        rpath = f"{path}.history[{i}]"
        contract = score.contract
        if contract is not None:
            teams = score.teams
            if teams[0].last_trick + teams[1].last_trick == 0:
                raise SerialError("a round written is a round played out: its last trick is taken", rpath)
            team = contract.team
            made = contract_made(contract, teams[team].cards + teams[team].last_trick)
            if score.made is not made:
                raise SerialError(f"the declaring team {'made' if made else 'missed'} its {contract.points}, so "
                                  f"the target goes to team {team if made else 1 - team}", f"{rpath}.target")
        scores[0] += score.totals[0]
        scores[1] += score.totals[1]
        if game_winner(scores, rules) is not None or out_of_rounds(i + 1):
            raise SerialError(f"the game was over after round {i}", f"{path}.history")


def check_loaded(state: State, path: str = "$") -> None:
    """Check a state read from JSON: its deal, its dealer and history, and then its round,
    replayed from the deal through :func:`apply` (the calls, the Weis, every card in order),
    must give the state itself. Raises :class:`~jass.errors.SerialError` at the first field
    that does not fit."""
    setting = state.setting
    play.check_disjoint(setting.dealt, f"{path}.dealt")
    over = setting.phase is Phase.ROUND_OVER or setting.phase is Phase.GAME_OVER
    before = rounds_before(setting, Rules, SEATS, over, path)
    _check_rounds_before(before, setting.rules, path)
    replay = State(Setting(rules=setting.rules, seed=setting.seed, round_number=setting.round_number,
                           dealer=setting.dealer, phase=Phase.AUCTION, dealt=setting.dealt,
                           scores=_written(before), history=before))
    for i, call in enumerate(setting.calls):
        replay = replay_move(apply, replay, call, f"{path}.calls[{i}]")
    if state.play is not None and replay.phase is Phase.PLAY:
        for card, card_path in state.play.cards_in_order(f"{path}.play"):
            if replay.phase is Phase.PLAY:
                replay = replay_declaration(apply, replay, setting.declared, moves.DeclareWeis, path)
            replay = replay_move(apply, replay, PlayCard(card), card_path)
        if replay.phase is Phase.PLAY:
            replay = replay_declaration(apply, replay, setting.declared, moves.DeclareWeis, path)
    check_same(state, replay, path, "replaying the round from its deal")


def _check_contract(view: Observation, path: str) -> tuple[bool, auction.Contract | None]:
    """The calls are a legal auction, the contract the one they make, the phase one they allow."""
    rules, dealer = view.rules, view.dealer
    for i in range(len(view.calls)):
        if view.calls[i] not in auction.auction_calls(view.calls[:i], rules, dealer) or \
                auction.auction_result(view.calls[:i], rules, dealer)[0]:
            raise SerialError(f"{view.calls[i]} is no call the auction allowed here", f"{path}.calls[{i}]")
    over, contract = auction.auction_result(view.calls, rules, dealer)
    if view.contract != contract:
        raise SerialError(f"is {view.contract}, but the calls make {contract}", f"{path}.contract")
    if over == (view.phase is Phase.AUCTION):
        raise SerialError(f"the calls {'end' if over else 'do not end'} the auction", f"{path}.phase")
    return over, contract


def check_observation(view: Observation, path: str = "$") -> None:
    """Check an observation read from JSON: the public facts must agree (the calls of the
    auction and the contract, the tricks by the rules of card play, whose turn it is, the hand
    sizes, the scores and the history, the legal moves). Raises :class:`~jass.errors.SerialError`."""
    seat = view.seat
    _, contract = _check_contract(view, path)
    if contract is None or view.phase is Phase.AUCTION:
        if view.trump is not None or view.trick_leader is not None or view.tricks or view.trick or any(view.round_points):
            raise SerialError("no card is played before the auction makes a contract", path)
        played, seen, to_play = [0] * SEATS, 0, None
    else:
        if view.trick_leader is None or view.trump is not contract.mode:
            raise SerialError(f"the contract's mode ({contract.mode}) and the trick's leader are known in phase "
                              f"{view.phase.value}", path)
        played, seen = play.check_public_tricks(view.tricks, view.trick, view.trick_leader, contract.mode, SEATS,
                                                DEFAULT_TRUMP_JACK_POINTS, contract.bidder, path)
        if (view.phase is Phase.PLAY) == (len(view.tricks) == TRICKS):
            raise SerialError("the round is over when, and only when, all nine tricks are played", f"{path}.phase")
        to_play = (view.trick_leader + len(view.trick)) % SEATS
    play.check_hand_view(view.hand, view.hand_sizes, seat, played, seen, TRICKS, path)
    if view.scores != _written(view.history):
        raise SerialError(f"is {list(view.scores)}, but the history adds up to {list(_written(view.history))}",
                          f"{path}.scores")
    check_game_end(view.winner, view.phase is Phase.GAME_OVER, len(view.history), path)
    if view.own_weis is not None and (seat is None or sum(w.points for w in view.own_weis) != view.declared_points[seat]):
        raise SerialError("is not the sum of this seat's own Weis", f"{path}.declared_points[{seat}]")
    allowed: tuple[type, ...] = {Phase.AUCTION: (moves.Bid, moves.Pass, moves.Double),
                                 Phase.ROUND_OVER: (moves.Deal,)}.get(view.phase, (PlayCard, moves.DeclareWeis))
    if not check_turn(view, seat_to_act(view.phase, view.dealer, len(view.calls), to_play), allowed, path):
        return
    if view.phase is Phase.AUCTION and view.legal_moves != auction.auction_calls(view.calls, view.rules, view.dealer):
        raise SerialError("are not the calls the auction allows", f"{path}.legal_moves")
    if view.phase is Phase.PLAY:
        assert view.trump is not None
        play.check_legal_cards(view.legal_moves, view.hand, view.trick, view.trump, view.rules.play, path)


#: How JSON loads Sidi Barrani's values (:class:`~jass.variant.Loading`).
LOADING: Final = Loading(json_types=(Setting, TeamScore, RoundScore, auction.Contract), check_loaded=check_loaded,
                         check_observation=check_observation)
