// The lobby (index.html): play the bot at once, sign up or log in, open and
// accept challenges, my games, the leaderboard.  The lists refresh every few
// seconds; a challenge of mine that someone accepts opens its game.
import * as api from './api.js';

const $ = (id) => document.getElementById(id);
let me = null;
let myChallenges = new Set();
let knownGames = null;

function showError(msg) {
  $('error').textContent = msg || '';
  $('error').hidden = !msg;
}

function gameUrl(gid) {
  return `game.html?id=${encodeURIComponent(gid)}`;
}

function gameId(x) {
  return x && (x.game_id ?? x.game?.id ?? x.game ?? x.id);
}

async function guard(f) {
  showError('');
  try {
    return await f();
  } catch (e) {
    showError(e.message);
    return undefined;
  }
}

function renderSession(s) {
  me = s.user;
  $('who').textContent = me ? `Logged in as ${me.name}` : 'Not logged in';
  $('logout').hidden = !me;
  $('logged-out').hidden = !!me;
  $('logged-in').hidden = !me;
  $('my-games').hidden = !me;
  if (me) $('leaderboard-opt').checked = !!me.leaderboard;
  const levels = s.bot_levels || s.levels || [1, 2, 3, 4, 5];
  const sel = $('bot-level');
  if (!sel.options.length) {
    sel.replaceChildren(
      ...levels.map((l) => {
        const v = typeof l === 'object' ? l.level : l;
        const name = typeof l === 'object' && l.name ? `${v} — ${l.name}` : String(v);
        return api.el('option', { value: v, text: name });
      }),
    );
  }
}

function creatorName(c) {
  return c.by?.name ?? c.user?.name ?? c.creator?.name ?? c.name ?? '?';
}

function renderChallenges(data) {
  const rows = api.list(data, 'challenges');
  const ul = $('challenge-list');
  ul.replaceChildren(
    ...rows.map((c) => {
      const secs = c.deadline_seconds ?? c.deadline;
      const mine = me && (c.by?.id ?? c.user?.id ?? c.creator?.id) === me.id;
      const li = api.el('li', { 'data-challenge': c.id }, [
        api.el('span', { class: 'name', text: creatorName(c) }),
        api.el('span', { class: 'quiet', text: ` · ${api.duration(secs)} a move` }),
      ]);
      if (mine) {
        myChallenges.add(String(c.id));
        li.append(api.el('span', { class: 'tag', text: 'yours: waiting' }));
      }
      else if (me) {
        li.append(
          api.el('button', {
            type: 'button',
            class: 'accept',
            text: 'Accept',
            onclick: () =>
              guard(async () => {
                const g = await api.post(`/api/challenges/${encodeURIComponent(c.id)}/accept`, {});
                location.href = gameUrl(gameId(g));
              }),
          }),
        );
      }
      return li;
    }),
  );
  $('no-challenges').hidden = rows.length > 0;
}

function opponent(g) {
  if (!me) return '';
  const side = g.you || (g.black?.id === me.id || g.black?.name === me.name ? 'black' : 'white');
  const other = side === 'black' ? g.white : g.black;
  return other ? other.name : '?';
}

function renderGames(data) {
  const rows = api.list(data, 'games');
  const ul = $('game-list');
  ul.replaceChildren(
    ...rows.map((g) => {
      const state = g.status === 'ended' ? (g.result?.reason ? `ended: ${g.result.reason}` : 'ended') : g.you && g.to_move === g.you ? 'your move' : 'playing';
      return api.el('li', { 'data-game': g.id }, [
        api.el('a', { href: gameUrl(g.id), text: `vs ${opponent(g)}` }),
        api.el('span', { class: 'quiet', text: ` · ${state}` }),
      ]);
    }),
  );
  $('no-games').hidden = rows.length > 0;
  // a challenge of mine was accepted: its game is new in my list, so open it
  const ids = new Set(rows.map((g) => String(g.id)));
  if (knownGames && myChallenges.size) {
    for (const g of rows) {
      if (!knownGames.has(String(g.id)) && g.status === 'playing') {
        myChallenges.clear();
        location.href = gameUrl(g.id);
        return;
      }
    }
  }
  knownGames = ids;
}

function renderLeaders(data) {
  const rows = api.list(data, 'players');
  const tbody = document.querySelector('#leaderboard-table tbody');
  tbody.replaceChildren(
    ...rows.map((p, i) =>
      api.el('tr', {}, [
        api.el('td', { text: String(p.rank ?? i + 1) }),
        api.el('td', { text: p.name }),
        api.el('td', { text: String(Math.round(p.rating ?? 0)) }),
        api.el('td', { text: String(p.games ?? '') }),
      ]),
    ),
  );
  $('leaderboard-table').hidden = rows.length === 0;
  $('no-leaders').hidden = rows.length > 0;
}

async function refresh() {
  const jobs = [api.get('/api/challenges').then(renderChallenges), api.get('/api/leaderboard').then(renderLeaders)];
  if (me) jobs.push(api.get('/api/games?mine=1').then(renderGames));
  const results = await Promise.allSettled(jobs);
  const bad = results.find((r) => r.status === 'rejected');
  if (bad) showError(bad.reason.message);
}

function formData(form) {
  return Object.fromEntries(new FormData(form).entries());
}

function wire() {
  $('bot-form').addEventListener('submit', (ev) => {
    ev.preventDefault();
    $('bot-play').disabled = true;
    guard(async () => {
      const bot = $('bot-file').value;
      const g = await api.post('/api/bot-games', bot ? { level: Number($('bot-level').value), bot } : { level: Number($('bot-level').value) });
      location.href = gameUrl(g.id);
    }).finally(() => {
      $('bot-play').disabled = false;
    });
  });
  $('login-form').addEventListener('submit', (ev) => {
    ev.preventDefault();
    guard(async () => {
      await api.post('/api/login', formData(ev.target));
      renderSession(await api.session());
      await refresh();
    });
  });
  $('signup-form').addEventListener('submit', (ev) => {
    ev.preventDefault();
    guard(async () => {
      await api.post('/api/signup', formData(ev.target));
      renderSession(await api.session());
      await refresh();
    });
  });
  $('logout').addEventListener('click', () =>
    guard(async () => {
      await api.post('/api/logout', {});
      knownGames = null;
      renderSession(await api.session());
      await refresh();
    }),
  );
  $('challenge-form').addEventListener('submit', (ev) => {
    ev.preventDefault();
    guard(async () => {
      const c = await api.post('/api/challenges', { deadline: Number($('challenge-deadline').value) });
      if (c && c.id !== undefined) myChallenges.add(String(c.id));
      await refresh();
    });
  });
  $('leaderboard-opt').addEventListener('change', (ev) =>
    guard(async () => {
      await api.post('/api/me', { leaderboard: ev.target.checked });
      await refresh();
    }),
  );
}

// the deadlines this site offers (its config, GET /api/rules): one a day if offered, else the shortest;
// and the bot files it offers beside the built-in evaluation
async function renderDeadlines() {
  const r = await api.get('/api/rules');
  const bots = r.bots || [];
  if (bots.length) {
    $('bot-file').append(...bots.map((name) => api.el('option', { value: name, text: name })));
    $('bot-file-field').hidden = false;
  }
  const sel = $('challenge-deadline');
  const list = r.deadlines || [];
  if (!list.length) return;
  sel.replaceChildren(...list.map((s) => api.el('option', { value: s, text: api.duration(s), selected: s === 86400 })));
}

async function main() {
  wire();
  await guard(async () => renderSession(await api.session()));
  await guard(renderDeadlines);
  await refresh();
  setInterval(refresh, 3000);
}

main();
