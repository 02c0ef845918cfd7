/**
 * /admin/transactions/{id}/messages, the workspace's Messages tab (docs/workspace.md, docs/messages.md): the thread
 * with the client, newest page first, older ones by ?before={id}.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { AccessErrorBoundary } from "~/components/access-boundary";
import { MessagesSection } from "~/components/messages-section";
import { parseId } from "~/infra/http.server";
import { messageIntents } from "~/lib/intents";
import { workspaceMeta } from "~/lib/workspace-tabs";
import { threadPage, toThreadJson } from "~/models/message.server";
import { messageSection, type MessageActionData } from "~/sections/messages.server";
import { openWorkspace, workspaceAction } from "~/sections/workspace.server";

export const handle = { tab: "messages" };

export const meta: MetaFunction = ({ matches }) => workspaceMeta(matches, "Messages");

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { db, staff, id } = await openWorkspace(request, params);
  const before = parseId(new URL(request.url).searchParams.get("before"));
  return { id, thread: toThreadJson(threadPage(db, staff, id, { before })), olderShown: before !== null };
}

export async function action({ request, params }: ActionFunctionArgs) {
  return workspaceAction(request, params, "messages", [messageSection]);
}

export default function MessagesTab() {
  const { id, thread, olderShown } = useLoaderData<typeof loader>();
  const answer = useActionData<MessageActionData>();
  return (
    <MessagesSection
      transactionId={id}
      thread={thread}
      olderShown={olderShown}
      sendIntent={messageIntents.send}
      hideIntent={messageIntents.hide}
      lastResult={answer?.intent === messageIntents.send ? answer.result : undefined}
    />
  );
}

export function ErrorBoundary() {
  return <AccessErrorBoundary />;
}
