"""jass.schieber.jasskit: jass-kit's codes, its JSON game format and the Swisslos log lines it reads.

The files in tests/data were written by hand from jass-kit's documented schema
(``GameState.to_json``, format V0.2, and the Swisslos log line that its
``LogParserSwisslos`` reads); jass-kit itself is never imported.
"""

from __future__ import annotations

import copy
import json
import random
import sys
from datetime import datetime
from pathlib import Path
from typing import Any

import attrs
import pytest
import strategies as jst
from hypothesis import given, settings
from hypothesis import strategies as st
from test_serial import mutate

import jass
from jass import schieber, serial
from jass.cards import Card, Suit
from jass.errors import RecordError, SerialError
from jass.play import PlayCard
from jass.schieber import jasskit
from jass.trump import Trump

DATA = Path(__file__).parent / "data"


def load(name: str) -> dict[str, Any]:
    result: dict[str, Any] = json.loads((DATA / name).read_text())
    return result


# --- codes ---------------------------------------------------------------------------------------


def test_card_ids_and_codes() -> None:
    assert jasskit.CARD_CODES[:9] == ("DA", "DK", "DQ", "DJ", "D10", "D9", "D8", "D7", "D6")
    assert jasskit.CARD_CODES[9] == "HA" and jasskit.CARD_CODES[35] == "C6"
    assert jasskit.card_from_id(0) is Card.DA and jasskit.card_from_id(8) is Card.D6
    assert jasskit.card_from_id(9) is Card.HA and jasskit.card_from_id(35) is Card.C6
    for card in Card:
        assert jasskit.card_id(card) == 35 - card.index
        assert jasskit.card_code(card) == card.name  # the same codes, by French letter
        assert jasskit.card_from_code(card.name) is card
    with pytest.raises(SerialError):
        jasskit.card_from_id(36)
    with pytest.raises(SerialError):
        jasskit.card_from_code("H1")


@pytest.mark.parametrize("suits", [jasskit.FRENCH, jasskit.JASSKIT_GERMAN, jasskit.SWISSLOS])
def test_every_suit_mapping_is_a_bijection(suits: tuple[Suit, ...]) -> None:
    assert sorted(jasskit.card_id(card, suits) for card in Card) == list(range(36))
    for i in range(36):
        assert jasskit.card_id(jasskit.card_from_id(i, suits), suits) == i
        card = jasskit.card_from_id(i, suits)
        assert jasskit.CARD_CODES[i][1:] == {"J": "J", "Q": "Q", "K": "K", "A": "A"}.get(card.rank.code, card.rank.code)
    for code in range(6):
        assert jasskit.trump_code(jasskit.trump_from_code(code, suits), suits) == code


def test_suit_mappings() -> None:
    h_ace = jasskit.CARD_CODES.index("HA")
    assert jasskit.card_from_id(h_ace) is Card.HA  # Schilten
    assert jasskit.card_from_id(h_ace, jasskit.JASSKIT_GERMAN).suit is Suit.ROSEN
    assert jasskit.card_from_id(0, jasskit.SWISSLOS).suit is Suit.EICHELN  # diamonds
    assert jasskit.card_from_id(27, jasskit.SWISSLOS).suit is Suit.SCHELLEN  # clubs
    with pytest.raises(SerialError):
        jasskit.card_id(Card.H6, (Suit.ROSEN,) * 4)


def test_trump_codes() -> None:
    assert [jasskit.trump_from_code(c) for c in range(6)] == [
        Trump.SCHELLEN, Trump.SCHILTEN, Trump.ROSEN, Trump.EICHELN, Trump.OBENABE, Trump.UNDENUFE]
    for code in (jasskit.PUSH, jasskit.PUSH_ALT, -1, True):
        with pytest.raises(SerialError):
            jasskit.trump_from_code(code)


def test_seats() -> None:
    next_player = [3, 0, 1, 2]  # jass-kit's order of play
    for player in range(4):
        seat = jasskit.seat_from_jasskit(player)
        assert jasskit.seat_to_jasskit(seat) == player
        assert jasskit.seat_from_jasskit(next_player[player]) == (seat + 1) % 4  # our order of play
        assert seat % 2 == player % 2  # the partnerships stay
    assert [jasskit.seat_from_jasskit(p) for p in range(4)] == [0, 3, 2, 1]


# --- the hand-written game ------------------------------------------------------------------------


