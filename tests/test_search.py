"""The search bots (:mod:`jass.ai.search`) and what they stand on, each variant's search hooks:
a determinised state agrees with the view it came from, round values, the fast play-outs
against the public API, claims, fallbacks, budgets and reproducibility."""

from __future__ import annotations

import random
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import strategies as jst
from jass import bieter, coiffeur, differenzler, handjass, molotow, pomme, schieber, sidi, zweier
from jass.pomme import ai as pomme_ai
from jass.schieber import ai as schieber_ai
from jass.ai.bots import RuleBot
from jass.errors import InvalidCardsError, JassError
from jass.ai.search import ISMCTSBot, MonteCarloBot, playout_values, search_hooks
from jass.ai.tournament import play_game
from jass.variant import VARIANTS, AnyVariant, SEED_LIMIT, find_variant

SEARCHED = ("schieber", "differenzler", "pomme", "coiffeur", "handjass", "sidi", "molotow", "bieter", "zweierjass")


def random_position(variant: AnyVariant, rules: Any, seed: int, steps: int) -> Any:
    """A state after up to ``steps`` random legal moves, stopped where a seat is to act."""
    rng = random.Random(seed)
    state = variant.new_game(rules, seed=seed)
    for _ in range(steps):
        moves = variant.legal_moves(state)
        if not moves:
            break
        state = variant.apply(state, rng.choice(moves))
    return state


@given(
    data=st.data(),
    name=st.sampled_from(SEARCHED),
    seed=st.integers(0, SEED_LIMIT - 1),
    steps=st.integers(0, 120),
)
@jst.examples(60)
def test_a_determinised_state_shows_its_seat_the_same_view(data: st.DataObject, name: str, seed: int, steps: int) -> None:
    """Rule "hidden information": determinize(view) is a state the view could come from:
    observe gives the seat back exactly its view (hand, public cards, Weis, predictions...)."""
    variant = VARIANTS[name]
    rules = data.draw(jst.variant_rules(name))
    state = random_position(variant, rules, seed, steps)
    seat = variant.to_act(state)
    if seat is None:
        return
    hooks = search_hooks(variant)
    view = variant.observe(state, seat)
    for draw in range(3):
        determinised = hooks.determinize(view, random.Random(draw))
        assert variant.observe(determinised, seat) == view
        assert variant.legal_moves(determinised) == variant.legal_moves(state)



def test_a_determinised_opponent_never_out_weises_the_shown_weis() -> None:
    """Rule "Weis: only the team with the best Weis scores them": in this Coiffeur position
    (found by the property above) seat 1 showed S9-SJ (20), and seat 0 had declared 20 too,
    which lost. Seat 0 drawn with DJ-DK (20, higher) would win the tie and change the view;
    such a deal or declaration is never drawn."""
    from jass import WeisRules, coiffeur

    variant = VARIANTS["coiffeur"]
    rules = coiffeur.Rules(weis=WeisRules(), stoeck=coiffeur.StoeckMode.IMMEDIATE)
    state = random_position(variant, rules, 8, 7)
    seat = variant.to_act(state)
    assert seat is not None
    view = variant.observe(state, seat)
    assert [bool(w) for w in view.shown_weis] == [False, True, False, False]
    for draw in range(20):
        determinised = search_hooks(variant).determinize(view, random.Random(draw))
        assert variant.observe(determinised, seat) == view

def test_a_spectator_view_cannot_be_determinised() -> None:
    for name in SEARCHED:
        variant = VARIANTS[name]
        view = variant.observe(variant.new_game(seed=1), None)
        with pytest.raises(InvalidCardsError, match="spectator"):
            search_hooks(variant).determinize(view, random.Random(1))


@pytest.mark.parametrize("name", SEARCHED)
def test_round_values_wait_for_the_end_of_the_round(name: str) -> None:
    variant = VARIANTS[name]
    hooks = search_hooks(variant)
    rng = random.Random(4)
    state = variant.new_game(seed=4)
    while hooks.round_values(state) is None:
        assert state.phase.value != "round_over"
        state = variant.apply(state, rng.choice(variant.legal_moves(state)))
    values = hooks.round_values(state)
    assert values is not None and len(values) == variant.seats
    if name in ("schieber", "pomme", "coiffeur"):  # one side's gain is the other's loss
        assert sum(values) == pytest.approx(0)


def test_schieber_round_values_are_the_round_totals() -> None:
    """The value of a Schieber round: the team's total less the other's, a game won 10,000."""
    state = random_position(schieber.VARIANT, schieber.Rules.tournament(1), 3, 500)
    score = state.history[-1]
    difference = score.teams[0].total - score.teams[1].total
    assert schieber.round_values(state) == (difference, -difference, difference, -difference)


#: Coiffeur on one Slalom row: a game of two rounds, each trick in its own mode.
COIFFEUR_SHORT = coiffeur.Rules(slate=coiffeur.Slate((jst.COIFFEUR_ROWS[2],)))


