// Stepping through a line of moves (the problem pages: a solution, a report's line): the buttons
// «, ◀, ▶, », the keys ←/→, Home/End (when the focus is not in a field), and a click on a move of the
// list.  stepper({first, prev, next, last, list}, count, show) calls show(ply) with 0 (the start) to
// count (after the last move); the returned object's go(n) and reset(count) move it from outside.
export function stepper(el, count, show) {
  let ply = 0;
  let n = count;
  const go = (to) => {
    ply = Math.max(0, Math.min(n, to));
    for (const li of el.list.querySelectorAll('li[data-ply]')) li.classList.toggle('last', Number(li.dataset.ply) === ply);
    show(ply);
  };
  el.first.addEventListener('click', () => go(0));
  el.prev.addEventListener('click', () => go(ply - 1));
  el.next.addEventListener('click', () => go(ply + 1));
  el.last.addEventListener('click', () => go(Infinity));
  el.list.addEventListener('click', (ev) => {
    const li = ev.target.closest('li[data-ply]');
    if (!li) return;
    ev.preventDefault();
    go(Number(li.dataset.ply));
  });
  document.addEventListener('keydown', (ev) => {
    if (!n || (el.active && !el.active()) || ev.target.closest('textarea, input, select')) return;
    const to = { ArrowLeft: ply - 1, ArrowRight: ply + 1, Home: 0, End: Infinity }[ev.key];
    if (to === undefined) return;
    ev.preventDefault();
    go(to);
  });
  return {
    go,
    get ply() { return ply; },
    reset(count2) { n = count2; go(0); },
  };
}
