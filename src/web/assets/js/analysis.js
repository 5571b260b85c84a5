// The analysis board (analysis.html, docs/WEB.md "Analysis"): a pasted record sent to the server's
// analysis (POST /api/analysis), its progress polled (GET /api/analysis/ID), then the board stepped
// through its moves (←/→, Home/End, a click on a move or on the graph), each move's score, loss and
// best line, the graph the server drew, the worst moves, and the annotated KIF to download.  Lines: the
// record's main line, its branches (変化, listed at the position they leave from), and the user's own, begun
// by a move on the board (the server names it and gives the moves legal next, POST /api/analysis/line); a
// line other than the main one can be analysed in its turn.  The positions, move names and legal moves come
// from the server; nothing here knows a rule of shogi.
import * as api from './api.js';
import { Board } from './board.js';
import * as prefs from './prefs.js';

const $ = (id) => document.getElementById(id);
let result = null; // the done analysis
let line = null;   // the line shown: {moves: [{ply, usi, western, japanese, sfen, score...}], branches, main}
let ply = 0;       // the position shown: 0 the start, n after move n of the line
let earlier = [];  // the analyses before this one (an analysed branch goes back to its record's)
let asked = 0;     // the newest question for the board's legal moves (older answers are dropped)
let flipped = false;
let board = null;

function fail(msg) {
  $('error').textContent = msg;
  $('error').hidden = !msg;
}

function name(e) {
  return prefs.notation() === 'japanese' ? e.japanese : e.western;
}

// a score as a GUI shows it: sente's side, a mate as the plies to it
function scoreText(e) {
  if (e.score === undefined) return ''; // a branch's move: not searched
  if (e.mate !== null && e.mate !== undefined) return e.mate === 0 ? 'mate' : `mate in ${Math.abs(e.mate)} (${e.score > 0 ? '☗' : '☖'})`;
  return (e.score > 0 ? '+' : '') + e.score;
}

function renderMoves() {
  const ol = $('moves');
  ol.replaceChildren(
    ...line.moves.map((e) =>
      api.el('li', { class: [e.ply === ply ? 'last' : '', e.label ? 'marked' : '', e.score === undefined ? 'branch' : ''].join(' ').trim() || undefined,
        'data-ply': String(e.ply) }, [
        api.el('span', { class: 'ply', text: `${e.ply}.` }),
        api.el('span', { class: 'name', text: name(e) }),
        api.el('span', { class: 'score', text: scoreText(e) }),
        e.label ? api.el('span', { class: 'label', text: e.label }) : null,
      ]),
    ),
  );
  for (const r of document.querySelectorAll('input[name=notation]')) r.checked = r.value === prefs.notation();
  const cur = ol.querySelector('li.last');
  if (cur && cur.scrollIntoView) cur.scrollIntoView({ block: 'nearest' });
}

function renderWorst() {
  $('worst').replaceChildren(
    ...(result.worst.length ? result.worst.map((w) =>
      api.el('li', { 'data-ply': String(w.ply) }, [
        api.el('a', { href: `#${w.ply}`, text: `${w.ply}. ${w.japanese}` }),
        api.el('span', { text: ` ${w.label}, lost ${w.loss}${w.best_name ? `; best ${w.best_name}` : ''}` }),
      ])) : [api.el('li', { text: `No move lost ${result.threshold} or more.` })]),
  );
}

// the record's branches that leave the shown line at the next move, and the way back to the main line
function renderBranches() {
  const here = line.branches.filter((b) => b.ply === ply + 1);
  $('branches').replaceChildren(...here.map((b) =>
    api.el('li', {}, [api.el('button', { type: 'button', text: `${b.ply}. ${name(b.moves[0])}`, onclick: () => enter(b) })])));
  $('branches-box').hidden = here.length === 0;
  $('main-line').hidden = line.main;
  $('analyse-line').hidden = line.main;
  $('back-analysis').hidden = earlier.length === 0;
  $('line-actions').hidden = line.main && earlier.length === 0; // no empty row of buttons
}

// the line of branch b (its moves after the shown line's first b.ply - 1), with the branches on its way
// (its siblings among them: the other moves from the same position)
function enter(b) {
  const moves = line.moves.slice(0, b.ply - 1).concat(b.moves);
  line = { moves, branches: line.branches.filter((x) => x.ply <= b.ply && x !== b).concat(b.branches || []), main: false };
  ply = b.ply;
  renderMoves();
  show();
}

function mainLine() {
  line = { moves: result.plies, branches: result.branches || [], main: true };
}

// the shown position's legal moves, asked of the server, offered on the board (a move there begins a line)
async function offerMoves(sfen, last) {
  const n = ++asked;
  document.body.dataset.offered = 'no'; // 'yes' once the board takes this position's moves (the tests wait for it)
  try {
    const r = await api.post('/api/analysis/line', { sfen, moves: [] });
    if (n !== asked) return;
    const side = sfen.split(' ')[1] === 'w' ? 'white' : 'black';
    board.show({ sfen, status: 'playing', you: side, to_move: side, legal: r.legal, moves: last ? [{ usi: last }] : [] },
      { orientation: flipped ? 'gote' : 'sente' });
    document.body.dataset.offered = 'yes';
  } catch {
    // the board stays as it is, read only
  }
}