def test_coiffeur_round_values_are_what_the_declaring_team_writes() -> None:
    """Only the declaring team writes: its seats gain the written points, the others lose them;
    the game's end is worth 100,000 to the team with more points."""
    rng = random.Random(6)
    state = coiffeur.new_game(COIFFEUR_SHORT, seed=6)
    while state.phase is not coiffeur.Phase.ROUND_OVER:
        assert coiffeur.round_values(state) is None
        state = coiffeur.apply(state, rng.choice(coiffeur.legal_moves(state)))
    score = state.history[-1]
    gain = float(score.written if score.team == 0 else -score.written)
    assert coiffeur.round_values(state) == (gain, -gain, gain, -gain)
    final = random_position(coiffeur.VARIANT, COIFFEUR_SHORT, 6, 500)
    assert final.phase is coiffeur.Phase.GAME_OVER
    if final.winner is not None:
        won = 100_000.0 if final.winner == 0 else -100_000.0
        assert coiffeur.round_values(final) == (won, -won, won, -won)


def test_differenzler_round_values_are_the_penalties() -> None:
    state = random_position(differenzler.VARIANT, differenzler.Rules(rounds=1), 5, 500)
    penalties = state.history[-1].penalties
    assert differenzler.round_values(state) == tuple(-p for p in penalties)


def test_pomme_round_values_are_the_game_points_then_the_card_points() -> None:
    # Totals 130 to 32: +1 for the higher total, no pomme (32 >= 21): game points 1 and 0;
    # value 1 - 0 + (130 - 32) / 400 = 1.245 for seat 0.
    values = pomme_ai._values((130, 32), pomme.Rules())
    assert values == pytest.approx((1.245, -1.245))
    # 140 to 17: seat 1 makes a pomme (under 21): 1 - (-1) + 123 / 400 = 2.3075.
    assert pomme_ai._values((140, 17), pomme.Rules()) == pytest.approx((2.3075, -2.3075))


def _replay_values(variant: AnyVariant, state: Any, rng: random.Random) -> tuple[float, ...]:
    """The public API's play-out with the fast path's choices: the int(random() * n)-th legal move."""
    hooks = search_hooks(variant)
    while (values := hooks.round_values(state)) is None:
        moves = variant.legal_moves(state)
        state = variant.apply(state, moves[int(rng.random() * len(moves))])
    return values


@pytest.mark.parametrize(
    ("name", "rules"),
    [
        ("schieber", schieber.Rules.tournament(1)),
        ("schieber", attrs.evolve(schieber.Rules.tournament(1), auto_declare=True)),
        ("differenzler", differenzler.Rules(rounds=1)),
        ("differenzler", differenzler.Rules.open()),
        ("pomme", pomme.Rules()),
    ],
)
def test_the_fast_playout_plays_as_the_public_api(name: str, rules: Any) -> None:
    """From any moment of the card play after the first trick (when no Weis is still to be
    declared), the fast path and ``apply`` with the same draws end with the same values."""
    variant = VARIANTS[name]
    hooks = search_hooks(variant)
    assert hooks.playout is not None
    checked = 0
    for seed in range(40):
        rng = random.Random(seed)
        state = variant.new_game(rules, seed=seed)
        target = rng.randrange(variant.seats, variant.seats * 9)
        while state.phase.value != "round_over" and not (
            state.phase.value == "play" and state.play.tricks and len(state.play.played()) >= target
        ):
            state = variant.apply(state, rng.choice(variant.legal_moves(state)))
        if state.phase.value != "play":
            continue
        draws = random.Random(seed + 1000)
        assert hooks.playout(state, random.Random(seed + 1000)) == pytest.approx(_replay_values(variant, state, draws))
        checked += 1
    assert checked >= 30


def test_the_generic_playout_needs_no_fast_path() -> None:
    hooks = search_hooks(pomme.VARIANT)
    plain = attrs.evolve(pomme.VARIANT, ai=attrs.evolve(pomme.VARIANT.ai, search=attrs.evolve(hooks, playout=None, solve=None)))
    state = pomme.new_game(seed=8)
    values = playout_values(plain, state, random.Random(2))
    assert len(values) == 2 and values[0] == pytest.approx(-values[1])


def _solved(state: schieber.State) -> tuple[float, ...]:
    values = schieber_ai._solve(state)
    assert values is not None
    return values


def test_the_solver_ends_a_schieber_round_exactly() -> None:
    """With three tricks left the values come from the open-hand solver; they agree with
    themselves one step on (minimax): the value for the seat to move is the best, over its
    legal cards, of the solved value after that card. Earlier there is nothing to solve."""
    rules = schieber.Rules.tournament(1)
    rng = random.Random(6)
    start = schieber.apply(schieber.new_game(rules, seed=6), schieber.ChooseTrump("S"))
    assert schieber_ai._solve(start) is None
    state = start
    while len(schieber_play(state).tricks) < 6:
        state = schieber.apply(state, rng.choice(schieber.legal_moves(state)))
    mover = schieber.to_act(state)
    assert mover is not None
    best = max(_solved(schieber.apply(state, move))[mover] for move in schieber.legal_moves(state))
    assert _solved(state)[mover] == best


