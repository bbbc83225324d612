// The generic game page: connection, the turn bar, the decision panel, game log, undo, end
// screen, rules summaries, languages. The board itself is drawn by the game's own module,
// `web/board.js` in the game's package (served as /static/games/<game>/board.js, with its
// board.css), which puts the legal actions on the things they act on. The decision panel holds
// the prompt (the server's sentence), the card it is for, every legal action as a control and the
// things the seat cannot do now with the reason and the rule; a board control and a panel control
// of the same action light up together. The module's words and the game's constants come from
// GET /api/meta/<game>/table (ctx.tr, ctx.has, ctx.constants), the cards' names and texts from
// GET /api/games/<id>/cards (ctx.cards).
import {api, fill, h} from "./dom.js";
import {LANGS, lang, pickLang, setLang, t} from "./i18n.js";
import {ruleLink, rulesFor} from "./rules.js";
import {hostOf, remember, rememberHost} from "./seats.js";
import {hostPanel, timeLeft} from "./host.js";
import {chatReceived, drawChat, startChat} from "./chat.js";
import {boardContext, boardLayout, drawBoard, logItem, provisional, scoreTable} from "./board-view.js";

const $ = (id) => document.getElementById(id);
const gameId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop());
const secrets = new URLSearchParams(location.hash.slice(1));
// An analysis board's page plays every person's seat (hot-seat): `seats=0.<secret>,2.<secret>`.
const hotSeats = new Map((secrets.get("seats") || "").split(",").map((part) => part.split("."))
  .filter(([seat, secret]) => /^\d+$/.test(seat) && secret).map(([seat, secret]) => [Number(seat), secret]));
let token = secrets.get("seat") || hotSeats.values().next().value || null;   // the seat this page opens now
const watch = secrets.get("watch");         // a spectator link of a table the host keeps to it
if (secrets.get("host")) rememberHost(gameId, secrets.get("host"));
const hostToken = hostOf(gameId);           // this browser created the table: the host panel
let botLevels = [];

let layout = null;          // the game's board: {name, lang, module, strings, constants, cards}
let current = null;         // newest message with a view: {version, view, ui, meta, action_texts, prompt, why_not}
let entries = new Map();    // visible log entries by their index in the record
let resetVersion = -1;      // updates older than the last hello/reset are history already
let socket = null;
let retries = 0;
let pending = false;
let stopped = false;
let endDismissed = false;
let shownLog = [];
let wasMine = null;         // my turn at the last drawing (null: nothing drawn yet): the page scrolls to the decision when it starts
let confirming = null;      // with "confirm each move" on: the action waiting for its confirmation
const confirmMoves = () => localStorage.getItem("epochal.confirm") === "1";

function connect() {
  if (stopped) return;
  setConn(current ? "reconnecting" : "connecting");
  const proto = location.protocol === "https:" ? "wss" : "ws";
  const ws = new WebSocket(`${proto}://${location.host}/api/games/${encodeURIComponent(gameId)}/ws`);
  socket = ws;
  ws.onopen = () => ws.send(JSON.stringify({token, watch, lang: lang()}));
  ws.onmessage = (e) => { if (socket === ws) receive(JSON.parse(e.data)); };  // not a replaced socket's last words
  ws.onclose = () => {
    if (socket !== ws || stopped) return;     // replaced on purpose, or a fatal error
    setConn("reconnecting");
    setTimeout(connect, Math.min(5000, 250 * 2 ** retries++));
  };
}

async function receive(msg) {
  if (msg.type === "error") {
    if (msg.error === "bad_token" && current) return fatal({status: 403, detail: t("table.revoked")}, true);
    if (msg.error === "watch_link") return fatal({status: 403, detail: t("table.watch_only")}, true);
    if (!current && [403, 404, 409].includes(msg.status)) return fatal(msg);
    return toast(msg.detail);
  }
  if (msg.type === "pong") return;
  if (msg.type === "chat") return chatReceived(msg, current?.meta);
  if (msg.type === "status") {
    if (current && msg.version === current.version) { current.meta = msg.meta; render(); followTurn(); }
    return;
  }
  if (msg.type === "hello" || msg.type === "reset") {
    retries = 0;
    setConn("online");
    entries = new Map(msg.log.map((e) => [e.index, e]));
    resetVersion = msg.version;
    shownLog = [];
    $("log").replaceChildren();              // a hello may come in another language
    await loadLayout(msg.meta.game);
    if (token && msg.meta.seat !== null) {      // the lobby's "My games" finds this seat again
      const seat = hotSeats.size ? Math.min(...hotSeats.keys()) : msg.meta.seat;   // a hot-seat page: once
      remember({id: gameId, seat, name: msg.meta.names[seat], link: location.href.split("?")[0].split("#")[0] + location.hash});
    }
    current = msg;
    switching = false;
    render();
    followTurn();
    return;
  }
  if (msg.type === "update") accept(msg);
}

