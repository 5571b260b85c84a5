// The teacher's page (teacher.html, docs/WEB.md "Drills"): the classes of the account logged in, a new
// class and its code, and a class's results per student and exercise (solved, attempts, hints, time),
// downloadable as the CSV `scripts/drill results --class DIR --csv` prints.  Only the class's teacher
// is answered (403 for anyone else): the server decides, this page shows.
import * as api from './api.js';

const $ = (id) => document.getElementById(id);

function fail(msg) {
  $('error').textContent = msg || '';
  $('error').hidden = !msg;
}

async function showClass(code) {
  fail('');
  let r;
  try {
    r = await api.get(`/api/classes/${encodeURIComponent(code)}`);
  } catch (e) {
    fail(e.message);
    return;
  }
  $('results-card').hidden = false;
  $('class-title').textContent = r.class.name;
  $('class-code').textContent = r.class.code;
  $('csv').href = `/api/classes/${encodeURIComponent(code)}/results.csv`;
  $('csv').setAttribute('download', `results-${r.class.code}.csv`);
  $('cli').textContent = `scripts/drill results --class ${r.folder} --csv`;
  $('students').textContent = r.students.length ? `Joined: ${r.students.join(', ')}.` : 'Nobody has joined yet.';
  $('results').querySelector('tbody').replaceChildren(...r.results.map((x) => api.el('tr', {
    'data-student': x.student, 'data-n': String(x.n) }, [
    api.el('td', { text: x.student }),
    api.el('td', { text: x.drill }),
    api.el('td', { text: `${x.n}${x.title ? `: ${x.title}` : ''}` }),
    api.el('td', { class: 'solved', text: `${x.solved} of ${x.seen}` }),
    api.el('td', { text: String(x.attempts) }),
    api.el('td', { text: String(x.hints) }),
    api.el('td', { text: api.duration(x.seconds) }),
    api.el('td', { text: String(x.points) }),
  ])));
  $('no-results').hidden = r.results.length > 0;
  document.body.dataset.class = r.class.code;
  document.body.dataset.results = String(r.results.length);
}

async function showClasses() {
  let r;
  try {
    r = await api.get('/api/classes');
  } catch (e) {
    if (e.status === 401) {
      $('login').hidden = false;
      $('classes-card').hidden = true;
      document.body.dataset.view = 'login';
      return;
    }
    throw e;
  }
  $('login').hidden = true;
  $('who').textContent = r.user.name;
  $('classes-card').hidden = false;
  $('class-form').hidden = !r.teacher;
  $('not-teacher').hidden = r.teacher;
  $('no-classes').hidden = r.classes.length > 0;
  $('class-list').replaceChildren(...r.classes.map((c) => api.el('li', { 'data-code': c.code }, [
    api.el('a', { href: `#${c.code}`, text: c.name, onclick: (ev) => { ev.preventDefault(); showClass(c.code); } }),
    api.el('span', { class: 'tag', text: `code ${c.code} · ${c.students} student${c.students === 1 ? '' : 's'}` }),
  ])));
  document.body.dataset.view = 'classes';
  const want = location.hash.slice(1);
  if (want && r.classes.some((c) => c.code === want)) showClass(want);
}

function wire() {
  $('login-form').addEventListener('submit', async (ev) => {
    ev.preventDefault();
    fail('');
    const f = new FormData(ev.target);
    try {
      await api.post('/api/login', { email: f.get('email'), password: f.get('password') });
      await api.session();
      await showClasses();
    } catch (e) {
      fail(e.message);
    }
  });
  $('class-form').addEventListener('submit', async (ev) => {
    ev.preventDefault();
    fail('');
    try {
      const r = await api.post('/api/classes', { name: $('class-name').value });
      $('class-name').value = '';
      location.hash = r.class.code;
      await showClasses();
    } catch (e) {
      fail(e.message);
    }
  });
}

async function main() {
  wire();
  try {
    await api.session();
    await showClasses();
  } catch (e) {
    fail(e.message);
  }
}

main();
