// make bench BENCH=web, the spectators' figure: N event streams (GET /api/watch/ID/events) on one live
// CSA game of a records folder the site watches (--watch DIR); this script is the CSA server, appending
// a move and its T line to the record at a time, as komadai --csa-server does (one write, flushed),
// and times each line from its write to its arrival on every stream: p50, p99 and the worst.
//   node tests/bench/web_watch.mjs BASE_URL RECORDS_DIR [STREAMS=500] [MOVES=40] [GAP_MS=100]
import fs from 'node:fs';
import http from 'node:http';
import { performance } from 'node:perf_hooks';

const [base, dir, streamsArg, movesArg, gapArg] = process.argv.slice(2);
const streams = Number(streamsArg || 500), moves = Number(movesArg || 40), gap = Number(gapArg || 100);
const id = 'bench+watch-600-10+b+w+20260101000000';
fs.mkdirSync(`${dir}/2026/01/01`, { recursive: true });
const file = `${dir}/2026/01/01/${id}.csa`;
fs.writeFileSync(file, `V2\nN+b\nN-w\n'Max_Moves:256\n$EVENT:${id}\n$START_TIME:2026/01/01 00:00:00\nPI\n+\n`);
// the rooks go to and fro (the record reader judges no repetition)
const cycle = ['+2838HI', '-8272HI', '+3828HI', '-7282HI'];

const written = []; // ply -> performance.now() at its write
const samples = [];
let ready = 0;
const seen = new Array(streams).fill(0);
const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
const url = new URL(`/api/watch/${encodeURIComponent(id)}/events`, base);
await new Promise((resolve, reject) => {
  for (let i = 0; i < streams; i++) {
    const req = http.get(url, { agent }, (res) => {
      if (res.statusCode !== 200) { reject(new Error(`stream ${i}: HTTP ${res.statusCode}`)); return; }
      res.setEncoding('utf8');
      let buf = '';
      res.on('data', (chunk) => {
        const now = performance.now();
        buf += chunk;
        let end;
        while ((end = buf.indexOf('\n\n')) >= 0) {
          const ev = buf.slice(0, end);
          buf = buf.slice(end + 2);
          const m = ev.match(/"ply":(\d+),"to_move"/);
          if (!m) continue;
          const ply = Number(m[1]);
          if (seen[i] === 0 && ply === 0 && ++ready === streams) resolve();
          for (let p = seen[i] + 1; p <= ply; p++) if (written[p] !== undefined) samples.push(now - written[p]);
          seen[i] = Math.max(seen[i], ply);
        }
      });
    });
    req.on('error', reject);
  }
});
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
for (let k = 1; k <= moves; k++) {
  written[k] = performance.now();
  fs.appendFileSync(file, `${cycle[(k - 1) % 4]}\nT1\n`);
  await sleep(gap);
}
const t0 = performance.now();
while (samples.length < streams * moves && performance.now() - t0 < 5000) await sleep(20);
samples.sort((a, b) => a - b);
const q = (f) => samples[Math.min(samples.length - 1, Math.floor(f * samples.length))].toFixed(1);
console.log(`web watch: ${streams} spectators of one live CSA game, ${moves} moves ${gap} ms apart: ` +
  `record line written -> every page p50 ${q(0.5)} ms, p99 ${q(0.99)} ms, worst ${samples[samples.length - 1].toFixed(1)} ms ` +
  `(${samples.length} of ${streams * moves} arrivals; the target: p99 under 50 ms)`);
process.exit(0);
