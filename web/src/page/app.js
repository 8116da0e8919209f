// Amity's page: talks to the server over one WebSocket and draws what it is sent (the view of
// this browser's seat) as SVG. It knows no game's rules: the server lists the legal decisions
// with the squares they name, and the page only turns clicks into those tokens.
"use strict";

const SVG = "http://www.w3.org/2000/svg";
const CELL = 64;
const MARGIN = 18;
// Pictures for the pieces people know by these names; every other piece is drawn as its
// symbol on a disc (letter pieces, cloaks, unknowns).
const GLYPHS = {
  king: "\u265A", queen: "\u265B", rook: "\u265C", bishop: "\u265D", knight: "\u265E", pawn: "\u265F",
  monarch: "\u265A", general: "\u265B",
};

let socket = null;
let games = [];
let state = null;
let selected = null;
let choices = null;
let sentAt = null;
// The room this page left for the new-game form: its later messages are not shown.
let leftRoom = null;
// The squares whose contents changed with the last state of this room: the last decision's
// squares in any game, found from this seat's own boards, so they show nothing the seat's
// view does not.
let changed = [];
// Whether a hint asked for has not come back yet.
let hintPending = false;
// Every frame received and every move's answer time, for tests and the curious.
window.amityFrames = [];
window.amityLatency = [];

const $ = (id) => document.getElementById(id);

function el(name, attrs, parent) {
  const node = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attrs || {})) node.setAttribute(key, value);
  if (parent) parent.appendChild(node);
  return node;
}

function send(request) {
  if (!socket || socket.readyState !== WebSocket.OPEN) {
    showMessage("not connected to the server");
    return;
  }
  socket.send(JSON.stringify(request));
}

function showMessage(text) {
  $("message").textContent = text || "";
}

// The keys of the seats this browser took, by room: only a seat's key takes it back after a
// reload or a dropped connection, while the server keeps the seat.
function seatKeys(room) {
  try { return JSON.parse(localStorage.getItem(`amity-seats-${room}`) || "{}"); } catch (e) { return {}; }
}

function keepSeat(room, seat, key) {
  const keys = seatKeys(room);
  keys[seat] = key;
  try { localStorage.setItem(`amity-seats-${room}`, JSON.stringify(keys)); } catch (e) { /* private mode: the seat lasts as long as the page */ }
  // The address names the room and seat (never the key), so a reload comes back to them.
  history.replaceState(null, "", `${location.pathname}${location.search}#room=${room}&seat=${seat}`);
}

// The room and seat the address names: `#room=N&seat=S`, or `?room=N&seat=S` in a link.
function addressedSeat() {
  for (const text of [location.hash.slice(1), location.search.slice(1)]) {
    const params = new URLSearchParams(text);
    if (params.get("room")) return { room: Number(params.get("room")), seat: Number(params.get("seat") || 0) };
  }
  return null;
}

function connect() {
  socket = new WebSocket(`ws://${location.host}/ws`);
  socket.onopen = () => { $("status").textContent = "connected"; };
  // The seat is kept for a while: come back to it on a new connection.
  socket.onclose = () => {
    $("status").textContent = "disconnected; reconnecting…";
    setTimeout(connect, 1000);
  };
  socket.onmessage = (event) => {
    window.amityFrames.push(event.data);
    let message;
    try { message = JSON.parse(event.data); } catch (e) { return; }
    if (message.type === "hello") hello(message);
    else if (message.type === "lobby") showRooms(message.rooms);
    else if (message.type === "created") { $("status").textContent = `game ${message.room}`; }
    else if (message.type === "seated") {
      if (message.room === leftRoom) leftRoom = null;
      keepSeat(message.room, message.seat, message.key);
    }
    else if (message.type === "state") showState(message);
    else if (message.type === "error") {
      showMessage(message.message);
      sentAt = null;
      // A refused hint (not this seat's turn, no seat) is not coming.
      if (hintPending) {
        hintPending = false;
        $("hint-text").textContent = "";
        showCancel();
      }
    }
    else if (message.type === "hint") {
      hintPending = false;
      if (message.cancelled) $("hint-text").textContent = "Hint cancelled";
      else $("hint-text").textContent = message.token ? `Hint: ${hintWords(message.token)}` + (message.score ? ` (${scoreText(message.score, mySide())} for you)` : "") : "No hint: nothing to decide";
      showCancel();
    }
  };
}

