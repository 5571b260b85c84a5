// Kanji or icons (#piece-style): the switch redraws every piece, survives a reload, and is this device's
// only: a second browser context (incognito) still shows kanji.
//   node tests/web/piece_style.mjs URL
import { run, check, newPage, personGame, openGame } from './lib.mjs';

const [url] = process.argv.slice(2);
const game = await personGame(url);
await run(async (browser) => {
  // the picture of a pawn (on a square, or in a hand), as its own background: 'kanji' or 'icons' by the file
  // it is (pieces/set.svg or pieces/icons/set.svg, every piece in one picture), named or inlined as a data:
  // URL by the page's bundle
  const files = {
    kanji: await (await fetch(`${url}/pieces/set.svg`)).text(),
    icons: await (await fetch(`${url}/pieces/icons/set.svg`)).text(),
  };
  const which = (bg) => {
    const m = /^url\("(.*)"\)$/s.exec(bg || '');
    if (!m) return `none (${bg})`;
    const u = m[1].replace(/\\(.)/g, '$1');
    if (/pieces\/icons\/set\.svg$/.test(u)) return 'icons';
    if (/pieces\/set\.svg$/.test(u)) return 'kanji';
    const data = /^data:image\/svg\+xml(;base64)?,(.*)$/s.exec(u);
    const text = data && (data[1] ? Buffer.from(data[2], 'base64').toString() : decodeURIComponent(data[2]));
    return Object.keys(files).find((k) => files[k] === text) || `another picture (${u.slice(0, 60)})`;
  };
  const drawn = async (page, sel = '#board sg-pieces piece.pawn') =>
    which(await page.evaluate((q) => getComputedStyle(document.querySelector(q)).backgroundImage, sel));
  // the part of the set a piece shows: its column (the pawn's is the first) and its row (the far side's second)
  const part = (page, sel) => page.evaluate((q) => {
    const st = getComputedStyle(document.querySelector(q));
    return `${st.backgroundPositionX} ${st.backgroundPositionY}`;
  }, sel);
  const iconsOn = (page) => page.evaluate(() => document.body.classList.contains('piece-icons'));
  const page = await newPage(browser);
  await openGame(page, url, game.id);
  check('kanji by default', !(await iconsOn(page)) && (await drawn(page)) === 'kanji', await drawn(page));
  // the player's own pawns point up (the set's first row), the opponent's down (its second)
  const near = (await page.evaluate(() => !!document.querySelector('.orientation-gote'))) ? 'gote' : 'sente';
  const farSide = near === 'sente' ? 'gote' : 'sente';
  check('a near pawn: the set\'s first column, first row', (await part(page, `#board sg-pieces piece.pawn.${near}`)) === '0% 0%',
    await part(page, `#board sg-pieces piece.pawn.${near}`));
  check('a far pawn: the first column, the second row (turned, tinted)', (await part(page, `#board sg-pieces piece.pawn.${farSide}`)) === '0% 100%',
    await part(page, `#board sg-pieces piece.pawn.${farSide}`));
  check('a king: its own column', (await part(page, `#board sg-pieces piece.king.${near}`)) !== '0% 0%');
  check('the button offers icons', (await page.$eval('#piece-style', (b) => b.textContent)) === 'Show icons');
  await page.click('#piece-style');
  check('the button shows icons', (await iconsOn(page)) && (await drawn(page)) === 'icons', await drawn(page));
  check('the button now offers kanji, pressed',
    (await page.$eval('#piece-style', (b) => `${b.textContent} ${b.getAttribute('aria-pressed')}`)) === 'Show kanji true');
  check('the hands show icons too', !!(await page.$('#hand-bottom piece.pawn')) && (await drawn(page, '#hand-bottom piece.pawn')) === 'icons');
  await page.reload({ waitUntil: 'domcontentloaded' });
  await page.waitForSelector('#board sg-pieces piece.pawn');
  check('icons after a reload', (await iconsOn(page)) && (await drawn(page)) === 'icons', await drawn(page));
  const other = await browser.createBrowserContext();
  const page2 = await newPage(other);
  await openGame(page2, url, game.id);
  check('a second browser context still shows kanji', !(await iconsOn(page2)) && (await drawn(page2)) === 'kanji', await drawn(page2));
  await page.click('#piece-style');
  check('back to kanji', !(await iconsOn(page)) && (await drawn(page)) === 'kanji', await drawn(page));
  await other.close();
  check('no script errors', page.errors.length + page2.errors.length === 0, page.errors.concat(page2.errors).join('; '));
});
