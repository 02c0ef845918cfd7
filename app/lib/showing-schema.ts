/**
 * Showings' bodies: the seller's rules, a buyer's agent's request (on the showing page or the
 * API), a showing booked by phone, and an answer (approve, decline, propose, cancel). Times are ISO 8601
 * instants with an offset (the API) or San Diego wall-clock "YYYY-MM-DDTHH:MM" (a form).
 */
import { TZDate } from "@date-fns/tz";
import { z } from "zod";
import { PRICE_OPINIONS, SHOWING_EVENT_TYPES } from "~/domain/enums";
import { MAX_LENGTH } from "~/lib/form-values";
import { AGENCY_TIME_ZONE, parsePlainDate } from "~/lib/plain-date";
import { MAX_NOTICE_HOURS } from "~/lib/showing-slots";

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$|^24:00$/;
const window = z
  .object({
    from: z.string().regex(HHMM, "Enter a time such as 09:00"),
    to: z.string().regex(HHMM, "Enter a time such as 18:00"),
  })
  .refine((w) => w.from < w.to, { message: "A window ends after it starts", path: ["to"] });

export const showingRulesSchema = z.object({
  hours: z.array(z.array(window).max(4, "At most four windows a day")).length(7, "Give the hours of each weekday"),
  noticeHours: z.coerce
    .number({ invalid_type_error: `Enter whole hours from 0 to ${MAX_NOTICE_HOURS}` })
    .int(`Enter whole hours from 0 to ${MAX_NOTICE_HOURS}`)
    .min(0, `Enter whole hours from 0 to ${MAX_NOTICE_HOURS}`)
    .max(MAX_NOTICE_HOURS, `Enter whole hours from 0 to ${MAX_NOTICE_HOURS}`),
  slotMinutes: z.coerce
    .number()
    .refine((v): v is 30 | 60 => v === 30 || v === 60, "A slot is 30 or 60 minutes")
    .transform((v) => v as 30 | 60),
  blockedDates: z
    .array(z.string().refine((v) => parsePlainDate(v) === v, "Enter a real date (YYYY-MM-DD)"))
    .max(200)
    .default([]),
  autoApprove: z.boolean().default(false),
  accessInstructions: z.string().trim().max(2000, "At most 2,000 characters").default(""),
});
export type ShowingRulesInput = z.infer<typeof showingRulesSchema>;

/** An instant: ISO 8601 with an offset, or a form's San Diego "YYYY-MM-DDTHH:MM". */
export const instant = z.string({ required_error: "Choose a time" }).transform((v, ctx) => {
  const local = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})$/.exec(v.trim());
  const at = local
    ? new Date(
        new TZDate(+local[1]!, +local[2]! - 1, +local[3]!, +local[4]!, +local[5]!, 0, AGENCY_TIME_ZONE).getTime(),
      )
    : /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.test(v)
      ? new Date(v)
      : new Date(NaN);
  if (Number.isNaN(at.getTime())) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, message: "Enter a date and time such as 2027-03-13 10:00" });
    return z.NEVER;
  }
  return at;
});

const agent = {
  agentName: z.string({ required_error: "Enter your name" }).trim().min(1, "Enter your name").max(MAX_LENGTH.name),
  brokerage: z
    .string({ required_error: "Enter your brokerage" })
    .trim()
    .min(1, "Enter your brokerage")
    .max(MAX_LENGTH.name),
  licenseNumber: z
    .string({ required_error: "Enter your 8-digit DRE license number" })
    .trim()
    .regex(/^\d{8}$/, "Enter your 8-digit DRE license number"),
  phone: z
    .string({ required_error: "Enter your phone number" })
    .trim()
    .regex(/^[\d\s()+.-]{7,40}$/, "Enter your phone number"),
  email: z
    .string({ required_error: "Enter your e-mail address" })
    .trim()
    .toLowerCase()
    .max(MAX_LENGTH.email)
    .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, "Enter your e-mail address"),
};

