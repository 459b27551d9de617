"""Moving data between jass-kit and this library: card ids and codes, trump codes, seats,
jass-kit's JSON game format (V0.2), its log entries and the Swisslos log lines it reads.

`jass-kit <https://pypi.org/project/jass-kit/>`_ (HSLU) is not needed and never
imported: everything here works on JSON data. (jass-kit installs a package also
called ``jass``; this module is named so that it cannot collide with any of its
subpackages.)

**Cards.** jass-kit numbers the cards ``9 * suit + offset`` with the suits D=0,
H=1, S=2, C=3 and the offsets A=0, K=1, Q=2, J=3, 10=4, 9=5, 8=6, 7=7, 6=8, so 0 is
``'DA'``, 8 ``'D6'``, 9 ``'HA'`` and 35 ``'C6'``. By default its suits map to ours
**by their French letter** (:data:`FRENCH`): D is Schellen (♦), H Schilten (♥), S
Rosen (♠), C Eicheln (♣); a card then has the same code in both libraries, and its
id is ``35 - card.index``.

>>> from jass import Card
>>> card_id(Card.DA), card_id(Card.C6), card_from_id(9)
(0, 35, Card.HA)

Only the multipliers of Schieber look at which suit is which (Schilten and
Schellen count double in the seed's table). jass-kit's own German labels (H
"Rosen", S "Schilten", D "Schellen", C "Eichel") and the Swisslos display mapping
(Rosen hearts, Schilten spades, Schellen clubs, Eicheln diamonds) pair the Swiss
suits differently: pass ``suits=JASSKIT_GERMAN`` or ``suits=SWISSLOS`` to map by
those names instead; the card codes then differ between the libraries.

**Trump codes**: 0..3 the suits D, H, S, C; 4 Obenabe (``OBE_ABE``); 5 Undenufe
(``UNE_UFE``). 10 (``PUSH``) and 6 (``PUSH_ALT``) are jass-kit's push action.

**Seats.** jass-kit numbers the players North=0, East=1, South=2, West=3 clockwise
and plays counter-clockwise: the player after *p* is ``[3, 0, 1, 2][p]``. Here play
goes from seat *s* to *s + 1*. The mapping ``ours = (4 - theirs) % 4`` (0 to 0, 1 to
3, 2 to 2, 3 to 1; it is its own inverse) turns one order into the other and keeps
the partnerships: jass-kit's team 0 (North and South) is our team 0 (seats 0 and 2).

>>> [seat_from_jasskit(p) for p in range(4)]
[0, 3, 2, 1]

**Games.** jass-kit writes one round of Schieber (``GameState.to_json``, format
``V0.2``) as::

    {"version": "V0.2", "trump": 1, "dealer": 1, "currentPlayer": -1, "forehand": 0,
     "tricks": [{"cards": ["HJ", "H6", "H8", "H7"], "points": 20, "win": 0, "first": 0}, ...],
     "player": [{"hand": []}, {"hand": []}, {"hand": []}, {"hand": []}],
     "jassTyp": "SCHIEBER"}

``trump`` is -1 until chosen; ``forehand`` is 1 when Vorhand chose trump, 0 after a
push, -1 before either; ``tricks`` holds the finished tricks (their cards in play
order, ``points`` with the last trick's 5 in the ninth, ``win`` the winner, ``first``
the leader) and then the trick in progress (its cards so far and ``first``);
``player`` holds each player's *current* hand. :func:`read_game` reads it into a
:class:`Game`, :meth:`Game.to_json` writes it; :func:`to_state` replays a game under
this library's Schieber rules, :func:`from_state` writes a Schieber state in
jass-kit's format, and :func:`forbidden_cards` lists every card our rules forbid
(jass-kit lets a player undertrump the highest trump of a trick as long as the card
beats the *lowest* trump in it).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import datetime
from typing import Any, Final

import attrs

from jass import schieber
from jass._json import parse_json
from jass.cards import Card, CardSet, Suit
from jass.errors import JassError, RecordError, SerialError, describe_value
from jass.play import PlayCard, explain_illegal_card, new_seed
from jass.tricks import legal_cards
from jass.trump import LAST_TRICK_BONUS, Trump
from jass.variant import check_seed


__all__ = [
    "FORMAT_VERSION",
    "CARD_CODES",
    "OBE_ABE",
    "UNE_UFE",
    "PUSH",
    "PUSH_ALT",
    "FRENCH",
    "JASSKIT_GERMAN",
    "SWISSLOS",
    "card_id",
    "card_from_id",
    "card_code",
    "card_from_code",
    "trump_code",
    "trump_from_code",
    "seat_to_jasskit",
    "seat_from_jasskit",
    "KitTrick",
    "Game",
    "read_game",
    "to_state",
    "from_state",
    "ForbiddenCard",
    "forbidden_cards",
    "LogEntry",
    "read_log_entry",
    "SwisslosLine",
    "read_swisslos_line",
    "write_swisslos_line",
]

#: The version of jass-kit's game format that is read and written.
FORMAT_VERSION: Final = "V0.2"
#: jass-kit's card codes, indexed by its card ids.
CARD_CODES: Final[tuple[str, ...]] = tuple(
    suit + rank for suit in "DHSC" for rank in ("A", "K", "Q", "J", "10", "9", "8", "7", "6")
)
#: jass-kit's trump code of Obenabe.
OBE_ABE: Final = 4
#: jass-kit's trump code of Undenufe.
UNE_UFE: Final = 5
#: jass-kit's push action (the Swisslos code).
PUSH: Final = 10
#: jass-kit's alternative push action (for one-hot encodings).
PUSH_ALT: Final = 6

#: Our suit for jass-kit's D, H, S and C, by French letter (the default).
FRENCH: Final = (Suit.SCHELLEN, Suit.SCHILTEN, Suit.ROSEN, Suit.EICHELN)
#: By jass-kit's German labels: D Schellen, H Rosen, S Schilten, C Eicheln.
JASSKIT_GERMAN: Final = (Suit.SCHELLEN, Suit.ROSEN, Suit.SCHILTEN, Suit.EICHELN)
#: By the Swisslos display mapping: D Eicheln, H Rosen, S Schilten, C Schellen.
SWISSLOS: Final = (Suit.EICHELN, Suit.ROSEN, Suit.SCHILTEN, Suit.SCHELLEN)

_NEXT: Final = (3, 0, 1, 2)
_CODE_IDS: Final = {code: i for i, code in enumerate(CARD_CODES)}
_DATE: Final = "%d.%m.%y %H:%M:%S"


def _check_suits(suits: Sequence[Suit]) -> tuple[Suit, ...]:
    if (
        not isinstance(suits, (tuple, list))
        or len(suits) != 4
        or not all(isinstance(s, Suit) for s in suits)
        or len(set(suits)) != 4
    ):
        raise SerialError(f"suits={suits!r}: expected our four suits for jass-kit's D, H, S, C, e.g. FRENCH")
    return tuple(suits)


def card_id(card: Card, suits: Sequence[Suit] = FRENCH) -> int:
    """jass-kit's id 0..35 of ``card``."""
    if not isinstance(card, Card):
        raise SerialError(f"{card!r}: expected a Card")
    suit = _check_suits(suits).index(card.suit)
    return 9 * suit + 8 - card.rank


