/**
 * /admin/checklists (docs/file-review.md; admins): the broker's checklist for each kind of transaction,
 * each item with the step by which it is due, whether it is required, and the agreement kind that meets it by
 * itself. Saving makes a new version (files already open keep theirs); an item is removed by clearing its name,
 * added in one of the blank rows.
 */
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { AccessErrorBoundary } from "~/components/access-boundary";
import { card } from "~/components/card";
import { inputClass } from "~/components/field-shell";
import { buttonPrimary, SubmitButton } from "~/components/submit-button";
import { TRANSACTION_TYPES } from "~/domain/enums";
import { getDb } from "~/infra/database.server";
import { redirectWithToast } from "~/infra/flash-toast.server";
import { requireAdmin } from "~/infra/guards.server";
import { readForm } from "~/infra/http.server";
import { refuse } from "~/infra/page-action.server";
import { CHECKLIST_MAX_ITEMS, checklistPutSchema, STEPS_OF } from "~/lib/checklist-schema";
import { InvalidInputError } from "~/lib/errors";
import { formatDateTime } from "~/lib/format";
import { privatePageMeta } from "~/lib/seo";
import { currentChecklists, saveChecklist } from "~/models/file-review.server";

export const meta: MetaFunction = () => privatePageMeta("Checklists");

const BACK = "/admin/checklists";
const BLANK_ROWS = 3;
const KIND_WORDS = { selling: "Selling", buying: "Buying" } as const;

export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request);
  const lists = currentChecklists(getDb(), admin);
  return TRANSACTION_TYPES.map((kind) => ({
    kind,
    version: lists[kind].version,
    savedAt: formatDateTime(lists[kind].createdAt),
    items: lists[kind].items,
    steps: STEPS_OF[kind].map((s, i) => `${i + 1}. ${s.title}`),
  }));
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const formData = await readForm(request);
  const kind = TRANSACTION_TYPES.find((k) => k === formData.get("kind"));
  try {
    if (!kind) throw new InvalidInputError("Choose a checklist");
    const items = [];
    for (let i = 0; i < CHECKLIST_MAX_ITEMS + BLANK_ROWS; i++) {
      const name = formData.get(`items[${i}].name`);
      if (typeof name !== "string" || !name.trim()) continue;
      items.push({
        name,
        required: formData.get(`items[${i}].required`) ?? false,
        dueBy: formData.get(`items[${i}].dueBy`),
        agreementKind: formData.get(`items[${i}].agreementKind`) ?? null,
        requiredWhen: formData.get(`items[${i}].requiredWhen`) ?? null,
      });
    }
    const parsed = checklistPutSchema(kind).safeParse({ items });
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      const row = typeof issue.path[1] === "number" ? `Item ${issue.path[1] + 1}: ` : "";
      throw new InvalidInputError(`${row}${issue.message}`);
    }
    const saved = saveChecklist(getDb(), admin, kind, parsed.data.items);
    return redirectWithToast(`${BACK}#${kind}`, {
      description: `The ${kind} checklist is saved (version ${saved.version}); files opened from now on use it.`,
    });
  } catch (error) {
    return refuse(error, { back: BACK });
  }
}

export default function Checklists() {
  const lists = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-5xl">
      <h1 className="text-3xl font-bold text-brand-900">Checklists</h1>
      <p className="mt-2 text-slate-700">
        What each file holds before it closes, and by which step. Saving makes a new version: a transaction keeps the
        version it started with. Clear an item&apos;s name to remove it. <Link to="/admin/reviews">File reviews</Link>
      </p>
      {lists.map((list) => (
        <section key={list.kind} id={list.kind} className={`${card} mt-6 p-4`} aria-labelledby={`${list.kind}-title`}>
          <h2 id={`${list.kind}-title`} className="text-xl font-semibold text-brand-900">
            {KIND_WORDS[list.kind]} (version {list.version}, saved {list.savedAt})
          </h2>
          <Form method="post" className="mt-3">
            <input type="hidden" name="kind" value={list.kind} />
            <ol className="space-y-3">
              {[...list.items, ...Array.from({ length: BLANK_ROWS }, () => null)].map((item, i) => {
                const f = (field: string) => `${list.kind}-${i}-${field}`;
                return (
                  <li
                    key={i}
                    className="grid gap-2 border-b border-slate-100 pb-3 sm:grid-cols-[1fr_14rem_auto_10rem_10rem] sm:items-end"
                  >
                    <div>
                      <label htmlFor={f("name")} className="block text-sm font-semibold">
                        {item ? `Item ${i + 1}` : "New item"}
                      </label>
                      <input
                        id={f("name")}
                        name={`items[${i}].name`}
                        defaultValue={item?.name ?? ""}
                        maxLength={120}
                        className={inputClass}
                      />
                    </div>
                    <div>
                      <label htmlFor={f("due")} className="block text-sm font-semibold">
                        Due by
                      </label>
                      <select
                        id={f("due")}
                        name={`items[${i}].dueBy`}
                        defaultValue={item?.dueBy ?? 1}
                        className={inputClass}
                      >
                        {list.steps.map((step, s) => (
                          <option key={step} value={s + 1}>
                            {step}
                          </option>
                        ))}
                      </select>
                    </div>
                    <label className="flex min-h-11 items-center gap-2 text-sm">
                      <input type="checkbox" name={`items[${i}].required`} defaultChecked={item?.required ?? true} />
                      Required
                    </label>
                    <div>
                      <label htmlFor={f("kind")} className="block text-sm font-semibold">
                        Met by the signed
                      </label>
                      <select
                        id={f("kind")}
                        name={`items[${i}].agreementKind`}
                        defaultValue={item?.agreementKind ?? ""}
                        className={inputClass}
                      >
                        <option value="">(an upload)</option>
                        <option value="listing">Listing agreement</option>
                        <option value="buyer">Buyer agreement</option>
                      </select>
                    </div>
                    <div>
                      <label htmlFor={f("when")} className="block text-sm font-semibold">
                        Required
                      </label>
                      <select
                        id={f("when")}
                        name={`items[${i}].requiredWhen`}
                        defaultValue={item?.requiredWhen ?? ""}
                        className={inputClass}
                      >
                        <option value="">For every home</option>
                        <option value="built_before_1978">Built before 1978</option>
                      </select>
                    </div>
                  </li>
                );
              })}
            </ol>
            <SubmitButton pendingLabel="Saving..." className={`mt-4 ${buttonPrimary}`}>
              Save the {list.kind} checklist
            </SubmitButton>
          </Form>
        </section>
      ))}
    </div>
  );
}

export function ErrorBoundary() {
  return <AccessErrorBoundary />;
}
