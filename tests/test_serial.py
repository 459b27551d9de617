"""jass.serial: JSON-ready dicts for every public value, loaded back with validation.

Round trips (value -> dict -> JSON text -> dict -> equal value) for every type of every
variant; fuzzing of ``from_dict`` with arbitrary JSON, with dicts of the right type and
random fields, and with valid dicts mutated in one place (only ``SerialError`` may
escape, and what loads is a state the rules reach); hand-written bad inputs that must
be refused with the right path.
"""

from __future__ import annotations

import copy
import enum
import json
import pickle
import random
from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import strategies as jst
from jass import coiffeur, differenzler, pomme, schieber, serial
from jass.cards import Card, CardSet, Rank, Suit, deal, shuffled_deck
from jass._base import json_fields
from jass.errors import JassError, SerialError
from jass.play import CardPlay, PlayCard, Trick
from jass.tricks import PlayRules
from jass.trump import Trump
from jass.weis import UndenufeOrder, Weis, WeisRules, detect_weis

VARIANTS = (schieber, differenzler, pomme, coiffeur)


def roundtrip(value: Any) -> None:
    data = serial.to_dict(value)
    text = json.dumps(data)
    assert serial.from_dict(json.loads(text)) == value
    assert serial.loads(serial.dumps(value)) == value
    assert serial.from_dict(json.loads(text), type(value)) == value
    compact = serial.to_dict(value, compact=True)
    assert serial.from_dict(json.loads(json.dumps(compact))) == value


def play_randomly(variant: Any, state: Any, rng: random.Random, moves: int) -> list[Any]:
    """The states of a random game from ``state``: ``moves`` random legal moves (or fewer)."""
    states = [state]
    for _ in range(moves):
        legal = variant.legal_moves(state)
        if not legal:
            break
        state = variant.apply(state, rng.choice(legal))
        states.append(state)
    return states


@st.composite
def differenzler_states(draw: st.DrawFn) -> differenzler.State:
    rules = draw(jst.differenzler_rules())
    state = differenzler.new_game(rules, seed=draw(st.integers(0, 2**64 - 1)))
    rng = random.Random(draw(st.integers(0, 2**32)))
    final: differenzler.State = play_randomly(differenzler, state, rng, draw(st.integers(0, 200)))[-1]
    return final


@st.composite
def pomme_states(draw: st.DrawFn) -> pomme.State:
    rules = draw(jst.pomme_rules())
    state = pomme.new_game(rules, seed=draw(st.integers(0, 2**64 - 1)))
    rng = random.Random(draw(st.integers(0, 2**32)))
    final: pomme.State = play_randomly(pomme, state, rng, draw(st.integers(0, 120)))[-1]
    return final


def states() -> st.SearchStrategy[Any]:
    return st.one_of(jst.schieber_states(), differenzler_states(), pomme_states(), jst.coiffeur_states())


def variant_of(state: Any) -> Any:
    return next(v for v in VARIANTS if isinstance(state, v.State))


# --- round trips ---------------------------------------------------------------------------------


@given(jst.cards(), jst.card_sets(), jst.suits(), jst.ranks(), jst.trumps(), jst.play_rules(), jst.weis_rules())
def test_core_values_round_trip(
    card: Card, cards: CardSet, suit: Suit, rank: Rank, trump: Trump, play_rules: PlayRules, weis_rules: WeisRules
) -> None:
    for value in (card, cards, suit, rank, trump, play_rules, weis_rules, PlayCard(card)):
        roundtrip(value)


@given(jst.hands(min_size=6, max_size=9), jst.weis_rules())
def test_weis_round_trip(hand: CardSet, rules: WeisRules) -> None:
    for weis in detect_weis(hand, rules):
        roundtrip(weis)


