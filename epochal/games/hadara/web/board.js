// Hadara's board. It draws one seat's view and puts each legal action on the thing it acts on:
// keep-and-buy / keep-and-sell under a drawn card, buy / sell under a discard pile's top card, the
// wheel under a deck, "take" on a colony stack, the statue choices in a free statue slot, the
// medals beside the seat's medals, "remove" on a card in Feeding. The page's decision panel holds
// the prompt and every action again (the server's words); this module adds the card faces
// (`cardFace`), a richer label for the feed-all answer (`option`), the banner's status line
// (`status`) and the end screen's explanations (`scoreLabel`, `scoreNote`).
//
// A card's name and text come from the table's catalogue (`ctx.cards`, the server's words in the
// page's language); its numbers from the view (`ctx.view.cards`). No id is shown: an id is only
// the `data-card` attribute that ties a card element to the actions and reasons naming it.
import {h} from "/static/js/dom.js";

const ICON = {income: "⛃", military: "⚔", culture: "⚜", food: "☘", coin: "⛀", vp: "★", statue: "⚱",
              colony: "⚑", up: "▲", down: "▼", crown: "♛"};
const ROMAN = ["", "I", "II", "III"];

// --- small pieces ---------------------------------------------------------------------------

const tr = (ctx, key, params) => ctx.tr(key, {ICON: ICON.coin, ...params});
const trackName = (ctx, track) => tr(ctx, `track.${track}`);
const tracks = (ctx) => ctx.constants.tracks || ["income", "military", "culture", "food"];
const sideName = (ctx, side) => (ctx.has(`side.${side}`) ? tr(ctx, `side.${side}`) : side);
const nameOf = (ctx, id) => ctx.cards.get(id)?.name || "";

function coin(ctx, n) { return h("span", {class: "coin", title: tr(ctx, "coins")}, n); }
function vp(ctx, n) { return h("span", {class: "vp", title: tr(ctx, "vp")}, n); }
function chip(ctx, track, n, sign = "+") {
  return h("span", {class: `chip t-${track}`, title: trackName(ctx, track)}, ICON[track], n === undefined ? "" : `${sign}${n}`);
}

// The line of a card's text that words its purple effect: card_text's lines are its cost, its
// track bonuses (when it has any), then its effect (words.card_text keeps this order).
function effectLine(ctx, id, c) {
  const text = ctx.cards.get(id)?.text || [];
  const hasBonus = tracks(ctx).some((t) => c.bonus[t]);
  return c.effect ? text[hasBonus ? 2 : 1] || "" : "";
}

// The "why not" entries about a card, each as its reason and a link to its rule.
function reasons(ctx, id) {
  return (ctx.whyNot || []).filter((w) => w.card === id).map((w) =>
    h("div", {class: "why", "data-why-card": id}, w.text, w.rule ? [" — ", ctx.rule(w.rule)] : null));
}

// A card of the view: colour, epoch, cost, VP, bonuses, effect; its name on hover.
// `mini` for tableaux, `controls` the buttons placed on it.
export function card(ctx, id, opts = {}) {
  const c = ctx.view.cards[id];
  if (!c) return h("div", {class: "card back"}, "?");
  const name = nameOf(ctx, id);
  const bonuses = tracks(ctx).filter((t) => c.bonus[t]).map((t) => chip(ctx, t, c.bonus[t]));
  const held = opts.held ? h("span", {class: `tile t-${opts.held}`, title: trackName(ctx, opts.held)}, ICON[opts.held]) : null;
  const prov = c.provenance !== "exact";
  const effect = effectLine(ctx, id, c);
  const why = opts.mini ? [] : reasons(ctx, id);
  return h("div", {class: `card c-${c.color}${opts.mini ? " mini" : ""}${prov ? " prov" : ""}${why.length ? " blocked" : ""}`,
                   "data-card": id, "aria-label": name,
                   title: [name, effect, prov ? tr(ctx, "provisional_card") : ""].filter(Boolean).join("\n")},
    h("div", {class: "card-head"}, coin(ctx, c.cost), h("span", {class: "epoch"}, ROMAN[c.epoch]), vp(ctx, c.vp)),
    bonuses.length || held ? h("div", {class: "card-bonus"}, bonuses, held) : null,
    effect ? h("div", {class: "card-effect"}, effect) : null,
    c.star || prov ? h("div", {class: "card-foot"}, c.star ? "✦" : "",
                       prov ? h("span", {class: "prov-mark", title: tr(ctx, "provisional_card")}, "≈") : null) : null,
    opts.controls?.length ? h("div", {class: "card-controls"}, opts.controls) : null,
    why);
}

