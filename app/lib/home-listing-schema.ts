/**
 * A listing's page (docs/listings.md): one schema for `PUT /api/transactions/{id}/listing` (JSON, a partial
 * update) and the Listing tab's "Listing page" form (strings). Blank is "not given" in the form; null clears in the API.
 */
import { z } from "zod";
import { blankToUndefined, MAX_LENGTH, numberInput } from "~/lib/form-values";
import { parsePlainDate } from "~/lib/plain-date";

/** The schema.org types a listing may be (its JSON-LD), with the words staff choose them by. */
export const PROPERTY_TYPES = {
  SingleFamilyResidence: "Single-family home",
  Apartment: "Condominium",
  House: "Townhouse",
  Residence: "Other",
} as const;
export type PropertyType = keyof typeof PROPERTY_TYPES;

export const DESCRIPTION_MAX = 5000;
export const HOMES_PAGE_SIZE = 24;

const nullable = <T extends z.ZodTypeAny>(schema: T) =>
  z.preprocess((v) => (v === null ? null : numberInput(v)), schema.nullable().optional());

const whole = (label: string, max: number) =>
  nullable(
    z
      .number({ invalid_type_error: `Enter the ${label} as a whole number` })
      .int(`Enter the ${label} as a whole number`)
      .min(0, `Enter the ${label} as a whole number`)
      .max(max, `Enter the ${label} as a whole number up to ${max.toLocaleString("en-US")}`),
  );

const flag = z.preprocess(
  (v) => (v === "on" || v === "true" ? true : v === "false" || v === "" ? false : v),
  z.boolean({ invalid_type_error: "Say yes or no" }).optional(),
);

export const homeListingSchema = z
  .object({
    published: flag,
    mlsEnteredOn: z.preprocess(
      (v) => (v === null ? null : blankToUndefined(v)),
      z
        .string()
        .refine((v) => parsePlainDate(v) !== null, "Enter the MLS date as YYYY-MM-DD")
        .nullable()
        .optional(),
    ),
    price: nullable(
      z
        .number({ invalid_type_error: "Enter the price in dollars" })
        .int("Enter the price in whole dollars")
        .min(1000, "Enter the price in dollars")
        .max(1_000_000_000, "Enter the price in dollars"),
    ),
    beds: whole("bedrooms", 50),
    baths: nullable(
      z
        .number({ invalid_type_error: "Enter the bathrooms as a number, such as 2.5" })
        .min(0, "Enter the bathrooms as a number, such as 2.5")
        .max(50, "Enter the bathrooms as a number, such as 2.5")
        .refine((v) => Number.isInteger(v * 4), "Enter the bathrooms in quarters, such as 2.5 or 2.75"),
    ),
    squareFeet: whole("square feet", 100_000),
    lotSquareFeet: whole("lot size in square feet", 100_000_000),
    yearBuilt: nullable(
      z
        .number({ invalid_type_error: "Enter the year built, such as 1962" })
        .int("Enter the year built, such as 1962")
        .min(1700, "Enter the year built, such as 1962")
        .max(2100, "Enter the year built, such as 1962"),
    ),
    propertyType: z
      .enum(Object.keys(PROPERTY_TYPES) as [PropertyType, ...PropertyType[]], {
        errorMap: () => ({ message: "Choose the kind of home" }),
      })
      .optional(),
    description: z.preprocess(
      (v) => (typeof v === "string" ? v.trim() : v),
      z.string().max(DESCRIPTION_MAX, `Keep the description to ${DESCRIPTION_MAX} characters`).nullable().optional(),
    ),
    fairHousingReason: z.preprocess(
      blankToUndefined,
      z.string().trim().max(500, "Keep the reason to 500 characters").optional(),
    ),
    /** Housing for older persons (HOPA: 55 or 62 and over), the broker's mark: age words are lawful in it. */
    olderPersons: flag,
  })
  .strict();
export type HomeListingInput = z.output<typeof homeListingSchema>;

/** The fields staff write (the seller sends only `published`); the workspace's form sends each of them. */
export const STAFF_LISTING_FIELDS = [
  "mlsEnteredOn",
  "price",
  "beds",
  "baths",
  "squareFeet",
  "lotSquareFeet",
  "yearBuilt",
  "propertyType",
  "description",
  "fairHousingReason",
  "olderPersons",
] as const satisfies ReadonlyArray<keyof HomeListingInput>;

/** `/homes` and `GET /api/homes`: ZIP, a price range in dollars, the least bedrooms, the page. */
export const homesQuerySchema = z.object({
  zip: z
    .preprocess(
      blankToUndefined,
      z
        .string()
        .regex(/^\d{5}$/)
        .optional(),
    )
    .catch(undefined),
  minPrice: z.preprocess(numberInput, z.number().int().min(0).optional()).catch(undefined),
  maxPrice: z.preprocess(numberInput, z.number().int().min(0).optional()).catch(undefined),
  beds: z.preprocess(numberInput, z.number().int().min(0).max(20).optional()).catch(undefined),
  page: z.preprocess(numberInput, z.number().int().min(1).max(100_000).optional()).catch(undefined),
});
export type HomesQuery = z.output<typeof homesQuerySchema>;

/** The public's questions at an open house's door (the sign-in), the same in the form and the API. */
export const visitorSchema = z
  .object({
    name: z.preprocess(
      (v) => (typeof v === "string" ? v.trim() : v),
      z.string({ required_error: "Enter your name" }).min(1, "Enter your name").max(MAX_LENGTH.name),
    ),
    email: z.preprocess(
      blankToUndefined,
      z.string().trim().toLowerCase().email("Enter a valid e-mail address").max(MAX_LENGTH.email).optional(),
    ),
    phone: z.preprocess(
      blankToUndefined,
      z
        .string()
        .trim()
        .regex(/^[+()\d\s.-]{7,40}$/, "Enter a valid phone number")
        .optional(),
    ),
    hasAgent: z.preprocess(
      (v) => (v === "yes" || v === "true" ? true : v === "no" || v === "false" ? false : v),
      z.boolean({
        required_error: "Say whether you work with an agent",
        invalid_type_error: "Say whether you work with an agent",
      }),
    ),
    agentName: z.preprocess(blankToUndefined, z.string().trim().max(MAX_LENGTH.name).optional()),
    wantsSimilar: z.preprocess((v) => v === "on" || v === "true" || v === true, z.boolean()).default(false),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (!v.email && !v.phone) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["email"], message: "Enter your e-mail or your phone" });
    }
  });
export type VisitorInput = z.output<typeof visitorSchema>;

/** Scheduling an open house: the day, start and end (San Diego time), the host. */
export const openHouseSchema = z
  .object({
    start: z.string({ required_error: "Enter when it starts" }).min(1, "Enter when it starts"),
    end: z.string({ required_error: "Enter when it ends" }).min(1, "Enter when it ends"),
    hostId: z.string({ required_error: "Choose the host" }).min(1, "Choose the host"),
  })
  .strict();
