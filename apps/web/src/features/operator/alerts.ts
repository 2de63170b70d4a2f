import { useEffect } from "react";
import { clientConfig } from "../../lib/client-config";

let audio: AudioContext | undefined;

/** A short two-note chime, made on the spot (no sound file to download). Silent when the browser forbids it. */
export function playChime(): void {
  try {
    audio ??= new AudioContext();
    const start = audio.currentTime;
    for (const [index, frequency] of [880, 1320].entries()) {
      const tone = audio.createOscillator();
      const gain = audio.createGain();
      tone.frequency.value = frequency;
      gain.gain.setValueAtTime(0.0001, start + index * 0.12);
      gain.gain.exponentialRampToValueAtTime(0.15, start + index * 0.12 + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, start + index * 0.12 + 0.2);
      tone.connect(gain).connect(audio.destination);
      tone.start(start + index * 0.12);
      tone.stop(start + index * 0.12 + 0.22);
    }
    document.documentElement.dataset.operatorChimes = String(
      Number(document.documentElement.dataset.operatorChimes ?? 0) + 1,
    );
  } catch {
    // No audio here: the title still says so.
  }
}

/** The tab's title: "(3) Waiting · Operator console" while members wait, if the operator wants it. */
export function queueTitle(waiting: number, enabled: boolean): string {
  return enabled && waiting > 0
    ? `(${waiting}) Waiting · Operator console`
    : `Operator console | ${clientConfig().siteName}`;
}

export function useQueueTitle(waiting: number, enabled: boolean): void {
  useEffect(() => {
    // After the layout's own title effect, which runs after this one on the first render.
    const timer = setTimeout(() => {
      document.title = queueTitle(waiting, enabled);
    }, 0);
    return () => clearTimeout(timer);
  }, [waiting, enabled]);
  useEffect(
    () => () => {
      document.title = `Operator console | ${clientConfig().siteName}`;
    },
    [],
  );
}
