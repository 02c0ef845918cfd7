import { parseWithZod } from "@conform-to/zod";
import type { SubmissionResult } from "@conform-to/react";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { AccessErrorBoundary } from "~/components/access-boundary";
import { AdminTable } from "~/components/admin-table";
import { CampaignForm } from "~/components/campaign-forms";
import { buttonOutline, SubmitButton } from "~/components/submit-button";
import { getDb } from "~/infra/database.server";
import type { User } from "~/db/schema";
import { CAMPAIGN_TYPES, campaignRefSchema, campaignSchema } from "~/lib/admin-schemas";
import { requireAdmin } from "~/infra/guards.server";
import { InvalidInputError } from "~/lib/errors";
import { readForm } from "~/infra/http.server";
import { intentOf, refuse, unknownIntent } from "~/infra/page-action.server";
import { campaignListIntents } from "~/lib/intents";
import { privatePageMeta } from "~/lib/seo";
import { redirectWithToast } from "~/infra/flash-toast.server";
import { createCampaign, listCampaigns, setCampaignForNewLeads } from "~/models/campaign.server";
import { card } from "~/components/card";

export const meta: MetaFunction = () => privatePageMeta("Campaigns");

export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request);
  return { campaigns: listCampaigns(getDb(), admin).map(({ createdAt: _c, updatedAt: _u, ...c }) => c) };
}

type ActionData = { result: SubmissionResult<string[]> };

const CAMPAIGNS = "/admin/campaigns";

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const formData = await readForm(request);
  switch (intentOf(formData, campaignListIntents)) {
    case campaignListIntents.create:
      return createAction(admin, formData);
    case campaignListIntents.forNewLeads:
      return forNewLeadsAction(admin, formData);
    default:
      return unknownIntent();
  }
}

async function createAction(admin: User, formData: FormData) {
  const submission = parseWithZod(formData, { schema: campaignSchema });
  if (submission.status !== "success") return data<ActionData>({ result: submission.reply() }, { status: 400 });
  const campaign = createCampaign(getDb(), admin, submission.value);
  return redirectWithToast(`/admin/campaigns/${campaign.id}`, {
    title: "Campaign created",
    description: "Now add its e-mails.",
  });
}

async function forNewLeadsAction(admin: User, formData: FormData) {
  const parsed = campaignRefSchema.safeParse(Object.fromEntries(formData));
  if (!parsed.success) return refuse(new InvalidInputError("Choose a campaign"), { back: CAMPAIGNS });
  try {
    setCampaignForNewLeads(getDb(), admin, parsed.data.campaignId);
  } catch (error) {
    return refuse(error, { back: CAMPAIGNS });
  }
  return redirectWithToast(CAMPAIGNS, { description: "New leads join this campaign from now on." });
}

export default function Campaigns() {
  const { campaigns } = useLoaderData<typeof loader>();
  const actionData = useActionData<ActionData>();
  return (
    <div className="mx-auto max-w-6xl">
      <h1 className="text-3xl font-bold text-brand-900">Campaigns</h1>
      <p className="mt-1 text-slate-600">
        Drip e-mails for leads. New leads join exactly one campaign;{" "}
        {campaigns.some((c) => c.joinsNewLeads)
          ? "it is marked below."
          : "no campaign is active, so new leads are stored but not enrolled."}
      </p>
      {campaigns.length === 0 ? (
        <p className="mt-8 text-center text-slate-600">No campaigns yet.</p>
      ) : (
        <AdminTable columns={["Name", "Type", "Active", "E-mails", "Leads now", "Leads in total", "New leads"]}>
          {campaigns.map((c) => (
            <tr key={c.id} className="border-b border-slate-100" data-testid="campaign-row">
              <td className="px-3 py-2">
                <Link to={`/admin/campaigns/${c.id}`} className="font-semibold text-brand-700 underline">
                  {c.name}
                </Link>
              </td>
              <td className="px-3 py-2">{CAMPAIGN_TYPES[c.type as keyof typeof CAMPAIGN_TYPES] ?? c.type}</td>
              <td className="px-3 py-2">{c.isActive ? "Active" : "Inactive"}</td>
              <td className="px-3 py-2">{c.emailCount}</td>
              <td className="px-3 py-2">{c.enrolledNow}</td>
              <td className="px-3 py-2">{c.enrolledTotal}</td>
              <td className="px-3 py-2">
                {c.joinsNewLeads ? (
                  <span className="font-semibold text-green-800" data-testid="joins-new-leads">
                    New leads join this one
                  </span>
                ) : c.isActive ? (
                  <Form method="post">
                    <input type="hidden" name="campaignId" value={c.id} />
                    <SubmitButton
                      intent={campaignListIntents.forNewLeads}
                      pendingLabel="Choosing..."
                      className={`${buttonOutline} px-2 py-1 text-xs`}
                    >
                      New leads join this one
                    </SubmitButton>
                  </Form>
                ) : (
                  "—"
                )}
              </td>
            </tr>
          ))}
        </AdminTable>
      )}
      <section aria-labelledby="new-campaign" className={`mt-8 ${card} p-6`}>
        <h2 id="new-campaign" className="mb-3 text-lg font-semibold">
          New campaign
        </h2>
        <CampaignForm
          id="new-campaign-form"
          intent={campaignListIntents.create}
          submitLabel="Create campaign"
          lastResult={actionData?.result}
        />
      </section>
    </div>
  );
}

export function ErrorBoundary() {
  return <AccessErrorBoundary />;
}
