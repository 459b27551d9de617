"""Sidi Barrani: scenario tables for the rules of docs/rules/sidi.rst (each case names its rule),
worked rounds, hypothesis properties of random games, and the JSON and record texts worked out
by hand.

Every expected number is worked out by hand from the sources the page quotes (jassverzeichnis.ch
«Sidi Barrani – Eine Anleitung», pagat, earthli's manual, jassguru, the apps); the arithmetic is
written next to it. The conformance harness (tests/test_conformance.py) and the hidden-information
tests (tests/test_safety.py, tests/test_serve.py, tests/test_cli.py) run on every variant.

Conventions: ``first_dealer=3`` makes seat 0 Vorhand. The deal SUITED gives seat 0 every Eicheln,
seat 1 every Rosen, seat 2 every Schilten, seat 3 every Schellen. Points (the general rules): A 11,
K 4, O 3, U 2, 10 10; trump U 20, trump 9 14; last trick 5. A trump suit is worth 62 (0+0+0+14+10+20
+3+4+11), a plain suit 30 (10+2+3+4+11): 62 + 3 x 30 = 152, and 157 with the last trick.
"""

from __future__ import annotations

import copy
import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from jass import FULL_DECK, Card, CardSet, Trump, records, serial, sidi
from jass.errors import IllegalMoveError, InvalidRulesError, JassError, RecordError, SerialError
from jass.sidi import Bid, Contract, Deal, DeclareWeis, Double, Pass, Phase, PlayCard, Rules, State
from jass.weis import Weis

E, R, O, U = Trump.EICHELN, Trump.ROSEN, Trump.OBENABE, Trump.UNDENUFE
VORHAND_0 = Rules(first_dealer=3)
SUITED = [card.name for card in sorted(Card)]
RANKS = ("6", "7", "8", "9", "10", "J", "Q", "K", "A")
#: Seat 0 leads every trick and wins it (nobody else holds its suit): seat 0, 1, 2, 3 each play
#: their next card up.
SEAT_0_WINS = [f"{suit}{rank}" for rank in RANKS for suit in "CSHD"]
#: In a Rosen contract seat 1 trumps seat 0's C6 with the S6 and then leads and wins every trick.
SEAT_1_WINS = ["C6", "S6", "H6", "D6", *(f"{suit}{rank}" for rank in RANKS[1:] for suit in "SHDC")]


def game(rules: Rules = VORHAND_0, deal: list[str] = SUITED) -> State:
    return sidi.new_game(rules, seed=1, deal=deal)


def run(state: State, *moves: sidi.Move | str) -> State:
    for move in moves:
        state = sidi.apply(state, PlayCard(move) if isinstance(move, str) else move)
    return state


def sequence(suit: str) -> DeclareWeis:
    """The declaration of a whole suit in sequence, 6 to Ace: 300 points."""
    return DeclareWeis(Weis.from_cards([Card.parse(f"{suit}{rank}") for rank in RANKS]))


# --- the auction: which calls are legal -----------------------------------------------------------

#: (rule, rules, calls so far, the seat due, how many calls it has, a double among them)
LEGAL_CALLS = [
    ("Vorhand opens: every bid 40..150 in tens and 157 in 6 modes (13 x 6), or a pass; no bid to double",
     VORHAND_0, [], 0, 13 * 6 + 1, False),
    ("an opponent of the bidder: the 8 bids above 80 (90..150, 157) x 6, a double, a pass",
     VORHAND_0, [Bid(80, R)], 1, 8 * 6 + 2, True),
    ("the bidder's partner may outbid it but not double it: 8 x 6 + a pass",
     VORHAND_0, [Bid(80, R), Pass()], 2, 8 * 6 + 1, False),
    ("over «Sidi» (157) nothing is higher: the opponent doubles or passes",
     VORHAND_0, [Bid(157, R)], 1, 2, True),
    ("jassguru's lowest bid 90: 90..150 and 157 (8) x 6 + a pass",
     Rules(first_dealer=3, lowest_bid=90), [], 0, 8 * 6 + 1, False),
    ("earthli: after a double the bidding goes on; the bidder's partner bids (8 x 6) or passes",
     Rules(first_dealer=3, double_ends_auction=False), [Bid(80, R), Double()], 2, 8 * 6 + 1, False),
    ("earthli: a double only once a bid: the doubler's partner bids or passes",
     Rules(first_dealer=3, double_ends_auction=False), [Bid(80, R), Double(), Pass()], 3, 8 * 6 + 1, False),
    ("earthli: a new bid voids the double, and its opponents may double it again",
     Rules(first_dealer=3, double_ends_auction=False), [Bid(80, R), Double(), Bid(90, O)], 3, 7 * 6 + 2, True),
    ("a seat that passed may bid when its turn comes again (pass is not final)",
     VORHAND_0, [Pass(), Bid(50, E), Pass(), Pass()], 0, 11 * 6 + 2, True),
]


