"""The Blinde and the trump 6: who is asked, in which order, and what taking the Blinde or robbing
the turned card does. The phase of a round before play follows from the decisions made so far
(:func:`due`), so the moves, the loader and a search's determinisation read one rule.
"""

from __future__ import annotations

from jass.cards import CardSet, Rank
from jass.handjass.moves import Move, Rob, TakeBlinde
from jass.handjass.rules import SEATS, Rules
from jass.handjass.state import BLINDE, PLAY, ROB, Phase, State, top_card_of
from jass.play import CardPlay
from jass.trump import DEFAULT_TRUMP_JACK_POINTS, Trump
from jass.variant.state import changed, replace_at

__all__ = ["due", "asked"]


def asked(takes: tuple[bool | None, ...], robs: tuple[bool | None, ...], dealer: int, six_turned: bool,
          rules: Rules) -> list[tuple[Phase, int]]:
    """Every decision asked for so far, in the round's order; the one due now, if any, last.

    jassonkel.ch: ««Vorhand» erklärt zuerst [...] Verzichtet «Vorhand» auf den Umtausch, so hat der
    folgende Spieler dieses Recht»; the trump 6 robs after (or, with ``rob_before_exchange``,
    before) the Blinde, not when the turned card is the 6, nor once the Blinde with its turned
    card went to a player (no source lets the 6 rob a card from a hand)."""
    rob_first = rules.rob_before_exchange
    stages = (ROB, BLINDE) if rob_first else (BLINDE, ROB)
    done: list[tuple[Phase, int]] = []
    for stage in stages:
        if stage is ROB and (six_turned or (not rob_first and True in takes)):
            continue
        decisions = robs if stage is ROB else takes
        for k in range(1, SEATS + 1):
            seat = (dealer + k) % SEATS
            done.append((stage, seat))
            if decisions[seat] is None:
                return done
            if decisions[seat]:
                break
    return done


def due(takes: tuple[bool | None, ...], robs: tuple[bool | None, ...], dealer: int, six_turned: bool,
        rules: Rules) -> tuple[Phase, int | None]:
    """The stage of the round before play and the seat to decide, from the decisions so far;
    ``(PLAY, None)`` once every decision is made.

    >>> due((False, None, None), (None, None, None), 2, False, Rules())  # Vorhand 0 kept his hand
    (Phase.BLINDE, 1)
    """
    done = asked(takes, robs, dealer, six_turned, rules)
    if done:
        stage, seat = done[-1]
        if (robs if stage is ROB else takes)[seat] is None:
            return stage, seat
    return PLAY, None


def due_of(state: State) -> tuple[Phase, int | None]:
    """:func:`due` of a state."""
    setting = state.setting
    return due(setting.takes, setting.robs, setting.dealer, setting.turned.rank == Rank.SIX, setting.rules)


def decide(state: State, move: Move) -> State:
    """The state after the decision ``move`` (one of the legal moves) of the seat due."""
    setting = state.setting
    phase, seat = due_of(state)
    assert seat is not None
    hands = setting.hands
    if phase is BLINDE:
        took = type(move) is TakeBlinde
        takes = replace_at(setting.takes, seat, took)
        blinde = setting.blinde
        if took:  # the Blinde with its face-up top card for the hand, laid aside unseen
            top = top_card_of(setting.turned, setting.takes, setting.robs)
            assert top is not None
            hands = replace_at(hands, seat, blinde | {top})
            blinde = CardSet()
        done = changed(state, hands=hands, blinde=blinde, takes=takes)
    else:
        robbed = type(move) is Rob
        if robbed:
            hand = hands[seat]
            hands = replace_at(hands, seat, CardSet.from_bits(hand.bits & ~state.trump_six.bit | setting.turned.bit))
        done = changed(state, hands=hands, robs=replace_at(setting.robs, seat, robbed))
    phase, _ = due_of(done)
    return start_play(done) if phase is PLAY else changed(done, phase=phase)


def start_play(state: State) -> State:
    """The state whose card play starts: Vorhand leads."""
    rules = state.rules
    play = CardPlay.start(Trump(state.turned.suit.value), state.hands, state.vorhand, rules.play,
                          DEFAULT_TRUMP_JACK_POINTS)
    return changed(state, play, phase=PLAY)
