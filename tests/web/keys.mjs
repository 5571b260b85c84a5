// The board by keyboard alone and for a screen reader, in a real browser: the grid's cells named, arrows to a
// square, Enter to pick and Enter to play, a piece's letter to drop it, the opponent's move and the deadline said
// in the live region.
//   node tests/web/keys.mjs URL
import { run, check, newPage, play, openGame, waitPly, sleep, Client, fromPosition } from './lib.mjs';

const [url] = process.argv.slice(2);
const said = (page) => page.$eval('#announce', (e) => e.textContent);
const focused = (page) => page.evaluate(() => document.activeElement && document.activeElement.dataset.key);
const press = async (page, ...ks) => { for (const k of ks) { await page.keyboard.press(k); await sleep(30); } };

await run(async (browser) => {
  // a one-minute deadline, so the page says it at once
  const a = new Client(url), b = new Client(url);
  await a.signup('kay');
  await b.signup('lee');
  const ch = await a.post('/api/challenges', { deadline: 60 });
  const g = await b.post(`/api/challenges/${ch.id}/accept`, {});
  const game = g.you === 'black' ? { id: g.id, black: b, white: a } : { id: g.id, black: a, white: b };
  const ctx = await browser.createBrowserContext();
  const page = await newPage(ctx);
  await game.black.enter(page);
  await openGame(page, url, game.id);
  check('the board is a grid of 81 named cells', await page.$$eval('#board-keys [role=gridcell]', (c) => c.length) === 81);
  check('a cell says its square and piece', await page.$eval('#board-keys [data-key="7g"]', (c) => c.getAttribute('aria-label')) === '7g, Black pawn');
  check('one tab stop', await page.$$eval('#board-keys [tabindex="0"]', (c) => c.length) === 1);
  await page.waitForFunction(() => /left for your move/.test(document.getElementById('announce').textContent), { timeout: 5000 });
  check('the deadline is said', /1 minute left for your move/.test(await said(page)), await said(page));
  await page.focus('#board-keys [tabindex="0"]');
  await press(page, 'ArrowDown', 'ArrowDown', 'ArrowLeft', 'ArrowLeft');
  check('arrows move between squares', await focused(page) === '7g', await focused(page));
  await press(page, 'Enter');
  check('Enter picks the piece and says its moves', /pawn on 7g picked: 7f/.test(await said(page)), await said(page));
  await press(page, 'ArrowUp', 'Enter');
  await waitPly(page, 1);
  check('Enter on the destination plays it', await page.$eval('#moves li', (li) => li.getAttribute('data-usi')) === '7g7f');
  await play(game, ['3c3d']);
  await waitPly(page, 2);
  await page.waitForFunction(() => /P-3d/.test(document.getElementById('announce').textContent), { timeout: 5000 });
  check('the opponent\'s move is said', /P-3d/.test(await said(page)), await said(page));
  // a drop by its letter: the bishops exchanged, Black drops one on 5e
  await play(game, ['8h2b+', '3a2b']);
  await waitPly(page, 4);
  check('the hands are described', /Your hand: 1 bishop/.test(await page.$eval('#hands-text', (e) => e.textContent)));
  await page.focus('#board-keys [tabindex="0"]');
  await page.keyboard.down('Control');
  await press(page, 'Home');
  await page.keyboard.up('Control');
  const start = await focused(page);
  check('Ctrl+Home goes to the top left', start === '9a', start);
  for (let i = 0; i < 4; i++) await press(page, 'ArrowDown');
  for (let i = 0; i < 4; i++) await press(page, 'ArrowRight');
  await press(page, 'b');
  await waitPly(page, 5);
  check('a letter drops the piece', await page.$$eval('#moves li', (li) => li[4].getAttribute('data-usi')) === 'B*5e');

  // the promotion question by keyboard: a silver entering the zone, where promoting is a choice
  const guest = new Client(url);
  const pg = await fromPosition(guest, '4k4/9/9/5S3/9/9/9/9/4K4 b - 1', '4k4/9/9/9/9/3s5/9/9/4K4 w - 1');
  const [from, to] = pg.you === 'black' ? ['4d', '4c'] : ['6f', '6g'];
  const gpage = await newPage(await browser.createBrowserContext());
  await guest.enter(gpage);
  await openGame(gpage, url, pg.id);
  await gpage.focus('#board-keys [tabindex="0"]');
  const walk = async (key) => {
    for (let i = 0; i < 20 && await focused(gpage) !== key; i++) {
      const at = await focused(gpage);
      const gote = pg.you === 'white';
      const df = Number(key[0]) - Number(at[0]), dr = key.charCodeAt(1) - at.charCodeAt(1);
      if (df) await press(gpage, (df > 0) !== gote ? 'ArrowLeft' : 'ArrowRight');
      else if (dr) await press(gpage, (dr > 0) !== gote ? 'ArrowDown' : 'ArrowUp');
    }
  };
  await walk(from);
  await press(gpage, 'Enter');
  await walk(to);
  await press(gpage, 'Enter');
  await gpage.waitForFunction(() => !document.getElementById('promote-ask').hidden, { timeout: 5000 });
  check('the promotion question is asked by keyboard, focus on it', await gpage.evaluate(() => document.activeElement.id) === 'promote-yes');
  await press(gpage, 'Enter');
  await waitPly(gpage, 1);
  check('Enter promotes', await gpage.$eval('#moves li', (li) => li.getAttribute('data-usi')) === `${from}${to}+`);
  check('no script errors on the second page', gpage.errors.length === 0, gpage.errors.join('; '));
  check('no script errors', page.errors.length === 0, page.errors.join('; '));
});
