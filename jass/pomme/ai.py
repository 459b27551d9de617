"""What la pomme's bots use: the rule bot's exchange and swap, and the search hooks (the hidden
cards a seat's view allows, what a round is worth, fast play-outs).
"""

from __future__ import annotations

import functools
import random
from collections.abc import Sequence
from typing import Final

from jass.ai import counting, sampling
from jass.cards import CardSet, Rank
from jass.play import CardPlay
from jass.pomme.game import apply, legal_moves
from jass.pomme.moves import KEEP, SWAP, Exchange, Move
from jass.pomme.rules import SEATS, Rules
from jass.pomme.score import outcome
from jass.pomme.state import HiddenCards, Observation, Phase, State, build_setting, build_state
from jass.tricks import play_cards
from jass.trump import point_table
from jass.variant import guards
from jass.variant.facets import AIHooks, SearchHooks
from jass.variant.state import replace_at

__all__ = ["hand_sampler", "sample_hidden", "determinize", "round_values"]


def _simple_move(view: Observation, moves: Sequence[Move]) -> Move | None:
    """The simple rule bot's choice (:class:`~jass.ai.bots.SimpleRuleBot`): give away the three
    least valuable cards when they are worth less than three unknown cards, always take the
    turned card for the trump 6; cards are left to its card-play rules."""
    if SWAP in moves:
        return SWAP
    exchanges = [m for m in moves if type(m) is Exchange]
    if not exchanges:
        return KEEP if KEEP in moves else None
    trump = view.trump
    table = point_table(trump, view.rules.trump_jack_points)

    def worth(cards: CardSet) -> int:
        return sum(table[c.index] + (8 if c.suit == trump.suit else 0) for c in cards)

    best = min(exchanges, key=lambda m: (worth(m.cards), m.cards.bits))
    # An unknown card is worth about (153 + 8 * 9) / 36 = 6.25 on average.
    return best if worth(best.cards) < 3 * 6 else KEEP


#: What holding a card is worth beyond its points, by rank 6..A: a trump, then a plain card.
_POWER: Final = ((6, 6, 7, 16, 8, 24, 9, 10, 13), (0, 0, 0, 0, 1, 1, 2, 3, 8))


def _worth(view: Observation, card_index: int) -> float:
    """What a card is worth to the hand in la pomme: its points and its power to take tricks."""
    trump = view.trump
    suit, rank = divmod(card_index, 9)
    return point_table(trump, view.rules.trump_jack_points)[card_index] + _POWER[0 if suit == trump.suit else 1][rank]


def _rule_move(view: Observation, moves: Sequence[Move]) -> Move | None:
    """The rule bot's choice (:class:`~jass.ai.bots.RuleBot`): exchange when three unknown cards
    are worth more (on average, :func:`_worth`) than the hand's weakest three, always take the
    turned card for the trump 6, and play the cards by counting them
    (:func:`jass.ai.counting.choose_card`)."""
    if SWAP in moves:
        return SWAP
    exchanges = [m for m in moves if type(m) is Exchange]
    if exchanges:
        unseen = [c for c in range(36) if not (view.hand.bits | view.top_card.bit) >> c & 1]
        mean = sum(_worth(view, c) for c in unseen) / len(unseen)
        best = min(exchanges, key=lambda m: (sum(_worth(view, c.index) for c in m.cards), m.cards.bits))
        return best if sum(_worth(view, c.index) for c in best.cards) < 3 * mean else KEEP
    seat = view.seat
    if seat is None:
        return None
    known: dict[int, int] = {}
    if view.swapped_by == 1 - seat:
        known[1 - seat] = view.turned.bit  # until it is played
    situation = counting.Situation.of_view(
        view, moves, modes=(int(view.trump),) * 9, rules=view.rules.play_rules, known=known,
        excluded=view.top_card.bit, trump_jack_points=view.rules.trump_jack_points,
    )
    return counting.card_move(situation)


def hand_sampler(view: Observation, *, out_of_play: CardSet = CardSet(), max_tries: int = 100_000) -> sampling.HandSampler:
    """A :class:`~jass.ai.sampling.HandSampler` of the other hand, from the cards the seat has not
    seen (neither in its hand, nor played, nor the top card of the talon), with the turned card
    in the hand of the seat that swapped the trump 6 for it (until it is played). The seat may
    add the cards it put ``out_of_play`` itself: its observation does not keep them."""
    if type(view) is not Observation:
        raise guards.wrong_state(view, Observation)
    seat = view.seat
    known: dict[int, int] = {}
    if seat is not None and view.swapped_by == 1 - seat and view.turned not in sampling.played_by(view, 1 - seat):
        known[1 - seat] = view.turned.bit
    return sampling.HandSampler.of_view(
        view, trump=int(view.trump), rules=view.rules.play_rules, known=known,
        excluded=view.top_card.bit | out_of_play.bits, max_tries=max_tries,
    )