function hello(message) {
  games = message.games;
  $("search-cap").textContent = `(each search stops after ${message.searchSeconds} s)`;
  const select = $("game");
  select.innerHTML = "";
  for (const game of games) {
    const option = document.createElement("option");
    option.value = game.name;
    option.textContent = game.name + (game.hides ? " (hidden information)" : "");
    select.appendChild(option);
  }
  const params = new URLSearchParams(location.search);
  if (params.get("game")) select.value = params.get("game");
  seatChoice();
  showRooms(message.rooms);
  // The list of open games stays fresh while the form is shown (once per page, though
  // the socket may reconnect).
  if (!window.amityLobbyPolled) {
    window.amityLobbyPolled = true;
    setInterval(() => { if (!$("setup").hidden) send({ op: "lobby" }); }, 2000);
  }
  const wanted = addressedSeat();
  if (wanted) {
    const keys = seatKeys(wanted.room);
    const seats = Object.keys(keys).length ? Object.keys(keys).map(Number) : [wanted.seat];
    for (const seat of seats) {
      send({ op: "join", room: wanted.room, seat, key: keys[seat] || null });
    }
  }
}

function seatChoice() {
  const game = games.find((g) => g.name === $("game").value);
  const box = $("seat-choice");
  box.innerHTML = "";
  if (!game) return;
  game.seats.forEach((name, index) => {
    const row = document.createElement("div");
    row.className = "seat-row";
    row.innerHTML = `<label><input type="radio" name="you" value="${index}" ${index === 0 ? "checked" : ""}> ${name}: you</label>
      <select id="player-${index}"><option value="amity">Amity</option><option value="person">another person</option></select>`;
    box.appendChild(row);
  });
}

function showRooms(rooms) {
  const box = $("rooms");
  box.innerHTML = "";
  for (const room of rooms) {
    if (room.over) continue;
    const row = document.createElement("div");
    row.className = "room";
    row.textContent = `Game ${room.room}: ${room.variant} `;
    room.seats.forEach((seat, index) => {
      if (seat.player !== "person" || seat.taken) return;
      const button = document.createElement("button");
      button.textContent = `take ${seat.name}`;
      button.dataset.room = room.room;
      button.dataset.seat = index;
      button.onclick = () => send({ op: "join", room: room.room, seat: index });
      row.appendChild(button);
    });
    box.appendChild(row);
  }
}

function start() {
  const game = games.find((g) => g.name === $("game").value);
  if (!game) return;
  const you = Number(document.querySelector("input[name=you]:checked").value);
  const players = game.seats.map((_, index) => index === you ? "person" : $(`player-${index}`).value);
  // Amity plays at the Elo level chosen; `?depth=N` in the address asks for a fixed depth
  // instead (for measuring).
  const depth = new URLSearchParams(location.search).get("depth");
  const level = depth ? { depth: Number(depth) } : { elo: Number($("level").value) };
  send({ op: "new", variant: game.name, players, seat: you, ...level, hotseat: $("hotseat").checked });
}

function mySide() {
  return state ? state.seats[state.seat].side : "white";
}

