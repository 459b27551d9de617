"""The batched engine (:mod:`jass.batch`) plays exactly the scalar engine's rules.

Random batches are replayed card for card through the public API (``new_game``,
``legal_moves``, ``apply``, ``score_round``, ``totals``): every legal mask, seat to act,
trick (cards, winner, points), running total and final breakdown (cards, last trick, match,
Weis, Stöck, multiplier) must agree, for every mode, pushes, and the rule options.
"""

from __future__ import annotations

import random
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

np = pytest.importorskip("numpy", reason="jass.batch needs numpy (the optional extra jass[batch])")

from jass import Card, CardSet, PlayRules, Trump, UndenufeOrder, Undertrump, WeisRules, WeisTiebreak, schieber  # noqa: E402
from jass import differenzler, pomme  # noqa: E402
from jass.batch import core  # noqa: E402
from jass.differenzler import batch as dz_batch  # noqa: E402
from jass.pomme import batch as pomme_batch  # noqa: E402
from jass.schieber import batch as batch  # noqa: E402
from jass.cards import deal, shuffled_deck  # noqa: E402
from jass.errors import IllegalMoveError, InvalidCardsError, InvalidRulesError, JassError  # noqa: E402
from jass.play import PlayCard, seeded_seat  # noqa: E402
from strategies import examples  # noqa: E402

ROUND = attrs.evolve(schieber.Rules.tournament(1), auto_declare=True)

RULES: dict[str, schieber.Rules] = {
    "flat": ROUND,
    "seed-multipliers": attrs.evolve(ROUND, multipliers=schieber.SEED_MULTIPLIERS, match_bonus=150),
    "no-bauer-exception": attrs.evolve(ROUND, play=PlayRules(bauer_exception=False)),
    "undertrump-allowed": attrs.evolve(ROUND, play=PlayRules(undertrump=Undertrump.ALLOWED)),
    "undertrump-if-void": attrs.evolve(ROUND, play=PlayRules(undertrump=Undertrump.ALLOWED_IF_VOID)),
    "both-play-options": attrs.evolve(
        ROUND, play=PlayRules(bauer_exception=False, undertrump=Undertrump.ALLOWED), multipliers=(1, 2, 3, 4, 5, 6)
    ),
    "no-cross-weis": attrs.evolve(ROUND, weis=WeisRules(cross_weis=False, low_quartets=True)),
    "more-cards-first": attrs.evolve(
        ROUND, weis=WeisRules(equal_weis_tiebreak=WeisTiebreak.MORE_CARDS_FIRST, sequence_points=(20, 50, 100, 100,
                                                                                                   150, 200, 300))
    ),
    "push-back-no-match": attrs.evolve(ROUND, allow_push_back=True, match_bonus=0),
    "undenufe-reversed": attrs.evolve(ROUND, weis=WeisRules(undenufe_order=UndenufeOrder.REVERSED)),
    "no-weis-no-stoeck": attrs.evolve(ROUND, weis=None, stoeck=schieber.StoeckMode.OFF),
    "stoeck-round-end-rosen-7": attrs.evolve(ROUND, stoeck=schieber.StoeckMode.ROUND_END,
                                             first_vorhand=schieber.FirstVorhand.ROSEN_7),
    "no-weis-declared": attrs.evolve(ROUND, auto_declare=False, multipliers=schieber.SWISSLOS_MULTIPLIERS),
}


def with_dealer(rules: schieber.Rules, dealer: int) -> schieber.Rules:
    """``rules`` with the given first dealer (which the Rosen 7 does not choose then)."""
    return attrs.evolve(rules, first_dealer=dealer, first_vorhand=schieber.FirstVorhand.SEED)


def action_of(move: schieber.Move) -> int:
    if isinstance(move, schieber.ChooseTrump):
        return batch.FIRST_TRUMP_ACTION + int(move.trump)
    if isinstance(move, schieber.Push):
        return batch.PUSH
    assert isinstance(move, PlayCard), move
    return move.card.index


def move_of(action: int) -> schieber.Move:
    if action == batch.PUSH:
        return schieber.Push()
    if action >= batch.FIRST_TRUMP_ACTION:
        return schieber.ChooseTrump(Trump(action - batch.FIRST_TRUMP_ACTION))
    return PlayCard(Card(action))


def check_game(state: batch.BatchState, game: int, scalar: schieber.State, written: list[int]) -> None:
    """Game ``game`` of the batch is the scalar state: seat, legal actions, trick, totals."""
    mask = batch.legal_mask(state)[game]
    if schieber.is_over(scalar):
        assert bool(state.terminated[game]) and not mask.any()
        assert int(state.current_player[game]) == -1
    else:
        assert not state.terminated[game]
        assert int(state.current_player[game]) == schieber.to_act(scalar)
        # Without auto_declare nobody declares in the batch: it has no declaring action.
        moves = [m for m in schieber.legal_moves(scalar) if not isinstance(m, schieber.DeclareWeis)]
        assert np.flatnonzero(mask).tolist() == sorted(action_of(m) for m in moves)
    play = scalar.play
    if play is not None and scalar.trump is not None:
        assert int(state.trump[game]) == int(scalar.trump)
        current = [c.index for c in play.trick]
        if play.tricks:
            assert int(state.leader[game]) == play.leader
        assert int(state.ncards[game]) == 4 * len(play.tricks) + len(current)
        assert tuple(state.tricks_won[game].tolist()) == (
            sum(1 for t in play.tricks if t.winner % 2 == 0), sum(1 for t in play.tricks if t.winner % 2 == 1))
        assert state.trick[game].tolist() == current + [-1] * (4 - len(current))
        assert [int(h) for h in batch.hands(state)[game]] == [play.hand(s).bits for s in range(4)]
    else:
        assert int(state.trump[game]) == -1 and int(state.pushed[game]) == scalar.pushed
    # What the steps wrote is what the scalar game has credited.
    assert tuple(written) == schieber.totals(scalar)
    assert tuple(batch.totals(state)[game].tolist()) == schieber.totals(scalar)