// --- hot-seat: one page plays every person's seat of an analysis board ---------------------------
// The page holds each person's secret and opens the seat that owes the decision; while bots (or
// nobody it holds) must decide, it stays where it is. Undo takes back the last move of whichever
// of its seats made it (the server names that seat: meta.undo_seat).
let switching = false;      // a socket for another seat is opening

function followTurn() {
  if (hotSeats.size < 2 || switching || !current || current.view.over) return;
  const {meta} = current;
  const actors = meta.actors || [];
  if (actors.includes(meta.seat)) return;
  const next = actors.find((s) => hotSeats.has(s) && !meta.stand_ins?.[s]);
  if (next === undefined) return;
  token = hotSeats.get(next);
  switching = true;
  const old = socket;
  socket = null;
  old?.close();
  connect();
}

// The seat each secret opens, asked of the server (the address may be older than the table: "Play
// again" gives every person the next seat, and the secret goes with them).
async function hotSeatsFound() {
  const found = await Promise.all([...hotSeats.values()].map((secret) =>
    api("GET", `/api/games/${encodeURIComponent(gameId)}/view?lang=${lang()}`, undefined, secret)
      .then((msg) => [msg.meta.seat, secret], () => null)));
  hotSeats.clear();
  for (const pair of found) if (pair && pair[0] !== null) hotSeats.set(pair[0], pair[1]);
}

const hotUndoSeat = (meta) => (hotSeats.has(meta.undo_seat) ? meta.undo_seat : null);

// --- your turn: a sound and a notification, each if the person asked for it ------------------

const SETTINGS = {sound: "epochal.sound", notify: "epochal.notify"};
const setting = (name) => localStorage.getItem(SETTINGS[name]) === "1";

function yourTurn(prompt, title) {
  if (setting("sound")) chime();
  if (setting("notify") && document.hidden && window.Notification?.permission === "granted") {
    new Notification(`${title}: ${t("table.your_turn")}`, {body: prompt, tag: `epochal-${gameId}`, icon: "/static/turn-icon.svg"});
  }
}

// Two short soft notes, made by the page (no sound file to fetch).
function chime() {
  try {
    const audio = new AudioContext();
    [660, 880].forEach((hz, i) => {
      const tone = audio.createOscillator(), gain = audio.createGain();
      tone.frequency.value = hz;
      gain.gain.setValueAtTime(0.08, audio.currentTime + i * 0.15);
      gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + i * 0.15 + 0.3);
      tone.connect(gain).connect(audio.destination);
      tone.start(audio.currentTime + i * 0.15);
      tone.stop(audio.currentTime + i * 0.15 + 0.3);
    });
  } catch { /* a browser without audio: the title and the icon still say it */ }
}

async function toggle(name, on) {
  if (name === "notify" && on && window.Notification && Notification.permission !== "granted") {
    on = (await Notification.requestPermission()) === "granted";
  }
  localStorage.setItem(SETTINGS[name], on ? "1" : "0");
  render();
}

// An update comes twice for the mover (the HTTP answer and the socket): the second draws nothing.
function accept(msg) {
  if (msg.version <= resetVersion) return;
  const entry = msg.events?.length && !entries.has(msg.index);
  if (entry) entries.set(msg.index, {index: msg.index, seat: msg.actor, by: msg.by, events: msg.events});
  const newer = !current || msg.version > current.version;
  if (newer) current = msg;
  if (newer || entry) render();
}

