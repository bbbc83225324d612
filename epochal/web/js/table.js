// The generic game page: connection, turn banner, game log, undo, end screen, languages.
// The board itself is drawn by the game's own module, `web/board.js` in the game's package
// (served as /static/games/<game>/board.js, with its board.css), which puts the legal actions on
// the things they act on; any legal action it does not place still gets a button here, so every
// legal action is always one click away. The module's words and the game's constants come from
// GET /api/meta/<game>/table (ctx.tr, ctx.has, ctx.constants).
import {api, fill, h} from "./dom.js";
import {LANGS, format, lang, pickLang, setLang, t} from "./i18n.js";

const $ = (id) => document.getElementById(id);
const gameId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop());
const token = new URLSearchParams(location.hash.slice(1)).get("seat");

let layout = null;          // the game's board: {name, lang, module, strings, constants}
let current = null;         // newest message with a view: {version, view, ui, meta, action_texts}
let entries = new Map();    // visible log entries by their index in the record
let resetVersion = -1;      // updates older than the last hello/reset are history already
let socket = null;
let retries = 0;
let pending = false;
let stopped = false;
let endDismissed = false;
let shownLog = [];

function connect() {
  if (stopped) return;
  setConn(current ? "reconnecting" : "connecting");
  const proto = location.protocol === "https:" ? "wss" : "ws";
  const ws = new WebSocket(`${proto}://${location.host}/api/games/${encodeURIComponent(gameId)}/ws`);
  socket = ws;
  ws.onopen = () => ws.send(JSON.stringify({token, lang: lang()}));
  ws.onmessage = (e) => receive(JSON.parse(e.data));
  ws.onclose = () => {
    if (socket !== ws || stopped) return;     // replaced on purpose, or a fatal error
    setConn("reconnecting");
    setTimeout(connect, Math.min(5000, 250 * 2 ** retries++));
  };
}

async function receive(msg) {
  if (msg.type === "error") {
    if (!current && [403, 404, 409].includes(msg.status)) return fatal(msg);
    return toast(msg.detail);
  }
  if (msg.type === "pong") return;
  if (msg.type === "status") {
    if (current && msg.version === current.version) { current.meta = msg.meta; render(); }
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
    current = msg;
    render();
    return;
  }
  if (msg.type === "update") accept(msg);
}

function accept(msg) {
  if (msg.version <= resetVersion) return;
  if (msg.events?.length) entries.set(msg.index, {index: msg.index, seat: msg.actor, events: msg.events});
  if (!current || msg.version > current.version) current = msg;
  render();
}

async function loadLayout(game) {
  if (layout?.name === game && layout.lang === lang()) return;
  const same = layout?.name === game;          // a new language: only the words change
  const base = `/static/games/${encodeURIComponent(game)}`;
  const [module, table] = await Promise.all([
    same ? layout.module : import(`${base}/board.js`).catch(() => null),  // none: every action goes in the side bar
    api("GET", `/api/meta/${encodeURIComponent(game)}/table?lang=${lang()}`).catch(() => ({})),
    same ? null : stylesheet(`${base}/board.css`),
  ]);
  layout = {name: game, lang: lang(), module, strings: table.strings || {}, constants: table.constants || {}};
}

// Resolves once the sheet is in (or failed: a game may have no styles of its own).
function stylesheet(href) {
  return new Promise((resolve) => {
    const link = document.createElement("link");
    link.rel = "stylesheet";
    link.href = href;
    link.onload = link.onerror = resolve;
    document.head.append(link);
  });
}

// --- acting -------------------------------------------------------------------------------------

document.addEventListener("click", (e) => {
  const el = e.target.closest("[data-action-id]");
  if (el && !el.disabled && !pending) act(Number(el.dataset.actionId));
});

async function act(id) {
  pending = true;
  render();
  try {
    accept(await api("POST", `/api/games/${encodeURIComponent(gameId)}/actions?lang=${lang()}`,
                     {action: id, version: current.version}, token));
  } catch (err) {
    toast(err.message);
  } finally {
    pending = false;
    render();
  }
}

