// What the watch pages say of a CSA game (watch.js, spectate.js): its time control and status.

// "10 min + 10 s", "5 min + 3 s/move (Fischer)", "" without a time control
export function timeText(t) {
  if (!t) return '';
  const min = t.total % 60 === 0 ? `${t.total / 60} min` : `${t.total} s`;
  if (t.increment) return `${min} + ${t.increment} s/move`;
  return t.byoyomi ? `${min} + ${t.byoyomi} s` : min;
}

export function statusText(g) {
  if (g.status === 'live') return 'live';
  if (g.status === 'interrupted') return 'interrupted';
  return g.result ? g.result.reason : 'finished';
}
