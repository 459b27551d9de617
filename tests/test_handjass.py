"""Handjass for three: one test (or a few) per rule of docs/rules/handjass.rst, a worked round,
hypothesis properties of random games, and the JSON and record texts worked out by hand.

Every expected number is worked out by hand from the sources the page quotes (jassonkel.ch «Der
Handjass», jassverzeichnis.ch «Handjass à trois», jasswiki.ch, pagat, whiteknucklecards.com);
the arithmetic is written next to it. The conformance harness (tests/test_conformance.py) and
the hidden-information tests (tests/test_safety.py, tests/test_serve.py) run on every variant.

Conventions: ``first_dealer=2`` makes seat 0 Vorhand; a deal is written as the three hands
(Vorhand's, the next player's, the dealer's), the turned card and the 8 cards of the Blinde.
Points (the general rules): A 11, K 4, O 3, U 2, 10 10; trump U 20, trump 9 14; last trick 5.
"""

from __future__ import annotations

import copy
import pickle
import random
import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from jass import FULL_DECK, Card, CardSet, Trump, handjass, records, serial
from jass.errors import IllegalMoveError, InvalidRulesError, JassError, RecordError, SerialError
from jass.handjass import Deal, KeepHand, NoRob, Phase, PlayCard, Rob, Rules, State, TakeBlinde
from jass.handjass.score import game_winner, outcome
from jass.tricks import PlayRules, Undertrump

VORHAND_0 = Rules(first_dealer=2)
#: All Eicheln, all Rosen, all Schilten; the Schellen 6 turned, the other Schellen the Blinde.
SUITED = "C6 C7 C8 C9 C10 CJ CQ CK CA | S6 S7 S8 S9 S10 SJ SQ SK SA | H6 H7 H8 H9 H10 HJ HQ HK HA | D6 | " \
         "D7 D8 D9 D10 DJ DQ DK DA"
#: The Schellen 7 turned; seat 1 holds the trump 6 (D6).
ROBBABLE = "C6 C7 C8 C9 C10 CJ CQ CK CA | S6 S7 S8 S9 S10 SJ SQ SK D6 | H6 H7 H8 H9 H10 HJ HQ HK HA | D7 | " \
           "SA D8 D9 D10 DJ DQ DK DA"


def game(deal: str, rules: Rules = VORHAND_0) -> State:
    cards = deal.replace("|", " ").split()
    assert len(cards) == 36 and set(cards) == {card.name for card in FULL_DECK}
    return handjass.new_game(rules, seed=1, deal=cards)


def run(state: State, *moves: handjass.Move | str) -> State:
    for move in moves:
        state = handjass.apply(state, PlayCard(move) if isinstance(move, str) else move)
    return state


# --- the deal ---------------------------------------------------------------------------------


def test_nine_cards_each_and_the_blinde_whose_top_card_is_trump() -> None:
    # jassonkel.ch: «erhält jeder Teilnehmer gleichwohl 9 Karten, und die restlichen 9 bilden den
    # «Stock» oder den «Blinden»»; «Die oberste Karte des «Blinden» wird umgeschlagen und ist Trumpf.»
    state = game(SUITED)
    assert state.hands == (CardSet.parse("C6 C7 C8 C9 C10 CJ CQ CK CA"), CardSet.parse("S6 S7 S8 S9 S10 SJ SQ SK SA"),
                           CardSet.parse("H6 H7 H8 H9 H10 HJ HQ HK HA"))
    assert state.turned is Card.D6 and state.top_card is Card.D6 and state.trump is Trump.SCHELLEN
    assert len(state.blinde) == 8 and Card.D6 not in state.blinde
    assert state.phase is Phase.BLINDE and handjass.to_act(state) == 0 and state.vorhand == 0


def test_the_deal_rotates_to_the_next_player() -> None:
    state = game(SUITED)
    state = run(state, KeepHand(), KeepHand(), KeepHand())
    state = run(state, *_suited_play())
    assert state.phase is Phase.ROUND_OVER and handjass.to_act(state) == 0  # the seat after dealer 2 deals
    state = handjass.apply(state, Deal())
    assert state.dealer == 0 and state.vorhand == 1 and handjass.to_act(state) == 1


