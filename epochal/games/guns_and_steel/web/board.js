// Guns & Steel's table. The technology pyramid fills the middle: five rows, Horses at the bottom,
// each row set half a card in so every card sits over the two below it, a gap where a card was
// bought. Beside each row lies the wonder chosen for that epoch (and, in the combined variant, the
// development stack of that epoch). Under it every player's zone: the cards lying resource side up
// as resource chips (their hidden backs drawn as unknown to the others), the cards lying
// technology side up as cards, the temporary resources, military strength, VP card, glory tokens,
// wonders and hand. Each legal action sits on the thing it acts on (a hand card, a zone card, an
// opponent's card, a pyramid slot, a stack, a wonder, a seat); the rest (activate, skip, pass and
// anything unforeseen) are buttons in the decision panel, which also keeps the plain list of every
// legal action. A legal action in the view names its kind and what it targets; the server's
// layout part adds only the card effects and wonder conditions as operations (`ui.effects`,
// `ui.conditions`), so they are worded in the page's language. The words come from the game's
// locale (`ctx.tr`, locale/ui.<lang>.json); the resources, epochs, phases and seat colours in
// their order from the game's constants (`ctx.constants`).
import {fill, h} from "/static/js/dom.js";
import {lang} from "/static/js/i18n.js";

const GLYPH = {food: "❀", iron: "⚒", horses: "♞", gunpowder: "✹", oil: "♨", information: "☰", space: "☄",
               any: "✱", vp: "★", military: "⚔", response: "☗", two_player: "②", wonder: "♜", glory: "⚑",
               hand: "❐", provisional: "≈", unknown: "?"};
// Kinds whose control sits on a card of the seat's own hand or zone (`card` names it); `take`
// acts on an opponent's card and is placed by seat.
const ON_CARD = new Set(["start_resource", "play_resource", "play_technology", "respond", "play_attack",
                         "spend", "restore", "respond_spend", "lose", "recall", "activate_attack"]);
const ON_WONDER = new Set(["claim", "glory", "move_glory", "give_wonder"]);

const tr = (ctx, key, params) => ctx.tr(key, params);
const has = (ctx, key) => ctx.has(key);
let listOpen = false;           // the plain action list stays open across redraws once opened

// --- small pieces -----------------------------------------------------------------------------

function resName(ctx, res) { return has(ctx, `res.${res}`) ? tr(ctx, `res.${res}`) : res; }

function chip(ctx, res, n, opts = {}) {
  const name = resName(ctx, res);
  return h("span", {class: `chip r-${res}${opts.big ? " big" : ""}`, "data-res": res,
                    title: n === undefined || n === 1 ? name : `${n} × ${name}`},
    h("i", {}, GLYPH[res] || "?"), n === undefined || (n === 1 && !opts.count) ? null : h("b", {}, n));
}

function chips(ctx, map, opts = {}) {
  const resources = ctx.constants.resources;
  const entries = resources.concat(Object.keys(map || {}).filter((r) => !resources.includes(r)))
    .filter((r) => map?.[r]).map((r) => [r, map[r]]);
  if (!entries.length) return opts.empty ?? null;
  return h("span", {class: "chips"}, entries.map(([r, n]) => chip(ctx, r, n, {count: true, big: opts.big})));
}

function cardName(ctx, key) {
  const c = ctx.view.cards?.[key];
  if (!c) return key;
  return (lang() === "ru" && c.name_ru) || c.name || c.id || key;
}

function wonderName(ctx, key) {
  const w = ctx.view.wonder_cards?.[key];
  if (!w) return key;
  return (lang() === "ru" && w.name_ru) || w.name || w.id || key;
}

function seatName(ctx, seat) { return ctx.names?.[seat] ?? `#${seat + 1}`; }

function colourOf(ctx, seat) { return ctx.view.seats?.[seat]?.colour || ctx.constants.colours[seat] || "grey"; }

function dot(ctx, seat, cls = "") {
  return h("span", {class: `gs-dot c-${colourOf(ctx, seat)} ${cls}`, title: seatName(ctx, seat)});
}

// The badge of a card or wonder whose data is a stand-in; its title lists the fields no source
// establishes. Small cards show only the sign.
function provBadge(ctx, c, compact = false) {
  if (!c?.provisional) return null;
  const fields = (c.missing || []).join(", ");
  return h("span", {class: "gs-prov", "data-testid": "provisional-card",
                    title: fields ? tr(ctx, "missing", {fields}) : tr(ctx, "provisional_card")},
    GLYPH.provisional, compact ? null : [" ", tr(ctx, "provisional")]);
}

