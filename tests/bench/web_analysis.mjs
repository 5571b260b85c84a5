// make bench BENCH=web: the analysis board's job (issue 33): a record pasted as a page does (POST
// /api/analysis), its progress polled every 0.1 s until done; the time from the POST to the answer,
// against positions x seconds a move.
//   node tests/bench/web_analysis.mjs BASE FILE SECONDS_PER_MOVE
import { readFileSync } from 'node:fs';
import { Client } from '../web/lib.mjs';

const [base, file, seconds] = process.argv.slice(2);
const c = new Client(base);
const t0 = performance.now();
let r = await c.post('/api/analysis', { text: readFileSync(file, 'utf8'), seconds_per_move: Number(seconds) });
while (r.status === 'running') {
  await new Promise((ok) => setTimeout(ok, 100));
  r = await c.get(`/api/analysis/${r.id}`);
}
const s = (performance.now() - t0) / 1000;
if (r.status !== 'done') {
  console.log(`web analysis: failed: ${r.error}`);
  process.exit(1);
}
console.log(`web analysis: ${r.plies.length} moves (${r.total} positions) at ${seconds} s a move: ${s.toFixed(1)} s ` +
  `(the searches alone ${(r.total * seconds).toFixed(1)} s; goal about 12 s for 120 moves at 0.1 s)`);
