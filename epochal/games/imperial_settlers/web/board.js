// Imperial Settlers' table. Every empire is drawn as its board (what it produces and stores, its
// goods as icons with counts, its deals tucked under it, its foundations) and its locations in
// three rows — production, features, actions — sorted by colour. Your hand lies under your
// empire, the Lookout's face-up cards (or your draft packet) above it. Each legal action sits on
// the thing it acts on: build / deal / raze on a hand card, activate / defend / samurai on your
// location, raze on an opponent's location, take on a Lookout card, a pick on the card it picks,
// take-a-resource on an opponent's goods; the rest (pass, end, exchanges, options, the deck a
// gained card comes from) sit in the decision panel. What an action means comes from the server
// (`ui.actions`); card effects come as operation lists (`ui.cards`) and are drawn with icons.
// The words come from the game's locale (`ctx.tr`, locale/ui.<lang>.json); the location kinds,
// colours and goods in their order from the game's constants (`ctx.constants`).
import {h} from "/static/js/dom.js";
import {lang} from "/static/js/i18n.js";

const GLYPH = {wood: "♣", stone: "⬟", food: "❀", gold: "⛀", worker: "☻", raze: "⚔", defence: "☗",
               vp: "★", card: "❐", common_card: "❐", empire_card: "❐", samurai: "⚑", deal: "⇄"};
const KIND_ICON = {production: "⚙", feature: "✦", action: "▶"};

const tr = (ctx, key, params) => ctx.tr(key, params);
const has = (ctx, key) => ctx.has(key);

// --- goods and effects ----------------------------------------------------------------------------

function good(ctx, g, n, opts = {}) {
  const name = has(ctx, `good.${g}`) ? tr(ctx, `good.${g}`) : g;
  return h("span", {class: `chip g-${g}${opts.big ? " big" : ""}${opts.zero && !n ? " zero" : ""}`,
                    title: n === undefined ? name : `${n} × ${name}`, "data-good": g},
    h("i", {}, GLYPH[g] || "?"), n === undefined || (n === 1 && !opts.count) ? null : h("b", {}, n));
}

function goods(ctx, map, opts = {}) {
  const entries = Object.entries(map || {}).filter(([g, n]) => g !== "op" && n);
  if (!entries.length) return opts.empty ?? null;
  return h("span", {class: "chips"}, entries.map(([g, n]) => good(ctx, g, n, {count: opts.count})));
}

function swatch(colour) { return h("span", {class: `is-swatch col-${colour}`}); }

function colourWord(ctx, colour) {
  return h("span", {class: "is-colour"}, swatch(colour), tr(ctx, `colour.${colour}`));
}

// One operation (docs/games/imperial-settlers-data.md) as icons and words.
function op(ctx, o) {
  switch (o.op) {
    case "gain": return goods(ctx, o, {count: true});
    case "gain_per": {
      const what = o.samurai ? tr(ctx, "op.per_samurai")
        : tr(ctx, "op.per_colour", {colour: "\u0000"}).split("\u0000");
      return h("span", {}, good(ctx, o.good, 1, {count: true}), " ",
        Array.isArray(what) ? [what[0], colourWord(ctx, o.colour), what[1]] : what,
        o.max ? ` (${tr(ctx, "op.max", {n: o.max})})` : "");
    }
    case "choose": return h("span", {class: "is-choose"},
      o.options.map((opt, i) => [i ? ` ${tr(ctx, "op.or")} ` : null, h("span", {class: "is-option"}, ops(ctx, opt))]));
    case "look_empire": return tr(ctx, "op.look_empire", {n: o.n ?? 2, keep: o.keep ?? 1});
    case "copy_production": return tr(ctx, o.other ? "op.copy_production_other" : "op.copy_production");
    case "samurai": return [good(ctx, "samurai"), " ", tr(ctx, "op.samurai", {n: o.n ?? 1})];
    case "raze_location": return tr(ctx, o.protection === "ignore" ? "op.raze_location_ignore" : "op.raze_location_pay");
    case "foundation_from_hand": return [tr(ctx, "op.foundation_from_hand"), " ", goods(ctx, o, {count: true})];
    default: return has(ctx, `op.${o.op}`) ? tr(ctx, `op.${o.op}`) : o.op;
  }
}

function ops(ctx, list) {
  return (list || []).map((o, i) => [i ? "; " : null, op(ctx, o)]);
}

