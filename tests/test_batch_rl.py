"""The batch engine for learning agents and search: the scalar encoding's observation vectors
and masks for N games at once, batches of different states, and play-outs from one view."""

from __future__ import annotations

import random

import attrs
import numpy as np
import pytest

from jass import schieber
from jass.rl import action_mask, encoding_of, observation_vector

batch = pytest.importorskip("jass.schieber.batch", reason="the optional extra jass[batch] is not installed")


@pytest.mark.parametrize(
    "rules",
    [
        attrs.evolve(schieber.Rules.tournament(1), auto_declare=True),
        schieber.Rules.tournament(1),
        attrs.evolve(schieber.Rules.tournament(1), auto_declare=True, allow_push_back=True),
        attrs.evolve(schieber.Rules.swisslos(), target_score=None, rounds=1, auto_declare=True),
    ],
    ids=["auto-declare", "no-weis", "push-back", "swisslos"],
)
def test_batch_observations_are_the_scalar_vectors(rules: schieber.Rules) -> None:
    """Games stepped in lockstep, scalar and batch, with the same action ids: at every step
    the batch's vector and mask of the seat to act equal the scalar encoding's."""
    seeds = list(range(40, 52))
    games = [schieber.new_game(rules, seed=seed) for seed in seeds]
    state = batch.init(seeds, rules=rules)
    rng = random.Random(1)
    encoding = encoding_of("schieber")
    steps = 0
    while not state.terminated.all():
        vectors = batch.observations(state)
        masks = batch.rl_action_mask(state)
        actions = []
        for i, game in enumerate(games):
            seat = schieber.to_act(game)
            if seat is None or schieber.is_over(game):
                actions.append(0)
                continue
            assert int(state.current_player[i]) == seat
            np.testing.assert_allclose(vectors[i], observation_vector("schieber", game, seat), atol=1e-6)
            mask = action_mask("schieber", game, seat)
            # Without auto_declare the scalar game also offers to declare (45); a batch round
            # has no declaring action, so nobody declares in either.
            assert masks[i].tolist()[:45] == [bool(m) for m in mask][:45] and not masks[i][45]
            action = rng.choice([a for a, ok in enumerate(mask) if ok and a != 45])
            view = schieber.observe(game, seat)
            games[i] = schieber.apply(game, encoding.move_of(view, action))
            actions.append(action)
            steps += 1
        state = batch.step(state, np.where(state.terminated, 0, actions), on_illegal="terminate")
    assert steps >= 12 * 37 and not state.illegal.any()
    assert all(schieber.is_over(game) for game in games)


def test_observations_of_any_seat() -> None:
    rules = attrs.evolve(schieber.Rules.tournament(1), auto_declare=True)
    scalar = schieber.apply(schieber.new_game(rules, seed=8), schieber.ChooseTrump("C"))
    for _ in range(6):
        scalar = schieber.apply(scalar, schieber.legal_moves(scalar)[0])
    copies = batch.from_state(scalar, 2)
    for seat in range(4):
        got = batch.observations(copies, seat)
        assert got.shape == (2, encoding_of("schieber").size)
        np.testing.assert_allclose(got[1], observation_vector("schieber", scalar, seat), atol=1e-6)


def test_from_states_keeps_each_state() -> None:
    """A batch of different states (some choosing trump, some playing) plays each on as the
    scalar engine would: their legal actions and, played out the same, their scores."""
    rules = attrs.evolve(schieber.Rules.tournament(1), auto_declare=True)
    rng = random.Random(3)
    states = []
    for seed in range(10):
        state = schieber.new_game(rules, seed=seed)
        for _ in range(rng.randrange(0, 30)):
            state = schieber.apply(state, rng.choice(schieber.legal_moves(state)))
        states.append(state)
    together = batch.from_states(states)
    for i, state in enumerate(states):
        alone = batch.from_state(state)
        for field in attrs.fields(type(together)):
            if field.name != "config":
                np.testing.assert_array_equal(getattr(together, field.name)[i], getattr(alone, field.name)[0],
                                              err_msg=field.name)
    with pytest.raises(Exception, match="same rules"):
        batch.from_states([states[0], schieber.new_game(seed=1)])