// --- legal actions, grouped by what they act on ------------------------------------------------

function group(ctx) {
  const g = {card: new Map(), slot: new Map(), epoch: new Map(), wonder: new Map(), seat: new Map(),
             temp: new Map(), takeSeat: new Map()};
  const add = (map, key, a) => { if (!map.has(key)) map.set(key, []); map.get(key).push(a); };
  for (const a of ctx.legal.values()) {
    if (ON_CARD.has(a.kind) && a.card) add(g.card, a.card, a);
    else if (a.kind === "spend" && a.res) add(g.temp, a.res, a);
    else if (a.kind === "take" && a.seat !== undefined) add(g.takeSeat, a.seat, a);
    else if (a.kind === "buy" && a.slot) add(g.slot, a.slot, a);
    else if (a.kind === "buy_stack" && a.epoch !== undefined) add(g.epoch, epochKey(ctx, a.epoch), a);
    else if (ON_WONDER.has(a.kind) && a.wonder) add(g.wonder, a.wonder, a);
    else if (a.kind === "target" && a.seat !== undefined) add(g.seat, a.seat, a);
  }
  return g;
}

function epochKey(ctx, e) {
  if (typeof e === "number") return ctx.constants.epochs[e - 1] ?? String(e);
  return e;
}

function label(ctx, a) {
  switch (a.kind) {
    case "spend": return a.res && !a.card ? [tr(ctx, "btn.spend_res", {res: ""}), chip(ctx, a.res)] : tr(ctx, "btn.spend");
    case "move_glory": return tr(ctx, "btn.move_glory", {from: wonderName(ctx, a.from)});
    case "pass": {
      const d = ctx.view.decision?.kind;
      if (d && has(ctx, `pass.${d}`)) return tr(ctx, `pass.${d}`);
      if (has(ctx, `pass.${ctx.view.phase}`)) return tr(ctx, `pass.${ctx.view.phase}`);
      return tr(ctx, "btn.pass");
    }
    case "take": return [tr(ctx, "btn.take"), a.res ? [" ", chip(ctx, a.res)] : null];
    case "lose": return tr(ctx, a.hand_over ? "btn.hand_over" : "btn.lose");
    default: return has(ctx, `btn.${a.kind}`) ? tr(ctx, `btn.${a.kind}`) : a.text;
  }
}

function textOf(node) { return h("span", {}, node).textContent.trim(); }

// A label for one legal action in words: for the side bar, tooltips and the plain list.
export function describe(ctx, id) {
  const a = ctx.legal.get(id);
  if (!a) return String(id);
  if (!a.kind || (!has(ctx, `btn.${a.kind}`) && a.kind !== "pass")) return a.text;
  const base = a.kind === "spend" && a.res && !a.card ? tr(ctx, "btn.spend_res", {res: resName(ctx, a.res)}) : textOf(label(ctx, a));
  const parts = [];
  if (a.kind === "buy") {
    const key = a.card || slotCard(ctx, a.slot);
    parts.push(key ? `${cardName(ctx, key)} (${a.slot})` : a.slot);
  } else if (a.kind === "buy_stack") {
    const epoch = epochKey(ctx, a.epoch);
    const top = a.card || ctx.view.stacks?.[epoch]?.top;
    parts.push(top ? `${cardName(ctx, top)} · ${tr(ctx, `epoch.${epoch}`)}` : tr(ctx, `epoch.${epoch}`));
  } else if (a.card) parts.push(`${cardName(ctx, a.card)} (${a.card.split("-")[0]})`);
  if (a.wonder) parts.push(wonderName(ctx, a.wonder));
  if (a.seat !== undefined && a.seat !== null) parts.push(seatName(ctx, a.seat));
  return parts.length ? `${base}: ${parts.join(" · ")}` : base;
}

const CLS = {start_resource: "res", play_resource: "res", play_technology: "tech", buy: "buy", buy_stack: "buy",
             activate: "primary", respond: "defend", respond_spend: "defend", restore: "restore", take: "take",
             lose: "lose", give_wonder: "lose", claim: "primary", glory: "glory", move_glory: "glory",
             recall: "recall", play_attack: "attack", activate_attack: "attack", spend: "spend", target: "take"};

