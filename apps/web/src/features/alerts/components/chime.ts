/**
 * The new-order chime: two short tones from an oscillator (Web Audio, no sound file), repeated every few
 * seconds while an order waits. Browsers keep audio locked until the user has touched the page: the first
 * click or key press anywhere unlocks it, and `blocked` says when that has not happened yet.
 */

const REPEAT_MS = 4_000;

type Listener = () => void;

declare global {
  interface Window {
    /** Chimes played since the page loaded (the end-to-end tests read it). */
    __bloomlineChimes?: number;
  }
}

let context: AudioContext | undefined;
let timer: ReturnType<typeof setInterval> | undefined;
const listeners = new Set<Listener>();

function audio(): AudioContext | undefined {
  if (context) return context;
  const Ctor =
    window.AudioContext ??
    (window as Window & { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
  if (!Ctor) return undefined;
  context = new Ctor();
  return context;
}

const changed = () => listeners.forEach((fn) => fn());

/** Tries to start audio (call it from a click or key press: only then may a browser allow it). */
export async function unlockAudio(): Promise<boolean> {
  const ctx = audio();
  if (!ctx) return false;
  if (ctx.state !== 'running') await ctx.resume().catch(() => undefined);
  changed();
  return ctx.state === 'running';
}

/**
 * Whether the browser still refuses to play (no click or key press on the page yet). Asking does not create the
 * audio context: that is a blocking call into the browser's audio system (hundreds of milliseconds on a slow
 * phone), left to the first chime or gesture; until then audio counts as blocked.
 */
export const audioBlocked = () => context?.state !== 'running';

function tone(ctx: AudioContext, frequency: number, start: number) {
  const osc = ctx.createOscillator();
  const gain = ctx.createGain();
  osc.type = 'sine';
  osc.frequency.value = frequency;
  gain.gain.setValueAtTime(0.0001, start);
  gain.gain.exponentialRampToValueAtTime(0.4, start + 0.02);
  gain.gain.exponentialRampToValueAtTime(0.0001, start + 0.45);
  osc.connect(gain).connect(ctx.destination);
  osc.start(start);
  osc.stop(start + 0.5);
}

/** One chime, when the browser lets the page play. */
export function chimeOnce(): boolean {
  const ctx = audio();
  if (!ctx || ctx.state !== 'running') return false;
  tone(ctx, 880, ctx.currentTime);
  tone(ctx, 1320, ctx.currentTime + 0.22);
  window.__bloomlineChimes = (window.__bloomlineChimes ?? 0) + 1;
  changed();
  return true;
}

/** Chimes now and every few seconds until `stopChiming`. */
export function startChiming() {
  if (timer !== undefined) return;
  // A page the user has already touched (signed in on, say) may start audio without a new gesture.
  void unlockAudio().then(() => timer !== undefined && chimeOnce());
  timer = setInterval(chimeOnce, REPEAT_MS);
  changed();
}

export function stopChiming() {
  if (timer === undefined) return;
  clearInterval(timer);
  timer = undefined;
  changed();
}

export const isChiming = () => timer !== undefined;

/** Told when the chime starts, stops, plays or is unlocked. */
export function onChimeChange(fn: Listener): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

/**
 * The first click or key press anywhere unlocks audio for the alerts that follow. On the click, not the press:
 * unlocking takes "Tap to hear alerts" off the banner, and done at the press it moved Silence from under the
 * finger before the tap ended, so the tap that meant to silence missed it and the chime, now unlocked, rang on.
 */
export function unlockOnFirstGesture(): () => void {
  const unlock = () => void unlockAudio();
  window.addEventListener('click', unlock, { capture: true });
  window.addEventListener('keydown', unlock, { capture: true });
  return () => {
    window.removeEventListener('click', unlock, { capture: true });
    window.removeEventListener('keydown', unlock, { capture: true });
  };
}
