"""Two-player Jass, "la pomme" (RULES.md sections 5 and 6; seed 000).

Every expected value below is worked out by hand from RULES.md and seed 000
(trump Jack 21, trump 9 14, A 11, K 4, Q 3, J 2, 10 10, last trick 5); none is
copied from the code's output. Test ids name the RULES.md row ("5 ...") or edge
case ("6 ...") or the seed 000 example ("seed 000 ...") they check.

Deals are written from the non-dealer's point of view: ``Rules(first_dealer=1)``
makes seat 1 the dealer, so seat 0 is the non-dealer who decides first and leads.
"""

from __future__ import annotations

import copy
import random
import re
from collections.abc import Iterator
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import strategies as js
from jass import pomme
from jass.cards import FULL_DECK, Card, CardSet, shuffled_deck
from jass.errors import InvalidSeedError, IllegalMoveError, InvalidCardsError, InvalidRulesError, JassError
from jass.play import PlayCard, Trick, round_seed
from jass.pomme import (
    Deal,
    DeclineSwap,
    Exchange,
    KeepHand,
    Move,
    Observation,
    Phase,
    RoundScore,
    Rules,
    State,
    SwapTrumpSix,
)
from jass.variant import random_playout
from jass.trump import Trump, point_table

ALL: list[Card] = list(FULL_DECK)


def _any(value: object) -> Any:
    """Pass a deliberately ill-typed value past the type checker."""
    return value


def cards(text: str) -> CardSet:
    return CardSet.parse(text)


def make_order(
    nd_hand: str,
    d_hand: str,
    turned: str,
    nd_extras: str = "",
    d_extras: str = "",
    talon_has: str = "",
) -> list[Card]:
    """A 36-card order (the documented mapping): non-dealer hand, dealer hand, non-dealer
    extras, dealer extras, turned card, rest of the talon. Extras not given are filled
    with the lowest unused cards not named in ``talon_has``."""
    nd, d = list(cards(nd_hand)), list(cards(d_hand))
    assert len(nd) == 9 and len(d) == 9
    top = Card.parse(turned)
    nd_x, d_x = list(cards(nd_extras)), list(cards(d_extras))
    keep_down = cards(talon_has)
    used = set(nd) | set(d) | set(nd_x) | set(d_x) | {top}
    spare = [c for c in ALL if c not in used and c not in keep_down]
    while len(nd_x) < 3:
        nd_x.append(spare.pop(0))
    while len(d_x) < 3:
        d_x.append(spare.pop(0))
    used |= set(nd_x) | set(d_x)
    talon = [c for c in ALL if c not in used]
    order = nd + d + nd_x + d_x + [top] + talon
    assert sorted(order) == ALL
    return order


def start(
    nd_hand: str,
    d_hand: str,
    turned: str,
    *,
    rules: Rules | None = None,
    nd_extras: str = "",
    d_extras: str = "",
    talon_has: str = "",
) -> State:
    """A game whose first round is the given deal; seat 1 deals, seat 0 is the non-dealer."""
    rules = attrs.evolve(rules or Rules(), first_dealer=1)
    order = make_order(nd_hand, d_hand, turned, nd_extras, d_extras, talon_has)
    return pomme.new_game(rules, seed=12345, deal=order)


def start_from(deal: dict[str, str], rules: Rules | None = None) -> State:
    """:func:`start` with the deal given as a dict of its keyword arguments."""
    return start(
        deal["nd_hand"], deal["d_hand"], deal["turned"], rules=rules,
        nd_extras=deal.get("nd_extras", ""), d_extras=deal.get("d_extras", ""),
        talon_has=deal.get("talon_has", ""),
    )


def moves(state: State, *sequence: Move) -> State:
    for move in sequence:
        state = pomme.apply(state, move)
    return state


def to_play_phase(state: State) -> State:
    """Both keep their hands; nobody swaps."""
    while state.phase is not Phase.PLAY:
        state = pomme.apply(state, KeepHand() if state.phase is Phase.EXCHANGE else DeclineSwap())
    return state


def play_cards(state: State, text: str) -> State:
    for card in cards_in_order(text):
        state = pomme.apply(state, PlayCard(card))
    return state


def cards_in_order(text: str) -> list[Card]:
    return [Card.parse(t) for t in text.split()]


# --- hand-worked deals ----------------------------------------------------------

# The complete round of the docs (trump clubs; the turned card is the Jack of clubs,
# as in seed 000's photos). Seat 0 gives away D6 D7 SK for its extras H8 H9 S9, then
# swaps its C6 for the turned CJ. Seat 1 keeps (its extras D8 D9 D10 go out of play).
FULL_ROUND = dict(
    nd_hand="C6 C9 CA SA SK S10 HA D6 D7",
    d_hand="C10 CQ S7 S8 H6 H7 HK DA DK",
    turned="CJ",
    nd_extras="H8 H9 S9",
    d_extras="D8 D9 D10",
)
# Trick by trick (leader's card first), winner and points, worked by hand:
#  1 HA CQ  seat 1 trumps (allowed although it holds hearts)   11 + 3  = 14 -> 1
#  2 DA S9  seat 0 has no diamond and discards                  11      = 11 -> 1
#  3 DK CA  seat 0 trumps                                       4 + 11  = 15 -> 0
#  4 CJ C10 trump led; the 10 is seat 1's only trump            21 + 10 = 31 -> 0
#  5 SA S7                                                      11      = 11 -> 0
#  6 S10 S8                                                     10      = 10 -> 0
#  7 H8 HK                                                      4       =  4 -> 1
#  8 H7 H9  (seat 1 leads)                                      0       =  0 -> 0
#  9 C9 H6  last trick                                          14 (+5) = 14 -> 0
# Seat 0: 15 + 31 + 11 + 10 + 0 + 14 = 81 card points + 5 = 86; seat 1: 14 + 11 + 4 = 29.
FULL_ROUND_PLAY = "HA CQ DA S9 DK CA CJ C10 SA S7 S10 S8 H8 HK H7 H9 C9 H6"

# One-sided: the strong hand takes every trick (trump clubs, the 6 turned: no swap).
STRONG = "CJ C9 CA C10 SA S10 HA HK DA"  # 21 + 14 + 11 + 10 + 11 + 10 + 11 + 4 + 11 = 103
WEAK = "S6 S7 S8 S9 H6 H7 H8 H9 D6"  # 0 points, no trump
STRONG_LEADS = "CJ S6 C9 S7 CA S8 C10 S9 SA H6 S10 H7 HA H8 HK H9 DA D6"
WEAK_LEADS = "S6 CJ C9 S7 CA S8 C10 S9 SA H6 S10 H7 HA H8 HK H9 DA D6"

