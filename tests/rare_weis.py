"""Schieber rounds from real play whose deals are forced to hold the rarest Weis: four Jacks
(200), four nines (150), nine cards in a row (300), two Weis in one hand, Stöck. Shared by the
sampler's property (``tests/test_sampling.py``) and its benchmark
(``benchmarks/bench_sampling.py``), which times draws from the views of these rounds.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from jass import CardSet, Trump, schieber
from jass.cards import Card, Rank, Suit

#: The holdings a seat may be forced to hold.
HOLDINGS = ("four_jacks", "four_nines", "nine_in_a_row", "two_weis", "stoeck")


def _quartet(rank: Rank) -> set[Card]:
    return {Card.of(suit, rank) for suit in Suit}


def holding_cards(name: str, rng: random.Random, trump: Trump) -> set[Card]:
    """The cards of one rare holding (``trump`` places the Stöck)."""
    if name == "four_jacks":
        return _quartet(Rank.JACK)
    if name == "four_nines":
        return _quartet(Rank.NINE)
    if name == "nine_in_a_row":
        return {Card.of(Suit(rng.randrange(4)), rank) for rank in Rank}
    if name == "two_weis":  # four of a kind and a sequence of four beside it
        rank = rng.choice([Rank.TEN, Rank.QUEEN, Rank.KING, Rank.ACE])
        suit = Suit(rng.randrange(4))
        start = rng.choice([r for r in range(6) if not r <= rank < r + 4])
        return _quartet(rank) | {Card.of(suit, Rank(start + k)) for k in range(4)}
    assert name == "stoeck" and trump.suit is not None
    return {Card.of(trump.suit, Rank.QUEEN), Card.of(trump.suit, Rank.KING)}


def forced_deal(rng: random.Random, forced: Sequence[tuple[int, str]], trump: Trump) -> list[CardSet]:
    """A random deal in which each ``(seat, holding)`` of ``forced`` holds its cards (a holding
    whose cards an earlier one took is left out)."""
    deck = list(Card)
    rng.shuffle(deck)
    hands = [set(deck[9 * seat : 9 * seat + 9]) for seat in range(4)]
    claimed: dict[Card, int] = {}
    for seat, name in forced:
        cards = holding_cards(name, rng, trump)
        if any(claimed.get(card, seat) != seat for card in cards) or len(cards | {c for c, s in claimed.items() if s == seat}) > 9:
            continue
        for card in cards:
            claimed[card] = seat
        for card in cards:
            if card in hands[seat]:
                continue
            owner = next(s for s in range(4) if card in hands[s])
            spare = next(c for c in sorted(hands[seat]) if c not in claimed)
            hands[seat].remove(spare)
            hands[owner].remove(card)
            hands[seat].add(card)
            hands[owner].add(spare)
    return [CardSet(hand) for hand in hands]


def rare_weis_state(seed: int, forced: Sequence[tuple[int, str]], cards: int, auto_declare: bool = False,
                    trump: Trump | None = None) -> schieber.State:
    """A Schieber round dealt by :func:`forced_deal`, its trump chosen (``trump``, else the suit
    of a forced Stöck, else at random), every Weis declared in full (or counted, with
    ``auto_declare``), then ``cards`` random legal cards."""
    rng = random.Random(seed)
    if trump is None:
        trump = Trump(rng.randrange(4)) if any(name == "stoeck" for _, name in forced) else Trump(rng.randrange(6))
    rules = schieber.Rules(first_dealer=rng.randrange(4), auto_declare=auto_declare)
    state = schieber.new_game(rules, seed=seed, deal=forced_deal(rng, forced, trump))
    state = schieber.apply(state, schieber.ChooseTrump(trump))
    assert state.play is not None
    while len(state.play.played()) < cards:
        moves = [m for m in schieber.legal_moves(state) if not isinstance(m, schieber.Announce)]
        declarations = [m for m in moves if isinstance(m, schieber.DeclareWeis)]
        state = schieber.apply(state, declarations[0] if declarations else rng.choice(moves))
        assert state.play is not None
    return state
