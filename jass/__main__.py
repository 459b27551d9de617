"""The ``jass`` command line (also ``python -m jass``).

- ``jass play schieber|differenzler|pomme``: play a game against bots in the terminal;
- ``jass simulate VARIANT --games N --seed S --bots rule,random``: bots against bots;
- ``jass rules VARIANT``: the variant's options, their defaults and the presets;
- ``jass deal --seed S``: deal four hands and show their Weis.
"""

from __future__ import annotations

import argparse
import inspect
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
from jass.tournament import VARIANTS, run_arena, variant_module
from jass.trump import Trump
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
    if isinstance(move, PlayCard):
        return f"play {screen.card(move.card)}"
    name = type(move).__name__
    if name == "ChooseTrump":
        return f"choose {move.trump} {move.trump.symbol}"
    if name == "Push":
        return "push (schieben)"
    if name == "Announce":
        return "announce «bedankt, genug»"
    if name == "Deal":
        return "deal the next round"
    if name == "Predict":
        return f"predict {move.points}"
    if name == "Exchange":
        return f"exchange {screen.cards(move.cards)}"
    if name == "KeepHand":
        return "keep the hand"
    if name == "SwapTrumpSix":
        return "swap the trump 6 for the turned card"
    if name == "DeclineSwap":
        return "no swap"
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


def _parse_answer(text: str, moves: Sequence[Any], screen: _Screen) -> Any:
    text = text.strip()
    predictions = {m.points: m for m in moves if type(m).__name__ == "Predict"}
    if predictions and text.isdigit():
        if int(text) in predictions:
            return predictions[int(text)]
        raise JassError(f"{text!r}: predict from {min(predictions)} to {max(predictions)} points")
    if text.isdigit():
        number = int(text)
        if 1 <= number <= len(moves):
            return moves[number - 1]
        raise JassError(f"{text!r} is not a choice: answer 1 to {len(moves)}")
    lowered = text.casefold()
    words = lowered.split(maxsplit=1)
    if len(words) == 2 and words[0] == "exchange":
        try:
            chosen = CardSet.parse(words[1])
        except JassError as error:
            raise JassError(f"{text!r}: name the three cards to give away, e.g. 'exchange C6 C7 S8' ({error})") from None
        for move in moves:
            if type(move).__name__ == "Exchange" and move.cards == chosen:
                return move
        raise JassError(f"{text!r}: exchange exactly three cards of your hand, e.g. 'exchange C6 C7 S8'")
    for move in moves:
        plain = _describe(move, _Screen(screen.out, False)).casefold()
        if lowered == plain or (lowered and plain.startswith(lowered) and len(lowered) >= 3):
            return move
    try:
        card = Card.parse(text)
    except JassError:
        raise JassError(
            f"{text!r} is not a move: answer with a number, a card such as 'H10' or '♥10', "
            "or the start of a move's name"
        ) from None
    for move in moves:
        if isinstance(move, PlayCard) and move.card is card:
            return move
    playable = " ".join(str(m.card) for m in moves if isinstance(m, PlayCard))
    raise JassError(f"{card} cannot be played now" + (f": playable are {playable}" if playable else ""))


def _play_command(
    variant_name: str, seed: int | None, human: int, bot_name: str, screen: _Screen,
    read: Callable[[str], str],
) -> int:
    variant = variant_module(variant_name)
    state = variant.new_game(seed=seed)
    bots = {s: make_bot(bot_name, seed=(state.seed + s) & 0xFFFF) for s in range(variant.SEATS)}
    screen.say(f"{variant_name.capitalize()}: you are seat {human}; the others are {bot_name} bots.")
    if variant_name == "schieber":
        screen.say(f"Your partner is seat {(human + 2) % 4}. Seed {state.seed}.")
    try:
        while not variant.is_over(state):
            seat = variant.to_act(state)
            moves = variant.legal_moves(state)
            if seat != human:
                move = bots[seat].choose(variant.observe(state, seat), moves)
                screen.say(f"  seat {seat}: {_describe(move, screen)}")
                state = _apply_and_report(variant, state, move, screen)
                continue
            view = variant.observe(state, human)
            _show(view, screen, moves)
            if any(type(m).__name__ == "Predict" for m in moves):
                screen.say("How many points will you take? Answer a number from 0 to 157.")
            elif len(moves) > 24:
                screen.say(f"{len(moves)} moves, from «{_describe(moves[0], screen)}» "
                           f"to «{_describe(moves[-1], screen)}»: type one, or its number")
            else:
                screen.say("  " + "   ".join(
                    f"{number}. {_describe(move, screen)}" for number, move in enumerate(moves, 1)
                ))
            while True:
                answer = read("Your move> ")
                try:
                    move = _parse_answer(answer, moves, screen)
                    break
                except JassError as error:
                    screen.say(f"  {error}")
            state = _apply_and_report(variant, state, move, screen)
    except (KeyboardInterrupt, EOFError):
        screen.say("\nGame left. Bye.")
        return 130
    screen.say()
    screen.say(f"Game over. Final scores: {getattr(state, 'scores', None) or getattr(state, 'penalties', '')}")
    winner = variant.winner(state)
    if winner is None:
        screen.say("It is a draw.")
    elif variant_name == "schieber":
        screen.say("Your team wins!" if winner == human % 2 else f"Team {winner} wins.")
    else:
        screen.say("You win!" if winner == human else f"Seat {winner} wins.")
    return 0


