// The rules page (rules.html): its figures filled from this site's rule set and config (GET /api/rules), so a
// site configured differently says so; its diagrams drawn by the game's own board (board.js diagram); the piece
// table from the core's piece facts (pieces.js), each with its icon drawn from the core's movement table.
import * as api from './api.js';
import { diagram } from './board.js';
import { PIECES } from '../pieces.js';

const $ = (id) => document.getElementById(id);

// how each piece moves, in words (the icon beside it is drawn from the core's table)
const MOVES = {
  pawn: 'one square straight forward',
  lance: 'any number of squares straight forward',
  knight: 'jumps two squares forward and one to the side; the only piece that jumps',
  silver: 'one square diagonally, or straight forward',
  gold: 'one square in any direction but diagonally backward',
  bishop: 'any number of squares diagonally',
  rook: 'any number of squares along its rank or file',
  king: 'one square in any direction',
  'promoted-pawn': 'as a gold',
  'promoted-lance': 'as a gold',
  'promoted-knight': 'as a gold',
  'promoted-silver': 'as a gold',
  horse: 'as a bishop, or one square along its rank or file',
  dragon: 'as a rook, or one square diagonally',
};

function pieceRows() {
  const rows = PIECES.filter((p) => MOVES[p.role]).map((p) =>
    api.el('tr', {}, [
      api.el('td', { class: `kanji${p.promoted ? ' promoted' : ''}`, text: p.kanji, lang: 'ja' }),
      api.el('td', {}, [api.el('img', { src: `pieces/icons/${p.role}.svg`, alt: `icon of the ${p.english}`, width: 36, height: 40 })]),
      api.el('td', { text: `${p.english} (${p.western})` }),
      api.el('td', { text: MOVES[p.role] }),
    ]));
  $('piece-rows').replaceChildren(...rows);
}

const fig = (name, text) => { for (const e of document.querySelectorAll(`[data-fig="${name}"]`)) e.textContent = text; };

function figures(r) {
  const rules = r.rules;
  const d = rules.declaration;
  if (d) {
    fig('decl-black', String(d.points.black));
    fig('decl-white', String(d.points.white));
    fig('decl-pieces', String(d.pieces));
    fig('decl-wrong', d.wrong_loses ? 'Under these rules a wrong declaration would lose; the site refuses one instead of playing it.' : 'A wrong declaration is refused.');
  }
  if (rules.max_moves > 0) fig('max-moves', String(rules.max_moves));
  for (const e of document.querySelectorAll('[data-fig="no-cap"]')) e.hidden = rules.max_moves > 0;
  if (rules.max_moves === 0) fig('max-moves', 'any number of');
  fig('deadlines', r.deadlines.map((s) => api.duration(s)).join(', '));
  fig('bot-levels', r.bot_levels.map((b) => `${b.level} ${b.name} (${b.seconds} s a move)`).join(', '));
  fig('session-idle', api.duration(r.sessions.idle));
  fig('session-lifetime', api.duration(r.sessions.lifetime));
  document.body.dataset.figures = 'filled';
}

function diagrams() {
  for (const f of document.querySelectorAll('figure.diagram')) {
    const host = document.createElement('div');
    host.className = 'board-area diagram-board';
    host.setAttribute('role', 'img');
    host.setAttribute('aria-label', f.querySelector('figcaption')?.textContent.trim() || 'a diagram');
    f.prepend(host);
    diagram(host, { sfen: f.dataset.sfen, marks: (f.dataset.marks || '').split(/\s+/).filter(Boolean) });
  }
}

async function main() {
  pieceRows();
  diagrams();
  try {
    figures(await api.get('/api/rules'));
  } catch (e) {
    $('error').textContent = `The site's figures could not be read: ${e.message}`;
    $('error').hidden = false;
  }
}

main();
