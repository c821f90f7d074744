// Quick reactions (the server's `react`, docs/protocol.md): a row of five
// fixed emotes a seat or a spectator sends; each one the table sends back
// shows for SHOW_MS on its sender's seat (a spectator's under the row).
import { h } from './dom.js';
import { t } from './i18n.js';

export const EMOTES = { thumbs_up: '👍', wow: '😮', laugh: '😂', clap: '👏', angry: '😡' };
const SHOW_MS = 3000;
let recent = []; // { seat, spectator, emote, until }

export function reactionBar(send) {
  return h('div', { class: 'reactions', role: 'group', 'aria-label': t('react') },
    ...Object.entries(EMOTES).map(([name, emoji]) => h('button', {
      type: 'button', class: 'react', 'data-emote': name, 'aria-label': t(`react_${name}`), title: t(`react_${name}`),
      onclick: () => send({ op: 'react', emote: name }),
    }, emoji)));
}

// A reaction the table told: kept for SHOW_MS, then the page is drawn again.
export function takeReaction(msg, rerender) {
  const until = Date.now() + SHOW_MS;
  recent = [...recent.filter((r) => r.until > Date.now()), { seat: msg.seat, spectator: !!msg.spectator, emote: msg.emote, until }];
  setTimeout(rerender, SHOW_MS + 50);
}

// The reactions of the moment, put on their senders' seats in root (the
// table's seats, or the waiting room's list) after each render, in place of
// those shown before. nameOf(seat) names a seat for screen readers.
export function showReactions(root, nameOf) {
  for (const bubble of root.querySelectorAll('.reaction-bubble')) bubble.remove();
  const now = Date.now();
  recent = recent.filter((r) => r.until > now);
  const seats = root.querySelectorAll('.opponents > li, .seat-list > li');
  for (const r of recent) {
    const emoji = EMOTES[r.emote] ?? '';
    const label = t('reactedBy', { name: r.spectator ? t('aSpectator') : nameOf(r.seat), emote: t(`react_${r.emote}`) });
    const bubble = h('span', { class: 'reaction-bubble', role: 'img', 'aria-label': label }, emoji);
    const seat = r.spectator ? null : root.querySelector(`.opponents [data-seat="${r.seat}"]`) ?? seats[r.seat];
    (seat ?? root.querySelector('.reactions'))?.append(bubble);
  }
}