function trigger(ctx, t) {
  const head = t.on === "build" && t.colour
    ? tr(ctx, "trigger.build_colour", {colour: "\u0000"}).split("\u0000")
    : [tr(ctx, `trigger.${t.on}`)];
  return [head[0], head.length > 1 ? [colourWord(ctx, t.colour), head[1]] : null, " ", ops(ctx, t.do)];
}

// --- cards ---------------------------------------------------------------------------------------

function cardName(ctx, id) {
  const c = ctx.view.cards[id];
  if (!c) return id;
  return (lang() === "ru" && c.name_ru) || c.name;
}

function band(colours) {
  if (!colours?.length) return {background: "repeating-linear-gradient(45deg, #cfc6b4, #cfc6b4 4px, #e4dccb 4px, #e4dccb 8px)"};
  const step = 100 / colours.length;
  return {background: `linear-gradient(90deg, ${colours.map((c, i) =>
    `var(--is-${c}) ${i * step}%, var(--is-${c}) ${(i + 1) * step}%`).join(", ")})`};
}

function colourOrder(ctx, id) {
  const c = ctx.view.cards[id];
  const colours = ctx.constants.colours;
  const i = colours.indexOf(c?.colours?.[0]);
  return i < 0 ? colours.length : i;
}

// A card as a card: colours, kind, name, cost, effects, deal and raze bonus, and the controls on it.
function card(ctx, id, opts = {}) {
  const c = ctx.view.cards[id];
  if (!c) return h("div", {class: "is-card back"}, "?");
  const fx = ctx.ui.cards?.[id] || {};
  const unknown = !!c.ability;
  const prov = c.provenance && c.provenance !== "exact";
  const lines = [];
  if (fx.production) lines.push(h("div", {class: "is-line prod", title: tr(ctx, "kind.production")}, h("i", {}, KIND_ICON.production), " ", ops(ctx, fx.production)));
  else if (c.production) lines.push(h("div", {class: "is-line prod"}, h("i", {}, KIND_ICON.production), " ", c.production));
  if (fx.action) {
    lines.push(h("div", {class: "is-line act", title: tr(ctx, "kind.action")}, h("i", {}, KIND_ICON.action), " ",
      goods(ctx, fx.action.pay, {count: true, empty: tr(ctx, "free")}), " → ", ops(ctx, fx.action.do),
      fx.action.limit > 1 ? h("span", {class: "is-twice", title: tr(ctx, "twice")}, " ×2") : null));
  } else if (c.action) lines.push(h("div", {class: "is-line act"}, h("i", {}, KIND_ICON.action), " ", c.action));
  if (fx.triggers) fx.triggers.forEach((t) => lines.push(h("div", {class: "is-line feat"}, h("i", {}, KIND_ICON.feature), " ", trigger(ctx, t))));
  else if (c.feature) lines.push(h("div", {class: "is-line feat"}, h("i", {}, KIND_ICON.feature), " ", c.feature));
  if (fx.bonus) lines.push(h("div", {class: "is-line bonus"}, h("i", {}, "✚"), " ", ops(ctx, fx.bonus)));
  else if (c.build_bonus) lines.push(h("div", {class: "is-line bonus"}, h("i", {}, "✚"), " ", c.build_bonus));
  const loc = opts.location;
  const tip = [`${c.name} · ${id}`, c.name_ru && c.name_ru !== c.name ? c.name_ru : null,
               tr(ctx, `kind.${c.kind}`), c.ability, c.known ? Object.values(c.known).join("; ") : null,
               c.unknown?.length ? `? ${c.unknown.join(", ")}` : null, c.note].filter(Boolean).join("\n");
  return h("div", {class: `is-card kind-${c.kind}${c.deck === "common" ? " common" : " empire"}${prov ? " prov" : ""}${unknown ? " unknown" : ""}${opts.small ? " small" : ""}${opts.cls ? ` ${opts.cls}` : ""}`,
                   "data-card": id, "data-testid": opts.testid, title: tip},
    h("div", {class: "is-band", style: band(c.colours)}),
    h("div", {class: "is-card-head"},
      h("span", {class: "is-kind", title: tr(ctx, `kind.${c.kind}`)}, KIND_ICON[c.kind]),
      h("b", {class: "is-name"}, cardName(ctx, id)),
      h("span", {class: "is-vp", title: tr(ctx, "vp")}, c.vp)),
    h("div", {class: "is-cost", title: tr(ctx, "cost")},
      goods(ctx, c.cost, {count: true, empty: h("span", {class: "muted"}, tr(ctx, "free"))}),
      c.discard ? h("span", {class: "is-discard", title: tr(ctx, "discard_loc")}, "⤓", c.discard) : null,
      loc ? tokens(ctx, loc) : null),
    opts.small ? null : h("div", {class: "is-lines"}, lines),
    unknown ? h("div", {class: "is-unknown", "data-testid": "ability-unknown", title: c.ability}, "? ", tr(ctx, "ability_unknown")) : null,
    fx.action?.stand_in ? h("div", {class: "is-standin"}, tr(ctx, "stand_in")) : null,
    h("div", {class: "is-card-foot"},
      c.deal ? h("span", {class: "is-deal", title: tr(ctx, "deal")}, h("i", {}, GLYPH.deal), good(ctx, c.deal)) : null,
      c.raze && opts.razeCost ? h("span", {class: "is-raze target", title: tr(ctx, "raze_cost", {n: opts.razeCost})},
        good(ctx, "raze", opts.razeCost, {count: true}), "→", goods(ctx, c.raze, {count: true}))
      : c.raze ? h("span", {class: "is-raze", title: tr(ctx, "raze_bonus")}, h("i", {}, GLYPH.raze), goods(ctx, c.raze, {count: true})) : null,
      c.cannot_be_razed ? h("span", {class: "is-noraze", title: tr(ctx, "cannot_raze")}, "⊘") : null,
      h("span", {class: "spacer"}),
      h("span", {class: "is-id"}, id, prov ? h("span", {class: "is-prov", title: tr(ctx, "provisional")}, " ≈") : null)),
    opts.controls?.length ? h("div", {class: "is-controls"}, opts.controls) : null);
}