@jst.examples(100)
@given(states())
def test_states_round_trip(state: Any) -> None:
    roundtrip(state)
    roundtrip(state.setting)
    # Written flat: the state's JSON is its setting's with "play" added.
    flat = serial.to_dict(state)
    setting = serial.to_dict(state.setting)
    assert {k: v for k, v in flat.items() if k not in ("type", "play")} == {
        k: v for k, v in setting.items() if k != "type"
    }
    variant = variant_of(state)
    for seat in range(len(state.play.hands) if state.play is not None else variant.SEATS):  # 3 or 4
        roundtrip(variant.observe(state, seat))
    play = state.play
    if play is not None:
        roundtrip(play)
        for trick in play.tricks:
            roundtrip(trick)
    for score in state.history:
        roundtrip(score)
        if variant is schieber:
            roundtrip(score.teams[0])
    try:
        roundtrip(variant.score_round(state))
    except JassError:  # Schieber before trump is chosen
        pass
    for move in variant.legal_moves(state)[:20]:
        roundtrip(move)
    roundtrip(state.rules)


@given(jst.schieber_rules() | jst.schieber_presets(), jst.differenzler_rules(), jst.pomme_rules())
def test_rules_round_trip(
    schieber_rules: schieber.Rules, differenzler_rules: differenzler.Rules, pomme_rules: pomme.Rules
) -> None:
    for rules in (schieber_rules, differenzler_rules, pomme_rules):
        roundtrip(rules)


@given(st.integers(0, 2**64 - 1), st.integers(0, 3))
def test_deal_moves_round_trip(seed: int, dealer: int) -> None:
    hands = deal(seed)
    roundtrip(schieber.Deal(hands))
    roundtrip(schieber.Deal())
    roundtrip(differenzler.Deal(hands, face_up=next(iter(hands[dealer]))))
    roundtrip(differenzler.Deal())
    roundtrip(pomme.Deal(shuffled_deck(seed)))
    roundtrip(pomme.Deal())
    roundtrip(pomme.Exchange(list(hands[0])[:3]))
    for move in (schieber.Push(), schieber.Announce(), pomme.KeepHand(), pomme.SwapTrumpSix(), pomme.DeclineSwap(),
                 differenzler.Predict(157), schieber.ChooseTrump(Trump.UNDENUFE)):
        roundtrip(move)


def test_every_public_class_is_covered() -> None:
    """Every attrs class of the variants and the core has a type, and every field is written."""
    classes: list[type] = [Card, CardSet, Suit, Rank, Trump, PlayRules, WeisRules, Weis, Trick, CardPlay, PlayCard]
    for variant in VARIANTS:
        for name in variant.__all__:
            value = getattr(variant, name)
            if isinstance(value, type) and attrs.has(value) and not issubclass(value, enum.Enum):
                classes.append(value)
    types = serial.types()
    for cls in classes:
        name = serial.type_name(cls)
        assert types[name] is cls
        if attrs.has(cls):
            written = json_fields(cls)
            fields = [name for f in attrs.fields(cls) for name in WRITTEN_AS.get(cls, {}).get(f.name, (f.name,))]
            assert sorted(written) == sorted(fields), cls


#: Fields written as the public attributes they stand for (a new field must be added here or
#: get a codec of its own, so no field is silently left out of the format).
WRITTEN_AS: dict[type, dict[str, tuple[str, ...]]] = {
    CardPlay: {
        "setup": ("trump", "rules", "trump_jack_points"),  # seats: the number of hands
        "hand_bits": ("hands",),
        "legal_bits": (),  # worked out from the rest
    },
    schieber.State: {"setting": tuple(f.name for f in attrs.fields(schieber.Setting))},  # written flat
    differenzler.State: {"setting": tuple(f.name for f in attrs.fields(differenzler.Setting))},
    pomme.State: {"setting": tuple(f.name for f in attrs.fields(pomme.Setting))},
    coiffeur.State: {"setting": tuple(f.name for f in attrs.fields(coiffeur.Setting))},
}