function showState(message) {
  if (message.room === leftRoom) return;
  // A decision is answered when the decision is this seat's again (or the game is over).
  if (sentAt !== null && (message.toDecide === message.seat || message.result)) {
    window.amityLatency.push(performance.now() - sentAt);
    sentAt = null;
  }
  // A message that changes no piece (a seat away, a notice) keeps the last decision's squares.
  if (state && state.room === message.room) {
    const diff = changedSquares(state.board, message.board);
    if (diff.length) changed = diff;
  } else changed = [];
  state = message;
  selected = null;
  choices = null;
  $("setup").hidden = true;
  $("table").hidden = false;
  $("status").textContent = `game ${message.room}`;
  showMessage(message.notice || "");
  if (!hintPending) $("hint-text").textContent = "";
  drawBoard();
  drawSide();
}

// The squares where `before` and `after` (two boards of one seat) hold different pieces.
function changedSquares(before, after) {
  const at = (board) => new Map(board.pieces.map((p) => [p.square, `${p.color} ${p.symbol}`]));
  const [was, is] = [at(before), at(after)];
  const squares = new Set([...was.keys(), ...is.keys()]);
  return [...squares].filter((square) => was.get(square) !== is.get(square));
}

// The stop button, while this page waits for a search: its hint, or Amity's decision.
function showCancel() {
  const amityDecides = state && state.toDecide !== null && !state.result
    && state.seats[state.toDecide].player === "amity";
  $("cancel").hidden = !(hintPending || amityDecides);
}

function squareName(file, rank) {
  return String.fromCharCode(97 + file) + (rank + 1);
}

// Where a square is drawn on `board` (files, ranks), seen from White's side unless flipped.
function placeOf(board, flipped, name) {
  const file = name.charCodeAt(0) - 97;
  const rank = Number(name.slice(1)) - 1;
  const column = flipped ? board.files - 1 - file : file;
  const row = flipped ? rank : board.ranks - 1 - rank;
  return { x: MARGIN + column * CELL, y: row * CELL };
}

function decisionsFrom(square) {
  return state.decisions.filter((d) => d.from === square);
}

// Draws `board` (the server's description of a position or view) into `svg`: squares,
// pieces, labels, the last move, a selected square and targets; `onClick(square)` if given.
function renderBoard(svg, board, flipped, marks, onClick) {
  svg.innerHTML = "";
  const width = MARGIN + board.files * CELL;
  const height = board.ranks * CELL + MARGIN;
  svg.setAttribute("viewBox", `0 0 ${width} ${height}`);
  const at = (name) => placeOf(board, flipped, name);
  const last = new Set(marks.last || []);
  for (let rank = 0; rank < board.ranks; rank++) {
    for (let file = 0; file < board.files; file++) {
      const name = squareName(file, rank);
      const { x, y } = at(name);
      let fill = (file + rank) % 2 === 1 ? "#efd9b4" : "#b58863";
      if (last.has(name)) fill = (file + rank) % 2 === 1 ? "#e6e28a" : "#b9b35a";
      if (name === marks.selected) fill = "#7fb2d9";
      const rect = el("rect", { x, y, width: CELL, height: CELL, fill, "data-square": name, class: "square" }, svg);
      if (last.has(name)) rect.dataset.last = "true";
      if (onClick) rect.addEventListener("click", () => onClick(name));
    }
  }
  for (const piece of board.pieces) drawPiece(svg, piece, at);
  for (const label of board.labels) drawLabel(svg, label, at);
  for (const name of marks.targets || []) {
    const { x, y } = at(name);
    el("circle", { cx: x + CELL / 2, cy: y + CELL / 2, r: CELL / 7, fill: "rgba(20,90,40,0.55)", "pointer-events": "none", class: "target", "data-square": name }, svg);
  }
  for (let i = 0; i < board.files; i++) {
    const file = flipped ? board.files - 1 - i : i;
    const t = el("text", { x: MARGIN + i * CELL + CELL / 2, y: board.ranks * CELL + 13, "text-anchor": "middle", "font-size": 12, fill: "#555" }, svg);
    t.textContent = String.fromCharCode(97 + file);
  }
  for (let i = 0; i < board.ranks; i++) {
    const rank = flipped ? i : board.ranks - 1 - i;
    const t = el("text", { x: 9, y: i * CELL + CELL / 2 + 4, "text-anchor": "middle", "font-size": 12, fill: "#555" }, svg);
    t.textContent = String(rank + 1);
  }
}

