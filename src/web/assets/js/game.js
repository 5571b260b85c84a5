// The game page (game.html?id=ID): the board, the move list, the deadline, the
// actions, the record links and the seed, kept live by the game's event stream.
// Move names come from the server's state; nothing here formats a move.
import * as api from './api.js';
import { Board } from './board.js';
import { BoardKeys, handText } from './board_keys.js';
import * as prefs from './prefs.js';

const $ = (id) => document.getElementById(id);
const id = new URLSearchParams(location.search).get('id');
let state = null;
let board = null;
let keys = null;
let sending = false;
let lastAnnounced = -1;

const SIDE = { black: 'Black ☗', white: 'White ☖' };

function showError(msg) {
  const e = $('error');
  e.textContent = msg || '';
  e.hidden = !msg;
}

function resultText(s) {
  const r = s.result;
  if (!r) return 'The game is over.';
  const who = r.winner ? `${SIDE[r.winner]} (${s[r.winner].name}) wins` : 'Draw';
  return r.reason ? `${who}: ${r.reason}.` : `${who}.`;
}

function statusText(s) {
  if (s.status === 'ended') return resultText(s);
  const mover = `${SIDE[s.to_move]} (${s[s.to_move].name}) to move`;
  const check = s.in_check ? ' — check!' : '';
  if (s.you === s.to_move) return `Your move${check}`;
  return mover + check;
}

function renderMoves(s) {
  const n = prefs.notation();
  const ol = $('moves');
  ol.replaceChildren(
    ...s.moves.map((m, i) =>
      api.el('li', { class: i === s.moves.length - 1 ? 'last' : undefined, 'data-usi': m.usi }, [
        api.el('span', { class: 'ply', text: `${i + 1}.` }),
        api.el('span', { class: 'name', text: n === 'japanese' ? m.japanese : m.western }),
      ]),
    ),
  );
  // the list scrolls, never the page; at the next frame, once the page is whole, as reading its height now
  // would lay out the page half built (the board not yet set: on a cold load, one layout of the whole page
  // more before the first paint)
  requestAnimationFrame(() => { ol.scrollTop = ol.scrollHeight; });
  for (const r of document.querySelectorAll('input[name=notation]')) r.checked = r.value === n;
}

function renderPlayers(s) {
  const near = s.you === 'white' ? 'white' : 'black';
  const far = near === 'black' ? 'white' : 'black';
  const label = (side) => `${s[side].name}${s[side].kind === 'bot' ? ' (bot)' : ''}${s.you === side ? ' — you' : ''}`;
  $('near-name').textContent = label(near);
  $('near-side').textContent = SIDE[near];
  $('far-name').textContent = label(far);
  $('far-side').textContent = SIDE[far];
  document.querySelector('.player.near').classList.toggle('to-move', s.status === 'playing' && s.to_move === near);
  document.querySelector('.player.far').classList.toggle('to-move', s.status === 'playing' && s.to_move === far);
}

function renderKeyboard(s) {
  const form = $('keyboard-move');
  const mine = s.status === 'playing' && s.you === s.to_move;
  form.hidden = !mine;
  if (!mine) return;
  const sel = $('move-select');
  const n = prefs.notation();
  const names = s.legal_names || [];
  sel.replaceChildren(...(s.legal || []).map((u, i) =>
    api.el('option', { value: u, text: names[i] ? `${n === 'japanese' ? names[i].japanese : names[i].western} (${u})` : u })));
}

function renderActions(s) {
  const playing = s.status === 'playing' && !!s.you;
  if (!playing) {
    $('resign').hidden = $('resign-confirm').hidden = $('resign-cancel').hidden = true;
  } else if ($('resign-confirm').hidden) {
    $('resign').hidden = false;
  }
  renderDraw(s, playing);
  renderDeclaration(s);
}

// the draw offer standing, as the server says (a move lapses it); none against the bot
function renderDraw(s, playing) {
  const people = s.black.kind !== 'bot' && s.white.kind !== 'bot';
  const offer = playing && people ? s.draw_offer : null;
  const mine = !!offer && offer.by === s.you;
  $('draw-offer').hidden = !(playing && people && !offer);
  $('draw-box').hidden = !offer;
  $('draw-box').classList.toggle('theirs', !!offer && !mine);
  $('draw-accept').hidden = $('draw-decline').hidden = !offer || mine;
  if (offer) {
    $('draw-text').textContent = mine
      ? 'You offered a draw. It lapses with the next move.'
      : `${SIDE[offer.by]} (${s[offer.by].name}) offers a draw. A move declines it.`;
  }
}

// the declaration: the button only when the core finds it correct, with the count the core made
function renderDeclaration(s) {
  const d = s.status === 'playing' ? s.declaration : null;
  const show = !!d && (d.valid || d.king_in_camp);
  $('declare-box').hidden = !show;
  $('declare').hidden = !(d && d.valid);
  if (!show) return;
  const count = `${d.points} of ${d.needed} points, ${d.camp_pieces} of ${d.pieces_needed} pieces in the camp`;
  $('declare-count').textContent = d.valid ? `You may declare and win: ${count}.` : `Declaration: ${count}. ${d.why}`;
  $('declare').textContent = `Declare (${d.points} points)`;
}

