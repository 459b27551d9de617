"""The checks of a Schieber state or observation read from JSON: the round is replayed from its
deal through :func:`~jass.schieber.apply`, never checked by a second copy of the rules.
"""

from __future__ import annotations

from typing import Final

from jass import play
from jass._base import check_same
from jass.errors import SerialError
from jass.play import PlayCard
from jass.schieber import moves
from jass.schieber.dealing import card_dealer
from jass.schieber.game import apply, seat_to_act
from jass.schieber.rules import SEATS, Rules
from jass.schieber.state import GameEnd, Observation, Phase, RoundScore, Setting, State, TeamScore
from jass.teams.loading import replay_declaration
from jass.teams.rules import TRICKS
from jass.trump import DEFAULT_TRUMP_JACK_POINTS, LAST_TRICK_BONUS
from jass.variant.facets import Loading
from jass.variant.loading import check_turn, replay_move, rounds_before

__all__ = ["check_loaded", "check_observation"]


def _check_history(setting: Setting, path: str) -> tuple[tuple[RoundScore, ...], tuple[int, int]]:
    """The dealer, and the rounds written before the one in ``setting`` (each a whole round that
    did not end the game); the rounds and the scores they add up to."""
    rules = setting.rules
    first_dealer = None
    card = rules.first_vorhand_card()
    if card is not None:
        # The first deal fixed the first dealer. A later round's state no longer holds that deal
        # (it may have been given, not seeded), so only round 0 can be checked against it.
        first_dealer = card_dealer(setting.dealt, card) if setting.round_number == 0 else \
            (setting.dealer - setting.round_number) % SEATS
    over = setting.phase is Phase.ROUND_OVER or setting.phase is Phase.GAME_OVER
    before = rounds_before(setting, Rules, SEATS, over, path, first_dealer)
    scores = [0, 0]
    for i, score in enumerate(before):
        rpath = f"{path}.history[{i}]"
        teams = score.teams
        if teams[0].multiplier != rules.multiplier(score.trump):
            raise SerialError(f"is {teams[0].multiplier}, but the rules multiply {score.trump} by "
                              f"{rules.multiplier(score.trump)}", f"{rpath}.teams[0].multiplier")
        if teams[0].cards + teams[1].cards != 152 or teams[0].last_trick + teams[1].last_trick != LAST_TRICK_BONUS:
            raise SerialError("a finished round shares 152 card points and the last trick's 5", f"{rpath}.teams")
        for team in (0, 1):
            match = teams[team].match
            if match not in (0, rules.match_bonus) or (match and (teams[1 - team].cards or not teams[team].last_trick)):
                raise SerialError(f"is {match}, which the cards taken do not give", f"{rpath}.teams[{team}].match")
        scores[0] += score.totals[0]
        scores[1] += score.totals[1]
        if rules.target_score is not None and max(scores) >= rules.target_score:
            raise SerialError(f"a team reached the target {rules.target_score} in this round: the game "
                              "would have ended", rpath)
    if rules.rounds is not None and len(before) >= rules.rounds:
        raise SerialError(f"the game has {rules.rounds} rounds", f"{path}.round_number")
    return before, (scores[0], scores[1])


def check_loaded(state: State, path: str = "$") -> None:
    """Check a state read from JSON: its deal, its dealer and history, and then its round,
    replayed from the deal through :func:`apply` (trump, pushes, Weis, every card in order, a
    claim), must give the state itself. Raises :class:`~jass.errors.SerialError` at the
    first field that does not fit."""
    setting = state.setting
    play.check_disjoint(setting.dealt, f"{path}.dealt")
    before, scores = _check_history(setting, path)
    replay = State(Setting(rules=setting.rules, seed=setting.seed, round_number=setting.round_number,
                           dealer=setting.dealer, phase=Phase.CHOOSE_TRUMP, dealt=setting.dealt, scores=scores,
                           history=before))
    for _ in range(setting.pushed):
        replay = replay_move(apply, replay, moves.PUSH, f"{path}.pushed")
    if setting.trump is not None:
        replay = replay_move(apply, replay, moves.ChooseTrump(setting.trump), f"{path}.trump")
    if state.play is not None and replay.phase is Phase.PLAY:
        for card, card_path in state.play.cards_in_order(f"{path}.play"):
            if replay.phase is Phase.PLAY:
                replay = replay_declaration(apply, replay, setting.declared, moves.DeclareWeis, path)
            replay = replay_move(apply, replay, PlayCard(card), card_path)
        if replay.phase is Phase.PLAY:
            replay = replay_declaration(apply, replay, setting.declared, moves.DeclareWeis, path)
        if setting.end in (GameEnd.CLAIM_CORRECT, GameEnd.CLAIM_WRONG):
            replay = replay_move(apply, replay, moves.ANNOUNCE, f"{path}.end")
    check_same(state, replay, path, "replaying the round from its deal")


