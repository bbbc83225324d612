// Guns & Steel's table. The technology pyramid fills the middle: five rows, Horses at the bottom,
// each row set half a card in so every card sits over the two below it, a gap where a card was
// bought. Beside each row lies the wonder chosen for that epoch (and, in the combined variant, the
// development project of that epoch). On a narrow screen the pyramid keeps its shape and scrolls
// sideways inside its own frame. Under it every player's zone: the cards lying resource side up as
// resource tiles (their hidden backs drawn as unknown to the others), the cards lying technology
// side up as cards, the temporary resources, military strength, VP card, glory tokens, wonders and
// hand.
//
// Every card shows its name and its effect from the table's card catalogue (`ctx.cards`: the
// server's words in the page's language, worded from the card's operations), its cost, VP,
// military strength and icons from the game's constants (`ctx.constants.faces`); its other lines
// and its number are on hover. A card the seat cannot act on now (`ctx.whyNot`) says why, with a
// link to the rule. Each legal action sits as a button on the thing it acts on (a hand card, a
// zone card, an opponent's card, a pyramid slot, a development project, a wonder, a seat); the
// page's decision panel holds every legal action besides, so the two light up together.
import {h} from "/static/js/dom.js";

const GLYPH = {food: "❀", iron: "⚒", horses: "♞", gunpowder: "✹", oil: "♨", information: "☰", space: "☄",
               any: "✱", vp: "★", military: "⚔", response: "☗", two_player: "②", wonder: "♜", glory: "⚑",
               hand: "❐", provisional: "≈", unknown: "?", why: "⊘"};
// Kinds whose control sits on a card of the seat's own hand or zone (`card` names it); `take`
// acts on an opponent's card and is placed by seat and zone position.
const ON_CARD = new Set(["start_resource", "play_resource", "play_technology", "respond", "play_attack", "activate",
                         "skip", "spend", "restore", "respond_spend", "lose", "recall", "activate_attack"]);
const ON_WONDER = new Set(["claim", "glory", "move_glory", "give_wonder"]);
const CLS = {start_resource: "res", play_resource: "res", play_technology: "tech", buy: "buy", buy_stack: "buy",
             activate: "primary", skip: "skip", respond: "defend", respond_spend: "defend", restore: "restore",
             take: "take", lose: "lose", give_wonder: "lose", claim: "primary", glory: "glory", move_glory: "glory",
             recall: "recall", play_attack: "attack", activate_attack: "attack", spend: "spend", pay_all: "spend",
             target: "take"};

const tr = (ctx, key, params) => ctx.tr(key, params);
const has = (ctx, key) => ctx.has(key);

// --- cards: the catalogue's words, the constants' facts -------------------------------------------

// A view's card key ("C03-green": a start card in a colour) names the catalogue's card "C03".
const base = (key) => String(key).split("-")[0];
const faceOf = (ctx, key) => ctx.constants?.faces?.[base(key)] || null;

function entry(ctx, key) {
  const cards = ctx.cards;
  if (!cards) return null;
  return (cards instanceof Map ? cards.get(base(key)) : cards[base(key)]) || null;
}

function cardName(ctx, key) { return entry(ctx, key)?.name || "?"; }

// On a card's own face a card without a known name reads short ("Technology 25"): its face says
// already, by the ≈ badge, that its data are provisional.
function faceName(ctx, key) {
  const f = faceOf(ctx, key);
  if (!f || f.named !== false) return cardName(ctx, key);
  const kind = f.wonder ? "wonder" : f.start ? "start" : "card";
  return tr(ctx, `short.${kind}`, {n: f.number});
}

function lines(ctx, key) { return entry(ctx, key)?.text || []; }

// The hover of a card: its name (and the printed one, where the shown name translates it), every
// line of its text and its number.
function hover(ctx, key) {
  const id = base(key);
  const known = ctx.constants?.known_names?.[id];
  const name = cardName(ctx, key);
  const printed = known && name.endsWith("*")
    ? tr(ctx, "name.official", {names: Object.entries(known).map(([l, n]) => `${n} (${tr(ctx, `lang.${l}`)})`).join(", ")})
    : null;
  const f = faceOf(ctx, key);
  return [name, printed, ...lines(ctx, key), f?.provisional ? tr(ctx, "provisional_card") : null, `#${id}`]
    .filter(Boolean).join("\n");
}

