import { run, newPage, personGame, play, openGame } from './lib.mjs';
const [url, out] = process.argv.slice(2);
const game = await personGame(url);
await play(game, ['7g7f','3c3d','8h2b+','3a2b','B*4e','8c8d','4e3d','2b3c']);
await run(async (browser) => {
  const ctx = await browser.createBrowserContext();
  const p = await newPage(ctx, 900, 700);
  await game.white.enter(p);
  await openGame(p, url, game.id);
  await p.screenshot({ path: out });
});
