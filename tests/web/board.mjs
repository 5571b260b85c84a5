// The board's rules in a real browser, in a game between two accounts set up through the API: the board
// seen from each player's side, only the legal destinations shown, the promotion question asked where
// promoting is a choice and not where it is forced, a move by keyboard alone.
//   node tests/web/board.mjs URL
import { run, check, newPage, personGame, play, openGame, waitPly, state, drag, click, shownDests, legalFrom, sleep } from './lib.mjs';

const [url] = process.argv.slice(2);
const game = await personGame(url);
// Black's bishop sees 2b; Black's pawn stands on 1b, unpromoted (it took on 1c without promoting)
await play(game, ['7g7f', '3c3d', '1g1f', '9c9d', '1f1e', '9d9e', '1e1d', '9e9f', '1d1c', '4a3b', '1c1b', '5a4b']);

// what a side sees: the piece in the bottom-left corner, the top rank's and the left file's labels
const view = (page) => page.evaluate(() => {
  const b = document.querySelector('#board sg-board').getBoundingClientRect();
  let corner = null;
  for (const p of document.querySelectorAll('#board sg-pieces piece')) {
    const r = p.getBoundingClientRect();
    if (Math.abs(r.x - b.x) < 3 && Math.abs(r.bottom - b.bottom) < 3) corner = p.className;
  }
  const first = (sel, axis) => [...document.querySelectorAll(sel)]
    .map((c) => ({ t: c.textContent, v: c.getBoundingClientRect()[axis] })).sort((p, q) => p.v - q.v)[0].t;
  return {
    corner,
    orientation: document.querySelector('#board').classList.contains('orientation-gote') ? 'gote' : 'sente',
    topRank: first('#board coords.ranks coord', 'y'),
    leftFile: first('#board coords.files coord', 'x'),
    near: document.getElementById('near-side').textContent,
  };
});
const promotionShown = (page) => page.evaluate(() => {
  const p = document.querySelector('#board sg-promotion');
  return !!p && p.style.display !== 'none' && p.querySelectorAll('piece').length === 2;
});

await run(async (browser) => {
  const bctx = await browser.createBrowserContext(), wctx = await browser.createBrowserContext();
  const bp = await newPage(bctx), wp = await newPage(wctx);
  await game.black.enter(bp);
  await game.white.enter(wp);
  await openGame(bp, url, game.id);
  await openGame(wp, url, game.id);

  const bv = await view(bp), wv = await view(wp);
  check(`Black sees the board from Black's side (${JSON.stringify(bv)})`,
    bv.orientation === 'sente' && /sente lance/.test(bv.corner) && bv.topRank === '一' && bv.leftFile === '9' && /Black/.test(bv.near));
  check(`White sees it flipped (${JSON.stringify(wv)})`,
    wv.orientation === 'gote' && /gote lance/.test(wv.corner) && wv.topRank === '九' && wv.leftFile === '1' && /White/.test(wv.near));

  let s = await state(bp);
  await click(bp, '8h');
  const bishop = await shownDests(bp);
  check(`picking the bishop shows exactly its legal destinations (${bishop.join(' ')})`,
    bishop.join() === legalFrom(s, '8h').join() && bishop.includes('2b'), legalFrom(s, '8h').join(' '));
  await click(bp, '8h');
  await click(bp, '1b');
  const pawn = await shownDests(bp);
  check(`picking the pawn on 1b shows only 1a (${pawn.join(' ')})`, pawn.join() === '1a');
  await click(bp, '1b');
  await click(bp, '5i');
  const king = await shownDests(bp);
  check(`the king's destinations are the legal ones (${king.join(' ')})`, king.join() === legalFrom(s, '5i').join());
  await click(bp, '5i');
  await click(wp, '3b');
  check('the side not to move is offered nothing', (await shownDests(wp)).length === 0);

  // a choice: the bishop into the zone asks
  await drag(bp, '8h', '2b');
  await sleep(300);
  check('the bishop taking on 2b asks whether to promote', await promotionShown(bp));
  check('nothing is sent before the answer', (await state(bp)).ply === s.ply);
  await bp.click('#board sg-promotion piece.horse');
  await waitPly(bp, s.ply + 1);
  s = await state(bp);
  check(`choosing the horse plays 8h2b+ (${s.moves[s.ply - 1].usi})`, s.moves[s.ply - 1].usi === '8h2b+');

  // White's reply by keyboard alone: Tab to the move list, arrows to 3a2b, Tab to Play, Enter
  await waitPly(wp, s.ply);
  let focused = '';
  for (let i = 0; i < 40 && focused !== 'move-select'; i++) {
    await wp.keyboard.press('Tab');
    focused = await wp.evaluate(() => document.activeElement && document.activeElement.id);
  }
  check('Tab reaches the keyboard move list', focused === 'move-select');
  for (let i = 0; i < 200 && (await wp.$eval('#move-select', (e) => e.value)) !== '3a2b'; i++) await wp.keyboard.press('ArrowDown');
  check('the arrows choose 3a2b', (await wp.$eval('#move-select', (e) => e.value)) === '3a2b');
  await wp.keyboard.press('Tab');
  await wp.keyboard.press('Enter');
  await waitPly(wp, s.ply + 1);
  await waitPly(bp, s.ply + 1); // the live update reaches Black's page
  s = await state(bp);
  check(`the keyboard played 3a2b (${s.moves[s.ply - 1].usi})`, s.moves[s.ply - 1].usi === '3a2b');

  // forced: the pawn to the last rank promotes without a question
  await drag(bp, '1b', '1a');
  await waitPly(bp, s.ply + 1, 5000).catch(() => {});
  const asked = await promotionShown(bp);
  s = await state(bp);
  check('the pawn to the last rank is not asked', !asked);
  check(`and promotes: 1b1a+ (${s.moves[s.ply - 1].usi})`, s.moves[s.ply - 1].usi === '1b1a+');
  check('no script errors', bp.errors.length + wp.errors.length === 0, bp.errors.concat(wp.errors).join('; '));
});
