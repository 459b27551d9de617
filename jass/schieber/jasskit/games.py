"""jass-kit's JSON game format (V0.2): :class:`Game` read and written, a game replayed into a
:class:`jass.schieber.State` (:func:`to_state`) and back (:func:`from_state`), and the cards
our rules forbid in it (:func:`forbidden_cards`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

import attrs

from jass import schieber
from jass._json import parse_json
from jass.cards import Card, CardSet, Suit
from jass.errors import JassError, RecordError, SerialError, describe_value
from jass.play import PlayCard, explain_illegal_card, new_seed
from jass.schieber.jasskit import codes
from jass.tricks import legal_cards
from jass.trump import LAST_TRICK_BONUS
from jass.variant import check_seed

__all__ = ["KitTrick", "Game", "read_game", "to_state", "from_state", "ForbiddenCard", "forbidden_cards"]


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
                entry["cards"] = [codes.CARD_CODES[c] for c in trick.cards]
            if trick.points is not None:
                entry["points"] = trick.points
            if trick.win is not None:
                entry["win"] = trick.win
            if trick.first is not None:
                entry["first"] = trick.first
            tricks.append(entry)
        return {
            "version": codes.FORMAT_VERSION,
            "trump": self.trump,
            "dealer": self.dealer,
            "currentPlayer": self.current_player,
            "forehand": self.forehand,
            "tricks": tricks,
            "player": [{"hand": [codes.CARD_CODES[c] for c in hand]} for hand in self.hands],
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
        if not isinstance(code, str) or code not in codes.CODE_IDS:
            raise SerialError(f"expected a jass-kit card code 'DA' .. 'C6', got {describe_value(code)}", f"{path}[{i}]")
        ids.append(codes.CODE_IDS[code])
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
    if "version" in data and data["version"] != codes.FORMAT_VERSION:
        raise SerialError(f"expected {codes.FORMAT_VERSION!r}, got {describe_value(data['version'])}", "$.version")
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
                raise SerialError(f"{codes.CARD_CODES[card]} is there twice", where)
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
            player = codes.NEXT_SEAT[player]
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
    suits = codes.check_suits(suits)
    if rules is None:
        rules = schieber.Rules()
    if not isinstance(rules, schieber.Rules):
        raise SerialError(f"rules={rules!r}: expected a jass.schieber.Rules")
    dealer = codes.seat_from_jasskit(game.dealer)
    dealt_kit = _starting_hands(game)
    hands = [CardSet()] * 4
    for player, bits in enumerate(dealt_kit):
        hands[codes.seat_from_jasskit(player)] = CardSet(codes.card_from_id(c, suits) for c in range(36) if bits >> c & 1)
    return attrs.evolve(rules, first_dealer=dealer), dealer, hands


def _check_flow(game: Game) -> None:
    """The trump choice and the leaders as jass-kit's rules have them."""
    forehand_player = codes.NEXT_SEAT[game.dealer]
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
    suits: Sequence[Suit] = codes.FRENCH,
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
        moves.append((schieber.ChooseTrump(codes.trump_from_code(game.trump, suits)), "$.trump"))
    number = 0
    for move, path in moves:
        number += 1
        try:
            state = schieber.apply(state, move)
        except JassError as error:
            raise RecordError(f"{move} is not legal: {error}", path, number) from None
    suits = codes.check_suits(suits)
    for i, trick in enumerate(game.tricks):
        if state.phase is schieber.Phase.PLAY:
            assert state.play is not None
            if trick.first is not None and codes.seat_from_jasskit(trick.first) != state.play.leader:
                raise SerialError(f"is {trick.first}, but the winner of the trick before, jass-kit player "
                                  f"{codes.seat_to_jasskit(state.play.leader)}, leads", f"$.tricks[{i}].first")
        for k, code in enumerate(trick.cards):
            number += 1
            card = codes.card_from_id(code, suits)
            seat = schieber.to_act(state)
            try:
                state = schieber.apply(state, PlayCard(card))
            except JassError as error:
                who = "nobody" if seat is None else f"jass-kit player {codes.seat_to_jasskit(seat)} (our seat {seat})"
                raise RecordError(
                    f"trick {i + 1}, card {k + 1}: {who} plays {codes.CARD_CODES[code]}, which our rules forbid: {error}",
                    f"$.tricks[{i}].cards[{k}]", number,
                ) from None
        if len(trick.cards) == 4:
            assert state.play is not None
            done = state.play.tricks[i]
            points = done.points + (LAST_TRICK_BONUS if i == 8 else 0)
            if trick.win != codes.seat_to_jasskit(done.winner):
                raise SerialError(f"is {trick.win}, but jass-kit player {codes.seat_to_jasskit(done.winner)} wins the trick",
                                  f"$.tricks[{i}].win")
            if trick.points != points:
                raise SerialError(f"is {trick.points}, but the trick is worth {points}", f"$.tricks[{i}].points")
    if game.current_player != -1 and game.played < 36:
        acting = schieber.to_act(state)
        if acting is None or game.current_player != codes.seat_to_jasskit(acting):
            raise SerialError(f"is {game.current_player}, but jass-kit player "
                              f"{-1 if acting is None else codes.seat_to_jasskit(acting)} is to act", "$.currentPlayer")
    return state