# --- the Blinde and the trump 6 -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("deal", "rules", "moves", "phase", "to_act", "hands", "top", "aside"),
    [
        # jassonkel.ch: «Vorhand [...] hat das Recht, seine Karten gegen den «Blinden» auszutauschen»;
        # the Blinde with its turned card; the hand laid aside; the 6 of the turned card cannot rob.
        pytest.param(SUITED, VORHAND_0, [TakeBlinde()], Phase.PLAY, 0,
                     {0: "D6 D7 D8 D9 D10 DJ DQ DK DA"}, None, "C6 C7 C8 C9 C10 CJ CQ CK CA",
                     id="Blinde: Vorhand takes it, the turned card with it; nobody else is asked"),
        # «Verzichtet «Vorhand» auf den Umtausch, so hat der folgende Spieler dieses Recht.»
        pytest.param(SUITED, VORHAND_0, [KeepHand(), TakeBlinde()], Phase.PLAY, 0,
                     {0: "C6 C7 C8 C9 C10 CJ CQ CK CA", 1: "D6 D7 D8 D9 D10 DJ DQ DK DA"}, None,
                     "S6 S7 S8 S9 S10 SJ SQ SK SA", id="Blinde: Vorhand keeps, the next player takes it"),
        # jassverzeichnis.ch: «Si aucun joueur ne veut la canne, celle-ci est mise de côté.»
        pytest.param(SUITED, VORHAND_0, [KeepHand(), KeepHand(), KeepHand()], Phase.PLAY, 0, {}, Card.D6, "",
                     id="Blinde: nobody takes it; the turned card is the 6, so nobody is asked to rob"),
        pytest.param(ROBBABLE, VORHAND_0, [KeepHand(), KeepHand(), KeepHand()], Phase.ROB, 0, {}, Card.D7, "",
                     id="trump 6: asked after the Blinde, from Vorhand on"),
        # jassonkel.ch: «darf die Trumpfkarte des Stockes mit dem Trumpf-Sechser ausgetauscht (geraubt) werden»
        pytest.param(ROBBABLE, VORHAND_0, [KeepHand(), KeepHand(), KeepHand(), NoRob(), Rob()], Phase.PLAY, 0,
                     {1: "S6 S7 S8 S9 S10 SJ SQ SK D7"}, Card.D6, "",
                     id="trump 6: seat 1 robs the turned card; the 6 lies on the Blinde"),
        pytest.param(ROBBABLE, VORHAND_0, [KeepHand(), KeepHand(), KeepHand(), NoRob(), NoRob(), NoRob()], Phase.PLAY,
                     0, {1: "S6 S7 S8 S9 S10 SJ SQ SK D6"}, Card.D7, "", id="trump 6: nobody robs"),
        pytest.param(ROBBABLE, VORHAND_0, [KeepHand(), TakeBlinde()], Phase.PLAY, 0,
                     {1: "SA D7 D8 D9 D10 DJ DQ DK DA"}, None, "S6 S7 S8 S9 S10 SJ SQ SK D6",
                     id="trump 6: the Blinde went to a player with its turned card: no rob (none from a hand)"),
        # whiteknucklecards.com: «Whichever player holds the 6 of trumps may then exchange it for the
        # upturned card. Then [...] each player has the right to throw in his/her hand»
        pytest.param(ROBBABLE, Rules(first_dealer=2, rob_before_exchange=True), [NoRob(), Rob(), TakeBlinde()],
                     Phase.PLAY, 0, {0: "SA D6 D8 D9 D10 DJ DQ DK DA", 1: "S6 S7 S8 S9 S10 SJ SQ SK D7"}, None,
                     "C6 C7 C8 C9 C10 CJ CQ CK CA", id="rob_before_exchange: the taker gets the robbed 6"),
        pytest.param(ROBBABLE, Rules(first_dealer=2, rob_before_exchange=True), [NoRob(), Rob(), KeepHand(),
                     TakeBlinde()], Phase.PLAY, 0, {1: "SA D6 D8 D9 D10 DJ DQ DK DA"}, None,
                     "S6 S7 S8 S9 S10 SJ SQ SK D7", id="rob_before_exchange: the robber takes the Blinde, "
                     "laying the turned card aside with his hand"),
    ],
)
def test_the_blinde_and_the_trump_6(deal: str, rules: Rules, moves: list[handjass.Move], phase: Phase,
                                    to_act: int, hands: dict[int, str], top: Card | None, aside: str) -> None:
    state = run(game(deal, rules), *moves)
    assert state.phase is phase and handjass.to_act(state) == to_act
    for seat, cards in hands.items():
        assert state.hand(seat) == CardSet.parse(cards), seat
    assert state.top_card is top and state.out_of_play == CardSet.parse(aside)
    zones = handjass.card_zones(state)
    assert sum(len(cards) for cards in zones.values()) == 36


