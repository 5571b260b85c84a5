// make bench BENCH=web: load on a running komadai --serve (tests/bench/web.sh starts it).
//   node tests/bench/web_load.mjs BASE LABEL [GAMES] [PAGES_PER_GAME] [LATENCY_MOVES] [THROUGHPUT_SECONDS]
// 1. GAMES person games (accounts challenge and accept), each with PAGES_PER_GAME open event streams
//    (one per player, in that player's session: 1,000 games and 2,000 pages by default);
// 2. live latency: LATENCY_MOVES moves at 50 a second, each from the POST leaving here to its
//    state event reaching the opponent's open stream (p50, p99, max);
// 3. throughput: 16 clients posting moves for THROUGHPUT_SECONDS, the streams still open: moves/s.
// Prints "web LABEL: ..." lines; the numbers are read by people, nothing fails.
import http from 'node:http';
import { Client } from '../web/lib.mjs';

const [base, label = 'web', games = 1000, pagesPerGame = 2, latencyMoves = 1000, tpSeconds = 10] =
  process.argv.slice(2).map((v, i) => (i < 2 ? v : Number(v)));
if (!base) { console.error('usage: web_load.mjs BASE LABEL [GAMES] [PAGES] [MOVES] [SECONDS]'); process.exit(2); }
const url = new URL(base);
const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const now = () => Number(process.hrtime.bigint()) / 1e6;

// a bounded number of promises at once over a list
async function pool(items, n, fn) {
  let next = 0;
  await Promise.all(Array.from({ length: n }, async () => {
    while (next < items.length) { const i = next++; await fn(items[i], i); }
  }));
}

// ---- accounts and games ----
const ACCOUNTS = 10; // challengers and as many acceptors: a game is one of each
const challengers = [], acceptors = [];
for (let i = 0; i < ACCOUNTS; i++) { challengers.push(new Client(base)); acceptors.push(new Client(base)); }
let t = now();
await pool([...challengers, ...acceptors], 4, (c, i) => c.signup(`load${i}`));
console.log(`web ${label}: ${2 * ACCOUNTS} accounts in ${((now() - t) / 1000).toFixed(1)} s (argon2id)`);

const table = []; // {id, black: Client, white: Client, ply, to_move, legal, over, inflight}
t = now();
await pool(Array.from({ length: games }, (_, i) => i), 8, async (i) => {
  const a = challengers[i % ACCOUNTS], b = acceptors[(i * 7 + 3) % ACCOUNTS];
  const ch = await a.post('/api/challenges', { deadline: 604800 });
  const g = await b.post(`/api/challenges/${ch.id}/accept`, {});
  table.push({ id: g.id, black: g.you === 'black' ? b : a, white: g.you === 'black' ? a : b, ply: g.ply,
    to_move: g.to_move, legal: g.legal, over: false, inflight: false });
});
console.log(`web ${label}: ${table.length} games started in ${((now() - t) / 1000).toFixed(1)} s`);

// ---- the open pages: one event stream per player and game ----
// "id:colour" -> [{ply, resolve}]: a page is told the newest state, so a wait for ply N ends at any state >= N
const waiters = new Map();
function wait(game, colour, ply) {
  return new Promise((resolve) => {
    const key = `${game.id}:${colour}`;
    if (!waiters.has(key)) waiters.set(key, []);
    waiters.get(key).push({ ply, resolve });
  });
}
let streams = 0, streamErrors = 0;
function openStream(game, colour) {
  return new Promise((resolve) => {
    const req = http.get({ host: url.hostname, port: url.port, path: `/api/games/${game.id}/events`, agent,
      headers: { Cookie: `sid=${game[colour].sid}`, Accept: 'text/event-stream' } }, (res) => {
      if (res.statusCode !== 200) { streamErrors++; res.resume(); resolve(); return; }
      streams++;
      resolve();
      let buf = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => {
        const at = now();
        buf += chunk;
        let k;
        while ((k = buf.indexOf('\n\n')) >= 0) {
          const ev = buf.slice(0, k);
          buf = buf.slice(k + 2);
          const m = ev.match(/"ply":(\d+)/); // the event's ply, without parsing the whole game
          if (!m) continue;
          const list = waiters.get(`${game.id}:${colour}`);
          if (!list) continue;
          const ply = Number(m[1]);
          for (let j = list.length - 1; j >= 0; j--) if (list[j].ply <= ply) { list[j].resolve(at); list.splice(j, 1); }
        }
      });
    });
    req.on('error', () => { streamErrors++; resolve(); });
  });
}
t = now();
const colours = pagesPerGame >= 2 ? ['black', 'white'] : ['white'];
await pool(table.flatMap((g) => colours.map((c) => [g, c])), 64, ([g, c]) => openStream(g, c));
console.log(`web ${label}: ${streams} pages open (${streamErrors} refused) in ${((now() - t) / 1000).toFixed(1)} s`);

// one move in a game by the side to move; resolves with the delay to the opponent's page (ms) or null
async function move(game) {
  const mover = game.to_move, other = mover === 'black' ? 'white' : 'black';
  const usi = game.legal[Math.floor(Math.random() * game.legal.length)];
  const seen = colours.includes(other) ? wait(game, other, game.ply + 1) : null;
  game.inflight = true;
  const t0 = now();
  try {
    const s = await game[mover].post(`/api/games/${game.id}/moves`, { move: usi, ply: game.ply });
    Object.assign(game, { ply: s.ply, to_move: s.to_move, legal: s.legal, over: s.status !== 'playing' });
  } catch (e) {
    game.over = true; // a refused move (the game ended meanwhile): the game is left out from now on
    game.inflight = false;
    return null;
  }
  game.inflight = false;
  if (!seen) return null;
  const at = await Promise.race([seen, sleep(5000).then(() => null)]);
  return at === null ? Infinity : at - t0;
}
const pick = () => {
  for (let k = 0; k < 100; k++) {
    const g = table[Math.floor(Math.random() * table.length)];
    if (!g.over && !g.inflight && g.legal && g.legal.length) return g;
  }
  return null;
};

// ---- live latency at a steady 50 moves a second ----
const delays = [];
const pending = [];
for (let i = 0; i < latencyMoves; i++) {
  const g = pick();
  if (!g) break;
  pending.push(move(g).then((d) => { if (d !== null) delays.push(d); }));
  await sleep(20);
}
await Promise.all(pending);
delays.sort((a, b) => a - b);
const q = (p) => delays[Math.min(delays.length - 1, Math.floor(p * delays.length))];
const lost = delays.filter((d) => d === Infinity).length;
console.log(`web ${label}: live update, move POST to the opponent's page, ${delays.length} moves with ${streams} pages ` +
  `open: p50 ${q(0.5).toFixed(1)} ms, p99 ${q(0.99).toFixed(1)} ms, max ${q(1).toFixed(1)} ms` +
  (lost ? `, ${lost} never seen within 5 s` : '') + ' (goal: p99 < 20 ms)');

// ---- throughput: 16 clients, each a move at a time ----
let done = 0;
const until = now() + tpSeconds * 1000;
t = now();
await Promise.all(Array.from({ length: 16 }, async () => {
  while (now() < until) {
    const g = pick();
    if (!g) break;
    if ((await move(g)) !== null || !g.over) done++;
  }
}));
const secs = (now() - t) / 1000;
console.log(`web ${label}: ${done} moves in ${secs.toFixed(1)} s through the API with ${streams} pages open: ` +
  `${(done / secs).toFixed(0)} moves/s (goal: 500 moves/s with SQLite)`);
agent.destroy();
process.exit(0);
