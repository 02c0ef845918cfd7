/**
 * /admin/leads/{id}/claim: where a first-to-claim alert's Claim link lands (an agent taking leads). The
 * page says who the lead is and until when it may be claimed; its button claims it (a GET never does).
 * The first claim wins: the lead's page opens; a later one is told who has it (409). Without JavaScript the
 * button is a plain form post.
 */
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { AccessErrorBoundary } from "~/components/access-boundary";
import { card } from "~/components/card";
import { SubmitButton } from "~/components/submit-button";
import { getDb } from "~/infra/database.server";
import { redirectWithToast } from "~/infra/flash-toast.server";
import { requireStaff } from "~/infra/guards.server";
import { idParam, modelCall } from "~/infra/http.server";
import { statusOf } from "~/lib/errors";
import { formatDateTime } from "~/lib/format";
import { privatePageMeta } from "~/lib/seo";
import { claimLead, claimOffer } from "~/models/routing.server";

export const meta: MetaFunction = () => privatePageMeta("Claim a lead");

export async function loader({ request, params }: LoaderFunctionArgs) {
  const agent = await requireStaff(request);
  const offer = modelCall(() => claimOffer(getDb(), agent, idParam(params.id)));
  return {
    ...offer,
    receivedAt: formatDateTime(offer.receivedAt),
    until: offer.until ? formatDateTime(offer.until) : null,
    mine: offer.holder?.id === agent.id,
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const agent = await requireStaff(request);
  const id = idParam(params.id);
  try {
    claimLead(getDb(), agent, id);
  } catch (error) {
    const status = statusOf(error);
    if (status === null) throw error;
    return data({ message: (error as Error).message }, { status });
  }
  return redirectWithToast(`/admin/leads/${id}`, { description: "The lead is yours: answer it now." });
}

export default function ClaimLead() {
  const d = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return (
    <div className={`mx-auto max-w-xl ${card} p-6`}>
      <h1 className="text-2xl font-bold text-brand-900">Claim a lead</h1>
      <p className="mt-2">
        <span className="font-semibold">{d.name}</span>, received {d.receivedAt}.
      </p>
      {answer && "message" in answer ? (
        <p role="alert" className="mt-3 font-semibold text-red-700" data-testid="claim-refused">
          {answer.message}
        </p>
      ) : d.mine ? (
        <p className="mt-3">
          It is yours. <Link to={`/admin/leads/${d.id}`}>Open the lead</Link>
        </p>
      ) : d.holder ? (
        <p className="mt-3" data-testid="claim-refused">
          This lead was already claimed by {d.holder.name}.
        </p>
      ) : d.open ? (
        <>
          <p className="mt-3 text-slate-700">The first agent to claim it has it. Open until {d.until}.</p>
          <Form method="post" className="mt-4">
            <SubmitButton pendingLabel="Claiming...">Claim this lead</SubmitButton>
          </Form>
        </>
      ) : (
        <p className="mt-3" data-testid="claim-refused">
          The time to claim this lead has passed: the admins have it.
        </p>
      )}
    </div>
  );
}

export function ErrorBoundary() {
  return <AccessErrorBoundary />;
}