def test_a_play_of_six_seats_round_trips() -> None:
    """Six hands of six, five cards in the trick (the most a trick in progress holds): written
    and read back; seven hands are refused."""
    hands = [CardSet(list(Card)[6 * k:6 * k + 6]) for k in range(6)]
    play = CardPlay.start(Trump.OBENABE, hands, leader=0)
    for card in ("C6", "CQ", "S9", "H6", "HQ"):  # seat 0 leads; the others follow or cannot
        play = play.play(Card.parse(card))
    assert len(play.trick) == 5 and serial.loads(serial.dumps(play)) == play
    data = serial.to_dict(play)
    data["hands"] = data["hands"] + [""]
    with pytest.raises(SerialError, match="expected a list of 2..6 hands, got 7"):
        serial.from_dict(data)


def test_format_examples() -> None:
    assert serial.to_dict(Card.H10) == {"format": "jass/1", "type": "Card", "card": "H10"}
    assert serial.to_dict(CardSet.parse("DA C6 H10")) == {"format": "jass/1", "type": "CardSet", "cards": "C6 H10 DA"}
    assert serial.to_dict(schieber.ChooseTrump("obenabe")) == {
        "format": "jass/1", "type": "schieber.ChooseTrump", "trump": "obenabe"}
    state = schieber.new_game(seed=7)
    data = serial.to_dict(state)
    assert data["type"] == "schieber.State" and data["dealt"][0] == str(state.dealt[0])
    assert serial.to_dict(schieber.Rules(), compact=True) == {"format": "jass/1", "type": "schieber.Rules"}
    assert serial.from_dict({"format": "jass/1", "type": "schieber.Rules"}) == schieber.Rules()


def test_options_added_after_jass_1_are_written_only_when_used() -> None:
    """An option added after the format was fixed (``LATER_OPTION``) is left out at its default,
    so the JSON of every value without it stays byte for byte, and read back when given."""
    data = serial.to_dict(WeisRules())
    assert "undenufe_order" not in data and "cross_weis" in data
    reversed_rules = WeisRules(undenufe_order=UndenufeOrder.REVERSED)
    data = serial.to_dict(reversed_rules)
    assert data["undenufe_order"] == "reversed"
    assert serial.from_dict(data) == reversed_rules
    assert serial.from_dict(serial.to_dict(WeisRules())) == WeisRules()


def test_expect_refuses_other_types() -> None:
    data = serial.to_dict(Card.H6)
    with pytest.raises(SerialError, match=r"^\$\.type: expected schieber\.State"):
        serial.from_dict(data, schieber.State)
    assert serial.from_dict(data, (CardSet, Card)) is Card.H6


# --- refusing bad input ---------------------------------------------------------------------------


def refuse(data: Any, path: str, words: str = "") -> SerialError:
    with pytest.raises(SerialError) as info:
        serial.from_dict(data)
    assert info.value.path == path, str(info.value)
    assert str(info.value).startswith(path + ": ")
    assert words in str(info.value), str(info.value)
    return info.value


def schieber_in_play() -> dict[str, Any]:
    state = schieber.new_game(schieber.Rules(first_dealer=3), seed=11)
    state = schieber.apply(state, schieber.ChooseTrump("schilten"))
    for _ in range(6):
        state = schieber.apply(state, [m for m in schieber.legal_moves(state) if isinstance(m, PlayCard)][0])
    return serial.to_dict(state)


def test_refuses_malformed_values() -> None:
    refuse([], "$", "expected an object")
    refuse({"type": "Card", "card": "H6"}, "$", "missing field 'format'")
    refuse({"format": "jass/2", "type": "Card", "card": "H6"}, "$.format")
    refuse({"format": "jass/1", "type": "Kard", "card": "H6"}, "$.type")
    refuse({"format": "jass/1", "type": "Card", "card": "H6", "extra": 1}, "$", "unknown field 'extra'")
    refuse({"format": "jass/1", "type": "Card"}, "$", "missing field 'card'")
    refuse({"format": "jass/1", "type": "Card", "card": 6}, "$.card", "card code")
    refuse({"format": "jass/1", "type": "CardSet", "cards": "H6 H6"}, "$.cards", "twice")
    refuse({"format": "jass/1", "type": "CardSet", "cards": "H6  H7"}, "$.cards", "not a card code")
    refuse({"format": "jass/1", "type": "differenzler.Predict", "points": 10**400}, "$.points", "digits")
    refuse({"format": "jass/1", "type": "differenzler.Predict", "points": True}, "$.points", "got true")
    refuse({"format": "jass/1", "type": "differenzler.Predict", "points": 12.0}, "$.points")
    refuse({"format": "jass/1", "type": "differenzler.Predict", "points": 158}, "$.points", "expected an int 0..157")
    refuse({"format": "jass/1", "type": "pomme.Exchange", "cards": "C6 C7"}, "$.cards", "expected 3 cards, got 2")
    refuse({"format": "jass/1", "type": "schieber.Rules", "target_score": None}, "$", "exactly one")