def card_from_id(card: int, suits: Sequence[Suit] = FRENCH) -> Card:
    """The card with jass-kit's id ``card`` (0..35)."""
    if isinstance(card, bool) or not isinstance(card, int) or not 0 <= card < 36:
        raise SerialError(f"{card!r} is not a jass-kit card id: expected an int 0..35")
    suit, offset = divmod(card, 9)
    return Card.from_index(9 * _check_suits(suits)[suit] + 8 - offset)


def card_code(card: Card, suits: Sequence[Suit] = FRENCH) -> str:
    """jass-kit's code of ``card``, e.g. ``'D10'`` (the same as ours with :data:`FRENCH`)."""
    return CARD_CODES[card_id(card, suits)]


def card_from_code(code: str, suits: Sequence[Suit] = FRENCH) -> Card:
    """The card of jass-kit's code ``code`` (``'DA'`` .. ``'C6'``)."""
    if not isinstance(code, str) or code not in _CODE_IDS:
        raise SerialError(f"{describe_value(code)} is not a jass-kit card code: expected 'DA' .. 'C6'")
    return card_from_id(_CODE_IDS[code], suits)


def trump_code(trump: Trump, suits: Sequence[Suit] = FRENCH) -> int:
    """jass-kit's trump code: 0..3 for its suits D, H, S, C, 4 Obenabe, 5 Undenufe."""
    if not isinstance(trump, Trump):
        raise SerialError(f"{trump!r}: expected a Trump")
    if trump.suit is None:
        return OBE_ABE if trump is Trump.OBENABE else UNE_UFE
    return _check_suits(suits).index(trump.suit)


