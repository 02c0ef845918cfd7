/**
 * /admin/transactions/{id}/agreements, the workspace's Agreements tab (docs/workspace.md, docs/agreements.md): the
 * transaction's agreements and their signers, one prepared from a template or a document (?agreementFrom=…), and a
 * paper agreement recorded.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { AccessErrorBoundary } from "~/components/access-boundary";
import { AgreementsSection } from "~/components/agreements-section";
import { agreementIntents } from "~/lib/intents";
import { workspaceMeta } from "~/lib/workspace-tabs";
import { documentsPdfs } from "~/models/document.server";
import { agreementSection, agreementsData, type AgreementActionData } from "~/sections/agreements.server";
import { openWorkspace, workspaceAction } from "~/sections/workspace.server";

export const handle = { tab: "agreements" };

export const meta: MetaFunction = ({ matches }) => workspaceMeta(matches, "Agreements");

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { db, staff, id, transaction } = await openWorkspace(request, params);
  const query = new URL(request.url).searchParams;
  return { agreements: agreementsData(db, staff, transaction, documentsPdfs(db, staff, id), query) };
}

export async function action({ request, params }: ActionFunctionArgs) {
  return workspaceAction(request, params, "agreements", [agreementSection]);
}

export default function AgreementsTab() {
  const { agreements } = useLoaderData<typeof loader>();
  const answer = useActionData<AgreementActionData>();
  return (
    <AgreementsSection
      list={agreements.list}
      staff
      prepare={agreements.prepare}
      answer={answer?.intent === agreementIntents.prepare ? answer : undefined}
      recordAnswer={answer?.intent === agreementIntents.record ? answer : undefined}
    />
  );
}

export function ErrorBoundary() {
  return <AccessErrorBoundary />;
}