def replay(
    state: batch.BatchState, games: list[schieber.State], rng: Any, *, push: bool = True, first: bool = False
) -> list[int]:
    """Play the batch with random legal actions, the scalar games alongside, comparing every
    step; the modes played. With ``first``, game *k* starts with action ``36 + k % 7`` (each
    mode, and a push) instead of a random one."""
    assert state.size == len(games)
    written = [[0, 0] for _ in games]
    for game, scalar in enumerate(games):
        written[game] = list(schieber.totals(scalar)) if scalar.play is not None else [0, 0]
        check_game(state, game, scalar, written[game])
    while not state.terminated.all():
        actions = batch.random_actions(state, rng, push=push)
        if first:
            actions = batch.FIRST_TRUMP_ACTION + np.arange(state.size) % 7
            first = False
        before = state
        state = batch.step(state, actions)
        rewards = state.rewards
        for game, scalar in enumerate(games):
            if not schieber.is_over(scalar):
                games[game] = scalar = schieber.apply(scalar, move_of(int(actions[game])))
                play = scalar.play
                if play is not None and play.tricks and not play.trick and int(before.ncards[game]) % 4 == 3:
                    # The step completed a trick: its cards, winner and points.
                    trick = play.tricks[-1]
                    cards = [c for c in before.trick[game].tolist() if c >= 0] + [int(actions[game])]
                    assert cards == [c.index for c in trick.cards]
                    assert int(state.leader[game]) == trick.winner
                    team = trick.winner % 2
                    taken = int(state.card_points[game, team]) - int(before.card_points[game, team])
                    assert taken == trick.points
                    assert int(state.card_points[game, 1 - team]) == int(before.card_points[game, 1 - team])
            else:
                assert not rewards[game].any()
            assert rewards[game].tolist() == [rewards[game, 0], rewards[game, 1]] * 2
            written[game][0] += int(rewards[game, 0])
            written[game][1] += int(rewards[game, 1])
            check_game(state, game, scalar, written[game])
    result = batch.scores(state)
    for game, scalar in enumerate(games):
        expected = schieber.score_round(scalar)
        assert result.team_scores(game) == expected.teams
        assert int(result.trump[game]) == int(expected.trump)
        assert tuple(result.totals[game].tolist()) == expected.totals
    return [int(t) for t in result.trump]


@pytest.mark.parametrize("name", list(RULES))
def test_random_batches_play_as_the_scalar_engine(name: str) -> None:
    rules = RULES[name]
    seeds = [1000 * len(name) + k for k in range(21)]
    state = batch.init(seeds, rules=rules)
    games = [schieber.new_game(rules, seed=seed) for seed in seeds]
    modes = replay(state, games, np.random.default_rng(len(name)), first=True)
    assert set(modes) == set(range(6))


@given(
    n=st.integers(min_value=0, max_value=8),
    seed=st.integers(min_value=0, max_value=2**64 - 1),
    name=st.sampled_from(sorted(RULES)),
    push=st.booleans(),
)
@examples(10)
def test_any_batch_size_and_seeds(n: int, seed: int, name: str, push: bool) -> None:
    rules = RULES[name]
    seeds = [(seed + 7919 * k) % 2**64 for k in range(n)]
    state = batch.init(seeds, rules=rules)
    assert state.size == n
    replay(state, [schieber.new_game(rules, seed=s) for s in seeds], np.random.default_rng(seed % 1000), push=push)


def test_a_generator_deals_at_random() -> None:
    state = batch.init(np.random.default_rng(5), 4000, rules=RULES["seed-multipliers"])
    dealt = state.dealt
    assert (np.bitwise_or.reduce(dealt, axis=1) == 2**36 - 1).all()
    assert (core.popcount(dealt.reshape(-1)) == 9).all()
    # Each card lands with each seat, and each seat deals, about a quarter of the time.
    for card in (0, 17, 35):
        seats = np.argmax((dealt >> np.uint64(card)) & np.uint64(1), axis=1)
        assert (abs(np.bincount(seats, minlength=4) - 1000) < 130).all()
    assert (abs(np.bincount(state.dealer, minlength=4) - 1000) < 130).all()
    final = batch.play_random(state, np.random.default_rng(6))
    assert final.terminated.all() and (final.ncards == 36).all()
    assert ((final.card_points.sum(axis=1) + final.last_trick.sum(axis=1)) == 157).all()
    assert (batch.init(np.random.default_rng(1), 3, rules=attrs.evolve(ROUND, first_dealer=2)).dealer == 2).all()
    with pytest.raises(JassError):
        batch.init(np.random.default_rng(5), rules=ROUND)
    with pytest.raises(JassError):
        batch.init([1, 2], 3)


# --- crafted deals: matches, Weis of every kind, Stöck -----------------------------------

STRONG = ("CJ C9 CA CK CQ C10 C8 C7 C6", "SA SK SQ SJ S10 S9 S8 S7 S6",
          "HA HK HQ HJ H10 H9 H8 H7 H6", "DA DK DQ DJ D10 D9 D8 D7 D6")


