import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { AgreementsSection } from "~/components/agreements-section";
import { AccessErrorBoundary } from "~/components/access-boundary";
import { AddPropertyDialog } from "~/components/add-property-dialog";
import { CalendarFeed } from "~/components/calendar-feed";
import { ClosedTransactions } from "~/components/closed-transactions";
import { card } from "~/components/card";
import { DeadlinesPanel } from "~/components/deadlines";
import { DocumentsSection } from "~/components/documents-section";
import { EstimatesSection } from "~/components/estimates-section";
import { linkedStylesheet } from "~/components/inline-styles";
import { ADD_PROPERTY_DIALOG, SavedHomesSection } from "~/components/saved-homes-section";
import { MessagesSection } from "~/components/messages-section";
import { NameSetting, NoticesSetting } from "~/components/notices-setting";
import { ToDoList } from "~/components/to-do-list";
import { OffersSection } from "~/components/offers-section";
import { ShowingsSection } from "~/components/showings-section";
import { SellerListingSection } from "~/components/seller-listing-section";
import { ToursSection } from "~/components/tours-section";
import { PortalNav } from "~/components/portal-nav";
import { PortalProof } from "~/components/proof-portal";
import { ProgressPanel } from "~/components/progress-panel";
import { YourAgent } from "~/components/your-agent";
import { agentCardOf } from "~/models/user.server";
import { buttonPrimary, buttonSmall } from "~/components/submit-button";
import { PortalSubmissions } from "~/components/submission-list";
import { env } from "~/config/env.server";
import { getDb } from "~/infra/database.server";
import { requireUser } from "~/infra/guards.server";
import { parseId } from "~/infra/http.server";
import { accountIntents, isOfferAnswer, messageIntents } from "~/lib/intents";
import { todayIn } from "~/lib/plain-date";
import { privatePageMeta } from "~/lib/seo";
import { calendarToken } from "~/models/calendar.server";
import { closedTransactionIds, closedTransactions } from "~/models/closed-transactions.server";
import { listContactSubmissions, toContactSummary } from "~/models/lead.server";
import { listDeadlines, toListedDeadline } from "~/models/contract.server";
import { documentsPage } from "~/models/document.server";
import { listEstimates, newEstimateValues, sideOf, toListedEstimate } from "~/models/estimate.server";
import { listSavedHomes, toSavedHomeJson } from "~/models/saved-home.server";
import { threadPage, toThreadJson } from "~/models/message.server";
import { listMilestones, toMilestoneJson } from "~/models/milestone.server";
import { firstActiveTransaction, toTransactionJson } from "~/models/transaction.server";
import { ratingsOf } from "~/models/tour.server";
import { listedAgreement } from "~/sections/agreements.server";
import { clientToDo } from "~/lib/to-do";
import { formatSlot } from "~/lib/format";
import { clientAgreements } from "~/models/agreement-view.server";
import { accountSection } from "~/sections/account.server";
import { documentSection, type DocumentActionData } from "~/sections/documents.server";
import { estimateSection, type EstimateActionData } from "~/sections/estimates.server";
import { savedHomeSection, type ListingActionData } from "~/sections/saved-homes.server";
import { messageSection, type MessageActionData } from "~/sections/messages.server";
import { milestoneSection } from "~/sections/milestones.server";
import { offerSection, offersData, type OfferActionData } from "~/sections/offers.server";
import { only, sectionAction } from "~/sections/page-sections.server";
import { showingSection, showingsData } from "~/sections/showings.server";
import { listingPageSection, sellerListingData } from "~/sections/listing-page.server";
import { listingPhotosSection, photosData } from "~/sections/listing-photos.server";
import { ListingPhotosSection } from "~/components/listing-photos-section";
import { tourSection, toursData } from "~/sections/tours.server";
import { proofData, proofSection, type ProofActionData } from "~/sections/proof.server";

const PORTAL = "/client-portal";

export const handle = linkedStylesheet;

