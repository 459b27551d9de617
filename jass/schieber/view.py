"""What a Schieber seat sees: :func:`observe` (its hand and everything public, nothing else) and
where every card is (:func:`card_zones`).
"""

from __future__ import annotations

from typing import NamedTuple

from jass.cards import Card, CardSet
from jass.play import Trick
from jass.schieber.game import legal_moves, to_act
from jass.schieber.rules import SEATS
from jass.schieber.score import score_round, taken_so_far, team_points
from jass.schieber.state import CHOOSE_TRUMP, NO_CARDS, PLAY, Observation, State, build_observation
from jass.teams.game import weis_view
from jass.variant.guards import check_observer, wrong_state
from jass.weis import Weis

__all__ = ["observe", "card_zones"]


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
    public = _public(state)
    if play is not None and setting.phase is not CHOOSE_TRUMP:
        hand = NO_CARDS if seat is None else play.hand(seat)
    else:
        hand = NO_CARDS if seat is None else setting.dealt[seat]
    rules = setting.rules
    own_weis = None
    if rules.weis is not None and not rules.auto_declare and seat is not None:
        own_weis = setting.declared[seat]
    acting = public.acting
    return build_observation(
        seat, rules, setting.phase, setting.round_number, setting.dealer, acting, hand, public.hand_sizes,
        setting.trump, setting.pushed, public.trick, public.leader, public.tricks, public.declared_points, own_weis,
        public.shown, public.credited_stoeck, setting.scores, public.round_points, setting.history, setting.winner,
        setting.end, legal_moves(state) if acting == seat else (),
    )


class _Public(NamedTuple):
    """What every seat sees alike of one state (the numbers :func:`observe` computes)."""

    acting: int | None
    hand_sizes: tuple[int, ...]
    trick: tuple[Card, ...]
    leader: int | None
    tricks: tuple[Trick, ...]
    declared_points: tuple[int | None, ...]
    shown: tuple[tuple[Weis, ...], ...]
    credited_stoeck: int | None
    round_points: tuple[int, int]


#: The state whose public part was computed last, and that part: a table shows each state to
#: every seat in turn, so the points and the Weis are computed once a state, not once a seat.
#: (One tuple, replaced whole: safe to read from any thread.)
_last_public: tuple[State, _Public] | None = None


def _public(state: State) -> _Public:
    """What every seat sees alike of ``state`` (computed once for the last state asked)."""
    global _last_public
    last = _last_public
    if last is not None and last[0] is state:
        return last[1]
    setting = state.setting
    play = state.play
    if play is not None and setting.phase is not CHOOSE_TRUMP:
        hand_sizes = play.hand_sizes
        trick = play.trick
        leader: int | None = play.leader
        tricks = play.tricks
    else:
        trick, leader, tricks = (), None, ()
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
    declared_points, _, shown = weis_view(
        setting.dealt, setting.declared, rules.weis, rules.auto_declare, play is not None and bool(play.tricks),
        weis_team, None,
    )
    public = _Public(to_act(state), hand_sizes, trick, leader, tricks, declared_points, shown, credited_stoeck,
                     round_points)
    _last_public = (state, public)
    return public


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