// One card from the catalogue alone (its name and every line of its text): the prompt's card
// and the card gallery.
export function cardFace(ctx, id) {
  const entry = ctx.cards.get(id);
  if (!entry) return null;
  return h("div", {class: `face hd-face c-${entry.deck}`, "data-card": id},
    h("b", {class: "face-name"}, entry.name),
    entry.text.map((line) => h("div", {class: "face-line"}, line)));
}

function deckBack(color, epoch, n) {
  return h("div", {class: `card back c-${color}`}, h("span", {class: "back-epoch"}, ROMAN[epoch] || ""), h("span", {class: "count"}, n));
}

function crestBadge(ctx, crest, name) {
  return h("span", {class: `crest cr-${crest}`, title: `${tr(ctx, `crest.${crest}`)}${name ? ` — ${name}` : ""}`},
           tr(ctx, `crest.${crest}`).slice(0, 1));
}

function colonyToken(ctx, col, opts = {}) {
  if (!col) return h("div", {class: "colony none"}, tr(ctx, "empty"));
  if (opts.annexed && col.back) {
    return h("div", {class: "colony annexed", title: `${tr(ctx, "requirement", {n: col.requirement})} · ${tr(ctx, "annexed")}`},
      h("div", {class: "col-req"}, ICON.military, col.requirement),
      h("div", {class: "col-bonus"}, tracks(ctx).filter((t) => col.back.bonus[t]).map((t) => chip(ctx, t, col.back.bonus[t]))),
      vp(ctx, col.back.vp));
  }
  return h("div", {class: `colony${col.provenance !== "exact" ? " prov" : ""}`, title: tr(ctx, "requirement", {n: col.requirement})},
    h("div", {class: "col-req"}, ICON.military, col.requirement),
    h("div", {class: "col-line"}, h("span", {title: tr(ctx, "plunder_coins", {n: col.plunder})}, ICON.coin, col.plunder),
      h("span", {class: "muted", title: tr(ctx, "annex_cost", {n: col.annex_cost})}, "⇄", col.annex_cost)),
    vp(ctx, col.vp));
}

// --- what the page asks of the module ---------------------------------------------------------

// The feed-all answer names the cards it removes; every other answer reads as the server's words.
export function option(ctx, id) {
  const a = ctx.legal.get(id);
  if (!a || a.verb !== "feed_all") return null;
  return h("span", {class: "feed-all"}, a.text,
    h("span", {class: "small muted"}, " ", tr(ctx, "feed_all_cards"), " ", (a.cards || []).map((c) => nameOf(ctx, c)).join("; ")));
}

export function status(ctx) {
  const v = ctx.view;
  if (!v.epoch || v.over) return "";
  return `${tr(ctx, "epoch", {n: ROMAN[v.epoch]})} · ${tr(ctx, `step.${v.step}`)}`;
}

export function scoreLabel(ctx, key) { return tr(ctx, `score.${key}`); }

// One score cell explained: the counts behind it (the view's score_notes).
export function scoreNote(ctx, key, seat) {
  const n = ctx.view.score_notes?.[seat]?.[key];
  if (!n) return null;
  if (key === "silver") {
    return [tr(ctx, "note.silver", {n: n.n}), ...n.medals.map((m) => tr(ctx, "note.silver.medal",
      {track: trackName(ctx, m.track), value: m.value, vp: m.vp}))].join("; ");
  }
  if (key === "gold") {
    const parts = [tr(ctx, "note.gold", {medals: n.medals, sets: n.sets})];
    if (n.bonus) parts.push(tr(ctx, "note.gold.bonus", {vp: n.bonus}));
    if (n.missing.length) parts.push(tr(ctx, "note.gold.missing", {colors: n.missing.map((c) => tr(ctx, `color.${c}`)).join(", ")}));
    return parts.join("; ");
  }
  return tr(ctx, `note.${key}`, n);
}

