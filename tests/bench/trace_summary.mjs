// Where a page load's time went, from a DevTools trace (puppeteer's page.tracing, chromium's JSON):
// the renderer main thread's self time by kind (style, layout, paint, script, parsing...), the longest
// single tasks with their start from the navigation, and the page's requests.
//   node tests/bench/trace_summary.mjs TRACE.json [URL_PART]
// (tests/bench/web_page.mjs TRACE=DIR writes the traces and prints this for each.)  URL_PART picks the
// renderer whose frame's URL holds it (the last navigated frame otherwise).
import { readFileSync } from 'node:fs';

// a trace event's name -> what DevTools' summary calls it
const KIND = {
  UpdateLayoutTree: 'style', RecalculateStyles: 'style', ScheduleStyleRecalculation: 'style', ParseAuthorStyleSheet: 'style',
  Layout: 'layout', UpdateLayerTree: 'layout', HitTest: 'layout', PrePaint: 'paint',
  Paint: 'paint', PaintImage: 'paint', 'Decode Image': 'paint', Layerize: 'paint', Commit: 'paint', UpdateLayer: 'paint',
  ParseHTML: 'html', ResourceReceivedData: 'network', ResourceReceiveResponse: 'network', ResourceFinish: 'network',
  EvaluateScript: 'script', 'v8.compile': 'script', 'v8.compileModule': 'script', 'v8.evaluateModule': 'script',
  'v8.run': 'script', FunctionCall: 'script', EventDispatch: 'script', TimerFire: 'script', FireAnimationFrame: 'script',
  RunMicrotasks: 'script', 'V8.GCScavenger': 'script', MajorGC: 'script', MinorGC: 'script', 'V8.GC_MC': 'script',
  'v8.parseOnBackground': 'script', 'V8.DeserializeContext': 'script', 'v8.produceModuleCache': 'script',
  MarkDOMContent: 'html', MarkLoad: 'html', 'Document::updateStyleAndLayout': 'layout',
};
const kindOf = (name) => KIND[name] || (/^(V8|v8)\./.test(name) ? 'script' : 'other');

