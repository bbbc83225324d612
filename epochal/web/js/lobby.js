// The lobby: create a game (seats, bots, options, card data), hand out links, list games.
import {api, fill, h} from "./dom.js";
import {LANGS, lang, pickLang, setLang, t} from "./i18n.js";

const form = document.getElementById("create");
const created = document.getElementById("created");
const lists = document.getElementById("games");
let meta = null;

function translateStatic() {
  for (const el of document.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
  document.title = `Epochal — ${t("lobby.create")}`;
}

function languageSelect() {
  const select = document.getElementById("lang");
  fill(select, Object.entries(LANGS).map(([code, name]) => h("option", {value: code, selected: code === lang()}, name)));
  select.onchange = () => { setLang(select.value); translateStatic(); drawForm(); refresh(); };
}

function gameMeta() { return meta.games.find((g) => g.name === form.elements.game.value) || meta.games[0]; }

function drawForm() {
  const chosen = form.elements.game?.value || meta.games[0].name;
  const g = meta.games.find((x) => x.name === chosen);
  const asked = Number(form.elements.players?.value || 3);
  const players = Math.max(g.players[0], Math.min(g.players[1], asked));
  const kept = [...form.querySelectorAll(".seat-row")].map((row) => ({
    kind: row.querySelector("[name=kind]").value, level: row.querySelector("[name=level]").value,
    name: row.querySelector("[name=name]").value, touched: row.querySelector("[name=name]").dataset.touched}));
  const counts = [];
  for (let n = g.players[0]; n <= g.players[1]; n++) counts.push(n);
  const seats = [];
  for (let i = 0; i < players; i++) {
    const old = kept[i] || {kind: i === 0 ? "human" : "bot", level: "easy"};
    const def = old.kind === "human" ? t("lobby.default_human", {n: i + 1}) : t("lobby.default_bot", {n: i + 1});
    const name = h("input", {name: "name", value: old.touched ? old.name : def, maxlength: 40,
                             "data-testid": `seat-name-${i}`, oninput: (e) => { e.target.dataset.touched = "1"; }});
    if (old.touched) name.dataset.touched = "1";
    const level = h("select", {name: "level", "data-testid": `seat-level-${i}`, hidden: old.kind !== "bot"},
                    meta.bot_levels.map((l) => h("option", {value: l, selected: l === old.level}, t(`level.${l}`))));
    const kind = h("select", {name: "kind", "data-testid": `seat-kind-${i}`, onchange: drawForm},
                   ["human", "bot"].map((k) => h("option", {value: k, selected: k === old.kind}, t(`lobby.${k}`))));
    seats.push(h("div", {class: "seat-row"}, h("span", {class: "seat-no"}, t("lobby.seat", {n: i + 1})), kind, level, name));
  }
  fill(form,
    h("label", {}, t("lobby.game"), h("select", {name: "game", onchange: drawForm, "data-testid": "game"},
      meta.games.map((x) => h("option", {value: x.name, selected: x.name === chosen}, x.title)))),
    h("label", {}, t("lobby.players"), h("select", {name: "players", onchange: drawForm, "data-testid": "players"},
      counts.map((n) => h("option", {value: n, selected: n === players}, n)))),
    h("fieldset", {class: "seats"}, seats),
    h("details", {class: "options"}, h("summary", {}, t("lobby.options")),
      g.options.map((o) => h("label", {title: o.help}, o.name,
        h("select", {name: `option.${o.name}`, "data-testid": `option-${o.name}`},
          o.choices.map((c) => h("option", {value: JSON.stringify(c), selected: c === o.default}, String(c))))))),
    h("label", {}, t("lobby.data"), h("select", {name: "data", "data-testid": "data"},
      g.data_sets.map((d) => h("option", {value: d.key, title: d.status}, dataSetLabel(d))))),
    h("label", {class: "check"}, h("input", {type: "checkbox", name: "undo", "data-testid": "undo"}), t("lobby.undo")),
    h("button", {type: "submit", class: "primary", "data-testid": "create"}, t("lobby.submit")));
}

async function submit(event) {
  event.preventDefault();
  const g = gameMeta();
  const seats = [...form.querySelectorAll(".seat-row")].map((row) => {
    const kind = row.querySelector("[name=kind]").value;
    const seat = {kind, name: row.querySelector("[name=name]").value.trim() || undefined};
    if (kind === "bot") seat.level = row.querySelector("[name=level]").value;
    return seat;
  });
  const options = {};
  for (const o of g.options) options[o.name] = JSON.parse(form.elements[`option.${o.name}`].value);
  try {
    const game = await api("POST", "/api/games", {game: g.name, seats, options, data: form.elements.data.value,
                                                  undo: form.elements.undo.checked});
    showCreated(game);
    refresh();
  } catch (err) {
    fill(created, h("p", {class: "error"}, err.message));
    created.hidden = false;
  }
}

function linkRow(label, url, testid, button) {
  const input = h("input", {value: url, readonly: true, "data-testid": testid, onclick: (e) => e.target.select()});
  const copy = h("button", {type: "button", onclick: async () => {
    try { await navigator.clipboard.writeText(url); copy.textContent = t("lobby.copied"); } catch { input.select(); }
  }}, t("lobby.copy"));
  return h("div", {class: "link-row"}, h("span", {}, label), input, copy,
           h("a", {class: "button", href: withLang(url), target: "_blank", "data-testid": `${testid}-open`}, button));
}

function withLang(url) {
  const u = new URL(url);
  u.searchParams.set("lang", lang());
  return u.toString();
}

function showCreated(game) {
  fill(created, h("h3", {}, t("lobby.created")), h("p", {}, t("lobby.links")),
    game.seats.filter((s) => s.link).map((s) => linkRow(t("lobby.seat_link", {name: s.name}), s.link,
                                                         `seat-link-${s.seat}`, t("lobby.play"))),
    linkRow(t("lobby.spectator"), game.spectator_link, "spectator-link", t("lobby.watch")));
  created.hidden = false;
}

async function refresh() {
  let games;
  try { games = await api("GET", "/api/games"); } catch { return; }
  fill(lists, ["open", "running", "finished"].map((status) => h("div", {class: "game-list", "data-testid": `list-${status}`},
    h("h2", {}, t(`lobby.${status}`)),
    games[status].length ? h("ul", {}, games[status].map(gameItem)) : h("p", {class: "muted"}, t("lobby.none")))));
}

function gameItem(g) {
  const names = g.seats.map((s) => {
    const won = g.winners?.includes(s.seat);
    return h("span", {class: `who ${s.kind}${won ? " won" : ""}`},
             s.name, g.scores ? ` ${g.scores[s.seat]}` : "", won ? ` ♛` : "");
  });
  return h("li", {"data-game-id": g.id},
    h("b", {}, g.title), " ", h("span", {class: "muted"}, t("lobby.moves", {n: g.ply})), " ", names, " ",
    h("a", {href: `${g.spectator_link}?lang=${lang()}`}, t("lobby.watch")),
    g.record_link ? [" · ", h("a", {href: g.record_link, download: true}, t("lobby.record"))] : null);
}

async function main() {
  pickLang(Object.keys(LANGS));
  translateStatic();
  languageSelect();
  meta = await api("GET", "/api/meta");
  drawForm();
  form.addEventListener("submit", submit);
  refresh();
  setInterval(refresh, 5000);
}

main();

// A card data set as a person reads it: the built-in set by that word, and its status word
// (exact, partly checked, provisional) in the page's language; the engine's details on hover.
function dataSetLabel(d) {
  const status = d.status.split(":")[0];
  const name = d.key === "builtin" ? t("lobby.data_builtin") : d.key;
  return `${name} — ${t(`data.${status}`)}`;
}
