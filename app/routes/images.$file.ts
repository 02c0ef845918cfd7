import type { LoaderFunctionArgs } from "@remix-run/node";
import { imageResponse } from "~/infra/blog-images.server";
import { getDb } from "~/infra/database.server";
import { fileNotFound } from "~/infra/http.server";

/** GET /images/{id}-{width}.webp: a blog image's WebP file, public and cached a year; else 404. */
export async function loader({ params }: LoaderFunctionArgs) {
  return (await imageResponse(getDb(), params.file ?? "")) ?? fileNotFound();
}
