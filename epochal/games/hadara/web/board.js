// Hadara's board layout. It draws one seat's view and puts each legal action on the thing it
// acts on: buy/sell under a discard pile or a drawn card, "take" on a colony stack, statue
// choices in the seat's statue slots, "remove" on a card in Feeding. What each action means
// comes from the server (`ui.actions`, built from the engine), never from guessing here; its
// words come from the game's locale (`ctx.tr`, locale/ui.<lang>.json) and the tracks and card
// colours from the game's constants (`ctx.constants`).
import {h} from "/static/js/dom.js";

const ICON = {income: "⛃", military: "⚔", culture: "⚜", food: "☘", coin: "⛀", vp: "★", statue: "⚱",
              colony: "⚑", up: "▲", down: "▼", crown: "♛"};
const ROMAN = ["", "I", "II", "III"];

// --- small pieces ---------------------------------------------------------------------------

const tr = (ctx, key, params) => ctx.tr(key, {ICON: ICON.coin, ...params});
const trackName = (ctx, track) => tr(ctx, `track.${track}`);
const tracks = (ctx) => ctx.constants.tracks;

function coin(ctx, n) { return h("span", {class: "coin", title: tr(ctx, "coins")}, n); }
function vp(ctx, n) { return h("span", {class: "vp", title: tr(ctx, "vp")}, n); }
function chip(ctx, track, n, sign = "+") {
  return h("span", {class: `chip t-${track}`, title: trackName(ctx, track)}, ICON[track], n === undefined ? "" : `${sign}${n}`);
}

function effectText(ctx, effect) {
  if (!effect) return "";
  const params = {...effect};
  if (effect.color) params.color = tr(ctx, `color.${effect.color}`);
  return tr(ctx, `pe.${effect.pe}`, params);
}

// A card as a card: colour, epoch, cost, VP, bonuses, effect. `mini` for tableaux.
export function card(ctx, id, opts = {}) {
  const c = ctx.view.cards[id];
  if (!c) return h("div", {class: "card back"}, "?");
  const bonuses = tracks(ctx).filter((t) => c.bonus[t]).map((t) => chip(ctx, t, c.bonus[t]));
  const held = opts.held ? h("span", {class: `tile t-${opts.held}`, title: trackName(ctx, opts.held)}, ICON[opts.held]) : null;
  const prov = c.provenance !== "exact";
  return h("div", {class: `card c-${c.color}${opts.mini ? " mini" : ""}${prov ? " prov" : ""}`, "data-card": id,
                   title: [`${id}`, effectText(ctx, c.effect), prov ? tr(ctx, "provisional_card") : ""].filter(Boolean).join(" · ")},
    h("div", {class: "card-head"}, coin(ctx, c.cost), h("span", {class: "epoch"}, ROMAN[c.epoch]), vp(ctx, c.vp)),
    h("div", {class: "card-bonus"}, bonuses, held),
    c.effect ? h("div", {class: "card-effect"}, h("b", {}, c.effect.pe), " ", opts.mini ? "" : effectText(ctx, c.effect)) : null,
    h("div", {class: "card-foot"}, id, c.star ? " ✦" : "", prov ? h("span", {class: "prov-mark", title: tr(ctx, "provisional_card")}, "≈") : null),
    opts.controls?.length ? h("div", {class: "card-controls"}, opts.controls) : null);
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
    return h("div", {class: "colony annexed", title: `${col.id} · ${tr(ctx, "annexed")}`},
      h("div", {class: "col-req"}, ICON.military, col.requirement),
      h("div", {class: "col-bonus"}, tracks(ctx).filter((t) => col.back.bonus[t]).map((t) => chip(ctx, t, col.back.bonus[t]))),
      vp(ctx, col.back.vp));
  }
  return h("div", {class: `colony${col.provenance !== "exact" ? " prov" : ""}`, title: col.id},
    h("div", {class: "col-req", title: tr(ctx, "requirement", {n: col.requirement})}, ICON.military, col.requirement),
    h("div", {class: "col-line"}, h("span", {title: tr(ctx, "plunder_coins", {n: col.plunder})}, ICON.coin, col.plunder),
      h("span", {class: "muted", title: tr(ctx, "annex_cost", {n: col.annex_cost})}, "⇄", col.annex_cost)),
    vp(ctx, col.vp));
}

