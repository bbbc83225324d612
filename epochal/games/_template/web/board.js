// Tribute's board drawing: every seat's gold and hand size, the seat's own hand with a "Play"
// button on each card, and the options of a choice. What each action means comes from the server
// (`ui.actions`: Game.describe_action, table.py), and so do its words in the page's language
// (`text`, from the locale's `action.<verb>` templates); the board's own words come from the
// game's locale (`ctx.tr`, locale/ui.<lang>.json).
import {h} from "/static/js/dom.js";

export function prompt(ctx) {
  const d = ctx.view.decision;
  return d ? d.purpose : "";
}

// A label for one legal action, for buttons away from the board and for tooltips.
export function describe(ctx, id) {
  const a = ctx.legal.get(id);
  return a ? a.text : String(id);
}

export function render(ctx) {
  const {view} = ctx;
  const seats = view.seats.map((s) => h("div", {class: "tr-seat"},
    h("b", {}, ctx.names[s.seat]), ` · ${ctx.tr("gold")}: ${s.gold} · ${ctx.tr("hand")}: ${s.hand_size}`));
  const plays = new Map([...ctx.legal.values()].filter((a) => a.verb === "play").map((a) => [a.card, a]));
  const mine = view.seats.find((s) => s.seat === ctx.seat);
  const hand = (mine?.hand || []).map((id) => {
    const a = plays.get(id);
    return h("div", {class: "tr-card"}, id, a ? ctx.control(a.id, ctx.tr("play")) : null);
  });
  const options = [...ctx.legal.values()].filter((a) => a.verb === "option").map((a) => ctx.control(a.id, describe(ctx, a.id)));
  return h("section", {class: "tr-board"},
    h("div", {}, ...seats),
    h("p", {}, `${ctx.tr("deck")}: ${view.deck}`),
    h("div", {class: "tr-hand"}, ...hand),
    h("div", {class: "tr-options"}, ...options));
}
