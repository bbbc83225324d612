// Imperium's table: the market with its tokens and tucked unrest, your hand, play area, power
// card, development area and history, and every other nation's open information. Each legal
// action sits on the card it acts on (play and exhaust buttons, a card to choose); the rest
// (the turn choice, options, yes/no, categories) sit in the decision panel. What an action
// means comes from the server (`ui.actions`), never from guessing here; its words come from the
// game's locale (`ctx.tr`, locale/ui.<lang>.json).
import {h} from "/static/js/dom.js";
import {lang} from "/static/js/i18n.js";

const ICON = {materials: "▣", population: "☺", progress: "✦", action: "▶", exhaust: "⟳",
              vp: "★", pinned: "◆", attack: "⚔", unrest: "⚠"};

const tr = (ctx, key, params) => ctx.tr(key, params);

function cardTile(ctx, id, acts, extra = {}) {
  const c = ctx.view.cards[id] || {name: id, suits: []};
  const suit = c.suits?.[0] || "none";
  const name = (lang() === "ru" && c.name_ru) || c.name;
  const lines = ["play", "exhaust", "solstice"].filter((k) => c[k]).map((k) => `${tr(ctx, `text.${k}`)}: ${c[k]}`);
  const vp = typeof c.vp === "number" ? c.vp : c.vp ? "*" : null;
  return h("div", {class: `im-card suit-${suit}${extra.exhausted ? " exhausted" : ""}`, "data-card": id,
                   title: [id, ...lines].join("\n")},
    h("div", {class: "im-card-head"},
      // the state as the initial of its name in a ring: no font carries circled letters everywhere
      c.state ? h("span", {class: "im-state", title: tr(ctx, `state.${c.state}`)}, tr(ctx, `state.${c.state}`)[0]) : null,
      c.pinned ? h("span", {title: tr(ctx, "pinned")}, ICON.pinned) : null,
      c.attack ? h("span", {title: tr(ctx, "attack")}, ICON.attack) : null,
      h("b", {}, name),
      vp !== null ? h("span", {class: "im-vp", title: tr(ctx, "vp")}, ICON.vp, vp) : null),
    h("div", {class: "im-card-suits"}, (c.suits || []).map((s) => tr(ctx, `suit.${s}`)).join(" / "),
      c.free ? ` · ${tr(ctx, "free")}` : ""),
    c.cost && Object.keys(c.cost).length
      ? h("div", {class: "im-cost"}, tr(ctx, "cost"), " ", Object.entries(c.cost).map(([r, n]) => `${ICON[r]}${n}`).join(" "))
      : null,
    extra.unrest ? h("div", {class: "im-tucked", title: tr(ctx, "tucked")}, ICON.unrest) : null,
    extra.tokens ? h("div", {class: "im-tokens"}, Object.entries(extra.tokens).map(([r, n]) => `${ICON[r]}${n}`).join(" ")) : null,
    extra.garrison?.length ? h("div", {class: "im-garrison"}, tr(ctx, "garrison"), ": ", extra.garrison.join(", ")) : null,
    h("div", {class: "im-card-acts"}, (acts || []).map((a) =>
      ctx.control(a.id, tr(ctx, a.verb === "play" ? "play_btn" : a.verb === "exhaust" ? "exhaust_btn" : "choose_btn"),
                  {title: a.text}))),
    h("div", {class: "im-card-id"}, id, c.provenance && c.provenance !== "exact" ? " ≈" : ""));
}

function tokens(ctx, s) {
  return h("span", {class: "im-res"},
    ctx.constants.resources.map((r) => h("span", {title: tr(ctx, `res.${r}`)}, `${ICON[r]}${s[r]} `)),
    h("span", {title: tr(ctx, "action_tokens")}, `${ICON.action}${s.actions} `),
    h("span", {title: tr(ctx, "exhaust_tokens")}, `${ICON.exhaust}${s.exhausts}`));
}

export function prompt(ctx) {
  const kind = ctx.view.decision?.kind;
  if (kind === "turn" || kind === "activate") return tr(ctx, `prompt.${kind}`);
  return ctx.ui.purpose || ctx.view.decision?.purpose || "";
}

export function describe(ctx, id) {
  const a = ctx.legal.get(id);
  if (!a) return null;
  if (a.verb === "revolt") return tr(ctx, "revolt", {n: a.n});
  if (a.verb === "option") return ctx.ui.texts?.[a.n] || tr(ctx, "option", {n: a.n + 1});
  if (a.verb === "suit") return tr(ctx, `suit.${a.suit}`);
  if (["activate", "innovate", "end", "decline", "yes", "no", "bt_deck", "bt_main"].includes(a.verb)) return tr(ctx, a.verb);
  return a.text;
}