@pytest.mark.parametrize(("rule", "rules", "calls", "seat", "count", "double"), LEGAL_CALLS,
                         ids=[case[0][:50] for case in LEGAL_CALLS])
def test_the_calls_the_auction_allows(rule: str, rules: Rules, calls: list[sidi.Move], seat: int, count: int,
                                      double: bool) -> None:
    state = run(game(rules), *calls)
    legal = sidi.legal_moves(state)
    assert state.phase is Phase.AUCTION and sidi.to_act(state) == seat
    assert len(legal) == count and (Double() in legal) == double and Pass() in legal
    bids = [move for move in legal if type(move) is Bid]
    highest = state.contract.points if state.contract is not None else 0
    assert all(bid.points > highest for bid in bids)  # every bid higher than the last


#: (rule, rules, calls so far, a call the auction refuses)
ILLEGAL_CALLS = [
    ("a bid must name more points than the last, whatever its mode", VORHAND_0, [Bid(80, R)], Bid(80, O)),
    ("bids go in tens: 45 is no bid", VORHAND_0, [], Bid(45, R)),
    ("jassguru's lowest bid is 90", Rules(first_dealer=3, lowest_bid=90), [], Bid(80, E)),
    ("nothing to double before a bid", VORHAND_0, [], Double()),
    ("the bidder's partner may not double", VORHAND_0, [Bid(80, R), Pass()], Double()),
    ("earthli: a bid is doubled once", Rules(first_dealer=3, double_ends_auction=False),
     [Bid(80, R), Double(), Pass()], Double()),
    ("no card is played during the auction", VORHAND_0, [], PlayCard("C6")),
    ("no deal during the auction", VORHAND_0, [Bid(80, R)], Deal()),
]


@pytest.mark.parametrize(("rule", "rules", "calls", "call"), ILLEGAL_CALLS, ids=[case[0][:50] for case in ILLEGAL_CALLS])
def test_an_illegal_call_raises_and_changes_nothing(rule: str, rules: Rules, calls: list[sidi.Move],
                                                    call: sidi.Move) -> None:
    state = run(game(rules), *calls)
    kept = copy.deepcopy(state)
    with pytest.raises(IllegalMoveError):
        sidi.apply(state, call)
    assert state == kept


def test_a_call_out_of_turn_is_refused() -> None:
    # The auction goes round from Vorhand (seat 0, the dealer being 3): seat 1 may not call first.
    with pytest.raises(JassError, match="seat 1 is not to act: seat 0 is"):
        sidi.apply(game(), Bid(40, R), seat=1)


def test_a_bad_bid_is_refused_when_it_is_built() -> None:
    with pytest.raises(IllegalMoveError, match="a bid is an int 1..157"):
        Bid(158, R)
    with pytest.raises(IllegalMoveError, match="is not a trump mode"):
        Bid(80, "slalom")  # Slalom bids are not supported


# --- the auction: its end, the contract, the first lead --------------------------------------------

