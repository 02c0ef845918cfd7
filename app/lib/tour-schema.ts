/**
 * A buyer's tour (app/models/tour.server.ts): the saved homes in the order the client chose, up to
 * three preferred times; then the agent's confirm (a time per home), either side's cancel, and the client's
 * rating after it. Times as in app/lib/showing-schema.ts (ISO with an offset, or a form's San Diego time).
 */
import { z } from "zod";
import { TOUR_EVENT_TYPES } from "~/domain/enums";
import { instant } from "~/lib/showing-schema";

/** Homes of one tour, at most. */
export const MAX_TOUR_HOMES = 10;
/** A stop lasts this long in the calendar. */
export const TOUR_STOP_MINUTES = 30;

const id = z.coerce.number().int().positive();

export const tourRequestSchema = z.object({
  listingIds: z
    .array(id, { required_error: "Choose the homes to see" })
    .min(1, "Choose the homes to see")
    .max(MAX_TOUR_HOMES, `Choose at most ${MAX_TOUR_HOMES} homes`)
    .refine((ids) => new Set(ids).size === ids.length, "Choose each home once"),
  slots: z
    .array(z.object({ start: instant }), { required_error: "Give one to three times that suit you" })
    .min(1, "Give one to three times that suit you")
    .max(3, "Give one to three times that suit you"),
  note: z.string().trim().max(1000, "At most 1,000 characters").optional(),
});
export type TourRequestInput = z.infer<typeof tourRequestSchema>;

export const tourEventSchema = z.object({
  type: z.enum(TOUR_EVENT_TYPES, { errorMap: () => ({ message: "Confirm, cancel or rate" }) }),
  listingId: id,
  start: instant.optional(),
  rating: z.coerce
    .number({ invalid_type_error: "Rate the home from 1 to 5" })
    .int("Rate the home from 1 to 5")
    .min(1, "Rate the home from 1 to 5")
    .max(5, "Rate the home from 1 to 5")
    .optional(),
  note: z.string().trim().max(2000, "At most 2,000 characters").optional(),
});
export type TourEventInput = z.infer<typeof tourEventSchema>;

/**
 * A form's tour request: each saved home with a stop number ("stop-{listingId}" = 1, 2, …; empty = not on the
 * tour) in the order of those numbers, and the times "slot-1" to "slot-3" that are filled in.
 */
export function tourRequestFromForm(formData: FormData) {
  const stops: Array<{ id: number; at: number }> = [];
  for (const [key, value] of formData) {
    const match = /^stop-(\d+)$/.exec(key);
    const at = Number(value);
    if (match && typeof value === "string" && value !== "" && Number.isFinite(at)) stops.push({ id: +match[1]!, at });
  }
  return {
    listingIds: stops.sort((a, b) => a.at - b.at || a.id - b.id).map((s) => s.id),
    slots: [1, 2, 3]
      .map((n) => formData.get(`slot-${n}`))
      .filter((v): v is string => typeof v === "string" && v.trim() !== "")
      .map((start) => ({ start })),
    note: typeof formData.get("note") === "string" ? String(formData.get("note")) : undefined,
  };
}
