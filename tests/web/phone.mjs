// The game on a phone, in a real browser: a 360 px wide touch screen; the board and both hands fit without
// scrolling sideways, a move is made by touch drag and the bot replies.
//   node tests/web/phone.mjs URL [SHOT.png]
import { run, check, newPage, waitPly, state, square, sleep } from './lib.mjs';

const [url, shot] = process.argv.slice(2);
await run(async (browser) => {
  const ctx = await browser.createBrowserContext();
  const page = await newPage(ctx, 360, 740);
  await page.setViewport({ width: 360, height: 740, isMobile: true, hasTouch: true, deviceScaleFactor: 1 });
  await page.goto(url, { waitUntil: 'domcontentloaded' });
  await page.waitForSelector('#bot-level option');
  await Promise.all([page.waitForNavigation(), page.tap('#bot-play')]);
  await page.waitForSelector('#board sg-board sg-pieces piece');
  let s = await state(page);
  if (s.you === 'white') { await waitPly(page, 1); s = await state(page); }
  const fit = await page.evaluate(() => {
    const r = (sel) => document.querySelector(sel).getBoundingClientRect();
    return { page: document.documentElement.scrollWidth, board: r('#board sg-board').right, left: r('#board sg-board').left,
      hands: [r('#hand-top'), r('#hand-bottom')].every((h) => h.right <= 361 && h.left >= -1), width: r('#board sg-board').width };
  });
  check('no sideways scrolling at 360 px', fit.page <= 360, fit.page);
  check('the board fits', fit.left >= 0 && fit.board <= 360 && fit.width > 300, JSON.stringify(fit));
  check('the hands fit', fit.hands);
  const [from, to] = s.you === 'black' ? ['7g', '7f'] : ['3c', '3d'];
  const a = await square(page, from), b = await square(page, to);
  const t = await page.touchscreen.touchStart(a.x, a.y);
  for (let i = 1; i <= 6; i++) { await t.move(a.x + (b.x - a.x) * i / 6, a.y + (b.y - a.y) * i / 6); await sleep(20); }
  await t.end();
  await waitPly(page, s.ply + 2);
  const moves = await page.$$eval('#moves li', (li) => li.map((x) => x.getAttribute('data-usi')));
  check(`a touch drag plays ${from}${to} and the bot replies`, moves[s.ply] === from + to && moves.length === s.ply + 2, moves.join(' '));
  await sleep(400); // the bot's piece comes to rest
  if (shot) await page.screenshot({ path: shot });
  check('no script errors', page.errors.length === 0, page.errors.join('; '));
});
