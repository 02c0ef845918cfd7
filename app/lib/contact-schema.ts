/**
 * The contact form (docs/spec.md §2, §5): one schema for the browser (Conform) and the
 * server (the landing action and POST /api/contact), and the browser-side
 * validation with the same parser, which the form loads on its first focus.
 */
import { parseWithZod } from "@conform-to/zod";
import { z } from "zod";
import { HONEYPOT_FIELD } from "~/lib/contact-honeypot";
import { MAX_LENGTH } from "~/lib/form-values";

export { HONEYPOT_FIELD };

export const contactSchema = z.object({
  firstName: z.string().trim().min(1).max(MAX_LENGTH.name),
  lastName: z.string().trim().min(1).max(MAX_LENGTH.name),
  email: z.string().trim().email().max(MAX_LENGTH.email),
  phone: z
    .string()
    .trim()
    .max(MAX_LENGTH.phone)
    .refine((v) => /^\+?[\d\s().-]+$/.test(v) && v.replace(/\D/g, "").length >= 7, "Enter a valid phone number"),
  message: z.string().trim().max(MAX_LENGTH.text).optional(),
  /** Honeypot: hidden from people; a bot that fills it is ignored. */
  [HONEYPOT_FIELD]: z.string().max(500).optional(),
});

export type ContactInput = z.infer<typeof contactSchema>;

export type FieldErrors = Record<string, string[] | null | undefined>;

/** The field errors of a contact form, as the server would answer them ({} when valid). */
export function validateContact(formData: FormData): FieldErrors {
  const submission = parseWithZod(formData, { schema: contactSchema });
  return submission.status === "success" ? {} : (submission.reply().error ?? {});
}