def forbidden_cards(
    game: Any, rules: schieber.Rules | None = None, *, suits: Sequence[Suit] = codes.FRENCH
) -> tuple[ForbiddenCard, ...]:
    """Every card of a jass-kit game that our card-play rules (``rules.play``, by default
    Schieber's: undertrumping forbidden unless the hand holds only trumps) do not allow.

    Each card is judged in its place, from the hand its player held then, whatever
    came before; the play order is the game's (each trick led by its ``first``).
    """
    game = _game(game)
    _check_flow(game)
    rules, _, _ = _setup(game, rules, suits)
    suits = codes.check_suits(suits)
    if game.trump == -1:
        return ()
    trump = codes.trump_from_code(game.trump, suits)
    held = [CardSet(codes.card_from_id(c, suits) for c in range(36) if bits >> c & 1) for bits in _starting_hands(game)]
    found = []
    number = 0
    for i, trick in enumerate(game.tricks):
        player = trick.first
        assert player is not None
        cards: list[Card] = []
        for k, code in enumerate(trick.cards):
            number += 1
            card = codes.card_from_id(code, suits)
            hand = held[player]
            if card not in legal_cards(hand, cards, trump, rules.play):
                reason = explain_illegal_card(hand, cards, trump, rules.play, card, codes.seat_from_jasskit(player))
                found.append(ForbiddenCard(number, i, k, player, codes.seat_from_jasskit(player), card, reason))
            held[player] = hand - CardSet([card])
            cards.append(card)
            player = codes.NEXT_SEAT[player]
    return tuple(found)


def from_state(state: schieber.State, *, suits: Sequence[Suit] = codes.FRENCH) -> Game:
    """The round in ``state`` as a jass-kit :class:`Game`.

    jass-kit's format holds one round and no Weis, Stöck, scores or rules: those are
    left out. A round in which trump was pushed back (``allow_push_back``) cannot be
    written (:class:`~jass.errors.SerialError`).
    """
    if not isinstance(state, schieber.State):
        raise SerialError(f"{state!r:.80}: expected a jass.schieber.State")
    suits = codes.check_suits(suits)
    if state.pushed > 1:
        raise SerialError("jass-kit's format has no push back", "$.pushed")
    kit = codes.seat_to_jasskit
    trump = -1 if state.trump is None else codes.trump_code(state.trump, suits)
    forehand = 0 if state.pushed else (1 if state.trump is not None else -1)
    tricks: list[KitTrick] = []
    play = state.play if state.trump is not None else None
    hands: Sequence[CardSet] = state.dealt
    if play is not None:
        hands = play.hands
        for i, done in enumerate(play.tricks):
            points = done.points + (LAST_TRICK_BONUS if i == 8 else 0)
            ids = tuple(codes.card_id(c, suits) for c in done.cards)
            tricks.append(KitTrick(ids, kit(done.leader), points, kit(done.winner)))
        if len(play.tricks) < 9:
            tricks.append(KitTrick(tuple(codes.card_id(c, suits) for c in play.trick), kit(play.leader)))
    acting = schieber.to_act(state)
    # jass-kit's current player: Vorhand or the partner while trump is chosen, the seat to
    # play in play, and -1 once the round is over.
    in_round = state.phase in (schieber.Phase.CHOOSE_TRUMP, schieber.Phase.PLAY)
    current = kit(acting) if acting is not None and in_round else -1
    kit_hands: list[tuple[int, ...]] = [()] * 4
    for seat, hand in enumerate(hands):
        kit_hands[kit(seat)] = tuple(sorted(codes.card_id(c, suits) for c in hand))
    return Game(kit(state.dealer), trump, forehand, current, tuple(tricks), tuple(kit_hands))
