// The host's panel on the table page, shown only where the page holds the table's host link:
// who plays each person's seat (the person, or a bot while they are away), a new link for a
// seat (the old one stops working), and the turn clock with what happens when it runs out.
// Every change reaches every page as a status message, which redraws this panel too.
import {api, fill, h} from "./dom.js";
import {lang, t} from "./i18n.js";

const UNITS = [["d", 86400], ["h", 3600], ["min", 60], ["s", 1]];
let drawn = null;        // what the panel shows, so an update of the board leaves a half-typed clock alone
let issued = null;       // {seat, link}: the new link the host asked for, until the next one

export function hostPanel(el, ctx, {gameId, token, levels, toast}) {
  const {meta} = ctx;
  const key = JSON.stringify([meta.names, meta.kinds, meta.stand_ins, meta.clock?.seconds, meta.clock?.fallback,
                              meta.muted, meta.spectator_chat, meta.watch_link, meta.status, ctx.view.over, issued,
                              lang()]);
  if (drawn === key) return;
  drawn = key;
  const call = async (method, path, body) => {
    try { return await api(method, `/api/games/${encodeURIComponent(gameId)}/${path}`, body, {host: token}); }
    catch (err) { toast(err.message); return null; }
  };
  const seats = meta.names.map((name, seat) => {
    if (meta.kinds[seat] !== "human") return null;
    const standIn = meta.stand_ins?.[seat];
    const level = h("select", {"data-testid": `host-level-${seat}`},
                    levels.map((lv) => h("option", {value: lv, selected: lv === "easy"}, t(`level.${lv}`))));
    return h("li", {"data-testid": `host-seat-${seat}`},
      h("b", {}, name), " ",
      h("span", {class: "muted small"}, standIn ? t("table.bot_plays", {level: t(`level.${standIn}`)}) : ""), " ",
      ctx.view.over ? null : standIn
        ? h("button", {type: "button", "data-testid": `host-give-back-${seat}`,
                       onclick: () => call("PUT", `seats/${seat}/stand-in`, {level: null})}, t("table.give_back"))
        : [level, " ", h("button", {type: "button", "data-testid": `host-stand-in-${seat}`,
                                    onclick: () => call("PUT", `seats/${seat}/stand-in`, {level: level.value})},
                         t("table.stand_in"))],
      " ",
      h("button", {type: "button", "data-testid": `host-mute-${seat}`,
                   onclick: () => call("PUT", `seats/${seat}/mute`, {muted: !meta.muted?.[seat]})},
        t(meta.muted?.[seat] ? "table.unmute" : "table.mute")),
      " ",
      h("button", {type: "button", title: t("table.new_link_help"), "data-testid": `host-new-link-${seat}`,
                   onclick: async () => {
                     const made = await call("POST", `seats/${seat}/link`);
                     if (made) { issued = {seat, link: made.link}; hostPanel(el, ctx, {gameId, token, levels, toast}); }
                   }}, t("table.new_link")),
      issued?.seat === seat
        ? h("div", {class: "link-row"}, t("table.new_link_for", {name}),
            h("input", {value: issued.link, readonly: true, "data-testid": "host-issued-link", onclick: (e) => e.target.select()}))
        : null);
  });
  fill(el, h("details", {class: "host", open: true},
    h("summary", {}, t("table.host")),
    h("p", {class: "muted small"}, t("table.host_help")),
    h("ul", {class: "host-seats"}, seats),
    watchRow(meta, call, () => hostPanel(el, ctx, {gameId, token, levels, toast})),
    h("label", {class: "host-chat"}, t("table.spectator_chat"), " ",
      h("select", {"data-testid": "host-spectator-chat",
                   onchange: (e) => call("PUT", "chat", {spectators: e.target.value})},
        ["off", "read", "write"].map((v) => h("option", {value: v, selected: v === meta.spectator_chat},
                                              t(`table.spectator_chat.${v}`))))),
    ctx.view.over ? null : clockForm(meta.clock, call)));
}

// Who may watch: anyone (the lobby lists the game with "Watch"), or only the holders of the
// spectator link the host hands out (a new one revokes the last).
function watchRow(meta, call, redraw) {
  const keep = async (on) => {
    const made = await call("PUT", "watch-link", {keep: on});
    issued = made && on ? {seat: "watch", link: made.link} : null;
    redraw();
  };
  return h("div", {class: "host-watch"},
    h("label", {}, t("table.watching"), " ",
      h("select", {"data-testid": "host-watch", onchange: (e) => keep(e.target.value === "link")},
        ["anyone", "link"].map((v) => h("option", {value: v, selected: (v === "link") === Boolean(meta.watch_link)},
                                         t(`table.watching.${v}`))))),
    meta.watch_link
      ? [" ", h("button", {type: "button", title: t("table.new_link_help"), "data-testid": "host-new-watch-link",
                           onclick: () => keep(true)}, t("table.new_link"))]
      : null,
    issued?.seat === "watch"
      ? h("div", {class: "link-row"}, t("table.watch_link"),
          h("input", {value: issued.link, readonly: true, "data-testid": "host-watch-link", onclick: (e) => e.target.select()}))
      : null);
}

function clockForm(clock, call) {
  const [unit, size] = UNITS.find(([, n]) => clock && clock.seconds % n === 0) || ["min", 60];
  const amount = h("input", {type: "number", min: 1, step: 1, value: clock ? clock.seconds / size : "",
                             placeholder: t("table.clock_off"), "data-testid": "host-clock", class: "narrow"});
  const units = h("select", {"data-testid": "host-clock-unit"},
                  UNITS.map(([u, n]) => h("option", {value: n, selected: u === unit}, t(`unit.${u}`))));
  const fallback = h("select", {"data-testid": "host-fallback"},
                     ["easy", "pass"].map((f) => h("option", {value: f, selected: f === (clock?.fallback || "easy")},
                                                   t(`table.fallback.${f}`))));
  return h("form", {class: "host-clock", onsubmit: (e) => {
    e.preventDefault();
    const n = Number(amount.value);
    call("PUT", "clock", {seconds: amount.value === "" || n <= 0 ? null : Math.round(n * Number(units.value)),
                          fallback: fallback.value});
  }},
    h("label", {}, t("table.clock"), " ", amount, " ", units), " ",
    h("label", {}, t("table.clock_then"), " ", fallback), " ",
    h("button", {type: "submit", "data-testid": "host-clock-apply"}, t("table.apply")));
}

// "1:05", "2:03:00", "3 days": the time left on a clock, counted down by the page.
export function timeLeft(deadline) {
  const left = Math.max(0, Math.round(deadline - Date.now() / 1000));
  if (left >= 86400) return t("clock.days", {n: Math.floor(left / 86400)});
  const hms = [Math.floor(left / 3600), Math.floor(left / 60) % 60, left % 60];
  return (hms[0] ? hms : hms.slice(1)).map((n, i) => (i ? String(n).padStart(2, "0") : n)).join(":");
}
