"""The terminal side of the ``jass`` command line: a game drawn as text for one viewer, and a
typed answer read back as a legal move.

Everything here works from a :class:`~jass.variant.Variant` alone, for any registered variant:
what a seat is shown comes from its own ``observe(state, seat)`` (the cards on the table and
in its hand, and the variant's :attr:`~jass.variant.TableText.describe` lines); another seat's
move is shown in the words every player reads (:attr:`~jass.variant.TableText.public_move`).
Every card a player reads or types is in the player's :class:`~jass.faces.Faces`: French
symbols paired as the rules pair them, or the Swiss names (``--deck swiss``); the codes of
notation (``H10``) are never shown.

>>> from jass.variant import find_variant
>>> pomme = find_variant("pomme")
>>> state = pomme.new_game(pomme.preset("seed"), seed=5)
>>> view = pomme.observe(state, pomme.to_act(state))
>>> choices = Choices(pomme, view, pomme.legal_moves(state))
>>> choices.match("k")                   # the start of "keep the hand"
KeepHand()
>>> choices.match("2")
Traceback (most recent call last):
jass.errors.JassError: '2' is not a choice: answer 1 to 1, or type a move
"""

from __future__ import annotations

import os
import re
import shutil
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final, TextIO

from jass.cards import Card, CardSet
from jass.errors import JassError
from jass.faces import FACES, Deck, Faces
from jass.play import PlayCard
from jass.variant import AnyVariant
from jass.variant import move_words as default_move_text

__all__ = ["HELP", "help_text", "Screen", "Table", "Choices", "wants_colour", "move_words", "faces_for"]

_RED: Final = "\x1b[31m"
_BOLD: Final = "\x1b[1m"
_RESET: Final = "\x1b[0m"
#: A red card (Schilten ♥, Schellen ♦) or suit symbol in a line of text.
_RED_CARD: Final = re.compile(r"[♥♦](?:10|[6-9JQKA])?")

def help_text(faces: Faces = FACES) -> str:
    """How to answer the prompt, for a player who sees ``faces`` (``jass play --help`` and ``?``
    in a game show it)."""
    if faces.deck is Deck.SWISS:
        card, example = "Rosen Ass", "a card by its name: Rosen Ass, Schilten Banner (or 10), Eicheln Under"
        three = "Rosen 6, Rosen 7, Rosen 8"
    else:
        suit = Card.H10.suit  # the suit shown as ♥ in seed 001's pairing
        symbol = faces.symbol(suit)
        card = f"{symbol}10"
        letter = {"♣": "c", "♠": "s", "♥": "h", "♦": "d"}[symbol]
        example = f"a card: {card}, {letter}10 or 10{letter} plays the {faces.suit_name(suit)} 10"
        three = " ".join(f"{symbol}{rank}" for rank in (6, 7, 8))
    return f"""\
How to answer "Your move>":
  3            the move numbered 3 in the list
  {card:<12} {example} (* marks the cards you may play)
  obe          the start of a move's name, if it names one move: "obe" for "choose Obenabe",
               "k" for "keep the hand", "no" for "no swap"; several? they are listed
  40           what follows a move's first word: "40" for "predict 40", "{three}" for
               an exchange of those three cards
  ?            this help, and the table again
  Ctrl-D       leave the game (Ctrl-C too)
A move that loses the game at once (going out short of the target) is listed last and asks
"yes" before it is made. {faces.help()[0].upper() + faces.help()[1:]}."""


#: How to answer the prompt with the French cards of seed 001's pairing.
HELP: Final = help_text()


def faces_for(variant: AnyVariant, rules: Any, deck: Deck | str = Deck.FRENCH) -> Faces:
    """The faces a player of ``variant`` sees with ``deck``: French symbols paired as ``rules``
    pair them (:attr:`~jass.variant.TableText.pairing`; ``None``: the defaults), or Swiss names."""
    if rules is None:
        rules = variant.rules_type()
    return Faces(deck, variant.text.pairing(rules))


