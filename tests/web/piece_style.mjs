// Kanji or icons (#piece-style): the switch redraws every piece, survives a reload, and is this device's
// only: a second browser context (incognito) still shows kanji.
//   node tests/web/piece_style.mjs URL
import { run, check, newPage, personGame, openGame } from './lib.mjs';

const [url] = process.argv.slice(2);
const game = await personGame(url);
await run(async (browser) => {
  // the picture of the piece on a square, as its ::before's background
  const look = (page) => page.evaluate(() => {
    const p = document.querySelector('#board sg-pieces piece.pawn');
    return getComputedStyle(p, '::before').backgroundImage;
  });
  const iconsOn = (page) => page.evaluate(() => document.body.classList.contains('piece-icons'));
  const page = await newPage(browser);
  await openGame(page, url, game.id);
  check('kanji by default', !(await iconsOn(page)) && /pieces\/pawn\.svg/.test(await look(page)), await look(page));
  check('the button offers icons', (await page.$eval('#piece-style', (b) => b.textContent)) === 'Show icons');
  await page.click('#piece-style');
  check('the button shows icons', (await iconsOn(page)) && /pieces\/icons\/pawn\.svg/.test(await look(page)), await look(page));
  check('the button now offers kanji, pressed',
    (await page.$eval('#piece-style', (b) => `${b.textContent} ${b.getAttribute('aria-pressed')}`)) === 'Show kanji true');
  check('the hands show icons too', await page.evaluate(() => {
    const p = document.querySelector('#hand-bottom piece.pawn');
    return !!p && /icons\/pawn/.test(getComputedStyle(p, '::before').backgroundImage);
  }));
  await page.reload({ waitUntil: 'domcontentloaded' });
  await page.waitForSelector('#board sg-pieces piece.pawn');
  check('icons after a reload', (await iconsOn(page)) && /icons\/pawn/.test(await look(page)));
  const other = await browser.createBrowserContext();
  const page2 = await newPage(other);
  await openGame(page2, url, game.id);
  check('a second browser context still shows kanji', !(await iconsOn(page2)) && /pieces\/pawn\.svg/.test(await look(page2)));
  await page.click('#piece-style');
  check('back to kanji', !(await iconsOn(page)) && /pieces\/pawn\.svg/.test(await look(page)));
  await other.close();
  check('no script errors', page.errors.length + page2.errors.length === 0, page.errors.concat(page2.errors).join('; '));
});
