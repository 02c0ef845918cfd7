/** The documents' small forms (Remove, Restore) and the words of a stored upload. */
import { z } from "zod";
import { idField } from "~/lib/form-values";
import { countOf } from "~/lib/plural";

export const documentFormSchema = z.object({ documentId: idField });

/** The toast of a stored upload. */
export const uploadedToast = (count: number) =>
  count === 1 ? "Document uploaded." : `${countOf(count, "document")} uploaded.`;