function drawBoard() {
  const targets = new Set();
  if (selected) for (const d of decisionsFrom(selected)) targets.add(d.to);
  else for (const d of state.decisions) if (!d.from && d.to) targets.add(d.to);
  renderBoard($("board"), state.board, mySide() === "black",
    { last: state.last || changed, selected, targets: [...targets] }, clickSquare);
}

function drawPiece(svg, piece, at) {
  const { x, y } = at(piece.square);
  // The square underneath takes the click, so a piece never hides its square from the mouse.
  const group = el("g", { class: "piece", "data-square": piece.square, "data-symbol": piece.symbol, "data-color": piece.color, "pointer-events": "none" }, svg);
  const white = piece.color === "white";
  const glyph = GLYPHS[piece.name];
  if (glyph) {
    const t = el("text", {
      x: x + CELL / 2, y: y + CELL * 0.78, "text-anchor": "middle", "font-size": CELL * 0.8,
      fill: white ? "#fff" : "#111", stroke: white ? "#111" : "#eee", "stroke-width": 1.2,
      "font-family": "DejaVu Sans, sans-serif",
    }, group);
    t.textContent = glyph;
  } else {
    el("circle", { cx: x + CELL / 2, cy: y + CELL / 2, r: CELL * 0.38, fill: white ? "#fbfbf6" : "#2a2a2a", stroke: white ? "#333" : "#ddd", "stroke-width": 2 }, group);
    const text = piece.symbol.toUpperCase();
    const t = el("text", {
      x: x + CELL / 2, y: y + CELL / 2 + CELL * 0.13, "text-anchor": "middle",
      "font-size": text.length > 1 ? CELL * 0.3 : CELL * 0.4, "font-weight": "bold",
      fill: white ? "#222" : "#f4f4f4", "font-family": "DejaVu Sans, sans-serif",
    }, group);
    t.textContent = text;
  }
}

function drawLabel(svg, label, at) {
  const { x, y } = at(label.square);
  const white = label.owner === "white";
  const group = el("g", { class: "label", "data-square": label.square, "pointer-events": "none" }, svg);
  // A light tag with a dark rim reads on dark pieces and dark squares alike; the owner shows
  // in the tag's tint and its text's colour.
  const tint = label.owner ? (white ? "#fff" : "#ffe08a") : "#ddd";
  el("rect", { x: x + CELL - 22, y: y + CELL - 18, width: 20, height: 16, rx: 4, fill: tint, stroke: "#111", "stroke-width": 1.5 }, group);
  const t = el("text", { x: x + CELL - 12, y: y + CELL - 6, "text-anchor": "middle", "font-size": 12, "font-weight": "bold", fill: white ? "#a11" : "#111" }, group);
  t.textContent = label.text;
}

// A hinted token with its plain words, when one of the decisions on offer has them.
function hintWords(token) {
  const offered = state && state.decisions.find((d) => d.token === token);
  return offered && offered.words ? `${token} (${offered.words})` : token;
}

function play(token) {
  sentAt = performance.now();
  send({ op: "play", token });
}

function offer(list) {
  choices = list;
  drawSide();
}