// What lies on a built location: a defence token, a samurai, the goods paid to use it this round.
function tokens(ctx, loc) {
  if (!loc.defence && !loc.samurai && !loc.used) return null;
  return h("span", {class: "is-tokens"},
    loc.defence ? h("span", {class: "is-token g-defence", title: tr(ctx, "defended"), "data-testid": "defence-token"}, GLYPH.defence) : null,
    loc.samurai ? h("span", {class: "is-token g-samurai", title: tr(ctx, "samurai_on")}, GLYPH.samurai) : null,
    loc.used ? h("span", {class: "is-token used", title: tr(ctx, "used", {n: loc.used})}, `✓${loc.used > 1 ? loc.used : ""}`) : null);
}

// --- actions -------------------------------------------------------------------------------------

const CLS = {build: "primary", deal: "deal", raze_hand: "raze", raze: "raze", activate: "primary",
             activate2: "primary", defend: "defend", samurai: "defend", pick: "pick"};

function label(ctx, a) {
  switch (a.verb) {
    case "build": return tr(ctx, "btn.build");
    case "deal": return [tr(ctx, "btn.deal"), " ", good(ctx, "food", 1, {count: true})];
    case "raze_hand": return [tr(ctx, "btn.raze_hand"), " ", goods(ctx, a.bonus, {count: true})];
    case "raze": return [tr(ctx, "btn.raze"), " ", good(ctx, "raze", a.pay.raze, {count: true}), " → ", goods(ctx, a.bonus, {count: true})];
    case "activate": case "activate2": return tr(ctx, `btn.${a.verb}`);
    case "defend": return [good(ctx, "defence"), " ", tr(ctx, "btn.defend")];
    case "samurai": return [good(ctx, "samurai"), " ", tr(ctx, "btn.samurai")];
    case "pick": return has(ctx, `pick.${a.purpose}`) ? tr(ctx, `pick.${a.purpose}`) : tr(ctx, "btn.pick");
    case "pass": case "end": case "stop": case "decline": return tr(ctx, `btn.${a.verb}`);
    case "source": return tr(ctx, `btn.source.${a.deck}`);
    case "exchange": return [good(ctx, a.good, 1, {count: true}), " ", tr(ctx, `good.${a.good}`)];
    case "steal": return [tr(ctx, "btn.steal"), " ", good(ctx, a.good, 1, {count: true})];
    case "attack": return [has(ctx, `pick.${a.purpose}`) ? tr(ctx, `pick.${a.purpose}`) : tr(ctx, "btn.pick"), " ", a.attack];
    case "option":
      if (a.ops) return ops(ctx, a.ops);
      if (a.good) return good(ctx, a.good, 1, {count: true});
      return a.text || tr(ctx, "btn.option", {n: a.n + 1});
    default: return a.text;
  }
}

