/**
 * /open-house/{token}: the sign-in at an open house's door, on the host's tablet (docs/listings.md). A plain
 * form that clears itself for the next visitor (a redirect back with `?thanks=` the visitor's number), works without JavaScript, with the
 * non-agency notice a visitor needs. Open from an hour before to an hour after; a wrong or closed token 404. Private:
 * never cached, never crawled.
 */
import { parseWithZod } from "@conform-to/zod";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useEffect } from "react";
import { Form, useActionData, useLoaderData, useLocation, useNavigate, useNavigation } from "@remix-run/react";
import { card } from "~/components/card";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { inputClass } from "~/components/field-shell";
import { buttonPrimary } from "~/components/submit-button";
import { env } from "~/config/env.server";
import { getDb } from "~/infra/database.server";
import { readForm } from "~/infra/http.server";
import { consumeRateLimit, retryAfterHeaders } from "~/infra/rate-limit.server";
import { NotFoundError } from "~/lib/errors";
import { visitorSchema } from "~/lib/home-listing-schema";
import { privatePageMeta } from "~/lib/seo";
import { openHouseAtDoor, signInVisitor } from "~/models/open-house.server";

function door(token: string) {
  try {
    return openHouseAtDoor(getDb(), token);
  } catch (error) {
    if (error instanceof NotFoundError) throw new Response("Open house not found", { status: 404 });
    throw error;
  }
}

export const meta: MetaFunction = () => privatePageMeta("Open house sign-in");

export async function loader({ params, request }: LoaderFunctionArgs) {
  const d = door(params.token ?? "");
  const site = env().site;
  return {
    address: d.address,
    host: d.host,
    brokerage: { name: site.name, license: site.license },
    // The last visitor's number: the form is a new one (cleared) for each next visitor, with JavaScript too.
    thanks: /^\d{1,12}$/.test(new URL(request.url).searchParams.get("thanks") ?? "")
      ? new URL(request.url).searchParams.get("thanks")
      : null,
  };
}

export async function action({ params, request }: ActionFunctionArgs) {
  const token = params.token ?? "";
  door(token);
  const formData = await readForm(request);
  const submission = parseWithZod(formData, { schema: visitorSchema });
  if (submission.status !== "success") {
    return data(
      { errors: submission.error ?? {}, values: Object.fromEntries(formData) as Record<string, string> },
      { status: 400 },
    );
  }
  const limit = await consumeRateLimit("openHouse", null, { key: token });
  if (!limit.ok) {
    return data(
      {
        errors: { name: ["Too many sign-ins at once: wait a moment and send again"] },
        values: Object.fromEntries(formData) as Record<string, string>,
      },
      { status: 429, headers: retryAfterHeaders(limit) },
    );
  }
  let visitorId: number;
  try {
    visitorId = signInVisitor(getDb(), token, submission.value).id;
  } catch (error) {
    if (error instanceof NotFoundError) throw new Response("Open house not found", { status: 404 });
    throw error;
  }
  return redirect(`/open-house/${token}?thanks=${visitorId}`);
}

/** The door is a kiosk: the root leaves out the site's navigation and footer (a visitor cannot wander off the tablet). */
export const handle = { kiosk: true };

/** How long the thank-you stays, with JavaScript, before the form is clean for the next visitor. */
const NEXT_VISITOR_MS = 6000;