function control(ctx, a, placed) {
  placed.add(a.id);
  return ctx.control(a.id, label(ctx, a), {title: describe(ctx, a.id), cls: `${CLS[a.kind] || ""} k-${a.kind}`});
}

function controls(ctx, list, placed) {
  if (!list?.length) return null;
  return h("div", {class: "gs-controls"}, list.map((a) => control(ctx, a, placed)));
}

export function prompt(ctx) {
  const d = ctx.view.decision;
  if (!d) return "";
  if (has(ctx, `prompt.${d.kind}`)) return tr(ctx, `prompt.${d.kind}`);
  return d.prompt || "";
}

export function scoreLabel(ctx, key) { return has(ctx, `score.${key}`) ? tr(ctx, `score.${key}`) : key; }

// --- effects and conditions, from the operations the server sends (ui.effects, ui.conditions) ------

// A template with {res}/{of} standing for resource chips (or a type's name) and {n} for a number.
function words(ctx, key, params) {
  const marks = {};
  const plain = {};
  for (const [k, v] of Object.entries(params)) {
    if (v instanceof Node || Array.isArray(v)) { marks[k] = v; plain[k] = `\u0000${k}\u0000`; } else plain[k] = v;
  }
  return tr(ctx, key, plain).split("\u0000").map((part, i) => (i % 2 ? marks[part] : part));
}

function op(ctx, o) {
  const n = o.n ?? 1;
  switch (o.op) {
    case "pay": case "gain": return words(ctx, `op.${o.op}`, {res: chips(ctx, o.res)});
    case "restore": return o.res && o.res !== "any"
      ? words(ctx, "op.restore_res", {n, res: chip(ctx, o.res)}) : tr(ctx, "op.restore", {n});
    case "vp": return tr(ctx, "op.vp", {n});
    case "use": return [o.res && o.res !== "any" ? words(ctx, "op.use_res", {n, res: chip(ctx, o.res)}) : tr(ctx, "op.use", {n}),
      o.gain === false ? null : [" ", tr(ctx, "op.use_gain")]];
    case "each_player": return [tr(ctx, "op.each_player"), " ", ops(ctx, o.do)];
    case "attack": return [tr(ctx, "op.attack"),
      o.defeated?.length ? ["; ", tr(ctx, "op.defeated"), " ", ops(ctx, o.defeated)] : null,
      o.vp ? ["; ", tr(ctx, "op.attack_vp", {n: o.vp})] : null];
    case "lose_vp": return tr(ctx, o.to_attacker ? "op.lose_vp_to" : "op.lose_vp", {n});
    case "lose": case "hand_over": case "play_attacks": case "activate_attacks": return tr(ctx, `op.${o.op}`, {n});
    default: return has(ctx, `op.${o.op}`) ? tr(ctx, `op.${o.op}`) : o.op;
  }
}

function ops(ctx, list) {
  if (!list?.length) return tr(ctx, "op.none");
  return list.map((o, i) => [i ? "; " : null, op(ctx, o)]);
}

// A card's effect in the page's language when the server sent its operations, else the view's text.
function effect(ctx, key, c) {
  const list = ctx.ui?.effects?.[key];
  return list ? ops(ctx, list) : (c.text || "");
}

function condition(ctx, key, w) {
  const clauses = ctx.ui?.conditions?.[key];
  if (!clauses) return w.text || null;
  return clauses.map((cl, i) => [i ? ", " : null, words(ctx, `clause.${cl.what}`, {n: cl.at_least,
    of: cl.of ? (ctx.constants.resources.includes(cl.of) ? chip(ctx, cl.of) : tr(ctx, `type.${cl.of}`)) : ""})]);
}

// --- cards ------------------------------------------------------------------------------------

function slotCard(ctx, slot) {
  for (const row of ctx.view.pyramid || []) for (const s of row) if (s.slot === slot) return s.card;
  return null;
}