function textOf(node) {
  const el = h("span", {}, node);
  return el.textContent;
}

// A label for one legal action in words, for buttons away from the board and for tooltips.
export function describe(ctx, id) {
  const a = ctx.legal.get(id);
  if (!a || !a.verb) return a ? a.text : String(id);
  const name = a.card ? `${cardName(ctx, a.card)} (${a.card})` : "";
  const base = textOf(label(ctx, a));
  if (a.verb === "exchange") return `${tr(ctx, "exchange")} ${tr(ctx, `good.${a.good}`)}`;
  if (a.verb === "steal") return `${base} · ${ctx.names[a.owner]}`;
  return name ? `${base}: ${name}` : base;
}

function control(ctx, a) {
  return ctx.control(a.id, label(ctx, a), {title: describe(ctx, a.id), cls: `${CLS[a.verb] || ""} k-${a.verb}`});
}

export function prompt(ctx) {
  const d = ctx.view.decision;
  if (!d) return "";
  if (d.kind === "pick" || (d.kind === "option" && ctx.ui.purpose && ctx.ui.purpose !== "choose one")) {
    const key = `purpose.${ctx.ui.purpose ?? d.purpose}`;
    return has(ctx, key) ? tr(ctx, key) : (ctx.ui.purpose ?? d.purpose ?? "");
  }
  return has(ctx, `prompt.${d.kind}`) ? tr(ctx, `prompt.${d.kind}`) : (d.purpose || "");
}

export function scoreLabel(ctx, key) { return has(ctx, `score.${key}`) ? tr(ctx, `score.${key}`) : key; }

// --- the layout ----------------------------------------------------------------------------------

export function render(ctx) {
  const v = ctx.view;
  const me = ctx.seat;
  const acts = ctx.byCard;
  const order = me === null ? v.seats.map((s) => s.seat) : [me, ...v.seats.map((s) => s.seat).filter((s) => s !== me)];
  const seats = order.map((s) => seatPanel(ctx, v.seats[s], acts));
  const lookout = lookoutPanel(ctx, acts);
  const solo = v.solo ? soloPanel(ctx, acts) : null;
  return h("div", {class: "is"},
    status(ctx),
    decisionPanel(ctx, acts),
    lookout,
    seats,
    solo);
}

function phaseKey(phase) {
  if (phase.startsWith("lookout")) return "lookout";
  if (phase.startsWith("action") || phase === "after_action" || phase === "next_turn") return "action";
  return phase;
}

function status(ctx) {
  const v = ctx.view;
  return h("div", {class: "is-status", "data-testid": "status"},
    h("b", {}, tr(ctx, "round", {n: v.round, of: ctx.ui.rounds || 5})),
    h("span", {class: "is-phase"}, tr(ctx, `phase.${phaseKey(v.phase)}`)),
    h("span", {}, tr(ctx, "first", {name: ctx.names[v.first]})),
    phaseKey(v.phase) === "action" && !v.over ? h("span", {}, tr(ctx, "turn", {name: ctx.names[v.turn]})) : null,
    h("span", {class: "spacer"}),
    h("span", {class: "muted"}, tr(ctx, "common_deck", {n: v.common_deck}), " · ",
      tr(ctx, "common_discard", {n: v.common_discard.length})));
}

