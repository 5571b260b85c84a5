// The watch list (watch.html): the CSA server's games read from its records
// folder (GET /api/watch), live ones first, refreshed every few seconds.
import * as api from './api.js';
import { timeText, statusText } from './watch_text.js';

const $ = (id) => document.getElementById(id);
const REFRESH_MS = 3000;

function row(g) {
  const link = (text) => api.el('a', { href: `spectate.html?id=${encodeURIComponent(g.id)}`, text });
  return api.el('tr', { class: `game ${g.status}`, 'data-id': g.id }, [
    api.el('td', {}, [link(g.black.name)]),
    api.el('td', {}, [link(g.white.name)]),
    api.el('td', { text: timeText(g.time) }),
    api.el('td', { text: String(g.ply) }),
    api.el('td', { class: 'state', text: statusText(g) }),
    api.el('td', { text: g.start_time }),
  ]);
}

async function refresh() {
  try {
    const x = await api.get('/api/watch');
    $('error').hidden = true;
    $('none').hidden = x.watching;
    $('empty').hidden = !x.watching || x.games.length > 0;
    $('games').hidden = x.games.length === 0;
    $('game-rows').replaceChildren(...x.games.map(row));
    document.body.dataset.games = String(x.games.length);
  } catch (e) {
    $('error').textContent = e.message;
    $('error').hidden = false;
  }
}

refresh();
setInterval(refresh, REFRESH_MS);
