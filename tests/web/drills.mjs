// The drill pages in a real browser (tests/web/drills_browser.sh runs it twice, against a komadai --serve
// --drills tests/web/drills whose clock KOMADAI_NOW says "the day", then, restarted, "the next day"):
//   node tests/web/drills.mjs URL DRILLS_URL day1 STATE.json   a teacher (an account, through the API) makes a
//        class; a student joins it on drills.html with a name and the code, solves exercise 1 by dragging the
//        rook, plays a wrong move in exercise 2 and sees the opponent's refutation played out with arrows, then
//        solves it (with that mistake: due again the next day); an exercise for gote, on a board seen from gote
//   node tests/web/drills.mjs URL DRILLS_URL day2 STATE.json   the student comes back: exercise 2 is due, 1 not,
//        and "play the due" starts at 2; the teacher's page shows the results and its CSV link downloads them
//        (saved as STATE.csv, which the shell compares with scripts/drill results); another account gets 403
// With SHOTS=DIR, the screenshots of docs/: DIR/web-drills.png (the refutation shown), web-teacher.png.
import { readFileSync, writeFileSync } from 'node:fs';
import { run, check, newPage, Client, drag, sleep, press } from './lib.mjs';

const [, , , url, phase, stateFile] = process.argv;
const shots = process.env.SHOTS;
const text = (page, sel) => page.$eval(sel, (e) => e.textContent);
const data = (page, key) => page.evaluate((k) => document.body.dataset[k], key);
const waitData = (page, key, value, timeout = 20000) =>
  page.waitForFunction((k, v) => document.body.dataset[k] === v, { timeout }, key, value);

// the piece on a square of the board seen from sente ("gote pawn"), or '' (shogiground places each by a transform)
const pieceAt = (page, key) => page.evaluate((k) => {
  const x = (9 - Number(k[0])) * 100, y = (k.charCodeAt(1) - 97) * 100;
  const p = [...document.querySelectorAll('#board sg-pieces piece')].find((e) =>
    e.style.transform.startsWith(`translate(${x}%, ${y}%)`) && !e.classList.contains('fading'));
  return p ? p.className : '';
}, key);

async function studentPage(browser, sid) {
  const page = await newPage(await browser.createBrowserContext(), 1100, 760);
  if (sid) await page.setCookie({ name: 'sid', value: sid, url });
  await page.goto(`${url}/drills.html`, { waitUntil: 'domcontentloaded' });
  await page.waitForFunction(() => document.body.dataset.view !== 'loading');
  return page;
}

async function day1(browser) {
  const teacher = new Client(url);
  await teacher.signup('teach');
  const made = await teacher.post('/api/classes', { name: 'Tuesday beginners' });
  const code = made.class.code;
  check('a class has an 8-character code', /^[A-Z2-9]{8}$/.test(code), code);

  const page = await studentPage(browser);
  check('a newcomer is asked to join', await page.$eval('#join', (e) => !e.hidden));
  await page.type('#join-name', 'hana');
  await page.type('#join-code', code.toLowerCase().replace(/(....)/, '$1-')); // typed loosely: read as the code
  await press(page, '#join-form button[type=submit]');
  await page.waitForSelector('li[data-id=basics] .play-due');
  check('joined: the name and the class shown', (await text(page, '#who')).includes('hana · Tuesday beginners'));
  check('every exercise is due at first', (await text(page, 'li[data-id=basics] .tag')).includes('2 of 2 due'));
  await press(page, 'li[data-id=basics] .play-due');
  await waitData(page, 'view', 'play');
  await waitData(page, 'exercise', '1');
  await page.waitForSelector('#board sg-board sg-pieces piece');
  check('the prompt is the drill\'s', (await text(page, '#prompt')).includes('take the piece nobody guards'));

  // exercise 1 solved by dragging the rook up its file
  await drag(page, '2h', '2e');
  await waitData(page, 'result', 'correct');
  check('the drag is judged correct by the server', (await text(page, '#feedback')).startsWith('correct: Rx2e'));
  check('the solved exercise says its points', (await text(page, '#feedback')).includes('100 points'));
  check('the board shows the move made', await page.evaluate(() =>
    [...document.querySelectorAll('#board sq.last-dest')].length === 2));
  await press(page, '#next-button');
  await waitData(page, 'exercise', '2');
  await waitData(page, 'status', 'open');

  // exercise 2: the guarded silver taken; the pawn's recapture played out on the board with arrows
  await drag(page, '4e', '2e');
  await waitData(page, 'shown', 'refutation');
  const fb = await text(page, '#feedback');
  check('a wrong move: what it costs, in the server\'s words', fb.includes('Rx2e loses a rook: gote Px2e'), fb);
  const arrows = await page.evaluate(() => ({
    wrong: document.querySelectorAll('svg.sg-shapes g.wrong line').length,
    refute: document.querySelectorAll('svg.sg-shapes g.refute line').length,
  }));
  check('the wrong move and the refutation drawn as arrows', arrows.wrong === 1 && arrows.refute === 1, JSON.stringify(arrows));
  check('the refutation\'s moves listed', (await page.$$eval('#line li', (l) => l.map((e) => e.textContent))).join(' ') === '☗Rx2e ☖Px2e');
  check('the board shows the refutation played (a gote pawn on 2e)', (await pieceAt(page, '2e')) === 'gote pawn');
  if (shots) await page.screenshot({ path: `${shots}/web-drills.png` });
  await press(page, '#again');
  await waitData(page, 'showing', '');
  await sleep(300); // the pieces' animation back
  check('back to the exercise: the rook on 4e, the silver on 2e', (await pieceAt(page, '4e')) === 'sente rook' &&
    (await pieceAt(page, '2e')) === 'gote silver');
  await press(page, '#hint-button');
  await page.waitForFunction(() => document.getElementById('hint').textContent.includes('Hint:'));
  check('a hint: the teacher\'s first', (await text(page, '#hint')).includes('One of the two pieces is guarded.'));
  await drag(page, '4e', '6e');
  await waitData(page, 'result', 'correct');
  check('then solved (a wrong move and a hint: 50 points)', (await text(page, '#feedback')).includes('50 points'));
  await press(page, '#next-button');
  await waitData(page, 'over', 'true');
  check('the drill ends with its score', (await text(page, '#prompt')).includes('score: 150/200 points, 2 of 2 solved'));
  check('no script error on the student\'s page', page.errors.length === 0, page.errors.join(' / '));

  // an exercise for gote: the board from gote's side, the drag read in that orientation
  await press(page, '#back');
  await page.waitForSelector('li[data-id=gote] .play-due');
  await press(page, 'li[data-id=gote] .play-due');
  await waitData(page, 'exercise', '1');
  await waitData(page, 'status', 'open');
  check('a gote exercise is shown from gote\'s side', await page.$eval('#board', (e) => e.classList.contains('orientation-gote')));
  await drag(page, '2b', '2e');
  await waitData(page, 'result', 'correct');
  check('gote\'s drag judged correct', (await text(page, '#feedback')).startsWith('correct: Rx2e'));

  const sid = (await page.cookies(url)).find((c) => c.name === 'sid').value;
  writeFileSync(stateFile, JSON.stringify({ code, teacher: teacher.sid, student: sid }));
}

