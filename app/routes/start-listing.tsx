/**
 * /start-listing: a seller starts their flat-fee listing on the site (docs/agreements.md). They give the
 * address, the price and the term and see the flat fee (the spec's tier of the price; live with JavaScript);
 * the listing agreement is then made and ready to sign. A visitor not signed in signs in first and comes
 * back to it (app/routes/start-listing.$token.tsx); a signed-in one goes straight to the signing page.
 */
import { getFormProps, getSelectProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { card } from "~/components/card";
import { FieldShell, inputClass } from "~/components/field-shell";
import { TextField } from "~/components/form-field";
import { SubmitButton } from "~/components/submit-button";
import { agreementPaper } from "~/infra/agreement-pdf.server";
import { getDb } from "~/infra/database.server";
import { readForm } from "~/infra/http.server";
import { keepListingStart } from "~/infra/listing-start-cookie.server";
import { clientIpOf, consumeRateLimit, contactLimitMessage, retryAfterHeaders } from "~/infra/rate-limit.server";
import { getSessionUser } from "~/infra/session-user.server";
import { env } from "~/config/env.server";
import { loginPath } from "~/infra/sign-in.server";
import { isLegalName } from "~/lib/agreement-rules";
import { LISTING_TERMS, MAX_CO_SELLERS, startListingSchema, type StartListingInput } from "~/lib/agreement-schema";
import { fullName } from "~/lib/format";
import { numberInput } from "~/lib/form-values";
import { centsOf, formatMoney } from "~/lib/money";
import { TIERS, tierFor } from "~/lib/pricing";
import { pageMeta } from "~/lib/seo";
import { signingPath } from "~/models/agreement-access.server";
import { holdListingStart, startListing } from "~/models/listing-start.server";

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Start Your Flat-Fee Listing | Sign Your Listing Agreement Online",
    description:
      "List your San Diego home for a flat fee: enter the address, price and term, see your fee, and sign the listing agreement online.",
    path: "/start-listing",
  });

