"""What Sidi Barrani's bots use: the rule bot's calls in the auction (a bid from the hand's
expected card points, :func:`jass.teams.mode_points`), and the search hooks (the hands a seat's
view allows, what a round is worth).
"""

from __future__ import annotations

import functools
import random
from collections.abc import Sequence
from typing import Final

from jass.ai.counting import choose_card
from jass.ai.sampling import HandSampler
from jass.cards import Card, CardSet
from jass.play import CardPlay, PlayCard
from jass.sidi.moves import DOUBLE, PASS, Bid, DeclareWeis, Move
from jass.sidi.state import AUCTION, GAME_OVER, ROUND_OVER, Observation, State, build_setting, build_state
from jass.teams import ai as teams
from jass.teams.rules import SEATS
from jass.trump import Trump
from jass.variant.facets import AIHooks, SearchHooks
from jass.variant.guards import SEED_LIMIT, wrong_state

__all__ = ["hand_sampler", "sample_hands", "determinize", "round_values", "hand_bid"]

#: The rule bot bids this many points below what its hand promises (a bid missed gives the
#: other team the target). Measured over 1,500 duplicate deals of rule bots (a team with another
#: margin against a team with 5, then the seats swapped): 0 gained 1.5 points a deal (noise), 10
#: lost 8, 15 lost 20, 20 lost 34; 62% of the contracts are made with 5.
BID_MARGIN: Final = 5
#: The rule bot doubles an opponent's bid when the bid and what its own hand would make in the
#: bid's mode add up to more than a round's points and this. Measured as ``BID_MARGIN``: against
#: 40, doubling above 0 lost 19 points a deal, above 20 lost 4, above 60 or never lost 1 (noise).
DOUBLE_ABOVE: Final = 40


def hand_sampler(view: Observation, *, max_tries: int = 100_000) -> HandSampler:
    """A :class:`~jass.ai.sampling.HandSampler` of the hands the other seats may hold, given
    ``view``: the card play in the contract's mode and the Weis (:func:`jass.teams.team_sampler`).
    The bids are no constraint (a bid is a promise, not a fact about the cards); during the
    auction only the sizes count."""
    if type(view) is not Observation:
        raise wrong_state(view, Observation)
    return teams.team_sampler(view, view.trump, max_tries)


def sample_hands(view: Observation, rng: random.Random) -> tuple[CardSet, ...]:
    """The four hands now, drawn uniformly among those consistent with ``view`` (see
    :func:`hand_sampler`); the observer's own hand is its own.

    >>> state = new_game(Rules(first_dealer=3), seed=4)
    >>> for call in (Bid(90, "rosen"), Pass(), Pass(), Pass()):
    ...     state = apply(state, call)
    >>> hands = sample_hands(observe(state, 1), random.Random(0))
    >>> hands[1] == state.play.hand(1), sorted(len(h) for h in hands)
    (True, [9, 9, 9, 9])
    """
    return hand_sampler(view).sample(rng)


@functools.lru_cache(maxsize=16)
def _cached_sampler(view: Observation) -> HandSampler:
    # A search determinises one view again and again; counting its deals is the costly part.
    return hand_sampler(view)


def determinize(view: Observation, rng: random.Random, sampler: HandSampler | None = None) -> State:
    """A state that ``view`` could come from: the other hands drawn by :func:`hand_sampler`
    (or ``sampler``, built once for many draws), their declared Weis among those that fit, a
    fresh seed for the rounds to come. ``observe(state, view.seat) == view``.

    >>> state = new_game(Rules(first_dealer=3), seed=4)
    >>> for call in (Bid(90, "obenabe"), Double()):
    ...     state = apply(state, call)
    >>> view = observe(apply(state, legal_moves(state)[0]), 2)
    >>> observe(determinize(view, random.Random(0)), 2) == view
    True
    """
    sampler = sampler or _cached_sampler(view)
    hands, dealt = sampler.sample_dealt(rng)
    rules = view.rules
    declared = teams.drawn_declarations(view, dealt, rng, view.trump, sampler)
    setting = build_setting(
        rules=rules, seed=rng.randrange(SEED_LIMIT), round_number=view.round_number, dealer=view.dealer,
        phase=view.phase, dealt=dealt, scores=view.scores, calls=view.calls, declared=declared,
        history=view.history, winner=view.winner,
    )
    contract = view.contract
    if view.trump is None or contract is None:
        return build_state(setting, None)
    setup = CardPlay.start(contract.mode, dealt, contract.bidder, rules.play).setup
    leader = view.trick_leader if view.trick_leader is not None else contract.bidder
    return build_state(setting, CardPlay.from_parts(setup, hands, leader, view.trick, view.tricks))


