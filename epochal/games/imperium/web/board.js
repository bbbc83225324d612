// Imperium's table: the market with its tokens and tucked unrest, your hand, play area, power
// card (and active path card), development area (King Arthur's inactive quests, and his active
// quest), history and sunken pile, and every other nation's open information (of a sunken pile
// only its size). Every card is
// drawn with its name and its text in the page's language (ctx.cards, from the server's card
// catalogue); a name that is our translation, not the edition's, carries a mark and the English
// name on hover. Each legal action on a card sits on that card (the page's decision panel lists
// them all with the prompt); a card the seat cannot act on now says why, with the rule.
import {h} from "/static/js/dom.js";

const ICON = {materials: "▣", population: "☺", progress: "✦", action: "▶", exhaust: "⟳", unrest: "⚠"};
const UNOFFICIAL = "*";

const tr = (ctx, key, params) => ctx.tr(key, params);

// The card's catalogue entry (name and text lines in the page's language), and what the table's
// constants say of it (its colour, its English name).
function entry(ctx, id) {
  return ctx.cards.get(id) || {id, name: ctx.constants.cards?.[id]?.en || "", text: []};
}

function nameOf(ctx, id) {
  const name = entry(ctx, id).name || "";
  return name.endsWith(UNOFFICIAL) ? name.slice(0, -UNOFFICIAL.length) : name;
}

// The face of one card from the catalogue alone: name (with the unofficial mark), its kind and
// its text lines. Used by the decision panel, the card gallery and every card of the board.
export function cardFace(ctx, id, extra = {}) {
  const card = entry(ctx, id);
  const known = ctx.constants.cards?.[id] || {};
  const unofficial = (card.name || "").endsWith(UNOFFICIAL);
  const note = unofficial && known.en ? tr(ctx, "unofficial", {name: known.en}) : null;
  const [kind, ...lines] = card.text || [];
  return h("div", {class: `im-card suit-${known.suit || "none"}${extra.exhausted ? " exhausted" : ""}`,
                   "data-card": id, title: [note, id].filter(Boolean).join("\n")},
    h("div", {class: "im-card-head"},
      h("b", {class: "im-name"}, nameOf(ctx, id)),
      unofficial ? h("span", {class: "im-unofficial", title: note}, UNOFFICIAL) : null,
      extra.exhausted ? h("span", {class: "im-exhausted", title: tr(ctx, "exhausted")}, ICON.exhaust) : null),
    kind ? h("div", {class: "im-kind"}, kind) : null,
    lines.map((line) => h("div", {class: "im-line"}, line)),
    extra.more);
}

// A card on the board: its face, what lies on it, the controls of the seat's legal actions on it,
// and why the seat cannot act on it now.
function cardTile(ctx, id, acts, extra = {}) {
  const why = ctx.whyNot.filter((w) => w.card === id);
  const more = [
    extra.unrest ? h("div", {class: "im-tucked"}, ICON.unrest, " ", tr(ctx, "tucked")) : null,
    extra.side ? h("div", {class: "im-side"}, tr(ctx, "path_side", {side: extra.side})) : null,
    extra.tokens ? h("div", {class: "im-tokens"}, Object.entries(extra.tokens).map(([r, n]) =>
      h("span", {title: tr(ctx, `res.${r}`)}, `${ICON[r]}${n} `))) : null,
    extra.garrison?.length ? h("div", {class: "im-garrison"}, tr(ctx, "garrison"), ": ",
      extra.garrison.map((g) => `«${nameOf(ctx, g)}»`).join(", ")) : null,
    acts?.length ? h("div", {class: "im-card-acts"}, acts.map((a) =>
      ctx.control(a.id, a.verb === "play" ? tr(ctx, "play_btn") : a.verb === "exhaust" ? tr(ctx, "exhaust_btn")
        : tr(ctx, "choose_btn"), {title: a.text}))) : null,
    why.length ? h("div", {class: "im-why"}, why.map((w) =>
      h("div", {}, w.text, w.rule ? [" — ", ctx.rule(w.rule)] : null))) : null,
  ];
  return cardFace(ctx, id, {exhausted: extra.exhausted, more});
}

function tokens(ctx, s) {
  return h("span", {class: "im-res"},
    ctx.constants.resources.map((r) => h("span", {title: tr(ctx, `res.${r}`)}, `${ICON[r]}${s[r]} `)),
    h("span", {title: tr(ctx, "action_tokens")}, `${ICON.action}${s.actions} `),
    h("span", {title: tr(ctx, "exhaust_tokens")}, `${ICON.exhaust}${s.exhausts}`));
}

// Where the game stands, for the page's turn bar.
export function status(ctx) {
  const v = ctx.view;
  const parts = [tr(ctx, "round", {n: v.round})];
  if (v.scoring_triggered) parts.push(tr(ctx, "triggered"));
  if (v.final_round) parts.push(tr(ctx, "final"));
  return parts.join(" · ");
}

