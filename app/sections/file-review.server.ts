/**
 * The file review's forms on the workspace's Documents tab (docs/file-review.md): attach a document of the
 * transaction to a checklist item or take it off, mark an item ready, and the broker's approval or return with a
 * comment; "Upload a document for this item" is a multipart form to `?upload={item}` whose files become documents,
 * attached. Each answer comes back to its item (#item-{id}) with a toast.
 */
import type { FileReviewData } from "~/components/file-review-list";
import type { Db } from "~/db/client.server";
import type { User } from "~/db/schema";
import { redirectWithToast } from "~/infra/flash-toast.server";
import { parseId } from "~/infra/http.server";
import { refuse } from "~/infra/page-action.server";
import { uploadOf } from "~/infra/upload.server";
import { checklistEventSchema } from "~/lib/checklist-schema";
import { InvalidInputError } from "~/lib/errors";
import { idField } from "~/lib/form-values";
import { fileReviewIntents } from "~/lib/intents";
import { formatDateTime } from "~/lib/format";
import { dutyRefusalOf } from "~/models/broker-duties.server";
import { uploadForItem } from "~/models/file-item-upload.server";
import { attachableDocuments, checklistEvent, fileStateWords, getChecklist } from "~/models/file-review.server";
import type { Section } from "~/sections/page-sections.server";

/** The checklist as the tab shows it: each item's state, documents and last review, and the documents to attach. */
export function fileReviewData(db: Db, staff: User, transactionId: number): FileReviewData {
  const { items, complete, missing, returned, waiting } = getChecklist(db, staff, transactionId);
  const state = { complete, missing, returned, waiting };
  return {
    isAdmin: staff.isAdmin,
    // The broker's duty (or a licensee's they named): anyone else sees why they cannot review.
    reviewRefusal: staff.isAdmin ? dutyRefusalOf(db, staff, "approveFiles", new Date()) : null,
    state: fileStateWords(state),
    complete: state.complete,
    items: items.map((i) => ({
      ...i,
      waitingSince: i.waitingSince ? formatDateTime(new Date(i.waitingSince)) : null,
      review: i.review ? { ...i.review, at: formatDateTime(new Date(i.review.at)) } : null,
    })),
    documents: attachableDocuments(db, staff, transactionId),
  };
}

const TOASTS = {
  attach: "The document is attached.",
  detach: "The document is taken off the item.",
  ready: "Marked ready for review.",
  approve: "Approved.",
  return: "Returned; the agent is e-mailed.",
} as const;

const itemOfUpload = (request: Request) => new URL(request.url).searchParams.get("upload");

export const fileReviewSection: Section<typeof fileReviewIntents> = {
  intents: fileReviewIntents,
  takesUpload: (request) => itemOfUpload(request) !== null,
  async upload(ctx, request) {
    const itemId = parseId(itemOfUpload(request));
    try {
      if (itemId === null) throw new InvalidInputError("Invalid item");
      const done = await uploadForItem(ctx.db, ctx.actor, ctx.transactionId!, itemId, uploadOf(request));
      return redirectWithToast(`${ctx.back}#item-${itemId}`, {
        description: `${done.documents.length === 1 ? "Uploaded" : `${done.documents.length} files uploaded`} and attached to ${done.item}.`,
      });
    } catch (error) {
      return refuse(error, { back: itemId ? `${ctx.back}#item-${itemId}` : ctx.back });
    }
  },
  async act(ctx, intent, formData) {
    try {
      const itemId = idField.safeParse(formData.get("itemId"));
      if (!itemId.success) throw new InvalidInputError("Invalid item");
      const event = checklistEventSchema.safeParse({
        type: intent,
        ...(formData.get("documentId") ? { documentId: formData.get("documentId") } : {}),
        ...(formData.has("comment") ? { comment: formData.get("comment") } : {}),
      });
      if (!event.success) throw new InvalidInputError(event.error.issues[0]!.message);
      // The item must be this page's transaction's (another's is not found, whoever asks).
      checklistEvent(ctx.db, ctx.actor, itemId.data, event.data, new Date(), ctx.transactionId);
      return redirectWithToast(`${ctx.back}#item-${itemId.data}`, { description: TOASTS[event.data.type] });
    } catch (error) {
      return refuse(error, { back: ctx.back });
    }
  },
};
