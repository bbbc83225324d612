// Drawing one position with the game's own board module, for the live table (table.js) and for
// replays (replay.js), which has no socket and no seat to act for: the game's layout (its
// module, words, constants and cards), the context a module draws from, the board itself with
// the scroll of its rows kept, a log entry, and the final scores.
import {api, fill, h} from "./dom.js";
import {format, lang, t} from "./i18n.js";
import {ruleLink} from "./rules.js";

// The game's board: {name, lang, module, strings, constants, cards}. `cardsPath`: where the
// cards' names and texts come from (a table's own card data, or the game's built-in data).
// `old`: the layout drawn so far (a new language only changes the words).
export async function boardLayout(game, cardsPath, old) {
  if (old?.name === game && old.lang === lang()) return old;
  const same = old?.name === game;
  const base = `/static/games/${encodeURIComponent(game)}`;
  const [module, table, catalogue] = await Promise.all([
    same ? old.module : import(`${base}/board.js`).catch(() => null),  // none: the panel holds every action
    api("GET", `/api/meta/${encodeURIComponent(game)}/table?lang=${lang()}`).catch(() => ({})),
    api("GET", `${cardsPath}?lang=${lang()}`).catch(() => ({cards: []})),
    same ? null : stylesheet(`${base}/board.css`),
  ]);
  // a table's own cards come with the constants drawn from its data (a card's facts on its face)
  return {name: game, lang: lang(), module, strings: table.strings || {}, constants: catalogue.constants || table.constants || {},
          cards: new Map(catalogue.cards.flatMap((c) => [c.id, ...(c.copies || [])].map((id) => [id, c])))};
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

// What a board module draws from. `msg`: a message with a view ({view, ui, meta, action_texts,
// prompt, why_not}); `opts.mine`: the seat decides now (the prompt and the reasons are shown);
// `opts.pending`: an action is under way (controls disabled); `opts.readOnly`: a replay, where
// nothing can be done, so no control is put on the board.
export function boardContext(msg, layout, opts = {}) {
  const {view, ui, meta} = msg;
  // Each legal action: the view's entry, the game's description of it (ui.actions), and its words
  // in the page's language from the server (action_texts), which stand in for the engine's text.
  const texts = msg.action_texts || {};
  const legal = new Map(opts.readOnly ? [] : (view.legal || []).map((a) =>
    [a.id, {...a, ...(ui.actions?.[a.id] || {}), text: texts[a.id] ?? a.text}]));
  const byCard = new Map();     // the legal actions that act on a card, by its id
  for (const a of legal.values()) if (a.card) byCard.set(a.card, [...(byCard.get(a.card) || []), a]);
  const words = layout?.strings || {};
  return {
    view, ui, meta, t, legal, byCard, seat: meta.seat, names: meta.names,
    tr: (key, params) => format(Object.hasOwn(words, key) ? words[key] : key, params),   // the game's words
    has: (key) => Object.hasOwn(words, key),
    constants: layout?.constants || {},
    cards: layout?.cards || new Map(),
    prompt: opts.mine ? msg.prompt || null : null,
    whyNot: opts.mine ? msg.why_not || [] : [],
    rule: ruleLink,
    control(id, label, o = {}) {
      return h("button", {class: `act ${o.cls || ""}`, "data-action-id": id, "data-testid": "action",
                          title: o.title, disabled: opts.pending}, label);
    },
  };
}

// The board drawn into `board`: every drawing replaces it; a frame the board marks
// `data-keep-scroll="<name>"` (a row of cards that scrolls inside itself on a phone) keeps the
// place it was scrolled to.
export function drawBoard(board, layout, ctx) {
  const kept = [...board.querySelectorAll("[data-keep-scroll]")].map((e) => [e.dataset.keepScroll, e.scrollLeft, e.scrollTop]);
  fill(board, layout?.module ? layout.module.render(ctx) : genericBoard(ctx.view));
  for (const [name, left, top] of kept) {
    const frame = board.querySelector(`[data-keep-scroll="${CSS.escape(name)}"]`);
    if (frame) Object.assign(frame, {scrollLeft: left, scrollTop: top});
  }
}

// A game without a layout yet is still shown: the position as the data the seat receives.
function genericBoard(view) {
  const {legal, ...rest} = view;
  return h("section", {class: "generic-board"}, h("p", {class: "muted"}, t("table.no_layout")),
           h("pre", {}, JSON.stringify(rest, null, 1)));
}

// One entry of the game log: the events of one action, as the listener saw them.
export function logItem(entry, attrs = {}, extra = null) {
  return h("li", {"data-index": entry.index, ...attrs},
    extra,
    entry.by === "clock" ? h("div", {class: "ev by-clock muted small", "data-testid": "by-clock"}, "◷ ", t("table.by_clock")) : null,
    entry.events.map((ev) => h("div", {class: `ev ev-${ev.type}`}, ev.text)));
}

// The final scores: a row per category (the module's words and notes), the total, the tie-break.
export function scoreTable(ctx, module) {
  const {view, meta} = ctx;
  const scores = view.scores || [];
  const keys = Object.keys(scores[0] || {}).filter((k) => k !== "total" && k !== "tiebreak");
  const label = (k) => module?.scoreLabel?.(ctx, k) || (ctx.has(`score.${k}`) ? ctx.tr(`score.${k}`) : k);
  const help = (k) => (ctx.has(`score.${k}.help`) ? ctx.tr(`score.${k}.help`) : null);
  const note = (k, s) => module?.scoreNote?.(ctx, k, s) || null;
  const winners = new Set(view.winners || []);
  const cell = (s, value, cls, title) => h("td", {class: `${cls || ""}${winners.has(s) ? " win" : ""}`, title}, value);
  return h("table", {class: "scores", "data-testid": "score-table"},
    h("thead", {}, h("tr", {}, h("th", {}), scores.map((_, s) => h("th", {class: winners.has(s) ? "win" : ""},
      winners.has(s) ? "♛ " : "", meta.names[s], s === meta.seat ? ` (${t("table.you")})` : "")))),
    h("tbody", {},
      keys.map((k) => h("tr", {"data-category": k}, h("th", {title: help(k), class: help(k) ? "explained" : null}, label(k)),
                        scores.map((sc, s) => cell(s, sc[k], "", note(k, s))))),
      h("tr", {class: "total", "data-category": "total"}, h("th", {}, t("table.total")),
        scores.map((sc, s) => cell(s, sc.total, "total"))),
      scores.some((sc) => sc.tiebreak?.length)
        ? h("tr", {class: "tiebreak", "data-category": "tiebreak"},
            h("th", {title: help("tiebreak") || t("table.tiebreak_help"), class: "explained"}, t("table.tiebreak")),
            scores.map((sc, s) => cell(s, sc.tiebreak.join(" / "))))
        : null));
}

// The flag over a table whose card data is not all checked against the printed cards (the
// page's element #provisional).
export function provisional(view) {
  const flag = document.getElementById("provisional");
  flag.hidden = !view.data?.provisional;
  // The plain sentence in the page's language; the data set's counts (the engine's own words)
  // only for those who open the details.
  if (!flag.hidden) fill(flag, h("span", {class: "flag"}, "≈"), " ", t("table.provisional"), " ",
                          h("details", {class: "muted small inline"}, h("summary", {}, t("table.provisional_details")),
                            view.data.status));
}
