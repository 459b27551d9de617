"""Learning agents' interface (:mod:`jass.variant.encoding`, :mod:`jass.rl`, :mod:`jass.rl.pettingzoo`):
fixed action ids that name the legal moves one to one, observation vectors of the documented
layout that show nothing hidden, returns, and PettingZoo's own API test."""

from __future__ import annotations

import math
import pickle
import random
import warnings
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import strategies as jst
from jass import LeadMode, PerTrickMode, Trump, bieter, coiffeur, differenzler, handjass, molotow, pomme, schieber, sidi, zweier
from jass.cards import CardSet
from jass.variant.encoding import play_layout
from jass.errors import IllegalMoveError, JassError
from jass.rl import action_mask, apply_action, encoding_of, legal_actions, observation_vector, returns
from jass.variant import VARIANTS, AnyVariant, SEED_LIMIT, random_playout

NAMES = ("schieber", "differenzler", "pomme", "coiffeur", "handjass", "sidi", "molotow", "bieter", "zweierjass")
#: Coiffeur on two rows: a game of four rounds (a Slalom row, so some tricks are Undenufe).
COIFFEUR_SHORT = coiffeur.Rules(slate=coiffeur.Slate(jst.COIFFEUR_ROWS[1:3]))


def position(variant: AnyVariant, rules: Any, seed: int, steps: int) -> Any:
    rng = random.Random(seed)
    state = variant.new_game(rules, seed=seed)
    for _ in range(steps):
        moves = variant.legal_moves(state)
        if not moves:
            break
        state = variant.apply(state, rng.choice(moves))
    return state


@given(data=st.data(), name=st.sampled_from(NAMES), seed=st.integers(0, SEED_LIMIT - 1), steps=st.integers(0, 150))
@jst.examples(60)
def test_action_ids_name_the_legal_moves_one_to_one(data: st.DataObject, name: str, seed: int, steps: int) -> None:
    variant = VARIANTS[name]
    state = position(variant, data.draw(jst.variant_rules(name)), seed, steps)
    seat = variant.to_act(state)
    if seat is None:
        assert legal_actions(variant, state) == []
        return
    encoding = encoding_of(variant)
    view = variant.observe(state, seat)
    ids = {}
    for move in variant.legal_moves(state):
        action = encoding.action_of(view, move)
        if action is None:
            # Only partial Weis declarations (Schieber's, Coiffeur's) stay outside the action space.
            assert isinstance(move, (schieber.DeclareWeis, coiffeur.DeclareWeis))
            continue
        assert 0 <= action < encoding.actions and action not in ids
        ids[action] = move
        assert encoding.move_of(view, action) == move
    assert legal_actions(variant, state) == sorted(ids)
    assert sum(action_mask(variant, state, seat)) == len(ids)
    others = [s for s in range(variant.seats_for(state.rules)) if s != seat]
    assert all(sum(action_mask(variant, state, s)) == 0 for s in others)


@given(data=st.data(), name=st.sampled_from(NAMES), seed=st.integers(0, SEED_LIMIT - 1), steps=st.integers(0, 150))
@jst.examples(60)
def test_an_observation_vector_has_its_layout_and_hides_what_it_must(
    data: st.DataObject, name: str, seed: int, steps: int
) -> None:
    variant = VARIANTS[name]
    state = position(variant, data.draw(jst.variant_rules(name)), seed, steps)
    encoding = encoding_of(variant)
    rng = random.Random(seed)
    variations = variant.checks.hidden_variations
    assert variations is not None
    for seat in range(variant.seats_for(state.rules)):  # three in Differenzler for three
        vector = observation_vector(variant, state, seat)
        assert len(vector) == encoding.size
        assert all(math.isfinite(x) and -1000 <= x <= 1000 for x in vector)
        # Computed from the observation alone: the same for every state the seat cannot tell apart.
        for sibling in variations(state, seat, rng):
            assert observation_vector(variant, sibling, seat) == vector


