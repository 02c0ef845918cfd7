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
import { savedHomeIntents } from "~/lib/intents";
import { deleteFormSchema, favoriteFormSchema, savedHomeSchema, parseFormSchema } from "~/lib/saved-home-schema";
import { parseListingUrl } from "~/lib/zillow";
import { createSavedHome, deleteSavedHome, setFavorite } from "~/models/saved-home.server";
import { backTo, type Section, type SectionContext } from "~/sections/page-sections.server";

export type ListingActionData = {
  intent: typeof savedHomeIntents.add | typeof savedHomeIntents.parse;
  answer: AddPropertyResult;
  refusal?: Refusal;
};

const LISTING_FAILED = {
  title: "Error",
  description: "Failed to add property listing",
  variant: "destructive",
} as const;

export const savedHomeSection: Section<typeof savedHomeIntents> = {
  intents: savedHomeIntents,
  act(ctx, intent, formData) {
    switch (intent) {
      case savedHomeIntents.add:
        return add(ctx, formData);
      case savedHomeIntents.parse:
        return parse(formData);
      case savedHomeIntents.favorite:
        return favorite(ctx, formData);
      case savedHomeIntents.delete:
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
  const submission = parseWithZod(formData, { schema: savedHomeSchema });
  const values = typedValues(formData);
  if (submission.status !== "success") {
    return data<ListingActionData>(
      { intent: savedHomeIntents.add, answer: { key: answerKey(), result: submission.reply(), values } },
      { status: 400 },
    );
  }
  try {
    createSavedHome(ctx.db, ctx.actor, submission.value);
  } catch (error) {
    return refuse(error, {
      toast: LISTING_FAILED,
      data: {
        intent: savedHomeIntents.add,
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
      intent: savedHomeIntents.parse,
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
    deleteSavedHome(ctx.db, ctx.actor, parsed.data.id);
  } catch (error) {
    return refuse(error, silently);
  }
  return redirectWithToast(silently.back, { description: "Property listing deleted successfully!" });
}