function ofVerb(ctx, verb) { return [...ctx.legal.values()].filter((a) => a.verb === verb); }

function control(ctx, a, label, cls) { return ctx.control(a.id, label, {title: a.text, cls}); }

// --- the layout -------------------------------------------------------------------------------

export function render(ctx) {
  const v = ctx.view;
  const me = ctx.seat;
  const order = me === null ? v.seats.map((s) => s.seat) : [me, ...v.seats.map((s) => s.seat).filter((s) => s !== me)];
  return h("div", {class: "hd"},
    statusLine(ctx),
    hand(ctx),
    h("div", {class: "hd-board"}, decks(ctx), colonies(ctx)),
    h("div", {class: "hd-seats"}, order.map((s) => seatPanel(ctx, v.seats[s]))));
}

function statusLine(ctx) {
  const v = ctx.view;
  const parts = [];
  if (v.epoch) parts.push(h("b", {}, tr(ctx, "epoch", {n: ROMAN[v.epoch]})));
  parts.push(h("span", {}, tr(ctx, `step.${v.step}`)));
  if (v.step === "A2" && !v.over) parts.push(h("span", {}, tr(ctx, "round", {n: v.round + 1})));
  if (v.epoch && v.first_players.length) {
    parts.push(h("span", {class: "muted"}, tr(ctx, "first", {name: ctx.names[v.first_players[v.epoch - 1]]})));
  }
  return h("div", {class: "hd-status", "data-testid": "status"}, parts);
}

// The two cards drawn in a drafting round, each with its keep-and-buy / keep-and-sell answers
// and, when it cannot be bought, the reason.
function hand(ctx) {
  if (ctx.seat === null) return null;
  const me = ctx.view.seats[ctx.seat];
  if (!me.hand?.length) return null;
  const d = ctx.view.decision;
  const chosen = d && d.kind === "draw" && d.seats.includes(ctx.seat) && !d.waiting.includes(ctx.seat);
  const draws = ofVerb(ctx, "draw");
  return h("section", {class: "hd-hand"},
    h("h3", {}, tr(ctx, "your_hand"), " ", h("span", {class: "muted small"}, tr(ctx, "your_coins", {n: me.coins}))),
    chosen ? h("p", {class: "muted"}, tr(ctx, "chosen")) : null,
    h("div", {class: "row hand", "data-testid": "hand"}, me.hand.map((id) =>
      card(ctx, id, {controls: draws.filter((a) => a.card === id).map((a) =>
        control(ctx, a, tr(ctx, a.sell ? "keep_sell" : "keep_buy", {n: a.coins}), a.sell ? "sell" : "buy"))}))));
}

function decks(ctx) {
  const v = ctx.view;
  const takes = ofVerb(ctx, "take");
  const wheel = ofVerb(ctx, "wheel");
  const crestsAt = {};
  for (const [crest, color] of Object.entries(v.crest_decks || {})) (crestsAt[color] ||= []).push(crest);
  return h("section", {class: "hd-decks"}, h("h3", {}, tr(ctx, "board")),
    h("div", {class: "deck-row"}, v.board.map((b) => h("div", {class: `deck-col c-${b.color}`, "data-testid": `pile-${b.color}`},
      h("div", {class: "crests"}, (crestsAt[b.color] || []).map((c) => crestBadge(ctx, c, ctx.names[v.seats.findIndex((s) => s.crest === c)]))),
      h("div", {class: "deck-pair"},
        h("div", {title: tr(ctx, "deck", {n: b.deck})}, deckBack(b.color, v.epoch, b.deck)),
        h("div", {class: "pile", title: tr(ctx, "pile", {n: b.pile})},
          b.top ? card(ctx, b.top, {controls: takes.filter((a) => a.pile === b.color).map((a) =>
            control(ctx, a, tr(ctx, a.sell ? "sell" : "buy", {n: a.coins}), a.sell ? "sell" : "buy"))})
                : h("div", {class: "card slot"}, tr(ctx, "empty")),
          b.pile > 1 ? h("span", {class: "pile-count"}, `×${b.pile}`) : null)),
      wheel.filter((a) => a.yours === b.color).map((a) =>
        control(ctx, a, tr(ctx, "wheel_pick", {color: tr(ctx, `color.${a.yours}`)}), `wheel c-${a.yours}`))))));
}