# Both under 21 (trump hearts, H10 turned; seat 1 holds the H6 but nobody swaps):
#  tricks 1-4 S6..S9 led, seat 1 discards C6..C9 (0); 5 SJ H6 -> seat 1 (2);
#  6 CJ D6 -> 1 (2); 7 CQ D7 -> 1 (3); 8 H7 D8 -> 1 (0); 9 H8 D9 -> 1 (0 + 5).
#  Seat 0: 0, seat 1: 2 + 2 + 3 + 5 = 12.
LOW = dict(nd_hand="S6 S7 S8 S9 SJ D6 D7 D8 D9", d_hand="C6 C7 C8 C9 CJ CQ H6 H7 H8", turned="H10")
LOW_PLAY = "S6 C6 S7 C7 S8 C8 S9 C9 SJ H6 CJ D6 CQ D7 H7 D8 H8 D9"

# Equal totals (trump hearts): 1 SA C6 (11), 2 S10 C7 (10), 3 SK C8 (4), 4 S6 C9, 5 S7 D7
#  -> seat 0 25; 6 D6 H6 -> seat 1 (0); 7 CA DJ (13); 8 H7 DQ (3); 9 H8 DK (4 + 5) -> seat 1 25.
EQUAL = dict(nd_hand="SA S10 SK S6 S7 D6 DJ DQ DK", d_hand="C6 C7 C8 C9 D7 CA H6 H7 H8", turned="H10")
EQUAL_PLAY = "SA C6 S10 C7 SK C8 S6 C9 S7 D7 D6 H6 CA DJ H7 DQ H8 DK"

# Exactly 21 is no pomme: as EQUAL, but seat 0 leads D8 in trick 6 and drops D6 last:
#  seat 1 takes CA DJ (13), H7 DQ (3), H8 D6 (0 + 5) = 21; seat 0 25.
TWENTY_ONE = dict(nd_hand="SA S10 SK S6 S7 D8 DJ DQ D6", d_hand="C6 C7 C8 C9 D7 CA H6 H7 H8", turned="H10")
TWENTY_ONE_PLAY = "SA C6 S10 C7 SK C8 S6 C9 S7 D7 D8 H6 CA DJ H7 DQ H8 D6"


def one_sided_order(strong_is_dealer: bool) -> list[Card]:
    if strong_is_dealer:
        return make_order(WEAK, STRONG, "C6")
    return make_order(STRONG, WEAK, "C6")


def low_order() -> list[Card]:
    """The both-under-21 deal: the non-dealer takes 0 points, the dealer 12 (LOW_PLAY)."""
    return make_order(LOW["nd_hand"], LOW["d_hand"], LOW["turned"])


def play_round(state: State, script: str) -> State:
    return play_cards(to_play_phase(state), script)


# --- the protocol ------------------------------------------------------------------


def test_the_module_is_a_variant() -> None:
    variant: Any = pomme
    final = random_playout(variant, pomme.new_game(seed=3), seed=4)
    assert pomme.is_over(final) and pomme.winner(final) in (0, 1)
    assert pomme.SEATS == 2


# --- 5 deal ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("turned", "trump"),
    [
        pytest.param("CJ", Trump.EICHELN, id="5 deal: the turned card's suit is trump (clubs, seed 000)"),
        pytest.param("SA", Trump.ROSEN, id="5 deal: the turned card's suit is trump (spades)"),
        pytest.param("HA", Trump.SCHILTEN, id="5 deal: the turned card's suit is trump (hearts)"),
        pytest.param("D6", Trump.SCHELLEN, id="5 deal: the turned card's suit is trump (diamonds, the 6)"),
    ],
)
def test_deal_turned_card_fixes_trump(turned: str, trump: Trump) -> None:
    state = start("S6 S7 S8 S9 SJ D7 D8 D9 D10", "C7 C8 C9 CQ CK H6 H7 H8 H9", turned)
    assert state.trump is trump
    assert state.turned is Card.parse(turned)
    assert state.top_card is Card.parse(turned)


def test_deal_9_cards_3_extras_each_and_a_talon_of_12() -> None:
    order = list(FULL_DECK)  # C6 .. CA, S6 .. SA, H6 .. HA, D6 .. DA
    state = pomme.new_game(Rules(first_dealer=1), seed=0, deal=order)
    # Seat 1 deals: the non-dealer (seat 0) gets order[0:9], the dealer order[9:18].
    assert state.hands == (cards("C6 C7 C8 C9 C10 CJ CQ CK CA"), cards("S6 S7 S8 S9 S10 SJ SQ SK SA"))
    assert state.extras == (cards("H6 H7 H8"), cards("H9 H10 HJ"))
    assert state.turned is Card.HQ and state.trump is Trump.SCHILTEN
    assert state.talon == cards("HK HA D6 D7 D8 D9 D10 DJ DQ DK DA")  # 11 below the turned card
    assert state.out_of_play == CardSet()
    assert state.phase is Phase.EXCHANGE and state.round_number == 0


def test_deal_mapping_follows_the_dealer() -> None:
    order = list(FULL_DECK)
    state = pomme.new_game(Rules(first_dealer=0), seed=0, deal=order)
    assert state.hands[1] == cards("C6 C7 C8 C9 C10 CJ CQ CK CA")  # seat 1 is the non-dealer now
    assert state.extras[1] == cards("H6 H7 H8")


def test_deal_from_a_seed_is_the_seeds_shuffled_deck() -> None:
    state = pomme.new_game(Rules(first_dealer=1), seed=99)
    order = shuffled_deck(99)
    assert state.hands[0] == CardSet(order[0:9]) and state.hands[1] == CardSet(order[9:18])
    assert state.extras[0] == CardSet(order[18:21]) and state.extras[1] == CardSet(order[21:24])
    assert state.turned is order[24] and state.talon == CardSet(order[25:36])


def test_first_dealer_is_drawn_from_the_seed_when_not_set() -> None:
    dealers = {pomme.new_game(seed=s).dealer for s in range(40)}
    assert dealers == {0, 1}
    assert pomme.new_game(seed=5).dealer == pomme.new_game(seed=5).dealer


# --- 5 exchange ---------------------------------------------------------------------

HAND_0 = "S6 S7 S8 S9 SJ D7 D8 D9 D10"
HAND_1 = "C7 C8 C9 CQ CK H6 H7 H8 H9"
EXTRAS_0 = "DA DK DQ"
EXTRAS_1 = "HA HK HQ"