function decisionPanel(ctx, acts) {
  const v = ctx.view;
  const d = v.decision;
  if (ctx.seat === null || !d || !d.seats.includes(ctx.seat)) return null;
  if (d.your_choice !== undefined && !ctx.legal.size) {
    return h("section", {class: "is-decision done", "data-testid": "decision"}, tr(ctx, "chosen"));
  }
  if (!ctx.legal.size) return null;
  const row = new Set((v.solo?.attack_row || []).map((x) => x.id));
  const fixed = [...ctx.legal.values()].filter((a) => !a.card && a.verb !== "steal" && !(a.verb === "attack" && row.has(a.attack)));
  // Cards a choice names that lie nowhere on the board (none in the current rules; kept safe).
  const loose = [...acts.keys()].filter((id) => ![...acts.get(id)].some((a) => a.where && a.where !== "elsewhere"));
  const main = fixed.filter((a) => !["pass", "end", "stop", "decline", "exchange"].includes(a.verb));
  const exchanges = fixed.filter((a) => a.verb === "exchange");
  const closing = fixed.filter((a) => ["pass", "end", "stop", "decline"].includes(a.verb));
  const source = ctx.ui.source;
  return h("section", {class: "is-decision", "data-testid": "decision"},
    h("h3", {}, tr(ctx, "decision"), ": ", prompt(ctx),
      source ? h("span", {class: "is-source"}, " · ", cardName(ctx, source)) : null),
    loose.length ? h("div", {class: "is-row"}, loose.map((id) => card(ctx, id, {controls: acts.get(id).map((a) => control(ctx, a))}))) : null,
    main.length || closing.length || exchanges.length ? h("div", {class: "is-decision-row"},
      main.map((a) => control(ctx, a)),
      exchanges.length ? h("span", {class: "is-exchange", "data-testid": "exchange"},
        h("span", {class: "muted"}, tr(ctx, "exchange")), exchanges.map((a) => control(ctx, a))) : null,
      closing.length ? h("span", {class: "spacer"}) : null,
      closing.map((a) => ctx.control(a.id, label(ctx, a), {title: describe(ctx, a.id), cls: `close k-${a.verb}`}))) : null);
}

function lookoutPanel(ctx, acts) {
  const v = ctx.view;
  const mine = ctx.seat === null ? null : v.seats[ctx.seat];
  const packet = mine?.packet || [];
  if (!v.table.length && !packet.length) return null;
  const tile = (id) => card(ctx, id, {controls: (acts.get(id) || []).map((a) => control(ctx, a))});
  return h("section", {class: "is-lookout", "data-testid": "lookout"},
    v.table.length ? [h("h3", {}, tr(ctx, "lookout")), h("div", {class: "is-row"}, v.table.map(tile))] : null,
    packet.length ? [h("h3", {}, tr(ctx, "packet")), h("div", {class: "is-row"}, packet.map(tile))] : null);
}

function seatPanel(ctx, s, acts) {
  const v = ctx.view;
  const mine = s.seat === ctx.seat;
  const active = (ctx.meta.actors || []).includes(s.seat) && !v.over;
  const isBot = ctx.meta.kinds?.[s.seat] === "bot";
  const winner = v.winners?.includes(s.seat);
  const tile = (id, opts = {}) => card(ctx, id, {...opts, controls: (acts.get(id) || []).map((a) => control(ctx, a))});
  const locs = new Map(s.locations.map((l) => [l.card, l]));
  const rows = ctx.constants.kinds.map((kind) => {
    const ids = s.locations.map((l) => l.card).filter((id) => v.cards[id]?.kind === kind)
      .sort((a, b) => colourOrder(ctx, a) - colourOrder(ctx, b) || a.localeCompare(b));
    return h("div", {class: `is-locrow kind-${kind}`, "data-testid": `row-${kind}-${s.seat}`},
      h("div", {class: "is-rowlabel"}, h("i", {}, KIND_ICON[kind]), " ", tr(ctx, `row.${kind}`), h("small", {}, ids.length)),
      h("div", {class: "is-row"}, ids.length ? ids.map((id) => tile(id, {location: locs.get(id), razeCost: mine || ctx.seat === null ? null : razeCost(ctx, locs.get(id))}))
        : h("span", {class: "is-empty muted"}, tr(ctx, "no_locations"))));
  });
  const targets = !mine && s.locations.some((l) => (acts.get(l.card) || []).some((a) => a.verb === "raze"));
  return h("section", {class: `is-seat${mine ? " mine" : ""}${active ? " active" : ""}${s.passed && phaseKey(v.phase) === "action" ? " passed" : ""}${targets ? " targeted" : ""}`,
                       "data-testid": `seat-${s.seat}`, "data-faction": s.faction},
    h("header", {},
      h("span", {class: `is-crest f-${s.faction}`}, tr(ctx, `faction.${s.faction}`).slice(0, 1)),
      h("b", {class: "is-seat-name"}, ctx.names[s.seat]),
      h("span", {class: "is-faction"}, tr(ctx, `faction.${s.faction}`)),
      mine ? h("span", {class: "tag"}, tr(ctx, "you")) : null,
      isBot ? h("span", {class: "tag bot"}, ctx.t("table.bot")) : null,
      s.passed && phaseKey(v.phase) === "action" ? h("span", {class: "tag passed"}, tr(ctx, "passed")) : null,
      winner ? h("span", {class: "tag win"}, "♛") : null,
      active ? h("span", {class: "tag turn"}, isBot ? ctx.t("table.thinking") : "…") : null,
      targets ? h("span", {class: "tag target"}, GLYPH.raze, " ", tr(ctx, "targets")) : null,
      h("span", {class: "spacer"}),
      h("span", {class: "muted small"}, tr(ctx, "hand_counts", {c: s.hand_common, e: s.hand_empire}), " · ",
        tr(ctx, "deck", {n: s.deck}), " · ", tr(ctx, "discard", {n: s.discard.length})),
      h("span", {class: "is-score", title: tr(ctx, "score.track"), "data-testid": `vp-${s.seat}`}, GLYPH.vp, " ", s.vp)),
    h("div", {class: "is-empire"},
      h("div", {class: "is-side"}, boardPanel(ctx, s), dealsPanel(ctx, s, acts), foundationsPanel(ctx, s, mine, acts)),
      h("div", {class: "is-locations"}, rows)),
    mine && s.hand ? h("div", {class: "is-hand"},
      h("h3", {}, tr(ctx, "hand"), ` (${s.hand.length})`),
      h("div", {class: "is-row", "data-testid": "hand"}, s.hand.length ? s.hand.map((id) => tile(id))
        : h("span", {class: "muted"}, tr(ctx, "no_cards")))) : null);
}