function clickSquare(name) {
  if (!state) return;
  showMessage("");
  const piece = state.board.pieces.find((p) => p.square === name);
  const mine = decisionsFrom(name).length > 0 || (piece && piece.color === mySide());
  if (selected && selected !== name) {
    const moves = state.decisions.filter((d) => d.from === selected && d.to === name);
    // Another of one's own pieces, and no decision to its square: choose it instead.
    if (moves.length === 0 && mine) {
      selected = name;
      drawBoard();
      return;
    }
    const from = selected;
    selected = null;
    if (moves.length === 1) play(moves[0].token);
    else if (moves.length > 1) offer(moves);
    // Not a decision the page was offered: the server referees it and says why not.
    else play(from + name);
    drawBoard();
    return;
  }
  if (selected === name) {
    selected = null;
    drawBoard();
    return;
  }
  const here = state.decisions.filter((d) => !d.from && d.to === name);
  if (here.length === 1) { play(here[0].token); return; }
  if (here.length > 1) { offer(here); return; }
  if (mine) {
    selected = name;
    drawBoard();
  }
}

function drawSide() {
  $("title").textContent = `${state.variant}: game ${state.room}, you are ${state.seats[state.seat].name}`;
  const seats = $("seats");
  seats.innerHTML = "";
  state.seats.forEach((seat, index) => {
    const span = document.createElement("span");
    span.textContent = `${seat.name}: ${seat.player === "amity" ? "Amity" : (seat.away ? "away" : (seat.taken ? "person" : "free"))}`;
    if (index === state.seat) span.classList.add("you");
    if (index === state.toDecide) span.classList.add("due");
    seats.appendChild(span);
  });
  let turn;
  if (state.result) turn = `Game over: ${state.result}`;
  else if (state.toDecide === state.seat) turn = "Your decision" + (state.inCheck ? " (in check)" : "");
  else if (state.toDecide === null) turn = "Waiting";
  else if (state.seats[state.toDecide].player === "amity") turn = `${state.seats[state.toDecide].name} (Amity) thinks… (at most ${state.searchSeconds} s)`;
  else turn = `${state.seats[state.toDecide].name} decides…`;
  $("turn").textContent = turn;
  $("new-game").hidden = !state.result;
  showCancel();
  const buttons = $("buttons");
  buttons.innerHTML = "";
  const list = choices || state.decisions.filter((d) => !d.from && !d.to);
  for (const d of list) {
    const button = document.createElement("button");
    // Buttons speak plain words where the rules have them; the token stays as a tooltip,
    // and it is what a person types.
    button.textContent = d.words || d.token;
    button.title = d.words ? d.token : "";
    button.className = "decision";
    button.dataset.token = d.token;
    button.onclick = () => { choices = null; play(d.token); };
    buttons.appendChild(button);
  }
  $("describe").textContent = state.describe;
  $("fen").textContent = state.fen;
  const record = $("record");
  record.innerHTML = "";
  for (const turnText of state.record) {
    const li = document.createElement("li");
    li.textContent = turnText;
    record.appendChild(li);
  }
  record.scrollTop = record.scrollHeight;
  drawChart();
  drawBelief();
  drawCards($("cards"), state.board.cards);
  drawThrow($("dice"), state.throw);
}

// The last throw of chance as dice: each square the throw names is a file and a rank, two
// throws of an eight-sided die, drawn as the die's upper face (a triangle, as a d8 lies)
// with the value thrown. A throw that names no square is written out.
function drawThrow(svg, token) {
  svg.innerHTML = "";
  if (!token) { svg.setAttribute("height", "0"); return; }
  const title = el("text", { x: 0, y: 11, "font-size": 11, fill: "#333" }, svg);
  title.textContent = `Last throw (${token})`;
  const squares = token.match(/[a-h][1-8]/g) || [];
  if (squares.length === 0) { svg.setAttribute("height", "16"); return; }
  const size = 34, gap = 6;
  let x = 0;
  squares.forEach((square, index) => {
    for (const [face, kind] of [[square[0], "file"], [square[1], "rank"]]) {
      const group = el("g", { class: "die", "data-face": face, "data-die": kind }, svg);
      const top = 18;
      el("polygon", { points: `${x + size / 2},${top} ${x + size},${top + size} ${x},${top + size}`, fill: index === 0 ? "#fdf6e3" : "#fde8e8", stroke: "#444", "stroke-width": 1.5, "stroke-linejoin": "round" }, group);
      const t = el("text", { x: x + size / 2, y: top + size - 7, "text-anchor": "middle", "font-size": 14, "font-weight": "bold", fill: "#222" }, group);
      t.textContent = face;
      x += size + 2;
    }
    x += gap;
  });
  svg.setAttribute("height", String(18 + size + 4));
}

