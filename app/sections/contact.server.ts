/**
 * The free-consultation form's action, one for the landing page and an agent's page (there the lead
 * goes to that agent): validated by the schema, rate limited, stored by `submitContact`
 * (app/models/lead-intake.server.ts), then back to the page with the confirmation in the form's place.
 */
import { parseWithZod } from "@conform-to/zod";
import { data } from "@remix-run/node";
import type { ContactActionData } from "~/components/contact-form";
import { env } from "~/config/env.server";
import { getDb } from "~/infra/database.server";
import { redirectWithToast } from "~/infra/flash-toast.server";
import { readForm } from "~/infra/http.server";
import { clientIpOf, consumeRateLimit, contactLimitMessage, retryAfterHeaders } from "~/infra/rate-limit.server";
import { contactSchema } from "~/lib/contact-schema";
import { submitContact } from "~/models/lead-intake.server";

export const CONTACT_SENT = {
  title: "Message sent!",
  description: "Thank you for your message! We will contact you soon.",
};

export async function contactAction(
  request: Request,
  context: unknown,
  options: { sentPath: string; toAgentId?: string; home?: { transactionId: number; address: string } },
) {
  const formData = await readForm(request);
  const submission = parseWithZod(formData, { schema: contactSchema });
  if (submission.status !== "success") {
    return data<ContactActionData>({ result: submission.reply(), failed: false }, { status: 400 });
  }
  const limit = await consumeRateLimit("contact", clientIpOf(context));
  if (!limit.ok) {
    return data<ContactActionData>(
      { result: submission.reply(), failed: false, limited: contactLimitMessage(limit, env().site.phone) },
      { status: 429, headers: retryAfterHeaders(limit) },
    );
  }
  try {
    submitContact(getDb(), submission.value, new Date(), {
      toAgentId: options.toAgentId,
      home: options.home ? { ...options.home, source: "inquiry" } : undefined,
    });
  } catch (error) {
    console.error("[contact] could not store a submission:", error);
    return data<ContactActionData>({ result: submission.reply(), failed: true }, { status: 500 });
  }
  return redirectWithToast(`${options.sentPath}#contact`, CONTACT_SENT);
}
