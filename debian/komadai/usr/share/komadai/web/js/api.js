// The site's JSON API (docs/WEB.md), as the pages call it: every POST carries
// the session's CSRF token; an error answer becomes a thrown Error whose
// message is the server's own words.

let csrf = null;

// session() -> {user, csrf}: who is logged in, and the token for POSTs
export async function session() {
  const s = await request('GET', '/api/session');
  csrf = s.csrf || null;
  return s;
}

// get(path) -> the answer's JSON
export function get(path) {
  return request('GET', path);
}

// post(path, body) -> the answer's JSON (the session is read first when no token is known yet)
export async function post(path, body) {
  if (csrf === null) await session();
  return request('POST', path, body);
}

async function request(method, path, body) {
  const headers = { Accept: 'application/json' };
  if (method === 'POST') {
    headers['Content-Type'] = 'application/json';
    if (csrf) headers['X-CSRF-Token'] = csrf;
  }
  const res = await fetch(path, {
    method,
    headers,
    credentials: 'same-origin',
    body: method === 'POST' ? JSON.stringify(body || {}) : undefined,
  });
  let data = null;
  const text = await res.text();
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = null;
    }
  }
  if (!res.ok) {
    const msg = data && data.error ? data.error : `${method} ${path}: HTTP ${res.status}`;
    const err = new Error(msg);
    err.status = res.status;
    throw err;
  }
  return data;
}

// list(x, key) -> an array whether the server answered [..] or {key: [..]}
export function list(x, key) {
  if (Array.isArray(x)) return x;
  if (x && Array.isArray(x[key])) return x[key];
  return [];
}

// el(tag, {class, text, attrs...}, children) -> an element (no HTML parsing, so no injection)
export function el(tag, props = {}, children = []) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(props)) {
    if (v === undefined || v === null || v === false) continue;
    if (k === 'class') e.className = v;
    else if (k === 'text') e.textContent = v;
    else if (k.startsWith('on')) e.addEventListener(k.slice(2), v);
    else e.setAttribute(k, v === true ? '' : String(v));
  }
  for (const c of children) if (c) e.append(c);
  return e;
}

// duration(seconds) -> "1 minute", "3 hours", "1 week", "2 days 4 hours"
export function duration(seconds) {
  const units = [
    ['week', 604800],
    ['day', 86400],
    ['hour', 3600],
    ['minute', 60],
    ['second', 1],
  ];
  const parts = [];
  let rest = Math.max(0, Math.round(seconds));
  for (const [name, n] of units) {
    const q = Math.floor(rest / n);
    if (q > 0) {
      parts.push(`${q} ${name}${q > 1 ? 's' : ''}`);
      rest -= q * n;
    }
    if (parts.length === 2) break;
  }
  return parts.length ? parts.join(' ') : '0 seconds';
}

// countdown(ms) -> "6d 23:59:58", "0:59", "0:00"
export function countdown(ms) {
  let s = Math.max(0, Math.ceil(ms / 1000));
  const d = Math.floor(s / 86400);
  s -= d * 86400;
  const h = Math.floor(s / 3600);
  s -= h * 3600;
  const m = Math.floor(s / 60);
  s -= m * 60;
  const two = (n) => String(n).padStart(2, '0');
  const clock = h > 0 || d > 0 ? `${h}:${two(m)}:${two(s)}` : `${m}:${two(s)}`;
  return d > 0 ? `${d}d ${clock}` : clock;
}
