"""The one place a Molotow round is scored: the card points with the trump fixed at last, the last
trick, the table Weis (plus), the hand Weis and the Stöck (minus); and the game's winner, the
fewest points after the last round.
"""

from __future__ import annotations

from collections.abc import Sequence

from jass.cards import Card, CardSet, Rank
from jass.molotow.rules import Rules, TableWeis
from jass.molotow.state import GAME_OVER, ROUND_OVER, RoundScore, State
from jass.molotow.trumping import cards_played, fixing_position, trump_of
from jass.play import CardPlay, Trick
from jass.trump import LAST_TRICK_BONUS, Trump, point_table
from jass.variant.guards import wrong_state
from jass.weis import WeisKind, detect_weis

__all__ = ["score_round", "standings", "table_weis", "hand_weis"]

#: What the Stöck count (minus, for their holder).
STOECK_POINTS = 20


def table_weis(cards: Sequence[Card], rules: Rules) -> int:
    """The points of the Weis lying in one trick (a «Tischweis»): every Weis the cards form, or
    only the sequences with :attr:`TableWeis.SEQUENCES <Rules.table_weis>`; the order in which
    they were played does not matter.

    >>> table_weis([Card.H8, Card.H6, Card.H7, Card.CA], Rules())       # a small molotow
    20
    >>> table_weis([Card.CJ, Card.SJ, Card.HJ, Card.DJ], Rules()), table_weis(
    ...     [Card.CJ, Card.SJ, Card.HJ, Card.DJ], Rules.funcardgames())  # four Unders
    (200, 0)
    """
    found = detect_weis(CardSet(cards))
    if rules.table_weis is TableWeis.SEQUENCES:
        return sum(weis.points for weis in found if weis.kind is WeisKind.SEQUENCE)
    return sum(weis.points for weis in found)


def hand_weis(hand: CardSet, rules: Rules) -> int:
    """The points of every Weis of a hand as dealt (a card may be in a sequence and in a four
    of a kind at once), written minus for its holder; 0 without :attr:`Rules.hand_weis`.

    >>> hand_weis(CardSet.parse("H6 H7 H8 H9 CA SA HA DA C6"), Rules())
    150
    """
    return sum(weis.points for weis in detect_weis(hand)) if rules.hand_weis else 0


def stoeck_of(tricks: Sequence[Trick], trick: Sequence[Card], leader: int, seats: int) -> tuple[int, ...]:
    """20 for the seat that has played both the trump King and the trump Ober, each after the
    card that fixed trump (jassverzeichnis.ch: «Stöckpunkte sind jedoch nur möglich, wenn der
    Spieler nach Bestimmen des Trumps noch in Besitz beider Stöck-Karten ist»); counted when the
    second is played («beim Ausspielen der zweiten Karte genannt»). The card that fixed trump
    was played before trump was known: a King or Ober that fixes it makes no Stöck."""
    stoeck = [0] * seats
    trump = trump_of(tricks, trick)
    if trump is None or trump.suit is None:
        return tuple(stoeck)
    wanted = {Card.of(trump.suit, Rank.KING), Card.of(trump.suit, Rank.QUEEN)}
    played = list(cards_played(tricks, trick, leader, seats))
    where = fixing_position(tricks, trick)
    assert where is not None
    fixed = where[0] * seats + where[1]  # every trick before it is complete
    marks = [(number, seat) for number, (seat, card) in enumerate(played) if card in wanted]
    if len(marks) == 2 and marks[0][1] == marks[1][1] and marks[0][0] > fixed:
        stoeck[marks[0][1]] = STOECK_POINTS
    return tuple(stoeck)


def score_of_tricks(tricks: Sequence[Trick], trick: Sequence[Card], leader: int, seats: int, complete: bool,
                    rules: Rules) -> RoundScore:
    """The one scoring function: the round so far (the completed ``tricks`` and the ``trick`` in
    progress, led by ``leader``), or once every card is played (``complete``), the round.

    Every trick counts with the values of the trump fixed at last (Obenabe's if none was); the
    taker of a trick gets its table Weis; the Stöck count minus once the second card is played;
    the hand Weis (of each hand as dealt: the cards its seat played) and the last trick's 5 once
    the round is complete.
    """
    trump = trump_of(tricks, trick)
    values = point_table(Trump.OBENABE if trump is None else trump)
    card = [0] * seats
    table = [0] * seats
    for done in tricks:
        card[done.winner] += sum(values[c.index] for c in done.cards)
        table[done.winner] += table_weis(done.cards, rules)
    last = [0] * seats
    hands = [0] * seats
    if complete:
        last[tricks[-1].winner] = LAST_TRICK_BONUS
        dealt = [0] * seats
        for seat, played in cards_played(tricks, trick, leader, seats):
            dealt[seat] |= played.bit
        hands = [hand_weis(CardSet.from_bits(bits), rules) for bits in dealt]
    stoeck = stoeck_of(tricks, trick, leader, seats) if rules.stoeck else (0,) * seats
    totals = tuple(card[s] + last[s] + table[s] - hands[s] - stoeck[s] for s in range(seats))
    return RoundScore(trump, tuple(card), tuple(last), tuple(table), tuple(hands), stoeck, totals, complete)


def score_of_play(play: CardPlay, rules: Rules) -> RoundScore:
    """The score of a round's card play (see :func:`score_of_tricks`)."""
    return score_of_tricks(play.tricks, play.trick, play.leader, play.seats, play.is_done, rules)


def game_winner(totals: Sequence[int], rounds_played: int, rules: Rules) -> int | None:
    """The seat with the fewest points after the last round (jassverzeichnis.ch: «gewinnt
    derjenige Spieler, der nach 8 Runden am wenigsten Punkte erzielt hat»); ``None`` before the
    last round, and for a tie for the fewest (no source says how a tie goes: a draw).

    >>> game_winner((120, 80, 95, 300), 8, Rules()), game_winner((80, 80, 95, 300), 8, Rules())
    (1, None)
    """
    if rounds_played < rules.rounds:
        return None
    fewest = min(totals)
    return list(totals).index(fewest) if list(totals).count(fewest) == 1 else None


def score_round(state: State) -> RoundScore:
    """The score of the round in play (so far) or just finished.

    >>> score = score_round(new_game(seed=1))
    >>> score.totals, score.complete
    ((0, 0, 0, 0), False)
    """
    if type(state) is not State:
        raise wrong_state(state, State)
    if state.phase is ROUND_OVER or state.phase is GAME_OVER:
        return state.history[-1]
    return score_of_play(state.play, state.setting.rules)


def standings(state: State) -> tuple[int, ...]:
    """Each seat's points so far (the fewest win): :attr:`State.totals`."""
    if type(state) is not State:
        raise wrong_state(state, State)
    return state.totals