#: (rule, rules, calls, the phase after them, the contract, the seat to act)
AUCTION_ENDS = [
    ("three passes in a row after a bid end it; the bidder leads (jass-entials)",
     VORHAND_0, [Bid(80, R), Pass(), Pass(), Pass()], Phase.PLAY, Contract(0, 80, R), 0),
    ("two passes do not end it: the fourth seat calls",
     VORHAND_0, [Bid(80, R), Pass(), Pass()], Phase.AUCTION, Contract(0, 80, R), 3),
    ("the last bidder leads, not Vorhand",
     VORHAND_0, [Pass(), Bid(80, R), Pass(), Pass(), Pass()], Phase.PLAY, Contract(1, 80, R), 1),
    ("three passes before any bid do not end it: the dealer may still bid",
     VORHAND_0, [Pass(), Pass(), Pass()], Phase.AUCTION, None, 3),
    ("the dealer's bid after three passes is then played once three pass again",
     VORHAND_0, [Pass(), Pass(), Pass(), Bid(40, O), Pass(), Pass(), Pass()], Phase.PLAY, Contract(3, 40, O), 3),
    ("outbidding: the highest bid is the contract",
     VORHAND_0, [Bid(80, R), Bid(100, O), Bid(110, E), Pass(), Pass(), Pass()], Phase.PLAY, Contract(2, 110, E), 2),
    ("pagat: a double ends the auction at once, the contract doubled",
     VORHAND_0, [Bid(80, R), Double()], Phase.PLAY, Contract(0, 80, R, doubled=True), 0),
    ("earthli: a double does not end it; three passes after it do",
     Rules(first_dealer=3, double_ends_auction=False), [Bid(80, R), Double(), Pass(), Pass(), Pass()], Phase.PLAY,
     Contract(0, 80, R, doubled=True), 0),
    ("earthli: a new bid voids the double",
     Rules(first_dealer=3, double_ends_auction=False), [Bid(80, R), Double(), Bid(90, U), Pass(), Pass(), Pass()],
     Phase.PLAY, Contract(2, 90, U), 2),
    ("all four pass without a bid: nothing is written, the next dealer (seat 0) deals (no source settles it)",
     VORHAND_0, [Pass(), Pass(), Pass(), Pass()], Phase.ROUND_OVER, None, 0),
]


@pytest.mark.parametrize(("rule", "rules", "calls", "phase", "contract", "to_act"), AUCTION_ENDS,
                         ids=[case[0][:50] for case in AUCTION_ENDS])
def test_the_end_of_the_auction_and_the_first_lead(rule: str, rules: Rules, calls: list[sidi.Move], phase: Phase,
                                                   contract: Contract | None, to_act: int) -> None:
    state = run(game(rules), *calls)
    assert (state.phase, state.contract, sidi.to_act(state)) == (phase, contract, to_act)
    if phase is Phase.PLAY:
        assert state.play is not None and contract is not None
        assert state.play.leader == to_act and state.play.trump is contract.mode


def test_a_deal_nobody_bids_on_writes_nothing_and_the_next_dealer_deals() -> None:
    # No source settles it; the library: nothing written, the next dealer deals a new round.
    state = run(game(), Pass(), Pass(), Pass(), Pass())
    assert state.scores == (0, 0) and state.history[-1].contract is None and state.history[-1].totals == (0, 0)
    assert sidi.legal_moves(state) == (Deal(),) and sidi.score_round(state) is state.history[-1]
    state = sidi.apply(state, Deal())
    assert (state.phase, state.round_number, state.dealer, state.vorhand, state.calls) == (Phase.AUCTION, 1, 0, 1, ())


def test_every_call_is_public() -> None:
    # «Auction bids are public»: seat 3 sees seat 0's bid and seat 1's double, and so does a spectator.
    state = run(game(Rules(first_dealer=3, double_ends_auction=False)), Bid(80, R), Double())
    for seat in (3, None):
        view = sidi.observe(state, seat)
        assert view.calls == (Bid(80, R), Double()) and view.contract == Contract(0, 80, R, doubled=True)


# --- the score of a deal ------------------------------------------------------------------------------