def _apply_and_report(variant: Any, state: Any, move: Any, screen: _Screen) -> Any:
    before = getattr(state, "play", None)
    rounds_before = len(getattr(state, "history", ()))
    state = variant.apply(state, move)
    play = getattr(state, "play", None)
    if play is not None and before is not None and len(play.tricks) > len(before.tricks):
        trick = play.tricks[-1]
        screen.say(f"  -> seat {trick.winner} takes {screen.cards(trick.cards)} ({trick.points} points)")
    history: tuple[Any, ...] = getattr(state, "history", ())
    if len(history) > rounds_before:
        result = history[-1]
        summary = getattr(result, "totals", None) or getattr(result, "penalties", None) or result
        screen.say(f"  Round over: {summary}")
    return state


def _simulate_command(
    variant_name: str, games: int, seed: int, bots: str, processes: int, preset: str | None,
    screen: _Screen, progress: bool,
) -> int:
    names = [b.strip() for b in bots.split(",")]
    if len(names) != 2:
        raise JassError(f"--bots {bots!r}: name two bots, e.g. rule,random (known: {', '.join(BOTS)})")
    variant = variant_module(variant_name)
    rules = None
    if preset is not None:
        factory = getattr(variant.Rules, preset, None)
        if not inspect.ismethod(factory):
            raise JassError(f"--preset {preset!r}: {variant_name} has the presets {', '.join(_presets(variant))}")
        rules = factory()
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
        processes=processes, progress=show_progress,
    )
    elapsed = time.perf_counter() - started
    screen.say(report.table())
    screen.say(f"{games / elapsed:.1f} games/s")
    return 0


def _presets(variant: Any) -> list[str]:
    return [name for name, value in vars(variant.Rules).items() if isinstance(value, classmethod)]


def _rules_command(variant_name: str, screen: _Screen) -> int:
    variant = variant_module(variant_name)
    defaults = variant.Rules()
    screen.say(f"{variant_name} options (jass.{variant_name}.Rules) and their defaults:")
    for field in attrs.fields(type(defaults)):
        screen.say(f"  {field.name:<22} {getattr(defaults, field.name)!r}")
    for name in _presets(variant):
        preset = getattr(variant.Rules, name)()
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
    simulate.add_argument("--bots", default="rule,random", help="two bot names, A,B (default rule,random)")
    simulate.add_argument("--processes", type=int, default=1, help="processes to use (default 1)")
    simulate.add_argument("--preset", default=None, help="a Rules preset, e.g. swisslos")
    simulate.add_argument("--quiet", action="store_true", help="no progress bar")
    rules = commands.add_parser("rules", help="show a variant's options and defaults")
    rules.add_argument("variant", choices=sorted(VARIANTS))
    deal_parser = commands.add_parser("deal", help="deal four hands and show their Weis")
    deal_parser.add_argument("--seed", type=int, default=0, help="the deal's seed (default 0)")
    args = parser.parse_args(argv)
    colour = (
        not args.no_colour and out is sys.stdout and sys.stdout.isatty() and "NO_COLOR" not in os.environ
    )
    screen = _Screen(out, colour)
    try:
        if args.command == "play":
            seats = variant_module(args.variant).SEATS
            if not 0 <= args.seat < seats:
                raise JassError(f"--seat {args.seat}: choose a seat 0..{seats - 1}")
            return _play_command(args.variant, args.seed, args.seat, args.bots, screen, read or input)
        if args.command == "simulate":
            return _simulate_command(
                args.variant, args.games, args.seed, args.bots, args.processes, args.preset,
                screen, not args.quiet and sys.stderr.isatty(),
            )
        if args.command == "rules":
            return _rules_command(args.variant, screen)
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