def test_the_layouts_add_up_by_hand() -> None:
    # Card play for n seats: 36 (hand) + 36 n (trick) + 36 n (taken) + 7 (mode) + 3 n.
    assert sum(length for _, length in play_layout(4)) == 36 + 144 + 144 + 7 + 12 == 343
    assert sum(length for _, length in play_layout(2)) == 36 + 72 + 72 + 7 + 6 == 193
    # Schieber adds 4 + 4 + 3 + 4 + 4 + 4 x 36 + 3 + 2 + 2 + 1 + 1 = 172.
    assert encoding_of("schieber").size == 343 + 172
    # Differenzler adds 4 + 4 + 36 + 4 + 4 + 4 + 4 + 1 = 61.
    assert encoding_of("differenzler").size == 343 + 61
    # la pomme adds 5 + 2 + 36 + 36 + 2 + 2 + 3 + 2 + 2 = 90.
    assert encoding_of("pomme").size == 193 + 90
    # Coiffeur adds 4 + 4 + 5 + 11 + 20 + 4 + 4 + 4 + 4 x 36 + 3 + 5 x 20 + 2 + 2 = 307, and the
    # Misère flag (issue 29, appended): 308; and Alles Trumpf or Elefant (appended): 310.
    assert encoding_of("coiffeur").size == 343 + 310
    # Coiffeur's ids: 36 cards, 20 rows x 10 modes, push, deal, declare.
    # Handjass for three: 36 + 36 x 3 + 36 x 3 + 7 + 9 = 268 of card play, then 5 + 3 + 36 + 36 + 3 + 4
    # + 4 + 3 + 3 = 97.
    assert sum(length for _, length in play_layout(3)) == 36 + 108 + 108 + 7 + 9 == 268
    assert encoding_of("handjass").size == 268 + 97
    # Molotow fills the blocks of six seats: 36 + 36 x 6 + 36 x 6 + 7 + 18 = 493 of card play, then
    # the phase 3, the dealer 6, four blocks of 6 and the rounds played 1: 34.
    assert sum(length for _, length in play_layout(6)) == 36 + 216 + 216 + 7 + 18 == 493
    assert encoding_of("molotow").size == 493 + 34
    # Bieter: 268 of card play, then phase 7 + dealer 3 + King 4 + bid 1 + highest bid 1 + face-up table
    # cards 36 + lying 1 + laid away 1 + own discards 36 + mode 8 + trump card 36 + the two sides 2 = 136.
    assert encoding_of("bieter").size == 268 + 136
    # Coiffeur: the Misère ids (20 rows x 4 modes) follow the earlier ones, which stay.
    # Handjass's ids: 36 cards, take, keep, rob, no rob, deal. Molotow's: 36 cards, deal.
    # Sidi Barrani adds 4 + 4 (phase, dealer), 1 + 7 + 5 + 1 (the bid standing: points, mode or
    # none, bidder or none, doubled), 4 (passes 0..3), 4 + 4 + 4 x 36 + 3 (Weis), 2 + 2 + 1 = 186.
    assert encoding_of("sidi").size == 343 + 186
    # Sidi Barrani's ids: 36 cards, 13 bids (40..150, 157) x 6 modes, pass, double, deal, declare.
    # Zweierjass adds 3 + 2 + 8 + 36 + 1 + 3 + 36 + 2 = 91 to the two-seat card play; its ids: 36
    # cards, deal.
    assert encoding_of("zweierjass").size == 193 + 91
    # Bieter's: 36 cards (played or laid away), fort, 300 bids (5 to 1500), 7 modes, play, concede, deal.
    assert [encoding_of(n).actions for n in NAMES] == [46, 195, 124, 36 + 200 + 3 + 80 + 40, 36 + 5, 36 + 78 + 4, 36 + 1,
                                                       36 + 1 + 300 + 7 + 3, 36 + 1]


