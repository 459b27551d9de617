"""Bieter (Steiger, Büter): scenario tables worked by hand from the rules on
docs/rules/bieter.rst (each case names its rule), and properties of random games.

The expected values are worked out here from the sources' rules, never copied from the
library's output: the card points of the general table (Obenabe: A 11, K 4, Q 3, J 2, 10 10,
8 8), the last trick 5, a match 257 («157 Spielpunkte plus 100 Punkte extra», jassonkel.ch),
Stöck 20.
"""

from __future__ import annotations

import copy
import random
from pathlib import Path
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from jass import FULL_DECK, Card, CardSet, bieter, records, serial
from jass.bieter import (Announce, Bid, Concede, Deal, Discard, GameMode, Pass, Phase, PlayCard, PlayGame, RoundKind,
                         Rules, State)
from jass.bieter.score import game_end
from jass.errors import IllegalMoveError, InvalidRulesError, JassError, SerialError
from jass.variant import find_variant


def order(*parts: str) -> list[Card]:
    """A deal order from its parts as text (Vorhand's hand, the next player's, the dealer's, the table)."""
    return [Card.parse(name) for part in parts for name in part.split()]


def run(state: State, *moves: bieter.Move) -> State:
    for move in moves:
        state = bieter.apply(state, move)
    return state


def play_first_legal(state: State) -> State:
    """The cards of the game played, each seat its first legal card."""
    while state.phase is Phase.PLAY:
        state = bieter.apply(state, bieter.legal_moves(state)[0])
    return state


DEALER_2: Rules = Rules(first_dealer=2)  # Vorhand is seat 0, then seat 1, then the dealer 2


# --- the auction --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("rules", "calls", "to_act", "king", "bid", "phase"),
    [
        # «Das Bieten geht so lange, bis zwei Spieler ausgestiegen sind»: 600, fort, fort.
        (DEALER_2, (600, 0, 0), None, 0, 600, Phase.DISCARD),
        # A «fort» is final (jassverzeichnis.ch): seat 0 is not asked again after dropping out.
        (DEALER_2, (0, 600, 610), 1, None, 0, Phase.AUCTION),
        (DEALER_2, (0, 600, 610, 620, 0), None, 1, 620, Phase.DISCARD),
        # The dealer bids last: two dropped out before him, his bid ends the auction.
        (DEALER_2, (0, 0, 600), None, 2, 600, Phase.DISCARD),
        # After a drop-out the bidding goes round the two left.
        (DEALER_2, (600, 0, 610), 0, None, 0, Phase.AUCTION),
        (DEALER_2, (600, 0, 610, 0), None, 2, 610, Phase.DISCARD),
        # Without table cards the King names the mode at once (jassonkel.ch's deal).
        (Rules(first_dealer=2, table_cards=False), (600, 0, 0), None, 0, 600, Phase.ANNOUNCE),
        # jassonkel.ch: a «fort» before the first bid is not final: seat 0 bids again after seat 2's 350.
        (Rules(first_dealer=2, min_bid=350, early_pass_final=False), (0, 0, 350), 0, None, 0, Phase.AUCTION),
        (Rules(first_dealer=2, min_bid=350, early_pass_final=False), (0, 0, 350, 360, 0, 0), None, 0, 360,
         Phase.DISCARD),
    ],
)
def test_the_auction(rules: Rules, calls: tuple[int, ...], to_act: int | None, king: int | None, bid: int,
                     phase: Phase) -> None:
    state = run(bieter.new_game(rules, seed=3), *(Bid(c) if c else Pass() for c in calls))
    assert state.phase is phase and state.king == king and state.bid == bid
    if phase is Phase.AUCTION:
        assert bieter.to_act(state) == to_act