function colonies(ctx) {
  const takes = ofVerb(ctx, "colony");
  return h("section", {class: "hd-colonies"}, h("h3", {}, tr(ctx, "colonies")),
    h("div", {class: "colony-row"}, ctx.view.colonies.map((stack, i) => {
      const a = takes.find((x) => x.stack === i);
      return h("div", {class: "colony-stack", "data-testid": `colony-${i}`},
        colonyToken(ctx, stack.top), h("div", {class: "muted small"}, tr(ctx, "left", {n: stack.left})),
        a ? control(ctx, a, a.cost ? tr(ctx, "take_colony_cost", {n: a.cost}) : tr(ctx, "take_colony"), "primary") : null);
    })));
}

function seatPanel(ctx, s) {
  const v = ctx.view;
  const mine = s.seat === ctx.seat;
  const active = v.decision?.waiting.includes(s.seat);
  const isBot = ctx.meta.kinds[s.seat] === "bot";
  const winner = v.winners?.includes(s.seat);
  const max = Math.max(20, ...v.seats.flatMap((x) => tracks(ctx).map((t) => x.tracks[t])));
  const removes = mine ? ofVerb(ctx, "remove") : [];
  const colors = ctx.constants.colors || ["blue", "yellow", "green", "red", "purple"];
  const byColor = colors.map((c) => s.cards.filter((id) => v.cards[id]?.color === c));
  const feeding = mine ? [...ofVerb(ctx, "feed_all"), ...ofVerb(ctx, "feed_pay")] : [];
  return h("section", {class: `seat${mine ? " mine" : ""}${active ? " active" : ""}`, "data-testid": `seat-${s.seat}`},
    h("header", {},
      crestBadge(ctx, s.crest),
      h("b", {class: "seat-name"}, ctx.names[s.seat]),
      mine ? h("span", {class: "tag"}, ctx.t("table.you")) : null,
      isBot ? h("span", {class: "tag bot"}, ctx.t("table.bot")) : null,
      winner ? h("span", {class: "tag win"}, ICON.crown) : null,
      active && !v.over ? h("span", {class: "tag turn"}, isBot ? ctx.t("table.thinking") : "…") : null,
      h("span", {class: "spacer"}),
      s.start_card ? h("span", {class: "muted small"}, tr(ctx, "start", {n: s.start_card, side: sideName(ctx, s.side)}), " · ",
                       tr(ctx, "initiative", {n: s.initiative})) : null,
      s.hand_size && !mine ? h("span", {class: "muted small"}, " · ", tr(ctx, "hand", {n: s.hand_size})) : null,
      h("span", {class: "coins-big", "data-testid": `coins-${s.seat}`}, coin(ctx, s.coins))),
    h("div", {class: "tracks"}, tracks(ctx).map((t) => h("div", {class: `track t-${t}`},
      h("span", {class: "track-label"}, ICON[t], " ", trackName(ctx, t)),
      h("span", {class: "bar"}, h("span", {class: "fill", style: {width: `${Math.min(100, 100 * s.tracks[t] / max)}%`}})),
      h("b", {class: "track-value"}, s.tracks[t])))),
    !mine && s.hand?.length ? h("div", {class: "seat-hand"}, h("span", {class: "muted small"}, tr(ctx, "seat_hand")),  // face up
      h("div", {class: "row hand", "data-testid": `hand-${s.seat}`}, s.hand.map((id) => card(ctx, id, {mini: true})))) : null,
    feeding.length ? h("div", {class: "row feeding"}, feeding.map((a) => control(ctx, a, a.text, "primary"))) : null,
    h("div", {class: "tableau"}, byColor.map((ids, i) => h("div", {class: `tab-col c-${colors[i]}`},
      ids.map((id) => card(ctx, id, {mini: true, held: s.held_tiles[id],
        controls: removes.filter((a) => a.card === id).map((a) => control(ctx, a, `✕ ${tr(ctx, "remove")}`, "remove"))}))))),
    h("div", {class: "seat-extras"},
      h("div", {class: "seat-colonies", title: tr(ctx, "colonies")}, s.colonies.map((c) => colonyToken(ctx, c, {annexed: c.annexed}))),
      statues(ctx, s, mine),
      medals(ctx, s, mine),
      tiles(ctx, s, mine)),
    s.sold_this_epoch?.length ? h("div", {class: "sold"}, h("span", {class: "muted small"}, tr(ctx, mine ? "sold" : "seat_sold")),
      s.sold_this_epoch.map((id) => h("span", {class: "tag", "data-card": id, title: nameOf(ctx, id)}, nameOf(ctx, id)))) : null);
}

