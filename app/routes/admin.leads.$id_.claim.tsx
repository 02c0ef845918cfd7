/**
 * /admin/leads/{id}/claim: where a first-to-claim alert's Claim link lands (an agent taking leads). Only a
 * lead offered to this agent now has a claim page: it says who the lead is and until when it may be claimed;
 * its button claims it (a GET never does). Any other lead answers the same 404 as a missing one (its own
 * agent and admins are sent to its page). The first claim wins: the lead's page opens; a later one is told
 * who has it (409). Without JavaScript the button is a plain form post.
 */
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { AccessErrorBoundary } from "~/components/access-boundary";
import { card } from "~/components/card";
import { SubmitButton } from "~/components/submit-button";
import { getDb } from "~/infra/database.server";
import { redirectWithToast } from "~/infra/flash-toast.server";
import { requireStaff } from "~/infra/guards.server";
import { idParam, modelCall, modelErrorResponse } from "~/infra/http.server";
import { statusOf } from "~/lib/errors";
import { formatDateTime } from "~/lib/format";
import { privatePageMeta } from "~/lib/seo";
import { mayWorkOnLead } from "~/models/lead.server";
import { claimLead, claimOffer } from "~/models/routing.server";

export const meta: MetaFunction = () => privatePageMeta("Claim a lead");

export async function loader({ request, params }: LoaderFunctionArgs) {
  const staff = await requireStaff(request);
  const db = getDb();
  const id = idParam(params.id);
  // The lead's own agent, and admins, open its page; any other agent sees only a lead offered to them now.
  if (mayWorkOnLead(db, staff, id)) throw redirect(`/admin/leads/${id}`);
  const offer = modelCall(() => claimOffer(db, staff, id));
  return { ...offer, receivedAt: formatDateTime(offer.receivedAt), until: formatDateTime(offer.until) };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const agent = await requireStaff(request);
  const id = idParam(params.id);
  try {
    claimLead(getDb(), agent, id);
  } catch (error) {
    const status = statusOf(error);
    if (status === null || status === 404) throw modelErrorResponse(error);
    // Another agent was first, or the time ran out: the page is gone for this agent; the leads list says why.
    return redirectWithToast("/admin/leads", {
      title: "Not claimed",
      description: (error as Error).message,
      variant: "destructive",
    });
  }
  return redirectWithToast(`/admin/leads/${id}`, { description: "The lead is yours: answer it now." });
}

export default function ClaimLead() {
  const d = useLoaderData<typeof loader>();
  return (
    <div className={`mx-auto max-w-xl ${card} p-6`}>
      <h1 className="text-2xl font-bold text-brand-900">Claim a lead</h1>
      <p className="mt-2">
        <span className="font-semibold">{d.name}</span>, received {d.receivedAt}.
      </p>
      <p className="mt-3 text-slate-700">The first agent to claim it has it. Open until {d.until}.</p>
      <Form method="post" className="mt-4">
        <SubmitButton pendingLabel="Claiming...">Claim this lead</SubmitButton>
      </Form>
    </div>
  );
}

export function ErrorBoundary() {
  return <AccessErrorBoundary />;
}