// The things the seat cannot do now with this card or wonder, from the server (`ctx.whyNot`).
function whyFor(ctx, key) { return (ctx.whyNot || []).filter((w) => w.card && w.card === base(key)); }

function whyNote(ctx, list) {
  if (!list.length) return null;
  return h("div", {class: "gs-why", "data-testid": "why-not-card", title: list.map((w) => w.text).join("\n")},
    list.map((w) => h("div", {}, h("span", {class: "gs-why-mark"}, GLYPH.why), " ", w.text,
      w.rule && ctx.rule ? [" — ", ctx.rule(w.rule)] : null)));
}

// A name whose longest word would not fit a narrow card on one line is set smaller, so that no
// word is ever broken.
function nameTag(name) {
  const longest = Math.max(...String(name).split(/\s+/).map((w) => w.length));
  // the mark of a translated name stays with its word (a word joiner before it)
  return h("b", {class: `gs-name${longest > 11 ? " long" : ""}`}, String(name).replace(/\*$/, "\u2060*"));
}

// --- small pieces -----------------------------------------------------------------------------

function resName(ctx, res) { return has(ctx, `res.${res}`) ? tr(ctx, `res.${res}`) : "?"; }

function chip(ctx, res, n, opts = {}) {
  const name = res === "any" ? tr(ctx, "any") : resName(ctx, res);
  return h("span", {class: `chip r-${res}${opts.big ? " big" : ""}`, "data-res": res,
                    title: n === undefined || n === 1 ? name : `${n} × ${name}`},
    h("i", {}, GLYPH[res] || "?"), n === undefined || (n === 1 && !opts.count) ? null : h("b", {}, n));
}

function chips(ctx, map, opts = {}) {
  const order = ctx.constants.resources || [];
  const entries = order.filter((r) => map?.[r]).map((r) => [r, map[r]]);
  if (!entries.length) return opts.empty ?? null;
  return h("span", {class: "chips"}, entries.map(([r, n]) => chip(ctx, r, n, {count: true, big: opts.big})));
}

function seatName(ctx, seat) { return ctx.names?.[seat] ?? `#${seat + 1}`; }

function colourOf(ctx, seat) { return ctx.view?.seats?.[seat]?.colour || ctx.constants.colours?.[seat] || "grey"; }

function dot(ctx, seat, cls = "") {
  return h("span", {class: `gs-dot c-${colourOf(ctx, seat)} ${cls}`, title: seatName(ctx, seat)});
}

function provBadge(ctx, f) {
  if (!f?.provisional) return null;
  return h("span", {class: "gs-prov", "data-testid": "provisional-card", title: tr(ctx, "provisional_card")},
    GLYPH.provisional);
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
    else if (a.kind === "buy_stack" && a.epoch !== undefined) add(g.epoch, a.epoch, a);
    else if (ON_WONDER.has(a.kind) && a.wonder) add(g.wonder, a.wonder, a);
    else if (a.kind === "target" && a.seat !== undefined) add(g.seat, a.seat, a);
  }
  return g;
}

function label(ctx, a) {
  switch (a.kind) {
    case "spend": return a.card ? tr(ctx, "btn.spend") : [tr(ctx, "btn.spend_temp"), " ", chip(ctx, a.res)];
    case "move_glory": return tr(ctx, "btn.move_glory", {from: cardName(ctx, a.from)});
    case "take": return [tr(ctx, "btn.take"), a.res ? [" ", chip(ctx, a.res)] : null];
    case "lose": return tr(ctx, a.hand_over ? "btn.hand_over" : "btn.lose");
    default: return has(ctx, `btn.${a.kind}`) ? tr(ctx, `btn.${a.kind}`) : a.text;
  }
}

// A control on the board: the short label of the thing it sits on, the server's full words on hover.
function controls(ctx, list) {
  if (!list?.length) return null;
  return h("div", {class: "gs-controls"}, list.map((a) => ctx.control(a.id, label(ctx, a),
    {title: a.text, cls: `${CLS[a.kind] || ""} k-${a.kind}`})));
}

export function scoreLabel(ctx, key) { return has(ctx, `score.${key}`) ? tr(ctx, `score.${key}`) : key; }

