"""The conformance harness (:mod:`jass.testing`) on every variant, and on broken copies of
them to show that it catches each kind of bug it promises to catch.

Every game below is checked after every step: cards conserved, one seat to act, legal moves,
``apply`` leaves its input untouched, illegal moves raise and change nothing, observations leak
nothing hidden, deepcopy and pickle round-trips, replay from the seed, and each variant's own
invariants (157 per four-player round; la pomme's totals = played card points + 5).
"""

from __future__ import annotations

import random
import types
from typing import Any, cast

import attrs
import pytest

from jass import PerTrickMode, PlayRules, Trump, UndenufeOrder, Undertrump, WeisRules, bieter, coiffeur, differenzler, handjass, molotow, pomme, schieber, sidi, zweier
from jass.errors import IllegalMoveError, JassError
from jass.variant import random_playout
from jass.testing import (
    DEFAULT_ROUNDTRIPS,
    ConformanceError,
    Hooks,
    Report,
    check_state,
    check_variant,
    hooks_for,
    json_roundtrip,
    visible_cards,
)

# --- the three variants under their presets ----------------------------------------------------

SCHIEBER_PRESETS: dict[str, schieber.Rules] = {
    "seed": schieber.Rules.seed(),
    "swisslos": schieber.Rules.swisslos(),
    "flat": schieber.Rules.flat(),
    "tournament": schieber.Rules.tournament(3),
    "flat-claim": attrs.evolve(schieber.Rules.flat(), end_mode=schieber.EndMode.CLAIM),
    "push-back-auto-weis": schieber.Rules(
        target_score=800, allow_push_back=True, auto_declare=True, match_bonus=0, first_dealer=2
    ),
    "house-rules": schieber.Rules(
        target_score=1200,
        weis=WeisRules(low_quartets=True, cross_weis=False),
        play=PlayRules(bauer_exception=False, undertrump=Undertrump.ALLOWED),
    ),
    "ohne-weis-any-team-claims": schieber.Rules(
        target_score=900, weis=None, claim_by=schieber.ClaimBy.ANY_TEAM,
        counting_order=schieber.CountingOrder.STOECK_STICH_WEIS, first_vorhand=schieber.FirstVorhand.ROSEN_7,
    ),
    "stoeck-at-round-end-auto": schieber.Rules(
        target_score=700, end_mode=schieber.EndMode.AUTO, stoeck=schieber.StoeckMode.ROUND_END, auto_declare=True,
        weis=WeisRules(undenufe_order=UndenufeOrder.REVERSED),
    ),
    "card-points-only": schieber.Rules(target_score=None, rounds=2, weis=None, stoeck=schieber.StoeckMode.OFF),
}

DIFFERENZLER_PRESETS: dict[str, differenzler.Rules] = {
    "seed": differenzler.Rules.seed(),
    "open": differenzler.Rules.open(),
    "jasswelt-short": attrs.evolve(differenzler.Rules.jasswelt(), rounds=3),
    "exact-bonus-always": differenzler.Rules(
        rounds=2, exact_bonus=10, zero_prediction_bonus=differenzler.ZeroBonus.ALWAYS
    ),
    "schieber-card-play": differenzler.Rules(rounds=2, play=PlayRules(bauer_exception=False)),
    "three": differenzler.Rules(seats=3, rounds=2),
    "jasswiki-three-open": attrs.evolve(differenzler.Rules.jasswiki_three(), rounds=2,
                                        prediction_mode=differenzler.PredictionMode.OPEN),
}

POMME_PRESETS: dict[str, pomme.Rules] = {
    "seed": pomme.Rules.seed(),
    "three-pommes": attrs.evolve(pomme.Rules.three_pommes(), target_points=4),
    "wikipedia": attrs.evolve(pomme.Rules.wikipedia(), target_points=4),
    "jack-20-no-bauer-exception": pomme.Rules(trump_jack_points=20, bauer_exception=False, target_points=3),
}

