"""Schieber properties: random legal complete games under every preset and both end modes.

Hypothesis chooses the game's seed and the seed of a ``random.Random`` that picks among
``legal_moves`` at every step; after **every** step the invariants of the issue are checked:

1. every finished round's trick points are 157 (157 + match bonus with a match) before Weis,
   Stöck and multiplier, and the written score grows by the round's breakdown;
2. the 36 cards are conserved (hands as dealt, hands in play, tricks and the trick in progress);
3. exactly one seat is to act until the game is over, none after;
4. ``legal_moves`` is non-empty until then, empty after;
5. ``apply`` never mutates its input;
6. a random illegal move raises ``IllegalMoveError`` and changes nothing;
7. ``observe`` for a seat is the same for two states that differ only in the other hands;

and at the end of each game:

8. replaying the move list from the same seed gives an equal final state;
9. the game ended as section 3 says: a correct «Mer bedanked eus!» wins and a wrong one loses for
   the team that has just won a trick, a target game is won by a team over the target (the team
   of the last trick first when both are over at the end of a round, in claim mode), a game of
   fixed rounds by the higher score (or nobody).
"""

from __future__ import annotations

import pickle
import random

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import strategies as js
from jass import Card, CardSet, Trump, schieber
from jass.cards import FULL_DECK
from jass.errors import IllegalMoveError
from jass.schieber import (
    Announce,
    ChooseTrump,
    ClaimBy,
    Deal,
    DeclareWeis,
    EndMode,
    GameEnd,
    Move,
    Phase,
    PlayCard,
    Push,
    Rules,
    State,
)
from jass.weis import WeisRules, detect_weis

ALL_BITS = (1 << 36) - 1
assert FULL_DECK.bits == ALL_BITS

#: Every preset, and the presets played to a target in both end modes.
PRESETS: dict[str, Rules] = {
    "seed-claim": Rules.seed(),
    "seed-auto": attrs.evolve(Rules.seed(), end_mode=EndMode.AUTO),
    "swisslos-auto": Rules.swisslos(),
    "swisslos-claim": attrs.evolve(Rules.swisslos(), end_mode=EndMode.CLAIM),
    "flat-auto": Rules.flat(),
    "flat-claim": attrs.evolve(Rules.flat(), end_mode=EndMode.CLAIM),
    "tournament": Rules.tournament(),
    "romandie": Rules.romandie(),
    "pique-double": Rules.pique_double(),
    "stoeck-claim": Rules(stoeck_claim=True, claim_by=ClaimBy.ANY_TEAM),
}

#: Moves that need no state to build: a random one of them that ``legal_moves`` does not list
#: must be refused.
PLAIN_MOVES: list[Move] = [
    *(ChooseTrump(t) for t in Trump), Push(), Announce(), Deal(), *(PlayCard(c) for c in Card),
]


def choose_move(rng: random.Random, state: State, moves: tuple[Move, ...]) -> Move:
    """A random legal move. Going out is said mostly when it is right (else a random
    announcement would end nearly every claim-mode game in its first rounds)."""
    if Announce() in moves:
        seat = schieber.to_act(state)
        target = state.rules.target_score
        assert seat is not None and target is not None
        right = schieber.totals(state)[seat % 2] >= target
        if rng.random() < (0.25 if right else 0.005):
            return Announce()
        moves = tuple(m for m in moves if not isinstance(m, Announce))
    return rng.choice(moves)


# --- the invariants ---------------------------------------------------------------------------


def check_cards_conserved(state: State) -> None:
    """Invariant 2: the deal is a partition of the 36 cards; in play, the hands, the tricks and
    the trick in progress hold each card exactly once, and every hand is part of its deal."""
    assert len(state.dealt) == 4 and all(len(h) == 9 for h in state.dealt)
    union = 0
    for hand in state.dealt:
        assert not union & hand.bits
        union |= hand.bits
    assert union == ALL_BITS
    play = state.play
    if state.phase is Phase.CHOOSE_TRUMP:
        assert play is None
        return
    assert play is not None
    seen = 0
    count = 0
    for seat, hand in enumerate(play.hands):
        assert hand <= state.dealt[seat]
        seen |= hand.bits
        count += len(hand)
    for trick in play.tricks:
        assert len(trick.cards) == 4
        for position, card in enumerate(trick.cards):
            assert card in state.dealt[(trick.leader + position) % 4]
    for card in [c for t in play.tricks for c in t.cards] + list(play.trick):
        assert not seen >> card.index & 1
        seen |= card.bit
        count += 1
    assert seen == ALL_BITS and count == 36


