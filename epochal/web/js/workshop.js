// The card workshop: an owner picks a game, starts from its built-in card data (or a stored set,
// /workshop/<game>/<key>#owner=<secret>), walks its items one at a time in the file's order with
// a form built from the game's data schema (GET /api/data/<game>/schema), sees the card's text
// in English and Russian and the validator's problems as they type (POST .../preview), marks
// each card checked against their copy, and saves (POST, then PUT with the owner's secret),
// downloads or uploads the file. The page names no game: all it knows comes from the schema.
import {api, fill, h} from "./dom.js";
import {gameWords} from "./game-words.js";
import {LANGS, has, lang, pickLang, setLang, t} from "./i18n.js";

const startPanel = document.getElementById("start");
const setPanel = document.getElementById("set");
const cardPanel = document.getElementById("card");
const problemsPanel = document.getElementById("problems");

let meta = null;            // /api/meta: the games, their titles and languages
const ws = {
  game: null,               // the game's name
  form: null,               // its data form: schema, lists, exact
  doc: null,                // the data file being edited (its JSON)
  key: null, name: "", owner: null, // the stored set, its name and the owner's secret
  at: null,                 // the item shown: {list, index}
  problems: [],             // the validator's, from the last check
  preview: null, stale: false, // the shown card's words; stale while the data has problems
  status: "",               // the data's status once it passes
};
let timer = null;
let asked = 0;              // the number of the last check asked, so a slow answer is ignored

