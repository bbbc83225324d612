// The computer analysis on the replay page of a finished game of the server: one click sends the
// game to the server's queue (POST /api/games/<id>/analysis); the page asks for the progress
// every POLL ms until it is done (GET ...?seat=&lang=), then draws each seat's chance to win over
// the game (one line per seat the viewpoint may see: its own seat, or every seat face up; a click
// on the graph goes to that step) and, at the step shown, the options of the decision taken
// there, by chance to win, the best and the played one marked. The server sends only what the
// viewpoint may see, in the page's language: a spectator's gets none of it.
import {api, fill, h} from "./dom.js";
import {lang, t} from "./i18n.js";

const POLL = 1500;                       // ms between two questions while the game waits or is analysed
const COLOURS = ["#2f6fb5", "#bf3b33", "#3f8f46", "#7a4aad", "#c98a00"];  // one per seat
const MARKS = {inaccuracy: "#d6a400", mistake: "#e07020", blunder: "#bf3b33"};
const SVG = "http://www.w3.org/2000/svg";
const FOLDED = "epochal.analysis.folded";

function s(tag, attrs, ...children) {
  const el = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attrs || {})) if (value !== null && value !== undefined) el.setAttribute(key, String(value));
  for (const child of children.flat()) if (child) el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  return el;
}

const percent = (p) => `${Math.round(p * 100)}%`;
const number = (x) => x.toLocaleString(lang(), {maximumFractionDigits: 1});