// A civilization card technology side up: type colour, name, resource side, cost, VP, military,
// response and two-player icons, effect text, provisional badge, and the controls on it.
function civCard(ctx, key, opts = {}) {
  const c = ctx.view.cards?.[key];
  if (!c) {
    return h("div", {class: `gs-card back${opts.cls ? ` ${opts.cls}` : ""}`, "data-card": key, title: key},
      h("span", {class: "gs-back-mark"}, GLYPH.unknown), opts.controls);
  }
  const text = c.text || "";
  const tip = [`${cardName(ctx, key)} · ${c.id || key}`,
    c.name_ru && c.name_ru !== c.name ? (lang() === "ru" ? c.name : c.name_ru) : null,
    `${tr(ctx, `type.${c.type}`)} · ${resName(ctx, c.resource)}`, text,
    c.provisional ? tr(ctx, "missing", {fields: (c.missing || []).join(", ") || "?"}) : null].filter(Boolean).join("\n");
  return h("div", {class: `gs-card t-${c.type}${c.provisional ? " prov" : ""}${opts.cls ? ` ${opts.cls}` : ""}`,
                   "data-card": key, "data-side": opts.side, "data-testid": opts.testid, title: tip},
    h("div", {class: "gs-card-band"},
      h("span", {class: "gs-type"}, tr(ctx, `type.${c.type}`)),
      h("span", {class: "spacer"}),
      c.response ? h("span", {class: "gs-icon resp", title: tr(ctx, "response")}, GLYPH.response) : null,
      c.two_player ? h("span", {class: "gs-icon two", title: tr(ctx, "two_player")}, GLYPH.two_player) : null),
    h("div", {class: "gs-card-head"},
      h("b", {class: "gs-name"}, cardName(ctx, key)),
      h("span", {class: "gs-vp", title: tr(ctx, "vp")}, c.vp ?? 0)),
    h("div", {class: "gs-card-line"},
      h("span", {class: "gs-cost", title: tr(ctx, "cost")},
        chips(ctx, c.cost, {empty: h("span", {class: "muted"}, tr(ctx, "free"))})),
      opts.surcharge ? h("span", {class: "gs-surcharge", "data-testid": "surcharge",
                                  title: tr(ctx, "surcharge", {n: opts.surcharge})}, `+${opts.surcharge}`) : null,
      h("span", {class: "spacer"}),
      c.military ? h("span", {class: "gs-mil", title: tr(ctx, "military")}, GLYPH.military, c.military) : null),
    opts.small ? null : h("div", {class: "gs-text"}, effect(ctx, key, c)),
    h("div", {class: "gs-card-foot"},
      h("span", {class: "gs-side-res", title: resName(ctx, c.resource)}, chip(ctx, c.resource)),
      h("span", {class: "spacer"}),
      provBadge(ctx, c, !opts.wide),
      h("span", {class: "gs-id"}, c.id || key)),
    opts.controls);
}

// A zone card lying resource side up: its resource, and (for its owner) what is on the back.
function resourceTile(ctx, entry, opts = {}) {
  const c = entry.card ? ctx.view.cards?.[entry.card] : null;
  const tip = [resName(ctx, entry.resource),
    entry.card ? tr(ctx, "back", {name: cardName(ctx, entry.card)}) : tr(ctx, "hidden")].join("\n");
  return h("div", {class: `gs-tile r-${entry.resource}${entry.card ? "" : " hidden"}${opts.live ? " live" : ""}`,
                   "data-card": entry.card || null, "data-side": "resource", "data-res": entry.resource,
                   "data-pos": entry.pos, title: tip},
    chip(ctx, entry.resource, undefined, {big: true}),
    h("span", {class: "gs-tile-name"}, resName(ctx, entry.resource)),
    entry.card
      ? h("span", {class: "gs-tile-back"}, "↺ ", cardName(ctx, entry.card), c?.vp ? [" ", h("span", {class: "gs-vp small"}, c.vp)] : null)
      : h("span", {class: "gs-tile-back muted"}, GLYPH.unknown),
    opts.controls);
}

// --- the pyramid, the wonders and the development stacks -----------------------------------------