def test_reads_the_hand_written_game() -> None:
    data = load("jasskit_game.json")
    game = jasskit.read_game(data)
    assert game.dealer == 1 and game.trump == 1 and game.forehand == 0 and game.played == 36
    state = jasskit.to_state(data)
    assert state.phase is schieber.Phase.ROUND_OVER
    assert state.dealer == 3 and state.vorhand == 0  # jass-kit's East deals, North (our 0) leads
    assert state.pushed == 1 and state.trump is Trump.SCHILTEN  # pushed to South, who chose hearts
    play = state.play
    assert play is not None
    assert [str(c) for c in play.tricks[0].cards] == ["HJ", "H6", "H8", "H7"]
    assert [jasskit.seat_to_jasskit(t.winner) for t in play.tricks] == [0, 0, 0, 2, 3, 0, 3, 0, 3]
    assert [t.points for t in play.tricks] == [20, 28, 14, 7, 17, 24, 16, 24, 2]
    score = schieber.score_round(state)
    assert (score.teams[0].cards, score.teams[1].cards + score.teams[1].last_trick) == (117, 40)
    assert jasskit.forbidden_cards(data) == ()
    # Written back, it is the hand-written file again.
    assert jasskit.from_state(state).to_json() == data
    # The state loads through the validating reader too.
    assert serial.loads(serial.dumps(state)) == state


def test_reports_the_undertrump_that_jass_kit_allows() -> None:
    data = load("jasskit_undertrump.json")
    forbidden = jasskit.forbidden_cards(data)
    assert len(forbidden) == 1
    found = forbidden[0]
    assert (found.card_number, found.trick, found.position, found.player, found.seat, found.card) == (
        4, 0, 3, 3, 1, Card.DA)
    assert "undertrump D9" in found.reason
    with pytest.raises(RecordError) as info:
        jasskit.to_state(data)
    assert info.value.move_number == 5  # the trump choice, then the fourth card
    assert info.value.path == "$.tricks[0].cards[3]"
    assert "jass-kit player 3 (our seat 1) plays DA" in str(info.value)
    # With undertrumping always allowed (Undertrump.ALLOWED), it replays.
    from jass.tricks import PlayRules, Undertrump

    lenient = schieber.Rules(play=PlayRules(undertrump=Undertrump.ALLOWED))
    state = jasskit.to_state(data, lenient)
    assert jasskit.from_state(state).to_json() == data


def test_swisslos_log_lines() -> None:
    lines = (DATA / "swisslos.log").read_text().splitlines()
    first = jasskit.read_swisslos_line(lines[0])
    assert first.date == datetime(2017, 11, 27, 20, 10, 8, 140_000)
    assert first.players == (1021, 2042, 3063, 4084)
    assert first.rounds[1] is None and first.rounds[0] == jasskit.read_game(load("jasskit_game.json"))
    assert len(first.complete_games()) == 1
    second = jasskit.read_swisslos_line(lines[1])
    assert second.players == (0, 0, 0, 0) and second.complete_games() == ()
    for line in (first, second):
        assert jasskit.read_swisslos_line(jasskit.write_swisslos_line(line)) == line
    assert jasskit.write_swisslos_line(first) == lines[0]
    no_date = attrs.evolve(first, date=None)
    assert jasskit.read_swisslos_line(jasskit.write_swisslos_line(no_date)) == no_date


def test_log_entries() -> None:
    game = load("jasskit_game.json")
    entry = jasskit.read_log_entry({"game": game, "date": "27.11.17 20:10:08", "player_ids": [1, 2, 3, 4]})
    assert entry.date == datetime(2017, 11, 27, 20, 10, 8)
    assert jasskit.read_log_entry(json.dumps(entry.to_json())) == entry
    with pytest.raises(SerialError) as info:
        jasskit.read_log_entry({"game": {**game, "dealer": 4}, "date": None, "player_ids": [1, 2, 3, 4]})
    assert info.value.path == "$.game.dealer"


