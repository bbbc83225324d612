// The replay page: a finished game of the server (/replay/<id>) or a record file the person
// opens (/replay), stepped through action by action. Each step is drawn by the game's own board
// module from what the server answers (GET /api/games/<id>/replay, POST /api/replay): the
// position as the chosen seat saw it then, as a spectator saw it, or with every card face up
// where that is allowed, and the log up to the step with the step's action marked. Nothing can
// be played here: the board gets no legal actions. The step and the viewpoint are in the
// address (#step=N&seat=S, kept with history.replaceState), so every step has its own link.
import {api, fill, h} from "./dom.js";
import {LANGS, lang, pickLang, setLang, t} from "./i18n.js";
import {ruleLink, rulesFor} from "./rules.js";
import {boardContext, boardLayout, drawBoard, logItem, provisional, scoreTable} from "./board-view.js";
import {analysisPanel} from "./analysis.js";

const $ = (id) => document.getElementById(id);
const path = location.pathname.split("/").filter(Boolean);
const gameId = path.length > 1 ? decodeURIComponent(path[1]) : null;   // none: a record file
const STORED = "epochal.replay.record";     // the file's record, kept for this tab's reloads
const MAX_FILE = 4 * 1024 * 1024;
const PLAY_EVERY = 1200;                    // ms between two steps while playing

let record = null;          // a record file's record (parsed JSON)
let layout = null;          // the game's board (board-view.js)
let current = null;         // the step drawn: the server's answer
let step = 0;
let steps = 0;
let viewpoint = null;       // "0", "1"…, "open" or "spectator"
let asked = 0;              // the newest request: older answers are not drawn
let playing = null;         // the timer while playing
const logs = new Map();     // "<viewpoint>/<lang>" -> {entries: Map(index -> entry), complete: steps known}
// The computer analysis of a server's game (analysis.js); a click on its graph goes to a step.
const analysis = gameId ? analysisPanel($("analysis"), gameId, (to) => { stop(); go(to); }) : null;

// --- the address ---------------------------------------------------------------------------

function fromHash() {
  const p = new URLSearchParams(location.hash.slice(1));
  const n = Number.parseInt(p.get("step") ?? "", 10);
  return {step: Number.isFinite(n) && n >= 0 ? n : null, seat: p.get("seat")};
}

function toHash() {
  history.replaceState(null, "", `${location.pathname}${location.search}#step=${step}&seat=${viewpoint}`);
}

// --- asking the server ------------------------------------------------------------------------

// The step `wanted` from `seat`; the log entries this page has already are not asked again.
async function show(wanted, seat = viewpoint) {
  const n = ++asked;
  const key = `${seat}/${lang()}`;
  const known = logs.get(key) || {entries: new Map(), complete: 0};
  const from = Math.min(known.complete, wanted);
  let msg;
  try {
    msg = gameId
      ? await api("GET", `/api/games/${encodeURIComponent(gameId)}/replay?step=${wanted}&seat=${encodeURIComponent(seat)}` +
                         `&lang=${lang()}&log_from=${from}`)
      : await api("POST", "/api/replay", {record, step: wanted, seat, lang: lang(), log_from: from});
  } catch (err) {
    if (n === asked) failed(err, seat);
    return;
  }
  if (n !== asked) return;
  for (const e of msg.log) known.entries.set(e.index, e);
  known.complete = Math.max(known.complete, wanted);
  logs.set(key, known);
  msg.log = [...known.entries.values()].filter((e) => e.index < wanted).sort((a, b) => a.index - b.index);
  await loadLayout(msg.meta.game);
  if (n !== asked) return;
  current = msg;
  step = msg.step;
  steps = msg.steps;
  viewpoint = seat;
  toHash();
  render();
}