async function undo() {
  pending = true;
  render();
  try {
    receive(await api("POST", `/api/games/${encodeURIComponent(gameId)}/undo?lang=${lang()}`, undefined, token));
  } catch (err) {
    toast(err.message);
  } finally {
    pending = false;
    render();
  }
}

// --- drawing ------------------------------------------------------------------------------------

function render() {
  if (!current) return;
  const {view, ui, meta} = current;
  // Each legal action: the view's entry, the game's description of it (ui.actions), and its words
  // in the page's language from the server (action_texts), which stand in for the engine's text.
  const texts = current.action_texts || {};
  const legal = new Map(view.legal.map((a) => [a.id, {...a, ...(ui.actions?.[a.id] || {}), text: texts[a.id] ?? a.text}]));
  const byCard = new Map();     // the legal actions that act on a card, by its id
  for (const a of legal.values()) if (a.card) byCard.set(a.card, [...(byCard.get(a.card) || []), a]);
  const placed = new Set();
  const words = layout?.strings || {};
  const ctx = {
    view, ui, meta, t, legal, byCard, seat: meta.seat, names: meta.names,
    tr: (key, params) => format(Object.hasOwn(words, key) ? words[key] : key, params),   // the game's words
    has: (key) => Object.hasOwn(words, key),
    constants: layout?.constants || {},
    control(id, label, opts = {}) {
      placed.add(id);
      return h("button", {class: `act ${opts.cls || ""}`, "data-action-id": id, "data-testid": "action",
                          title: opts.title, disabled: pending}, label);
    },
  };
  document.title = `${meta.title} — Epochal`;
  $("title").textContent = `${meta.title} · ${meta.seat === null ? t("table.spectating") : meta.names[meta.seat]}`;
  document.body.classList.toggle("busy", pending);
  document.body.dataset.version = current.version;      // lets tests wait for the next position
  provisional(view);
  banner(ctx);
  fill($("board"), layout?.module ? layout.module.render(ctx) : genericBoard(view));
  sideActions(ctx, placed);
  drawLog();
  endScreen(ctx);
}

// A game without a layout yet is still playable: its actions are in the side bar, and the
// position is shown as the data the seat receives.
function genericBoard(view) {
  const {legal, ...rest} = view;
  return h("section", {class: "generic-board"}, h("p", {class: "muted"}, t("table.no_layout")),
           h("pre", {}, JSON.stringify(rest, null, 1)));
}

function provisional(view) {
  const flag = $("provisional");
  flag.hidden = !view.data?.provisional;
  // The plain sentence in the page's language; the data set's counts (the engine's own words)
  // only for those who open the details.
  if (!flag.hidden) fill(flag, h("span", {class: "flag"}, "≈"), " ", t("table.provisional"), " ",
                          h("details", {class: "muted small inline"}, h("summary", {}, t("table.provisional_details")),
                            view.data.status));
}

function banner(ctx) {
  const {view, meta} = ctx;
  const el = $("banner");
  const waiting = meta.actors || [];
  if (view.over) {
    const names = (view.winners || []).map((s) => meta.names[s]).join(", ");
    el.className = "banner over";
    fill(el, h("b", {}, t("table.over")), " · ", t(view.winners?.length > 1 ? "table.winners" : "table.winner"), ": ", names);
  } else if (meta.seat !== null && waiting.includes(meta.seat)) {
    el.className = "banner mine";
    fill(el, h("b", {"data-testid": "your-turn"}, t("table.your_turn")), " — ", layout?.module?.prompt?.(ctx) || "");
  } else {
    el.className = "banner wait";
    fill(el, meta.seat === null ? [t("table.spectating"), " · "] : null,
         t("table.waiting", {names: waiting.map((s) => meta.names[s] + (meta.kinds[s] === "bot" ? ` (${t("table.bot")})` : "")).join(", ")}));
  }
}

