"""The ``jass`` command line (also ``python -m jass``).

- ``jass play schieber|differenzler|pomme``: play a game against bots in the terminal;
- ``jass simulate VARIANT --games N --seed S --bots rule,random``: bots against bots;
- ``jass rules VARIANT``: the variant's options, their defaults and the presets;
- ``jass deal --seed S``: deal four hands and show their Weis;
- ``jass serve --host H --port P``: play in the browser with friends and bots (``jass[serve]``).
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any, TextIO

import attrs

from jass.bots import BOTS, make_bot
from jass.cards import Card, CardSet, deal
from jass.errors import JassError
from jass.play import PlayCard
from jass.tournament import run_arena
from jass.trump import Trump
from jass.variant import VARIANTS, AnyVariant, find_variant
from jass.weis import detect_weis, has_stoeck

_RED = "\x1b[31m"
_RESET = "\x1b[0m"


class _Screen:
    """Writes to the terminal, with red hearts and diamonds where colour is wanted."""

    def __init__(self, out: TextIO, colour: bool) -> None:
        self.out = out
        self.colour = colour

    def card(self, card: Card, mark: str = "") -> str:
        text = card.symbol + mark
        if self.colour and card.suit in (2, 3):
            return f"{_RED}{text}{_RESET}"
        return text

    def cards(self, cards: Sequence[Card] | CardSet, legal: CardSet | None = None) -> str:
        if not cards:
            return "-"
        return " ".join(self.card(c, "*" if legal is not None and c in legal else "") for c in cards)

    def say(self, text: str = "") -> None:
        print(text, file=self.out, flush=True)


def _describe(move: Any, screen: _Screen) -> str:
    """What a move says to a player: its own words, a card as its symbol."""
    if isinstance(move, PlayCard):
        return f"play {screen.card(move.card)}"
    return str(move)


def _show(view: Any, screen: _Screen, moves: Sequence[Any]) -> None:
    trump = getattr(view, "trump", None)
    scores = getattr(view, "scores", None)
    screen.say()
    parts = [f"Round {getattr(view, 'round_number', 0) + 1}"]
    if trump is not None:
        parts.append(f"trump {trump} {trump.symbol}")
    if scores is not None:
        parts.append(f"scores {' : '.join(str(s) for s in scores)}")
    screen.say(" · ".join(parts))
    for label, text in (("face_up", "face-up card"), ("turned", "turned card"), ("top_card", "on the talon now")):
        card = getattr(view, label, None)
        if isinstance(card, Card) and (label != "top_card" or card != getattr(view, "turned", None)):
            screen.say(f"{text}: {screen.card(card)}")
    trick = getattr(view, "trick", ())
    if trick:
        screen.say(f"Trick so far: {screen.cards(trick)}")
    legal = CardSet(m.card for m in moves if isinstance(m, PlayCard))
    screen.say(f"Your hand: {screen.cards(view.hand, legal)}" + ("   (* = playable)" if legal else ""))
    extras = getattr(view, "extras", None)
    if extras:
        screen.say(f"Your extra cards: {screen.cards(extras)}")


def _parse_answer(text: str, moves: Sequence[Any], variant: AnyVariant, view: Any, screen: _Screen) -> Any:
    """The legal move a typed answer names: a move in the variant's notation (``play H10``,
    ``predict 40``), what follows the verb when that names one legal move (``H10``, ``40``), the
    number of a listed choice, or the start of a move's words."""
    text = text.strip()
    if not text:
        raise JassError("'' is not a move: answer with a number, a card such as 'H10', or the start of a move's name")
    verbs = sorted({variant.format_move(move).split(" ", 1)[0] for move in moves})
    rules = getattr(view, "rules", None)
    first = text.split(" ", 1)[0].casefold()
    attempts = [text] if first in verbs else [f"{verb} {text}" for verb in verbs]
    errors: list[str] = []
    for attempt in attempts:
        try:
            move = variant.parse_move(attempt, rules)
        except JassError as error:
            errors.append(getattr(error, "reason", str(error)))  # a record's error without its JSON path
            continue
        if move in moves:
            return move
        if isinstance(move, PlayCard):
            if move.card not in view.hand:
                raise JassError(f"you do not hold {move.card}")
            playable = " ".join(str(m.card) for m in moves if isinstance(m, PlayCard))
            raise JassError(f"{move.card} cannot be played now" + (f": playable are {playable}" if playable else ""))
        raise JassError(f"{text!r}: {move} is not a legal move now")
    if first in verbs and errors:
        raise JassError(f"{text!r}: {errors[0]}")
    if text.isascii() and text.isdigit():  # ASCII digits only: int() refuses "²", reads "١٢"
        number = int(text) if len(text) <= 6 else 0  # no int of thousands of digits
        if 1 <= number <= len(moves):
            return moves[number - 1]
        if len(verbs) == 1 and errors:
            raise JassError(f"{text!r:.40}: {errors[-1]}")
        raise JassError(f"{text!r:.40} is not a choice: answer 1 to {len(moves)}")
    lowered = text.casefold()
    named = [move for move in moves if _describe(move, _Screen(screen.out, False)).casefold().startswith(lowered)]
    if len(named) == 1:
        return named[0]
    if len(named) > 1:
        shown = ", ".join(f"«{_describe(move, screen)}»" for move in named[:6]) + (", ..." if len(named) > 6 else "")
        raise JassError(f"{text!r} names {len(named)} moves: {shown}; type more of one")
    raise JassError(
        f"{text!r} is not a move: answer with a number, a card such as 'H10' or '♥10', "
        "or the start of a move's name"
    )