def weis_rich_deals(seed: int, count: int) -> list[list[int]]:
    """Random deals made rich in Weis: one hand gets all four cards of one or two ranks, and
    runs of 3 to 8 cards of a suit are moved into random hands."""
    rng = random.Random(seed)
    deals = []
    for _ in range(count):
        order = list(range(36))
        rng.shuffle(order)

        def move_into(seat: int, cards: list[int], keep: set[int]) -> None:
            for card in cards:
                here = order.index(card)
                if 9 * seat <= here < 9 * seat + 9:
                    continue
                free = [i for i in range(9 * seat, 9 * seat + 9) if order[i] not in keep]
                slot = rng.choice(free)
                order[here], order[slot] = order[slot], order[here]

        seat = rng.randrange(4)
        quartets = [suit * 9 + rank for rank in rng.sample(range(9), rng.choice((1, 2))) for suit in range(4)]
        move_into(seat, quartets, set(quartets))
        for _ in range(rng.randrange(3)):
            other = rng.randrange(4)
            length = rng.randrange(3, 9 if other != seat else 6)
            first = rng.randrange(4) * 9 + rng.randrange(10 - length)
            run = list(range(first, first + length))
            keep = set(run) | (set(quartets) if other == seat else set())
            if len(keep) <= 9:
                move_into(other, run, keep)
        deals.append([sum(1 << c for c in order[9 * k: 9 * k + 9]) for k in range(4)])
    return deals


@pytest.mark.parametrize("name", ["flat", "no-cross-weis", "more-cards-first", "seed-multipliers", "undenufe-reversed"])
def test_weis_rich_deals(name: str) -> None:
    rules = RULES[name]
    deals = weis_rich_deals(len(name), 16) + [[CardSet.parse(h).bits for h in STRONG]]
    dealers = [k % 4 for k in range(len(deals))]
    state = batch.from_hands(deals, dealers, rules=rules)
    games = [
        schieber.new_game(with_dealer(rules, dealer), seed=1, deal=[CardSet.from_bits(h) for h in hands])
        for hands, dealer in zip(deals, dealers)
    ]
    replay(state, games, np.random.default_rng(len(name)))


def assert_weis_as_scalar(hands: list[int], dealer: int, rules: schieber.Rules) -> None:
    """The Weis each team scores in each mode is what the scalar round credits after trick 1."""
    rules = with_dealer(rules, dealer)
    state = batch.from_hands([hands], dealer, rules=rules)
    for mode in Trump:
        scalar = schieber.new_game(rules, seed=1, deal=[CardSet.from_bits(h) for h in hands])
        scalar = schieber.apply(scalar, schieber.ChooseTrump(mode))
        for _ in range(4):
            scalar = schieber.apply(scalar, schieber.legal_moves(scalar)[0])
        expected = [team.weis for team in schieber.score_round(scalar).teams]
        assert state.weis_by_mode[0, int(mode)].tolist() == expected


@given(order=st.permutations(range(36)), dealer=st.integers(0, 3), name=st.sampled_from(sorted(RULES)))
@examples(30)
def test_weis_of_every_mode(order: list[int], dealer: int, name: str) -> None:
    assert_weis_as_scalar([sum(1 << c for c in order[9 * k: 9 * k + 9]) for k in range(4)], dealer, RULES[name])


def test_matches_and_stoeck() -> None:
    """One seat holds every Eicheln and Eicheln is trump: its team takes every trick (a match,
    with Stöck). Team 0 and team 1 each get one; a third game pushes first, so that it plays
    a card behind the others (the steps of games at different cards). The rewards of every
    step are what the scalar game credits."""
    rules = RULES["seed-multipliers"]
    strong = [CardSet.parse(h).bits for h in STRONG]
    deals = [strong, strong[3:] + strong[:3], strong]  # team 0, team 1 (seat 1), team 0
    dealers = [3, 0, 3]
    state = batch.from_hands(deals, dealers, rules=rules)
    games = [
        schieber.new_game(with_dealer(rules, dealer), seed=1, deal=[CardSet.from_bits(h) for h in hands])
        for hands, dealer in zip(deals, dealers)
    ]
    choices = [[batch.FIRST_TRUMP_ACTION], [batch.FIRST_TRUMP_ACTION], [batch.PUSH, batch.FIRST_TRUMP_ACTION]]
    written = [[0, 0] for _ in games]
    while not state.terminated.all():
        mask = batch.legal_mask(state)
        actions = []
        for game in range(3):
            if choices[game]:
                actions.append(choices[game].pop(0))
            elif state.terminated[game]:
                actions.append(-1)
            else:
                actions.append(int(np.flatnonzero(mask[game])[0]))
        state = batch.step(state, actions)
        for game in range(3):
            if not schieber.is_over(games[game]):
                games[game] = schieber.apply(games[game], move_of(actions[game]))
            written[game] = [w + int(r) for w, r in zip(written[game], state.gain[game])]
            check_game(state, game, games[game], written[game])
    result = batch.scores(state)
    for game, team in ((0, 0), (1, 1), (2, 0)):
        score = schieber.score_round(games[game])
        assert result.team_scores(game) == score.teams
        assert score.teams[team].match == 150 and score.teams[team].stoeck == 20


def weis_deal(quartet: int, suit: int, low: int, length: int, order: list[int]) -> list[int]:
    """Seat 0 gets the four cards of rank ``quartet`` and a run of ``length`` cards of ``suit``
    from rank ``low`` (as far as nine cards go), then cards in the order ``order``; the other
    seats the rest, in that order."""
    wanted = [s * 9 + quartet for s in range(4)] + [suit * 9 + r for r in range(low, min(9, low + length))]
    hand = list(dict.fromkeys(wanted))[:9]
    hand += [c for c in order if c not in hand][: 9 - len(hand)]
    rest = [c for c in order if c not in hand]
    return [sum(1 << c for c in hand)] + [sum(1 << c for c in rest[9 * k: 9 * k + 9]) for k in range(3)]


