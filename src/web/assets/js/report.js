// The composer's report as the problem pages show it (docs/WEB.md "Problems"): started with
// POST /api/reports, polled at GET /api/reports/ID with the seconds it has taken of the site's limit,
// then drawn: the verdict (sound, or the faults in the order a composer fixes them: invalid start, no
// mate, wrong length, cooks, unneeded pieces, leftover pieces), the notes, the unneeded pieces and the
// whole report as scripts/tsume check prints it.  The words are the server's.
import * as api from './api.js';


// run(request, {progress, status}) -> the done report; throws with the server's message
export async function run(request, { progress, text }) {
  let r = await api.post('/api/reports', request);
  const id = r.id;
  const tick = () => {
    progress.hidden = false;
    progress.max = r.limit || 1;
    progress.value = Math.min(r.elapsed || 0, r.limit || 1);
    text.textContent = r.status === 'running' ? `Checking… ${(r.elapsed || 0).toFixed(1)} s of at most ${r.limit} s` : '';
  };
  tick();
  while (r.status === 'running') {
    await new Promise((ok) => setTimeout(ok, 250));
    r = await api.get(`/api/reports/${id}`);
    tick();
  }
  progress.hidden = true;
  if (r.status === 'error') throw new Error(r.error);
  return r;
}

// the piece and square of an unneeded piece as a reader says it: "L 1i" (the report's own words)
export function pieceAt(u) { return `${u.piece} ${u.square}`; }

// render(host, report): the report drawn into host (its children replaced)
export function render(host, r) {
  const v = r.verdict;
  const items = (list) => list.map((f) => api.el('li', { class: `fault ${f.kind}`, 'data-kind': f.kind, text: f.text }));
  host.replaceChildren(...[
    api.el('p', { class: `verdict ${v.sound ? 'sound' : 'faulty'}`, 'data-kind': v.kind }, [
      api.el('strong', { text: v.sound ? 'Sound' : 'Faulty' }),
      api.el('span', { text: ` (${r.stipulation}): ${v.text}` }),
    ]),
    v.faults.length ? api.el('ul', { class: 'faults' }, items(v.faults)) : null,
    v.notes.length ? api.el('ul', { class: 'notes' }, items(v.notes)) : null,
    r.unneeded.length ? api.el('p', { class: 'unneeded' }, [
      api.el('span', { text: 'Unneeded pieces (不要駒): ' }),
      ...r.unneeded.map((u) => api.el('span', { class: 'piece', 'data-square': u.square, text: pieceAt(u) + ' ' })),
    ]) : null,
    r.leftover ? api.el('p', { class: 'leftover', text: `Leftover in hand (駒余り): ${r.leftover}` }) : null,
    r.line.length ? api.el('p', { class: 'line', text: `Line: ${r.line.map((s) => s.japanese).join(' ')}` }) : null,
    api.el('details', {}, [api.el('summary', { text: 'The whole report' }), api.el('pre', { class: 'report-text', text: r.text })]),
  ].filter(Boolean));
}