function sideActions(ctx, placed) {
  const rest = [...ctx.legal.keys()].filter((id) => !placed.has(id));
  const describe = (id) => layout?.module?.describe?.(ctx, id) || ctx.legal.get(id).text;
  fill($("actions"),
    rest.length ? [h("h3", {}, t("table.other_actions")),
                   h("div", {class: "fallback"}, rest.map((id) => ctx.control(id, describe(id))))] : null,
    ctx.meta.undo && ctx.meta.seat !== null && !ctx.view.over
      ? h("button", {class: "undo", "data-testid": "undo", disabled: pending || !ctx.meta.can_undo, onclick: undo}, "↶ ", t("table.undo"))
      : null,
    ctx.view.over && endDismissed
      ? h("button", {"data-testid": "show-scores", onclick: () => { endDismissed = false; render(); }}, t("table.show_scores"))
      : null);
}

function drawLog() {
  const list = $("log");
  const order = [...entries.keys()].sort((a, b) => a - b);
  const prefix = shownLog.length <= order.length && shownLog.every((x, i) => order[i] === x);
  if (!prefix) { list.replaceChildren(); shownLog = []; }
  const atBottom = list.scrollHeight - list.scrollTop - list.clientHeight < 40;
  for (const index of order.slice(shownLog.length)) {
    const entry = entries.get(index);
    list.append(h("li", {class: shownLog.length ? "fresh" : "", "data-index": index},
      entry.events.map((ev) => h("div", {class: `ev ev-${ev.type}`}, ev.text))));
  }
  shownLog = order;
  if (atBottom || !prefix) list.scrollTop = list.scrollHeight;
}

function endScreen(ctx) {
  const {view, meta} = ctx;
  const el = $("end");
  el.hidden = !view.over || endDismissed;
  if (el.hidden) return;
  const scores = view.scores || [];
  const keys = Object.keys(scores[0] || {}).filter((k) => k !== "total" && k !== "tiebreak");
  const label = (k) => layout?.module?.scoreLabel?.(ctx, k) || k;
  const winners = new Set(view.winners || []);
  const cell = (s, value, cls) => h("td", {class: `${cls || ""}${winners.has(s) ? " win" : ""}`}, value);
  fill(el, h("div", {class: "end-card"},
    h("h2", {}, t("table.scores")),
    h("table", {class: "scores", "data-testid": "score-table"},
      h("thead", {}, h("tr", {}, h("th", {}), scores.map((_, s) => h("th", {class: winners.has(s) ? "win" : ""},
        winners.has(s) ? "♛ " : "", meta.names[s], s === meta.seat ? ` (${t("table.you")})` : "")))),
      h("tbody", {},
        keys.map((k) => h("tr", {"data-category": k}, h("th", {}, label(k)), scores.map((sc, s) => cell(s, sc[k])))),
        h("tr", {class: "total", "data-category": "total"}, h("th", {}, t("table.total")),
          scores.map((sc, s) => cell(s, sc.total, "total"))),
        scores.some((sc) => sc.tiebreak?.length)
          ? h("tr", {class: "tiebreak", "data-category": "tiebreak"}, h("th", {}, t("table.tiebreak")),
              scores.map((sc, s) => cell(s, sc.tiebreak.join(" / "))))
          : null)),
    h("div", {class: "row"},
      h("button", {"data-testid": "close-end", onclick: () => { endDismissed = true; render(); }}, t("table.close")),
      h("a", {class: "button", href: `/api/games/${encodeURIComponent(gameId)}/record`, download: true,
              "data-testid": "download-record"}, t("table.record")),
      h("a", {class: "button", href: `/?lang=${lang()}`}, t("table.lobby")))));
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

function fatal(msg) {
  stopped = true;
  setConn("reconnecting");
  $("conn").textContent = "";
  const el = $("banner");
  el.className = "banner over";
  fill(el, msg.status === 404 ? t("table.no_game") : msg.status === 403 ? t("table.bad_link") : msg.detail);
}

function translateStatic() {
  for (const el of document.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
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
  } catch (err) {
    if (err.status === 404) { pickLang(available); translateStatic(); return fatal({status: 404}); }
  }
  pickLang(available);
  translateStatic();
  languageSelect(available);
  connect();
}

main();