@given(
    quartet=st.integers(0, 8), suit=st.integers(0, 3), low=st.integers(0, 6), length=st.integers(3, 5),
    order=st.permutations(range(36)), dealer=st.integers(0, 3),
    name=st.sampled_from(["no-cross-weis", "flat", "more-cards-first"]),
)
@examples(40)
def test_weis_with_four_of_a_kind_inside_a_sequence(
    quartet: int, suit: int, low: int, length: int, order: list[int], dealer: int, name: str,
) -> None:
    """Four of a kind whose cards also make sequences: without Kreuzweis the choice between
    them (most points, then the strongest single Weis, then most Weis, then the first choice)
    decides the Weis."""
    assert_weis_as_scalar(weis_deal(quartet, suit, low, length, order), dealer, RULES[name])


@pytest.mark.parametrize("hand", [
    "C8 C9 C10 CJ CQ S10 H10 D10 DA",  # four 10s or the run C8-CQ: 100 and one Weis either way
    "C6 C7 C8 C9 S7 S8 H7 H8 D7",
    "C7 S7 H7 D7 C8 S8 H8 D8 C6",  # four 7s, four 8s (low_quartets) and C6-C8
    "C9 C10 CJ CQ CK S10 H10 D10 SA",
    "CJ SJ HJ DJ C9 C10 CQ CK SA",
    "C6 C7 C8 S6 H6 D6 S7 H7 D7",  # four 6s and four 7s, with C6-C8
    "CQ SQ HQ DQ D10 DJ DK DA S6",  # four Queens or D10-DA (100 either way): the Queens are stronger
])
def test_weis_ties_between_four_of_a_kind_choices(hand: str) -> None:
    """Crafted hands where ways of using the cards without Kreuzweis score alike or nearly.
    Seat 1 holds four 7s where it can: they beat a sequence of 100 but lose to four 10s, so
    which of two equal choices seat 0 keeps decides which team scores."""
    bits = CardSet.parse(hand).bits
    sevens = [c for c in (1, 10, 19, 28) if not bits >> c & 1]
    rest = sevens + [c for c in range(36) if not bits >> c & 1 and c not in sevens]
    hands = [bits] + [sum(1 << c for c in rest[9 * k: 9 * k + 9]) for k in range(3)]
    for dealer in range(4):
        for name in ("no-cross-weis", "more-cards-first", "flat"):
            assert_weis_as_scalar(hands, dealer, RULES[name])


def test_weis_ties_in_undenufe_follow_undenufe_order() -> None:
    """RULES 3 "Weis ties in Undenufe": seat 0 holds CQ-CA (20), seat 1 S6-S8 (20). Natural
    order: the Queen-King-Ace wins in every mode; reversed: 6-7-8 wins in Undenufe only."""
    hands = [CardSet.parse(h).bits for h in ("CQ CK CA H6 H8 D6 D8 S10 SQ", "S6 S7 S8 C6 C8 H10 HQ D10 DQ",
                                             "C7 C10 S9 SJ H7 H9 D7 D9 DJ", "C9 CJ SK SA HJ HK HA DK DA")]
    for dealer in range(4):
        for name in ("flat", "undenufe-reversed"):
            assert_weis_as_scalar(hands, dealer, RULES[name])
    reversed_rules = attrs.evolve(RULES["undenufe-reversed"], first_dealer=3)
    state = batch.from_hands([hands], 3, rules=reversed_rules)
    assert state.weis_by_mode[0, int(Trump.UNDENUFE)].tolist() == [0, 20]
    assert state.weis_by_mode[0, int(Trump.OBENABE)].tolist() == [20, 0]


def test_four_of_a_kind_in_undenufe_follow_undenufe_order() -> None:
    """RULES 3 "Weis ties in Undenufe", four of a kind: seat 0 holds four Aces (100), seat 1 four
    Kings (100), nobody a sequence. Natural order: the Aces win in every mode (team 0 scores
    100); reversed: the Kings win in Undenufe (Parlett, "Kings beat Aces"), team 1 scores 100."""
    hands = [CardSet.parse(h).bits for h in ("CA SA HA DA C6 S8 H6 D8 C10", "CK SK HK DK C7 S6 H8 D6 S10",
                                             "C8 S7 H7 D7 CQ SQ HJ D9 DJ", "C9 S9 SJ H9 H10 HQ D10 DQ CJ")]
    for dealer in range(4):
        for name in ("flat", "undenufe-reversed"):
            assert_weis_as_scalar(hands, dealer, RULES[name])
    natural = batch.from_hands([hands], 3, rules=attrs.evolve(RULES["flat"], first_dealer=3))
    assert natural.weis_by_mode[0, int(Trump.UNDENUFE)].tolist() == [100, 0]
    reversed_rules = attrs.evolve(RULES["undenufe-reversed"], first_dealer=3)
    state = batch.from_hands([hands], 3, rules=reversed_rules)
    assert state.weis_by_mode[0, int(Trump.UNDENUFE)].tolist() == [0, 100]
    assert state.weis_by_mode[0, int(Trump.OBENABE)].tolist() == [100, 0]


# --- the API: steps, illegal actions, finished games ---------------------------------------