HANDJASS_PRESETS: dict[str, handjass.Rules] = {
    "jassonkel": attrs.evolve(handjass.Rules.jassonkel(), target_strokes=3),
    "mit-blindem-pagat": handjass.Rules(strokes_per_deal=1, nuller_threshold=26, target_strokes=2),
    "rob-first-undertrump-allowed": handjass.Rules(
        rob_before_exchange=True, target_strokes=2, play=PlayRules(bauer_exception=False, undertrump=Undertrump.ALLOWED),
    ),
}

SIDI_PRESETS: dict[str, sidi.Rules] = {
    "jassverzeichnis": attrs.evolve(sidi.Rules.jassverzeichnis(), target_score=700),
    # Bidding goes on over a double; a missed contract loses its Weis; Weis declared automatically.
    "earthli-auto-weis": sidi.Rules(target_score=600, double_ends_auction=False, missed_keeps_weis=False,
                                    auto_declare=True, first_dealer=2),
    "jassguru-no-weis-stoeck-at-round-end": sidi.Rules(
        target_score=600, lowest_bid=90, weis=None, stoeck=sidi.StoeckMode.ROUND_END,
        play=PlayRules(bauer_exception=False, undertrump=Undertrump.ALLOWED),
    ),
}

MOLOTOW_PRESETS: dict[str, molotow.Rules] = {
    "jassverzeichnis-short": molotow.Rules(rounds=2),
    "funcardgames-three": attrs.evolve(molotow.Rules.three(), table_weis=molotow.TableWeis.SEQUENCES, rounds=2),
    "five-eicheln-7": molotow.Rules(seats=5, rounds=2, five_out=molotow.FiveOut.EICHELN_7),
    "six": molotow.Rules(seats=6, rounds=2),
    "no-weis-no-stoeck-undertrump-allowed": molotow.Rules(
        rounds=1, hand_weis=False, stoeck=False, play=PlayRules(bauer_exception=False, undertrump=Undertrump.ALLOWED),
    ),
}

BIETER_PRESETS: dict[str, bieter.Rules] = {
    # Short goals keep the games to a few rounds; together they play every phase.
    "reglement-short": bieter.Rules(min_bid=100, goal=300),
    "jassonkel-discards-count": attrs.evolve(bieter.Rules.jassonkel(), min_bid=100, goal=250),
    "luzern-undertrump-allowed": attrs.evolve(
        bieter.Rules.luzern(), min_bid=100, goal=250, discards_count=True,
        play=PlayRules(bauer_exception=False, undertrump=Undertrump.ALLOWED),
    ),
}

ZWEIER_PRESETS: dict[str, zweier.Rules] = {
    "app-short": attrs.evolve(zweier.Rules.app(), target_points=300),
    "per-trick-short": zweier.Rules(target_points=300, first_dealer=0),
    "slalom-undenufe-no-bauer-exception": zweier.Rules(slalom_start=zweier.SlalomStart.UNDENUFE, bauer_exception=False,
                                                       target_points=400, first_dealer=1),
}

_SLALOM = coiffeur.Row("Slalom", 9, (PerTrickMode.SLALOM_OBENABE, PerTrickMode.SLALOM_UNDENUFE))
_GUSCHTI = coiffeur.Row("Guschti", 10, (PerTrickMode.GUSCHTI_OBENABE, PerTrickMode.GUSCHTI_UNDENUFE))
_JOKER = coiffeur.Row("Joker", 7, tuple(Trump))

