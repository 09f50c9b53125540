// The parent page's side of the iframe integration: it listens only to the
// Zhixue frame's origin, resizes the frame to the height it reports, and asks
// questions with postMessage (the frame accepts them only from the sites its
// embed key allows).
const frame = document.getElementById('zx-frame');
const zhixueOrigin = new URL(frame.src, location.href).origin;
const log = document.getElementById('zx-log');
const heightOut = document.getElementById('zx-height');

window.addEventListener('message', (event) => {
  if (event.origin !== zhixueOrigin || event.source !== frame.contentWindow) return;
  const { source, type, detail } = event.data || {};
  if (source !== 'zhixue') return;
  if (type === 'zx:height') {
    const height = Math.max(360, Math.min(Number(detail.height) || 0, 1600));
    frame.style.height = `${height}px`;
    heightOut.textContent = String(height);
    return;
  }
  const item = document.createElement('li');
  item.textContent = [type, detail && detail.role, detail && detail.status].filter(Boolean).join(' · ');
  log.append(item);
});

for (const button of document.querySelectorAll('[data-question]')) {
  button.addEventListener('click', () => frame.contentWindow.postMessage({ type: 'zx:send', text: button.dataset.question }, zhixueOrigin));
}
for (const button of document.querySelectorAll('[data-locale]')) {
  button.addEventListener('click', () => frame.contentWindow.postMessage({ type: 'zx:setLocale', locale: button.dataset.locale }, zhixueOrigin));
}
