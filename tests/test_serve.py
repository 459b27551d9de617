"""``jass serve``: the tables (plain Python) and the HTTP and WebSocket protocol (Starlette's
test client). What the server must never allow is proved here: a client cannot choose the deal,
play for another seat, or learn another hand, and the seed stays on the server until the end."""

from __future__ import annotations

import asyncio
import copy
import fnmatch
import json
import random
import re
import signal
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from typing import Any

import pytest

pytest.importorskip("starlette", reason="jass serve is the optional extra jass[serve]")
pytestmark = pytest.mark.usefixtures("known_seeds")

from starlette.testclient import TestClient  # noqa: E402
from starlette.websockets import WebSocketDisconnect  # noqa: E402

import toy_variant  # noqa: E402,F401  (registered: the server must serve it like any variant)
from jass import LeadMode, PerTrickMode, coiffeur, differenzler, records, schieber, serial  # noqa: E402
from jass.cards import Card, CardSet  # noqa: E402
from jass.faces import FACES, Deck, Faces  # noqa: E402
from jass.serve.app import create_app  # noqa: E402
from jass.serve.bots import Bots  # noqa: E402
from jass.serve.inputs import MAX_MESSAGE, LimitError, TableError, read_message  # noqa: E402
from jass.serve.limits import Limits  # noqa: E402
from jass.serve.tables import Client, Lobby, Table  # noqa: E402
from jass.serve.updates import UpdateWriter, describe  # noqa: E402
from jass.testing import visible_cards  # noqa: E402
from jass.variant import VARIANTS, find_variant  # noqa: E402
from jass.weis import Weis  # noqa: E402

ONE_ROUND = {"format": "jass/1", "type": "schieber.Rules", "target_score": None, "rounds": 1}
TWO_ROUNDS = {"format": "jass/1", "type": "schieber.Rules", "target_score": None, "rounds": 2}
#: A card's code or picture as it may appear in a message's text.
CARD_TEXT = re.compile(r"(?<![A-Za-z0-9_-])([CSHD](?:10|[6-9JQKA]))(?![A-Za-z0-9_-])|([♣♠♥♦](?:10|[6-9JQKA]))")


#: Limits that tests of the game itself never meet (tests/test_serve_limits.py meets them).
LAVISH = Limits(messages_per_second=10_000, message_burst=10_000, max_refusals=10_000,
                tables_per_minute_per_address=10_000, tables_per_minute=10_000, sockets_per_minute_per_address=10_000)


@pytest.fixture
def server() -> Iterator[tuple[TestClient, Lobby]]:
    """A server whose bots move at once, and its lobby."""
    lobby = Lobby(bot_delay=0, limits=LAVISH)
    with TestClient(create_app(lobby)) as client:
        yield client, lobby


def new_table(client: TestClient, **request: Any) -> str:
    response = client.post("/api/tables", json=request)
    assert response.status_code == 201, response.text
    table_id: str = response.json()["table"]
    assert response.json()["url"] == f"/t/{table_id}"
    return table_id


def receive(socket: Any, until: Any = lambda message: True, limit: int = 2_000) -> dict[str, Any]:
    """The next message that satisfies ``until``; a refusal on the way fails the test."""
    for _ in range(limit):
        message: dict[str, Any] = socket.receive_json()
        assert message["kind"] != "refused", message
        if until(message):
            return message
    raise AssertionError(f"no such message in {limit}")


def refusal(socket: Any) -> str:
    """The text of the next refusal (updates on the way are skipped)."""
    for _ in range(200):
        message = socket.receive_json()
        if message["kind"] == "refused":
            text: str = message["message"]
            return text
    raise AssertionError("no refusal")


def my_turn_or_over(message: dict[str, Any], answered: int = -1) -> bool:
    """An update that offers moves not yet answered, or the game's end."""
    if message["kind"] != "update":
        return False
    return message["result"] is not None or (bool(message["moves"]) and message["moves_made"] > answered)


def settle(table: Table, moves_made: int) -> int:
    """Wait until the game has started, ``moves_made`` moves are made and no bot is to act
    (the server's bots move in its own thread); the table's version then."""
    for _ in range(20_000):
        if table.started and len(table.moves) >= moves_made and table.bot_to_act() is None:
            return table.version
        time.sleep(0.001)
    raise AssertionError("the bots never stopped")


def cards_in(text: str, faces: Faces = FACES) -> set[Card]:
    """Every card written in ``text``, by its code or by its picture (``♥10``, read as ``faces``
    pair the suits)."""
    found = set()
    for code, symbol in CARD_TEXT.findall(text):
        found.add(Card.parse(code) if code else faces.parse_card(symbol))
    return found


# --- HTTP -------------------------------------------------------------------------------------------


def test_the_page_its_files_and_the_library_s_card_pictures_are_served(server: tuple[TestClient, Lobby]) -> None:
    client, _ = server
    page = client.get("/")
    assert page.status_code == 200 and "/static/jass.js" in page.text
    assert client.get("/t/anything").text == page.text  # the page itself reads the table from its address
    assert "frame-ancestors 'none'" in page.headers["content-security-policy"]
    assert page.headers["x-content-type-options"] == "nosniff"
    for name, kind in (("jass.js", "javascript"), ("jass.css", "text/css")):
        response = client.get(f"/static/{name}")
        assert response.status_code == 200 and kind in response.headers["content-type"]
    svg = client.get("/cards/french/seed/H10.svg")
    assert svg.headers["content-type"] == "image/svg+xml" and 'data-card="H10"' in svg.text
    for missing in ("/cards/french/seed/H11.svg", "/cards/tarot/seed/H10.svg", "/cards/french/nowhere/H10.svg",
                    "/cards/french/nowhere/names.json"):
        assert client.get(missing).status_code == 404, missing
    # Schilten is drawn with ♠ at a Swisslos table («Schilten/Schaufel»), with ♥ by seed 001's
    # pairing; a Swiss pack names it.
    assert "♠" in client.get("/cards/french/swisslos/H10.svg").text
    names = {pack: client.get(f"/cards/{pack}/names.json").json() for pack in ("french/seed", "french/swisslos",
                                                                                "swiss/swisslos")}
    assert [names[pack]["H10"] for pack in names] == ["♥10", "♠10", "Schilten Banner"]
    assert names["swiss/swisslos"]["DJ"] == "Schellen Under" and len(names["french/seed"]) == 36


def test_the_page_uses_no_other_site_and_no_inline_script() -> None:
    from jass.serve.app import STATIC

    for path in STATIC.iterdir():
        text = path.read_text(encoding="utf-8")
        assert "http://" not in text and "https://" not in text, f"{path.name} loads from another site"
    page = (STATIC / "index.html").read_text(encoding="utf-8")
    assert re.findall(r"<script[^>]*>", page) == ['<script src="/static/jass.js" defer>']
    script = (STATIC / "jass.js").read_text(encoding="utf-8")
    # Text from the server or a player goes into the page as text, never as markup.
    assert "innerHTML" not in script and "insertAdjacentHTML" not in script and "eval(" not in script


