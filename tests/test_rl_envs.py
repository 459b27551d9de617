"""The environments for learning agents (:mod:`jass.rl.gymnasium`, :mod:`jass.rl.vector`):
Gymnasium's own checker, the vector environment in lockstep with the single-agent one (the
same masks and vectors, element for element, the same rewards), the rewards worked out from
the standings, the sensible moves, the curriculum of modes, and a policy as a bot."""

from __future__ import annotations

import warnings
from typing import Any

import attrs
import numpy as np
import pytest

gymnasium = pytest.importorskip("gymnasium", reason="the optional extra jass[rl] is not installed")

from gymnasium.utils.env_checker import check_env  # noqa: E402

from jass import differenzler, pomme, schieber  # noqa: E402
from jass.ai.tournament import play_game, run_arena  # noqa: E402
from jass.errors import IllegalMoveError, InvalidRulesError, JassError  # noqa: E402
from jass.rl.gymnasium import JassGymEnv  # noqa: E402
from jass.rl.policy import PolicyBot  # noqa: E402
from jass.rl.vector import JassVectorEnv  # noqa: E402
from jass.schieber import GameEnd  # noqa: E402
from jass.trump import Trump  # noqa: E402
from jass.variant import VARIANTS  # noqa: E402

#: The pomme ids of keeping the hand and declining the swap: the vector environment's card play
#: starts where both players kept their hands and nobody swapped.
POMME_KEEP, POMME_DECLINE = 36, 122


def pick(vector: np.ndarray, mask: np.ndarray) -> int:
    """A deterministic policy of the vector and the mask alone: one of the offered ids, chosen
    by the cards in hand (whole numbers in float32, so both environments agree exactly)."""
    offered = np.flatnonzero(mask)
    if len(mask) == 124 and mask[POMME_KEEP]:
        return POMME_KEEP
    if len(mask) == 124 and mask[POMME_DECLINE]:
        return POMME_DECLINE
    hand = int(vector[:36] @ np.arange(1, 37)) + int(vector[36:72] @ np.arange(1, 37))
    return int(offered[hand % len(offered)])


def pick_many(vectors: np.ndarray, masks: np.ndarray) -> np.ndarray:
    return np.array([pick(v, m) for v, m in zip(vectors, masks)], dtype=np.intp)


# --- Gymnasium's checker --------------------------------------------------------------------------


#: The library's variants (not the tests' own toy), from the registry: a new one is checked too.
LIBRARY = [name for name, variant in VARIANTS.items() if variant.module.startswith("jass.")]