@pytest.mark.parametrize(
    ("first", "second", "hand_0", "hand_1", "out"),
    [
        pytest.param(
            KeepHand(), KeepHand(), HAND_0, HAND_1, "DA DK DQ HA HK HQ",
            id="5 exchange: both keep; their 6 extras go out of play",
        ),
        pytest.param(
            Exchange("S6 S7 S8"), KeepHand(), "S9 SJ D7 D8 D9 D10 DQ DK DA", HAND_1, "S6 S7 S8 HA HK HQ",
            id="5 exchange: non-dealer swaps 3 for its extras; the dealer keeps",
        ),
        pytest.param(
            KeepHand(), Exchange("C7 C8 C9"), HAND_0, "CQ CK H6 H7 H8 H9 HQ HK HA", "DA DK DQ C7 C8 C9",
            id="5 exchange: non-dealer keeps; the dealer swaps 3",
        ),
        pytest.param(
            Exchange("D7 D8 D9"), Exchange("H6 H7 H8"), "S6 S7 S8 S9 SJ D10 DQ DK DA",
            "C7 C8 C9 CQ CK H9 HQ HK HA", "D7 D8 D9 H6 H7 H8",
            id="5 exchange: both swap 3; the 6 given away go out of play",
        ),
    ],
)
def test_exchange(first: Move, second: Move, hand_0: str, hand_1: str, out: str) -> None:
    state = start(HAND_0, HAND_1, "C6", nd_extras=EXTRAS_0, d_extras=EXTRAS_1)
    assert pomme.to_act(state) == 0  # the non-dealer decides first
    state = pomme.apply(state, first)
    assert pomme.to_act(state) == 1 and state.phase is Phase.EXCHANGE
    assert len(state.out_of_play) == 3
    state = pomme.apply(state, second)
    assert state.hands == (cards(hand_0), cards(hand_1))
    assert state.out_of_play == cards(out)
    assert state.extras == (CardSet(), CardSet())
    assert state.exchanges == (isinstance(first, Exchange), isinstance(second, Exchange))
    # The 6 is turned: no swap, play begins with the non-dealer.
    assert state.phase is Phase.PLAY and pomme.to_act(state) == 0


def test_exchange_legal_moves_keep_plus_84() -> None:
    state = start(HAND_0, HAND_1, "C6")
    legal = pomme.legal_moves(state)
    assert legal[0] == KeepHand()
    exchanges = [m for m in legal if isinstance(m, Exchange)]
    assert len(legal) == 85 and len(exchanges) == 84  # 9 choose 3
    assert len({m.cards for m in exchanges}) == 84
    assert all(len(m.cards) == 3 and m.cards <= cards(HAND_0) for m in exchanges)


@settings(max_examples=40)
@given(trio=st.lists(st.sampled_from(sorted(cards(HAND_0) | CardSet(ALL[:3] + ALL[-3:]))), min_size=3, max_size=3,
                     unique=True))
def test_apply_takes_an_exchange_exactly_when_legal_moves_lists_it(trio: list[Card]) -> None:
    """Rule 5 (exchange) and the rule for untrusted input: apply's quick check of an exchange
    (3 cards of the hand) accepts exactly the Exchange moves of legal_moves."""
    state = start(HAND_0, HAND_1, "C6")
    move = Exchange(CardSet(trio))
    if move in pomme.legal_moves(state):
        assert pomme.apply(state, move).phase is Phase.EXCHANGE  # the other seat decides next
    else:
        with pytest.raises(IllegalMoveError, match="is not a legal move now"):
            pomme.apply(state, move)


@pytest.mark.parametrize(
    ("given", "message"),
    [
        pytest.param("S6", "Exchange of 1 card (S6): exchange exactly 3 cards, or keep your hand",
                     id="5 exchange: 1 card is an error that says so"),
        pytest.param("S6 S7", "Exchange of 2 cards (S6 S7): exchange exactly 3 cards, or keep your hand",
                     id="5 exchange: 2 cards is an error that says so"),
        pytest.param("S6 S7 S8 S9", "Exchange of 4 cards (S6 S7 S8 S9): exchange exactly 3 cards",
                     id="5 exchange: 4 cards is an error that says so"),
        pytest.param("", "Exchange of 0 cards: exchange exactly 3 cards",
                     id="5 exchange: no card is an error (KeepHand keeps)"),
        pytest.param("S6 S7 CA", "Exchange(cards=CardSet('CA S6 S7')) is not a legal move now",
                     id="5 exchange: only cards of the hand may be given away"),
    ],
)
def test_exchange_errors(given: str, message: str) -> None:
    """An exchange of other than 3 cards cannot even be built; one of cards not held is refused."""
    state = start(HAND_0, HAND_1, "C6")
    before = copy.deepcopy(state)
    with pytest.raises(IllegalMoveError, match=re.escape(message)):
        pomme.apply(state, Exchange(given))
    assert state == before


# --- 5 trump 6 ---------------------------------------------------------------------


def test_trump_six_swap_seed_000_six_of_clubs_for_the_turned_jack() -> None:
    """Seed 000: "Ici, « trèfle » est la couleur d'atout. Le joueur échange son 6 de
    trèfle avec le Valet de trèfle." """
    state = start("C6 S6 S7 S8 S9 D7 D8 D9 D10", "C7 C8 C9 CQ CK H6 H7 H8 H9", "CJ")
    state = moves(state, KeepHand(), KeepHand())
    assert state.phase is Phase.SWAP_TRUMP_SIX and pomme.to_act(state) == 0
    assert pomme.legal_moves(state) == (SwapTrumpSix(), DeclineSwap())
    state = pomme.apply(state, SwapTrumpSix())
    assert state.phase is Phase.PLAY and pomme.to_act(state) == 0
    assert state.hand(0) == cards("CJ S6 S7 S8 S9 D7 D8 D9 D10")
    assert state.top_card is Card.C6 and state.turned is Card.CJ and state.swapped_by == 0
    view = pomme.observe(state, 1)  # the swap is public
    assert view.swapped_by == 0 and view.top_card is Card.C6 and view.turned is Card.CJ


def test_trump_six_swap_is_optional() -> None:
    state = start("C6 S6 S7 S8 S9 D7 D8 D9 D10", "C7 C8 C9 CQ CK H6 H7 H8 H9", "CJ")
    state = moves(state, KeepHand(), KeepHand(), DeclineSwap())
    # The non-dealer declined: the dealer, who has no trump 6, is asked too and passes.
    assert state.phase is Phase.SWAP_TRUMP_SIX and pomme.to_act(state) == 1
    assert pomme.legal_moves(state) == (DeclineSwap(),)
    with pytest.raises(IllegalMoveError, match="SwapTrumpSix.. is not a legal move now .phase swap_trump_six, seat 1"):
        pomme.apply(state, SwapTrumpSix())
    state = pomme.apply(state, DeclineSwap())
    assert state.phase is Phase.PLAY
    assert state.hand(0) == cards("C6 S6 S7 S8 S9 D7 D8 D9 D10") and state.top_card is Card.CJ
    assert state.swapped_by is None


def test_trump_six_swap_by_the_dealer() -> None:
    state = start("S6 S7 S8 S9 SJ D7 D8 D9 D10", "C6 C8 C9 CQ CK H6 H7 H8 H9", "CA")
    state = moves(state, KeepHand(), KeepHand())
    assert pomme.to_act(state) == 0 and pomme.legal_moves(state) == (DeclineSwap(),)
    state = moves(state, DeclineSwap())
    assert pomme.to_act(state) == 1 and pomme.legal_moves(state) == (SwapTrumpSix(), DeclineSwap())
    state = moves(state, SwapTrumpSix())
    assert state.hand(1) == cards("CA C8 C9 CQ CK H6 H7 H8 H9") and state.top_card is Card.C6
    assert state.phase is Phase.PLAY and pomme.to_act(state) == 0  # the non-dealer still leads