export const meta: MetaFunction<typeof loader> = () => privatePageMeta("Client Portal");

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const db = getDb();
  const transaction = firstActiveTransaction(db, user);
  const query = new URL(request.url).searchParams;
  const before = parseId(query.get("before"));
  const id = transaction?.id;
  const offers = transaction ? offersData(db, user, transaction, query) : null;
  const showings = transaction ? showingsData(db, user, transaction, query) : null;
  // A closed transaction's agreements are in its read-only view (their signed copies first), not here.
  const closedIds = closedTransactionIds(db, user);
  const agreements = clientAgreements(db, user)
    .filter((a) => a.transactionId === null || !closedIds.has(a.transactionId))
    .map((a) => listedAgreement(a, user.id));
  return {
    // What waits for the client, first: a signature, an answer to an offer, a showing request.
    todo: clientToDo({
      agreements,
      side: transaction ? (transaction.type === "selling" ? "seller" : "buyer") : null,
      offers: offers?.open ?? [],
      showingRequests: (showings?.upcoming ?? [])
        .filter((s) => s.status === "requested")
        .map((s) => ({ agentName: s.agent.name, start: s.start })),
      formatSlot,
    }),
    user: {
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      isAdmin: user.isAdmin,
      isStaff: user.isAdmin || user.isAgent,
      notices: user.milestoneNotices,
    },
    transaction: transaction ? toTransactionJson(transaction) : null,
    milestones: id ? listMilestones(db, user, id).map(toMilestoneJson) : [],
    documents: id
      ? documentsPage(db, user, id, { showAll: query.get("documents") === "all" })
      : { list: [], total: 0, ofSteps: [] },
    uploadMaxBytes: env().uploadMaxBytes,
    thread: id ? toThreadJson(threadPage(db, user, id, { before })) : null,
    olderShown: before !== null,
    deadlines: id ? listDeadlines(db, user, id).map(toListedDeadline) : [],
    today: todayIn(new Date()),
    calendarUrl: id ? `${env().APP_URL}/calendar/${calendarToken(db, user)}.ics` : null,
    estimates: id ? listEstimates(db, user, id).map(toListedEstimate) : [],
    freshEstimate: transaction ? { side: sideOf(transaction), ...newEstimateValues(transaction) } : null,
    offers,
    showings,
    homePage:
      transaction?.type === "selling" && transaction.userId === user.id
        ? sellerListingData(db, user, transaction.id)
        : null,
    photos:
      transaction?.type === "selling" && transaction.userId === user.id ? photosData(db, user, transaction.id) : [],
    tours: transaction ? toursData(db, user, transaction) : null,
    listings: withTourRatings(db, listSavedHomes(db, user).map(toSavedHomeJson)),
    agent: transaction ? agentOrBroker(db, transaction.assignedAgentId) : null,
    submissions: user.isAdmin ? listContactSubmissions(db, user, { limit: 20 }).map(toContactSummary) : [],
    agreements,
    proof: proofData(db, user),
    closed: closedTransactions(db, user),
  };
}

/** Each saved home with the client's rating of it after a tour, if any. */
function withTourRatings<T extends { id: number }>(db: ReturnType<typeof getDb>, homes: T[]) {
  const ratings = ratingsOf(
    db,
    homes.map((h) => h.id),
  );
  return homes.map((h) => ({ ...h, tourRating: ratings.get(h.id) ?? null }));
}

/** The client's agent, else the broker (the agency's phone and address). */
function agentOrBroker(db: ReturnType<typeof getDb>, agentId: string | null) {
  const { site } = env();
  return (
    agentCardOf(db, agentId) ?? {
      name: site.broker,
      phone: site.phone,
      email: site.email,
      licenseNumber: site.brokerLicense.replace(/\D/g, "") || null,
    }
  );
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const db = getDb();
  const ctx = { db, actor: user, transactionId: firstActiveTransaction(db, user)?.id, back: PORTAL };
  // The portal's own forms: no Restore (documents), no Hide (messages), no Update Milestone (the workspace's).
  return sectionAction(request, ctx, [
    listingPhotosSection,
    savedHomeSection,
    only(documentSection, "upload", "remove"),
    only(messageSection, "send"),
    estimateSection,
    offerSection,
    only(showingSection, "saveRules", "answer"),
    tourSection,
    only(milestoneSection, "initialize"),
    only(listingPageSection, "sellerYes", "sellerNo", "addOpenHouse", "cancelOpenHouse"),
    accountSection,
    proofSection,
  ]);
}

type ActionData =
  ListingActionData | DocumentActionData | MessageActionData | EstimateActionData | OfferActionData | ProofActionData;