export default function OpenHouseDoor() {
  const { address, host, brokerage, thanks } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const navigate = useNavigate();
  const here = useLocation().pathname;
  const errors = (answer?.errors ?? {}) as Record<string, string[] | null | undefined>;
  const values = answer?.values ?? {};
  // The thank-you is for the one who signed in: a few seconds, then a clean form for the next visitor.
  useEffect(() => {
    if (!thanks) return;
    const timer = setTimeout(() => navigate(here, { replace: true }), NEXT_VISITOR_MS);
    return () => clearTimeout(timer);
  }, [thanks, here, navigate]);
  const error = (name: string) =>
    errors[name]?.[0] ? (
      <p id={`${name}-error`} className="mt-1 text-sm text-red-700">
        {errors[name]![0]}
      </p>
    ) : null;
  // A shared tablet: the browser never offers one visitor's details to the next (autocomplete off).
  const input = (name: string, label: string, type = "text") => (
    <div>
      <label htmlFor={`visitor-${name}`} className="block font-semibold">
        {label}
      </label>
      <input
        id={`visitor-${name}`}
        name={name}
        type={type}
        autoComplete="off"
        defaultValue={values[name] ?? ""}
        aria-invalid={errors[name]?.[0] ? true : undefined}
        aria-describedby={errors[name]?.[0] ? `${name}-error` : undefined}
        className={`${inputClass} min-h-11`}
      />
      {error(name)}
    </div>
  );
  const choice = "flex min-h-11 items-center gap-3 rounded-md border border-slate-300 bg-white px-4";
  return (
    <div className="mx-auto max-w-xl px-4 py-8">
      <h1 className="text-2xl font-bold text-brand-900">Welcome to the open house</h1>
      <p className="mt-1 text-lg text-slate-800">{address}</p>
      {thanks ? (
        <section className="mt-6 space-y-4" aria-live="polite">
          <p role="status" className="rounded-md bg-green-50 p-4 text-lg font-semibold text-green-900">
            Thank you for signing in. Enjoy the visit!
          </p>
          <a href={here} className={`${buttonPrimary} inline-flex min-h-11 items-center`} data-testid="next-visitor">
            Next visitor
          </a>
        </section>
      ) : (
        <>
          <section aria-labelledby="notice-title" className={`mt-4 ${card} p-4 text-sm text-slate-800`}>
            <h2 id="notice-title" className="font-semibold">
              Before you visit
            </h2>
            <p className="mt-1">
              {host ? `${host.name}${host.license ? ` (DRE #${host.license})` : ""}` : "Your host"} of {brokerage.name}{" "}
              (DRE #{brokerage.license}) represents the seller of this home, not you. Anything you say may be shared
              with the seller. You need no buyer agreement to visit an open house; if you want an agent of your own, ask
              anyone you like.
            </p>
            <p className="mt-2" data-testid="door-contact-notice">
              If you work with no agent, {host ? host.name : "your host"} will contact you about homes like this one, by
              the e-mail or phone you give. If you work with an agent, we will not contact you: your visit is recorded
              for the seller only. &ldquo;Send me similar homes&rdquo; adds a weekly e-mail of our new listings like
              this one, which you can stop with one click.
            </p>
          </section>
          {/* Posted to the door's own address, never to one that still says "thank you". */}
          <Form method="post" action={here} className="mt-4 space-y-4" autoComplete="off">
            {input("name", "Your name")}
            {input("email", "E-mail", "email")}
            {input("phone", "Phone", "tel")}
            <p className="text-sm text-slate-700">Give your e-mail or your phone.</p>
            <fieldset>
              <legend className="font-semibold">Do you work with a real estate agent?</legend>
              <div className="mt-2 flex flex-wrap gap-3">
                <label className={choice}>
                  <input
                    type="radio"
                    name="hasAgent"
                    value="no"
                    defaultChecked={values.hasAgent === "no"}
                    className="h-6 w-6"
                  />{" "}
                  No
                </label>
                <label className={choice}>
                  <input
                    type="radio"
                    name="hasAgent"
                    value="yes"
                    defaultChecked={values.hasAgent === "yes"}
                    className="h-6 w-6"
                  />{" "}
                  Yes
                </label>
              </div>
              {error("hasAgent")}
            </fieldset>
            {input("agentName", "If yes, your agent's name")}
            <label className={choice}>
              <input
                type="checkbox"
                name="wantsSimilar"
                defaultChecked={values.wantsSimilar === "on"}
                className="h-6 w-6"
              />{" "}
              Send me similar homes
            </label>
            <button type="submit" className={`${buttonPrimary} min-h-11`} disabled={busy}>
              {busy ? "Signing in..." : "Sign in"}
            </button>
          </Form>
        </>
      )}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
