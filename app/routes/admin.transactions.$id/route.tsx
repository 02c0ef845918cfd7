import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { AccessErrorBoundary } from "~/components/access-boundary";
import { AgreementsSection } from "~/components/agreements-section";
import { ContractSection } from "~/components/contract-form";
import { DocumentsSection } from "~/components/documents-section";
import { EstimatesSection } from "~/components/estimates-section";
import { CommissionSection } from "~/components/commission-section";
import { FileReviewSummary } from "~/components/file-review-summary";
import { MessagesSection } from "~/components/messages-section";
import { OffersSection } from "~/components/offers-section";
import { ShowingsSection } from "~/components/showings-section";
import { ListingPageSection } from "~/components/listing-page-section";
import { ToursSection } from "~/components/tours-section";
import { ProgressPanel } from "~/components/progress-panel";
import { TeamSection } from "~/components/team-section";
import { ClientNameForm } from "~/components/client-name-form";
import { TransactionTabs } from "~/components/transaction-tabs";
import { TransactionDetails } from "~/components/transaction-details";
import { UpdateMilestoneDialog } from "~/components/update-milestone-dialog";
import { env } from "~/config/env.server";
import { getDb } from "~/infra/database.server";
import { requireStaff } from "~/infra/guards.server";
import { idParam, modelCall, parseId } from "~/infra/http.server";
import { fullName } from "~/lib/format";
import {
  agreementIntents,
  contractIntents,
  isOfferAnswer,
  messageIntents,
  milestoneIntents,
  transactionIntents,
} from "~/lib/intents";
import { todayIn } from "~/lib/plain-date";
import { homeTitle } from "~/lib/home-name";
import { privatePageMeta } from "~/lib/seo";
import { getContract, offerAcceptedOn, toListedDeadline } from "~/models/contract.server";
import { documentsPage, documentsPdfs } from "~/models/document.server";
import { commissionData } from "~/sections/commission-data.server";
import { fileSummary } from "~/models/file-review.server";
import { compensationOf, compensationWords } from "~/models/compensation.server";
import { completionHoldWords } from "~/models/transaction-edit.server";
import { listEstimates, newEstimateValues, sideOf, toListedEstimate } from "~/models/estimate.server";
import { threadPage, toThreadJson } from "~/models/message.server";
import { contractFromCancelledOffer } from "~/models/offer-moves.server";
import { listMilestones, toMilestoneJson } from "~/models/milestone.server";
import { collaboratorIds, getTransaction, toTransactionJson } from "~/models/transaction.server";
import { assignableAgents } from "~/models/team.server";
import { agentCardOf, getUserById } from "~/models/user.server";
import { contractSection, type ContractActionData } from "~/sections/contract.server";
import { documentSection, type DocumentActionData } from "~/sections/documents.server";
import { estimateSection, type EstimateActionData } from "~/sections/estimates.server";
import { messageSection, type MessageActionData } from "~/sections/messages.server";
import { milestoneSection, type MilestoneActionData } from "~/sections/milestones.server";
import { offerSection, offersData, type OfferActionData } from "~/sections/offers.server";
import { assignmentSection } from "~/sections/assignment.server";
import { commissionSection } from "~/sections/commission.server";
import { agreementSection, agreementsData, type AgreementActionData } from "~/sections/agreements.server";
import { showingSection, showingsData } from "~/sections/showings.server";
import { listingPageData, listingPageSection } from "~/sections/listing-page.server";
import { listingPhotosSection, photosData } from "~/sections/listing-photos.server";
import { ListingPhotosSection } from "~/components/listing-photos-section";
import { tourSection, toursData } from "~/sections/tours.server";
import { only, sectionAction } from "~/sections/page-sections.server";
import { transactionSection, type TransactionActionData } from "~/sections/transaction.server";

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  privatePageMeta(data ? `Manage: ${homeTitle(data.transaction)}` : "Manage Transaction");