export default function ClientPortal() {
  const data = useLoaderData<typeof loader>();
  const { user, transaction, documents, thread } = data;
  const location = useLocation();
  const actionData = useActionData<ActionData>();
  const answer = actionData && "answer" in actionData ? actionData.answer : undefined;
  const dialogOpen = new URLSearchParams(location.search).get("dialog") === ADD_PROPERTY_DIALOG;

  return (
    <div className="content-links mx-auto max-w-6xl px-4 py-10">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold text-brand-900">Welcome, {user.firstName || user.email || "Client"}</h1>
          <Link to="/" className="text-sm text-brand-700 hover:underline">
            Back to Main Site
          </Link>
        </div>
        <form method="post" action="/api/logout">
          <button type="submit" className={buttonSmall}>
            Logout
          </button>
        </form>
      </div>

      <PortalNav
        counts={{
          transaction: Boolean(transaction),
          nextKeyDate: data.deadlines.find((d) => d.status === "open" && d.dueOn >= data.today)?.dueOn ?? null,
          documents: documents.total,
          estimates: data.estimates.length,
          offers: data.offers?.open.length ?? 0,
          unreadMessages: thread?.unread ?? 0,
          homes: data.listings.length,
          showingRequests: data.showings ? data.showings.upcoming.filter((s) => s.status === "requested").length : null,
          tours: data.tours ? data.tours.tours.length : null,
        }}
      />

      {data.todo.length ? <ToDoList items={data.todo} /> : null}

      <PortalProof
        data={data.proof}
        answer={
          actionData && "id" in actionData && "result" in actionData ? (actionData as ProofActionData) : undefined
        }
      />

      <div className="mt-6">
        {transaction ? (
          <>
            {data.agent ? <YourAgent agent={data.agent} /> : null}
            <DeadlinesPanel deadlines={data.deadlines} today={data.today} side={transaction.type} />
            <ProgressPanel
              transaction={transaction}
              milestones={data.milestones}
              documents={documents.ofSteps}
              isAdmin={user.isAdmin}
              updateHref={(m) => `/admin/transactions/${transaction.id}?update=${m.id}`}
            />
            <DocumentsSection
              transactionId={transaction.id}
              documents={documents}
              milestones={data.milestones}
              maxFileBytes={data.uploadMaxBytes}
              uploadError={actionData?.intent === "upload" ? actionData.refusal.toast?.description : null}
            />
            {data.freshEstimate ? (
              <EstimatesSection
                estimates={data.estimates}
                side={data.freshEstimate.side}
                fresh={data.freshEstimate}
                answer={actionData?.intent === "save-estimate" ? actionData : undefined}
              />
            ) : null}
            {data.offers ? (
              <OffersSection data={data.offers} answer={isOfferAnswer(actionData) ? actionData : undefined} />
            ) : null}
            {data.homePage ? <SellerListingSection data={data.homePage} /> : null}
            {data.homePage ? <ListingPhotosSection path={PORTAL} photos={data.photos} /> : null}
            {data.showings ? <ShowingsSection data={data.showings} path={PORTAL} /> : null}
            {data.tours ? <ToursSection data={data.tours} /> : null}
            {thread ? (
              <MessagesSection
                transactionId={transaction.id}
                thread={thread}
                olderShown={data.olderShown}
                sendIntent={messageIntents.send}
                lastResult={actionData?.intent === messageIntents.send ? actionData.result : undefined}
              />
            ) : null}
            {data.calendarUrl ? (
              <CalendarFeed url={data.calendarUrl} resetIntent={accountIntents.resetCalendar} />
            ) : null}
          </>
        ) : user.isStaff ? (
          // Staff signed in through the Client Portal button, with no purchase or sale of their own: their
          // work is in Admin (docs/decisions/032-first-deal.md).
          <section className={`${card} p-8 text-center shadow-sm`} data-testid="staff-portal-card">
            <h2 className="text-xl font-semibold">Your clients&apos; transactions are in Admin</h2>
            <p className="mt-2 text-slate-600">
              This portal shows a client their own purchase or sale; you have none of your own here.
            </p>
            <Link to="/admin" className={`mt-4 ${buttonPrimary}`}>
              Go to Admin
            </Link>
          </section>
        ) : data.agreements.length ? (
          // An agreement but no transaction yet (a listing started on the site): it, where it stands, first.
          <AgreementsSection list={data.agreements} staff={false} />
        ) : (
          <section className={`${card} p-8 text-center shadow-sm`}>
            <h2 className="text-xl font-semibold">No Active Transaction</h2>
            <p className="mt-2 text-slate-600">When you start buying or selling with us, your progress appears here.</p>
            <a href="/#contact" className={`mt-4 ${buttonPrimary}`}>
              Contact Us
            </a>
          </section>
        )}
      </div>

      {transaction && data.agreements.length ? <AgreementsSection list={data.agreements} staff={false} /> : null}

      {/* Below the spec's card: each completed or cancelled one stays the client's to read. */}
      <ClosedTransactions list={data.closed} />

      <NoticesSetting on={user.notices} />
      <NameSetting firstName={user.firstName ?? ""} lastName={user.lastName ?? ""} />
      <SavedHomesSection listings={data.listings} makeOffer={data.offers?.side === "buying"} />

      {user.isAdmin ? <PortalSubmissions submissions={data.submissions} /> : null}

      {dialogOpen ? <AddPropertyDialog closeHref={PORTAL} answer={answer} /> : null}
    </div>
  );
}

export function ErrorBoundary() {
  return <AccessErrorBoundary />;
}