def test_a_coiffeur_vector_read_by_hand() -> None:
    """Seat 3 when seat 1 (after seat 0 pushed) chose Slalom-Undenufe for its team's row 1 (x7)
    on a two-row slate (Joker x7, Slalom x9 as row 1): the blocks after the card play, counted
    by hand from the layout (343 floats of card play first)."""
    state = coiffeur.new_game(coiffeur.Rules(slate=COIFFEUR_SHORT.slate, first_dealer=3), seed=2)
    state = coiffeur.apply(state, coiffeur.Push())
    state = coiffeur.apply(state, coiffeur.ChooseRow(1, PerTrickMode.SLALOM_UNDENUFE))
    vector = observation_vector("coiffeur", state, 3)
    mode = vector[324:331]  # the card-play block's mode is the first trick's: Undenufe
    assert mode == [0, 0, 0, 0, 0, 1, 0]
    at = 343
    assert vector[at: at + 4] == [0, 1, 0, 0]  # phase: choose, play, round over, game over
    assert vector[at + 4: at + 8] == [1, 0, 0, 0]  # the dealer, seat 3, is the observer itself
    assert vector[at + 8: at + 13] == [0, 1, 0, 0, 0]  # one push
    # Round modes: six classic, then Slalom-Obenabe, Slalom-Undenufe, Guschti-O, Guschti-U, none.
    assert vector[at + 13: at + 24] == [0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0]
    assert vector[at + 24: at + 44] == [0, 1] + [0] * 18  # row 1
    assert vector[at + 44: at + 48] == [0, 0, 1, 0]  # the chooser, seat 1, two seats after seat 3
    factors = at + 48 + 4 + 4 + 144 + 3
    assert vector[factors: factors + 3] == [0.7, 0.9, 0.0]  # Joker x7, Slalom x9, no third row
    own_open, other_open = factors + 60, factors + 80
    assert vector[own_open: own_open + 3] == [1.0, 1.0, 0.0] == vector[other_open: other_open + 3]


def test_a_coiffeur_misere_by_hand() -> None:
    """A Misère row (issue 29): its ids follow every earlier id (239 + 4 x row + mode), the
    round mode block shows the mode it is played in, and the appended last float says Misère."""
    rules = coiffeur.Rules(slate=coiffeur.Slate((coiffeur.Row("Joker", 7, tuple(Trump)),
                                                 coiffeur.Row("Misère", 1, coiffeur.MISERE_MODES))),
                           first_dealer=3)
    state = coiffeur.new_game(rules, seed=2)
    encoding = encoding_of("coiffeur")
    choice = coiffeur.ChooseRow(1, PerTrickMode.MISERE_UNDENUFE)
    view = coiffeur.observe(state, 0)
    assert encoding.action_of(view, choice) == 239 + 4 * 1 + 1
    assert encoding.move_of(view, 244) == choice
    assert encoding.action_of(view, coiffeur.ChooseRow(0, Trump.OBENABE)) == 36 + 10 * 0 + 4  # as before
    state = coiffeur.apply(state, choice)
    vector = observation_vector("coiffeur", state, 2)
    at = 343
    assert vector[at + 13: at + 24] == [0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0]  # played as Undenufe
    assert vector[-3:] == [1.0, 0.0, 0.0] and len(vector) == 343 + 310  # Misère, then no LeadMode


def test_coiffeur_alles_trumpf_and_elefant_by_hand() -> None:
    """The rows a card led decides (issue 29): their ids follow the Misère's (319 + 2 x row +
    mode, Alles Trumpf 0, Elefant 1), the ten modes' block says none, the last two floats which."""
    rules = coiffeur.Rules(slate=coiffeur.Slate((coiffeur.Row("Joker", 7, tuple(Trump)),) + coiffeur.APP_ROWS),
                           first_dealer=3)
    state = coiffeur.new_game(rules, seed=2)
    encoding = encoding_of("coiffeur")
    view = coiffeur.observe(state, 0)
    elefant = coiffeur.ChooseRow(2, LeadMode.ELEFANT)
    assert encoding.action_of(view, elefant) == 319 + 2 * 2 + 1
    assert encoding.move_of(view, 319 + 2 * 1) == coiffeur.ChooseRow(1, LeadMode.ALLES_TRUMPF)
    assert encoding.actions == 319 + 2 * 20 and encoding.move_of(view, 358) == coiffeur.ChooseRow(19, LeadMode.ELEFANT)
    vector = observation_vector("coiffeur", coiffeur.apply(state, elefant), 2)
    at = 343
    assert vector[at + 13: at + 24] == [0.0] * 10 + [1.0]  # none of the ten
    assert vector[-3:] == [0.0, 0.0, 1.0]  # no Misère; Elefant