def check_one_seat_to_act(state: State, moves: tuple[Move, ...]) -> None:
    """Invariants 3 and 4: one seat to act and some legal move until the game is over."""
    seat = schieber.to_act(state)
    if schieber.is_over(state):
        assert state.phase is Phase.GAME_OVER
        assert seat is None and moves == ()
        return
    assert seat in (0, 1, 2, 3)
    assert moves, state
    assert len(set(moves)) == len(moves)
    if state.phase is Phase.PLAY:
        assert state.play is not None and seat == state.play.to_play
    acting = [s for s in range(4) if schieber.observe(state, s).legal_moves]
    assert acting == [seat]


def check_round_points(before: State, after: State) -> None:
    """Invariant 1: a finished round has 157 trick points (plus the match bonus with a match)
    before Weis, Stöck and the multiplier; the written score grows by the breakdown."""
    if len(after.history) == len(before.history):
        return
    assert len(after.history) == len(before.history) + 1
    score = after.history[-1]
    assert schieber.score_round(after) == score
    play = after.play
    assert play is not None
    rules = after.rules
    assert all(t.multiplier == rules.multiplier(score.trump) for t in score.teams)
    assert score.totals == (after.scores[0] - before.scores[0], after.scores[1] - before.scores[1])
    teams = score.teams
    taken = [sum(1 for t in play.tricks if t.winner % 2 == team) for team in (0, 1)]
    assert [t.cards for t in teams] == [
        sum(t.points for t in play.tricks if t.winner % 2 == team) for team in (0, 1)
    ]
    if not play.is_done:  # the game ended in the middle of the round
        assert after.phase is Phase.GAME_OVER
        assert teams[0].last_trick == teams[1].last_trick == 0
        assert teams[0].match == teams[1].match == 0
        return
    trick_points = sum(t.cards + t.last_trick + t.match for t in teams)
    assert sum(t.cards for t in teams) == 152
    assert teams[play.tricks[-1].winner % 2].last_trick == 5
    if 9 in taken:
        assert trick_points == 157 + rules.match_bonus
        assert teams[taken.index(9)].match == rules.match_bonus
    else:
        assert trick_points == 157
    for team in teams:  # the multiplier is on everything
        assert team.total == team.multiplier * (
            team.cards + team.last_trick + team.match + team.weis + team.stoeck
        )


def check_illegal_move(state: State, moves: tuple[Move, ...], rng: random.Random) -> None:
    """Invariant 6: a random move that is not legal raises IllegalMoveError; nothing changes."""
    candidates: list[Move] = [m for m in PLAIN_MOVES if m not in moves]
    if state.phase is Phase.PLAY:
        # Weis of another seat (or of this seat, once declaring is over) are not legal.
        for hand in state.dealt:
            candidates.extend(
                m for w in detect_weis(hand, state.rules.weis or WeisRules())
                if (m := DeclareWeis(w)) not in moves
            )
    move = rng.choice(candidates)
    before = pickle.dumps(state)
    with pytest.raises(IllegalMoveError):
        schieber.apply(state, move)
    assert pickle.dumps(state) == before


def swap_other_hands(state: State, seat: int, rng: random.Random) -> State | None:
    """``state`` with one unplayed card of each of two other seats exchanged (in the hands in
    play and in the hands as dealt), or ``None`` when there is nothing to exchange."""
    held = state.play.hands if state.play is not None and state.phase is not Phase.CHOOSE_TRUMP \
        else state.dealt
    others = [s for s in range(4) if s != seat and held[s]]
    if len(others) < 2:
        return None
    a, b = rng.sample(others, 2)
    card_a = rng.choice(sorted(held[a]))
    card_b = rng.choice(sorted(held[b]))

    def swapped(hands: tuple[CardSet, ...]) -> tuple[CardSet, ...]:
        result = list(hands)
        result[a] = (hands[a] - {card_a}) | {card_b}
        result[b] = (hands[b] - {card_b}) | {card_a}
        return tuple(result)

    dealt = swapped(state.dealt)
    weis = state.rules.weis
    if weis is not None and state.rules.auto_declare and state.play is not None and state.play.tricks:
        # With auto_declare, the Weis of every hand are public after trick 1: exchanging cards
        # that change a Weis changes public information, so such an exchange is no test.
        if any(detect_weis(dealt[s], weis) != detect_weis(state.dealt[s], weis) for s in (a, b)):
            return None
    if state.play is None:
        return state.replace(dealt=dealt)
    play = state.play
    if state.phase is not Phase.CHOOSE_TRUMP:
        play = play.with_hands(swapped(play.hands))
    return state.replace(dealt=dealt, play=play)


def check_observe_hides_other_hands(state: State, rng: random.Random) -> None:
    """Invariant 7: what a seat observes does not depend on the other seats' hands."""
    seat = rng.randrange(4)
    other = swap_other_hands(state, seat, rng)
    if other is None:
        return
    assert other != state
    assert schieber.observe(other, seat) == schieber.observe(state, seat)