// One score cell explained: the wonders behind the wonders' VP, the cards behind the cards' VP.
export function scoreNote(ctx, key, seat) {
  const s = ctx.view?.seats?.[seat];
  if (!s) return null;
  if (key === "wonders") return (s.wonders || []).map((w) => `${cardName(ctx, w)}: ${faceOf(ctx, w)?.vp ?? "?"}`).join("\n") || null;
  if (key === "cards") return tr(ctx, "cards_owned", {n: (s.zone || []).length + (s.hand_count || 0)});
  return null;
}

// Where the game stands, for the page's turn bar: the round and the phase.
export function status(ctx) {
  const v = ctx.view;
  if (!v) return null;
  const phase = v.over ? "over" : v.phase;
  return [tr(ctx, `theme.${v.theme}`), " · ", tr(ctx, "round", {n: v.round}), " · ",
          has(ctx, `phase.${phase}`) ? tr(ctx, `phase.${phase}`) : ""];
}

// --- card faces ------------------------------------------------------------------------------------

// A civilization card technology side up: type band, name, VP, cost, military strength, the
// response and two-player icons, the effect, the resource side, and the controls on it.
function civCard(ctx, key, opts = {}) {
  const f = faceOf(ctx, key);
  if (!f) {
    return h("div", {class: `gs-card back${opts.cls ? ` ${opts.cls}` : ""}`},
      h("span", {class: "gs-back-mark"}, GLYPH.unknown), opts.controls);
  }
  const text = lines(ctx, key);
  const why = opts.why ? whyFor(ctx, key) : [];
  return h("div", {class: `gs-card t-${f.type}${f.provisional ? " prov" : ""}${why.length ? " why-not" : ""}${opts.cls ? ` ${opts.cls}` : ""}`,
                   "data-card": base(key), "data-key": key, "data-side": opts.side, title: hover(ctx, key)},
    h("div", {class: "gs-card-band"},
      h("span", {class: "gs-type"}, tr(ctx, `type.${f.type}`)),
      h("span", {class: "spacer"}),
      f.response ? h("span", {class: "gs-icon resp", title: tr(ctx, "response")}, GLYPH.response) : null,
      f.two_player ? h("span", {class: "gs-icon two", title: tr(ctx, "two_player")}, GLYPH.two_player) : null,
      h("span", {class: "gs-vp", title: tr(ctx, "vp")}, f.vp ?? 0)),
    nameTag(faceName(ctx, key)),
    h("div", {class: "gs-card-line"},
      f.cost ? h("span", {class: "gs-cost", title: tr(ctx, "cost")},
        chips(ctx, f.cost, {empty: h("span", {class: "muted"}, tr(ctx, "free"))})) : null,
      opts.surcharge ? h("span", {class: "gs-surcharge", "data-testid": "surcharge",
                                  title: tr(ctx, "surcharge", {n: opts.surcharge})}, `+${opts.surcharge}`) : null,
      h("span", {class: "spacer"}),
      f.military ? h("span", {class: "gs-mil", title: tr(ctx, "military")}, GLYPH.military, f.military) : null),
    opts.small ? null : h("div", {class: "gs-text"}, text[0] || ""),
    opts.full ? text.slice(1).map((line) => h("div", {class: "gs-line"}, line)) : null,
    h("div", {class: "gs-card-foot"},
      h("span", {class: "gs-side-res", title: resName(ctx, f.resource)}, chip(ctx, f.resource)),
      h("span", {class: "spacer"}),
      provBadge(ctx, f)),
    whyNote(ctx, why),
    opts.controls);
}

// A wonder, front side: name, VP, epoch, its condition (the catalogue's first line) and, with
// `full`, its other lines.
function wonderFace(ctx, id, opts = {}) {
  const f = faceOf(ctx, id) || {};
  const text = lines(ctx, id);
  const why = opts.why ? whyFor(ctx, id) : [];
  return h("div", {class: `gs-wonder-face${why.length ? " why-not" : ""}`, "data-card": id, title: hover(ctx, id)},
    h("div", {class: "gs-wonder-head"},
      h("span", {class: "gs-wonder-icon"}, GLYPH.wonder),
      f.epoch ? h("span", {class: "gs-epoch"}, chip(ctx, f.epoch), " ", tr(ctx, `epoch.${f.epoch}`)) : null,
      h("span", {class: "spacer"}),
      f.two_player ? h("span", {class: "gs-icon two", title: tr(ctx, "two_player")}, GLYPH.two_player) : null,
      h("span", {class: "gs-vp", title: tr(ctx, "vp")}, f.vp ?? "?")),
    nameTag(faceName(ctx, id)),
    text[0] ? h("div", {class: "gs-wonder-text"}, text[0]) : null,
    opts.full ? text.slice(1).map((line) => h("div", {class: "gs-line"}, line)) : null,
    provBadge(ctx, f),
    whyNote(ctx, why));
}