def test_refuses_a_card_twice_and_a_hand_of_ten() -> None:
    data = serial.to_dict(schieber.new_game(seed=3))
    moved = copy.deepcopy(data)
    first = moved["dealt"][0].split()[0]
    moved["dealt"][1] = moved["dealt"][1].rsplit(" ", 1)[0] + " " + first
    refuse(moved, "$.dealt[1]", "also in another hand")
    ten = copy.deepcopy(data)
    ten["dealt"][0] += " " + ten["dealt"][1].split()[0]
    refuse(ten, "$.dealt[0]", "expected 9 cards, got 10")


def test_refuses_an_illegal_card_and_wrong_scores() -> None:
    data = schieber_in_play()
    bad = copy.deepcopy(data)
    cards = bad["play"]["tricks"][0]["cards"].split()
    cards[1], cards[2] = cards[2], cards[1]  # the wrong seat plays them
    bad["play"]["tricks"][0]["cards"] = " ".join(cards)
    with pytest.raises(SerialError) as info:
        serial.from_dict(bad)
    assert info.value.path.startswith("$.play")
    scores = copy.deepcopy(data)
    scores["scores"] = [100, 0]
    refuse(scores, "$.scores[0]", "replaying the round")
    winner = copy.deepcopy(data)
    winner["play"]["tricks"][0]["winner"] = (winner["play"]["tricks"][0]["winner"] + 1) % 4
    refuse(winner, "$.play.tricks[0].winner", "replaying the round")
    dealer = copy.deepcopy(data)
    dealer["dealer"] = 0
    refuse(dealer, "$.dealer", "first dealer is seat 3")


def test_refuses_hidden_information_that_does_not_add_up() -> None:
    state = schieber.new_game(seed=5)
    view = serial.to_dict(schieber.observe(state, 1))
    bad = copy.deepcopy(view)
    bad["hand_sizes"][2] = 8
    refuse(bad, "$.hand_sizes[2]", "of its 9 cards")
    moves = copy.deepcopy(view)
    moves["legal_moves"] = [{"type": "schieber.Push"}]
    refuse(moves, "$.legal_moves", "not to act")


def test_text_is_parsed_strictly() -> None:
    good = serial.dumps(Card.H6)
    assert serial.loads(good.encode()) is Card.H6
    cases: list[tuple[str | bytes, str]] = [
        ('{"format": "jass/1", "type": "Card", "card": NaN}', "NaN"),
        ('{"format": "jass/1", "type": "Card", "card": "H6", "card": "H7"}', "twice"),
        ("[" * 100_000 + "]" * 100_000, "deeply"),
        ('{"format": "jass/1", "type": "differenzler.Predict", "points": 1' + "0" * 5000 + "}", "digits"),
        ("{", "not valid JSON"),
        (b"\xff\xfe", "UTF-8"),
        ("1e999", "expected an object"),
    ]
    for text, words in cases:
        with pytest.raises(SerialError, match=words):
            serial.loads(text)
    with pytest.raises(SerialError, match="characters"):
        serial.loads(" " * (serial.MAX_TEXT + 1))


def test_errors_pickle_and_are_value_errors() -> None:
    error = refuse({"format": "jass/1", "type": "Card", "card": "X"}, "$.card")
    again = pickle.loads(pickle.dumps(error))
    assert str(again) == str(error) and again.path == "$.card"
    assert isinstance(error, ValueError) and isinstance(error, JassError)


