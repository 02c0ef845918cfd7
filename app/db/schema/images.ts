/**
 * Images uploaded (a blog's, an agent's photo, a listing's): one row per image, its WebP widths in `variants`.
 */
import { sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt } from "~/db/schema/columns";
import { userRef } from "~/db/schema/people";

/**
 * A blog image uploaded in the editor, re-encoded to WebP at each of IMAGE_WIDTHS (app/lib/upload-rules.ts)
 * and served publicly at /images/{id}-{width}.webp. `variants`: each file's real size (a small original
 * is never enlarged).
 */
export const images = sqliteTable("images", {
  id: text("id").primaryKey(),
  variants: text("variants", { mode: "json" }).$type<ImageVariant[]>().notNull(),
  uploadedBy: userRef("uploaded_by"),
  createdAt: createdAt(),
});

export type ImageVariant = { name: number; width: number; height: number; size: number };

export type Image = typeof images.$inferSelect;
