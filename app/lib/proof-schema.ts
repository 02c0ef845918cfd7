/**
 * The proof on the public site (docs/proof.md): an agent's profile, a client's review, a staff
 * member's reply and hiding, a client's consent to show their sale; the lists' size. One schema each for the
 * page's form and the API's body.
 */
import { z } from "zod";
import { slugify } from "~/lib/slug";
import { REVIEW_HIDE_REASONS, SOLD_DETAILS, type ReviewHideReason } from "~/domain/enums";

/** The public lists' page size (/sold, /reviews). */
export const PROOF_PAGE_SIZE = 24;
/** An agent's page's reviews a page (fewer than /reviews' 24: the page has the agent, their sales and a form too). */
export const AGENT_REVIEWS_PAGE = 12;
export const REVIEW_TEXT_MAX = 2000;
export const REPLY_TEXT_MAX = 2000;
export const BIO_MAX = 2000;
/** A review link's life, and when its one reminder goes. */
export const REVIEW_LINK_DAYS = 60;
export const REVIEW_REMINDER_DAYS = 7;

/** The published content policy's reasons (/reviews/policy): the only grounds for hiding a review. */
export const HIDE_REASON_LABELS: Readonly<Record<ReviewHideReason, string>> = {
  personal_data: "Personal data",
  profanity: "Profanity",
  discrimination: "Discrimination",
  off_topic: "Off-topic",
  not_a_client: "Not a client",
};

export const PROOF_MESSAGES = {
  rating: "Choose from 1 to 5 stars",
  text: `Write your review (at most ${REVIEW_TEXT_MAX.toLocaleString("en-US")} characters)`,
  displayName: "Enter the name to show (at most 100 characters)",
  notStaff: "Confirm you do not work for us and are not related to anyone who does",
  reason: "Choose a reason from the content policy",
  reply: `Write the reply (at most ${REPLY_TEXT_MAX.toLocaleString("en-US")} characters)`,
  detail: 'Choose "address" or "neighbourhood"',
  slug: "Use lowercase letters, digits and dashes (e.g. agatha-moss)",
} as const;

const trimmed = (v: unknown) => (typeof v === "string" ? v.trim() : v);
const blankToNull = (v: unknown) => (typeof v === "string" ? v.trim() || null : (v ?? null));
const bool = z.preprocess(
  (v) => (v === "true" || v === "on" ? true : v === "false" || v === "" ? false : v),
  z.boolean(),
);

const rating = z.preprocess(
  (v) => (typeof v === "string" && /^\d+$/.test(v.trim()) ? Number(v) : v),
  z
    .number({ required_error: PROOF_MESSAGES.rating, invalid_type_error: PROOF_MESSAGES.rating })
    .int(PROOF_MESSAGES.rating)
    .min(1, PROOF_MESSAGES.rating)
    .max(5, PROOF_MESSAGES.rating),
);
const reviewText = z.preprocess(
  trimmed,
  z
    .string({ required_error: PROOF_MESSAGES.text, invalid_type_error: PROOF_MESSAGES.text })
    .min(1, PROOF_MESSAGES.text)
    .max(REVIEW_TEXT_MAX, PROOF_MESSAGES.text),
);
const displayName = z.preprocess(
  blankToNull,
  z.string({ invalid_type_error: PROOF_MESSAGES.displayName }).max(100, PROOF_MESSAGES.displayName).nullable(),
);
const agentSlug = z.preprocess(blankToNull, z.string().max(120).nullable());

/** The review form (/review/{token}, the portal's card): the stars, the words, the agent, the name shown. */
export const reviewFormSchema = z.object({
  rating,
  text: reviewText,
  agentSlug: agentSlug.optional(),
  displayName: displayName.optional(),
  /** The reviewer says they are no employee of ours nor related to one (16 CFR 465.2's insiders). */
  notStaff: z.preprocess(
    (v) => v === "on" || v === "true" || v === true,
    z.literal(true, { errorMap: () => ({ message: PROOF_MESSAGES.notStaff }) }),
  ),
});
export type ReviewForm = z.output<typeof reviewFormSchema>;

/** `POST /api/reviews`: the link's token with the review (the insider statement is the token holder's). */
export const reviewApiSchema = z
  .object({
    token: z.string().min(1).max(200),
    rating,
    text: reviewText,
    agentSlug: agentSlug.optional(),
    displayName: displayName.optional(),
  })
  .strict();

/** The client's own change of their review (the portal, `PATCH /api/reviews/{id}`). */
export const reviewEditSchema = z.object({ rating, text: reviewText, displayName: displayName.optional() });
export type ReviewEdit = z.output<typeof reviewEditSchema>;

export const hideReviewSchema = z.object({
  reason: z.enum(REVIEW_HIDE_REASONS, { errorMap: () => ({ message: PROOF_MESSAGES.reason }) }),
});
export const replyReviewSchema = z.object({
  text: z.preprocess(
    trimmed,
    z
      .string({ required_error: PROOF_MESSAGES.reply, invalid_type_error: PROOF_MESSAGES.reply })
      .min(1, PROOF_MESSAGES.reply)
      .max(REPLY_TEXT_MAX, PROOF_MESSAGES.reply),
  ),
});

/** The client's answer to "May we show your sale?" (the portal, `PUT /api/sold-consent/{transactionId}`). */
export const soldConsentSchema = z.object({
  show: bool,
  detail: z.enum(SOLD_DETAILS, { errorMap: () => ({ message: PROOF_MESSAGES.detail }) }).default("neighbourhood"),
  photo: bool.default(false),
});
export type SoldConsent = z.output<typeof soldConsentSchema>;

const listText = (max: number) =>
  z.preprocess(
    blankToNull,
    z
      .string({ invalid_type_error: `At most ${max} characters` })
      .max(max)
      .nullable(),
  );

/** An agent's public profile (/admin/profile, `PATCH /api/team/{id}/profile`). */
export const profileSchema = z.object({
  slug: z.preprocess(
    blankToNull,
    z
      .string()
      .max(80, PROOF_MESSAGES.slug)
      .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, PROOF_MESSAGES.slug)
      .nullable(),
  ),
  title: listText(100),
  bio: listText(BIO_MAX),
  languages: listText(200),
  areas: listText(300),
  /** Why a bio keeps a phrase the fair-housing check flags (audited). */
  fairHousingReason: listText(500).optional(),
});
export type ProfileInput = z.output<typeof profileSchema>;
export const profilePatchSchema = profileSchema.partial().strict();

/** The public list's filter (/sold?zip=&area=&page=, /api/sold). */
export const soldQuerySchema = z.object({
  zip: z.preprocess((v) => (typeof v === "string" && /^\d{5}$/.test(v) ? v : undefined), z.string().optional()),
  area: z.preprocess(
    (v) => (typeof v === "string" && v.trim() && v.length <= 60 ? v.trim() : undefined),
    z.string().optional(),
  ),
  page: z.preprocess((v) => (typeof v === "string" && /^[1-9]\d{0,5}$/.test(v) ? Number(v) : 1), z.number()),
});

/** The name a reviewer shows by default: first name and last initial ("Maria G."). */
export function defaultDisplayName(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return "A client";
  if (words.length === 1) return words[0]!;
  return `${words[0]} ${words[words.length - 1]![0]!.toUpperCase()}.`;
}

/** A slug from a name ("Agatha Moss" → "agatha-moss"). */
export const slugOf = (name: string) => slugify(name, 60) || "agent";