@pytest.mark.parametrize(
    ("rules", "before", "bid", "legal"),
    [
        (DEALER_2, (), 600, True),  # «mindestens 600 Punkte» (the Reglement, jasswiki.ch)
        (DEALER_2, (), 595, False),
        (DEALER_2, (600,), 605, False),  # «mindestens 10 Punkte höher» (the Reglement)
        (DEALER_2, (600,), 610, True),
        (DEALER_2, (600,), 615, True),  # a raise of more than the step, in fives
        (DEALER_2, (600,), 612, False),  # bids are multiples of 5
        (Rules.luzern(), (), 500, True),  # Luzern: 500 and raises of 5
        (Rules.luzern(), (500,), 505, True),
        (Rules.jassonkel(), (), 350, True),  # jassonkel.ch's «einfacher Bieter»: 350
        (DEALER_2, (), bieter.MAX_BID, True),
        (DEALER_2, (1500,), None, False),  # nothing above the highest bid: only «fort»
    ],
)
def test_the_bids_allowed(rules: Rules, before: tuple[int, ...], bid: int | None, legal: bool) -> None:
    state = run(bieter.new_game(rules, seed=3), *(Bid(c) for c in before))
    bids = [move for move in bieter.legal_moves(state) if type(move) is Bid]
    if bid is None:
        assert bids == [] and bieter.legal_moves(state) == (Pass(),)
    else:
        assert (Bid(bid) in bids) is legal


@pytest.mark.parametrize("rules", [DEALER_2, Rules(first_dealer=2, min_bid=350, early_pass_final=False)])
def test_nobody_bids_the_next_player_deals_anew(rules: Rules) -> None:
    """«Bietet gar niemand mit, wird das Spiel neu gegeben» (jassverzeichnis.ch); «Sagen sämtliche drei
    Spieler «pass», so wird das Spiel neu verteilt» (jassonkel.ch)."""
    state = run(bieter.new_game(rules, seed=3), Pass(), Pass(), Pass())
    assert state.phase is Phase.ROUND_OVER and state.history[-1].kind is RoundKind.REDEAL
    assert state.scores == (0, 0) and state.king is None and bieter.to_act(state) == 0
    again = bieter.apply(state, Deal())
    assert again.phase is Phase.AUCTION and again.dealer == 0 and again.calls == () and len(again.table) == 6
    assert bieter.to_act(again) == 1  # the new Vorhand bids first


# --- the table cards, the mode, a played game --------------------------------------------------

#: FULL_DECK in order with dealer 2: seat 0 gets ♣6-♣A ♠6, seat 1 ♠7-♠A ♥6 ♥7, seat 2 ♥8-♥A ♦6 ♦7 ♦8;
#: the table ♦9 ♦10 ♦J face down, ♦Q ♦K ♦A face up.
TABLE_DEAL = [card.name for card in FULL_DECK]


def test_the_king_takes_the_six_table_cards_and_lays_six_away() -> None:
    """jasswiki.ch: «Der König erhält nun die 6 auf dem Tisch liegenden Karten [...] kann er an deren Stelle
    6 beliebige Handkarten ablegen»."""
    state = run(bieter.new_game(DEALER_2, deal=TABLE_DEAL), Bid(600), Pass(), Pass())
    assert state.phase is Phase.DISCARD and bieter.to_act(state) == 0
    assert state.hand(0) == CardSet.parse("C6 C7 C8 C9 C10 CJ CQ CK CA S6 D9 D10 DJ DQ DK DA")
    assert len(bieter.legal_moves(state)) == 16
    bauer = bieter.observe(state, 1)
    assert bauer.table_open == () or not bauer.table_lying  # the table is taken
    state = run(state, Discard("C6"), Discard("C7"))
    with pytest.raises(IllegalMoveError):  # a card laid away is no longer in the hand
        bieter.apply(state, Discard("C6"))
    state = run(state, *(Discard(c) for c in ("C8", "C9", "S6", "D9")))
    assert state.phase is Phase.ANNOUNCE and len(state.hand(0)) == 10
    # The Bauern see how many cards were laid away, not which; the King sees his own.
    assert bieter.observe(state, 1).discarded == 6 and bieter.observe(state, 1).own_discards == ()
    assert bieter.observe(state, 0).own_discards == tuple(Card.parse(c) for c in ("C6", "C7", "C8", "C9", "S6", "D9"))
    assert bieter.card_zones(state)["out of play"] == CardSet.parse("C6 C7 C8 C9 S6 D9")


@pytest.mark.parametrize(
    ("rules", "modes"),
    [
        # jasswiki.ch: «zwischen einer Trumpffarbe, einem Obenabe, einem Undenufe oder einem Hindersi»
        (Rules(first_dealer=2, table_cards=False), list(GameMode)),
        # jassonkel.ch: «Er kann eine beliebige Farbe zum Trumpf erklären»
        (Rules(first_dealer=2, table_cards=False, suits_only=True),
         [GameMode.EICHELN, GameMode.ROSEN, GameMode.SCHILTEN, GameMode.SCHELLEN]),
    ],
)
def test_the_king_names_the_first_game(rules: Rules, modes: list[GameMode]) -> None:
    state = run(bieter.new_game(rules, seed=4), Bid(600), Pass(), Pass())
    assert [move.mode for move in bieter.legal_moves(state)] == modes  # type: ignore[union-attr]