def test_a_schieber_vector_read_by_hand() -> None:
    """Seat 1 after Vorhand (seat 0) led the Ace of Eicheln under Obenabe: its hand, seat 0's
    card in the trick block of relative seat 3, the mode Obenabe, the leader relative 3."""
    rules = schieber.Rules(first_dealer=3)
    state = schieber.apply(schieber.new_game(rules, seed=2), schieber.ChooseTrump("obenabe"))
    lead = schieber.legal_moves(state)[0]
    assert isinstance(lead, schieber.PlayCard)
    state = schieber.apply(state, lead)
    vector = observation_vector("schieber", state, 1)
    hand = state.play.hand(1) if state.play else CardSet()
    assert [i for i in range(36) if vector[i]] == [card.index for card in hand]
    def trick_of(k: int) -> list[float]:
        return vector[36 + 36 * k: 72 + 36 * k]

    assert [i for i, x in enumerate(trick_of(3)) if x] == [lead.card.index]
    assert not any(trick_of(0)) and not any(trick_of(1)) and not any(trick_of(2))
    mode = vector[324:331]
    assert mode == [0, 0, 0, 0, 1, 0, 0]  # Eicheln, Rosen, Schilten, Schellen, Obenabe, Undenufe, none
    assert vector[331:335] == [0, 0, 0, 1]  # the leader, three seats after seat 1
    assert vector[335:339] == [9 / 9, 9 / 9, 9 / 9, 8 / 9]  # hand sizes from seat 1 on: seat 0 has led


def test_apply_action_refuses_an_illegal_id_and_changes_nothing() -> None:
    state = schieber.new_game(seed=5)
    before = pickle.dumps(state)
    with pytest.raises(IllegalMoveError, match=r"action 3 is not legal now: legal actions \[36, 37"):
        apply_action("schieber", state, 3)
    with pytest.raises(IllegalMoveError, match="expected an int 0..45"):
        apply_action("schieber", state, 46)
    with pytest.raises(IllegalMoveError, match="expected an int"):
        apply_action("schieber", state, True)
    assert pickle.dumps(state) == before
    with pytest.raises(JassError, match="toy has no encoding"):
        import toy_variant  # noqa: F401

        encoding_of("toy")


@pytest.mark.parametrize("name", NAMES)
def test_returns_are_zero_until_the_end_and_add_up_to_zero(name: str) -> None:
    variant = VARIANTS[name]
    rules = {"schieber": schieber.Rules.tournament(1), "differenzler": differenzler.Rules(rounds=1),
             "pomme": pomme.Rules(target_points=2), "coiffeur": COIFFEUR_SHORT,
             "handjass": handjass.Rules(target_strokes=2), "sidi": sidi.Rules(target_score=400),
             "molotow": molotow.Rules(rounds=1), "bieter": bieter.Rules(min_bid=100, goal=200),
             "zweierjass": zweier.Rules(target_points=150)}[name]
    state = variant.new_game(rules, seed=9)
    assert returns(variant, state) == (0.0,) * variant.seats_for(rules)
    final = random_playout(variant, state, seed=3)
    values = returns(variant, final)
    assert sum(values) == pytest.approx(0) and max(values) in (0.0, 1.0)
    won = variant.winners(final)
    assert values.count(1.0) == len(won)
    if name != "bieter":  # Bieter's sides form in the auction: the winners are the King, or the two others
        team = variant.winner(final)
        assert won == (() if team is None else variant.teams[team])


def test_a_whole_game_by_action_ids() -> None:
    rng = random.Random(4)
    state = pomme.new_game(pomme.Rules(target_points=2), seed=4)
    while legal := legal_actions("pomme", state):
        state = apply_action("pomme", state, rng.choice(legal))
    assert pomme.is_over(state)


# --- PettingZoo ----------------------------------------------------------------------------------

#: What PettingZoo's api_test says of every dict observation but its own games'.
DICT_OBSERVATION_NOTES = (
    "Observation is not a NumPy array",
    "Observation space for each agent probably should be gymnasium.spaces.box or gymnasium.spaces.discrete",
)


