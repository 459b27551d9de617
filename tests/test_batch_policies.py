"""The vector environments' opponents (:mod:`jass.batch.policies`, each engine's ``greedy``): the
greedy heuristic's cards in positions worked out by hand, and the same choices as the simple
rule bot it follows, for every variant with a batch engine."""

from __future__ import annotations

import random
from typing import Any

import attrs
import numpy as np
import pytest

batch_policies = pytest.importorskip("jass.batch.policies", reason="the optional extra jass[batch] is not installed")

from jass import PlayRules, Trump, differenzler, pomme, schieber  # noqa: E402
from jass.ai.bots import SimpleRuleBot  # noqa: E402
from jass.batch.cardplay import ROW, PlayTables  # noqa: E402
from jass.cards import Card, CardSet  # noqa: E402
from jass.rl import encoding_of  # noqa: E402
from jass.rl.vector import batch_engine  # noqa: E402
from jass.trump import TRICK_KEYS, point_table  # noqa: E402

greedy_cards = batch_policies.greedy_cards


def decide(mode: str, trick: str, cards: str, *, partner_winning: bool = False, seats: int = 4) -> str:
    """The heuristic's card among ``cards`` (those it may play) after ``trick`` (led first)."""
    trump = Trump.parse(mode)
    played = [Card.parse(c) for c in trick.split()]
    offered = np.zeros((1, 36), dtype=bool)
    offered[0, [card.index for card in CardSet.parse(cards)]] = True
    led = played[0].suit if played else 0
    keys = TRICK_KEYS[int(trump)][int(led)]
    best = max((keys[c.index] for c in played), default=-2)
    stake = sum(point_table(trump)[c.index] for c in played)
    chosen = greedy_cards(
        PlayTables.of(PlayRules()), offered, np.array([int(trump)]), np.array([(int(trump) * 4 + int(led)) * ROW]),
        np.array([best]), np.array([stake]), np.array([not played]), np.array([len(played) == seats - 1]),
        np.array([partner_winning]),
    )
    return Card.from_index(int(chosen[0])).name


@pytest.mark.parametrize(
    ("rule", "mode", "trick", "cards", "partner", "expected"),
    [
        ("lead a card nothing beats: an Ace in Obenabe", "obenabe", "", "H6 HA SK", False, "HA"),
        ("lead a card nothing beats: the trump Jack", "C", "", "CJ HA S6", False, "CJ"),
        ("lead the cheapest card otherwise (points, then strength)", "C", "", "C6 HK S10", False, "C6"),
        ("lead a 6 in Undenufe: nothing beats it", "undenufe", "", "S6 HA D10", False, "S6"),
        ("give a winning partner the most points, no trump", "C", "HA H6", "H10 HK CJ", True, "H10"),
        ("give a winning partner a trump only when all are trumps", "C", "HA H6", "CA C6", True, "CA"),
        ("take a trick worth 10 with the cheapest winner", "C", "H10", "HA HK C6", False, "C6"),
        ("leave a trick worth less than 10 to later seats", "C", "H6", "HA H7", False, "H7"),
        ("the last card takes any trick it can, cheaply", "C", "H6 H7 H8", "H9 HA", False, "H9"),
        ("nothing wins: throw the cheapest card", "obenabe", "HA HK", "H6 H10", False, "H6"),
    ],
)
def test_the_greedy_heuristic_by_hand(rule: str, mode: str, trick: str, cards: str, partner: bool,
                                      expected: str) -> None:
    assert decide(mode, trick, cards, partner_winning=partner) == expected, rule


def _positions(variant: Any, rules: Any, phases: tuple[Any, ...], count: int) -> list[Any]:
    """Positions of random play in ``phases``, each with the seat to act about to choose."""
    rng = random.Random(7)
    found: list[Any] = []
    seed = 0
    while len(found) < count:
        seed += 1
        state = variant.new_game(rules, seed=seed)
        while state.phase not in phases:  # la pomme's exchange: keep, no swap (the first move)
            state = variant.apply(state, variant.legal_moves(state)[0])
        for _ in range(rng.randrange(0, 40)):
            if variant.to_act(state) is None or state.phase not in phases:
                break
            state = variant.apply(state, rng.choice(variant.legal_moves(state)))
        if variant.to_act(state) is not None and state.phase in phases:
            found.append(state)
    return found


@pytest.mark.parametrize(
    ("name", "rules", "phases"),
    [
        ("schieber", attrs.evolve(schieber.Rules.tournament(1), auto_declare=True),
         (schieber.Phase.CHOOSE_TRUMP, schieber.Phase.PLAY)),
        ("differenzler", differenzler.Rules(rounds=1), (differenzler.Phase.PREDICT, differenzler.Phase.PLAY)),
        ("pomme", pomme.Rules(), (pomme.Phase.PLAY,)),
    ],
)
def test_the_greedy_heuristic_chooses_as_the_simple_rule_bot(name: str, rules: Any, phases: tuple[Any, ...]) -> None:
    """In every position the numpy heuristic picks the move the (simple) rule bot picks: its trump
    mode or push, its prediction, its card."""
    from jass.variant import find_variant

    variant = find_variant(name)
    engine = batch_engine(variant)
    encoding = encoding_of(variant)
    module = __import__(f"jass.{name}.batch", fromlist=["from_state"])
    states = _positions(variant, rules, phases, 120)
    batch = module.from_states(states) if name == "schieber" else None
    for i, state in enumerate(states):
        single = module.from_state(state) if batch is None else None
        part = single if single is not None else batch
        row = 0 if single is not None else i
        mask = engine.mask(part)
        chosen = int(engine.greedy(part, mask)[row])
        seat = variant.to_act(state)
        view = variant.observe(state, seat)
        expected = SimpleRuleBot().choose(view, variant.legal_moves(state))
        assert chosen == encoding.action_of(view, expected), (state, expected)