def test_only_the_holder_of_the_trump_6_may_rob() -> None:
    state = run(game(ROBBABLE), KeepHand(), KeepHand(), KeepHand())
    assert handjass.legal_moves(state) == (NoRob(),)  # seat 0 has no Schellen 6
    state = handjass.apply(state, NoRob())
    assert handjass.legal_moves(state) == (Rob(), NoRob())


def test_an_illegal_move_raises_and_changes_nothing() -> None:
    state = game(ROBBABLE)
    before = pickle.dumps(state)
    for move in (Rob(), NoRob(), PlayCard("C6"), Deal()):
        with pytest.raises(IllegalMoveError, match="is not a legal move now .phase blinde, seat 0 to act"):
            handjass.apply(state, move)
    with pytest.raises(IllegalMoveError, match="seat 1"):
        handjass.apply(state, KeepHand(), seat=1)
    assert pickle.dumps(state) == before


# --- card play ----------------------------------------------------------------------------------


def test_a_trick_of_three_the_third_player_trumps_instead_of_following() -> None:
    # The general rules: «may always trump instead» of following; the winner leads the next trick.
    deal = ("HA HK C6 C7 C8 C9 C10 CJ CQ | H6 H7 S6 S7 S8 S9 S10 SJ SQ | D7 D8 SK SA CK CA H8 H9 H10 | DA | "
            "HJ HQ D6 D9 D10 DJ DQ DK")
    state = run(game(deal), KeepHand(), KeepHand(), KeepHand(), NoRob(), NoRob(), NoRob())
    assert state.phase is Phase.PLAY and handjass.to_act(state) == 0  # Vorhand leads
    state = run(state, "HA", "H6")
    cards = {m.card.name for m in handjass.legal_moves(state)}  # type: ignore[union-attr]
    assert cards == {"H8", "H9", "H10", "D7", "D8"}
    state = run(state, "D7")
    trick = state.play.tricks[0]  # type: ignore[union-attr]
    assert trick.winner == 2 and trick.points == 11  # HA 11 + H6 0 + D7 0
    assert handjass.to_act(state) == 2
    # Seat 2 leads CA; seat 0 must follow Eicheln; seat 1 is void (no trump either): any card.
    state = run(state, "CA")
    assert {m.card.name for m in handjass.legal_moves(state)} == {"C6", "C7", "C8", "C9", "C10", "CJ", "CQ"}  # type: ignore[union-attr]
    state = run(state, "CQ")
    assert len(handjass.legal_moves(state)) == 8  # seat 1, void in Eicheln: any of H7 S6 S7 S8 S9 S10 SJ SQ
    state = run(state, "S6")
    assert state.play.tricks[1].winner == 2 and state.play.tricks[1].points == 14  # type: ignore[union-attr]  # CA 11 + CQ 3


def _suited_play() -> list[str]:
    """The nine tricks of SUITED when all keep: Vorhand leads Eicheln, the others (void, no
    trump) follow with any card; the led card wins every trick."""
    moves = []
    for club, spade, heart in zip("C6 C7 C8 C9 C10 CJ CQ CK CA".split(), "S6 S7 S8 S9 S10 SJ SQ SK SA".split(),
                                  "H6 H7 H8 H9 H10 HJ HQ HK HA".split()):
        moves += [club, spade, heart]
    return moves


def test_worked_round_everyone_keeps() -> None:
    state = run(game(SUITED), KeepHand(), KeepHand(), KeepHand(), *_suited_play())
    score = state.history[-1]
    # Seat 0 takes all 27 cards: Eicheln, Rosen, Schilten (no trump) 11 + 4 + 3 + 2 + 10 = 30 each: 90, +5.
    assert score.totals == (95, 0, 0) and score.last_trick == (5, 0, 0)
    # jassverzeichnis.ch: «si un seul joueur a au moins 21 points, il reçoit deux tirets»; jassonkel.ch:
    # «Wer keine 21 Punkte im Spiel schafft, fällt herunter und bekommt eine Null».
    assert score.strokes == (2, 0, 0) and score.nullers == (False, True, True)
    assert state.scores == (2, -1, -1) and state.nullers == (0, 1, 1)