async function day2(browser) {
  const st = JSON.parse(readFileSync(stateFile, 'utf8'));
  const page = await studentPage(browser, st.student);
  await page.waitForSelector('li[data-id=basics]');
  check('the next day: the student is still in the class', (await text(page, '#who')).includes('hana'));
  check('one exercise is due (the one with a mistake)', (await text(page, 'li[data-id=basics] .tag')).includes('1 of 2 due'));
  await press(page, 'li[data-id=basics] a.drill-link');
  await page.waitForSelector('#exercise-table tr[data-n="2"]');
  check('exercise 2 is due now, exercise 1 is not', await page.evaluate(() =>
    document.querySelector('#exercise-table tr[data-n="2"]').classList.contains('due') &&
    !document.querySelector('#exercise-table tr[data-n="1"]').classList.contains('due')));
  await press(page, 'li[data-id=basics] .play-due');
  await waitData(page, 'view', 'play');
  check('playing the due starts at exercise 2', (await data(page, 'exercise')) === '2');
  check('and says it is the only one today', (await text(page, '#ex-title')).includes('(1 of 1 today)'));

  // the teacher's page: the results, and the CSV behind its link
  const tpage = await newPage(await browser.createBrowserContext(), 1000, 620);
  await tpage.setCookie({ name: 'sid', value: st.teacher, url });
  await tpage.goto(`${url}/teacher.html`, { waitUntil: 'domcontentloaded' });
  await tpage.waitForSelector(`#class-list li[data-code="${st.code}"] a`);
  await press(tpage, `#class-list li[data-code="${st.code}"] a`);
  await tpage.waitForFunction(() => Number(document.body.dataset.results) > 0);
  const rows = await tpage.$$eval('#results tbody tr', (l) => l.map((r) => [...r.children].map((c) => c.textContent)));
  check('the teacher sees hana\'s three exercises', rows.length === 3 && rows.every((r) => r[0] === 'hana'), JSON.stringify(rows));
  check('solved, attempts, hints per exercise', JSON.stringify(rows.map((r) => [r[1], r[2], r[3], r[4], r[5], r[7]])) ===
    JSON.stringify([['Basics: take what hangs', '1: the hanging silver', '1 of 1', '1', '0', '100'],
      ['Basics: take what hangs', '2: the guarded silver', '1 of 1', '2', '1', '50'],
      ['Gote to move', '1: the rook takes', '1 of 1', '1', '0', '100']]), JSON.stringify(rows));
  check('the class code is shown to hand out', (await text(tpage, '#class-code')) === st.code);
  check('and who has joined', (await text(tpage, '#students')) === 'Joined: hana.');
  const csv = await tpage.evaluate(async () => {
    const r = await fetch(document.getElementById('csv').href);
    return { status: r.status, type: r.headers.get('Content-Type'), disposition: r.headers.get('Content-Disposition'), body: await r.text() };
  });
  check('the CSV downloads', csv.status === 200 && csv.type.startsWith('text/csv') && csv.disposition.startsWith('attachment'),
    JSON.stringify(csv));
  check('the CSV has the result', csv.body.includes('hana,Basics: take what hangs,2,50,2,1,'), csv.body);
  writeFileSync(stateFile.replace(/\.json$/, '.csv'), csv.body);
  if (shots) await tpage.screenshot({ path: `${shots}/web-teacher.png`, fullPage: true });
  check('no script error on the teacher\'s page', tpage.errors.length === 0, tpage.errors.join(' / '));

  // another account: 403, and the student (no account) 401
  const other = new Client(url);
  await other.signup('other');
  const denied = await other.get(`/api/classes/${st.code}/results.csv`).then(() => 'no error', (e) => e.message);
  check('another account may not read the class (403)', denied.includes(': 403 '), denied);
  const student = await page.evaluate(async (c) => (await fetch(`/api/classes/${c}/results.csv`)).status, st.code);
  check('nor may a student (401: no account)', student === 401, String(student));
}

await run(async (browser) => {
  if (phase === 'day1') await day1(browser);
  else if (phase === 'day2') await day2(browser);
  else check(`a phase: day1 or day2, not ${phase}`, false);
  await sleep(0);
});
