// The game's actions in a real browser: a draw offered by one player and seen live by the other, lapsed by a
// move, offered again and accepted, between two browser contexts of two accounts; the declaration button shown
// in a constructed position where the core finds the declaration correct (with its count), and not in a near
// miss a point short; declaring wins.
//   node tests/web/actions.mjs URL
import { run, check, newPage, personGame, play, openGame, Client, fromPosition } from './lib.mjs';

const [url] = process.argv.slice(2);
const shown = (page, sel) => page.$eval(sel, (e) => !e.hidden && !e.closest('[hidden]'));
const text = (page, sel) => page.$eval(sel, (e) => e.textContent);
const waitShown = (page, sel, on = true) =>
  page.waitForFunction((s, want) => { const e = document.querySelector(s); return !!e && (!e.hidden && !e.closest('[hidden]')) === want; },
    { timeout: 10000 }, sel, on);

// as in tests/web/api_checks.sh: 28 of 28 points for Black (28 of 27 for White); one gold fewer a point short
const DECL = ['R8/PPPPPPPPP/4K4/9/9/9/ppppppppp/9/4k4 b RB4G 1', '4K4/9/PPPPPPPPP/9/9/9/4k4/ppppppppp/8r w rb4g 1'];
const NEAR = ['R8/PPPPPPPPP/4K4/9/9/9/ppppppppp/9/4k4 b RB3G 1', '4K4/9/PPPPPPPPP/9/9/9/4k4/ppppppppp/8r w rb2g 1'];

await run(async (browser) => {
  // ---- a draw between two browsers ----
  const game = await personGame(url);
  const bctx = await browser.createBrowserContext(), wctx = await browser.createBrowserContext();
  const bp = await newPage(bctx), wp = await newPage(wctx);
  await game.black.enter(bp);
  await game.white.enter(wp);
  await openGame(bp, url, game.id);
  await openGame(wp, url, game.id);
  check('both may offer a draw', await shown(bp, '#draw-offer') && await shown(wp, '#draw-offer'));
  await bp.click('#draw-offer');
  await waitShown(wp, '#draw-accept');
  check('the offer reaches the other browser live', /Black .* offers a draw/.test(await text(wp, '#draw-text')), await text(wp, '#draw-text'));
  check('the offerer sees it stand, without accept', /You offered a draw/.test(await text(bp, '#draw-text')) && !(await shown(bp, '#draw-accept')));
  await play(game, ['7g7f']);
  await waitShown(wp, '#draw-box', false);
  check('a move lapses the offer', !(await shown(bp, '#draw-box')) || (await bp.waitForFunction(() => document.getElementById('draw-box').hidden), true));
  await wp.click('#draw-offer');
  await waitShown(bp, '#draw-accept');
  await bp.click('#draw-decline');
  await waitShown(wp, '#draw-box', false);
  check('a declined offer is gone from both', !(await shown(bp, '#draw-box')));
  await wp.click('#draw-offer');
  await waitShown(bp, '#draw-accept');
  await bp.click('#draw-accept');
  await wp.waitForFunction(() => document.body.dataset.status === 'ended', { timeout: 10000 });
  check('accepted: a draw by agreement on both pages', /Draw: Draw by agreement/.test(await text(wp, '#status')) &&
    /Draw by agreement/.test(await text(bp, '#status')), await text(wp, '#status'));
  check('the seed and the colours it gave are shown after the end', await shown(wp, '#colours-line') &&
    /plays (Black|White)/.test(await text(wp, '#colours-text')));

  // ---- the declaration ----
  const guest = new Client(url);
  const gctx = await browser.createBrowserContext();
  const gp = await newPage(gctx);
  const near = await fromPosition(guest, ...NEAR);
  await guest.enter(gp);
  await openGame(gp, url, near.id);
  check('a point short: no declare button', !(await shown(gp, '#declare')));
  const nearText = await text(gp, '#declare-count');
  check('a point short: the count is shown', /Declaration: (27 of 28|26 of 27) points/.test(nearText), nearText);
  const decl = await fromPosition(guest, ...DECL);
  await openGame(gp, url, decl.id);
  check('correct: the declare button', await shown(gp, '#declare'));
  const declText = await text(gp, '#declare-count');
  check('correct: with the count', /You may declare and win: 28 of (28|27) points, 10 of 10 pieces/.test(declText), declText);
  await gp.click('#declare');
  await gp.waitForFunction(() => document.body.dataset.status === 'ended', { timeout: 10000 });
  check('declared: the game is won', /wins: .*declar/i.test(await text(gp, '#status')), await text(gp, '#status'));
  for (const p of [bp, wp, gp]) check('no script errors', p.errors.length === 0, p.errors.join('; '));
});
