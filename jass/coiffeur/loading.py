"""The checks of a Coiffeur state or observation read from JSON: the round is replayed from its
deal through :func:`~jass.coiffeur.apply`.
"""

from __future__ import annotations

from typing import Final

from jass import play
from jass._base import check_same
from jass.coiffeur import moves
from jass.coiffeur.game import apply, seat_to_act, seats_that_choose
from jass.coiffeur.rules import Rules
from jass.coiffeur.slate import Row, Slate
from jass.coiffeur.state import Observation, Phase, RoundScore, Setting, State, TeamScore, slate_columns, written_scores
from jass.errors import SerialError
from jass.play import PlayCard
from jass.teams.loading import replay_declaration
from jass.teams.rules import SEATS, TRICKS
from jass.trump import DEFAULT_TRUMP_JACK_POINTS
from jass.variant.facets import Loading
from jass.variant.loading import check_turn, replay_move, rounds_before

__all__ = ["check_loaded", "check_observation"]


def _check_history(setting: Setting, path: str) -> tuple[RoundScore, ...]:
    """The dealer, and the rounds written before the one in ``setting`` (see :func:`_check_rows`)."""
    over = setting.phase is Phase.ROUND_OVER or setting.phase is Phase.GAME_OVER
    before = rounds_before(setting, Rules, SEATS, over, path)
    _check_rows(setting.rules, setting.history, path)
    return before


def _check_rows(rules: Rules, history: tuple[RoundScore, ...], path: str) -> None:
    """The rounds written (of a state or an observation): each in a row of the slate, of a mode
    the row allows, open in the team's column then, at the row's factor."""
    rows = rules.slate.rows
    if len(history) > 2 * len(rows):
        raise SerialError(f"holds {len(history)} rounds: a slate of {len(rows)} rows has "
                          f"{2 * len(rows)}", f"{path}.history")
    done: set[tuple[int, int]] = set()
    for i, score in enumerate(history):
        rpath = f"{path}.history[{i}]"
        if score.row >= len(rows) or score.mode not in rows[score.row].modes:
            raise SerialError(f"row {score.row} in {score.mode}: not a row and mode of the slate", rpath)
        if (score.team, score.row) in done:
            raise SerialError(f"team {score.team} has played row {score.row} already", f"{rpath}.row")
        done.add((score.team, score.row))
        if score.teams[0].multiplier != rows[score.row].factor:
            raise SerialError(f"is {score.teams[0].multiplier}, but row {score.row}'s factor is "
                              f"{rows[score.row].factor}", f"{rpath}.teams[0].multiplier")


def check_loaded(state: State, path: str = "$") -> None:
    """Check a state read from JSON: its deal, its dealer and history, and then its round,
    replayed from the deal through :func:`apply` (the pushes, the row chosen, the Weis, every
    card in order), must give the state itself. Raises :class:`~jass.errors.SerialError` at the
    first field that does not fit."""
    setting = state.setting
    play.check_disjoint(setting.dealt, f"{path}.dealt")
    before = _check_history(setting, path)
    for i, score in enumerate(before):  # every round before was played out: its score is whole
        cards = score.teams[0].cards + score.teams[1].cards
        if score.teams[0].last_trick + score.teams[1].last_trick == 0 or not cards:
            raise SerialError("a round written is a round played out: its last trick is taken",
                              f"{path}.history[{i}]")
    replay = State(Setting(rules=setting.rules, seed=setting.seed, round_number=setting.round_number,
                           dealer=setting.dealer, phase=Phase.CHOOSE, dealt=setting.dealt, history=before))
    for _ in range(setting.pushed):
        replay = replay_move(apply, replay, moves.PUSH, f"{path}.pushed")
    if setting.row is not None and setting.mode is not None:
        replay = replay_move(apply, replay, moves.ChooseRow(setting.row, setting.mode), f"{path}.row")
    if state.play is not None and replay.phase is Phase.PLAY:
        for card, card_path in state.play.cards_in_order(f"{path}.play"):
            if replay.phase is Phase.PLAY:
                replay = replay_declaration(apply, replay, setting.declared, moves.DeclareWeis, path)
            replay = replay_move(apply, replay, PlayCard(card), card_path)
        if replay.phase is Phase.PLAY:
            replay = replay_declaration(apply, replay, setting.declared, moves.DeclareWeis, path)
    check_same(state, replay, path, "replaying the round from its deal")


