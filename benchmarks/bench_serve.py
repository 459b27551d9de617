#!/usr/bin/env python3
"""Load benchmark of ``jass serve``: many concurrent bot-only games over WebSockets on localhost
against one server process.

Run it with the interpreter of a venv where ``jass[serve]`` is installed, from anywhere:

    python benchmarks/bench_serve.py                          # 200 games of Schieber, 2 rounds each
    python benchmarks/bench_serve.py --games 20 --rounds 1    # a quick look
    python benchmarks/bench_serve.py --rounds 0 --preset swisslos   # whole games to the target
    python benchmarks/bench_serve.py --json /tmp/serve.json

It starts ``python -m jass serve --port 0`` (one process, the command people run) and, in this
process, plays ``--games`` games at once. Each game is a table created through the HTTP API
(``POST /api/tables``), and four WebSocket clients, one a seat, that do what the page does:
``hello``, ``sit``, one ``start``, then answer every update that offers them moves: a library
bot (``--bot``, the rule bot) chooses one from the observation and the offered moves, read with
the library's loaders. No seat is left to the server's bots, so every move crosses the
network. Every table is seated before the games begin, and then all play at once; the clients
answer at once, so the server is as busy as it can be.

It reports the games finished, the errors (a refused message, a lost connection, a game not
finished in ``--timeout`` seconds: there must be none), the moves played, and the median and
99th percentile of the time from a move sent to the next observation received: the first
``update`` that the sender receives with the move applied (its ``moves_made`` past the one it
answered). The clients and the server share the machine's cores, so the figures are an upper
bound of the server's own time. Traffic goes to 127.0.0.1 only; every wait is bounded.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import random
import re
import signal
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from typing import Any

from websockets.asyncio.client import ClientConnection, connect

from jass import serial
from jass.ai.bots import Bot
from jass.ai.players import BOTS, make_bot
from jass.variant import AnyVariant, find_variant


class Stats:
    """What the games measured, all together."""

    def __init__(self) -> None:
        self.latencies: list[float] = []
        self.errors: list[str] = []
        self.finished = 0
        self.moves = 0
        #: The tables whose seats are all taken, and the moment the games began.
        self.seated: set[str] = set()
        self.all_seated = asyncio.Event()
        self.began = 0.0
        #: Seconds each client waits before it answers (a person thinks; 0: at once).
        self.think = 0.0


def create_table(base: str, variant: str, rules: dict[str, Any] | None, preset: str | None) -> str:
    """A new table through the HTTP API, as the page creates one; its id."""
    body: dict[str, Any] = {"variant": variant}
    if rules is not None:
        body["rules"] = rules
    elif preset is not None:
        body["preset"] = preset
    request = urllib.request.Request(f"{base}api/tables", data=json.dumps(body).encode(),
                                     headers={"content-type": "application/json"}, method="POST")
    with urllib.request.urlopen(request, timeout=30) as response:
        return str(json.load(response)["table"])


async def sit_down(connection: ClientConnection, seat: int) -> None:
    """``hello`` and ``sit`` at ``seat``; returns once the table says ``seated``."""
    await connection.send(json.dumps({"kind": "hello"}))
    await connection.send(json.dumps({"kind": "sit", "seat": seat, "name": f"load {seat}"}))
    async for text in connection:
        message = json.loads(text)
        if message["kind"] == "seated":
            return
        if message["kind"] == "refused":
            raise RuntimeError(f"seat {seat}: refused: {message['message']}")
    raise RuntimeError(f"seat {seat}: the connection closed before the seat was taken")


async def play_seat(connection: ClientConnection, seat: int, bot: Bot, variant: AnyVariant, stats: Stats) -> None:
    """Answer every update that offers this seat moves, until the game is over: the bot
    chooses from the observation and the offered moves, read with the library's loaders, as
    an app's client would."""
    answered = -1  # the moves_made of the last update this seat answered
    sent_at: float | None = None
    async for text in connection:
        message = json.loads(text)
        if message["kind"] != "update":
            raise RuntimeError(f"seat {seat}: {message['kind']}: {message.get('message', '')}")
        made = message["moves_made"]
        if sent_at is not None and made > answered:
            stats.latencies.append(time.perf_counter() - sent_at)
            sent_at = None
        if message["result"] is not None:
            return
        if message["moves"] and made > answered:
            if stats.think:
                await asyncio.sleep(stats.think)
            view = serial.from_dict(message["observation"], expect=variant.observation_type)
            offered = [serial.from_dict(offer["move"], expect=variant.move_types) for offer in message["moves"]]
            move = serial.to_dict(bot.choose(view, offered))
            answered = made
            sent_at = time.perf_counter()
            await connection.send(json.dumps({"kind": "move", "move": move}))
            stats.moves += 1
    raise RuntimeError(f"seat {seat}: the connection closed before the game was over")