export async function loader({ request }: LoaderFunctionArgs) {
  // Signed in: their legal name as the account holds it (an anonymous page, the same for all, is cached).
  const { user } = await getSessionUser(request);
  const name = user ? fullName(user) : "";
  // From the calculator: the price it was given ("List at $750,000 for $10,000").
  const price = numberInput(new URL(request.url).searchParams.get("price") ?? undefined);
  return {
    sellerName: isLegalName(name) ? name : "",
    price:
      typeof price === "number" && Number.isInteger(price) && price > 0 ? formatMoney(centsOf(price)).slice(1) : "",
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await readForm(request);
  const submission = parseWithZod(formData, { schema: startListingSchema });
  if (submission.status !== "success") return data({ result: submission.reply(), limited: null }, { status: 400 });
  // Like the contact form: each start writes a PDF and may e-mail an agent.
  const limit = await consumeRateLimit("contact", clientIpOf(context));
  if (!limit.ok) {
    return data(
      { result: submission.reply(), limited: contactLimitMessage(limit, env().site.phone) },
      { status: 429, headers: retryAfterHeaders(limit) },
    );
  }
  const { user } = await getSessionUser(request);
  const db = getDb();
  if (!user) {
    const { token, browserSecret } = holdListingStart(db, submission.value);
    return redirect(loginPath(`/start-listing/${token}`), {
      headers: { "set-cookie": await keepListingStart(browserSecret) },
    });
  }
  const id = await startListing(db, user, agreementPaper(), {
    sellerName: submission.value.sellerName,
    address: submission.value.address,
    priceCents: centsOf(submission.value.price),
    termMonths: submission.value.termMonths,
    coSellers: submission.value.coSellers,
  });
  return redirect(signingPath(id));
}

const constraint = getZodConstraint(startListingSchema);

/** The flat fee of a price as typed, or null while it is not a price. */
function feeOf(typed: string | undefined): number | null {
  const value = numberInput(typed);
  return typeof value === "number" && Number.isInteger(value) && value > 0 ? tierFor(centsOf(value)).feeCents : null;
}

/** The form's fields as typed (the schema's input: the other sellers' rows). */
type StartListingFields = {
  sellerName: string;
  address: string;
  price: string;
  termMonths: string;
  coSellers: Array<{ name: string; email: string }>;
};

export default function StartListing() {
  const answer = useActionData<typeof action>();
  const { sellerName, price } = useLoaderData<typeof loader>();
  const [form, fields] = useForm<StartListingFields, StartListingInput>({
    id: "start-listing",
    lastResult: answer?.result,
    constraint,
    // Rows for the other sellers on title (left blank: none).
    defaultValue: {
      termMonths: "6",
      sellerName,
      price,
      coSellers: Array.from({ length: MAX_CO_SELLERS }, () => ({ name: "", email: "" })),
    },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: startListingSchema }),
  });
  const fee = feeOf(typeof fields.price.value === "string" ? fields.price.value : undefined);
  return (
    <div className="mx-auto max-w-2xl px-4 py-10">
      <h1 className="text-3xl font-bold">Start your listing</h1>
      <p className="mt-2 text-slate-600">
        Tell us about your home, see your flat fee, and sign the listing agreement online. Your agent countersigns and
        your sale&apos;s steps open in your portal.
      </p>
      <Form method="post" {...getFormProps(form)} className={`mt-6 grid gap-4 ${card} p-6`}>
        <TextField
          field={fields.sellerName}
          label="Your full legal name"
          hint="As on the title: your given name and family name. You type it again to sign."
          autoComplete="name"
        />
        <fieldset className="grid gap-3" data-testid="co-sellers">
          <legend className="font-semibold">Other sellers on title</legend>
          <p className="text-sm text-slate-600">
            Everyone on title signs. Each one you name here gets their own signing link by e-mail; leave the rows blank
            if you sell alone.
          </p>
          {fields.coSellers.errors?.[0] ? (
            <p className="text-sm text-red-700" role="alert">
              {fields.coSellers.errors[0]}
            </p>
          ) : null}
          {fields.coSellers.getFieldList().map((row, i) => {
            const person = row.getFieldset();
            return (
              <div key={row.key} className="grid gap-3 sm:grid-cols-2">
                <TextField field={person.name} label={`Seller ${i + 2}: full legal name`} autoComplete="off" />
                <TextField field={person.email} label={`Seller ${i + 2}: e-mail`} type="email" autoComplete="off" />
              </div>
            );
          })}
        </fieldset>
        <TextField field={fields.address} label="Home address" autoComplete="street-address" />
        <TextField field={fields.price} label="List price" inputMode="numeric" hint="Whole dollars, such as 850,000" />
        <FieldShell id={fields.termMonths.id} label="Listing term" error={fields.termMonths.errors?.[0]}>
          <select {...getSelectProps(fields.termMonths)} className={inputClass}>
            {LISTING_TERMS.map((months) => (
              <option key={months} value={months}>
                {months} months
              </option>
            ))}
          </select>
        </FieldShell>
        <p className="text-lg" data-testid="listing-fee" aria-live="polite">
          {fee !== null ? (
            <>
              Your flat fee: <strong>{formatMoney(fee)}</strong>, due only when your home sells.
            </>
          ) : (
            <>
              Your flat fee depends on the price:{" "}
              {TIERS.map((t) => `${formatMoney(t.feeCents)} (${t.range.toLowerCase()})`).join(", ")}.
            </>
          )}
        </p>
        {answer?.limited ? (
          <p role="alert" className="text-sm text-red-700">
            {answer.limited}
          </p>
        ) : null}
        <div>
          <SubmitButton pendingLabel="Preparing...">Prepare my listing agreement</SubmitButton>
        </div>
        <p className="text-sm text-slate-600">
          You sign in (or create your account) next; nothing is signed until you sign it.
        </p>
      </Form>
    </div>
  );
}