def check_observation(view: Observation, path: str = "$") -> None:
    """Check an observation read from JSON: the public facts must agree (the tricks by the rules
    of card play in each trick's mode, whose turn it is, the hand sizes, the slate, the scores
    and the history, the legal moves). Raises :class:`~jass.errors.SerialError`."""
    seat = view.seat
    if view.phase is Phase.CHOOSE:
        if view.mode is not None or view.row is not None or view.trick_leader is not None or view.tricks or view.trick:
            raise SerialError("no row, mode or card is known before a row is chosen", path)
        played, seen, to_play = [0] * SEATS, 0, None
    else:
        if view.mode is None or view.row is None or view.chooser is None or view.trick_leader is None:
            raise SerialError(f"the row, its mode, the chooser and the trick's leader are known in phase "
                              f"{view.phase.value}", path)
        if view.row >= len(view.rules.slate.rows) or view.mode not in view.rules.slate.rows[view.row].modes:
            raise SerialError(f"row {view.row} in {view.mode}: not a row and mode of the slate", f"{path}.row")
        played, seen = play.check_public_tricks(view.tricks, view.trick, view.trick_leader, view.mode, SEATS,
                                           DEFAULT_TRUMP_JACK_POINTS, view.chooser, path)
        done = len(view.tricks) == TRICKS
        if (view.phase is Phase.PLAY) == done:
            raise SerialError("the round is over when, and only when, all nine tricks are played", f"{path}.phase")
        trick_mode = play.shown_trump(view.mode, view.tricks, view.trick, SEATS)
        if view.trump is not trick_mode:
            raise SerialError(f"is {view.trump}, but that trick is played in {trick_mode}", f"{path}.trump")
        to_play = (view.trick_leader + len(view.trick)) % SEATS
    play.check_hand_view(view.hand, view.hand_sizes, seat, played, seen, TRICKS, path)
    if (view.winner is not None) and view.phase is not Phase.GAME_OVER:
        raise SerialError("the game is not over", f"{path}.winner")
    history = view.history
    _check_rows(view.rules, history, path)
    columns = slate_columns(view.rules.slate, history)
    if view.slates != columns:
        raise SerialError("is not what the history writes", f"{path}.slates")
    if view.scores != written_scores(history):
        raise SerialError(f"is {list(view.scores)}, but the history adds up to {list(written_scores(history))}",
                          f"{path}.scores")
    if view.own_weis is not None and (seat is None or sum(w.points for w in view.own_weis) != view.declared_points[seat]):
        raise SerialError("is not the sum of this seat's own Weis", f"{path}.declared_points[{seat}]")
    choosers = seats_that_choose(view.rules, history, view.dealer) if view.phase is Phase.CHOOSE else []
    if view.phase is Phase.CHOOSE and not choosers:
        raise SerialError("every row of the slate is played: the game is over", f"{path}.phase")
    allowed: tuple[type, ...] = {Phase.CHOOSE: (moves.ChooseRow, moves.Push), Phase.ROUND_OVER: (moves.Deal,)}.get(view.phase, (PlayCard, moves.DeclareWeis))
    if check_turn(view, seat_to_act(view.phase, view.dealer, view.pushed, choosers, to_play), allowed, path) \
            and view.phase is Phase.PLAY:
        play.check_legal_cards(view.legal_moves, view.hand, view.trick, view.trump, view.rules.play, path)


#: How JSON loads Coiffeur's values (:class:`~jass.variant.Loading`).
LOADING: Final = Loading(json_types=(Setting, TeamScore, RoundScore, Slate, Row), check_loaded=check_loaded,
                         check_observation=check_observation)