function pyramid(ctx, g, placed) {
  const v = ctx.view;
  const rows = v.pyramid || [];
  const widest = Math.max(1, ...rows.map((r) => r.length));
  const byEpoch = new Map();
  (v.wonders || []).forEach((w, i) => {
    const e = v.wonder_cards?.[w.wonder]?.epoch ?? (typeof w.epoch === "string" ? w.epoch : ctx.constants.epochs[i]);
    byEpoch.set(epochKey(ctx, e), w);
  });
  const combined = !!v.stacks;
  const lines = [];
  for (let r = rows.length - 1; r >= 0; r--) {
    const epoch = ctx.constants.epochs[r];
    const slots = rows[r].map((s) => {
      if (!s.card) return h("div", {class: "gs-slot empty", "data-slot": s.slot, title: tr(ctx, "bought")}, h("span", {}, s.slot));
      const here = g.slot.get(s.slot) || [];
      // the whole slot buys the card, as its button does (table.js acts on the closest action id)
      return h("div", {class: `gs-slot${here.length ? " live" : ""}`, "data-slot": s.slot,
                       "data-action-id": here.length === 1 ? here[0].id : null,
                       title: here.length === 1 ? describe(ctx, here[0].id) : null},
        civCard(ctx, s.card, {surcharge: s.surcharge, controls: controls(ctx, here, placed)}));
    });
    lines.push(h("div", {class: `gs-prow e-${epoch}`, "data-testid": `row-${r + 1}`, "data-epoch": epoch},
      wonderPanel(ctx, byEpoch.get(epoch), epoch, g, placed),
      h("div", {class: "gs-row-cards"}, slots),
      combined ? stackPanel(ctx, epoch, g, placed) : null));
  }
  return h("section", {class: `gs-pyramid${combined ? " combined" : ""}`, "data-testid": "pyramid",
                       style: `--gs-n: ${widest}`},
    h("h3", {}, tr(ctx, "pyramid")), lines);
}

function wonderPanel(ctx, entry, epoch, g, placed) {
  if (!entry) return h("div", {class: "gs-wonder none muted", "data-epoch": epoch},
    h("span", {class: "gs-epoch"}, chip(ctx, epoch), " ", tr(ctx, `epoch.${epoch}`)), h("span", {}, tr(ctx, "no_wonder")));
  const w = ctx.view.wonder_cards?.[entry.wonder] || {};
  const here = g.wonder.get(entry.wonder) || [];
  const taken = entry.taken_by !== null && entry.taken_by !== undefined;
  const glory = (entry.glory || []).map((n, seat) => n ? h("span", {class: "gs-glory", "data-seat": seat},
    Array.from({length: n}, () => dot(ctx, seat, "token"))) : null);
  return h("div", {class: `gs-wonder${taken ? " taken" : ""}${here.length ? " live" : ""}${w.provisional ? " prov" : ""}`,
                   "data-wonder": entry.wonder, "data-testid": `wonder-${epoch}`,
                   title: [wonderName(ctx, entry.wonder), w.id || entry.wonder, w.text].filter(Boolean).join("\n")},
    h("div", {class: "gs-wonder-head"},
      h("span", {class: "gs-wonder-icon"}, GLYPH.wonder),
      h("b", {class: "gs-name"}, wonderName(ctx, entry.wonder)),
      h("span", {class: "gs-vp", title: tr(ctx, "vp")}, w.vp ?? "?")),
    h("div", {class: "gs-epoch"}, chip(ctx, epoch), " ", tr(ctx, `epoch.${epoch}`),
      wonderName(ctx, entry.wonder) !== (w.id || entry.wonder) ? [" · ", h("span", {class: "gs-id"}, w.id || entry.wonder)] : null),
    w.text || ctx.ui?.conditions?.[entry.wonder]
      ? h("div", {class: "gs-wonder-text", title: tr(ctx, "condition")}, condition(ctx, entry.wonder, w)) : null,
    w.tokens ? h("div", {class: "gs-tokens"}, GLYPH.glory, " ", tr(ctx, "tokens", {n: w.tokens}),
      h("span", {class: "gs-glory-row"}, glory)) : null,
    taken ? h("div", {class: "gs-taken", "data-testid": "taken-by"}, dot(ctx, entry.taken_by), " ",
      tr(ctx, "taken_by", {name: seatName(ctx, entry.taken_by)})) : null,
    provBadge(ctx, w),
    controls(ctx, here, placed));
}

function stackPanel(ctx, epoch, g, placed) {
  const s = ctx.view.stacks?.[epoch];
  const here = g.epoch.get(epoch) || [];
  if (!s) return h("div", {class: "gs-stack none"});
  return h("div", {class: `gs-stack${here.length ? " live" : ""}`, "data-testid": `stack-${epoch}`, "data-epoch": epoch,
                   "data-action-id": here.length === 1 ? here[0].id : null},
    h("div", {class: "gs-stack-head"}, h("span", {class: "gs-pile"}, chip(ctx, epoch)),
      h("span", {class: "muted small"}, s.count ? tr(ctx, "stack", {n: s.count}) : tr(ctx, "stack_empty"))),
    s.top ? civCard(ctx, s.top, {small: true, cls: "stack-top", surcharge: s.surcharge})
      : s.count ? h("div", {class: "gs-card back small"}, h("span", {class: "gs-back-mark"}, GLYPH.unknown)) : null,
    controls(ctx, here, placed));
}

