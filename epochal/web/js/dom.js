// A tiny element builder: h("div", {class: "x", "data-id": 3, onclick: f}, child, "text", [more]).
// Text always goes in as text nodes, so nothing the server sends is ever parsed as HTML.

export function h(tag, attrs, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key.startsWith("on") && typeof value === "function") el.addEventListener(key.slice(2), value);
    else if (key === "style" && typeof value === "object") Object.assign(el.style, value);
    else el.setAttribute(key, value === true ? "" : String(value));
  }
  append(el, children);
  return el;
}

function append(el, children) {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    if (Array.isArray(child)) append(el, child);
    else el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

// Replace the content of `el` with `children`.
export function fill(el, ...children) {
  el.replaceChildren();
  append(el, children);
  return el;
}

// `token`: a seat's secret (X-Seat-Token), or {host: secret} for the host's requests.
export async function api(method, path, body, token) {
  const headers = {};
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token?.host) headers["X-Host-Token"] = token.host;
  else if (token) headers["X-Seat-Token"] = token;
  const res = await fetch(path, {method, headers, body: body === undefined ? undefined : JSON.stringify(body)});
  const data = await res.json().catch(() => null);
  // A body cut short (a busy or restarting server) is no answer: an error without a status, as
  // a dropped connection is, so callers retry it or say the server is unreachable.
  if (data === null) throw Object.assign(new Error(res.statusText || "unreadable answer"), {data: {error: "bad_response"}});
  if (!res.ok) throw Object.assign(new Error(data.detail || data.error), {status: res.status, data});
  return data;
}