const SUITS = { s: "\u2660", h: "\u2665", d: "\u2666", c: "\u2663" };
// A card written as one piece letter is a piece card (upper case White's, lower Black's).
const PIECE_CARDS = {};
for (const [letter, glyph] of Object.entries({ k: "\u265A", q: "\u265B", r: "\u265C", b: "\u265D", n: "\u265E", p: "\u265F" })) {
  PIECE_CARDS[letter] = glyph;
  PIECE_CARDS[letter.toUpperCase()] = glyph;
}

// Rows of cards: each card a small rounded rectangle with its rank and suit; an unseen card
// face down; piece cards show their piece. A long row (a pile) wraps once, then shows how
// many more there are.
function drawCards(svg, rows) {
  svg.innerHTML = "";
  const w = 24, h = 34, gap = 3, perLine = 11, lines = 2;
  let y = 0;
  for (const row of rows) {
    const title = el("text", { x: 0, y: y + 11, "font-size": 11, fill: "#333" }, svg);
    title.textContent = `${row.title} (${row.cards.length})`;
    y += 15;
    const shown = Math.min(row.cards.length, perLine * lines);
    const top = y;
    row.cards.slice(0, shown).forEach((card, i) => {
      const x = (i % perLine) * (w + gap);
      const y = top + Math.floor(i / perLine) * (h + gap);
      const group = el("g", { class: "card", "data-card": card }, svg);
      if (card === "?") {
        el("rect", { x, y, width: w, height: h, rx: 3, fill: "#35608a", stroke: "#123" }, group);
        el("rect", { x: x + 3, y: y + 3, width: w - 6, height: h - 6, rx: 2, fill: "none", stroke: "#9bc" }, group);
        return;
      }
      el("rect", { x, y, width: w, height: h, rx: 3, fill: "#fff", stroke: "#555" }, group);
      const piece = PIECE_CARDS[card];
      const step = /^([2-9])([rb])$/.exec(card);
      if (piece) {
        // A piece card: the piece's picture, White's hollow and Black's filled.
        const white = card === card.toUpperCase();
        const t = el("text", { x: x + w / 2, y: y + 24, "text-anchor": "middle", "font-size": 20, fill: white ? "#fff" : "#111", stroke: "#111", "stroke-width": 0.8, "font-family": "DejaVu Sans, sans-serif" }, group);
        t.textContent = piece;
        const l = el("text", { x: x + w / 2, y: y + h - 2, "text-anchor": "middle", "font-size": 7, fill: "#555" }, group);
        l.textContent = card;
        return;
      }
      if (step) {
        // A position card: its number of squares and an arrow, red to the right, black up.
        const red = step[2] === "r";
        const t = el("text", { x: x + w / 2, y: y + 15, "text-anchor": "middle", "font-size": 13, "font-weight": "bold", fill: red ? "#c22" : "#111" }, group);
        t.textContent = step[1];
        const a = el("text", { x: x + w / 2, y: y + 29, "text-anchor": "middle", "font-size": 12, fill: red ? "#c22" : "#111" }, group);
        a.textContent = red ? "\u2192" : "\u2191";
        return;
      }
      const suit = SUITS[card.slice(-1)];
      const rank = suit ? card.slice(0, -1) : card;
      const red = card.endsWith("h") || card.endsWith("d");
      const t = el("text", { x: x + w / 2, y: y + 14, "text-anchor": "middle", "font-size": 12, "font-weight": "bold", fill: red ? "#c22" : "#111" }, group);
      t.textContent = rank === "T" ? "10" : rank;
      if (suit) {
        const s = el("text", { x: x + w / 2, y: y + 29, "text-anchor": "middle", "font-size": 13, fill: red ? "#c22" : "#111" }, group);
        s.textContent = suit;
      }
    });
    const used = Math.ceil(shown / perLine);
    if (row.cards.length > shown) {
      const more = el("text", { x: perLine * (w + gap), y: y + (used - 1) * (h + gap) + 22, "font-size": 11, fill: "#333" }, svg);
      more.textContent = `+${row.cards.length - shown}`;
    }
    y += row.cards.length ? used * (h + gap) + 3 : 4;
  }
  svg.setAttribute("height", String(y));
}

