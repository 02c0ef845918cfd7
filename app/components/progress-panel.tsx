/**
 * The transaction progress panel (docs/spec.md §2), shared by the client portal and
 * the admin's transaction detail. Admin controls come in as props.
 */
import { PageSection } from "~/components/page-section";
import { Form, Link } from "@remix-run/react";
import { formatDate } from "~/lib/format";
import { formatMoney } from "~/lib/money";
import { MILESTONE_NOTES_LABEL, MILESTONE_STATUS_LABELS, milestoneProgress, TOTAL_STEPS } from "~/lib/progress";
import { buttonSmall, SubmitButton } from "~/components/submit-button";
import { milestoneIntents } from "~/lib/intents";
import { anchorOffset } from "~/components/card";
import { MilestoneDocuments, type StepDocument } from "~/components/documents-list";

export type PanelTransaction = {
  id: number;
  type: "buying" | "selling";
  propertyAddress: string | null;
  searchArea?: string | null;
  homeValueCents: number | null;
};

export type PanelMilestone = {
  id: number;
  stepNumber: number;
  title: string;
  description: string | null;
  status: keyof typeof MILESTONE_STATUS_LABELS;
  adminNotes: string | null;
  documentUrl: string | null;
  completedAt: string | null;
};

const badgeClass = {
  gray: "bg-slate-100 text-slate-700 border-slate-300",
  yellow: "bg-yellow-100 text-yellow-800 border-yellow-300",
  green: "bg-green-100 text-green-800 border-green-300",
  red: "bg-red-100 text-red-800 border-red-300",
} as const;

export function StatusBadge({ status }: { status: PanelMilestone["status"] }) {
  const { label, colour } = MILESTONE_STATUS_LABELS[status];
  return (
    <span
      className={`inline-flex rounded-full border px-2.5 py-0.5 text-xs font-semibold ${badgeClass[colour]}`}
      data-colour={colour}
    >
      {label}
    </span>
  );
}

/** The admin's Initialize Milestones button: posts intent=initialize to the page's own action. */
function InitializeMilestonesForm({ transaction }: { transaction: PanelTransaction }) {
  return (
    <Form method="post" preventScrollReset>
      <p className="mb-3 text-slate-600">
        No milestones yet. Create the {TOTAL_STEPS[transaction.type]} standard {transaction.type} steps.
      </p>
      <SubmitButton intent={milestoneIntents.initialize} pendingLabel="Initializing...">
        Initialize Milestones
      </SubmitButton>
    </Form>
  );
}

export function ProgressPanel({
  transaction,
  milestones,
  isAdmin,
  updateHref,
  documents = [],
}: {
  transaction: PanelTransaction;
  milestones: PanelMilestone[];
  isAdmin: boolean;
  /** The documents of the transaction's steps (not removed): each milestone lists its own. */
  documents?: StepDocument[];
  /** Where an admin's Update button of a milestone leads (its dialog opens by URL). */
  updateHref?: (milestone: PanelMilestone) => string;
}) {
  const progress = milestoneProgress(milestones);
  const title = transaction.type === "buying" ? "Home Buying Progress" : "Home Selling Progress";
  return (
    <PageSection id="progress" title={title} className="">
      <dl className="mt-3 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
        <div>
          <dt className="inline text-slate-500">Property: </dt>
          <dd className="inline font-medium">
            {transaction.propertyAddress ??
              (transaction.searchArea ? `Your home search: ${transaction.searchArea}` : "Address to be confirmed")}
          </dd>
        </div>
        <div>
          <dt className="inline text-slate-500">Home value: </dt>
          <dd className="inline font-medium">
            {transaction.homeValueCents ? formatMoney(transaction.homeValueCents) : "—"}
          </dd>
        </div>
      </dl>
      <div className="mt-5">
        <div className="flex justify-between text-sm">
          <span data-testid="steps-completed">
            {progress.completed} of {progress.total} steps completed
          </span>
          <span className="font-semibold" data-testid="progress-percent">
            {progress.percent}%
          </span>
        </div>
        <div
          className="mt-2 h-3 overflow-hidden rounded-full bg-slate-200"
          role="progressbar"
          aria-label={title}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={progress.percent}
        >
          <div className="h-full rounded-full bg-brand-600" style={{ width: `${progress.percent}%` }} />
        </div>
      </div>
      {milestones.length === 0 ? (
        <div className="mt-6 rounded-lg border border-dashed border-slate-300 p-6 text-center">
          {isAdmin ? (
            <InitializeMilestonesForm transaction={transaction} />
          ) : (
            <p className="text-slate-600">
              Your agent will set up your milestone tracker soon. You'll see each step of your transaction here.
            </p>
          )}
        </div>
      ) : (
        <ol className="mt-6 space-y-3">
          {milestones.map((m) => (
            <li
              key={m.id}
              id={`milestone-${m.id}`}
              className={`${anchorOffset} rounded-lg border border-slate-200 p-4`}
              data-testid="milestone"
            >
              <div className="flex flex-wrap items-start justify-between gap-2">
                <div>
                  <h3 className="font-semibold">
                    <span className="text-slate-500">{m.stepNumber}. </span>
                    {m.title}
                  </h3>
                  {m.description ? <p className="mt-1 text-sm text-slate-600">{m.description}</p> : null}
                </div>
                <div className="flex items-center gap-2">
                  <StatusBadge status={m.status} />
                  {isAdmin && updateHref ? (
                    <Link
                      to={updateHref(m)}
                      preventScrollReset
                      className={buttonSmall}
                      aria-label={`Update step ${m.stepNumber}: ${m.title}`}
                    >
                      Update
                    </Link>
                  ) : null}
                </div>
              </div>
              {m.adminNotes ? (
                <p className="mt-2 rounded bg-slate-50 p-2 text-sm">
                  <span className="font-semibold">{MILESTONE_NOTES_LABEL}: </span>
                  {m.adminNotes}
                </p>
              ) : null}
              <MilestoneDocuments documents={documents.filter((d) => d.milestoneId === m.id)} />
              <div className="mt-2 flex flex-wrap gap-4 text-sm">
                {m.documentUrl ? (
                  <a
                    href={m.documentUrl}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="font-medium text-brand-700 underline"
                  >
                    View document
                  </a>
                ) : null}
                {m.status === "completed" && m.completedAt ? (
                  <span className="text-green-800">Completed on {formatDate(m.completedAt)}</span>
                ) : null}
              </div>
            </li>
          ))}
        </ol>
      )}
    </PageSection>
  );
}