@pytest.mark.parametrize(
    ("name", "rules", "moves"),
    [("schieber", schieber.Rules.tournament(1), "sensible"), ("schieber", schieber.Rules(), "all"),
     ("differenzler", differenzler.Rules(rounds=1), "sensible"), ("pomme", None, "sensible"),
     ("coiffeur", COIFFEUR_SHORT, "sensible"), ("handjass", handjass.Rules(target_strokes=1), "sensible"),
     ("sidi", sidi.Rules(target_score=300), "sensible"),
     ("bieter", bieter.Rules(min_bid=100, goal=150), "sensible"),
     ("zweierjass", zweier.Rules(target_points=100), "sensible"),
     ("differenzler", differenzler.Rules(seats=3, rounds=1), "sensible"),
     ("molotow", molotow.Rules(rounds=1), "sensible"), ("molotow", molotow.Rules(seats=3, rounds=1), "sensible"),
     ("molotow", molotow.Rules(seats=5, rounds=1), "sensible"), ("molotow", molotow.Rules(seats=6, rounds=1), "sensible"),
     ("coiffeur", coiffeur.Rules(slate=coiffeur.Slate((coiffeur.Row("Misère", 1, coiffeur.MISERE_MODES),))), "sensible"),
     ("coiffeur", coiffeur.Rules(slate=coiffeur.Slate(coiffeur.APP_ROWS)), "sensible")],
)
def test_pettingzoo_api_test_passes(name: str, rules: Any, moves: Any) -> None:
    pytest.importorskip("pettingzoo", reason="the optional extra jass[rl] is not installed")
    from pettingzoo.test import api_test

    from jass.rl.pettingzoo import env

    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(env(name, rules, moves=moves), num_cycles=400, verbose_progress=False)
    # PettingZoo's test exempts a dict observation (and its space) by the names of its own games
    # only; the dict's arrays pass its checks (see jass.rl.pettingzoo). Nothing else is noted.
    assert {str(w.message) for w in caught} <= set(DICT_OBSERVATION_NOTES)


def test_pettingzoo_plays_the_library_s_game() -> None:
    pytest.importorskip("pettingzoo", reason="the optional extra jass[rl] is not installed")
    from jass.rl.pettingzoo import env

    game = env("pomme", pomme.Rules(target_points=1), render_mode="ansi")
    game.reset(seed=11)
    state = pomme.new_game(pomme.Rules(target_points=1), seed=11)
    rng = random.Random(1)
    final_rewards = {}
    for agent in game.agent_iter(max_iter=500):
        observation, reward, terminated, truncated, info = game.last()
        if terminated:
            final_rewards[agent] = reward
            game.step(None)
            continue
        mask = observation["action_mask"]
        action = rng.choice([i for i, ok in enumerate(mask) if ok])
        assert agent == f"seat_{pomme.to_act(state)}"
        state = apply_action("pomme", state, action)
        game.step(action)
    assert pomme.is_over(state) and game.state_ == state
    assert [final_rewards[a] for a in game.possible_agents] == list(returns("pomme", state))
    assert "Observation" in (game.render() or "")


def test_the_action_id_table_of_the_docs_comes_from_the_encodings() -> None:
    """The RL guide's table (the jass-action-ids directive) has a row for every registered
    variant with an encoding, Coiffeur's too, in runs read from the action names."""
    import importlib.util
    from pathlib import Path

    path = Path(__file__).resolve().parent.parent / "docs" / "_ext" / "jass_actions.py"
    spec = importlib.util.spec_from_file_location("jass_actions", path)
    assert spec is not None and spec.loader is not None
    extension = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(extension)
    rows = {title: (actions, runs) for title, actions, runs in extension.action_rows()}
    assert {VARIANTS[name].title for name in NAMES} <= set(rows)
    # Schieber by hand: 36 cards, 6 modes, push, the claim, the deal, the declaration.
    actions, runs = rows["Schieber"]
    assert actions == 46 and [run.split(":")[0] for run in runs] == ["0-35", "36-41", "42", "43", "44", "45"]
    # Coiffeur: 36 cards, 20 rows x 10 modes, push, deal, declare, then 20 rows x 4 Misères and
    # 20 rows x 2 modes a card led decides (one run of row choices).
    actions, runs = rows[VARIANTS["coiffeur"].title]
    assert actions == 359 and [run.split(":")[0] for run in runs] == ["0-35", "36-235", "236", "237", "238", "239-358"]
    guide = (path.parent.parent / "guides" / "rl.rst").read_text(encoding="utf-8")
    assert ".. jass-action-ids::" in guide