COIFFEUR_PRESETS: dict[str, coiffeur.Rules] = {
    "jassreglement": coiffeur.Rules.jassreglement(),
    # Short slates keep the games quick; together they play every kind of row.
    "slalom-guschti-joker": coiffeur.Rules(slate=coiffeur.Slate((_SLALOM, _GUSCHTI, _JOKER)), first_dealer=1),
    "with-weis-and-stoeck": coiffeur.Rules(
        slate=coiffeur.Slate((_JOKER, _SLALOM)), weis=WeisRules(), stoeck=coiffeur.StoeckMode.ROUND_END,
    ),
    "auto-weis-no-match-bonus": coiffeur.Rules(
        slate=coiffeur.Slate((_GUSCHTI, coiffeur.Row("Rosen", 2, (Trump.ROSEN,)))), weis=WeisRules(cross_weis=False),
        stoeck=coiffeur.StoeckMode.IMMEDIATE, auto_declare=True, match_bonus=0,
        play=PlayRules(bauer_exception=False, undertrump=Undertrump.ALLOWED),
    ),
    "misere-and-joker": coiffeur.Rules(slate=coiffeur.Slate((coiffeur.Row("Misère", 1, coiffeur.MISERE_MODES), _JOKER))),
    # The modes a card led decides, with Weis (a tie settled as in Obenabe) and Stöck (none).
    "alles-trumpf-elefant-weis": coiffeur.Rules(slate=coiffeur.Slate(coiffeur.APP_ROWS), weis=WeisRules(),
                                                stoeck=coiffeur.StoeckMode.IMMEDIATE),
}

CASES: list[tuple[Any, str, Any]] = [
    *((schieber, name, rules) for name, rules in SCHIEBER_PRESETS.items()),
    *((differenzler, name, rules) for name, rules in DIFFERENZLER_PRESETS.items()),
    *((pomme, name, rules) for name, rules in POMME_PRESETS.items()),
    *((coiffeur, name, rules) for name, rules in COIFFEUR_PRESETS.items()),
    *((handjass, name, rules) for name, rules in HANDJASS_PRESETS.items()),
    *((sidi, name, rules) for name, rules in SIDI_PRESETS.items()),
    *((molotow, name, rules) for name, rules in MOLOTOW_PRESETS.items()),
    *((bieter, name, rules) for name, rules in BIETER_PRESETS.items()),
    *((zweier, name, rules) for name, rules in ZWEIER_PRESETS.items()),
]
# The quick loop (-m "not slow") keeps the shortest game of each variant (a few rounds); the
# others play to a points target or over more rounds, in the full check.
QUICK = {
    (schieber, "tournament"), (differenzler, "jasswelt-short"), (pomme, "jack-20-no-bauer-exception"),
    (coiffeur, "with-weis-and-stoeck"), (handjass, "rob-first-undertrump-allowed"),
    (differenzler, "three"), (coiffeur, "misere-and-joker"), (coiffeur, "alles-trumpf-elefant-weis"), (sidi, "earthli-auto-weis"),
    (molotow, "funcardgames-three"), (molotow, "six"), (bieter, "reglement-short"), (zweier, "app-short"),
}


@pytest.mark.parametrize(
    ("variant", "preset", "rules"),
    [pytest.param(v, n, r, marks=() if (v, n) in QUICK else pytest.mark.slow) for v, n, r in CASES],
    ids=[f"{getattr(v, '__name__').rsplit('.', 1)[-1]}-{n}" for v, n, _ in CASES],
)
def test_random_games_conform(variant: Any, preset: str, rules: Any) -> None:
    report = check_variant(variant, games=2, seed=sum(map(ord, preset)), rules=rules)
    assert report.games == 2
    assert report.steps > 2 * 36 // variant.SEATS
    assert report.illegal_moves > report.steps  # at least the junk move and pool moves each step
    assert report.hidden_variations > report.steps // 2


@pytest.mark.slow  # whole games under the default rules, to 7 and over several rounds
def test_default_rules_and_a_run_is_a_function_of_its_seed() -> None:
    """``rules=None`` plays the variant's defaults; a run is a pure function of its seed."""
    for variant in (differenzler, pomme):
        first = check_variant(variant, games=1, seed=11)
        assert first == check_variant(variant, games=1, seed=11)
    assert check_variant(differenzler, games=1, seed=12) != check_variant(differenzler, games=1, seed=11)