def check_observation(view: Observation, path: str = "$") -> None:
    """Check an observation read from JSON: the public facts must agree (the tricks by the
    rules of card play, whose turn it is, the hand sizes, the scores and the history, the
    legal moves). Raises :class:`~jass.errors.SerialError`."""
    seat = view.seat
    vorhand = (view.dealer + 1) % SEATS
    if view.phase is Phase.CHOOSE_TRUMP:
        if view.trump is not None or view.trick_leader is not None or view.tricks or view.trick:
            raise SerialError("no card is played and no trump known before trump is chosen", path)
        played, seen = [0] * SEATS, 0
        to_play = None
    else:
        if view.trump is None or view.trick_leader is None:
            raise SerialError(f"trump and the trick's leader are known in phase {view.phase.value}", path)
        played, seen = play.check_public_tricks(view.tricks, view.trick, view.trick_leader, view.trump, SEATS,
                                           DEFAULT_TRUMP_JACK_POINTS, vorhand, path)
        done = len(view.tricks) == TRICKS
        if view.phase is Phase.PLAY and done:
            raise SerialError("all nine tricks are played: the round is over", f"{path}.phase")
        if view.phase is Phase.ROUND_OVER and not done:
            raise SerialError("the round is over only when all nine tricks are played", f"{path}.phase")
        to_play = (view.trick_leader + len(view.trick)) % SEATS
    play.check_hand_view(view.hand, view.hand_sizes, seat, played, seen, 9, path)
    if view.pushed == 2 and not view.rules.allow_push_back:
        raise SerialError("pushing back is off (Rules.allow_push_back)", f"{path}.pushed")
    over = view.phase is Phase.GAME_OVER
    if not over and (view.winner is not None or view.end is not None):
        raise SerialError("the game is not over", f"{path}.winner" if view.winner is not None else f"{path}.end")
    if over and view.end is None:
        raise SerialError("the game is over: say why", f"{path}.end")
    if over and view.winner is None and view.end is not GameEnd.ROUNDS_PLAYED:
        raise SerialError("the game is over: a team has won (only a game of rounds can be drawn)", f"{path}.winner")
    sums = [sum(score.totals[team] for score in view.history) for team in (0, 1)]
    if list(view.scores) != sums:
        raise SerialError(f"is {list(view.scores)}, but the history adds up to {sums}", f"{path}.scores")
    if view.own_weis is not None and (seat is None or sum(w.points for w in view.own_weis) != view.declared_points[seat]):
        raise SerialError("is not the sum of this seat's own Weis", f"{path}.declared_points[{seat}]")
    if view.stoeck_team is not None and (view.trump is None or not view.trump.is_suit):
        raise SerialError("Stöck are only in a trump suit", f"{path}.stoeck_team")
    allowed: tuple[type, ...] = {
        Phase.CHOOSE_TRUMP: (moves.ChooseTrump, moves.Push), Phase.ROUND_OVER: (moves.Deal,),
    }.get(view.phase, (PlayCard, moves.DeclareWeis, moves.Announce))
    if check_turn(view, seat_to_act(view.phase, view.dealer, view.pushed, to_play), allowed, path) and view.phase is Phase.PLAY:
        assert view.trump is not None
        play.check_legal_cards(view.legal_moves, view.hand, view.trick, view.trump, view.rules.play, path)


#: How JSON loads Schieber's values (:class:`~jass.variant.Loading`).
LOADING: Final = Loading(json_types=(Setting, TeamScore, RoundScore), check_loaded=check_loaded,
                         check_observation=check_observation)
