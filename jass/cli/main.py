"""The ``jass`` command line (also ``python -m jass``): the parser and its commands.

- ``jass play VARIANT``: play a game against bots in the terminal;
- ``jass simulate VARIANT --games N --bots rule,random``: bots against bots, a table of results;
- ``jass rules [VARIANT]``: the variant's options (meaning, default, allowed values, source)
  and presets;
- ``jass replay FILE``: step through a game record trick by trick, from a seat's view or open;
- ``jass deal --seed S``: deal four hands and show their Weis;
- ``jass serve --host H --port P``: play in the browser with friends and bots (``jass[serve]``).

The parser is built in one place, :func:`build_parser`: each subcommand is one ``_add_<name>``
function that adds its arguments and names its ``_run_<name>`` function, so a new subcommand is
one more pair. The command line finds variants in the registry (:mod:`jass.variant`) and shows
a player only what its own observation holds (:mod:`jass.cli.console`).
"""

from __future__ import annotations

import argparse
import contextlib
import inspect
import os
import re
import sys
import textwrap
import time
from collections.abc import Callable, Sequence
from typing import Any, TextIO

import attrs

from jass import __version__
from jass._base import public_name
from jass.ai.players import BOTS, make_bot
from jass.ai.tournament import GameFailedError, run_arena
from jass.cards import Suit, deal
from jass.cli.console import HELP, Choices, Screen, Table, faces_for, help_text, wants_colour
from jass.errors import InvalidSeedError, JassError
from jass.faces import Deck, Faces
from jass.options import changes, disagreements, for_players, in_words, not_supported, options
from jass.records import make_record, read_record, replay
from jass.trump import Trump
from jass.variant import VARIANTS, AnyVariant, check_seed, find_variant
from jass.weis import detect_weis, has_stoeck

__all__ = ["main", "build_parser"]


@attrs.frozen
class _Terminal:
    """Where a command writes and reads: the screen, the error stream, the reader of typed
    answers, and whether a person answers (a terminal, or a reader given to :func:`main`)."""

    screen: Screen
    err: TextIO
    read: Callable[[str], str]
    interactive: bool

    def error(self, text: str) -> None:
        print(f"jass: {text}", file=self.err, flush=True)


# --- argument types: a bad value is refused by the parser, with the usage -------------------------


def _whole(text: str) -> int:
    """``text`` as an int, or the parser's error."""
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r:.40} is not a whole number") from None


def _count(text: str) -> int:
    """A positive int (``--games``, ``--processes``)."""
    value = _whole(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"{value} is too small: give 1 or more")
    return value


def _seat(text: str) -> int:
    """A seat number, 0 or more (the variant says how many there are)."""
    value = _whole(text)
    if value < 0:
        raise argparse.ArgumentTypeError(f"{value}: seats are numbered from 0")
    return value


def _seed(text: str) -> int:
    """A game seed, an int 0 .. 2**64-1, checked as every game checks it."""
    try:
        return check_seed(_whole(text))
    except InvalidSeedError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def _deck(text: str) -> Deck:
    """A deck: french or swiss."""
    try:
        return Deck(text.strip().casefold())
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r:.40}: choose french (♣♠♥♦) or swiss (Schellen, Schilten, "
                                         "Rosen, Eicheln)") from None


_DECK_HELP = ("the cards you see: french (♣♠♥♦, each Swiss suit with the French symbol the rules pair it "
              "with) or swiss (Schellen, Schilten, Rosen, Eicheln, by name); default french")


def _variant(text: str) -> str:
    """A registered variant's name (or alias, in any case)."""
    try:
        return find_variant(text).name
    except JassError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def _bot_names(text: str) -> tuple[str, ...]:
    """Bot names of :data:`jass.ai.players.BOTS`, separated by commas."""
    names = tuple(name.strip() for name in text.split(","))
    for name in names:
        if name not in BOTS:
            raise argparse.ArgumentTypeError(f"no bot called {name!r}: choose among {', '.join(BOTS)}")
    return names


def _two_bots(text: str) -> tuple[str, str]:
    """Exactly two bot names, A,B."""
    names = _bot_names(text)
    if len(names) != 2:
        raise argparse.ArgumentTypeError(f"{text!r}: name two bots, A and B, e.g. rule,random")
    return names[0], names[1]


