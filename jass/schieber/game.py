"""Schieber's game: whose move is due, the legal moves, :func:`apply` and the end of the game.
"""

from __future__ import annotations

from jass.errors import IllegalMoveError
from jass.play import CardPlay, PlayCard, card_moves
from jass.schieber import moves
from jass.schieber.dealing import next_deal
from jass.schieber.rules import ANY_TEAM, CLAIM, SEATS, TRICK_WINNER, Rules
from jass.schieber.state import CHOOSE_TRUMP, GAME_OVER, PLAY, ROUND_OVER, Phase, State, build_state
from jass.schieber.target import announce, check_target, end_round
from jass.teams.moves import weis_options
from jass.teams.rules import TRICKS
from jass.variant.guards import check_sender, refused, wrong_state
from jass.variant.state import changed, replace_at

__all__ = ["legal_moves", "apply", "apply_trusted", "to_act", "is_over", "winner"]


def seat_to_act(phase: Phase, dealer: int, pushed: int, to_play: int | None) -> int | None:
    """The seat whose move is due (``to_play``: the card play's seat to play): the one rule
    behind :func:`to_act` and the check of a loaded observation."""
    if phase is PLAY:
        return to_play
    if phase is CHOOSE_TRUMP:
        # pushed counts pushes: 0 Vorhand, 1 the partner, 2 Vorhand again (push-back).
        return (dealer + 1 + 2 * (pushed % 2)) % SEATS
    if phase is ROUND_OVER:
        return (dealer + 1) % SEATS
    return None


def to_act(state: State) -> int | None:
    """The seat whose move is due, ``None`` once the game is over."""
    if type(state) is not State:
        raise wrong_state(state, State)
    setting = state.setting
    play = state.play
    return seat_to_act(setting.phase, setting.dealer, setting.pushed, None if play is None else play.to_play)


def is_over(state: State) -> bool:
    """True when the game is over."""
    if type(state) is not State:
        raise wrong_state(state, State)
    return state.setting.phase is GAME_OVER


def winner(state: State) -> int | None:
    """The winning team (0: seats 0 and 2; 1: seats 1 and 3); ``None`` while the game goes on, or
    for a drawn game of fixed rounds."""
    if type(state) is not State:
        raise wrong_state(state, State)
    return state.setting.winner


def _may_push(rules: Rules, pushed: int) -> bool:
    return pushed == 0 or (pushed == 1 and rules.allow_push_back)


def legal_moves(state: State) -> tuple[moves.Move, ...]:
    """Every move the seat to act may make; empty once the game is over.

    >>> state = new_game(seed=1)
    >>> legal_moves(state)[-1]
    Push()
    """
    if type(state) is not State:
        raise wrong_state(state, State)
    setting = state.setting
    phase = setting.phase
    if phase is PLAY:
        play = state.play
        assert play is not None
        cards: tuple[moves.Move, ...] = card_moves(play.legal_bits)
        rules = setting.rules
        if play.tricks:
            # "Bedankt, genug", in a game to a target in claim mode: the trick's winner says it
            # between tricks (claim_by trick_winner), or the seat to act before any card
            # (any_team). The cheapest tests first, as this runs for every card.
            if (play.trick or len(play.tricks) >= TRICKS) and rules.claim_by is TRICK_WINNER:
                return cards
            if rules.target_score is None or rules.end_mode is not CLAIM:
                return cards
            return (moves.ANNOUNCE,) + cards
        seat = (play.leader + len(play.trick)) % SEATS
        weis = rules.weis
        if weis is not None and not rules.auto_declare and setting.declared[seat] is None:
            cards = weis_options(setting.dealt[seat].bits, weis, moves.DeclareWeis) + cards
        if rules.claim_by is ANY_TEAM and rules.target_score is not None and rules.end_mode is CLAIM:
            return (moves.ANNOUNCE,) + cards
        return cards
    if phase is CHOOSE_TRUMP:
        if _may_push(setting.rules, setting.pushed):
            return moves.CHOOSE_MOVES + (moves.PUSH,)
        return moves.CHOOSE_MOVES
    if phase is ROUND_OVER:
        return (moves.DEAL,)
    return ()


def apply(state: State, move: moves.Move, *, seat: int | None = None) -> State:
    """The state after the seat to act makes ``move`` (one of :func:`legal_moves`); ``state``
    itself is unchanged. A move sent for ``seat`` is refused unless that seat is to act; the
    text of every error is safe to show to the sender (:class:`jass.variant.Apply`). Trusted
    code deals given cards with :func:`apply_trusted`.

    >>> state = new_game(Rules(first_dealer=3), seed=7)
    >>> apply(state, ChooseTrump("H"), seat=2)
    Traceback (most recent call last):
    jass.errors.WrongSeatError: seat 2 is not to act: seat 0 is
    >>> apply(state, ChooseTrump("H"), seat=0).trump
    Trump.SCHILTEN
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
        target = setting.rules.target_score
        if target is not None:
            ended = check_target(state, before, play, not play.trick, target)
            if ended is not None:
                return ended
        if play.legal_bits:
            return build_state(setting, play)  # a card changes nothing else
        return end_round(state, play)
    kind = type(move)
    if kind is moves.ChooseTrump and phase is CHOOSE_TRUMP:  # every mode is among legal_moves then
        trump = move.trump  # type: ignore[union-attr]
        play = CardPlay.start(trump, setting.dealt, state.vorhand, setting.rules.play)
        return changed(state, play, phase=PLAY, trump=trump)
    legal = legal_moves(state)
    if move not in legal:  # the one rule of what may be played: legal_moves
        raise refused(move, phase, to_act(state), legal)
    if kind is moves.Push:
        return changed(state, pushed=setting.pushed + 1)
    if kind is moves.DeclareWeis:
        assert state.play is not None and state.play.to_play is not None
        return changed(state, declared=replace_at(setting.declared, state.play.to_play, move.weis))  # type: ignore[union-attr]
    if kind is moves.Announce:
        return announce(state)
    return next_deal(state, move)  # type: ignore[arg-type]


def apply_trusted(state: State, move: moves.Move) -> State:
    """:func:`apply` for trusted code only (a replayed record, a test position): it also takes
    a :class:`Deal` of given hands. Never for a move a client sent: a player must not choose
    the deal."""
    if type(move) is moves.Deal and move.hands is not None and type(state) is State and state.phase is ROUND_OVER:
        return next_deal(state, move)
    return apply(state, move)

