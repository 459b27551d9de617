"""Schieber's game: :func:`new_game`, whose move is due, the legal moves, :func:`apply`, and what a
seat sees (:func:`observe`, :func:`card_zones`).
"""

from __future__ import annotations

from collections.abc import Sequence

from jass.cards import Card, CardSet
from jass.cards import deal as deal_cards
from jass.errors import IllegalMoveError
from jass.play import CardPlay, PlayCard, card_moves, round_seed
from jass.schieber.moves import ANNOUNCE, CHOOSE_MOVES, DEAL, PUSH, Announce, ChooseTrump, Deal, DeclareWeis, Move, Push
from jass.schieber.rules import ANY_TEAM, CLAIM, ROSEN_7, SEATS, TRICK_WINNER, Rules
from jass.schieber.score import score_round, taken_so_far, team_points, totals
from jass.schieber.state import (
    CHOOSE_TRUMP,
    GAME_OVER,
    NO_CARDS,
    PLAY,
    ROUND_OVER,
    GameEnd,
    Observation,
    Phase,
    State,
    build_observation,
    build_setting,
    build_state,
)
from jass.schieber.target import check_target, end_round, game_over
from jass.teams.game import weis_view
from jass.teams.moves import first_hands, weis_options
from jass.teams.rules import TRICKS, team_of
from jass.variant.guards import check_observer, check_sender, refused, wrong_state
from jass.variant.state import changed, game_start, replace_at


def new_game(
    rules: Rules | None = None,
    seed: int | None = None,
    *,
    deal: Sequence[CardSet] | Sequence[Card | str] | None = None,
) -> State:
    """A new game, its first round dealt and Vorhand to choose trump.

    ``seed`` fixes every deal (and the first dealer unless ``rules.first_dealer``
    is set); without one a random seed is drawn and kept in the state. ``deal``
    gives the first round's hands explicitly: four hands of nine cards, or an
    order of the 36 cards (seat *k* gets cards ``9k .. 9k+8``).

    With ``first_vorhand=FirstVorhand.ROSEN_7`` the seat dealt the Rosen 7 is Vorhand: the
    seat before it is the first dealer.

    >>> state = new_game(seed=7)
    >>> state.dealt == deal_cards(7), state.phase
    (True, Phase.CHOOSE_TRUMP)
    >>> state = new_game(Rules(first_vorhand=FirstVorhand.ROSEN_7), seed=7)
    >>> Card.S7 in state.dealt[state.vorhand]
    True
    """
    game_rules, seed, dealer = game_start(rules, seed, Rules, SEATS)
    hands = deal_cards(seed) if deal is None else first_hands(deal)
    if game_rules.first_vorhand is ROSEN_7:
        dealer = rosen_7_dealer(hands)
    setting = build_setting(rules=game_rules, seed=seed, round_number=0, dealer=dealer, phase=CHOOSE_TRUMP, dealt=hands)
    return build_state(setting, None)


def rosen_7_dealer(hands: Sequence[CardSet]) -> int:
    """The first dealer under ``FirstVorhand.ROSEN_7``: the seat before the one dealt the Rosen 7."""
    holder = next(seat for seat, hand in enumerate(hands) if Card.S7 in hand)
    return (holder - 1) % SEATS


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


def legal_moves(state: State) -> tuple[Move, ...]:
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
        cards: tuple[Move, ...] = card_moves(play.legal_bits)
        rules = setting.rules
        if play.tricks:
            # "Bedankt, genug", in a game to a target in claim mode: the trick's winner says it
            # between tricks (claim_by trick_winner), or the seat to act before any card
            # (any_team). The cheapest tests first, as this runs for every card.
            if (play.trick or len(play.tricks) >= TRICKS) and rules.claim_by is TRICK_WINNER:
                return cards
            if rules.target_score is None or rules.end_mode is not CLAIM:
                return cards
            return (ANNOUNCE,) + cards
        seat = (play.leader + len(play.trick)) % SEATS
        weis = rules.weis
        if weis is not None and not rules.auto_declare and setting.declared[seat] is None:
            cards = weis_options(setting.dealt[seat].bits, weis, DeclareWeis) + cards
        if rules.claim_by is ANY_TEAM and rules.target_score is not None and rules.end_mode is CLAIM:
            return (ANNOUNCE,) + cards
        return cards
    if phase is CHOOSE_TRUMP:
        if _may_push(setting.rules, setting.pushed):
            return CHOOSE_MOVES + (PUSH,)
        return CHOOSE_MOVES
    if phase is ROUND_OVER:
        return (DEAL,)
    return ()


def apply(state: State, move: Move, *, seat: int | None = None) -> State:
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
    if kind is ChooseTrump and phase is CHOOSE_TRUMP:  # every mode is among legal_moves then
        trump = move.trump  # type: ignore[union-attr]
        play = CardPlay.start(trump, setting.dealt, state.vorhand, setting.rules.play)
        return changed(state, play, phase=PLAY, trump=trump)
    legal = legal_moves(state)
    if move not in legal:  # the one rule of what may be played: legal_moves
        raise refused(move, phase, to_act(state), legal)
    if kind is Push:
        return changed(state, pushed=setting.pushed + 1)
    if kind is DeclareWeis:
        assert state.play is not None and state.play.to_play is not None
        return changed(state, declared=replace_at(setting.declared, state.play.to_play, move.weis))  # type: ignore[union-attr]
    if kind is Announce:
        return _announce(state)
    return _deal(state, move)  # type: ignore[arg-type]


