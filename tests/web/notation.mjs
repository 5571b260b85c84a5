// The move list's notation in a real browser: Western by default, Japanese by choice, the choice kept on this
// device (it survives a reload; a second browser context still shows Western), the names exactly the server's
// (the core's move names), and the keyboard's list named in the same notation.
//   node tests/web/notation.mjs URL
import { run, check, newPage, personGame, play, openGame, state } from './lib.mjs';

const [url] = process.argv.slice(2);
const game = await personGame(url);
const s = await play(game, ['7g7f', '3c3d', '8h2b+', '3a2b']);
const listed = (page) => page.$$eval('#moves li .name', (li) => li.map((x) => x.textContent));

await run(async (browser) => {
  const actx = await browser.createBrowserContext(), bctx = await browser.createBrowserContext();
  const a = await newPage(actx), b = await newPage(bctx);
  await game.black.enter(a);
  await openGame(a, url, game.id);
  check('Western by default, the server\'s names', JSON.stringify(await listed(a)) === JSON.stringify(s.moves.map((m) => m.western)),
    (await listed(a)).join(' '));
  await a.click('input[name=notation][value=japanese]');
  const ja = await listed(a);
  check('Japanese on choice, the server\'s names', JSON.stringify(ja) === JSON.stringify(s.moves.map((m) => m.japanese)), ja.join(' '));
  check('同 for a recapture', ja[3].includes('同'), ja[3]);
  const opt = await a.$eval('#move-select option', (o) => o.textContent);
  const st = await state(a);
  check('the keyboard list in the same notation', opt.startsWith(st.legal_names[0].japanese), opt);
  await a.reload({ waitUntil: 'domcontentloaded' });
  await a.waitForSelector('#moves li');
  check('the choice survives a reload', (await listed(a))[0] === s.moves[0].japanese);
  await game.white.enter(b);
  await openGame(b, url, game.id);
  check('another device still shows Western', (await listed(b))[0] === s.moves[0].western);
  for (const p of [a, b]) check('no script errors', p.errors.length === 0, p.errors.join('; '));
});