// --- seats -------------------------------------------------------------------------------------

function seatPanel(ctx, s, g, placed) {
  const v = ctx.view;
  const mine = s.seat === ctx.seat;
  const active = (ctx.meta.actors || []).includes(s.seat) && !v.over;
  const isBot = ctx.meta.kinds?.[s.seat] === "bot";
  const zone = (s.zone || []).map((z, pos) => ({...z, pos}));
  const takes = g.takeSeat.get(s.seat) || [];
  // `take` names an opponent's card by its zone position (its back may be hidden from us) or by key
  const takePos = (a) => a.position ?? a.pos ?? a.index ?? a.zone;
  const takesOn = (z) => takes.filter((a) => takePos(a) === z.pos || (a.card && a.card === z.card));
  const onCard = (z) => [...(mine && z.card ? g.card.get(z.card) || [] : []), ...takesOn(z)];
  const resources = zone.filter((z) => z.side === "resource");
  const techs = zone.filter((z) => z.side !== "resource");
  const looseTakes = takes.filter((a) => !zone.some((z) => takesOn(z).includes(a)));
  const targets = g.seat.get(s.seat) || [];
  const attacked = v.attack && v.attack.attacker !== s.seat;
  const tile = (z) => {
    const here = onCard(z);
    return resourceTile(ctx, z, {live: here.length > 0, controls: controls(ctx, here, placed)});
  };
  const tech = (z) => {
    const here = onCard(z);
    return civCard(ctx, z.card, {side: "technology", cls: `zone${here.length ? " live" : ""}`, controls: controls(ctx, here, placed)});
  };
  const won = s.wonders || [];
  return h("section", {class: `gs-seat c-${s.colour}${mine ? " mine" : ""}${active ? " active" : ""}${targets.length ? " targeted" : ""}`,
                       "data-testid": `seat-${s.seat}`, "data-seat": s.seat},
    h("header", {},
      h("span", {class: `gs-crest c-${s.colour}`, title: tr(ctx, `colour.${s.colour}`)}, String(s.seat + 1)),
      h("b", {class: "gs-seat-name"}, seatName(ctx, s.seat)),
      mine ? h("span", {class: "tag"}, tr(ctx, "you")) : null,
      isBot ? h("span", {class: "tag bot"}, ctx.t("table.bot")) : null,
      v.first === s.seat ? h("span", {class: "tag", title: tr(ctx, "first", {name: seatName(ctx, s.seat)})}, "①") : null,
      v.winners?.includes(s.seat) ? h("span", {class: "tag win"}, "♛") : null,
      active ? h("span", {class: "tag turn"}, isBot ? ctx.t("table.thinking") : "…") : null,
      controls(ctx, targets, placed),
      h("span", {class: "spacer"}),
      h("span", {class: `gs-stat mil${attacked && v.attack.waiting === s.seat ? " hot" : ""}`, title: tr(ctx, "military"),
                 "data-testid": `military-${s.seat}`}, GLYPH.military, " ", s.military ?? 0),
      s.vp_track !== null && s.vp_track !== undefined
        ? h("span", {class: "gs-stat vp", title: tr(ctx, "vp_track"), "data-testid": `vp-track-${s.seat}`}, GLYPH.vp, " ", s.vp_track) : null,
      s.glory_left !== null && s.glory_left !== undefined
        ? h("span", {class: "gs-stat glory", title: tr(ctx, "glory_left")}, Array.from({length: s.glory_left}, () => dot(ctx, s.seat, "token"))) : null,
      h("span", {class: "gs-stat hand", title: tr(ctx, "hand_n", {n: s.hand_count})}, GLYPH.hand, " ", s.hand_count),
      h("span", {class: "gs-score", title: tr(ctx, "score"), "data-testid": `score-${s.seat}`}, "Σ ", s.score ?? 0)),
    h("div", {class: "gs-zone", "data-testid": `zone-${s.seat}`},
      h("div", {class: "gs-zone-res"},
        h("h4", {}, tr(ctx, "resources"), ` (${resources.length})`),
        h("div", {class: "gs-tiles"}, resources.length ? resources.map(tile) : h("span", {class: "muted"}, tr(ctx, "none"))),
        looseTakes.length ? controls(ctx, looseTakes, placed) : null,
        tempPanel(ctx, s, mine ? g : null, placed),
        won.length ? h("div", {class: "gs-won", "data-testid": `won-${s.seat}`},
          h("h4", {}, GLYPH.wonder, " ", tr(ctx, "won")),
          won.map((w) => {
            const here = mine ? g.wonder.get(w) || [] : [];
            return h("div", {class: `gs-won-wonder${here.length ? " live" : ""}`, "data-wonder": w, title: ctx.view.wonder_cards?.[w]?.text || w},
              h("span", {class: "gs-wonder-icon"}, GLYPH.wonder), " ", wonderName(ctx, w), " ",
              h("span", {class: "gs-vp small"}, ctx.view.wonder_cards?.[w]?.vp ?? "?"), controls(ctx, here, placed));
          })) : null),
      h("div", {class: "gs-zone-tech"},
        h("h4", {}, tr(ctx, "technologies"), ` (${techs.length})`),
        h("div", {class: "gs-row"}, techs.length ? techs.map(tech) : h("span", {class: "muted"}, tr(ctx, "none"))))),
    mine && s.hand ? h("div", {class: "gs-hand"},
      h("h3", {}, tr(ctx, "hand"), ` (${s.hand.length})`),
      h("div", {class: "gs-row", "data-testid": "hand"}, s.hand.length
        ? s.hand.map((key) => civCard(ctx, key, {cls: "in-hand", wide: true, controls: controls(ctx, g.card.get(key), placed)}))
        : h("span", {class: "muted"}, tr(ctx, "none"))))
      : !mine && s.hand_count ? h("div", {class: "gs-backs", title: tr(ctx, "hand_n", {n: s.hand_count})},
        Array.from({length: s.hand_count}, () => h("span", {class: "gs-cardback"}))) : null);
}

