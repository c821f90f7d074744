// The table's short sounds, made with the Web Audio API (no audio files):
// a rising pair for your turn, a click for a play, a bright chord for UNO,
// a falling buzz for a catch. Silent while muted (prefs.js) and until the
// person has touched the page (browsers allow sound only after a gesture).
import { pref } from './prefs.js';

const TUNES = {
  turn: [[660, 0, 0.09], [880, 0.1, 0.12]],
  play: [[320, 0, 0.05]],
  uno: [[523, 0, 0.18], [659, 0, 0.18], [784, 0, 0.22]],
  catch: [[440, 0, 0.12], [330, 0.12, 0.18]],
};

let audio = null;
addEventListener('pointerdown', () => { audio ??= new AudioContext(); }, { once: true });
addEventListener('keydown', () => { audio ??= new AudioContext(); }, { once: true });

export function sound(name) {
  if (!audio || pref('mute') === 'on' || !TUNES[name]) return;
  const start = audio.currentTime;
  for (const [freq, at, length] of TUNES[name]) {
    const osc = audio.createOscillator();
    const gain = audio.createGain();
    osc.type = name === 'catch' ? 'sawtooth' : 'triangle';
    osc.frequency.value = freq;
    gain.gain.setValueAtTime(0.0001, start + at);
    gain.gain.exponentialRampToValueAtTime(0.15, start + at + 0.01);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + at + length);
    osc.connect(gain).connect(audio.destination);
    osc.start(start + at);
    osc.stop(start + at + length + 0.02);
  }
}

// The sound an update's events call for, seen from seat `me`: UNO and a
// catch first, then a play; your turn when it has just come to you.
export function soundFor(events, me, turnCame) {
  const types = new Set(events.map((e) => e.type));
  if (types.has('catch')) sound('catch');
  else if (types.has('uno')) sound('uno');
  else if (types.has('play')) sound('play');
  if (turnCame) setTimeout(() => sound('turn'), 150);
}