#: (rule, rules, calls, declarations (seat: Weis), the cards in order, the round's totals)
SCORES = [
    # Seat 0 takes every trick in Eicheln: 152 + 5 = 157 >= 150, made: 150 + 157, and the Stöck
    # (CQ, CK, seat 0) 20: 327; team 1 took no card: 0.
    ("made: declarers target + card points, opponents card points (jassverzeichnis.ch)",
     VORHAND_0, [Bid(150, E), Pass(), Pass(), Pass()], {}, SEAT_0_WINS, (327, 0)),
    # 157 «Sidi» made with exactly 157: 157 + 157 + 20 = 334.
    ("made with exactly the points bid (>=, jass-entials)",
     VORHAND_0, [Bid(157, E), Pass(), Pass(), Pass()], {}, SEAT_0_WINS, (334, 0)),
    # Doubled: the target written twice, 2 x 150 = 300, + 157 + 20 = 477.
    ("doubled and made: the target counts twice, the card points once (earthli, jass-entials)",
     VORHAND_0, [Bid(150, E), Double()], {}, SEAT_0_WINS, (477, 0)),
    # Seat 0 bids 40 in Rosen: seat 1 trumps and takes every trick, 157; seat 0's team 0 < 40,
    # missed: team 0 writes its 0, team 1 40 + 157 + its Stöck (SQ, SK) 20 = 217.
    ("missed: declarers card points, opponents target + card points (jassverzeichnis.ch)",
     VORHAND_0, [Bid(40, R), Pass(), Pass(), Pass()], {}, SEAT_1_WINS, (0, 217)),
    # Doubled and missed: 2 x 40 = 80 + 157 + 20 = 257 for team 1.
    ("doubled and missed: the opponents write the target twice",
     VORHAND_0, [Bid(40, R), Double()], {}, SEAT_1_WINS, (0, 257)),
    # Seat 0 declares its 300 (nobody else declares): the Weis are written beside the card points
    # and do not count towards the target: 0 card points < 40, still missed; team 0 writes 300.
    ("Weis never count towards the target; a missed contract keeps its Weis (the default)",
     VORHAND_0, [Bid(40, R), Pass(), Pass(), Pass()], {0: "C"}, SEAT_1_WINS, (300, 217)),
    ("missed_keeps_weis=False: a missed contract loses its Weis",
     Rules(first_dealer=3, missed_keeps_weis=False), [Bid(40, R), Pass(), Pass(), Pass()], {0: "C"}, SEAT_1_WINS,
     (0, 217)),
    # Seats 0, 1 and 2 declare 300 each: equal points, equal top cards (Aces); the trump suit
    # decides (the general Weis rules): seat 0's Eicheln. Team 0 writes both its Weis, 600, and
    # 157 + 150 + 20: 927; seat 1's Weis lose: team 1 writes 0.
    ("the general Weis rules: the best Weis' team writes all its Weis, the other none",
     VORHAND_0, [Bid(150, E), Pass(), Pass(), Pass()], {0: "C", 1: "S", 2: "H"}, SEAT_0_WINS, (927, 0)),
    # The same three declarations in Rosen: seat 1's Rosen sequence is the trump one and wins:
    # team 1 writes its 300 + 157 + 20 + 40 = 517; team 0 missed with 0 and its Weis lost the
    # comparison: 0.
    ("the opponents' better Weis: compared as ever, whoever bid",
     VORHAND_0, [Bid(40, R), Pass(), Pass(), Pass()], {0: "C", 1: "S", 2: "H"}, SEAT_1_WINS, (0, 517)),
    ("no Stöck with stoeck=OFF: 150 + 157 = 307",
     Rules(first_dealer=3, stoeck=sidi.StoeckMode.OFF), [Bid(150, E), Pass(), Pass(), Pass()], {}, SEAT_0_WINS,
     (307, 0)),
    # Obenabe, seat 0 leads its Eicheln and wins every trick: the 8s count 8 and no card is trump:
    # per suit 11 + 4 + 3 + 2 + 10 + 8 = 38, x 4 = 152, + 5 = 157 >= 120; no Stöck without trump.
    ("Obenabe: the 8s count 8, 157 in all, no Stöck",
     VORHAND_0, [Bid(120, O), Pass(), Pass(), Pass()], {}, SEAT_0_WINS, (277, 0)),
]


@pytest.mark.parametrize(("rule", "rules", "calls", "declared", "cards", "totals"), SCORES,
                         ids=[case[0][:50] for case in SCORES])
def test_the_score_of_a_deal(rule: str, rules: Rules, calls: list[sidi.Move], declared: dict[int, str],
                             cards: list[str], totals: tuple[int, int]) -> None:
    state = run(game(rules), *calls)
    for card in cards:
        seat = sidi.to_act(state)
        if seat in declared and not state.play.tricks and state.declared[seat] is None:  # type: ignore[union-attr]
            state = sidi.apply(state, sequence(declared[seat]))
        state = sidi.apply(state, PlayCard(card))
    score = sidi.score_round(state)
    assert state.phase is Phase.ROUND_OVER and score.totals == totals and state.scores == totals
    team = state.contract.team  # type: ignore[union-attr]
    assert sum(t.cards + t.last_trick for t in score.teams) == 157
    assert score.made is (score.target[team] > 0)