def test_illegal_actions() -> None:
    state = batch.init([3, 4], rules=ROUND)
    with pytest.raises(IllegalMoveError, match="game 1: action 5 is not legal"):
        batch.step(state, [36, 5])
    with pytest.raises(IllegalMoveError):
        batch.step(state, [36, 99])
    with pytest.raises(IllegalMoveError, match="expected 2 integer action ids"):
        batch.step(state, [36])
    with pytest.raises(IllegalMoveError):
        batch.step(state, [36.0, 37.0])
    after = batch.step(state, [36, -1], on_illegal="terminate", penalty=100)
    assert after.terminated.tolist() == [False, True] and after.illegal.tolist() == [False, True]
    seat = int(state.current_player[1])
    assert after.rewards[1, seat % 2] == -100 and after.rewards[1, 1 - seat % 2] == 0
    assert int(after.trump[0]) == 0 and not batch.legal_mask(after)[1].any()
    # A game that is over ignores its action (any value) and writes nothing.
    again = batch.step(after, [int(np.flatnonzero(batch.legal_mask(after)[0])[0]), 12345])
    assert not again.rewards[1].any() and bool(again.terminated[1]) and int(again.ncards[1]) == 0
    with pytest.raises(JassError):
        batch.step(state, [36, -1], on_illegal="ignore")  # type: ignore[arg-type]


def test_states_are_read_only_and_steps_leave_them_alone() -> None:
    state = batch.init([8, 9], rules=ROUND)
    names = [field.name for field in attrs.fields(batch.BatchState) if field.name != "config"]
    before = {name: getattr(state, name).copy() for name in names}
    batch.play_random(state, np.random.default_rng(1))
    for name, value in before.items():
        assert (getattr(state, name) == value).all(), name
    with pytest.raises(ValueError):
        state.trump[0] = 3


def test_an_empty_batch() -> None:
    state = batch.init([], rules=ROUND)
    assert state.size == 0 and batch.legal_mask(state).shape == (0, 43)
    assert batch.play_random(state, np.random.default_rng(0)).size == 0
    assert batch.step(state, []).size == 0 and batch.random_actions(state, np.random.default_rng(0)).shape == (0,)
    assert dz_batch.step(dz_batch.init([]), []).size == 0
    assert pomme_batch.step(pomme_batch.init([]), []).size == 0


def test_from_hands_refuses_bad_deals() -> None:
    good = [hand.bits for hand in deal(1)]
    with pytest.raises(InvalidCardsError, match="game 1"):
        batch.from_hands([good, good[:3] + [good[2]]])
    with pytest.raises(InvalidCardsError):
        batch.from_hands([good[:3]])
    with pytest.raises(InvalidCardsError):
        batch.from_hands([good], dealer=4)
    with pytest.raises(InvalidRulesError):
        batch.from_hands([good], rules=object())  # type: ignore[arg-type]


# --- positions: from_state and rollouts ----------------------------------------------------


def positions(rules: schieber.Rules, seed: int) -> list[schieber.State]:
    """A round before trump, after a push, after a declaration, mid-trick and mid-round."""
    rng = random.Random(seed)
    state = schieber.new_game(rules, seed=seed)
    found = [state, schieber.apply(state, schieber.Push())]
    state = schieber.apply(state, schieber.ChooseTrump(Trump(seed % 6)))
    declare = [m for m in schieber.legal_moves(state) if isinstance(m, schieber.DeclareWeis)]
    if declare:
        state = schieber.apply(state, declare[0])
    found.append(state)
    for cards in (2, 3, 15):
        for _ in range(cards):
            state = schieber.apply(state, rng.choice([m for m in schieber.legal_moves(state) if isinstance(m, PlayCard)]))
        found.append(state)
    return found


@pytest.mark.parametrize("rules", [ROUND, attrs.evolve(ROUND, auto_declare=False), schieber.Rules.seed()],
                         ids=["auto-declare", "declared", "seed-rules"])
def test_from_state_continues_the_scalar_round(rules: schieber.Rules) -> None:
    for seed in range(2):
        for start in positions(rules, seed):
            copies = batch.from_state(start, 3)
            # Without a target a one-round game; with one the copies stop at the round's end,
            # so replay against the same round under one-round rules.
            scalar = start
            if rules.target_score is not None:
                scalar = start.replace(rules=attrs.evolve(rules, target_score=None, rounds=1))
            replay(copies, [scalar] * 3, np.random.default_rng(seed))


def test_rollout_from_a_state_and_from_hands() -> None:
    state = schieber.apply(schieber.new_game(ROUND, seed=11), schieber.ChooseTrump(Trump.SCHILTEN))
    result = batch.rollout(state, 500, np.random.default_rng(2))
    assert result.totals.shape == (500, 2) and (result.trump == 2).all()
    assert ((result.cards + result.last_trick).sum(axis=1) == 157).all()
    assert len({tuple(row) for row in result.totals.tolist()}) > 10  # the copies differ
    hands = [hand.bits for hand in deal(11)]
    free = batch.rollout(hands, 300, np.random.default_rng(3), rules=ROUND)
    assert set(free.trump.tolist()) == set(range(6))
    fixed = batch.rollout(np.array(hands, dtype=np.uint64), 10, np.random.default_rng(3), trump=Trump.UNDENUFE)
    assert (fixed.trump == 5).all() and (fixed.multiplier == 1).all()
    with pytest.raises(JassError):
        batch.rollout(state, 3, np.random.default_rng(2), rules=ROUND)
    with pytest.raises(InvalidCardsError):
        batch.rollout(hands[:3], 3, np.random.default_rng(2))
    over = schieber.new_game(ROUND, seed=1)
    while not schieber.is_over(over):
        over = schieber.apply(over, schieber.legal_moves(over)[0])
    with pytest.raises(JassError):
        batch.from_state(over)


# --- the shared kernels --------------------------------------------------------------------


