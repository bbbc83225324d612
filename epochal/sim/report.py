"""The tournament report: one self-contained HTML file with its plots embedded as PNG."""

from __future__ import annotations

import base64
import html
import importlib
import io
import json
from pathlib import Path

from epochal.extras import require


def _pyplot():
    """matplotlib's pyplot drawing off screen (Agg); the lab extra installs it."""
    matplotlib = require("matplotlib", "lab", "the report's plots")
    matplotlib.use("Agg")
    return importlib.import_module("matplotlib.pyplot")


def _png(fig) -> str:
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=110, bbox_inches="tight")
    _pyplot().close(fig)
    return base64.b64encode(buffer.getvalue()).decode()


def _rates_plot(title: str, rates: dict[str, dict]) -> str:
    names = [k for k, v in rates.items() if v["games"]]
    values = [rates[k]["win_rate"] for k in names]
    low = [rates[k]["win_rate"] - rates[k]["ci95"][0] for k in names]
    high = [rates[k]["ci95"][1] - rates[k]["win_rate"] for k in names]
    fig, ax = _pyplot().subplots(figsize=(max(4, 1.1 * len(names) + 2), 3.2))
    ax.bar(names, values, yerr=[low, high], capsize=5, color="#4a7bb7")
    ax.set_ylim(0, 1)
    ax.set_ylabel("win rate (95% CI)")
    ax.set_title(title)
    ax.tick_params(axis="x", rotation=20)
    return _png(fig)


def _hist_plot(title: str, series: dict[str, list[float]], xlabel: str) -> str:
    fig, ax = _pyplot().subplots(figsize=(6, 3.2))
    for name, values in series.items():
        if values:
            ax.hist(values, bins=20, alpha=0.55, label=name)
    ax.set_xlabel(xlabel)
    ax.set_ylabel("games")
    ax.set_title(title)
    if len(series) > 1:
        ax.legend()
    return _png(fig)


def write_report(result: dict, out: Path) -> tuple[Path, Path]:
    """Write ``tournament.json`` and ``report.html`` into ``out``; return their paths."""
    out.mkdir(parents=True, exist_ok=True)
    json_path = out / "tournament.json"
    json_path.write_text(json.dumps(result, indent=1, ensure_ascii=False))
    stats = result["stats"]
    matches = [m for m in result["matches"] if not m["error"]]
    scores: dict[str, list[float]] = {a: [] for a in stats["per_agent"]}
    for m in matches:
        for seat, agent in enumerate(m["agents"]):
            scores[agent].append(m["scores"][seat])
    plots = [
        ("Win rate per agent", _rates_plot("per agent", stats["per_agent"])),
        ("Win rate per seat", _rates_plot("per seat", {f"seat {i}": r for i, r in enumerate(stats["per_seat"])})),
    ]
    if stats["first_player"]:
        plots.append(
            ("First-player advantage", _rates_plot("first player of the game", {"first player": stats["first_player"]}))
        )
    if stats["per_label"]:
        plots.append(("Win rate per nation / faction / start card", _rates_plot("per label", stats["per_label"])))
    plots.append(("Score distribution", _hist_plot("final scores", scores, "score")))
    plots.append(
        ("Game length", _hist_plot("decisions per game", {"games": [m["decisions"] for m in matches]}, "decisions"))
    )
    rows = "".join(
        f"<tr><td>{html.escape(a)}</td><td>{r['games']}</td><td>{r['wins']}</td>"
        f"<td>{r['win_rate']}</td><td>{r['ci95'][0]}–{r['ci95'][1]}</td><td>{r['mean_score']}</td>"
        f"<td>{stats['ratings'].get(a, '')}</td></tr>"
        for a, r in stats["per_agent"].items()
    )
    figures = "".join(
        f"<h2>{html.escape(t)}</h2><img alt='{html.escape(t)}' src='data:image/png;base64,{b64}'>" for t, b64 in plots
    )
    page = f"""<!doctype html><html lang="en"><head><meta charset="utf-8">
<title>Epochal tournament: {html.escape(result["game"])}</title>
<style>body{{font-family:system-ui,sans-serif;max-width:960px;margin:2em auto;color:#222}}
table{{border-collapse:collapse}}td,th{{border:1px solid #ccc;padding:4px 10px;text-align:right}}
td:first-child{{text-align:left}}img{{max-width:100%}}.note{{color:#8a5a00}}</style></head><body>
<h1>{html.escape(result["game"])}: {result["games"]} games, {result["players"]} players</h1>
<p>Agents: {html.escape(", ".join(result["agents"]))}; seed {result["seed"]};
backend {html.escape(result["backend"])} × {result["workers"]}; finished {stats["finished"]},
errors {stats["errors"]}; mean length {stats["mean_length"]} decisions.</p>
<p class="note">Card data: {html.escape(result["data_status"])}</p>
<table><tr><th>agent</th><th>seats played</th><th>wins</th><th>win rate</th><th>95% CI</th>
<th>mean score</th><th>rating (Elo scale)</th></tr>{rows}</table>
{figures}</body></html>"""
    html_path = out / "report.html"
    html_path.write_text(page)
    return json_path, html_path