def test_stoeck_count_when_the_second_card_is_played() -> None:
    # Schieber's Stöck (20): seat 1 holds SQ and SK in a Rosen contract; SQ is played in trick 7,
    # SK in trick 8 (cards 25 and 29 of SEAT_1_WINS); the Stöck count from the SK on.
    state = run(game(), Bid(40, R), Pass(), Pass(), Pass())
    state = run(state, *SEAT_1_WINS[:28])
    assert sidi.observe(state, 0).stoeck_team is None and SEAT_1_WINS[24] == "SQ"
    state = run(state, SEAT_1_WINS[28])
    assert SEAT_1_WINS[28] == "SK" and sidi.observe(state, 0).stoeck_team == 1
    assert sidi.score_round(state).teams[1].stoeck == 20


def test_weis_are_offered_before_the_first_card_only() -> None:
    state = run(game(), Bid(150, E), Pass(), Pass(), Pass())
    legal = sidi.legal_moves(state)
    assert sequence("C") in legal and PlayCard("C6") in legal
    state = run(state, "C6")
    assert sequence("S") in sidi.legal_moves(state)
    state = run(state, *SEAT_0_WINS[1:4])
    assert all(type(move) is PlayCard for move in sidi.legal_moves(state))  # trick 1 is over


# --- the game -----------------------------------------------------------------------------------------

#: (rule, rules, the scores before the round, calls, declarations, cards, the phase after it, the winner)
GAME_ENDS = [
    # 1400 + 327 = 1727 >= 1500; team 1 at 1000.
    ("the first team to 1500 at the end of a deal wins (jassverzeichnis.ch)",
     VORHAND_0, (1400, 1000), [Bid(150, E), Pass(), Pass(), Pass()], {}, SEAT_0_WINS, Phase.GAME_OVER, 0),
    # 1400 + 0, 1490 + 217 = 1707: team 1.
    ("the target written to the opponents may win them the game",
     VORHAND_0, (1400, 1490), [Bid(40, R), Pass(), Pass(), Pass()], {}, SEAT_1_WINS, Phase.GAME_OVER, 1),
    # 1450 + 300 = 1750 and 1480 + 217 = 1697: both past 1500; the more points win (no source).
    ("both teams past the target in one deal: the one with more points wins",
     VORHAND_0, (1450, 1480), [Bid(40, R), Pass(), Pass(), Pass()], {0: "C"}, SEAT_1_WINS, Phase.GAME_OVER, 0),
    # 1400 + 300 = 1700 and 1483 + 217 = 1700: equal, another deal is played (no source).
    ("both past the target with equal points: play on",
     VORHAND_0, (1400, 1483), [Bid(40, R), Pass(), Pass(), Pass()], {0: "C"}, SEAT_1_WINS, Phase.ROUND_OVER, None),
    # The game to 2000: 1727 is not enough.
    ("the game to 2000 (preset to_2000)",
     Rules(target_score=2000, first_dealer=3), (1400, 1000), [Bid(150, E), Pass(), Pass(), Pass()], {}, SEAT_0_WINS,
     Phase.ROUND_OVER, None),
]


@pytest.mark.parametrize(("rule", "rules", "scores", "calls", "declared", "cards", "phase", "won"), GAME_ENDS,
                         ids=[case[0][:50] for case in GAME_ENDS])
def test_the_end_of_the_game(rule: str, rules: Rules, scores: tuple[int, int], calls: list[sidi.Move],
                             declared: dict[int, str], cards: list[str], phase: Phase, won: int | None) -> None:
    state = run(game(rules).replace(scores=scores), *calls)
    for card in cards:
        seat = sidi.to_act(state)
        if seat in declared and not state.play.tricks and state.declared[seat] is None:  # type: ignore[union-attr]
            state = sidi.apply(state, sequence(declared[seat]))
        state = sidi.apply(state, PlayCard(card))
    assert (state.phase, sidi.winner(state), sidi.is_over(state)) == (phase, won, phase is Phase.GAME_OVER)
    if phase is Phase.GAME_OVER:
        assert sidi.legal_moves(state) == () and sidi.to_act(state) is None


# --- rules, presets -------------------------------------------------------------------------------------


def test_the_presets_and_a_bad_option() -> None:
    assert Rules.jassverzeichnis() == Rules() and Rules().target_score == 1500 and Rules().lowest_bid == 40
    assert Rules.to_2000().target_score == 2000 and not Rules.earthli().double_ends_auction
    assert Rules.jassguru().bids() == (90, 100, 110, 120, 130, 140, 150, 157)
    with pytest.raises(InvalidRulesError):
        Rules(lowest_bid=30)


