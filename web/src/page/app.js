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

function connect() {
  socket = new WebSocket(`ws://${location.host}/ws`);
  socket.onopen = () => { $("status").textContent = "connected"; };
  socket.onclose = () => { $("status").textContent = "disconnected (reload to reconnect)"; };
  socket.onmessage = (event) => {
    window.amityFrames.push(event.data);
    let message;
    try { message = JSON.parse(event.data); } catch (e) { return; }
    if (message.type === "hello") hello(message);
    else if (message.type === "lobby") showRooms(message.rooms);
    else if (message.type === "created") { $("status").textContent = `game ${message.room}`; }
    else if (message.type === "state") showState(message);
    else if (message.type === "error") { showMessage(message.message); sentAt = null; }
  };
}

function hello(message) {
  games = message.games;
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
  if (params.get("room")) {
    send({ op: "join", room: Number(params.get("room")), seat: Number(params.get("seat") || 0) });
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
  send({ op: "new", variant: game.name, players, seat: you, depth: Number($("depth").value) });
}

function mySide() {
  return state ? state.seats[state.seat].side : "white";
}

function showState(message) {
  // A decision is answered when the decision is this seat's again (or the game is over).
  if (sentAt !== null && (message.toDecide === message.seat || message.result)) {
    window.amityLatency.push(performance.now() - sentAt);
    sentAt = null;
  }
  state = message;
  selected = null;
  choices = null;
  $("setup").hidden = true;
  $("table").hidden = false;
  $("status").textContent = `game ${message.room}`;
  showMessage(message.notice || "");
  drawBoard();
  drawSide();
}

function squareName(file, rank) {
  return String.fromCharCode(97 + file) + (rank + 1);
}

function squareAt(name) {
  const file = name.charCodeAt(0) - 97;
  const rank = Number(name.slice(1)) - 1;
  const flipped = mySide() === "black";
  const column = flipped ? state.files - 1 - file : file;
  const row = flipped ? rank : state.ranks - 1 - rank;
  return { x: MARGIN + column * CELL, y: row * CELL };
}

function decisionsFrom(square) {
  return state.decisions.filter((d) => d.from === square);
}

function drawBoard() {
  const svg = $("board");
  svg.innerHTML = "";
  const width = MARGIN + state.files * CELL;
  const height = state.ranks * CELL + MARGIN;
  svg.setAttribute("viewBox", `0 0 ${width} ${height}`);
  const targets = new Set();
  if (selected) for (const d of decisionsFrom(selected)) targets.add(d.to);
  else for (const d of state.decisions) if (!d.from && d.to) targets.add(d.to);
  const last = new Set(state.last || []);
  for (let rank = 0; rank < state.ranks; rank++) {
    for (let file = 0; file < state.files; file++) {
      const name = squareName(file, rank);
      const { x, y } = squareAt(name);
      let fill = (file + rank) % 2 === 1 ? "#efd9b4" : "#b58863";
      if (last.has(name)) fill = (file + rank) % 2 === 1 ? "#e6e28a" : "#b9b35a";
      if (name === selected) fill = "#7fb2d9";
      const rect = el("rect", { x, y, width: CELL, height: CELL, fill, "data-square": name, id: `sq-${name}`, class: "square" }, svg);
      rect.addEventListener("click", () => clickSquare(name));
    }
  }
  for (const piece of state.pieces) drawPiece(svg, piece);
  for (const label of state.labels) drawLabel(svg, label);
  for (const name of targets) {
    const { x, y } = squareAt(name);
    el("circle", { cx: x + CELL / 2, cy: y + CELL / 2, r: CELL / 7, fill: "rgba(20,90,40,0.55)", "pointer-events": "none", class: "target", "data-square": name }, svg);
  }
  const flipped = mySide() === "black";
  for (let i = 0; i < state.files; i++) {
    const file = flipped ? state.files - 1 - i : i;
    const t = el("text", { x: MARGIN + i * CELL + CELL / 2, y: state.ranks * CELL + 13, "text-anchor": "middle", "font-size": 12, fill: "#555" }, svg);
    t.textContent = String.fromCharCode(97 + file);
  }
  for (let i = 0; i < state.ranks; i++) {
    const rank = flipped ? i : state.ranks - 1 - i;
    const t = el("text", { x: 9, y: i * CELL + CELL / 2 + 4, "text-anchor": "middle", "font-size": 12, fill: "#555" }, svg);
    t.textContent = String(rank + 1);
  }
}

function drawPiece(svg, piece) {
  const { x, y } = squareAt(piece.square);
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

function drawLabel(svg, label) {
  const { x, y } = squareAt(label.square);
  const white = label.owner === "white";
  const group = el("g", { class: "label", "data-square": label.square, "pointer-events": "none" }, svg);
  el("rect", { x: x + CELL - 22, y: y + CELL - 18, width: 20, height: 16, rx: 4, fill: label.owner ? (white ? "#fff" : "#222") : "#888", stroke: "#a33", "stroke-width": 1.5 }, group);
  const t = el("text", { x: x + CELL - 12, y: y + CELL - 6, "text-anchor": "middle", "font-size": 12, "font-weight": "bold", fill: white ? "#a11" : "#fc6" }, group);
  t.textContent = label.text;
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
  if (selected && selected !== name) {
    const moves = state.decisions.filter((d) => d.from === selected && d.to === name);
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
  const piece = state.pieces.find((p) => p.square === name);
  if (decisionsFrom(name).length > 0 || (piece && piece.color === mySide())) {
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
    span.textContent = `${seat.name}: ${seat.player === "amity" ? "Amity" : (seat.taken ? "person" : "free")}`;
    if (index === state.seat) span.classList.add("you");
    if (index === state.toDecide) span.classList.add("due");
    seats.appendChild(span);
  });
  let turn;
  if (state.result) turn = `Game over: ${state.result}`;
  else if (state.toDecide === state.seat) turn = "Your decision" + (state.inCheck ? " (in check)" : "");
  else if (state.toDecide === null) turn = "Waiting";
  else turn = `${state.seats[state.toDecide].name} decides…`;
  $("turn").textContent = turn;
  const buttons = $("buttons");
  buttons.innerHTML = "";
  const list = choices || state.decisions.filter((d) => !d.from && !d.to);
  for (const d of list) {
    const button = document.createElement("button");
    button.textContent = d.token;
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
}

function drawChart() {
  const svg = $("chart");
  svg.innerHTML = "";
  const scores = state.scores;
  if (scores.length < 1) return;
  const w = 300, h = 110, pad = 14;
  const lastPly = Math.max(...scores.map((s) => s[0]), 2);
  const clamp = (cp) => Math.max(-1000, Math.min(1000, cp));
  const sx = (ply) => pad + (ply / lastPly) * (w - 2 * pad);
  const sy = (cp) => h / 2 - (clamp(cp) / 1000) * (h / 2 - pad);
  el("rect", { x: 0, y: 0, width: w, height: h, fill: "#fff", stroke: "#ccc" }, svg);
  el("line", { x1: pad, y1: h / 2, x2: w - pad, y2: h / 2, stroke: "#999", "stroke-dasharray": "3 3" }, svg);
  el("polyline", { points: scores.map((s) => `${sx(s[0])},${sy(s[1])}`).join(" "), fill: "none", stroke: "#2d6ca2", "stroke-width": 2 }, svg);
  const t = el("text", { x: pad, y: 11, "font-size": 10, fill: "#555" }, svg);
  t.textContent = `Amity's score for White (last ${scores[scores.length - 1][1]} cp)`;
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

$("game").addEventListener("change", seatChoice);
$("start").addEventListener("click", start);
$("typed").addEventListener("submit", (event) => {
  event.preventDefault();
  const token = $("token").value.trim();
  if (token) play(token);
  $("token").value = "";
});
connect();
