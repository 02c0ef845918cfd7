/**
 * Browser-side validation of the contact form with the same zod schema and the
 * same Conform parser as the server. Loaded on demand (the first focus in the
 * form), so the landing page's first load stays within its JavaScript budget.
 */
import { parseWithZod } from "@conform-to/zod";
import { contactSchema } from "~/lib/contact-schema";

export type FieldErrors = Record<string, string[] | null | undefined>;

export function validateContact(formData: FormData): FieldErrors {
  const submission = parseWithZod(formData, { schema: contactSchema });
  return submission.status === "success" ? {} : (submission.reply().error ?? {});
}