function medals(ctx, s, mine) {
  const buy = mine ? [...ofVerb(ctx, "silver"), ...ofVerb(ctx, "gold")] : [];
  return h("div", {class: "medals", title: tr(ctx, "medals")},
    s.silver.map((t) => h("span", {class: `medal silver t-${t}`, title: trackName(ctx, t)}, ICON[t])),
    Array.from({length: s.gold}, () => h("span", {class: "medal gold", title: tr(ctx, "score.gold")}, ICON.crown)),
    buy.length ? h("div", {class: "medal-buttons"}, buy.map((a) => control(ctx, a, a.verb === "gold"
      ? [h("span", {class: "medal gold"}, ICON.crown), " ", tr(ctx, "gold", {n: a.coins})]
      : [h("span", {class: `medal silver t-${a.track}`}, ICON[a.track]), " ", tr(ctx, "silver", {track: trackName(ctx, a.track), n: a.coins})]))) : null);
}

function tiles(ctx, s, mine) {
  const place = mine ? ofVerb(ctx, "tile") : [];
  return h("div", {class: "tiles", title: tr(ctx, "tiles")}, tracks(ctx).map((t) => {
    const a = place.find((x) => x.track === t);
    const tile = h("span", {class: `tile t-${t}${s.unused_tiles[t] ? "" : " used"}`, title: trackName(ctx, t)}, ICON[t], s.unused_tiles[t]);
    return a ? control(ctx, a, [tile, " ", tr(ctx, "tile", {track: trackName(ctx, t)})], "tile-place") : tile;
  }));
}

function statues(ctx, s, mine) {
  const slots = ctx.ui.slots || [];
  const options = mine ? ofVerb(ctx, "statue") : [];
  return h("div", {class: "statues", title: tr(ctx, "statues")}, slots.map((slot, i) => {
    const placed = s.statues[i];
    const here = options.filter((a) => a.slot === i);
    return h("div", {class: `statue${placed ? " placed" : ""}${here.length ? " open" : ""}`, "data-testid": mine ? `statue-slot-${i}` : null},
      h("div", {class: "statue-head", title: tr(ctx, "statue_slot", {n: slot.requirement})}, ICON.statue, ICON.culture, slot.requirement, " ", vp(ctx, slot.vp)),
      placed ? h("div", {class: `tile t-${placed.track}`},
                 placed.face_down ? `${ICON.down} ${ICON.vp}${slot.bonus}` : `${ICON[placed.track]} +${slot.bonus}`) : null,
      here.length ? h("div", {class: "statue-options"}, here.map((a) => control(ctx, a,
        a.face_down ? `${ICON.down}${ICON[a.track]} ${ICON.vp}${a.bonus}` : `${ICON.up}${ICON[a.track]} +${a.bonus}`,
        `t-${a.track}`))) : null);
  }));
}