#: 12 each (no table), dealer 2: the King (seat 0, Vorhand) holds A K 6 of every suit, seat 1 Q J 10, seat 2
#: 9 8 7: everyone can always follow suit.
THREE_EACH = order(
    "CA CK C6 SA SK S6 HA HK H6 DA DK D6",
    "CQ CJ C10 SQ SJ S10 HQ HJ H10 DQ DJ D10",
    "C9 C8 C7 S9 S8 S7 H9 H8 H7 D9 D8 D7",
)
#: The cards in play order, trick by trick (Obenabe): in clubs the King leads A (A 10 9: 21 for the
#: King), K (K J 8: 14), then 6 (6 Q 7: 3 for seat 1, who leads on); in each other suit seat 1 leads Q
#: (Q 9 A: 14 for the King), the King K (K J 8: 14), then 6 (6 10 7: 10 for seat 1).
SCRIPT = ["CA C10 C9", "CK CJ C8", "C6 CQ C7"] + [
    trick for s in "SHD" for trick in (f"{s}Q {s}9 {s}A", f"{s}K {s}J {s}8", f"{s}6 {s}10 {s}7")
]


def scripted_game(rules: Rules, mode: GameMode) -> State:
    state = run(bieter.new_game(rules, deal=THREE_EACH), Bid(rules.min_bid), Pass(), Pass(), Announce(mode))
    for trick in SCRIPT:
        state = run(state, *(PlayCard(name) for name in trick.split()))
    return state


def test_a_played_game_writes_each_side_its_points() -> None:
    """King: 21 + 14 in clubs, 14 + 14 in each of the other three suits = 119; Bauernpartei: 3 + 10 + 10 +
    10 and the last trick's 5 = 38; 119 + 38 = 157. Neither goal is reached (600, 1000)."""
    state = scripted_game(Rules(first_dealer=2, table_cards=False), GameMode.OBENABE)
    score = state.history[-1]
    assert score.kind is RoundKind.PLAYED and score.points == (119, 38) and score.written == (119, 38)
    assert score.match == (False, False) and score.stoeck == (0, 0)
    assert state.scores == (119, 38) and state.phase is Phase.ROUND_OVER and bieter.to_act(state) == 0


@pytest.mark.parametrize(
    ("goal", "bid", "king_won", "schneider"),
    [
        # Both reach their goal in this game (119 >= 100, 38 >= 30): the King is 19 above, the Bauern 8 (no
        # source settles it: the side further above its goal wins). The Bauern have 38, more than 30 / 2.
        (30, 100, True, False),
        # The Bauernpartei reach 30 first; the King, at 119, is short of half his 600: Schneider.
        (30, 600, False, True),
        # The King reaches 100; the Bauern's 38 is short of half their 100: Schneider.
        (100, 100, True, True),
        # Both: 119 - 115 = 4 above, 38 - 34 = 4 above: equal, the Bauernpartei win.
        (34, 115, False, False),
    ],
)
def test_the_first_side_to_its_goal_wins(goal: int, bid: int, king_won: bool, schneider: bool) -> None:
    """jasswiki.ch: «Gewonnen hat, wer sein Ziel zuerst erreicht. Wer die Hälfte dieses Ziels nicht erreicht,
    verliert den doppelten Einsatz (Schneider).»"""
    state = scripted_game(Rules(first_dealer=2, table_cards=False, goal=goal, min_bid=bid), GameMode.OBENABE)
    assert state.phase is Phase.GAME_OVER and state.king_won is king_won
    assert bieter.schneider(state) is schneider and bieter.VARIANT.records.result(state)["schneider"] is schneider
    winners = (0,) if king_won else (1, 2)
    assert bieter.winning_seats(state) == winners and find_variant("bieter").winners(state) == winners
    assert ("Schneider" in find_variant("bieter").text.end_reason(bieter.observe(state, 1))) is schneider