def test_check_state_on_hand_built_states() -> None:
    state = schieber.new_game(schieber.Rules(first_dealer=0), seed=5)
    assert check_state(schieber, state) == schieber.legal_moves(state)
    state = schieber.apply(state, schieber.ChooseTrump("obenabe"))
    assert check_state(schieber, state) == schieber.legal_moves(state)
    final = pomme.new_game(seed=1)
    while not pomme.is_over(final):
        final = pomme.apply(final, pomme.legal_moves(final)[-1])
    assert check_state(pomme, final) == ()


def test_every_variant_has_card_zones_of_36_cards() -> None:
    for variant in (schieber, differenzler, pomme, coiffeur):
        zones = variant.card_zones(variant.new_game(seed=2))
        assert sum(len(cards) for cards in zones.values()) == 36
        assert all(name.startswith(("hand", "trick", "won", "extras", "talon", "top", "out")) for name in zones)


def test_visible_cards_walks_observations() -> None:
    state = differenzler.new_game(seed=3)
    view = differenzler.observe(state, 1)
    assert visible_cards(view) == state.play.hands[1] | {state.face_up}


def test_a_lossy_json_form_is_caught() -> None:
    """A round-trip through JSON text that loses the state (here: keeps only the seed) fails."""
    calls: list[str] = []

    def to_data(value: Any) -> Any:
        calls.append("to")
        return {"seed": getattr(value, "seed", None)}

    def from_data(data: Any) -> Any:
        calls.append("from")
        return pomme.new_game(seed=data["seed"]) if data["seed"] is not None else pomme.KeepHand()

    trip = json_roundtrip(to_data, from_data)
    hooks = attrs.evolve(hooks_for(pomme), roundtrips=DEFAULT_ROUNDTRIPS + (trip,), move_roundtrips=(trip,))
    with pytest.raises(ConformanceError, match="serialisation round-trips: json of the") as error:
        check_variant(pomme, games=1, seed=1, hooks=hooks)
    assert calls[:2] == ["to", "from"]
    assert error.value.check == "serialisation round-trips"


def test_json_roundtrip_helper() -> None:
    name, trip = json_roundtrip(lambda move: move.points, differenzler.Predict, name="points")
    assert name == "points" and trip(differenzler.Predict(12)) == differenzler.Predict(12)


# --- the harness catches broken variants -------------------------------------------------------

_PROTOCOL = ("SEATS", "new_game", "legal_moves", "apply", "to_act", "is_over", "winner", "score_round", "observe", "card_zones")


def _copy_of(variant: Any, **replaced: Any) -> Any:
    """A stand-in for ``variant`` with some of its functions replaced."""
    namespace = types.SimpleNamespace(**{name: getattr(variant, name) for name in _PROTOCOL})
    for name, value in replaced.items():
        setattr(namespace, name, value)
    return cast(Any, namespace)


def _fails(variant: Any, check: str, hooks: Hooks, rules: Any = None) -> ConformanceError:
    with pytest.raises(ConformanceError) as error:
        check_variant(variant, games=2, seed=7, rules=rules, hooks=hooks)
    assert error.value.check == check, str(error.value)
    message = str(error.value)
    assert f"step {error.value.step}" in message and "game " in message and "seed=" in message
    return error.value


def test_catches_a_leaked_secret_prediction() -> None:
    def observe(state: differenzler.State, seat: int) -> differenzler.Observation:
        return attrs.evolve(differenzler.observe(state, seat), predictions=state.predictions)

    error = _fails(_copy_of(differenzler, observe=observe), "observations leak nothing hidden", hooks_for(differenzler))
    assert "field 'predictions'" in str(error)