// summarise(trace, {urlPart, clockAt}): clockAt is the page's performance.now() at its console.timeStamp
// 'komadai clock' (tests/bench/web_page.mjs makes one), which puts the page's clock on the trace's times;
// without it the renderer's navigationStart is the zero (not always in the trace: a renderer started for the
// navigation may begin its trace after it)
export function summarise(trace, { urlPart = '', clockAt } = {}) {
  const events = Array.isArray(trace) ? trace : trace.traceEvents;
  // the renderer of the page: the frames TracingStartedInBrowser and later navigations name
  const frames = [];
  for (const e of events) {
    const d = e.args && e.args.data;
    if (e.name === 'TracingStartedInBrowser' && d && d.frames) for (const f of d.frames) frames.push(f);
    if ((e.name === 'FrameCommittedInBrowser' || e.name === 'CommitLoad') && d && d.processId) frames.push(d);
  }
  const frame = [...frames].reverse().find((f) => f.url && f.url.includes(urlPart) && f.processId) || {};
  const pid = frame.processId;
  const main = events.find((e) => e.pid === pid && e.ph === 'M' && e.name === 'thread_name' && e.args.name === 'CrRendererMain');
  if (!main) return { error: `no renderer main thread for ${urlPart || 'the page'}` };
  const tid = main.tid;
  // the navigation's start, as the page's performance.now() counts from it
  const nav = events.find((e) => e.pid === pid && e.name === 'navigationStart' && (!urlPart || (e.args.data && (e.args.data.documentLoaderURL || '').includes(urlPart))))
    || events.find((e) => e.pid === pid && e.name === 'navigationStart');
  const stamp = (msg) => events.find((e) => e.pid === pid && e.name === 'TimeStamp' && e.args.data && e.args.data.message === msg);
  const clock = stamp('komadai clock');
  const t0 = clock && clockAt !== undefined ? clock.ts - clockAt * 1000
    : nav ? nav.ts : Math.min(...events.filter((e) => e.pid === pid && e.ts).map((e) => e.ts));
  // complete events on the main thread, parents before children; self time = own minus children's
  const spans = events.filter((e) => e.pid === pid && e.tid === tid && e.ph === 'X' && e.dur !== undefined)
    .sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  const byKind = {}, byName = {}, stack = [], tasks = [];
  // (the thread's own CPU time, tdur, where the trace has it: a loaded machine's preemption is not in it)
  const cpu = (e) => (e.tdur !== undefined ? e.tdur : e.dur);
  for (const e of spans) {
    while (stack.length && stack[stack.length - 1].end <= e.ts) stack.pop();
    const parent = stack[stack.length - 1];
    const node = { e, end: e.ts + e.dur, child: 0, childCpu: 0 };
    if (parent) { parent.child += e.dur; parent.childCpu += cpu(e); } else if (e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask') tasks.push(node);
    stack.push(node);
    e.self = () => e.dur - node.child;
    e.selfCpu = () => Math.max(0, cpu(e) - node.childCpu);
  }
  // the work until the board was painted (the whole trace without the mark), from the navigation's start:
  // each event's self time by kind (a task's own, outside any named event: 'other'), and the main thread's
  // busy time (its top-level tasks, cut at both ends)
  const painted = stamp('board painted');
  const until = painted ? painted.ts : Infinity;
  let busy = 0, busyCpu = 0;
  for (const t of tasks) {
    const part = Math.max(0, Math.min(t.end, until) - Math.max(t.e.ts, t0));
    busy += part / 1000;
    busyCpu += (t.e.dur ? (part / t.e.dur) * cpu(t.e) : 0) / 1000;
  }
  for (const e of spans) {
    if (e.ts < t0 || e.ts > until) continue;
    const self = e.selfCpu() / 1000;
    if (self <= 0) continue;
    const k = e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask' ? 'other' : kindOf(e.name);
    byKind[k] = (byKind[k] || 0) + self;
    byName[e.name] = (byName[e.name] || 0) + self;
  }
  // a task's content: its children's names by self time, the biggest first
  const longest = tasks.filter((t) => t.e.ts >= t0).sort((a, b) => b.e.dur - a.e.dur).slice(0, 8).map((t) => {
    const inside = {};
    for (const e of spans) if (e.ts >= t.e.ts && e.ts < t.end && e !== t.e) inside[e.name] = (inside[e.name] || 0) + e.self() / 1000;
    const top = Object.entries(inside).sort((a, b) => b[1] - a[1]).slice(0, 4).filter(([, v]) => v >= 0.5);
    return { at: (t.e.ts - t0) / 1000, ms: t.e.dur / 1000, what: top.map(([n, v]) => `${n} ${v.toFixed(1)}`).join(', ') };
  });
  // the requests: sent and finished, from the navigation's start
  const req = new Map();
  for (const e of events) {
    const d = e.args && e.args.data;
    if (!d || !d.requestId || e.pid !== pid) continue;
    if (e.name === 'ResourceSendRequest' && d.url) req.set(d.requestId, { url: d.url, sent: (e.ts - t0) / 1000 });
    else if (e.name === 'ResourceFinish' && req.has(d.requestId)) req.get(d.requestId).done = (e.ts - t0) / 1000;
  }
  // the first paint and the page's own marks
  const marks = events.filter((e) => e.pid === pid && (!e.args.frame || e.args.frame === frame.frame) && ['firstPaint', 'firstContentfulPaint', 'domContentLoadedEventEnd', 'loadEventEnd', 'largestContentfulPaint::Candidate'].includes(e.name) && e.ts >= t0)
    .map((e) => ({ name: e.name, at: (e.ts - t0) / 1000 }));
  for (const msg of ['board drawn', 'board painted']) {
    const e = stamp(msg);
    if (e) marks.push({ name: msg, at: (e.ts - t0) / 1000 });
  }
  marks.sort((a, b) => a.at - b.at);
  return { byKind, byName, busy, busyCpu, longest, requests: [...req.values()], marks };
}

export function format(s) {
  if (s.error) return `trace: ${s.error}`;
  const f = (o) => Object.entries(o).sort((a, b) => b[1] - a[1]).filter(([, v]) => v >= 0.5).map(([k, v]) => `${k} ${v.toFixed(1)}`).join(', ');
  const lines = [`main thread until the board was painted: busy ${s.busy.toFixed(1)} ms (its CPU ${s.busyCpu.toFixed(1)} ms); ` +
    `CPU ms by kind: ${f(s.byKind)}`, `by event: ${f(Object.fromEntries(Object.entries(s.byName).sort((a, b) => b[1] - a[1]).slice(0, 14)))}`];
  lines.push('longest tasks (start from the navigation, length, what):');
  for (const t of s.longest) lines.push(`  at ${t.at.toFixed(1)} ms: ${t.ms.toFixed(1)} ms: ${t.what}`);
  lines.push('requests (sent .. finished, from the navigation):');
  for (const r of s.requests) lines.push(`  ${r.sent.toFixed(1)} .. ${r.done === undefined ? '?' : r.done.toFixed(1)} ms ${r.url.replace(/^https?:\/\/[^/]+/, '').replace(/^(data:[^,]*,).*/, '$1...')}`);
  lines.push(`marks: ${s.marks.map((m) => `${m.name} ${m.at.toFixed(1)}`).join(', ')}`);
  return lines.join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [file, urlPart] = process.argv.slice(2);
  if (!file) {
    process.stderr.write('usage: trace_summary.mjs TRACE.json [URL_PART]\n');
    process.exit(2);
  }
  console.log(format(summarise(JSON.parse(readFileSync(file, 'utf8')), { urlPart })));
}