def trump_from_code(code: int, suits: Sequence[Suit] = FRENCH) -> Trump:
    """Our trump mode for jass-kit's trump code 0..5 (the push codes 6 and 10 are no mode)."""
    if isinstance(code, bool) or not isinstance(code, int) or not 0 <= code <= 5:
        raise SerialError(f"{describe_value(code)} is not a jass-kit trump: expected 0..5 "
                          f"(the push, {PUSH} or {PUSH_ALT}, chooses no trump)")
    if code == OBE_ABE:
        return Trump.OBENABE
    if code == UNE_UFE:
        return Trump.UNDENUFE
    return Trump(_check_suits(suits)[code].value)


def seat_to_jasskit(seat: int) -> int:
    """jass-kit's player number of our seat ``seat``: ``(4 - seat) % 4``."""
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < 4:
        raise SerialError(f"seat={seat!r}: expected a seat 0..3")
    return (4 - seat) % 4


def seat_from_jasskit(player: int) -> int:
    """Our seat of jass-kit's player number ``player`` (0 North, 1 East, 2 South, 3 West)."""
    if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < 4:
        raise SerialError(f"player={player!r}: expected a jass-kit player 0..3")
    return (4 - player) % 4


# --- the game format -------------------------------------------------------------------------


@attrs.frozen
class KitTrick:
    """One entry of a jass-kit game's ``tricks``, in jass-kit's numbers: card ids in play
    order, the leader (``first``), and for a finished trick its ``points`` (the ninth with
    the last trick's 5) and winner (``win``)."""

    cards: tuple[int, ...]
    first: int | None = None
    points: int | None = None
    win: int | None = None


@attrs.frozen
class Game:
    """A game (one round) in jass-kit's JSON format, in jass-kit's own numbers: players
    0..3 (North, East, South, West), card ids, trump codes (-1: not chosen yet)."""

    dealer: int
    trump: int
    forehand: int
    current_player: int
    tricks: tuple[KitTrick, ...]
    #: Each player's current hand, as card ids in increasing order.
    hands: tuple[tuple[int, ...], ...]
    jass_typ: str = "SCHIEBER"

    def to_json(self) -> dict[str, Any]:
        """The game as jass-kit writes it (``GameState.to_json``)."""
        tricks = []
        for trick in self.tricks:
            entry: dict[str, Any] = {}
            if trick.cards:
                entry["cards"] = [CARD_CODES[c] for c in trick.cards]
            if trick.points is not None:
                entry["points"] = trick.points
            if trick.win is not None:
                entry["win"] = trick.win
            if trick.first is not None:
                entry["first"] = trick.first
            tricks.append(entry)
        return {
            "version": FORMAT_VERSION,
            "trump": self.trump,
            "dealer": self.dealer,
            "currentPlayer": self.current_player,
            "forehand": self.forehand,
            "tricks": tricks,
            "player": [{"hand": [CARD_CODES[c] for c in hand]} for hand in self.hands],
            "jassTyp": self.jass_typ,
        }

    @property
    def played(self) -> int:
        """The number of cards played."""
        return sum(len(trick.cards) for trick in self.tricks)


_GAME_KEYS: Final = ("version", "trump", "dealer", "currentPlayer", "forehand", "tricks", "player", "jassTyp", "tss")


def _int(data: Any, path: str, low: int, high: int) -> int:
    if isinstance(data, bool) or not isinstance(data, int) or not low <= data <= high:
        raise SerialError(f"expected an int {low}..{high}, got {describe_value(data)}", path)
    return data


