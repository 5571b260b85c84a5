// A real browser plays the bot: headless chromium (Debian's) through puppeteer-core, against a running
// `komadai --serve`.  node tests/web/play_bot.mjs URL SHOT.png -> prints "ok ..." lines, exit 1 on a failure.
import puppeteer from 'puppeteer-core';

const [url, shot] = process.argv.slice(2);
const browser = await puppeteer.launch({
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  args: ['--no-sandbox', '--headless=new'],
});
let status = 0;
const check = (name, cond) => { console.log(`${cond ? 'ok' : 'FAIL'} ${name}`); if (!cond) status = 1; };
try {
  const page = await browser.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  await page.setViewport({ width: 1000, height: 800 });
  await page.goto(url, { waitUntil: 'domcontentloaded' });
  await page.waitForSelector('#bot-level option');
  await Promise.all([page.waitForNavigation(), page.click('#bot-play')]);
  check('the bot game opens', page.url().includes('game.html'));
  await page.waitForSelector('#board sg-board piece');
  const board = await page.$('#board sg-board');
  const box = await board.boundingBox();
  // sente's 7g pawn to 7f: the board is seen from sente, file 9 on the left, rank a at the top
  const sq = (file, rank) => ({ x: box.x + (9 - file + 0.5) * box.width / 9, y: box.y + (rank - 0.5) * box.height / 9 });
  const from = sq(7, 7), to = sq(7, 6);
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(to.x, to.y, { steps: 8 });
  await page.mouse.up();
  await page.waitForFunction(() => document.querySelectorAll('#moves li').length >= 2, { timeout: 20000 });
  const moves = await page.$$eval('#moves li', (li) => li.map((x) => x.textContent.trim()));
  check(`dragged 7g7f and the bot replied: ${moves.join(' | ')}`, moves.length >= 2 && /7f|７六/.test(moves[0]));
  check('the commitment is shown', /^[0-9a-f]{64}$/.test((await page.$eval('#commitment', (e) => e.textContent)).trim()));
  if (shot) await page.screenshot({ path: shot });
  check(`no script errors${errors.length ? ': ' + errors.join('; ') : ''}`, errors.length === 0);
} catch (e) {
  console.log(`FAIL ${e}`);
  status = 1;
} finally {
  await browser.close();
}
process.exit(status);