@pytest.mark.parametrize(
    ("deal", "decisions"),
    [
        pytest.param(
            dict(nd_hand="S6 S7 S8 S9 SJ D7 D8 D9 D10", d_hand="C7 C8 C9 CQ CK H6 H7 H8 H9",
                 turned="CJ", nd_extras="C6 DA DK"),
            (KeepHand(), KeepHand()),
            id="6 the trump 6 among the unused cards (the extras of a player who kept)",
        ),
        pytest.param(
            dict(nd_hand="C6 S7 S8 S9 SJ D7 D8 D9 D10", d_hand="C7 C8 C9 CQ CK H6 H7 H8 H9", turned="CJ"),
            (Exchange("C6 S7 S8"), KeepHand()),
            id="6 the trump 6 among the unused cards (given away in an exchange)",
        ),
        pytest.param(
            dict(nd_hand="S6 S7 S8 S9 SJ D7 D8 D9 D10", d_hand="C7 C8 C9 CQ CK H6 H7 H8 H9",
                 turned="CJ", talon_has="C6"),
            (KeepHand(), KeepHand()),
            id="6 the trump 6 below the turned card in the talon",
        ),
    ],
)
def test_trump_six_out_of_play_cannot_be_swapped(deal: dict[str, str], decisions: tuple[Move, Move]) -> None:
    state = moves(start_from(deal), *decisions)
    assert Card.C6 not in state.hand(0) and Card.C6 not in state.hand(1)
    # Both players are asked in turn and may only pass, so the opponent learns nothing.
    for seat in (0, 1):
        assert state.phase is Phase.SWAP_TRUMP_SIX and pomme.to_act(state) == seat
        assert pomme.legal_moves(state) == (DeclineSwap(),)
        with pytest.raises(IllegalMoveError, match="is not a legal move now") as error:
            pomme.apply(state, SwapTrumpSix())
        assert error.value.detail == f"seat {seat} may make: no swap"
        state = pomme.apply(state, DeclineSwap())
    assert state.phase is Phase.PLAY and state.top_card is Card.CJ


def test_turned_card_is_the_trump_six_no_swap_phase() -> None:
    """RULES.md 6: the turned card is the trump 6: nobody can hold it, the swap is skipped."""
    state = start("S6 S7 S8 S9 SJ D7 D8 D9 D10", "C7 C8 C9 CJ CK H6 H7 H8 H9", "C6")
    state = moves(state, KeepHand(), KeepHand())
    assert state.phase is Phase.PLAY and pomme.to_act(state) == 0
    assert all(isinstance(m, PlayCard) for m in pomme.legal_moves(state))
    with pytest.raises(IllegalMoveError):
        pomme.apply(state, SwapTrumpSix())
    assert state.top_card is Card.C6 and state.trump is Trump.EICHELN


@pytest.mark.parametrize(
    ("deal", "decisions", "seat", "hand"),
    [
        pytest.param(
            dict(nd_hand="S6 S7 S8 S9 SJ D7 D8 D9 D10", d_hand="C7 C8 C9 CQ CK H6 H7 H8 H9",
                 turned="CA", nd_extras="C6 DA DK"),
            (Exchange("S6 S7 S8"), KeepHand(), SwapTrumpSix()),
            0, "CA S9 SJ D7 D8 D9 D10 DK DA",
            id="6 a player who exchanged and then swaps (the non-dealer took the 6 from its extras)",
        ),
        pytest.param(
            dict(nd_hand="S6 S7 S8 S9 SJ D7 D8 D9 D10", d_hand="C7 C8 C9 CQ CK H6 H7 H8 H9",
                 turned="CA", d_extras="C6 HA HK"),
            (KeepHand(), Exchange("H6 H7 H8"), DeclineSwap(), SwapTrumpSix()),
            1, "CA C7 C8 C9 CQ CK H9 HK HA",
            id="6 a player who exchanged and then swaps (the dealer, after the non-dealer passes)",
        ),
    ],
)
def test_exchange_then_swap(deal: dict[str, str], decisions: tuple[Move, ...], seat: int, hand: str) -> None:
    state = moves(start_from(deal), *decisions)
    assert state.phase is Phase.PLAY
    assert state.hand(seat) == cards(hand)
    assert state.top_card is Card.C6 and state.swapped_by == seat


# --- 5 first lead and card play (RULES.md 2, seed 000) ----------------------------------

SEED_HANDS = dict(
    nd_hand="SJ DQ HA S9 D6 D7 D8 D9 D10",  # seat 0, the non-dealer: leads
    d_hand="S7 SA C7 C8 H6 H7 H8 H9 HK",  # seat 1: no diamond
    turned="CJ",  # clubs trump, as in seed 000's examples
)


@pytest.mark.parametrize(
    ("lead", "answer", "legal", "winner"),
    [
        pytest.param(
            "SJ", "S7", "S7 SA C7 C8", 0,
            id="seed 000 (6a): J of spades, 7 of spades follows: the J wins; follow or trump",
        ),
        pytest.param(
            "DQ", "SA", "S7 SA C7 C8 H6 H7 H8 H9 HK", 0,
            id="seed 000 (6b): Q of diamonds answered by a spade, even the ace: the leader wins",
        ),
        pytest.param(
            "DQ", "S7", "S7 SA C7 C8 H6 H7 H8 H9 HK", 0,
            id="seed 000 (6b): void in the led suit: any card",
        ),
        pytest.param(
            "HA", "C7", "C7 C8 H6 H7 H8 H9 HK", 1,
            id="seed 000 (6c): A of hearts trumped: the trump wins, although hearts could follow",
        ),
        pytest.param(
            "HA", "HK", "C7 C8 H6 H7 H8 H9 HK", 0,
            id="2.1 following with a lower card of the led suit: the leader wins",
        ),
    ],
)
def test_seed_000_card_play(lead: str, answer: str, legal: str, winner: int) -> None:
    state = to_play_phase(start_from(SEED_HANDS))
    assert pomme.to_act(state) == 0  # "le joueur en face du donneur" leads
    state = pomme.apply(state, PlayCard(Card.parse(lead)))
    assert pomme.to_act(state) == 1
    assert {m.card for m in pomme.legal_moves(state) if isinstance(m, PlayCard)} == set(cards(legal))
    state = pomme.apply(state, PlayCard(Card.parse(answer)))
    assert state.play is not None
    assert state.play.tricks[0].winner == winner
    assert pomme.to_act(state) == winner  # the winner leads the next trick


