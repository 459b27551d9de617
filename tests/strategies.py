"""Hypothesis strategies for the core: cards, sets of cards, hands, modes, rules, positions.

A *position* is what a player faces when it is their turn in a trick: their hand,
the cards already in the trick (0 to 3, leader first, none of them in the hand),
the trump mode and the play rules. :func:`dealt_positions` reaches one by
dealing a real deal and playing earlier tricks with the independent reference
rules (:mod:`reference`), so positions look like real play (equal hand sizes,
voids that arose from play); :func:`arbitrary_positions` draws any hand and any
trick, including situations no real game reaches.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from hypothesis import settings
from hypothesis import strategies as st

import reference
from jass.cards import Card, CardSet, Rank, Suit, deal
from jass.faces import Pairing
from jass.tricks import PlayRules, Undertrump
from jass.trump import Trump
from jass.weis import UndenufeOrder, WeisRules, WeisTiebreak

def examples(n: int) -> settings:
    """``@settings(max_examples=...)`` that follows the loaded Hypothesis profile: ``n``
    examples under the default profile (100), ten times as many under
    ``--hypothesis-profile=thorough`` (1000), so a fixed number never caps a thorough run."""
    current = settings.default
    base = current.max_examples if current is not None else 100
    return settings(max_examples=max(1, n * base // 100))


ALL_CARDS: list[Card] = list(Card)
SUITS: list[Suit] = [Suit.EICHELN, Suit.ROSEN, Suit.SCHILTEN, Suit.SCHELLEN]
RANKS: list[Rank] = [
    Rank.SIX, Rank.SEVEN, Rank.EIGHT, Rank.NINE, Rank.TEN,
    Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE,
]
MODES: list[Trump] = [
    Trump.EICHELN, Trump.ROSEN, Trump.SCHILTEN, Trump.SCHELLEN, Trump.OBENABE, Trump.UNDENUFE,
]
SUIT_MODES: list[Trump] = MODES[:4]


def cards() -> st.SearchStrategy[Card]:
    """Any one of the 36 cards."""
    return st.sampled_from(ALL_CARDS)


def suits() -> st.SearchStrategy[Suit]:
    return st.sampled_from(SUITS)


def ranks() -> st.SearchStrategy[Rank]:
    return st.sampled_from(RANKS)


def card_frozensets(min_size: int = 0, max_size: int = 36) -> st.SearchStrategy[frozenset[Card]]:
    """Plain ``frozenset[Card]`` values: the model that :class:`CardSet` must imitate."""
    return st.frozensets(cards(), min_size=min_size, max_size=max_size)


def card_sets(min_size: int = 0, max_size: int = 36) -> st.SearchStrategy[CardSet]:
    """Any :class:`CardSet` (built from a frozenset, not from bits)."""
    return card_frozensets(min_size, max_size).map(CardSet)


def card_bits() -> st.SearchStrategy[int]:
    """Any valid raw card bit set, ``0 .. 2**36 - 1``."""
    return st.integers(min_value=0, max_value=(1 << 36) - 1)


def hands(min_size: int = 1, max_size: int = 9) -> st.SearchStrategy[CardSet]:
    """A non-empty hand of at most nine cards."""
    return card_sets(min_size, max_size)


def trumps() -> st.SearchStrategy[Trump]:
    """Any of the six modes: four trump suits, Obenabe, Undenufe."""
    return st.sampled_from(MODES)


def suit_trumps() -> st.SearchStrategy[Trump]:
    """One of the four trump-suit modes."""
    return st.sampled_from(SUIT_MODES)


def play_rules() -> st.SearchStrategy[PlayRules]:
    """Every combination of the card-play options."""
    return st.builds(
        PlayRules,
        bauer_exception=st.booleans(),
        undertrump=st.sampled_from(list(Undertrump)),
    )


@st.composite
def card_play_starts(draw: st.DrawFn) -> tuple[Trump, tuple[CardSet, ...], int, PlayRules]:
    """The arguments of ``CardPlay.start``: a mode, 2 to 4 seats dealt 1 to 9 cards each from
    a seeded deck, the leader and the card-play options."""
    seats = draw(st.integers(min_value=2, max_value=4))
    cards_each = draw(st.integers(min_value=1, max_value=9))  # 4 x 9 = the deck
    hands = deal(draw(seeds()), hands=seats, cards_each=cards_each)
    return draw(trumps()), hands, draw(st.integers(min_value=0, max_value=seats - 1)), draw(play_rules())


def weis_rules() -> st.SearchStrategy[WeisRules]:
    """Every combination of the Weis options (with the default point table)."""
    return st.builds(
        WeisRules,
        low_quartets=st.booleans(),
        cross_weis=st.booleans(),
        equal_weis_tiebreak=st.sampled_from([WeisTiebreak.QUARTET_FIRST, WeisTiebreak.MORE_CARDS_FIRST]),
        undenufe_order=st.sampled_from(list(UndenufeOrder)),
    )


def game_seeds() -> st.SearchStrategy[int]:
    """Game seeds: the ints 0 .. 2**64 - 1 that ``new_game`` takes."""
    return st.integers(min_value=0, max_value=2**64 - 1)


def seeds() -> st.SearchStrategy[int]:
    """Deal seeds, including negative and huge ones (``deal`` and ``shuffled_deck`` take them
    modulo 2**64; a game's seed is one of :func:`game_seeds`)."""
    return st.one_of(
        st.integers(min_value=0, max_value=2**64 - 1),
        st.integers(min_value=-(2**70), max_value=2**70),
    )


@dataclass(frozen=True)
class Position:
    """A player to move: ``hand`` (non-empty), ``trick`` (0..3 cards, leader first)."""

    hand: CardSet
    trick: tuple[Card, ...]
    trump: Trump
    rules: PlayRules

    @property
    def undertrump(self) -> str:
        """The undertrumping policy by name, as :func:`reference.legal_cards` takes it."""
        return self.rules.undertrump.value


@st.composite
def arbitrary_positions(draw: st.DrawFn) -> Position:
    """Any trick of 0..3 distinct cards and any non-empty hand of up to 9 other cards."""
    trick = draw(st.lists(cards(), min_size=0, max_size=3, unique=True))
    rest = [c for c in ALL_CARDS if c not in trick]
    hand = draw(st.frozensets(st.sampled_from(rest), min_size=1, max_size=9))
    return Position(CardSet(hand), tuple(trick), draw(trumps()), draw(play_rules()))


@st.composite
def dealt_positions(draw: st.DrawFn) -> Position:
    """A position reached in real play: a seeded deal of 4 x 9 cards, some complete tricks
    played by random legal moves (legal by the reference rules), then a partial trick."""
    seed = draw(st.integers(min_value=0, max_value=2**64 - 1))
    mode = draw(trumps())
    rules = draw(play_rules())
    held = [set(h) for h in deal(seed)]
    leader = draw(st.integers(min_value=0, max_value=3))
    # sampled_from, not integers(): about uniform, where integers() favours the ends
    tricks_done = draw(st.sampled_from(range(9)))
    in_trick = draw(st.sampled_from([1, 2, 3, 0]))

    def play(seat: int, trick: list[Card]) -> None:
        legal = reference.legal_cards(held[seat], trick, mode, rules.bauer_exception, rules.undertrump.value)
        card = draw(st.sampled_from(sorted(legal)))
        held[seat].remove(card)
        trick.append(card)

    for _ in range(tricks_done):
        trick: list[Card] = []
        for k in range(4):
            play((leader + k) % 4, trick)
        leader = reference.trick_winner(trick, mode, leader)
    current: list[Card] = []
    for k in range(in_trick):
        play((leader + k) % 4, current)
    to_move = (leader + in_trick) % 4
    return Position(CardSet(held[to_move]), tuple(current), mode, rules)


@st.composite
def trump_edge_positions(draw: st.DrawFn) -> Position:
    """Positions crowded around the trump rules (RULES.md 2.3, 2.4, 6): a suit mode, a
    trick led in the trump suit or another suit and often trumped, and a short hand of
    trumps (often only the Jack, often only lower ones), led-suit cards and one other suit."""
    mode = draw(suit_trumps())
    trump_suit = mode.suit
    assert trump_suit is not None
    led = draw(suits())
    other = draw(suits())
    pool = [c for c in ALL_CARDS if c.suit in (trump_suit, led, other)]
    first = draw(st.sampled_from([c for c in pool if c.suit == led]))
    rest = draw(st.lists(st.sampled_from(pool), max_size=2, unique=True))
    trick = [first] + [c for c in rest if c != first]
    free = [c for c in pool if c not in trick]
    jack = Card.of(trump_suit, Rank.JACK)
    hand = set(draw(st.lists(st.sampled_from(free), min_size=1, max_size=5, unique=True)))
    if jack in free and draw(st.booleans()):  # the Bauer alone or with company
        hand -= {c for c in hand if c.suit == trump_suit and draw(st.booleans())}
        hand.add(jack)
    return Position(CardSet(hand), tuple(trick), mode, draw(play_rules()))


def positions() -> st.SearchStrategy[Position]:
    """Realistic, trump-focused and arbitrary positions."""
    return st.one_of(dealt_positions(), trump_edge_positions(), arbitrary_positions())


def tricks(min_size: int = 1, max_size: int = 4) -> st.SearchStrategy[list[Card]]:
    """A trick (complete or not): distinct cards in play order, leader first."""
    return st.lists(cards(), min_size=min_size, max_size=max_size, unique=True)


# --- Differenzler ----------------------------------------------------------------

from jass import differenzler  # noqa: E402  (kept with the strategies that use it)


@st.composite
def differenzler_rules(draw: st.DrawFn) -> differenzler.Rules:
    """Every combination of the Differenzler options, for three players and four; games of
    1..4 rounds (ties add more)."""
    seats = draw(st.sampled_from(differenzler.SEAT_COUNTS))
    return differenzler.Rules(
        rounds=draw(st.integers(min_value=1, max_value=4)),
        prediction_mode=draw(st.sampled_from(list(differenzler.PredictionMode))),
        exact_bonus=draw(st.sampled_from([0, 0, 10])),
        zero_prediction_bonus=draw(st.sampled_from(list(differenzler.ZeroBonus))),
        first_dealer=draw(st.none() | st.integers(min_value=0, max_value=seats - 1)),
        play=draw(play_rules()),
        seats=seats,
        dealer_credit=draw(st.booleans()),
    )


# --- two-player Jass (la pomme) ---------------------------------------------------------

from jass import pomme  # noqa: E402  (kept with the strategies that use it)


def pomme_rules() -> st.SearchStrategy[pomme.Rules]:
    """Every combination of la pomme's options (targets kept short so games stay quick)."""
    return st.builds(
        pomme.Rules,
        trump_jack_points=st.sampled_from([20, 21]),
        target_points=st.integers(min_value=1, max_value=7),
        three_pommes_lose=st.booleans(),
        pomme_threshold=st.sampled_from([0, 21, pomme.MAX_POMME_THRESHOLD]),
        both_pommes_cancel=st.booleans(),
        bauer_exception=st.booleans(),
        first_dealer=st.sampled_from([None, 0, 1]),
    )


# --- Handjass for three ----------------------------------------------------------------------

from jass import handjass  # noqa: E402  (kept with the strategies that use it)


def handjass_rules() -> st.SearchStrategy[handjass.Rules]:
    """Every combination of Handjass's options (targets kept short so games stay quick)."""
    return st.builds(
        handjass.Rules,
        target_strokes=st.integers(min_value=1, max_value=7),
        strokes_per_deal=st.sampled_from([1, 2]),
        nuller_threshold=st.sampled_from([0, 21, handjass.MAX_NULLER_THRESHOLD]),
        rob_before_exchange=st.booleans(),
        play=play_rules(),
        first_dealer=st.sampled_from([None, 0, 1, 2]),
    )


# --- Sidi Barrani ----------------------------------------------------------------------------

from jass import sidi  # noqa: E402  (kept with the strategies that use it)


def sidi_rules() -> st.SearchStrategy[sidi.Rules]:
    """Every combination of Sidi Barrani's options (targets kept low so games stay short)."""
    return st.builds(
        sidi.Rules,
        target_score=st.integers(min_value=1, max_value=2000),
        lowest_bid=st.sampled_from(sidi.LOWEST_BIDS),
        double_ends_auction=st.booleans(),
        missed_keeps_weis=st.booleans(),
        weis=st.none() | weis_rules(),
        stoeck=st.sampled_from(list(sidi.StoeckMode)),
        auto_declare=st.booleans(),
        play=play_rules(),
        first_dealer=st.sampled_from([None, 0, 1, 2, 3]),
    )


# --- Molotow --------------------------------------------------------------------------------

from jass import molotow  # noqa: E402  (kept with the strategies that use it)


def molotow_rules() -> st.SearchStrategy[molotow.Rules]:
    """Every combination of Molotow's options (one to three rounds, so games stay quick)."""
    return st.builds(
        molotow.Rules,
        seats=st.sampled_from(molotow.SEAT_COUNTS),
        rounds=st.integers(min_value=1, max_value=3),
        table_weis=st.sampled_from(molotow.TableWeis),
        five_out=st.sampled_from(molotow.FiveOut),
        hand_weis=st.booleans(),
        stoeck=st.booleans(),
        play=play_rules(),
        first_dealer=st.sampled_from([None, 0, 1, 2]),
    )


# --- Bieter ----------------------------------------------------------------------------------

from jass import bieter  # noqa: E402  (kept with the strategies that use it)


def bieter_rules() -> st.SearchStrategy[bieter.Rules]:
    """Every combination of Bieter's options (goals kept low so games stay quick)."""
    return st.builds(
        bieter.Rules,
        min_bid=st.sampled_from([50, 100, 350, 600]),
        bid_step=st.sampled_from([5, 10]),
        early_pass_final=st.booleans(),
        table_cards=st.booleans(),
        discards_count=st.booleans(),
        suits_only=st.booleans(),
        hindersi_won=st.sampled_from([0, bieter.MATCH_POINTS]),
        goal=st.integers(min_value=1, max_value=400),
        play=play_rules(),
        first_dealer=st.sampled_from([None, 0, 1, 2]),
    )


# --- Zweierjass -------------------------------------------------------------------------------

from jass import zweier  # noqa: E402  (kept with the strategies that use it)


def zweier_rules() -> st.SearchStrategy[zweier.Rules]:
    """Every combination of Zweierjass's options (targets kept short so games stay quick)."""
    return st.builds(
        zweier.Rules,
        target_points=st.integers(min_value=1, max_value=400),
        slalom_start=st.sampled_from(list(zweier.SlalomStart)),
        slalom_points=st.sampled_from(list(zweier.SlalomPoints)),
        bauer_exception=st.booleans(),
        first_dealer=st.sampled_from([None, 0, 1]),
    )


# --- Schieber --------------------------------------------------------------------------------

import random  # noqa: E402  (kept with the strategies that use it)

import attrs  # noqa: E402

from jass import schieber  # noqa: E402


def schieber_presets() -> st.SearchStrategy[schieber.Rules]:
    """Every Schieber preset; those played to a target in either end mode."""
    targets = [schieber.Rules.seed(), schieber.Rules.swisslos(), schieber.Rules.flat()]
    return st.sampled_from([schieber.Rules.tournament()]) | st.builds(
        lambda rules, mode: attrs.evolve(rules, end_mode=mode),
        st.sampled_from(targets),
        st.sampled_from(list(schieber.EndMode)),
    )


@st.composite
def schieber_rules(draw: st.DrawFn) -> schieber.Rules:
    """Schieber rules with every option drawn: a target (kept low, so that games stay short)
    or a few fixed rounds, either end mode, any multipliers, push-back, match bonus,
    auto-declare, first dealer or Vorhand, every Weis option (or none), every way to credit
    Stöck, to claim (Stöck shown to go out too), to count, every pairing, and every play option."""
    fixed = draw(st.booleans())
    first_vorhand = draw(st.sampled_from(list(schieber.FirstVorhand)))
    end_mode = draw(st.sampled_from(list(schieber.EndMode)))
    stoeck = draw(st.sampled_from(list(schieber.StoeckMode)))
    # Stöck shown to go out need a claim to go out with, and Stöck credited during the round.
    may_show = not fixed and end_mode is schieber.EndMode.CLAIM and stoeck is schieber.StoeckMode.IMMEDIATE
    return schieber.Rules(
        target_score=None if fixed else draw(st.integers(min_value=1, max_value=2000)),
        rounds=draw(st.integers(min_value=1, max_value=4)) if fixed else None,
        end_mode=end_mode,
        multipliers=draw(st.tuples(*[st.integers(min_value=1, max_value=5)] * 6)),
        allow_push_back=draw(st.booleans()),
        match_bonus=draw(st.sampled_from([0, 50, 100])),
        auto_declare=draw(st.booleans()),
        first_dealer=None if first_vorhand is not schieber.FirstVorhand.SEED
        else draw(st.none() | st.integers(min_value=0, max_value=3)),
        weis=draw(st.none() | weis_rules()),
        play=draw(play_rules()),
        stoeck=stoeck,
        claim_by=draw(st.sampled_from(list(schieber.ClaimBy))),
        counting_order=draw(st.sampled_from(list(schieber.CountingOrder))),
        first_vorhand=first_vorhand,
        pairing=draw(st.sampled_from(list(Pairing))),
        stoeck_claim=may_show and draw(st.booleans()),
    )


@st.composite
def schieber_states(
    draw: st.DrawFn, rules: st.SearchStrategy[schieber.Rules] | None = None
) -> schieber.State:
    """A Schieber state reached from a seeded game by 0..120 random legal moves: any phase,
    a finished game included. ``rules`` defaults to the presets and random options."""
    game_rules = draw(rules if rules is not None else schieber_presets() | schieber_rules())
    state = schieber.new_game(game_rules, seed=draw(st.integers(min_value=0, max_value=2**64 - 1)))
    final: schieber.State = random_moves(draw, schieber, state, 120)
    return final


def random_moves(draw: st.DrawFn, variant: Any, state: Any, most: int) -> Any:
    """``state`` after 0..``most`` random legal moves (fewer if the game ends)."""
    rng = random.Random(draw(st.integers(min_value=0, max_value=2**32)))
    for _ in range(draw(st.integers(min_value=0, max_value=most))):
        moves = variant.legal_moves(state)
        if not moves:
            break
        state = variant.apply(state, rng.choice(moves))
    return state


def variant_rules(name: str) -> st.SearchStrategy[Any]:
    """Rules of the registered variant ``name``: its options and presets."""
    return {
        "schieber": lambda: schieber_rules() | schieber_presets(),
        "differenzler": differenzler_rules,
        "pomme": pomme_rules,
        "coiffeur": coiffeur_rules,
        "handjass": handjass_rules,
        "sidi": sidi_rules,
        "molotow": molotow_rules,
        "bieter": bieter_rules,
        "zweierjass": zweier_rules,
    }[name]()


# --- Coiffeur --------------------------------------------------------------------------------

from jass import coiffeur  # noqa: E402
from jass.teams import StoeckMode  # noqa: E402
from jass.trump import PerTrickMode  # noqa: E402

#: Rows to build short custom slates from: a suit, a joker, the two per-trick rows, a Misère,
#: and the two modes a card led decides (Alles Trumpf, Elefant).
COIFFEUR_ROWS = (
    coiffeur.Row("Rosen", 2, (Trump.ROSEN,)),
    coiffeur.Row("Joker", 7, tuple(Trump)),
    coiffeur.Row("Slalom", 9, (PerTrickMode.SLALOM_OBENABE, PerTrickMode.SLALOM_UNDENUFE)),
    coiffeur.Row("Guschti", 10, (PerTrickMode.GUSCHTI_OBENABE, PerTrickMode.GUSCHTI_UNDENUFE)),
    coiffeur.Row("Misère", 1, coiffeur.MISERE_MODES),
    *coiffeur.APP_ROWS,
)


@st.composite
def coiffeur_rules(draw: st.DrawFn) -> coiffeur.Rules:
    """Coiffeur's options on short slates (1 to 3 rows, so a game is 2 to 6 rounds), with and
    without Weis and Stöck; now and then a preset's full slate."""
    if draw(st.integers(0, 9)) == 0:
        return draw(st.sampled_from([coiffeur.Rules(), coiffeur.Rules.swisslos_10(), coiffeur.Rules.with_weis(),
                                     coiffeur.Rules.misere(), coiffeur.Rules.app_modes()]))
    rows = draw(st.lists(st.sampled_from(COIFFEUR_ROWS), min_size=1, max_size=3, unique=True))
    weis = draw(st.none() | weis_rules())
    return coiffeur.Rules(
        slate=coiffeur.Slate(tuple(rows)),
        match_bonus=draw(st.sampled_from([0, 100])),
        weis=weis,
        stoeck=draw(st.sampled_from(list(StoeckMode))),
        auto_declare=weis is not None and draw(st.booleans()),
        first_dealer=draw(st.sampled_from([None, 0, 1, 2, 3])),
        play=draw(play_rules()),
    )


@st.composite
def coiffeur_states(draw: st.DrawFn) -> coiffeur.State:
    """A Coiffeur state reached from a seeded game by 0..200 random legal moves: any phase."""
    state = coiffeur.new_game(draw(coiffeur_rules()), seed=draw(st.integers(min_value=0, max_value=2**64 - 1)))
    final: coiffeur.State = random_moves(draw, coiffeur, state, 200)
    return final
