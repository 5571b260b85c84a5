// What the browser tests (tests/web/*.mjs, run by tests/sh/browser.sh) share: headless chromium through
// puppeteer-core, an API client with its own cookie (a second player, or the setter of a position), the
// board's geometry and the mouse moves on it.  A test prints one line a check, "ok NAME" or "FAIL NAME",
// and exits 1 after a failure.
import puppeteer from 'puppeteer-core';

let failures = 0;
export function check(name, cond, detail) {
  console.log(`${cond ? 'ok' : 'FAIL'} ${name}${!cond && detail !== undefined ? `: ${detail}` : ''}`);
  if (!cond) failures++;
  return cond;
}

// run(body): body(browser) with a launched browser; a throw is one failure; the browser always closes
export async function run(body) {
  const browser = await puppeteer.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    // the omnibox popup's WebUI: headless chromium builds it in a renderer of its own for every new browser
    // context (some 80 chrome:// modules), a browser's own work that a user's long-open window did long ago
    // and that took a core from the page under test (tests/bench/web_page.mjs's cold loads)
    args: ['--no-sandbox', '--headless=new', '--disable-gpu', '--font-render-hinting=none',
      '--disable-features=WebUIOmniboxPopup,WebUIOmniboxFullPopup,WebUIOmniboxAimPopup'],
  });
  try {
    await body(browser);
  } catch (e) {
    check(`no exception (${e && e.stack ? e.stack.split('\n').slice(0, 3).join(' / ') : e})`, false);
  } finally {
    await browser.close();
  }
  process.exit(failures ? 1 : 0);
}

// a page that records its script errors in page.errors
export async function newPage(context, width = 1280, height = 900) {
  const page = await context.newPage();
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(String(e)));
  page.on('console', (m) => { if (m.type() === 'error') page.errors.push(m.text()); });
  await page.setViewport({ width, height });
  return page;
}

// An API client with its own session: new Client(base); await c.signup(); await c.post(path, body)
export class Client {
  constructor(base) { this.base = base.replace(/\/$/, ''); this.sid = null; this.csrf = null; }
  async req(method, path, body) {
    const headers = { Accept: 'application/json' };
    if (this.sid) headers.Cookie = `sid=${this.sid}`;
    if (method === 'POST') { headers['Content-Type'] = 'application/json'; headers['X-CSRF-Token'] = this.csrf || ''; }
    const res = await fetch(this.base + path, { method, headers, body: method === 'POST' ? JSON.stringify(body || {}) : undefined });
    for (const c of res.headers.getSetCookie()) {
      const m = c.match(/^sid=([^;]*)/);
      if (m) this.sid = m[1];
    }
    const text = await res.text();
    const data = text ? JSON.parse(text) : null;
    if (data && data.csrf) this.csrf = data.csrf;
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
    return data;
  }
  get(path) { return this.req('GET', path); }
  async post(path, body) { if (!this.csrf) await this.get('/api/session'); return this.req('POST', path, body); }
  async signup(name) {
    const n = `${name}${process.pid}${Math.floor(Math.random() * 1e6)}`;
    return this.post('/api/signup', { name: n, email: `${n}@example.org`, password: 'correct horse battery' });
  }
  // the session's cookie in a browser context, so its pages act as this player
  async enter(page) { await page.setCookie({ name: 'sid', value: this.sid, url: this.base }); }
}

// personGame(base) -> {id, black, white}: two new accounts, one challenge accepted; black and white are the
// clients of the colours the seed gave
export async function personGame(base) {
  const a = new Client(base), b = new Client(base);
  await a.signup('ann');
  await b.signup('bob');
  const ch = await a.post('/api/challenges', { deadline: 86400 });
  const g = await b.post(`/api/challenges/${ch.id}/accept`, {});
  return g.you === 'black' ? { id: g.id, black: b, white: a } : { id: g.id, black: a, white: b };
}

