// A CSA server's game watched live (spectate.html?id=ID): the board read-only,
// the clocks (the side to move's counting down), the move list with the
// seconds each move took and the engines' comments (score and PV), kept live
// by the game's event stream (GET /api/watch/ID/events).  Move names come
// from the server; nothing here formats a move.
import * as api from './api.js';
import { Board } from './board.js';
import * as prefs from './prefs.js';
import { timeText } from './watch_text.js';

const $ = (id) => document.getElementById(id);
const id = new URLSearchParams(location.search).get('id');
const SIDE = { black: 'Black ☗', white: 'White ☖' };
let state = null;
let board = null;
let flipped = false;
let skew = 0; // the server's clock minus ours, ms

function name(m) {
  return prefs.notation() === 'japanese' ? m.japanese : m.western;
}

function commentText(c) {
  if (!c) return '';
  const pv = c.pv.map(name).join(' ');
  if (c.score === null) return c.text;
  return pv ? `${c.score} ${pv}` : String(c.score);
}

function renderMoves(s) {
  const ol = $('moves');
  ol.replaceChildren(
    ...s.moves.map((m, i) =>
      api.el('li', { class: i === s.moves.length - 1 ? 'last' : undefined, 'data-usi': m.usi }, [
        api.el('span', { class: 'ply', text: `${i + 1}.` }),
        api.el('span', { class: 'name', text: name(m) }),
        m.seconds !== null ? api.el('span', { class: 'secs', text: `${m.seconds}s` }) : null,
        m.comment ? api.el('span', { class: 'score', text: commentText(m.comment) }) : null,
      ]),
    ),
  );
  ol.scrollTop = ol.scrollHeight;
  for (const r of document.querySelectorAll('input[name=notation]')) r.checked = r.value === prefs.notation();
  const last = s.moves[s.moves.length - 1];
  $('comment').textContent = last && last.comment ? `Engine: ${commentText(last.comment)}` : '';
}

function statusText(s) {
  if (s.error) return `The record cannot be read further: ${s.error}`;
  if (s.status === 'finished') return s.result ? `${s.result.reason}.` : 'The game is over.';
  if (s.status === 'interrupted') return 'Interrupted: the record stopped without a result.';
  return `${SIDE[s.to_move]} (${s[s.to_move].name}) to move${s.in_check ? ' — check!' : ''}`;
}

// the seconds left for side now: the record's clock, less the time since the last move for the mover
function left(s, side) {
  if (!s.clocks) return null;
  let t = s.clocks[side];
  if (s.status === 'live' && side === s.to_move) t -= (Date.now() + skew - s.updated) / 1000;
  return t;
}

function clockText(s, side) {
  const t = left(s, side);
  if (t === null) return '';
  if (t >= 0 || !s.time || !s.time.byoyomi) return api.countdown(Math.max(0, t) * 1000);
  return `byoyomi ${api.countdown(Math.max(0, s.time.byoyomi + t) * 1000)}`;
}

function tick() {
  if (!state) return;
  const near = flipped ? 'white' : 'black';
  const far = near === 'black' ? 'white' : 'black';
  $('near-clock').textContent = clockText(state, near);
  $('far-clock').textContent = clockText(state, far);
  $('near-clock').classList.toggle('running', state.status === 'live' && state.to_move === near);
  $('far-clock').classList.toggle('running', state.status === 'live' && state.to_move === far);
}

function renderPlayers(s) {
  const near = flipped ? 'white' : 'black';
  const far = near === 'black' ? 'white' : 'black';
  $('near-name').textContent = s[near].name;
  $('near-side').textContent = SIDE[near];
  $('far-name').textContent = s[far].name;
  $('far-side').textContent = SIDE[far];
}

function render(s) {
  if (state && s.moves.length < state.moves.length) return; // an older state arrived late
  state = s;
  skew = s.now - Date.now();
  draw(s);
}

// the page from state s (again after a flip: the clocks' skew is the state's arrival's)
function draw(s) {
  document.title = `${s.black.name} vs ${s.white.name} · komadai`;
  $('status').textContent = statusText(s);
  $('time').textContent = s.time ? `Time: ${timeText(s.time)}` : '';
  renderPlayers(s);
  renderMoves(s);
  if (s.sfen) board.show({ ...s, status: 'watching', you: undefined }, { orientation: flipped ? 'gote' : 'sente' });
  tick();
  document.body.dataset.ply = String(s.moves.length);
  document.body.dataset.status = s.status;
}

function listen() {
  if (!window.EventSource) return;
  const es = new EventSource(`/api/watch/${encodeURIComponent(id)}/events`);
  es.addEventListener('state', (ev) => {
    try {
      render(JSON.parse(ev.data));
      if (state.end_time) es.close(); // the record's last line: nothing more will come
    } catch (e) {
      $('error').textContent = `live update: ${e.message}`;
      $('error').hidden = false;
    }
  });
  es.addEventListener('open', () => document.body.classList.add('live'));
  es.addEventListener('error', () => document.body.classList.remove('live'));
}

async function main() {
  for (const r of document.querySelectorAll('input[name=notation]')) {
    r.addEventListener('change', () => {
      prefs.setNotation(r.value);
      if (state) renderMoves(state);
    });
  }
  $('flip').addEventListener('click', () => {
    flipped = !flipped;
    $('flip').setAttribute('aria-pressed', String(flipped));
    if (state) draw(state);
  });
  if (!id) {
    $('error').textContent = 'No game given: pick one from the watch list.';
    $('error').hidden = false;
    return;
  }
  $('rec-csa').href = `/api/watch/${encodeURIComponent(id)}/record`;
  $('rec-csa').setAttribute('download', `${id}.csa`);
  $('analyse-link').href = `analysis.html?watch=${encodeURIComponent(id)}`;
  board = new Board({ board: $('board'), handTop: $('hand-top'), handBottom: $('hand-bottom') }, () => {});
  try {
    render(await api.get(`/api/watch/${encodeURIComponent(id)}`));
  } catch (e) {
    $('error').textContent = e.message;
    $('error').hidden = false;
    return;
  }
  if (!state.end_time) listen();
  setInterval(tick, 250);
}

main();
