import { parseWithZod } from "@conform-to/zod";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { useEffect } from "react";
import { AccessCard } from "~/components/access-card";
import { AddPropertyDialog, type AddPropertyResult } from "~/components/add-property-dialog";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ListingCard } from "~/components/listing-card";
import { ProgressPanel } from "~/components/progress-panel";
import { useToast } from "~/components/toaster";
import { getDb } from "~/db/client.server";
import { getUser, loginPath } from "~/lib/auth.server";
import { NotFoundError } from "~/lib/errors";
import { readForm } from "~/lib/http.server";
import { listingSchema } from "~/lib/listing-schema";
import { initializeMilestonesAndRedirect } from "~/lib/milestone-actions.server";
import { redirectWithToast } from "~/lib/toast.server";
import { parsedMessage, parseZillowUrl } from "~/lib/zillow";
import { listContactSubmissions, toContactSummary } from "~/models/contact.server";
import { createListing, deleteListing, listListings, setFavorite, toListingJson } from "~/models/listing.server";
import {
  firstActiveTransaction,
  listMilestones,
  toMilestoneJson,
  toTransactionJson,
} from "~/models/transaction.server";

const ADD_DIALOG = "add-property";
const PORTAL = "/client-portal";

export const meta: MetaFunction<typeof loader> = () => [{ title: "Client Portal" }, { name: "robots", content: "noindex" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await getUser(request);
  const loginHref = loginPath(PORTAL);
  if (!user) return data({ user: null, loginHref } as const, { status: 401 });
  const db = getDb();
  const transaction = firstActiveTransaction(db, user);
  return {
    user: { firstName: user.firstName, email: user.email, isAdmin: user.isAdmin },
    loginHref,
    transaction: transaction ? toTransactionJson(transaction) : null,
    milestones: transaction ? listMilestones(db, user, transaction.id).map(toMilestoneJson) : [],
    listings: listListings(db, user).map(toListingJson),
    submissions: user.isAdmin
      ? listContactSubmissions(db, user, { limit: 20 }).map(toContactSummary)
      : [],
  };
}

type ActionData = { intent: "add" | "parse"; answer: AddPropertyResult };

const answerKey = () => crypto.randomUUID();

/** Another user's or a missing listing is expected; anything else goes to the log. */
function logUnexpected(error: unknown) {
  if (!(error instanceof NotFoundError)) console.error("[portal] listing change failed:", error);
}

export async function action({ request }: ActionFunctionArgs) {
  const formData = await readForm(request);
  const user = await getUser(request);
  if (!user) throw redirect(loginPath(PORTAL));
  const db = getDb();
  const intent = String(formData.get("intent") ?? "");
  const values = Object.fromEntries(
    [...formData.entries()].filter(([k, v]) => k !== "intent" && typeof v === "string"),
  ) as Record<string, string>;
  const back = PORTAL;

  switch (intent) {
    case "add": {
      const submission = parseWithZod(formData, { schema: listingSchema });
      if (submission.status !== "success") {
        return data<ActionData>({ intent: "add", answer: { key: answerKey(), result: submission.reply(), values } }, { status: 400 });
      }
      try {
        createListing(db, user, submission.value);
      } catch (error) {
        console.error("[portal] could not add a listing:", error);
        const message = { title: "Error", description: "Failed to add property listing", variant: "destructive" } as const;
        return data<ActionData>({ intent: "add", answer: { key: answerKey(), result: submission.reply(), values, message } }, { status: 500 });
      }
      return redirectWithToast(back, { description: "Property listing added successfully!" });
    }
    case "parse": {
      const url = (values.zillowUrl ?? "").trim();
      const parsed = url ? parseZillowUrl(url) : null;
      const message = !url
        ? ({ title: "Error", description: "Please enter a Zillow URL first", variant: "destructive" } as const)
        : !parsed
          ? ({ title: "Error", description: "Failed to parse Zillow URL", variant: "destructive" } as const)
          : ({ title: "URL Parsed", description: parsedMessage(parsed), variant: "default" } as const);
      const filled = parsed
        ? { ...values, zillowId: parsed.zillowId, address: parsed.address ?? values.address ?? "" }
        : values;
      return data<ActionData>(
        { intent: "parse", answer: { key: answerKey(), result: { initialValue: filled }, values: filled, message } },
        { status: parsed ? 200 : 400 },
      );
    }
    case "favorite": {
      try {
        setFavorite(db, user, Number(formData.get("id")), formData.get("isFavorite") === "true");
      } catch (error) {
        logUnexpected(error); // A failed favorite shows nothing (SPEC §8).
      }
      return redirect(back);
    }
    case "delete": {
      try {
        deleteListing(db, user, Number(formData.get("id")));
      } catch (error) {
        logUnexpected(error);
        return redirect(back); // A failed delete shows nothing (SPEC §8).
      }
      return redirectWithToast(back, { description: "Property listing deleted successfully!" });
    }
    case "initialize":
      return initializeMilestonesAndRedirect(db, user, Number(formData.get("transactionId")), back);
    default:
      return data({ message: "Unknown action" }, { status: 400 });
  }
}

export default function ClientPortal() {
  const loaderData = useLoaderData<typeof loader>();
  if (!loaderData.user) {
    return (
      <AccessCard
        cardTitle="Access Required"
        cardText="Please sign in to see your transaction and saved properties."
        toastTitle="Authentication Required"
        toastText="Please log in to access the client portal."
        action={{ href: loaderData.loginHref, label: "Sign In" }}
        loginHref={loaderData.loginHref}
      />
    );
  }
  return <Portal data={loaderData as Exclude<typeof loaderData, { user: null }>} />;
}

type PortalData = Exclude<ReturnType<typeof useLoaderData<typeof loader>>, { user: null }>;

function Portal({ data: { user, transaction, milestones, listings, submissions } }: { data: PortalData }) {
  const location = useLocation();
  const actionData = useActionData<ActionData>();
  const toast = useToast();
  const dialogOpen = new URLSearchParams(location.search).get("dialog") === ADD_DIALOG;
  const name = user.firstName || user.email || "Client";

  useEffect(() => {
    const message = actionData?.answer.message;
    if (message) toast({ id: actionData.answer.key, ...message });
  }, [actionData, toast]);

  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold text-brand-900">Welcome, {name}</h1>
          <Link to="/" className="text-sm text-brand-700 hover:underline">
            Back to Main Site
          </Link>
        </div>
        <form method="post" action="/api/logout">
          <button type="submit" className="rounded-md border border-slate-300 px-4 py-2 text-sm font-semibold">
            Logout
          </button>
        </form>
      </div>

      <div className="mt-8">
        {transaction ? (
          <ProgressPanel
            transaction={transaction}
            milestones={milestones}
            isAdmin={user.isAdmin}
            updateHref={(m) => `/admin/transactions/${transaction.id}?update=${m.id}`}
          />
        ) : (
          <section className="rounded-xl border border-slate-200 bg-white p-8 text-center shadow-sm">
            <h2 className="text-xl font-semibold">No Active Transaction</h2>
            <p className="mt-2 text-slate-600">When you start buying or selling with us, your progress appears here.</p>
            <a href="/#contact" className="mt-4 inline-block rounded-md bg-brand-600 px-4 py-2 font-semibold text-white">
              Contact Us
            </a>
          </section>
        )}
      </div>

      <section aria-labelledby="listings-title" className="mt-10">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="listings-title" className="text-2xl font-bold text-brand-900">
            My Properties
          </h2>
          <Link
            to={`?dialog=${ADD_DIALOG}`}
            preventScrollReset
            className="rounded-md bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700"
          >
            Add Property
          </Link>
        </div>
        {listings.length === 0 ? (
          <div className="mt-6 rounded-xl border border-dashed border-slate-300 bg-white p-10 text-center">
            <h3 className="text-lg font-semibold">No Properties Yet</h3>
            <p className="mt-1 text-slate-600">Save homes you like to compare them and share them with your agent.</p>
            <Link to={`?dialog=${ADD_DIALOG}`} preventScrollReset className="mt-4 inline-block font-semibold text-brand-700 underline">
              Add Your First Property
            </Link>
          </div>
        ) : (
          <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {listings.map((listing) => (
              <ListingCard key={listing.id} listing={listing} />
            ))}
          </ul>
        )}
      </section>

      {user.isAdmin ? (
        <section aria-labelledby="submissions-title" className="mt-10">
          <h2 id="submissions-title" className="text-2xl font-bold text-brand-900">
            Contact Submissions
          </h2>
          {submissions.length === 0 ? (
            <p className="mt-3 text-slate-600">No contact submissions yet.</p>
          ) : (
            <ul className="mt-4 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
              {submissions.map((s) => (
                <li key={s.id} className="p-4 text-sm">
                  <p className="font-semibold">
                    {s.name} <span className="font-normal text-slate-500">· {s.date}</span>
                  </p>
                  <p>
                    <a className="text-brand-700 underline" href={`mailto:${s.email}`}>
                      {s.email}
                    </a>{" "}
                    · {s.phone}
                  </p>
                  {s.message ? <p className="mt-1 text-slate-700">{s.message}</p> : null}
                </li>
              ))}
            </ul>
          )}
        </section>
      ) : null}

      {dialogOpen ? <AddPropertyDialog closeHref={PORTAL} answer={actionData?.answer} /> : null}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