// fromPosition(client, sfenIfBlack, sfenIfWhite) -> GAME: a bot game from a position in which the seed made the
// client the side to move (the seed picks the colours, docs/WEB.md): the first SFEN has Black to move, the second
// the same for White
export async function fromPosition(client, ifBlack, ifWhite) {
  for (let i = 0; i < 16; i++) {
    let g = await client.post('/api/bot-games', { level: 1, sfen: ifBlack });
    if (g.you === 'black') return g;
    g = await client.post('/api/bot-games', { level: 1, sfen: ifWhite });
    if (g.you === 'white') return g;
  }
  throw new Error('the seed never gave the side to move');
}

// play(game, usis): the moves played through the API by whoever is to move
export async function play(game, usis) {
  let s = await game.black.get(`/api/games/${game.id}`);
  for (const usi of usis) {
    const who = s.to_move === 'black' ? game.black : game.white;
    s = await who.post(`/api/games/${game.id}/moves`, { move: usi, ply: s.ply });
  }
  return s;
}

// open the game page and wait for its board
export async function openGame(page, base, id) {
  await page.goto(`${base}/game.html?id=${id}`, { waitUntil: 'domcontentloaded' });
  await page.waitForSelector('#board sg-board sg-pieces piece');
  await page.waitForFunction(() => document.body.dataset.ply !== undefined);
}

export const waitPly = (page, n, timeout = 20000) =>
  page.waitForFunction((k) => Number(document.body.dataset.ply) >= k, { timeout }, n);

// the page's state from the API, in the page's own session
export const state = (page) => page.evaluate(async () => (await fetch(`/api/games/${new URLSearchParams(location.search).get('id')}`)).json());

// the centre of square "7g" on the page, from the board's box and orientation
export async function square(page, key) {
  const { box, gote } = await page.evaluate(() => {
    const r = document.querySelector('#board sg-board').getBoundingClientRect();
    return { box: { x: r.x, y: r.y, w: r.width, h: r.height }, gote: document.querySelector('#board').classList.contains('orientation-gote') };
  });
  const file = Number(key[0]);
  const rank = key.charCodeAt(1) - 96;
  const col = gote ? file - 1 : 9 - file;
  const row = gote ? 9 - rank : rank - 1;
  return { x: box.x + (col + 0.5) * box.w / 9, y: box.y + (row + 0.5) * box.h / 9 };
}

export async function drag(page, from, to) {
  const a = await square(page, from), b = await square(page, to);
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  await page.mouse.move(b.x, b.y, { steps: 8 });
  await page.mouse.up();
}

export async function click(page, key) {
  const a = await square(page, key);
  await page.mouse.click(a.x, a.y);
  await sleep(120); // two presses in quick succession are not two picks
}

// the squares the board marks as destinations, as keys ("7f"), sorted
export const shownDests = (page) => page.evaluate(() => {
  const out = [];
  const b = document.querySelector('#board sg-board').getBoundingClientRect();
  const gote = document.querySelector('#board').classList.contains('orientation-gote');
  for (const sq of document.querySelectorAll('#board sg-squares sq.dest')) {
    const r = sq.getBoundingClientRect();
    const col = Math.round((r.x - b.x) / (b.width / 9)), row = Math.round((r.y - b.y) / (b.height / 9));
    const file = gote ? col + 1 : 9 - col, rank = gote ? 9 - row : row + 1;
    out.push(`${file}${String.fromCharCode(96 + rank)}`);
  }
  return out.sort();
});

// the destinations of the server's legal moves from a square, as keys, sorted
export const legalFrom = (s, from) => [...new Set(s.legal.filter((u) => u.startsWith(from)).map((u) => u.slice(2, 4)))].sort();

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// page.click(selector) once the element stays in the document: a page that draws a list again (the drill
// list after each answer, say) can replace the element between puppeteer's finding it and its click, which
// throws "Node is detached from document" on a loaded machine; nothing was clicked then, so try again
export async function press(page, selector, tries = 30) {
  for (let i = 1; ; i++) {
    try {
      await page.waitForSelector(selector, { visible: true, timeout: 20000 });
      await page.click(selector);
      return;
    } catch (e) {
      if (i >= tries || !/detached|not clickable|No node found/.test(String(e))) throw e;
      await sleep(100);
    }
  }
}