def schieber_play(state: schieber.State) -> Any:
    assert state.play is not None
    return state.play


# --- the bots ------------------------------------------------------------------------------------


def test_monte_carlo_says_bedankt_only_when_it_wins() -> None:
    """Rule «Mer bedanked eus!» (seed 001): a claim wins the game at the target, else loses it.
    The bot claims at once when its team's points reach the target, never short of it."""
    rules = schieber.Rules(target_score=1000, first_dealer=3)
    start = schieber.apply(schieber.new_game(rules, seed=12), schieber.ChooseTrump("obenabe"))
    rng = random.Random(1)
    state = start
    while not (schieber_play(state).tricks and not schieber_play(state).trick
               and schieber.Announce() in schieber.legal_moves(state)):
        moves = [m for m in schieber.legal_moves(state) if not isinstance(m, schieber.Announce)]
        state = schieber.apply(state, rng.choice(moves))
    seat = schieber.to_act(state)
    assert seat is not None
    team = seat % 2
    winning = state.replace(scores=(995, 995))
    view = schieber.observe(winning, seat)
    assert view.scores[team] + view.round_points[team] >= 1000
    bot = MonteCarloBot(seed=1, samples=4)
    assert bot.choose(view, schieber.legal_moves(winning)) == schieber.Announce()
    losing = state.replace(scores=(0, 0))
    assert bot.choose(schieber.observe(losing, seat), schieber.legal_moves(losing)) != schieber.Announce()


def test_big_decisions_go_to_the_fallback_bot() -> None:
    """A prediction among 158 values is left to the rule bot (max_moves)."""
    state = differenzler.new_game(seed=3)
    seat = differenzler.to_act(state)
    view = differenzler.observe(state, seat)
    moves = differenzler.legal_moves(state)
    assert len(moves) == 158
    assert MonteCarloBot(seed=1).choose(view, moves) == RuleBot().choose(view, moves)
    assert ISMCTSBot(seed=1, iterations=5).choose(view, moves) == RuleBot().choose(view, moves)


def _monte_carlo(seed: int) -> MonteCarloBot:
    return MonteCarloBot(seed, samples=6)


def _ismcts(seed: int) -> ISMCTSBot:
    return ISMCTSBot(seed, iterations=40)


@pytest.mark.parametrize("make", [_monte_carlo, _ismcts], ids=["montecarlo", "ismcts"])
@pytest.mark.parametrize("name", SEARCHED)
def test_search_bots_play_whole_rounds_reproducibly(make: Any, name: str) -> None:
    variant = VARIANTS[name]
    rules = {"schieber": schieber.Rules.tournament(1), "differenzler": differenzler.Rules(rounds=1),
             "pomme": pomme.Rules(target_points=1), "coiffeur": COIFFEUR_SHORT,
             "handjass": handjass.Rules(target_strokes=1), "sidi": sidi.Rules(target_score=100),
             "molotow": molotow.Rules(rounds=1), "bieter": bieter.Rules(min_bid=100, goal=150),
             "zweierjass": zweier.Rules(target_points=1)}[name]
    def lineup() -> list[Any]:
        return [make(s) if s % 2 == 0 else RuleBot(s) for s in range(variant.seats)]

    first = play_game(variant, lineup(), rules=rules, seed=21)
    again = play_game(variant, lineup(), rules=rules, seed=21)
    assert variant.is_over(first) and first == again


def test_a_variant_without_search_hooks_is_played_by_the_fallback() -> None:
    import toy_variant  # noqa: F401  (registers "toy")

    toy = find_variant("toy")
    assert toy.ai.search is None
    state = toy.new_game(seed=2)
    view, moves = toy.observe(state, toy.to_act(state)), toy.legal_moves(state)
    assert MonteCarloBot(seed=1).choose(view, moves) == RuleBot().choose(view, moves)
    with pytest.raises(JassError, match="the search bots cannot play toy"):
        search_hooks(toy)


def test_ismcts_with_a_time_budget_and_bad_budgets() -> None:
    state = schieber.apply(schieber.new_game(schieber.Rules(first_dealer=3), seed=7), schieber.ChooseTrump("H"))
    bot = ISMCTSBot(seed=1, seconds=0.05)
    assert bot.choose(schieber.observe(state, 0), schieber.legal_moves(state)) in schieber.legal_moves(state)
    with pytest.raises(JassError, match="iterations=0"):
        ISMCTSBot(iterations=0)
    with pytest.raises(JassError, match="seconds=-1"):
        ISMCTSBot(seconds=-1)
    with pytest.raises(JassError, match="samples=0"):
        MonteCarloBot(samples=0)