def sample_hidden(view: Observation, rng: random.Random, *, out_of_play: CardSet = CardSet(),
                  sampler: sampling.HandSampler | None = None) -> HiddenCards:
    """The cards ``view`` does not show, dealt uniformly among the deals consistent with it (see
    :func:`hand_sampler`, or ``sampler`` built once for many draws): the other hand, and the
    rest split at random into the undecided seats' extras, the talon and the cards out of play.

    >>> view = observe(new_game(seed=3), 0)
    >>> hidden = sample_hidden(view, random.Random(5))
    >>> [len(h) for h in hidden.hands], [len(e) for e in hidden.extras], len(hidden.talon), len(hidden.out_of_play)
    ([9, 9], [3, 3], 11, 0)
    """
    sampler = sampler or hand_sampler(view, out_of_play=out_of_play)
    hands, rest = sampler.sample_with_rest(rng)
    cards = list(CardSet.from_bits(rest))
    rng.shuffle(cards)
    extras = []
    for seat in range(SEATS):
        if view.exchanges[seat] is None:
            extras.append(CardSet(cards[:3]))
            cards = cards[3:]
        else:
            extras.append(CardSet())
    return HiddenCards(
        tuple(CardSet.from_bits(h) for h in hands), tuple(extras), CardSet(cards[:11]), CardSet(cards[11:]) | out_of_play,
    )


def _swaps_seen(view: Observation) -> tuple[bool | None, ...]:
    """Each seat's trump-6 decision as the table saw it: the non-dealer is asked first, and a
    swap ends the asking."""
    first = 1 - view.dealer
    phase = view.phase
    if phase is Phase.EXCHANGE or view.turned.rank == Rank.SIX:
        return (None, None)
    if view.swapped_by == first:
        return replace_at((None, None), first, True)
    if phase is Phase.SWAP_TRUMP_SIX and view.to_act == first:
        return (None, None)
    decisions = replace_at((None, None), first, False)
    if phase is Phase.SWAP_TRUMP_SIX:
        return decisions
    return replace_at(decisions, view.dealer, view.swapped_by == view.dealer)


@functools.lru_cache(maxsize=16)
def _cached_sampler(view: Observation) -> sampling.HandSampler:
    # A search determinises one view again and again; counting its deals is the costly part.
    return hand_sampler(view)


def determinize(view: Observation, rng: random.Random, sampler: sampling.HandSampler | None = None) -> State:
    """A state that ``view`` could come from: the other hand, the extras and the talon drawn by
    :func:`sample_hidden`, a fresh seed for the rounds to come. ``observe(state, view.seat) ==
    view``.

    >>> view = observe(new_game(seed=3), 1)
    >>> observe(determinize(view, random.Random(0)), 1) == view
    True
    """
    hidden = sample_hidden(view, rng, sampler=sampler or _cached_sampler(view))
    playing = view.phase is not Phase.EXCHANGE and view.phase is not Phase.SWAP_TRUMP_SIX
    hands = hidden.hands
    if playing:
        hands = tuple(hand | sampling.played_by(view, seat) for seat, hand in enumerate(hands))
    rules = view.rules
    setting = build_setting(
        rules=rules, seed=rng.randrange(guards.SEED_LIMIT), round_number=view.round_number, dealer=view.dealer,
        phase=view.phase, hands=hands, extras=hidden.extras, talon=hidden.talon, turned=view.turned,
        exchanges=view.exchanges, swaps=_swaps_seen(view), scores=view.scores, pommes=view.pommes,
        history=view.history, winner=view.winner,
    )
    if not playing:
        return build_state(setting, None)
    setup = CardPlay.start(view.trump, hands, 1 - view.dealer, rules.play_rules,
                           rules.trump_jack_points).setup
    leader = view.trick_leader if view.trick_leader is not None else 1 - view.dealer
    return build_state(setting, CardPlay.from_parts(setup, hidden.hands, leader, view.trick, view.tricks))


def _values(totals: Sequence[int], rules: Rules) -> tuple[float, ...]:
    """What a round's totals give each seat: its game points (+1, a pomme -1) less the other's,
    and a little for the card points, which decide nothing but rank the rest."""
    won, pommes = outcome(totals, rules)
    game = [won[seat] - pommes[seat] for seat in range(SEATS)]
    return tuple(game[seat] - game[1 - seat] + (totals[seat] - totals[1 - seat]) / 400 for seat in range(SEATS))


def round_values(state: State) -> tuple[float, ...] | None:
    """What the round in play gave each seat once it is over: its game points (+1, a pomme -1)
    less the other's, and a little for the card points, which decide nothing but rank the
    rest; ``None`` while it goes on."""
    phase = state.setting.phase
    if phase is Phase.ROUND_OVER or phase is Phase.GAME_OVER:
        return _values(state.history[-1].totals, state.setting.rules)
    return None


def _playout(state: State, rng: random.Random) -> tuple[float, ...]:
    """The round played to its end: random decisions through :func:`apply` up to the first
    card, then random legal cards on raw ints."""
    while state.setting.phase is Phase.EXCHANGE or state.setting.phase is Phase.SWAP_TRUMP_SIX:
        moves = legal_moves(state)
        state = apply(state, moves[int(rng.random() * len(moves))])
    done = round_values(state)
    if done is not None:
        return done
    play = state.play
    assert play is not None
    rules = state.setting.rules
    outcome = play_cards(
        [play.hand(seat).bits for seat in range(SEATS)], int(play.trump), play.leader, rng,
        trick=[card.index for card in play.trick], rules=rules.play_rules, trump_jack_points=rules.trump_jack_points,
    )
    taken = play.points()
    return _values((taken[0] + outcome.points[0], taken[1] + outcome.points[1]), rules)


#: What the bots need of la pomme (:class:`~jass.variant.AIHooks`).
AI: Final[AIHooks[State, Move, Observation]] = AIHooks(
    rule_move=_rule_move,
    simple_move=_simple_move,
    search=SearchHooks(determinize=determinize, round_values=round_values, playout=_playout, scale=1.0),
)
