"""Coiffeur's game: whose move is due, the legal moves, :func:`apply` and the end of a round.
"""

from __future__ import annotations

from collections.abc import Sequence

from jass.coiffeur import moves
from jass.coiffeur.dealing import next_deal
from jass.coiffeur.rules import PushTo, Rules
from jass.coiffeur.score import score_so_far
from jass.coiffeur.state import (
    CHOOSE,
    GAME_OVER,
    PLAY,
    ROUND_OVER,
    Phase,
    RoundScore,
    State,
    build_state,
    written_scores,
)
from jass.errors import IllegalMoveError
from jass.play import CardPlay, PlayCard, card_moves
from jass.teams.moves import weis_options
from jass.teams.rules import SEATS, team_of
from jass.variant.guards import check_sender, refused, wrong_state
from jass.variant.state import changed, replace_at

__all__ = ["legal_moves", "apply", "apply_trusted", "to_act", "is_over", "winner"]


def seats_that_choose(rules: Rules, history: Sequence[RoundScore], dealer: int) -> list[int]:
    """The seats that may choose, in order from Vorhand: those whose team has an open row (the
    others pass the choice on: a team whose column is full has nothing to choose). Pushing to
    the partner (``PushTo.PARTNER``): the first of them and the partner only."""
    filled = [0, 0]
    for score in history:
        filled[score.team] += 1
    rows = len(rules.slate.rows)
    seats = [(dealer + 1 + k) % SEATS for k in range(SEATS) if filled[(dealer + 1 + k) % 2] < rows]
    if rules.push_to is PushTo.PARTNER:
        return [seats[0], (seats[0] + 2) % SEATS]
    return seats


def pushes_allowed(rules: Rules, choosers: Sequence[int]) -> int:
    """How many pushes a round allows: round the table until all have pushed (then the first
    must choose), or one, to the partner, who must choose."""
    return 1 if rules.push_to is PushTo.PARTNER else len(choosers)


def seat_to_act(phase: Phase, dealer: int, pushed: int, choosers: Sequence[int], to_play: int | None) -> int | None:
    """The seat whose move is due: the one rule behind :func:`to_act` and the check of a loaded
    observation. Choosing goes round the seats that may choose, from Vorhand."""
    if phase is PLAY:
        return to_play
    if phase is CHOOSE:
        return choosers[pushed % len(choosers)]
    if phase is ROUND_OVER:
        return (dealer + 1) % SEATS
    return None


def to_act(state: State) -> int | None:
    """The seat whose move is due, ``None`` once the game is over."""
    if type(state) is not State:
        raise wrong_state(state, State)
    setting = state.setting
    if setting.phase is PLAY:
        return state.play.to_play if state.play is not None else None
    choosers = seats_that_choose(setting.rules, setting.history, setting.dealer) if setting.phase is CHOOSE else []
    return seat_to_act(setting.phase, setting.dealer, setting.pushed, choosers, None)


def is_over(state: State) -> bool:
    """True when the game is over."""
    if type(state) is not State:
        raise wrong_state(state, State)
    return state.setting.phase is GAME_OVER


def winner(state: State) -> int | None:
    """The team with more points once every row of both teams is played (0: seats 0 and 2, 1:
    seats 1 and 3); ``None`` while the game goes on, and for equal points."""
    if type(state) is not State:
        raise wrong_state(state, State)
    return state.setting.winner


def _choices(rules: Rules, history: Sequence[RoundScore], team: int) -> tuple[moves.ChooseRow, ...]:
    """Every row still open in ``team``'s column, with each mode it allows."""
    done = {score.row for score in history if score.team == team}
    return tuple(
        moves.ChooseRow(index, mode) for index, row in enumerate(rules.slate.rows) if index not in done for mode in row.modes
    )