def wants_colour(stream: TextIO, environ: Mapping[str, str] | None = None) -> bool:
    """Whether to colour what goes to ``stream``: a terminal whose ``TERM`` is not ``dumb``,
    unless ``NO_COLOR`` is set (https://no-color.org); ``FORCE_COLOR`` colours anything.

    >>> import io
    >>> wants_colour(io.StringIO(), {}), wants_colour(io.StringIO(), {"FORCE_COLOR": "1"})
    (False, True)
    """
    env = os.environ if environ is None else environ
    if env.get("NO_COLOR"):
        return False
    if env.get("FORCE_COLOR"):
        return True
    isatty = getattr(stream, "isatty", None)
    return bool(isatty is not None and isatty()) and env.get("TERM", "") != "dumb"


class Screen:
    """Writes lines to the terminal (``out``), the red suits in red when ``colour``."""

    def __init__(self, out: TextIO, colour: bool = False) -> None:
        self.out = out
        self.colour = colour
        isatty = getattr(out, "isatty", None)
        self.width = shutil.get_terminal_size().columns if isatty is not None and isatty() else 80

    def paint(self, text: str) -> str:
        """``text`` with its hearts and diamonds in red, if colour is on."""
        if not self.colour:
            return text
        return _RED_CARD.sub(lambda found: f"{_RED}{found.group(0)}{_RESET}", text)

    def strong(self, text: str) -> str:
        """``text`` in bold, if colour is on."""
        return f"{_BOLD}{text}{_RESET}" if self.colour else text

    def say(self, text: str = "") -> None:
        """Write one line (or several, separated by newlines)."""
        print(self.paint(text), file=self.out, flush=True)


def move_words(move: Any, variant: AnyVariant | None = None, rules: Any = None, faces: Faces = FACES) -> str:
    """A move in its own words, its cards as ``faces`` show them (``play ♥10``, ``choose
    Obenabe ⬇``), by the variant's :attr:`~jass.variant.TableText.move_text` if given."""
    if variant is not None:
        return variant.text.move_text(move, rules, faces)
    return default_move_text(move, rules, faces)