export async function loader({ request, params }: LoaderFunctionArgs) {
  const staff = await requireStaff(request);
  const db = getDb();
  const id = idParam(params.id);
  const transaction = modelCall(() => getTransaction(db, staff, id));
  const client = getUserById(db, transaction.userId);
  const query = new URL(request.url).searchParams;
  const before = parseId(query.get("before"));
  const contract = getContract(db, staff, id);
  return {
    transaction: toTransactionJson(transaction),
    client: client
      ? {
          name: fullName(client) || null,
          email: client.email,
          firstName: client.firstName ?? "",
          lastName: client.lastName ?? "",
        }
      : null,
    milestones: listMilestones(db, staff, id).map(toMilestoneJson),
    documents: documentsPage(db, staff, id, { includeRemoved: true, showAll: query.get("documents") === "all" }),
    uploadMaxBytes: env().uploadMaxBytes,
    thread: toThreadJson(threadPage(db, staff, id, { before })),
    olderShown: before !== null,
    contract: { ...contract, deadlines: contract.deadlines.map(toListedDeadline) },
    suggestedAcceptedOn: offerAcceptedOn(db, staff, id),
    fromOffer: transaction.contractOfferId
      ? { id: transaction.contractOfferId, cancelled: contractFromCancelledOffer(db, transaction) }
      : null,
    offers: offersData(db, staff, transaction, query),
    estimates: listEstimates(db, staff, id).map(toListedEstimate),
    freshEstimate: { side: sideOf(transaction), ...newEstimateValues(transaction) },
    today: todayIn(new Date()),
    team: teamOf(db, staff.isAdmin, transaction.assignedAgentId, id),
    agreements: agreementsData(db, staff, transaction, documentsPdfs(db, staff, id), query),
    showings: showingsData(db, staff, transaction, query),
    tours: toursData(db, staff, transaction),
    file: fileSummary(db, staff, id),
    commission: staff.isAdmin ? commissionData(db, staff, id) : null,
    compensation: compensationWords(compensationOf(db, transaction)),
    // What the broker's reason would pass at completion: the file's open items, the agent's lapsed license.
    closeOverride: staff.isAdmin ? completionHoldWords(db, transaction) : null,
    listingPage: transaction.type === "selling" ? listingPageData(db, staff, id) : null,
    photos: transaction.type === "selling" ? photosData(db, staff, id) : [],
    isAdmin: staff.isAdmin,
  };
}