@pytest.mark.parametrize(
    ("scores", "bid", "goal", "king_won"),
    [((600, 900), 600, 1000, True), ((590, 1000), 600, 1000, False), ((590, 990), 600, 1000, None),
     ((650, 1010), 600, 1000, True), ((610, 1050), 600, 1000, False), ((620, 1020), 600, 1000, False)],
)
def test_the_goals(scores: tuple[int, int], bid: int, goal: int, king_won: bool | None) -> None:
    assert game_end(scores, bid, Rules(goal=goal)) is king_won


def test_a_match_is_257_and_the_stoeck_20() -> None:
    """The King holds every trump and three Aces (trump Eicheln): he leads his 9 trumps, which nobody can
    beat, then his Aces, which nobody can trump: every trick, 152 + 5 = 157 points, written as a match (257)
    and his Stöck (♣K ♣Q, 20) = 277; the Bauernpartei write nothing."""
    deal = order("C6 C7 C8 C9 C10 CJ CQ CK CA SA HA DA", "S6 S7 S8 S9 S10 SJ SQ SK H6 H7 H8 H9",
                 "H10 HJ HQ HK D6 D7 D8 D9 D10 DJ DQ DK")
    state = run(bieter.new_game(Rules(first_dealer=2, table_cards=False), deal=deal), Bid(600), Pass(), Pass(),
                Announce(GameMode.EICHELN))
    state = play_first_legal(state)
    score = state.history[-1]
    assert score.points == (157, 0) and score.match == (True, False) and score.stoeck == (20, 0)
    assert score.written == (277, 0)


@pytest.mark.parametrize(
    ("hindersi_won", "deal", "written"),
    [
        # The King (6 7 8 of every suit) can never beat seat 2 (Q K A), who always follows: no trick; the
        # library writes him a match (no source settles a won Hindersi), or nothing with hindersi_won=0.
        (bieter.MATCH_POINTS, order("C6 C7 C8 S6 S7 S8 H6 H7 H8 D6 D7 D8", "C9 C10 CJ S9 S10 SJ H9 H10 HJ D9 D10 DJ",
                                    "CQ CK CA SQ SK SA HQ HK HA DQ DK DA"), (257, 0)),
        (0, order("C6 C7 C8 S6 S7 S8 H6 H7 H8 D6 D7 D8", "C9 C10 CJ S9 S10 SJ H9 H10 HJ D9 D10 DJ",
                  "CQ CK CA SQ SK SA HQ HK HA DQ DK DA"), (0, 0)),
        # The King leads his ♣A and takes the trick: «sonst schreibt die Bauernpartei einen Matsch mit
        # Matschprämie» (jasswiki.ch).
        (bieter.MATCH_POINTS, THREE_EACH, (0, 257)),
    ],
)
def test_hindersi(hindersi_won: int, deal: list[Card], written: tuple[int, int]) -> None:
    rules = Rules(first_dealer=2, table_cards=False, hindersi_won=hindersi_won)
    state = run(bieter.new_game(rules, deal=deal), Bid(600), Pass(), Pass(), Announce(GameMode.HINDERSI))
    state = play_first_legal(state)
    assert state.history[-1].kind is RoundKind.HINDERSI and state.history[-1].written == written


def test_the_cards_laid_away_count_for_nobody_or_for_the_king() -> None:
    """TABLE_DEAL: the King lays away ♦9 ♦10 ♦J ♦Q ♦K ♦A, in Obenabe 0 + 10 + 2 + 3 + 4 + 11 = 30: the
    tricks hold 152 - 30 + 5 = 127 points; with discards_count the King has the 30 too: 157."""
    for count, total in ((False, 127), (True, 157)):
        rules = Rules(first_dealer=2, discards_count=count)
        state = run(bieter.new_game(rules, deal=TABLE_DEAL), Bid(600), Pass(), Pass(),
                    *(Discard(c) for c in ("D9", "D10", "DJ", "DQ", "DK", "DA")), Announce(GameMode.OBENABE))
        state = play_first_legal(state)
        assert sum(state.history[-1].points) == total


# --- later games: the bottom card, conceding ------------------------------------------------------

#: The second deal (dealer 0): seat 1 (Vorhand) ♥K ♥Q and clubs, seat 2 spades and diamonds, the dealer
#: ♦10-♦A and hearts, his last card (the bottom card) ♥6: Schilten (♥) is trump.
SECOND = order("HK HQ C6 C7 C8 C9 C10 CJ CQ CK CA S6", "S7 S8 S9 S10 SJ SQ SK SA D6 D7 D8 D9",
               "D10 DJ DQ DK DA H7 H8 H9 H10 HJ HA H6")