def _codes(data: Any, path: str, high: int) -> tuple[int, ...]:
    if not isinstance(data, list) or len(data) > high:
        raise SerialError(f"expected a list of at most {high} card codes, got {describe_value(data)}", path)
    ids = []
    for i, code in enumerate(data):
        if not isinstance(code, str) or code not in _CODE_IDS:
            raise SerialError(f"expected a jass-kit card code 'DA' .. 'C6', got {describe_value(code)}", f"{path}[{i}]")
        ids.append(_CODE_IDS[code])
    return tuple(ids)


def read_game(data: Any, *, ignore_unknown: bool = False) -> Game:
    """Read a game in jass-kit's JSON format (a dict, or JSON text).

    Checks the types and ranges of every field and that no card is there twice;
    :func:`to_state` checks the play. Fields jass-kit does not write are refused,
    unless ``ignore_unknown``. As jass-kit does, it accepts a game without
    ``version`` (but not another version) and derives a missing ``forehand`` from the
    old ``tss`` field. Raises :class:`~jass.errors.SerialError`.
    """
    if isinstance(data, (str, bytes, bytearray)):
        data = parse_json(data)
    if not isinstance(data, dict):
        raise SerialError(f"expected a jass-kit game, an object, got {describe_value(data)}")
    for key in data:
        if key not in _GAME_KEYS and not ignore_unknown:
            raise SerialError(f"unknown field {describe_value(key)} in a jass-kit game (pass ignore_unknown=True "
                              "to skip such fields)")
    if "version" in data and data["version"] != FORMAT_VERSION:
        raise SerialError(f"expected {FORMAT_VERSION!r}, got {describe_value(data['version'])}", "$.version")
    for key in ("dealer", "tricks", "player"):
        if key not in data:
            raise SerialError(f"missing field {key!r} in a jass-kit game")
    dealer = _int(data["dealer"], "$.dealer", 0, 3)
    trump = _int(data.get("trump", -1), "$.trump", -1, 5)
    if "forehand" in data:
        forehand = _int(data["forehand"], "$.forehand", -1, 1)
    elif data.get("tss") == 1:
        forehand = 0
    else:
        forehand = 1 if trump != -1 else -1
    current = _int(data.get("currentPlayer", -1), "$.currentPlayer", -1, 3)
    jass_typ = data.get("jassTyp", "SCHIEBER")
    if not isinstance(jass_typ, str) or not jass_typ.startswith("SCHIEBER"):
        raise SerialError(f"expected a Schieber game, got {describe_value(jass_typ)}", "$.jassTyp")
    raw_tricks = data["tricks"]
    if not isinstance(raw_tricks, list) or len(raw_tricks) > 9:
        raise SerialError(f"expected a list of at most 9 tricks, got {describe_value(raw_tricks)}", "$.tricks")
    tricks = []
    for i, raw in enumerate(raw_tricks):
        path = f"$.tricks[{i}]"
        if not isinstance(raw, dict):
            raise SerialError(f"expected a trick, an object, got {describe_value(raw)}", path)
        for key in raw:
            if key not in ("cards", "points", "win", "first") and not ignore_unknown:
                raise SerialError(f"unknown field {describe_value(key)} in a trick", path)
        cards = _codes(raw.get("cards", []), f"{path}.cards", 4)
        first = None if "first" not in raw else _int(raw["first"], f"{path}.first", 0, 3)
        points = None if "points" not in raw else _int(raw["points"], f"{path}.points", 0, 157)
        win = None if "win" not in raw else _int(raw["win"], f"{path}.win", 0, 3)
        if len(cards) == 4:
            if first is None or points is None or win is None:
                raise SerialError("a finished trick has 'first', 'points' and 'win'", path)
        else:
            if i != len(raw_tricks) - 1:
                raise SerialError(f"only the last trick can be unfinished; this one has {len(cards)} cards", path)
            if points is not None or win is not None or first is None:
                raise SerialError("a trick in progress has 'first', and no 'points' or 'win' yet", path)
        tricks.append(KitTrick(cards, first, points, win))
    players = data["player"]
    if not isinstance(players, list) or len(players) != 4:
        raise SerialError(f"expected a list of the 4 players, got {describe_value(players)}", "$.player")
    hands = []
    for p, player in enumerate(players):
        if not isinstance(player, dict) or any(k != "hand" for k in player) and not ignore_unknown:
            raise SerialError("expected an object with the player's 'hand'", f"$.player[{p}]")
        hands.append(tuple(sorted(_codes(player.get("hand", []), f"$.player[{p}].hand", 9))))
    seen = 0
    for where, cards in [(f"$.player[{p}].hand", hand) for p, hand in enumerate(hands)] + [
        (f"$.tricks[{i}].cards", trick.cards) for i, trick in enumerate(tricks)
    ]:
        for card in cards:
            if seen >> card & 1:
                raise SerialError(f"{CARD_CODES[card]} is there twice", where)
            seen |= 1 << card
    return Game(dealer, trump, forehand, current, tuple(tricks), tuple(hands), jass_typ)