def apply_trusted(state: State, move: Move) -> State:
    """:func:`apply` for trusted code only (a replayed record, a test position): it also takes
    a :class:`Deal` of given hands. Never for a move a client sent: a player must not choose
    the deal."""
    if type(move) is Deal and move.hands is not None and type(state) is State and state.phase is ROUND_OVER:
        return _deal(state, move)
    return apply(state, move)


def _announce(state: State) -> State:
    """ "Bedankt, genug": the team wins if its points reach the target, else it loses."""
    play = state.play
    assert play is not None and play.to_play is not None and state.rules.target_score is not None
    team = team_of(play.to_play)
    reached = totals(state)[team] >= state.rules.target_score
    return game_over(state, play, team if reached else 1 - team, GameEnd.CLAIM_CORRECT if reached else GameEnd.CLAIM_WRONG)


def _deal(state: State, move: Deal) -> State:
    number = state.round_number + 1
    hands = deal_cards(round_seed(state.seed, number)) if move.hands is None else move.hands
    setting = state.setting
    return build_state(
        build_setting(
            rules=setting.rules, seed=setting.seed, round_number=number, dealer=(setting.dealer + 1) % SEATS,
            phase=CHOOSE_TRUMP, dealt=hands, scores=setting.scores, history=setting.history,
        ),
        None,
    )


def observe(state: State, seat: int | None) -> Observation:
    """What ``seat`` may know: its own hand, the trump, the tricks, declared Weis points,
    the shown Weis, credited Stöck and the scores; never another hand. ``seat=None`` is a
    spectator: what everybody at the table sees (no hand, no legal moves).

    >>> view = observe(new_game(seed=5), 2)
    >>> len(view.hand), view.hand_sizes
    (9, (9, 9, 9, 9))
    >>> len(observe(new_game(seed=5), None).hand)
    0
    """
    if type(state) is not State:
        raise wrong_state(state, State)
    check_observer(seat, SEATS)
    setting = state.setting
    play = state.play
    if play is not None and setting.phase is not CHOOSE_TRUMP:
        hand = NO_CARDS if seat is None else play.hand(seat)
        hand_sizes = play.hand_sizes
        trick = play.trick
        leader: int | None = play.leader
        tricks = play.tricks
    else:
        hand, trick, leader, tricks = NO_CARDS if seat is None else setting.dealt[seat], (), None, ()
        hand_sizes = tuple(len(dealt) for dealt in setting.dealt)
    rules = setting.rules
    weis_team = credited_stoeck = None
    round_points = (0, 0)
    if play is not None and setting.trump is not None:
        if setting.phase is PLAY:
            # The numbers of the score so far, without building it: this runs for every move.
            first, second, multiplier = team_points(setting, play.setup.trump, *taken_so_far(setting, play))
            round_points = (sum(first) * multiplier, sum(second) * multiplier)
        else:
            done = score_round(state).teams
            first = (0, 0, 0, done[0].weis, done[0].stoeck)
            second = (0, 0, 0, done[1].weis, done[1].stoeck)
        # The team with the best Weis scores all of its Weis, so it is the one with Weis points.
        weis_team = 0 if first[3] else 1 if second[3] else None
        credited_stoeck = 0 if first[4] else 1 if second[4] else None
    declared_points, own_weis, shown = weis_view(
        setting.dealt, setting.declared, rules.weis, rules.auto_declare, play is not None and bool(play.tricks),
        weis_team, seat,
    )
    acting = to_act(state)
    return build_observation(
        seat, rules, setting.phase, setting.round_number, setting.dealer, acting, hand, hand_sizes,
        setting.trump, setting.pushed, trick, leader, tricks, declared_points, own_weis, shown, credited_stoeck,
        setting.scores, round_points, setting.history, setting.winner, setting.end,
        legal_moves(state) if acting == seat else (),
    )


def card_zones(state: State) -> dict[str, CardSet]:
    """Where each of the 36 cards is: ``"hand 0"`` .. ``"hand 3"`` (the cards each seat holds;
    before trump is chosen, the hands as dealt), ``"trick"`` (the trick in progress) and
    ``"won 0"`` .. ``"won 3"`` (the cards of the tricks each seat has taken). The zones are
    disjoint and hold the 36 cards together; :mod:`jass.testing` checks it after every move.

    >>> zones = card_zones(new_game(seed=1))
    >>> [len(zones[name]) for name in ("hand 0", "hand 3", "trick", "won 0")]
    [9, 9, 0, 0]
    """
    if type(state) is not State:
        raise wrong_state(state, State)
    play = state.play
    if play is None or state.phase is CHOOSE_TRUMP:
        zones = {f"hand {seat}": hand for seat, hand in enumerate(state.dealt)}
        zones["trick"] = CardSet()
        zones.update((f"won {seat}", CardSet()) for seat in range(SEATS))
        return zones
    return play.zones()