export function scoreLabel(ctx, key) { return tr(ctx, `score.${key}`); }

export function render(ctx) {
  const v = ctx.view;
  const acts = ctx.byCard;
  const me = ctx.seat;
  const order = me === null ? v.seats.map((s) => s.seat) : [me, ...v.seats.map((s) => s.seat).filter((s) => s !== me)];
  return h("div", {class: "im"},
    h("div", {class: "im-status"},
      h("b", {}, tr(ctx, "round", {n: v.round})), " · ", tr(ctx, "turn", {name: ctx.names[v.turn]}),
      v.scoring_triggered ? h("span", {class: "im-warn"}, " · ", tr(ctx, "triggered")) : null,
      v.final_round ? h("span", {class: "im-warn"}, " · ", tr(ctx, "final")) : null),
    decisionPanel(ctx),
    h("section", {class: "im-market"}, h("h3", {}, tr(ctx, "market")),
      h("div", {class: "im-row"}, v.market.map((slot) => slot.card
        ? cardTile(ctx, slot.card, acts.get(slot.card), {tokens: Object.keys(slot.tokens).length ? slot.tokens : null, unrest: slot.unrest})
        : h("div", {class: "im-card empty"}))),
      h("div", {class: "im-decks"}, tr(ctx, "decks"), ": ",
        Object.entries(v.decks).map(([k, n]) => `${k === "main" ? tr(ctx, "main") : tr(ctx, `suit.${k}`)} ${n}`).join(" · "),
        ` · ${tr(ctx, "fame")} ${v.fame} · ${tr(ctx, "unrest_pile")} ${v.unrest_pile} · ${tr(ctx, "exile")} ${v.exile} · `,
        tr(ctx, "kok", {side: v.king_of_kings}))),
    order.map((s) => seatPanel(ctx, v.seats[s], s === me, acts)));
}

function decisionPanel(ctx) {
  const fixed = [...ctx.legal.values()].filter((a) => !a.card);
  if (!fixed.length) return null;
  return h("section", {class: "im-decision"}, fixed.map((a) => ctx.control(a.id, describe(ctx, a.id), {title: a.text})));
}

function seatPanel(ctx, s, mine, acts) {
  const v = ctx.view;
  return h("section", {class: `im-seat${mine ? " mine" : ""}`, "data-seat": s.seat},
    h("h3", {}, ctx.names[s.seat], " · ", s.nation, " · ", tr(ctx, `state.${s.state}`), " ", tokens(ctx, s)),
    h("div", {class: "im-sizes muted"},
      tr(ctx, "in_hand", {n: s.hand_size}), " · ", tr(ctx, "deck", {n: s.deck_size}), " · ",
      tr(ctx, "nation_deck", {n: s.nation_deck}), " · ", tr(ctx, "history_n", {n: s.history_size})),
    mine && s.hand ? h("div", {}, h("h4", {}, tr(ctx, "hand")),
      h("div", {class: "im-row"}, s.hand.map((id) => cardTile(ctx, id, acts.get(id))))) : null,
    h("div", {}, h("h4", {}, tr(ctx, "power"), " / ", tr(ctx, "play")),
      h("div", {class: "im-row"},
        s.power ? cardTile(ctx, s.power, mine ? acts.get(s.power) : null, {exhausted: s.power_exhausted}) : null,
        s.play.map((p) => cardTile(ctx, p.card, mine || acts.has(p.card) ? acts.get(p.card) : null,
                                   {exhausted: p.exhausted, garrison: p.garrison})))),
    s.development.length ? h("div", {}, h("h4", {}, tr(ctx, "development")),
      h("div", {class: "im-row"}, s.development.map((id) => cardTile(ctx, id, mine ? acts.get(id) : null)))) : null,
    mine && s.history?.length ? h("div", {}, h("h4", {}, tr(ctx, "history")),
      h("div", {class: "im-row small"}, s.history.map((id) => cardTile(ctx, id, acts.get(id))))) : null,
    s.discard.length ? h("details", {open: mine && s.discard.some((id) => acts.has(id))},
      h("summary", {}, tr(ctx, "discard"), ` (${s.discard.length})`),
      h("div", {class: "im-row small"}, s.discard.map((id) => cardTile(ctx, id, mine ? acts.get(id) : null)))) : null);
}