// --- what the seat must decide ----------------------------------------------------------------

export function prompt(ctx) {
  const d = ctx.view.decision;
  if (!d) return "";
  if (d.kind === "feed") {
    const hint = [...ctx.legal.values()].find((a) => a.hunger !== undefined);
    return tr(ctx, "prompt.feed", {n: hint ? hint.hunger : ""});
  }
  return tr(ctx, `prompt.${d.kind}`);
}

// A label for one legal action, used on buttons away from the board and in tooltips.
export function describe(ctx, id) {
  const a = ctx.legal.get(id);
  if (!a || !a.verb) return a ? a.text : String(id);
  const track = a.track ? trackName(ctx, a.track) : "";
  switch (a.verb) {
    case "side": return `${tr(ctx, "side", {side: a.side})} · ${tr(ctx, "initiative", {n: a.initiative})}`;
    case "wheel": return tr(ctx, "wheel_pick", {color: tr(ctx, `color.${a.yours}`)});
    case "draw": return `${a.card}: ${tr(ctx, a.sell ? "keep_sell" : "keep_buy", {n: a.coins})}`;
    case "take": return `${a.card}: ${tr(ctx, a.sell ? "sell" : "buy", {n: a.coins})}`;
    case "colony": return `${ICON.military}${a.requirement}: ${a.cost ? tr(ctx, "take_colony_cost", {n: a.cost}) : tr(ctx, "take_colony")}`;
    case "plunder": return tr(ctx, "plunder", {n: a.coins, vp: a.vp});
    case "annex": return tr(ctx, "annex", {n: a.coins});
    case "statue": return `${ICON.statue}${a.slot + 1}: ${a.face_down ? tr(ctx, "statue_down", {n: a.bonus}) : tr(ctx, "statue_up", {track, n: a.bonus})}`;
    case "silver": return tr(ctx, "silver", {track, n: a.coins});
    case "gold": return tr(ctx, "gold", {n: a.coins});
    case "tile": return tr(ctx, "tile", {track});
    case "feed_pay": return tr(ctx, "feed_pay", {n: a.coins});
    case "remove": return `${tr(ctx, "remove")} ${a.card}`;
    case "pass": return tr(ctx, a.step === "medals" ? "done" : "pass");
    default: return a.text;
  }
}

export function scoreLabel(ctx, key) { return tr(ctx, `score.${key}`); }

function ofVerb(ctx, verb) { return [...ctx.legal.values()].filter((a) => a.verb === verb); }

function control(ctx, a, label, cls) { return ctx.control(a.id, label, {title: describe(ctx, a.id), cls}); }

// --- the layout -------------------------------------------------------------------------------

export function render(ctx) {
  const v = ctx.view;
  const me = ctx.seat;
  const order = me === null ? v.seats.map((s) => s.seat) : [me, ...v.seats.map((s) => s.seat).filter((s) => s !== me)];
  return h("div", {class: "hd"},
    status(ctx),
    decisionPanel(ctx),
    h("div", {class: "hd-board"}, decks(ctx), colonies(ctx)),
    h("div", {class: "hd-seats"}, order.map((s) => seatPanel(ctx, v.seats[s]))));
}