// --- words ------------------------------------------------------------------------------------
function translateStatic() {
  for (const el of document.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
  document.title = `Epochal — ${t("workshop.title")}`;
}

function languageSelect() {
  const select = document.getElementById("lang");
  fill(select, Object.entries(LANGS).map(([code, name]) => h("option", {value: code, selected: code === lang()}, name)));
  select.onchange = async () => {
    setLang(select.value); translateStatic();
    await loadTitles();
    if (ws.form) {                              // the form's words come with the schema
      try { ws.form = await api("GET", `/api/data/${ws.game}/schema?lang=${lang()}`); } catch { /* keep the old words */ }
    }
    drawAll();
    check();                                    // the problems come worded in the page's language
  };
}

// A field's label: the game's word for it (the schema's labels), else the page's, else its name
// in plain words (a test checks every game's form has a word for each).
function label(name) {
  const own = ws.form?.labels?.field?.[name];
  if (own) return own;
  if (has(`field.${name}`)) return t(`field.${name}`);
  const words = String(name).replaceAll("_", " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

// A value of a choice (a colour, a resource, a kind) and an operation, in the game's words.
function valueLabel(value) { return ws.form?.labels?.value?.[String(value)] ?? String(value); }
function opLabel(tag) { return ws.form?.labels?.op?.[tag] ?? tag; }

// A game's title in the page's language (its table words), else the engine's English one.
let titles = {};
function gameTitle(name) { return titles[name] || meta?.games.find((g) => g.name === name)?.title || name; }

async function loadTitles() {
  const pairs = await Promise.all(meta.games.map(async (g) => {
    const words = await gameWords(g).catch(() => null);
    return [g.name, words?.strings?.title || g.title];
  }));
  titles = Object.fromEntries(pairs);
}

// --- storage: the owner's secrets in this browser; the checked marks with the set ------------------
const OWNERS = "epochal.workshop.owners";
function owners() { try { return JSON.parse(localStorage.getItem(OWNERS)) || {}; } catch { return {}; } }
function keepOwner(key, secret) { localStorage.setItem(OWNERS, JSON.stringify({...owners(), [key]: secret})); }

// The checked marks live in the stored set (PUT .../checked with the owner's secret), so that
// another browser opening it sees the same progress; this browser keeps a copy as a draft cache,
// which is all an unsaved set has (and what a mark not yet sent survives a reload by).
function checkedKey(key = ws.key) { return `epochal.workshop.checked.${ws.game}.${key || "new"}`; }
function cachedMarks(key) {
  try { return new Set(JSON.parse(localStorage.getItem(checkedKey(key))) || []); } catch { return new Set(); }
}
function checkedSet() { return ws.marks; }
let marksTimer = null;
function saveChecked() {
  localStorage.setItem(checkedKey(), JSON.stringify([...ws.marks]));
  if (!ws.key || !ws.owner) return;
  clearTimeout(marksTimer);
  marksTimer = setTimeout(sendMarks, 300);
}
async function sendMarks() {
  try {
    const res = await fetch(`/api/data/${ws.game}/${ws.key}/checked`, {method: "PUT",
      headers: {"Content-Type": "application/json", "X-Owner-Token": ws.owner}, body: JSON.stringify({checked: [...ws.marks]})});
    const answer = await res.json().catch(() => ({}));
    if (!res.ok) throw Object.assign(new Error(answer.detail || res.statusText), {data: answer});
  } catch (err) {
    message(t("workshop.marks_not_saved", {detail: err.data?.detail || err.message}));
  }
}

// --- the schema ---------------------------------------------------------------------------------
function resolve(schema) {
  let s = schema || {};
  for (let i = 0; s.$ref && i < 20; i++) s = ws.form.schema.$defs[s.$ref.split("/").pop()] || {};
  return s;
}

function rootSchema() { return resolve(ws.form.schema); }

// A union's choices: [{tag, schema}] for a tagged union, plus whether null is allowed.
function unionOf(schema) {
  const parts = [];
  let nullable = false;
  const walk = (s) => {
    if (s.type === "null") { nullable = true; return; }
    if (s.anyOf) { for (const p of s.anyOf) walk(p); return; }
    parts.push(s);
  };
  walk(schema);
  let disc = null;
  const find = (s) => { if (s.discriminator) disc = s.discriminator; for (const p of s.anyOf || []) find(p); };
  find(schema);
  return {parts, nullable, disc};
}

// A new value of a schema: its default, or an empty value of its type.
function blank(schema, tag) {
  const s = resolve(schema);
  if (s.default !== undefined) return structuredClone(s.default);
  if (s.anyOf) {
    const {parts, nullable, disc} = unionOf(s);
    if (nullable) return null;
    if (disc) return blankOf(resolve(parts[0]), disc.propertyName, tag ?? Object.keys(disc.mapping)[0]);
    return blank(parts[0]);
  }
  if (s.enum) return s.enum[0];
  if (s.type === "integer" || s.type === "number") return 0;
  if (s.type === "boolean") return false;
  if (s.type === "array") return [];
  if (s.type === "string") return "";
  if (s.type === "object") return blankOf(s);
  return null;
}

function blankOf(s, tagField, tag) {
  const out = tagField ? {[tagField]: tag} : {};
  for (const name of s.required || []) if (name !== tagField) out[name] = blank(s.properties?.[name] || {});
  return out;
}

// --- the editors ----------------------------------------------------------------------------------
// Each editor reads its value through get() and writes it through set(v); a change calls
// changed(), which checks the data a moment after the owner stops typing. A change of shape (an
// operation's kind, an entry added or removed) draws the card again.
function editor(schema, get, set, locked, path) {
  const s = resolve(schema);
  if (s.anyOf) return unionEditor(s, get, set, locked, path);
  if (s.enum) {
    const value = get() ?? s.default;
    // a value the rules do not allow (a file's typo) stays shown, so that the owner sees it
    const values = value === undefined || value === null || s.enum.includes(value) ? s.enum : [...s.enum, value];
    return h("select", {disabled: locked, "data-path": path, onchange: (e) => { set(values[e.target.selectedIndex]); changed(); }},
      values.map((v) => h("option", {value: String(v), selected: v === value}, valueLabel(v))));
  }
  if (s.type === "integer" || s.type === "number") {
    return h("input", {type: "number", step: s.type === "integer" ? 1 : "any", value: get() ?? s.default ?? 0,
      disabled: locked, "data-path": path,
      oninput: (e) => { if (e.target.value !== "") { set(Number(e.target.value)); changed(); } }});
  }
  if (s.type === "boolean") {
    return h("input", {type: "checkbox", checked: Boolean(get() ?? s.default), disabled: locked, "data-path": path,
      onchange: (e) => { set(e.target.checked); changed(); }});
  }
  if (s.type === "string") {
    return h("input", {type: "text", value: get() ?? s.default ?? "", disabled: locked, "data-path": path,
      oninput: (e) => { set(e.target.value); changed(); }});
  }
  if (s.type === "array") return listEditor(s, get, set, locked, path);
  if (s.type === "object" && s.properties) return objectEditor(s, get, set, locked, path);
  if (s.type === "object") return mapEditor(s, get, set, locked, path);
  return h("code", {}, JSON.stringify(get()));
}

// The object (or list) a field holds, made when the file left the field out: made to be written
// into, so it is kept even while it still equals the field's default (``set(v, true)``).
function ensureObject(get, set) {
  let o = get();
  if (o === null || o === undefined || typeof o !== "object") { o = {}; set(o, true); }
  return o;
}

function objectEditor(s, get, set, locked, path, skip = []) {
  return h("div", {class: "ws-nested"}, Object.entries(s.properties).filter(([name]) => !skip.includes(name)).map(([name, sub]) =>
    fieldRow(name, editor(sub, () => get()?.[name], setField(() => ensureObject(get, set), name, sub), locked, `${path}.${name}`))));
}

// A field's setter. A field the file left out (its default) and set back to its default is left
// out again, so that a value changed and changed back leaves the file as it was.
function setField(object, name, schema) {
  const had = Object.hasOwn(object() || {}, name);
  const fallback = JSON.stringify(resolve(schema).default ?? schema.default);
  return (v, making = false) => {
    const o = object();
    if (!had && !making && fallback !== undefined && JSON.stringify(v) === fallback) delete o[name];
    else o[name] = v;
  };
}

// ``fields``: the map's keys are the item's own fields (which field a source establishes), chosen
// from those fields and shown in their words.
function mapEditor(s, get, set, locked, path, fields = null) {
  const values = s.additionalProperties || {};
  const entries = Object.entries(get() || s.default || {});
  // keys the rules fix (resources, goods) are chosen from a list of words; others are typed
  const allowed = (fields || s.propertyNames?.enum)?.filter((k) => !entries.some(([have]) => have === k));
  const keyWord = (k) => fields ? label(k) : s.propertyNames ? valueLabel(k) : k;
  const newKey = allowed
    ? h("select", {disabled: locked, "data-path": `${path}.+`}, allowed.map((k) => h("option", {value: k}, keyWord(k))))
    : h("input", {type: "text", placeholder: t("workshop.new_key"), disabled: locked, size: 8});
  return h("div", {class: "ws-nested"},
    entries.map(([k]) => h("div", {class: "ws-field"},
      h("span", {class: "ws-label"}, keyWord(k),
        locked ? null : h("button", {type: "button", title: t("workshop.remove"), onclick: () => {
          const o = ensureObject(get, set);
          delete o[k];
          set(o); changed(); drawCard();
        }}, "×")),
      h("span", {class: "ws-value"}, editor(values, () => get()?.[k], (v) => { ensureObject(get, set)[k] = v; }, locked, `${path}.${k}`)))),
    locked || (allowed && !allowed.length) ? null : h("div", {class: "ws-row"}, newKey, h("button", {type: "button", onclick: () => {
      const k = newKey.value.trim();
      if (!k) return;
      ensureObject(get, set)[k] = blank(values);
      changed(); drawCard();
    }}, t("workshop.add"))));
}

function listEditor(s, get, set, locked, path) {
  const items = get() ?? s.default ?? [];
  const list = () => { let a = get(); if (!Array.isArray(a)) { a = []; set(a, true); } return a; };
  return h("div", {class: "ws-nested"},
    items.map((_, i) => h("div", {class: "ws-list-item"},
      editor(s.items || {}, () => get()?.[i], (v) => { list()[i] = v; }, locked, `${path}.${i}`),
      locked ? null : h("button", {type: "button", onclick: () => { const a = list(); a.splice(i, 1); set(a); changed(); drawCard(); }},
        t("workshop.remove")))),
    locked ? null : h("button", {type: "button", "data-path": `${path}.+`, onclick: () => { list().push(blank(s.items || {})); changed(); drawCard(); }},
      t("workshop.add")));
}

// A tagged union (the game's typed operations): a select of its kinds, then the kind's fields.
function unionEditor(s, get, set, locked, path) {
  const {parts, nullable, disc} = unionOf(s);
  const value = get();
  if (!disc) {                               // "X or nothing"
    const inner = parts[0];
    if (value === null || value === undefined) {
      return h("span", {}, h("span", {class: "ws-note"}, t("workshop.none"), " "),
        locked ? null : h("button", {type: "button", "data-path": `${path}.+`, onclick: () => {
          // a list starts with one entry to fill (an effect with its first operation), not empty
          const fresh = blank(inner), items = resolve(inner).items;
          if (Array.isArray(fresh) && items) fresh.push(blank(items));
          set(fresh); changed(); drawCard();
        }}, t("workshop.add")));
    }
    // a value the card has can be taken away again ("X or nothing": nothing)
    return h("div", {}, editor(inner, get, set, locked, path),
      locked ? null : h("button", {type: "button", "data-path": `${path}.-`, onclick: () => { set(null); changed(); drawCard(); }},
        t("workshop.remove")));
  }
  const field = disc.propertyName;
  const tags = Object.keys(disc.mapping);
  const tag = value && typeof value === "object" ? value[field] : null;
  const select = h("select", {disabled: locked, "data-path": `${path}.${field}`, "data-testid": "ws-op", onchange: (e) => {
    const chosen = e.target.value;
    set(chosen === "" ? null : blankOf(resolve({$ref: disc.mapping[chosen]}), field, chosen));
    changed(); drawCard();
  }},
  nullable || tag === null ? h("option", {value: "", selected: tag === null}, t("workshop.none")) : null,
  tags.map((k) => h("option", {value: k, selected: k === tag}, opLabel(k))));
  if (tag === null || !disc.mapping[tag]) return select;
  const def = resolve({$ref: disc.mapping[tag]});
  return h("div", {}, select, objectEditor(def, get, set, locked, path, [field]));
}

function fieldRow(name, control, extra) {
  return h("div", {class: "ws-field", "data-field": name},
    h("span", {class: "ws-label"}, label(name)), h("span", {class: "ws-value"}, control, extra));
}

// --- the items ------------------------------------------------------------------------------------
// A list of the form: a top-level field ("cards") or a path of keys to it (a bundle's deck file:
// ["files", "romans.json", "cards"]); its key names it in the page and in the checked marks.
function listPath(spec) { return Array.isArray(spec.list) ? spec.list : [spec.list]; }
function listKey(spec) { return listPath(spec).join("/"); }
function listAt(spec, doc = ws.doc) {
  let node = doc;
  for (const key of listPath(spec)) node = node?.[key];
  return Array.isArray(node) ? node : [];
}
// The object holding the list (the file, or a bundle's deck file): where its citations are.
function holder(spec) {
  let node = ws.doc;
  for (const key of listPath(spec).slice(0, -1)) node = node?.[key];
  return node && typeof node === "object" && !Array.isArray(node) ? node : {};
}
function listSchema(spec) {
  const present = (s) => resolve(resolve(s).anyOf?.find((p) => p.type !== "null") || s);  // "X or nothing": X
  let s = rootSchema();
  for (const key of listPath(spec)) s = present(s.properties?.[key] || {});
  return resolve(s.items || {});
}

function items() {
  const out = [];
  for (const spec of ws.form.lists) listAt(spec).forEach((item, index) => out.push({spec, item, index}));
  return out;
}

function itemId({spec, item, index}) { return spec.id ? String(item[spec.id]) : String(index + 1); }
// An item's printed name in the page's language, when the file writes one (a name, a name per
// language, a Russian name beside it); else nothing, and the item goes by its code.
function itemName(item) {
  const name = item?.name;
  if (name && typeof name === "object") return name[lang()] || name.en || "";
  if (typeof name !== "string") return "";
  return item[`name_${lang()}`] || item.translated?.[lang()] || name;
}
function itemRef(entry) { return `${listKey(entry.spec)}:${itemId(entry)}`; }
function listLabel(spec) { return spec.label || label(listPath(spec).at(-1)); }
function groupOf({spec, item}) {
  const list = listLabel(spec);
  return spec.group ? `${list} · ${label(spec.group)}: ${valueLabel(item[spec.group])}` : list;
}
function current(all = items()) { return all.find((e) => listKey(e.spec) === ws.at?.list && e.index === ws.at?.index) || all[0]; }

// Is this problem about this item? Its path names the item's file, kind and id
// ("card I-BLU-04", "romans.json: card ROM001").
function about(problem, entry) {
  const path = problem.path;
  if (!path) return false;
  const m = /^(?:([\w.-]+\.json):? )?(.*) (\S+)$/.exec(path);
  if (!m || m[3] !== itemId(entry)) return false;
  if (m[1] && entry.spec.file && m[1] !== entry.spec.file) return false;
  if (entry.spec.kind) return m[2] === entry.spec.kind;
  const kind = m[2], list = listPath(entry.spec).at(-1).replaceAll("_", " ");
  return list.slice(0, kind.length - 1) === kind.slice(0, -1);
}

// How the item marks what is established: the whole item (provenance) or field by field (sources).
function exactness(entry) {
  const item = entry.item;
  const exact = ws.form.exact || {};
  if (exact.by === "item") {
    // a file that leaves the field out means its default (Imperium's cards: exact)
    const fallback = exact.default ?? resolve(listSchema(entry.spec).properties?.[exact.field]).default;
    const whole = (item[exact.field] ?? fallback) === exact.value;
    let note = item[exact.source] || "";
    if (Array.isArray(note)) {                 // source keys, each described by the file's citations
      const citations = exact.citations ? holder(entry.spec)[exact.citations] || {} : {};
      note = note.map((key) => citations[key] ? `${key} — ${citations[key]}` : key).join("; ");
    }
    return {locked: () => whole, source: () => "", note};
  }
  if (exact.by === "field") {
    const sources = item[exact.field] || {};
    const citations = holder(entry.spec)[exact.citations] || {};
    return {
      locked: (name) => Object.hasOwn(sources, name),
      source: (name) => {
        const cite = sources[name];
        if (!cite) return "";
        const key = String(cite).split(":")[0];
        return citations[key] ? `${cite} — ${citations[key]}` : cite;
      },
      note: "",
    };
  }
  return {locked: () => false, source: () => "", note: ""};
}

// --- drawing ----------------------------------------------------------------------------------------
function drawAll() { drawStart(); drawSet(); drawCard(); drawProblems(); }

function drawStart() {
  if (!meta) return;
  const select = h("select", {"data-testid": "ws-game"},
    meta.games.map((g) => h("option", {value: g.name, selected: g.name === ws.game}, gameTitle(g.name))));
  const file = h("input", {type: "file", accept: ".json,application/json", "data-testid": "ws-upload", hidden: true,
    onchange: () => file.files[0] && upload(select.value, file.files[0])});
  fill(startPanel,
    h("h2", {}, t("workshop.title")),
    h("p", {class: "ws-note"}, t("workshop.intro")),
    h("div", {class: "ws-row"}, h("label", {}, t("lobby.game"), " ", select)),
    h("div", {class: "ws-row"},
      h("button", {type: "button", class: "primary", "data-testid": "ws-builtin", onclick: () => startBuiltin(select.value)}, t("workshop.builtin"))),
    h("div", {class: "ws-row"}, h("button", {type: "button", "data-testid": "ws-upload-button", onclick: () => file.click()},
      t("workshop.upload")), file),
    h("div", {class: "ws-note", id: "ws-message", "data-testid": "ws-message"}));
}

function message(text) {
  const el = document.getElementById("ws-message");
  if (el) el.textContent = text || "";
}

function drawSet() {
  if (!ws.doc) { setPanel.hidden = true; return; }
  setPanel.hidden = false;
  const marks = checkedSet();
  const groups = new Map();
  for (const entry of items()) {
    const g = groupOf(entry);
    const [done, all] = groups.get(g) || [0, 0];
    groups.set(g, [done + (marks.has(itemRef(entry)) ? 1 : 0), all + 1]);
  }
  const name = h("input", {type: "text", value: ws.name, maxlength: 60, "data-testid": "ws-name",
    oninput: (e) => { ws.name = e.target.value; }});
  const link = ws.key && ws.owner ? `${location.origin}/workshop/${ws.game}/${ws.key}#owner=${ws.owner}` : null;
  fill(setPanel,
    h("h2", {}, gameTitle(ws.game)),
    h("div", {class: "ws-row"}, h("label", {}, t("workshop.name"), " ", name)),
    h("div", {class: "ws-row"},
      h("button", {type: "button", class: "primary", "data-testid": "ws-save", onclick: save}, t("workshop.save")),
      h("button", {type: "button", "data-testid": "ws-download", onclick: download}, t("workshop.download"))),
    h("div", {class: "ws-note", "data-testid": "ws-status"}, statusLine()),
    link ? h("div", {}, h("div", {class: "ws-note"}, t("workshop.owner_link")),
      h("div", {class: "ws-link", "data-testid": "ws-owner-link"}, link)) : null,
    ws.key && !ws.owner ? h("div", {class: "ws-note"}, t("workshop.not_owner")) : null,
    h("h3", {}, t("workshop.progress")),
    h("ul", {class: "ws-progress", "data-testid": "ws-progress"},
      [...groups].map(([g, [done, all]]) => h("li", {}, t("workshop.checked_of", {group: g, done, all})))),
    h("div", {class: "ws-note"}, t("workshop.checked_here")));
}

function statusLine() {
  if (ws.problems.length) return t("workshop.n_problems", {n: ws.problems.length});
  if (ws.status) return t("workshop.passes", {status: t(`data.${ws.status.split(":")[0]}`)});
  return "";
}

function drawCard() {
  if (!ws.doc) { cardPanel.hidden = true; return; }
  cardPanel.hidden = false;
  const all = items();
  const entry = current(all);
  if (!entry) { fill(cardPanel, h("p", {}, t("workshop.no_items"))); return; }
  ws.at = {list: listKey(entry.spec), index: entry.index};
  const position = all.indexOf(entry);
  const marks = checkedSet();
  const picker = h("select", {"data-testid": "ws-pick", onchange: (e) => {
    const [list, index] = e.target.value.split("\u0000");
    go({list, index: Number(index)});
  }});
  const groups = new Map();
  for (const e of all) {
    const g = groupOf(e);
    if (!groups.has(g)) groups.set(g, h("optgroup", {label: g}));
    groups.get(g).append(h("option", {value: `${listKey(e.spec)}\u0000${e.index}`, selected: e === entry},
      `${marks.has(itemRef(e)) ? "✓ " : ""}${itemId(e)}${itemName(e.item) ? ` — ${itemName(e.item)}` : ""}`));
  }
  picker.append(...groups.values());
  const item = entry.item;
  const exact = exactness(entry);
  const s = listSchema(entry.spec);
  const rows = Object.entries(s.properties || {}).map(([name, sub]) => {
    const locked = exact.locked(name) || name === entry.spec.id;
    const source = exact.source(name);
    const sources = ws.form.exact?.by === "field" && name === ws.form.exact.field && !resolve(sub).properties;
    const fields = sources ? Object.keys(s.properties).filter((f) => f !== name && f !== entry.spec.id) : null;
    const row = fieldRow(name, fields
      ? mapEditor(resolve(sub), () => item[name], setField(() => item, name, sub), locked, name, fields)
      : editor(sub, () => item[name], setField(() => item, name, sub), locked, name),
      source ? h("div", {class: "ws-source"}, t("workshop.source", {source})) : null);
    if (locked) row.classList.add("locked");
    return row;
  });
  const check = h("input", {type: "checkbox", checked: marks.has(itemRef(entry)), "data-testid": "ws-checked",
    onchange: (e) => {
      if (e.target.checked) ws.marks.add(itemRef(entry)); else ws.marks.delete(itemRef(entry));
      saveChecked();
      drawSet(); drawCard();
    }});
  fill(cardPanel,
    h("div", {class: "ws-card-head"},
      h("button", {type: "button", disabled: position <= 0, title: t("workshop.previous"), "data-testid": "ws-prev",
        onclick: () => go(all[position - 1])}, "←"),
      picker,
      h("button", {type: "button", disabled: position >= all.length - 1, title: t("workshop.next"), "data-testid": "ws-next",
        onclick: () => go(all[position + 1])}, "→")),
    h("h2", {"data-testid": "ws-card-id"}, `${listLabel(entry.spec)}: ${itemId(entry)}`),
    h("div", {class: "ws-note"}, t("workshop.position", {n: position + 1, all: all.length})),
    h("label", {class: "ws-row"}, check, t("workshop.checked")),
    exact.note ? h("div", {class: "ws-source"}, t("workshop.source", {source: exact.note})) : null,
    exact.locked("") ? h("div", {class: "ws-note"}, t("workshop.exact_item")) : null,
    drawPreview(),
    h("div", {class: "ws-card-problems"}),
    h("form", {class: "ws-form", "data-testid": "ws-form", onsubmit: (e) => e.preventDefault()}, rows));
  refreshCard();
}

// The shown card's words and problems, without drawing its form again (the owner may be typing).
function refreshCard() {
  const entry = current();
  if (!entry || cardPanel.hidden) return;
  cardPanel.querySelector(".ws-preview")?.replaceWith(drawPreview());
  const mine = ws.problems.filter((p) => about(p, entry));
  const rows = [...cardPanel.querySelectorAll(".ws-form > .ws-field")];
  const named = new Set();
  for (const row of rows) {
    const name = row.dataset.field;
    const broken = mine.filter((p) => mentions(p, name));
    broken.forEach((p) => named.add(p));
    row.classList.toggle("broken", broken.length > 0);
    for (const old of row.querySelectorAll(":scope > .ws-value > .ws-field-problem")) old.remove();
    row.querySelector(".ws-value").append(...broken.map((p) =>
      h("div", {class: "ws-field-problem", "data-testid": "ws-field-problem"}, problemText(p))));
  }
  fill(cardPanel.querySelector(".ws-card-problems"), mine.filter((p) => !named.has(p))
    .map((p) => h("div", {class: "ws-problem", "data-testid": "ws-card-problem"}, problemText(p))));
}

function go(to) {
  if (!to) return;
  ws.at = {list: to.spec ? listKey(to.spec) : to.list, index: to.index};
  ws.preview = null;
  drawCard();
  check();
}

// A problem names a field when the field's name stands after the item's name in its sentence.
function mentions(problem, name) {
  const rest = problem.message.slice((problem.path || "").length);
  return new RegExp(`\\b${name}\\b`).test(rest);
}

function problemText(p) {
  return [p.rule ? h("span", {class: "ws-rule", "data-testid": "ws-rule"}, t("workshop.rule", {rule: p.rule})) : null,
    p.text || p.message];
}

function drawPreview() {
  const box = h("div", {class: `ws-preview${ws.stale ? " stale" : ""}`, "data-testid": "ws-preview"});
  if (!ws.preview) {
    box.append(h("div", {class: "ws-note"}, ws.stale ? t("workshop.fix_first") : t("workshop.no_text")));
    return box;
  }
  for (const [code, words] of Object.entries(ws.preview)) {
    box.append(h("div", {lang: code, "data-testid": `ws-preview-${code}`},
      h("strong", {}, `${LANGS[code] || code}: ${words.name}`),
      words.text.map((line) => h("p", {}, line))));
  }
  if (ws.stale) box.append(h("div", {class: "ws-note"}, t("workshop.fix_first")));
  return box;
}

function drawProblems() {
  if (!ws.doc || !ws.problems.length) { problemsPanel.hidden = true; return; }
  problemsPanel.hidden = false;
  const all = items();
  fill(problemsPanel, h("h2", {}, t("workshop.problems")),
    h("ul", {"data-testid": "ws-problem-list"}, ws.problems.map((p) => {
      const entry = all.find((e) => about(p, e));
      return h("li", {class: "ws-problem"}, problemText(p), " ",
        entry ? h("button", {type: "button", onclick: () => go(entry)}, t("workshop.show")) : null);
    })));
}

// --- checking -----------------------------------------------------------------------------------------
function changed() {
  clearTimeout(timer);
  timer = setTimeout(check, 400);
}

async function check() {
  if (!ws.doc) return;
  const entry = current();
  const n = ++asked;
  const body = {data: outgoing(), card: entry ? itemId(entry) : ""};
  let problems = [], preview = null, stale = false, status = "";
  try {
    const answer = await api("POST", `/api/data/${ws.game}/preview?lang=${lang()}`, body);
    preview = answer.texts;
    problems = answer.problems || [];              // a draft's card is worded, its problems listed
    status = problems.length ? "" : answer.status;
  } catch (err) {
    if (err.data?.error === "data_not_playable") { problems = err.data.problems || []; stale = true; }
    else if (err.status === 404 && err.data?.field === "card") { status = ws.status; }
    else if (err.status === 422 && err.data?.field === "card") { status = ws.status; }
    else { message(err.message); return; }
  }
  if (n !== asked) return;                     // a newer check was asked meanwhile
  ws.problems = problems;
  ws.stale = stale;
  if (!stale) ws.preview = preview;
  ws.status = status;
  drawSet(); refreshCard(); drawProblems();
}

// --- loading and saving --------------------------------------------------------------------------------
async function loadForm(game) {
  try {
    ws.form = await api("GET", `/api/data/${game}/schema?lang=${lang()}`);
  } catch (err) {
    if (err.status === 404) throw Object.assign(new Error(t("workshop.no_form", {game: gameTitle(game)})), {status: 404});
    throw err;
  }
  ws.game = game;
}

async function startBuiltin(game) {
  message(t("workshop.loading"));
  try {
    await loadForm(game);
    const res = await fetch(`/api/data/${game}/builtin`);
    if (!res.ok) throw new Error(res.statusText);
    begin(await res.text(), null, null, t("workshop.default_name", {game: gameTitle(game)}));
    history.replaceState(null, "", `/workshop${location.search}`);
  } catch (err) {
    message(err.status === 404 ? err.message : err.data?.detail || err.message);
  }
}

async function upload(game, file) {
  try {
    await loadForm(game);
    begin(await file.text(), ws.game === game ? ws.key : null, ws.game === game ? ws.owner : null, ws.name || file.name.replace(/\.json$/, ""));
  } catch (err) {
    message(err.status === 404 ? err.message : t("workshop.bad_file", {detail: err.data?.detail || err.message}));
  }
}

// The file's text as it came (the built-in file, a stored set, an upload): its JSON is edited, and
// what was not changed is sent back as it came, so that the file's own layout (and so its bytes
// and data id) survives a round trip through the page. A bundle's deck files are JSON text in
// its "files"; the page edits them as JSON, each kept as its text until it changes.
function begin(text, key, owner, name, marks = null) {
  const doc = JSON.parse(text);
  const files = {};
  if (ws.form.bundle && doc && typeof doc.files === "object") {
    for (const [file, content] of Object.entries(doc.files)) {
      const value = typeof content === "string" ? JSON.parse(content) : content;
      files[file] = {text: typeof content === "string" ? content : null, json: JSON.stringify(value)};
      doc.files[file] = value;
    }
  }
  ws.original = {text, json: JSON.stringify(doc), files};
  ws.doc = doc; ws.key = key; ws.owner = owner; ws.name = name.slice(0, 60);
  ws.marks = marks ? new Set(marks) : cachedMarks(key);
  ws.at = null; ws.problems = []; ws.preview = null; ws.stale = false; ws.status = "";
  message("");
  drawAll();
  check();
}

async function openStored(game, key) {
  const secret = new URLSearchParams(location.hash.slice(1)).get("owner") || owners()[key] || null;
  if (secret) keepOwner(key, secret);
  try {
    await loadForm(game);
    const info = await api("GET", `/api/data/${game}/${key}?lang=${lang()}`);
    const res = await fetch(`/api/data/${game}/${key}/file`);
    if (!res.ok) throw new Error(res.statusText);
    begin(await res.text(), key, secret, info.name, info.checked);
  } catch (err) {
    message(err.data?.detail || err.message);
  }
}

async function save() {
  const name = ws.name.trim() || t("workshop.default_name", {game: gameTitle(ws.game)});
  try {
    let answer;
    if (ws.key && ws.owner) {
      const res = await fetch(`/api/data/${ws.game}/${ws.key}?lang=${lang()}`, {method: "PUT",
        headers: {"Content-Type": "application/json", "X-Owner-Token": ws.owner},
        body: JSON.stringify({name, data: outgoing()})});
      answer = await res.json().catch(() => ({}));
      if (res.status === 409) { answer = null; message(t("workshop.in_use")); }
      else if (!res.ok) throw Object.assign(new Error(answer.detail || res.statusText), {data: answer});
    }
    if (!answer) {                                    // the first save, or a copy of a set in use
      answer = await api("POST", `/api/data/${ws.game}?lang=${lang()}`, {name, data: outgoing()});
      ws.key = answer.key; ws.owner = answer.owner_token;
      keepOwner(ws.key, ws.owner);
      if (ws.marks.size) saveChecked();                 // the marks follow the set to its new key
      history.replaceState(null, "", `/workshop/${ws.game}/${ws.key}${location.search}#owner=${ws.owner}`);
    }
    ws.name = answer.name;
    ws.problems = answer.problems || [];
    ws.status = answer.playable ? answer.status : "";
    message(answer.playable ? t("workshop.saved_playable") : t("workshop.saved_draft"));
    drawSet(); refreshCard(); drawProblems();
  } catch (err) {
    message(err.data?.detail || err.message);
  }
}

// What the page sends (and downloads) for the file: its text as it came when nothing changed;
// else its JSON, a bundle's unchanged deck files still as their text.
function outgoing() {
  if (JSON.stringify(ws.doc) === ws.original.json) return ws.original.text;
  if (!ws.form.bundle) return ws.doc;
  const files = {};
  for (const [file, value] of Object.entries(ws.doc.files || {})) {
    const was = ws.original.files[file];
    files[file] = was?.text != null && JSON.stringify(value) === was.json ? was.text : value;
  }
  return {...ws.doc, files};
}

function download() {
  const data = outgoing();
  const blob = new Blob([typeof data === "string" ? data : JSON.stringify(data, null, 1) + "\n"], {type: "application/json"});
  const a = h("a", {href: URL.createObjectURL(blob), download: `${ws.game}-${ws.key || "workshop"}.json`});
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}

// --- start ------------------------------------------------------------------------------------------------
async function main() {
  pickLang(Object.keys(LANGS));
  translateStatic();
  languageSelect();
  meta = await api("GET", "/api/meta");
  await loadTitles();
  const m = /^\/workshop\/([\w-]+)\/([\w-]+)$/.exec(location.pathname);
  const asked = new URLSearchParams(location.search).get("game");    // the lobby's link names its game
  ws.game = m ? m[1] : meta.games.some((g) => g.name === asked) ? asked : meta.games[0]?.name;
  drawStart();
  if (m) await openStored(m[1], m[2]);
}

main().catch((err) => { startPanel.textContent = err.message; });
