// make bench BENCH=web: how long a page takes from a cold browser cache (a new browser context each
// time, the cache off) to usable: the lobby's HTML and scripts loaded, and a game page's board drawn with
// its pieces.
//   node tests/bench/web_page.mjs BASE [RUNS] [OTHER_BASE]
// With OTHER_BASE (another komadai --serve, e.g. main's pages: --root DIR) both sites are loaded in turns,
// RUNS rounds, each round's first site alternating, so a machine's load falls on both alike.  TRACE=DIR
// also records TRACE_RUNS (3) DevTools traces of each site's game page (DIR/game-SITE-ROUND.json), in turns,
// and prints the median work of the renderer's main thread until the board was painted (its wall time busy
// and its CPU time, the CPU time by kind: a loaded machine's preemption is not in it), and the
// median trace's tasks and requests (tests/bench/trace_summary.mjs); RUNS 0 with TRACE: the traces alone.  Each figure is a median; the game page's is given
// three ways: puppeteer's wall time to its waitForSelector (its own round trips through DevTools in it),
// and the page's own clock from its navigation's start to the board's first piece in the document and to
// the frame after it (painted).
import { loadavg } from 'node:os';
import { mkdirSync, readFileSync } from 'node:fs';
import { Client, run, newPage } from '../web/lib.mjs';
import { summarise, format } from './trace_summary.mjs';

const [base, runsArg = '5', other] = process.argv.slice(2);
const runs = Number(runsArg);
if (!base || !(runs >= 0)) {
  process.stderr.write('usage: web_page.mjs BASE [RUNS] [OTHER_BASE]\n');
  process.exit(2);
}
const sites = other ? [base, other] : [base];
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const load = () => loadavg().map((x) => x.toFixed(1)).join(' ');
const PIECE = '#board sg-board sg-pieces piece';

// one cold load of base+path in a new context: {wall, clock, drawn, painted} in ms
async function coldLoad(browser, url, board, trace) {
  const ctx = await browser.createBrowserContext(); // an empty cache and no cookies
  const page = await newPage(ctx);
  await page.setCacheEnabled(false);
  // the page's own clock when its board's first piece is in the document, and a frame later (painted):
  // what the waitForSelector below sees only after its own round trips through DevTools
  if (board) {
    // (console.timeStamp: the same moments in a trace, and the page's clock at one of them, which places
    // the trace's own times against the page's clock)
    await page.evaluateOnNewDocument((sel) => {
      window.clockAt = performance.now();
      console.timeStamp('komadai clock');
      new MutationObserver((_, mo) => {
        if (!document.querySelector(sel)) return;
        mo.disconnect();
        window.boardDrawn = performance.now();
        console.timeStamp('board drawn');
        requestAnimationFrame(() => setTimeout(() => {
          window.boardPainted = performance.now();
          console.timeStamp('board painted');
        }));
      }).observe(document, { childList: true, subtree: true });
    }, PIECE);
  }
  if (trace) await page.tracing.start({ path: trace, screenshots: false });
  const t0 = performance.now();
  await page.goto(url, { waitUntil: 'load' });
  if (board) await page.waitForSelector(PIECE);
  const r = { wall: performance.now() - t0 };
  // the page's own clock: from its navigation's start to now (the browser's new context not in it)
  r.clock = await page.evaluate(() => performance.now());
  if (board) {
    await page.waitForFunction(() => window.boardPainted);
    [r.drawn, r.painted, r.clockAt] = await page.evaluate(() => [window.boardDrawn, window.boardPainted, window.clockAt]);
  }
  if (trace) await page.tracing.stop();
  // (a page without a board: only its missing /favicon.ico would be said)
  if (board && page.errors.length) throw new Error(`${url}: ${page.errors.join('; ')}`);
  await ctx.close();
  return r;
}

