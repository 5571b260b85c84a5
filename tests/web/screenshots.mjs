// The screenshots of docs/WEB_PAGES.md, made against a running komadai --serve:
//   node tests/web/screenshots.mjs URL DIR
// DIR/web-board-kanji.png, web-board-icons.png (a game between two accounts, seen by Black, pieces in hand),
// web-board-phone.png (a bot game at 360 px), web-rules.png (the rules page's top), web-lobby.png (the
// lobby of a logged-in player) and web-game.png (the whole game page: board, moves, actions, fair play).
import { run, newPage, personGame, play, openGame, sleep } from './lib.mjs';

const [url, dir] = process.argv.slice(2);
const game = await personGame(url);
await play(game, ['7g7f', '3c3d', '8h2b+', '3a2b', '2g2f', '8c8d', '2f2e', '8d8e', '6i7h', '4a3b', '2e2d', '2c2d', '2h2d', 'P*2c']);

await run(async (browser) => {
  const ctx = await browser.createBrowserContext();
  const page = await newPage(ctx, 820, 640);
  await game.black.enter(page);
  await openGame(page, url, game.id);
  await sleep(300);
  const area = await page.$('.board-area');
  await area.screenshot({ path: `${dir}/web-board-kanji.png` });
  await page.click('#piece-style');
  await sleep(200);
  await area.screenshot({ path: `${dir}/web-board-icons.png` });
  await page.click('#piece-style'); // this device back to kanji

  const phone = await newPage(await browser.createBrowserContext(), 360, 640);
  await phone.setViewport({ width: 360, height: 640, isMobile: true, hasTouch: true });
  await game.white.enter(phone);
  await openGame(phone, url, game.id);
  await sleep(300);
  await phone.screenshot({ path: `${dir}/web-board-phone.png` });

  const rules = await newPage(await browser.createBrowserContext(), 720, 720);
  await rules.goto(`${url}/rules.html#impasse`, { waitUntil: 'networkidle0' });
  await rules.waitForFunction(() => document.body.dataset.figures === 'filled');
  await rules.evaluate(() => document.getElementById('impasse').scrollIntoView());
  await sleep(200);
  await rules.screenshot({ path: `${dir}/web-rules.png` });

  // the lobby of a player with a game going, and the whole game page beside it
  const lobby = await newPage(await browser.createBrowserContext(), 980, 900);
  await game.black.enter(lobby);
  await lobby.goto(`${url}/`, { waitUntil: 'networkidle0' });
  await lobby.waitForSelector('#logged-in:not([hidden])');
  await sleep(300);
  await lobby.screenshot({ path: `${dir}/web-lobby.png` });
  await page.setViewport({ width: 1100, height: 760 });
  await page.evaluate(() => window.scrollTo(0, 0));
  await sleep(300);
  await page.screenshot({ path: `${dir}/web-game.png`, fullPage: true });
});