def test_catches_a_leaked_hand() -> None:
    """The other hands: by the cards an observation reaches, or by a sibling deal."""

    def observe(state: schieber.State, seat: int | None) -> Any:
        if seat is None:
            return schieber.observe(state, None)
        return (schieber.observe(state, seat), state.dealt[(seat + 1) % 4].bits)

    leaky = _copy_of(schieber, observe=observe)
    assert "cannot know" not in str(_fails(leaky, "observations leak nothing hidden", hooks_for(schieber)))

    def observe_all(state: schieber.State, seat: int | None) -> Any:
        view = schieber.observe(state, seat)
        return view if seat is None else (view, state.dealt)

    error = _fails(_copy_of(schieber, observe=observe_all), "observations leak nothing hidden", hooks_for(schieber))
    assert "which seat" in str(error) and "cannot know" in str(error)


def test_catches_a_spectator_who_sees_a_hand() -> None:
    """Rule "hidden information proved hidden": a spectator (seat None) sees no hand."""

    def observe(state: schieber.State, seat: int | None) -> Any:
        return schieber.observe(state, 0 if seat is None else seat)

    error = _fails(_copy_of(schieber, observe=observe), "observations leak nothing hidden", hooks_for(schieber))
    assert "observe(state, None) shows" in str(error) and "a spectator cannot know" in str(error)


def test_catches_a_move_accepted_from_the_wrong_seat() -> None:
    """Rule "untrusted input": apply(state, move, seat=s) refuses a seat that is not to act."""

    def apply(state: schieber.State, move: Any, *, seat: int | None = None) -> Any:
        return schieber.apply(state, move)

    error = _fails(_copy_of(schieber, apply=apply), "illegal moves raise", hooks_for(schieber))
    assert "was accepted" in str(error) and "is to act" in str(error)


def test_catches_a_lost_card() -> None:
    def card_zones(state: Any) -> dict[str, Any]:
        zones = schieber.card_zones(state)
        del zones["won 1"]
        return zones

    error = _fails(_copy_of(schieber, card_zones=card_zones), "cards conserved", hooks_for(schieber))
    assert "in no zone" in str(error)


def test_catches_a_card_in_two_places() -> None:
    def card_zones(state: Any) -> dict[str, Any]:
        zones = pomme.card_zones(state)
        zones["talon"] = zones["talon"] | zones["hand 0"]
        return zones

    error = _fails(_copy_of(pomme, card_zones=card_zones), "cards conserved", hooks_for(pomme))
    assert "both in 'hand 0' and in 'talon'" in str(error)


def test_catches_an_accepted_illegal_move() -> None:
    def apply(state: Any, move: Any) -> Any:
        return state if move is None else pomme.apply(state, move)

    error = _fails(_copy_of(pomme, apply=apply), "illegal moves raise", hooks_for(pomme))
    assert "None is not among the legal moves but was accepted" in str(error)


def test_catches_a_wrong_exception() -> None:
    def apply(state: Any, move: Any) -> Any:
        if not isinstance(move, schieber.PlayCard | schieber.ChooseTrump | schieber.Push | schieber.DeclareWeis):
            raise TypeError("boom")
        return schieber.apply(state, move)

    error = _fails(_copy_of(schieber, apply=apply), "illegal moves raise", hooks_for(schieber))
    assert "TypeError('boom'), not an IllegalMoveError" in str(error)


def test_catches_a_move_that_changes_its_input() -> None:
    def apply(state: Any, move: Any, *, seat: int | None = None) -> Any:
        after = differenzler.apply(state, move, seat=seat)
        object.__setattr__(state.setting, "penalties", tuple(p + 1 for p in state.penalties))  # a mutation
        return after

    _fails(_copy_of(differenzler, apply=apply), "apply leaves its input untouched", hooks_for(differenzler))


def test_catches_an_illegal_move_that_changes_its_input() -> None:
    def apply(state: Any, move: Any, *, seat: int | None = None) -> Any:
        if move is None:
            object.__setattr__(state.setting, "round_number", state.round_number + 1)
            raise IllegalMoveError("None")
        return pomme.apply(state, move, seat=seat)

    _fails(_copy_of(pomme, apply=apply), "apply leaves its input untouched", hooks_for(pomme))


