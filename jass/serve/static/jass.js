// The page of `jass serve`. It draws what the server sends (the observation of this seat, the
// facts in words, the log) and sends back one of the moves the server offers. There are no
// rules here: what may be played is the server's list of legal moves.
"use strict";

(function () {
  const byId = (id) => document.getElementById(id);
  // Where the other seats sit, in the order of play after this page's seat (at the bottom).
  const PLACES = { 2: ["bottom", "top"], 3: ["bottom", "right", "left"], 4: ["bottom", "right", "top", "left"] };
  // More choices than this are offered in a list rather than as buttons (a prediction, say).
  const MOST_BUTTONS = 12;

  // An element with properties and children; strings become text nodes, never markup, so
  // nothing a player typed can turn into HTML.
  function el(tag, props, ...children) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(props || {})) {
      if (key === "class") node.className = value;
      else if (key.startsWith("data-")) node.setAttribute(key, value);
      else node[key] = value;
    }
    for (const child of children) if (child !== null && child !== undefined) node.append(child);
    return node;
  }

  // --- cards: how a card is drawn and named, all in this one place ------------------------------
  // A card travels as its code ("H10"); the server draws it (/cards/{deck}/{pairing}/H10.svg)
  // and names it (names.json), and writes the words it sends in the pack this page asked for:
  // French symbols paired as the table's rules pair them ("♠10" at a Swisslos table), or Swiss
  // names ("Schilten Banner"). The pack is this player's choice, remembered in this browser.
  const DECKS = ["french", "swiss"];
  let deck = "french", pairing = "seed", names = {};
  try { deck = DECKS.includes(localStorage.getItem("jass:deck")) ? localStorage.getItem("jass:deck") : "french"; } catch (error) { /* private mode */ }
  const packPath = () => "/cards/" + deck + "/" + encodeURIComponent(pairing) + "/";
  // The names of the cards in this pack, fetched once a pack (then drawn again).
  let namesOf = "";
  async function loadNames() {
    const pack = packPath();
    if (namesOf === pack) return;
    namesOf = pack;
    try {
      const found = await (await fetch(pack + "names.json")).json();
      if (namesOf === pack) { names = found; if (last) draw(last); }
    } catch (error) { namesOf = ""; }
  }

  // A card's picture.
  function card(code, kind) {
    const img = el("img", { class: "card" + (kind ? " " + kind : ""), alt: names[code] || "", draggable: false,
                            src: packPath() + encodeURIComponent(code) + ".svg" });
    img.dataset.card = code;
    return img;
  }
  const codes = (text) => (text ? text.split(" ") : []);

  // Words from the server, each French card in them ("♥10") in its suit's colour.
  const CARD_IN_WORDS = /([♣♠♥♦])(10|[6-9JQKA])/g;
  function words(value) {
    const text = String(value), out = document.createDocumentFragment();
    let at = 0;
    for (const found of text.matchAll(CARD_IN_WORDS)) {
      out.append(text.slice(at, found.index));
      out.append(el("span", { class: "card-word" + ("♥♦".includes(found[1]) ? " red" : "") }, found[0]));
      at = found.index + found[0].length;
    }
    out.append(text.slice(at));
    return out;
  }

  // The pack chosen on the page: remembered, and the server writes this page's words in it.
  function chooseDeck(chosen) {
    if (!DECKS.includes(chosen)) return;
    deck = chosen;
    try { localStorage.setItem("jass:deck", deck); } catch (error) { /* private mode */ }
    document.body.dataset.deck = deck;
    loadNames();
    if (socket && !greeting && updated) send({ kind: "deck", deck: deck });
    if (last) draw(last);
  }

  let sayTimer = null;
  function say(text) {
    const box = byId("message");
    box.textContent = text;
    box.hidden = false;
    clearTimeout(sayTimer);
    sayTimer = setTimeout(() => { box.hidden = true; }, 8000);
  }
  const status = (text) => { byId("status").textContent = text; };

  // --- a new table -------------------------------------------------------------------------------

  async function lobby() {
    byId("lobby").hidden = false;
    byId("title").textContent = "a new table";
    const info = await (await fetch("/api/variants")).json();
    const variant = byId("variant"), preset = byId("preset"), rules = byId("rules"), bot = byId("bot");
    let edited = false;
    for (const v of info.variants) variant.append(el("option", { value: v.name }, v.title));
    for (const name of info.bots) bot.append(el("option", { value: name }, name));
    bot.value = info.bot;
    const chosen = () => info.variants.find((v) => v.name === variant.value);
    function showRules() {
      const v = chosen();
      rules.value = JSON.stringify(preset.value ? v.presets[preset.value] : v.defaults, null, 1);
      edited = false;
    }
    function offerPresets() {
      preset.replaceChildren(el("option", { value: "" }, "the defaults"),
        ...Object.keys(chosen().presets).map((name) => el("option", { value: name }, name)));
      showRules();
    }
    variant.addEventListener("change", offerPresets);
    preset.addEventListener("change", showRules);
    rules.addEventListener("input", () => { edited = true; });
    offerPresets();
    byId("create").addEventListener("submit", async (event) => {
      event.preventDefault();
      const request = { variant: variant.value, bot: bot.value };
      if (edited) {
        try { request.rules = JSON.parse(rules.value); } catch (error) { say("The rules are not JSON: " + error.message); return; }
      } else if (preset.value) {
        request.preset = preset.value;
      }
      const response = await fetch("/api/tables", { method: "POST", body: JSON.stringify(request),
                                                    headers: { "content-type": "application/json" } });
      const answer = await response.json();
      if (!response.ok) { say(answer.error); return; }
      location.assign(answer.url);
    });
  }

  // --- a table ---------------------------------------------------------------------------------

  const tableId = decodeURIComponent(location.pathname.split("/")[2] || "");
  // This browser's seat and its secret token: from the link's fragment (never sent to the
  // server in a request line) or from this browser's storage.
  let me = { seat: null, token: null };
  let socket = null, last = null, greeting = false, updated = false, closedForGood = false, retry = 500;
  // The number of moves made when this page last sent one: it sends one move per turn.
  let answered = -1, showPrevious = false;
  // A move that loses the game at once, waiting for "Make it anyway".
  let pending = null;

  function readIdentity() {
    const params = new URLSearchParams(location.hash.slice(1));
    let seat = params.get("seat"), token = params.get("token");
    if (token === null) {
      try { ({ seat, token } = JSON.parse(localStorage.getItem("jass:" + tableId)) || {}); } catch (error) { token = null; }
    }
    if (typeof token === "string" && /^\d+$/.test(String(seat))) me = { seat: Number(seat), token: token };
    if (me.token !== null) keepIdentity();
  }
  function ownLink() {
    return location.origin + "/t/" + encodeURIComponent(tableId) + "#seat=" + me.seat + "&token=" + encodeURIComponent(me.token);
  }
  function keepIdentity() {
    history.replaceState(null, "", ownLink());
    try { localStorage.setItem("jass:" + tableId, JSON.stringify(me)); } catch (error) { /* private mode */ }
    byId("mine").value = ownLink();
    byId("own-link").hidden = false;
  }
  function forgetIdentity() {
    me = { seat: null, token: null };
    history.replaceState(null, "", location.pathname);
    try { localStorage.removeItem("jass:" + tableId); } catch (error) { /* private mode */ }
    byId("own-link").hidden = true;
  }

  function hello() {
    greeting = true;
    const message = { kind: "hello", deck: deck };
    if (me.token !== null) { message.seat = me.seat; message.token = me.token; }
    send(message);
  }
  // Close codes after which the page waits for the player rather than reconnecting at once:
  // 1001, the server closed a connection idle for long.
  const WAIT_FOR_PLAYER = new Set([1001]);
  function connect() {
    byId("closed").hidden = true;
    const scheme = location.protocol === "https:" ? "wss://" : "ws://";
    socket = new WebSocket(scheme + location.host + "/ws/" + encodeURIComponent(tableId));
    socket.addEventListener("open", () => { retry = 500; hello(); });
    socket.addEventListener("message", (event) => receive(JSON.parse(event.data)));
    socket.addEventListener("close", (event) => {
      if (closedForGood) return;
      if (WAIT_FOR_PLAYER.has(event.code)) {
        byId("closed-text").textContent = event.reason || "The connection was closed.";
        byId("closed").hidden = false;
        status("disconnected");
        return;
      }
      status("connection lost: reconnecting…");
      // 1013: the server is full for now; anything else: try again soon, then less often.
      setTimeout(connect, event.code === 1013 ? Math.max(retry, 5000) : retry);
      retry = Math.min(retry * 2, 8000);
    });
  }
  function send(message) {
    if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
  }

  function receive(message) {
    if (message.kind === "update") {
      greeting = false;
      updated = true;
      last = message;
      draw(message);
    } else if (message.kind === "seated") {
      me = { seat: message.seat, token: message.token };
      keepIdentity();
    } else if (message.kind === "refused") {
      say(message.message);
      answered = -1;
      if (greeting && me.token !== null) {  // not this table's token: the server closes this
        forgetIdentity();                  // socket, and the page comes back to watch
        retry = 100;
      } else if (!updated) {  // no such table
        closedForGood = true;
        status("no table here: start a new one");
      } else if (last) {
        draw(last);
      }
    }
  }

  const nameOf = (update, seat) =>
    seat === me.seat ? "you" : (update.table.players[seat].name || "seat " + seat);

  function teamOf(update, seat) {
    return update.table.teams.find((team) => team.includes(seat)) || [seat];
  }

  function draw(update) {
    const table = update.table;
    if (table.pairing && table.pairing !== pairing) { pairing = table.pairing; loadNames(); }
    byId("title").textContent = table.title + " · table " + table.id;
    byId("invite").value = location.origin + "/t/" + table.id;
    byId("rules-shown").querySelector("pre").textContent = JSON.stringify(table.rules, null, 1);
    byId("seating").hidden = table.started;
    byId("game").hidden = !table.started;
    if (!table.started) {
      drawSeating(update);
      return;
    }
    drawSeats(update);
    drawTrick(update);
    drawHand(update);
    drawMoves(update);
    drawSlate(update);
    const view = update.observation;
    if (update.result) status("game over");
    else if (view.to_act === me.seat && update.moves.length) status("your turn");
    else if (view.to_act !== null && view.to_act !== undefined) status(nameOf(update, view.to_act) + " to act");
    document.body.dataset.turn = update.moves.length ? "mine" : "";
    document.body.dataset.movesMade = update.moves_made;
  }

  function drawSeating(update) {
    const players = update.table.players;
    const list = byId("seats");
    list.replaceChildren();
    players.forEach((player, seat) => {
      const team = teamOf(update, seat).filter((s) => s !== seat);
      const item = el("li", { "data-seat": seat }, "Seat " + seat + (team.length ? " (with seat " + team.join(", ") + ")" : "") + ": ");
      if (player.kind === "open") {
        item.append(el("span", { class: "open" }, "open"));
        if (me.seat === null) {
          item.append(" ", el("button", { class: "sit", type: "button", "data-seat": seat, onclick: () => sit(seat) }, "Sit here"));
        }
      } else {
        item.append(el("strong", {}, seat === me.seat ? player.name + " (you)" : player.name),
                    player.online ? "" : " (offline)");
      }
      list.append(item);
    });
    byId("start").hidden = me.seat === null;
    status(me.seat === null ? "choose a seat" : "start when everybody sits");
  }

  function sit(seat) {
    const name = byId("name").value.trim();
    try { localStorage.setItem("jass:name", name); } catch (error) { /* private mode */ }
    send(name ? { kind: "sit", seat: seat, name: name } : { kind: "sit", seat: seat });
  }

  // The place of each seat around the table, this page's seat (or seat 0) at the bottom.
  function placeOf(update, seat) {
    const seats = update.table.seats;
    const bottom = me.seat === null ? 0 : me.seat;
    return (PLACES[seats] || PLACES[4])[(seat - bottom + seats) % seats];
  }

  function drawSeats(update) {
    const view = update.observation, facts = update.facts;
    for (const box of document.querySelectorAll("#felt .seat")) box.replaceChildren();
    update.table.players.forEach((player, seat) => {
      const box = document.querySelector('#felt .seat[data-place="' + placeOf(update, seat) + '"]');
      box.dataset.seat = seat;
      box.classList.toggle("to-act", view.to_act === seat);
      box.classList.toggle("offline", !player.online);
      const title = el("div", { class: "name" }, nameOf(update, seat),
                       el("span", { class: "seat-number" }, " · " + seat));
      if (view.dealer === seat) title.append(el("span", { class: "tag" }, "deals"));
      box.append(title);
      if (seat !== me.seat && view.hand_sizes) {
        const backs = el("div", { class: "backs", title: view.hand_sizes[seat] + " cards" });
        for (let i = 0; i < view.hand_sizes[seat]; i++) backs.append(el("span", { class: "back" }));
        box.append(backs);
      }
      for (const fact of facts.seats) {
        if (fact.values[seat] !== "–") box.append(el("div", { class: "fact", "data-field": fact.field }, fact.label + ": ", words(fact.values[seat])));
      }
    });
  }

  // The trick in play, each card before the seat that played it; between tricks, the trick
  // just taken, faded.
  function drawTrick(update) {
    const view = update.observation, seats = update.table.seats;
    const trick = byId("trick"), caption = byId("caption");
    trick.replaceChildren();
    caption.textContent = "";
    let shown = codes(view.trick), leader = view.trick_leader, taken = null;
    if (!shown.length && view.tricks && view.tricks.length) {
      taken = view.tricks[view.tricks.length - 1];
      shown = codes(taken.cards);
      leader = taken.leader;
      caption.textContent = nameOf(update, taken.winner) + " took the trick (" + taken.points + " points)";
    }
    shown.forEach((code, i) => {
      const seat = (leader + i) % seats;
      const img = card(code, taken ? "taken" : "");
      img.dataset.place = placeOf(update, seat);
      trick.append(img);
    });
  }

  function drawHand(update) {
    const hand = byId("hand");
    const playable = new Map();
    for (const offer of update.moves) if (offer.move.type === "PlayCard") playable.set(offer.move.card, offer);
    hand.replaceChildren();
    for (const code of codes(update.observation.hand)) {
      const offer = playable.get(code);
      const img = card(code, offer ? "legal" : (update.moves.length ? "dim" : ""));
      if (offer) {
        img.tabIndex = 0;
        img.setAttribute("role", "button");
        img.addEventListener("click", () => choose(offer));
        img.addEventListener("keydown", (event) => { if (event.key === "Enter" || event.key === " ") choose(offer); });
      }
      hand.append(img);
    }
  }

  // A move the player chose: sent at once, unless it loses the game at once (going out short
  // of the target): then the page asks first.
  function choose(offer) {
    if (offer.loses) {
      pending = offer;
      byId("confirm-text").replaceChildren(words(offer.label), " loses the game at once.");
      byId("confirm").hidden = false;
      byId("confirm-no").focus();
      return;
    }
    play(offer.move);
  }
  function play(move) {
    pending = null;
    byId("confirm").hidden = true;
    if (!last || last.moves_made === answered) return;  // one move per turn
    answered = last.moves_made;
    send({ kind: "move", move: move });
  }

  // Every offered move that is not a card: buttons, or a list when there are many.
  function drawMoves(update) {
    const box = byId("moves");
    box.replaceChildren();
    if (pending && !update.moves.some((offer) => JSON.stringify(offer.move) === JSON.stringify(pending.move))) {
      pending = null;
      byId("confirm").hidden = true;
    }
    const offers = update.moves.filter((offer) => offer.move.type !== "PlayCard");
    if (offers.length > MOST_BUTTONS) {
      const list = el("select", { id: "choice" }, ...offers.map((offer, i) => el("option", { value: i }, offer.label)));
      box.append(list, el("button", { type: "button", onclick: () => choose(offers[Number(list.value)]) }, "Go"));
    } else {
      for (const offer of offers) {
        box.append(el("button", { type: "button", class: "move" + (offer.loses ? " loses" : ""), onclick: () => choose(offer) },
                      words(offer.label)));
      }
    }
  }

  function teamName(update, team) {
    return team.map((seat) => nameOf(update, seat)).join(" + ");
  }

  function drawSlate(update) {
    const view = update.observation, facts = update.facts, teams = update.table.teams;
    const round = [];
    if (view.round_number !== undefined) round.push("Round " + (view.round_number + 1));
    if (view.phase) round.push(view.phase.replace(/_/g, " "));
    const multiplier = facts.table.find((fact) => fact.field === "multiplier");
    if (multiplier) round.push("counts " + multiplier.value);
    byId("round").textContent = round.join(" · ");

    const table = byId("teams");
    table.replaceChildren(el("tr", {}, el("th", {}, ""), ...teams.map((team) => el("th", {}, teamName(update, team)))));
    for (const fact of facts.teams) {
      table.append(el("tr", { "data-field": fact.field }, el("th", {}, fact.label), ...fact.values.map((value) => el("td", {}, words(value)))));
    }
    const list = byId("facts");
    list.replaceChildren();
    for (const fact of facts.table) {
      if (fact !== multiplier) list.append(el("dt", {}, fact.label), el("dd", { "data-field": fact.field }, words(fact.value)));
    }

    const result = byId("result");
    result.hidden = !update.result;
    if (update.result) {
      const won = update.result.winners;
      const outcome = won.length === 0 ? "a draw" : teamName(update, won) + " won";
      result.replaceChildren(
        el("h3", {}, "Game over: " + outcome),
        el("p", {}, "Final " + update.result.standing_name + ": ",
           el("span", { "data-standings": update.result.standings.join(" ") }, update.result.standings.join(" : "))),
        el("a", { id: "record", href: update.result.record, download: "jass-record-" + update.table.id + ".json" }, "Download the game record"));
    }

    const previous = byId("previous");
    const tricks = view.tricks || [];
    byId("last-trick").hidden = !tricks.length;
    previous.hidden = !(showPrevious && tricks.length);
    if (tricks.length) {
      const trick = tricks[tricks.length - 1];
      previous.replaceChildren(el("div", { class: "row" }, ...codes(trick.cards).map((code) => card(code, "small"))),
        el("p", {}, "led by " + nameOf(update, trick.leader) + ", taken by " + nameOf(update, trick.winner) + " (" + trick.points + " points)"));
    }

    const log = byId("log");
    log.replaceChildren(...update.log.map((entry) => el("li", {}, entry.seat === null ? "" : nameOf(update, entry.seat) + ": ", words(entry.text))));
    log.scrollTop = log.scrollHeight;
  }

  function start() {
    const choice = byId("deck");
    choice.value = deck;
    document.body.dataset.deck = deck;
    choice.addEventListener("change", () => chooseDeck(choice.value));
    loadNames();
    if (!tableId) { lobby(); return; }
    byId("table").hidden = false;
    try { byId("name").value = localStorage.getItem("jass:name") || ""; } catch (error) { /* private mode */ }
    byId("start").addEventListener("click", () => send({ kind: "start" }));
    byId("last-trick").addEventListener("click", () => { showPrevious = !showPrevious; if (last) draw(last); });
    byId("confirm-yes").addEventListener("click", () => { if (pending) play(pending.move); });
    byId("confirm-no").addEventListener("click", () => { pending = null; byId("confirm").hidden = true; });
    byId("reconnect").addEventListener("click", () => { retry = 500; connect(); });
    for (const id of ["invite", "mine"]) byId(id).addEventListener("focus", (event) => event.target.select());
    readIdentity();
    connect();
  }

  start();
})();
