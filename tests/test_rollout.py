"""The fast rollout path (the play-outs of :mod:`jass.tricks`, :func:`jass.schieber.rollout`) gives exactly what the public API gives for the
same random choices: the same cards in the same order, the same round score, and the same
number of draws from the random source."""

from __future__ import annotations

import random

import attrs
import pytest

from jass import CardSet, PlayRules, Trump, Undertrump, WeisRules, schieber
from jass.errors import JassError
from jass.play import PlayCard
from jass.tricks import play_cards, random_deal
from jass.schieber import rollout as schieber_rollout

RULES: dict[str, schieber.Rules] = {
    "seed": schieber.Rules.seed(),
    "auto-declare": schieber.Rules(auto_declare=True, match_bonus=150),
    "swisslos": schieber.Rules.swisslos(),
    "undertrump-allowed-no-bauer-exception": schieber.Rules(
        play=PlayRules(bauer_exception=False, undertrump=Undertrump.ALLOWED), auto_declare=True
    ),
    "no-cross-weis": schieber.Rules(weis=WeisRules(cross_weis=False, low_quartets=True), auto_declare=True),
}


def public_rollout(state: schieber.State, rng: random.Random) -> tuple[schieber.RoundScore, list[int]]:
    """The rollout's choices made through ``legal_moves`` and ``apply``: a random mode (no
    push), then random legal cards (no Weis declared, no "genug") to the round's last card."""
    played: list[int] = []
    if state.phase is schieber.Phase.CHOOSE_TRUMP:
        modes = [m for m in schieber.legal_moves(state) if isinstance(m, schieber.ChooseTrump)]
        state = schieber.apply(state, modes[int(rng.random() * len(modes))])
    assert state.play is not None
    while not state.play.is_done:
        cards = [m for m in schieber.legal_moves(state) if isinstance(m, PlayCard)]
        move = cards[int(rng.random() * len(cards))]
        played.append(move.card.index)
        state = schieber.apply(state, move)
        assert state.play is not None
    return schieber.score_round(state), played


def start_states(rules: schieber.Rules, seed: int) -> list[schieber.State]:
    """A new round, and the same round in play: after a declaration, mid-trick, mid-round."""
    rng = random.Random(seed)
    state = schieber.new_game(rules, seed=seed)
    states = [state]
    state = schieber.apply(state, schieber.ChooseTrump(Trump(seed % 6)))
    moves = schieber.legal_moves(state)
    declare = [m for m in moves if isinstance(m, schieber.DeclareWeis)]
    if declare:
        state = schieber.apply(state, declare[0])
    states.append(state)
    for cards in (2, 15):
        for _ in range(cards):
            state = schieber.apply(state, rng.choice([m for m in schieber.legal_moves(state) if isinstance(m, PlayCard)]))
        states.append(state)
    return states


@pytest.mark.parametrize("name", list(RULES))
def test_rollout_repeats_the_public_api(name: str) -> None:
    rules = RULES[name]
    for seed in range(40):
        for number, start in enumerate(start_states(rules, seed)):
            public, fast = random.Random(seed * 10 + number), random.Random(seed * 10 + number)
            expected, cards = public_rollout(start, public)
            played: list[int] = []
            if start.phase is schieber.Phase.PLAY:
                assert start.play is not None
                hands = [hand.bits for hand in start.play.hands]
                trick = [card.index for card in start.play.trick]
                play_cards(hands, start.play.trump, start.play.leader, fast, trick=trick, rules=rules.play,
                           played=played)
                assert played == cards
                fast = random.Random(seed * 10 + number)
            assert schieber_rollout(start, fast) == expected
            assert fast.random() == public.random()  # as many draws on both paths


def test_every_mode_and_a_match() -> None:
    """All six modes are reached from the choice, and a match (nine tricks to one team) counts
    its bonus: the deal gives seat 0 every trump and Ace it can."""
    seen = set()
    for seed in range(60):
        state = schieber.new_game(schieber.Rules(first_dealer=3), seed=seed)
        score = schieber_rollout(state, random.Random(seed))
        seen.add(score.trump)
        assert score == public_rollout(state, random.Random(seed))[0]
    assert seen == set(Trump)
    strong = ("CJ C9 CA CK CQ C10 C8 C7 C6", "SA SK SQ SJ S10 S9 S8 S7 S6",
              "HA HK HQ HJ H10 H9 H8 H7 H6", "DA DK DQ DJ D10 D9 D8 D7 D6")
    state = schieber.new_game(schieber.Rules(first_dealer=3), seed=1, deal=[CardSet.parse(h) for h in strong])
    state = schieber.apply(state, schieber.ChooseTrump(Trump.EICHELN))
    score = schieber_rollout(state, random.Random(0))
    assert score.teams[0].match == 100 and score.teams[0].cards == 152
    assert score == public_rollout(state, random.Random(0))[0]


def test_random_deal_and_play_cards() -> None:
    rng = random.Random(4)
    for seats, each in ((4, 9), (3, 12), (2, 9)):
        hands = random_deal(rng, seats, each)
        assert [bin(hand).count("1") for hand in hands] == [each] * seats
        union = 0
        for hand in hands:
            assert not union & hand
            union |= hand
        outcome = play_cards(hands, Trump.SCHILTEN, 0, rng, rules=PlayRules(bauer_exception=False), trump_jack_points=21)
        assert sum(outcome.tricks) == each and outcome.tricks[outcome.last] >= 1
        if seats * each == 36:
            assert union == 2**36 - 1 and sum(outcome.points) == 153 + 5


def test_rollout_refuses_other_phases() -> None:
    state = schieber.new_game(schieber.Rules.tournament(1), seed=2)
    while not schieber.is_over(state):
        state = schieber.apply(state, schieber.legal_moves(state)[0])
    with pytest.raises(JassError, match="phase game_over"):
        schieber_rollout(state, random.Random(1))
    with pytest.raises(JassError, match="not a state of schieber"):
        schieber_rollout(attrs.evolve, random.Random(1))  # type: ignore[arg-type]
    assert schieber_rollout(schieber.new_game(seed=3)).trump in set(Trump)  # a fresh random source
