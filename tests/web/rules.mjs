// The rules page in a real browser: its figures are the site's own (GET /api/rules: the rule set and the config),
// so a second server configured with another move cap and other deadlines shows those; its diagrams are drawn by
// the site's board (shogiground's elements, the site's pieces).
//   node tests/web/rules.mjs URL URL_OF_A_SERVER_WITH_tests/web/rules_config.lua
import { run, check, newPage } from './lib.mjs';

const [url, other] = process.argv.slice(2);
const figures = async (page, base) => {
  await page.goto(`${base}/rules.html`, { waitUntil: 'domcontentloaded' });
  await page.waitForFunction(() => document.body.dataset.figures === 'filled');
  // the icons are pictures of their own: each one loaded (or failed), however fast the script filled the table
  await page.waitForFunction(() => [...document.querySelectorAll('#piece-rows img')].every((i) => i.complete));
  return page.evaluate(() => {
    const f = (n) => [...document.querySelectorAll(`[data-fig="${n}"]`)].map((e) => e.textContent);
    return {
      cap: f('max-moves')[0], black: f('decl-black')[0], white: f('decl-white')[0], pieces: f('decl-pieces')[0],
      deadlines: f('deadlines')[0], idle: f('session-idle')[0],
      diagrams: document.querySelectorAll('figure.diagram sg-board sg-pieces piece').length,
      boards: document.querySelectorAll('figure.diagram sg-board').length,
      icons: [...document.querySelectorAll('#piece-rows img')].filter((i) => i.complete && i.naturalWidth > 0).length,
      sections: ['board', 'moves', 'capture', 'drops', 'promotion', 'end', 'repetition', 'impasse', 'site', 'terms', 'fair-play']
        .filter((id) => document.getElementById(id)).length,
    };
  });
};

await run(async (browser) => {
  const page = await newPage(browser);
  const a = await figures(page, url);
  check('every section is there', a.sections === 11, a.sections);
  check('the default move cap, 500', a.cap === '500', a.cap);
  check('the declaration\'s points from the rule set (28, 27, 10 pieces)', a.black === '28' && a.white === '27' && a.pieces === '10');
  check('the default deadlines, a minute to a week', /^1 minute, 5 minutes, .*1 week$/.test(a.deadlines), a.deadlines);
  check('the session lifetime from the config (30 days)', a.idle === '4 weeks 2 days', a.idle);
  check('the diagrams are drawn by the board', a.boards === 4 && a.diagrams > 40, `${a.boards} boards, ${a.diagrams} pieces`);
  check('every piece has its icon', a.icons === 14, a.icons);
  const b = await figures(page, other);
  check('a changed config: its move cap', b.cap === '300', b.cap);
  check('a changed config: its deadlines', b.deadlines === '2 minutes, 1 hour, 2 days', b.deadlines);
  check('a changed config: its session limit', b.idle === '1 week', b.idle);
  check('no script errors', page.errors.length === 0, page.errors.join('; '));
});