async def play_game(
    base: str, table: str, variant: AnyVariant, bot: str, seed: int, stats: Stats, gate: asyncio.Semaphore,
    timeout: float,
) -> None:
    """One table: a client at every seat (connected a few tables at a time, untimed), the game
    started once every table is seated, then played to its end."""
    socket_url = base.replace("http://", "ws://", 1) + f"ws/{table}"
    connections: list[ClientConnection] = []
    try:
        async with gate:
            for seat in range(variant.seats):
                connections.append(await connect(socket_url, ping_interval=None, open_timeout=60))
                await sit_down(connections[-1], seat)
        stats.seated.add(table)
        await stats.all_seated.wait()
        await connections[0].send(json.dumps({"kind": "start"}))
        rng = random.Random(seed)
        players = (play_seat(connection, seat, make_bot(bot, rng.getrandbits(64)), variant, stats)
                   for seat, connection in enumerate(connections))
        await asyncio.wait_for(asyncio.gather(*players), timeout)
        stats.finished += 1
    finally:
        for connection in connections:
            await connection.close()


async def run_games(
    base: str, tables: list[str], variant: AnyVariant, bot: str, seed: int, timeout: float, stats: Stats,
) -> None:
    gate = asyncio.Semaphore(20)

    async def one(index: int, table: str) -> None:
        try:
            await play_game(base, table, variant, bot, seed + index, stats, gate, timeout)
        except (asyncio.TimeoutError, TimeoutError):
            stats.errors.append(f"table {table}: timed out (a connection, or a game not over in {timeout} s)")
        except Exception as error:  # a lost connection, a refusal: counted, never hidden
            stats.errors.append(f"table {table}: {type(error).__name__}: {error}")

    async def seating_done() -> None:
        # Every table is seated (or has failed) before any game starts: the games run at once.
        while len(stats.seated) + len(stats.errors) < len(tables):
            await asyncio.sleep(0.05)
        stats.began = time.perf_counter()
        stats.all_seated.set()

    await asyncio.gather(seating_done(), *(one(index, table) for index, table in enumerate(tables)))


#: The load comes from one address (127.0.0.1): the limits per address, which keep one client
#: from taking a public server's share of everybody, are lifted for it.
ONE_ADDRESS_LOAD = [
    "--tables-per-minute-per-address", "100000", "--tables-per-minute", "100000", "--max-connections", "20000",
    "--max-connections-per-address", "20000", "--sockets-per-minute-per-address", "100000",
]


def start_server(db: str, extra: list[str], profile: str | None = None) -> tuple[subprocess.Popen[str], str]:
    """``jass serve`` on a free port of 127.0.0.1, its games in ``db`` (under cProfile, its
    statistics written to ``profile`` when it stops, if given); its process and its address."""
    profiled = ["-m", "cProfile", "-o", profile] if profile else []
    process = subprocess.Popen(
        [sys.executable, *profiled, "-m", "jass", "serve", "--host", "127.0.0.1", "--port", "0", "--bot-delay", "0",
         "--db", db, *ONE_ADDRESS_LOAD, *extra],
        stdout=subprocess.PIPE, text=True,
    )
    assert process.stdout is not None
    line = process.stdout.readline()
    found = re.search(r"(http://\S+/)", line)
    if not found:
        process.kill()
        raise SystemExit(f"jass serve did not start: {line!r}")
    return process, found.group(1)