def _game(game: Any) -> Game:
    return game if isinstance(game, Game) else read_game(game)


def _starting_hands(game: Game) -> list[int]:
    """Each jass-kit player's hand as dealt (bits of jass-kit ids): held plus played."""
    dealt = [sum(1 << c for c in hand) for hand in game.hands]
    for i, trick in enumerate(game.tricks):
        player = trick.first
        assert player is not None
        for card in trick.cards:
            dealt[player] |= 1 << card
            player = _NEXT[player]
    for p, bits in enumerate(dealt):
        if bits.bit_count() != 9:
            raise SerialError(f"jass-kit player {p} holds and played {bits.bit_count()} cards; 9 are dealt",
                              f"$.player[{p}].hand")
    return dealt


@attrs.frozen
class ForbiddenCard:
    """A card of a jass-kit game that our rules do not allow, and why."""

    #: The number of the card in the game, 1 for the first card played.
    card_number: int
    #: The trick (0 for the first) and the card's place in it (0 for the lead).
    trick: int
    position: int
    #: The player in jass-kit's numbers, and our seat.
    player: int
    seat: int
    card: Card
    reason: str


def _setup(game: Game, rules: schieber.Rules | None, suits: Sequence[Suit]) -> tuple[schieber.Rules, int, list[CardSet]]:
    suits = _check_suits(suits)
    if rules is None:
        rules = schieber.Rules()
    if not isinstance(rules, schieber.Rules):
        raise SerialError(f"rules={rules!r}: expected a jass.schieber.Rules")
    dealer = seat_from_jasskit(game.dealer)
    dealt_kit = _starting_hands(game)
    hands = [CardSet()] * 4
    for player, bits in enumerate(dealt_kit):
        hands[seat_from_jasskit(player)] = CardSet(card_from_id(c, suits) for c in range(36) if bits >> c & 1)
    return attrs.evolve(rules, first_dealer=dealer), dealer, hands


def _check_flow(game: Game) -> None:
    """The trump choice and the leaders as jass-kit's rules have them."""
    forehand_player = _NEXT[game.dealer]
    if game.trump == -1:
        if game.played or game.forehand == 1:
            raise SerialError("trump is chosen before any card is played (forehand 1 means it is)", "$.trump")
        if game.tricks:
            raise SerialError("no trick before trump is chosen", "$.tricks")
    elif game.forehand == -1:
        raise SerialError("trump is chosen, so forehand is 1 (by Vorhand) or 0 (after a push)", "$.forehand")
    if game.tricks and game.tricks[0].first != forehand_player:
        raise SerialError(f"Vorhand (jass-kit player {forehand_player}) leads the first trick", "$.tricks[0].first")


