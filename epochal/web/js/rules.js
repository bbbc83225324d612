// The rules summary of a game, in our own words (GET /api/meta/<game>/rules): every rule number
// shown on a page is a link that opens its summary in a small pop-up, and the full summary is the
// page /rules/<game>.
import {api, fill, h} from "./dom.js";
import {lang, t} from "./i18n.js";

let game = null;
let summary = null;          // rule -> text, once loaded for (game, language)
let loaded = "";

export function rulesFor(name) {
  game = name;
}

async function rules() {
  const key = `${game}/${lang()}`;
  if (loaded !== key) {
    summary = (await api("GET", `/api/meta/${encodeURIComponent(game)}/rules?lang=${lang()}`).catch(() => ({rules: {}}))).rules;
    loaded = key;
  }
  return summary;
}

// A rule number as a link to its summary ("R38"; the specs' ambiguities and data notes "A24",
// "G5" too); a list of them ("R38, R40") as one link each.
const CODE = /^[RAG]\d+[a-z]?$/;

export function ruleLink(rule) {
  const parts = String(rule).split(/(\b[RAG]\d+[a-z]?\b)/);
  return parts.map((part) => CODE.test(part)
    ? h("a", {class: "rule", href: `/rules/${encodeURIComponent(game)}?lang=${lang()}#${part}`, "data-rule": part,
              title: t("table.rule_open")}, part)
    : part);
}

document.addEventListener("click", async (e) => {
  const link = e.target.closest("a.rule[data-rule]");
  if (!link || e.ctrlKey || e.metaKey) return;
  e.preventDefault();
  const text = (await rules())[link.dataset.rule];
  let pop = document.getElementById("rule-pop");
  if (!pop) {
    pop = h("div", {id: "rule-pop", class: "rule-pop", role: "dialog", "data-testid": "rule-summary"});
    document.body.append(pop);
  }
  fill(pop, h("b", {}, link.dataset.rule), " ", text || t("table.rule_missing"), " ",
       h("a", {href: link.href, target: "_blank"}, t("table.rules_all")),
       h("button", {class: "close", "aria-label": t("table.close_popup"), onclick: () => { pop.hidden = true; }}, "×"));
  pop.hidden = false;
});