def cpu_seconds(pid: int) -> float | None:
    """The CPU time (user and system) process ``pid`` has used so far, on Linux; else None."""
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def percentile(values: list[float], share: float) -> float:
    """The ``share`` quantile (nearest rank) of ``values``."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(share * len(ordered)) - 1))]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200, help="games at once (200)")
    parser.add_argument("--variant", default="schieber", help="the variant (schieber)")
    parser.add_argument("--preset", default=None, help="a preset of the variant (default: its default rules)")
    parser.add_argument("--rounds", type=int, default=2,
                        help="rounds a game lasts (2; 0: the rules' own end, e.g. Schieber to 3000)")
    parser.add_argument("--bot", default="rule", choices=sorted(BOTS), help="the clients' bot (rule)")
    parser.add_argument("--think", type=float, default=0.0,
                        help="seconds each client waits before it answers (0: at once, the server saturated)")
    parser.add_argument("--seed", type=int, default=20240601, help="the seed of the clients' choices")
    parser.add_argument("--timeout", type=float, default=900, help="seconds a game may take (900)")
    parser.add_argument("--json", default=None, help="write the results to this file")
    parser.add_argument("--db", default=None,
                        help="where the server keeps its games (default: a new SQLite file in a temporary folder; "
                             "':memory:'; postgresql://...)")
    parser.add_argument("--server-arg", action="append", default=[], metavar="ARG",
                        help="one more argument for jass serve (e.g. --server-arg=--compress)")
    parser.add_argument("--profile", default=None, metavar="PATH",
                        help="run the server under cProfile and write its statistics here (slower: not for the "
                             "moves per CPU second)")
    args = parser.parse_args()
    if not 1 <= args.games <= 1000:
        parser.error("--games: 1..1000")

    import attrs

    variant = find_variant(args.variant)
    rules = None
    described = args.preset or "its default rules"
    if args.rounds:
        fields = attrs.fields_dict(variant.rules_type)
        if "rounds" not in fields or "target_score" not in fields:
            parser.error(f"--rounds: {variant.name} has no rule for a number of rounds")
        chosen = attrs.evolve(variant.rules_type(), target_score=None, rounds=args.rounds)
        rules = serial.to_dict(chosen, compact=True)
        described = f"{args.rounds} round(s)"

    folder = tempfile.TemporaryDirectory(prefix="bench-serve-")
    db = args.db or os.path.join(folder.name, "serve.sqlite3")
    process, base = start_server(db, args.server_arg, args.profile)
    stats = Stats()
    stats.think = args.think
    try:
        tables = [create_table(base, variant.name, rules, args.preset) for _ in range(args.games)]
        cpu_before = cpu_seconds(process.pid)
        asyncio.run(run_games(base, tables, variant, args.bot, args.seed, args.timeout, stats))
        elapsed = time.perf_counter() - stats.began
        cpu_after = cpu_seconds(process.pid)
    finally:
        # Ctrl-C: the server stops as it does for a person (and cProfile writes its statistics).
        process.send_signal(signal.SIGINT)
        try:
            process.wait(timeout=60)
        except subprocess.TimeoutExpired:
            process.kill()
        folder.cleanup()

    median = statistics.median(stats.latencies) if stats.latencies else float("nan")
    p99 = percentile(stats.latencies, 0.99) if stats.latencies else float("nan")
    results = {
        "python": platform.python_version(), "cpus": os.cpu_count(), "variant": variant.name,
        "rules": described, "db": "postgresql" if db.startswith("postgres") else db if db == ":memory:" else "sqlite",
        "server_args": args.server_arg, "games": args.games, "finished": stats.finished,
        "errors": len(stats.errors), "moves": stats.moves, "seconds": round(elapsed, 2),
        "moves_per_second": round(stats.moves / elapsed, 1), "think_seconds": args.think,
        "server_cpu_seconds": None if cpu_before is None or cpu_after is None else round(cpu_after - cpu_before, 2),
        "load_average": [round(load, 2) for load in os.getloadavg()],
        "latency_median_ms": round(median * 1000, 2), "latency_p99_ms": round(p99 * 1000, 2),
    }
    print(f"jass serve, {variant.name} ({results['rules']}), {args.games} games at once, "
          f"{variant.seats} WebSocket clients each, one server process, games kept in {results['db']} "
          f"{' '.join(args.server_arg)}")
    print(f"  games finished   {stats.finished} of {args.games}")
    print(f"  errors           {len(stats.errors)}")
    for error in stats.errors[:10]:
        print(f"    {error}")
    print(f"  moves            {stats.moves} in {elapsed:.1f} s ({results['moves_per_second']} a second; "
          f"clients think {args.think} s)")
    if results["server_cpu_seconds"]:
        print(f"  server CPU       {results['server_cpu_seconds']} s: "
              f"{stats.moves / results['server_cpu_seconds']:.0f} moves a CPU second")
    print(f"  load average     {' '.join(map(str, results['load_average']))} ({os.cpu_count()} cores)")
    print(f"  move sent -> next observation: median {results['latency_median_ms']} ms, "
          f"99th percentile {results['latency_p99_ms']} ms")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as out:
            json.dump(results, out, indent=2)
    return 1 if stats.errors or stats.finished != args.games else 0


if __name__ == "__main__":
    sys.exit(main())