def to_state(
    game: Any,
    rules: schieber.Rules | None = None,
    *,
    suits: Sequence[Suit] = FRENCH,
    seed: int | None = None,
) -> schieber.State:
    """Replay a jass-kit game (a :class:`Game`, its dict or JSON text) under our Schieber rules.

    The result is the state of round 0 of a game with ``rules`` (default
    ``schieber.Rules()``; its ``first_dealer`` is set to the game's dealer) and
    ``seed``, which deals the rounds after it: as for ``new_game``, an int 0..2**64-1
    (:class:`~jass.errors.InvalidSeedError` otherwise), and by default a fresh random
    one, so that nobody can foresee those deals. The trump choice and every card go through :func:`jass.schieber.apply`:
    a card our rules forbid raises :class:`~jass.errors.RecordError` whose
    ``move_number`` counts the push, the trump choice and the cards (1-based) and
    whose message names the trick, the player and the rule; :func:`forbidden_cards`
    lists them all. A trick whose ``win``, ``points`` or ``first`` does not match the
    play raises :class:`~jass.errors.SerialError`. jass-kit has no Weis: nobody
    declares any (unless ``rules.auto_declare``); Stöck count as our rules say.
    """
    game = _game(game)
    _check_flow(game)
    rules, dealer, hands = _setup(game, rules, suits)
    seed = new_seed() if seed is None else check_seed(seed)
    state = schieber.State.create(rules=rules, seed=seed, round_number=0, dealer=dealer,
                                  phase=schieber.Phase.CHOOSE_TRUMP, dealt=tuple(hands))
    moves: list[tuple[Any, str]] = []
    if game.forehand == 0:
        moves.append((schieber.Push(), "$.forehand"))
    if game.trump != -1:
        moves.append((schieber.ChooseTrump(trump_from_code(game.trump, suits)), "$.trump"))
    number = 0
    for move, path in moves:
        number += 1
        try:
            state = schieber.apply(state, move)
        except JassError as error:
            raise RecordError(f"{move} is not legal: {error}", path, number) from None
    suits = _check_suits(suits)
    for i, trick in enumerate(game.tricks):
        if state.phase is schieber.Phase.PLAY:
            assert state.play is not None
            if trick.first is not None and seat_from_jasskit(trick.first) != state.play.leader:
                raise SerialError(f"is {trick.first}, but the winner of the trick before, jass-kit player "
                                  f"{seat_to_jasskit(state.play.leader)}, leads", f"$.tricks[{i}].first")
        for k, code in enumerate(trick.cards):
            number += 1
            card = card_from_id(code, suits)
            seat = schieber.to_act(state)
            try:
                state = schieber.apply(state, PlayCard(card))
            except JassError as error:
                who = "nobody" if seat is None else f"jass-kit player {seat_to_jasskit(seat)} (our seat {seat})"
                raise RecordError(
                    f"trick {i + 1}, card {k + 1}: {who} plays {CARD_CODES[code]}, which our rules forbid: {error}",
                    f"$.tricks[{i}].cards[{k}]", number,
                ) from None
        if len(trick.cards) == 4:
            assert state.play is not None
            done = state.play.tricks[i]
            points = done.points + (LAST_TRICK_BONUS if i == 8 else 0)
            if trick.win != seat_to_jasskit(done.winner):
                raise SerialError(f"is {trick.win}, but jass-kit player {seat_to_jasskit(done.winner)} wins the trick",
                                  f"$.tricks[{i}].win")
            if trick.points != points:
                raise SerialError(f"is {trick.points}, but the trick is worth {points}", f"$.tricks[{i}].points")
    if game.current_player != -1 and game.played < 36:
        acting = schieber.to_act(state)
        if acting is None or game.current_player != seat_to_jasskit(acting):
            raise SerialError(f"is {game.current_player}, but jass-kit player "
                              f"{-1 if acting is None else seat_to_jasskit(acting)} is to act", "$.currentPlayer")
    return state


def forbidden_cards(
    game: Any, rules: schieber.Rules | None = None, *, suits: Sequence[Suit] = FRENCH
) -> tuple[ForbiddenCard, ...]:
    """Every card of a jass-kit game that our card-play rules (``rules.play``, by default
    Schieber's: undertrumping forbidden unless the hand holds only trumps) do not allow.

    Each card is judged in its place, from the hand its player held then, whatever
    came before; the play order is the game's (each trick led by its ``first``).
    """
    game = _game(game)
    _check_flow(game)
    rules, _, _ = _setup(game, rules, suits)
    suits = _check_suits(suits)
    if game.trump == -1:
        return ()
    trump = trump_from_code(game.trump, suits)
    held = [CardSet(card_from_id(c, suits) for c in range(36) if bits >> c & 1) for bits in _starting_hands(game)]
    found = []
    number = 0
    for i, trick in enumerate(game.tricks):
        player = trick.first
        assert player is not None
        cards: list[Card] = []
        for k, code in enumerate(trick.cards):
            number += 1
            card = card_from_id(code, suits)
            hand = held[player]
            if card not in legal_cards(hand, cards, trump, rules.play):
                reason = explain_illegal_card(hand, cards, trump, rules.play, card, seat_from_jasskit(player))
                found.append(ForbiddenCard(number, i, k, player, seat_from_jasskit(player), card, reason))
            held[player] = hand - CardSet([card])
            cards.append(card)
            player = _NEXT[player]
    return tuple(found)


