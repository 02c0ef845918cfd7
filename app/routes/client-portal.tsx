import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { useEffect } from "react";
import { AddPropertyDialog, type AddPropertyResult } from "~/components/add-property-dialog";
import { AccessErrorBoundary } from "~/components/access-boundary";
import { ListingCard } from "~/components/listing-card";
import { CalendarFeed } from "~/components/calendar-feed";
import { DocumentsSection } from "~/components/documents-section";
import { KeyDatesPanel } from "~/components/key-dates";
import { MessagesSection } from "~/components/messages-section";
import { ProgressPanel } from "~/components/progress-panel";
import { SubmissionList } from "~/components/submission-list";
import { buttonOutline, SubmitButton } from "~/components/submit-button";
import { useToast } from "~/components/toast-provider";
import { getDb } from "~/infra/database.server";
import type { User } from "~/db/schema";
import { initializeFormSchema } from "~/lib/admin-schemas";
import { requireUser } from "~/infra/guards.server";
import { InvalidInputError, NotFoundError } from "~/lib/errors";
import { env } from "~/config/env.server";
import { uploadDocuments } from "~/infra/documents.server";
import { isMultipart } from "~/infra/upload.server";
import { documentFormSchema, uploadedToast } from "~/lib/document-schema";
import { documentsPage, removeDocument } from "~/models/document.server";
import { calendarToken, resetCalendarToken } from "~/models/calendar.server";
import { listDeadlines, toKeyDate } from "~/models/contract.server";
import { todayIn } from "~/lib/plain-date";
import { portalIntents } from "~/lib/intents";
import { intentOf, refuse, unknownIntent, type Refusal } from "~/infra/page-action.server";
import { parseId, readForm } from "~/infra/http.server";
import {
  deleteFormSchema,
  favoriteFormSchema,
  listingSchema,
  noticesFormSchema,
  parseFormSchema,
} from "~/lib/listing-schema";
import { privatePageMeta } from "~/lib/seo";
import { redirectWithToast } from "~/infra/flash-toast.server";
import { parseListingUrl } from "~/lib/zillow";
import { listContactSubmissions, toContactSummary } from "~/models/contact.server";
import { createListing, deleteListing, listListings, setFavorite, toListingJson } from "~/models/listing.server";
import { listMilestones, toMilestoneJson } from "~/models/milestone.server";
import { firstActiveTransaction, toTransactionJson } from "~/models/transaction.server";
import { setMilestoneNotices } from "~/models/user.server";
import { threadPage, toThreadJson } from "~/models/message.server";
import { INITIALIZE_FAILED, initializeMilestonesAndRedirect } from "./milestone-actions.server";
import { sendMessageAction } from "./message-actions.server";
import { card } from "~/components/card";

const ADD_DIALOG = "add-property";
const PORTAL = "/client-portal";

export const meta: MetaFunction<typeof loader> = () => privatePageMeta("Client Portal");

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const db = getDb();
  const transaction = firstActiveTransaction(db, user);
  const query = new URL(request.url).searchParams;
  const before = parseId(query.get("before"));
  return {
    user: {
      firstName: user.firstName,
      email: user.email,
      isAdmin: user.isAdmin,
      milestoneNotices: user.milestoneNotices,
    },
    transaction: transaction ? toTransactionJson(transaction) : null,
    milestones: transaction ? listMilestones(db, user, transaction.id).map(toMilestoneJson) : [],
    documents: transaction
      ? documentsPage(db, user, transaction.id, {
          showAll: query.get("documents") === "all",
        })
      : { list: [], total: 0, ofSteps: [] },
    uploadMaxBytes: env().uploadMaxBytes,
    thread: transaction ? toThreadJson(threadPage(db, user, transaction.id, { before })) : null,
    olderShown: before !== null,
    deadlines: transaction ? listDeadlines(db, user, transaction.id).map(toKeyDate) : [],
    today: todayIn(new Date()),
    calendarUrl: transaction ? `${env().APP_URL}/calendar/${calendarToken(db, user)}.ics` : null,
    listings: listListings(db, user).map(toListingJson),
    submissions: user.isAdmin ? listContactSubmissions(db, user, { limit: 20 }).map(toContactSummary) : [],
  };
}

