// The school page's own script (external: the page's CSP allows no inline
// script). It drives the two widgets through the one global, `Zhixue`, and
// logs the events they send. It is loaded before the widgets' async scripts
// and listens at once, so it hears their zx:ready too.
const lines = [];
let log = null;

function show(line) {
  const item = document.createElement('li');
  item.textContent = line;
  log.append(item);
}

for (const name of ['ready', 'open', 'close', 'message', 'error']) {
  document.addEventListener(`zx:${name}`, (event) => {
    const { id, role, status, message } = event.detail || {};
    const line = [id, `zx:${name}`, role, status, message].filter(Boolean).join(' · ');
    if (log) show(line);
    else lines.push(line);
  });
}

document.addEventListener('DOMContentLoaded', () => {
  log = document.getElementById('zx-events');
  lines.forEach(show);

  for (const button of document.querySelectorAll('[data-zx-method]')) {
    button.addEventListener('click', () => {
      const { zxMethod: method, zxId: id, zxText: text } = button.dataset;
      if (!window.Zhixue) return;
      if (text === undefined) window.Zhixue[method](id);
      else window.Zhixue[method](text, id);
    });
  }

  // Shows that the widgets look the same with and without the page's stylesheet.
  document.getElementById('toggle-style').addEventListener('click', () => {
    const sheet = document.getElementById('cms-style');
    sheet.disabled = !sheet.disabled;
  });
});
