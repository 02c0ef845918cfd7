/**
 * The two public estimate pages (/net-sheet for sellers, /cash-to-close for buyers), one of each:
 * - the loader reads the inputs from the address (a GET form: bookmarkable, shareable, no JavaScript
 *   needed) with the same schema as the browser and the API, and computes the estimate with the agency's
 *   escrow rates and usual costs; an empty address is an empty form, a bad value a field error (200: the page is fine);
 * - the action is "Send me this estimate": the contact form's rules (its schema, honeypot, rate limit)
 *   make a lead whose message holds the estimate and its link, and the estimate is e-mailed to the visitor
 *   (app/models/estimate.server.ts `requestEstimate`); it comes back to `?…&sent=1#send`.
 */
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { env } from "~/config/env.server";
import { getDb } from "~/infra/database.server";
import { redirectWithToast } from "~/infra/flash-toast.server";
import { readForm } from "~/infra/http.server";
import { clientIpOf, consumeRateLimit, contactLimitMessage, retryAfterHeaders } from "~/infra/rate-limit.server";
import { contactSchema } from "~/lib/contact-schema";
import type { Party } from "~/domain/enums";
import { estimateInputsSchema } from "~/lib/estimate-schema";
import { todayIn } from "~/lib/plain-date";
import { estimate } from "~/lib/estimate";
import { requestEstimate } from "~/models/estimate.server";
import { agencyCosts } from "~/models/settings.server";

/** The inputs of an address's query, read for one side. */
export function readEstimateQuery(query: URLSearchParams, side: Party) {
  const params = new URLSearchParams(query);
  params.delete("sent");
  const given = [...params.keys()].length > 0;
  params.set("side", side);
  const submission = parseWithZod(params, {
    schema: estimateInputsSchema(todayIn(new Date())),
    disableAutoCoercion: true,
  });
  return { given, submission, query: queryOf(query) };
}

/** The query an estimate's link carries (its inputs, not `sent`). */
function queryOf(query: URLSearchParams) {
  const params = new URLSearchParams(query);
  params.delete("sent");
  return params.toString();
}

export function estimatePageLoader({ request }: LoaderFunctionArgs, side: Party) {
  const url = new URL(request.url);
  const { given, submission, query } = readEstimateQuery(url.searchParams, side);
  const db = getDb();
  const costs = agencyCosts(db);
  const ok = given && submission.status === "success";
  return {
    side,
    values: (given ? submission.payload : {}) as Record<string, unknown>,
    errors: given && !ok ? (submission.reply().error ?? {}) : {},
    // The costs read once, for the form and the estimate.
    estimate: ok && submission.status === "success" ? estimate(submission.value, costs) : null,
    costs,
    today: todayIn(new Date()),
    query,
    sent: url.searchParams.get("sent") === "1",
  };
}

export type EstimateSendData = { result: SubmissionResult<string[]>; limited?: string };

export async function estimatePageAction({ request, context }: ActionFunctionArgs, side: Party) {
  const url = new URL(request.url);
  const formData = await readForm(request);
  const contact = parseWithZod(formData, { schema: contactSchema });
  const query = new URLSearchParams(String(formData.get("estimate") ?? ""));
  const { submission } = readEstimateQuery(query, side);
  if (submission.status !== "success") {
    // The estimate itself is not right: back to it, where its fields say what.
    return redirect(`${url.pathname}?${queryOf(query)}#estimate`);
  }
  if (contact.status !== "success") {
    return data<EstimateSendData>({ result: contact.reply() }, { status: 400 });
  }
  const limit = await consumeRateLimit("contact", clientIpOf(context));
  if (!limit.ok) {
    return data<EstimateSendData>(
      { result: contact.reply(), limited: contactLimitMessage(limit, env().site.phone) },
      { status: 429, headers: retryAfterHeaders(limit) },
    );
  }
  const link = `${env().APP_URL}${url.pathname}?${queryOf(query)}`;
  requestEstimate(getDb(), contact.value, submission.value, link);
  return redirectWithToast(`${url.pathname}?${queryOf(query)}&sent=1#send`, {
    title: "Estimate sent!",
    description: "It is on its way to your inbox, and an agent will call you to go through it.",
  });
}