def test_the_variant_is_found_by_its_names() -> None:
    from jass.variant import find_variant

    for name in ("sidi", "Sidi Barrani", "sidi-barrani"):
        assert find_variant(name) is sidi.VARIANT


# --- JSON and records, worked out by hand ---------------------------------------------------------

#: tests/golden/sidi.jsonl, written by hand from docs/formats.rst and the rounds above: the compact
#: rules, the state after seat 0 bid 150 in Eicheln and seat 1 passed, seat 2's view of it, the
#: score of the first round of SCORES, and its record.
GOLDEN = (Path(__file__).resolve().parent / "golden" / "sidi.jsonl").read_text(encoding="utf-8").splitlines()
MADE: list[sidi.Move] = [Bid(150, E), Pass(), Pass(), Pass(), *map(PlayCard, SEAT_0_WINS)]


def test_the_golden_texts_are_what_the_library_writes() -> None:
    rules_line, state_line, view_line, score_line, record_line = GOLDEN
    assert serial.dumps(VORHAND_0, compact=True) == rules_line
    start = game()
    assert serial.dumps(run(start, Bid(150, E), Pass())) == state_line
    assert serial.dumps(sidi.observe(run(start, Bid(150, E), Pass()), 2)) == view_line
    final = run(start, *MADE)
    assert serial.dumps(final.history[-1]) == score_line
    assert records.make_record(MADE, start, final).to_text() == record_line


def test_the_golden_texts_load_to_the_same_values() -> None:
    rules_line, state_line, view_line, score_line, record_line = GOLDEN
    assert serial.loads(rules_line) == VORHAND_0
    assert serial.loads(state_line) == run(game(), Bid(150, E), Pass())
    assert serial.loads(view_line) == sidi.observe(run(game(), Bid(150, E), Pass()), 2)
    assert serial.loads(score_line).totals == (327, 0)
    final = records.final_state(records.read_record(record_line))  # replays, and checks the result
    assert final.scores == (327, 0) and final.phase is Phase.ROUND_OVER


def test_a_loaded_state_whose_calls_or_scores_the_rules_do_not_give_is_refused() -> None:
    state = run(game(), Bid(150, E), Pass())
    data = serial.to_dict(state)
    data["calls"] = [serial.to_dict(Bid(150, E)), serial.to_dict(Bid(150, R))]  # not higher
    with pytest.raises(SerialError, match="calls"):
        serial.from_dict(data)
    data = serial.to_dict(state)
    data["scores"] = [10, 0]  # the history writes none
    with pytest.raises(SerialError, match="scores"):
        serial.from_dict(data)
    data = serial.to_dict(state)
    data["phase"] = "play"
    with pytest.raises(SerialError):
        serial.from_dict(data)


def test_a_loaded_observation_whose_contract_the_calls_do_not_make_is_refused() -> None:
    view = serial.to_dict(sidi.observe(run(game(), Bid(150, E), Pass()), 2))
    view["contract"] = serial.to_dict(Contract(0, 150, E, doubled=True))
    with pytest.raises(SerialError, match="contract"):
        serial.from_dict(view)


def test_record_text_of_every_move() -> None:
    for move, text in ((Bid(120, R), "bid 120 rosen"), (Bid(157, O), "bid 157 obenabe"), (Pass(), "pass"),
                       (Double(), "double"), (PlayCard("HA"), "play HA"), (Deal(), "deal"),
                       (sequence("C"), "weis C6-CA")):
        assert sidi.format_move(move) == text and sidi.parse_move(text) == move
    for bad in ("bid 120", "bid 12o rosen", "bid 200 rosen", "bid 120 slalom", "pass now"):
        with pytest.raises(RecordError):
            sidi.parse_move(bad)


