"""The checks of a la pomme state or observation read from JSON: the round is replayed from its
deal through :func:`~jass.pomme.apply`.
"""

from __future__ import annotations

from typing import Final

import attrs

from jass import play
from jass._base import check_same
from jass.cards import Card, CardSet, Rank
from jass.errors import SerialError
from jass.play import PlayCard
from jass.pomme import exchange, moves
from jass.pomme.game import apply, seat_to_act
from jass.pomme.rules import SEATS, Rules
from jass.pomme.score import game_winner, outcome, score_of_tricks
from jass.pomme.state import HiddenCards, Observation, Phase, RoundScore, Setting, State
from jass.variant.facets import Loading
from jass.variant.loading import check_game_end, check_turn, replay_move, rounds_before
from jass.variant.state import out_of_rounds

__all__ = ["check_loaded", "check_observation"]


def _check_history(setting: Setting, path: str) -> tuple[tuple[RoundScore, ...], tuple[int, int], tuple[int, int]]:
    """The rounds written before the one in ``setting`` (finished rounds that did not end the
    game, each scored by the rules), and the scores and pommes after them."""
    rules = setting.rules
    before = rounds_before(setting, Rules, SEATS, setting.phase is Phase.ROUND_OVER or setting.phase is Phase.GAME_OVER, path)
    scores = [0, 0]
    pommes = [0, 0]
    for i, score in enumerate(before):
        rpath = f"{path}.history[{i}]"
        if not score.complete:
            raise SerialError("a round of the history is finished", f"{rpath}.complete")
        won, lost = outcome(score.totals, rules)
        if score.won != won or score.pommes != lost:
            raise SerialError(f"the totals {list(score.totals)} give won={list(won)} and pommes={list(lost)} by "
                              "the rules", rpath)
        for s in (0, 1):
            scores[s] += score.game_points[s]
            pommes[s] += score.pommes[s]
        if game_winner(scores, pommes, rules) is not None or out_of_rounds(i + 1):
            raise SerialError("after this round the game was over", rpath)
    return before, (scores[0], scores[1]), (pommes[0], pommes[1])


def check_loaded(state: State, path: str = "$") -> None:
    """Check a state read from JSON: its dealer and history, the cards in their places, the
    decisions in their order, and then its card play, replayed from the start of play through
    :func:`apply`, must give the state itself. Raises :class:`~jass.errors.SerialError` at the
    first field that does not fit."""
    setting = state.setting
    dealer = setting.dealer
    before, scores, pommes = _check_history(setting, path)
    non_dealer = 1 - dealer
    exchanges, swaps = setting.exchanges, setting.swaps
    if setting.phase is Phase.EXCHANGE:
        if exchanges[dealer] is not None:
            raise SerialError("the non-dealer decides first; after the dealer, the exchange is over",
                              f"{path}.exchanges[{dealer}]")
        if swaps != (None, None):
            raise SerialError("the trump 6 is swapped after the exchange", f"{path}.swaps")
    elif None in exchanges:
        raise SerialError("both players decide on the exchange first", f"{path}.exchanges")
    for s in (0, 1):
        if len(setting.extras[s]) != (3 if exchanges[s] is None else 0):
            raise SerialError("a player holds 3 extras until deciding on the exchange, then none",
                              f"{path}.extras[{s}]")
    six_turned = setting.turned.rank == Rank.SIX
    if setting.phase is Phase.SWAP_TRUMP_SIX:
        if six_turned:
            raise SerialError("the turned card is the trump 6: there is nothing to swap", f"{path}.phase")
        if swaps[non_dealer] is True or swaps[dealer] is not None:
            raise SerialError("the non-dealer is asked first; a swap, or the dealer's answer, starts play",
                              f"{path}.swaps")
    elif setting.phase is not Phase.EXCHANGE:
        if six_turned:
            right = swaps == (None, None)
        else:
            right = swaps[non_dealer] is not None and (swaps[dealer] is None) == (swaps[non_dealer] is True)
        if not right:
            raise SerialError("the trump 6 is offered to the non-dealer, then (without a swap) to the dealer",
                              f"{path}.swaps")
    swapper = state.swapped_by
    if swapper is not None and setting.turned not in setting.hands[swapper]:
        raise SerialError(f"the player who swapped the trump 6 holds the turned card {setting.turned}",
                          f"{path}.hands[{swapper}]")
    play.check_disjoint(
        (setting.hands[0], setting.hands[1], setting.extras[0], setting.extras[1], setting.talon,
         CardSet([state.top_card])),
        f"{path}.zones", "place",
    )
    if setting.phase in (Phase.EXCHANGE, Phase.SWAP_TRUMP_SIX):
        if state.play is not None or setting.winner is not None:
            raise SerialError("no card is played before the exchange and the trump 6 are settled", f"{path}.play")
        if setting.scores != scores or setting.pommes != pommes:
            raise SerialError(f"the history gives scores {list(scores)} and pommes {list(pommes)}", f"{path}.scores")
        return
    if state.play is None:
        raise SerialError(f"the cards are in play in phase {setting.phase.value}", f"{path}.play")
    replay = exchange.start_play(State(
        attrs.evolve(setting, phase=Phase.PLAY, scores=scores, pommes=pommes, history=before, winner=None), None,
    ))
    for card, card_path in state.play.cards_in_order(f"{path}.play"):
        replay = replay_move(apply, replay, PlayCard(card), card_path)
    check_same(state, replay, path, "replaying the round from the start of play")


