/**
 * /admin/team (admins): the staff in the team's order (round robin's), each with what is assigned to
 * them; a form to add a person by e-mail (they get the role when they sign in with that address), and per
 * person: their role, license (and its expiry: an expired one flagged) and phone, the DRE notices owed for a
 * hire or a departure, a link to their public profile, pausing or resuming new leads, deactivating or reactivating. What
 * a deactivated person still owns is listed under the table, to reassign (docs/decisions/030-team.md).
 */
import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { AccessErrorBoundary } from "~/components/access-boundary";
import { AdminTable } from "~/components/admin-table";
import { card } from "~/components/card";
import { inputClass } from "~/components/field-shell";
import { SelectField, TextField } from "~/components/form-field";
import { buttonOutline, buttonSmall, SubmitButton } from "~/components/submit-button";
import { getDb } from "~/infra/database.server";
import { requireAdmin } from "~/infra/guards.server";
import { readForm } from "~/infra/http.server";
import { intentOf, unknownIntent } from "~/infra/page-action.server";
import { formatDate } from "~/lib/format";
import { formatPlainDate, todayIn } from "~/lib/plain-date";
import { dreNoticesDue, dreNoticeWords, licenseState, licenseWords } from "~/lib/roster-rules";
import { countOf } from "~/lib/plural";
import { teamIntents } from "~/lib/intents";
import { privatePageMeta } from "~/lib/seo";
import { newStaffSchema, staffPatchSchema } from "~/lib/team-schema";
import { addAction, dutiesAction, sendAgreementAction, updateAction, type ActionData } from "./actions.server";
import { BROKER_DUTIES } from "~/domain/enums";
import { DUTY_LABELS } from "~/lib/roster-rules";
import { standingOf } from "~/models/broker-agent-agreement.server";
import { toPlanJson } from "~/models/commission.server";
import { listTeam, ownedBy } from "~/models/team.server";
import { env } from "~/config/env.server";

export const meta: MetaFunction = () => privatePageMeta("Team");

export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request);
  const db = getDb();
  const team = listTeam(db, admin);
  const inactive = team.filter((p) => p.deactivatedAt);
  const owned = ownedBy(
    db,
    admin,
    inactive.map((p) => p.id),
  );
  const nameOf = new Map(team.map((p) => [p.id, p.name]));
  const { broker, brokerLicense } = env().site;
  const today = todayIn(new Date());
  const meBroker = team.find((p) => p.id === admin.id)?.isBroker ?? false;
  return {
    me: admin.id,
    // The responsible broker alone delegates their duties (the boxes on each admin's row).
    meBroker,
    brokerConfigured: env().brokerEmail !== null,
    team: team.map((p) => ({
      id: p.id,
      name: p.name,
      firstName: p.firstName ?? "",
      lastName: p.lastName ?? "",
      // The responsible broker's row: the account of AGENCY_BROKER_EMAIL (else the first of ADMIN_EMAILS).
      broker: p.isBroker ? { name: broker, license: p.licenseNumber ?? brokerLicense } : null,
      duties: p.isBroker ? [] : p.duties,
      acting: p.acting,
      licenseKind: p.licenseKind ?? "",
      email: p.email,
      role: p.role,
      phone: p.phone ?? "",
      licenseNumber: p.licenseNumber ?? "",
      licenseExpiresOn: p.licenseExpiresOn ?? "",
      // The roster: the license in words, flagged when expired or within 90 days, and the DRE notices owed.
      license: licenseState(p.licenseExpiresOn, today),
      licenseWords: licenseWords(licenseState(p.licenseExpiresOn, today)),
      notices: dreNoticesDue(p, today).map((n) => ({ kind: n.kind, words: dreNoticeWords(n), overdue: n.overdue })),
      plan: (({ agentPercent, annualCap, transactionFee, anniversaryOn }) => ({
        agentPercent: String(agentPercent),
        annualCap: annualCap === null ? "" : String(annualCap),
        transactionFee: String(transactionFee),
        anniversaryOn,
      }))(toPlanJson(p) ?? { agentPercent: "", annualCap: null, transactionFee: "", anniversaryOn: "" }),
      joinedOn: p.joinedOn ? formatPlainDate(p.joinedOn) : null,
      // The broker–agent agreement (10 CCR 2726): an agent without a signed one is flagged.
      agreement:
        p.role !== "agent"
          ? null
          : standingOf(p.agreement?.status) === "signed"
            ? {
                words: `Broker–agent agreement signed on ${formatDate(p.agreement!.signedAt!)}`,
                missing: false,
                open: false,
              }
            : standingOf(p.agreement?.status) === "out"
              ? { words: "Broker–agent agreement sent: waiting for signatures", missing: true, open: true }
              : { words: "No signed broker–agent agreement", missing: true, open: false },
      takesLeads: p.takesLeads,
      deactivatedOn: p.deactivatedAt ? formatDate(p.deactivatedAt) : null,
      transactions: p.transactions,
      leads: p.leads,
    })),
    toReassign: {
      transactions: owned.transactions.map((t) => ({
        id: t.id,
        label: t.propertyAddress ?? `Transaction ${t.id}`,
        owner: nameOf.get(t.agentId!) ?? "",
      })),
      leads: owned.leads.map((l) => ({
        id: l.id,
        label: `${l.firstName} ${l.lastName}`,
        owner: nameOf.get(l.agentId!) ?? "",
      })),
    },
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const formData = await readForm(request);
  switch (intentOf(formData, teamIntents)) {
    case teamIntents.add:
      return addAction(admin, formData);
    case teamIntents.update:
      return updateAction(admin, formData);
    case teamIntents.sendAgreement:
      return sendAgreementAction(admin, formData);
    case teamIntents.duties:
      return dutiesAction(admin, formData);
    default:
      return unknownIntent();
  }
}