type ActionData =
  | { intent: "add" | "parse"; answer: AddPropertyResult; refusal?: Refusal }
  | { intent: "upload"; answer?: undefined; refusal: Refusal }
  | { intent: "send-message"; answer?: undefined; result: SubmissionResult<string[]>; refusal?: Refusal };

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  // The upload form is the page's only multipart form; its body is read as a stream, file by file.
  if (isMultipart(request)) return uploadAction(user, request);
  const formData = await readForm(request);
  switch (intentOf(formData, portalIntents)) {
    case portalIntents.addListing:
      return addAction(user, formData);
    case portalIntents.parseListingUrl:
      return parseAction(formData);
    case portalIntents.favorite:
      return favoriteAction(user, formData);
    case portalIntents.deleteListing:
      return deleteAction(user, formData);
    case portalIntents.initialize:
      return initializeAction(user, formData);
    case portalIntents.notices:
      return noticesAction(user, formData);
    case portalIntents.removeDocument:
      return removeDocumentAction(user, formData);
    case portalIntents.sendMessage:
      return sendMessageAction(getDb(), user, firstActiveTransaction(getDb(), user)?.id, formData, PORTAL);
    case portalIntents.resetCalendar:
      resetCalendarToken(getDb(), user);
      return redirectWithToast(`${PORTAL}#calendar`, { description: "Your calendar has a new address." });
    default:
      return unknownIntent();
  }
}

const answerKey = () => crypto.randomUUID();

/** What was typed in the dialog, to show it again with the answer. */
const typedValues = (formData: FormData) =>
  Object.fromEntries([...formData.entries()].filter(([k, v]) => k !== "intent" && typeof v === "string")) as Record<
    string,
    string
  >;

const LISTING_FAILED = {
  title: "Error",
  description: "Failed to add property listing",
  variant: "destructive",
} as const;

async function addAction(user: User, formData: FormData) {
  const submission = parseWithZod(formData, { schema: listingSchema });
  const values = typedValues(formData);
  if (submission.status !== "success") {
    return data<ActionData>(
      { intent: "add", answer: { key: answerKey(), result: submission.reply(), values } },
      { status: 400 },
    );
  }
  try {
    createListing(getDb(), user, submission.value);
  } catch (error) {
    return refuse(error, {
      toast: LISTING_FAILED,
      data: {
        intent: "add",
        answer: { key: answerKey(), result: submission.reply(), values, message: LISTING_FAILED },
      },
    });
  }
  return redirectWithToast(PORTAL, { description: "Property listing added successfully!" });
}

/** Parse reads the listing URL (never fetches it) and fills the address and the listing id. */
async function parseAction(formData: FormData) {
  const { zillowUrl } = parseFormSchema.parse(Object.fromEntries(formData));
  const values = typedValues(formData);
  const result = parseListingUrl(zillowUrl);
  const message = result.ok
    ? ({ title: "URL Parsed", description: result.message, variant: "default" } as const)
    : ({ title: "Error", description: result.message, variant: "destructive" } as const);
  const filled = result.ok
    ? { ...values, zillowId: result.parsed.zillowId, address: result.parsed.address ?? values.address ?? "" }
    : values;
  return data<ActionData>(
    { intent: "parse", answer: { key: answerKey(), result: { initialValue: filled }, values: filled, message } },
    { status: result.ok ? 200 : 400 },
  );
}

/** A failed favorite or delete shows nothing (the spec): the page comes back as it was. */
const silently = { back: PORTAL, toast: null } as const;

async function favoriteAction(user: User, formData: FormData) {
  const parsed = favoriteFormSchema.safeParse(Object.fromEntries(formData));
  if (!parsed.success) return refuse(new InvalidInputError("Choose a listing"), silently);
  try {
    setFavorite(getDb(), user, parsed.data.id, parsed.data.isFavorite);
  } catch (error) {
    return refuse(error, silently);
  }
  return redirect(PORTAL);
}

async function deleteAction(user: User, formData: FormData) {
  const parsed = deleteFormSchema.safeParse(Object.fromEntries(formData));
  if (!parsed.success) return refuse(new InvalidInputError("Choose a listing"), silently);
  try {
    deleteListing(getDb(), user, parsed.data.id);
  } catch (error) {
    return refuse(error, silently);
  }
  return redirectWithToast(PORTAL, { description: "Property listing deleted successfully!" });
}

async function initializeAction(user: User, formData: FormData) {
  const parsed = initializeFormSchema.safeParse(Object.fromEntries(formData));
  if (!parsed.success) {
    return refuse(new InvalidInputError("Choose a transaction"), { back: PORTAL, toast: INITIALIZE_FAILED });
  }
  return initializeMilestonesAndRedirect(getDb(), user, parsed.data.transactionId, PORTAL);
}

/** Milestone e-mail notices on or off (a plain form). */
async function noticesAction(user: User, formData: FormData) {
  const parsed = noticesFormSchema.safeParse(Object.fromEntries(formData));
  if (!parsed.success) return refuse(new InvalidInputError("Choose on or off"), { back: PORTAL });
  const on = parsed.data.notices === "on";
  setMilestoneNotices(getDb(), user, on);
  return redirectWithToast(PORTAL, {
    description: on ? "You will get an e-mail when your transaction moves forward." : "Milestone e-mails are off.",
  });
}