#: The most moves listed as numbered choices.
_LISTED = 24


def _play_command(
    variant_name: str, seed: int | None, human: int, bot_name: str, screen: _Screen,
    read: Callable[[str], str],
) -> int:
    variant = find_variant(variant_name)
    state = variant.new_game(seed=seed)
    bots = {s: make_bot(bot_name, seed=(state.seed + s) & 0xFFFF) for s in range(variant.seats)}
    screen.say(f"{variant.title}: you are seat {human}; the others are {bot_name} bots.")
    team = variant.teams[variant.team_of(human)]
    partners = [seat for seat in team if seat != human]
    if partners:
        screen.say(f"Your partner is seat {' and '.join(str(seat) for seat in partners)}.")
    try:
        while not variant.is_over(state):
            seat = variant.to_act(state)
            assert seat is not None  # the game goes on
            moves = variant.legal_moves(state)
            if seat != human:
                move = bots[seat].choose(variant.observe(state, seat), moves)
                # Only what the table sees of another seat's move (not a secret prediction).
                public = _describe(move, screen) if isinstance(move, PlayCard) or variant.public_move is None \
                    else variant.public_move(move, state.rules)
                screen.say(f"  seat {seat}: {public}")
                state = _apply_and_report(variant, state, move, human, screen)
                continue
            view = variant.observe(state, human)
            _show(view, screen, moves)
            if len(moves) > _LISTED:
                screen.say(f"{len(moves)} moves, from «{variant.format_move(moves[0])}» "
                           f"to «{variant.format_move(moves[-1])}»: type one (or what follows its first word)")
            else:
                screen.say("  " + "   ".join(
                    f"{number}. {_describe(move, screen)}" for number, move in enumerate(moves, 1)
                ))
            while True:
                answer = read("Your move> ")
                try:
                    move = _parse_answer(answer, moves, variant, view, screen)
                    break
                except JassError as error:
                    # The player is the seat to act: it may read why, which shows its own hand.
                    detail = getattr(error, "detail", "")
                    screen.say(f"  {error}" + (f" ({detail})" if detail else ""))
            state = _apply_and_report(variant, state, move, human, screen)
    except (KeyboardInterrupt, EOFError):
        screen.say("\nGame left. Bye.")
        return 130
    screen.say()
    standings = " : ".join(str(points) for points in variant.standings(state))
    screen.say(f"Game over. Final {variant.standing_name}: {standings}")
    winner = variant.winner(state)
    if winner is None:
        screen.say("It is a draw.")
    elif winner == variant.team_of(human):
        screen.say("Your team wins!" if partners else "You win!")
    else:
        seats = variant.teams[winner]
        screen.say(f"Team {winner} wins." if len(seats) > 1 else f"Seat {seats[0]} wins.")
    return 0