#: What a game won or lost is worth to the search, beside a round's points: more than any round.
_GAME_VALUE: Final = 100_000.0


def round_values(state: State) -> tuple[float, ...] | None:
    """What the round in play gave each seat once it is over: the points its team wrote less
    those the other team wrote (0 for a deal nobody bid on); a game won or lost is worth
    ±100,000. ``None`` while the round goes on."""
    setting = state.setting
    if setting.phase is GAME_OVER and setting.winner is not None:
        return tuple(_GAME_VALUE if seat % 2 == setting.winner else -_GAME_VALUE for seat in range(SEATS))
    if setting.phase is ROUND_OVER or setting.phase is GAME_OVER:
        first, second = setting.history[-1].totals
        difference = float(first - second)
        return (difference, -difference, difference, -difference)
    return None


def hand_bid(hand: CardSet, bids: Sequence[int]) -> tuple[int | None, Trump]:
    """What the rule bot would bid with ``hand``: the mode in which the hand promises its side the
    most card points (:func:`jass.teams.mode_points`, Stöck and Weis left out: they do not count
    towards the target), and the highest of ``bids`` at least ``BID_MARGIN`` (5) below that
    (``None``: none is).

    >>> points, mode = hand_bid(CardSet.parse("CJ C9 CA CK C10 SA HA D6 D7"), Rules().bids())
    >>> mode, points >= 100
    (Trump.EICHELN, True)
    >>> hand_bid(CardSet.parse("C8 C10 CQ S8 S10 SQ H8 H10 D10"), Rules(lowest_bid=90).bids())[0] is None
    True
    """
    mode = max(Trump, key=lambda m: teams.mode_points(hand, m))
    promised = teams.mode_points(hand, mode) - BID_MARGIN
    fitting = [points for points in bids if points <= promised]
    return (max(fitting) if fitting else None), mode


def _auction_move(view: Observation, moves: Sequence[Move]) -> Move | None:
    """The rule bot's call: declare every Weis (the first offered declaration is the fullest);
    leave the partner's bid standing; bid what the hand promises (:func:`hand_bid`) when that is
    above the bid standing; double an opponent's bid that the bid and the hand's own points in
    its mode make unlikely (more than 157 + ``DOUBLE_ABOVE``, 40); else pass."""
    for move in moves:
        if type(move) is DeclareWeis:
            return move
    if view.phase is not AUCTION or view.seat is None:
        return None
    contract = view.contract
    if contract is not None and contract.team == view.seat % 2:
        return PASS
    points, mode = hand_bid(view.hand, view.rules.bids())
    if points is not None and Bid(points, mode) in moves:
        return Bid(points, mode)
    if DOUBLE in moves and contract is not None and \
            contract.points + teams.mode_points(view.hand, contract.mode) > teams.TOTAL_POINTS + DOUBLE_ABOVE:
        return DOUBLE
    return PASS


def _rule_move(view: Observation, moves: Sequence[Move]) -> Move | None:
    """The rule bot's choice (:class:`~jass.ai.bots.RuleBot`): the auction by :func:`_auction_move`,
    the cards by counting them (:func:`jass.ai.counting.choose_card`), the declaring team the
    contract's."""
    call = _auction_move(view, moves)
    if call is not None:
        return call
    contract = view.contract
    if view.trump is None or contract is None:
        return None
    situation = teams.team_situation(view, contract.mode, moves, (contract.bidder, (contract.bidder + 2) % SEATS))
    return None if situation is None else PlayCard(Card.from_index(choose_card(situation)))


#: What the bots need of Sidi Barrani (:class:`~jass.variant.AIHooks`).
AI: Final[AIHooks[State, Move, Observation]] = AIHooks(
    rule_move=_rule_move,
    simple_move=_auction_move,
    search=SearchHooks(determinize=determinize, round_values=round_values, scale=200.0),
)
