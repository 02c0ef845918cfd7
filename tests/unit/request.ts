/** Helpers to call route loaders and actions directly with a Request, as Remix does. */
import type { User } from "~/db/schema";
import { sessionStorage } from "~/infra/session.server";

export const ORIGIN = "http://localhost:3000";

/** A cookie header that signs `user` in (a real session row and its signed cookie). */
export async function sessionCookie(user: Pick<User, "id">): Promise<string> {
  const storage = sessionStorage();
  const session = await storage.getSession();
  session.set("userId", user.id);
  return (await storage.commitSession(session)).split(";")[0]!;
}

/** A same-origin form post to `path`, signed in as `user` when given. */
export async function formPost(
  path: string,
  fields: Record<string, string>,
  user?: Pick<User, "id">,
): Promise<Request> {
  const headers = new Headers({ origin: ORIGIN });
  if (user) headers.set("cookie", await sessionCookie(user));
  return new Request(`${ORIGIN}${path}`, { method: "POST", headers, body: new URLSearchParams(fields) });
}

export async function get(path: string, user?: Pick<User, "id">): Promise<Request> {
  const headers = new Headers();
  if (user) headers.set("cookie", await sessionCookie(user));
  return new Request(`${ORIGIN}${path}`, { headers });
}

type Answer = { status: number; headers: Headers; data: unknown };

/**
 * What a loader or action answered or threw, in one shape: a Response, or
 * Remix's `data()` (a DataWithResponseInit), or plain data (200).
 */
export async function answer(run: () => Promise<unknown>): Promise<Answer> {
  let result: unknown;
  try {
    result = await run();
  } catch (thrown) {
    result = thrown;
    if (!(thrown instanceof Response) && !isDataWithInit(thrown)) throw thrown;
  }
  if (result instanceof Response) {
    const text = await result.text();
    let data: unknown = text;
    try {
      data = text ? JSON.parse(text) : null;
    } catch {
      // not JSON
    }
    return { status: result.status, headers: result.headers, data };
  }
  if (isDataWithInit(result)) {
    return { status: result.init?.status ?? 200, headers: new Headers(result.init?.headers), data: result.data };
  }
  return { status: 200, headers: new Headers(), data: result };
}

function isDataWithInit(
  value: unknown,
): value is { type: "DataWithResponseInit"; data: unknown; init: ResponseInit | null } {
  return typeof value === "object" && value !== null && (value as { type?: string }).type === "DataWithResponseInit";
}

export const args = (request: Request, params: Record<string, string> = {}) => ({ request, params, context: {} });
