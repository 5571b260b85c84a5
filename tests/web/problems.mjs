// The problem pages in a real browser (docs/WEB.md "Problems"), against a site serving examples/tsume:
// the list, a problem's diagram (残り全部 for the defender's hand) and stipulation, its solution stepped
// by the buttons, the keys and a click on a move; then the editor: the SFEN of a known problem made by
// clicks alone (頭金 with a lance on 1i that the mate does not need), an edit the core refuses (a lance
// on the far rank) said in its words with the position kept, a pasted SFEN, the composer's report naming
// the unneeded lance, and a listed problem opened in the editor.
//   node tests/web/problems.mjs URL PROBLEMS_URL   (the second: a site started with --problems examples/tsume)
import { run, check, newPage, click, sleep } from './lib.mjs';

const [, url] = process.argv.slice(2);
const shots = process.env.PROBLEM_SHOTS;
const MADE = '4k4/9/4P4/9/9/9/9/9/8L b G2r2b3g4s4n3l17p 1';

await run(async (browser) => {
  const ctx = await browser.createBrowserContext();
  const page = await newPage(ctx);
  await page.goto(url, { waitUntil: 'domcontentloaded' });
  check('the lobby links to the problems', (await page.$('a[href="problems.html"]')) !== null);
  await page.goto(`${url}problems.html`, { waitUntil: 'domcontentloaded' });
  await page.waitForFunction(() => document.body.dataset.problem);
  const items = await page.$$eval('#list li', (li) => li.map((x) => x.textContent));
  check('the list names each problem with its stipulation', items.length >= 7 && items.some((t) => t.includes('3手必至')) &&
    items.some((t) => t.includes('自玉詰4手')) && items.some((t) => t.includes('11手詰')), items.join(' | '));
  await page.click('#list li[data-name="leftover.lua"] a');
  await page.waitForFunction(() => document.body.dataset.problem === 'leftover.lua');
  check('the title and the stipulation', (await page.$eval('#title', (e) => e.textContent)) === 'Leftovers' &&
    (await page.$eval('#stipulation', (e) => e.textContent)) === '3手詰');
  const diagram = await page.$eval('#diagram svg', (s) => s.textContent);
  check('the diagram: a kanji board, 残り全部 for the defender', diagram.includes('残り全部') && diagram.includes('龍'), diagram.slice(0, 120));
  await page.click('#solution-box summary');
  const ply = () => page.evaluate(() => Number(document.body.dataset.ply));
  const start = await page.$eval('#board', (b) => b.innerHTML);
  check('the solution at its start', (await ply()) === 0);
  await page.click('#next');
  check('▶ plays the first move', (await ply()) === 1 && (await page.$eval('#here', (e) => e.textContent)).startsWith('1. ▲３二龍'));
  check('the board changed', (await page.$eval('#board', (b) => b.innerHTML)) !== start);
  await page.keyboard.press('ArrowRight');
  check('→ steps forward', (await ply()) === 2);
  await page.keyboard.press('End');
  const last = await page.$eval('#here', (e) => e.textContent);
  check('End: the last move, まで', (await ply()) === 3 && last.includes('同') && last.includes('まで'), last);
  await page.keyboard.press('Home');
  check('Home: the start', (await ply()) === 0);
  await page.click('#moves li[data-ply="2"] a');
  check('a click on a move goes there', (await ply()) === 2);
  if (shots) {
    await sleep(400);
    await page.screenshot({ path: `${shots}/web-problems.png`, fullPage: true });
  }
  check('no script errors on the problem page', page.errors.length === 0, page.errors.join('; '));

  // the editor: 頭金 and an unneeded lance, by clicks
  const ed = await newPage(ctx);
  await ed.goto(`${url}editor.html`, { waitUntil: 'domcontentloaded' });
  await ed.waitForFunction(() => document.body.dataset.ready === 'true');
  const sfen = () => ed.evaluate(() => document.body.dataset.sfen);
  const waitSfen = (s) => ed.waitForFunction((x) => document.body.dataset.sfen === x, { timeout: 5000 }, s);
  check('an empty board to start, the defender holding the rest',
    (await sfen()) === '9/9/9/9/9/9/9/9/9 b 2r2b4g4s4n4l18p 1', await sfen());
  await ed.click('#palette-w button[data-piece="k"]');
  await click(ed, '5a');
  await waitSfen('4k4/9/9/9/9/9/9/9/9 b 2r2b4g4s4n4l18p 1');
  await ed.click('#palette-b button[data-piece="P"]');
  await click(ed, '5c');
  await ed.click('#palette-b button[data-piece="L"]');
  await click(ed, '1i');
  await ed.click('#hands button.add[data-side="b"][data-piece="G"]');
  await waitSfen(MADE);
  check('the SFEN of the problem made by clicks, shown live', (await ed.$eval('#sfen', (e) => e.value)) === MADE);
  // the core refuses a lance on the far rank: its sentence, the position unchanged
  await click(ed, '1a');
  await ed.waitForFunction(() => document.body.dataset.refused);
  const refused = await ed.$eval('#error', (e) => e.textContent);
  check('a dead piece refused in the core\'s words, the position kept', refused.includes('can never move') && (await sfen()) === MADE, refused);
  // remove and put back
  await ed.click('#tool-remove');
  await click(ed, '1i');
  await waitSfen('4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1');
  check('Remove empties the square, the lance back with the defender', true);
  // Undo: the lance back on 1i, then off again by Ctrl+Z's twin, the button
  await ed.click('#undo');
  await waitSfen(MADE);
  check('Undo brings the position before the last edit back', true);
  await ed.click('#tool-remove');
  await click(ed, '1i');
  await waitSfen('4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1');
  // the prompt's commands, typed
  await ed.type('#command', 'put 5e +B');
  await ed.keyboard.press('Enter');
  await waitSfen('4k4/9/4P4/9/4+B4/9/9/9/9 b G2rb3g4s4n4l17p 1');
  await ed.type('#command', ':remove 5e');
  await ed.keyboard.press('Enter');
  await waitSfen('4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1');
  check('the prompt\'s :put and :remove typed in the editor', true);
  // a paste: the SFEN loaded
  await ed.$eval('#sfen', (e, v) => { e.value = v; }, '4k4/9/4P4/9/9/9/9/9/8L b G 1');
  await ed.click('#load');
  await waitSfen(MADE);
  check('a pasted SFEN loaded (the rest of the pieces to the defender)', true);
  await ed.select('#genre', 'tsume');
  await ed.$eval('#length', (e) => { e.value = '1'; });
  await ed.click('#check');
  await ed.waitForFunction(() => document.body.dataset.report, { timeout: 20000 });
  const verdict = await ed.$eval('#report', (e) => e.textContent);
  check('the report names the unneeded lance', (await ed.evaluate(() => document.body.dataset.report)) === 'unneeded-piece' &&
    verdict.includes('unneeded piece: L 1i') && verdict.includes('1手詰'), verdict.slice(0, 200));
  check('the unneeded piece marked on the board', (await ed.$$eval('#board sq.last-dest', (q) => q.length)) === 1);
  if (shots) {
    await sleep(400);
    await ed.screenshot({ path: `${shots}/web-editor.png`, fullPage: true });
  }
  check('no script errors in the editor but the refusal', ed.errors.every((e) => e.includes('400')), ed.errors.join('; '));

  // a listed problem opened in the editor
  const link = await page.$eval('#edit', (a) => a.href);
  check('the problem links to the editor', link.endsWith('editor.html#problem=leftover.lua'), link);
  await page.bringToFront(); // a page in the background gets no animation frames to wait on
  await page.goto(link, { waitUntil: 'domcontentloaded' });
  await page.waitForFunction(() => document.body.dataset.ready === 'true');
  const opened = await page.evaluate(() => document.body.dataset.sfen);
  check('Open in the editor: the problem\'s position, genre and length', opened === '6Snl/5+Rg1k/6ppp/9/9/9/9/9/9 b r2b3g3s3n3l15p 1' &&
    (await page.$eval('#genre', (e) => e.value)) === 'tsume' && (await page.$eval('#length', (e) => e.value)) === '3', opened);
});
