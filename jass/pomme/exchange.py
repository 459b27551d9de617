"""La pomme's exchange: each player keeps their nine cards or exchanges exactly three for their
extras (the non-dealer first), then the holder of the trump 6 may swap it for the turned card.
"""

from __future__ import annotations

import functools
import itertools

from jass.cards import CardSet, Rank
from jass.play import CardPlay
from jass.pomme.moves import KEEP, Exchange, KeepHand, Move, SwapTrumpSix
from jass.pomme.state import PLAY, SWAP_TRUMP_SIX, State
from jass.variant.state import changed, replace_at


# Bounded: a bot asks for the same hand's 85 moves again and again, a random game never.
@functools.lru_cache(maxsize=128)
def exchange_options(hand_bits: int) -> tuple[Move, ...]:
    """Keep, or give away any 3 of the hand's cards: the legal moves of the exchange."""
    cards = list(CardSet.from_bits(hand_bits))
    return (KEEP,) + tuple(Exchange(CardSet(trio)) for trio in itertools.combinations(cards, 3))


def is_exchange_option(move: object, hand_bits: int) -> bool:
    """Whether ``move`` is among :func:`exchange_options` of the hand, without building them:
    keeping, or 3 cards of the hand (an ``Exchange`` holds exactly 3, checked when built)."""
    return type(move) is KeepHand or (type(move) is Exchange and not move.cards._bits & ~hand_bits)


def decider(decisions: tuple[bool | None, ...], dealer: int) -> int:
    """The seat whose decision is due: the non-dealer first, then the dealer."""
    return 1 - dealer if decisions[1 - dealer] is None else dealer


def exchange(state: State, move: Move) -> State:
    setting = state.setting
    seat = decider(setting.exchanges, setting.dealer)
    hand = setting.hands[seat]
    if type(move) is Exchange:
        new_hand, decision = (hand - move.cards) | setting.extras[seat], True
    else:
        new_hand, decision = hand, False
    hands = replace_at(setting.hands, seat, new_hand)
    extras = replace_at(setting.extras, seat, CardSet())
    exchanges = replace_at(setting.exchanges, seat, decision)
    done = changed(state, hands=hands, extras=extras, exchanges=exchanges)
    if seat != setting.dealer:
        return done  # the dealer decides next
    if setting.turned.rank == Rank.SIX:
        return start_play(done)  # nobody can hold the trump 6: no swap
    return changed(done, phase=SWAP_TRUMP_SIX)


def swap(state: State, move: Move) -> State:
    setting = state.setting
    seat = decider(setting.swaps, setting.dealer)
    if type(move) is SwapTrumpSix:
        new_hand = CardSet.from_bits(setting.hands[seat].bits & ~state.trump_six.bit | setting.turned.bit)
        return start_play(changed(state, hands=replace_at(setting.hands, seat, new_hand),
                                   swaps=replace_at(setting.swaps, seat, True)))
    done = changed(state, swaps=replace_at(setting.swaps, seat, False))
    if seat != setting.dealer:
        return done  # the dealer is asked next
    return start_play(done)


def start_play(state: State) -> State:
    rules = state.rules
    play = CardPlay.start(state.trump, state.hands, state.non_dealer, rules.play_rules, rules.trump_jack_points)
    return changed(state, play, phase=PLAY)
