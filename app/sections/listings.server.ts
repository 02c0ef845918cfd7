/**
 * The portal's saved homes: Add Property (the dialog shows its errors and what was typed), Parse (reads a
 * listing URL, never fetches it: the address and the listing id fill the dialog), the favorite heart and
 * Delete. Favorite and delete fail silently (the spec); each comes back to the list (#listings).
 */
import { parseWithZod } from "@conform-to/zod";
import { data, redirect } from "@remix-run/node";
import type { AddPropertyResult } from "~/components/add-property-dialog";
import { redirectWithToast } from "~/infra/flash-toast.server";
import { refuse, type Refusal } from "~/infra/page-action.server";
import { InvalidInputError } from "~/lib/errors";
import { listingIntents } from "~/lib/intents";
import { deleteFormSchema, favoriteFormSchema, listingSchema, parseFormSchema } from "~/lib/listing-schema";
import { parseListingUrl } from "~/lib/zillow";
import { createListing, deleteListing, setFavorite } from "~/models/listing.server";
import { backTo, type Section, type SectionContext } from "~/sections/page-sections.server";

export type ListingActionData = {
  intent: typeof listingIntents.add | typeof listingIntents.parse;
  answer: AddPropertyResult;
  refusal?: Refusal;
};

const LISTING_FAILED = {
  title: "Error",
  description: "Failed to add property listing",
  variant: "destructive",
} as const;

export const listingSection: Section<typeof listingIntents> = {
  intents: listingIntents,
  act(ctx, intent, formData) {
    switch (intent) {
      case listingIntents.add:
        return add(ctx, formData);
      case listingIntents.parse:
        return parse(formData);
      case listingIntents.favorite:
        return favorite(ctx, formData);
      case listingIntents.delete:
        return remove(ctx, formData);
    }
  },
};

const answerKey = () => crypto.randomUUID();

/** What was typed in the dialog, to show it again with the answer. */
const typedValues = (formData: FormData) =>
  Object.fromEntries([...formData.entries()].filter(([k, v]) => k !== "intent" && typeof v === "string")) as Record<
    string,
    string
  >;

async function add(ctx: SectionContext, formData: FormData) {
  const submission = parseWithZod(formData, { schema: listingSchema });
  const values = typedValues(formData);
  if (submission.status !== "success") {
    return data<ListingActionData>(
      { intent: listingIntents.add, answer: { key: answerKey(), result: submission.reply(), values } },
      { status: 400 },
    );
  }
  try {
    createListing(ctx.db, ctx.actor, submission.value);
  } catch (error) {
    return refuse(error, {
      toast: LISTING_FAILED,
      data: {
        intent: listingIntents.add,
        answer: { key: answerKey(), result: submission.reply(), values, message: LISTING_FAILED },
      },
    });
  }
  return redirectWithToast(backTo(ctx, "listings"), { description: "Property listing added successfully!" });
}

/** Parse reads the listing URL (never fetches it) and fills the address and the listing id. */
async function parse(formData: FormData) {
  const { zillowUrl } = parseFormSchema.parse(Object.fromEntries(formData));
  const values = typedValues(formData);
  const result = parseListingUrl(zillowUrl);
  const message = result.ok
    ? ({ title: "URL Parsed", description: result.message, variant: "default" } as const)
    : ({ title: "Error", description: result.message, variant: "destructive" } as const);
  const filled = result.ok
    ? { ...values, zillowId: result.parsed.zillowId, address: result.parsed.address ?? values.address ?? "" }
    : values;
  return data<ListingActionData>(
    {
      intent: listingIntents.parse,
      answer: { key: answerKey(), result: { initialValue: filled }, values: filled, message },
    },
    { status: result.ok ? 200 : 400 },
  );
}

async function favorite(ctx: SectionContext, formData: FormData) {
  const silently = { back: backTo(ctx, "listings"), toast: null } as const;
  const parsed = favoriteFormSchema.safeParse(Object.fromEntries(formData));
  if (!parsed.success) return refuse(new InvalidInputError("Choose a listing"), silently);
  try {
    setFavorite(ctx.db, ctx.actor, parsed.data.id, parsed.data.isFavorite);
  } catch (error) {
    return refuse(error, silently);
  }
  return redirect(silently.back);
}

async function remove(ctx: SectionContext, formData: FormData) {
  const silently = { back: backTo(ctx, "listings"), toast: null } as const;
  const parsed = deleteFormSchema.safeParse(Object.fromEntries(formData));
  if (!parsed.success) return refuse(new InvalidInputError("Choose a listing"), silently);
  try {
    deleteListing(ctx.db, ctx.actor, parsed.data.id);
  } catch (error) {
    return refuse(error, silently);
  }
  return redirectWithToast(silently.back, { description: "Property listing deleted successfully!" });
}