def test_worked_round_vorhand_takes_the_blinde_of_trumps() -> None:
    state = run(game(SUITED), TakeBlinde())
    assert state.phase is Phase.PLAY  # the Blinde went with its turned card: no rob
    moves = []
    for trump, spade, heart in zip("D6 D7 D8 D9 D10 DJ DQ DK DA".split(), "S6 S7 S8 S9 S10 SJ SQ SK SA".split(),
                                   "H6 H7 H8 H9 H10 HJ HQ HK HA".split()):
        moves += [trump, spade, heart]
    state = run(state, *moves)
    score = state.history[-1]
    # Schellen trump: 9 14, 10 10, U 20, O 3, K 4, A 11 = 62; Rosen 30, Schilten 30; +5 = 127.
    assert score.card_points == (122, 0, 0) and score.totals == (127, 0, 0)
    assert state.out_of_play == CardSet.parse("C6 C7 C8 C9 C10 CJ CQ CK CA")


def test_the_game_ends_when_a_player_reaches_the_target() -> None:
    state = run(game(SUITED, Rules(first_dealer=2, target_strokes=2)), KeepHand(), KeepHand(), KeepHand(),
                *_suited_play())
    assert handjass.is_over(state) and handjass.winner(state) == 0 and state.phase is Phase.GAME_OVER
    assert handjass.legal_moves(state) == () and handjass.to_act(state) is None


# --- the score ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("totals", "rules", "strokes", "nullers"),
    [
        # jassonkel.ch: «Die beiden Spieler, die pro Runde am meisten Punkte erzielt haben, erhalten je einen Strich»
        pytest.param((60, 50, 47), Rules(), (1, 1, 0), (False, False, False), id="two best: a stroke each"),
        pytest.param((80, 30, 14), Rules(), (1, 1, 0), (False, False, True), id="under 21: a Nuller"),
        # «Wer keine 21 Punkte [...]»: 21 is no Nuller.
        pytest.param((21, 20, 60), Rules(), (1, 0, 1), (False, True, False),
                     id="exactly 21: no Nuller"),
        # jassverzeichnis.ch: «si un seul joueur a au moins 21 points, il reçoit deux tirets»
        pytest.param((80, 15, 14), Rules(), (2, 0, 0), (False, True, True), id="the only one at 21: both strokes"),
        pytest.param((10, 15, 20), Rules(), (0, 0, 0), (True, True, True), id="all under 21: three Nullers"),
        # No source settles ties: each tied for a stroke's place wins one (the library's reading).
        pytest.param((50, 40, 40), Rules(), (1, 1, 1), (False, False, False), id="tie for second: both win one"),
        # jasswiki.ch «mit Blindem»: «Pro Spiel kann nur der Spieler, der die meisten Punkte erzielt, einen Strich notieren»
        pytest.param((80, 30, 14), Rules(strokes_per_deal=1), (1, 0, 0), (False, False, True),
                     id="strokes_per_deal=1: the best only"),
        pytest.param((80, 15, 14), Rules(strokes_per_deal=1), (1, 0, 0), (False, True, True),
                     id="strokes_per_deal=1: the only one at 21 gets one"),
        # pagat: «anyone who takes fewer than 26 card points gets a Null»
        pytest.param((80, 25, 22), Rules(nuller_threshold=26), (2, 0, 0), (False, True, True),
                     id="nuller_threshold=26"),
    ],
)
def test_strokes_and_nullers(totals: tuple[int, int, int], rules: Rules, strokes: tuple[int, ...],
                             nullers: tuple[bool, ...]) -> None:
    assert outcome(totals, rules) == (strokes, nullers)


@pytest.mark.parametrize(
    ("scores", "target", "winner"),
    [
        # jassverzeichnis.ch: «Dès qu'un joueur a 7 traits, il a gagné la partie (les éventuels zéros
        # doivent toutefois être compensés par d'autres traits)»: net strokes.
        pytest.param((7, 5, -1), 7, 0, id="7 strokes win"),
        pytest.param((6, 6, 6), 7, None, id="6 strokes: play on"),
        pytest.param((5, 3, 1), 5, 0, id="target_strokes=5 (jassonkel.ch: auf 5, 7 oder 9)"),
        pytest.param((7, 8, 2), 7, 1, id="two reach it in one deal: more strokes wins (no source settles it)"),
        pytest.param((8, 8, 2), 7, None, id="two reach it equal: play on (no source settles it)"),
    ],
)
def test_the_target(scores: tuple[int, int, int], target: int, winner: int | None) -> None:
    assert game_winner(scores, Rules(target_strokes=target)) == winner


