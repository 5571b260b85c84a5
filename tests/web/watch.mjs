// A spectator in a real browser follows a live CSA game (tests/sh/browser.sh starts komadai --csa-server
// --records DIR, a site with --watch DIR, and two scripts/csa-client bots that pause a move and comment it):
// the watch list shows the game live, its page follows it move by move (board, move list, the engines'
// score and PV, the mover's clock counting down), the flip button turns the board, and the result shows.
//   node tests/web/watch.mjs URL URL_OF_A_SITE_WITH_--watch
import { run, check, newPage } from './lib.mjs';

const base = process.argv[3].replace(/\/$/, '');

await run(async (browser) => {
  const page = await newPage(browser, 1100, 820);
  await page.goto(`${base}/watch.html`, { waitUntil: 'domcontentloaded' });
  await page.waitForSelector('#game-rows tr.live a', { timeout: 15000 });
  const row = await page.$eval('#game-rows tr.live', (tr) => [...tr.cells].map((c) => c.textContent));
  check('the list: the live game with its players and time', row[0] === 'watch_b' && row[1] === 'watch_w' && row[2] === '5 min + 10 s' && row[4] === 'live', row.join(' | '));
  await Promise.all([page.waitForNavigation(), page.click('#game-rows tr.live a')]);
  check('the game page opens', page.url().includes('spectate.html?id=komadai%2B'), page.url());
  await page.waitForFunction(() => document.body.classList.contains('live'), { timeout: 5000 });
  // move by move: the page's ply seen growing one at a time, the list and the board with it
  const seen = [];
  let ply = Number(await page.evaluate(() => document.body.dataset.ply));
  seen.push(ply);
  while (seen.length < 5) {
    await page.waitForFunction((p) => Number(document.body.dataset.ply) > p || document.body.dataset.status !== 'live', { timeout: 5000 }, ply);
    ply = Number(await page.evaluate(() => document.body.dataset.ply));
    seen.push(ply);
    if (await page.evaluate(() => document.body.dataset.status !== 'live')) break;
  }
  check('the page follows the game move by move', seen.length >= 4 && seen.every((p, i) => i === 0 || p === seen[i - 1] + 1), seen.join(' '));
  const live = await page.evaluate(() => ({
    moves: document.querySelectorAll('#moves li').length,
    ply: Number(document.body.dataset.ply),
    pieces: document.querySelectorAll('#board sg-pieces piece').length,
    comment: document.getElementById('comment').textContent,
    running: [...document.querySelectorAll('.player .clock.running')].map((e) => e.textContent),
    near: document.getElementById('near-name').textContent,
    status: document.getElementById('status').textContent,
  }));
  // WATCH_SHOTS=DIR: the screenshots of docs/WEB.md (the game live, then the list)
  if (process.env.WATCH_SHOTS) await page.screenshot({ path: `${process.env.WATCH_SHOTS}/web-watch.png` });
  check('the move list has every move', live.moves === live.ply, `${live.moves} / ${live.ply}`);
  check('the board shows the pieces', live.pieces >= 38, live.pieces);
  check('the engine comment: score and PV named', /^Engine: \d+ (P|L|N|S|G|B|R|K|\+)/.test(live.comment), live.comment);
  check('the mover\'s clock runs', live.running.length === 1 && /^[45]:\d\d$/.test(live.running[0]), live.running.join(','));
  check('the side to move said', /to move/.test(live.status), live.status);
  check('black near before the flip', live.near === 'watch_b', live.near);
  await page.click('#flip');
  const flipped = await page.evaluate(() => ({ near: document.getElementById('near-name').textContent }));
  check('the flip: white near', flipped.near === 'watch_w', flipped.near);
  // notation: the player's choice, the same list in Japanese
  await page.click('input[name=notation][value=japanese]');
  const ja = await page.$eval('#moves li .name', (e) => e.textContent);
  check('the move list in the notation chosen', /^[▲△]/.test(ja), ja);
  await page.waitForFunction(() => document.body.dataset.status === 'finished', { timeout: 20000 });
  const end = await page.evaluate(() => ({
    status: document.getElementById('status').textContent,
    moves: document.querySelectorAll('#moves li').length,
    running: document.querySelectorAll('.player .clock.running').length,
  }));
  check('the result at the end', end.status === 'Draw by the move limit.', end.status);
  check('every move at the end', end.moves === 16, end.moves);
  check('no clock runs after the end', end.running === 0, end.running);
  // the record: its CSA text to download, and the analysis board opening it (by the game's id)
  const links = await page.evaluate(() => [document.getElementById('rec-csa').getAttribute('href'),
    document.getElementById('analyse-link').getAttribute('href')]);
  const gid = new URL(page.url()).searchParams.get('id');
  check('the record and analysis links', links[0] === `/api/watch/${encodeURIComponent(gid)}/record` &&
    links[1] === `analysis.html?watch=${encodeURIComponent(gid)}`, links.join(' '));
  await page.click('#analyse-link');
  await page.waitForFunction(() => ['done', 'error'].includes(document.body.dataset.status), { timeout: 30000 });
  const an = await page.evaluate(() => ({ moves: document.querySelectorAll('#moves li').length, err: document.getElementById('error').textContent }));
  check('the analysis board opens the CSA record and analyses its 16 moves', an.moves === 16, JSON.stringify(an));
  await page.goto(`${base}/watch.html`, { waitUntil: 'domcontentloaded' });
  await page.waitForSelector('#game-rows tr.finished', { timeout: 5000 });
  const fin = await page.$eval('#game-rows tr.finished', (tr) => tr.cells[4].textContent);
  if (process.env.WATCH_SHOTS) await page.screenshot({ path: `${process.env.WATCH_SHOTS}/web-watch-list.png` });
  check('the list: the finished game with its result', fin === 'Draw by the move limit', fin);
  await page.goto(`${base}/`, { waitUntil: 'domcontentloaded' });
  check('the lobby links the watch list', await page.$('header a[href="watch.html"]') !== null);
  check('no script errors', page.errors.length === 0, page.errors.join('; '));
});