def legal_moves(state: State) -> tuple[moves.Move, ...]:
    """Every move the seat to act may make; empty once the game is over.

    >>> moves = legal_moves(new_game(seed=1))
    >>> len(moves), moves[-1]                     # 6 rows of one mode, 2 jokers of 6, and a push
    (19, Push())
    """
    if type(state) is not State:
        raise wrong_state(state, State)
    setting = state.setting
    phase = setting.phase
    if phase is PLAY:
        play = state.play
        assert play is not None
        cards: tuple[moves.Move, ...] = card_moves(play.legal_bits)
        if play.tricks:
            return cards
        rules = setting.rules
        weis = rules.weis
        seat = (play.leader + len(play.trick)) % SEATS
        if weis is None or rules.auto_declare or setting.declared[seat] is not None:
            return cards
        return weis_options(setting.dealt[seat].bits, weis, moves.DeclareWeis) + cards
    if phase is CHOOSE:
        rules = setting.rules
        choosers = seats_that_choose(rules, setting.history, setting.dealer)
        seat = choosers[setting.pushed % len(choosers)]
        options: tuple[moves.Move, ...] = _choices(rules, setting.history, team_of(seat))
        # Pushing goes round the seats that may choose, and when all have pushed the first must
        # choose; or it goes once to the partner, who must choose.
        return options + (moves.PUSH,) if setting.pushed < pushes_allowed(rules, choosers) else options
    if phase is ROUND_OVER:
        return (moves.DEAL,)
    return ()


def apply(state: State, move: moves.Move, *, seat: int | None = None) -> State:
    """The state after the seat to act makes ``move`` (one of :func:`legal_moves`); ``state``
    itself is unchanged. A move sent for ``seat`` is refused unless that seat is to act; the
    text of every error is safe to show to the sender (:class:`jass.variant.Apply`). Trusted
    code deals given cards with :func:`apply_trusted`.

    >>> from jass import Trump
    >>> state = new_game(Rules(first_dealer=3), seed=7)
    >>> apply(state, ChooseRow(0, Trump.EICHELN), seat=1)
    Traceback (most recent call last):
    jass.errors.WrongSeatError: seat 1 is not to act: seat 0 is
    """
    if type(state) is not State:
        raise wrong_state(state, State)
    setting = state.setting
    phase = setting.phase
    if seat is not None:
        check_sender(seat, to_act(state), SEATS)
    if phase is PLAY and type(move) is PlayCard:
        # This runs for every card of every game.
        before = state.play
        assert before is not None
        try:
            play = before.play(move.card)
        except IllegalMoveError as error:  # with every legal move of the seat, not only its cards
            raise IllegalMoveError(str(error), legal_moves=legal_moves(state), detail=error.detail) from None
        if play.legal_bits:
            return build_state(setting, play)  # a card changes nothing else
        return end_round(state, play)
    legal = legal_moves(state)
    if move not in legal:  # the one rule of what may be played: legal_moves
        raise refused(move, phase, to_act(state), legal)
    kind = type(move)
    if kind is moves.ChooseRow:
        return _choose(state, move)  # type: ignore[arg-type]
    if kind is moves.Push:
        return changed(state, pushed=setting.pushed + 1)
    if kind is moves.DeclareWeis:
        assert state.play is not None and state.play.to_play is not None
        return changed(state, declared=replace_at(setting.declared, state.play.to_play, move.weis))  # type: ignore[union-attr]
    return next_deal(state, move)  # type: ignore[arg-type]


def apply_trusted(state: State, move: moves.Move) -> State:
    """:func:`apply` for trusted code only (a replayed record, a test position): it also takes
    a :class:`Deal` of given hands. Never for a move a client sent: a player must not choose
    the deal."""
    if type(move) is moves.Deal and move.hands is not None and type(state) is State and state.phase is ROUND_OVER:
        return next_deal(state, move)
    return apply(state, move)


def _choose(state: State, move: moves.ChooseRow) -> State:
    """The row and mode chosen: the chooser's team declares, and the chooser leads trick 1
    (Swisslos: "Derjenige Spieler, welcher die Trumpfart bestimmt hat, startet mit dem Ablegen
    der ersten Karte")."""
    setting = state.setting
    chooser = to_act(state)
    assert chooser is not None
    play = CardPlay.start(move.mode, setting.dealt, chooser, setting.rules.play)
    return changed(state, play, phase=PLAY, row=move.row, mode=move.mode, chooser=chooser)


def end_round(state: State, play: CardPlay) -> State:
    """The last card: the declaring team's points are written in its row; after every row of
    both columns the game is over."""
    setting = state.setting
    history = setting.history + (score_so_far(setting, play),)
    if len(history) < 2 * len(setting.rules.slate.rows):
        return changed(state, play, phase=ROUND_OVER, history=history)
    scores = written_scores(history)
    winning = None if scores[0] == scores[1] else int(scores[1] > scores[0])
    return changed(state, play, phase=GAME_OVER, history=history, winner=winning)
