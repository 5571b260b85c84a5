// The student's drills (drills.html, docs/WEB.md "Drills"): join a class (a name and the teacher's code),
// pick a drill, play its exercises on the board.  Every verdict, hint, reply and refutation is the
// server's (shogi.drill's session, through /api/drills/play/...); this page only shows them: a wrong
// move and the opponent's refutation are played out on the board with arrows, then the exercise comes
// back; a right one shows the drill's reply.  The positions and move names come from the server.
import * as api from './api.js';
import { Board } from './board.js';
import * as prefs from './prefs.js';

const $ = (id) => document.getElementById(id);
const STEP_MS = 700;  // a move of a line shown on the board
const REMEMBER = 'komadai.drills.join'; // the name and code last joined with, to fill the form again

let board = null;
let play = null;      // the PLAY the server sent last
let busy = false;     // a request or a line being shown: the board takes no move
let student = null;

const style = () => (prefs.notation() === 'japanese' ? 'kanji' : 'letters');
const moveName = (f) => (prefs.notation() === 'japanese' ? f.japanese : f.western);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function fail(msg) {
  $('error').textContent = msg || '';
  $('error').hidden = !msg;
}

function view(name) {
  document.body.dataset.view = name;
  $('home').hidden = name === 'play';
  $('play').hidden = name !== 'play';
}