def test_the_wheel_ships_every_file_of_the_page() -> None:
    from pathlib import Path

    from jass.serve.app import STATIC

    tomllib = pytest.importorskip("tomllib")  # Python 3.11 and newer
    project = tomllib.loads((Path(__file__).parent.parent / "pyproject.toml").read_text(encoding="utf-8"))
    patterns = project["tool"]["setuptools"]["package-data"]["jass.serve"]
    files = sorted(path.name for path in STATIC.iterdir())
    assert files == ["index.html", "jass.css", "jass.js"]
    for name in files:
        assert any(fnmatch.fnmatch(f"static/{name}", pattern) for pattern in patterns), name


def test_the_variants_offered_are_every_registered_one_with_its_presets(server: tuple[TestClient, Lobby]) -> None:
    client, _ = server
    info = client.get("/api/variants").json()
    assert [v["name"] for v in info["variants"]] == list(VARIANTS)
    assert "toy" in [v["name"] for v in info["variants"]]
    schieber_info = info["variants"][0]
    assert list(schieber_info["presets"]) == list(schieber.VARIANT.presets)
    swisslos = serial.from_dict(schieber_info["presets"]["swisslos"], expect=schieber.Rules)
    assert swisslos == schieber.Rules.swisslos()
    assert info["bot"] in info["bots"]


@pytest.mark.parametrize(
    ("request_body", "answer"),
    [
        # What nobody chooses: the seed, the deal.
        ({"variant": "schieber", "seed": 7}, "a new table has no field 'seed'"),
        ({"variant": "schieber", "deal": ["C6 C7"]}, "a new table has no field 'deal'"),
        ({"variant": "schieber", "rules": {**ONE_ROUND, "seed": 7}}, "unknown field 'seed'"),
        # Names that are not there.
        ({"variant": "poker"}, "no variant called 'poker'"),
        ({"variant": "schieber", "preset": "fast"}, "schieber has no preset 'fast': choose one of seed, swisslos"),
        ({"variant": "schieber", "bot": "oracle"}, "bot='oracle': this server offers random, rule"),
        ({"variant": "schieber", "bot": "ismcts"}, "bot='ismcts': this server offers random, rule"),
        # Rules checked by the library's loader.
        ({"variant": "schieber", "preset": "swisslos", "rules": ONE_ROUND}, "give a preset or rules, not both"),
        ({"variant": "schieber", "rules": {**ONE_ROUND, "rounds": 0}}, "$.rounds"),
        ({"variant": "schieber", "rules": {"format": "jass/1", "type": "pomme.Rules"}}, "expected schieber.Rules"),
        ({"variant": 3}, 'expected "variant": the name of a variant'),
        ([], 'expected an object such as {"variant": "schieber"'),
    ],
)
def test_a_new_table_is_refused_with_a_reason(server: tuple[TestClient, Lobby], request_body: Any, answer: str) -> None:
    client, lobby = server
    response = client.post("/api/tables", json=request_body)
    assert response.status_code == 400
    assert answer in response.json()["error"]
    assert not lobby.tables


def test_a_request_too_long_or_from_another_site_is_refused(server: tuple[TestClient, Lobby]) -> None:
    client, lobby = server
    huge = client.post("/api/tables", content=b'{"variant": "' + b"x" * 9_000 + b'"}')
    assert huge.status_code == 400 and "at most 8000 are read" in huge.json()["error"]
    broken = client.post("/api/tables", content=b'{"variant": ')
    assert broken.status_code == 400 and "not a request: not valid JSON" in broken.json()["error"]
    foreign = client.post("/api/tables", json={"variant": "schieber"}, headers={"origin": "https://evil.example"})
    assert foreign.status_code == 403
    assert not lobby.tables
    same = client.post("/api/tables", json={"variant": "schieber"}, headers={"origin": "http://testserver"})
    assert same.status_code == 201


def test_a_socket_from_another_site_or_to_no_table_is_closed(server: tuple[TestClient, Lobby]) -> None:
    client, _ = server
    table_id = new_table(client, variant="schieber")
    with pytest.raises(WebSocketDisconnect):
        with client.websocket_connect(f"/ws/{table_id}", headers={"origin": "https://evil.example"}) as socket:
            socket.receive_json()
    with client.websocket_connect("/ws/nothing-here") as socket:
        assert socket.receive_json() == {"kind": "refused",
                                         "message": "there is no such table (it may have ended long ago)"}
        with pytest.raises(WebSocketDisconnect):
            socket.receive_json()


# --- a whole game over the WebSocket ----------------------------------------------------------------


