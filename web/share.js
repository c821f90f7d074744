// The table's link in the waiting room: copied with one tap (the
// clipboard, or the text selected where the page may not write it), the
// system's share sheet where the device has one, and a QR code the server
// draws (GET /qr.svg, docs/server.md) for a friend across the table.
import { h } from './dom.js';
import { t } from './i18n.js';

let qr = null; // kept across renders: the image is fetched once a table

function qrImage(code) {
  if (qr?.dataset.code !== code) {
    qr = h('img', { class: 'qr', src: `/qr.svg?t=${code}`, alt: t('qrAlt', { code }), width: 164, height: 164, 'data-code': code });
  }
  qr.alt = t('qrAlt', { code });
  return qr;
}

export function shareBlock(code) {
  const link = `${location.origin}/#/t/${code}`;
  const field = h('input', { class: 'link', readonly: true, value: link, 'aria-label': t('share'), onfocus: (e) => e.target.select() });
  const note = h('span', { class: 'copy-note', role: 'status' });
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      note.textContent = t('copied');
      setTimeout(() => { note.textContent = ''; }, 3000);
    } catch {
      field.focus();
      field.select();
      note.textContent = t('copyByHand');
    }
  };
  return h('section', { class: 'share', 'aria-label': t('share') },
    h('label', {}, t('share'), ' ', field),
    h('div', { class: 'share-buttons' },
      h('button', { type: 'button', class: 'copy-link', onclick: copy }, t('copyLink')),
      navigator.share ? h('button', { type: 'button', class: 'share-link', onclick: () => navigator.share({ title: t('shareTitle', { code }), url: link }).catch(() => {}) }, t('shareLink')) : null,
      note),
    h('figure', { class: 'qr' }, qrImage(code), h('figcaption', {}, t('qrHelp'))));
}