// a move made on the board: the next move of the shown line if it is that, else a new line from here
async function playOnBoard(usi) {
  const next = line.moves[ply];
  if (next && next.usi === usi) { go(ply + 1); return; }
  const at = ply > 0 ? line.moves[ply - 1] : null;
  try {
    const r = await api.post('/api/analysis/line', { sfen: at ? at.sfen : result.start.sfen, moves: [usi], prev: at ? at.usi : undefined });
    const made = { ...r.moves[0], ply: ply + 1 }; // numbered on this line (the SFEN's own count may start elsewhere)
    line = { moves: line.moves.slice(0, ply).concat([made]), branches: line.branches.filter((x) => x.ply <= ply + 1), main: false };
    ply += 1;
    renderMoves();
    show();
  } catch (e) {
    fail(e.message);
    show();
  }
}

function show() {
  const e = ply > 0 ? line.moves[ply - 1] : null;
  const sfen = e ? e.sfen : result.start.sfen;
  board.show({ sfen, status: 'viewing', moves: e ? [{ usi: e.usi }] : [] }, { orientation: flipped ? 'gote' : 'sente' });
  offerMoves(sfen, e && e.usi);
  $('here').textContent = e
    ? `${e.ply}. ${name(e)}${e.score === undefined ? ' (not analysed: “Analyse this line” does it)' : `: ${scoreText(e)}`}${e.label ? ` — ${e.label}, lost ${e.loss}` : ''}`
    : `The start: ${(result.start.score > 0 ? '+' : '') + result.start.score}`;
  renderBranches();
  const next = line.moves[ply];
  const lines = [];
  if (next && next.best_name) lines.push(`Best here: ${next.best_name} (${next.best_score}) instead of ${next.japanese}`);
  const pv = e ? e.pv_names : result.start.pv_names;
  if (pv) lines.push(`Expected line: ${pv}`);
  $('best').textContent = lines.join('. ');
  for (const li of $('moves').children) li.classList.toggle('last', Number(li.dataset.ply) === ply);
  const cur = $('moves').querySelector('li.last');
  if (cur && cur.scrollIntoView) cur.scrollIntoView({ block: 'nearest' });
  const mark = $('graph').querySelector('line.here');
  if (mark) mark.setAttribute('visibility', line.main ? 'visible' : 'hidden');
  if (mark && line.main) {
    const x = graphX(ply);
    mark.setAttribute('x1', x);
    mark.setAttribute('x2', x);
  }
  document.body.dataset.ply = String(ply);
}

function go(n) {
  if (!result) return;
  ply = Math.max(0, Math.min(line.moves.length, n));
  show();
}

// a ply of the main line (the graph and the worst moves are the main line's)
function goMain(n) {
  if (!line.main) { mainLine(); renderMoves(); }
  go(n);
}

// the graph's frame (lua/shogi/analyse/graph.lua): 48 pixels at the left, 12 at the right
const GRAPH_LEFT = 48;
const GRAPH_RIGHT = 12;
function graphWidth() { return Number($('graph').querySelector('svg')?.getAttribute('width')) || 720; }
function graphX(n) { return GRAPH_LEFT + ((graphWidth() - GRAPH_LEFT - GRAPH_RIGHT) * n) / Math.max(1, result.plies.length); }

function renderGraph() {
  const doc = new DOMParser().parseFromString(result.svg, 'image/svg+xml');
  const svg = document.importNode(doc.documentElement, true);
  if (svg.nodeName !== 'svg') return;
  const here = document.createElementNS('http://www.w3.org/2000/svg', 'line');
  here.setAttribute('class', 'here');
  here.setAttribute('y1', '24');
  here.setAttribute('y2', String(Number(svg.getAttribute('height')) - 28));
  here.setAttribute('stroke', '#888');
  here.setAttribute('stroke-dasharray', '3 3');
  svg.append(here);
  svg.addEventListener('click', (ev) => {
    const r = svg.getBoundingClientRect();
    const x = ((ev.clientX - r.left) * graphWidth()) / r.width;
    goMain(Math.round(((x - GRAPH_LEFT) * result.plies.length) / (graphWidth() - GRAPH_LEFT - GRAPH_RIGHT)));
  });
  $('graph').replaceChildren(svg);
}

function done(r) {
  result = r;
  mainLine();
  $('result').hidden = false;
  if (!board) board = new Board({ board: $('board'), handTop: $('hand-top'), handBottom: $('hand-bottom') }, playOnBoard);
  // a data: URL (the page's CSP lets a download read no blob); UTF-8, which the KIF's header names
  $('download').href = `data:text/plain;charset=utf-8,${encodeURIComponent(r.kif)}`;
  $('engine-used').textContent = `Analysed by ${r.engine} at ${r.seconds_per_move} s a position.`;
  renderMoves();
  renderWorst();
  renderGraph();
  ply = 0;
  show();
  document.body.dataset.status = 'done';
}

