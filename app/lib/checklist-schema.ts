/**
 * The file review's forms and API bodies (docs/file-review.md): a checklist version as the broker
 * writes it (/admin/checklists, `PUT /api/checklists/{kind}`), an event on a transaction's item (the File tab,
 * `POST /api/checklist-items/{id}/events`), and the words of an item's state.
 */
import { z } from "zod";
import { CHECKLIST_CONDITIONS, CHECKLIST_EVENT_TYPES, type ChecklistItemState } from "~/domain/enums";
import { BUYING_MILESTONES, SELLING_MILESTONES } from "~/lib/milestone-templates";

export const CHECKLIST_MESSAGES = {
  name: "Enter the item's name (at most 120 characters)",
  dueBy: "Choose the step by which it is due",
  items: "A checklist has from 1 to 40 items",
  comment: "Write what needs fixing (at most 2,000 characters)",
  type: "Choose attach, detach, ready, approve or return",
  document: "Choose a document of this transaction",
  override: "Write why the file may close incomplete (at most 2,000 characters)",
  requiredWhen: "Choose when the item is required",
} as const;

export const CHECKLIST_MAX_ITEMS = 40;
export const REVIEW_COMMENT_MAX = 2000;
/** An item waiting longer than this is flagged in the queue. */
export const REVIEW_FLAG_DAYS = 7;

/** The standard steps of each kind: an item is due by one of them. */
export const STEPS_OF = { selling: SELLING_MILESTONES, buying: BUYING_MILESTONES } as const;

const trimmed = (v: unknown) => (typeof v === "string" ? v.trim() : v);
const checkbox = z.preprocess((v) => v === true || v === "on" || v === "true", z.boolean());

export const checklistItemSpecSchema = z
  .object({
    name: z.preprocess(
      trimmed,
      z
        .string({ required_error: CHECKLIST_MESSAGES.name })
        .min(1, CHECKLIST_MESSAGES.name)
        .max(120, CHECKLIST_MESSAGES.name),
    ),
    required: checkbox,
    dueBy: z.coerce
      .number({ invalid_type_error: CHECKLIST_MESSAGES.dueBy })
      .int(CHECKLIST_MESSAGES.dueBy)
      .min(1, CHECKLIST_MESSAGES.dueBy)
      .max(14, CHECKLIST_MESSAGES.dueBy),
    agreementKind: z.preprocess(
      (v) => (v === "" || v === undefined ? null : v),
      z.enum(["listing", "buyer"]).nullable(),
    ),
    /** Required only when a fact of the home holds (app/lib/checklist-rules.ts); absent or blank: as `required` says. */
    requiredWhen: z.preprocess(
      (v) => (v === "" || v === undefined ? null : v),
      z.enum(CHECKLIST_CONDITIONS, { message: CHECKLIST_MESSAGES.requiredWhen }).nullable(),
    ),
  })
  .transform(({ requiredWhen, ...item }) => (requiredWhen ? { ...item, requiredWhen } : item));

/** A new version of a kind's checklist; each item due by one of that kind's steps. */
export const checklistPutSchema = (kind: keyof typeof STEPS_OF) =>
  z
    .object({
      items: z
        .array(checklistItemSpecSchema, { required_error: CHECKLIST_MESSAGES.items })
        .min(1, CHECKLIST_MESSAGES.items)
        .max(CHECKLIST_MAX_ITEMS, CHECKLIST_MESSAGES.items),
    })
    .strict()
    .superRefine((value, ctx) => {
      value.items.forEach((item, i) => {
        if (item.dueBy > STEPS_OF[kind].length) {
          ctx.addIssue({ code: "custom", path: ["items", i, "dueBy"], message: CHECKLIST_MESSAGES.dueBy });
        }
      });
    });

const comment = z.preprocess(
  (v) => (typeof v === "string" ? v.trim() || undefined : v),
  z.string().max(REVIEW_COMMENT_MAX, CHECKLIST_MESSAGES.comment).optional(),
);

/** An event on an item: attach or detach a document, mark it ready, approve it, or return it with a comment. */
export const checklistEventSchema = z
  .object({
    type: z.enum(CHECKLIST_EVENT_TYPES, { errorMap: () => ({ message: CHECKLIST_MESSAGES.type }) }),
    documentId: z.coerce.number().int().positive(CHECKLIST_MESSAGES.document).optional(),
    comment,
  })
  .strict()
  .superRefine((value, ctx) => {
    if ((value.type === "attach" || value.type === "detach") && value.documentId === undefined) {
      ctx.addIssue({ code: "custom", path: ["documentId"], message: CHECKLIST_MESSAGES.document });
    }
    if (value.type === "return" && !value.comment) {
      ctx.addIssue({ code: "custom", path: ["comment"], message: CHECKLIST_MESSAGES.comment });
    }
  });
export type ChecklistEvent = z.output<typeof checklistEventSchema>;

/** The broker's decision on a fair-housing exception (/admin/reviews, `POST /api/fair-housing-reviews/{id}`). */
export const fairHousingDecisionSchema = z.object({
  id: z.coerce.number({ invalid_type_error: "Choose an exception" }).int().positive("Choose an exception"),
  decision: z.enum(["approve", "return"], { errorMap: () => ({ message: 'Choose "approve" or "return"' }) }),
  comment,
});

/** The reason an admin closes a file that is not complete (`override`), trimmed; blank is none. */
export const overrideReason = z.preprocess(
  (v) => (typeof v === "string" ? v.trim() || undefined : v),
  z.string().max(REVIEW_COMMENT_MAX, CHECKLIST_MESSAGES.override).optional(),
);

export const ITEM_STATE_WORDS: Record<ChecklistItemState, string> = {
  missing: "Missing",
  waiting: "Waiting for review",
  approved: "Approved",
  returned: "Returned",
  changed: "Changed since approved",
};

/** A checklist item as the file review shows it (app/models/file-review.server.ts `getChecklist`). */
export type FileItem = {
  id: number;
  name: string;
  required: boolean;
  /** When it is required only if a fact of the home holds, that condition in words. */
  condition: string | null;
  dueBy: number;
  dueByTitle: string | null;
  state: ChecklistItemState;
  waitingSince: string | null;
  documents: Array<{ id: number; name: string }>;
  review: { by: string; at: string; decision: "approve" | "return"; comment: string | null; sha256: string[] } | null;
};