def from_state(state: schieber.State, *, suits: Sequence[Suit] = FRENCH) -> Game:
    """The round in ``state`` as a jass-kit :class:`Game`.

    jass-kit's format holds one round and no Weis, Stöck, scores or rules: those are
    left out. A round in which trump was pushed back (``allow_push_back``) cannot be
    written (:class:`~jass.errors.SerialError`).
    """
    if not isinstance(state, schieber.State):
        raise SerialError(f"{state!r:.80}: expected a jass.schieber.State")
    suits = _check_suits(suits)
    if state.pushed > 1:
        raise SerialError("jass-kit's format has no push back", "$.pushed")
    kit = seat_to_jasskit
    trump = -1 if state.trump is None else trump_code(state.trump, suits)
    forehand = 0 if state.pushed else (1 if state.trump is not None else -1)
    tricks: list[KitTrick] = []
    play = state.play if state.trump is not None else None
    hands: Sequence[CardSet] = state.dealt
    if play is not None:
        hands = play.hands
        for i, done in enumerate(play.tricks):
            points = done.points + (LAST_TRICK_BONUS if i == 8 else 0)
            ids = tuple(card_id(c, suits) for c in done.cards)
            tricks.append(KitTrick(ids, kit(done.leader), points, kit(done.winner)))
        if len(play.tricks) < 9:
            tricks.append(KitTrick(tuple(card_id(c, suits) for c in play.trick), kit(play.leader)))
    acting = schieber.to_act(state)
    # jass-kit's current player: Vorhand or the partner while trump is chosen, the seat to
    # play in play, and -1 once the round is over.
    in_round = state.phase in (schieber.Phase.CHOOSE_TRUMP, schieber.Phase.PLAY)
    current = kit(acting) if acting is not None and in_round else -1
    kit_hands: list[tuple[int, ...]] = [()] * 4
    for seat, hand in enumerate(hands):
        kit_hands[kit(seat)] = tuple(sorted(card_id(c, suits) for c in hand))
    return Game(kit(state.dealer), trump, forehand, current, tuple(tricks), tuple(kit_hands))


# --- logs -------------------------------------------------------------------------------------


@attrs.frozen
class LogEntry:
    """One line of jass-kit's game log files (``GameLogEntry``): a finished game, the date
    and the players' ids."""

    game: Game
    date: datetime | None
    player_ids: tuple[Any, ...]

    def to_json(self) -> dict[str, Any]:
        """The entry as jass-kit writes it."""
        return {
            "game": self.game.to_json(),
            "date": None if self.date is None else self.date.strftime(_DATE),
            "player_ids": list(self.player_ids),
        }


def _players(data: Any, path: str) -> tuple[Any, ...]:
    if not isinstance(data, list) or len(data) != 4:
        raise SerialError(f"expected the 4 players' ids, got {describe_value(data)}", path)
    for i, player in enumerate(data):
        if not (isinstance(player, str) and len(player) <= 100) and not (
            isinstance(player, int) and not isinstance(player, bool) and abs(player) < 2**63
        ):
            raise SerialError(f"expected a player id (an int or a short string), got {describe_value(player)}",
                              f"{path}[{i}]")
    return tuple(data)


def _date(text: Any, path: str) -> datetime:
    if not isinstance(text, str) or len(text) != 17 or not text.isascii():  # strptime reads any script's digits
        raise SerialError(f"expected a date such as '27.11.17 20:10:08', got {describe_value(text)}", path)
    try:
        return datetime.strptime(text, _DATE)
    except ValueError:
        raise SerialError(f"expected a date such as '27.11.17 20:10:08', got {describe_value(text)}", path) from None


