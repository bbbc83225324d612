// A game's reference pages: /rules/<game> (its rules summary in our own words, a section per
// heading, an anchor per rule number) and /cards/<game> (every card of its built-in data, drawn
// by the game's own `cardFace`, with its name and text in the page's language).
import {api, fill, h} from "./dom.js";
import {LANGS, format, lang, pickLang, setLang, t} from "./i18n.js";
import {ruleLink, rulesFor} from "./rules.js";

const [kind, game] = location.pathname.split("/").filter(Boolean).map(decodeURIComponent);
// /cards/<game>?table=<id>: that table's cards (an owner's data set, when it plays with one)
const tableId = kind === "cards" ? new URLSearchParams(location.search).get("table") : null;
const $ = (id) => document.getElementById(id);

async function draw() {
  const q = `lang=${lang()}`;
  const base = `/api/meta/${encodeURIComponent(game)}`;
  const [table, meta] = await Promise.all([api("GET", `${base}/table?${q}`), api("GET", "/api/meta")]);
  const words = table.strings || {};
  const title = words.title || meta.games.find((g) => g.name === game)?.title || game;
  document.title = `${title} — ${t(kind === "rules" ? "table.rules" : "table.cards")} — Epochal`;
  $("title").textContent = title;
  const own = tableId ? `table=${encodeURIComponent(tableId)}&` : "";
  fill($("nav"), ["rules", "cards"].map((k) => h("a", {href: `/${k}/${encodeURIComponent(game)}?${k === "cards" ? own : ""}${q}`,
                                                        class: k === kind ? "here" : ""}, t(`table.${k}`))));
  if (kind === "rules") return rulesPage((await api("GET", `${base}/rules?${q}`)).rules);
  const files = `/static/games/${encodeURIComponent(game)}`;
  if (!document.querySelector(`link[href="${files}/board.css"]`)) {
    document.head.append(h("link", {rel: "stylesheet", href: `${files}/board.css`}));
  }
  const [module, cards] = await Promise.all([
    import(`${files}/board.js`).catch(() => null),
    api("GET", tableId ? `/api/games/${encodeURIComponent(tableId)}/cards?${q}` : `${base}/cards?${q}`),
  ]);
  cardsPage(module, words, cards.constants || table.constants || {}, cards.cards);
  if (tableId) {
    const set = cards.data_set;
    $("content").prepend(h("p", {class: "panel", "data-testid": "cards-of"},
      set ? t("table.cards_of_set", {name: set.name}) : t("table.cards_of_table")));
  }
}

function rulesPage(rules) {
  const sections = [];
  for (const [key, text] of Object.entries(rules)) {
    if (key.startsWith("§")) sections.push(h("h2", {id: key}, text));
    else sections.push(h("p", {id: key, class: "rule-entry", "data-testid": "rule-entry"}, h("b", {}, key), " ", text));
  }
  fill($("content"), h("article", {class: "panel rules-summary"}, sections));
  if (location.hash) document.getElementById(location.hash.slice(1))?.classList.add("target");
  document.getElementById(location.hash.slice(1))?.scrollIntoView();
}

function cardsPage(module, words, constants, cards) {
  const catalogue = new Map(cards.map((c) => [c.id, c]));
  const ctx = {
    view: null, ui: {}, meta: {seat: null, names: []}, t, legal: new Map(), byCard: new Map(), seat: null,
    tr: (key, params) => format(Object.hasOwn(words, key) ? words[key] : key, params),
    has: (key) => Object.hasOwn(words, key), constants, cards: catalogue, prompt: null, whyNot: [], rule: ruleLink,
    control: () => null,
  };
  const face = (card) => module?.cardFace?.(ctx, card.id)
    || h("div", {class: "face"}, h("b", {}, card.name), card.text.map((line) => h("div", {class: "small"}, line)));
  const decks = new Map();
  for (const card of cards) decks.set(card.deck ?? "", [...(decks.get(card.deck ?? "") || []), card]);
  fill($("content"), [...decks].map(([deck, list]) => h("section", {class: "panel gallery-deck"},
    deck ? h("h2", {}, ctx.has(`deck.${deck}`) ? ctx.tr(`deck.${deck}`) : deck) : null,
    h("div", {class: "gallery"}, list.map((card) => h("div", {class: "gallery-card", "data-testid": "card-face",
                                                             "data-card-id": card.id}, face(card)))))));
}

function languageSelect(available) {
  const select = $("lang");
  fill(select, available.map((code) => h("option", {value: code, selected: code === lang()}, LANGS[code] || code)));
  select.onchange = () => { setLang(select.value); translateStatic(); draw(); };
}

function translateStatic() {
  for (const el of document.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
}

async function main() {
  const meta = await api("GET", "/api/meta").catch(() => ({games: []}));
  const available = meta.games.find((g) => g.name === game)?.languages || Object.keys(LANGS);
  pickLang(available);
  translateStatic();
  languageSelect(available);
  rulesFor(game);
  draw().catch((err) => fill($("content"), h("p", {class: "error panel"}, err.message)));
}

main();
