"""The card-counting rule bot (:mod:`jass.ai.counting`, :class:`jass.ai.bots.RuleBot`): what it
counts from the play, the cards it chooses in positions whose right card a Jass player names
at once, its other decisions in every variant, and that it knows only its observation."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from jass import Card, CardSet, PlayRules, Trump, coiffeur, differenzler, pomme, schieber
from jass.ai.bots import RuleBot, SimpleRuleBot
from jass.ai.counting import Count, Situation, choose_card, keep_value
from jass.ai.players import make_bot
from jass.cards import FULL_DECK
from jass.differenzler import predicted_points
from jass.teams import PUSH_BELOW, best_mode, mode_points
from jass.variant import find_variant
from strategies import examples


def situation(
    hand: str, trick: Sequence[str], leader: int, tricks: Sequence[tuple[int, Sequence[str]]] = (),
    mode: Trump = Trump.SCHILTEN, seat: int = 0, declarers: tuple[int, ...] = (0, 2), wanted: int | None = None,
    legal: str | None = None, known: dict[int, str] | None = None,
) -> Situation:
    """A Schieber card decision of ``seat`` (partner ``seat + 2``), built by hand: every card not
    in the hand nor played is unseen; each other seat holds as many cards as it has not played."""
    cards = CardSet.parse(hand)
    played = [Card.parse(c) for _, t in tricks for c in t] + [Card.parse(c) for c in trick]
    done = [0, 0, 0, 0]
    for lead, t in tricks:
        for position in range(len(t)):
            done[(lead + position) % 4] += 1
    for position in range(len(trick)):
        done[(leader + position) % 4] += 1
    sizes = tuple(len(cards) if s == seat else 9 - done[s] for s in range(4))
    known_bits = tuple(CardSet.parse((known or {}).get(s, "")).bits for s in range(4))
    return Situation(
        seat=seat, seats=4, partners=((seat + 2) % 4,), hand=cards.bits,
        legal=CardSet.parse(legal).bits if legal is not None else cards.bits,
        trick=tuple(Card.parse(c).index for c in trick), leader=leader,
        tricks=tuple((lead, tuple(Card.parse(c).index for c in t)) for lead, t in tricks),
        modes=(int(mode),) * 9, rules=PlayRules(), hand_sizes=sizes,
        unseen=FULL_DECK.bits & ~cards.bits & ~CardSet(played).bits, known=known_bits, declarers=declarers,
        wanted=wanted,
    )


# --- what it counts --------------------------------------------------------------------------------


def test_a_seat_that_did_not_follow_holds_none_of_the_suit() -> None:
    """Seat 1 threw a diamond on a club lead (Schilten trump): no club is possible for it;
    seat 3 trumped it, which says nothing (a trump is always allowed)."""
    s = situation("H6 H7 S6 S7 D7", [], 0, [(0, ["CA", "D6", "C6", "H9"])])
    count = Count.of(s)
    clubs = CardSet.parse("C7 C8 C9 C10 CJ CQ CK").bits
    assert count.possible[1] & clubs == 0
    assert count.possible[3] & clubs == clubs
    assert count.discards[1] == (3,) and count.discards[3] == ()  # a trump is no discard


def test_a_seat_that_did_not_follow_a_trump_lead_holds_no_trump_but_the_jack() -> None:
    """Trump led: seat 1 played a club, so it holds no trump but perhaps the Jack (the
    Bauer may be kept: the Bauer exception)."""
    s = situation("HA H6 S6 S7 D7", [], 0, [(0, ["H7", "C6", "H8", "H10"])])
    possible = Count.of(s).possible[1]
    assert possible & CardSet.parse("H9 HQ HK").bits == 0
    assert possible & Card.HJ.bit


@pytest.mark.parametrize(
    ("rule", "hand", "tricks", "suit", "master"),
    [
        ("the Ace is the master while it is out", "H6 S6", [], 0, Card.CA),
        ("with the Ace and King played, the Queen is", "H6 S6", [(0, ["CA", "CK", "C6", "C7"])], 0, Card.CQ),
        ("in trump the Jack is above the Ace", "H6 S6", [], 2, Card.HJ),
        ("with the trump Jack played, the 9 is", "H6 S6", [(0, ["HJ", "H7", "H8", "H10"])], 2, Card.H9),
    ],
)
def test_masters(rule: str, hand: str, tricks: list[tuple[int, list[str]]], suit: int, master: Card) -> None:
    s = situation(hand, [], 0, tricks)
    assert Count.of(s).master(suit, s.mode, s.hand) == master.index, rule


def test_a_trump_is_worth_keeping_by_its_rank_and_less_as_the_round_runs_out() -> None:
    s = situation("HJ H9 H6 CA C6", [], 0)
    count = Count.of(s)
    jack, nine, six, ace, low = (keep_value(count, s, Card.parse(c).index) for c in ("HJ", "H9", "H6", "CA", "C6"))
    assert jack > nine > six > 0 and ace > 0 and low == 0
    last = situation("HJ", [], 0, [(0, ["C6", "C7", "C8", "C9"]), (0, ["C10", "CJ", "CQ", "CK"]),
                                   (0, ["S6", "S7", "S8", "S9"]), (0, ["S10", "SJ", "SQ", "SK"]),
                                   (0, ["D6", "D7", "D8", "D9"]), (0, ["D10", "DJ", "DQ", "DK"]),
                                   (0, ["CA", "SA", "DA", "H6"]), (0, ["H7", "H8", "H10", "HQ"])])
    assert keep_value(Count.of(last), last, Card.HJ.index) == 0  # the last trick: nothing to keep it for


# --- the card it plays -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("rule", "hand", "trick", "leader", "tricks", "expected"),
    [
        # Schilten trump. Seat 0 plays last: its partner (seat 2) wins with the CA, so nothing
        # can beat it: smear the 10, not the master DA (a trick to come) nor a trump.
        ("smear onto the partner's sure trick", "D10 DA H7 S6", ["C6", "CA", "C7"], 1, [], "D10"),
        # Last to play on an opponent's trick of 21 points (CA, C10): take it with the cheapest
        # winning card, a low trump, not the Jack.
        ("take a trick worth it with the cheapest sure card", "HJ H7 S6 D6", ["CA", "C10", "C6"], 1, [], "H7"),
        # The same with an Ace on a trick of 11 points: the low trump takes it too (ruff an Ace).
        ("ruff an Ace with a low trump", "HJ H7 S6 D6", ["CA", "C6", "C7"], 1, [], "H7"),
        # Last to play, an opponent's trump Jack wins over the partner's trump: nothing to gain;
        # of the cheapest cards, the one from the suit it does not want led (the D10 is bare,
        # the SA a master).
        ("throw the cheapest card on a lost trick", "SA S6 D10 D6", ["CA", "H6", "HJ"], 1, [], "D6"),
        # Seat 0 leads, its side chose trump and it holds the master trump (the Jack): draw.
        ("draw trumps with the master trump", "HJ H6 CA SK D7", [], 0, [], "HJ"),
        # No trump left with the others: cash the master Ace of spades.
        ("cash a master that no one can trump", "SA S6 D7 D8", [], 0,
         [(0, ["HJ", "H6", "H7", "H8"]), (0, ["H9", "H10", "HQ", "HK"]), (0, ["HA", "C6", "C7", "C8"])], "SA"),
    ],
)
def test_a_card_a_player_names_at_once(rule: str, hand: str, trick: list[str], leader: int,
                                        tricks: list[tuple[int, list[str]]], expected: str) -> None:
    assert Card.from_index(choose_card(situation(hand, trick, leader, tricks))) == Card.parse(expected), rule


def test_it_discards_from_the_suit_it_does_not_want_led() -> None:
    """Void in clubs, an opponent's C9 wins a trick of no points: of two worthless cards it
    throws the one from the suit where it holds no master (spades, the S6 with no SA), keeping
    the diamonds of its DA; no trump for a trick of nothing."""
    s = situation("S6 DA D7 H6", ["C9", "C6", "C7"], 1, legal="S6 DA D7 H6")
    assert Card.from_index(choose_card(s)) == Card.S6


def test_it_leads_a_suit_its_partner_did_not_discard() -> None:
    """The partner threw a spade on a club (verwerfen: it does not want spades): lead a low
    diamond rather than a low spade."""
    s = situation("S7 S8 D7 D8 C9", [], 0, [(1, ["C6", "S6", "C7", "CA"])], mode=Trump.OBENABE, declarers=(1, 3))
    assert Card.from_index(choose_card(s)) in (Card.D7, Card.D8)


def test_differenzler_it_avoids_points_beyond_its_prediction() -> None:
    """Each for themselves, wanting no more points: last to play on a trick of 10 points that
    its CK would take, it plays the C8; wanting 30 more, it takes them."""
    s = situation("CK C8 S6", ["C6", "C7", "C10"], 1, mode=Trump.SCHILTEN, declarers=(), wanted=0, legal="CK C8")
    assert Card.from_index(choose_card(attrs.evolve(s, partners=()))) == Card.C8
    assert Card.from_index(choose_card(attrs.evolve(s, partners=(), wanted=30))) == Card.CK


# --- the other decisions ---------------------------------------------------------------------------


def test_schieber_mode_and_push() -> None:
    """A hand of five hearts with the Jack and the 9 plays Schilten; a hand of low cards in four
    suits pushes (its best mode promises less than the partner's choice)."""
    strong = CardSet.parse("HJ H9 HA HK H10 CA SA D6 D7")
    assert best_mode(strong, list(Trump))[0] is Trump.SCHILTEN
    assert mode_points(strong, Trump.SCHILTEN) > PUSH_BELOW
    weak = CardSet.parse("C6 C8 S7 S9 H6 H8 D7 D9 DQ")
    assert max(mode_points(weak, mode) for mode in Trump) < PUSH_BELOW


def test_schieber_rule_bot_pushes_a_weak_hand_and_chooses_for_a_strong_one() -> None:
    hands = [CardSet.parse(h) for h in ("C6 C8 S7 S9 H6 H8 D7 D9 DQ", "HJ H9 HA HK H10 CA SA D6 D8",
                                        "C7 C9 C10 CJ S6 S8 S10 SJ D10", "CQ CK SQ SK H7 HQ DJ DK DA")]
    state = schieber.new_game(schieber.Rules(first_dealer=3), seed=1, deal=hands)
    assert RuleBot().choose(schieber.observe(state, 0), schieber.legal_moves(state)) == schieber.Push()
    state = schieber.new_game(schieber.Rules(first_dealer=0), seed=1, deal=hands)
    assert RuleBot().choose(schieber.observe(state, 1), schieber.legal_moves(state)) == schieber.ChooseTrump("H")


def test_differenzler_prediction_grows_with_the_hand() -> None:
    strong = CardSet.parse("HJ H9 HA CA SA DA HK H10 CK")
    weak = CardSet.parse("H6 C6 C7 S6 S7 D6 D7 D8 C8")
    assert predicted_points(strong, Trump.SCHILTEN) > predicted_points(weak, Trump.SCHILTEN) + 40
    assert 0 <= predicted_points(weak, Trump.SCHILTEN) <= predicted_points(strong, Trump.SCHILTEN) <= 157



def test_coiffeur_rule_bot_chooses_the_row_its_hand_pays_most_in() -> None:
    """Coiffeur: a hand of five hearts with the Jack and the 9 (Schilten) plays Schilten in the
    joker row of the highest factor (row 8, x8: Schilten's own row pays x3 only); a hand of low
    cards in four suits pushes."""
    strong = CardSet.parse("HJ H9 HA HK H10 CA SA D6 D8")
    weak = CardSet.parse("C6 C8 S7 S9 H6 H8 D7 D9 DQ")
    for hand, expected in ((strong, coiffeur.ChooseRow(7, Trump.SCHILTEN)), (weak, coiffeur.Push())):
        rest = [card for card in FULL_DECK if card not in hand]
        others = [CardSet(rest[:9]), CardSet(rest[9:18]), CardSet(rest[18:])]
        state = coiffeur.new_game(coiffeur.Rules(first_dealer=3), seed=1, deal=[hand, *others])
        assert RuleBot().choose(coiffeur.observe(state, 0), coiffeur.legal_moves(state)) == expected


@pytest.mark.parametrize(
    ("hand", "expected"),
    [
        ("C6 C7 C8 CA SA H9 HJ HA DA", pomme.Exchange(CardSet.parse("C6 C7 C8"))),
        ("HJ H9 HA HK H10 HQ SA CA DA", pomme.KeepHand()),
    ],
    ids=["three blank clubs go", "trumps and aces stay"],
)
def test_pomme_rule_bot_exchanges_only_cards_worth_less_than_unknown_ones(hand: str, expected: Any) -> None:
    """La pomme, hearts (Schilten) trump by the turned H6: three blank clubs (0 points, no
    power) are worth less than three unknown cards and are given away; a hand of trumps and
    aces is kept."""
    held = hand.split()
    order = held + [str(card) for card in FULL_DECK if str(card) not in held and str(card) != "H6"]
    order.insert(24, "H6")  # the talon's top card, turned: the trump
    state = pomme.new_game(pomme.Rules(first_dealer=0), deal=order)
    assert state.trump is Trump.SCHILTEN and state.hands[1] == CardSet.parse(hand)
    assert RuleBot().choose(pomme.observe(state, 1), pomme.legal_moves(state)) == expected

# --- only its observation --------------------------------------------------------------------------


def _moment(variant: Any, seed: int, moves: int) -> Any:
    rng = random.Random(seed)
    state = variant.new_game(seed=seed)
    for _ in range(moves):
        if variant.is_over(state):
            break
        state = variant.apply(state, rng.choice(variant.legal_moves(state)))
    return state


@given(seed=st.integers(0, 10**6), moves=st.integers(0, 40), name=st.sampled_from(["schieber", "differenzler", "pomme",
                                                                                 "coiffeur"]))
@examples(40)
def test_the_rule_bot_sees_only_its_observation(seed: int, moves: int, name: str) -> None:
    """States that differ only in what the seat to act cannot see (other hands, a secret
    prediction, the talon) give the rule bot the same move, and a legal one."""
    variant = find_variant(name)
    state = _moment(variant, seed, moves)
    if variant.is_over(state):
        return
    seat = variant.to_act(state)
    assert seat is not None
    legal = variant.legal_moves(state)
    move = RuleBot(seed).choose(variant.observe(state, seat), legal)
    assert move in legal
    for other in variant.checks.hidden_variations(state, seat, random.Random(seed)):
        assert RuleBot(seed).choose(variant.observe(other, seat), variant.legal_moves(other)) == move


@pytest.mark.parametrize("name", ["rule", "simple"])
def test_both_rule_bots_are_named(name: str) -> None:
    bot = make_bot(name, seed=1)
    assert isinstance(bot, RuleBot if name == "rule" else SimpleRuleBot)


@pytest.mark.parametrize(
    ("variant", "rules"),
    [(schieber, schieber.Rules.tournament(2)), (differenzler, differenzler.Rules(rounds=2)),
     (pomme, pomme.Rules(target_points=2)), (coiffeur, coiffeur.Rules())],
    ids=["schieber", "differenzler", "pomme", "coiffeur"],
)
def test_the_rule_bot_plays_whole_games(variant: Any, rules: Any) -> None:
    """Rule bots at every seat play a game of every variant to its end."""
    from jass.ai.tournament import play_game

    final = play_game(variant, [RuleBot(seat) for seat in range(len(variant.observe(variant.new_game(seed=3), 0).hand_sizes))],
                      rules=rules, seed=3)
    assert variant.is_over(final)
