/**
 * The roster's rules (issue 46, docs/roster.md; 10 CCR 2752): where a license stands on a day, which reminder of
 * its expiry is due (90 and 30 days before, once each), and the DRE notices the broker owes (within 5 days of a
 * hire, within 10 days of a departure) until marked sent. Pure: dates are plain San Diego dates (lib/plain-date.ts).
 */
import { addDaysTo, daysBetween, formatPlainDate, type PlainDate } from "~/lib/plain-date";

/** The reminders before a license expires, farthest first. */
export const LICENSE_REMINDER_DAYS = [90, 30] as const;
/** The days the DRE gives the broker to be told of a hire and of a departure. */
export const DRE_NOTICE_DAYS = { hire: 5, leave: 10 } as const;

export type LicenseState =
  | { state: "unknown" }
  | { state: "current"; expiresOn: PlainDate; days: number }
  | { state: "expiring"; expiresOn: PlainDate; days: number }
  | { state: "expired"; expiresOn: PlainDate; days: number };

/** A license on `today`: expired the day after its expiry date; "expiring" within the first reminder's 90 days. */
export function licenseState(expiresOn: PlainDate | null, today: PlainDate): LicenseState {
  if (!expiresOn) return { state: "unknown" };
  const days = daysBetween(today, expiresOn);
  if (days < 0) return { state: "expired", expiresOn, days };
  return { state: days <= LICENSE_REMINDER_DAYS[0] ? "expiring" : "current", expiresOn, days };
}

/** Whether a license has expired on `today` (an unknown expiry is not: the broker has not entered it yet). */
export const licenseExpired = (expiresOn: PlainDate | null, today: PlainDate) =>
  licenseState(expiresOn, today).state === "expired";

/** What the roster reads of a license, in words ("License expired on March 3, 2027"). */
export function licenseWords(license: LicenseState): string | null {
  switch (license.state) {
    case "unknown":
      return null;
    case "expired":
      return `License expired on ${formatPlainDate(license.expiresOn)}`;
    case "expiring":
      return `License expires on ${formatPlainDate(license.expiresOn)} (in ${license.days} ${license.days === 1 ? "day" : "days"})`;
    case "current":
      return `License current until ${formatPlainDate(license.expiresOn)}`;
  }
}

/**
 * The reminder due on `today` for a license (90 or 30 days before), or null: the nearest threshold crossed that
 * was not sent for this expiry date (`reminded`: "<expiry>:<days>" of the last one sent). A license renewed (a new
 * expiry date) starts again.
 */
export function licenseReminderDue(
  expiresOn: PlainDate | null,
  reminded: string | null,
  today: PlainDate,
): number | null {
  if (!expiresOn) return null;
  const days = daysBetween(today, expiresOn);
  if (days < 0) return null;
  const crossed = LICENSE_REMINDER_DAYS.filter((d) => days <= d);
  const nearest = crossed[crossed.length - 1];
  if (nearest === undefined) return null;
  const [remindedFor, remindedDays] = (reminded ?? "").split(":");
  if (remindedFor === expiresOn && Number(remindedDays) <= nearest) return null;
  return nearest;
}

export type DreNotice = { kind: "hire" | "leave"; dueOn: PlainDate; overdue: boolean };

/** The DRE notices the broker still owes for a person (a hire's, a departure's), each with its due date. */
export function dreNoticesDue(
  person: {
    joinedOn: PlainDate | null;
    leftOn: PlainDate | null;
    dreHireNoticeOn: PlainDate | null;
    dreLeaveNoticeOn: PlainDate | null;
  },
  today: PlainDate,
): DreNotice[] {
  const due: DreNotice[] = [];
  if (person.joinedOn && !person.dreHireNoticeOn) {
    const dueOn = addDaysTo(person.joinedOn, DRE_NOTICE_DAYS.hire);
    due.push({ kind: "hire", dueOn, overdue: today > dueOn });
  }
  if (person.leftOn && !person.dreLeaveNoticeOn) {
    const dueOn = addDaysTo(person.leftOn, DRE_NOTICE_DAYS.leave);
    due.push({ kind: "leave", dueOn, overdue: today > dueOn });
  }
  return due;
}

/** A notice in words ("Tell the DRE of the hire by March 8, 2027"). */
export const dreNoticeWords = (n: DreNotice) =>
  `Tell the DRE of the ${n.kind === "hire" ? "hire" : "departure"} by ${formatPlainDate(n.dueOn)}${n.overdue ? " (overdue)" : ""}`;
