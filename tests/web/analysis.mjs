// The analysis board in a real browser: a KIF pasted and analysed (the progress bar while it runs), then
// the graph of its evaluation with the worst moves marked, the move list with each move's score, the
// board stepped by the arrow keys, a click on a move and on the graph, flipped, and the annotated KIF
// offered for download with its 評価値 comments.
//   node tests/web/analysis.mjs URL
import { readFileSync } from 'node:fs';
import { run, check, newPage, personGame, play, openGame, drag } from './lib.mjs';

// URL2: a server whose config names a bot file (material), for the engine's choice
const [url, url2] = process.argv.slice(2);
// a game of the site with four moves played, opened from its page once it is over
const game = await personGame(url);
await play(game, ['7g7f', '3c3d', '2g2f', '8c8d']);
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
  // branches: a KIF with 変化 lines (tests/data/records/jkf__henka.kif, Shift_JIS as its tool wrote it)
  const henka = new TextDecoder('shift_jis').decode(readFileSync('tests/data/records/jkf__henka.kif'));
  const bp = await newPage(ctx);
  await bp.goto(`${url}analysis.html`, { waitUntil: 'domcontentloaded' });
  await bp.$eval('#record', (t, v) => { t.value = v; }, henka);
  await bp.$eval('#seconds', (t) => { t.value = '0.02'; });
  await bp.click('#analyse');
  await bp.waitForFunction(() => document.body.dataset.status === 'done', { timeout: 30000 });
  const branchesAt = () => bp.$$eval('#branches-box:not([hidden]) #branches button', (b) => b.map((x) => x.textContent));
  const listed = () => bp.$$eval('#moves li .name', (li) => li.map((x) => x.textContent));
  await bp.$eval('input[name=notation][value=japanese]', (r) => r.click());
  await bp.click('#moves li[data-ply="2"]');
  check('the branches leaving after move 2: the two 変化：3手', (await branchesAt()).join(' ') === '3. ▲６八銀 3. ▲６八飛', (await branchesAt()).join(' '));
  await bp.click('#branches button');
  const inBranch = await listed();
  check('a branch: the main line to it, then its moves', inBranch.join(' ') === '▲７六歩 △８四歩 ▲６八銀 △３四歩 ▲６六歩', inBranch.join(' '));
  check('in a branch: the way back, and its analysis offered', await bp.$eval('#main-line', (b) => !b.hidden) &&
    await bp.$eval('#analyse-line', (b) => !b.hidden));
  await bp.keyboard.press('ArrowRight');
  check('→ steps along the branch', (await bp.evaluate(() => Number(document.body.dataset.ply))) === 4 &&
    (await bp.$eval('#here', (e) => e.textContent)).startsWith('4. △３四歩'), await bp.$eval('#here', (e) => e.textContent));
  await bp.click('#main-line');
  check('back to the main line', (await listed()).length === 12);
  // a branch of a branch: ▲２六歩 at move 1, and △３四歩 after it
  await bp.keyboard.press('Home');
  check('at the start: the branch of move 1', (await branchesAt()).join(' ') === '1. ▲２六歩', (await branchesAt()).join(' '));
  await bp.click('#branches button');
  check('the nested branch is listed where it leaves', (await branchesAt()).join(' ') === '2. △３四歩', (await branchesAt()).join(' '));
  await bp.click('#branches button');
  check('and entered', (await listed()).join(' ') === '▲２六歩 △３四歩 ▲７六歩 △４四歩 ▲４八銀', (await listed()).join(' '));
  // a move of one's own on the board: a new line from the position shown, named by the server
  await bp.click('#main-line');
  await bp.keyboard.press('Home');
  await bp.keyboard.press('ArrowRight'); // after ▲７六歩, gote to move
  await bp.waitForFunction(() => document.body.dataset.offered === 'yes'); // the legal moves, from the server
  await drag(bp, '1c', '1d');
  await bp.waitForFunction(() => Number(document.body.dataset.ply) === 2, { timeout: 5000 }).catch(() => {});
  const own = await listed();
  check('a move on the board begins a line: the moves before it and the new one', own.join(' ') === '▲７六歩 △１四歩', own.join(' '));
  await bp.click('#analyse-line');
  await bp.waitForFunction(() => document.body.dataset.status === 'done' &&
    document.querySelectorAll('#moves li .score').length === 2 && document.getElementById('main-line').hidden, { timeout: 30000 });
  check('the line analysed: its two moves with their scores', (await bp.$$eval('#moves li .score', (x) => x.filter((e) => e.textContent !== '').length)) === 2);
  await bp.click('#back-analysis');
  check('back to the record\'s analysis', (await listed()).length === 12);
  check('no script errors on the branches\' page', bp.errors.length === 0, bp.errors.join('; '));
  // the site's own game: the game page's link opens its record in the analysis board, analysed at once
  const gp = await newPage(ctx);
  await openGame(gp, url.replace(/\/$/, ''), game.id);
  check('no analysis offered while the game is played', await gp.$eval('#analyse-item', (e) => e.hidden));
  await game.white.post(`/api/games/${game.id}/resign`, {});
  await gp.waitForFunction(() => !document.getElementById('analyse-item').hidden, { timeout: 10000 });
  check('offered once it is over', true);
  const link = await gp.$eval('#analyse-link', (a) => a.getAttribute('href'));
  check('the game page links to its analysis', link === `analysis.html?game=${game.id}`, link);
  await gp.click('#analyse-link');
  await gp.waitForFunction(() => document.body.dataset.status === 'done' || document.body.dataset.status === 'error', { timeout: 30000 });
  const opened = await gp.evaluate(() => ({ text: document.getElementById('record').value, said: document.getElementById('opened').textContent,
    moves: [...document.querySelectorAll('#moves li .name')].map((e) => e.textContent) }));
  check('the game\'s record opened and analysed: its four moves', opened.moves.length === 4 && opened.text.includes('７六歩') &&
    opened.said.includes(`game ${game.id}`), JSON.stringify(opened));
  // a game that is not there: the server's words, nothing analysed
  await gp.goto(`${url}analysis.html?game=999999`, { waitUntil: 'domcontentloaded' });
  await gp.waitForFunction(() => !document.getElementById('error').hidden);
  const none = await gp.$eval('#error', (e) => e.textContent);
  check('an unknown game: the server\'s message', /game 999999/.test(none), none);
  const engines = await gp.$$eval('#engine option', (o) => o.map((x) => x.value));
  check('the engine: the built-in one (this site names no bot file)', engines.join(',') === '', engines.join(','));
  if (url2) {
    // a site whose config names a bot file: it is offered, and the analysis is that bot's
    const ep = await newPage(ctx);
    await ep.goto(`${url2}analysis.html`, { waitUntil: 'domcontentloaded' });
    await ep.waitForFunction(() => document.querySelectorAll('#engine option').length > 1);
    check('the config\'s bot file offered as the engine', (await ep.$$eval('#engine option', (o) => o.map((x) => x.value))).join(',') === ',material');
    await ep.select('#engine', 'material');
    await ep.$eval('#record', (t) => { t.value = 'position startpos moves 7g7f 3c3d'; });
    await ep.$eval('#seconds', (t) => { t.value = '0.05'; });
    await ep.click('#analyse');
    await ep.waitForFunction(() => ['done', 'error'].includes(document.body.dataset.status), { timeout: 30000 });
    const used = await ep.$eval('#engine-used', (e) => e.textContent);
    check('the analysis by the bot chosen, said on the page', used.startsWith('Analysed by material'), used);
    check('and in the annotated KIF', decodeURIComponent(await ep.$eval('#download', (a) => a.href)).includes('#エンジン=material'));
  }
});
