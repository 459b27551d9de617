"""``jass serve``: a game server to play any registered variant in the browser, with friends and
bots (the optional extra ``jass[serve]``: Starlette and uvicorn; ``jass[postgres]`` for a
PostgreSQL database).

It is also the reference for apps built on the library, and it uses nothing an app could not:
the registry (:mod:`jass.variant`), ``apply(state, move, seat=...)``, ``observe``, the JSON
loaders (:mod:`jass.serial`), records (:mod:`jass.records`) and bots (:mod:`jass.ai.bots`).

- :mod:`jass.serve.tables`: the tables, in plain Python and asyncio: the authoritative
  state of each game, the seats and their secret tokens, the bots, every message a client
  may send and every message it is sent;
- :mod:`jass.serve.store` and :mod:`jass.serve.postgres`: where the games are kept (SQLite,
  PostgreSQL), so that a restart finds them where they stood;
- :mod:`jass.serve.inputs`, :mod:`jass.serve.limits`, :mod:`jass.serve.guard`: what a client
  may send, how much, how fast, and from where;
- :mod:`jass.serve.updates`: what each seat is sent, written cheaply; :mod:`jass.serve.bots`:
  the bots a client may choose, and where they think; :mod:`jass.serve.relay`: several
  processes on one database;
- :mod:`jass.serve.app`: the web layer (Starlette): the page, the card pictures, the
  HTTP API and the WebSocket of each table; :func:`jass.serve.app.run` starts it;
- ``jass/serve/static/``: the page, plain HTML, CSS and JavaScript (no build step).

The guide "Run a game server" in the documentation walks through the code.
"""

from __future__ import annotations

from jass.serve.inputs import TableError
from jass.serve.limits import Limits
from jass.serve.tables import Client, Lobby, Table

__all__ = ["Client", "Limits", "Lobby", "Table", "TableError"]