// The face of one card or wonder from the catalogue and the constants alone: for the decision
// panel's card and the card gallery.
export function cardFace(ctx, id) {
  const f = faceOf(ctx, id);
  if (!f) return null;
  return f.wonder
    ? h("div", {class: "gs-face gs-wonder", "data-card": base(id)}, wonderFace(ctx, id, {full: true}))
    : h("div", {class: "gs-face"}, civCard(ctx, id, {full: true, cls: "alone"}));
}

// A zone card lying resource side up: its resource, and (for its owner) what is on the back.
function resourceTile(ctx, zoneEntry, opts = {}) {
  const key = zoneEntry.card;
  const f = key ? faceOf(ctx, key) : null;
  const why = key && opts.why ? whyFor(ctx, key) : [];
  return h("div", {class: `gs-tile r-${zoneEntry.resource}${key ? "" : " hidden"}${opts.live ? " live" : ""}${why.length ? " why-not" : ""}`,
                   "data-card": key ? base(key) : null, "data-key": key || null, "data-side": "resource",
                   "data-res": zoneEntry.resource,
                   "data-pos": zoneEntry.pos, title: key ? hover(ctx, key) : tr(ctx, "hidden")},
    chip(ctx, zoneEntry.resource, undefined, {big: true}),
    h("span", {class: "gs-tile-name"}, resName(ctx, zoneEntry.resource)),
    key
      ? h("span", {class: "gs-tile-back"}, "↺ ", cardName(ctx, key), f?.vp ? [" ", h("span", {class: "gs-vp small"}, f.vp)] : null)
      : h("span", {class: "gs-tile-back muted"}, GLYPH.unknown),
    whyNote(ctx, why),
    opts.controls);
}

// --- the pyramid, the wonders and the development projects -----------------------------------------

function pyramid(ctx, g) {
  const v = ctx.view;
  const rows = v.pyramid || [];
  const widest = Math.max(1, ...rows.map((r) => r.length));
  const byEpoch = new Map((v.wonders || []).map((w) => [w.epoch, w]));
  const combined = !!v.stacks;
  const lines = [];
  for (let r = rows.length - 1; r >= 0; r--) {
    const epoch = ctx.constants.epochs[r];
    const slots = rows[r].map((s) => {
      if (!s.card) return h("div", {class: "gs-slot empty", "data-slot": s.slot}, h("span", {}, tr(ctx, "bought")));
      const here = g.slot.get(s.slot) || [];
      // the whole slot buys the card, as its button does (the page acts on the closest action id)
      return h("div", {class: `gs-slot${here.length ? " live" : ""}`, "data-slot": s.slot,
                       "data-action-id": here.length === 1 ? here[0].id : null},
        civCard(ctx, s.card, {surcharge: s.surcharge, why: true, controls: controls(ctx, here)}));
    });
    lines.push(h("div", {class: `gs-prow e-${epoch}`, "data-testid": `row-${r + 1}`, "data-epoch": epoch},
      wonderPanel(ctx, byEpoch.get(epoch), epoch, g),
      h("div", {class: "gs-row-cards"}, slots),
      combined ? stackPanel(ctx, epoch, g) : null));
  }
  // every update redraws the board: the page keeps the place the pyramid was scrolled to
  const scroll = h("div", {class: "gs-pyr-scroll", "data-testid": "pyramid-scroll", "data-keep-scroll": "pyramid"},
    h("div", {class: "gs-pyr-rows"}, lines));
  return h("section", {class: `gs-pyramid${combined ? " combined" : ""}`, "data-testid": "pyramid",
                       style: `--gs-n: ${widest}`},
    h("h3", {}, tr(ctx, "pyramid")), scroll);
}