function tempPanel(ctx, s, g, placed) {
  const temp = Object.entries(s.temp || {}).filter(([, n]) => n);
  const spends = g ? [...g.temp.keys()] : [];
  if (!temp.length && !spends.length) return null;
  const keys = [...new Set([...temp.map(([r]) => r), ...spends])];
  return h("div", {class: "gs-temp", "data-testid": `temp-${s.seat}`, title: tr(ctx, "temp_title")},
    h("h4", {}, tr(ctx, "temp")),
    h("div", {class: "gs-tiles"}, keys.map((r) => {
      const here = g?.temp.get(r) || [];
      return h("div", {class: `gs-temp-res${here.length ? " live" : ""}`, "data-res": r},
        chip(ctx, r, s.temp?.[r] || 0, {count: true, big: true}), controls(ctx, here, placed));
    })));
}

// --- banners, status, decision ---------------------------------------------------------------------

function status(ctx) {
  const v = ctx.view;
  const phase = v.over ? "over" : v.phase;
  return h("div", {class: "gs-status", "data-testid": "status"},
    h("span", {class: "gs-theme"}, has(ctx, `theme.${v.theme}`) ? tr(ctx, `theme.${v.theme}`) : v.theme),
    h("b", {}, tr(ctx, "round", {n: v.round})),
    h("span", {class: "gs-phases"}, phase === "setup" || phase === "over"
      ? h("span", {class: "gs-phase now"}, tr(ctx, `phase.${phase}`))
      : ctx.constants.phases.map((p) => h("span", {class: `gs-phase${p === phase ? " now" : ""}`, "data-phase": p}, tr(ctx, `phase.${p}`)))),
    v.over ? null : h("span", {}, dot(ctx, v.turn), " ", tr(ctx, "turn", {name: seatName(ctx, v.turn)})),
    h("span", {class: "spacer"}),
    h("span", {class: "muted"}, tr(ctx, "first", {name: seatName(ctx, v.first)})));
}

