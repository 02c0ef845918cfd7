/**
 * The Documents section's forms (the portal and the workspace): an upload (multipart, read as a stream
 * by the model), Remove (an admin any document, a client their own uploads) and Restore (admins). Each
 * comes back to the section (#documents) with a toast; a refused upload shows its message by the form.
 */
import { redirectWithToast } from "~/infra/flash-toast.server";
import { refuse, type Refusal } from "~/infra/page-action.server";
import { uploadOf } from "~/infra/upload.server";
import { documentFormSchema, uploadedToast } from "~/lib/document-schema";
import { InvalidInputError, NotFoundError } from "~/lib/errors";
import { documentIntents } from "~/lib/intents";
import { removeDocument, restoreDocument, uploadDocuments } from "~/models/document.server";
import { backTo, type Section } from "~/sections/page-sections.server";

export type DocumentActionData = { intent: typeof documentIntents.upload; refusal: Refusal };

export const documentSection: Section<typeof documentIntents> = {
  intents: documentIntents,

  async upload(ctx, request) {
    try {
      if (ctx.transactionId === undefined) {
        throw new NotFoundError("You have no active transaction to add documents to.");
      }
      const created = await uploadDocuments(ctx.db, ctx.actor, ctx.transactionId, uploadOf(request));
      return redirectWithToast(backTo(ctx, "documents"), { description: uploadedToast(created.length) });
    } catch (error) {
      return refuse(error, { data: { intent: documentIntents.upload } });
    }
  },

  async act(ctx, intent, formData) {
    const back = backTo(ctx, "documents");
    const parsed = documentFormSchema.safeParse(Object.fromEntries(formData));
    if (intent === documentIntents.upload || !parsed.success) {
      return refuse(new InvalidInputError("Choose a document"), { back });
    }
    const restore = intent === documentIntents.restore;
    try {
      if (restore) restoreDocument(ctx.db, ctx.actor, parsed.data.documentId);
      else removeDocument(ctx.db, ctx.actor, parsed.data.documentId);
    } catch (error) {
      return refuse(error, { back });
    }
    return redirectWithToast(back, { description: restore ? "Document restored." : "Document removed." });
  },
};
