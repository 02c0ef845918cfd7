/**
 * The sections of the two transaction pages (the client portal and the admin's workspace) each have an
 * action module beside this file, shared by both pages: documents, messages, milestones, the contract and
 * its deadlines, the transaction's details, the client's listings, the person's own settings. A page's
 * action names the sections it shows and calls `sectionAction`, which hands a form to the section whose
 * intent it carries (app/lib/intents.ts), an upload (the pages' only multipart form) to the documents, and
 * answers any other intent with 400. Each section answers the way every page action does
 * (app/infra/page-action.server.ts): a redirect back to its own part of the page, or its form again.
 *
 * Back to where the person acted: a browser without JavaScript posts the form as a page and lands on the
 * section's anchor (`/client-portal#listings`); with JavaScript the form is a fetch whose forms keep their
 * scroll position (`preventScrollReset`), and the redirect carries no anchor, which would make the page
 * jump to the section's top. The browser says which it is (`Sec-Fetch-Mode: navigate` for a page).
 */
import type { data } from "@remix-run/node";
import type { output, ZodTypeAny } from "zod";
import type { Db } from "~/db/client.server";
import type { User } from "~/db/schema";
import { readForm } from "~/infra/http.server";
import { intentOf, unknownIntent } from "~/infra/page-action.server";
import { isMultipart } from "~/infra/upload.server";
import { InvalidInputError } from "~/lib/errors";

export type SectionContext = {
  db: Db;
  actor: User;
  /** The page's transaction: the portal's active one (undefined when it has none), the workspace's. */
  transactionId: number | undefined;
  /** The page's path: a section comes back to its own anchor on it. */
  back: string;
  /** The form came as a page (no JavaScript): the answer goes to the section's anchor. */
  asPage?: boolean;
};

export type SectionAnswer = Response | ReturnType<typeof data>;

export type Section<I extends Record<string, string>> = {
  intents: I;
  act(ctx: SectionContext, intent: I[keyof I], formData: FormData): Promise<SectionAnswer>;
  /** The section that takes the page's multipart form (the documents' upload). */
  upload?(ctx: SectionContext, request: Request): Promise<SectionAnswer>;
  /** Which multipart forms are its own (a listing's photos post to `?photos`); without it, any. */
  takesUpload?(request: Request): boolean;
};

/** Any section, as a page lists them. */
type PageSection = {
  intents: Record<string, string>;
  act(ctx: SectionContext, intent: string, formData: FormData): Promise<SectionAnswer>;
  upload?(ctx: SectionContext, request: Request): Promise<SectionAnswer>;
  takesUpload?(request: Request): boolean;
};

export async function sectionAction(request: Request, page: SectionContext, sections: PageSection[]) {
  const ctx = { ...page, asPage: (request.headers.get("sec-fetch-mode") ?? "navigate") === "navigate" };
  if (isMultipart(request)) {
    const uploads = sections.find((section) => section.upload && (section.takesUpload?.(request) ?? true));
    return uploads?.upload ? uploads.upload(ctx, request) : unknownIntent();
  }
  const formData = await readForm(request);
  for (const section of sections) {
    const intent = intentOf(formData, section.intents);
    if (intent !== null) return section.act(ctx, intent, formData);
  }
  return unknownIntent();
}

/**
 * A section as one page offers it: only these of its intents (a page answers only the forms it shows, 400
 * for any other, whoever posts: the portal shows no Restore and no Hide, though the section has them).
 */
export function only<I extends Record<string, string>, K extends keyof I>(
  section: Section<I>,
  ...keys: K[]
): Section<Pick<I, K>> {
  const intents = Object.fromEntries(keys.map((k) => [k, section.intents[k]])) as Pick<I, K>;
  return { ...section, intents, act: (ctx, intent, formData) => section.act(ctx, intent, formData) };
}

/** The page's path, with a section's anchor when the form came as a page. */
export const backTo = (ctx: SectionContext, anchor: string) =>
  ctx.asPage === false ? ctx.back : `${ctx.back}#${anchor}`;

/**
 * A section's plain form read with its zod schema; a refusal names the first problem (the section answers it
 * with a toast, `refuse`), with every field's messages.
 */
export function parseSectionForm<S extends ZodTypeAny>(schema: S, value: unknown): output<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const { formErrors, fieldErrors } = parsed.error.flatten();
  const first = formErrors[0] ?? (Object.values(fieldErrors).flat()[0] as string | undefined) ?? "Check the form";
  throw new InvalidInputError(first, fieldErrors as Record<string, string[]>);
}
