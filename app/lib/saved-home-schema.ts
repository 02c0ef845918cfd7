/**
 * The Add Property form (docs/spec.md §2, §5): one schema for the browser, the portal
 * action and POST /api/listings. Form fields arrive as strings, API fields as
 * strings, numbers or null; both end as the same values. Empty optional fields
 * become undefined (stored as null).
 */
import { z } from "zod";
import {
  blankToUndefined,
  idField,
  IMAGE_URL_MESSAGE,
  isHttpsUrl,
  MAX_LENGTH,
  moneyDigits,
  numberInput,
} from "~/lib/form-values";

const optionalNumber = (schema: z.ZodType<number>) => z.preprocess(numberInput, schema.optional());

export const MAX_PRICE_DIGITS = 12;
const PRICE = new RegExp(`^\\d{1,${MAX_PRICE_DIGITS}}$`);

export const savedHomeSchema = z.object({
  zillowUrl: z.preprocess(blankToUndefined, z.string().trim().max(MAX_LENGTH.url).optional()),
  zillowId: z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(/^\d{1,15}$/, "Invalid listing id")
      .optional(),
  ),
  address: z.preprocess(
    (v) => (typeof v === "string" ? v.trim() : v),
    z.string({ required_error: "Address is required" }).min(1, "Address is required").max(MAX_LENGTH.address),
  ),
  price: z.preprocess(
    moneyDigits,
    z.string({ required_error: "Price is required" }).superRefine((v, ctx) => {
      if (v === "") ctx.addIssue({ code: z.ZodIssueCode.custom, message: "Price is required" });
      else if (!PRICE.test(v) || Number(v) <= 0) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: "Enter the price in whole dollars" });
      }
    }),
  ),
  squareFootage: optionalNumber(
    z.number({ invalid_type_error: "Enter a number" }).int("Enter a whole number").min(0).max(1_000_000),
  ),
  bedrooms: optionalNumber(
    z.number({ invalid_type_error: "Enter a number" }).int("Enter a whole number").min(0).max(100),
  ),
  bathrooms: optionalNumber(
    z
      .number({ invalid_type_error: "Enter a number" })
      .min(0)
      .max(100)
      .refine((v) => Number.isInteger(v * 2), "Use steps of 0.5"),
  ),
  imageUrl: z.preprocess(
    blankToUndefined,
    z.string().trim().max(MAX_LENGTH.url).url("Enter a valid URL").refine(isHttpsUrl, IMAGE_URL_MESSAGE).optional(),
  ),
  notes: z.preprocess(blankToUndefined, z.string().trim().max(MAX_LENGTH.text).optional()),
});

export type SavedHomeInput = z.infer<typeof savedHomeSchema>;

/** POST /api/listings/parse-zillow: the URL (empty, too long or not a listing is answered by `parseListingUrl`). */
export const parseZillowSchema = z.object({
  url: z.preprocess((v) => v ?? "", z.string({ invalid_type_error: "Enter the URL as text" })),
});

export const favoriteSchema = z.object({
  isFavorite: z.preprocess((v) => (v === "true" ? true : v === "false" ? false : v), z.boolean()),
});

/** The portal's favorite form: which listing and the new value. */
export const favoriteFormSchema = favoriteSchema.extend({ id: idField });

/** The portal's "Your name" form: the account's given and family names, as the person's legal name. */
export const accountNameSchema = z.object({
  firstName: z
    .string({ required_error: "Enter your given name" })
    .trim()
    .min(1, "Enter your given name")
    .max(MAX_LENGTH.name, `At most ${MAX_LENGTH.name} characters`),
  lastName: z
    .string({ required_error: "Enter your family name" })
    .trim()
    .min(1, "Enter your family name")
    .max(MAX_LENGTH.name, `At most ${MAX_LENGTH.name} characters`),
});

/** The portal's e-mail notices form: on or off. */
export const noticesFormSchema = z.object({ notices: z.enum(["on", "off"]) });

/** The portal's delete form: which listing. */
export const deleteFormSchema = z.object({ id: idField });

/** The Parse button: the listing URL typed so far; anything but text counts as empty (the other fields ride along untouched). */
export const parseFormSchema = z.object({
  zillowUrl: z.preprocess((v) => (typeof v === "string" ? v : ""), z.string()),
});