function progress(r) {
  $('progress').hidden = false;
  $('progress').max = r.total || 1;
  $('progress').value = r.done;
  $('progress-text').textContent = r.status === 'running' ? `${r.done} of ${r.total} positions searched` : '';
}

// analyse(text): the record of the box, or a line of the board (then the analysis shown now is kept to go back to)
async function analyse(text) {
  const lineText = typeof text === 'string';
  fail('');
  $('analyse').disabled = true;
  document.body.dataset.status = 'running';
  try {
    let r = await api.post('/api/analysis', { text: lineText ? text : $('record').value,
      seconds_per_move: Number($('seconds').value) || 0.1, engine: $('engine').value });
    const id = r.id;
    progress(r);
    while (r.status === 'running') {
      await new Promise((ok) => setTimeout(ok, 300));
      r = await api.get(`/api/analysis/${id}`);
      progress(r);
    }
    if (r.status === 'error') throw new Error(r.error);
    if (lineText) earlier.push(result); else earlier = [];
    done(r);
  } catch (e) {
    document.body.dataset.status = 'error';
    fail(e.message);
  } finally {
    $('analyse').disabled = false;
  }
}

// analysis.html?game=ID (the site's game) or ?watch=ID (a game of the watched CSA records folder): that
// record, asked of the server by its id (never by a path), pasted and analysed at once
async function openRecord() {
  const q = new URLSearchParams(location.search);
  const [what, path] = q.get('game') ? [`game ${q.get('game')}`, `/api/games/${encodeURIComponent(q.get('game'))}/record?format=kif`]
    : q.get('watch') ? [`the CSA game ${q.get('watch')}`, `/api/watch/${encodeURIComponent(q.get('watch'))}/record`]
      : [null, null];
  if (!path) return;
  try {
    const res = await fetch(path, { credentials: 'same-origin' });
    const text = await res.text();
    if (!res.ok) {
      let msg = `${what}: HTTP ${res.status}`;
      try { msg = `${what}: ${JSON.parse(text).error}`; } catch { /* not JSON: the status says it */ }
      throw new Error(msg);
    }
    $('record').value = text;
    $('opened').textContent = `The record of ${what}.`;
    await analyse();
  } catch (e) {
    fail(e.message);
  }
}

// the engines: the built-in search, and the bot files the site's config names (GET /api/rules lists them)
async function engines() {
  try {
    const rules = await api.get('/api/rules');
    for (const name of rules.bots || []) $('engine').append(api.el('option', { value: name, text: `${name} (bot file)` }));
  } catch {
    // the built-in search stays, the one choice
  }
}

function main() {
  $('analyse').addEventListener('click', () => analyse());
  $('paste-form').addEventListener('submit', (ev) => { ev.preventDefault(); analyse(); });
  $('main-line').addEventListener('click', () => { mainLine(); ply = Math.min(ply, line.moves.length); renderMoves(); show(); });
  // the shown line from the analysed start, as a position line (the record's own start, any position)
  $('analyse-line').addEventListener('click', () =>
    analyse(`position sfen ${result.start.sfen} moves ${line.moves.map((e) => e.usi).join(' ')}`));
  $('back-analysis').addEventListener('click', () => { if (earlier.length) done(earlier.pop()); });
  $('flip').addEventListener('click', () => {
    flipped = !flipped;
    $('flip').setAttribute('aria-pressed', String(flipped));
    if (result) show();
  });
  $('first').addEventListener('click', () => go(0));
  $('prev').addEventListener('click', () => go(ply - 1));
  $('next').addEventListener('click', () => go(ply + 1));
  $('last').addEventListener('click', () => go(Infinity));
  $('moves').addEventListener('click', (ev) => {
    const li = ev.target.closest('li[data-ply]');
    if (!li) return;
    ev.preventDefault();
    go(Number(li.dataset.ply));
  });
  $('worst').addEventListener('click', (ev) => {
    const li = ev.target.closest('li[data-ply]');
    if (!li) return;
    ev.preventDefault();
    goMain(Number(li.dataset.ply));
  });
  for (const r of document.querySelectorAll('input[name=notation]')) {
    r.addEventListener('change', () => {
      prefs.setNotation(r.value);
      if (result) { renderMoves(); show(); }
    });
  }
  document.addEventListener('keydown', (ev) => {
    if (!result || ev.target.closest('textarea, input, select')) return;
    const to = { ArrowLeft: ply - 1, ArrowRight: ply + 1, Home: 0, End: Infinity }[ev.key];
    if (to === undefined) return;
    ev.preventDefault();
    go(to);
  });
  engines();
  openRecord();
}

main();