function teamOf(db: ReturnType<typeof getDb>, isAdmin: boolean, agentId: string | null, id: number) {
  const collaborators = collaboratorIds(db, id);
  return {
    agent: agentCardOf(db, agentId)?.name ?? null,
    agentId,
    collaboratorIds: collaborators,
    collaborators: collaborators.map((c) => agentCardOf(db, c)?.name ?? "").filter(Boolean),
    agents: isAdmin ? assignableAgents(db) : null,
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const staff = await requireStaff(request);
  const id = idParam(params.id);
  const ctx = { db: getDb(), actor: staff, transactionId: id, back: `/admin/transactions/${id}` };
  return sectionAction(request, ctx, [
    listingPhotosSection,
    milestoneSection,
    transactionSection,
    documentSection,
    contractSection,
    estimateSection,
    offerSection,
    messageSection,
    assignmentSection,
    agreementSection,
    commissionSection,
    showingSection,
    tourSection,
    only(listingPageSection, "save", "takeDown", "addOpenHouse", "cancelOpenHouse"),
  ]);
}

type ActionData =
  | MilestoneActionData
  | TransactionActionData
  | DocumentActionData
  | ContractActionData
  | EstimateActionData
  | OfferActionData
  | MessageActionData
  | AgreementActionData;

export default function ManageTransaction() {
  const data = useLoaderData<typeof loader>();
  const { transaction, client, milestones, contract } = data;
  const location = useLocation();
  const actionData = useActionData<ActionData>();
  const here = `/admin/transactions/${transaction.id}`;
  const updateId = Number(new URLSearchParams(location.search).get("update"));
  const editing = milestones.find((m) => m.id === updateId);
  const milestoneAnswer =
    actionData?.intent === milestoneIntents.update && actionData.milestoneId === editing?.id ? actionData : undefined;

  return (
    <div className="mx-auto max-w-5xl">
      <Link to="/admin" className="inline-block rounded-md border border-slate-300 px-3 py-1.5 text-sm font-semibold">
        Back to Dashboard
      </Link>
      <div className="mt-4 flex flex-wrap items-baseline gap-3">
        <h1 className="text-2xl font-bold text-brand-900">{homeTitle(transaction)}</h1>
        <span
          className="rounded-full bg-brand-100 px-3 py-0.5 text-sm font-semibold text-brand-700"
          data-testid="role-label"
        >
          {transaction.type === "buying" ? "Buyer" : "Seller"}
        </span>
        <span className="text-sm capitalize text-slate-600">{transaction.status}</span>
      </div>
      {client ? (
        <p className="mt-1 text-sm text-slate-600">
          Client: {client.name ? `${client.name} · ` : ""}
          <a className="text-brand-700 underline" href={`mailto:${client.email}`}>
            {client.email}
          </a>
        </p>
      ) : null}
      {client && data.isAdmin ? (
        <ClientNameForm
          firstName={client.firstName}
          lastName={client.lastName}
          lastResult={actionData?.intent === transactionIntents.clientName ? actionData.result : undefined}
        />
      ) : null}
      <TransactionTabs id={transaction.id} current="Transaction" />

      <TeamSection transactionId={transaction.id} team={data.team} />

      <FileReviewSummary transactionId={transaction.id} file={data.file} />

      <ContractSection
        acceptedOn={contract.acceptedOn}
        closingOn={contract.closingOn}
        suggestedAcceptedOn={data.suggestedAcceptedOn}
        fromOffer={data.fromOffer}
        deadlines={contract.deadlines}
        today={data.today}
        lastResult={actionData?.intent === contractIntents.save ? actionData.result : undefined}
      />

      <div className="mt-6">
        <ProgressPanel
          transaction={transaction}
          milestones={milestones}
          documents={data.documents.ofSteps}
          isAdmin
          updateHref={(m) => `?update=${m.id}`}
        />
      </div>

      <DocumentsSection
        transactionId={transaction.id}
        documents={data.documents}
        milestones={milestones}
        maxFileBytes={data.uploadMaxBytes}
        uploadError={actionData?.intent === "upload" ? actionData.refusal.toast?.description : null}
        canRestore
      />

      <EstimatesSection
        estimates={data.estimates}
        side={data.freshEstimate.side}
        fresh={data.freshEstimate}
        answer={actionData?.intent === "save-estimate" ? actionData : undefined}
      />

      <OffersSection data={data.offers} answer={isOfferAnswer(actionData) ? actionData : undefined} />
      {data.listingPage ? <ListingPageSection data={data.listingPage} /> : null}
      {data.listingPage ? (
        <ListingPhotosSection path={`/admin/transactions/${transaction.id}`} photos={data.photos} />
      ) : null}
      {data.showings ? <ShowingsSection data={data.showings} path={`/admin/transactions/${transaction.id}`} /> : null}
      {data.tours ? <ToursSection data={data.tours} /> : null}

      <AgreementsSection
        list={data.agreements.list}
        staff
        prepare={data.agreements.prepare}
        answer={actionData?.intent === agreementIntents.prepare ? (actionData as AgreementActionData) : undefined}
        recordAnswer={actionData?.intent === agreementIntents.record ? (actionData as AgreementActionData) : undefined}
      />

      <MessagesSection
        transactionId={transaction.id}
        thread={data.thread}
        olderShown={data.olderShown}
        sendIntent={messageIntents.send}
        hideIntent={messageIntents.hide}
        lastResult={actionData?.intent === messageIntents.send ? actionData.result : undefined}
      />

      {data.commission ? <CommissionSection data={data.commission} /> : null}

      <TransactionDetails
        transaction={transaction}
        compensation={data.compensation}
        closeOverride={data.closeOverride}
        lastResult={actionData?.intent === transactionIntents.edit ? actionData.result : undefined}
        refusal={actionData?.intent === transactionIntents.edit ? actionData.refusal?.toast?.description : undefined}
      />

      {editing ? (
        <UpdateMilestoneDialog
          key={editing.id}
          milestone={editing}
          closeHref={here}
          lastResult={milestoneAnswer?.result}
          failed={Boolean(milestoneAnswer?.refusal)}
        />
      ) : null}
    </div>
  );
}

export function ErrorBoundary() {
  return <AccessErrorBoundary />;
}