def second_game() -> State:
    first = scripted_game(Rules(first_dealer=2, table_cards=False), GameMode.OBENABE)
    return bieter.apply_trusted(first, Deal(SECOND))


def test_a_later_game_takes_the_bottom_card_for_trump() -> None:
    """jasswiki.ch: «Ab dem zweiten Spiel werden jedem Spieler 12 Karten (3 x 4 Karten) verteilt [...] gilt
    die unterste Karte als Trumpffarbe»; jassonkel.ch: «Dieser Trumpf kann nicht mit einem Sechser geraubt
    werden» (no rob move)."""
    state = second_game()
    assert state.dealer == 0 and state.trump_card == Card.H6 and state.mode is GameMode.SCHILTEN
    assert state.phase is Phase.DECIDE and bieter.to_act(state) == 0  # the King decides
    assert bieter.legal_moves(state) == (PlayGame(), Concede())
    assert [len(state.hand(seat)) for seat in range(3)] == [12, 12, 12] and Card.H6 in state.hand(0)
    assert bieter.observe(state, 1).trump_card == Card.H6  # shown to everybody
    played = bieter.apply(state, PlayGame())
    assert played.phase is Phase.PLAY and bieter.to_act(played) == 1  # Vorhand leads


def test_a_conceded_game_is_a_match_for_the_bauernpartei_with_their_stoeck() -> None:
    """jasswiki.ch: «Falls er verzichtet, schreibt die Bauernpartei einen Matsch mit Matschprämie»; jassonkel.ch:
    «zählt ein eventueller Weis der Gegner nicht, sondern nur die Stöcke»: seat 1 holds ♥K ♥Q: 257 + 20."""
    state = bieter.apply(second_game(), Concede())
    score = state.history[-1]
    assert score.kind is RoundKind.CONCEDED and score.written == (0, 277)
    assert state.scores == (119, 38 + 277) and state.play is None


def test_the_king_writes_no_stoeck_when_he_concedes() -> None:
    """jasswelt.ch: «darf der König beim «Steiger/Bieter» bei Verzicht aufs Spielen keine Stöckpunkte
    notieren»: the King (the dealer) holds ♦K ♦Q with ♦A at the bottom: 257 for the Bauern, 0 for him."""
    deal = order("HK HQ C6 C7 C8 C9 C10 CJ CQ CK CA S6", "S7 S8 S9 S10 SJ SQ SK SA D6 D7 D8 D9",
                 "D10 DJ DQ DK H6 H7 H8 H9 H10 HJ HA DA")
    first = scripted_game(Rules(first_dealer=2, table_cards=False), GameMode.OBENABE)
    state = bieter.apply(bieter.apply_trusted(first, Deal(deal)), Concede())
    assert state.mode is GameMode.SCHELLEN and state.history[-1].written == (0, 257)


# --- rules, records, views ---------------------------------------------------------------------


def test_options_are_checked_and_presets_say_their_source() -> None:
    with pytest.raises(InvalidRulesError):
        Rules(min_bid=603)
    with pytest.raises(InvalidRulesError):
        Rules(bid_step=7)
    assert (Rules.luzern().min_bid, Rules.luzern().bid_step) == (500, 5)
    assert (Rules.jassonkel().min_bid, Rules.jassonkel().table_cards) == (350, False)
    assert find_variant("steiger") is find_variant("büter") is bieter.VARIANT


@pytest.mark.parametrize(
    ("move", "text"),
    [(Bid(650), "bid 650"), (Pass(), "fort"), (Discard("HA"), "discard HA"), (Announce(GameMode.UNDENUFE),
     "name undenufe"), (PlayGame(), "playgame"), (Concede(), "concede"), (PlayCard("S9"), "play S9"),
     (Deal(), "deal")],
)
def test_record_text_of_every_move(move: bieter.Move, text: str) -> None:
    assert bieter.format_move(move) == text and bieter.parse_move(text) == move


def test_the_table_reads_the_auction_in_its_own_words() -> None:
    variant = find_variant("bieter")
    state = run(bieter.new_game(DEALER_2, deal=TABLE_DEAL), Bid(600))
    lines = variant.text.describe(bieter.observe(state, 1))
    assert "Auction: seat 0 600" in lines
    assert any(line.startswith("Table: ♦Q ♦K ♦A face up, 3 face down") for line in lines)
    assert variant.text.move_text(Bid(610), DEALER_2) == "610" and variant.text.move_text(Pass(), DEALER_2) == "fort"
    assert variant.text.public_move(Discard("DA"), DEALER_2) == "lays a card away"  # not which card