function attackBanner(ctx) {
  const a = ctx.view.attack;
  if (!a) return null;
  const responded = a.responded || [];
  const others = (ctx.view.seats || []).filter((s) => s.seat !== a.attacker);
  return h("section", {class: "gs-attack", "data-testid": "attack-banner"},
    h("div", {class: "gs-attack-head"}, h("span", {class: "gs-attack-icon"}, GLYPH.military), " ",
      h("b", {}, tr(ctx, "attack", {attacker: seatName(ctx, a.attacker), card: cardName(ctx, a.card), n: a.strength}))),
    h("div", {class: "gs-attack-line"},
      others.map((s) => h("span", {class: `gs-versus${s.seat === a.waiting ? " now" : ""}${responded.includes(s.seat) ? " done" : ""}${(s.military ?? 0) >= a.strength ? " safe" : ""}`,
                                   "data-seat": s.seat},
        dot(ctx, s.seat), " ", tr(ctx, "attack.vs", {name: seatName(ctx, s.seat), n: s.military ?? 0}),
        responded.includes(s.seat) ? " ✓" : s.seat === a.waiting ? " …" : "")),
      h("span", {class: "spacer"}),
      responded.length ? h("span", {class: "muted"}, tr(ctx, "attack.answered", {names: responded.map((x) => seatName(ctx, x)).join(", ")})) : null,
      a.waiting !== null && a.waiting !== undefined ? h("b", {}, tr(ctx, "attack.waiting", {name: seatName(ctx, a.waiting)})) : null));
}

function paymentBanner(ctx) {
  const p = ctx.view.payment;
  if (!p) return null;
  const paid = {};
  for (const r of p.paid || []) paid[r] = (paid[r] || 0) + 1;
  return h("section", {class: "gs-payment", "data-testid": "payment-banner"},
    p.seat !== undefined && p.seat !== ctx.seat ? [dot(ctx, p.seat), " ", seatName(ctx, p.seat), " · "] : null,
    h("b", {}, tr(ctx, has(ctx, `payment.${p.purpose}`) ? `payment.${p.purpose}` : "payment",
                  {what: p.for ? cardName(ctx, p.for) : tr(ctx, "payment.effect")})), " ",
    chips(ctx, p.cost, {big: true}),
    p.any ? h("span", {class: "gs-surcharge big", title: tr(ctx, "res.any")}, tr(ctx, "payment.any", {n: p.any})) : null,
    h("span", {class: "gs-arrow"}, "·"),
    h("span", {class: "muted"}, tr(ctx, "payment.paid"), ": "),
    chips(ctx, paid, {empty: h("span", {class: "muted"}, tr(ctx, "payment.nothing"))}));
}

function decisionPanel(ctx, placed) {
  if (ctx.seat === null || !ctx.legal.size) return null;
  const rest = [...ctx.legal.values()].filter((a) => !placed.has(a.id));
  const closing = rest.filter((a) => a.kind === "pass" || a.kind === "skip");
  const main = rest.filter((a) => !closing.includes(a));
  const d = ctx.view.decision;
  const source = d?.card || (ctx.view.payment?.for ?? null);
  const row = h("div", {class: "gs-decision-row"},
    main.map((a) => control(ctx, a, placed)),
    closing.length ? h("span", {class: "spacer"}) : null,
    closing.map((a) => control(ctx, a, placed)));
  // The plain list's buttons exist only while it is open: a closed list holds no hidden controls.
  const items = h("ol", {});
  const fillList = () => fill(items, [...ctx.legal.values()].map((a) => h("li", {},
    ctx.control(a.id, describe(ctx, a.id), {cls: "plain", title: a.text}))));
  if (listOpen) fillList();
  const list = h("details", {class: "gs-all", "data-testid": "all-actions", open: listOpen,
                             ontoggle: (e) => {
                               listOpen = e.target.open;
                               if (listOpen) fillList(); else items.replaceChildren();
                             }},
    h("summary", {}, tr(ctx, "all_actions", {n: ctx.legal.size})), items);
  return h("section", {class: "gs-decision", "data-testid": "decision"},
    h("h3", {}, tr(ctx, "decision"), ": ", prompt(ctx),
      source && ctx.view.cards?.[source] ? h("span", {class: "gs-source"}, " · ", cardName(ctx, source)) : null),
    main.length || closing.length ? row : null,
    list);
}

// --- the layout ------------------------------------------------------------------------------------

export function render(ctx) {
  const v = ctx.view;
  const g = group(ctx);
  const placed = new Set();
  const order = ctx.seat === null || ctx.seat === undefined
    ? (v.seats || []).map((s) => s.seat)
    : [ctx.seat, ...(v.seats || []).map((s) => s.seat).filter((s) => s !== ctx.seat)];
  const board = pyramid(ctx, g, placed);
  const seats = order.map((s) => seatPanel(ctx, v.seats[s], g, placed));
  const decision = decisionPanel(ctx, placed);
  return h("div", {class: "gs", "data-theme": v.theme},
    status(ctx),
    attackBanner(ctx),
    paymentBanner(ctx),
    decision,
    board,
    h("div", {class: "gs-seats"}, seats));
}