def test_seed_000_not_following_is_illegal_and_says_why() -> None:
    state = to_play_phase(start_from(SEED_HANDS))
    state = pomme.apply(state, PlayCard(Card.SJ))
    with pytest.raises(IllegalMoveError) as error:
        pomme.apply(state, PlayCard(Card.H6))
    assert "H6 does not follow the led suit" in error.value.detail


@pytest.mark.parametrize(
    ("dealer_hand", "bauer_exception", "legal"),
    [
        pytest.param("CJ S7 S8 H6 H7 H8 H9 HK D6", True, "CJ S7 S8 H6 H7 H8 H9 HK D6",
                     id="6 Bauer exception: only the trump Jack on a trump lead: any card"),
        pytest.param("CJ C7 S8 H6 H7 H8 H9 HK D6", True, "CJ C7",
                     id="6 Bauer exception: the Jack and another trump: any trump"),
        pytest.param("CJ S7 S8 H6 H7 H8 H9 HK D6", False, "CJ",
                     id="2.3 option bauer_exception off: the Jack must follow trump"),
        pytest.param("C7 S7 S8 H6 H7 H8 H9 HK D6", True, "C7",
                     id="2.3 trump led: a single trump other than the Jack must be played"),
    ],
)
def test_bauer_exception(dealer_hand: str, bauer_exception: bool, legal: str) -> None:
    state = start("CA C9 S9 SJ D7 D8 D9 D10 DK", dealer_hand, "C6", rules=Rules(bauer_exception=bauer_exception))
    state = to_play_phase(state)
    state = pomme.apply(state, PlayCard(Card.CA))
    assert {m.card for m in pomme.legal_moves(state) if isinstance(m, PlayCard)} == set(cards(legal))


def test_undertrumping_cannot_arise_any_trump_on_a_plain_lead() -> None:
    """RULES.md 2.4: with two players no trump precedes the second card of a plain-suit trick."""
    state = to_play_phase(start("SA S9 SJ D7 D8 D9 D10 DK DA", "C7 C9 CJ S6 H7 H8 H9 HK D6", "C6"))
    state = pomme.apply(state, PlayCard(Card.SA))
    assert {m.card for m in pomme.legal_moves(state) if isinstance(m, PlayCard)} == set(cards("S6 C7 C9 CJ"))


# --- 5 points, round result, a complete round ---------------------------------------------


def test_complete_round_hand_worked() -> None:
    state = start_from(FULL_ROUND)
    state = moves(state, Exchange("D6 D7 SK"), KeepHand())
    assert state.out_of_play == cards("D6 D7 SK D8 D9 D10")
    assert state.phase is Phase.SWAP_TRUMP_SIX and pomme.to_act(state) == 0
    state = pomme.apply(state, SwapTrumpSix())
    assert state.hand(0) == cards("CJ C9 CA SA S10 S9 HA H9 H8")
    assert state.hand(1) == cards("C10 CQ S7 S8 H6 H7 HK DA DK")
    state = play_cards(state, FULL_ROUND_PLAY)
    assert state.play is not None
    assert [t.winner for t in state.play.tricks] == [1, 1, 0, 0, 0, 0, 1, 0, 0]
    assert [t.points for t in state.play.tricks] == [14, 11, 15, 31, 11, 10, 4, 0, 14]
    score = pomme.score_round(state)
    assert score == RoundScore(
        card_points=(81, 29), last_trick=(5, 0), totals=(86, 29), won=(1, 0),
        pommes=(False, False), game_points=(1, 0), complete=True,
    )
    assert state.phase is Phase.ROUND_OVER and state.scores == (1, 0) and state.pommes == (0, 0)
    assert state.history == (score,)
    assert pomme.to_act(state) == 0 and pomme.legal_moves(state) == (Deal(),)  # seat 0 deals next


def test_complete_round_with_a_20_point_jack() -> None:
    """Option trump_jack_points=20 (the general value): the CJ trick is worth 30."""
    state = start_from(FULL_ROUND, rules=Rules(trump_jack_points=20))
    state = moves(state, Exchange("D6 D7 SK"), KeepHand(), SwapTrumpSix())
    state = play_cards(state, FULL_ROUND_PLAY)
    assert pomme.score_round(state).totals == (85, 29)


def test_score_while_playing_counts_the_tricks_so_far() -> None:
    state = moves(start_from(FULL_ROUND), Exchange("D6 D7 SK"), KeepHand(), SwapTrumpSix())
    assert pomme.score_round(state) == RoundScore((0, 0), (0, 0), (0, 0), (0, 0), (False, False), (0, 0), False)
    state = play_cards(state, "HA CQ DA S9 DK CA")
    assert pomme.score_round(state) == RoundScore(
        (15, 25), (0, 0), (15, 25), (0, 0), (False, False), (0, 0), False
    )
    assert pomme.observe(state, 0).round_points == (15, 25)


@pytest.mark.parametrize(
    ("deal", "script", "rules", "totals", "won", "pommes", "scores"),
    [
        pytest.param(
            dict(nd_hand=STRONG, d_hand=WEAK, turned="C6"), STRONG_LEADS, Rules(),
            (108, 0), (1, 0), (False, True), (1, -1),
            id="5 round result: higher total +1; a player under 21 scores a pomme (-1)",
        ),
        pytest.param(
            EQUAL, EQUAL_PLAY, Rules(), (25, 25), (0, 0), (False, False), (0, 0),
            id="6 equal totals: nobody scores the +1",
        ),
        pytest.param(
            LOW, LOW_PLAY, Rules(), (0, 12), (0, 1), (True, True), (-1, 0),
            id="6 both players under 21: both pommes, the higher still +1 (seed 000)",
        ),
        pytest.param(
            LOW, LOW_PLAY, Rules.wikipedia(), (0, 12), (0, 0), (False, False), (0, 0),
            id="6 both players under 21, option both_pommes_cancel: nothing is scored (fr.wikipedia)",
        ),
        pytest.param(
            TWENTY_ONE, TWENTY_ONE_PLAY, Rules(), (25, 21), (1, 0), (False, False), (1, 0),
            id="5 round result: exactly 21 is no pomme (moins de 21)",
        ),
        pytest.param(
            TWENTY_ONE, TWENTY_ONE_PLAY, Rules(pomme_threshold=22), (25, 21), (1, 0), (False, True), (1, -1),
            id="5 option pomme_threshold=22: 21 is a pomme",
        ),
    ],
)
def test_round_result(
    deal: dict[str, str],
    script: str,
    rules: Rules,
    totals: tuple[int, int],
    won: tuple[int, int],
    pommes: tuple[bool, bool],
    scores: tuple[int, int],
) -> None:
    state = play_round(start_from(deal, rules=rules), script)
    score = pomme.score_round(state)
    assert score.complete
    assert score.totals == totals and score.won == won and score.pommes == pommes
    assert score.game_points == scores
    assert state.scores == scores
    assert state.pommes == tuple(int(p) for p in pommes)


