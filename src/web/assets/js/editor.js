// The problem editor (editor.html, docs/WEB.md "Problems"): a position set up by clicks (a piece of the
// palette put on a square, removed, the hands counted up and down, the defender holding the rest of
// the set, the side to move, clear, mirror), each edit made and judged by the server's core
// (GET /api/edit: a refused edit keeps the position and says why in the core's words), the SFEN shown
// live and loaded from a paste, a listed problem opened (#problem=NAME), and the composer's report run
// on it (genre and length chosen here).  The piece names come from pieces.js (the core's facts); the
// page knows no rule of shogi.
import * as api from './api.js';
import { Board } from './board.js';
import { PIECES, HAND_ORDER } from '../pieces.js';
import * as report from './report.js';

const $ = (id) => document.getElementById(id);
const BY_ROLE = new Map(PIECES.map((p) => [p.role, p]));
const EMPTY = '9/9/9/9/9/9/9/9/9 b - 1';

let pos = null;      // the last answer of /api/edit: {sfen, side, hands, problems, tsume}
let tool = null;     // {piece: "+B" | "k" ...} or {remove: true}
let board = null;
let busy = Promise.resolve();
const history = []; // the positions before each edit, for Undo: {sfen, rest}

function fail(msg) {
  $('error').textContent = msg;
  $('error').hidden = !msg;
}

function defender(side) { return side === 'w' ? 'b' : 'w'; }

// one edit asked of the server: the position it answers is shown, or its refusal (the position kept)
// (rest: false leaves the defender's hand as the edit makes it; undo: false keeps it out of the history)
function edit(params, sfen, { rest = true, undo = true } = {}) {
  busy = busy.then(async () => {
    const q = new URLSearchParams({ sfen: sfen || pos.sfen, ...params });
    const side = params.op === 'side' ? params.side : (pos ? pos.side : 'b');
    if (rest && $('rest').checked) q.set('rest', defender(side));
    try {
      const before = pos && { sfen: pos.sfen, rest: $('rest').checked };
      pos = await api.get(`/api/edit?${q}`);
      if (before && undo && before.sfen !== pos.sfen) history.push(before);
      $('undo').disabled = history.length === 0;
      fail('');
      render();
    } catch (e) {
      fail(e.message);
      document.body.dataset.refused = e.message;
    }
  });
  return busy;
}

function render() {
  board.show({ sfen: pos.sfen, status: 'viewing', in_check: pos.in_check, moves: [] });
  board.ground.set({ lastDests: marks });
  $('sfen').value = pos.sfen;
  for (const r of document.querySelectorAll('input[name=side]')) r.checked = r.value === pos.side;
  // a row a kind of piece, the hand order's: its kanji, then each side's count with − and +
  const cell = (c, p) => api.el('td', { class: 'hand-count', 'data-side': c, 'data-piece': p.usi }, [
    api.el('button', { type: 'button', class: 'take', 'data-side': c, 'data-piece': p.usi, 'aria-label': `${c === 'b' ? 'sente' : 'gote'}: one ${p.english} less`, text: '−' }),
    api.el('span', { class: 'n', text: String(pos.hands[c][p.usi]) }),
    api.el('button', { type: 'button', class: 'add', 'data-side': c, 'data-piece': p.usi, 'aria-label': `${c === 'b' ? 'sente' : 'gote'}: one ${p.english} more`, text: '+' }),
  ]);
  $('hands').replaceChildren(...HAND_ORDER.map((role) => {
    const p = BY_ROLE.get(role);
    return api.el('tr', {}, [api.el('th', { class: 'kanji', text: p.kanji }), cell('b', p), cell('w', p)]);
  }));
  const notes = [...pos.problems.map((p) => p.text), ...pos.tsume.filter((t) => !pos.problems.some((p) => p.text === t)).map((t) => `as a tsume: ${t}`)];
  $('notes').replaceChildren(...notes.map((t) => api.el('li', { text: t })));
  document.body.dataset.sfen = pos.sfen;
}

let marks = []; // the squares the report marks (its unneeded pieces)

function palette() {
  const pieces = PIECES; // every piece, promoted ones and the king included
  for (const c of ['b', 'w']) {
    $(`palette-${c}`).replaceChildren(...pieces.map((p) => {
      const letters = c === 'b' ? p.usi : p.usi.toLowerCase();
      return api.el('button', { type: 'button', class: 'tool piece', 'data-piece': letters, 'aria-pressed': 'false',
        'aria-label': `${c === 'b' ? 'sente' : 'gote'} ${p.english}`, title: `${c === 'b' ? '☗' : '☖'}${p.kanji} (${letters})`, text: p.kanji });
    }));
  }
  $('palette').addEventListener('click', (ev) => {
    const b = ev.target.closest('button.tool');
    if (!b) return;
    tool = b.dataset.tool === 'remove' ? { remove: true } : { piece: b.dataset.piece };
    for (const x of $('palette').querySelectorAll('button.tool')) x.setAttribute('aria-pressed', String(x === b));
  });
}