function status(ctx) {
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

function decisionPanel(ctx) {
  const v = ctx.view;
  const d = v.decision;
  if (ctx.seat === null || !d || !d.seats.includes(ctx.seat)) return null;
  if (!d.waiting.includes(ctx.seat)) {
    return h("section", {class: "hd-decision done"}, h("p", {}, tr(ctx, "chosen")));
  }
  const me = v.seats[ctx.seat];
  const body = [];
  if (d.kind === "side") {
    body.push(h("div", {class: "row"}, ofVerb(ctx, "side").map((a) =>
      h("div", {class: "start-card"},
        h("div", {class: "start-head"}, tr(ctx, "start", {n: a.card, side: a.side})),
        h("div", {}, tr(ctx, "initiative", {n: a.initiative})),
        h("div", {class: "card-bonus"}, tracks(ctx).map((t) => chip(ctx, t, a.tracks[t], ""))),
        h("div", {}, coin(ctx, a.coins)),
        control(ctx, a, tr(ctx, "side", {side: a.side}), "primary")))));
  } else if (d.kind === "wheel") {
    body.push(h("div", {class: "row"}, ofVerb(ctx, "wheel").map((a) =>
      control(ctx, a, [h("span", {class: `swatch c-${a.yours}`}), " ", tr(ctx, "wheel_pick", {color: tr(ctx, `color.${a.yours}`)})],
              `wheel c-${a.yours}`))));
  } else if (d.kind === "draw") {
    const byCard = new Map();
    for (const a of ofVerb(ctx, "draw")) byCard.set(a.card, [...(byCard.get(a.card) || []), a]);
    body.push(h("div", {class: "row hand", "data-testid": "hand"}, (me.hand || []).map((id) =>
      card(ctx, id, {controls: (byCard.get(id) || []).map((a) =>
        control(ctx, a, tr(ctx, a.sell ? "keep_sell" : "keep_buy", {n: a.coins}), a.sell ? "sell" : "buy"))}))));
  } else if (d.kind === "colony_mode") {
    const col = me.colonies[me.colonies.length - 1];
    body.push(h("div", {class: "row"}, colonyToken(ctx, col),
      ofVerb(ctx, "plunder").map((a) => control(ctx, a, describe(ctx, a.id))),
      ofVerb(ctx, "annex").map((a) => control(ctx, a, describe(ctx, a.id), "primary"))));
  } else if (d.kind === "medals") {
    body.push(h("div", {class: "row"},
      ofVerb(ctx, "silver").map((a) => control(ctx, a, [h("span", {class: "medal silver"}, ICON[a.track]), " ", describe(ctx, a.id)])),
      ofVerb(ctx, "gold").map((a) => control(ctx, a, [h("span", {class: "medal gold"}, ICON.crown), " ", describe(ctx, a.id)]))));
  } else if (d.kind === "tile") {
    body.push(h("div", {class: "row"}, ofVerb(ctx, "tile").map((a) => control(ctx, a, [chip(ctx, a.track), " ", describe(ctx, a.id)]))));
  } else if (d.kind === "feed") {
    body.push(h("div", {class: "row"}, ofVerb(ctx, "feed_pay").map((a) => control(ctx, a, describe(ctx, a.id)))));
  }
  const pass = ofVerb(ctx, "pass").map((a) => control(ctx, a, describe(ctx, a.id), "pass"));
  return h("section", {class: "hd-decision", "data-testid": "decision"},
    h("h3", {}, tr(ctx, "decision"), ": ", prompt(ctx)), body, pass.length ? h("div", {class: "row"}, pass) : null);
}

function decks(ctx) {
  const v = ctx.view;
  const takes = ofVerb(ctx, "take");
  const crestsAt = {};
  for (const [crest, color] of Object.entries(v.crest_decks || {})) (crestsAt[color] ||= []).push(crest);
  return h("section", {class: "hd-decks"}, h("h3", {}, tr(ctx, "board")),
    h("div", {class: "row"}, v.board.map((b) => h("div", {class: `deck-col c-${b.color}`, "data-testid": `pile-${b.color}`},
      h("div", {class: "crests"}, (crestsAt[b.color] || []).map((c) => crestBadge(ctx, c, ctx.names[ctx.view.seats.findIndex((s) => s.crest === c)]))),
      h("div", {class: "deck-pair"},
        h("div", {title: tr(ctx, "deck", {n: b.deck})}, deckBack(b.color, v.epoch, b.deck)),
        h("div", {class: "pile", title: tr(ctx, "pile", {n: b.pile})},
          b.top ? card(ctx, b.top, {controls: takes.filter((a) => a.pile === b.color).map((a) =>
            control(ctx, a, tr(ctx, a.sell ? "sell" : "buy", {n: a.coins}), a.sell ? "sell" : "buy"))})
                : h("div", {class: "card slot"}, tr(ctx, "empty")),
          b.pile > 1 ? h("span", {class: "pile-count"}, `×${b.pile}`) : null))))));
}

function colonies(ctx) {
  const takes = ofVerb(ctx, "colony");
  return h("section", {class: "hd-colonies"}, h("h3", {}, tr(ctx, "colonies")),
    h("div", {class: "row"}, ctx.view.colonies.map((stack, i) => {
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
  const byColor = ctx.constants.colors.map((c) => s.cards.filter((id) => v.cards[id]?.color === c));
  return h("section", {class: `seat${mine ? " mine" : ""}${active ? " active" : ""}`, "data-testid": `seat-${s.seat}`},
    h("header", {},
      crestBadge(ctx, s.crest),
      h("b", {class: "seat-name"}, ctx.names[s.seat]),
      mine ? h("span", {class: "tag"}, ctx.t("table.you")) : null,
      isBot ? h("span", {class: "tag bot"}, ctx.t("table.bot")) : null,
      winner ? h("span", {class: "tag win"}, ICON.crown) : null,
      active && !v.over ? h("span", {class: "tag turn"}, isBot ? ctx.t("table.thinking") : "…") : null,
      h("span", {class: "spacer"}),
      s.start_card ? h("span", {class: "muted small"}, tr(ctx, "start", {n: s.start_card, side: s.side}), " · ",
                       tr(ctx, "initiative", {n: s.initiative})) : null,
      s.hand_size && !mine ? h("span", {class: "muted small"}, " · ", tr(ctx, "hand", {n: s.hand_size})) : null,
      h("span", {class: "coins-big", "data-testid": `coins-${s.seat}`}, coin(ctx, s.coins))),
    h("div", {class: "tracks"}, tracks(ctx).map((t) => h("div", {class: `track t-${t}`},
      h("span", {class: "track-label"}, ICON[t], " ", trackName(ctx, t)),
      h("span", {class: "bar"}, h("span", {class: "fill", style: {width: `${Math.min(100, 100 * s.tracks[t] / max)}%`}})),
      h("b", {class: "track-value"}, s.tracks[t])))),
    h("div", {class: "tableau"}, byColor.map((ids, i) => h("div", {class: `tab-col c-${ctx.constants.colors[i]}`},
      ids.map((id) => card(ctx, id, {mini: true, held: s.held_tiles[id],
        controls: removes.filter((a) => a.card === id).map((a) => control(ctx, a, `✕ ${tr(ctx, "remove")}`, "remove"))}))))),
    h("div", {class: "seat-extras"},
      h("div", {class: "seat-colonies", title: tr(ctx, "colonies")}, s.colonies.map((c) => colonyToken(ctx, c, {annexed: c.annexed}))),
      statues(ctx, s, mine),
      h("div", {class: "medals", title: tr(ctx, "medals")},
        s.silver.map((t) => h("span", {class: `medal silver t-${t}`, title: trackName(ctx, t)}, ICON[t])),
        Array.from({length: s.gold}, () => h("span", {class: "medal gold"}, ICON.crown))),
      h("div", {class: "tiles", title: tr(ctx, "tiles")}, tracks(ctx).map((t) =>
        h("span", {class: `tile t-${t}${s.unused_tiles[t] ? "" : " used"}`, title: trackName(ctx, t)}, ICON[t], s.unused_tiles[t])))),
    mine && s.sold_this_epoch?.length ? h("div", {class: "sold"}, h("span", {class: "muted small"}, tr(ctx, "sold")),
      s.sold_this_epoch.map((id) => h("span", {class: "tag", "data-card": id}, id))) : null);
}

function statues(ctx, s, mine) {
  const slots = ctx.ui.slots || [];
  const options = mine ? ofVerb(ctx, "statue") : [];
  return h("div", {class: "statues", title: tr(ctx, "statues")}, slots.map((slot, i) => {
    const placed = s.statues[i];
    const here = options.filter((a) => a.slot === i);
    return h("div", {class: `statue${placed ? " placed" : ""}`, "data-testid": mine ? `statue-slot-${i}` : null},
      h("div", {class: "statue-head", title: tr(ctx, "statue_slot", {n: slot.requirement})}, ICON.statue, ICON.culture, slot.requirement, " ", vp(ctx, slot.vp)),
      placed ? h("div", {class: `tile t-${placed.track}`},
                 placed.face_down ? `${ICON.down} ${ICON.vp}${slot.bonus}` : `${ICON[placed.track]} +${slot.bonus}`) : null,
      here.length ? h("div", {class: "statue-options"}, here.map((a) => control(ctx, a,
        a.face_down ? `${ICON.down}${ICON[a.track]} ${ICON.vp}${a.bonus}` : `${ICON.up}${ICON[a.track]} +${a.bonus}`,
        `t-${a.track}`))) : null);
  }));
}