def test_refuses_bad_games() -> None:
    data = load("jasskit_game.json")
    cases: list[tuple[Any, str, str]] = []

    def case(change: Any, path: str, words: str = "") -> None:
        bad = copy.deepcopy(data)
        change(bad)
        cases.append((bad, path, words))

    case(lambda d: d.update(version="V0.1"), "$.version")
    case(lambda d: d.update(extra=1), "$", "unknown field")
    case(lambda d: d["tricks"][2].update(win=1), "$.tricks[2].win", "wins the trick")
    case(lambda d: d["tricks"][2].update(points=15), "$.tricks[2].points", "worth 14")
    case(lambda d: d["tricks"][5].update(first=0), "$.tricks[5].first", "leads")
    case(lambda d: d["tricks"][0]["cards"].__setitem__(1, "HJ"), "$.tricks[0].cards", "twice")
    case(lambda d: d.update(dealer=7), "$.dealer")
    case(lambda d: d.update(trump=10), "$.trump")
    case(lambda d: d.update(forehand=-1), "$.forehand")
    case(lambda d: d["player"][0].update(hand=["XX"]), "$.player[0].hand[0]")
    case(lambda d: d["tricks"].pop(3), "$.player[0].hand", "9 are dealt")
    for bad, path, words in cases:
        with pytest.raises(SerialError) as info:
            jasskit.to_state(bad)
        assert info.value.path == path, str(info.value)
        assert words in str(info.value)
    assert jasskit.read_game({**data, "extra": 1}, ignore_unknown=True) == jasskit.read_game(data)


# --- round trips with our states --------------------------------------------------------------------


@st.composite
def round_states(draw: st.DrawFn) -> schieber.State:
    """A round-0 state of a game whose first dealer is set, played by random moves without
    Weis or announcements (which jass-kit's format cannot hold)."""
    rules = schieber.Rules(
        first_dealer=draw(st.integers(0, 3)), target_score=100_000,
        play=draw(jst.play_rules()), multipliers=draw(st.sampled_from([schieber.SEED_MULTIPLIERS, (1,) * 6])),
    )
    state = schieber.new_game(rules, seed=draw(st.integers(0, 2**64 - 1)))
    rng = random.Random(draw(st.integers(0, 2**32)))
    for _ in range(draw(st.integers(0, 40))):
        moves = [m for m in schieber.legal_moves(state)
                 if not isinstance(m, (schieber.DeclareWeis, schieber.Announce, schieber.Deal))]
        if not moves:
            break
        state = schieber.apply(state, rng.choice(moves))
    return state


@settings(jst.examples(100))
@given(round_states(), st.sampled_from([jasskit.FRENCH, jasskit.JASSKIT_GERMAN, jasskit.SWISSLOS]))
def test_states_round_trip_through_jass_kit_format(state: schieber.State, suits: tuple[Suit, ...]) -> None:
    game = jasskit.from_state(state, suits=suits)
    text = json.dumps(game.to_json())
    assert jasskit.read_game(text) == game
    again = jasskit.to_state(text, state.rules, suits=suits, seed=state.seed)
    assert again == state
    assert jasskit.forbidden_cards(text, state.rules, suits=suits) == ()


@settings(jst.examples(400))
@given(st.integers(0, 2**32), st.sampled_from(["jasskit_game.json", "jasskit_undertrump.json"]))
def test_fuzz_jass_kit_games(seed: int, name: str) -> None:
    """A mutated jass-kit game is read and replayed, or refused with SerialError only."""
    rng = random.Random(seed)
    data = mutate(load(name), rng)
    try:
        state = jasskit.to_state(data)
    except SerialError:
        return
    assert isinstance(state, schieber.State)
    assert serial.from_dict(serial.to_dict(state)) == state


@settings(jst.examples(60))
@given(st.text(max_size=80))
def test_fuzz_swisslos_lines(text: str) -> None:
    try:
        jasskit.read_swisslos_line(text)
    except SerialError:
        pass


def test_jass_kit_is_never_imported() -> None:
    assert "jass.game" not in sys.modules
    # numpy belongs to the extra jass[batch], whose tests import it into this process: check
    # in a fresh interpreter that the rest of the library never does.
    import subprocess

    code = ("import sys, jass, jass.schieber.jasskit, jass.schieber, jass.differenzler, jass.pomme, jass.tricks, "
            "jass.serial, jass.records, jass.ai.bots, jass.ai.tournament; print('numpy' in sys.modules)")
    assert subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout == "False\n"
    package = Path(jass.__file__).parent  # jass-kit installs its six subpackages beside ours
    for name in ("game", "agents", "arena", "logs", "service", "train"):
        assert not (package / name).exists() and not (package / f"{name}.py").exists()


def test_from_state_refuses_a_push_back() -> None:
    state = schieber.new_game(schieber.Rules(allow_push_back=True), seed=1)
    state = schieber.apply(schieber.apply(state, schieber.Push()), schieber.Push())
    with pytest.raises(SerialError, match="push back"):
        jasskit.from_state(state)
    state = schieber.apply(state, schieber.ChooseTrump("obenabe"))
    state = schieber.apply(state, schieber.legal_moves(state)[-1])
    assert isinstance(schieber.legal_moves(state)[0], (PlayCard, schieber.DeclareWeis))
