import { Client, run, newPage } from './lib.mjs';
const base = 'http://127.0.0.1:18558';
await run(async (browser) => {
  const c = new Client(base);
  const g = await c.post('/api/bot-games', { level: 1 });
  for (let k = 0; k < 3; k++) {
  const ctx = await browser.createBrowserContext();
  const page = await newPage(ctx);
  await page.setCacheEnabled(false);
  const t0 = performance.now();
  await page.goto(`${base}/game.html?id=${g.id}`, { waitUntil: 'load' });
  await page.waitForSelector('#board sg-board sg-pieces piece');
  const t2 = performance.now();
  const e = await page.evaluate(() => performance.getEntriesByType('resource').map((r) => [r.name.replace(location.origin, ''), Math.round(r.startTime), Math.round(r.responseEnd)]));
  const nav = await page.evaluate(() => { const n = performance.getEntriesByType('navigation')[0]; return [Math.round(n.responseEnd), Math.round(n.domContentLoadedEventEnd), Math.round(n.loadEventEnd)]; });
  console.log('total', (t2 - t0).toFixed(0), 'nav resp/dcl/load', nav.join('/'));
  console.log(e.filter((x) => /api|shogiground.js|game.js|coords|king|lance/.test(x[0])).map((x) => x.join(' ')).join('\n'));
  await ctx.close();
  }
});