const ms = (x) => `${x.toFixed(0)} ms`;
await run(async (browser) => {
  console.log(`web page: the machine's load (1, 5, 15 min) at the start: ${load()}`);
  const games = [];
  for (const s of sites) games.push((await new Client(s).post('/api/bot-games', { level: 1 })).id);
  const pages = [
    // the floor: one small file, in a new context, so the browser's own cost per cold load shows
    ['one small file alone (the browser\'s floor)', () => '/pieces/king.svg', false],
    ['the lobby (index.html, its scripts)', () => '/', false],
    ['a game page (HTML, scripts, the board and its pieces)', (i) => `/game.html?id=${games[i]}`, true],
  ];
  for (const [name, path, board] of runs ? pages : []) { // RUNS 0: the traces alone
    const got = sites.map(() => []);
    for (let round = 0; round < runs; round++) {
      for (let k = 0; k < sites.length; k++) {
        const i = (k + round) % sites.length;
        got[i].push(await coldLoad(browser, sites[i] + path(i), board));
      }
    }
    for (let i = 0; i < sites.length; i++) {
      const g = got[i], wall = g.map((r) => r.wall);
      const who = sites.length > 1 ? ` [${sites[i]}]` : '';
      console.log(`web page: ${name}${who}: median ${ms(median(wall))} of ${runs} cold loads (min ${ms(Math.min(...wall))}, ` +
        `max ${ms(Math.max(...wall))}); by the page's own clock from its navigation: ${ms(median(g.map((r) => r.clock)))}` +
        (board ? `, the board's first piece in the document at ${ms(median(g.map((r) => r.drawn)))} and painted at ` +
          `${ms(median(g.map((r) => r.painted)))} (min ${ms(Math.min(...g.map((r) => r.painted)))})` : '') + '; goal < 100 ms');
    }
  }
  if (process.env.TRACE) {
    // TRACE_RUNS traces of each site's game page, in turns: the medians of the main thread's work until the
    // board was painted, then the trace of the median busy time in full
    mkdirSync(process.env.TRACE, { recursive: true });
    const n = Number(process.env.TRACE_RUNS || 3);
    const got = sites.map(() => []);
    for (let round = 0; round < n; round++) {
      for (let k = 0; k < sites.length; k++) {
        const i = (k + round) % sites.length;
        const file = `${process.env.TRACE}/game-${i}-${round}.json`;
        const r = await coldLoad(browser, sites[i] + pages[2][1](i), true, file);
        got[i].push({ file, r, s: summarise(JSON.parse(readFileSync(file, 'utf8')), { urlPart: 'game.html', clockAt: r.clockAt }) });
      }
    }
    for (let i = 0; i < sites.length; i++) {
      const g = got[i].filter((t) => !t.s.error);
      if (!g.length) { console.log(`web page: no trace of [${sites[i]}]: ${got[i][0].s.error}`); continue; }
      const kinds = [...new Set(g.flatMap((t) => Object.keys(t.s.byKind)))];
      const med = kinds.map((k) => [k, median(g.map((t) => t.s.byKind[k] || 0))]).sort((a, b) => b[1] - a[1]);
      const mid = [...g].sort((a, b) => a.s.busy - b.s.busy)[Math.floor(g.length / 2)];
      console.log(`web page: ${g.length} traces of the game page [${sites[i]}]: the main thread until the board was painted, ` +
        `medians: busy ${ms(median(g.map((t) => t.s.busy)))}, its CPU ${ms(median(g.map((t) => t.s.busyCpu)))}, by kind: ${med.map(([k, v]) => `${k} ${v.toFixed(1)}`).join(', ')}; ` +
        `painted at ${ms(median(g.map((t) => t.r.painted)))}`);
      console.log(`web page: the median one, ${mid.file} (painted at ${ms(mid.r.painted)}):`);
      console.log(format(mid.s).replace(/^/gm, '  '));
    }
  }
  console.log(`web page: the machine's load at the end: ${load()}`);
});
