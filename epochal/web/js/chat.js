// The table's chat beside the log: every message as text (never parsed as HTML), the sender's
// name and the time; a line to write in for a seat (unless the host muted it) and, if the host
// allows it, for spectators. Messages come over the table's socket ({"type": "chat"}).
import {fill, h} from "./dom.js";
import {t} from "./i18n.js";

const $ = (id) => document.getElementById(id);
let messages = new Map();   // by number, so a message heard twice is shown once
let send = null;

export function startChat(sendText) {
  send = sendText;
  $("chat-form").addEventListener("submit", (e) => {
    e.preventDefault();
    const input = $("chat-input");
    const text = input.value.trim();
    if (text && send(text)) input.value = "";
  });
}

export function chatReceived(msg, meta) {
  if (msg.all) messages = new Map();
  for (const m of msg.messages) messages.set(m.n, m);
  drawChat(meta);
}

// Who may read and write changes with the host's settings (the status line's meta).
export function drawChat(meta) {
  const readable = meta && (meta.seat !== null || meta.spectator_chat !== "off");
  $("chat-box").hidden = !readable;
  if (!readable) return;
  const writes = meta.seat !== null ? !meta.muted?.[meta.seat] : meta.spectator_chat === "write";
  $("chat-form").hidden = !writes;
  $("chat-muted").hidden = !(meta.seat !== null && meta.muted?.[meta.seat]);
  const list = $("chat");
  const atBottom = list.scrollHeight - list.scrollTop - list.clientHeight < 40;
  fill(list, [...messages.values()].sort((a, b) => a.n - b.n).map((m) => h("li", {"data-testid": "chat-message"},
    h("b", {class: m.seat === meta.seat && m.seat !== null ? "me" : ""}, m.seat === null ? t("table.spectator") : m.name), " ",
    h("span", {class: "muted small"}, new Date(m.at).toLocaleTimeString([], {hour: "2-digit", minute: "2-digit"})), " ",
    h("span", {class: "chat-text"}, m.text))));
  if (atBottom) list.scrollTop = list.scrollHeight;
}
