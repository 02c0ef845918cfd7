/**
 * The contract's clock (docs/decisions/018-deadlines.md): the deadlines of a California Residential Purchase
 * Agreement, each counted from the acceptance date (Day 0) with the RPA's defaults, and the rules that
 * turn a day count into a date. Framework-free: the admin's form, the portal, the API and the reminders
 * use the same functions.
 */
import type { Counting, DeadlineKey, TransactionType } from "~/domain/enums";
import type { HolidayCalendar } from "~/lib/holidays";
import { addDaysTo, type PlainDate, weekdayOf } from "~/lib/plain-date";

export { DEADLINE_KEYS, DEADLINE_STATUSES } from "~/domain/enums";
export type { Counting, DeadlineKey, DeadlineStatus } from "~/domain/enums";

export type DeadlineRule = {
  key: DeadlineKey;
  title: string;
  counting: Exclude<Counting, "entered">;
  /** The RPA's default day count. */
  days: number;
  /** The tracker's step it belongs to (app/lib/milestone-templates.ts), by the transaction's type. */
  step: Record<TransactionType, string>;
  /** Whose task it is and what to do, by the transaction's type (in the portal and the reminders). */
  task: Record<TransactionType, string>;
  /** Whether it may be waived: every deadline but the close of escrow, which is the contract itself. */
  waivable: boolean;
};

export const DEADLINE_RULES: readonly DeadlineRule[] = [
  {
    key: "deposit",
    waivable: true,
    title: "Initial deposit to escrow",
    counting: "business",
    days: 3,
    step: { buying: "Escrow opened and earnest money deposited", selling: "Escrow opened" },
    task: {
      buying: "Deliver your deposit to escrow. Call your escrow officer at a number you already know before you wire.",
      selling: "The buyer delivers the deposit to escrow; we confirm it with the escrow officer.",
    },
  },
  {
    key: "seller_disclosures",
    waivable: true,
    title: "Seller's disclosures and reports delivered",
    counting: "calendar",
    days: 7,
    step: { buying: "Disclosures reviewed", selling: "Disclosures delivered" },
    task: {
      buying: "The seller delivers the disclosures and reports; review them with us and sign them.",
      selling: "Deliver your disclosures and reports (TDS, SPQ, Natural Hazard Disclosure) to the buyer.",
    },
  },
  {
    key: "investigation_contingency",
    waivable: true,
    title: "Investigation (inspection) contingency removal",
    counting: "calendar",
    days: 17,
    step: { buying: "Inspections and repair request", selling: "Buyer inspections and repair negotiation" },
    task: {
      buying: "Finish your inspections, then remove the contingency in writing or ask for repairs.",
      selling: "The buyer removes the investigation contingency in writing or asks for repairs.",
    },
  },
  {
    key: "appraisal_contingency",
    waivable: true,
    title: "Appraisal contingency removal",
    counting: "calendar",
    days: 17,
    step: { buying: "Appraisal", selling: "Appraisal and buyer's loan" },
    task: {
      buying: "Remove the appraisal contingency in writing, or tell us if the appraisal came in low.",
      selling: "The buyer removes the appraisal contingency in writing.",
    },
  },
  {
    key: "loan_contingency",
    waivable: true,
    title: "Loan contingency removal",
    counting: "calendar",
    days: 17,
    step: { buying: "Loan approval", selling: "Buyer removes contingencies" },
    task: {
      buying: "Remove the loan contingency in writing once your lender approves the loan.",
      selling: "The buyer removes the loan contingency in writing.",
    },
  },
  {
    key: "final_walkthrough",
    waivable: true,
    title: "Final walk-through window opens",
    counting: "before_close",
    days: 5,
    step: { buying: "Final walk-through and signing", selling: "Grant deed signed and final walk-through" },
    task: {
      buying: "Walk through the home to check its condition and the agreed repairs.",
      selling: "The buyer may walk through the home from today; keep it as agreed.",
    },
  },
  {
    key: "close_of_escrow",
    waivable: false,
    title: "Close of escrow",
    counting: "calendar",
    days: 30,
    step: { buying: "Funding, recording and keys", selling: "Closing" },
    task: {
      buying: "Escrow closes: the loan funds, the deed is recorded and you get the keys.",
      selling: "Escrow closes: the sale is recorded and your proceeds are paid out.",
    },
  },
];