// A score as the server sends it (White's point of view: `{cp}`, or `{mate}` in moves,
// negative when Black mates) from `side`'s point of view: pawns with a sign, a mate as `#5`
// (`#-5` when the other side mates).
function scoreText(score, side) {
  const sign = side === "black" ? -1 : 1;
  if (score.mate !== undefined) return `#${sign * score.mate}`;
  const cp = sign * score.cp;
  return `${cp >= 0 ? "+" : ""}${(cp / 100).toFixed(2)}`;
}

// The same score as a number for the chart, a mate beyond every evaluation.
function scoreValue(score, side) {
  const sign = side === "black" ? -1 : 1;
  if (score.mate !== undefined) return sign * (score.mate > 0 ? 1000 : -1000);
  return sign * score.cp;
}

function drawChart() {
  const side = mySide();
  const scores = state.scores.map((s) => s[1]);
  const last = scores.length ? scoreText(scores[scores.length - 1], side) : "";
  renderChart($("chart"), scores.map((s) => scoreValue(s, side)), `Amity's score for you (${side})`, last);
}

// A small line chart of scores (centipawns), one point per entry; `lastText` writes the
// last one (centipawns if not given).
function renderChart(svg, scores, title, lastText) {
  svg.innerHTML = "";
  if (scores.length < 1) return;
  const w = 300, h = 110, pad = 14;
  const clamp = (cp) => Math.max(-1000, Math.min(1000, cp));
  const sx = (i) => pad + (scores.length > 1 ? i / (scores.length - 1) : 0.5) * (w - 2 * pad);
  const sy = (cp) => h / 2 - (clamp(cp) / 1000) * (h / 2 - pad);
  el("rect", { x: 0, y: 0, width: w, height: h, fill: "#fff", stroke: "#ccc" }, svg);
  el("line", { x1: pad, y1: h / 2, x2: w - pad, y2: h / 2, stroke: "#999", "stroke-dasharray": "3 3" }, svg);
  el("polyline", { points: scores.map((cp, i) => `${sx(i)},${sy(cp)}`).join(" "), fill: "none", stroke: "#2d6ca2", "stroke-width": 2 }, svg);
  const t = el("text", { x: pad, y: 11, "font-size": 10, fill: "#555" }, svg);
  t.textContent = `${title} (last ${lastText || `${scores[scores.length - 1]} cp`})`;
}

function drawBelief() {
  const box = $("belief");
  box.innerHTML = "";
  const belief = state.belief;
  if (!belief || belief.rows.length === 0) return;
  const table = document.createElement("table");
  const caption = document.createElement("caption");
  caption.textContent = `Belief: ${belief.title}`;
  table.appendChild(caption);
  const head = document.createElement("tr");
  head.innerHTML = "<th></th>" + belief.columns.map((c) => `<th>${c}</th>`).join("");
  table.appendChild(head);
  belief.rows.forEach((row, i) => {
    const tr = document.createElement("tr");
    tr.innerHTML = `<th>${row}</th>` + belief.cells[i].map((p) => {
      const shade = Math.round(255 - p * 200);
      return `<td style="background: rgb(${shade},${shade},255)" title="${(p * 100).toFixed(0)}%">${Math.round(p * 100)}</td>`;
    }).join("");
    table.appendChild(tr);
  });
  box.appendChild(table);
}

