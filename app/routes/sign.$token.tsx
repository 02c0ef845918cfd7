/**
 * /sign/{token}: a co-signer's page, from the link e-mailed to them (no account): consent, read, sign or
 * decline. The link is theirs alone: single use, 7 days; a used, expired or altered one shows nothing of
 * the document. Once everyone signed, the link sent with the news opens the sealed copy only.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import type { SubmissionResult } from "@conform-to/react";
import { SigningPanel } from "~/components/signing-panel";
import { getDb } from "~/infra/database.server";
import { plainPageResponse } from "~/infra/plain-page.server";
import { NotFoundError } from "~/lib/errors";
import { privatePageMeta } from "~/lib/seo";
import { signerOfLink } from "~/models/agreement-access.server";
import { signingAction, signingView } from "~/sections/signing.server";

export const meta: MetaFunction = () => privatePageMeta("Sign an agreement");

const linkNotValid = () =>
  plainPageResponse(
    "This link is not valid",
    <>
      <h1>This link is not valid</h1>
      <p>It was used already, it has expired, or it is not complete. Ask your agent for a new one.</p>
    </>,
    404,
  );

function linkAgreement(token: string) {
  try {
    return signerOfLink(getDb(), token).agreement.id;
  } catch (error) {
    if (error instanceof NotFoundError) throw linkNotValid();
    throw error;
  }
}

export async function loader({ params }: LoaderFunctionArgs) {
  const token = params.token ?? "";
  const id = linkAgreement(token);
  return { view: signingView(getDb(), { token }, id, `/sign/${token}/document`, () => null) };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const token = params.token ?? "";
  const id = linkAgreement(token);
  const back = `/sign/${token}`;
  return signingAction(request, getDb(), { token }, id, back, "/sign/done");
}

export default function SignFromLink() {
  const { view } = useLoaderData<typeof loader>();
  const answer = useActionData<{ result: SubmissionResult<string[]> | null; error: string | null }>();
  return <SigningPanel view={view} lastResult={answer?.result} error={answer?.error} />;
}
