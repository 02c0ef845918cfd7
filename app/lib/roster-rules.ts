/**
 * The roster's rules (docs/roster.md; 10 CCR 2752): where a license stands on a day, which reminder of
 * its expiry is due (90 and 30 days before, once each), and the DRE notices the broker owes (within 5 days of a
 * hire, within 10 days of a departure) until marked sent. Pure: dates are plain San Diego dates (lib/plain-date.ts).
 */
import type { BrokerDuty, DreLicenseKind } from "~/domain/enums";
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

/**
 * A person as the brokerage's rules read them: their DRE license (number, kind, expiry), whether they are the
 * responsible broker (the account of AGENCY_BROKER_EMAIL; their license is AGENCY_BROKER_LICENSE when the roster
 * has none), whether they are still on the team, and the broker's duties delegated to them.
 */
export type Licensee = {
  name: string;
  licenseNumber: string | null;
  licenseKind: DreLicenseKind | null;
  licenseExpiresOn: PlainDate | null;
  isBroker: boolean;
  active: boolean;
  duties: readonly BrokerDuty[];
};

const LICENSE_DIGITS = /^\d{8}$/;

/**
 * Why a person may not act for the brokerage on `day` (a San Diego date), or null when they may (10 CCR 2725,
 * B&P 10137: only a licensee, on a license in force). The responsible broker needs their license number (the
 * configuration's when the roster has none) and, if an expiry is entered, one not past; anyone else needs the
 * number and its expiry entered and not past (an unknown expiry cannot be trusted on a day).
 */
export function actingRefusal(person: Licensee, day: PlainDate): string | null {
  if (!person.active) return `${person.name} is no longer on the team`;
  if (!person.licenseNumber || !LICENSE_DIGITS.test(person.licenseNumber)) {
    return `${person.name} has no DRE license number on the team page`;
  }
  if (!person.licenseExpiresOn) {
    return person.isBroker
      ? null
      : `${person.name}'s DRE license #${person.licenseNumber} has no expiry date on the team page`;
  }
  const license = licenseState(person.licenseExpiresOn, day);
  return license.state === "expired"
    ? `${person.name}'s DRE license #${person.licenseNumber} expired on ${formatPlainDate(license.expiresOn)}`
    : null;
}

/** The one rule of who acts for the brokerage on a day: licensed, the license in force that San Diego day. */
export const mayActForBrokerage = (person: Licensee, day: PlainDate) => actingRefusal(person, day) === null;

/** Each duty in words, as a refusal names it. */
export const DUTY_WORDS: Record<BrokerDuty, string> = {
  countersign: "countersign for the brokerage (the broker's seat)",
  approveFiles: "approve or return file items",
  approveCda: "approve commission disbursement authorizations",
};

/** Each duty as the team page labels its box. */
export const DUTY_LABELS: Record<BrokerDuty, string> = {
  countersign: "Countersign for the brokerage",
  approveFiles: "Approve file items",
  approveCda: "Approve CDAs",
};

/**
 * Why a person may not perform one of the broker's duties on `day`, or null when they may: the responsible broker,
 * or a licensee the broker delegated it to, either acting for the brokerage that day. An office manager without the
 * delegation runs the office but does none of these.
 */
export function dutyRefusal(person: Licensee, duty: BrokerDuty, day: PlainDate): string | null {
  if (!person.isBroker && !person.duties.includes(duty)) {
    return `Only the responsible broker, or a licensee the broker named on the team page, may ${DUTY_WORDS[duty]}`;
  }
  const acting = actingRefusal(person, day);
  return acting ? `${acting}: they may not ${DUTY_WORDS[duty]}` : null;
}

export const mayPerformDuty = (person: Licensee, duty: BrokerDuty, day: PlainDate) =>
  dutyRefusal(person, duty, day) === null;

/** Why the broker may not delegate to this person, or null: a licensee of the team acting for the brokerage. */
export function delegateRefusal(person: Licensee, day: PlainDate): string | null {
  if (person.isBroker) return `${person.name} is the responsible broker: the duties are theirs already`;
  return actingRefusal(person, day);
}

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