def test_rollout_view_plays_out_the_states_a_view_allows() -> None:
    """Rule "hidden information": the copies hold the seat's own hand, and the cards already
    played stay played; every copy's round has its 157 points."""
    rules = attrs.evolve(schieber.Rules.tournament(1), auto_declare=True)
    state = schieber.apply(schieber.new_game(rules, seed=12), schieber.ChooseTrump("D"))
    for _ in range(5):
        state = schieber.apply(state, schieber.legal_moves(state)[-1])
    seat = schieber.to_act(state)
    assert seat is not None
    view = schieber.observe(state, seat)
    result = batch.rollout_view(view, 300, np.random.default_rng(5))
    assert bool(((result.cards + result.last_trick).sum(axis=1) == 157).all())
    # Two candidate cards, one batch each: a search compares their average totals.
    first, second = [a for a, ok in enumerate(action_mask("schieber", state, seat)) if ok][:2]
    mine = seat % 2
    values = [float(batch.rollout_view(view, 300, np.random.default_rng(5), action=a).totals[:, mine].mean())
              for a in (first, second)]
    assert all(0 <= v <= 600 for v in values)


@pytest.mark.parametrize("name", ["differenzler", "pomme"])
def test_observations_of_copied_rounds_are_the_scalar_vectors(name: str) -> None:
    """Differenzler and la pomme rounds copied from random scalar positions (la pomme's after
    random exchanges and swaps of the trump 6): every seat's batch vector is its scalar one."""
    from jass import differenzler, pomme
    from jass.variant import find_variant

    variant = find_variant(name)
    module = __import__(f"jass.{name}.batch", fromlist=["from_state"])
    rules = differenzler.Rules(rounds=1) if name == "differenzler" else pomme.Rules()
    playing = differenzler.Phase.PLAY if name == "differenzler" else pomme.Phase.PLAY
    rng = random.Random(2)
    checked = 0
    for seed in range(40):
        state = variant.new_game(rules, seed=seed)
        while name == "pomme" and state.phase is not playing:
            state = variant.apply(state, rng.choice(variant.legal_moves(state)))
        for _ in range(rng.randrange(0, 30)):
            if variant.to_act(state) is None or state.phase not in (playing, differenzler.Phase.PREDICT):
                break
            state = variant.apply(state, rng.choice(variant.legal_moves(state)))
        if variant.to_act(state) is None or state.phase not in (playing, differenzler.Phase.PREDICT):
            continue
        copy = module.from_state(state)
        for seat in range(variant.seats):
            np.testing.assert_array_equal(module.observations(copy, seat)[0],
                                          np.asarray(observation_vector(name, state, seat), dtype=np.float32))
        checked += 1
    assert checked >= 20


@pytest.mark.parametrize("name", ["schieber", "differenzler", "pomme"])
def test_games_that_are_not_active_wait(name: str) -> None:
    """``step(..., active=)``: the active games move exactly as a batch of their own would, the
    others keep every field (a vector environment moves only the games the opponents play)."""
    from jass.batch.engine import take_rows
    from jass.rl.vector import batch_engine

    engine = batch_engine(name)
    state = engine.init(np.arange(1, 41, dtype=np.uint64), engine.default_rules())
    rng = np.random.default_rng(4)
    for _ in range(25):
        mask = engine.mask(state)
        actions = np.argmax(rng.random(mask.shape) * mask, axis=1)
        active = (rng.random(state.size) < 0.6) & ~engine.terminated(state)
        moved = engine.step(state, actions, active)
        waiting, going = np.flatnonzero(~active), np.flatnonzero(active)
        alone = engine.step(take_rows(state, going), actions[going], np.ones(going.size, dtype=bool))
        seats = engine.to_act(state)[waiting].astype(np.intp) % engine.seats
        np.testing.assert_array_equal(engine.observations(take_rows(moved, waiting), seats),
                                      engine.observations(take_rows(state, waiting), seats))
        np.testing.assert_array_equal(engine.mask(take_rows(moved, waiting)), mask[waiting])
        np.testing.assert_array_equal(engine.mask(take_rows(moved, going)), engine.mask(alone))
        np.testing.assert_array_equal(engine.to_act(take_rows(moved, going)), engine.to_act(alone))
        state = moved