// `el`: the panel; `gameId`: the server's game; `jump(step)`: show that step.
export function analysisPanel(el, gameId, jump) {
  const base = `/api/games/${encodeURIComponent(gameId)}/analysis`;
  const answers = new Map();             // "<viewpoint>/<lang>" -> the finished analysis as it sees it
  let state = null;                      // the newest answer: {status, done, total, ahead?, error?}
  let place = null;                      // what the replay shows: {step, steps, viewpoint, names}
  let timer = null;
  let asking = null;                     // the key being asked for
  let answered = null;                   // the key `state` was answered for
  let failedToLoad = false;
  let wanted = new URLSearchParams(location.hash.slice(1)).has("analyse");   // the end screen's one click
  const key = () => `${place.viewpoint}/${lang()}`;

  async function ask() {
    clearTimeout(timer);
    timer = null;
    const k = key();
    asking = k;
    let got;
    try {
      got = await api("GET", `${base}?seat=${encodeURIComponent(place.viewpoint)}&lang=${lang()}`);
    } catch (err) {
      if (asking !== k) return;
      asking = null;
      if (err.status) answered = k;
      failedToLoad = !err.status;       // unreachable: asked again; a refusal (a viewpoint not allowed) shows nothing
      el.hidden = Boolean(err.status);
      if (failedToLoad) { draw(); timer = setTimeout(ask, POLL * 3); }
      return;
    }
    if (asking !== k) return;           // the viewpoint or the language changed meanwhile
    asking = null;
    answered = k;
    failedToLoad = false;
    state = got;
    if (got.status === "done") answers.set(k, got);
    if (["none", "failed"].includes(got.status) && wanted) { wanted = false; return start(); }
    wanted = false;
    if (["queued", "running"].includes(got.status)) timer = setTimeout(ask, POLL);
    draw();
  }

  async function start() {
    wanted = false;
    try {
      state = await api("POST", base);
    } catch (err) {
      state = {status: "refused", detail: err.status ? err.message : t("table.offline"), code: err.data?.error};
    }
    draw();
    if (["queued", "running", "done"].includes(state.status)) ask();
  }

  function draw() {
    if (!place) return;
    el.hidden = false;
    document.body.dataset.analysis = state?.status || "";
    const head = h("h2", {}, t("analysis.title"));
    if (failedToLoad) return fill(el, head, h("p", {class: "error"}, t("analysis.unreachable")));
    const done = answers.get(key());
    if (done) {
      // the finished analysis folds away (remembered for the tab), leaving the board its room
      const box = h("details", {class: "analysis-fold", open: sessionStorage.getItem(FOLDED) !== "1"},
        h("summary", {"data-testid": "analysis-fold"}, head), finished(done));
      box.addEventListener("toggle", () => sessionStorage.setItem(FOLDED, box.open ? "0" : "1"));
      return fill(el, box);
    }
    if (!state) return fill(el, head, h("p", {class: "muted"}, "…"));
    const status = state.status;
    if (status === "none" || status === "failed" || status === "refused") {
      const why = status === "failed" ? t("analysis.failed")
        : status === "refused" ? (state.code === "analysis_queue_full" ? t("analysis.queue_full")
          : state.code === "analysis_off" ? t("analysis.off") : state.detail) : null;
      return fill(el, head,
        h("p", {class: "muted"}, t("analysis.about")),
        why ? h("p", {class: "error", "data-testid": "analysis-error"}, why) : null,
        state.code === "analysis_off" ? null
          : h("button", {class: "primary", "data-testid": "analyse", onclick: start},
              t(status === "none" ? "analysis.start" : "analysis.retry")));
    }
    // queued or running: the progress
    const text = status === "queued" ? t("analysis.queued", {n: state.ahead ?? 0})
      : state.total ? t("analysis.running", {done: state.done, total: state.total}) : t("analysis.counting");
    return fill(el, head,
      h("p", {"data-testid": "analysis-progress", role: "status"}, text),
      h("progress", {class: "analysis-progress", max: state.total || 1, value: status === "running" && state.total ? state.done : null}),
      h("p", {class: "muted small"}, t("analysis.wait_note")));
  }

  // The finished analysis as the viewpoint sees it: the graph, each seat's summary, the step's options.
  function finished(a) {
    if (!a.seats.length) {
      return h("p", {class: "muted", "data-testid": "analysis-hidden"}, t(a.open_allowed ? "analysis.hidden" : "analysis.hidden_closed"));
    }
    const own = a.seats.length === 1 && a.open_allowed && a.viewpoint !== "open";
    return [
      h("p", {class: "muted small"}, t("analysis.how", {n: a.budget}),
        own ? [" ", t("analysis.own_only", {name: place.names[a.seats[0]]})] : null),
      legend(a),
      graph(a),
      h("ul", {class: "analysis-summary", "data-testid": "analysis-summary"}, a.summary.map((seat) => h("li", {},
        swatch(seat.seat), h("b", {}, place.names[seat.seat]), " — ",
        [["inaccuracy", seat.inaccuracies], ["mistake", seat.mistakes], ["blunder", seat.blunders]].map(([kind, n], i) =>
          [i ? ", " : "", h("span", {class: "analysis-dot", style: {background: MARKS[kind]}}), t(`analysis.n_${kind}`, {n})]),
        seat.average_loss !== null ? [" · ", t("analysis.average", {p: number(seat.average_loss * 100)})] : null))),
      atStep(a),
    ];
  }

  function swatch(seat) {
    return h("span", {class: "analysis-swatch", style: {background: COLOURS[seat % COLOURS.length]}});
  }

  function legend(a) {
    return h("p", {class: "analysis-legend small"}, h("b", {}, t("analysis.graph")), " ",
      a.seats.map((seat) => h("span", {class: "analysis-key"}, swatch(seat), place.names[seat])),
      h("span", {class: "muted"}, t("analysis.graph_help")));
  }

  // Chance to win (0 to 100%) over the steps: at each of a seat's decisions its value before
  // (the best option's) and after (the option played), so a costly move shows as a drop, marked
  // in the colour of its judgement. The step shown is a vertical line; a click goes to a step.
  function graph(a) {
    const width = Math.max(260, Math.round(el.clientWidth - 28) || 600), height = 150;
    const left = 34, right = 8, top = 8, bottom = 16;
    const steps = Math.max(1, place.steps);
    const x = (step) => left + (step / steps) * (width - left - right);
    const y = (p) => top + (1 - p) * (height - top - bottom);
    const lines = [], marks = [];
    for (const seat of a.summary) {
      const colour = COLOURS[seat.seat % COLOURS.length];
      const points = seat.series.flatMap((p) => [[p.index, p.before], [p.index + 1, p.after ?? p.before]]);
      lines.push(s("polyline", {points: points.map(([i, p]) => `${x(i).toFixed(1)},${y(p).toFixed(1)}`).join(" "),
                               fill: "none", stroke: colour, "stroke-width": 1.8, "stroke-linejoin": "round"}));
    }
    for (const d of a.decisions) {
      if (!d.judgement || d.win_after === null) continue;
      marks.push(s("circle", {cx: x(d.index + 1), cy: y(d.win_after), r: 4, fill: MARKS[d.judgement], stroke: "#fff",
                              "stroke-width": 1, "data-step": d.index},
                   s("title", {}, `${place.names[d.seat]}: ${t(`analysis.${d.judgement}`)} (${t("replay.step", {n: d.index, total: place.steps})})`)));
    }
    const svg = s("svg", {class: "analysis-graph", viewBox: `0 0 ${width} ${height}`, width, height, role: "img",
                          "aria-label": t("analysis.graph"), "data-testid": "analysis-graph"},
      s("rect", {x: left, y: top, width: width - left - right, height: height - top - bottom, fill: "#fff", stroke: "#d9ccb2"}),
      [1, 0.5, 0].map((p) => s("text", {x: left - 4, y: y(p) + 4, "text-anchor": "end", "font-size": 11, fill: "#7d6f5c"}, percent(p))),
      s("line", {x1: left, x2: width - right, y1: y(0.5), y2: y(0.5), stroke: "#b9ab90", "stroke-dasharray": "4 4"}),
      lines, marks,
      s("line", {x1: x(place.step), x2: x(place.step), y1: top, y2: height - bottom, stroke: "#2d2418", "stroke-width": 1.5,
                 "data-testid": "analysis-now"}),
      s("text", {x: left, y: height - 3, "font-size": 10, fill: "#7d6f5c"}, t("analysis.axis_start")),
      s("text", {x: width - right, y: height - 3, "font-size": 10, fill: "#7d6f5c", "text-anchor": "end"}, t("analysis.axis_end")));
    svg.addEventListener("click", (e) => {
      const box = svg.getBoundingClientRect();
      const at = ((e.clientX - box.left) / box.width) * width;
      jump(Math.max(0, Math.min(place.steps, Math.round(((at - left) / (width - left - right)) * steps))));
    });
    return h("div", {class: "analysis-graph-box"}, svg);
  }

  // The decision taken at the step shown (the position before its action), if the viewpoint may
  // see it: its options by chance to win, the best and the played one marked, and the verdict.
  function atStep(a) {
    const here = a.decisions.find((d) => d.index === place.step);
    const before = [...a.decisions].reverse().find((d) => d.index < place.step);
    const after = a.decisions.find((d) => d.index > place.step);
    const marked = a.decisions.find((d) => d.index > place.step && d.judgement);
    const nav = h("div", {class: "row analysis-nav"},
      h("button", {class: "small", disabled: !before, "data-testid": "analysis-prev", onclick: () => jump(before.index)}, t("analysis.prev")),
      h("button", {class: "small", disabled: !after, "data-testid": "analysis-next", onclick: () => jump(after.index)}, t("analysis.next")),
      h("button", {class: "small", disabled: !marked, "data-testid": "analysis-next-marked", onclick: () => jump(marked.index)},
        t("analysis.next_marked")));
    if (!here) return h("div", {class: "analysis-step", "data-testid": "analysis-step"}, h("p", {class: "muted"}, t("analysis.none_here")), nav);
    const order = [...here.options].sort((p, q) => (q.win ?? -1) - (p.win ?? -1) || q.visits - p.visits);
    const verdict = here.taken === here.best ? t("analysis.played_best")
      : here.judgement ? t("analysis.verdict", {word: t(`analysis.${here.judgement}`), p: Math.round(here.loss * 100)})
      : here.loss !== null ? t("analysis.close", {p: Math.round(here.loss * 100)}) : t("analysis.untried_played");
    return h("div", {class: "analysis-step", "data-testid": "analysis-step"},
      h("h3", {}, t("analysis.options", {name: place.names[here.seat]})),
      h("p", {class: `analysis-verdict ${here.judgement || "fine"}`, "data-testid": "analysis-verdict"}, verdict),
      h("ol", {class: "analysis-options", "data-testid": "analysis-options"}, order.map((o) => h("li", {
        class: [o.action === here.best ? "best" : "", o.action === here.taken ? "played" : ""].join(" ").trim() || null,
        "data-testid": o.action === here.best ? "analysis-best" : o.action === here.taken ? "analysis-played" : "analysis-option"},
        h("span", {class: "analysis-win"}, o.win === null ? "—" : percent(o.win)),
        h("span", {class: "analysis-text"},
          o.action === here.best ? h("span", {class: "badge best"}, "★ ", t("analysis.best")) : null,
          o.action === here.taken ? h("span", {class: "badge played"}, "✓ ", t("analysis.played")) : null,
          capital(o.text)),
        h("span", {class: "analysis-nums muted small"},
          o.win === null ? t("analysis.untried") : [t("analysis.score", {s: number(o.score)}), " · ", t("analysis.visits", {n: o.visits})])))),
      nav);
  }

  function capital(text) {
    return text ? text[0].toLocaleUpperCase(lang()) + text.slice(1) : text;
  }

  let width = 0;
  window.addEventListener("resize", () => {
    if (Math.abs(el.clientWidth - width) > 30 && answers.get(place ? key() : "")) { width = el.clientWidth; draw(); }
  });

  return {
    // The replay drew a step: follow it (a new viewpoint or language asks the server again).
    show(step, steps, viewpoint, names) {
      place = {step, steps, viewpoint, names};
      width = el.clientWidth;
      const k = key();
      if (!answers.has(k) && k !== answered && asking !== k) ask();
      else draw();
    },
  };
}
