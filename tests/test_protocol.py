"""Every variant offers the shared protocol, and refuses what is not one of its states."""

from __future__ import annotations

from typing import Any

import attrs
import pytest

from jass import JassError, coiffeur, differenzler, pomme, schieber
from jass.play import PlayCard
from jass.variant import TwoPartState, random_playout

VARIANTS = [schieber, differenzler, pomme, coiffeur]
FUNCTIONS = ["legal_moves", "to_act", "is_over", "winner", "score_round", "card_zones"]


@pytest.mark.parametrize("variant", VARIANTS, ids=lambda v: v.__name__)
def test_each_package_is_a_variant(variant: Any) -> None:
    """The package's functions are the ones its Variant names (no wrapper in between), and a
    random game through them ends."""
    found = variant.VARIANT
    for name in (*FUNCTIONS, "new_game", "apply", "apply_trusted", "observe", "standings"):
        assert getattr(found, name) is getattr(variant, name), name
    final = random_playout(found, variant.new_game(seed=3), seed=4)
    assert variant.is_over(final) and variant.to_act(final) is None
    assert variant.legal_moves(final) == ()


@pytest.mark.parametrize("variant", VARIANTS, ids=lambda v: v.__name__)
@pytest.mark.parametrize("function", FUNCTIONS)
@pytest.mark.parametrize("value", ["state", None, 42])
def test_a_non_state_raises_the_library_error(variant: Any, function: str, value: object) -> None:
    with pytest.raises(JassError, match="state"):
        getattr(variant, function)(value)


@pytest.mark.parametrize("variant", VARIANTS, ids=lambda v: v.__name__)
def test_apply_and_observe_refuse_a_non_state(variant: Any) -> None:
    move = variant.legal_moves(variant.new_game(seed=1))[0]
    with pytest.raises(JassError, match="state"):
        variant.apply("state", move)
    with pytest.raises(JassError, match="state"):
        variant.observe(None, 0)


def test_a_state_of_another_variant_is_refused() -> None:
    with pytest.raises(JassError, match="jass.schieber.State"):
        schieber.legal_moves(differenzler.new_game(seed=1))  # type: ignore[arg-type]


@pytest.mark.parametrize("variant", VARIANTS, ids=lambda v: v.__name__)
def test_every_state_has_two_parts_and_a_card_shares_the_setting(variant: Any) -> None:
    """TwoPartState: a card changes the play only; every field of the setting reads on the
    state; replace and create take the fields by name."""
    state = variant.new_game(seed=5)
    while not any(isinstance(move, PlayCard) for move in variant.legal_moves(state)):
        state = variant.apply(state, variant.legal_moves(state)[0])  # to the first card
    assert isinstance(state, TwoPartState)
    card_move = next(move for move in variant.legal_moves(state) if isinstance(move, PlayCard))
    after = variant.apply(state, card_move)
    assert after.setting is state.setting and after.play != state.play
    names = [field.name for field in attrs.fields(type(state.setting))]
    assert all(getattr(state, name) == getattr(state.setting, name) for name in names)
    assert variant.State.create(**{name: getattr(state, name) for name in names + ["play"]}) == state
    assert state.replace() == state and state.replace(play=after.play).play is after.play
    changed = state.replace(round_number=state.round_number + 1)
    assert changed.round_number == state.round_number + 1 and state.replace(seed=state.seed) == state
    with pytest.raises(JassError, match=r"State.replace: no field colour \(fields: play, rules, seed, "):
        state.replace(colour=1)


@pytest.mark.parametrize(
    ("old", "facet", "attribute"),
    [("format_move", "notation", "format_move"), ("result", "records", "result"),
     ("check_loaded", "loading", "check_loaded"), ("public_move", "text", "public_move"),
     ("rule_move", "ai", "rule_move"), ("search", "ai", "search"), ("hooks", "checks", None)],
)
def test_the_flat_attributes_before_the_facets_forward_with_a_warning(old: str, facet: str, attribute: str | None) -> None:
    """Until 0.2 the record's old flat names give the facet's hook and say where it went."""
    found = schieber.VARIANT
    where = facet if attribute is None else f"{facet}.{attribute}"
    with pytest.warns(DeprecationWarning, match=f"Variant.{old} is deprecated: use Variant.{where}"):
        value = getattr(found, old)
    expected = getattr(found, facet)
    assert value is (expected if attribute is None else getattr(expected, attribute))
    with pytest.raises(AttributeError, match="no attribute 'no_such_hook'"):
        getattr(found, "no_such_hook")