async function loadLayout(game) {
  if (layout?.name === game && layout.lang === lang()) return;
  layout = await boardLayout(game, `/api/games/${encodeURIComponent(gameId)}/cards`, layout);
  rulesFor(game);
  // the cards link shows this table's cards: an owner's data set, when it plays with one
  const of = {rules: "", cards: `table=${encodeURIComponent(gameId)}&`};
  fill($("help"), ["rules", "cards"].map((k) => h("a", {href: `/${k}/${encodeURIComponent(game)}?${of[k]}lang=${lang()}`,
                                                        target: "_blank", "data-testid": `${k}-link`}, t(`table.${k}`))));
}

// A table played with cards other than the built-in ones names them: whose transcription this is.
function dataSetLine(meta) {
  const el = $("data-set");
  el.hidden = !meta.data_set;
  if (meta.data_set) el.textContent = t("table.data_set", {name: meta.data_set.name});
}

// --- acting -------------------------------------------------------------------------------------

document.addEventListener("click", (e) => {
  const el = e.target.closest("[data-action-id]");
  if (!el || el.disabled || pending) return;
  const id = Number(el.dataset.actionId);
  if (confirmMoves() && confirming !== id) {
    confirming = id;                        // asked in the decision panel: confirm or choose again
    render();
    $("decision").scrollIntoView({block: "nearest"});
  } else act(id);
});

// A control on the board and its twin in the decision panel light up together.
for (const [type, on] of [["mouseover", true], ["mouseout", false], ["focusin", true], ["focusout", false]]) {
  document.addEventListener(type, (e) => {
    const el = e.target.closest?.("[data-action-id], [data-why-card]");
    if (!el) return;
    const selector = el.dataset.actionId !== undefined
      ? `[data-action-id="${el.dataset.actionId}"]` : `[data-card="${CSS.escape(el.dataset.whyCard)}"]`;
    for (const twin of document.querySelectorAll(selector)) twin.classList.toggle("hl", on);
  });
}

async function act(id) {
  confirming = null;
  pending = true;
  render();
  try {
    accept(await api("POST", `/api/games/${encodeURIComponent(gameId)}/actions?lang=${lang()}`,
                     {action: id, version: current.version}, token));
    followTurn();
  } catch (err) {
    toast(err.status ? err.message : t("table.offline"));
  } finally {
    pending = false;
    render();
  }
}

async function undo() {
  pending = true;
  render();
  try {
    if (hotSeats.size > 1) {   // for the seat that made the move; this page's socket brings the position
      await api("POST", `/api/games/${encodeURIComponent(gameId)}/undo?lang=${lang()}`, undefined,
                hotSeats.get(hotUndoSeat(current.meta)));
    } else {
      receive(await api("POST", `/api/games/${encodeURIComponent(gameId)}/undo?lang=${lang()}`, undefined, token));
    }
  } catch (err) {
    toast(err.status ? err.message : t("table.offline"));
  } finally {
    pending = false;
    render();
  }
}

// --- drawing ------------------------------------------------------------------------------------

function render() {
  if (!current) return;
  const {view, meta} = current;
  const mine = meta.seat !== null && (meta.actors || []).includes(meta.seat) && !view.over;
  const ctx = boardContext(current, layout, {mine, pending});
  const title = ctx.has("title") ? ctx.tr("title") : meta.title;
  document.title = `${mine ? "● " : ""}${title} — Epochal`;
  $("title").textContent = `${title} · ${meta.seat === null ? t("table.spectating") : meta.names[meta.seat]}`;
  document.body.classList.toggle("busy", pending);
  document.body.dataset.version = current.version;      // lets tests wait for the next position
  provisional(view);
  dataSetLine(meta);
  banner(ctx, mine);
  drawBoard($("board"), layout, ctx);
  decisionPanel(ctx, mine);
  sideActions(ctx);
  if (hostToken) hostPanel($("host"), ctx, {gameId, token: hostToken, levels: botLevels, toast});
  drawChat(meta);
  drawLog();
  endScreen(ctx);
  $("favicon").href = mine ? "/static/turn-icon.svg" : "/favicon.ico";
  if (mine && !wasMine) {
    $("decision").scrollIntoView({block: "nearest", behavior: "smooth"});
    if (wasMine !== null) yourTurn(promptText(ctx), title);   // not for the turn the page opened on
  }
  wasMine = mine;
}