// ----- the live view of a match (amity match --live FILE, amity serve --watch FILE) -----

function clockText(seconds) {
  if (seconds === null || seconds === undefined) return "";
  const m = Math.floor(seconds / 60);
  const s = (seconds - m * 60).toFixed(1).padStart(4, "0");
  return ` ${m}:${s}`;
}

function showLive(live) {
  const box = $("live");
  if (live.error) {
    box.textContent = live.error;
    return;
  }
  box.innerHTML = "";
  const head = document.createElement("h2");
  head.textContent = `${live.event}: ${live.finished} of ${live.total} games finished`;
  box.appendChild(head);
  const table = document.createElement("table");
  table.className = "score-table";
  table.innerHTML = "<tr><th>engine</th><th>+</th><th>=</th><th>-</th><th>points</th></tr>" +
    live.table.map((r) => `<tr><td>${r.name}</td><td>${r.wins}</td><td>${r.draws}</td><td>${r.losses}</td><td>${r.wins + r.draws / 2}</td></tr>`).join("");
  box.appendChild(table);
  for (const game of live.games) {
    const card = document.createElement("div");
    card.className = "live-game";
    const title = document.createElement("div");
    const toMove = game.result ? "" : (game.whiteToMove ? " (White to move)" : " (Black to move)");
    title.textContent = `Game ${game.number}, ${game.variant}: ${game.white}${clockText(game.clocks[0])} vs ${game.black}${clockText(game.clocks[1])}${toMove}`;
    card.appendChild(title);
    if (game.board) {
      const svg = document.createElementNS(SVG, "svg");
      svg.setAttribute("class", "live-board");
      card.appendChild(svg);
      renderBoard(svg, game.board, false, {}, null);
    } else {
      const hidden = document.createElement("div");
      hidden.textContent = "This game hides information: its board is shown to its seats only.";
      card.appendChild(hidden);
    }
    const moves = document.createElement("div");
    moves.className = "live-moves";
    moves.textContent = (game.moves.join(" ") || "no moves yet") + (game.result ? `  ${game.result}` : "");
    card.appendChild(moves);
    const chart = document.createElementNS(SVG, "svg");
    chart.setAttribute("width", "300");
    chart.setAttribute("height", "110");
    card.appendChild(chart);
    renderChart(chart, game.scores, "engines' scores for White");
    box.appendChild(card);
  }
}

function watch() {
  $("status").textContent = "watching a match";
  $("setup").hidden = true;
  $("live").hidden = false;
  const poll = () => fetch("/live.json").then((r) => r.json()).then(showLive)
    .catch((e) => { $("live").textContent = `cannot read the live view: ${e}`; });
  poll();
  setInterval(poll, 500);
}

$("hint").addEventListener("click", () => {
  hintPending = true;
  $("hint-text").textContent = "thinking…";
  showCancel();
  send({ op: "hint" });
});
// Stops this page's hint (answered as cancelled) and Amity's search in this game (Amity
// plays the best it has found).
$("cancel").addEventListener("click", () => send({ op: "cancel" }));
$("game").addEventListener("change", seatChoice);
// After a game: back to the form, the game just played chosen, the room out of the address.
$("new-game").addEventListener("click", () => {
  leftRoom = state.room;
  $("table").hidden = true;
  $("setup").hidden = false;
  history.replaceState(null, "", `${location.pathname}?game=${state.variant}`);
  $("game").value = state.variant;
  seatChoice();
  state = null;
  showMessage("");
  send({ op: "lobby" });
});
$("start").addEventListener("click", start);
$("typed").addEventListener("submit", (event) => {
  event.preventDefault();
  const token = $("token").value.trim();
  if (token) play(token);
  $("token").value = "";
});
if (new URLSearchParams(location.search).has("watch")) watch();
else connect();
