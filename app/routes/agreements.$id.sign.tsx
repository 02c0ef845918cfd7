/**
 * /agreements/{id}/sign: a signed-in signer's page (the client, the agent, an admin in the broker's seat):
 * consent, read, sign or decline (app/sections/signing.server.ts). Anyone not on the agreement 404; a
 * visitor is sent to sign in and comes back.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import type { SubmissionResult } from "@conform-to/react";
import { AccessErrorBoundary } from "~/components/access-boundary";
import { SigningPanel } from "~/components/signing-panel";
import { getDb } from "~/infra/database.server";
import { requireUser } from "~/infra/guards.server";
import { idParam, modelCall } from "~/infra/http.server";
import { privatePageMeta } from "~/lib/seo";
import { isStaff } from "~/models/actor.server";
import { agreementPdfPath, signingPath } from "~/models/agreement-access.server";
import { signingAction, signingView } from "~/sections/signing.server";
import { tabPath } from "~/lib/workspace-tabs";

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  privatePageMeta(data ? `Sign: ${data.view.agreement.title}` : "Sign an agreement");

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const id = idParam(params.id);
  const back = (transactionId: number | null) =>
    isStaff(user)
      ? transactionId
        ? `${tabPath(transactionId, "agreements")}#agreements`
        : "/admin"
      : "/client-portal";
  const view = modelCall(() => signingView(getDb(), { actor: user }, id, agreementPdfPath(id), back));
  return { view };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const id = idParam(params.id);
  return signingAction(request, getDb(), { actor: user }, id, signingPath(id));
}

export default function SignAgreement() {
  const { view } = useLoaderData<typeof loader>();
  const answer = useActionData<{ result: SubmissionResult<string[]> | null; error: string | null }>();
  return <SigningPanel view={view} lastResult={answer?.result} error={answer?.error} />;
}

export function ErrorBoundary() {
  return <AccessErrorBoundary />;
}
