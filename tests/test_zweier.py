"""Zweierjass: one test (or a few) per rule of docs/rules/zweierjass.rst, a worked round,
hypothesis properties of random games, the search sampler against the draws, and the JSON and
record texts worked out by hand.

Every expected number is worked out by hand from the rules the page quotes (rafael-ottersberg's
jass-app, the only source); the arithmetic is written next to it.

Conventions: ``first_dealer=0`` makes seat 1 the first player; a deal is written as the first
player's hand, the dealer's hand and the stack, top first (its last card is the bottom card).
Points (the general rules): A 11, K 4, O 3, U 2, 10 10; trump U 20, trump 9 14; Obenabe and
Undenufe 8 = 8; Undenufe 6 = 11 and A 0; last trick 5.
"""

from __future__ import annotations

import copy
import random
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from jass import FULL_DECK, Card, CardSet, PerTrickMode, Trump, records, serial, zweier
from jass.errors import IllegalMoveError, InvalidRulesError, JassError, RecordError
from jass.ai.counting import Count
from jass.tricks import legal_bits
from jass.zweier import Deal, Phase, PlayCard, Rules, SlalomPoints, SlalomStart, State
from jass.zweier.ai import _situation
from jass.zweier.score import game_winner

FIRST_1 = Rules(first_dealer=0)
CLUBS, SPADES = "C6 C7 C8 C9 C10 CJ CQ CK CA", "S6 S7 S8 S9 S10 SJ SQ SK SA"
#: All Eicheln to seat 1 (the first player), all Rosen to seat 0 (the dealer); the stack holds
#: the Schilten then the Schellen, top first, so the Schellen Ace is the bottom card: Obenabe.
SUITED = f"{CLUBS} | {SPADES} | H6 H7 H8 H9 H10 HJ HQ HK HA D6 D7 D8 D9 D10 DJ DQ DK DA"


def game(deal: str, rules: Rules = FIRST_1) -> State:
    cards = deal.replace("|", " ").split()
    assert len(cards) == 36 and set(cards) == {card.name for card in FULL_DECK}
    return zweier.new_game(rules, seed=1, deal=cards)


def with_bottom(first: str, dealer: str, bottom: str, rules: Rules = FIRST_1) -> State:
    """A deal with these hands and this bottom card; the rest of the stack in card order."""
    named = set((first + " " + dealer + " " + bottom).split())
    rest = [card.name for card in FULL_DECK if card.name not in named]
    return game(f"{first} | {dealer} | {' '.join(rest)} {bottom}", rules)


def run(state: State, *cards: str) -> State:
    for card in cards:
        state = zweier.apply(state, PlayCard(card))
    return state


def lowest(state: State) -> State:
    """Each player plays its lowest legal card (by card index) to the end of the round."""
    while state.phase is Phase.PLAY:
        state = zweier.apply(state, zweier.legal_moves(state)[0])
    return state


# --- the deal and the mode ------------------------------------------------------------------------


def test_nine_cards_each_and_a_stack_of_eighteen_whose_bottom_card_is_face_up() -> None:
    # The jass-app: «players_dict[player].hand.add_cards(self.table.stack.draw(9))» for each player;
    # «lowest_stack_card = self.table.stack.cards[-1]».
    state = game(SUITED)
    assert state.hand(1) == CardSet.parse(CLUBS) and state.hand(0) == CardSet.parse(SPADES)
    assert len(state.stack_left) == 18 and state.bottom_card is Card.DA
    assert zweier.to_act(state) == 1  # the first player, the dealer's opponent, leads
    view = zweier.observe(state, 0)
    assert view.bottom_card is Card.DA and view.stack_size == 18 and view.mode is Trump.OBENABE


