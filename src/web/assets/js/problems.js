// The problem pages (problems.html, docs/WEB.md "Problems"): the served problems listed
// (GET /api/problems), one shown (GET /api/problems/NAME, the hash #NAME says which): its title,
// author and stipulation, the diagram the server drew (the printed look: kanji, the hands, 残り全部),
// its solution stepped on the game's board (the buttons, ←/→ Home/End, a click on a move), the
// composer's report on the file (Check), and a link that opens it in the editor.  The positions, names
// and words are the server's; nothing here knows a rule of shogi.
import * as api from './api.js';
import { Board } from './board.js';
import * as report from './report.js';
import { stepper } from './stepper.js';

const $ = (id) => document.getElementById(id);
let problem = null;
let board = null;
let steps = null;

function fail(msg) {
  $('error').textContent = msg;
  $('error').hidden = !msg;
}

// the server's SVG, parsed and imported (no HTML inserted as text)
function svgOf(text) {
  const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
  const svg = document.importNode(doc.documentElement, true);
  return svg.nodeName === 'svg' ? svg : null;
}

function showPly(ply) {
  const line = problem.solution;
  const e = ply > 0 ? line[ply - 1] : null;
  board.show({ sfen: e ? e.sfen : problem.sfen, status: 'viewing', in_check: e ? e.in_check : problem.in_check,
    moves: e ? [{ usi: e.usi }] : [] });
  $('here').textContent = e ? `${ply}. ${e.japanese}${ply === line.length ? ' まで' : ''}` : 'The start (問題図)';
  $('rest').hidden = !(problem.rest && ply === 0); // the diagram's hand, not the one after moves
  document.body.dataset.ply = String(ply);
}

function renderList(list) {
  $('none').hidden = true;
  $('list').replaceChildren(...list.map((p) => api.el('li', { 'data-name': p.name }, [
    api.el('a', { href: `#${encodeURIComponent(p.name)}`, text: p.title || p.name }),
    api.el('span', { class: 'tag', text: p.error ? ` unreadable: ${p.error}` : ` ${p.stipulation}` }),
  ])));
}

async function open(name) {
  fail('');
  let p;
  try {
    p = await api.get(`/api/problems/${encodeURIComponent(name)}`);
  } catch (e) {
    fail(e.message);
    return;
  }
  problem = p;
  for (const li of $('list').children) li.classList.toggle('current', li.dataset.name === name);
  $('problem').hidden = false;
  $('title').textContent = p.title || p.name;
  $('stipulation').textContent = p.stipulation;
  $('author').textContent = p.author ? `作者 ${p.author}` : '';
  $('notes').textContent = p.notes || '';
  $('to-move').textContent = p.attacker === 'w' ? '（後手の攻め）' : '';
  const svg = svgOf(p.svg);
  $('diagram').replaceChildren(...(svg ? [svg] : []));
  $('edit').href = `editor.html#problem=${encodeURIComponent(p.name)}`;
  $('report').replaceChildren();
  $('no-solution').hidden = p.solution.length > 0;
  $('solution-error').hidden = !p.solution_error;
  $('solution-error').textContent = p.solution_error ? `The file's solution stops: ${p.solution_error}` : '';
  if (!board) board = new Board({ board: $('board'), handTop: $('hand-top'), handBottom: $('hand-bottom') }, () => {});
  showLine(p.solution);
  document.body.dataset.problem = p.name;
}

// the line stepped under "Solution": the file's, or the report's when the file gives none
function showLine(line) {
  problem.solution = line;
  $('moves').replaceChildren(...line.map((s, i) => api.el('li', { 'data-ply': String(i + 1) }, [
    api.el('span', { class: 'ply', text: `${i + 1}.` }),
    api.el('a', { href: '#', class: 'name', text: s.japanese }),
  ])));
  steps.reset(line.length);
}

async function check() {
  if (!problem) return;
  $('check').disabled = true;
  fail('');
  try {
    const r = await report.run({ name: problem.name }, { progress: $('progress'), text: $('progress-text') });
    report.render($('report'), r);
    if (!problem.solution.length && r.line.length && r.name === problem.name) {
      $('no-solution').textContent = 'The file gives no solution: this is the line the report followed (the solver\'s).';
      showLine(r.line);
    }
    document.body.dataset.report = r.verdict.kind;
  } catch (e) {
    fail(e.message);
  } finally {
    $('check').disabled = false;
  }
}

async function main() {
  steps = stepper({ first: $('first'), prev: $('prev'), next: $('next'), last: $('last'), list: $('moves'),
    active: () => !!problem }, 0, (ply) => { if (problem) showPly(ply); });
  $('check').addEventListener('click', check);
  let list;
  try {
    list = api.list(await api.get('/api/problems'), 'problems');
  } catch (e) {
    if (e.status === 404) { $('none').hidden = false; return; }
    fail(e.message);
    return;
  }
  renderList(list);
  const pick = () => {
    const name = decodeURIComponent(location.hash.slice(1));
    if (name) open(name);
    else if (list.length) location.hash = encodeURIComponent(list[0].name);
  };
  window.addEventListener('hashchange', pick);
  pick();
}

main();
