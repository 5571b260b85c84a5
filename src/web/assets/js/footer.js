// The footer of every page (made here, the one place): the version of the komadai serving it,
// read from the Server header (komadai/VERSION, the one version of src/core/version.h) of a HEAD
// request for this page, so no session is made; and the links to the rules and the lobby.
const footer = document.createElement('footer');
footer.className = 'site-footer';
const version = document.createElement('span');
version.id = 'version';
version.textContent = 'komadai';
const link = (href, text) => Object.assign(document.createElement('a'), { href, textContent: text });
footer.append(version, ' · ', link('rules.html', 'The rules'), ' · ', link('./', 'The lobby'));
document.body.append(footer);
fetch(location.href, { method: 'HEAD', cache: 'no-store' })
  .then((r) => {
    const m = /^komadai\/(\S+)/.exec(r.headers.get('Server') || '');
    if (m) version.textContent = `komadai ${m[1]}`;
  })
  .catch(() => {});