function failed(err, seat) {
  // a link to a viewpoint or a step this replay lacks: the nearest that it has
  if (err.status === 403 && err.data?.error === "open_replay_off" && seat !== "spectator") return show(step, "spectator");
  if (err.status === 422 && err.data?.field === "seat" && seat !== "spectator") return show(step, "spectator");
  if (err.status === 422 && err.data?.field === "step" && step !== 0) return show(0, seat);
  if (!current) return fatal(err);
  toast(err.status ? err.message : t("table.offline"));
}

async function loadLayout(game) {
  if (layout?.name === game && layout.lang === lang()) return;
  const cards = gameId ? `/api/games/${encodeURIComponent(gameId)}/cards` : `/api/meta/${encodeURIComponent(game)}/cards`;
  layout = await boardLayout(game, cards, layout);
  rulesFor(game);
  fill($("help"), ["rules", "cards"].map((k) => h("a", {href: `/${k}/${encodeURIComponent(game)}?lang=${lang()}`,
                                                        target: "_blank", "data-testid": `${k}-link`}, t(`table.${k}`))));
}

// --- drawing -------------------------------------------------------------------------------------

function render() {
  const msg = current;
  const {view, meta} = msg;
  const ctx = boardContext(msg, layout, {readOnly: true, mine: msg.seat !== null && Boolean(msg.prompt)});
  // nobody thinks in a replay: a seat that owes a decision is the one "to move"
  ctx.t = (key, params) => t(key === "table.thinking" ? "replay.to_move" : key, params);
  const title = ctx.has("title") ? ctx.tr("title") : meta.title;
  document.title = `${t("replay.title")} · ${title} — Epochal`;
  fill($("title"), `${t("replay.title")} · ${title}`);
  $("head").hidden = $("main").hidden = false;
  document.body.dataset.step = String(step);
  document.body.dataset.viewpoint = viewpoint;
  provisional(view);
  banner(ctx);
  controls(msg);
  branchButton(msg);
  decision(ctx);
  scores(ctx);
  drawBoard($("board"), layout, ctx);
  drawLog(msg);
  analysis?.show(step, steps, viewpoint, meta.names);
  fill($("actions"), gameId
    ? h("a", {class: "button", href: `/game/${encodeURIComponent(gameId)}?lang=${lang()}`, "data-testid": "to-table"}, t("replay.to_table"))
    : h("button", {"data-testid": "other-file", onclick: () => { stop(); sessionStorage.removeItem(STORED); location.hash = ""; location.reload(); }},
        t("replay.other_file")),
    h("a", {class: "button", href: `/?lang=${lang()}`}, t("table.lobby")));
}

// The step: who acted and what (in the words the viewpoint knew), and where the game stands.
function banner(ctx) {
  const {view, meta} = ctx;
  const el = $("banner");
  const status = layout?.module?.status?.(ctx);
  const where = status ? h("span", {class: "where"}, status) : null;
  el.className = `banner replay-banner${view.over ? " over" : ""}`;
  if (!step) return fill(el, where, h("b", {}, t("replay.setup")));
  const actor = current.acted[step - 1];
  const entry = current.log.find((e) => e.index === step - 1);
  const what = current.action?.text
    ? capital(current.action.text)
    : entry ? entry.events.map((ev) => ev.text).join(" · ") : t("replay.hidden_action");
  fill(el, where, h("span", {class: "replay-what"}, h("b", {"data-testid": "replay-actor"}, meta.names[actor]), ": ",
                     h("span", {"data-testid": "replay-action"}, what)));
}

function capital(text) {
  return text ? text[0].toLocaleUpperCase(lang()) + text.slice(1) : text;
}

function controls(msg) {
  $("controls").hidden = false;
  const slider = $("slider");
  slider.max = String(steps);
  slider.value = String(step);
  $("first").disabled = $("back").disabled = step <= 0;
  $("forward").disabled = $("last").disabled = step >= steps;
  $("play").textContent = playing ? "❚❚" : "▷";
  $("play").title = t(playing ? "replay.pause" : "replay.play");
  $("play").setAttribute("aria-label", $("play").title);
  $("play").disabled = !playing && step >= steps;
  $("counter").textContent = t("replay.step", {n: step, total: steps});
  const names = msg.meta.names;
  const choices = [...names.map((name, i) => [String(i), t("replay.seat_view", {name})]),
                   ...(msg.open_allowed ? [["open", t("replay.open")]] : []),
                   ["spectator", t("replay.spectator")]];
  fill($("viewpoint"), choices.map(([value, label]) => h("option", {value, selected: value === viewpoint}, label)));
  $("viewpoint").title = msg.open_allowed ? "" : t("replay.open_off");
}