def check_game_end(state: State) -> None:
    """The end of a game follows section 3 "going out" and "counting order"."""
    rules = state.rules
    play = state.play
    assert play is not None and state.winner in (0, 1, None)
    target = rules.target_score
    if state.end is GameEnd.ROUNDS_PLAYED:
        assert rules.rounds == len(state.history) and play.is_done
        assert state.winner == (None if state.scores[0] == state.scores[1]
                                else int(state.scores[1] > state.scores[0]))
        return
    assert target is not None and state.winner is not None
    if state.end in (GameEnd.CLAIM_CORRECT, GameEnd.CLAIM_WRONG):
        assert rules.end_mode is EndMode.CLAIM and play.to_play is not None
        announcer = play.to_play % 2  # the seat to act said it
        if rules.claim_by is ClaimBy.TRICK_WINNER:
            # the team that has just won a trick, before leading
            assert not play.trick and play.tricks and announcer == play.tricks[-1].winner % 2
        correct = state.end is GameEnd.CLAIM_CORRECT
        assert state.winner == (announcer if correct else 1 - announcer)
        assert (state.scores[announcer] >= target) == correct
        return
    assert state.end is GameEnd.TARGET_REACHED
    assert state.scores[state.winner] >= target
    if rules.end_mode is EndMode.CLAIM and len(play.tricks) > 1:
        # Claim mode ends by itself only at the end of a round (or in trick 1, both over):
        # the team of the last trick counts first.
        assert play.is_done
        if min(state.scores) >= target:
            assert state.winner == play.tricks[-1].winner % 2
        else:
            assert state.scores[1 - state.winner] < target


# --- the driver --------------------------------------------------------------------------------


def play_checked(rules: Rules, seed: int, policy_seed: int) -> State:
    """Play a random legal game, checking invariants 1-7 after every step, 8 and 9 at the end."""
    rng = random.Random(policy_seed)
    state = schieber.new_game(rules, seed=seed)
    history: list[Move] = []
    for _ in range(5000):
        moves = schieber.legal_moves(state)
        check_cards_conserved(state)
        check_one_seat_to_act(state, moves)
        check_observe_hides_other_hands(state, rng)
        if not moves:
            break
        check_illegal_move(state, moves, rng)
        move = choose_move(rng, state, moves)
        snapshot = pickle.dumps(state)
        after = schieber.apply(state, move)
        assert pickle.dumps(state) == snapshot  # invariant 5
        check_round_points(state, after)
        history.append(move)
        state = after
    assert schieber.is_over(state), "no end after 5000 moves"
    check_game_end(state)
    # Invariant 8: the same seed and moves give an equal final state.
    replay = schieber.new_game(rules, seed=seed)
    for move in history:
        replay = schieber.apply(replay, move)
    assert replay == state
    return state


GAMES = st.integers(min_value=0, max_value=2**64 - 1)


@pytest.mark.parametrize("preset", sorted(PRESETS))
@settings(max_examples=6)
@given(seed=GAMES, policy_seed=st.integers(min_value=0, max_value=2**32))
def test_random_games_under_every_preset(preset: str, seed: int, policy_seed: int) -> None:
    """Invariants 1-9 in random complete games of every preset, in both end modes."""
    rules = PRESETS[preset]
    state = play_checked(rules, seed, policy_seed)
    if rules.rounds is not None:
        assert len(state.history) == rules.rounds
        assert state.winner == (None if state.scores[0] == state.scores[1]
                                else int(state.scores[1] > state.scores[0]))
    else:
        assert state.winner in (0, 1)


@settings(max_examples=25)
@given(rules=js.schieber_rules(), seed=GAMES, policy_seed=st.integers(min_value=0, max_value=2**32))
def test_random_games_under_random_options(rules: Rules, seed: int, policy_seed: int) -> None:
    """Invariants 1-9 with every option drawn at random (push-back, auto_declare, match bonus,
    first dealer, Weis and play options, end mode, target or rounds)."""
    play_checked(rules, seed, policy_seed)


@settings(max_examples=30)
@given(state=js.schieber_states(), data=st.data())
def test_illegal_moves_on_reached_states(state: State, data: st.DataObject) -> None:
    """Invariant 6 on states reached by random play: every move outside ``legal_moves`` raises,
    and every move inside it is accepted."""
    moves = schieber.legal_moves(state)
    for move in PLAIN_MOVES:
        before = pickle.dumps(state)
        if move in moves:
            schieber.apply(state, move)
        else:
            with pytest.raises(IllegalMoveError):
                schieber.apply(state, move)
        assert pickle.dumps(state) == before
    check_observe_hides_other_hands(state, random.Random(data.draw(st.integers(0, 2**32))))