export function scoreLabel(ctx, key) { return tr(ctx, `score.${key}`); }

export function render(ctx) {
  const v = ctx.view;
  const acts = ctx.byCard;
  const me = ctx.seat;
  const order = me === null ? v.seats.map((s) => s.seat) : [me, ...v.seats.map((s) => s.seat).filter((s) => s !== me)];
  const decks = Object.entries(v.decks).map(([k, n]) => `${tr(ctx, `deck.${k}`)}: ${n}`);
  return h("div", {class: "im"},
    h("section", {class: "im-market"}, h("h3", {}, tr(ctx, "market")),
      h("div", {class: "im-row"}, v.market.map((slot) => slot.card
        ? cardTile(ctx, slot.card, acts.get(slot.card), {tokens: Object.keys(slot.tokens).length ? slot.tokens : null, unrest: slot.unrest})
        : h("div", {class: "im-card empty"}))),
      h("div", {class: "im-decks"}, [...decks,
        `${tr(ctx, "fame")}: ${v.fame}`, `${tr(ctx, "unrest_pile")}: ${v.unrest_pile}`, `${tr(ctx, "exile")}: ${v.exile}`,
        tr(ctx, `kok.${v.king_of_kings}`)].join(" · "))),
    order.map((s) => seatPanel(ctx, v.seats[s], s === me, acts)));
}

function seatPanel(ctx, s, mine, acts) {
  const nation = ctx.has(`side.${s.nation}`) ? tr(ctx, `side.${s.nation}`) : s.nation;
  return h("section", {class: `im-seat${mine ? " mine" : ""}`, "data-seat": s.seat},
    h("h3", {}, ctx.names[s.seat], " · ", nation, " · ", tr(ctx, `state.${s.state}`), " ", tokens(ctx, s)),
    h("div", {class: "im-sizes muted"},
      tr(ctx, "in_hand", {n: s.hand_size}), " · ", tr(ctx, "deck", {n: s.deck_size}), " · ",
      tr(ctx, "nation_deck", {n: s.nation_deck}), " · ", tr(ctx, "history_n", {n: s.history_size}),
      s.nation === "Atlanteans" ? [" · ", tr(ctx, "sunken_n", {n: s.sunken_size})] : null,
      s.path ? [" · ", tr(ctx, "path_n", {n: s.path_size})] : null),
    s.hand ? h("div", {}, h("h4", {}, tr(ctx, mine ? "hand" : "seat_hand")),   // another's: the face-up replay
      h("div", {class: "im-row"}, s.hand.map((id) => cardTile(ctx, id, acts.get(id))))) : null,
    h("div", {}, h("h4", {}, tr(ctx, "power"), " / ", tr(ctx, "play")),
      h("div", {class: "im-row"},
        s.power ? cardTile(ctx, s.power, mine ? acts.get(s.power) : null, {exhausted: s.power_exhausted}) : null,
        s.path ? cardTile(ctx, s.path.card, mine ? acts.get(s.path.card) : null,
                          {exhausted: s.path.exhausted, side: s.path.side}) : null,
        s.play.map((p) => cardTile(ctx, p.card, mine || acts.has(p.card) ? acts.get(p.card) : null,
                                   {exhausted: p.exhausted, garrison: p.garrison,
                                    tokens: Object.keys(p.tokens || {}).length ? p.tokens : null})))),
    s.development.length ? h("div", {}, h("h4", {}, tr(ctx, s.quests ? "quests" : "development")),
      h("div", {class: "im-row"}, s.development.map((id) => cardTile(ctx, id, mine ? acts.get(id) : null)))) : null,
    s.active_quest ? h("div", {}, h("h4", {}, tr(ctx, "active_quest")),
      h("div", {class: "im-row"}, cardTile(ctx, s.active_quest, mine ? acts.get(s.active_quest) : null))) : null,
    s.history?.length ? h("div", {}, h("h4", {}, tr(ctx, mine ? "history" : "seat_history")),
      h("div", {class: "im-row small"}, s.history.map((id) => cardTile(ctx, id, acts.get(id))))) : null,
    s.sunken?.length ? h("div", {}, h("h4", {}, tr(ctx, mine ? "sunken" : "seat_sunken")),
      h("div", {class: "im-row small"}, s.sunken.map((id) => cardTile(ctx, id, acts.get(id))))) : null,
    s.discard.length ? h("details", {open: mine && s.discard.some((id) => acts.has(id))},
      h("summary", {}, tr(ctx, "discard"), ` (${s.discard.length})`),
      h("div", {class: "im-row small"}, s.discard.map((id) => cardTile(ctx, id, mine ? acts.get(id) : null)))) : null);
}