def check_observation(view: Observation, path: str = "$") -> None:
    """Check an observation read from JSON: the public facts must agree (the turned and top
    card, the decisions in their order, the tricks by the rules of card play, whose turn it is,
    the points, the scores and the history, the legal moves). Raises
    :class:`~jass.errors.SerialError`."""
    rules = view.rules
    seat, dealer = view.seat, view.dealer
    non_dealer = 1 - dealer
    if view.trump.value != view.turned.suit:
        raise SerialError(f"the turned card {view.turned} fixes trump", f"{path}.trump")
    six = Card.of(view.turned.suit, Rank.SIX)
    if view.swapped_by is not None and view.turned is six:
        raise SerialError("the turned card is the trump 6: nobody swaps", f"{path}.swapped_by")
    if view.top_card is not (six if view.swapped_by is not None else view.turned):
        raise SerialError("the top card is the turned card, or the trump 6 after a swap", f"{path}.top_card")
    if view.top_card in view.hand:
        raise SerialError(f"the top card {view.top_card} is on the talon", f"{path}.hand")
    exchanges = view.exchanges
    if view.phase is Phase.EXCHANGE:
        if exchanges[dealer] is not None:
            raise SerialError("the non-dealer decides first; after the dealer, the exchange is over",
                              f"{path}.exchanges[{dealer}]")
    elif None in exchanges:
        raise SerialError("both players decide on the exchange first", f"{path}.exchanges")
    if view.phase in (Phase.EXCHANGE, Phase.SWAP_TRUMP_SIX):
        if view.tricks or view.trick or view.trick_leader is not None or any(view.round_points):
            raise SerialError("no card is played before the exchange and the trump 6 are settled", path)
        if view.swapped_by is not None:
            raise SerialError("a swap of the trump 6 starts play", f"{path}.swapped_by")
        if view.phase is Phase.SWAP_TRUMP_SIX and view.turned is six:
            raise SerialError("the turned card is the trump 6: there is nothing to swap", f"{path}.phase")
        played, seen = [0, 0], 0
        if view.phase is Phase.EXCHANGE:
            expected: int | None = exchange.decider(exchanges, dealer)
        else:
            # Whether the non-dealer has answered the offer of the trump 6 is not public: either may be due.
            expected = view.to_act if view.to_act in (0, 1) else non_dealer
    else:
        if view.trick_leader is None:
            raise SerialError("the cards are in play", f"{path}.trick_leader")
        played, seen = play.check_public_tricks(view.tricks, view.trick, view.trick_leader, view.trump, SEATS,
                                           rules.trump_jack_points, non_dealer, path)
        if view.top_card.bit & seen:
            raise SerialError("the top card of the talon is not played", f"{path}.top_card")
        if (len(view.tricks) == 9) != (view.phase is not Phase.PLAY):
            raise SerialError("the round is over when, and only when, all nine tricks are played", f"{path}.phase")
        expected = seat_to_act(view.phase, dealer, exchanges, (None, None), (view.trick_leader + len(view.trick)) % SEATS)
        score = score_of_tricks(view.tricks, len(view.tricks) == 9, rules)
        if list(view.round_points) != list(score.totals):
            raise SerialError(f"is {list(view.round_points)}, but the tricks give {list(score.totals)}",
                              f"{path}.round_points")
    play.check_hand_view(view.hand, view.hand_sizes, seat, played, seen, 9, path)
    sums = ([sum(score.game_points[s] for score in view.history) for s in (0, 1)],
            [sum(int(score.pommes[s]) for score in view.history) for s in (0, 1)])
    for name, values, total in (("scores", view.scores, sums[0]), ("pommes", view.pommes, sums[1])):
        if list(values) != total:
            raise SerialError(f"is {list(values)}, but the history adds up to {total}", f"{path}.{name}")
    check_game_end(view.winner, view.phase is Phase.GAME_OVER, len(view.history), path)
    allowed: tuple[type, ...] = {
        Phase.EXCHANGE: (moves.KeepHand, moves.Exchange), Phase.SWAP_TRUMP_SIX: (moves.SwapTrumpSix, moves.DeclineSwap), Phase.ROUND_OVER: (moves.Deal,),
    }.get(view.phase, (PlayCard,))
    if not check_turn(view, expected, allowed, path):
        return
    for i, move in enumerate(view.legal_moves):
        if type(move) is moves.Exchange and not move.cards <= view.hand:
            raise SerialError("a player exchanges cards of their own hand", f"{path}.legal_moves[{i}]")
        if type(move) is moves.SwapTrumpSix and six not in view.hand:
            raise SerialError(f"only the holder of the trump 6 ({six}) may swap it", f"{path}.legal_moves[{i}]")
    if view.phase is Phase.PLAY:
        play.check_legal_cards(view.legal_moves, view.hand, view.trick, view.trump, rules.play_rules, path)


#: How JSON loads la pomme's values (:class:`~jass.variant.Loading`).
LOADING: Final = Loading(json_types=(Setting, RoundScore, HiddenCards), check_loaded=check_loaded,
                         check_observation=check_observation)