// The turn bar: stays in view (sticky), says whose turn it is, where the game stands (the
// module's `status`) and what the seat decides.
function banner(ctx, mine) {
  const {view, meta} = ctx;
  const el = $("banner");
  const waiting = meta.actors || [];
  const status = layout?.module?.status?.(ctx);
  const where = status ? h("span", {class: "where"}, status) : null;
  if (view.over) {
    const names = (view.winners || []).map((s) => meta.names[s]).join(", ");
    el.className = "banner over";
    fill(el, h("b", {}, t("table.over")), " · ", t(view.winners?.length > 1 ? "table.winners" : "table.winner"), ": ", names);
  } else if (mine) {
    el.className = "banner mine";
    const turn = hotSeats.size > 1 ? t("table.hotseat_turn", {name: meta.names[meta.seat]}) : t("table.your_turn");
    fill(el, where, h("b", {"data-testid": "your-turn"}, turn), " — ",
         h("span", {"data-testid": "prompt"}, promptText(ctx)));
  } else {
    el.className = "banner wait";
    const who = (s) => meta.names[s] + (meta.kinds[s] === "bot" || meta.stand_ins?.[s] ? ` (${t("table.bot")})` : "");
    fill(el, where, meta.seat === null ? [t("table.spectating"), " · "] : null,
         t("table.waiting", {names: waiting.map(who).join(", ")}));
  }
  if (meta.clock && !view.over && waiting.some((s) => meta.kinds[s] === "human" && !meta.stand_ins?.[s])) {
    el.append(" ", h("span", {class: "clock", "data-deadline": meta.clock.deadline, "data-testid": "clock"},
                     "◷ ", t("table.time_left", {time: timeLeft(meta.clock.deadline)})));
  }
}

// The turn clock counts down between messages.
setInterval(() => {
  for (const el of document.querySelectorAll("[data-deadline]")) {
    el.textContent = `◷ ${t("table.time_left", {time: timeLeft(Number(el.dataset.deadline))})}`;
  }
}, 1000);

function promptText(ctx) {
  return ctx.prompt?.text || layout?.module?.prompt?.(ctx) || t("table.decide");
}

// Every legal action as a control (the module's `option` may draw it richer than its words),
// and the things the seat cannot do now, disabled, with the reason and the rule.
function decisionPanel(ctx, mine) {
  const el = $("decision");
  el.hidden = !mine;
  if (!mine) return el.replaceChildren();
  const card = ctx.prompt?.card;
  const face = card && (layout?.module?.cardFace?.(ctx, card) || genericFace(ctx, card));
  const option = (id) => layout?.module?.option?.(ctx, id) || capital(ctx.legal.get(id).text);
  if (!ctx.legal.has(confirming)) confirming = null;
  fill(el,
    h("div", {class: "decision-head"},
      face ? h("div", {class: "decision-card", "data-why-card": card}, face) : null,
      h("p", {class: "decision-prompt"}, promptText(ctx)),
      layout?.module?.resources?.(ctx) || null),           // what the seat has to pay with
    confirming !== null
      ? h("div", {class: "confirm", "data-testid": "confirm"}, h("span", {}, capital(ctx.legal.get(confirming).text), "?"),
          h("button", {class: "primary", "data-action-id": confirming, "data-testid": "confirm-yes"}, t("table.confirm")),
          h("button", {onclick: () => { confirming = null; render(); }}, t("table.cancel")))
      : null,
    h("div", {class: "options", "data-testid": "options"},
      [...ctx.legal.keys()].map((id) => h("button", {class: "act option", "data-action-id": id, "data-testid": "option",
                                                     disabled: pending}, option(id)))),
    whyNotList(ctx));
}

// What cannot be done now: the first few in view, the rest behind a "more" line (a purchase
// phase may list twenty cards), so the board stays near.
const WHY_SHOWN = 4;