def _apply_and_report(variant: AnyVariant, state: Any, move: Any, human: int, screen: _Screen) -> Any:
    """Apply ``move``; say what the human's seat sees change (a trick taken, a round's score),
    read from its observations only."""
    before = variant.observe(state, human)
    state = variant.apply(state, move)
    after = variant.observe(state, human)
    tricks: tuple[Any, ...] = getattr(after, "tricks", ())
    if len(tricks) > len(getattr(before, "tricks", ())):
        trick = tricks[-1]
        screen.say(f"  -> seat {trick.winner} takes {screen.cards(trick.cards)} ({trick.points} points)")
    history: tuple[Any, ...] = getattr(after, "history", ())
    if len(history) > len(getattr(before, "history", ())):
        result = history[-1]
        summary = getattr(result, "totals", None) or getattr(result, "penalties", None) or result
        screen.say(f"  Round over: {summary}")
    return state


def _simulate_command(
    variant_name: str, games: int, seed: int, bots: str, processes: int, preset: str | None,
    screen: _Screen, progress: bool, duplicate: bool = False,
) -> int:
    names = [b.strip() for b in bots.split(",")]
    if len(names) != 2:
        raise JassError(f"--bots {bots!r}: name two bots, e.g. rule,random (known: {', '.join(BOTS)})")
    variant = find_variant(variant_name)
    rules = None
    if preset is not None:
        if preset not in variant.presets:
            raise JassError(f"--preset {preset!r}: {variant.name} has the presets {', '.join(variant.presets)}")
        rules = variant.preset(preset)
    started = time.perf_counter()

    def show_progress(done: int, total: int) -> None:
        if progress and (done == total or done % max(1, total // 50) == 0):
            width = 30
            filled = width * done // total
            print(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total}", end="", file=sys.stderr, flush=True)
            if done == total:
                print(file=sys.stderr)

    report = run_arena(
        variant_name, (names[0], names[1]), games=games, seed=seed, rules=rules,
        processes=processes, progress=show_progress, duplicate=duplicate,
    )
    elapsed = time.perf_counter() - started
    screen.say(report.table())
    screen.say(f"{games / elapsed:.1f} games/s")
    return 0


def _rules_command(variant_name: str, screen: _Screen) -> int:
    variant = find_variant(variant_name)
    rules_type: Any = variant.rules_type
    defaults = rules_type()
    screen.say(f"{variant.name} options ({rules_type.__module__}.{rules_type.__qualname__}) and their defaults:")
    for field in attrs.fields(rules_type):
        screen.say(f"  {field.name:<22} {getattr(defaults, field.name)!r}")
    for name in variant.presets:
        preset = variant.preset(name)
        changed = {
            f.name: getattr(preset, f.name) for f in attrs.fields(type(defaults))
            if getattr(preset, f.name) != getattr(defaults, f.name)
        }
        summary = ", ".join(f"{k}={v!r}" for k, v in changed.items()) or "the defaults"
        screen.say(f"preset Rules.{name}(): {summary}")
    return 0


def _deal_command(seed: int, screen: _Screen) -> int:
    hands = deal(seed)
    screen.say(f"Deal from seed {seed}:")
    for seat, hand in enumerate(hands):
        weis = ", ".join(str(w) for w in detect_weis(hand)) or "no Weis"
        stoeck = [str(t) for t in Trump if t.is_suit and has_stoeck(hand, t)]
        extra = f"; Stöck if {' or '.join(stoeck)} is trump" if stoeck else ""
        screen.say(f"  seat {seat}: {screen.cards(hand)}   ({weis}{extra})")
    return 0


def _serve_command(host: str, port: int, bot_delay: float, out: TextIO) -> int:
    try:
        from jass.serve.app import run
    except ImportError as error:
        raise JassError(str(error)) from None
    if not 0 <= port <= 65535 or not 0 <= bot_delay <= 60:
        raise JassError(f"--port {port} --bot-delay {bot_delay}: expected a port 0..65535 and 0..60 seconds")
    try:
        run(host, port, bot_delay=bot_delay, out=out)
    except OSError as error:  # the port is taken, the address is not this machine's
        raise JassError(f"cannot listen on {host}:{port}: {error.strerror or error}") from None
    except KeyboardInterrupt:  # Ctrl-C: uvicorn has closed every connection, then raises it again
        pass
    print("jass serve: stopped", file=out, flush=True)
    return 0


def main(
    argv: Sequence[str] | None = None, *, out: TextIO | None = None,
    read: Callable[[str], str] | None = None,
) -> int:
    """Run the command line with ``argv`` (default: ``sys.argv[1:]``); return the exit code.

    ``out`` and ``read`` replace the terminal (for tests and embedding).
    """
    out = out if out is not None else sys.stdout
    parser = argparse.ArgumentParser(prog="jass", description="The Swiss card game Jass.")
    parser.add_argument("--no-colour", "--no-color", action="store_true", help="plain output")
    commands = parser.add_subparsers(dest="command", required=True)
    play = commands.add_parser("play", help="play a game against bots")
    play.add_argument("variant", choices=sorted(VARIANTS))
    play.add_argument("--seed", type=int, default=None, help="fix the deals")
    play.add_argument("--seat", type=int, default=0, help="your seat (default 0)")
    play.add_argument("--bots", default="rule", choices=sorted(BOTS), help="the other players")
    simulate = commands.add_parser("simulate", help="play bots against bots and report")
    simulate.add_argument("variant", choices=sorted(VARIANTS))
    simulate.add_argument("--games", type=int, default=100)
    simulate.add_argument("--seed", type=int, default=0)
    simulate.add_argument("--bots", default="rule,random",
                          help=f"two bot names, A,B (default rule,random; known: {', '.join(BOTS)})")
    simulate.add_argument("--duplicate", action="store_true",
                          help="play every deal twice with the places swapped (games must be even)")
    simulate.add_argument("--processes", type=int, default=1, help="processes to use (default 1)")
    simulate.add_argument("--preset", default=None, help="a Rules preset, e.g. swisslos")
    simulate.add_argument("--quiet", action="store_true", help="no progress bar")
    rules = commands.add_parser("rules", help="show a variant's options and defaults")
    rules.add_argument("variant", choices=sorted(VARIANTS))
    deal_parser = commands.add_parser("deal", help="deal four hands and show their Weis")
    deal_parser.add_argument("--seed", type=int, default=0, help="the deal's seed (default 0)")
    serve = commands.add_parser("serve", help="play in the browser with friends and bots")
    serve.add_argument("--host", default="127.0.0.1", help="the address to listen on (default 127.0.0.1)")
    serve.add_argument("--port", type=int, default=8000, help="the port (default 8000; 0: any free port)")
    serve.add_argument("--bot-delay", type=float, default=0.6, help="seconds a bot waits before its move")
    args = parser.parse_args(argv)
    colour = (
        not args.no_colour and out is sys.stdout and sys.stdout.isatty() and "NO_COLOR" not in os.environ
    )
    screen = _Screen(out, colour)
    try:
        if args.command == "play":
            seats = find_variant(args.variant).seats
            if not 0 <= args.seat < seats:
                raise JassError(f"--seat {args.seat}: choose a seat 0..{seats - 1}")
            return _play_command(args.variant, args.seed, args.seat, args.bots, screen, read or input)
        if args.command == "simulate":
            return _simulate_command(
                args.variant, args.games, args.seed, args.bots, args.processes, args.preset,
                screen, not args.quiet and sys.stderr.isatty(), args.duplicate,
            )
        if args.command == "rules":
            return _rules_command(args.variant, screen)
        if args.command == "serve":
            return _serve_command(args.host, args.port, args.bot_delay, out)
        return _deal_command(args.seed, screen)
    except JassError as error:
        print(f"jass: {error}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        # The reader went away (``jass rules schieber | head``): nothing more to say, and
        # Python must not complain about stdout at exit either.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0


if __name__ == "__main__":
    sys.exit(main())
