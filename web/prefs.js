// This device's preferences, kept in localStorage beside the seats' tokens
// and the language: how the hand is sorted and whether the table is muted.
// Nothing about a game is kept here, never a card.
const KEYS = { sort: ['uno.sort', 'color', ['color', 'value']], mute: ['uno.mute', 'off', ['off', 'on']] };

export function pref(name) {
  const [key, fallback, allowed] = KEYS[name];
  const value = localStorage.getItem(key);
  return allowed.includes(value) ? value : fallback;
}

export function setPref(name, value) {
  localStorage.setItem(KEYS[name][0], value);
}