def test_weis_and_stoeck_do_not_count() -> None:
    """RULES.md 5 "weis / Stöck: none": trump K+Q and a sequence in one hand add nothing."""
    state = start("CK CQ CA C10 C9 CJ C8 C7 SA", "S6 S7 S8 S9 H6 H7 H8 H9 D6", "C6")
    state = play_round(state, "CJ S6 C9 S7 CA S8 C10 S9 CK H6 CQ H7 C8 H8 C7 H9 SA D6")
    # 21 + 14 + 11 + 10 + 4 + 3 + 0 + 0 + 11 = 74, + 5 for the last trick.
    assert pomme.score_round(state).totals == (79, 0)


# --- 5 game: dealer alternates, first to 7, three pommes ------------------------------------


def one_sided_round(state: State, strong_seat: int) -> State:
    """From ROUND_OVER, deal and play the one-sided round with ``strong_seat`` taking
    every trick (108 points to 0: +1 for it, a pomme for the other)."""
    assert state.phase is Phase.ROUND_OVER
    dealer = 1 - state.dealer
    state = pomme.apply_trusted(state, Deal(one_sided_order(strong_is_dealer=strong_seat == dealer)))
    assert state.dealer == dealer
    return play_round(state, WEAK_LEADS if strong_seat == dealer else STRONG_LEADS)


def first_round(rules: Rules, strong_seat: int) -> State:
    """A game (seat 1 deals first) whose first round is the one-sided round, played."""
    rules = attrs.evolve(rules, first_dealer=1)
    state = pomme.new_game(rules, seed=1, deal=one_sided_order(strong_is_dealer=strong_seat == 1))
    return play_round(state, WEAK_LEADS if strong_seat == 1 else STRONG_LEADS)


def test_dealer_alternates_and_the_non_dealer_leads() -> None:
    state = first_round(Rules(), strong_seat=0)
    assert state.dealer == 1 and state.scores == (1, -1)
    assert pomme.to_act(state) == 0  # the next dealer deals
    state = pomme.apply(state, Deal())
    assert state.dealer == 0 and state.round_number == 1 and pomme.to_act(state) == 1
    order = shuffled_deck(round_seed(1, 1))
    assert state.hands[1] == CardSet(order[0:9]) and state.hands[0] == CardSet(order[9:18])
    state = to_play_phase(state)
    assert pomme.to_act(state) == 1  # seat 1 leads the first trick of round 2


def test_game_to_7_points() -> None:
    """RULES.md 5 game: "Le premier joueur à totaliser 7 points gagne la partie"."""
    state = first_round(Rules(), strong_seat=0)
    for expected in range(2, 8):
        assert state.phase is Phase.ROUND_OVER and not pomme.is_over(state)
        state = one_sided_round(state, strong_seat=0)
        assert state.scores == (expected, -expected)  # scores may be negative
    assert state.phase is Phase.GAME_OVER and pomme.is_over(state)
    assert pomme.winner(state) == 0 and state.pommes == (0, 7)
    assert pomme.legal_moves(state) == () and pomme.to_act(state) is None
    with pytest.raises(IllegalMoveError, match="the game is over"):
        pomme.apply(state, Deal())


def test_game_target_option() -> None:
    state = first_round(Rules(target_points=2), strong_seat=1)
    state = one_sided_round(state, strong_seat=1)
    assert pomme.winner(state) == 1 and state.scores == (-2, 2)


def test_three_pommes_lose() -> None:
    """Seed 000's variant: "le premier joueur à totaliser 3 pommes" loses."""
    state = first_round(Rules.three_pommes(), strong_seat=1)
    state = one_sided_round(state, strong_seat=1)
    assert not pomme.is_over(state) and state.pommes == (2, 0)
    state = one_sided_round(state, strong_seat=1)
    assert pomme.is_over(state) and pomme.winner(state) == 1
    assert state.pommes == (3, 0) and state.scores == (-3, 3)


def test_three_pommes_off_by_default() -> None:
    state = first_round(Rules(), strong_seat=1)
    for _ in range(3):
        state = one_sided_round(state, strong_seat=1)
    assert state.pommes == (4, 0) and not pomme.is_over(state)


def low_round(state: State) -> State:
    """Deal the both-under-21 round: the non-dealer takes 0 points, the dealer 12."""
    return play_round(pomme.apply_trusted(state, Deal(low_order())), LOW_PLAY)


def test_three_pommes_reached_together_play_on() -> None:
    """Both players collect their third pomme in the same round: neither was first, the
    game goes on; the next player with more pommes (at least 3) loses."""
    rules = Rules(three_pommes_lose=True, first_dealer=1)
    state = play_round(pomme.new_game(rules, seed=1, deal=low_order()), LOW_PLAY)
    # LOW: the non-dealer takes 0, the dealer 12: both pommes, the dealer +1.
    assert state.pommes == (1, 1) and state.scores == (-1, 0)
    state = low_round(state)  # seat 0 deals: seat 1 is the non-dealer, takes 0
    assert state.pommes == (2, 2) and state.scores == (-1, -1)
    state = low_round(state)
    assert state.pommes == (3, 3) and state.scores == (-2, -1)
    assert not pomme.is_over(state)
    state = one_sided_round(state, strong_seat=1)  # seat 1 takes every trick: seat 0's 4th pomme
    assert state.pommes == (4, 3) and pomme.winner(state) == 1


# --- moves of the wrong kind, bad input ------------------------------------------------------


@pytest.mark.parametrize(
    "move",
    [
        pytest.param(PlayCard(Card.S6), id="a card before play"),
        pytest.param(SwapTrumpSix(), id="a swap in the exchange"),
        pytest.param(Deal(), id="a deal in the exchange"),
        pytest.param(None, id="None"),
        pytest.param("KeepHand", id="a string"),
        pytest.param(3, id="an int"),
        pytest.param(Trick(0, (Card.S6,), 0, 0), id="a foreign object"),
    ],
)
def test_wrong_moves_in_the_exchange(move: object) -> None:
    state = start(HAND_0, HAND_1, "C6")
    with pytest.raises(IllegalMoveError, match="is not a legal move now .phase exchange, seat 0 to act.") as error:
        pomme.apply(state, _any(move))
    assert error.value.detail.startswith("seat 0 may make: keep the hand, exchange")


def test_other_variants_moves_are_illegal() -> None:
    from jass import schieber

    state = start(HAND_0, HAND_1, "C6")
    with pytest.raises(IllegalMoveError, match="is not a legal move now"):
        pomme.apply(state, _any(schieber.Push()))
    state = to_play_phase(state)
    with pytest.raises(IllegalMoveError, match="phase play"):
        pomme.apply(state, _any(schieber.ChooseTrump(Trump.OBENABE)))
    with pytest.raises(IllegalMoveError, match="phase play"):
        pomme.apply(state, KeepHand())