type Person = ReturnType<typeof useLoaderData<typeof loader>>["team"][number];

export default function Team() {
  const d = useLoaderData<typeof loader>();
  const answer = useActionData<ActionData>();
  const reassign = d.toReassign.transactions.length + d.toReassign.leads.length;
  return (
    <div className="mx-auto max-w-6xl">
      <h1 className="text-2xl font-bold text-brand-900">Team</h1>
      <p className="mt-1 text-sm text-slate-600">
        New leads go to the agents taking leads in this order (round robin), or to all of them at once (first to claim):{" "}
        <Link to="/admin/settings" className="text-brand-700 underline">
          the routing setting
        </Link>
        . Admins see everything; an agent sees the transactions and leads assigned to them.
      </p>
      <p className="mt-1 text-sm text-slate-600">
        Countersigning for the brokerage, approving file items and approving CDAs are the responsible broker&apos;s (10
        CCR 2725); the broker may name a licensed admin of the team to do each.
        {d.brokerConfigured ? null : (
          <strong className="text-red-700">
            {" "}
            No responsible broker is configured: set AGENCY_BROKER_EMAIL (or ADMIN_EMAILS) so these can be done.
          </strong>
        )}
      </p>

      <AdminTable
        columns={["Person", "Role, license and phone", "New leads", "Assigned", "Active"]}
        cardsOnPhone
        className="mt-4"
      >
        {d.team.map((p) => (
          <TeamRow
            key={p.id}
            person={p}
            me={d.me === p.id}
            meBroker={d.meBroker}
            answer={answer?.intent === teamIntents.update && answer.userId === p.id ? answer : undefined}
          />
        ))}
      </AdminTable>

      {reassign > 0 ? (
        <section aria-labelledby="reassign-title" className={`mt-6 ${card} p-5`}>
          <h2 id="reassign-title" className="text-lg font-semibold">
            To reassign
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            What deactivated people still have: {countOf(d.toReassign.transactions.length, "transaction")} and{" "}
            {countOf(d.toReassign.leads.length, "lead")}. Open each to give it to another agent, or choose several on
            the lists.
          </p>
          <ul className="mt-2 grid gap-1 text-sm" data-testid="to-reassign">
            {d.toReassign.transactions.map((t) => (
              <li key={`t${t.id}`}>
                <Link to={`/admin/transactions/${t.id}#team`}>{t.label}</Link> · {t.owner}
              </li>
            ))}
            {d.toReassign.leads.map((l) => (
              <li key={`l${l.id}`}>
                <Link to={`/admin/leads/${l.id}#assign`}>Lead: {l.label}</Link> · {l.owner}
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {/* A new key once someone is added: the form starts empty again (with JavaScript it is not reloaded). */}
      <AddStaff key={d.team.length} answer={answer?.intent === teamIntents.add ? answer : undefined} />
    </div>
  );
}

/** An agent's commission plan (docs/payouts.md): all four blank is no plan. */
function PlanFields({ id, plan, errors }: { id: string; plan: Person["plan"]; errors: string[] }) {
  const field = (name: keyof Person["plan"], label: string, type = "text") => (
    <div>
      <label htmlFor={`plan-${name}-${id}`} className="block text-sm font-semibold">
        {label}
      </label>
      <input
        id={`plan-${name}-${id}`}
        name={`plan.${name}`}
        type={type}
        inputMode={type === "text" ? "decimal" : undefined}
        defaultValue={plan[name]}
        className={inputClass}
      />
    </div>
  );
  return (
    <fieldset
      className="grid gap-1 border-t border-slate-100 pt-1 sm:col-span-3 sm:grid-cols-2 sm:items-end"
      data-testid="plan"
    >
      <legend className="text-sm font-semibold">Commission plan</legend>
      {field("agentPercent", "Agent's share (%)")}
      {field("annualCap", "Annual cap ($)")}
      {field("transactionFee", "Transaction fee ($)")}
      {field("anniversaryOn", "Anniversary", "date")}
      {errors.length ? (
        <p className="text-sm text-red-700 sm:col-span-2" role="alert">
          {errors[0]}
        </p>
      ) : null}
    </fieldset>
  );
}

/** The broker's duties a licensee performs for them: the broker's boxes, or in words for anyone else. */
function DutiesBlock({ person: p, meBroker }: { person: Person; meBroker: boolean }) {
  if (p.broker || p.role !== "admin" || p.deactivatedOn) return null;
  if (!meBroker) {
    return p.duties.length ? (
      <span className="block text-sm text-slate-700" data-testid="duties">
        For the broker: {p.duties.map((d) => DUTY_LABELS[d]).join(", ")}
      </span>
    ) : null;
  }
  return (
    <Form method="post" className="mt-2 border-t border-slate-100 pt-1" data-testid="duties-form">
      <input type="hidden" name="userId" value={p.id} />
      <fieldset>
        <legend className="text-sm font-semibold">Does for the broker</legend>
        {BROKER_DUTIES.map((duty) => (
          <label key={duty} className="flex min-h-11 items-center gap-2 text-sm">
            <input
              type="checkbox"
              name="duty"
              value={duty}
              defaultChecked={p.duties.includes(duty)}
              className="h-5 w-5"
            />
            {DUTY_LABELS[duty]}
          </label>
        ))}
      </fieldset>
      <SubmitButton intent={teamIntents.duties} pendingLabel="Saving..." className={`${buttonOutline} ${buttonSmall}`}>
        Save the duties
      </SubmitButton>
    </Form>
  );
}

function TeamRow({
  person: p,
  me,
  meBroker,
  answer,
}: {
  person: Person;
  me: boolean;
  meBroker: boolean;
  answer: ActionData | undefined;
}) {
  const [form, fields] = useForm({
    id: `staff-${p.id}`,
    lastResult: answer?.result,
    defaultValue: {
      firstName: p.firstName,
      lastName: p.lastName,
      role: p.role,
      licenseNumber: p.licenseNumber,
      licenseKind: p.licenseKind,
      licenseExpiresOn: p.licenseExpiresOn,
      phone: p.phone,
    },
    constraint: getZodConstraint(staffPatchSchema),
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => {
      formData.delete("userId");
      formData.delete("intent");
      return parseWithZod(formData, { schema: staffPatchSchema });
    },
  });
  return (
    <tr className="border-b border-slate-100 align-top last:border-0" data-testid="team-row" data-email={p.email}>
      <td data-label="Person" className="px-3 py-2">
        {/* One block beside the cell's label on a phone (a card's line), not a row of its parts. */}
        <div className="min-w-0 max-sm:flex-1 max-sm:pl-4">
          <span className="font-semibold">{p.broker ? p.broker.name : p.name}</span>
          {p.broker ? (
            <span className="block text-sm text-slate-600" data-testid="broker-line">
              Responsible broker, DRE #{p.broker.license}
            </span>
          ) : (
            <br />
          )}
          <a href={`mailto:${p.email}`} className="inline-block min-h-6 py-0.5">
            {p.email}
          </a>
          {p.joinedOn ? <span className="block text-sm text-slate-600">Joined {p.joinedOn}</span> : null}
          <Link className="block min-h-6 py-0.5 text-sm" to={`/admin/profile?user=${encodeURIComponent(p.id)}`}>
            Public profile
          </Link>
          {p.licenseWords ? (
            <span
              data-testid="license-state"
              className={`block text-sm ${p.license.state === "expired" ? "font-semibold text-red-700" : p.license.state === "expiring" ? "font-semibold text-amber-800" : "text-slate-600"}`}
            >
              {p.licenseWords}
            </span>
          ) : null}
          {p.acting && !p.deactivatedOn ? (
            <span className="block text-sm font-semibold text-red-700" data-testid="acting">
              May not act for the brokerage: {p.acting}
            </span>
          ) : null}
          <DutiesBlock person={p} meBroker={meBroker} />
          {p.agreement ? (
            <span
              data-testid="agreement-state"
              className={`block text-sm ${p.agreement.missing ? "font-semibold text-amber-800" : "text-slate-600"}`}
            >
              {p.agreement.words}
            </span>
          ) : null}
          {p.agreement?.missing && !p.agreement.open && !p.deactivatedOn ? (
            <Form method="post" className="mt-1">
              <input type="hidden" name="userId" value={p.id} />
              <SubmitButton
                intent={teamIntents.sendAgreement}
                pendingLabel="Sending..."
                className={`${buttonOutline} ${buttonSmall}`}
              >
                Send the broker–agent agreement
              </SubmitButton>
            </Form>
          ) : null}
          {p.notices.map((n) => (
            <Form method="post" key={n.kind} className="mt-1" data-testid="dre-notice">
              <input type="hidden" name="userId" value={p.id} />
              <input type="hidden" name="dreNoticeSent" value={n.kind} />
              <span className={`block text-sm ${n.overdue ? "font-semibold text-red-700" : "text-amber-800"}`}>
                {n.words}
              </span>
              <SubmitButton
                intent={teamIntents.update}
                pendingLabel="Saving..."
                className={`${buttonOutline} ${buttonSmall}`}
              >
                Mark DRE notice sent
              </SubmitButton>
            </Form>
          ))}
        </div>
      </td>
      <td data-label="Role" className="px-3 py-2">
        <div className="min-w-0 max-sm:flex-1 max-sm:pl-4">
          <Form method="post" {...getFormProps(form)} className="grid gap-1 sm:grid-cols-[7rem_7.5rem_9.5rem]">
            <input type="hidden" name="userId" value={p.id} />
            <TextField field={fields.firstName} label="First name" autoComplete="off" />
            <TextField field={fields.lastName} label="Last name" autoComplete="off" />
            <SelectField field={fields.role} label="Role" disabled={me}>
              <option value="agent">Agent</option>
              <option value="admin">Admin</option>
            </SelectField>
            <TextField field={fields.licenseNumber} label="DRE license" inputMode="numeric" />
            <SelectField field={fields.licenseKind} label="License kind">
              <option value="">Not entered</option>
              <option value="salesperson">Salesperson</option>
              <option value="broker">Broker</option>
            </SelectField>
            <TextField field={fields.licenseExpiresOn} label="License expires" type="date" />
            <TextField field={fields.phone} label="Phone" type="tel" />
            {p.role === "agent" ? (
              <PlanFields
                id={p.id}
                plan={p.plan}
                errors={Object.entries(form.allErrors)
                  .filter(([name]) => name.startsWith("plan"))
                  .flatMap(([, messages]) => messages)}
              />
            ) : null}
            <div className="self-center">
              <SubmitButton
                intent={teamIntents.update}
                pendingLabel="Saving..."
                className={`${buttonOutline} ${buttonSmall}`}
              >
                Save
              </SubmitButton>
            </div>
          </Form>
          {answer?.refusal?.toast ? <p className="text-xs text-red-700">{answer.refusal.toast.description}</p> : null}
        </div>
      </td>
      <td data-label="New leads" className="px-3 py-2">
        <div className="min-w-0 max-sm:flex-1 max-sm:pl-4">
          {p.role === "agent" && !p.deactivatedOn ? (
            <Form method="post">
              <input type="hidden" name="userId" value={p.id} />
              <input type="hidden" name="takesLeads" value={p.takesLeads ? "false" : "true"} />
              <span className="mr-2">{p.takesLeads ? "Taking leads" : "Paused"}</span>
              <SubmitButton
                intent={teamIntents.update}
                pendingLabel="Saving..."
                className={`${buttonOutline} ${buttonSmall}`}
              >
                {p.takesLeads ? "Pause leads" : "Resume leads"}
              </SubmitButton>
            </Form>
          ) : (
            <span className="text-slate-500">{p.role === "admin" ? "Only as the fallback" : "None"}</span>
          )}
        </div>
      </td>
      <td data-label="Assigned" className="px-3 py-2">
        {countOf(p.transactions, "transaction")}, {countOf(p.leads, "lead")}
      </td>
      <td data-label="Active" className="px-3 py-2">
        <div className="min-w-0 max-sm:flex-1 max-sm:pl-4">
          {me ? (
            <span>You</span>
          ) : (
            <Form method="post">
              <input type="hidden" name="userId" value={p.id} />
              <input type="hidden" name="active" value={p.deactivatedOn ? "true" : "false"} />
              {p.deactivatedOn ? <span className="mr-2">Deactivated {p.deactivatedOn}</span> : null}
              <SubmitButton
                intent={teamIntents.update}
                pendingLabel="Saving..."
                className={`${buttonOutline} ${buttonSmall}`}
              >
                {p.deactivatedOn ? "Reactivate" : "Deactivate"}
              </SubmitButton>
            </Form>
          )}
        </div>
      </td>
    </tr>
  );
}

function AddStaff({ answer }: { answer: ActionData | undefined }) {
  const [form, fields] = useForm({
    id: "add-staff",
    lastResult: answer?.result,
    defaultValue: { role: "agent", licenseKind: "salesperson" },
    constraint: getZodConstraint(newStaffSchema),
    shouldValidate: "onBlur",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: newStaffSchema }),
  });
  return (
    <section aria-labelledby="add-staff-title" className={`mt-6 ${card} p-5`}>
      <h2 id="add-staff-title" className="text-lg font-semibold">
        Add a person
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        They have the role as soon as they sign in with this address. An agent takes new leads until paused, and needs
        their 8-digit DRE license number and its expiry date.
      </p>
      {answer?.refusal?.toast ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {answer.refusal.toast.description}
        </p>
      ) : null}
      <Form method="post" {...getFormProps(form)} className="mt-3 grid gap-2 sm:grid-cols-3">
        <TextField field={fields.email} label="E-mail" type="email" autoComplete="off" />
        <TextField field={fields.firstName} label="First name" />
        <TextField field={fields.lastName} label="Last name" />
        <SelectField field={fields.role} label="Role">
          <option value="agent">Agent</option>
          <option value="admin">Admin</option>
        </SelectField>
        <TextField field={fields.phone} label="Phone" type="tel" />
        <TextField field={fields.licenseNumber} label="DRE license number" inputMode="numeric" />
        <SelectField field={fields.licenseKind} label="License kind">
          <option value="salesperson">Salesperson</option>
          <option value="broker">Broker</option>
        </SelectField>
        <TextField field={fields.licenseExpiresOn} label="License expires" type="date" />
        <div>
          <SubmitButton intent={teamIntents.add} pendingLabel="Adding...">
            Add to the team
          </SubmitButton>
        </div>
      </Form>
    </section>
  );
}

export function ErrorBoundary() {
  return <AccessErrorBoundary />;
}