// Raze tokens it takes to raze an opponent's location (R78, R80), or null if it cannot be razed.
function razeCost(ctx, loc) {
  const c = ctx.view.cards[loc.card];
  if (!c?.raze || c.cannot_be_razed || !(c.deck === "common" || c.deck === "Japanese")) return null;
  return 2 + (loc.defence ? 1 : 0) + (loc.samurai ? 1 : 0);
}

function boardPanel(ctx, s) {
  const b = ctx.ui.boards?.[s.faction];
  const steals = [...ctx.legal.values()].filter((a) => a.verb === "steal" && a.owner === s.seat);
  return h("div", {class: `is-board f-${s.faction}`, "data-testid": `board-${s.seat}`},
    h("div", {class: "is-board-head"}, h("b", {}, tr(ctx, "board")),
      b && b.provenance !== "exact" ? h("span", {class: "is-prov", title: `${tr(ctx, "provisional")}${b.note ? ` — ${b.note}` : ""}`}, " ≈") : null),
    b ? h("div", {class: "is-board-line"}, h("span", {class: "muted"}, tr(ctx, "produces")), " ", ops(ctx, b.production)) : null,
    b ? h("div", {class: "is-board-line"}, h("span", {class: "muted"}, tr(ctx, "stores")), " ", good(ctx, b.store)) : null,
    h("div", {class: "is-supply", "data-testid": `goods-${s.seat}`, title: tr(ctx, "supply")},
      ctx.constants.supply.map((g) => h("span", {class: `is-slot${b?.store === g ? " stored" : ""}`, title: b?.store === g ? tr(ctx, "stored") : null},
        good(ctx, g, s.supply[g], {big: true, count: true, zero: true})))),
    steals.length ? h("div", {class: "is-steal"}, steals.map((a) => control(ctx, a))) : null);
}

function dealsPanel(ctx, s, acts) {
  return h("div", {class: "is-deals", "data-testid": `deals-${s.seat}`},
    h("h4", {}, GLYPH.deal, " ", tr(ctx, "deals"), ` (${s.deals.length})`),
    s.deals.length ? h("div", {class: "is-tucked"}, s.deals.map((id) =>
      mini(ctx, id, acts, h("span", {class: "is-deal-good", title: tr(ctx, "deal")},
        ctx.view.cards[id]?.deal ? good(ctx, ctx.view.cards[id].deal, 1, {count: true}) : "?"))))
      : h("span", {class: "muted small"}, tr(ctx, "no_deals")));
}

// A card tucked under the board or lying face down: its name, what shows of it, its controls.
function mini(ctx, id, acts, lead, cls = "") {
  const c = ctx.view.cards[id];
  const controls = (acts.get(id) || []).map((a) => control(ctx, a));
  return h("div", {class: `is-mini ${cls}${controls.length ? " live" : ""}`, "data-card": id,
                   title: c ? `${c.name} · ${id}` : id},
    h("span", {class: "is-band", style: band(c?.colours)}),
    lead, h("span", {class: "is-mini-name"}, cardName(ctx, id)),
    controls.length ? h("span", {class: "is-controls"}, controls) : null);
}