def test_bad_input_raises_library_errors() -> None:
    state = start(HAND_0, HAND_1, "C6")
    with pytest.raises(JassError, match="not a state"):
        pomme.apply(_any("state"), KeepHand())
    with pytest.raises(JassError, match="not a state"):
        pomme.legal_moves(_any(None))
    for seat in (2, -1, True, "0"):
        with pytest.raises(JassError, match="seat"):
            pomme.observe(state, _any(seat))
    with pytest.raises(InvalidRulesError):
        pomme.new_game(_any("rules"))
    with pytest.raises(InvalidSeedError):
        pomme.new_game(seed=_any("1"))
    with pytest.raises(InvalidCardsError, match="36 cards"):
        pomme.new_game(deal=ALL[:35])
    with pytest.raises(IllegalMoveError, match="^Deal: "):
        Deal(_any(ALL[:35] + [ALL[0]]))
    with pytest.raises(JassError):
        Exchange(_any(5))
    with pytest.raises(JassError):
        PlayCard(_any("X9"))


@pytest.mark.parametrize(
    "kwargs",
    [
        pytest.param(dict(trump_jack_points=-1), id="trump_jack_points negative"),
        pytest.param(dict(trump_jack_points="21"), id="trump_jack_points a string"),
        pytest.param(dict(target_points=0), id="target_points 0"),
        pytest.param(dict(target_points=True), id="target_points a bool"),
        pytest.param(dict(three_pommes_lose=1), id="three_pommes_lose an int"),
        pytest.param(dict(pomme_threshold=-5), id="pomme_threshold negative"),
        pytest.param(dict(both_pommes_cancel=None), id="both_pommes_cancel None"),
        pytest.param(dict(bauer_exception="yes"), id="bauer_exception a string"),
        pytest.param(dict(first_dealer=2), id="first_dealer 2"),
        pytest.param(dict(first_dealer=True), id="first_dealer a bool"),
    ],
)
def test_invalid_rules(kwargs: dict[str, object]) -> None:
    with pytest.raises(InvalidRulesError):
        Rules(**_any(kwargs))


def test_rules_defaults_and_presets() -> None:
    rules = Rules()
    assert (rules.trump_jack_points, rules.target_points, rules.three_pommes_lose) == (21, 7, False)
    assert (rules.pomme_threshold, rules.both_pommes_cancel, rules.bauer_exception) == (21, False, True)
    assert rules.first_dealer is None
    assert Rules.seed() == rules
    assert Rules.three_pommes() == Rules(three_pommes_lose=True)
    assert Rules.wikipedia() == Rules(both_pommes_cancel=True)


# --- hidden information ---------------------------------------------------------------------


def test_observation_hides_the_other_hand_extras_talon_and_unused_cards() -> None:
    state = start_from(FULL_ROUND)
    view = pomme.observe(state, 0)
    assert view.hand == cards(FULL_ROUND["nd_hand"])
    assert view.hand_sizes == (9, 9) and view.turned is Card.CJ and view.trump is Trump.EICHELN
    hidden = FULL_DECK - cards(FULL_ROUND["nd_hand"]) - {Card.CJ}
    assert not visible_cards(view) & hidden
    assert not codes_in(repr(view)) & hidden
    state = moves(state, Exchange("D6 D7 SK"), KeepHand())
    view = pomme.observe(state, 1)
    assert view.exchanges == (True, False)  # who exchanged is public, not which cards
    assert not visible_cards(view) & (FULL_DECK - state.hand(1) - {Card.CJ})
    assert not codes_in(repr(view)) & (FULL_DECK - state.hand(1) - {Card.CJ})


def test_who_holds_the_trump_six_is_not_revealed() -> None:
    """Seat 1's view is the same whether seat 0 holds the trump 6 and declines, or the 6 is
    out of play: everyone is asked in turn."""
    holder = start("C6 S7 S8 S9 SJ D7 D8 D9 D10", "C7 C8 C9 CQ CK H6 H7 H8 H9", "CJ", nd_extras="S6 DA DK")
    nobody = start("S6 S7 S8 S9 SJ D7 D8 D9 D10", "C7 C8 C9 CQ CK H6 H7 H8 H9", "CJ", nd_extras="C6 DA DK")
    for move in (KeepHand(), KeepHand(), DeclineSwap(), DeclineSwap()):
        assert pomme.observe(holder, 1) == pomme.observe(nobody, 1)
        holder, nobody = pomme.apply(holder, move), pomme.apply(nobody, move)
    assert holder.phase is nobody.phase is Phase.PLAY
    assert pomme.observe(holder, 1) == pomme.observe(nobody, 1)


def visible_cards(value: object) -> CardSet:
    """Every card reachable from ``value`` (an observation) through its fields."""
    found: set[Card] = set()

    def walk(item: object) -> None:
        if isinstance(item, Card):
            found.add(item)
        elif isinstance(item, CardSet):
            found.update(item)
        elif isinstance(item, (tuple, list, set, frozenset)):
            for part in item:
                walk(part)
        elif isinstance(item, dict):
            for part in item.values():
                walk(part)
        elif attrs.has(type(item)):
            for field in attrs.fields(_any(type(item))):
                walk(getattr(item, field.name))

    walk(value)
    return CardSet(found)


_CODE = re.compile(r"(?<![A-Za-z0-9])([CSHD](?:10|[6-9JQKA]))(?![A-Za-z0-9])")


def codes_in(text: str) -> CardSet:
    return CardSet(Card.parse(code) for code in _CODE.findall(text))


def known_to(state: State, seat: int) -> CardSet:
    """What ``seat`` may see: its hand, the played cards, the turned and the top card."""
    known = state.hand(seat) | {state.turned, state.top_card}
    if state.play is not None:
        known |= state.play.played()
    return known


# --- properties over random complete games -----------------------------------------------------


def foreign_moves(state: State, rng: random.Random) -> Iterator[object]:
    """Candidate moves of every kind, most of them illegal now."""
    yield PlayCard(rng.choice(ALL))
    yield KeepHand()
    yield SwapTrumpSix()
    yield DeclineSwap()
    yield Deal()
    yield Exchange(rng.sample(ALL, 3))
    yield None
    yield "PlayCard(Card.C6)"


def check_conservation(state: State) -> None:
    parts = [state.talon, CardSet([state.top_card]), state.out_of_play, state.extras[0], state.extras[1]]
    if state.play is None:
        parts += [state.hands[0], state.hands[1]]
    else:
        parts += [state.play.hands[0], state.play.hands[1], state.play.played()]
    union = 0
    for part in parts:
        assert union & part.bits == 0, f"{part} twice"
        union |= part.bits
    assert union == FULL_DECK.bits
    assert len(state.talon) == 11
    decided = sum(d is not None for d in state.exchanges)
    assert len(state.out_of_play) == 3 * decided


