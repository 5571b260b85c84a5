// The analysis board (analysis.html, docs/WEB.md "Analysis"): a pasted record sent to the server's
// analysis (POST /api/analysis), its progress polled (GET /api/analysis/ID), then the board stepped
// through its moves (←/→, Home/End, a click on a move or on the graph), each move's score, loss and
// best line, the graph the server drew, the worst moves, and the annotated KIF to download.  The
// positions and move names come from the server; nothing here knows a rule of shogi.
import * as api from './api.js';
import { Board } from './board.js';
import * as prefs from './prefs.js';

const $ = (id) => document.getElementById(id);
let result = null; // the done analysis
let ply = 0;       // the position shown: 0 the start, n after move n
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
  if (e.mate !== null && e.mate !== undefined) return e.mate === 0 ? 'mate' : `mate in ${Math.abs(e.mate)} (${e.score > 0 ? '☗' : '☖'})`;
  return (e.score > 0 ? '+' : '') + e.score;
}

function renderMoves() {
  const ol = $('moves');
  ol.replaceChildren(
    ...result.plies.map((e) =>
      api.el('li', { class: [e.ply === ply ? 'last' : '', e.label ? 'marked' : ''].join(' ').trim() || undefined,
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

function show() {
  const e = ply > 0 ? result.plies[ply - 1] : null;
  const sfen = e ? e.sfen : result.start.sfen;
  board.show({ sfen, status: 'viewing', moves: e ? [{ usi: e.usi }] : [] }, { orientation: flipped ? 'gote' : 'sente' });
  $('here').textContent = e
    ? `${e.ply}. ${name(e)}: ${scoreText(e)}${e.label ? ` — ${e.label}, lost ${e.loss}` : ''}`
    : `The start: ${(result.start.score > 0 ? '+' : '') + result.start.score}`;
  const next = result.plies[ply];
  const lines = [];
  if (next && next.best_name) lines.push(`Best here: ${next.best_name} (${next.best_score}) instead of ${next.japanese}`);
  const line = e ? e.pv_names : result.start.pv_names;
  if (line) lines.push(`Expected line: ${line}`);
  $('best').textContent = lines.join('. ');
  for (const li of $('moves').children) li.classList.toggle('last', Number(li.dataset.ply) === ply);
  const cur = $('moves').querySelector('li.last');
  if (cur && cur.scrollIntoView) cur.scrollIntoView({ block: 'nearest' });
  const mark = $('graph').querySelector('line.here');
  if (mark) {
    const x = graphX(ply);
    mark.setAttribute('x1', x);
    mark.setAttribute('x2', x);
  }
  document.body.dataset.ply = String(ply);
}

function go(n) {
  if (!result) return;
  ply = Math.max(0, Math.min(result.plies.length, n));
  show();
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
    go(Math.round(((x - GRAPH_LEFT) * result.plies.length) / (graphWidth() - GRAPH_LEFT - GRAPH_RIGHT)));
  });
  $('graph').replaceChildren(svg);
}

function done(r) {
  result = r;
  $('result').hidden = false;
  if (!board) board = new Board({ board: $('board'), handTop: $('hand-top'), handBottom: $('hand-bottom') }, () => {});
  // a data: URL (the page's CSP lets a download read no blob); UTF-8, which the KIF's header names
  $('download').href = `data:text/plain;charset=utf-8,${encodeURIComponent(r.kif)}`;
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

async function analyse() {
  fail('');
  $('analyse').disabled = true;
  document.body.dataset.status = 'running';
  try {
    let r = await api.post('/api/analysis', { text: $('record').value, seconds_per_move: Number($('seconds').value) || 0.1 });
    const id = r.id;
    progress(r);
    while (r.status === 'running') {
      await new Promise((ok) => setTimeout(ok, 300));
      r = await api.get(`/api/analysis/${id}`);
      progress(r);
    }
    if (r.status === 'error') throw new Error(r.error);
    done(r);
  } catch (e) {
    document.body.dataset.status = 'error';
    fail(e.message);
  } finally {
    $('analyse').disabled = false;
  }
}

function main() {
  $('analyse').addEventListener('click', analyse);
  $('paste-form').addEventListener('submit', (ev) => { ev.preventDefault(); analyse(); });
  $('flip').addEventListener('click', () => {
    flipped = !flipped;
    $('flip').setAttribute('aria-pressed', String(flipped));
    if (result) show();
  });
  $('first').addEventListener('click', () => go(0));
  $('prev').addEventListener('click', () => go(ply - 1));
  $('next').addEventListener('click', () => go(ply + 1));
  $('last').addEventListener('click', () => go(Infinity));
  for (const list of [$('moves'), $('worst')]) {
    list.addEventListener('click', (ev) => {
      const li = ev.target.closest('li[data-ply]');
      if (!li) return;
      ev.preventDefault();
      go(Number(li.dataset.ply));
    });
  }
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
}

main();
