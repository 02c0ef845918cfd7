/**
 * What the server checks of a request body before any route reads it (it reads at most BODY_LIMIT_BYTES,
 * answering 413 past that): page actions take only forms, and a multipart body must parse. Each refusal
 * is a 4xx with a clear message, never a 500 from deep inside a route.
 */
export const BODY_LIMIT_BYTES = 1024 * 1024;

export const BODY_MESSAGES = {
  tooLarge: "The request is too large: the limit is 1 MB.",
  notAForm: "This page takes a form: send application/x-www-form-urlencoded or multipart/form-data.",
  badForm: "The form data could not be read.",
  unreadable: "The request body could not be read.",
} as const;

export type BodyRefusal = { status: 400 | 413 | 415; message: string };

const WITHOUT_BODY = new Set(["GET", "HEAD", "OPTIONS"]);

/** The refusal of a request's body, or null when routes may read it. */
export async function checkBody(request: {
  method: string;
  path: string;
  contentType: string | undefined;
  body: Buffer | undefined;
}): Promise<BodyRefusal | null> {
  if (WITHOUT_BODY.has(request.method.toUpperCase())) return null;
  const contentType = (request.contentType ?? "").trim();
  const mediaType = contentType.split(";")[0]!.trim().toLowerCase();
  const isApi = request.path.startsWith("/api/");
  if (mediaType === "multipart/form-data") {
    if (!/;\s*boundary=/i.test(contentType)) return { status: 400, message: BODY_MESSAGES.badForm };
    try {
      await new Response(new Uint8Array(request.body ?? Buffer.alloc(0)), {
        headers: { "content-type": contentType },
      }).formData();
    } catch {
      return { status: 400, message: BODY_MESSAGES.badForm };
    }
    return null;
  }
  if (isApi || mediaType === "application/x-www-form-urlencoded") return null;
  return { status: 415, message: BODY_MESSAGES.notAForm };
}