def _nested_game(data: Any, path: str, ignore_unknown: bool) -> Game:
    try:
        return read_game(data, ignore_unknown=ignore_unknown)
    except SerialError as error:
        raise SerialError(error.reason, path + error.path[1:]) from None


def read_log_entry(data: Any, *, ignore_unknown: bool = False) -> LogEntry:
    """Read one entry of jass-kit's game log files: ``{"game": ..., "date": ..., "player_ids": [...]}``
    (a dict, or JSON text)."""
    if isinstance(data, (str, bytes, bytearray)):
        data = parse_json(data)
    if not isinstance(data, dict) or set(data) != {"game", "date", "player_ids"}:
        raise SerialError("expected an object with the fields 'game', 'date' and 'player_ids'")
    game = _nested_game(data["game"], "$.game", ignore_unknown)
    date = None if data["date"] is None else _date(data["date"], "$.date")
    return LogEntry(game, date, _players(data["player_ids"], "$.player_ids"))


@attrs.frozen
class SwisslosLine:
    """One line of a Swisslos server log as jass-kit reads it: the date, the four players'
    ids and the rounds played between them (``None`` for a round the log leaves empty)."""

    date: datetime | None
    players: tuple[Any, ...]
    rounds: tuple[Game | None, ...]

    def complete_games(self) -> tuple[Game, ...]:
        """The rounds with all 36 cards played (the ones jass-kit keeps)."""
        return tuple(game for game in self.rounds if game is not None and game.played == 36)


def read_swisslos_line(line: str, *, ignore_unknown: bool = False) -> SwisslosLine:
    """Read one line of a Swisslos log: ``27.11.17 20:10:08,140 | INFO |  |  |  |  | {...}``.

    As jass-kit's ``LogParserSwisslos``: the JSON starts at the first ``{``; when it
    starts after the 17th character, the line begins with the date
    (``%d.%m.%y %H:%M:%S``, then milliseconds, which are kept); the JSON holds ``rounds`` (games, or ``null``) and
    optionally ``players`` (default ``[0, 0, 0, 0]``). Every round is read with
    :func:`read_game` (paths in errors are within the JSON).
    """
    if not isinstance(line, str):
        raise SerialError(f"expected a line of text, got {describe_value(line)}")
    start = line.find("{")
    if start == -1:
        raise SerialError("no JSON in the line (it starts at the first '{')")
    date = _date(line[:17], "$.date") if start > 17 else None
    millis = line[18:21]
    if date is not None and line[17:18] == "," and millis.isascii() and millis.isdigit():  # not "²²²" or "١٢٣"
        date = date.replace(microsecond=int(millis) * 1000)  # the milliseconds, which jass-kit drops
    data = parse_json(line[start:])
    if not isinstance(data, dict):
        raise SerialError("expected an object with the 'rounds'")
    for key in data:
        if key not in ("players", "rounds") and not ignore_unknown:
            raise SerialError(f"unknown field {describe_value(key)} (pass ignore_unknown=True to skip it)")
    players = _players(data.get("players", [0, 0, 0, 0]), "$.players")
    raw = data.get("rounds")
    if not isinstance(raw, list) or len(raw) > 10_000:
        raise SerialError(f"expected a list of rounds, got {describe_value(raw)}", "$.rounds")
    rounds = tuple(None if r is None else _nested_game(r, f"$.rounds[{i}]", ignore_unknown) for i, r in enumerate(raw))
    return SwisslosLine(date, players, rounds)


def write_swisslos_line(line: SwisslosLine) -> str:
    """A line that :func:`read_swisslos_line` (and jass-kit) read back as ``line``."""
    data = json.dumps({"players": list(line.players), "rounds": [None if g is None else g.to_json() for g in line.rounds]},
                      separators=(",", ":"))
    if line.date is None:
        return data
    millis = line.date.microsecond // 1000
    return f"{line.date.strftime(_DATE)},{millis:03d} | INFO |  |  |  |  | {data}"
