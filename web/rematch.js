// Play again with the same seats (the server's `rematch`, docs/protocol.md):
// the host's button at a game's or a match's end, and for every person
// still at the table the server's invitation, taken with one tap.
import { h } from './dom.js';
import { t } from './i18n.js';

// The host's button: the new table's secrets are kept as the host's (the
// invitation that follows seats the host there too). `request` shows a
// refusal.
export function rematchButton({ request, code, host, saved }) {
  return h('button', { type: 'button', class: 'rematch', onclick: async (e) => {
    e.target.disabled = true;
    const r = await request({ op: 'rematch', table: code, host });
    if (!r.ok) return;
    saved.put(r.table, { host: r.host, key: r.key });
  } }, t('playAgain'));
}

// Keeps the invitation's seat ({type: 'rematch', table, seat, token}) as
// this browser's at once, so that the new table's link takes the seat back
// later too; goes there at once when the invitation is the host's own, who
// asked for the rematch, and answers whether it did (the others are asked
// first, inviteDialog).
export function takeInvite(invite, saved) {
  saved.put(invite.table, { token: invite.token });
  const hosts = Boolean(saved.get(invite.table).host);
  if (hosts) location.hash = `#/t/${invite.table}`;
  return hosts;
}

export function inviteDialog(invite, dismiss) {
  const text = t('rematchInvite', { code: invite.table });
  return h('section', { class: 'panel rematch-invite', role: 'alertdialog', 'aria-label': text },
    h('p', {}, text),
    h('button', { type: 'button', class: 'rematch-join', onclick: () => { dismiss(); location.hash = `#/t/${invite.table}`; } }, t('rematchJoin')),
    h('button', { type: 'button', onclick: dismiss }, t('dismiss')));
}
