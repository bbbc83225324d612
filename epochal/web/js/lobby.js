// The lobby: create a game (seats, bots, options, card data), hand out links, list games. A
// game's title, its options' labels, one-sentence descriptions and choices, and its sides'
// names (nations, empires) are the game's own words (GET /api/meta/<game>/table?lang=).
import {api, fill, h} from "./dom.js";
import {gameWords} from "./game-words.js";
import {LANGS, lang, pickLang, setLang, t} from "./i18n.js";
import {forget, hostOf, hostedGames, playerKey, remember, rememberHost, remembered, seatSecret, setPlayerKey} from "./seats.js";

const form = document.getElementById("create");
const created = document.getElementById("created");
const lists = document.getElementById("games");
let meta = null;
let words = {};             // game -> its words in the page's language
const BY_NAME = "\u0000by-name";   // the sides option's value "each seat's side chosen by name"

function translateStatic() {
  for (const el of document.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
  document.title = `Epochal — ${t("lobby.create")}`;
}

function languageSelect() {
  const select = document.getElementById("lang");
  fill(select, Object.entries(LANGS).map(([code, name]) => h("option", {value: code, selected: code === lang()}, name)));
  select.onchange = () => {
    setLang(select.value);
    translateStatic();
    drawForm();
    refresh();
    loadWords().then(() => { drawForm(); refresh(); });     // then the games' own words
  };
}

async function loadWords() {
  const tables = await Promise.all(meta.games.map((g) =>
    gameWords(g).catch(() => ({strings: {}}))));
  words = Object.fromEntries(meta.games.map((g, i) => [g.name, tables[i].strings || {}]));
}

// A game's word for `key`, or `fallback` when the game has none.
function word(game, key, fallback) {
  return words[game]?.[key] ?? fallback;
}

function title(g) { return word(g.name, "title", g.title); }

// An option's choice in words: the game's label, a rotation as "starting with <side>".
function choiceLabel(g, o, c) {
  const label = word(g.name, `option.${o.name}.${c}`, null);
  if (label !== null) return label;
  const rotation = /^rotation:(\d+)$/.exec(String(c));
  if (rotation && o.sides.length) {
    const side = o.sides[Number(rotation[1])];
    return t("lobby.rotation", {side: word(g.name, `side.${side}`, side)});
  }
  return t(`lobby.choice.${c}`) === `lobby.choice.${c}` ? String(c) : t(`lobby.choice.${c}`);
}

let drawnGame = null;       // the game whose options the form shows (their choices survive a redraw)
let openOptions = false;

function sidesOption(g) { return g.options.find((o) => o.sides.length) || null; }
function chosenSide(o) { return form.elements[`option.${o.name}`]?.value ?? null; }

function gameMeta() { return meta.games.find((g) => g.name === form.elements.game.value) || meta.games[0]; }

function drawForm() {
  // the options stay as the person left them: read from the page, as the toggle event that
  // also records it comes a moment after the click (a quick change of game would beat it)
  openOptions = form.querySelector("details.options")?.open ?? openOptions;
  const chosen = form.elements.game?.value || meta.games[0].name;
  const g = meta.games.find((x) => x.name === chosen);
  const asked = Number(form.elements.players?.value || 3);
  const players = Math.max(g.players[0], Math.min(g.players[1], asked));
  const kept = [...form.querySelectorAll(".seat-row")].map((row) => ({
    kind: row.querySelector("[name=kind]").value, level: row.querySelector("[name=level]").value,
    name: row.querySelector("[name=name]").value, touched: row.querySelector("[name=name]").dataset.touched,
    side: row.querySelector("[name=side]")?.value}));
  const keptOptions = g.name === drawnGame
    ? Object.fromEntries(g.options.map((o) => [o.name, form.elements[`option.${o.name}`]?.value]).filter(([, v]) => v))
    : {};
  drawnGame = g.name;
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
    const sides = sidesOption(g);
    const side = sides && chosenSide(sides) === BY_NAME
      ? h("select", {name: "side", "data-testid": `seat-side-${i}`},
          sides.sides.map((n) => h("option", {value: n, selected: (old.side ?? sides.sides[i % sides.sides.length]) === n},
                                      word(g.name, `side.${n}`, n))))
      : null;
    seats.push(h("div", {class: "seat-row"}, h("span", {class: "seat-no"}, t("lobby.seat", {n: i + 1})), kind, level, name, side));
  }
  fill(form,
    h("label", {}, t("lobby.game"), h("select", {name: "game", onchange: drawForm, "data-testid": "game"},
      meta.games.map((x) => h("option", {value: x.name, selected: x.name === chosen}, title(x))))),
    h("label", {}, t("lobby.players"), h("select", {name: "players", onchange: drawForm, "data-testid": "players"},
      counts.map((n) => h("option", {value: n, selected: n === players}, n)))),
    h("fieldset", {class: "seats"}, seats),
    h("details", {class: "options", open: openOptions || null, ontoggle: (e) => { openOptions = e.target.open; }},
      h("summary", {}, t("lobby.options")),
      g.options.map((o) => h("label", {class: "option"}, h("span", {class: "option-name"}, word(g.name, `option.${o.name}`, o.name)),
        h("select", {name: `option.${o.name}`, "data-testid": `option-${o.name}`, onchange: o.sides.length ? drawForm : null},
          o.choices.map((c) => h("option", {value: JSON.stringify(c), selected: JSON.stringify(c) === (keptOptions[o.name] ?? JSON.stringify(o.default))},
                                 choiceLabel(g, o, c))),
          o.sides.length ? h("option", {value: BY_NAME, selected: keptOptions[o.name] === BY_NAME}, t("lobby.by_name")) : null),
        h("span", {class: "muted small option-help"}, word(g.name, `option.${o.name}.help`, ""))))),
    h("label", {}, t("lobby.data"), h("select", {name: "data", "data-testid": "data"},
      g.data_sets.map((d) => h("option", {value: d.key, title: d.status}, dataSetLabel(d))))),
    // an owner's own printed cards: the workshop transcribes them into a set offered here
    h("a", {class: "small", href: `/workshop?game=${encodeURIComponent(g.name)}&lang=${lang()}`, "data-testid": "workshop-link"},
      t("lobby.workshop")),
    h("label", {class: "check"}, h("input", {type: "checkbox", name: "undo", "data-testid": "undo"}), t("lobby.undo")),
    h("label", {class: "check"}, h("input", {type: "checkbox", name: "open_replay", checked: form.elements.open_replay?.checked ?? true,
                                             "data-testid": "open-replay"}), t("lobby.open_replay")),
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
  for (const o of g.options) {
    const value = form.elements[`option.${o.name}`].value;
    options[o.name] = value === BY_NAME
      ? [...form.querySelectorAll(".seat-row [name=side]")].map((s) => s.value).join(",")
      : JSON.parse(value);
  }
  try {
    const game = await api("POST", "/api/games", {game: g.name, seats, options, data: form.elements.data.value,
                                                  undo: form.elements.undo.checked,
                                                  open_replay: form.elements.open_replay.checked});
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
           button ? h("a", {class: "button", href: withLang(url), target: "_blank", "data-testid": `${testid}-open`}, button) : null);
}

function withLang(url) {
  const u = new URL(url);
  u.searchParams.set("lang", lang());
  return u.toString();
}

function showCreated(game) {
  for (const s of game.seats) if (s.link) remember({id: game.id, seat: s.seat, name: s.name, link: s.link});
  rememberHost(game.id, game.host_token);
  fill(created, h("h3", {}, t("lobby.created")), h("p", {}, t("lobby.links")),
    game.seats.filter((s) => s.link).map((s) => linkRow(t("lobby.seat_link", {name: s.name}), s.link,
                                                         `seat-link-${s.seat}`, t("lobby.play"))),
    linkRow(t("lobby.spectator"), game.spectator_link, "spectator-link", t("lobby.watch")),
    linkRow(t("lobby.host_link"), game.host_link, "host-link", t("lobby.host")));
  created.hidden = false;
}

async function refresh() {
  let games;
  try { games = await api("GET", "/api/games"); } catch { return; }
  const mine = await myGames();
  fill(lists,
    mine.length ? h("div", {class: "game-list mine", "data-testid": "my-games"}, h("h2", {}, t("lobby.mine")),
                    h("ul", {}, mine.map(myGame)), keyRow(mine)) : null,
    ["open", "running", "finished"].map((status) => h("div", {class: "game-list", "data-testid": `list-${status}`},
      h("h2", {}, t(`lobby.${status}`)),
      status === "finished" ? h("p", {class: "small"}, h("a", {href: `/replay?lang=${lang()}`, "data-testid": "replay-file-link"},
                                                         "▷ ", t("lobby.replay_file"))) : null,
      games[status].length ? h("ul", {}, games[status].map(gameItem)) : h("p", {class: "muted"}, t("lobby.none")))));
}

// The seats this browser holds, each with its game's summary; a game the server no longer
// knows is forgotten. Games awaiting one of my seats come first.
async function myGames() {
  await fetchKeySeats();
  const seats = remembered();
  // A table this browser hosts but holds no seat of (everyone else plays): its host page.
  const seated = new Set(seats.map((s) => s.id));
  for (const id of hostedGames()) {
    if (!seated.has(id)) seats.push({id, seat: null, link: `${location.origin}/game/${encodeURIComponent(id)}#host=${hostOf(id)}`});
  }
  const summaries = await Promise.all(seats.map((s) => api("GET", `/api/games/${encodeURIComponent(s.id)}`)
    .catch((err) => (err.status === 404 ? null : undefined))));
  const out = [];
  seats.forEach((s, i) => {
    if (summaries[i] === null) { if (s.seat !== null) forget(s.id, s.seat); }
    else if (summaries[i]) out.push({...s, game: summaries[i], turn: summaries[i].actors?.includes(s.seat)});
  });
  return out.sort((a, b) => Number(b.turn) - Number(a.turn));
}

// The seats the player key finds (made on another device, say) join this browser's list.
async function fetchKeySeats() {
  if (!playerKey()) return;
  try {
    const found = await api("POST", "/api/keys/seats", {key: playerKey()});
    const known = new Set(remembered().map((s) => `${s.id}/${s.seat}/${s.link}`));
    for (const s of found.seats) {
      const link = `${location.origin}/game/${encodeURIComponent(s.id)}#seat=${s.token}`;
      if (!known.has(`${s.id}/${s.seat}/${link}`)) {
        remember({id: s.id, seat: s.seat, name: s.summary.seats[s.seat]?.name, link}, false);
      }
    }
  } catch (err) {
    if (err.status === 403) setPlayerKey(null);   // a key this server does not know
  }
}

let keyShown = false;       // the key's details stay open across the list's refreshes

// The player key: made from this browser's seats, its link opens the same list on another device.
function keyRow(mine) {
  const key = playerKey();
  if (!key) {
    return h("p", {class: "key-row"}, h("button", {type: "button", "data-testid": "make-key", onclick: async (e) => {
      e.target.disabled = true;
      const seats = remembered().map((s) => ({game: s.id, token: seatSecret(s.link)})).filter((s) => s.token);
      try {
        setPlayerKey((await api("POST", "/api/keys", {seats: seats.slice(0, 100)})).key);
        keyShown = true;
      } catch (err) {
        e.target.disabled = false;
        return;
      }
      refresh();
    }}, t("lobby.make_key")), " ", h("span", {class: "muted small"}, t("lobby.key_help")));
  }
  return h("details", {class: "key-row", "data-testid": "player-key", open: keyShown,
                       ontoggle: (e) => { keyShown = e.target.open; }},
    h("summary", {}, t("lobby.key")),
    h("p", {class: "muted small"}, t("lobby.key_link_help")),
    linkRow(t("lobby.key_link"), `${location.origin}/#key=${key}`, "key-link", null),
    h("button", {type: "button", class: "small", onclick: () => { setPlayerKey(null); refresh(); }}, t("lobby.forget_key")));
}

function myGame(m) {
  const g = m.game;
  const names = g.seats.map((s) => h("span", {class: `who ${s.kind}${s.seat === m.seat ? " me" : ""}`}, s.name));
  const waiting = (g.actors || []).map((s) => g.seats[s]?.name).filter(Boolean);
  const state = g.status === "finished" ? t("lobby.finished_one")
    : m.turn ? t("lobby.your_turn") : waiting.length ? t("table.waiting", {names: waiting.join(", ")}) : "";
  return h("li", {class: m.turn ? "your-turn" : "", "data-game-id": g.id, "data-testid": "my-game"},
    h("b", {}, word(g.game, "title", g.title)), " ", names, " ",
    h("span", {class: m.turn ? "tag turn" : "muted small"}, state), " ",
    h("a", {class: "button", href: withLang(m.link), "data-testid": "my-game-play"}, t(m.seat === null ? "lobby.host" : "lobby.play")),
    " ", h("button", {type: "button", class: "small", title: t("lobby.forget_help"),
                      onclick: () => { forget(m.id, m.seat); refresh(); }}, t("lobby.forget")));
}

function gameItem(g) {
  const names = g.seats.map((s) => {
    const won = g.winners?.includes(s.seat);
    return h("span", {class: `who ${s.kind}${won ? " won" : ""}`},
             s.name, g.scores ? ` ${g.scores[s.seat]}` : "", won ? ` ♛` : "");
  });
  return h("li", {"data-game-id": g.id},
    h("b", {}, word(g.game, "title", g.title)), " ", h("span", {class: "muted"}, t("lobby.moves", {n: g.ply})), " ", names, " ",
    g.data_set ? [h("span", {class: "muted small", "data-testid": "game-data-set"}, t("lobby.played_with", {name: g.data_set.name})), " "] : null,
    g.spectator_link ? h("a", {href: `${g.spectator_link}?lang=${lang()}`}, t("lobby.watch")) : null,
    g.replay_link ? [" · ", h("a", {href: `${g.replay_link}?lang=${lang()}`, "data-testid": "replay-link"}, t("lobby.replay"))] : null,
    g.record_link ? [" · ", h("a", {href: g.record_link, download: true}, t("lobby.record"))] : null);
}

async function main() {
  // A player key's link (/#key=...): keep the key, and take it out of the address bar.
  const key = new URLSearchParams(location.hash.slice(1)).get("key");
  if (key) {
    setPlayerKey(key);
    history.replaceState(null, "", location.pathname + location.search);
  }
  pickLang(Object.keys(LANGS));
  translateStatic();
  languageSelect();
  meta = await api("GET", "/api/meta");
  await loadWords();
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
  const name = d.key === "builtin" ? t("lobby.data_builtin") : d.name || d.key;
  return `${name} — ${t(`data.${status}`)}`;
}