function wonderPanel(ctx, entryOf, epoch, g) {
  if (!entryOf) return h("div", {class: "gs-wonder none muted", "data-epoch": epoch},
    h("span", {class: "gs-epoch"}, chip(ctx, epoch), " ", tr(ctx, `epoch.${epoch}`)), h("span", {}, tr(ctx, "no_wonder")));
  const w = entryOf.wonder;
  const f = faceOf(ctx, w) || {};
  const here = g.wonder.get(w) || [];
  const taken = entryOf.taken_by !== null && entryOf.taken_by !== undefined;
  const glory = (entryOf.glory || []).map((n, seat) => n ? h("span", {class: "gs-glory", "data-seat": seat},
    Array.from({length: n}, () => dot(ctx, seat, "token"))) : null);
  return h("div", {class: `gs-wonder${taken ? " taken" : ""}${here.length ? " live" : ""}`,
                   "data-wonder": w, "data-testid": `wonder-${epoch}`},
    wonderFace(ctx, w, {why: !taken}),
    f.tokens ? h("div", {class: "gs-tokens", title: tr(ctx, "tokens", {n: f.tokens})}, GLYPH.glory, " ",
      tr(ctx, "tokens_short", {n: f.tokens}), " ", h("span", {class: "gs-glory-row"}, glory)) : null,
    taken ? h("div", {class: "gs-taken", "data-testid": "taken-by"}, dot(ctx, entryOf.taken_by), " ",
      tr(ctx, "taken_by", {name: seatName(ctx, entryOf.taken_by)})) : null,
    controls(ctx, here));
}

function stackPanel(ctx, epoch, g) {
  const s = ctx.view.stacks?.[epoch];
  const here = g.epoch.get(epoch) || [];
  if (!s) return h("div", {class: "gs-stack none"});
  return h("div", {class: `gs-stack${here.length ? " live" : ""}`, "data-testid": `stack-${epoch}`, "data-epoch": epoch,
                   "data-action-id": here.length === 1 ? here[0].id : null, title: tr(ctx, "stacks")},
    h("div", {class: "gs-stack-head"}, h("span", {class: "gs-pile"}, chip(ctx, epoch)),
      h("span", {class: "muted small"}, s.count ? tr(ctx, "stack", {n: s.count}) : tr(ctx, "stack_empty"))),
    s.top ? civCard(ctx, s.top, {small: true, why: true, cls: "stack-top", surcharge: s.surcharge})
      : s.count ? h("div", {class: "gs-card back small"}, h("span", {class: "gs-back-mark"}, GLYPH.unknown)) : null,
    controls(ctx, here));
}

// --- seats -------------------------------------------------------------------------------------

function seatPanel(ctx, s, g) {
  const v = ctx.view;
  const mine = s.seat === ctx.seat;
  const active = (ctx.meta.actors || []).includes(s.seat) && !v.over;
  const isBot = ctx.meta.kinds?.[s.seat] === "bot";
  const zone = (s.zone || []).map((z, pos) => ({...z, pos}));
  const takes = g.takeSeat.get(s.seat) || [];
  // `take` names an opponent's card by its zone position: its other side may be hidden from us
  const takesOn = (z) => takes.filter((a) => a.index === z.pos);
  const onCard = (z) => [...(mine && z.card ? g.card.get(z.card) || [] : []), ...takesOn(z)];
  const resources = zone.filter((z) => z.side === "resource");
  const techs = zone.filter((z) => z.side !== "resource");
  const looseTakes = takes.filter((a) => !zone.some((z) => takesOn(z).includes(a)));
  const targets = g.seat.get(s.seat) || [];
  const attacked = v.attack && v.attack.attacker !== s.seat;
  const tile = (z) => {
    const here = onCard(z);
    return resourceTile(ctx, z, {live: here.length > 0, why: mine, controls: controls(ctx, here)});
  };
  const tech = (z) => {
    const here = onCard(z);
    return civCard(ctx, z.card, {side: "technology", why: mine, cls: `zone${here.length ? " live" : ""}`, controls: controls(ctx, here)});
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
      controls(ctx, targets),
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
        looseTakes.length ? controls(ctx, looseTakes) : null,
        tempPanel(ctx, s, mine ? g : null),
        won.length ? h("div", {class: "gs-won", "data-testid": `won-${s.seat}`},
          h("h4", {}, GLYPH.wonder, " ", tr(ctx, "won")),
          won.map((w) => {
            const here = mine ? g.wonder.get(w) || [] : [];
            return h("div", {class: `gs-won-wonder${here.length ? " live" : ""}`, "data-wonder": w, "data-card": w,
                             title: hover(ctx, w)},
              h("span", {class: "gs-wonder-icon"}, GLYPH.wonder), " ", cardName(ctx, w), " ",
              h("span", {class: "gs-vp small"}, faceOf(ctx, w)?.vp ?? "?"), controls(ctx, here));
          })) : null),
      h("div", {class: "gs-zone-tech"},
        h("h4", {}, tr(ctx, "technologies"), ` (${techs.length})`),
        h("div", {class: "gs-row"}, techs.length ? techs.map(tech) : h("span", {class: "muted"}, tr(ctx, "none"))))),
    s.hand ? h("div", {class: "gs-hand"},                  // another seat's: the face-up replay
      h("h3", {}, tr(ctx, mine ? "hand" : "seat_hand"), ` (${s.hand.length})`),
      h("div", {class: "gs-row", "data-testid": mine ? "hand" : `hand-${s.seat}`}, s.hand.length
        ? s.hand.map((key) => civCard(ctx, key, {cls: "in-hand", why: true, controls: controls(ctx, g.card.get(key))}))
        : h("span", {class: "muted"}, tr(ctx, "none"))))
      : !mine && s.hand_count ? h("div", {class: "gs-backs", title: tr(ctx, "hand_n", {n: s.hand_count})},
        Array.from({length: s.hand_count}, () => h("span", {class: "gs-cardback"}))) : null);
}