// What the viewpoint's seat was deciding at this step; face up, the hidden answers already given.
function decision(ctx) {
  const el = $("decision");
  const choices = current.choices || [];
  if (ctx.prompt) {
    const card = ctx.prompt.card;
    const face = card && layout?.module?.cardFace?.(ctx, card);
    el.hidden = false;
    return fill(el, h("div", {class: "decision-head"},
      face ? h("div", {class: "decision-card"}, face) : null,
      h("p", {class: "decision-prompt"}, t("replay.deciding", {name: ctx.names[ctx.seat]}), " ", ctx.prompt.text)));
  }
  el.hidden = !choices.length;
  if (choices.length) {
    fill(el, h("p", {class: "decision-prompt"}, t("replay.choices")),
         h("ul", {class: "replay-choices"}, choices.map((c) => h("li", {}, h("b", {}, ctx.names[c.seat]), ": ", c.text))));
  }
}

function scores(ctx) {
  const el = $("scores");
  el.hidden = !ctx.view.over || !ctx.view.scores;
  if (!el.hidden) fill(el, h("h2", {}, t("table.scores")), scoreTable(ctx, layout?.module));
}


// The log up to the step; the step's own entry marked and brought into the list's view. Face
// up, an event only some seats saw says whose it was.
function drawLog(msg) {
  const list = $("log");
  const names = msg.meta.names;
  fill(list, msg.log.map((entry) => logItem(
    {...entry, events: entry.events.map((ev) => ev.to ? {...ev, text: `${t("replay.private_to", {names: ev.to.map((s) => names[s]).join(", ")})} ${ev.text}`} : ev)},
    {class: entry.index === step - 1 ? "current" : "", "data-testid": entry.index === step - 1 ? "log-current" : null},
    h("span", {class: "log-who muted small"}, `${entry.index + 1}. ${names[entry.seat]}`))));
  const here = list.querySelector(".current") || list.lastElementChild;
  if (here) list.scrollTop = here.offsetTop - list.clientHeight / 2;
}

// --- controls ------------------------------------------------------------------------------------

function go(to) {
  const target = Math.max(0, Math.min(steps, to));
  if (target === step && current?.step === target) return;
  step = target;
  $("slider").value = String(target);
  $("counter").textContent = t("replay.step", {n: target, total: steps});
  show(target);
}

function stop() {
  if (playing) clearInterval(playing);
  playing = null;
}

function togglePlay() {
  if (playing) { stop(); return controls(current); }
  if (step >= steps) return;
  playing = setInterval(() => {
    if (step >= steps) { stop(); controls(current); return; }
    go(step + 1);
  }, PLAY_EVERY);
  go(step + 1);
  controls(current);
}

function wire() {
  $("first").onclick = () => { stop(); go(0); };
  $("back").onclick = () => { stop(); go(step - 1); };
  $("forward").onclick = () => { stop(); go(step + 1); };
  $("last").onclick = () => { stop(); go(steps); };
  $("play").onclick = togglePlay;
  $("slider").oninput = (e) => { stop(); go(Number(e.target.value)); };
  $("viewpoint").onchange = (e) => show(step, e.target.value);
  $("branch-open").onclick = openBranch;
  $("copy").onclick = async () => {
    try { await navigator.clipboard.writeText(location.href); toast(t("lobby.copied"), false); } catch { toast(location.href, false); }
  };
  document.addEventListener("keydown", (e) => {
    if (!current || e.altKey || e.ctrlKey || e.metaKey || e.target.closest?.("input, select, textarea, dialog")) return;
    const to = {ArrowLeft: step - 1, ArrowRight: step + 1, Home: 0, End: steps}[e.key];
    if (to === undefined) return;
    e.preventDefault();
    stop();
    go(to);
  });
  // a link to another step of the same replay, opened in this tab
  window.addEventListener("hashchange", () => {
    const wanted = fromHash();
    if (wanted.step !== null && (wanted.step !== step || (wanted.seat && wanted.seat !== viewpoint))) {
      show(Math.min(wanted.step, steps), wanted.seat || viewpoint);
    }
  });
}

