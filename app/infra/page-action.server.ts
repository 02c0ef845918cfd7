/**
 * How a page action answers when it cannot do what was asked: one way on every page.
 *
 * - `intentOf(formData, intents)` reads the form's intent (its submit button's `name="intent"`) among the
 *   page's own (app/lib/intents.ts); `unknownIntent()` answers any other with 400.
 * - Form fields that fail their schema are not refusals: the action answers `submission.reply()` with 400
 *   and Conform shows each message under its field.
 * - `refuse(error, ...)`: a model refused (its status by `statusOf`, app/lib/errors.ts: 404, 403, 400) or
 *   something broke (500, logged as an error). The person is told with a toast, the spec's own words where
 *   it has them ('Failed to update milestone'):
 *   - with `back`, after a redirect to that page (post/redirect/get), for a button without fields
 *     (Initialize Milestones, Pause); `toast: null` tells nothing (the spec's favorite and delete);
 *   - without it, the page answers with the status and `{ refusal }` in its action data, so a form is shown
 *     again with what was typed and the message beside it.
 */
import { data, redirect } from "@remix-run/node";
import { redirectWithToast, type ToastInput } from "~/infra/flash-toast.server";
import { statusOf } from "~/lib/errors";

/** What a refused page action tells its page (action data), besides its own fields. */
export type Refusal = { status: number; toast: { id: string; title?: string; description: string } | null };

/** The form's intent, if it is one of the page's; null otherwise. */
export function intentOf<T extends Record<string, string>>(formData: FormData, intents: T): T[keyof T] | null {
  const intent = formData.get("intent");
  return Object.values(intents).includes(intent as string) ? (intent as T[keyof T]) : null;
}

/** 400: the form asked for something this page does not do. */
export const unknownIntent = () => data({ message: "Unknown action" }, { status: 400 });

/** 400 for a form whose fields are not this page's (a tampered or outdated form), with a message. */
export const badForm = (message: string) => data({ message }, { status: 400 });

/** A destructive toast with the error's own words (a 4xx), or a general one (a 500). */
const toastOf = (error: unknown, status: number | null): ToastInput => ({
  title: "Error",
  description:
    status !== null && error instanceof Error ? error.message : "Something went wrong. Please try again in a moment.",
  variant: "destructive",
});

export function refuse(error: unknown, options: { back: string; toast?: ToastInput | null }): Promise<Response>;
export function refuse<T extends Record<string, unknown>>(
  error: unknown,
  options: { toast?: ToastInput | null; data?: T },
): ReturnType<typeof data<T & { refusal: Refusal }>>;
export function refuse(
  error: unknown,
  options: { back?: string; toast?: ToastInput | null; data?: Record<string, unknown> },
): Promise<Response> | ReturnType<typeof data> {
  const status = statusOf(error);
  if (status === null) console.error("[action] failed:", error);
  else console.info(`[action] refused (${status}):`, (error as Error).message);
  const toast = options.toast === undefined ? toastOf(error, status) : options.toast;
  if (options.back !== undefined) {
    return toast ? redirectWithToast(options.back, toast) : Promise.resolve(redirect(options.back));
  }
  const refusal: Refusal = {
    status: status ?? 500,
    toast: toast ? { id: crypto.randomUUID(), title: toast.title, description: toast.description } : null,
  };
  return data({ ...options.data, refusal }, { status: status ?? 500 });
}