@pytest.mark.parametrize(
    ("bottom", "rules", "mode", "rule"),
    [
        ("H6", FIRST_1, Trump.UNDENUFE, "a 6: «if lowest_stack_card.value == '6': trump = 'unde'»"),
        ("C6", FIRST_1, Trump.UNDENUFE, "a 6 of any suit"),
        ("H7", FIRST_1, Trump.SCHILTEN, "any other card: «trump = self.table.stack.cards[-1].color»"),
        ("S8", FIRST_1, Trump.ROSEN, "an 8: its suit"),
        ("D9", FIRST_1, Trump.SCHELLEN, "a 9: its suit"),
        ("CJ", FIRST_1, Trump.EICHELN, "an Under: its suit"),
        ("HQ", FIRST_1, Trump.SCHILTEN, "an Ober: its suit"),
        ("SK", FIRST_1, Trump.ROSEN, "a King: its suit"),
        ("D10", FIRST_1, PerTrickMode.SLALOM_OBENABE, "a Banner: Slalom, the app's decide_which_slalom: Obenabe"),
        ("D10", Rules(first_dealer=0, slalom_start=SlalomStart.UNDENUFE), PerTrickMode.SLALOM_UNDENUFE,
         "a Banner with slalom_start=UNDENUFE"),
        ("HA", FIRST_1, Trump.OBENABE, "an Ace: «elif lowest_stack_card.value == '14': trump = 'obe'»"),
    ],
)
def test_the_bottom_card_fixes_the_mode(bottom: str, rules: Rules, mode: object, rule: str) -> None:
    state = _bottom_game(bottom, rules)
    assert state.mode == mode, rule
    assert zweier.observe(state, 1).mode == mode


def _bottom_game(bottom: str, rules: Rules) -> State:
    rest = [card.name for card in FULL_DECK if card.name != bottom]
    return game(" ".join(rest + [bottom]), rules)


# --- the draws ---------------------------------------------------------------------------------------


def test_the_winner_draws_the_top_card_then_the_loser_the_next() -> None:
    # «for i in range(number_of_players): index = (winning_player_idx + i) % number_of_players»:
    # seat 1 leads C6, seat 0 (no Eicheln) throws S6; Obenabe, so the led suit wins: seat 1 takes
    # the trick (0 points) and draws the top card H6, seat 0 the next, H7.
    state = run(game(SUITED), "C6", "S6")
    assert state.play.tricks[0].winner == 1 and state.play.tricks[0].points == 0
    assert Card.H6 in state.hand(1) and Card.H7 in state.hand(0)
    assert [len(state.hand(seat)) for seat in (0, 1)] == [9, 9] and len(state.stack_left) == 16
    assert zweier.observe(state, 1).your_draws[0] is Card.H6 and zweier.observe(state, 0).your_draws[0] is Card.H7
    assert zweier.observe(state, 1).stack_size == 16


def test_the_loser_of_the_ninth_trick_draws_the_bottom_card_and_the_other_knows_it() -> None:
    # Seat 1 wins the nine tricks with its Eicheln (seat 0 has none, and Obenabe has no trump): it
    # draws the stack's cards 1, 3, .., 17 (H6 H8 H10 HQ HA D7 D9 DJ DK), seat 0 cards 2, 4, .., 18,
    # the last the bottom card DA.
    state = run(game(SUITED), *[card for pair in zip(CLUBS.split(), SPADES.split()) for card in pair])
    assert state.hand(1) == CardSet.parse("H6 H8 H10 HQ HA D7 D9 DJ DK")
    assert state.hand(0) == CardSet.parse("H7 H9 HJ HK D6 D8 D10 DQ DA")
    assert state.stack_left == ()
    for seat in (0, 1):
        view = zweier.observe(state, seat)
        assert view.bottom_drawn_by == 0 and view.stack_size == 0
    assert zweier.observe(state, 0).your_draws[-1] is Card.DA


def test_after_the_stack_a_void_is_for_good_and_before_it_only_until_the_next_draw() -> None:
    # Trick 1: seat 0 showed it has no Eicheln, then drew. The counting player must not take that
    # void past the draw: every unseen Eicheln card may be in seat 0's hand.
    state = with_bottom("C6 C7 H6 H7 H8 H9 H10 HJ HQ", "S6 S7 S8 S9 S10 SJ SQ SK SA", "D7")
    state = run(state, "C6", "S6")  # Schellen trump: S6 does not follow, seat 1 wins
    view = zweier.observe(state, 1)
    situation = _situation(view, zweier.legal_moves(state))
    assert situation is not None
    possible = CardSet.from_bits(Count.of(situation).possible[0])
    # Seat 1 drew the stack's top card C8; the other Eicheln are unseen, C9 in fact drawn by seat 0.
    assert Card.C9 in state.hand(0) and CardSet.parse("C9 C10 CJ CQ CK CA") <= possible