export const showingRequestSchema = z.object({
  ...agent,
  slots: z
    .array(z.object({ start: instant }))
    .min(1, "Choose one to three times")
    .max(3, "Choose one to three times"),
  people: z.coerce
    .number({ invalid_type_error: "Enter how many people come, 1 to 10" })
    .int("Enter how many people come, 1 to 10")
    .min(1, "Enter how many people come, 1 to 10")
    .max(10, "Enter how many people come, 1 to 10")
    .default(1),
});
export type ShowingRequestInput = z.infer<typeof showingRequestSchema>;

/** Staff record a showing booked by phone: the same fields, one time, at any time (a past one too). */
export const phoneShowingSchema = z.object({
  ...agent,
  start: instant,
  people: showingRequestSchema.shape.people,
  status: z.literal("approved").default("approved"),
});

export const showingEventSchema = z.object({
  type: z.enum(SHOWING_EVENT_TYPES, { errorMap: () => ({ message: "Approve, decline, propose or cancel" }) }),
  start: instant.optional(),
  note: z.string().trim().max(1000, "At most 1,000 characters").optional(),
});
export type ShowingEventInput = z.infer<typeof showingEventSchema>;

/** The buyer's agent's feedback after a showing (their own link, no account). */
export const showingFeedbackSchema = z.object({
  interest: z.coerce
    .number({ invalid_type_error: "Choose your buyer's interest, 1 to 5" })
    .int("Choose your buyer's interest, 1 to 5")
    .min(1, "Choose your buyer's interest, 1 to 5")
    .max(5, "Choose your buyer's interest, 1 to 5"),
  price: z.enum(PRICE_OPINIONS, { errorMap: () => ({ message: "Choose what your buyer thinks of the price" }) }),
  comments: z.string().trim().max(2000, "At most 2,000 characters").default(""),
});
export type ShowingFeedbackInput = z.infer<typeof showingFeedbackSchema>;

export const PRICE_OPINION_LABELS: Record<(typeof PRICE_OPINIONS)[number], string> = {
  too_high: "Too high",
  about_right: "About right",
  low: "Low",
};

/** The showing page's form: three time inputs, of which the agent fills one to three (empty ones left out). */
export const showingRequestFormSchema = showingRequestSchema.extend({
  slots: z.preprocess(
    (value) => (Array.isArray(value) ? value.filter((s) => s && typeof s === "object" && "start" in s && s.start) : []),
    showingRequestSchema.shape.slots,
  ),
});

/** The weekdays, Sunday first (the rules' `hours` index). */
export const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;

/** A wall-clock "HH:MM" as a person in the US reads it: "10 AM", "6:30 PM", "12 PM". */
const clockText = (hhmm: string) => {
  const [h, m] = hhmm.split(":").map(Number);
  const hour = h! % 12 === 0 ? 12 : h! % 12;
  return `${hour}${m ? `:${String(m).padStart(2, "0")}` : ""} ${h! < 12 || h === 24 ? "AM" : "PM"}`;
};

/** A day's showing hours as a person reads them ("10 AM–6 PM", or "Closed"). */
export const hoursText = (windows: Array<{ from: string; to: string }>) =>
  windows.length ? windows.map((w) => `${clockText(w.from)}–${clockText(w.to)}`).join(", ") : "Closed";

/**
 * The portal's rules form: one window a day ("from-{weekday}", "to-{weekday}"; both empty = closed), the
 * notice, the slot length, blocked dates one per line (or comma), "approval" = "auto" | "manual", and the
 * access instructions. Days given more windows through the API keep only the first when saved here.
 */
export function rulesFromForm(formData: FormData) {
  const text = (name: string) => String(formData.get(name) ?? "").trim();
  return {
    hours: WEEKDAYS.map((_, i) =>
      text(`from-${i}`) || text(`to-${i}`) ? [{ from: text(`from-${i}`), to: text(`to-${i}`) }] : [],
    ),
    noticeHours: text("noticeHours"),
    slotMinutes: text("slotMinutes"),
    blockedDates: text("blockedDates")
      .split(/[\s,]+/)
      .filter(Boolean),
    autoApprove: text("approval") === "auto",
    accessInstructions: text("accessInstructions"),
  };
}
