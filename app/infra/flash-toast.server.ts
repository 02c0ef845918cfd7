/**
 * Flash messages: a short-lived signed cookie carries one toast across a
 * redirect (post/redirect/get); the root loader reads and clears it.
 */
import { createCookieSessionStorage, redirect, type SessionStorage } from "@remix-run/node";
import { z } from "zod";
import { env } from "~/config/env.server";

export const toastSchema = z.object({
  id: z.string().default(() => crypto.randomUUID()),
  title: z.string().optional(),
  description: z.string(),
  variant: z.enum(["default", "destructive"]).default("default"),
});

export type Toast = z.infer<typeof toastSchema>;
export type ToastInput = z.input<typeof toastSchema>;

const KEY = "toast" as const;

type FlashData = { [KEY]: Toast };
let storage: SessionStorage<Record<string, never>, FlashData> | undefined;
function toastStorage() {
  if (!storage) {
    const config = env();
    storage = createCookieSessionStorage<Record<string, never>, FlashData>({
      cookie: {
        name: "__toast",
        httpOnly: true,
        sameSite: "lax",
        path: "/",
        secure: config.secureCookies,
        secrets: [config.SESSION_SECRET],
      },
    });
  }
  return storage;
}

export async function createToastHeaders(input: ToastInput) {
  const session = await toastStorage().getSession();
  session.flash(KEY, toastSchema.parse(input));
  return new Headers({ "set-cookie": await toastStorage().commitSession(session) });
}

export async function redirectWithToast(url: string, input: ToastInput, init?: ResponseInit) {
  const headers = new Headers(init?.headers);
  for (const cookie of (await createToastHeaders(input)).getSetCookie()) {
    headers.append("set-cookie", cookie);
  }
  return redirect(url, { ...init, headers });
}

/** The pending toast, if any, and the header that clears it. */
export async function getToast(request: Request) {
  const session = await toastStorage().getSession(request.headers.get("cookie"));
  const parsed = toastSchema.safeParse(session.get(KEY));
  const toast = parsed.success ? parsed.data : null;
  const headers = toast ? new Headers({ "set-cookie": await toastStorage().destroySession(session) }) : null;
  return { toast, headers };
}