def test_the_sampler_keeps_the_face_up_table_cards_out_of_the_bauern_hands() -> None:
    state = run(bieter.new_game(DEALER_2, deal=TABLE_DEAL), Bid(600), Pass(), Pass())
    view = bieter.observe(state, 1)
    rng = random.Random(2)
    face_up = CardSet.parse("DQ DK DA")
    for _ in range(20):
        hidden = bieter.sample_hidden(view, rng)
        assert not hidden.hands[2].bits & face_up.bits and hidden.hands[1] == view.hand
        assert bieter.observe(bieter.determinize(view, rng), 1) == view


# --- properties of random games -------------------------------------------------------------------


def card_points(mode: GameMode, card: Card) -> int:
    """A card's points by the general table, worked out here apart from the library's table."""
    rank = card.name[1:]
    if mode is GameMode.UNDENUFE:
        return {"6": 11, "K": 4, "Q": 3, "J": 2, "10": 10, "8": 8}.get(rank, 0)
    values = {"A": 11, "K": 4, "Q": 3, "J": 2, "10": 10}
    if mode in (GameMode.OBENABE, GameMode.HINDERSI):
        return {**values, "8": 8}.get(rank, 0)
    if card.suit == mode.trump.suit:
        return {"J": 20, "9": 14}.get(rank, values.get(rank, 0))
    return values.get(rank, 0)


def hidden_change(state: State, seat: int, rng: random.Random) -> State | None:
    variations = list(bieter.VARIANT.checks.hidden_variations(state, seat, rng))
    return variations[0] if variations else None


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**64 - 1), st.integers(0, 2**32), st.sampled_from(sorted(bieter.VARIANT.presets)),
       st.booleans())
def test_properties_of_random_rounds(seed: int, choices: int, preset: str, count: bool) -> None:
    rules = Rules(**{**{f: getattr(bieter.VARIANT.presets[preset](), f) for f in ("min_bid", "bid_step",
                     "early_pass_final", "table_cards", "suits_only")}, "discards_count": count})
    state = bieter.new_game(rules, seed)
    rng = random.Random(choices)
    games = 0
    while games < 2 and not bieter.is_over(state):
        legal = bieter.legal_moves(state)
        assert legal and bieter.to_act(state) is not None  # never empty while a move is due
        zones = bieter.card_zones(state)  # cards conserved: hands, table, tricks, laid away
        assert sum(len(cards) for cards in zones.values()) == 36
        assert CardSet.from_bits(sum(cards.bits for cards in zones.values())) == CardSet(FULL_DECK)
        kept = copy.deepcopy(state)
        # Mostly «fort» in the auction, so that games are played.
        move = legal[0] if type(legal[0]) is Pass and rng.random() < 0.7 else rng.choice(legal)
        after = bieter.apply(state, move)
        assert state == kept  # apply never changes its input
        later = copy.deepcopy(after)
        with pytest.raises(JassError):  # an illegal move raises and changes nothing
            bieter.apply(state, Pass() if state.phase is Phase.ROUND_OVER else Deal())
        assert state == kept and after == later
        assert serial.loads(serial.dumps(after)) == after  # JSON round-trips (and replays)
        for seat in range(3):
            view = bieter.observe(after, seat)
            assert serial.loads(serial.dumps(view)) == view
            other = hidden_change(after, seat, rng)  # observations hide other hands, the table, the discards
            if other is not None:
                assert other != after and bieter.observe(other, seat) == view
        if len(after.history) > len(state.history) and after.history[-1].kind is not RoundKind.REDEAL:
            games += 1
            score = after.history[-1]
            if score.kind is RoundKind.PLAYED:
                assert after.play is not None and after.mode is not None
                played = [card for trick in after.play.tricks for card in trick.cards]
                aside = sum(card_points(after.mode, c) for c in after.discards) if count else 0
                # The round's points: the played cards' points, the last trick's 5, the King's discards.
                assert sum(score.points) == sum(card_points(after.mode, c) for c in played) + 5 + aside
                assert len(played) == 36 - len(after.discards)
        state = after