# --- card play -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("first", "dealer", "bottom", "rules", "lead", "legal", "rule"),
    [
        ("H7 C6 C7 C8 C9 C10 CJ CQ CK", "HJ S6 S7 S8 S9 S10 SJ SQ SK", "HA", FIRST_1, "H7",
         "HJ", "Obenabe: no trump, no Bauer exception: follow suit with the only Schilten"),
        ("H7 C6 C7 C8 C9 C10 CJ CQ CK", "HJ S6 S7 S8 S9 S10 SJ SQ SK", "HK", FIRST_1, "H7",
         "HJ S6 S7 S8 S9 S10 SJ SQ SK", "Bauer exception: the trump Under alone need not follow a trump lead"),
        ("H7 C6 C7 C8 C9 C10 CJ CQ CK", "HJ S6 S7 S8 S9 S10 SJ SQ SK", "HK",
         Rules(first_dealer=0, bauer_exception=False), "H7", "HJ", "without the Bauer exception: the Under must go"),
        ("H7 C6 C7 C8 C9 C10 CJ CQ CK", "HJ H6 S7 S8 S9 S10 SJ SQ SK", "HK", FIRST_1, "H7", "HJ H6",
         "trump led, the Under and another trump: a trump"),
        ("C6 H7 C7 C8 C9 CJ CQ CK CA", "C10 HJ S6 S7 S8 S9 S10 SJ SQ", "HK", FIRST_1, "C6",
         "C10 HJ", "a plain suit led: follow it, or trump at any time"),
        ("C6 H7 C7 C8 C9 CJ CQ CK CA", "HJ H6 S6 S7 S8 S9 S10 SJ SQ", "HK", FIRST_1, "C6",
         "HJ H6 S6 S7 S8 S9 S10 SJ SQ", "void in the led suit: any card"),
    ],
)
def test_follow_suit_or_trump(first: str, dealer: str, bottom: str, rules: Rules, lead: str, legal: str,
                              rule: str) -> None:
    # «Round.check_card_allowed»: the general rules of card play (docs/rules/general.rst).
    state = run(with_bottom(first, dealer, bottom, rules), lead)
    assert CardSet(move.card for move in zweier.legal_moves(state) if isinstance(move, PlayCard)) == CardSet.parse(legal), rule


def test_slalom_plays_each_of_the_18_tricks_in_its_own_mode() -> None:
    # The bottom card D10 makes a Slalom starting Obenabe: tricks 1, 3, .., 17 Obenabe, 2, 4, .., 18
    # Undenufe. Trick 1: C6 led, C7 follows: Obenabe, the 7 wins, 0 points. Trick 2 (Undenufe),
    # led by seat 0 with C8, seat 1 follows C9: the 8 wins, the 8 counts 8 (Undenufe 8 = 8).
    state = with_bottom("C6 C9 C10 CJ CQ CK CA S6 S7", "C7 C8 H6 H7 H8 H9 HJ HQ HK", "D10")
    modes = []
    rng = random.Random(3)
    checked = run(state, "C6", "C7", "C8", "C9")
    assert [t.winner for t in checked.play.tricks] == [0, 0] and [t.points for t in checked.play.tricks] == [0, 8]
    while state.phase is Phase.PLAY:
        if not state.play.trick:
            modes.append(state.trump)
        state = zweier.apply(state, rng.choice(zweier.legal_moves(state)))
    assert modes == [Trump.OBENABE, Trump.UNDENUFE] * 9


@pytest.mark.parametrize(
    ("points", "trick_2", "rule"),
    [
        (SlalomPoints.PER_TRICK, 19, "each trick in its own mode: Undenufe's 6 is 11, its 8 is 8"),
        (SlalomPoints.FIRST_DIRECTION, 8, "the app: every trick with Obenabe's values, the 6 0, the 8 8"),
    ],
)
def test_a_slalom_s_points(points: SlalomPoints, trick_2: int, rule: str) -> None:
    # Bottom card H10: Slalom-Obenabe. Trick 1 (Obenabe): CK led, C7 follows: the King, 4 points.
    # Trick 2 (Undenufe): seat 1 leads C6, seat 0 follows C8: the 6 wins.
    state = with_bottom("CK C6 C9 C10 CJ CQ CA S6 S7", "C7 C8 H6 H7 H8 H9 HJ HQ HK", "H10",
                        Rules(first_dealer=0, slalom_points=points))
    state = run(state, "CK", "C7", "C6", "C8")
    assert [t.winner for t in state.play.tricks] == [1, 1]
    assert zweier.score_round(state).card_points == (0, 4 + trick_2), rule
    assert zweier.observe(state, 0).round_points == (0, 4 + trick_2)


