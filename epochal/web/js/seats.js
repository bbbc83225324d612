// The seats this browser was given (a game it created, a seat link it opened), kept in the
// browser's own storage: the server's lobby never lists a seat's link, so a person who closes
// the tab finds the seat again under "My games".
import {api} from "./dom.js";

const KEY = "epochal.seats";
const MOST = 50;

export function remembered() {
  try {
    const list = JSON.parse(localStorage.getItem(KEY) || "[]");
    return Array.isArray(list) ? list.filter((s) => s && typeof s.id === "string" && typeof s.link === "string") : [];
  } catch {
    return [];
  }
}

// {id, seat, name, link}: the newest first, one entry per seat. A browser with a player key
// attaches each new seat to it (quietly: the seat is kept here either way).
export function remember(entry, attach = true) {
  const all = remembered();
  const known = all.some((s) => s.id === entry.id && s.seat === entry.seat && s.link === entry.link);
  const rest = all.filter((s) => !(s.id === entry.id && s.seat === entry.seat));
  localStorage.setItem(KEY, JSON.stringify([{...entry, at: Date.now()}, ...rest].slice(0, MOST)));
  const secret = seatSecret(entry.link);
  if (attach && !known && playerKey() && secret) {
    api("POST", "/api/keys", {key: playerKey(), seats: [{game: entry.id, token: secret}]}).catch(() => {});
  }
}

export function seatSecret(link) {
  return new URLSearchParams(link.split("#")[1] || "").get("seat");
}

// The person's player key: one secret that lists their seats on any device (kept here only).
const PLAYER_KEY = "epochal.key";

export function playerKey() {
  return localStorage.getItem(PLAYER_KEY);
}

export function setPlayerKey(key) {
  if (key) localStorage.setItem(PLAYER_KEY, key);
  else localStorage.removeItem(PLAYER_KEY);
}

export function forget(id, seat) {
  localStorage.setItem(KEY, JSON.stringify(remembered().filter((s) => !(s.id === id && s.seat === seat))));
}

// The host links this browser holds (the person who created a table), by game id: the table page
// shows its host panel wherever the host opens the game in this browser.
const HOSTS = "epochal.hosts";

function hosts() {
  try {
    const all = JSON.parse(localStorage.getItem(HOSTS) || "{}");
    return all && typeof all === "object" && !Array.isArray(all) ? all : {};
  } catch {
    return {};
  }
}

export function rememberHost(id, token) {
  const kept = Object.entries(hosts()).filter(([gid]) => gid !== id).slice(-(MOST - 1));
  localStorage.setItem(HOSTS, JSON.stringify(Object.fromEntries([...kept, [id, token]])));
}

export function hostOf(id) {
  const token = hosts()[id];
  return typeof token === "string" ? token : null;
}

export function hostedGames() {
  return Object.keys(hosts());
}