def test_the_highest_nuller_threshold_still_lets_a_random_player_gain() -> None:
    """The measurement behind MAX_NULLER_THRESHOLD: at 26 (pagat's), with one stroke a deal (the
    fewest), a random player's net strokes rise on average (about +0.03 a deal), so a game ends."""
    rules = Rules(strokes_per_deal=1, nuller_threshold=handjass.MAX_NULLER_THRESHOLD, first_dealer=0)
    gained = 0
    for seed in range(150):
        state, rng = handjass.new_game(rules, seed=seed), random.Random(seed)
        while not state.history:
            legal = handjass.legal_moves(state)
            state = handjass.apply(state, legal[int(rng.random() * len(legal))])
        gained += sum(state.history[-1].game_points)
    assert gained / 450 > 0.01, f"a player gains {gained / 450:.3f} strokes a deal"


def test_options_are_checked_and_presets_say_their_source() -> None:
    with pytest.raises(InvalidRulesError, match="target_strokes=0"):
        Rules(target_strokes=0)
    with pytest.raises(InvalidRulesError, match="nuller_threshold=27"):
        Rules(nuller_threshold=27)
    with pytest.raises(InvalidRulesError, match="first_dealer=3"):
        Rules(first_dealer=3)
    assert Rules.pagat().nuller_threshold == 26 and Rules.mit_blindem().strokes_per_deal == 1
    assert Rules.whiteknucklecards().rob_before_exchange and Rules.jassonkel() == Rules()
    # No Handjass source settles undertrumping: the general rule is the default, the others options.
    assert Rules().play == PlayRules(undertrump=Undertrump.FORBIDDEN_UNLESS_ONLY_TRUMPS)


# --- what a seat sees ---------------------------------------------------------------------------


def test_observe_hides_the_blinde_and_the_hand_laid_aside() -> None:
    # Seat 1 took the Blinde (with the turned D6, which everybody saw): its old hand is out of play.
    state = run(game(SUITED), KeepHand(), TakeBlinde())
    aside = {card.name for card in CardSet.parse("S6 S7 S8 S9 S10 SJ SQ SK SA")}
    for seat in range(3):
        view = handjass.observe(state, seat)
        assert view.hand == state.hand(seat) and view.taken_by == 1 and view.top_card is None
        others = {card.name for other in range(3) if other != seat for card in state.hand(other)} - {"D6"}
        for text in (serial.dumps(view), repr(view)):
            shown = set(re.findall(r"\b[CSHD](?:10|[6-9JQKA])\b", text))
            assert not shown & (others | aside), (seat, shown & (others | aside))
    spectator = handjass.observe(state, None)
    assert spectator.hand == CardSet() and spectator.legal_moves == ()


def test_the_sampler_knows_where_the_face_up_cards_went() -> None:
    # Seat 1 robbed the turned D7 with the D6 (rob first), then seat 0 took the Blinde with the D6 on it.
    rules = Rules(first_dealer=2, rob_before_exchange=True)
    state = run(game(ROBBABLE, rules), NoRob(), Rob(), TakeBlinde())
    view = handjass.observe(state, 2)
    known, excluded = view.public_cards()
    assert known == {1: Card.D7.bit, 0: Card.D6.bit} and excluded == 0
    rng = random.Random(3)
    for _ in range(20):
        hidden = handjass.sample_hidden(view, rng)
        assert Card.D7 in hidden.hands[1] and Card.D6 in hidden.hands[0] and len(hidden.blinde) == 0
        assert len(hidden.out_of_play) == 9 and hidden.hands[2] == view.hand
        assert handjass.observe(handjass.determinize(view, rng), 2) == view


# --- JSON and records, worked out by hand ---------------------------------------------------------

#: tests/golden/handjass.jsonl, written by hand from docs/formats.rst and the game above: the
#: compact rules, the state of the SUITED deal, seat 1's view after Vorhand kept his hand, the
#: score of the worked round where all keep, and its record.
GOLDEN = (Path(__file__).resolve().parent / "golden" / "handjass.jsonl").read_text(encoding="utf-8").splitlines()