def _unmix(value: int) -> int:
    """The SplitMix64 state whose output is ``value`` (the mixing steps are invertible)."""
    mask = 2**64 - 1

    def unshift(z: int, shift: int) -> int:
        result = z
        for _ in range(64 // shift + 1):
            result = z ^ (result >> shift)
        return result & mask

    z = unshift(value, 31)
    z = (z * pow(0x94D049BB133111EB, -1, 2**64)) & mask
    z = unshift(z, 27)
    z = (z * pow(0xBF58476D1CE4E5B9, -1, 2**64)) & mask
    return unshift(z, 30)


def test_a_rejected_draw_is_drawn_again_as_jass_cards_does() -> None:
    """A seed whose first draw lands in the rejected top sliver (at or above the limit for 36
    candidates): the deck moves every later draw by one, in both implementations."""
    seed = (_unmix(2**64 - 1) - 0x9E3779B97F4A7C15) % 2**64
    assert core.splitmix64(np.array([seed], dtype=np.uint64))[1][0] == 2**64 - 1
    assert core.shuffled_decks([seed, 5])[0].tolist() == [card.index for card in shuffled_deck(seed)]


@given(st.lists(st.integers(min_value=-(2**63), max_value=2**64 - 1), max_size=20))
@examples(30)
def test_decks_deals_and_dealers_of_seeds(seeds: list[int]) -> None:
    decks = core.shuffled_decks(seeds)
    hands = core.deal_from_seeds(seeds)
    dealers = core.seeded_seats(seeds, 4)
    for k, seed in enumerate(seeds):
        assert decks[k].tolist() == [card.index for card in shuffled_deck(seed)]
        assert [int(h) for h in hands[k]] == [hand.bits for hand in deal(seed)]
        assert int(dealers[k]) == seeded_seat(seed, 4)


@given(st.lists(st.integers(min_value=0, max_value=2**64 - 1), min_size=1, max_size=30), st.integers(0, 2**32),
       st.booleans())
@examples(50)
def test_select_and_random_bits(values: list[int], seed: int, hardware: bool) -> None:
    """Both ways to count bits: numpy's bitwise_count (numpy >= 2) and the broadword one."""
    if not hardware:
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(core, "_HAS_BITWISE_COUNT", False)
            check_select_and_random_bits(values, seed)
    elif hasattr(np, "bitwise_count"):
        check_select_and_random_bits(values, seed)


def check_select_and_random_bits(values: list[int], seed: int) -> None:
    x = np.array(values, dtype=np.uint64)
    counts = core.popcount(x)
    assert counts.tolist() == [v.bit_count() for v in values]
    for k in range(64):
        rows = [i for i, v in enumerate(values) if v.bit_count() > k]
        if not rows:
            break
        picked = core.select_bits(x[rows], np.full(len(rows), k, dtype=np.uint64))
        assert picked.tolist() == [[b for b in range(64) if values[i] >> b & 1][k] for i in rows]
    picks = core.random_bits(x, np.random.default_rng(seed))
    for value, pick in zip(values, picks.tolist()):
        assert (value == 0 and pick == -1) or value >> pick & 1
    assert (core.pack_bits(core.unpack_bits(x, 64)) == x).all()


def test_random_bits_are_uniform() -> None:
    x = np.full(70_000, sum(1 << b for b in (1, 2, 40, 48, 49, 51)), dtype=np.uint64)
    picks = core.random_bits(x, np.random.default_rng(9))
    values, counts = np.unique(picks, return_counts=True)
    assert values.tolist() == [1, 2, 40, 48, 49, 51]
    assert (abs(counts - 70_000 / 6) < 500).all()  # about 5 standard deviations


def test_seeds_must_be_ints() -> None:
    with pytest.raises(InvalidCardsError):
        core.as_seeds(["1"])  # type: ignore[list-item]
    with pytest.raises(InvalidCardsError):
        core.as_seeds(np.array([1.5]))
    with pytest.raises(InvalidCardsError):
        core.as_seeds("12")  # type: ignore[arg-type]
    with pytest.raises(InvalidCardsError):
        core.deal_from_seeds([1], hands=5, cards_each=9)


# --- Differenzler ------------------------------------------------------------------------

DZ_RULES: dict[str, differenzler.Rules] = {
    "seed": differenzler.Rules(),
    "forbidden-undertrump-bonus": differenzler.Rules(
        exact_bonus=10, play=PlayRules(undertrump=Undertrump.FORBIDDEN_UNLESS_ONLY_TRUMPS)),
    "no-bauer-zero-always": differenzler.Rules(
        exact_bonus=5, zero_prediction_bonus=differenzler.ZeroBonus.ALWAYS, play=PlayRules(bauer_exception=False,
                                                                                         undertrump=Undertrump.ALLOWED)),
    "zero-never": differenzler.Rules(exact_bonus=7, zero_prediction_bonus=differenzler.ZeroBonus.NEVER),
    "undertrump-always": differenzler.Rules(play=PlayRules(undertrump=Undertrump.ALLOWED)),
}


def dz_move(action: int) -> differenzler.Move:
    if action >= dz_batch.FIRST_PREDICT_ACTION:
        return differenzler.Predict(action - dz_batch.FIRST_PREDICT_ACTION)
    return PlayCard(Card(action))


def dz_replay(state: dz_batch.DifferenzlerState, games: list[differenzler.State], choose: Any) -> None:
    """Play the batch with ``choose(state)`` actions and the scalar games alongside, comparing
    the legal actions and the seat to act at every step and the round's score at the end."""
    def done(scalar: differenzler.State) -> bool:
        return scalar.phase not in (differenzler.Phase.PREDICT, differenzler.Phase.PLAY)

    written = np.zeros((state.size, 4), dtype=np.int64)
    while True:
        mask = dz_batch.legal_mask(state)
        for game, scalar in enumerate(games):
            if done(scalar):
                assert state.terminated[game] and not mask[game].any()
                continue
            assert int(state.current_player[game]) == differenzler.to_act(scalar)
            moves = differenzler.legal_moves(scalar)
            ids = sorted(m.points + 36 if isinstance(m, differenzler.Predict) else action_of(m) for m in moves
                         if not isinstance(m, differenzler.Deal))
            assert np.flatnonzero(mask[game]).tolist() == ids
        if state.terminated.all():
            break
        actions = choose(state)
        state = dz_batch.step(state, actions)
        written += state.rewards
        for game, scalar in enumerate(games):
            if not done(scalar):
                games[game] = differenzler.apply(scalar, dz_move(int(actions[game])))
    for game, scalar in enumerate(games):
        score = differenzler.score_round(scalar)
        assert score.penalties is not None
        assert tuple(state.play.points[game].tolist()) == score.points
        assert tuple(state.play.tricks_won[game].tolist()) == score.tricks_won
        assert tuple(state.predictions[game].tolist()) == score.predictions
        assert tuple((-written[game]).tolist()) == score.penalties


@pytest.mark.parametrize("name", list(DZ_RULES))
def test_differenzler_batches_play_as_the_scalar_engine(name: str) -> None:
    rules = DZ_RULES[name]
    seeds = [77 * len(name) + k for k in range(16)]
    rng = np.random.default_rng(len(name))
    first = dz_batch.init(seeds, rules=rules)
    recorded: list[Any] = []

    def random_choice(state: dz_batch.DifferenzlerState) -> Any:
        actions = dz_batch.random_actions(state, rng)
        recorded.append(actions)
        return actions

    dz_replay(first, [differenzler.new_game(rules, seed=s) for s in seeds], random_choice)
    # Again with the same cards and exact predictions for some seats (seat 0 exact, seat 1
    # exact or one off, seat 2 zero): the exact bonus and the zero rule.
    replayed = dz_batch.init(seeds, rules=rules)
    for actions in recorded:
        replayed = dz_batch.step(replayed, actions)
    points = replayed.play.points
    steps = iter(recorded)

    def exact(state: dz_batch.DifferenzlerState) -> Any:
        actions = next(steps).copy()
        predicting = (state.predicted < 4) & ~state.terminated
        seat = state.current_player.astype(np.intp)
        guess = points[np.arange(state.size), np.maximum(seat, 0)].astype(np.int64)
        guess = np.where(seat == 1, guess + np.arange(state.size) % 2, guess)
        guess = np.where(seat == 2, 0, guess)
        actions[predicting] = 36 + guess[predicting]
        return actions

    dz_replay(dz_batch.init(seeds, rules=rules), [differenzler.new_game(rules, seed=s) for s in seeds], exact)


def test_differenzler_a_seat_without_a_trick() -> None:
    """Seat 1 cannot take a trick: an exact prediction of 0 earns the bonus only as the
    zero rule says."""
    hands = [CardSet.parse(h).bits for h in ("C10 CJ CQ CK CA S10 SJ SQ SK", "C6 C7 C8 C9 S6 S7 S8 S9 H6",
                                              "SA H7 H8 H9 H10 HJ HQ HK HA", "D6 D7 D8 D9 D10 DJ DQ DK DA")]
    for name, rules in DZ_RULES.items():
        rules = attrs.evolve(rules, first_dealer=3)
        state = dz_batch.from_hands([hands] * 3, 3, rules=rules)
        games = [differenzler.new_game(rules, seed=1, deal=[CardSet.from_bits(h) for h in hands]) for _ in range(3)]
        rng = np.random.default_rng(1)

        def zero_for_seat_1(state: dz_batch.DifferenzlerState) -> Any:
            actions = dz_batch.random_actions(state, rng)
            actions[(state.current_player == 1) & (state.predicted < 4)] = 36
            return actions

        dz_replay(state, games, zero_for_seat_1)


def test_differenzler_a_seat_with_one_trick_of_no_points() -> None:
    """Seat 1 takes the first trick (C9 over C6, C7, C8: no points) and no other: an exact 0
    with a trick earns the bonus under ``WITH_TRICK`` too."""
    hands = [CardSet.parse(h).bits for h in ("C6 S10 SJ SQ SK SA H10 HJ HQ", "C9 S6 S7 S8 S9 H6 H7 H8 H9",
                                              "C7 C10 CJ CQ CK CA HK HA D6", "C8 D7 D8 D9 D10 DJ DQ DK DA")]
    for rules in DZ_RULES.values():
        rules = attrs.evolve(rules, first_dealer=3)
        state = dz_batch.from_hands([hands], 3, rules=rules)
        games = [differenzler.new_game(rules, seed=1, deal=[CardSet.from_bits(h) for h in hands])]

        def lowest(state: dz_batch.DifferenzlerState) -> Any:
            predicting = state.predicted < 4
            cards = np.array([int(np.flatnonzero(row[:36])[0]) if row[:36].any() else 0
                              for row in dz_batch.legal_mask(state)])
            return np.where(predicting, 36 + 10 * (state.current_player != 1), cards)

        dz_replay(state, games, lowest)
        score = differenzler.score_round(games[0])
        assert score.points[1] == 0 and score.tricks_won[1] == 1


def test_differenzler_from_state() -> None:
    rules = DZ_RULES["forbidden-undertrump-bonus"]
    rng = random.Random(3)
    for seed in range(3):
        scalar = differenzler.new_game(rules, seed=seed)
        for moves in (0, 2, 4, 9, 20):
            while (len(scalar.play.tricks) * 4 + len(scalar.play.trick) + sum(p is not None for p in scalar.predictions)
                   < moves):
                scalar = differenzler.apply(scalar, rng.choice(differenzler.legal_moves(scalar)))
            copies = dz_batch.from_state(scalar, 3)
            dz_replay(copies, [scalar] * 3, lambda s: dz_batch.random_actions(s, np.random.default_rng(seed)))
    with pytest.raises(JassError):
        dz_batch.from_state(schieber.new_game(seed=1))  # type: ignore[arg-type]


def test_differenzler_seeded_deals_and_illegal_actions() -> None:
    state = dz_batch.init(np.random.default_rng(2), 5)
    assert state.size == 5 and (state.predicted == 0).all()
    for seed in range(20):
        scalar = differenzler.new_game(differenzler.Rules(), seed=seed)
        batch_state = dz_batch.init([seed])
        assert int(batch_state.face_up[0]) == scalar.face_up.index and int(batch_state.dealer[0]) == scalar.dealer
    with pytest.raises(IllegalMoveError):
        dz_batch.step(dz_batch.init([1]), [5])  # a card before the predictions
    with pytest.raises(IllegalMoveError):
        dz_batch.step(dz_batch.init([1]), [36 + 158])
    with pytest.raises(InvalidCardsError):
        dz_batch.from_hands([[1, 2, 3, 4]])


# --- la pomme ------------------------------------------------------------------------------

POMME_RULES: dict[str, pomme.Rules] = {
    "seed": pomme.Rules(),
    "cancel-high-threshold": pomme.Rules(both_pommes_cancel=True, pomme_threshold=pomme.MAX_POMME_THRESHOLD,
                                         bauer_exception=False),
    "jack-20": pomme.Rules(trump_jack_points=20, pomme_threshold=25),
}


def pomme_to_play(state: pomme.State) -> pomme.State:
    """Both keep their hands and nobody swaps the trump 6: the state the batch's init starts at."""
    while state.phase is not pomme.Phase.PLAY:
        moves = pomme.legal_moves(state)
        keep = [m for m in moves if isinstance(m, (pomme.KeepHand, pomme.DeclineSwap))]
        state = pomme.apply(state, keep[0])
    return state


def pomme_replay(state: pomme_batch.PommeState, games: list[pomme.State], rng: Any) -> None:
    written = np.zeros((state.size, 2), dtype=np.int64)
    while True:
        mask = pomme_batch.legal_mask(state)
        for game, scalar in enumerate(games):
            if scalar.phase is not pomme.Phase.PLAY:
                assert state.terminated[game] and not mask[game].any()
                continue
            assert int(state.current_player[game]) == pomme.to_act(scalar)
            assert np.flatnonzero(mask[game]).tolist() == [action_of(m) for m in pomme.legal_moves(scalar)
                                                           if isinstance(m, PlayCard)]
        if state.terminated.all():
            break
        actions = pomme_batch.random_actions(state, rng)
        state = pomme_batch.step(state, actions)
        written += state.rewards
        for game, scalar in enumerate(games):
            if scalar.phase is pomme.Phase.PLAY:
                games[game] = pomme.apply(scalar, PlayCard(Card(int(actions[game]))))
    result = pomme_batch.result(state)
    for game, scalar in enumerate(games):
        score = pomme.score_round(scalar)
        assert tuple(result.card_points[game].tolist()) == score.card_points
        assert tuple(result.last_trick[game].tolist()) == score.last_trick
        assert tuple(result.totals[game].tolist()) == score.totals
        assert tuple(result.won[game].tolist()) == score.won
        assert tuple(result.pommes[game].tolist()) == score.pommes
        assert tuple(result.game_points[game].tolist()) == score.game_points == tuple(written[game].tolist())


@pytest.mark.parametrize("name", list(POMME_RULES))
def test_pomme_batches_play_as_the_scalar_engine(name: str) -> None:
    rules = POMME_RULES[name]
    seeds = [31 * len(name) + k for k in range(24)]
    games = [pomme_to_play(pomme.new_game(rules, seed=s)) for s in seeds]
    state = pomme_batch.init(seeds, rules=rules)
    for game, scalar in enumerate(games):
        assert scalar.play is not None
        assert [int(h) for h in state.play.hands[game]] == [scalar.play.hand(s).bits for s in range(2)]
        assert int(state.play.trump[game]) == int(scalar.trump)
    pomme_replay(state, games, np.random.default_rng(len(name)))


def test_pomme_from_state_after_exchanges() -> None:
    rng = random.Random(5)
    for seed in range(6):
        rules = POMME_RULES["cancel-high-threshold" if seed % 2 else "seed"]
        scalar = pomme.new_game(rules, seed=seed)
        while scalar.phase is not pomme.Phase.PLAY:
            scalar = pomme.apply(scalar, rng.choice(pomme.legal_moves(scalar)))
        for _ in range(seed * 2):
            scalar = pomme.apply(scalar, rng.choice(pomme.legal_moves(scalar)))
        pomme_replay(pomme_batch.from_state(scalar, 3), [scalar] * 3, np.random.default_rng(seed))
    with pytest.raises(JassError):
        pomme_batch.from_state(pomme.new_game(seed=1))
    with pytest.raises(InvalidCardsError):
        pomme_batch.from_hands([[3, 3]], 0)
    with pytest.raises(IllegalMoveError):
        state = pomme_batch.init([1])
        pomme_batch.step(state, [int(np.flatnonzero(~pomme_batch.legal_mask(state)[0])[0])])
