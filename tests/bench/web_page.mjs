// make bench BENCH=web: how long a page takes from a cold browser cache (a new browser context each
// time) to usable: the lobby's HTML and scripts loaded, and a game page's board drawn with its pieces.
//   node tests/bench/web_page.mjs BASE [RUNS]
import { Client, run, newPage } from '../web/lib.mjs';

const [base, runs = 5] = process.argv.slice(2).map((v, i) => (i ? Number(v) : v));
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

await run(async (browser) => {
  const c = new Client(base);
  const g = await c.post('/api/bot-games', { level: 1 });
  const pages = [
    // the floor: one small file, in a new context, so the browser's own cost per cold load shows
    ['one small file alone (the browser\'s floor)', '/pieces/king.svg', async () => {}],
    ['the lobby (index.html, its scripts)', '/', async () => {}],
    ['a game page (HTML, scripts, the board and its pieces)', `/game.html?id=${g.id}`,
      (page) => page.waitForSelector('#board sg-board sg-pieces piece')],
  ];
  for (const [name, path, ready] of pages) {
    const times = [], inPage = [], drawn = [], painted = [];
    for (let i = 0; i < runs; i++) {
      const ctx = await browser.createBrowserContext(); // an empty cache and no cookies
      const page = await newPage(ctx);
      await page.setCacheEnabled(false);
      // the page's own clock when its board's first piece is in the document, and a frame later (painted):
      // what the waitForSelector below sees only after its own round trips through DevTools
      await page.evaluateOnNewDocument(() => {
        new MutationObserver((_, mo) => {
          if (!document.querySelector('#board sg-board sg-pieces piece')) return;
          mo.disconnect();
          window.boardDrawn = performance.now();
          requestAnimationFrame(() => setTimeout(() => { window.boardPainted = performance.now(); }));
        }).observe(document, { childList: true, subtree: true });
      });
      const t0 = performance.now();
      await page.goto(base + path, { waitUntil: 'load' });
      await ready(page);
      times.push(performance.now() - t0);
      // the page's own clock: from its navigation's start to now (the browser's new context not in it)
      inPage.push(await page.evaluate(() => performance.now()));
      if (name.startsWith('a game')) {
        await page.waitForFunction(() => window.boardPainted);
        const m = await page.evaluate(() => [window.boardDrawn, window.boardPainted]);
        drawn.push(m[0]);
        painted.push(m[1]);
      }
      await ctx.close();
    }
    console.log(`web page: ${name}: median ${median(times).toFixed(0)} ms of ${runs} cold loads ` +
      `(min ${Math.min(...times).toFixed(0)}, max ${Math.max(...times).toFixed(0)}; by the page's own clock from its ` +
      `navigation: median ${median(inPage).toFixed(0)} ms${drawn.length ? `, its board's pieces in the page at ${median(drawn).toFixed(0)} ms ` +
      `and painted at ${median(painted).toFixed(0)} ms` : ''}; goal < 100 ms)`);
  }
});
