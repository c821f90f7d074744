// Play again with the same seats (the server's `rematch`, docs/protocol.md):
// the host's button at a game's or a match's end, and for every person
// still at the table the server's invitation, taken with one tap.
import { h } from './dom.js';
import { t } from './i18n.js';

// The host's button: the new table's secrets are kept as the host's (the
// invitation that follows seats the host there too).
export function rematchButton({ request, code, host, saved, fail }) {
  return h('button', { type: 'button', class: 'rematch', onclick: async (e) => {
    e.target.disabled = true;
    const r = await request({ op: 'rematch', table: code, host });
    if (!r.ok) return fail(r);
    saved.put(r.table, { host: r.host, key: r.key });
  } }, t('playAgain'));
}

// Takes the invitation ({type: 'rematch', table, seat, token}) to the new
// table's seat: its token is kept as this browser's and the page goes there.
export function acceptInvite(invite, saved) {
  saved.put(invite.table, { token: invite.token });
  location.hash = `#/t/${invite.table}`;
}

// Whether the invitation is the host's own, who asked for the rematch and
// goes at once (the others are asked first, inviteDialog).
export const hostsOwn = (invite, saved) => Boolean(saved.get(invite.table).host);

export function inviteDialog(invite, { saved, dismiss }) {
  const text = t('rematchInvite', { code: invite.table });
  return h('section', { class: 'panel rematch-invite', role: 'alertdialog', 'aria-label': text },
    h('p', {}, text),
    h('button', { type: 'button', class: 'rematch-join', onclick: () => { dismiss(); acceptInvite(invite, saved); } }, t('rematchJoin')),
    h('button', { type: 'button', onclick: dismiss }, t('dismiss')));
}
