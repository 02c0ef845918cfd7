/**
 * Which database snapshots in the S3 store are kept (docs/backups.md): every one of the last 48
 * hours, the first of each day for 35 days, the first of each month for three years; anything else is
 * deleted by the app. "First" keeps the choice stable: a snapshot kept for its day stays kept as the days pass
 * until it is the first of its month or too old. Days and months are UTC's. Pure.
 */
const HOUR = 3600_000;
const DAY = 24 * HOUR;
export const KEEP_ALL_MS = 48 * HOUR;
export const KEEP_DAILY_MS = 35 * DAY;
/** Three years (Bus. & Prof. Code §10148), with the leap day. */
export const KEEP_MONTHLY_MS = 1096 * DAY;

/** The snapshots to delete among `times` (any order), at `now`. */
export function snapshotsToDelete(times: Date[], now: Date): Date[] {
  const sorted = [...times].sort((a, b) => a.getTime() - b.getTime());
  const firstOfDay = new Set<string>();
  const firstOfMonth = new Set<string>();
  const remove: Date[] = [];
  for (const at of sorted) {
    const age = now.getTime() - at.getTime();
    const day = at.toISOString().slice(0, 10);
    const month = day.slice(0, 7);
    const isFirstOfDay = !firstOfDay.has(day);
    const isFirstOfMonth = !firstOfMonth.has(month);
    firstOfDay.add(day);
    firstOfMonth.add(month);
    if (age <= KEEP_ALL_MS) continue;
    if (age <= KEEP_DAILY_MS && isFirstOfDay) continue;
    if (age <= KEEP_MONTHLY_MS && isFirstOfMonth) continue;
    remove.push(at);
  }
  return remove;
}