def play_to_the_end(
    socket: Any, rng: random.Random, seen: list[dict[str, Any]], update: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """Play the moves the server offers (chosen at random) until the game is over, starting
    with ``update`` if it is given."""
    answered = -1
    while True:
        if update is None or not my_turn_or_over(update, answered):
            update = receive(socket, lambda message: my_turn_or_over(message, answered))
        seen.append(update)
        if update["result"] is not None:
            return update
        socket.send_json({"kind": "move", "move": rng.choice(update["moves"])["move"]})
        answered = update["moves_made"]


def test_a_person_plays_a_whole_game_against_three_bots(server: tuple[TestClient, Lobby]) -> None:
    client, lobby = server
    table_id = new_table(client, variant="schieber", rules=ONE_ROUND, bot="rule")
    seen: list[dict[str, Any]] = []
    with client.websocket_connect(f"/ws/{table_id}") as socket:
        socket.send_json({"kind": "hello"})
        first = receive(socket)
        assert first["seat"] is None and first["observation"] is None and not first["table"]["started"]
        socket.send_json({"kind": "sit", "seat": 2, "name": "  Anna  \u00a0 <b>"})
        seated = receive(socket, lambda message: message["kind"] == "seated")
        assert seated["seat"] == 2 and len(seated["token"]) >= 24
        socket.send_json({"kind": "start"})
        final = play_to_the_end(socket, random.Random(1), seen)
    table = lobby.tables[table_id]
    players = final["table"]["players"]
    assert players[2]["name"] == "Anna <b>" and [p["kind"] for p in players] == ["bot", "bot", "human", "bot"]
    assert all(update["observation"]["seat"] == 2 for update in seen)
    assert all(update["observation"]["to_act"] == 2 for update in seen[:-1])
    # The result is the game's, and the record replays to it.
    record_text = client.get(f"/tables/{table_id}/record")
    assert record_text.status_code == 200
    assert record_text.headers["content-disposition"] == f'attachment; filename="jass-schieber-{table_id}.json"'
    record = records.read_record(record_text.text)
    final_state = records.final_state(record)
    assert final_state == table.state and schieber.is_over(final_state)
    assert final["result"]["standings"] == list(final_state.scores) == record.result["scores"]  # type: ignore[index]
    assert final["result"]["winner"] == schieber.winner(final_state)
    assert sum(final_state.scores) >= 157  # every card point of the round was written
    # Anna's moves are in the record, each made when she was to act.
    states = list(records.replay(record))
    mine = [move for state, move in zip(states, record.moves) if schieber.to_act(state) == 2]
    assert len(mine) == len(seen) - 1


def test_a_differenzler_table_of_three_seats_three_and_plays_to_the_end(server: tuple[TestClient, Lobby]) -> None:
    """The server sees the number of players only through the registry (``seats_for``): the
    preset ``three`` makes a table of three seats, twelve cards each, and a fourth seat is refused."""
    client, lobby = server
    rules = {"format": "jass/1", "type": "differenzler.Rules", "rounds": 1, "seats": 3}
    table_id = new_table(client, variant="differenzler", rules=rules, bot="random")
    seen: list[dict[str, Any]] = []
    with client.websocket_connect(f"/ws/{table_id}") as socket:
        socket.send_json({"kind": "hello"})
        first = receive(socket)
        assert first["table"]["seats"] == 3 and first["table"]["teams"] == [[0], [1], [2]]
        socket.send_json({"kind": "sit", "seat": 3})
        assert "seat" in refusal(socket)
        socket.send_json({"kind": "sit", "seat": 1})
        receive(socket, lambda message: message["kind"] == "seated")
        socket.send_json({"kind": "start"})
        final = play_to_the_end(socket, random.Random(3), seen)
    assert len(seen[0]["observation"]["hand"].split()) == 12
    # Each for themselves: a team per seat, so the per-seat facts are the teams' (three values).
    assert [fact["values"] for fact in seen[0]["facts"]["teams"] if fact["field"] == "points"] == [["0"] * 3]
    state = lobby.tables[table_id].state
    assert differenzler.is_over(state) and len(state.penalties) == 3
    assert final["result"]["standings"] == list(state.penalties)
    record = records.read_record(client.get(f"/tables/{table_id}/record").text)
    assert records.final_state(record) == state


def test_a_coiffeur_table_offers_and_plays_a_misere_row() -> None:
    """The server sees the Misère only as a mode of a row (through the registry): the person
    at seat 0 is offered it in words, chooses it, and the slate writes the other team's points."""
    rules = coiffeur.Rules(slate=coiffeur.Slate((coiffeur.Row("Misère", 2, coiffeur.MISERE_MODES),)), first_dealer=3)
    lobby = Lobby(bot_delay=0)
    table = lobby.create("coiffeur", rules=serial.to_dict(rules), bot="random")
    client = Client()
    table.attach(client)
    table.receive(client, '{"kind": "hello"}')
    table.receive(client, '{"kind": "sit", "seat": 0}')
    table.receive(client, '{"kind": "start"}')
    table.play_bots()
    update = table.update_for(0)
    labels = [move["label"] for move in json.loads(update)["moves"]]
    assert "choose row 1 (Misère x2): Misère Slalom Undenufe −⬆⬇" in labels
    choice = coiffeur.ChooseRow(0, PerTrickMode.MISERE_UNDENUFE)
    table.play(0, choice)
    rng = random.Random(5)
    while not table.over and table.state.history == ():
        table.play_bots()
        if table.state.history == () and coiffeur.to_act(table.state) == 0:
            table.play(0, rng.choice(coiffeur.legal_moves(table.state)))
    score = table.state.history[0]
    assert score.mode is PerTrickMode.MISERE_UNDENUFE and score.team == 0
    assert score.written == score.teams[1].total and table.state.slates[0] == (score.written,)


def test_a_coiffeur_table_plays_alles_trumpf_and_elefant_to_the_end(server: tuple[TestClient, Lobby]) -> None:
    """The modes a card led decides reach the server as rows of a slate (through the registry):
    a person at seat 1 plays a whole game of the two app rows against rule bots; the page is
    offered the rows in words, shows no trump for a trick that waits on its deciding card, and
    the record replays to the result."""
    client, lobby = server
    rules = serial.to_dict(coiffeur.Rules(slate=coiffeur.Slate(coiffeur.APP_ROWS)))
    table_id = new_table(client, variant="coiffeur", rules=rules, bot="rule")
    seen: list[dict[str, Any]] = []
    with client.websocket_connect(f"/ws/{table_id}") as socket:
        socket.send_json({"kind": "hello"})
        receive(socket)
        socket.send_json({"kind": "sit", "seat": 1})
        receive(socket, lambda message: message["kind"] == "seated")
        socket.send_json({"kind": "start"})
        final = play_to_the_end(socket, random.Random(4), seen)
    labels = {move["label"] for update in seen for move in update["moves"]}
    assert labels & {"choose row 1 (Alles Trumpf x1): Alles Trumpf ∀", "choose row 2 (Elefant x1): Elefant ⬇⬆✚"}
    waiting = [update for update in seen if update["observation"]["phase"] == "play"
               and update["observation"]["mode"] == "alles_trumpf" and not update["observation"]["trick"]]
    assert waiting and all(update["observation"]["trump"] is None for update in waiting)
    state = lobby.tables[table_id].state
    assert coiffeur.is_over(state) and {score.mode for score in state.history} == set(LeadMode)
    record = records.read_record(client.get(f"/tables/{table_id}/record").text)
    assert records.final_state(record) == state and final["result"]["standings"] == list(state.scores)


def test_the_toy_variant_is_served_like_the_library_s_own(server: tuple[TestClient, Lobby]) -> None:
    client, _ = server
    table_id = new_table(client, variant="toy", bot="random")
    with client.websocket_connect(f"/ws/{table_id}") as socket:
        socket.send_json({"kind": "hello"})
        socket.send_json({"kind": "sit", "seat": 1})
        socket.send_json({"kind": "start"})
        final = play_to_the_end(socket, random.Random(2), [])
    assert final["table"]["players"][1]["name"] == "seat 1"
    record = records.read_record(client.get(f"/tables/{table_id}/record").text)
    assert record.variant == "toy" and final["result"]["standings"] == record.result["points"]  # type: ignore[index]


def test_zweierjass_is_served_through_the_registry(server: tuple[TestClient, Lobby]) -> None:
    """A variant the server never names: a person at seat 0 plays a whole game of Zweierjass
    against a rule bot, sees only its own draws, and the record replays to the result."""
    client, lobby = server
    table_id = new_table(client, variant="zweierjass", rules={"format": "jass/1", "type": "zweierjass.Rules",
                                                              "target_points": 200}, bot="rule")
    seen: list[dict[str, Any]] = []
    with client.websocket_connect(f"/ws/{table_id}") as socket:
        socket.send_json({"kind": "hello"})
        socket.send_json({"kind": "sit", "seat": 0})
        socket.send_json({"kind": "start"})
        final = play_to_the_end(socket, random.Random(5), seen)
    assert all(update["observation"]["seat"] == 0 for update in seen)
    assert any(update["observation"]["stack_size"] < 18 for update in seen)
    record = records.read_record(client.get(f"/tables/{table_id}/record").text)
    final_state = records.final_state(record)
    assert record.variant == "zweierjass" and final_state == lobby.tables[table_id].state
    assert final["result"]["standings"] == list(final_state.scores) == record.result["scores"]  # type: ignore[index]
    assert max(final_state.scores) >= 200 and final["result"]["winner"] == final_state.winner


def test_handjass_for_three_is_served_through_the_registry(server: tuple[TestClient, Lobby]) -> None:
    """A variant the server never names: a person at seat 1 plays a whole game of Handjass for
    three against two bots, and the record replays to the result."""
    client, lobby = server
    table_id = new_table(client, variant="handjass", rules={"format": "jass/1", "type": "handjass.Rules",
                                                            "target_strokes": 2}, bot="rule")
    seen: list[dict[str, Any]] = []
    with client.websocket_connect(f"/ws/{table_id}") as socket:
        socket.send_json({"kind": "hello"})
        socket.send_json({"kind": "sit", "seat": 1})
        socket.send_json({"kind": "start"})
        final = play_to_the_end(socket, random.Random(3), seen)
    assert [p["kind"] for p in final["table"]["players"]] == ["bot", "human", "bot"]
    assert all(update["observation"]["seat"] == 1 for update in seen)
    record = records.read_record(client.get(f"/tables/{table_id}/record").text)
    final_state = records.final_state(record)
    assert record.variant == "handjass" and final_state == lobby.tables[table_id].state
    assert final["result"]["standings"] == list(final_state.scores) == record.result["scores"]  # type: ignore[index]
    assert max(final_state.scores) >= 2 and final["result"]["winner"] == final_state.winner


def test_sidi_barrani_is_served_through_the_registry(server: tuple[TestClient, Lobby]) -> None:
    """A person at seat 2 plays a whole game of Sidi Barrani (to 300) against three bots through
    the server: the auction's calls and the cards, and the record replays to the result."""
    client, lobby = server
    table_id = new_table(client, variant="sidi", rules={"format": "jass/1", "type": "sidi.Rules", "target_score": 300},
                         bot="rule")
    seen: list[dict[str, Any]] = []
    with client.websocket_connect(f"/ws/{table_id}") as socket:
        socket.send_json({"kind": "hello"})
        socket.send_json({"kind": "sit", "seat": 2})
        socket.send_json({"kind": "start"})
        final = play_to_the_end(socket, random.Random(5), seen)
    assert [p["kind"] for p in final["table"]["players"]] == ["bot", "bot", "human", "bot"]
    assert all(update["observation"]["seat"] == 2 for update in seen)
    assert any(update["observation"]["phase"] == "auction" for update in seen)
    record = records.read_record(client.get(f"/tables/{table_id}/record").text)
    final_state = records.final_state(record)
    assert record.variant == "sidi" and final_state == lobby.tables[table_id].state
    assert final["result"]["standings"] == list(final_state.scores) == record.result["scores"]  # type: ignore[index]
    assert max(final_state.scores) >= 300 and final["result"]["winner"] == final_state.winner


def test_molotow_is_served_through_the_registry(server: tuple[TestClient, Lobby]) -> None:
    """A variant the server never names, whose seats its rules choose: a person at seat 2 plays
    a whole game of Molotow for six (two rounds) against five bots, and the record replays to
    the result."""
    client, lobby = server
    table_id = new_table(client, variant="molotow", rules={"format": "jass/1", "type": "molotow.Rules",
                                                           "seats": 6, "rounds": 2}, bot="rule")
    seen: list[dict[str, Any]] = []
    with client.websocket_connect(f"/ws/{table_id}") as socket:
        socket.send_json({"kind": "hello"})
        socket.send_json({"kind": "sit", "seat": 2})
        socket.send_json({"kind": "start"})
        final = play_to_the_end(socket, random.Random(5), seen)
    assert [p["kind"] for p in final["table"]["players"]] == ["bot", "bot", "human", "bot", "bot", "bot"]
    assert all(update["observation"]["seat"] == 2 for update in seen)
    record = records.read_record(client.get(f"/tables/{table_id}/record").text)
    final_state = records.final_state(record)
    assert record.variant == "molotow" and final_state == lobby.tables[table_id].state
    assert final["result"]["standings"] == list(final_state.totals) == record.result["totals"]  # type: ignore[index]
    assert len(final_state.history) == 2 and final["result"]["winner"] == final_state.winner


def test_bieter_is_served_through_the_registry(server: tuple[TestClient, Lobby]) -> None:
    """A person at seat 2 plays a whole game of Bieter (an auction, the table cards, the King's games)
    against two bots, and the record replays to the result."""
    client, lobby = server
    table_id = new_table(client, variant="bieter", rules={"format": "jass/1", "type": "bieter.Rules",
                                                          "min_bid": 100, "goal": 300}, bot="rule")
    seen: list[dict[str, Any]] = []
    with client.websocket_connect(f"/ws/{table_id}") as socket:
        socket.send_json({"kind": "hello"})
        socket.send_json({"kind": "sit", "seat": 2})
        socket.send_json({"kind": "start"})
        final = play_to_the_end(socket, random.Random(4), seen)
    assert [p["kind"] for p in final["table"]["players"]] == ["bot", "bot", "human"]
    assert all(update["observation"]["seat"] == 2 for update in seen)
    record = records.read_record(client.get(f"/tables/{table_id}/record").text)
    final_state = records.final_state(record)
    assert record.variant == "bieter" and final_state == lobby.tables[table_id].state
    assert final_state.king_won is not None and record.result["scores"] == list(final_state.scores)  # type: ignore[index]
    # The result names the seats that won: the King alone, or the two of the Bauernpartei together.
    king = final_state.king
    assert king is not None
    expected = [king] if final_state.king_won else [seat for seat in range(3) if seat != king]
    assert final["result"]["winners"] == expected


def test_reconnecting_with_the_seat_s_token_continues_where_the_game_stood(server: tuple[TestClient, Lobby]) -> None:
    client, lobby = server
    table_id = new_table(client, variant="schieber", rules=ONE_ROUND)
    rng = random.Random(3)
    with client.websocket_connect(f"/ws/{table_id}") as watcher:
        watcher.send_json({"kind": "hello"})
        with client.websocket_connect(f"/ws/{table_id}") as socket:
            socket.send_json({"kind": "hello"})
            socket.send_json({"kind": "sit", "seat": 0, "name": "Anna"})
            token = receive(socket, lambda message: message["kind"] == "seated")["token"]
            socket.send_json({"kind": "start"})
            answered = -1
            for _ in range(3):
                update = receive(socket, lambda message: my_turn_or_over(message, answered))
                socket.send_json({"kind": "move", "move": rng.choice(update["moves"])["move"]})
                answered = update["moves_made"]
            before = receive(socket, lambda message: my_turn_or_over(message, answered))
        # The tab is closed: the others see the seat offline, and the game waits for it.
        gone = receive(watcher, lambda message: message["table"]["started"]
                       and not message["table"]["players"][0]["online"])
        assert gone["observation"]["hand"] == "" and gone["observation"]["to_act"] == 0
        with client.websocket_connect(f"/ws/{table_id}") as socket:
            socket.send_json({"kind": "hello", "seat": 0, "token": token})
            again = receive(socket)
            assert again["observation"] == before["observation"] and again["moves"] == before["moves"]
            assert again["table"]["players"][0]["online"]
            final = play_to_the_end(socket, rng, [], again)
    assert final["result"] is not None and lobby.tables[table_id].over


def test_the_record_and_the_seed_stay_on_the_server_until_the_game_is_over(server: tuple[TestClient, Lobby]) -> None:
    client, lobby = server
    table_id = new_table(client, variant="schieber", rules=ONE_ROUND)
    assert client.get(f"/tables/{table_id}/record").status_code == 409  # not even started
    assert client.get("/tables/no-such-table/record").status_code == 404
    texts: list[str] = []
    with client.websocket_connect(f"/ws/{table_id}") as socket:
        socket.send_json({"kind": "hello"})
        socket.send_json({"kind": "sit", "seat": 1})
        socket.send_json({"kind": "start"})
        update = receive(socket, my_turn_or_over)
        seed = lobby.tables[table_id].state.seed
        early = client.get(f"/tables/{table_id}/record")
        assert early.status_code == 409 and "once the game is over" in early.json()["error"]
        assert str(seed) not in early.text
        rng = random.Random(4)
        while update["result"] is None:
            texts.append(json.dumps(update))
            socket.send_json({"kind": "move", "move": rng.choice(update["moves"])["move"]})
            answered = update["moves_made"]
            update = receive(socket, lambda message: my_turn_or_over(message, answered))
    assert texts and not any(str(seed) in text for text in texts)
    assert json.loads(client.get(f"/tables/{table_id}/record").text)["seed"] == seed


# --- refusals -------------------------------------------------------------------------------------


def test_every_refusal_says_why_and_changes_nothing(server: tuple[TestClient, Lobby]) -> None:
    client, lobby = server
    table_id = new_table(client, variant="schieber", rules=ONE_ROUND)
    table = lobby.tables[table_id]
    with client.websocket_connect(f"/ws/{table_id}") as socket, \
            client.websocket_connect(f"/ws/{table_id}") as other:
        cases: list[tuple[Any, str]] = [
            ('{"kind": "sit", "seat": 0}', 'say "hello" first'),
            ("hello", "not a message: not valid JSON"),
            ("x" * (MAX_MESSAGE + 1), f"a message of {MAX_MESSAGE + 1} characters: at most {MAX_MESSAGE} are read"),
            (b'{"kind": "hello"}', "a message is JSON text"),
            ('{"kind": "deal"}', 'expected a message with "kind": one of hello, sit, start, move, deck'),
            ('{"kind": "sit", "seat": "\\ud800"}', "$.seat: U+D800 (a lone surrogate) is not allowed in a text"),
        ]
        for text, answer in cases:
            before = table.version
            if isinstance(text, bytes):
                socket.send_bytes(text)
            else:
                socket.send_text(text)
            assert answer in refusal(socket)
            assert table.version == before
        socket.send_json({"kind": "hello"})
        receive(socket)
        other.send_json({"kind": "hello"})
        other.send_json({"kind": "sit", "seat": 1, "name": "Carla"})
        receive(other, lambda message: message["kind"] == "seated")
        cases = [
            ('{"kind": "hello"}', '"hello" comes once, first'),
            ('{"kind": "start"}', "take a seat to start the game"),
            ('{"kind": "sit", "seat": 1}', "seat 1 is taken"),
            ('{"kind": "sit", "seat": 4}', "seat=4: expected a seat 0..3"),
            ('{"kind": "sit", "seat": 0, "name": "' + "x" * 30 + '"}', "a name has at most 24 characters"),
            ('{"kind": "sit", "seat": 0, "token": "mine"}', 'a "sit" message has no field \'token\''),
            ('{"kind": "move", "move": {"format": "jass/1", "type": "schieber.Push"}}', "you are watching"),
        ]
        for text, answer in cases:
            before = table.version
            socket.send_text(text)
            assert answer in refusal(socket)
            assert table.version == before
        # A refused hello closes its socket: every guess at a token costs a new connection.
        with client.websocket_connect(f"/ws/{table_id}") as guesser:
            guesser.send_json({"kind": "hello", "seat": 1, "token": "guess"})
            assert refusal(guesser) == "that is not the token of seat 1"
            with pytest.raises(WebSocketDisconnect) as closed:
                guesser.receive_json()
            assert (closed.value.code, closed.value.reason) == (1008, "that is not the token of seat 1")
        other.send_json({"kind": "move", "move": {"format": "jass/1", "type": "schieber.Push"}})
        assert refusal(other) == "the game has not started"
        other.send_json({"kind": "start"})
        update = receive(other, my_turn_or_over)
        state = table.state
        socket.send_json({"kind": "sit", "seat": 0})
        assert refusal(socket) == "the game has started: every seat is taken"
        other.send_json({"kind": "start"})
        assert refusal(other) == "the game has started already"
        cases = [
            ('{"kind": "move", "move": {"format": "jass/1", "type": "differenzler.Predict", "points": 40}}',
             "expected schieber.ChooseTrump or schieber.Push"),
            ('{"kind": "move", "move": {"type": "schieber.Push"}}', "missing field 'format'"),
            ('{"kind": "move", "move": {"format": "jass/1", "type": "PlayCard", "card": "H11"}}', "$.card"),
            ('{"kind": "move", "seat": 3, "move": {"format": "jass/1", "type": "schieber.Push"}}',
             'a "move" message has no field \'seat\''),
        ]
        for text, answer in cases:
            other.send_text(text)
            assert answer in refusal(other)
            assert table.state is state
        # A move that is not legal now: the seat to act may read its own legal moves.
        wrong = {"format": "jass/1", "type": "schieber.Deal", "hands": None}
        other.send_json({"kind": "move", "move": wrong})
        text = refusal(other)
        assert text.startswith("Deal(hands=None) is not a legal move now (phase ") and "seat 1 may make: " in text
        assert table.state is state and update["moves"]


def test_a_client_cannot_play_for_another_seat(server: tuple[TestClient, Lobby]) -> None:
    client, lobby = server
    table_id = new_table(client, variant="schieber", rules=ONE_ROUND)
    table = lobby.tables[table_id]
    with client.websocket_connect(f"/ws/{table_id}") as anna, client.websocket_connect(f"/ws/{table_id}") as ben:
        tokens = {}
        for seat, socket in ((0, anna), (1, ben)):
            socket.send_json({"kind": "hello"})
            socket.send_json({"kind": "sit", "seat": seat})
            tokens[seat] = receive(socket, lambda message: message["kind"] == "seated")["token"]
        anna.send_json({"kind": "start"})
        rng = random.Random(5)
        refused = made = 0
        while True:
            version = settle(table, made)  # a person's turn (or the end): nothing moves until they do
            updates = [receive(socket, lambda message: message.get("version") == version) for socket in (anna, ben)]
            if table.over:
                break
            acting = schieber.to_act(table.state)
            assert acting in (0, 1)
            mover, idle = (anna, ben) if acting == 0 else (ben, anna)
            move = rng.choice(updates[acting]["moves"])["move"]
            assert not updates[1 - acting]["moves"]
            state = table.state
            idle.send_json({"kind": "move", "move": move})  # the right move, from the wrong seat
            assert refusal(idle) == f"seat {1 - acting} is not to act: seat {acting} is"
            assert table.state is state
            refused += 1
            made = len(table.moves) + 1
            mover.send_json({"kind": "move", "move": move})
        assert refused >= 9
    # A token opens its own seat only.
    for seat in (1, 2):  # a person's seat, a bot's
        with client.websocket_connect(f"/ws/{table_id}") as socket:
            socket.send_json({"kind": "hello", "seat": seat, "token": tokens[0]})
            assert refusal(socket) == f"that is not the token of seat {seat}"


def test_a_client_cannot_choose_the_deal() -> None:
    """At the end of a round the seat to act deals: only the deal of the game's seed is legal;
    a deal of chosen hands is refused, and so is every way to name a seed."""
    lobby = Lobby(bot_delay=0)
    table = lobby.create("schieber", rules=TWO_ROUNDS)
    clients = [Client() for _ in range(4)]
    for seat, client in enumerate(clients):
        table.attach(client)
        table.receive(client, '{"kind": "hello"}')
        table.receive(client, json.dumps({"kind": "sit", "seat": seat}))
    table.receive(clients[0], '{"kind": "start"}')
    rng = random.Random(6)
    while table.state.phase is not schieber.Phase.ROUND_OVER:
        acting = schieber.to_act(table.state)
        assert acting is not None
        update = json.loads(clients[acting].take()[-1])
        table.receive(clients[acting], json.dumps({"kind": "move", "move": rng.choice(update["moves"])["move"]}))
    acting = schieber.to_act(table.state)
    assert acting is not None
    update = json.loads(clients[acting].take()[-1])
    assert [offer["move"] for offer in update["moves"]] == [{"format": "jass/1", "type": "schieber.Deal", "hands": None}]
    state = table.state
    hands = ["C6 C7 C8 C9 C10 CJ CQ CK CA", "S6 S7 S8 S9 S10 SJ SQ SK SA",
             "H6 H7 H8 H9 H10 HJ HQ HK HA", "D6 D7 D8 D9 D10 DJ DQ DK DA"]
    forged = {"format": "jass/1", "type": "schieber.Deal", "hands": hands}
    table.receive(clients[acting], json.dumps({"kind": "move", "move": forged}))
    refused = json.loads(clients[acting].take()[-1])
    assert refused["kind"] == "refused" and "is not a legal move now (phase round_over" in refused["message"]
    assert table.state is state
    table.receive(clients[acting], json.dumps({"kind": "move", "move": update["moves"][0]["move"]}))
    assert table.state == schieber.apply(state, schieber.Deal())  # the seed's deal
    assert table.state.dealt != tuple(serial.from_dict(forged).hands)


# --- nothing hidden leaves the table -------------------------------------------------------------------


def states_of_a_game(name: str, seed: int) -> Iterator[Table]:
    """A table of ``name`` with a person at seat 0 and bots elsewhere, at every turn of the
    person (who plays at random) until the game is over."""
    variant = find_variant(name)
    lobby = Lobby(bot_delay=0)
    rules = variant.preset("tournament") if "tournament" in variant.presets else None
    table = lobby.create(name, rules=None if rules is None else serial.to_dict(rules), bot="random")
    client = Client()
    table.attach(client)
    table.receive(client, '{"kind": "hello"}')
    table.receive(client, '{"kind": "sit", "seat": 0}')
    table.receive(client, '{"kind": "start"}')
    rng = random.Random(seed)
    for _ in range(2_000):
        table.play_bots()
        yield table
        if table.over:
            return
        moves = variant.legal_moves(table.state)
        table.play(0, rng.choice(moves))


@pytest.mark.parametrize("name", ["schieber", "differenzler", "pomme", "handjass", "sidi", "molotow", "bieter", "zweierjass", "toy"])
def test_what_a_seat_is_sent_depends_only_on_what_it_may_see(name: str) -> None:
    """Two tables whose states differ only in what a seat cannot see (another hand, a secret
    prediction, the talon) send that seat, and every spectator, the same bytes."""
    variant = find_variant(name)
    hooks = variant.checks
    assert hooks.hidden_variations is not None
    rng = random.Random(7)
    compared = 0
    for step, table in enumerate(states_of_a_game(name, seed=8)):
        for seat in range(variant.seats):
            for sibling in hooks.hidden_variations(table.state, seat, rng):
                if sibling == table.state:
                    continue
                twin = copy.copy(table)
                twin.state = sibling
                # built from its own state alone
                twin._updates, twin._shared, twin._writers = {}, {}, {}
                twin._forget()
                for deck in Deck:  # in either pack
                    assert twin.update_for(seat, deck) == table.update_for(seat, deck), f"seat {seat} at step {step}"
                    assert twin.update_for(None, deck) == table.update_for(None, deck), f"spectators at step {step}"
                compared += 1
    assert compared >= 5


@pytest.mark.parametrize("name", ["schieber", "differenzler", "pomme", "handjass", "sidi", "molotow", "bieter", "zweierjass"])
def test_no_message_names_a_card_its_seat_may_not_know(name: str) -> None:
    """Every card a message names is one its seat may know in the round in play; the log
    besides holds the words everybody read of each move (cards played in earlier rounds)."""
    variant = find_variant(name)
    known = variant.checks.known_cards
    public_move = variant.text.public_move
    assert known is not None and public_move is not None
    for table in states_of_a_game(name, seed=9):
        state = table.state
        words = [public_move(move, table.rules) for move in table.moves]
        for seat in [*range(variant.seats), None]:
            message = json.loads(table.update_for(seat))
            moves = [entry["text"] for entry in message["log"] if entry["seat"] is not None]
            assert moves == words[len(words) - len(moves):]
            del message["log"]
            if seat is None:
                allowed = set.intersection(*(set(known(state, s)) for s in range(variant.seats)))
            else:
                allowed = set(known(state, seat))
                assert message["observation"] == serial.to_dict(variant.observe(state, seat))
            leaked = cards_in(json.dumps(message, ensure_ascii=False), table.faces[Deck.FRENCH]) - allowed
            assert not leaked, f"seat {seat} is sent {leaked}"


# --- the tables' parts ----------------------------------------------------------------------------------


@pytest.mark.slow  # a worker process starts
def test_a_search_bot_thinks_in_a_worker_process_while_the_server_serves_everybody_else() -> None:
    """A search bot thinks its 0.3 s a move in a worker process: the event loop goes on (a task
    that ticks every 10 ms ticks on) while the three bots move."""

    async def scenario() -> tuple[int, int]:
        limits = Limits(search_seconds=0.3)
        lobby = Lobby(bot_delay=0, limits=limits, bots=Bots(("rule", "ismcts"), limits))
        table = lobby.create("schieber", rules=ONE_ROUND, bot="ismcts")
        anna = Client()
        table.attach(anna)
        table.receive(anna, '{"kind": "hello"}')
        table.receive(anna, '{"kind": "sit", "seat": 0}')
        table.start_game(7)  # the bots' task starts at the next await
        while schieber.to_act(table.state) == 0:  # Anna's trump, her Weis, her lead: then the bots'
            table.play(0, schieber.legal_moves(table.state)[0])
        before, ticks = len(table.moves), 0

        async def ticker() -> None:
            nonlocal ticks
            while True:
                await asyncio.sleep(0.01)
                ticks += 1

        ticking = asyncio.create_task(ticker())
        for _ in range(3_000):  # at most 30 s (the workers start first)
            await asyncio.sleep(0.01)
            if table.bot_to_act() is None:
                break
        ticking.cancel()
        lobby.close()
        return len(table.moves) - before, ticks

    bot_moves, ticks = asyncio.run(scenario())
    assert bot_moves >= 1  # each thought 0.3 s
    assert ticks >= 15 * bot_moves, f"{ticks} ticks in {bot_moves} bot moves"


def test_a_slow_client_gets_the_latest_update_and_a_flooding_one_is_cut_off() -> None:
    client = Client()
    client.send("u1", update=True)
    client.send("seated")
    client.send("u2", update=True)
    assert client.take() == ["seated", "u2"]
    for number in range(Client.MAX_WAITING):
        client.send(f"refused {number}")
    assert not client.overflowed
    client.send("one too many")
    assert client.overflowed


def test_read_message_takes_short_json_objects_of_the_known_kinds_only() -> None:
    assert read_message('{"kind": "move", "move": {}}') == {"kind": "move", "move": {}}
    for text, reason in [
        ('{"kind": "hello", "kind": "start"}', "appears twice"),
        ('{"kind": "move", "n": NaN}', "NaN is not a JSON number"),
        ('["hello"]', 'expected a message with "kind"'),
        (None, "a message is JSON text"),
        ('{"kind": "' + "a" * MAX_MESSAGE + '"}', "at most 2000 are read"),
    ]:
        with pytest.raises(TableError, match=re.escape(reason)):
            read_message(text)


def test_the_lobby_holds_a_bounded_number_of_tables_and_lets_idle_ones_go() -> None:
    """At most max_tables in memory: a table nobody is connected to makes room (it stays in the
    store, and comes back when asked for); an unstarted table nobody is at is deleted after
    unstarted_minutes, one where people wait stays."""
    now = [0.0]
    lobby = Lobby(limits=Limits(max_tables=2, unstarted_minutes=5, idle_minutes=10), clock=lambda: now[0])
    first, second = lobby.create("schieber"), lobby.create("pomme", preset="seed")
    waiting, leaving = Client(), Client()
    first.attach(waiting)
    second.attach(leaving)
    with pytest.raises(LimitError, match="this server holds 2 tables, its most: try again later") as full:
        lobby.create("schieber")
    assert full.value.status == 503
    second.detach(leaving)
    third = lobby.create("differenzler")
    assert set(lobby.tables) == {first.id, third.id}
    assert lobby.get(second.id).variant.name == "pomme"  # from the store; the third table made room
    assert set(lobby.tables) == {first.id, second.id}
    now[0] = 5 * 60 + 1.0
    lobby.sweep()
    assert set(lobby.tables) == {first.id}
    for gone in (second.id, third.id):
        with pytest.raises(TableError, match="there is no such table"):
            lobby.get(gone)
    assert lobby.get(first.id) is first
    with pytest.raises(TableError, match="there is no such table"):
        lobby.get("nothing-at-all")


def test_a_table_takes_a_bounded_number_of_connections() -> None:
    table = Lobby().create("schieber")
    for _ in range(64):
        table.attach(Client())
    with pytest.raises(LimitError, match="this table has 64 connections, its most"):
        table.attach(Client())


#: Swisslos' pairing, from its text («Rose/Herz oder Eichel/Ecken [...] Schilten/Schaufel oder
#: Schellen/Kreuz»): each suit of the notation (C Eicheln, S Rosen, H Schilten, D Schellen) by
#: its Swiss name and the French symbol a Swisslos table draws it with; the ranks by their
#: names in each pack.
SWISSLOS_SUITS = {"C": ("Eicheln", "♦"), "S": ("Rosen", "♥"), "H": ("Schilten", "♠"), "D": ("Schellen", "♣")}
RANK_NAMES = {"6": ("6", "6"), "7": ("7", "7"), "8": ("8", "8"), "9": ("9", "9"), "10": ("Banner", "10"),
              "J": ("Under", "J"), "Q": ("Ober", "Q"), "K": ("König", "K"), "A": ("Ass", "A")}


def test_each_player_reads_the_cards_in_the_pack_it_chose() -> None:
    """Issue 28: a player chooses the French or the Swiss pack on the page (in its ``hello``,
    or later with a ``deck`` message); every word it is sent names the cards in that pack, a
    French pack paired as the table's rules pair the suits (Swisslos: Schilten is ♠), while the
    other players read their own pack. A pack that does not exist is refused."""
    table = Lobby(bot_delay=0).create("schieber", preset="swisslos")
    anna, ben = Client(), Client()
    for client, hello in ((anna, '{"kind": "hello", "deck": "swiss"}'), (ben, '{"kind": "hello"}')):
        table.attach(client)
        table.receive(client, hello)
    table.receive(anna, '{"kind": "sit", "seat": 0, "name": "Anna"}')
    table.start_game(11)
    for _ in range(40):  # on until Anna plays a card (choosing trump, if it falls to her)
        table.play_bots()
        if any(isinstance(move, schieber.PlayCard) for move in schieber.legal_moves(table.state)):
            break
        table.play(0, schieber.legal_moves(table.state)[0])
    assert schieber.to_act(table.state) == 0
    swiss, french = (json.loads(client.take()[-1]) for client in (anna, ben))
    suit = table.state.play.trump.suit
    assert suit is not None, "a seed whose trump is a suit"
    symbol = dict(SWISSLOS_SUITS.values())[suit.swiss_name]
    assert {fact["field"]: fact["value"] for fact in swiss["facts"]["table"]}["trump"] == suit.swiss_name
    assert {fact["field"]: fact["value"] for fact in french["facts"]["table"]}["trump"] == f"{suit.swiss_name} {symbol}"
    assert len(swiss["log"]) == len(french["log"]) and swiss["log"] != french["log"]
    assert not french["moves"]  # only the seat to act is offered moves
    offered = [offer for offer in swiss["moves"] if offer["move"]["type"] == "PlayCard"]
    assert offered
    for offer in offered:
        code = offer["move"]["card"]
        assert offer["label"] == f"play {SWISSLOS_SUITS[code[0]][0]} {RANK_NAMES[code[1:]][0]}"
    table.receive(anna, '{"kind": "deck", "deck": "french"}')  # she switches to the French pack
    again = json.loads(anna.take()[-1])
    for offer in (offer for offer in again["moves"] if offer["move"]["type"] == "PlayCard"):
        code = offer["move"]["card"]
        assert offer["label"] == f"play {SWISSLOS_SUITS[code[0]][1]}{RANK_NAMES[code[1:]][1]}"
    assert again["log"] == french["log"] and anna.deck is Deck.FRENCH
    table.receive(anna, '{"kind": "deck", "deck": "tarot"}')
    assert json.loads(anna.take()[-1]) == {"kind": "refused",
                                            "message": 'deck="tarot": expected a pack, "french" or "swiss"'}
    table.receive(anna, '{"kind": "deck", "deck": "\\ud800"}')
    assert json.loads(anna.take()[-1])["message"] == "$.deck: U+D800 (a lone surrogate) is not allowed in a text"
    assert anna.deck is Deck.FRENCH


def test_describe_names_a_per_trick_mode_in_words() -> None:
    """Coiffeur's Slalom: the round's mode and the trick's, each in words with its symbols."""
    from jass import PerTrickMode, coiffeur

    state = coiffeur.new_game(coiffeur.Rules(slate="swisslos_10"), seed=3)
    state = coiffeur.apply(state, coiffeur.ChooseRow(8, PerTrickMode.SLALOM_OBENABE))
    table = {fact["field"]: fact["value"] for fact in describe(coiffeur.observe(state, 1), coiffeur.VARIANT)["table"]}
    assert (table["mode"], table["trump"]) == ("Slalom Obenabe ⬇⬆", "Obenabe ⬇")


def test_describe_lays_cards_that_lie_together_on_the_table_not_one_a_seat() -> None:
    """Bieter's three face-up table cards: three cards at a table of three are not one card a
    seat (the page showed "table open: you ♠J, rule bot 1 ♠K, rule bot 2 ♣9")."""
    from jass import FULL_DECK, bieter

    state = bieter.new_game(bieter.Rules(first_dealer=2), deal=list(FULL_DECK))
    view = bieter.observe(state, 0)
    assert len(view.table_open) == 3
    facts = describe(view, bieter.VARIANT)
    assert all(fact["field"] != "table_open" for part in ("teams", "seats") for fact in facts[part])
    table = {fact["field"]: fact["value"] for fact in facts["table"]}
    assert table["table_open"].split("; ") == [FACES.card(card) for card in view.table_open]


def test_describe_words_bieter_s_auction_by_seat() -> None:
    """Bieter's auction holds each call's points, 0 for a «fort»: the page showed «600; 0; 610;
    620; 630». Now each call by its seat, worked by hand: Vorhand 0 bids 600, seat 1 drops out,
    seat 2 bids 610, seat 0 620, and seat 2 630 (seat 1 is out: the command line's words said
    «seat 1 630», counting every seat in turn)."""
    from jass import FULL_DECK, bieter

    state = bieter.new_game(bieter.Rules(first_dealer=2), deal=list(FULL_DECK))
    for move in (bieter.Bid(600), bieter.Pass(), bieter.Bid(610), bieter.Bid(620), bieter.Bid(630)):
        state = bieter.apply(state, move)
    view = bieter.observe(state, 1)
    said = "seat 0 600, seat 1 fort, seat 2 610, seat 0 620, seat 2 630"
    table = {fact["field"]: (fact["label"], fact["value"]) for fact in describe(view, bieter.VARIANT)["table"]}
    assert table["calls"] == ("auction", said)
    assert f"Auction: {said}" in bieter.VARIANT.text.describe(view)
    assert bieter.to_act(state) == 0


def test_describe_writes_a_record_a_seat_and_a_variant_s_own_mode_in_words() -> None:
    """A fact the page showed as Python's repr («Contract(bidder=2, points=100,
    mode=Trump.ROSEN, doubled=False)»), a seat as a bare number (the King «1») and Bieter's
    mode by its code («schellen»): now each in the words of the table."""
    from jass import FULL_DECK, Trump, bieter, sidi

    state = sidi.new_game(sidi.Rules(first_dealer=3), deal=list(FULL_DECK))
    state = sidi.apply(state, sidi.Bid(points=100, mode=Trump.ROSEN))
    for _ in range(3):
        state = sidi.apply(state, sidi.Pass())
    table = {fact["field"]: fact["value"] for fact in describe(sidi.observe(state, 1), sidi.VARIANT)["table"]}
    assert table["contract"] == "bidder seat 0, points 100, mode Rosen ♠, doubled no"

    king = bieter.new_game(bieter.Rules(first_dealer=2), deal=list(FULL_DECK))
    king = bieter.apply(bieter.apply(bieter.apply(king, bieter.Bid(600)), bieter.Pass()), bieter.Pass())
    for card in ("C6", "C7", "C8", "C9", "C10", "S6"):
        king = bieter.apply(king, bieter.Discard(card))
    king = bieter.apply(king, bieter.Announce(bieter.GameMode.SCHELLEN))
    table = {fact["field"]: fact["value"] for fact in describe(bieter.observe(king, 1), bieter.VARIANT)["table"]}
    assert (table["king"], table["mode"]) == ("seat 0", "Schellen ♦")


def test_describe_writes_weis_and_stoeck_once_they_are_shown() -> None:
    """A deal made by hand: seat 0 (Vorhand, as seat 3 deals) holds the sequence H6-H8 (20
    points) and, with Schilten trump, the Stöck HQ HK; no other hand holds a Weis. Seat 1 reads
    the declared points at once, the Weis itself after trick 1, and the Stöck once both cards
    are played."""
    deal = ["H6 H7 H8 HQ HK C6 C7 S6 S7", "H9 HJ HA C8 C9 S8 S10 D6 D8",
            "H10 C10 CQ CA SQ SA D7 D10 DQ", "CJ CK SJ SK S9 D9 DJ DK DA"]
    state = schieber.new_game(schieber.Rules(first_dealer=3), seed=1, deal=deal)
    state = schieber.apply(state, schieber.ChooseTrump("schilten"))

    def facts(seat: int) -> dict[str, dict[str, Any]]:
        found = describe(schieber.observe(state, seat), schieber.VARIANT)
        return {fact["field"]: fact for part in found.values() for fact in part}

    # Seed 001's multipliers (RULES.md): Schilten counts x2.
    assert {name: fact.get("value", fact.get("values")) for name, fact in facts(1).items()} == {
        "multiplier": "×2", "trump": "Schilten ♥", "scores": ["0", "0"], "round_points": ["0", "0"],
    }
    weis = schieber.legal_moves(state)[0]
    assert weis == schieber.DeclareWeis(Weis.from_cards(CardSet.parse("H6 H7 H8")))
    state = schieber.apply(state, weis)
    assert facts(1)["declared_points"] == {"field": "declared_points", "label": "Weis declared",
                                           "values": ["20", "–", "–", "–"]}
    assert facts(0)["own_weis"] == {"field": "own_weis", "label": "your Weis", "value": "sequence ♥6-♥8: 20"}
    assert "own_weis" not in facts(1) and "shown_weis" not in facts(1)

    def card(prefer: str) -> Any:  # ``prefer`` if it is legal, else the first legal card
        cards = [move for move in schieber.legal_moves(state) if isinstance(move, schieber.PlayCard)]
        return next((move for move in cards if str(move.card) == prefer), cards[0])

    state = schieber.apply(state, schieber.PlayCard("HK"))
    while state.play is not None and len(state.play.tricks) < 1:
        state = schieber.apply(state, card(""))
    assert facts(1)["shown_weis"]["values"] == ["sequence ♥6-♥8: 20", "–", "–", "–"]
    assert "stoeck_team" not in facts(1)  # HQ is still in seat 0's hand
    while state.play is not None and Card.HQ in state.play.hands[0]:
        state = schieber.apply(state, card("HQ"))
    assert facts(1)["stoeck_team"] == {"field": "stoeck_team", "label": "Stöck", "value": "seats 0+2"}


# --- the command -------------------------------------------------------------------------------------


@pytest.mark.slow  # a server process
def test_jass_serve_prints_its_address_and_serves_the_page() -> None:
    process = subprocess.Popen(
        [sys.executable, "-m", "jass", "serve", "--port", "0", "--db", ":memory:"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )
    try:
        assert process.stdout is not None
        line = process.stdout.readline()
        found = re.fullmatch(r"jass serve: play at (http://127\.0\.0\.1:\d+/) \(Ctrl-C stops\)\n", line)
        assert found, line
        with urllib.request.urlopen(found.group(1), timeout=20) as response:
            assert b"/static/jass.js" in response.read()
    finally:
        process.send_signal(signal.SIGINT)  # Ctrl-C
        _, errors = process.communicate(timeout=20)
    assert process.returncode == 0, errors


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--port", "70000"], "jass: --port 70000 --bot-delay 0.6: expected a port 0..65535 and 0..60 seconds"),
        (["--host", "no-such-host.invalid"], "jass: cannot listen on no-such-host.invalid:8000: "),
    ],
)
def test_jass_serve_says_what_is_wrong(argv: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    from jass.cli import main

    assert main(["serve", *argv]) == 2
    assert capsys.readouterr().err.startswith(message)