def test_a_whole_game_of_random_moves_ends() -> None:
    rules = Rules(min_bid=100, goal=300)
    rng = random.Random(5)
    state = bieter.new_game(rules, seed=5)
    while not bieter.is_over(state):
        legal = bieter.legal_moves(state)
        state = bieter.apply(state, legal[0] if type(legal[0]) is Pass and rng.random() < 0.6 else rng.choice(legal))
    assert state.king_won is not None and len(bieter.winning_seats(state)) in (1, 2)


# --- JSON and records, worked out by hand ---------------------------------------------------------

#: tests/golden/bieter.jsonl, written by hand from docs/formats.rst and the game above: the compact
#: rules, the state of the THREE_EACH deal, seat 1's view after Vorhand bid 600, the score of the
#: scripted game, and its record (whose deal writes each hand in card order: the same deal).
GOLDEN = (Path(__file__).resolve().parent / "golden" / "bieter.jsonl").read_text(encoding="utf-8").splitlines()
GOLDEN_RULES = Rules(first_dealer=2, table_cards=False)


def _golden_moves() -> list[bieter.Move]:
    return [Bid(600), Pass(), Pass(), Announce(GameMode.OBENABE),
            *(PlayCard(name) for trick in SCRIPT for name in trick.split())]


def test_the_golden_texts_are_what_the_library_writes() -> None:
    rules_line, state_line, view_line, score_line, record_line = GOLDEN
    assert serial.dumps(GOLDEN_RULES, compact=True) == rules_line
    start = bieter.new_game(GOLDEN_RULES, seed=1, deal=THREE_EACH)
    assert serial.dumps(start) == state_line
    assert serial.dumps(bieter.observe(bieter.apply(start, Bid(600)), 1)) == view_line
    final = run(start, *_golden_moves())
    assert serial.dumps(final.history[-1]) == score_line
    assert records.make_record(_golden_moves(), start, final).to_text() == record_line


def test_the_golden_texts_load_to_the_same_values() -> None:
    rules_line, state_line, view_line, score_line, record_line = GOLDEN
    assert serial.loads(rules_line) == GOLDEN_RULES
    start = bieter.new_game(GOLDEN_RULES, seed=1, deal=THREE_EACH)
    assert serial.loads(state_line) == start
    assert serial.loads(view_line) == bieter.observe(bieter.apply(start, Bid(600)), 1)
    assert serial.loads(score_line).written == (119, 38)
    final = records.final_state(records.read_record(record_line))  # replays, and checks the result
    assert final.scores == (119, 38) and final.phase is Phase.ROUND_OVER


def test_a_loaded_state_whose_auction_does_not_fit_is_refused() -> None:
    state = run(bieter.new_game(GOLDEN_RULES, seed=1, deal=THREE_EACH), Bid(600), Pass(), Pass())
    data = serial.to_dict(state)
    data["bid"] = 650
    with pytest.raises(SerialError):
        serial.from_dict(data)
    data = serial.to_dict(state)
    data["king"] = 1
    with pytest.raises(SerialError):
        serial.from_dict(data)


def test_the_longest_auction_is_saved_and_loaded() -> None:
    """Every bid from 5 to 1500 (300 bids) and two «fort»: the limits of a savable state."""
    state = bieter.new_game(Rules(min_bid=5, bid_step=5, first_dealer=2), seed=1)
    view = bieter.observe(state, 0)
    assert len(view.legal_moves) == 301 and serial.loads(serial.dumps(view)) == view
    state = run(state, *(Bid(points) for points in range(5, bieter.MAX_BID + 1, 5)), Pass(), Pass())
    assert state.king == (300 - 1) % 3 and state.bid == bieter.MAX_BID
    assert serial.loads(serial.dumps(state)) == state


def test_a_later_game_reads_the_auction_with_its_own_seats() -> None:
    """The auction was held under dealer 2 (Vorhand seat 0 bid 600); the second game is dealt by seat 0."""
    lines = find_variant("bieter").text.describe(bieter.observe(second_game(), 1))
    assert "Auction: seat 0 600, seat 1 fort, seat 2 fort" in lines
    redeal = run(bieter.new_game(DEALER_2, seed=3), Pass(), Pass(), Pass())
    assert "Auction: seat 0 fort, seat 1 fort, seat 2 fort" in find_variant("bieter").text.describe(
        bieter.observe(redeal, 1))