export const ruleOf = (key: DeadlineKey) => DEADLINE_RULES.find((r) => r.key === key)!;

/** The day counts an admin may set, and their range. */
export const MAX_DEADLINE_DAYS = 120;
export const DEFAULT_DAYS: Readonly<Record<DeadlineKey, number>> = Object.fromEntries(
  DEADLINE_RULES.map((r) => [r.key, r.days]),
) as Record<DeadlineKey, number>;

export type ComputedDeadline = {
  key: DeadlineKey;
  counting: Counting;
  /** The day count (null for an entered close of escrow). */
  days: number | null;
  dueOn: PlainDate;
  /** The date counted before it moved off a weekend or holiday, and why ("weekend" or the holiday). */
  movedFrom: PlainDate | null;
  movedReason: string | null;
};

export type ContractInput = {
  acceptedOn: PlainDate;
  /** The close of escrow as entered, or null: 30 days after acceptance (by `days.close_of_escrow`). */
  closingOn: PlainDate | null;
  days: Record<DeadlineKey, number>;
};

/** Why a date is not a day of performance: "weekend", a holiday's name, or null when it is one. */
export function closedReason(date: PlainDate, holidays: HolidayCalendar): string | null {
  const weekday = weekdayOf(date);
  if (weekday === 0 || weekday === 6) return "weekend";
  return holidays.nameOn(date);
}

/** The date, or the next day that is not a Saturday, Sunday or legal holiday. */
function nextOpenDay(date: PlainDate, holidays: HolidayCalendar): PlainDate {
  let day = date;
  while (closedReason(day, holidays) !== null) day = addDaysTo(day, 1);
  return day;
}

/** A last day of performance: moved to the next open day, saying from where and why. */
function lastDay(counted: PlainDate, holidays: HolidayCalendar) {
  const reason = closedReason(counted, holidays);
  if (reason === null) return { dueOn: counted, movedFrom: null, movedReason: null };
  return { dueOn: nextOpenDay(counted, holidays), movedFrom: counted, movedReason: reason };
}

/** N business days after acceptance: Monday to Friday days that are not holidays, from the day after. */
export function businessDaysAfter(start: PlainDate, days: number, holidays: HolidayCalendar): PlainDate {
  let day = start;
  let counted = 0;
  while (counted < days) {
    day = addDaysTo(day, 1);
    if (closedReason(day, holidays) === null) counted += 1;
  }
  return day;
}

/** Every deadline of a contract, in DEADLINE_KEYS order. */
export function computeDeadlines(contract: ContractInput, holidays: HolidayCalendar): ComputedDeadline[] {
  const { acceptedOn, days } = contract;
  const close: ComputedDeadline = contract.closingOn
    ? {
        key: "close_of_escrow",
        counting: "entered",
        days: null,
        ...lastDay(contract.closingOn, holidays),
      }
    : {
        key: "close_of_escrow",
        counting: "calendar",
        days: days.close_of_escrow,
        ...lastDay(addDaysTo(acceptedOn, days.close_of_escrow), holidays),
      };
  return DEADLINE_RULES.map((rule): ComputedDeadline => {
    if (rule.key === "close_of_escrow") return close;
    const n = days[rule.key];
    const base = { key: rule.key, counting: rule.counting, days: n };
    switch (rule.counting) {
      case "business":
        return { ...base, dueOn: businessDaysAfter(acceptedOn, n, holidays), movedFrom: null, movedReason: null };
      case "before_close":
        // A window's first day: it opens N days before the (moved) close of escrow and does not move itself.
        return { ...base, dueOn: addDaysTo(close.dueOn, -n), movedFrom: null, movedReason: null };
      default:
        return { ...base, ...lastDay(addDaysTo(acceptedOn, n), holidays) };
    }
  });
}

/** The tracker's step number (1-based) a deadline belongs to, for the transaction's type. */
export function stepNumberOf(key: DeadlineKey, type: TransactionType, stepTitles: readonly string[]): number | null {
  const index = stepTitles.indexOf(ruleOf(key).step[type]);
  return index === -1 ? null : index + 1;
}
