// The footer every page gets (js/footer.js): the version of the komadai serving it, from its
// Server header, and the links; no session is made for it.
//   node tests/web/footer.mjs URL
import { run, check, newPage } from './lib.mjs';

const [url] = process.argv.slice(2);
const base = url.replace(/\/$/, '');
const want = (await (await fetch(`${base}/`, { method: 'HEAD' })).headers.get('server')).replace('komadai/', 'komadai ');
await run(async (browser) => {
  for (const path of ['/', '/rules.html']) {
    const ctx = await browser.createBrowserContext();
    const page = await newPage(ctx);
    await page.goto(base + path, { waitUntil: 'load' });
    const got = await page.waitForFunction((w) => document.getElementById('version')?.textContent === w, { timeout: 5000 }, want)
      .then(() => true, () => false);
    check(`${path}: the footer says ${want}`, got);
    const links = await page.$$eval('footer.site-footer a', (as) => as.map((a) => a.getAttribute('href')).join(' '));
    check(`${path}: the footer links the rules and the lobby (${links})`, links === 'rules.html ./');
    check(`${path}: no script errors`, page.errors.length === 0, page.errors.join('; '));
    await ctx.close();
  }
});