function dateText(seconds) {
  return new Date(seconds * 1000).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

// ---- the class and the drills -------------------------------------------------------------
function renderWho(r) {
  student = r.student;
  $('who').textContent = student ? `${student.name} · ${student.class.name} (${student.class.code})` : '';
  $('leave').hidden = !student;
  $('join').hidden = !!student;
}

function dueText(d, now) {
  if (d.due === null) return `${d.count} exercise${d.count > 1 ? 's' : ''}`;
  if (d.due > 0) return `${d.due} of ${d.count} due`;
  return d.next_due ? `nothing due; next: exercise ${d.next_due.n}, in ${api.duration(d.next_due.at - now)}` : 'nothing due';
}

function renderList(r) {
  $('drill-list').replaceChildren(...r.drills.map((d) => api.el('li', { 'data-id': d.id }, [
    api.el('a', { href: `#${d.id}`, class: 'drill-link', text: d.title, onclick: (ev) => { ev.preventDefault(); showDrill(d.id); } }),
    api.el('span', { class: 'tag', text: [d.level, dueText(d, r.now)].filter(Boolean).join(' · ') }),
    student && d.due > 0 ? api.el('button', { type: 'button', class: 'play-due', text: 'Play the due', onclick: () => start(d.id) }) : null,
  ])));
}

async function showHome() {
  view('list');
  const r = await api.get('/api/drills');
  renderWho(r);
  renderList(r);
  document.body.dataset.view = 'list';
  // the drill open before (its exercises' dates changed by what was played since)
  if (!$('drill-card').hidden && document.body.dataset.drill) await showDrill(document.body.dataset.drill);
}

async function showDrill(id) {
  fail('');
  const r = await api.get(`/api/drills/${encodeURIComponent(id)}`).catch((e) => { fail(e.message); return null; });
  if (!r) return;
  $('drill-card').hidden = false;
  $('drill-title').textContent = r.drill.title;
  $('drill-about').textContent = [r.drill.author, r.drill.level, dueText(r.drill, r.now)].filter(Boolean).join(' · ');
  $('exercise-table').querySelector('tbody').replaceChildren(...r.exercises.map((e) => {
    const p = e.progress;
    const due = e.faulty ? 'faulty' : !student ? '' : e.due ? 'due now' : p ? dateText(p.due) : '';
    return api.el('tr', { 'data-n': String(e.n), class: e.due ? 'due' : undefined }, [
      api.el('td', { text: String(e.n) }),
      api.el('td', { text: e.title ? `${e.title}: ${e.prompt || ''}` : e.prompt || '' }),
      api.el('td', { class: 'due-cell', text: due }),
      api.el('td', { text: p ? `${p.points} points, ${p.seen} played` : '' }),
      api.el('td', {}, [student && !e.faulty
        ? api.el('button', { type: 'button', text: 'Play', onclick: () => start(id, e.n) }) : null]),
    ]);
  }));
  document.body.dataset.drill = id;
  if (!student) fail('Join your class to play (your name and the class code).');
}

async function start(id, n) {
  fail('');
  try {
    const body = { style: style() };
    if (n) body.exercise = n;
    showPlay(await api.post(`/api/drills/${encodeURIComponent(id)}/start`, body));
  } catch (e) {
    fail(e.message);
  }
}

// ---- playing ------------------------------------------------------------------------------
function orientation() { return play && play.you === 'white' ? 'gote' : 'sente'; }

function renderLine(frames, brushes) {
  $('line').replaceChildren(...frames.map((f, i) => api.el('li', { class: brushes[i] }, [
    api.el('span', { class: 'ply', text: f.side === 'black' ? '☗' : '☖' }),
    api.el('span', { class: 'name', text: moveName(f) }),
  ])));
}

// frames shown one after the other, each move an arrow (the ones before it kept)
async function showLine(frames, brushes) {
  renderLine(frames, brushes);
  for (let i = 0; i < frames.length; i++) {
    const f = frames[i];
    board.show({ sfen: f.sfen, status: 'viewing', moves: [{ usi: f.usi }] }, { orientation: orientation() });
    board.arrows(frames.slice(0, i + 1).map((g, k) => ({ usi: g.usi, brush: brushes[k] })));
    await sleep(STEP_MS);
  }
}

function setButtons() {
  const e = play.exercise;
  const open = !!e && e.status === 'open';
  const showing = document.body.dataset.showing === 'refutation';
  $('again').hidden = !showing;
  $('hint-button').hidden = !open || showing;
  $('answer-button').hidden = !open || showing;
  $('skip-button').hidden = !open || showing;
  $('declare-button').hidden = !play.declare || showing;
  $('retry-button').hidden = !e || open;
  $('next-button').hidden = !e || open;
  $('next-button').textContent = e && e.index < e.count ? 'Next exercise' : 'Finish';
  const form = $('keyboard-move');
  form.hidden = play.status !== 'playing' || showing;
  if (!form.hidden) {
    $('move-select').replaceChildren(...play.legal.map((u, i) =>
      api.el('option', { value: u, text: play.legal_names[i] ? moveName(play.legal_names[i]) : u })));
  }
}

// the exercise as it stands (the board movable when it is the student's move)
function renderPlay() {
  const e = play.exercise;
  $('play-drill').textContent = play.drill.title;
  $('score').textContent = play.score.text;
  for (const r of document.querySelectorAll('input[name=notation]')) r.checked = r.value === prefs.notation();
  document.body.dataset.over = String(!!play.over);
  if (!e) {
    $('ex-title').textContent = 'The drill is over';
    $('prompt').textContent = play.score.text;
    $('status').textContent = 'Back to the drills to play what is due next time.';
    $('feedback').textContent = '';
    $('hint').textContent = '';
    $('line').replaceChildren();
    for (const b of ['again', 'hint-button', 'answer-button', 'skip-button', 'declare-button', 'retry-button', 'next-button']) $(b).hidden = true;
    $('keyboard-move').hidden = true;
    return;
  }
  document.body.dataset.exercise = String(e.n);
  document.body.dataset.status = e.status;
  $('ex-title').textContent = `Exercise ${e.n} of ${e.total}${e.title ? `: ${e.title}` : ''}${e.count < e.total ? ` (${e.index} of ${e.count} today)` : ''}`;
  $('prompt').textContent = e.prompt;
  $('status').textContent = e.status === 'open'
    ? (play.in_check ? 'Your move: you are in check.' : 'Your move.')
    : e.status === 'solved' ? 'Solved.' : 'Missed: the answer is counted as not found.';
  board.show(play, { orientation: orientation() });
  setButtons();
}

function showPlay(p) {
  play = p;
  document.body.dataset.showing = '';
  document.body.dataset.result = '';
  $('feedback').textContent = '';
  $('feedback').className = 'feedback';
  $('hint').textContent = '';
  $('line').replaceChildren();
  view('play');
  board.arrows([]);
  renderPlay();
}

function feedback(text, kind) {
  $('feedback').textContent = text;
  $('feedback').className = `feedback ${kind}`;
}

async function send(action, body = {}) {
  busy = true;
  fail('');
  try {
    return await api.post(`/api/drills/play/${action}`, { style: style(), ...body });
  } catch (e) {
    fail(e.message);
    renderPlay(); // the board as it was: a refused move is taken back
    return null;
  } finally {
    busy = false;
  }
}

async function onMove(usi) {
  if (busy || !play || play.status !== 'playing') return;
  const p = await send('move', { move: usi });
  if (!p) return;
  const r = p.result;
  busy = true;
  try {
    if (!r.correct && !r.done) {
      // the wrong move and the opponent's refutation, played out; the exercise comes back with "Try again"
      document.body.dataset.result = 'wrong';
      feedback(r.message, 'wrong');
      play = p;
      document.body.dataset.showing = 'refutation';
      $('status').textContent = 'The opponent\'s answer, on the board:';
      setButtons();
      await showLine(r.line, r.line.map((_, i) => (i === 0 ? 'wrong' : 'refute')));
      document.body.dataset.shown = 'refutation';
      return;
    }
    document.body.dataset.result = r.correct ? 'correct' : 'missed';
    feedback(`${r.message}${r.done && r.points !== null ? ` (${r.points} points)` : ''}`, r.correct ? 'good' : 'wrong');
    if (r.line.length > 1) await showLine(r.line, r.line.map((_, i) => (i === 0 ? 'good' : 'reply')));
    play = p;
    renderPlay();
    if (r.line.length > 1) board.arrows(r.line.map((f, i) => ({ usi: f.usi, brush: i === 0 ? 'good' : 'reply' })));
  } finally {
    busy = false;
  }
}

function wire() {
  board = new Board({ board: $('board'), handTop: $('hand-top'), handBottom: $('hand-bottom') }, onMove);
  $('join-form').addEventListener('submit', async (ev) => {
    ev.preventDefault();
    fail('');
    const name = $('join-name').value.trim();
    const code = $('join-code').value.trim();
    try {
      const r = await api.post('/api/drills/join', { name, code });
      try { localStorage.setItem(REMEMBER, JSON.stringify({ name, code })); } catch { /* private mode */ }
      renderWho(r);
      renderList(r);
      if (document.body.dataset.drill) showDrill(document.body.dataset.drill);
    } catch (e) {
      fail(e.message);
    }
  });
  $('leave').addEventListener('click', async () => {
    await api.post('/api/drills/leave', {});
    $('drill-card').hidden = true;
    showHome();
  });
  $('back').addEventListener('click', (ev) => { ev.preventDefault(); fail(''); showHome(); });
  $('again').addEventListener('click', () => showPlay(play));
  $('hint-button').addEventListener('click', async () => {
    const p = await send('hint');
    if (!p) return;
    const text = $('hint').textContent;
    play = p;
    renderPlay();
    $('hint').textContent = `${text ? `${text} ` : ''}Hint: ${p.hint}`;
  });
  $('answer-button').addEventListener('click', async () => {
    const p = await send('answer');
    if (!p) return;
    play = p;
    feedback(p.reveal.text, 'wrong');
    busy = true;
    try {
      await showLine(p.reveal.line, p.reveal.line.map(() => 'good'));
    } finally {
      busy = false;
    }
    setButtons();
  });
  $('declare-button').addEventListener('click', () => onMove('declare'));
  $('skip-button').addEventListener('click', async () => { const p = await send('skip'); if (p) showPlay(p); });
  $('retry-button').addEventListener('click', async () => { const p = await send('retry'); if (p) showPlay(p); });
  $('next-button').addEventListener('click', async () => { const p = await send('next'); if (p) showPlay(p); });
  $('keyboard-move').addEventListener('submit', (ev) => {
    ev.preventDefault();
    if ($('move-select').value) onMove($('move-select').value);
  });
  for (const r of document.querySelectorAll('input[name=notation]')) {
    r.addEventListener('change', () => { prefs.setNotation(r.value); if (play) renderPlay(); });
  }
}

async function main() {
  wire();
  try {
    const saved = JSON.parse(localStorage.getItem(REMEMBER) || 'null');
    if (saved) { $('join-name').value = saved.name || ''; $('join-code').value = saved.code || ''; }
  } catch { /* nothing remembered */ }
  try {
    await api.session();
    await showHome();
    // a drill being played (this session's) comes back as it was
    if (student) {
      const p = await api.get('/api/drills/play').catch(() => null);
      if (p && !p.over) showPlay(p);
    }
  } catch (e) {
    view('list');
    fail(e.message);
  }
}

main();