// --- play from here: a private table that starts at the step's position ---------------------------
// Each seat of the new table is a person or a bot (a level); the people's seats are all played
// from the one page it opens on (hot-seat), which shows their cards, so the server allows it only
// where this replay may be seen face up (a record file always: it holds the seed).
let botLevels = null;

function branchButton(msg) {
  const why = gameId && !msg.open_allowed ? "branch.closed" : msg.meta.status === "finished" ? "branch.over" : null;
  const button = $("branch-open");
  button.disabled = Boolean(why);
  button.title = t(why || "branch.help");
}

async function openBranch() {
  stop();
  controls(current);
  const dialog = $("branch");
  try {
    botLevels ??= (await api("GET", "/api/meta")).bot_levels;
  } catch (err) {
    return toast(err.status ? err.message : t("table.offline"));
  }
  const at = step;
  const seats = current.meta.names.map((name, i) => h("label", {class: "branch-seat"},
    h("span", {class: "branch-name"}, name),
    h("select", {"data-testid": `branch-seat-${i}`},
      h("option", {value: "human"}, t("branch.person")),
      botLevels.map((level) => h("option", {value: level}, t("branch.bot", {level: t(`level.${level}`)}))))));
  const error = h("p", {class: "error", "data-testid": "branch-error", hidden: true});
  const start = h("button", {type: "submit", class: "primary", "data-testid": "branch-start"}, t("branch.start"));
  const submit = async (e) => {
    e.preventDefault();
    start.disabled = true;
    const chosen = seats.map((row) => row.querySelector("select").value)
      .map((value) => (value === "human" ? {kind: "human"} : {kind: "bot", level: value}));
    try {
      const made = gameId
        ? await api("POST", `/api/games/${encodeURIComponent(gameId)}/branch`, {step: at, seats: chosen})
        : await api("POST", "/api/replay/branch", {record, step: at, seats: chosen});
      const link = new URL(made.play_link);
      link.searchParams.set("lang", lang());
      location.assign(link.toString());
    } catch (err) {
      start.disabled = false;
      error.hidden = false;
      const known = {open_replay_off: "branch.closed", rate_limited: "branch.busy"}[err.data?.error];
      fill(error, known ? t(known) : err.status ? err.message : t("table.offline"));
    }
  };
  fill(dialog, h("form", {class: "branch-form", onsubmit: submit},
    h("h2", {}, t("branch.title", {n: at})),
    h("p", {class: "muted small"}, t("branch.help")),
    h("div", {class: "branch-seats"}, seats),
    error,
    h("div", {class: "row"}, start,
      h("button", {type: "button", "data-testid": "branch-cancel", onclick: () => dialog.close()}, t("branch.cancel")))));
  dialog.showModal();
}

// --- a record file -----------------------------------------------------------------------------

function picker(error) {
  $("picker").hidden = false;
  const el = $("file-error");
  el.hidden = !error;
  if (error) fill(el, error);
  $("file").onchange = async (e) => {
    const file = e.target.files?.[0];
    if (!file) return;
    if (file.size > MAX_FILE) return picker(t("replay.bad_file", {detail: t("replay.too_large")}));
    let parsed;
    try {
      parsed = JSON.parse(await file.text());
    } catch {
      return picker(t("replay.bad_file", {detail: t("replay.not_json")}));
    }
    openRecord(parsed, 0, null);
  };
}