function renderSeed(s) {
  $('commitment').textContent = s.seed_sha256 || '';
  $('seed-wait').hidden = !!s.seed;
  $('seed-line').hidden = !s.seed;
  $('seed').textContent = s.seed || '';
  const c = s.colours;
  $('colours-line').hidden = !c;
  if (!c) return;
  $('colours-hash').textContent = c.sha256;
  const who = s.black.kind === 'bot' || s.white.kind === 'bot' ? 'the person playing the bot' : 'the challenger';
  $('colours-text').textContent =
    `The low bit of its first byte is ${c.bit}, so ${who} (${s[c.challenger].name}) plays ${c.challenger === 'black' ? 'Black' : 'White'}.`;
}

// the live region: what is said within a second and a half of the last is added to it, so a move and the
// deadline it starts are both heard
let saidAt = 0;
function say(text) {
  const e = $('announce');
  const now = Date.now();
  e.textContent = now - saidAt < 1500 && e.textContent ? `${e.textContent} ${text}` : text;
  saidAt = now;
}

let lastOffer = null;
function announce(s, prev) {
  const offer = s.status === 'playing' && s.draw_offer ? s.draw_offer.by : null;
  if (offer !== lastOffer && lastAnnounced >= 0 && offer && offer !== s.you) say(`${SIDE[offer]} offers a draw.`);
  lastOffer = offer;
  if (s.moves.length === lastAnnounced) {
    if (s.status === 'ended' && prev && prev.status === 'playing') say(resultText(s));
    return;
  }
  const first = lastAnnounced < 0;
  lastAnnounced = s.moves.length;
  if (first) return;
  const m = s.moves[s.moves.length - 1];
  const n = prefs.notation();
  let text = m ? (n === 'japanese' ? m.japanese : m.western) : '';
  if (s.in_check) text += ', check';
  if (s.status === 'ended') text += '. ' + resultText(s);
  say(text);
}

function renderHands(s) {
  const hands = s.sfen.split(' ')[2];
  const me = s.you === 'white' ? 'w' : 'b';
  const them = me === 'b' ? 'w' : 'b';
  const who = s.you ? ['Your hand', 'your opponent\'s hand'] : ['Black\'s hand', 'White\'s hand'];
  $('hands-text').textContent = `${who[0]}: ${handText(hands, me)}; ${who[1]}: ${handText(hands, them)}.`;
}

// the player to move is told when the deadline comes near: an hour, ten minutes, a minute left
const WARN = [3600000, 600000, 60000];
let warned = { ply: -1, at: Infinity };
function warnDeadline(left) {
  if (!state || state.you !== state.to_move) return;
  // a new move: the thresholds count from the whole deadline, so a one-minute deadline says so at once
  if (warned.ply !== state.moves.length) warned = { ply: state.moves.length, at: state.deadline_seconds * 1000 };
  const crossed = WARN.filter((w) => left <= w && warned.at >= w);
  if (crossed.length) say(`${api.duration(crossed[crossed.length - 1] / 1000)} left for your move.`);
  warned.at = Math.min(warned.at, left) - 1;
}

function tick() {
  const box = $('deadline');
  if (!state || state.status !== 'playing' || !state.deadline) {
    box.hidden = true;
    return;
  }
  box.hidden = false;
  const left = state.deadline - Date.now();
  $('clock').textContent = api.countdown(left);
  $('clock').setAttribute('aria-label', `${api.duration(Math.max(0, left) / 1000)} left`);
  warnDeadline(left);
  box.classList.toggle('urgent', left < 60000);
}

function render(s) {
  if (state && s.moves.length < state.moves.length && s.status === state.status) return; // an older state arrived late
  const prev = state;
  state = s;
  document.title = `${s.black.name} vs ${s.white.name} · komadai`;
  $('status').textContent = statusText(s);
  renderPlayers(s);
  renderMoves(s);
  renderKeyboard(s);
  renderActions(s);
  renderSeed(s);
  // the analysis board once the game is over: offered during play, it would be an engine at a player's elbow
  $('analyse-item').hidden = s.status !== 'ended';
  announce(s, prev);
  // the same position again (the event stream's first state repeats the page's own): the board is left as it
  // is, so a piece the player is dragging is not dropped
  const same = prev && prev.sfen === s.sfen && prev.status === s.status && prev.you === s.you && prev.moves.length === s.moves.length;
  if (!same) board.show(s);
  if (keys) keys.show(s);
  renderHands(s);
  tick();
  document.body.dataset.ply = String(s.moves.length);
  document.body.dataset.status = s.status;
}