def test_undenufe_counts_the_6_as_11_and_the_ace_as_0() -> None:
    # Bottom card H6: Undenufe. C6 led, CA follows: in Undenufe the 6 wins, 11 + 0 = 11 points.
    state = run(with_bottom("C6 C7 C8 C9 C10 CJ CQ CK S6", "CA S7 S8 S9 S10 SJ SQ SK SA", "H6"), "C6", "CA")
    assert state.play.tricks[0].winner == 1 and state.play.tricks[0].points == 11


def test_an_illegal_move_raises_and_changes_nothing() -> None:
    state = run(game(SUITED), "C6")
    kept = copy.deepcopy(state)
    with pytest.raises(IllegalMoveError, match="not a legal move"):
        zweier.apply(state, PlayCard("C7"))  # seat 0 does not hold it
    with pytest.raises(IllegalMoveError):
        zweier.apply(state, Deal())
    with pytest.raises(JassError):
        zweier.apply(state, PlayCard("S6"), seat=1)  # not seat 1's turn
    assert state == kept


# --- a worked round and the game ---------------------------------------------------------------------


def test_worked_round_each_plays_its_lowest_card() -> None:
    # Tricks 1-9: seat 1 leads its Eicheln 6..A, seat 0 throws its Rosen 6..A: seat 1 takes them all,
    # Obenabe points C and S together 2 x 38 = 76. Then (the hands of the test above):
    # 10: H6 (1) H7 (0): seat 0, 0 points; 11: H9 (0) H8: seat 0, 8; 12: HJ H10: seat 0, 12;
    # 13: HK HQ: seat 0, 7; 14: D6 (0) D7: seat 1, 0; 15: HA (1) D8 (seat 0 has no Schilten): seat 1,
    # 19; 16: D9 D10: seat 0, 10; 17: DQ DJ: seat 0, 5; 18: DA DK: seat 0, 15 and the last trick's 5.
    # Seat 0: 8 + 12 + 7 + 10 + 5 + 15 = 57 + 5 = 62; seat 1: 76 + 19 = 95; 62 + 95 = 157.
    state = lowest(game(SUITED))
    score = state.history[-1]
    assert score.card_points == (57, 95) and score.last_trick == (5, 0) and score.totals == (62, 95)
    assert state.scores == (62, 95) and state.phase is Phase.ROUND_OVER
    assert zweier.to_act(state) == 1  # the next dealer deals
    after = zweier.apply(state, Deal())
    assert after.dealer == 1 and zweier.to_act(after) == 0  # the first player alternates


@pytest.mark.parametrize(
    ("target", "phase", "winner", "rule"),
    [
        (1000, Phase.ROUND_OVER, None, "nobody at 1000: play on"),
        (95, Phase.GAME_OVER, 1, "seat 1 reached the target"),
        (60, Phase.GAME_OVER, 1, "both past the target: the higher score"),
    ],
)
def test_the_game_ends_at_the_target(target: int, phase: Phase, winner: int | None, rule: str) -> None:
    # «if self.score[team] >= self.final_score: finished = True»; the worked round gives 62 and 95.
    state = lowest(game(SUITED, Rules(first_dealer=0, target_points=target)))
    assert (state.phase, zweier.winner(state)) == (phase, winner), rule


@pytest.mark.parametrize(
    ("scores", "winner"),
    [((999, 0), None), ((1000, 999), 0), ((990, 1003), 1), ((1000, 1000), None), ((1200, 1200), None)],
)
def test_who_wins_at_the_target(scores: tuple[int, int], winner: int | None) -> None:
    # Equal scores past the target: no source says; the library plays on.
    assert game_winner(scores, Rules()) == winner


def test_options_are_checked() -> None:
    with pytest.raises(InvalidRulesError, match="target_points"):
        Rules(target_points=0)
    with pytest.raises(InvalidRulesError, match="slalom_start"):
        Rules(slalom_start=Trump.ROSEN)  # type: ignore[arg-type]
    assert zweier.VARIANT.presets["per_trick"]() == Rules()
    assert zweier.VARIANT.presets["app"]() == Rules(slalom_points=SlalomPoints.FIRST_DIRECTION)


# --- what a seat sees -------------------------------------------------------------------------------


def test_observe_hides_the_stack_and_the_other_hand() -> None:
    state = run(game(SUITED), "C6", "S6", "C7")
    other = state.replace(stack=state.stack[:2] + tuple(reversed(state.stack[2:17])) + state.stack[17:])
    assert zweier.observe(state, 0) == zweier.observe(other, 0)
    assert zweier.observe(state, 1) == zweier.observe(other, 1)
    text = repr(zweier.observe(state, 0))
    assert "H6" not in text  # seat 1's draw
    assert "H8" not in text  # the stack