@pytest.mark.parametrize("name", LIBRARY)
def test_gymnasium_check_env_passes(name: str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # check_env warns of what it does not like: none here
        check_env(gymnasium.make(f"jass/{name}-v0").unwrapped)
        check_env(gymnasium.make(f"jass/{name}-v0", opponents="random", observation="flat", learners=(1,)).unwrapped)


# --- the vector environment in lockstep with the single-agent one ----------------------------------

LOCKSTEP = [
    ("schieber", attrs.evolve(schieber.Rules.tournament(1), auto_declare=True), "round_margin"),
    ("schieber", attrs.evolve(schieber.Rules.swisslos(), target_score=None, rounds=1, auto_declare=True,
                              allow_push_back=True), "game"),
    ("schieber", attrs.evolve(schieber.Rules.tournament(1), weis=None), "round_margin"),
    ("differenzler", differenzler.Rules(rounds=1), "round_margin"),
    ("differenzler", differenzler.Rules(rounds=1, prediction_mode=differenzler.PredictionMode.OPEN, exact_bonus=10),
     "round_margin"),
    ("pomme", pomme.Rules(target_points=1), "round_margin"),
]


def _to_card_play(env: JassGymEnv, observation: np.ndarray) -> np.ndarray:
    """La pomme: play the exchange (keep, no swap) in the single-agent environment; the vector
    environment starts at the card play."""
    while env.state.phase is not pomme.Phase.PLAY:
        observation, *_ = env.step(pick(observation, env.action_masks()))
    return observation


@pytest.mark.parametrize(("name", "rules", "reward"), LOCKSTEP,
                         ids=["schieber", "schieber-swisslos-game", "schieber-no-weis", "differenzler",
                              "differenzler-open", "pomme"])
def test_the_vector_env_steps_in_lockstep_with_the_single_agent_env(name: str, rules: Any, reward: Any) -> None:
    """Rule "one rule, one place": N games in the vector environment and the same N games (their
    seeds) in the single-agent environment, every seat played by the same deterministic policy:
    at every step the vectors and masks are equal element for element, and so are the rewards and
    the ends of the games (and the last vectors, where the one-round game ended there too)."""
    n = 6
    vector_env = JassVectorEnv(name, n, opponents=pick_many, rules=rules, reward=reward, observation="flat", seat=1)
    vectors, _ = vector_env.reset(seed=11)
    singles = [JassGymEnv(name, opponents=PolicyBot(pick), learners=(1,), rules=rules, reward=reward,
                          observation="flat") for _ in range(n)]

    def start(i: int) -> np.ndarray:
        observation, _ = singles[i].reset(seed=int(vector_env.game_seeds[i]))
        return _to_card_play(singles[i], observation) if name == "pomme" else observation

    observations = [start(i) for i in range(n)]
    ended = compared_ends = 0
    for _ in range(60):
        masks = vector_env.action_masks()
        for i in range(n):
            np.testing.assert_array_equal(vectors[i], observations[i])
            np.testing.assert_array_equal(masks[i], singles[i].action_masks())
        actions = pick_many(vectors, masks)
        vectors, rewards, terminations, _, infos = vector_env.step(actions)
        for i in range(n):
            observations[i], reward_i, terminated, _, _ = singles[i].step(int(actions[i]))
            assert rewards[i] == pytest.approx(reward_i, abs=1e-12)
            if terminations[i]:
                ended += 1
                # A one-round game may go on in the scalar engine: a Differenzler tie for the
                # lowest penalty, a la pomme round that brings nobody to the target.
                if terminated:
                    compared_ends += 1
                    np.testing.assert_array_equal(infos["final_obs"][i], observations[i])
                observations[i] = start(i)
            else:
                assert not terminated
    assert ended >= n and compared_ends >= ended // 2


# --- rewards, sensible moves, curriculum ------------------------------------------------------------


def _play(env: JassGymEnv, seed: int, rng: np.random.Generator) -> tuple[float, dict[str, Any]]:
    """A game with uniformly random offered actions: the sum of the rewards, the last info."""
    _, info = env.reset(seed=seed)
    total, terminated = 0.0, False
    while not terminated:
        _, reward, terminated, _, info = env.step(int(rng.choice(np.flatnonzero(env.action_masks()))))
        total += reward
    return total, info


@pytest.mark.parametrize(("name", "rules", "scale"), [
    ("schieber", "tournament", 157), ("differenzler", None, 157), ("pomme", pomme.Rules(target_points=3), 2),
])
def test_round_margins_add_up_to_the_final_standings(name: str, rules: Any, scale: float) -> None:
    """The round margins of a game add up to the final margin of the standings: Schieber, own
    team less the other; Differenzler, the others' average penalty less the own (fewer is
    better); la pomme, own game points less the other's, over 2."""
    env = JassGymEnv(name, opponents="random", rules=rules)
    total, info = _play(env, 5, np.random.default_rng(5))
    standings = info["standings"]
    if name == "differenzler":
        expected = (sum(standings[1:]) / 3 - standings[0]) / scale
    else:
        expected = (standings[0] - standings[1]) / scale
    assert total == pytest.approx(expected)


def test_the_game_reward_is_the_return_at_the_end() -> None:
    env = JassGymEnv("pomme", opponents="rule", reward="game", rules=pomme.Rules(target_points=2))
    total, info = _play(env, 3, np.random.default_rng(3))
    assert total == (1.0 if info["winner"] == 0 else -1.0)


def test_a_random_agent_never_ends_a_default_game_by_a_wrong_claim() -> None:
    """Issue 27: a random agent on the default rules ended every game at once by going out
    («Mer bedanked eus!») short of the target. The sensible moves leave that claim out; with every legal move
    offered it stays possible."""
    rng = np.random.default_rng(1)
    env = JassGymEnv("schieber", opponents="random")
    for seed in range(2):
        _play(env, seed, rng)
        assert env.state.end is GameEnd.TARGET_REACHED or env.state.end is GameEnd.CLAIM_CORRECT
        assert max(schieber.standings(env.state)) >= 3000
    everything = JassGymEnv("schieber", opponents="random", moves="all")
    everything.reset(seed=0)
    claims = 0
    while not everything.state.phase is schieber.Phase.GAME_OVER:
        claims += bool(everything.action_masks()[43])
        everything.step(int(np.flatnonzero(everything.action_masks())[-1]))  # the highest id: the claim
    assert claims and everything.state.end is GameEnd.CLAIM_WRONG


def test_a_curriculum_of_modes_holds_for_every_seat() -> None:
    env = JassGymEnv("schieber", opponents="rule", rules="tournament", modes=["obenabe"])
    _play(env, 2, np.random.default_rng(2))
    assert {score.trump for score in env.state.history} == {Trump.OBENABE}
    env.reset(seed=2, options={"modes": ["undenufe", "S"]})
    assert set(env.modes or ()) == {Trump.UNDENUFE, Trump.ROSEN}
    vector_env = JassVectorEnv("schieber", 16, opponents="greedy", modes=["undenufe"])
    vector_env.reset(seed=1)
    for _ in range(15):
        vector_env.step(vector_env.action_masks().argmax(axis=1))
        trumps = vector_env._state.trump
        assert set(trumps[trumps >= 0].tolist()) <= {int(Trump.UNDENUFE)}
    with pytest.raises(JassError, match="trump is dealt"):
        JassGymEnv("differenzler", modes=["obenabe"])


def test_learning_seats_and_opponents_are_checked() -> None:
    with pytest.raises(JassError, match="one team"):
        JassGymEnv("schieber", learners=(0, 1))
    with pytest.raises(JassError, match="expected distinct seats"):
        JassGymEnv("schieber", learners=(0, 4))
    with pytest.raises(JassError, match="no bot called 'genius'"):
        JassGymEnv("schieber", opponents="genius")
    with pytest.raises(JassError, match=r"opponents\[0\]: seat 0 learns"):
        JassGymEnv("schieber", opponents=["rule"] * 4)
    with pytest.raises(JassError, match="choose one of round_margin, game"):
        JassGymEnv("schieber", reward="points")  # type: ignore[arg-type]
    with pytest.raises(InvalidRulesError, match="auto_declare"):
        JassVectorEnv("schieber", 4, rules="tournament")
    with pytest.raises(JassError, match="no batch engine"):
        JassVectorEnv("coiffeur", 4)
    both = JassGymEnv("schieber", learners=(0, 2), opponents=[None, "random", None, "rule"], rules="tournament")
    _, info = both.reset(seed=4)
    seats = set()
    for _ in range(30):
        seats.add(info["seat"])
        _, _, terminated, _, info = both.step(int(np.flatnonzero(both.action_masks())[0]))
        if terminated:
            break
    assert seats == {0, 2}


def test_an_action_not_offered_ends_the_episode_or_raises() -> None:
    env = JassGymEnv("schieber", rules="tournament")
    observation, _ = env.reset(seed=1)
    _, reward, terminated, _, info = env.step(44)  # dealing: never a choice of the agent
    assert (reward, terminated, info["illegal"]) == (-1.0, True, True)
    with pytest.raises(JassError, match="call reset"):
        env.step(36)
    strict = JassGymEnv("schieber", rules="tournament", illegal="raise")
    strict.reset(seed=1)
    offered = np.flatnonzero(strict.action_masks()).tolist()
    with pytest.raises(IllegalMoveError, match=rf"action 44 is not offered now: offered \{offered}"):
        strict.step(44)
    vector_env = JassVectorEnv("pomme", 4)
    vector_env.reset(seed=0)
    masks = vector_env.action_masks()
    actions = masks.argmax(axis=1)
    actions[2] = int(np.flatnonzero(~masks[2, :36])[0])
    _, rewards, terminations, _, infos = vector_env.step(actions)
    assert rewards[2] == -1.0 and terminations[2] and infos["illegal"].tolist() == [False, False, True, False]


def test_the_vector_env_resets_finished_games_and_is_reproducible() -> None:
    def run(seed: int) -> tuple[np.ndarray, float]:
        env = JassVectorEnv("differenzler", 32, opponents="random")
        observations, _ = env.reset(seed=seed)
        total, episodes = 0.0, 0
        for _ in range(40):
            observations, rewards, terminations, truncations, infos = env.step(env.action_masks().argmax(axis=1))
            assert not truncations.any() and observations["action_mask"].any(axis=1).all()
            if terminations.any():
                assert infos["_final_obs"].tolist() == terminations.tolist()
                assert not infos["final_obs"]["action_mask"][terminations].any()
            total += float(rewards.sum())
            episodes += int(terminations.sum())
        assert episodes >= 32
        return observations["observation"], total

    first, second = run(3), run(3)
    np.testing.assert_array_equal(first[0], second[0])
    assert first[1] == second[1]


def test_a_policy_plays_in_the_arena_and_as_a_frozen_opponent() -> None:
    """PolicyBot: a policy of the vector and the mask, never copied (one model for every seat)."""
    calls = []

    def lowest(vector: np.ndarray, mask: np.ndarray) -> int:
        calls.append(len(vector))
        return int(np.flatnonzero(mask)[0])

    bot = PolicyBot(lowest)
    report = run_arena("pomme", (bot, "random"), games=2, seed=1, rules=pomme.Rules(target_points=1))
    assert report.games == 2 and set(calls) == {283}
    env = JassGymEnv("schieber", opponents="random", rules="tournament")
    env.reset(seed=1, options={"opponents": bot})
    assert all(seat_bot is bot for seat_bot in env._bots.values())
    with pytest.raises(IllegalMoveError, match="not offered"):
        play_game("schieber", [PolicyBot(lambda o, m: 99)] * 4, rules=schieber.Rules.tournament(1))
