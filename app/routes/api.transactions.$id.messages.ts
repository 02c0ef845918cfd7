import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { getDb } from "~/infra/database.server";
import { requireUser } from "~/infra/guards.server";
import {
  idParam,
  jsonError,
  methodNotAllowed,
  modelCall,
  parseId,
  readJson,
  validationError,
} from "~/infra/http.server";
import { messageSchema } from "~/lib/message-schema";
import { listMessages, postMessage, toMessageJson } from "~/models/message.server";
import { getTransaction } from "~/models/permissions.server";

/**
 * GET /api/transactions/{id}/messages: the conversation, oldest first, the latest 50; `?before={id}` for
 * the 50 before that message, `?after={id}` for those after it (what an open page polls for). The
 * transaction's client and admins; another client 404, anonymous 401.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const id = idParam(params.id);
  const query = new URL(request.url).searchParams;
  const [before, after] = [query.get("before"), query.get("after")].map((v) => (v === null ? null : parseId(v)));
  if ((query.has("before") && before === null) || (query.has("after") && after === null)) {
    return jsonError(400, "before and after take a message id");
  }
  const page = modelCall(() => listMessages(getDb(), user, id, { before, after }));
  return Response.json(page.messages.map(toMessageJson));
}

/** POST /api/transactions/{id}/messages {body}: 201 with the message; 400 empty or over 5,000 characters. */
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  const user = await requireUser(request);
  const id = idParam(params.id);
  const db = getDb();
  modelCall(() => getTransaction(db, user, id)); // another client's thread is 404 before the body is judged
  const body = messageSchema.safeParse(await readJson(request));
  if (!body.success) return validationError(body.error);
  return Response.json(toMessageJson(modelCall(() => postMessage(db, user, id, body.data.body))), { status: 201 });
}