def test_catches_two_seats_to_act() -> None:
    def observe(state: Any, seat: int) -> Any:
        return attrs.evolve(pomme.observe(state, seat), legal_moves=pomme.legal_moves(state))

    error = _fails(_copy_of(pomme, observe=observe), "one seat to act", hooks_for(pomme))
    assert ".legal_moves is" in str(error)


def test_catches_no_move_before_the_end() -> None:
    def legal_moves(state: Any) -> tuple[Any, ...]:
        return () if state.phase is differenzler.Phase.PLAY and len(state.play.tricks) == 3 else differenzler.legal_moves(state)

    error = _fails(_copy_of(differenzler, legal_moves=legal_moves), "legal moves", hooks_for(differenzler))
    assert "no legal move for seat" in str(error)


def test_catches_a_move_listed_twice() -> None:
    def legal_moves(state: Any) -> tuple[Any, ...]:
        moves = schieber.legal_moves(state)
        return moves + moves[:1]

    error = _fails(_copy_of(schieber, legal_moves=legal_moves), "legal moves", hooks_for(schieber))
    assert "listed twice" in str(error)


def test_catches_a_replay_that_differs() -> None:
    """A game that ignores its seed cannot be replayed."""
    fresh = random.Random(5)

    def new_game(rules: Any = None, seed: int | None = None, *, deal: Any = None) -> Any:
        return pomme.new_game(rules, fresh.getrandbits(64))

    error = _fails(_copy_of(pomme, new_game=new_game), "replay from the seed is exact", hooks_for(pomme))
    assert "the replay differs at step 0" in str(error)


def test_catches_a_lossy_roundtrip() -> None:
    def lossy(state: Any) -> Any:
        return state.replace(seed=state.seed + 1)

    hooks = attrs.evolve(hooks_for(schieber), roundtrips=(("lossy", lossy),))
    error = _fails(schieber, "serialisation round-trips", hooks)
    assert "lossy of the state gave a different value" in str(error)


def test_catches_a_broken_round_total() -> None:
    """The variant's own invariant: Differenzler's penalty totals grow by the round's penalties.
    (A round score whose points do not add up to 157 cannot even be built: RoundScore checks.)"""

    def apply(state: Any, move: Any, *, seat: int | None = None) -> Any:
        after = differenzler.apply(state, move, seat=seat)
        if len(after.history) > len(state.history):
            after = after.replace(penalties=(after.penalties[0] + 1,) + after.penalties[1:])
        return after

    error = _fails(_copy_of(differenzler, apply=apply), "the variant's own invariants", hooks_for(differenzler))
    assert "the totals grew by" in str(error)


def test_a_round_score_that_does_not_add_up_cannot_be_built() -> None:
    score = differenzler.score_round(random_playout(differenzler, differenzler.new_game(seed=2), seed=3))
    with pytest.raises(JassError, match="a round has 157 points"):
        attrs.evolve(score, points=(score.points[0] + 1,) + score.points[1:])


def test_catches_a_crash_in_the_variant() -> None:
    def observe(state: Any, seat: int) -> Any:
        if state.phase is pomme.Phase.PLAY and len(state.play.tricks) == 2:
            raise KeyError("oops")
        return pomme.observe(state, seat)

    error = _fails(_copy_of(pomme, observe=observe), "no unexpected error", hooks_for(pomme))
    assert "KeyError('oops')" in str(error)


def test_a_variant_without_card_zones_is_refused() -> None:
    namespace = types.SimpleNamespace(**{name: getattr(pomme, name) for name in _PROTOCOL if name != "card_zones"})
    with pytest.raises(ConformanceError, match="no card_zones"):
        check_variant(cast(Any, namespace), games=1, hooks=Hooks())


def test_report_counts() -> None:
    report = check_variant(pomme, games=1, seed=3, rules=pomme.Rules(target_points=1))
    assert isinstance(report, Report) and report.variant == "pomme"
    assert report.steps >= 2 + 18  # two exchange decisions and the 18 cards; the game ends there