# --- the search sampler --------------------------------------------------------------------------------


def test_every_determinisation_is_a_state_the_view_comes_from() -> None:
    rng = random.Random(1)
    for number in range(6):
        state = zweier.new_game(Rules(first_dealer=number % 2, target_points=1), seed=number)
        while state.phase is Phase.PLAY:
            for seat in (0, 1):
                view = zweier.observe(state, seat)
                found = zweier.determinize(view, rng)
                assert zweier.observe(found, seat) == view
                zweier.check_loaded(found)  # replayed from its deal, draws and all: every card legal
            state = zweier.apply(state, rng.choice(zweier.legal_moves(state)))


def test_a_void_holds_until_the_next_draw_in_the_sampler() -> None:
    # Trick 1 (Schellen trump, the bottom card D7): seat 1 leads C6, seat 0 throws S6: it held no
    # Eicheln then, and drew one card after the trick. Seat 1 (who drew C8) sees 24 unseen cards, six
    # of them Eicheln (C9 C10 CJ CQ CK CA). Seat 0's nine dealt cards are S6 and 8 non-Eicheln, its
    # draw any of the 24: a draw of Eicheln leaves 18 others for the deal, C(18, 8) = 43,758 deals
    # each; any other draw (18 of them) leaves 17, C(17, 8) = 24,310. So seat 0 holds one
    # Eicheln with the chance 6 x 43,758 / (6 x 43,758 + 18 x 24,310) = 262,548 / 700,128 = 0.375,
    # and never two.
    state = run(with_bottom("C6 C7 H6 H7 H8 H9 H10 HJ HQ", "S6 S7 S8 S9 S10 SJ SQ SK SA", "D7"), "C6", "S6")
    view = zweier.observe(state, 1)
    sampler = zweier.DrawSampler(view)
    assert sampler.count == 6 * 43_758 + 18 * 24_310
    rng = random.Random(2)
    clubs = [len(sampler.sample(rng).hands[0] & CardSet.parse("C6 C7 C8 C9 C10 CJ CQ CK CA")) for _ in range(1000)]
    assert max(clubs) == 1 and abs(sum(clubs) / 1000 - 0.375) < 0.06


def _brute_force(view: zweier.Observation, rng: random.Random, tries: int) -> Counter[Card]:
    """The other hand by rejection: the unseen cards shuffled into the other seat's deal and
    draws, kept when every card it played was in its hand and legal then."""
    seat, other = view.seat, 1 - view.seat  # type: ignore[operator]
    own_draws = [card for card in view.your_draws if card is not None]
    played = CardSet(card for trick in view.tricks for card in trick.cards)
    unseen = [card for card in FULL_DECK if card not in view.hand and card not in played and card is not view.bottom_card]
    theirs = [trick.played_by(other, 2) for trick in view.tricks]
    pool = unseen + theirs
    found: Counter[Card] = Counter()
    draws = min(len(view.tricks), 9)
    for _ in range(tries):
        rng.shuffle(pool)
        hand = set(pool[:9])
        drawn = pool[9:9 + draws]
        fine = True
        for number, trick in enumerate(view.tricks):
            card = trick.played_by(other, 2)
            if card not in hand:
                fine = False
                break
            if trick.leader != other:
                bits = sum(c.bit for c in hand)
                mode = int(view.mode.trick_mode(number))
                if not legal_bits(bits, [trick.cards[0].index], mode, *view.rules.play_rules.legal_flags) >> card.index & 1:
                    fine = False
                    break
            hand.discard(card)
            if number < 9:
                hand.add(drawn[number])
        if fine:
            found.update(hand)
    assert seat is not None and own_draws is not None
    return found


def test_the_sampler_draws_the_other_hand_as_the_draws_allow() -> None:
    # A view after three tricks in which the other seat failed to follow: the exact sampler's
    # frequencies of each card in the other hand agree with plain rejection sampling.
    rng = random.Random(11)
    view = None
    for seed in range(200):
        state = zweier.new_game(FIRST_1, seed=seed)
        for _ in range(6):
            state = zweier.apply(state, zweier.legal_moves(state)[-1])
        candidate = zweier.observe(state, 1)
        if any(t.leader == 1 and t.cards[0].suit != t.cards[1].suit for t in candidate.tricks):
            view = candidate
            break
    assert view is not None
    brute = _brute_force(view, rng, 60_000)
    accepted = sum(brute.values()) / 9
    assert accepted > 300
    sampler = zweier.DrawSampler(view)
    exact: Counter[Card] = Counter()
    draws = 3000
    for _ in range(draws):
        exact.update(sampler.sample(rng).hands[0])
    for card in set(brute) | set(exact):
        assert abs(brute[card] / accepted - exact[card] / draws) < 0.09, card


