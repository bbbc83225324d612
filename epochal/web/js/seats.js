// The seats this browser was given (a game it created, a seat link it opened), kept in the
// browser's own storage: the server's lobby never lists a seat's link, so a person who closes
// the tab finds the seat again under "My games".
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

// {id, seat, name, link}: the newest first, one entry per seat.
export function remember(entry) {
  const rest = remembered().filter((s) => !(s.id === entry.id && s.seat === entry.seat));
  localStorage.setItem(KEY, JSON.stringify([{...entry, at: Date.now()}, ...rest].slice(0, MOST)));
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
