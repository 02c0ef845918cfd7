/** Durations in milliseconds. */
export const DAY_MS = 24 * 3600 * 1000;
const HOUR_MS = 3600 * 1000;
const MINUTE_MS = 60 * 1000;

/** What is left of a time to answer, in words: "2 d 4 h left", "3 h 5 min left", "12 min left", "Time is up". */
export function timeLeft(ms: number): string {
  if (ms <= 0) return "Time is up";
  if (ms < HOUR_MS) return `${Math.max(1, Math.floor(ms / MINUTE_MS))} min left`;
  if (ms < DAY_MS) return `${Math.floor(ms / HOUR_MS)} h ${Math.floor((ms % HOUR_MS) / MINUTE_MS)} min left`;
  return `${Math.floor(ms / DAY_MS)} d ${Math.floor((ms % DAY_MS) / HOUR_MS)} h left`;
}

/** A duration in words: "45 s", "12 min", "3 h 5 min", "2 d 4 h" (speed to lead). */
export function duration(ms: number): string {
  if (ms < MINUTE_MS) return `${Math.max(0, Math.round(ms / 1000))} s`;
  if (ms < HOUR_MS) return `${Math.floor(ms / MINUTE_MS)} min`;
  if (ms < DAY_MS) return `${Math.floor(ms / HOUR_MS)} h ${Math.floor((ms % HOUR_MS) / MINUTE_MS)} min`;
  return `${Math.floor(ms / DAY_MS)} d ${Math.floor((ms % DAY_MS) / HOUR_MS)} h`;
}
