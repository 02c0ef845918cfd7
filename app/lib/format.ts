/** Display formats (docs/spec.md §9): dates in en-US, names, phone links. Money is app/lib/money.ts. */

const dateFormat = new Intl.DateTimeFormat("en-US", {
  year: "numeric",
  month: "long",
  day: "numeric",
  timeZone: "America/Los_Angeles",
});

const dateTimeFormat = new Intl.DateTimeFormat("en-US", {
  dateStyle: "long",
  timeStyle: "short",
  timeZone: "America/Los_Angeles",
});

/** A date and time in en-US ("January 15, 2025 at 9:30 AM"), in San Diego's time zone. */
export const formatDateTime = (date: Date | string | number): string => dateTimeFormat.format(new Date(date));

/** A date in en-US ("January 15, 2025"), in San Diego's time zone. */
export const formatDate = (date: Date | string | number): string => dateFormat.format(new Date(date));

/** A person's first and last name as one ("" when neither is known): callers say what stands in for it. */
export const fullName = (person: { firstName?: string | null; lastName?: string | null } | null | undefined) =>
  [person?.firstName, person?.lastName].filter(Boolean).join(" ");

/** A phone number as a tel: link (digits and a leading + only). */
export const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, "")}`;

const slotFormat = new Intl.DateTimeFormat("en-US", {
  weekday: "short",
  month: "short",
  day: "numeric",
  hour: "numeric",
  minute: "2-digit",
  timeZone: "America/Los_Angeles",
});

/** A showing's or a tour's time, short, in San Diego's time zone ("Sat, Mar 13, 10:00 AM"). */
export const formatSlot = (date: Date | string | number): string => slotFormat.format(new Date(date));
