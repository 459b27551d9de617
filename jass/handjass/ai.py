"""What the bots of Handjass for three use: the rule bot's Blinde and rob, and the search hooks
(the hidden cards a seat's view allows, what a round is worth, fast play-outs).
"""

from __future__ import annotations

import functools
import random
from collections.abc import Sequence
from typing import Final

from jass.ai import sampling
from jass.cards import CardSet
from jass.handjass.game import apply, legal_moves
from jass.handjass.moves import KEEP, ROB, TAKE, Move
from jass.handjass.rules import HAND_SIZE, SEATS, Rules
from jass.handjass.score import outcome
from jass.handjass.state import HiddenCards, Observation, Phase, State
from jass.handjass.state import build_setting, build_state
from jass.play import CardPlay
from jass.tricks import play_cards
from jass.trump import DEFAULT_TRUMP_JACK_POINTS, Trump, point_table
from jass.variant import guards
from jass.variant.facets import AIHooks, SearchHooks

__all__ = ["hand_sampler", "sample_hidden", "determinize", "round_values"]

#: What an unseen card is worth to the rule bot, on average: (152 card points + 8 for each of
#: the 9 trumps) / 36.
_UNSEEN_WORTH: Final = (152 + 8 * 9) / 36


def _rule_move(view: Observation, moves: Sequence[Move]) -> Move | None:
    """Always rob with the trump 6; take the Blinde when the hand is worth less than the turned
    card and eight unseen cards; cards are left to the card-play rules."""
    if ROB in moves:
        return ROB
    if TAKE not in moves:
        return None
    trump = view.trump
    table = point_table(trump, DEFAULT_TRUMP_JACK_POINTS)

    def worth(cards: CardSet) -> float:
        return sum(table[c.index] + (8 if c.suit == trump.suit else 0) for c in cards)

    top = view.top_card
    blinde = (HAND_SIZE - 1) * _UNSEEN_WORTH + (0 if top is None else worth(CardSet([top])))
    return TAKE if worth(view.hand) < blinde else KEEP


def hand_sampler(view: Observation, *, out_of_play: CardSet = CardSet(),
                 max_tries: int = 100_000) -> sampling.HandSampler:
    """A :class:`~jass.ai.sampling.HandSampler` of the other two hands, from the cards the seat
    has not seen, with the face-up cards where everybody saw them go (the turned card with its
    robber, the Blinde's top card with its taker, until played; the top card on the table in
    no hand: :meth:`Observation.public_cards`). A seat that laid its hand aside for the
    Blinde may add those cards as ``out_of_play``: its observation does not keep them."""
    if type(view) is not Observation:
        raise guards.wrong_state(view, Observation)
    known, excluded = view.public_cards()
    for seat in list(known):  # a known card leaves the hand when it is played
        known[seat] &= ~sampling.played_by(view, seat).bits
    return sampling.HandSampler.of_view(
        view, trump=int(view.trump), rules=view.rules.play, known=known,
        excluded=excluded | out_of_play.bits, max_tries=max_tries,
    )


def sample_hidden(view: Observation, rng: random.Random, *, out_of_play: CardSet = CardSet(),
                  sampler: sampling.HandSampler | None = None) -> HiddenCards:
    """The cards ``view`` does not show, dealt uniformly among the deals consistent with it (see
    :func:`hand_sampler`, or ``sampler`` built once for many draws): the other hands, the
    Blinde's face-down cards and the hand laid aside for it.

    >>> view = observe(new_game(seed=3), 0)
    >>> hidden = sample_hidden(view, random.Random(5))
    >>> [len(h) for h in hidden.hands], len(hidden.blinde), len(hidden.out_of_play)
    ([9, 9, 9], 8, 0)
    """
    sampler = sampler or hand_sampler(view, out_of_play=out_of_play)
    hands, rest = sampler.sample_with_rest(rng)
    cards = list(CardSet.from_bits(rest))
    rng.shuffle(cards)
    size = 0 if view.top_card is None else HAND_SIZE - 1
    aside = CardSet(cards[size:]) | out_of_play
    if view.robbed_by is not None and view.robbed_by == view.taken_by:
        aside |= {view.turned}
    return HiddenCards(tuple(CardSet.from_bits(h) for h in hands), CardSet(cards[:size]), aside)