def test_a_call_typed_in_words() -> None:
    """The command line and the server read a call as a player types it: the points and the mode
    (a suit by its symbol or name, Obenabe and Undenufe by the start of their names), «pass»,
    «double» («doppeln»: jassguru)."""
    from jass.faces import FACES

    read = sidi.VARIANT.text.read_move
    state = game()
    view, legal = sidi.observe(state, 0), sidi.legal_moves(state)
    for typed, move in (("120 unde", Bid(120, U)), ("bid 157 ♠", Bid(157, R)), ("90 Rosen", Bid(90, R)),
                        ("40 obe", Bid(40, O)), ("50 schellen", Bid(50, Trump.SCHELLEN)), ("pass", Pass())):
        assert read(typed, view, legal, FACES) == move
    for typed, problem in (("120", "a bid names its mode too"), ("45 rosen", "45 is not open"),
                           ("doppeln", "you may not double now")):
        with pytest.raises(JassError, match=problem):
            read(typed, view, legal, FACES)
    assert read("♣6", view, legal, FACES) is None  # not a call: the command line reads it its own way
    state = run(state, Bid(80, R))
    view, legal = sidi.observe(state, 1), sidi.legal_moves(state)
    assert read("doppeln", view, legal, FACES) == Double()


# --- the rule bot's auction ----------------------------------------------------------------------------


def test_the_rule_bot_bids_what_its_hand_promises_and_leaves_its_partner_s_bid() -> None:
    from jass.ai.bots import RuleBot

    state = game()
    bot = RuleBot(1)
    # Seat 0 holds every Eicheln: leading, it takes every trick in Eicheln, Obenabe or Undenufe
    # (nobody can follow): its hand promises all 157, the highest bid, «Sidi».
    move = bot.choose(sidi.observe(state, 0), sidi.legal_moves(state))
    assert type(move) is Bid and move.points == 157 and move.mode in (E, O, U)
    state = run(state, move, Pass())
    assert bot.choose(sidi.observe(state, 2), sidi.legal_moves(state)) == Pass()  # the partner's bid stands


def test_the_vector_environment_refuses_it_clearly() -> None:
    # No batch engine (the auction's calls are not in the card-play kernels): jass.rl.gymnasium plays it.
    pytest.importorskip("gymnasium", reason="the optional extra jass[rl] is not installed")
    from jass.rl.vector import batch_engine

    with pytest.raises(JassError, match="sidi has no batch engine for a vector environment"):
        batch_engine("sidi")


# --- properties of random games -------------------------------------------------------------------


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**64 - 1), st.integers(0, 2**32), st.sampled_from(sorted(sidi.VARIANT.presets)))
def test_properties_of_random_rounds(seed: int, choices: int, preset: str) -> None:
    rules = sidi.VARIANT.presets[preset]()
    state = sidi.new_game(rules, seed)
    rng = random.Random(choices)
    hidden = sidi.VARIANT.checks.hidden_variations
    while not state.history:
        legal = sidi.legal_moves(state)
        assert legal and sidi.to_act(state) is not None  # never empty while a move is due
        zones = sidi.card_zones(state)
        assert sum(len(cards) for cards in zones.values()) == 36  # cards conserved
        assert CardSet.from_bits(sum(cards.bits for cards in zones.values())) == CardSet(FULL_DECK)
        kept = copy.deepcopy(state)
        move = rng.choice(legal)
        after = sidi.apply(state, move)
        assert state == kept  # apply never changes its input
        later = copy.deepcopy(after)
        with pytest.raises(JassError):  # an illegal move raises and changes nothing
            sidi.apply(after, Deal()) if after.phase is not Phase.ROUND_OVER else sidi.apply(after, Pass())
        assert state == kept and after == later
        assert serial.loads(serial.dumps(after)) == after  # JSON round-trips (and replays)
        for seat in range(4):
            view = sidi.observe(after, seat)
            assert serial.loads(serial.dumps(view)) == view
            own = after.play.hand(seat) if after.play is not None else after.dealt[seat]
            assert view.hand == own  # its own hand, no other
            for sibling in hidden(after, seat, rng):  # another hand changed: the same view
                assert sidi.observe(sibling, seat) == view
        state = after
    score = state.history[-1]
    if score.contract is not None:  # 157 card points a round played, every mode single
        assert sum(team.cards + team.last_trick for team in score.teams) == 157
        assert all(team.multiplier == 1 and team.match == 0 for team in score.teams)
        team = score.contract.team
        made = score.teams[team].cards + score.teams[team].last_trick >= score.contract.points
        value = score.contract.points * (2 if score.contract.doubled else 1)
        assert score.target == ((value, 0) if (team == 0) == made else (0, value))
    else:
        assert score.totals == (0, 0) and all(type(call) is Pass for call in state.calls)
    assert state.scores == score.totals