async function play(usi) {
  if (!state || sending) return;
  sending = true;
  showError('');
  try {
    render(await api.post(`/api/games/${id}/moves`, { move: usi, ply: state.moves.length }));
  } catch (e) {
    showError(e.message);
    board.show(state); // put the piece back
    try {
      render(await api.get(`/api/games/${id}`));
    } catch {
      // the error shown is the one that matters
    }
  } finally {
    sending = false;
  }
}

function listen() {
  if (!window.EventSource) return;
  const es = new EventSource(`/api/games/${id}/events`);
  es.addEventListener('state', (ev) => {
    try {
      render(JSON.parse(ev.data));
    } catch (e) {
      showError(`live update: ${e.message}`);
    }
  });
  es.addEventListener('open', () => document.body.classList.add('live'));
  es.addEventListener('error', () => document.body.classList.remove('live'));
}

function wire() {
  for (const r of document.querySelectorAll('input[name=notation]')) {
    r.addEventListener('change', () => {
      prefs.setNotation(r.value);
      if (state) { renderMoves(state); renderKeyboard(state); }
    });
  }
  $('resign').addEventListener('click', () => {
    $('resign').hidden = true;
    $('resign-confirm').hidden = $('resign-cancel').hidden = false;
    $('resign-cancel').focus();
  });
  $('resign-cancel').addEventListener('click', () => {
    $('resign-confirm').hidden = $('resign-cancel').hidden = true;
    $('resign').hidden = false;
  });
  $('resign-confirm').addEventListener('click', async () => {
    $('resign-confirm').hidden = $('resign-cancel').hidden = true;
    try {
      render(await api.post(`/api/games/${id}/resign`, {}));
    } catch (e) {
      showError(e.message);
      $('resign').hidden = false;
    }
  });
  const act = (path, after) => async () => {
    showError('');
    try {
      render(await api.post(`/api/games/${id}/${path}`, {}));
      if (after) after();
    } catch (e) {
      showError(e.message);
    }
  };
  $('draw-offer').addEventListener('click', act('draw/offer', () => say('You offered a draw.')));
  $('draw-accept').addEventListener('click', act('draw/accept'));
  $('draw-decline').addEventListener('click', act('draw/decline', () => say('You declined the draw.')));
  $('declare').addEventListener('click', act('declare'));
  $('keyboard-move').addEventListener('submit', (ev) => {
    ev.preventDefault();
    const usi = $('move-select').value;
    if (usi) play(usi);
  });
  for (const f of ['kif', 'csa', 'sfen']) {
    const a = $(`rec-${f}`);
    a.href = `/api/games/${encodeURIComponent(id)}/record?format=${f}`;
    a.setAttribute('download', `game-${id}.${f === 'sfen' ? 'sfen' : f}`);
  }
  $('analyse-link').href = `analysis.html?game=${encodeURIComponent(id)}`;
  setInterval(tick, 250);
}

// the promotion question for a keyboard move: resolves to the move chosen, or null (Escape)
function askPromotion([promote, plain]) {
  const box = $('promote-ask');
  box.hidden = false;
  $('promote-yes').focus();
  return new Promise((resolve) => {
    const done = (usi) => {
      box.hidden = true;
      box.removeEventListener('keydown', esc);
      $('promote-yes').onclick = $('promote-no').onclick = null;
      resolve(usi);
    };
    const esc = (e) => { if (e.key === 'Escape') done(null); };
    box.addEventListener('keydown', esc);
    $('promote-yes').onclick = () => done(promote);
    $('promote-no').onclick = () => done(plain);
  });
}

async function main() {
  if (!id) {
    wire();
    showError('No game given: open a game from the lobby.');
    return;
  }
  // the game as the server put it in the page (GET /api/games/ID's answer for this session's cookie, so
  // it says whose side is the player's): the board is drawn without waiting for the API; a page without it
  // (no such game) asks, and says the API's error.  The session is asked at once either way: its answer
  // (the name, the CSRF token) is not needed for the first drawing.
  const inlined = document.body.dataset.game;
  delete document.body.dataset.game;
  api.session().then((se) => { $('who').textContent = se.user ? se.user.name : 'guest'; }, () => {});
  const game = inlined ? Promise.resolve(JSON.parse(inlined)) : api.get(`/api/games/${encodeURIComponent(id)}`);
  wire();
  board = new Board({ board: $('board'), handTop: $('hand-top'), handBottom: $('hand-bottom') }, play);
  let s;
  try {
    s = await game;
  } catch (e) {
    showError(e.message);
    return;
  }
  render(s);
  // the keyboard's grid (81 cells) once the board is painted: a cold load draws the board without it, the
  // page's whole first layout smaller by a third; it reads the state the page has by then
  requestAnimationFrame(() => setTimeout(() => {
    keys = new BoardKeys($('board-keys'), { onMove: play, say, ask: askPromotion });
    if (state) keys.show(state);
  }));
  listen();
}

main();
