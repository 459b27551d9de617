"""jass.records: game records written, read back and replayed to the same states."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import strategies as jst
from jass import coiffeur, differenzler, pomme, records, schieber, serial
from jass.cards import Card, CardSet, FULL_DECK, deal, shuffled_deck
from jass.errors import RecordError, SerialError
from jass.play import PlayCard
from test_serial import mutate

VARIANTS = {"schieber": schieber, "differenzler": differenzler, "pomme": pomme, "coiffeur": coiffeur}


def random_game(variant: Any, state: Any, rng: random.Random, limit: int = 5_000) -> tuple[list[Any], list[Any]]:
    moves, states = [], [state]
    for _ in range(limit):
        legal = variant.legal_moves(state)
        if not legal:
            break
        move = rng.choice(legal)
        state = variant.apply(state, move)
        moves.append(move)
        states.append(state)
    return moves, states


@settings(jst.examples(40))
@given(st.sampled_from(sorted(VARIANTS)), st.data(), st.integers(0, 2**64 - 1), st.integers(0, 2**32))
def test_records_replay_to_the_same_states(name: str, data: st.DataObject, seed: int, play_seed: int) -> None:
    variant = VARIANTS[name]
    rules = data.draw(jst.variant_rules(name))
    initial = variant.new_game(rules, seed=seed)
    moves, states = random_game(variant, initial, random.Random(play_seed), limit=400)
    text = records.write_record(moves, initial, states[-1])
    assert "\n" not in text  # one line per game
    record = records.read_record(text)
    assert record.variant == name and record.seed == seed and record.rules == rules
    assert list(records.replay(record)) == states
    assert records.final_state(record) == states[-1]
    assert records.read_record(records.write_record(moves, initial, indent=1)) == record


@settings(jst.examples(30))
@given(st.sampled_from(sorted(VARIANTS)), st.integers(0, 2**32))
def test_moves_as_text_round_trip(name: str, seed: int) -> None:
    variant = VARIANTS[name]
    rng = random.Random(seed)
    state = variant.new_game(seed=seed)
    for _ in range(rng.randrange(120)):
        legal = variant.legal_moves(state)
        if not legal:
            break
        state = variant.apply(state, rng.choice(legal))
    for move in variant.legal_moves(state):
        assert records.parse_move(records.format_move(move), name, state.rules) == move


def test_explicit_deals_are_recorded() -> None:
    hands = deal(99)
    schieber_start = schieber.new_game(schieber.Rules(first_dealer=1), seed=5, deal=hands)
    differenzler_start = differenzler.new_game(seed=5, deal=hands, face_up=next(iter(hands[differenzler.new_game(seed=5).dealer])))
    pomme_start = pomme.new_game(seed=5, deal=list(shuffled_deck(99)))
    coiffeur_start = coiffeur.new_game(coiffeur.Rules(first_dealer=2), seed=5, deal=hands)
    for start in (schieber_start, differenzler_start, pomme_start, coiffeur_start):
        name = records.variant_of(start)
        variant = VARIANTS[name]
        moves, states = random_game(variant, start, random.Random(3), limit=60)
        record = records.read_record(records.write_record(moves, start))
        assert record.deal is not None and record.start is None
        assert list(records.replay(record)) == states


def test_a_game_recorded_from_the_middle_holds_its_start() -> None:
    rng = random.Random(8)
    moves, states = random_game(pomme, pomme.new_game(seed=4), rng, limit=50)
    middle = states[30]
    text = records.write_record(moves[30:], middle, states[-1])
    data = json.loads(text)
    assert "start" in data and "seed" not in data
    assert list(records.replay(records.read_record(text))) == states[30:]


def test_seeded_deals_between_rounds_are_written_as_deal() -> None:
    state = differenzler.new_game(seed=1)
    moves, states = random_game(differenzler, state, random.Random(1), limit=45)
    text = records.write_record(moves, state)
    assert '"deal"' in text and "predict" in text


def schieber_record() -> tuple[dict[str, Any], list[Any]]:
    initial = schieber.new_game(schieber.Rules(first_dealer=0), seed=21)
    moves, states = random_game(schieber, initial, random.Random(4), limit=30)
    return json.loads(records.write_record(moves, initial)), states


def test_an_illegal_move_is_reported_with_its_number() -> None:
    data, states = schieber_record()
    index = next(i for i, m in enumerate(data["moves"]) if m.startswith("play") and i > 5)
    state = states[index]
    legal = {m.card for m in schieber.legal_moves(state) if isinstance(m, PlayCard)}
    hand = state.play.hands[schieber.to_act(state)]
    other = next((c for c in Card if c not in legal), None)
    assert other is not None
    data["moves"][index] = f"play {other}"
    record = records.read_record(data)
    with pytest.raises(RecordError) as info:
        list(records.replay(record))
    assert info.value.move_number == index + 1
    assert info.value.path == f"$.moves[{index}]"
    assert f"move {index + 1}" in str(info.value) and ("not hold" in str(info.value) or str(other) in str(info.value))
    assert hand  # the seat held cards: the move was refused by the rules, not for want of cards


def test_an_unreadable_move_is_reported_with_its_number() -> None:
    data, _ = schieber_record()
    for text in ("play X9", "dance", "trump purple", "weis H6-H7", "push now", 42):
        bad = copy.deepcopy(data)
        bad["moves"][3] = text
        with pytest.raises(RecordError) as info:
            records.read_record(bad)
        assert info.value.move_number == 4 and info.value.path == "$.moves[3]"


def test_a_wrong_result_is_reported() -> None:
    data, _ = schieber_record()
    data["result"]["scores"] = [1, 2]
    with pytest.raises(RecordError) as info:
        records.final_state(records.read_record(data))
    assert info.value.path == "$.result" and info.value.move_number is None


def test_make_record_checks_the_final_state() -> None:
    initial = schieber.new_game(seed=2)
    with pytest.raises(RecordError, match="final state"):
        records.make_record([], initial, schieber.new_game(seed=3))
    with pytest.raises(RecordError) as info:
        records.make_record([schieber.Push(), schieber.Push()], initial)
    assert info.value.move_number == 2


def test_header_errors() -> None:
    data, _ = schieber_record()
    for key, value, path in [
        ("format", "jass-record/0", "$.format"),
        ("variant", "jass", "$.variant"),
        ("seed", "7", "$.seed"),
        ("rules", {"type": "schieber.Rules", "target_score": -1}, "$.rules.target_score"),
        ("rules", {"type": "pomme.Rules"}, "$.rules.type"),
        ("deal", ["C6"], "$.deal"),
        ("moves", "play H6", "$.moves"),
        ("result", [], "$.result"),
        ("extra", 1, "$"),
    ]:
        bad = copy.deepcopy(data)
        bad[key] = value
        with pytest.raises(RecordError) as info:
            records.final_state(records.read_record(bad))
        assert info.value.path == path, (key, str(info.value))
    with pytest.raises(RecordError):
        records.read_record("not json")


def test_record_example_is_readable() -> None:
    state = pomme.new_game(pomme.Rules(first_dealer=0), seed=3)
    moves = [pomme.KeepHand(), pomme.Exchange(list(state.hands[0])[:3])]
    text = records.write_record(moves, state)
    data = json.loads(text)
    assert data["moves"][0] == "keep" and data["moves"][1].startswith("exchange ")
    assert data["rules"] == {"type": "pomme.Rules", "first_dealer": 0}


@settings(jst.examples(300))
@given(st.integers(0, 2**32))
def test_fuzz_records(seed: int) -> None:
    """Mutated records are read and replayed, or refused with RecordError only."""
    rng = random.Random(seed)
    data, _ = schieber_record() if rng.random() < 0.5 else (None, None)
    if data is None:
        name = rng.choice(sorted(VARIANTS))
        initial = VARIANTS[name].new_game(seed=seed)
        moves, _ = random_game(VARIANTS[name], initial, rng, limit=40)
        data = json.loads(records.write_record(moves, initial))
    mutated = mutate(data, rng)
    try:
        record = records.read_record(mutated)
        records.final_state(record)
    except RecordError:
        pass
    except SerialError as error:  # pragma: no cover - every record error is a RecordError
        raise AssertionError(f"not a RecordError: {error!r}")


def test_deck_order_in_pomme_deal_text() -> None:
    move = pomme.Deal(list(FULL_DECK))
    text = records.format_move(move)
    assert text.startswith("deal C6 C7") and records.parse_move(text, pomme) == move
    assert records.parse_move("deal", "pomme") == pomme.Deal()
    hands = deal(1)
    assert records.parse_move(records.format_move(schieber.Deal(hands)), schieber) == schieber.Deal(hands)
    move2 = differenzler.Deal(hands, face_up=next(iter(hands[2])))
    assert records.parse_move(records.format_move(move2), differenzler) == move2
    assert records.parse_move(" Play  h10 ", "schieber") == PlayCard("H10")
    assert records.parse_move("exchange C6 C7 S8", pomme) == pomme.Exchange(CardSet.parse("C6 C7 S8"))
    with pytest.raises(RecordError):
        records.parse_move("exchange C6 C6 C7", pomme)
    with pytest.raises(RecordError, match="a prediction is an int 0..157"):
        records.parse_move("predict 158", differenzler)
    with pytest.raises(RecordError):
        records.parse_move("predict -1", differenzler)
    assert serial.to_dict(records.parse_move("predict 157", differenzler))["points"] == 157