function whyNotList(ctx) {
  if (!ctx.whyNot.length) return null;
  const item = (w) => h("li", {"data-why-card": w.card || null},
    h("span", {class: "why-what"}, w.card ? ctx.cards.get(w.card)?.name || "" : ""),
    h("span", {class: "why-text"}, w.text), w.rule ? [" — ", ruleLink(w.rule)] : null);
  const rest = ctx.whyNot.slice(WHY_SHOWN);
  return h("div", {class: "why-not", "data-testid": "why-not"},
    h("ul", {}, ctx.whyNot.slice(0, WHY_SHOWN).map(item)),
    rest.length ? h("details", {}, h("summary", {}, t("table.why_more", {n: rest.length})), h("ul", {}, rest.map(item))) : null);
}

// An action's words as a button's label: a sentence, so it starts with a capital.
function capital(text) {
  return typeof text === "string" && text ? text[0].toLocaleUpperCase(lang()) + text.slice(1) : text;
}

// A card's face from the catalogue alone, for a game module that draws none.
function genericFace(ctx, id) {
  const card = ctx.cards.get(id);
  if (!card) return null;
  return h("div", {class: "face", "data-card": id}, h("b", {}, card.name),
           card.text.map((line) => h("div", {class: "small"}, line)));
}

function sideActions(ctx) {
  const canUndo = (hotSeats.size > 1 ? hotUndoSeat(ctx.meta) !== null : ctx.meta.can_undo) && !pending;
  fill($("actions"),
    ctx.meta.branched_at !== undefined
      ? h("p", {class: "muted small board-note", "data-testid": "board-note"}, t("table.board_note", {n: ctx.meta.branched_at}))
      : null,
    ctx.meta.undo && ctx.meta.seat !== null && !ctx.view.over
      ? h("button", {class: "undo", "data-testid": "undo", disabled: !canUndo, onclick: undo,
                     title: canUndo ? null : t("table.undo_why")}, "↶ ", t("table.undo"))
      : null,
    ctx.meta.undo && ctx.meta.seat !== null && !ctx.view.over && !canUndo
      ? h("p", {class: "muted small", "data-testid": "undo-why"}, t("table.undo_why")) : null,
    ctx.meta.seat !== null && !ctx.view.over
      ? ["sound", "notify"].map((name) => h("label", {class: "check small"},
          h("input", {type: "checkbox", checked: setting(name), "data-testid": `turn-${name}`,
                      onchange: (e) => toggle(name, e.target.checked)}), " ", t(`table.turn_${name}`)))
      : null,
    ctx.meta.seat !== null && !ctx.view.over
      ? h("label", {class: "check small"}, h("input", {type: "checkbox", checked: confirmMoves(), "data-testid": "confirm-moves",
            onchange: (e) => { localStorage.setItem("epochal.confirm", e.target.checked ? "1" : "0"); confirming = null; render(); }}),
          " ", t("table.confirm_moves"))
      : null,
    ctx.view.over && endDismissed
      ? h("button", {"data-testid": "show-scores", onclick: () => { endDismissed = false; render(); }}, t("table.show_scores"))
      : null,
    ctx.view.over && endDismissed
      ? h("a", {class: "button", href: `/replay/${encodeURIComponent(gameId)}?lang=${lang()}`, "data-testid": "side-replay-link"},
          "▷ ", t("table.replay"))
      : null);
}

function drawLog() {
  const list = $("log");
  const order = [...entries.keys()].sort((a, b) => a - b);
  const prefix = shownLog.length <= order.length && shownLog.every((x, i) => order[i] === x);
  if (!prefix) { list.replaceChildren(); shownLog = []; }
  const atBottom = list.scrollHeight - list.scrollTop - list.clientHeight < 40;
  for (const index of order.slice(shownLog.length)) {
    list.append(logItem(entries.get(index), {class: shownLog.length ? "fresh" : ""}));
  }
  shownLog = order;
  if (atBottom || !prefix) list.scrollTop = list.scrollHeight;
}