def _preset(variant: AnyVariant, name: str | None) -> Any:
    """The rules of preset ``name`` of ``variant`` (``None``: the defaults)."""
    if name is None:
        return None
    if name not in variant.presets:
        raise JassError(f"--preset {name!r}: {variant.name} has the presets {', '.join(variant.presets)}")
    return variant.preset(name)


_VARIANT_HELP = "a variant: " + ", ".join(VARIANTS) + " (or an alias such as chibre)"


# --- jass play -----------------------------------------------------------------------------------


def _add_play(commands: Any) -> None:
    play = commands.add_parser(
        "play", help="play a game against bots", formatter_class=argparse.RawDescriptionHelpFormatter,
        description="Play a game of VARIANT in the terminal: you hold one seat, bots the others. You "
                    "see what your seat may know: your hand, the table, and the variant's public facts.",
        epilog=HELP,
    )
    play.add_argument("variant", type=_variant, metavar="VARIANT", help=_VARIANT_HELP)
    play.add_argument("--preset", help="play a preset of the rules (see: jass rules VARIANT); default: the defaults")
    play.add_argument("--seed", type=_seed, help="fix the deals (an int 0..2**64-1); default: a fresh, secret one")
    play.add_argument("--seat", type=_seat, default=0, help="your seat (default 0)")
    play.add_argument("--bots", type=_bot_names, default=("rule",), metavar="BOT[,BOT...]",
                      help="the other players: one bot for all, or one per seat in order "
                           f"(default rule; known: {', '.join(BOTS)})")
    play.add_argument("--record", metavar="FILE", help="write the game's record to FILE at the end (for jass replay)")
    play.add_argument("--deck", type=_deck, default=Deck.FRENCH, help=_DECK_HELP)
    play.set_defaults(run=_run_play)


def _run_play(args: argparse.Namespace, term: _Terminal) -> int:
    variant = find_variant(args.variant)
    rules = _preset(variant, args.preset)
    human: int = args.seat
    count = variant.seats_for(rules)
    if human >= count:
        raise JassError(f"--seat {human}: {variant.name} has the seats 0..{count - 1}")
    others = [seat for seat in range(count) if seat != human]
    names = list(args.bots) * len(others) if len(args.bots) == 1 else list(args.bots)
    if len(names) != len(others):
        raise JassError(f"--bots {','.join(args.bots)}: name one bot, or one for each of the {len(others)} "
                        "other seats")
    state = variant.new_game(rules, seed=args.seed)
    bots = {seat: make_bot(name, seed=(state.seed + seat) & 0xFFFF) for seat, name in zip(others, names)}
    screen = term.screen
    faces = faces_for(variant, state.rules, args.deck)
    table = Table(variant, screen, human, you=True, faces=faces, rules=state.rules)
    team = table.teams[table.team_of(human)]
    partners = [seat for seat in team if seat != human]
    with_whom = f" (team {table.team_of(human)}, with seat {' and '.join(map(str, partners))})" if partners else ""
    screen.say(screen.strong(f"{variant.title}") + f": you are seat {human}{with_whom}; "
               + ", ".join(f"seat {seat} is a {name} bot" for seat, name in zip(others, names)) + ".")
    screen.say(f"Rules: {'preset ' + args.preset if args.preset else 'the defaults'} "
               f"(jass rules {variant.name} explains them). Type ? for help, Ctrl-D to leave.")
    if faces.deck is Deck.FRENCH:
        screen.say("Suits: " + ", ".join(f"{faces.symbol(suit)} {faces.pairing.suit_name(suit)}"
                                         for suit in sorted(Suit, key=lambda suit: "♣♠♥♦".index(faces.symbol(suit))))
                   + f" ({faces.pairing.value} pairing).")
    initial, made = state, []
    try:
        while not variant.is_over(state):
            seat = variant.to_act(state)
            assert seat is not None  # the game goes on
            moves = variant.legal_moves(state)
            if seat == human:
                move = _ask(variant, table, state, moves, term)
            else:
                move = bots[seat].choose(variant.observe(state, seat), moves)
            screen.say(table.move_line(state, move, seat))
            before, state = state, variant.apply(state, move, seat=seat)
            made.append(move)
            for line in table.report(before, state):
                screen.say(line)
    except EOFError:
        screen.say("\nGoodbye: the game is left unfinished.")
        return _write_record(args.record, made, initial, state, term, 0)
    except KeyboardInterrupt:
        screen.say("\nGame left (interrupted).")
        return _write_record(args.record, made, initial, state, term, 130)
    for line in table.final(state):
        screen.say(line)
    return _write_record(args.record, made, initial, state, term, 0)