@functools.lru_cache(maxsize=16)
def _cached_sampler(view: Observation) -> sampling.HandSampler:
    # A search determinises one view again and again; counting its deals is the costly part.
    return hand_sampler(view)


def determinize(view: Observation, rng: random.Random, sampler: sampling.HandSampler | None = None) -> State:
    """A state that ``view`` could come from: the other hands and the Blinde drawn by
    :func:`sample_hidden`, a fresh seed for the rounds to come. ``observe(state, view.seat) ==
    view``.

    >>> view = observe(new_game(seed=3), 1)
    >>> observe(determinize(view, random.Random(0)), 1) == view
    True
    """
    hidden = sample_hidden(view, rng, sampler=sampler or _cached_sampler(view))
    playing = view.phase is not Phase.BLINDE and view.phase is not Phase.ROB
    hands = hidden.hands
    if playing:
        hands = tuple(hand | sampling.played_by(view, seat) for seat, hand in enumerate(hands))
    rules = view.rules
    setting = build_setting(
        rules=rules, seed=rng.randrange(guards.SEED_LIMIT), round_number=view.round_number, dealer=view.dealer,
        phase=view.phase, hands=hands, blinde=hidden.blinde, turned=view.turned, takes=view.takes,
        robs=view.robs, scores=view.scores, nullers=view.nullers, history=view.history, winner=view.winner,
    )
    if not playing:
        return build_state(setting, None)
    setup = CardPlay.start(Trump(view.turned.suit.value), hands, (view.dealer + 1) % SEATS, rules.play).setup
    leader = view.trick_leader if view.trick_leader is not None else (view.dealer + 1) % SEATS
    return build_state(setting, CardPlay.from_parts(setup, hidden.hands, leader, view.trick, view.tricks))


def _values(totals: Sequence[int], rules: Rules) -> tuple[float, ...]:
    """What a round's totals give each seat: its strokes (a Nuller -1) less the others' mean,
    and a little for the card points, which decide nothing but rank the rest."""
    strokes, nullers = outcome(totals, rules)
    game = [strokes[seat] - nullers[seat] for seat in range(SEATS)]
    return tuple(
        game[seat] - (sum(game) - game[seat]) / 2 + (totals[seat] - (sum(totals) - totals[seat]) / 2) / 400
        for seat in range(SEATS)
    )


def round_values(state: State) -> tuple[float, ...] | None:
    """What the round in play gave each seat once it is over: its strokes (a Nuller -1) less
    the mean of the others', and a little for the card points; ``None`` while it goes on."""
    phase = state.setting.phase
    if phase is Phase.ROUND_OVER or phase is Phase.GAME_OVER:
        return _values(state.history[-1].totals, state.setting.rules)
    return None


def _playout(state: State, rng: random.Random) -> tuple[float, ...]:
    """The round played to its end: random decisions through :func:`apply` up to the first
    card, then random legal cards on raw ints."""
    while state.setting.phase is Phase.BLINDE or state.setting.phase is Phase.ROB:
        moves = legal_moves(state)
        state = apply(state, moves[int(rng.random() * len(moves))])
    done = round_values(state)
    if done is not None:
        return done
    play = state.play
    assert play is not None
    rules = state.setting.rules
    result = play_cards(
        [play.hand(seat).bits for seat in range(SEATS)], int(play.trump), play.leader, rng,
        trick=[card.index for card in play.trick], rules=rules.play,
    )
    taken = play.points()
    return _values([taken[seat] + result.points[seat] for seat in range(SEATS)], rules)


#: What the bots need of Handjass for three (:class:`~jass.variant.AIHooks`).
AI: Final[AIHooks[State, Move, Observation]] = AIHooks(
    rule_move=_rule_move,
    search=SearchHooks(determinize=determinize, round_values=round_values, playout=_playout, scale=1.0),
)