async function openRecord(parsed, wanted, seat) {
  record = parsed;
  try {
    const first = await api("POST", "/api/replay", {record, step: 0, seat: "spectator", lang: lang()});
    const names = first.meta.names || [];
    const chosen = seat && (["open", "spectator"].includes(seat) || names[Number(seat)] !== undefined) ? seat : "open";
    try { sessionStorage.setItem(STORED, JSON.stringify(record)); } catch { /* too large to keep: fine */ }
    $("picker").hidden = true;
    languageSelect(first.meta.languages);
    steps = first.steps;
    await show(Math.min(wanted ?? 0, first.steps), chosen);
  } catch (err) {
    record = null;
    picker(t("replay.bad_file", {detail: err.status ? err.message : t("table.offline")}));
  }
}

// --- page ----------------------------------------------------------------------------------------

let toastTimer = null;
function toast(text, error = true) {
  const el = $("toast");
  fill(el, error ? [h("b", {}, t("table.error")), ": "] : null, text);
  el.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => { el.hidden = true; }, 4000);
}

function fatal(err) {
  $("head").hidden = false;
  $("controls").hidden = true;
  const el = $("banner");
  el.className = "banner replay-banner over";
  const text = err.status === 404 ? t("table.no_game") : err.data?.error === "not_finished" ? t("replay.not_finished") : err.message;
  fill(el, h("span", {"data-testid": "replay-error"}, text), " ",
       gameId && err.data?.error === "not_finished"
         ? h("a", {class: "button", href: `/game/${encodeURIComponent(gameId)}?lang=${lang()}`}, t("replay.to_table")) : null,
       h("a", {class: "button", href: `/?lang=${lang()}`}, t("table.lobby")));
}

function translateStatic() {
  for (const el of document.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
  for (const [id, key] of [["first", "replay.first"], ["back", "replay.back"], ["forward", "replay.forward"],
                           ["last", "replay.last"], ["slider", "replay.slider"]]) {
    $(id).title = t(key);
    $(id).setAttribute("aria-label", t(key));
  }
  if (!current) fill($("title"), t("replay.title"));
  $("picker-lobby").href = `/?lang=${lang()}`;
}

function languageSelect(available) {
  const select = $("lang");
  fill(select, available.map((code) => h("option", {value: code, selected: code === lang()}, LANGS[code] || code)));
  select.onchange = () => {
    setLang(select.value);
    translateStatic();
    show(step);                              // the log and the board's words in the new language
  };
}

async function main() {
  wire();
  const wanted = fromHash();
  if (!gameId) {
    pickLang(Object.keys(LANGS));
    translateStatic();
    languageSelect(Object.keys(LANGS));
    const kept = sessionStorage.getItem(STORED);
    if (kept) {
      try { return await openRecord(JSON.parse(kept), wanted.step, wanted.seat); } catch { sessionStorage.removeItem(STORED); }
    }
    return picker(null);
  }
  let available = Object.keys(LANGS);
  let summary = null;
  try {
    summary = await api("GET", `/api/games/${encodeURIComponent(gameId)}`);
    const meta = await api("GET", "/api/meta");
    available = meta.games.find((g) => g.name === summary.game)?.languages || available;
  } catch (err) {
    pickLang(available);
    translateStatic();
    return fatal(err);
  }
  pickLang(available);
  translateStatic();
  languageSelect(available);
  if (summary.status !== "finished") return fatal({status: 409, data: {error: "not_finished"}});
  // `me`: the table's end screen says whose page it was; the player's own view then, if not face up
  const me = new URLSearchParams(location.hash.slice(1)).get("me");
  const seat = wanted.seat && (["open", "spectator"].includes(wanted.seat) || /^\d+$/.test(wanted.seat))
    ? wanted.seat : summary.open_replay !== false ? "open" : /^\d+$/.test(me ?? "") ? me : "spectator";
  steps = summary.ply;
  show(Math.min(wanted.step ?? 0, summary.ply), seat);
}

main();