/** Files for the portal's transaction: the page comes back with the refusal's message, or a toast. */
async function uploadAction(user: User, request: Request) {
  const db = getDb();
  const transaction = firstActiveTransaction(db, user);
  try {
    if (!transaction) throw new NotFoundError("You have no active transaction to add documents to.");
    const created = await uploadDocuments(db, user, transaction.id, request);
    return redirectWithToast(PORTAL, { description: uploadedToast(created.length) });
  } catch (error) {
    return refuse(error, { data: { intent: "upload" as const } });
  }
}

async function removeDocumentAction(user: User, formData: FormData) {
  const parsed = documentFormSchema.safeParse(Object.fromEntries(formData));
  if (!parsed.success) return refuse(new InvalidInputError("Choose a document"), { back: PORTAL });
  try {
    removeDocument(getDb(), user, parsed.data.documentId);
  } catch (error) {
    return refuse(error, { back: PORTAL });
  }
  return redirectWithToast(PORTAL, { description: "Document removed." });
}

export default function ClientPortal() {
  return <Portal data={useLoaderData<typeof loader>()} />;
}

type PortalData = ReturnType<typeof useLoaderData<typeof loader>>;

function Portal({
  data: {
    user,
    transaction,
    milestones,
    documents,
    uploadMaxBytes,
    thread,
    olderShown,
    deadlines,
    today,
    calendarUrl,
    listings,
    submissions,
  },
}: {
  data: PortalData;
}) {
  const location = useLocation();
  const actionData = useActionData<ActionData>();
  const toast = useToast();
  const dialogOpen = new URLSearchParams(location.search).get("dialog") === ADD_DIALOG;
  const name = user.firstName || user.email || "Client";

  useEffect(() => {
    const answer = actionData?.answer;
    if (answer?.message) toast({ id: answer.key, ...answer.message });
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
          <>
            <KeyDatesPanel deadlines={deadlines} today={today} />
            <ProgressPanel
              transaction={transaction}
              milestones={milestones}
              documents={documents.ofSteps}
              isAdmin={user.isAdmin}
              updateHref={(m) => `/admin/transactions/${transaction.id}?update=${m.id}`}
            />
            <DocumentsSection
              transactionId={transaction.id}
              documents={documents}
              milestones={milestones}
              maxFileBytes={uploadMaxBytes}
              uploadError={actionData?.intent === "upload" ? actionData.refusal.toast?.description : null}
            />
            {thread ? (
              <MessagesSection
                transactionId={transaction.id}
                thread={thread}
                olderShown={olderShown}
                sendIntent={portalIntents.sendMessage}
                lastResult={actionData?.intent === "send-message" ? actionData.result : undefined}
              />
            ) : null}
            {calendarUrl ? <CalendarFeed url={calendarUrl} resetIntent={portalIntents.resetCalendar} /> : null}
          </>
        ) : (
          <section className={`${card} p-8 text-center shadow-sm`}>
            <h2 className="text-xl font-semibold">No Active Transaction</h2>
            <p className="mt-2 text-slate-600">When you start buying or selling with us, your progress appears here.</p>
            <a
              href="/#contact"
              className="mt-4 inline-block rounded-md bg-brand-600 px-4 py-2 font-semibold text-white"
            >
              Contact Us
            </a>
          </section>
        )}
      </div>

      <section
        aria-labelledby="notices-title"
        className={`mt-4 flex flex-wrap items-center justify-between gap-3 ${card} px-6 py-4 text-sm`}
      >
        <div>
          <h2 id="notices-title" className="font-semibold">
            E-mail notices
          </h2>
          <p className="text-slate-600" data-testid="notices-state">
            {user.milestoneNotices
              ? "On: we e-mail you when a step of your transaction changes."
              : "Off: we do not e-mail you when a step of your transaction changes."}
          </p>
        </div>
        <Form method="post" preventScrollReset>
          <input type="hidden" name="notices" value={user.milestoneNotices ? "off" : "on"} />
          <SubmitButton intent={portalIntents.notices} pendingLabel="Saving..." className={buttonOutline}>
            {user.milestoneNotices ? "Turn off e-mail notices" : "Turn on e-mail notices"}
          </SubmitButton>
        </Form>
      </section>

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
            <Link
              to={`?dialog=${ADD_DIALOG}`}
              preventScrollReset
              className="mt-4 inline-block font-semibold text-brand-700 underline"
            >
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
            <SubmissionList submissions={submissions} className={`mt-4 divide-y divide-slate-200 ${card}`} />
          )}
        </section>
      ) : null}

      {dialogOpen ? <AddPropertyDialog closeHref={PORTAL} answer={actionData?.answer} /> : null}
    </div>
  );
}

export function ErrorBoundary() {
  return <AccessErrorBoundary />;
}
