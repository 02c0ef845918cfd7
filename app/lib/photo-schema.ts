/** A listing photo's edit: its place and its alt text, the same in the form and `PATCH /api/photos/{id}`. */
import { z } from "zod";
import { numberInput } from "~/lib/form-values";

export const ALT_MAX = 200;

export const photoPatchSchema = z
  .object({
    position: z.preprocess(
      numberInput,
      z
        .number({ invalid_type_error: "Enter the photo's place, from 1" })
        .int("Enter the photo's place, from 1")
        .min(1, "Enter the photo's place, from 1")
        .max(50, "Enter the photo's place, from 1 to 50")
        .optional(),
    ),
    alt: z.preprocess(
      (v) => (typeof v === "string" ? v.trim() : v),
      z.string().max(ALT_MAX, `Keep the description to ${ALT_MAX} characters`).optional(),
    ),
  })
  .strict();