function square(key) {
  if (!pos || !tool) { if (!tool) fail('Pick a piece of the palette first (or Remove).'); return; }
  marks = [];
  if (tool.remove) edit({ op: 'remove', square: key });
  else edit({ op: 'put', square: key, piece: tool.piece });
}

// #problem=NAME: a listed problem, its genre and length, into the editor
async function openProblem(name) {
  try {
    const p = await api.get(`/api/problems/${encodeURIComponent(name)}`);
    $('genre').value = p.type;
    $('length').value = p.length || '';
    $('rest').checked = !!p.rest;
    await edit({ op: 'none' }, p.sfen);
  } catch (e) {
    fail(e.message);
  }
}

async function check(ev) {
  ev.preventDefault();
  await busy;
  $('check').disabled = true;
  fail('');
  const length = Number($('length').value);
  try {
    const r = await report.run({ sfen: pos.sfen, type: $('genre').value, length: length > 0 ? length : null },
      { progress: $('progress'), text: $('progress-text') });
    report.render($('report'), r);
    marks = r.unneeded.map((u) => u.square);
    render();
    document.body.dataset.report = r.verdict.kind;
  } catch (e) {
    fail(e.message);
    document.body.dataset.report = 'error';
  } finally {
    $('check').disabled = false;
  }
}

// a command as the prompt's editor takes it (:put 5e +B, :remove 5e, :hand b R2P, :hand w rest, :clear,
// :side w, :mirror, :swap; the colon optional): the same edits, by keyboard; null when it is none of them
function command(text) {
  const w = text.trim().replace(/^:/, '').split(/\s+/);
  const [name, a, b] = w;
  if (name === 'put' && w.length === 3) return [{ op: 'put', square: a, piece: b }];
  if (name === 'remove' && w.length >= 2) return w.slice(1).map((sq) => ({ op: 'remove', square: sq }));
  if (name === 'hand' && w.length === 3 && b === 'rest') return 'rest';
  if (name === 'hand' && w.length === 3) return [{ op: 'hand', side: a, hand: b }];
  if (name === 'side' && w.length === 2) return [{ op: 'side', side: a }];
  if (['clear', 'mirror', 'swap'].includes(name) && w.length === 1) return [{ op: name }];
  return null;
}

async function main() {
  board = new Board({ board: $('board'), handTop: $('hand-top'), handBottom: $('hand-bottom') }, () => {});
  board.ground.set({ events: { select: square } });
  palette();
  $('hands').addEventListener('click', (ev) => {
    const b = ev.target.closest('button');
    if (!b) return;
    marks = [];
    edit({ op: b.classList.contains('add') ? 'add' : 'take', side: b.dataset.side, piece: b.dataset.piece });
  });
  // a new side to move: the old defender's rest given back first, then the new defender holds it
  for (const r of document.querySelectorAll('input[name=side]')) {
    r.addEventListener('change', () => {
      if ($('rest').checked) edit({ op: 'hand', side: defender(pos.side), hand: '-' }, null, { rest: false });
      edit({ op: 'side', side: r.value });
    });
  }
  $('rest').addEventListener('change', () => {
    if ($('rest').checked) edit({ op: 'none' });
    else edit({ op: 'hand', side: defender(pos.side), hand: '-' });
  });
  $('clear').addEventListener('click', () => { marks = []; edit({ op: 'clear' }); });
  // Undo (or Ctrl+Z outside a field): the position before the last edit, as it was
  const undo = () => {
    const last = history.pop();
    if (!last) return;
    marks = [];
    $('rest').checked = last.rest;
    edit({ op: 'none' }, last.sfen, { rest: false, undo: false });
  };
  $('undo').addEventListener('click', undo);
  document.addEventListener('keydown', (ev) => {
    if ((ev.ctrlKey || ev.metaKey) && ev.key === 'z' && !ev.target.closest('input, textarea, select')) {
      ev.preventDefault();
      undo();
    }
  });
  $('mirror').addEventListener('click', () => { marks = []; edit({ op: 'mirror' }); });
  $('load').addEventListener('click', () => { marks = []; edit({ op: 'none' }, $('sfen').value.trim()); });
  $('sfen').addEventListener('keydown', (ev) => { if (ev.key === 'Enter') { ev.preventDefault(); $('load').click(); } });
  $('check-form').addEventListener('submit', check);
  $('command-form').addEventListener('submit', (ev) => {
    ev.preventDefault();
    const c = command($('command').value);
    if (!c) { fail('Commands: put 5e +B, remove 5e, hand b R2P, hand w rest, side w, clear, mirror, swap'); return; }
    marks = [];
    if (c === 'rest') { $('rest').checked = true; edit({ op: 'none' }); } else for (const e of c) edit(e);
    $('command').value = '';
  });
  const m = location.hash.match(/^#problem=(.+)$/);
  const sfen = location.hash.match(/^#sfen=(.+)$/);
  if (m) await openProblem(decodeURIComponent(m[1]));
  else await edit({ op: 'none' }, sfen ? decodeURIComponent(sfen[1]) : EMPTY);
  document.body.dataset.ready = 'true';
}

main();