function endScreen(ctx) {
  const {view, meta} = ctx;
  const el = $("end");
  el.hidden = !view.over || endDismissed;
  if (el.hidden) return;
  fill(el, h("div", {class: "end-card"},
    h("h2", {}, t("table.scores")),
    scoreTable(ctx, layout?.module),
    againRow(meta),
    h("div", {class: "row"},
      h("button", {"data-testid": "close-end", onclick: () => { endDismissed = true; render(); }}, t("table.close")),
      h("a", {class: "button primary", href: `/replay/${encodeURIComponent(gameId)}?lang=${lang()}`,
              "data-testid": "replay-link"}, "▷ ", t("table.replay")),
      // one click sends the game to the server's analysis and opens the replay, where it shows
      h("a", {class: "button", href: `/replay/${encodeURIComponent(gameId)}?lang=${lang()}#analyse=1` +
                                    (meta.seat !== null && meta.seat !== undefined ? `&me=${meta.seat}` : ""),
              "data-testid": "analyse-link"}, t("table.analyse")),
      h("a", {class: "button", href: `/api/games/${encodeURIComponent(gameId)}/record`, download: true,
              "data-testid": "download-record"}, t("table.record")),
      h("a", {class: "button", href: `/?lang=${lang()}`}, t("table.lobby")))));
}

// "Play again": a seat or the host asks for the rematch; then every page offers its own way in,
// the person's own secret opening their seat at the new table (the seats move on by one).
function againRow(meta) {
  if (meta.rematch) {
    const secret = hotSeats.size ? location.hash : token ? `#seat=${token}` : hostToken ? `#host=${hostToken}` : watch ? `#watch=${watch}` : "";
    return h("p", {class: "again"}, t("table.rematch_ready"), " ",
             h("a", {class: "button primary", "data-testid": "rematch-link",
                     href: `/game/${encodeURIComponent(meta.rematch)}?lang=${lang()}${secret}`}, t("table.rematch_go")));
  }
  if (meta.seat === null && !hostToken) return null;
  return h("p", {class: "again"}, h("button", {class: "primary", "data-testid": "rematch", onclick: async (e) => {
    e.target.disabled = true;
    try {
      await api("POST", `/api/games/${encodeURIComponent(gameId)}/rematch`, undefined, token || {host: hostToken});
    } catch (err) {
      toast(err.status ? err.message : t("table.offline"));
      e.target.disabled = false;
    }
  }}, t("table.rematch")), " ", h("span", {class: "muted small"}, t("table.rematch_help")));
}

// --- status line, errors, language --------------------------------------------------------------

function setConn(state) {
  const el = $("conn");
  el.className = `conn ${state}`;
  el.dataset.state = state;
  el.textContent = t(`table.${state}`);
}

let toastTimer = null;
function toast(text) {
  const el = $("toast");
  fill(el, h("b", {}, t("table.error")), ": ", text);
  el.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => { el.hidden = true; }, 5000);
}

function fatal(msg, revoked = false) {
  stopped = true;
  if (revoked) socket?.close();
  setConn("reconnecting");
  $("conn").textContent = "";
  const el = $("banner");
  el.className = "banner over";
  fill(el, revoked ? msg.detail : msg.status === 404 ? t("table.no_game") : msg.status === 403 ? t("table.bad_link") : msg.detail);
}

function translateStatic() {
  for (const el of document.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
  for (const el of document.querySelectorAll("[data-i18n-placeholder]")) el.placeholder = t(el.dataset.i18nPlaceholder);
}

function languageSelect(available) {
  const select = $("lang");
  fill(select, available.map((code) => h("option", {value: code, selected: code === lang()}, LANGS[code] || code)));
  select.onchange = () => {
    setLang(select.value);
    translateStatic();
    const old = socket;
    socket = null;
    old?.close();
    connect();                               // a fresh hello renders the log in the new language
  };
}

async function main() {
  let available = Object.keys(LANGS);
  try {
    const summary = await api("GET", `/api/games/${encodeURIComponent(gameId)}`);
    const meta = await api("GET", "/api/meta");
    available = meta.games.find((g) => g.name === summary.game)?.languages || available;
    botLevels = meta.bot_levels || [];
  } catch (err) {
    if (err.status === 404) { pickLang(available); translateStatic(); return fatal({status: 404}); }
  }
  pickLang(available);
  translateStatic();
  languageSelect(available);
  startChat((text) => {
    if (socket?.readyState !== WebSocket.OPEN) { toast(t("table.offline")); return false; }
    socket.send(JSON.stringify({type: "chat", text}));
    return true;
  });
  if (hotSeats.size > 1) await hotSeatsFound();
  connect();
}

main();