def test_the_golden_texts_are_what_the_library_writes() -> None:
    rules_line, state_line, view_line, score_line, record_line = GOLDEN
    assert serial.dumps(VORHAND_0, compact=True) == rules_line
    start = game(SUITED)
    assert serial.dumps(start) == state_line
    assert serial.dumps(handjass.observe(run(start, KeepHand()), 1)) == view_line
    final = run(start, KeepHand(), KeepHand(), KeepHand(), *_suited_play())
    assert serial.dumps(final.history[-1]) == score_line
    moves = [KeepHand(), KeepHand(), KeepHand(), *map(PlayCard, _suited_play())]
    assert records.make_record(moves, start, final).to_text() == record_line


def test_the_golden_texts_load_to_the_same_values() -> None:
    rules_line, state_line, view_line, score_line, record_line = GOLDEN
    assert serial.loads(rules_line) == VORHAND_0
    assert serial.loads(state_line) == game(SUITED)
    assert serial.loads(view_line) == handjass.observe(run(game(SUITED), KeepHand()), 1)
    assert serial.loads(score_line).totals == (95, 0, 0)
    final = records.final_state(records.read_record(record_line))  # replays, and checks the result
    assert final.scores == (2, -1, -1) and final.phase is Phase.ROUND_OVER


def test_a_loaded_state_whose_decisions_the_rules_did_not_ask_for_is_refused() -> None:
    state = run(game(ROBBABLE), KeepHand(), KeepHand(), KeepHand())
    data = serial.to_dict(state)
    data["takes"] = [False, None, False]
    with pytest.raises(SerialError, match="takes"):
        serial.from_dict(data)
    data = serial.to_dict(state)
    data["phase"] = "play"
    with pytest.raises(SerialError, match="phase"):
        serial.from_dict(data)


def test_record_text_of_every_move() -> None:
    for move, text in ((TakeBlinde(), "take"), (KeepHand(), "keep"), (Rob(), "rob"), (NoRob(), "norob"),
                       (PlayCard("HA"), "play HA"), (Deal(), "deal")):
        assert handjass.format_move(move) == text and handjass.parse_move(text) == move
    with pytest.raises(RecordError):
        handjass.parse_move("take C6")


# --- properties of random games -------------------------------------------------------------------


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**64 - 1), st.integers(0, 2**32), st.sampled_from(sorted(handjass.VARIANT.presets)))
def test_properties_of_random_rounds(seed: int, choices: int, preset: str) -> None:
    rules = handjass.VARIANT.presets[preset]()
    state = handjass.new_game(rules, seed)
    rng = random.Random(choices)
    while not state.history:
        legal = handjass.legal_moves(state)
        assert legal and handjass.to_act(state) is not None  # never empty while a move is due
        zones = handjass.card_zones(state)
        assert sum(len(cards) for cards in zones.values()) == 36  # cards conserved
        assert CardSet.from_bits(sum(cards.bits for cards in zones.values())) == CardSet(FULL_DECK)
        kept = copy.deepcopy(state)
        move = rng.choice(legal)
        after = handjass.apply(state, move)
        assert state == kept  # apply never changes its input
        later = copy.deepcopy(after)
        with pytest.raises(JassError):  # an illegal move raises and changes nothing
            handjass.apply(after, move) if type(move) is PlayCard else handjass.apply(state, Deal())
        assert state == kept and after == later
        assert serial.loads(serial.dumps(after)) == after  # JSON round-trips (and replays)
        for seat in range(3):
            view = handjass.observe(after, seat)
            assert serial.loads(serial.dumps(view)) == view
        state = after
    score = state.history[-1]
    played = [card for trick in state.play.tricks for card in trick.cards]  # type: ignore[union-attr]
    table = {card: card_points(state, card) for card in played}
    # The round's points: the 27 played cards' points plus the last trick's 5 (157 only if all 36 were played).
    assert len(played) == 27 and sum(score.totals) == sum(table.values()) + 5 <= 157


def card_points(state: State, card: Card) -> int:
    """A card's points by the general table, worked out here apart from the library's table."""
    values = {"A": 11, "K": 4, "Q": 3, "J": 2, "10": 10}
    rank = card.name[1:]
    if card.suit == state.turned.suit:
        return {"J": 20, "9": 14}.get(rank, values.get(rank, 0))
    return values.get(rank, 0)