def _ask(variant: AnyVariant, table: Table, state: Any, moves: Sequence[Any], term: _Terminal) -> Any:
    """The human's move: shown the table and the choices, asked until an answer names a legal
    move (and a move that loses the game at once is confirmed). A single legal move is made
    without asking."""
    screen = term.screen
    if len(moves) == 1:
        screen.say(f"  (your only move: {table.words(moves[0], state.rules)})")
        return moves[0]
    view = variant.observe(state, table.seat)
    choices = Choices(variant, view, moves, table.faces)
    table.show(state, moves)
    for line in choices.listing(screen.width):
        screen.say(line)
    while True:
        answer = term.read("Your move> ")
        if answer.strip() in ("?", "help"):
            screen.say(help_text(table.faces))
            table.show(state, moves)
            for line in choices.listing(screen.width):
                screen.say(line)
            continue
        try:
            move = choices.match(answer)
        except JassError as error:
            screen.say(f"  {error}")
            continue
        if choices.loses(move):
            reply = term.read(f"  {choices.words(move)}: this loses the game at once. Make it anyway? (yes/no) ")
            if reply.strip().casefold() not in ("y", "yes"):
                screen.say("  Not made: choose again.")
                continue
        return move


def _write_record(path: str | None, moves: Sequence[Any], initial: Any, final: Any, term: _Terminal,
                  code: int) -> int:
    """Write the record of the game to ``path`` (if given); ``code``, or 2 if it cannot be written."""
    if path is None:
        return code
    try:
        with open(path, "w", encoding="utf-8") as file:
            file.write(make_record(moves, initial, final).to_text(indent=1) + "\n")
    except OSError as error:
        term.error(f"cannot write the record to {path}: {error.strerror}")
        return 2
    term.screen.say(f"The game's record is in {path} (jass replay {path}).")
    return code


# --- jass simulate -------------------------------------------------------------------------------


def _add_simulate(commands: Any) -> None:
    simulate = commands.add_parser(
        "simulate", help="play bots against bots and report",
        description="Play GAMES games of VARIANT between two bots, A and B, and print a table by position "
                    "(a bot may meet itself). Ctrl-C stops the run.",
    )
    simulate.add_argument("variant", type=_variant, metavar="VARIANT", help=_VARIANT_HELP)
    simulate.add_argument("--games", type=_count, default=100, help="games to play (default 100)")
    simulate.add_argument("--seed", type=_seed, default=0, help="the seed of the run (default 0)")
    simulate.add_argument("--bots", type=_two_bots, default=("rule", "random"), metavar="A,B",
                          help=f"two bot names (default rule,random; known: {', '.join(BOTS)})")
    simulate.add_argument("--duplicate", action="store_true",
                          help="play every deal twice with the places swapped (GAMES must be even)")
    simulate.add_argument("--processes", type=_count, default=1, help="processes to use (default 1)")
    simulate.add_argument("--preset", help="a preset of the rules, e.g. swisslos (see: jass rules VARIANT)")
    simulate.add_argument("--keep-going", action="store_true",
                          help="play on when a game fails (by default the run stops there); failures are listed")
    simulate.add_argument("--quiet", action="store_true", help="no progress bar")
    simulate.set_defaults(run=_run_simulate)