def test_cannot_write_foreign_values() -> None:
    with pytest.raises(SerialError, match="not a value of the library"):
        serial.to_dict(object())
    # Values out of their ranges cannot be written because they cannot be built.
    with pytest.raises(JassError, match=r"Predict\(12.0\): a prediction is an int 0..157"):
        differenzler.Predict(12.0)  # type: ignore[arg-type]


# --- fuzzing ----------------------------------------------------------------------------------------

JSON_LEAVES = (
    st.none() | st.booleans() | st.integers() | st.integers(min_value=-(2**80), max_value=2**80)
    | st.floats(allow_nan=True, allow_infinity=True) | st.text(max_size=12)
    | st.sampled_from(["H6", "C6 C7 C8", "schieber.State", "obenabe", "play", "jass/1", ""])
)
JSON = st.recursive(
    JSON_LEAVES,
    lambda children: st.lists(children, max_size=6) | st.dictionaries(st.text(max_size=8), children, max_size=6),
    max_leaves=40,
)


def load_or_refuse(data: Any) -> Any:
    """``from_dict`` either loads or raises SerialError; anything else fails the test."""
    try:
        value = serial.from_dict(data)
    except SerialError:
        return None
    # What loads writes and loads again to the same value.
    assert serial.from_dict(json.loads(json.dumps(serial.to_dict(value)))) == value
    return value


@jst.examples(300)
@given(JSON)
def test_fuzz_arbitrary_json(data: Any) -> None:
    load_or_refuse(data)


@st.composite
def typed_dicts(draw: st.DrawFn) -> dict[str, Any]:
    """A dict with the right format and a real type, its fields filled with random JSON."""
    types = serial.types()
    name = draw(st.sampled_from(sorted(types)))
    cls = types[name]
    data: dict[str, Any] = {"format": serial.FORMAT, "type": name}
    keys = json_fields(cls) if attrs.has(cls) else ("card", "cards", "suit", "rank", "trump")
    for key in keys:
        if draw(st.integers(0, 9)):
            data[key] = draw(JSON)
    return data


@jst.examples(250)
@given(typed_dicts())
def test_fuzz_typed_dicts(data: dict[str, Any]) -> None:
    load_or_refuse(data)


