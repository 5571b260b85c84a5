// The analysis board in a real browser: a KIF pasted and analysed (the progress bar while it runs), then
// the graph of its evaluation with the worst moves marked, the move list with each move's score, the
// board stepped by the arrow keys, a click on a move and on the graph, flipped, and the annotated KIF
// offered for download with its 評価値 comments.
//   node tests/web/analysis.mjs URL
import { run, check, newPage } from './lib.mjs';

const [url] = process.argv.slice(2);
// the opening of a real game (a 角換わり), as a user pastes it from a KIF file
const KIF = `# ---- Kifu for Windows ----
手合割：平手
先手：先手
後手：後手
手数----指手---------消費時間--
   1 ７六歩(77)
   2 ８四歩(83)
   3 ６八銀(79)
   4 ３四歩(33)
   5 ７七銀(68)
   6 ６二銀(71)
   7 ２六歩(27)
   8 ４二銀(31)
   9 ４八銀(39)
  10 ３二金(41)
`;

await run(async (browser) => {
  const ctx = await browser.createBrowserContext();
  let page = await newPage(ctx);
  await page.goto(url, { waitUntil: 'domcontentloaded' });
  check('the lobby links to the analysis board', (await page.$('a[href="analysis.html"]')) !== null);
  await page.goto(`${url}analysis.html`, { waitUntil: 'domcontentloaded' });
  // a bad record: the reader's message, where
  await page.type('#record', 'not a record\nat all\n');
  await page.click('#analyse');
  await page.waitForFunction(() => document.body.dataset.status === 'error');
  const err = await page.$eval('#error', (e) => e.textContent);
  check('a bad record shows the reader\'s message', err.includes('record:1'), err);
  // the record on a page of its own (the 400 above is a console error there)
  const bad = page;
  page = await newPage(ctx);
  await page.goto(`${url}analysis.html`, { waitUntil: 'domcontentloaded' });
  await page.$eval('#record', (t, v) => { t.value = v; }, KIF);
  await page.$eval('#seconds', (t) => { t.value = '0.05'; });
  await page.click('#analyse');
  await page.waitForFunction(() => !document.getElementById('progress').hidden);
  check('a progress bar while it runs', true);
  await page.waitForFunction(() => document.body.dataset.status === 'done', { timeout: 30000 });
  check('the graph is drawn', (await page.$('#graph svg polyline')) !== null);
  const moves = await page.$$eval('#moves li', (li) => li.map((x) => x.textContent));
  check('the move list has the 10 moves with their scores', moves.length === 10 && /[+-]?\d/.test(moves[0]), moves.join(' | '));
  const ply = () => page.evaluate(() => Number(document.body.dataset.ply));
  check('the start shown first', (await ply()) === 0);
  const start = await page.$eval('#board', (b) => b.innerHTML);
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  check('→ steps forward', (await ply()) === 2);
  check('the board changed', (await page.$eval('#board', (b) => b.innerHTML)) !== start);
  const here = await page.$eval('#here', (e) => e.textContent);
  check('the move\'s score shown', /^2\. .+: [+-]?\d/.test(here), here);
  await page.keyboard.press('ArrowLeft');
  check('← steps back', (await ply()) === 1);
  await page.keyboard.press('End');
  check('End: the last move', (await ply()) === 10);
  await page.click('#moves li[data-ply="5"]');
  check('a click on a move goes there', (await ply()) === 5);
  const graph = await page.$('#graph svg');
  await graph.scrollIntoView();
  const box = await graph.boundingBox();
  await page.mouse.click(box.x + box.width * (48 + 660 * 0.3) / 720, box.y + box.height / 2);
  check('a click on the graph goes to its move', (await ply()) === 3, String(await ply()));
  // ANALYSIS_SHOTS=DIR: the screenshot of docs/WEB.md (at a marked move, if any)
  if (process.env.ANALYSIS_SHOTS) {
    await page.evaluate(() => window.scrollTo(0, 0));
    await new Promise((ok) => setTimeout(ok, 400)); // the move's animation done
    await page.screenshot({ path: `${process.env.ANALYSIS_SHOTS}/web-analysis.png`, fullPage: true });
  }
  await page.click('#flip');
  check('flip', (await page.$eval('#flip', (b) => b.getAttribute('aria-pressed'))) === 'true' &&
    (await page.$eval('#board', (b) => b.closest('.sg-wrap, .sg')?.outerHTML.includes('gote') ?? true)));
  const href = await page.$eval('#download', (a) => a.href);
  const kif = decodeURIComponent(href.replace(/^data:[^,]*,/, ''));
  check('the annotated KIF to download, with the scores as comments', href.startsWith('data:text/plain') &&
    (kif.match(/\*#評価値=/g) || []).length === 10, kif.slice(0, 200));
  check('no script errors', page.errors.length === 0, page.errors.join('; '));
  await bad.close();
});