def check_observations(state: State) -> None:
    for seat in (0, 1):
        view = pomme.observe(state, seat)
        allowed = known_to(state, seat)
        assert visible_cards(view) <= allowed
        assert codes_in(repr(view)) <= allowed
        assert view.hand == state.hand(seat)


def play_game(
    rules: Rules, seed: int, rng: random.Random, *, check: bool
) -> tuple[State, list[Move], list[State]]:
    state = pomme.new_game(rules, seed)
    played: list[Move] = []
    states = [state]
    while not pomme.is_over(state):
        legal = pomme.legal_moves(state)
        assert legal, "only a finished game has no legal move"
        if check:
            check_conservation(state)
            check_observations(state)
            before = copy.deepcopy(state)
            for candidate in foreign_moves(state, rng):
                if candidate in legal:
                    continue
                with pytest.raises(IllegalMoveError):
                    pomme.apply(state, _any(candidate))
            assert state == before
        move = rng.choice(legal)
        following = pomme.apply(state, move)
        if check:
            assert state == before and following != state  # apply never mutates
        played.append(move)
        states.append(following)
        state = following
    return state, played, states


@settings(max_examples=12)
@given(rules=js.pomme_rules(), seed=js.game_seeds(), rng=st.randoms(use_true_random=False))
def test_property_complete_games_step_by_step(rules: Rules, seed: int, rng: random.Random) -> None:
    """Cards are conserved, apply never mutates, illegal moves raise and change nothing,
    observations show nothing hidden: checked after every move of whole games."""
    rules = attrs.evolve(rules, target_points=min(rules.target_points, 3))
    final, played, states = play_game(rules, seed, rng, check=True)
    check_observations(final)
    with pytest.raises(IllegalMoveError):
        pomme.apply(final, played[-1])


@settings(max_examples=60)
@given(rules=js.pomme_rules(), seed=js.game_seeds(), rng=st.randoms(use_true_random=False))
def test_property_rounds_and_replay(rules: Rules, seed: int, rng: random.Random) -> None:
    """18 cards per round; the totals add up to the played cards' points + 5; the game
    scores are the rounds' results; replay from the seed is exact."""
    final, played, states = play_game(rules, seed, rng, check=False)
    # The state in which each round ended (one per round: the next move is a Deal).
    rounds = {s.round_number: s for s in states if s.phase in (Phase.ROUND_OVER, Phase.GAME_OVER)}
    assert len(rounds) == len(final.history) == final.round_number + 1
    scores, pommes = [0, 0], [0, 0]
    for number, state in sorted(rounds.items()):
        assert state.play is not None
        played_cards = [c for t in state.play.tricks for c in t.cards]
        assert len(played_cards) == 18 and len(set(played_cards)) == 18
        assert len(state.play.tricks) == 9
        table = point_table(state.trump, rules.trump_jack_points)
        score = pomme.score_round(state)
        assert score == final.history[number]
        assert sum(score.totals) == sum(table[c.index] for c in played_cards) + 5
        for seat in (0, 1):
            scores[seat] += score.game_points[seat]
            pommes[seat] += score.pommes[seat]
        assert state.dealer == (rounds[0].dealer + number) % 2  # the dealer alternates
        assert state.play.tricks[0].leader == 1 - state.dealer
    assert tuple(scores) == final.scores and tuple(pommes) == final.pommes
    won = pomme.winner(final)
    assert won is not None
    assert final.scores[won] >= rules.target_points or (
        rules.three_pommes_lose and final.pommes[1 - won] >= 3 and final.pommes[1 - won] > final.pommes[won]
    )
    # Replay from the seed is exact, state by state.
    state = pomme.new_game(rules, seed)
    assert state == states[0]
    for move, expected in zip(played, states[1:]):
        state = pomme.apply(state, move)
        assert state == expected


@settings(max_examples=40)
@given(seed=js.game_seeds(), rng=st.randoms(use_true_random=False), seat=st.sampled_from([0, 1]))
def test_property_observation_depends_only_on_what_the_seat_knows(
    seed: int, rng: random.Random, seat: int
) -> None:
    """Shuffle every card ``seat`` cannot see (the other hand and extras, the talon below the
    turned card) into another deal; until play begins, the same decisions give the same
    observations."""
    rules = Rules(first_dealer=1)
    order = list(shuffled_deck(seed))
    own = list(range(0, 9)) + list(range(18, 21)) if seat == 0 else list(range(9, 18)) + list(range(21, 24))
    hidden = [i for i in range(36) if i not in own and i != 24]
    shuffled = [order[i] for i in hidden]
    rng.shuffle(shuffled)
    other = list(order)
    for i, card in zip(hidden, shuffled):
        other[i] = card
    a = pomme.new_game(rules, seed, deal=order)
    b = pomme.new_game(rules, seed, deal=other)
    while a.phase is not Phase.PLAY:
        assert pomme.observe(a, seat) == pomme.observe(b, seat)
        actor = pomme.to_act(a)
        assert actor is not None and actor == pomme.to_act(b)
        if actor == seat:
            move = rng.choice(pomme.legal_moves(a))
            assert pomme.legal_moves(a) == pomme.legal_moves(b)
            a, b = pomme.apply(a, move), pomme.apply(b, move)
        elif a.phase is Phase.EXCHANGE:
            picks = sorted(rng.sample(range(9), 3))
            if rng.random() < 0.5:
                a, b = pomme.apply(a, KeepHand()), pomme.apply(b, KeepHand())
            else:
                give_a = [list(a.hands[actor])[i] for i in picks]
                give_b = [list(b.hands[actor])[i] for i in picks]
                a, b = pomme.apply(a, Exchange(give_a)), pomme.apply(b, Exchange(give_b))
        else:
            a, b = pomme.apply(a, DeclineSwap()), pomme.apply(b, DeclineSwap())
    assert pomme.observe(a, seat) == pomme.observe(b, seat)


def test_random_playouts_end_and_keep_invariants() -> None:
    for game_seed in range(20):
        final = random_playout(pomme, pomme.new_game(seed=game_seed), seed=game_seed)
        assert pomme.is_over(final)
        assert sum(r.game_points[0] for r in final.history) == final.scores[0]


def test_moves_print_readably() -> None:
    assert str(Exchange("C6 C7 C8")) == "exchange C6 C7 C8"
    assert repr(Exchange("C8 C7 C6")) == "Exchange(cards=CardSet('C6 C7 C8'))"
    assert str(KeepHand()) == "keep the hand" and str(Deal()) == "deal the next round"
    assert repr(Phase.SWAP_TRUMP_SIX) == "Phase.SWAP_TRUMP_SIX"


def test_observation_shows_legal_moves_to_the_seat_to_act_only() -> None:
    state = start(HAND_0, HAND_1, "C6")
    assert isinstance(pomme.observe(state, 0), Observation)
    assert pomme.observe(state, 0).legal_moves == pomme.legal_moves(state)
    assert pomme.observe(state, 1).legal_moves == ()