class Table:
    """A game drawn for one viewer: ``seat``, or ``None`` for the open view (every hand, and
    every seat's secrets on their own lines). ``you`` says that the viewer is the person at
    the keyboard ("Your hand", "you" for its seat)."""

    def __init__(self, variant: AnyVariant, screen: Screen, seat: int | None, *, you: bool = False,
                 faces: Faces = FACES, rules: Any = None) -> None:
        self.variant = variant
        self.screen = screen
        self.seat = seat
        self.you = you and seat is not None
        #: How the cards look to the viewer.
        self.faces = faces
        #: The teams and the number of players of the game's ``rules`` (which may choose them).
        self.teams = variant.teams_for(rules)
        self.seats = variant.seats_for(rules)

    def team_of(self, seat: int) -> int:
        """The index of the team ``seat`` plays in."""
        return next(index for index, team in enumerate(self.teams) if seat in team)

    def name(self, seat: int) -> str:
        """How a seat is called: ``"you"`` for the viewer at the keyboard."""
        return "you" if self.you and seat == self.seat else f"seat {seat}"

    def _view(self, state: Any, seat: int | None) -> Any:
        return self.variant.observe(state, seat)

    def _describe(self, view: Any) -> list[str]:
        return list(self.variant.text.describe(view, self.faces))

    def words(self, move: Any, rules: Any) -> str:
        """``move`` in the viewer's words."""
        return self.variant.text.move_text(move, rules, self.faces)

    def header(self, view: Any) -> str:
        """The round, the dealer and the trump, as far as the view has them."""
        parts = []
        number = getattr(view, "round_number", None)
        if isinstance(number, int):
            parts.append(f"Round {number + 1}")
        dealer = getattr(view, "dealer", None)
        if isinstance(dealer, int):
            parts.append(f"dealer {self.name(dealer)}")
        trump = getattr(view, "trump", None)
        if trump is not None:
            parts.append(f"trump {self.faces.mode(trump)}")
        return self.screen.strong("── " + " · ".join(parts or [self.variant.title]) + " ──")

    def trick_line(self, view: Any) -> str | None:
        """The trick on the table with the seat of each card, or ``None`` when it is empty."""
        trick: Sequence[Card] = getattr(view, "trick", ())
        leader = getattr(view, "trick_leader", None)
        if not trick:
            return None
        if not isinstance(leader, int):
            return f"Trick: {self.faces.cards(trick)}"
        seats = self.seats
        return "Trick: " + ", ".join(f"{self.name((leader + i) % seats)} {self.faces.card(card)}"
                                     for i, card in enumerate(trick))

    def show(self, state: Any, moves: Sequence[Any] = ()) -> None:
        """Draw ``state`` as the viewer sees it; ``moves``, the viewer's legal moves, mark the
        cards it may play."""
        say = self.screen.say
        if self.seat is not None:
            view = self._view(state, self.seat)
            say()
            say(self.header(view))
            for line in self._describe(view):
                say(line)
            trick = self.trick_line(view)
            if trick:
                say(trick)
            playable = CardSet(move.card for move in moves if isinstance(move, PlayCard))
            owner = "Your hand" if self.you else f"Hand of seat {self.seat}"
            mark = "   (* = playable)" if playable else ""
            say(f"{owner}: {self.faces.hand(getattr(view, 'hand', ()), playable or None)}{mark}")
            return
        public = self._view(state, None)
        known = self._describe(public)
        say()
        say(self.header(public))
        for line in known:
            say(line)
        trick = self.trick_line(public)
        if trick:
            say(trick)
        for seat in range(self.seats):
            view = self._view(state, seat)
            say(f"seat {seat}: {self.faces.hand(getattr(view, 'hand', ()))}")
            for line in self._describe(view):
                if line not in known:  # this seat's secret
                    say(f"  seat {seat} · {line}")

    def move_line(self, state: Any, move: Any, seat: int) -> str:
        """The line for ``seat`` making ``move`` in ``state``, in the words the viewer may read:
        the whole move for its own seat (and in the open view), else the public words."""
        rules = getattr(state, "rules", None)
        if self.seat is None or seat == self.seat or isinstance(move, PlayCard):
            text = self.words(move, rules)
        else:
            text = self.variant.text.public_move(move, rules, self.faces)
        return f"  {self.name(seat)}: {text}"

    def report(self, before: Any, after: Any) -> list[str]:
        """What the viewer sees change from ``before`` to ``after``: a trick taken, a round
        written (with the variant's lines about it)."""
        old, new = self._view(before, self.seat), self._view(after, self.seat)
        lines = []
        tricks: Sequence[Any] = getattr(new, "tricks", ())
        if len(tricks) > len(getattr(old, "tricks", ())):
            trick = tricks[-1]
            taker = self.name(trick.winner)
            verb = "take" if taker == "you" else "takes"
            lines.append(f"  -> {taker} {verb} {self.faces.cards(trick.cards)} ({trick.points} points)")
        history: Sequence[Any] = getattr(new, "history", ())
        if len(history) > len(getattr(old, "history", ())):
            lines.append(self.screen.strong(f"── Round {len(history)} is over ──"))
            lines.extend(self._describe(new))
        return lines

    def final(self, state: Any) -> list[str]:
        """The end of the game: why it ended, the standings, who won."""
        variant = self.variant
        view = self._view(state, self.seat)
        lines = ["", self.screen.strong("── Game over ──")]
        lines.append(variant.text.end_reason(view) + ".")
        standings = variant.standings(state)
        best = " (the fewest win)" if variant.lower_is_better else ""
        lines.append(f"Final {variant.standing_name}{best}: " + ", ".join(
            f"{self._team(team)} {points}" for team, points in enumerate(standings)))
        won = variant.winners(state)
        if self.you and self.seat is not None:
            team = len(self.teams[self.team_of(self.seat)]) > 1
            if not won:
                lines.append("It is a draw.")
            elif self.seat in won:
                lines.append("Your team wins!" if team else "You win!")
            else:
                lines.append("Your team loses." if team else "You lose.")
        elif not won:
            lines.append("It is a draw.")
        return lines

    def _team(self, team: int) -> str:
        seats = self.teams[team]
        if len(seats) == 1:
            return self.name(seats[0])
        return f"team {team} ({' and '.join(self.name(seat) for seat in seats)})"


#: The most moves of one kind listed one by one with numbers.
_LISTED: Final = 24