def nodes(data: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [path]
    if isinstance(data, dict):
        for key, value in data.items():
            found += nodes(value, path + (key,))
    elif isinstance(data, list):
        for i, value in enumerate(data):
            found += nodes(value, path + (i,))
    return found


CODES = [c.name for c in Card]


def mutate(data: Any, rng: random.Random) -> Any:
    """``data`` changed in one random place: a field dropped, added, retyped, a number made
    huge or nudged, a card changed or doubled, a list shortened, lengthened or reordered."""
    data = copy.deepcopy(data)
    places = nodes(data)[1:]
    if not places:
        return rng.choice([None, [], {"format": serial.FORMAT}, [data]])
    path = rng.choice(places)
    parent = data
    for key in path[:-1]:
        parent = parent[key]
    key = path[-1]
    value = parent[key]
    choice = rng.randrange(12)
    if choice == 0 and isinstance(parent, dict):
        del parent[key]
    elif choice == 1 and isinstance(parent, dict):
        parent["unexpected"] = value
    elif choice == 2:
        parent[key] = rng.choice([None, True, False, 0, -1, 1.5, "", "x", [], {}, 10**30, -(10**30), 2**64, [value]])
    elif choice == 3 and isinstance(value, int) and not isinstance(value, bool):
        parent[key] = value + rng.choice([-2, -1, 1, 2, 1000, -1000, 10**12])
    elif choice == 4 and isinstance(value, str) and value:
        tokens = value.split(" ")
        i = rng.randrange(len(tokens))
        tokens[i] = rng.choice(CODES + tokens)
        parent[key] = " ".join(tokens)
    elif choice == 5 and isinstance(value, str) and " " in value:
        tokens = value.split(" ")
        rng.shuffle(tokens)
        parent[key] = " ".join(tokens[:-1] if rng.random() < 0.3 else tokens)
    elif choice == 6 and isinstance(value, list) and value:
        if rng.random() < 0.5:
            value.pop(rng.randrange(len(value)))
        else:
            value.insert(rng.randrange(len(value) + 1), copy.deepcopy(rng.choice(value)))
    elif choice == 7 and isinstance(value, list) and len(value) > 1:
        i, j = rng.sample(range(len(value)), 2)
        value[i], value[j] = value[j], value[i]
    elif choice == 8 and isinstance(value, bool):
        parent[key] = not value
    elif choice == 9 and isinstance(value, str):
        parent[key] = rng.choice(CODES) if len(value) <= 3 else value + " " + rng.choice(CODES)
    elif choice == 10 and isinstance(parent, dict) and "type" in parent and key == "type":
        parent[key] = rng.choice(sorted(serial.types()))
    else:
        parent[key] = rng.choice([None, 7, "H6", [1, 2], {"type": "Card", "card": "H6"}])
    return data


def check_loaded_state(value: Any) -> None:
    """A loaded state is one the rules can continue from: every function works on it."""
    if not any(isinstance(value, v.State) for v in VARIANTS):
        return
    variant = variant_of(value)
    for seat in range(variant.VARIANT.seats_for(value.rules)):  # the rules may choose the players
        variant.observe(value, seat)
    try:
        variant.score_round(value)
    except JassError:
        pass
    play_randomly(variant, value, random.Random(1), 500)  # (some rules make a game long: no end is required)


@settings(jst.examples(200), suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(states(), st.randoms(use_true_random=False), st.integers(0, 4))
def test_fuzz_mutated_states_and_observations(state: Any, rng: random.Random, which: int) -> None:
    variant = variant_of(state)
    if which == 0:
        value: Any = state
    elif which == 1:
        value = variant.observe(state, rng.randrange(variant.VARIANT.seats_for(state.rules)))
    elif which == 2:
        value = state.rules
    elif which == 3 and variant.legal_moves(state):
        value = rng.choice(variant.legal_moves(state))
    else:
        value = state.play if state.play is not None else state.rules
    data = serial.to_dict(value)
    for _ in range(3):
        mutated = mutate(data, rng)
        loaded = load_or_refuse(mutated)
        if loaded is not None:
            check_loaded_state(loaded)


def test_mutations_are_mostly_refused() -> None:
    """The validation bites: most one-place changes of a state in play are refused."""
    rng = random.Random(5)
    state = schieber.new_game(seed=9)
    state = play_randomly(schieber, state, rng, 20)[-1]
    data = serial.to_dict(state)
    refused = 0
    for _ in range(200):
        mutated = mutate(data, rng)
        if load_or_refuse(mutated) is None:
            refused += 1
    assert refused > 150


@given(st.text(max_size=60) | st.binary(max_size=60))
def test_fuzz_text(text: Any) -> None:
    try:
        serial.loads(text)
    except SerialError:
        pass


def test_enum_texts_are_stable() -> None:
    """The strings written for enum members are part of the format."""
    state = schieber.new_game(seed=1)
    written = {serial.to_dict(state.replace(phase=phase))["phase"] for phase in schieber.Phase}
    assert sorted(written) == ["choose_trump", "game_over", "play", "round_over"]
    assert serial.to_dict(Trump.SCHELLEN)["trump"] == "schellen"
    assert serial.to_dict(Suit.HEARTS)["suit"] == "schilten"
    assert serial.to_dict(Rank.JACK)["rank"] == "J"


def test_a_differenzler_observation_written_before_it_held_the_rules_still_loads() -> None:
    """Observations gained ``rules`` (the table's rules are public, and bots need them): a text
    written without the field reads as the default rules."""
    view = differenzler.observe(differenzler.new_game(seed=4), 1)
    data = serial.to_dict(view)
    assert data.pop("rules")["type"] == "differenzler.Rules"
    assert serial.from_dict(data) == view  # seed 4's game has the default rules
