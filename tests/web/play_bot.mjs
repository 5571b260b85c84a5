// Play the bot in a real browser: open the lobby, start a bot game, drag a pawn, see the bot reply.
//   node tests/web/play_bot.mjs URL [SHOT.png]
import { run, check, newPage, waitPly, state, drag } from './lib.mjs';

const [url, shot] = process.argv.slice(2);
await run(async (browser) => {
  const page = await newPage(browser);
  await page.goto(url, { waitUntil: 'domcontentloaded' });
  await page.waitForSelector('#bot-level option');
  await Promise.all([page.waitForNavigation(), page.click('#bot-play')]);
  check('the bot game opens', page.url().includes('game.html'));
  await page.waitForSelector('#board sg-board sg-pieces piece');
  let s = await state(page);
  // the seed gives the colours: with White, the bot moves first
  if (s.you === 'white') {
    await waitPly(page, 1);
    s = await state(page);
  }
  const move = s.you === 'black' ? ['7g', '7f'] : ['3c', '3d'];
  await drag(page, move[0], move[1]);
  await waitPly(page, s.ply + 2);
  const moves = await page.$$eval('#moves li', (li) => li.map((x) => x.getAttribute('data-usi')));
  check(`dragged ${move.join('')} as ${s.you} and the bot replied (${moves.join(' ')})`,
    moves[s.ply] === move.join('') && moves.length === s.ply + 2);
  check('the commitment is shown', /^[0-9a-f]{64}$/.test((await page.$eval('#commitment', (e) => e.textContent)).trim()));
  if (shot) await page.screenshot({ path: shot });
  check('no script errors', page.errors.length === 0, page.errors.join('; '));
});