class _Progress:
    """A progress bar on the error stream, drawn only on a terminal."""

    def __init__(self, stream: TextIO, shown: bool) -> None:
        self.stream = stream
        self.shown = shown
        self.done = 0
        self.started = time.perf_counter()
        self._drawn = False

    def __call__(self, done: int, total: int) -> None:
        self.done = done
        if not self.shown:
            return
        elapsed = time.perf_counter() - self.started
        rate = done / elapsed if elapsed > 0 else 0.0
        left = f", about {(total - done) / rate:.0f} s left" if rate and done < total else ""
        width = 30
        filled = width * done // total
        self.stream.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} games, {rate:.1f}/s{left}\x1b[K")
        self.stream.flush()
        self._drawn = True
        if done == total:
            self.clear()

    def clear(self) -> None:
        """End the bar's line (before anything else is written)."""
        if self._drawn:
            self.stream.write("\n")
            self.stream.flush()
            self._drawn = False


def _run_simulate(args: argparse.Namespace, term: _Terminal) -> int:
    variant = find_variant(args.variant)
    if args.duplicate and args.games % 2:
        raise JassError(f"--games {args.games}: --duplicate plays every deal twice, so give an even number")
    rules = _preset(variant, args.preset)
    progress = _Progress(term.err, not args.quiet and _is_terminal(term.err))
    started = time.perf_counter()
    try:
        report = run_arena(variant.name, args.bots, games=args.games, seed=args.seed, rules=rules,
                           processes=args.processes, progress=progress, duplicate=args.duplicate,
                           keep_going=args.keep_going)
    except KeyboardInterrupt:
        progress.clear()
        term.error(f"interrupted after {progress.done} of {args.games} games")
        return 130
    except GameFailedError as failed:
        progress.clear()
        term.screen.say(failed.report.table())
        term.error(f"{failed.failure} (--keep-going plays on)\n{failed.failure.traceback.rstrip()}")
        return 1
    elapsed = time.perf_counter() - started
    term.screen.say(report.table())
    rate = report.games / elapsed
    term.screen.say(f"{rate:.1f} games/s" if rate >= 1 else f"{elapsed / max(report.games, 1):.1f} s per game")
    if report.failures:
        term.error(f"{len(report.failures)} of {args.games} games failed (listed above)")
        return 1
    return 0


def _is_terminal(stream: TextIO) -> bool:
    isatty = getattr(stream, "isatty", None)
    return bool(isatty is not None and isatty())


# --- jass rules ----------------------------------------------------------------------------------


def _add_rules(commands: Any) -> None:
    rules = commands.add_parser(
        "rules", help="explain a variant's options and presets",
        description="Every option of VARIANT's rules: what it means, its default, the values it takes and "
                    "where the rule comes from; then the presets. Without VARIANT: the variants.",
    )
    rules.add_argument("variant", type=_variant, metavar="VARIANT", nargs="?", help=_VARIANT_HELP)
    rules.set_defaults(run=_run_rules)


def _run_rules(args: argparse.Namespace, term: _Terminal) -> int:
    say = term.screen.say
    if args.variant is None:
        say("The variants (jass rules VARIANT explains one):")
        for variant in VARIANTS.values():
            aliases = f"; also {', '.join(variant.aliases)}" if variant.aliases else ""
            counts = sorted({variant.seats} | {variant.seats_for(variant.preset(name)) for name in variant.presets})
            say(f"  {variant.name:<14} {variant.title}, {' or '.join(map(str, counts))} players{aliases}")
        return 0
    variant = find_variant(args.variant)
    rules_type: Any = variant.rules_type
    width = max(40, min(term.screen.width, 100))

    def fill(text: str, indent: str, more: str = "") -> str:
        return textwrap.fill(text, width=width, initial_indent=indent, subsequent_indent=more or indent,
                             break_on_hyphens=False)

    say(term.screen.strong(f"{variant.title}: the rules of this library, and how to change them"))
    text = variant.text
    if text.about:
        say(fill(text.about, ""))
    if text.rules_page:
        say(f"Every rule, with its sources' words: {text.rules_page}")
    say()
    say(fill(f"The options, each with its default. A preset sets several at once (jass play {variant.name} "
             f"--preset NAME); in Python: {public_name(rules_type)}(option=value).", ""))
    for line in _option_lines(rules_type, fill):
        say(line)
    found = disagreements(rules_type)
    if found:
        say()
        topics = [f"{_topic(entry.text)} ({entry.option})" if entry.option else _topic(entry.text) for entry in found]
        say(fill("Where the sources disagree (the page above quotes each side): " + "; ".join(topics) + ".", ""))
    missing = not_supported(rules_type)
    if missing:
        say()
        say("Not supported (rules of other sources this library cannot play yet):")
        for entry in missing:
            say(fill(f"- {for_players(entry.rule)}", "  ", "    "))
    say()
    say(term.screen.strong("Presets") + f" (jass play {variant.name} --preset NAME):")
    defaults = rules_type()
    for name, factory in variant.presets.items():
        doc = (inspect.getdoc(factory) or "").split("\n\n")[0]
        changed = changes(variant.preset(name), defaults)
        shown = ", ".join(f"{key} {in_words(value)}" for key, value in changed.items()) or "nothing: the defaults"
        say(fill(f"{name}: {for_players(' '.join(doc.split()))} Sets: {shown}.", "  ", "      "))
    return 0


def _option_lines(rules_type: Any, fill: Callable[..., str]) -> list[str]:
    """Each option in about two lines: its name, its default in words (and the other values of
    a choice) and what it means; then where the rule comes from, without the sources' words
    (the rules page quotes them)."""
    lines: list[str] = []
    whole: tuple[str, ...] = ()  # options shown as one value (a slate): their fields are not listed
    for option in options(rules_type):
        if option.name.startswith(whole):
            continue
        depth = "  " * (option.name.count(".") + 1)
        names = [choice.value.rpartition(".")[2] for choice in option.choices]
        meaning = _first_sentence(_plain_values(for_players(option.meaning), names))
        value = in_words(option.default)
        if option.group and value == "(its options follow)":
            lines.append(fill(f"{option.name}: {meaning}", depth, depth + "    "))
            continue
        if option.group:
            whole += (option.name + ".",)
        others = [choice.value.rpartition(".")[2].casefold().replace("_", " ") for choice in option.choices]
        also = [word for word in others if word != value]
        head = f"{option.name} = {value}" + (f" (or {', '.join(also)})" if also else "")
        lines.append(fill(f"{head}: {meaning}", depth, depth + "    "))
        source = _plain_values(for_players(re.sub(r"\s*\([^()]*\)", "", option.source)), names)
        if source:
            lines.append(fill(f"from {source.rstrip('.')}.", depth + "    "))
    return lines


def _plain_values(text: str, names: Sequence[str] = ()) -> str:
    """The option's own enum members (``names``) written as code (``TRICK_WINNER``) as words
    (``trick winner``)."""
    if not names:
        return text
    pattern = r"\b(?:" + "|".join(re.escape(name) for name in names) + r")\b"
    return re.sub(pattern, lambda found: found.group(0).casefold().replace("_", " "), text)


def _first_sentence(text: str) -> str:
    first, dot, _ = text.partition(". ")
    return first + "." if dot else text


def _topic(text: str) -> str:
    """The bold title a disagreement starts with (``The target``)."""
    found = re.match(r"\*\*(.+?)\*\*", text)
    return found.group(1) if found else text.split(":", 1)[0]


# --- jass replay ---------------------------------------------------------------------------------


def _add_replay(commands: Any) -> None:
    replay_parser = commands.add_parser(
        "replay", help="step through a game record trick by trick",
        description="Show a game record (jass-record/1, as jass play --record writes it) trick by trick: "
                    "from one seat's view (--seat) or with every hand open (--open, the default). On a "
                    "terminal it waits for Enter after each trick (q quits).",
    )
    replay_parser.add_argument("file", metavar="FILE", help="the record; - reads it from standard input")
    view = replay_parser.add_mutually_exclusive_group()
    view.add_argument("--seat", type=_seat, help="see the game as this seat saw it")
    view.add_argument("--open", action="store_true", help="see every hand (the default)")
    replay_parser.add_argument("--no-pause", action="store_true", help="print the whole game without waiting")
    replay_parser.add_argument("--deck", type=_deck, default=Deck.FRENCH, help=_DECK_HELP)
    replay_parser.set_defaults(run=_run_replay)


def _run_replay(args: argparse.Namespace, term: _Terminal) -> int:
    if args.file == "-":
        text = sys.stdin.read()
    else:
        try:
            with open(args.file, encoding="utf-8") as file:
                text = file.read()
        except OSError as error:
            raise JassError(f"cannot read {args.file}: {error.strerror}") from None
    record = read_record(text)
    variant = find_variant(record.variant)
    seat: int | None = args.seat
    states = list(replay(record))  # checks every move first
    count = variant.seats_for(states[0].rules)
    if seat is not None and seat >= count:
        raise JassError(f"--seat {seat}: {variant.name} has the seats 0..{count - 1}")
    screen = term.screen
    table = Table(variant, screen, seat, faces=faces_for(variant, states[0].rules, args.deck), rules=states[0].rules)
    seen = f"as seat {seat} saw it" if seat is not None else "with every hand open"
    screen.say(screen.strong(variant.title) + f": a record of {len(record.moves)} moves, {seen}.")
    table.show(states[0])
    pause = term.interactive and not args.no_pause
    for number, move in enumerate(record.moves):
        before, after = states[number], states[number + 1]
        acting = variant.to_act(before)
        assert acting is not None  # a move was made
        screen.say(table.move_line(before, move, acting))
        report = table.report(before, after)
        for line in report:
            screen.say(line)
        if report and not variant.is_over(after):
            table.show(after)
            if pause:
                try:
                    answer = term.read("Enter: the next trick · q: quit> ")
                except EOFError:
                    return 0
                if answer.strip().casefold() in ("q", "quit"):
                    return 0
    final = states[-1]
    if variant.is_over(final):
        for line in table.final(final):
            screen.say(line)
    else:
        screen.say("\nThe record ends here; the game was not over.")
    return 0


# --- jass deal -----------------------------------------------------------------------------------


def _add_deal(commands: Any) -> None:
    deal_parser = commands.add_parser("deal", help="deal four hands and show their Weis")
    deal_parser.add_argument("--seed", type=_seed, default=0, help="the deal's seed (default 0)")
    deal_parser.add_argument("--deck", type=_deck, default=Deck.FRENCH, help=_DECK_HELP)
    deal_parser.set_defaults(run=_run_deal)


def _run_deal(args: argparse.Namespace, term: _Terminal) -> int:
    hands = deal(args.seed)
    faces = Faces(args.deck)
    term.screen.say(f"Deal from seed {args.seed}:")
    for seat, hand in enumerate(hands):
        weis = ", ".join(faces.weis(w) for w in detect_weis(hand)) or "no Weis"
        stoeck = [faces.mode(t) for t in Trump if t.is_suit and has_stoeck(hand, t)]
        extra = f"; Stöck if {' or '.join(stoeck)} is trump" if stoeck else ""
        term.screen.say(f"  seat {seat}: {faces.hand(hand)}   ({weis}{extra})")
    return 0


# --- jass serve ----------------------------------------------------------------------------------


def _add_serve(commands: Any) -> None:
    from jass.serve.limits import ANONYMOUS_BOTS, LIMIT_OPTIONS

    serve = commands.add_parser(
        "serve", help="play in the browser with friends and bots",
        description="A game server: a page to create tables, invite friends and play with bots. Its games are "
                    "kept in a database, so that a restart finds them where they stood; every limit below bounds "
                    "what one client can cause.",
    )
    serve.add_argument("--host", default="127.0.0.1", help="the address to listen on (default 127.0.0.1)")
    serve.add_argument("--port", type=int, default=8000, help="the port (default 8000; 0: any free port)")
    serve.add_argument("--bot-delay", type=float, default=0.6, help="seconds a bot waits before its move")
    serve.add_argument("--db", default=None, metavar="PATH",
                       help="where the games are kept: a SQLite file (default: jass/serve.sqlite3 in the user's "
                            "data folder), ':memory:' (nothing kept), or postgresql://user:password@host/database "
                            "(several jass serve processes share it)")
    serve.add_argument("--allow-host", action="append", default=[], metavar="NAME",
                       help="a host name the server answers to besides localhost, 127.0.0.1 and ::1 (and --host): "
                            "the name people type, e.g. jass.example.org; *.example.org for its subdomains "
                            "(repeat for several)")
    serve.add_argument("--forwarded-allow-ips", default=None, metavar="IPS",
                       help="the addresses of reverse proxies whose X-Forwarded-For and X-Forwarded-Proto are "
                            "believed (uvicorn's option; none by default)")
    serve.add_argument("--advertise", default=None, metavar="URL",
                       help="with PostgreSQL: the address other processes reach this one at (default: the address "
                            "it listens on)")
    serve.add_argument("--bots", default=",".join(ANONYMOUS_BOTS), metavar="NAMES",
                       help=f"the bots clients may choose, comma-separated (default {','.join(ANONYMOUS_BOTS)}; "
                            f"also: {', '.join(name for name in BOTS if name not in ANONYMOUS_BOTS)}, which search)")
    serve.add_argument("--compress", action="store_true",
                       help="compress each WebSocket message (permessage-deflate): less traffic on slow links, "
                            "more CPU on the server")
    limits = serve.add_argument_group("limits")
    for option, field, text in LIMIT_OPTIONS:
        limits.add_argument(option, type=int if field.type in (int, "int") else float, default=field.default,
                            metavar="N", help=f"{text} (default {field.default:g})")
    serve.set_defaults(run=_run_serve)


def _run_serve(args: argparse.Namespace, term: _Terminal) -> int:
    try:
        from jass.serve.app import run
    except ImportError as error:  # the optional extra jass[serve] is not installed
        raise JassError(str(error)) from None
    from jass.serve.limits import LIMIT_OPTIONS, Limits

    host, port, bot_delay = args.host, args.port, args.bot_delay
    if not 0 <= port <= 65535 or not 0 <= bot_delay <= 60:
        raise JassError(f"--port {port} --bot-delay {bot_delay}: expected a port 0..65535 and 0..60 seconds")
    limits = Limits(**{field.name: getattr(args, field.name) for _, field, _ in LIMIT_OPTIONS})
    bots = [name.strip() for name in args.bots.split(",") if name.strip()]
    for name in bots:
        if name not in BOTS:
            raise JassError(f"--bots {args.bots}: no bot called {name!r}: choose among {', '.join(BOTS)}")
    # Ctrl-C: uvicorn has closed every connection, then raises it again.
    with contextlib.suppress(KeyboardInterrupt):
        try:
            run(host, port, bot_delay=bot_delay, out=term.screen.out, db=args.db, limits=limits,
                allow_hosts=args.allow_host, bots=bots, forwarded_allow_ips=args.forwarded_allow_ips,
                advertise=args.advertise, compress=args.compress)
        except OSError as error:  # the port is taken, the address is not this machine's
            raise JassError(f"cannot listen on {host}:{port}: {error.strerror or error}") from None
    term.screen.say("jass serve: stopped")
    return 0


# --- the parser and main -------------------------------------------------------------------------

#: The subcommands, in the order ``jass --help`` lists them: each adds its own parser.
_SUBCOMMANDS: tuple[Callable[[Any], None], ...] = (
    _add_play, _add_simulate, _add_rules, _add_replay, _add_deal, _add_serve,
)


def build_parser() -> argparse.ArgumentParser:
    """The parser of the whole command line, every subcommand included."""
    parser = argparse.ArgumentParser(
        prog="jass", description="The Swiss card game Jass: play it, simulate it, read its rules.",
        epilog="jass COMMAND --help explains a command.",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    parser.add_argument("--no-colour", "--no-color", action="store_true", help="no colour, even on a terminal")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for add in _SUBCOMMANDS:
        add(commands)
    return parser


def main(
    argv: Sequence[str] | None = None, *, out: TextIO | None = None,
    read: Callable[[str], str] | None = None, err: TextIO | None = None,
) -> int:
    """Run the command line with ``argv`` (default: ``sys.argv[1:]``); return the exit code: 0
    done (Ctrl-D in a game too), 1 a simulated game failed (its report and the error are
    printed), 2 a bad argument or input, 130 interrupted (Ctrl-C).

    ``out``, ``err`` and ``read`` (which is given a prompt and returns the typed line, raising
    ``EOFError`` at the end of input) replace the terminal, for tests and embedding.
    """
    out = out if out is not None else sys.stdout
    err = err if err is not None else sys.stderr
    try:
        args = build_parser().parse_args(argv)
    except SystemExit as stop:  # --help, --version, or a usage error argparse has explained
        return stop.code if isinstance(stop.code, int) else 0
    colour = not args.no_colour and wants_colour(out)
    term = _Terminal(Screen(out, colour), err, read or input, read is not None or _is_terminal(sys.stdin))
    try:
        code: int = args.run(args, term)
        return code
    except JassError as error:
        term.error(str(error))
        return 2
    except KeyboardInterrupt:
        term.error("interrupted")
        return 130
    except BrokenPipeError:
        # The reader went away (``jass rules schieber | head``): nothing more to say, and
        # Python must not complain about stdout at exit either.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0