class Choices:
    """The legal ``moves`` of the seat at the keyboard, in the order they are offered, and the
    typed answers that name them, the cards in them as ``faces`` show them.

    Moves that the variant counts as losing the game at once (not among
    :attr:`~jass.variant.AIHooks.sensible_moves`) come last and :meth:`loses` says so, for a
    confirmation. A kind of move with very many ways (a prediction 0..157, an exchange of 3 of
    9 cards) is not numbered: its first word and an example stand for all of them. A variant
    may list its moves and read the answers its own way
    (:attr:`~jass.variant.TableText.choice_lines`, :attr:`~jass.variant.TableText.read_move`:
    Coiffeur's rows by their numbers on the slate); then nothing is numbered.
    """

    def __init__(self, variant: AnyVariant, view: Any, moves: Sequence[Any], faces: Faces = FACES) -> None:
        self.variant = variant
        self.view = view
        self.moves = tuple(moves)
        self.faces = faces
        self.rules = getattr(view, "rules", None)
        sensible = variant.ai.sensible_moves(view, self.moves)
        self.losing = tuple(move for move in self.moves if move not in sensible)
        ordered = [move for move in self.moves if move not in self.losing] + list(self.losing)
        #: The variant's own list of the moves, if it reads the answers itself.
        self.own = variant.text.choice_lines(view, self.moves, faces)
        kinds: dict[str, list[Any]] = {}
        for move in ordered:
            kinds.setdefault(self._verb(move), []).append(move)
        many = len(ordered) > _LISTED
        #: The moves listed with numbers (number ``i + 1`` is ``numbered[i]``).
        self.numbered = () if self.own is not None else tuple(
            move for move in ordered if not (many and len(kinds[self._verb(move)]) > 3))
        #: The kinds of move not numbered, by first word: their moves.
        self.grouped = {} if self.own is not None else {
            verb: tuple(group) for verb, group in kinds.items() if many and len(group) > 3}

    def _notation(self, move: Any) -> str:
        return self.variant.notation.format_move(move)

    def _verb(self, move: Any) -> str:
        return self._notation(move).split(" ", 1)[0]

    def words(self, move: Any) -> str:
        """``move`` in the player's words."""
        return self.variant.text.move_text(move, self.rules, self.faces)

    def loses(self, move: Any) -> bool:
        """Whether ``move`` loses the game at once."""
        return move in self.losing

    def listing(self, width: int = 80) -> list[str]:
        """The choices as lines: numbered moves in columns, then one line per kind of move
        that has too many ways to number (or the variant's own list)."""
        if self.own is not None:
            return list(self.own)
        items = [f"{number}. {self.words(move)}" for number, move in enumerate(self.numbered, 1)
                 if not self.loses(move)]
        lines = []
        if items:
            column = max(len(item) for item in items) + 3
            per_line = max(1, (width - 2) // column)
            for start in range(0, len(items), per_line):
                lines.append("  " + "".join(item.ljust(column) for item in items[start : start + per_line]).rstrip())
        for number, move in enumerate(self.numbered, 1):
            if self.loses(move):
                lines.append(f"  {number}. {self.words(move)}: this loses the game now")
        for verb, group in self.grouped.items():
            first, last = self.words(group[0]), self.words(group[-1])
            # "or" only after something to choose instead: a prediction alone is "one of 158".
            lead = "or one" if lines else "One"
            lines.append(f"  {lead} of {len(group)} «{verb}» moves, from «{first}» to «{last}»: "
                         f"type one, or what follows «{verb}»")
        return lines

    def match(self, text: str) -> Any:
        """The legal move that ``text`` names: a number of the list, a move as the list writes
        it (its cards as the player's faces show them, or what follows its first word), or the
        start of a move's name when only one move has it. Raises
        :class:`~jass.errors.JassError` with what went wrong (the moves an ambiguous start
        names, the card not held, ...)."""
        answer = " ".join(text.split())
        if not answer:
            raise JassError("'' is not a move: answer with a number, a card such as "
                            f"{self._example()}, or the start of a move's name (? for help)")
        own = self.variant.text.read_move(answer, self.view, self.moves, self.faces)
        if own is not None:
            if own not in self.moves:
                raise JassError(f"{_quoted(answer)}: «{self.words(own)}» is not a legal move now")
            return own
        folded = answer.casefold()
        # ASCII digits only (int() reads "١٢"), and no int of thousands of digits (int() refuses them).
        if answer.isascii() and answer.isdigit() and len(answer) <= 6 and self.numbered \
                and 1 <= int(answer) <= len(self.numbered):
            return self.numbered[int(answer) - 1]
        read = self.faces.read(answer)  # the cards typed, as notation
        verbs = list(dict.fromkeys(self._verb(move) for move in self.moves))
        first = read.casefold().split(" ", 1)[0]
        attempts = [read] if first in verbs else [f"{verb} {read}" for verb in verbs]
        parsed: list[Any] = []
        problems: list[str] = []
        for attempt in attempts:
            try:
                parsed.append(self.variant.notation.parse_move(attempt, self.rules))
            except (JassError, ValueError) as error:
                problems.append(getattr(error, "reason", None) or str(error))  # a record's error has a path too
        legal = list(dict.fromkeys(move for move in parsed if move in self.moves))
        if len(legal) == 1:
            return legal[0]
        named = self._named(folded)
        if len(named) == 1:
            return named[0]
        if len(named) > 1:
            raise JassError(f"{_quoted(answer)} could be {len(named)} moves: {self._shown(named)}; "
                            "type more of one, or its number")
        raise JassError(self._why_not(answer, first in verbs, parsed, problems))

    def _example(self) -> str:
        return self.faces.card(Card.H10)

    def _names(self, move: Any) -> tuple[str, ...]:
        """What a player may type of ``move``: its words, or what follows their first word, and
        the same of its notation, to which a player's cards are read (:meth:`Faces.read`)."""
        names = []
        for text in (self.words(move), self._notation(move)):
            names += [text, text.split(" ", 1)[1] if " " in text else ""]
        return tuple(name.casefold() for name in names if name)

    def _named(self, folded: str) -> list[Any]:
        keys = {folded, self.faces.read(folded).casefold()}
        exact = [move for move in self.moves if keys & set(self._names(move))]
        if exact:
            return exact
        return [move for move in self.moves if any(name.startswith(key) for name in self._names(move) for key in keys)]

    def _shown(self, moves: Sequence[Any]) -> str:
        shown = []
        for move in moves[:8]:
            number = self.numbered.index(move) + 1 if move in self.numbered else None
            shown.append(f"{number}. {self.words(move)}" if number else f"«{self.words(move)}»")
        return ", ".join(shown) + (", ..." if len(moves) > 8 else "")

    def _why_not(self, answer: str, verb_given: bool, parsed: Sequence[Any], problems: Sequence[str]) -> str:
        """The message for an answer that names no legal move, its cards in the player's faces."""
        hand: CardSet = getattr(self.view, "hand", CardSet())
        card = self._card(answer)
        if card is None and len(parsed) == 1 and isinstance(parsed[0], PlayCard):
            card = parsed[0].card
        if card is not None:
            shown = self.faces.card(card)
            if card not in hand:
                return f"you do not hold {shown}"
            playable = [move.card for move in self.moves if isinstance(move, PlayCard)]
            if playable:
                return f"{shown} cannot be played now: you may play {self.faces.cards(playable)}"
            return f"{shown} cannot be played now: no card is played at this point (see the list)"
        if parsed:
            return f"{_quoted(answer)}: «{self.words(parsed[0])}» is not a legal move now"
        if verb_given and problems:
            return f"{_quoted(answer)}: {problems[0]}"
        if answer.isascii() and answer.isdigit():
            if self.numbered:
                return f"{_quoted(answer)} is not a choice: answer 1 to {len(self.numbered)}, or type a move"
            if problems:
                return f"{_quoted(answer)}: {problems[-1]}"
        return (f"{_quoted(answer)} is not a move: answer with a number, a card such as {self._example()}, "
                "or the start of a move's name (? for help)")

    def _card(self, text: str) -> Card | None:
        try:
            return self.faces.parse_card(text)
        except JassError:
            return None


def _quoted(answer: str) -> str:
    """``answer`` quoted for a message, cut after 40 characters (a pasted page stays one line)."""
    return repr(answer if len(answer) <= 40 else answer[:40] + "…")


Reader = Callable[[str], str]
