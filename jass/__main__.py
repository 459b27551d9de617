"""The ``jass`` command line (also ``python -m jass``)."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from jass.cards import deal
from jass.trump import Trump
from jass.weis import detect_weis, has_stoeck


def _deal_command(seed: int) -> int:
    hands = deal(seed)
    print(f"Deal from seed {seed}:")
    for seat, hand in enumerate(hands):
        cards = " ".join(card.symbol for card in hand)
        weis = ", ".join(str(w) for w in detect_weis(hand)) or "no Weis"
        stoeck = [str(t) for t in Trump if t.is_suit and has_stoeck(hand, t)]
        extra = f"; Stöck if {' or '.join(stoeck)} is trump" if stoeck else ""
        print(f"  seat {seat}: {cards}   ({weis}{extra})")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line with ``argv`` (default: ``sys.argv[1:]``); return the exit code."""
    parser = argparse.ArgumentParser(prog="jass", description="The Swiss card game Jass.")
    commands = parser.add_subparsers(dest="command", required=True)
    deal_parser = commands.add_parser("deal", help="deal four hands and show their Weis")
    deal_parser.add_argument("--seed", type=int, default=0, help="the deal's seed (default 0)")
    args = parser.parse_args(argv)
    if args.command == "deal":
        return _deal_command(args.seed)
    parser.error(f"unknown command {args.command!r}")
    return 2  # pragma: no cover - parser.error exits


if __name__ == "__main__":
    sys.exit(main())