function foundationsPanel(ctx, s, mine, acts) {
  const hidden = mine ? s.hidden_foundation_cards || [] : [];
  const backs = mine ? [] : s.hidden_foundations;
  const n = s.foundations.length + s.hidden_foundations.length;
  if (!n) return null;
  return h("div", {class: "is-foundations", "data-testid": `foundations-${s.seat}`},
    h("h4", {}, "▦ ", tr(ctx, "foundations"), ` (${n})`),
    h("div", {class: "is-tucked"},
      s.foundations.map((id) => mini(ctx, id, acts, h("span", {class: "is-fd"}, "▦"), "foundation")),
      hidden.map((id) => mini(ctx, id, acts, h("span", {class: "is-fd", title: tr(ctx, "hidden")}, "▦"), "foundation hidden")),
      backs.map((deck) => h("div", {class: "is-mini foundation back", title: tr(ctx, "hidden")},
        h("span", {class: "is-fd"}, "▦"), h("span", {class: "is-mini-name muted"}, tr(ctx, "hidden"))))));
}

// The solo mode (§19): the virtual opponent — its attack deck and row (its deals), its locations
// (razing targets), its trophy pile, and how your empire compares.
function soloPanel(ctx, acts) {
  const solo = ctx.view.solo;
  const attacks = [...ctx.legal.values()].filter((a) => a.verb === "attack");
  const prov = solo.attack_cards && solo.attack_cards !== "exact";
  const locs = solo.virtual_locations || [];
  return h("section", {class: "is-seat is-virtual", "data-testid": "virtual-opponent"},
    h("header", {},
      h("span", {class: "is-crest f-virtual"}, "⚔"),
      h("b", {class: "is-seat-name"}, tr(ctx, "virtual")),
      locs.some((id) => (acts.get(id) || []).some((a) => a.verb === "raze")) ? h("span", {class: "tag target"}, GLYPH.raze, " ", tr(ctx, "targets")) : null,
      h("span", {class: "spacer"}),
      h("span", {class: "muted small"}, tr(ctx, "attack_deck", {n: solo.attack_deck}),
        solo.attacks_left ? [" · ", tr(ctx, "attacks_left", {n: solo.attacks_left})] : null),
      h("span", {class: "is-score", "data-testid": "versus"}, tr(ctx, "versus", {t: (solo.trophies || []).length, e: solo.empire_locations}))),
    h("div", {class: "is-empire"},
      h("div", {class: "is-side"},
        h("div", {class: "is-deals"},
          h("h4", {}, GLYPH.raze, " ", tr(ctx, "attack_row"), ` (${solo.attack_row.length})`,
            prov ? h("span", {class: "is-prov", title: solo.attack_cards}, " ≈") : null),
          h("div", {class: "is-tucked"}, solo.attack_row.map((x) => {
            const here = attacks.filter((a) => a.attack === x.id);
            return h("div", {class: `is-mini attack${here.length ? " live" : ""}`, "data-attack": x.id},
              good(ctx, x.target), h("span", {class: "is-mini-name"}, x.id),
              here.length ? h("span", {class: "is-controls"}, here.map((a) => control(ctx, a))) : null);
          }))),
        h("div", {class: "is-foundations"},
          h("h4", {}, "⚑ ", tr(ctx, "trophies"), ` (${(solo.trophies || []).length})`),
          h("div", {class: "is-tucked"}, (solo.trophies || []).map((id) => mini(ctx, id, acts, null, "foundation"))))),
      h("div", {class: "is-locations"},
        h("div", {class: "is-locrow"},
          h("div", {class: "is-rowlabel"}, tr(ctx, "virtual_locations"), h("small", {}, locs.length)),
          h("div", {class: "is-row"}, locs.length ? locs.map((id) => card(ctx, id, {razeCost: 2,
            controls: (acts.get(id) || []).map((a) => control(ctx, a))})) : h("span", {class: "is-empty muted"}, "—"))))),
    solo.result ? h("div", {class: `is-solo-result${solo.result.won ? " won" : ""}`},
      tr(ctx, solo.result.won ? "solo_won" : "solo_lost", {empire: solo.result.empire_locations, trophies: solo.result.trophies,
        score: solo.result.score, title: (lang() === "ru" && solo.result.title_ru) || solo.result.title || ""})) : null);
}