# --- JSON and records, worked out by hand ------------------------------------------------------------

#: tests/golden/zweierjass.jsonl, written by hand from docs/formats.rst and the worked round: the
#: compact rules, the state of the SUITED deal, seat 0's view after seat 1 led C6, the score of the
#: worked round, and its record.
GOLDEN = (Path(__file__).resolve().parent / "golden" / "zweierjass.jsonl").read_text(encoding="utf-8").splitlines()


def _moves() -> list[str]:
    return ("C6 S6 C7 S7 C8 S8 C9 S9 C10 S10 CJ SJ CQ SQ CK SK CA SA H6 H7 H9 H8 HJ H10 HK HQ D6 D7 HA D8 D9 D10 DQ DJ "
            "DA DK").split()


def test_the_golden_texts_are_what_the_library_writes() -> None:
    rules_line, state_line, view_line, score_line, record_line = GOLDEN
    assert serial.dumps(FIRST_1, compact=True) == rules_line
    start = game(SUITED)
    assert serial.dumps(start) == state_line
    assert serial.dumps(zweier.observe(run(start, "C6"), 0)) == view_line
    final = run(start, *_moves())
    assert serial.dumps(final.history[-1]) == score_line
    assert records.make_record([PlayCard(card) for card in _moves()], start, final).to_text() == record_line


def test_the_golden_texts_load_to_the_same_values() -> None:
    rules_line, state_line, view_line, score_line, record_line = GOLDEN
    assert serial.loads(rules_line) == FIRST_1
    assert serial.loads(state_line) == game(SUITED)
    assert serial.loads(view_line) == zweier.observe(run(game(SUITED), "C6"), 0)
    assert serial.loads(score_line).totals == (62, 95)
    final = records.final_state(records.read_record(record_line))  # replays, and checks the result
    assert final.scores == (62, 95) and final.phase is Phase.ROUND_OVER


def test_record_text_of_every_move() -> None:
    for move, text in ((PlayCard("HA"), "play HA"), (Deal(), "deal")):
        assert zweier.format_move(move) == text and zweier.parse_move(text) == move
    with pytest.raises(RecordError):
        zweier.parse_move("take C6")


# --- properties of random games ----------------------------------------------------------------------


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**64 - 1), st.integers(0, 2**32), st.sampled_from(list(SlalomStart)),
       st.booleans())
def test_properties_of_random_rounds(seed: int, choices: int, slalom: SlalomStart, bauer: bool) -> None:
    state = zweier.new_game(Rules(slalom_start=slalom, bauer_exception=bauer), seed)
    rng = random.Random(choices)
    while not state.history:
        legal = zweier.legal_moves(state)
        assert legal and zweier.to_act(state) is not None  # never empty while a move is due
        zones = zweier.card_zones(state)
        assert sum(len(cards) for cards in zones.values()) == 36  # cards conserved, the stack's too
        assert CardSet.from_bits(sum(cards.bits for cards in zones.values())) == CardSet(FULL_DECK)
        kept = copy.deepcopy(state)
        move = rng.choice(legal)
        after = zweier.apply(state, move)
        assert state == kept  # apply never changes its input
        later = copy.deepcopy(after)
        with pytest.raises(JassError):  # an illegal move raises and changes nothing
            zweier.apply(after, move)
        assert state == kept and after == later
        assert serial.loads(serial.dumps(after)) == after  # JSON round-trips (and replays)
        for seat in (0, 1):
            view = zweier.observe(after, seat)
            assert serial.loads(serial.dumps(view)) == view
            for sibling in zweier.VARIANT.checks.hidden_variations(after, seat, rng):
                # another hand or stack order the seat cannot tell apart: the same observation
                assert sibling != after and zweier.observe(sibling, seat) == view
        state = after
    score = state.history[-1]
    played = [card for trick in state.play.tricks for card in trick.cards]
    assert len(played) == 36 and sum(score.totals) == sum(t.points for t in state.play.tricks) + 5
    if type(state.mode) is Trump:
        assert sum(score.totals) == 157  # every card played: 152 + the last trick's 5