function tempPanel(ctx, s, g) {
  const temp = Object.entries(s.temp || {}).filter(([, n]) => n);
  const spends = g ? [...g.temp.keys()] : [];
  if (!temp.length && !spends.length) return null;
  const keys = [...new Set([...temp.map(([r]) => r), ...spends])];
  return h("div", {class: "gs-temp", "data-testid": `temp-${s.seat}`, title: tr(ctx, "temp_title")},
    h("h4", {}, tr(ctx, "temp")),
    h("div", {class: "gs-tiles"}, keys.map((r) => {
      const here = g?.temp.get(r) || [];
      return h("div", {class: `gs-temp-res${here.length ? " live" : ""}`, "data-res": r},
        chip(ctx, r, s.temp?.[r] || 0, {count: true, big: true}), controls(ctx, here));
    })));
}

// --- banners ---------------------------------------------------------------------------------------

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
  // Paying the rest at once (R79), when it leaves nothing to choose: its words name what it spends.
  const rest = [...ctx.legal.values()].find((a) => a.kind === "pay_all");
  const restText = rest ? rest.text.charAt(0).toUpperCase() + rest.text.slice(1) : "";
  return h("section", {class: "gs-payment", "data-testid": "payment-banner"},
    p.seat !== undefined && p.seat !== ctx.seat ? [dot(ctx, p.seat), " ", seatName(ctx, p.seat), " · "] : null,
    h("b", {}, tr(ctx, has(ctx, `payment.${p.purpose}`) ? `payment.${p.purpose}` : "payment",
                  {what: p.for ? cardName(ctx, p.for) : tr(ctx, "payment.effect")})), " ",
    chips(ctx, p.cost, {big: true}),
    p.any ? h("span", {class: "gs-surcharge big", title: tr(ctx, "any")}, tr(ctx, "payment.any", {n: p.any})) : null,
    h("span", {class: "gs-arrow"}, "·"),
    h("span", {class: "muted"}, tr(ctx, "payment.paid"), ": "),
    chips(ctx, paid, {empty: h("span", {class: "muted"}, tr(ctx, "payment.nothing"))}),
    rest ? h("div", {class: "gs-controls gs-pay-all"},
      ctx.control(rest.id, restText, {title: rest.text, cls: `${CLS.pay_all} k-pay_all`})) : null);
}

// --- the layout ------------------------------------------------------------------------------------

export function render(ctx) {
  const v = ctx.view;
  const g = group(ctx);
  const order = ctx.seat === null || ctx.seat === undefined
    ? (v.seats || []).map((s) => s.seat)
    : [ctx.seat, ...(v.seats || []).map((s) => s.seat).filter((s) => s !== ctx.seat)];
  const seats = order.map((s) => seatPanel(ctx, v.seats[s], g));
  return h("div", {class: "gs", "data-theme": v.theme},
    attackBanner(ctx),
    paymentBanner(ctx),
    pyramid(ctx, g),
    h("div", {class: "gs-seats"}, seats));
}
