/** Blog images: re-encoded to WebP at three widths, without metadata, served with a year's cache. */
import fs from "node:fs";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { blogPosts } from "~/db/schema";
import { eq } from "drizzle-orm";
import { Readable } from "node:stream";
import { fileStore } from "~/infra/file-store.server";
import { purgeImages } from "~/models/image.server";
import { action as newPost } from "~/routes/admin.blog.new";
import { loader as imageFile } from "~/routes/images.$file";
import { useAppDb } from "./db";
import { answer, args, ORIGIN, sessionCookie } from "./request";
import { IMAGE_WIDTHS, IMAGES_FOLDER, imageKey, imageSources } from "~/lib/images";

/** A phone photo: 2000×1500, with the camera and GPS position in its EXIF. */
const phonePhoto = () =>
  sharp({ create: { width: 2000, height: 1500, channels: 3, background: "#c08040" } })
    .jpeg()
    .withExif({ IFD0: { Make: "TestPhone", Model: "X" }, IFD3: { GPSLatitudeRef: "N", GPSLatitude: "32/1 42/1 0/1" } })
    .toBuffer();

async function postWithImage(cookie: string, title: string, image: { name: string; bytes: Buffer }) {
  const form = new FormData();
  form.append("title", title);
  form.append("content", "An article with a picture.");
  form.append("published", "on");
  form.append("image", new Blob([new Uint8Array(image.bytes)]), image.name);
  form.append("intent", "save");
  return answer(() =>
    newPost(
      args(
        new Request(`${ORIGIN}/admin/blog/new`, { method: "POST", body: form, headers: { cookie, origin: ORIGIN } }),
      ),
    ),
  );
}

describe("blog images", () => {
  const app = useAppDb();

  it("a JPEG becomes WebP at 400, 800 and 1600 px, without its EXIF, served publicly for a year", async () => {
    const source = await phonePhoto();
    expect((await sharp(source).metadata()).exif).toBeDefined();
    const saved = await postWithImage(await sessionCookie(app.admin), "Staging tips", {
      name: "IMG_1.jpg",
      bytes: source,
    });
    expect(saved.status).toBe(302);
    const post = app.db.select().from(blogPosts).where(eq(blogPosts.slug, "staging-tips")).get()!;
    expect(post.imageId).toMatch(/^[0-9a-f]{32}$/);
    for (const width of IMAGE_WIDTHS) {
      const response = (await imageFile(
        args(new Request(`${ORIGIN}/images/${post.imageId}-${width}.webp`), { file: `${post.imageId}-${width}.webp` }),
      )) as Response;
      expect(response.status).toBe(200);
      expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect(response.headers.get("content-type")).toBe("image/webp");
      const meta = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(["webp", width, (width * 3) / 4]);
      expect(meta.exif).toBeUndefined();
    }
    const missing = (await imageFile(
      args(new Request(`${ORIGIN}/images/${"0".repeat(32)}-400.webp`), { file: `${"0".repeat(32)}-400.webp` }),
    )) as Response;
    expect(missing.status).toBe(404);
  });

  it("an iPhone's HEIC is decoded and re-encoded; a small image is never enlarged and its sizes are listed once", async () => {
    const saved = await postWithImage(await sessionCookie(app.admin), "From the phone", {
      name: "IMG_2.HEIC",
      bytes: fs.readFileSync("tests/fixtures/photo.heic"),
    });
    expect(saved.status).toBe(302);
    const post = app.db.select().from(blogPosts).where(eq(blogPosts.slug, "from-the-phone")).get()!;
    const response = (await imageFile(
      args(new Request(`${ORIGIN}/x`), { file: `${post.imageId}-1600.webp` }),
    )) as Response;
    const meta = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["webp", 640, 480]);
    const variants = [400, 800, 1600].map((name) => ({ name, width: Math.min(name, 640), height: 0 }));
    expect(imageSources(post.imageId!, variants).srcSet).toBe(
      `/images/${post.imageId}-400.webp 400w, /images/${post.imageId}-800.webp 640w`,
    );
  });

  it("a file that is not an image comes back as the field's error, with the other fields kept and nothing saved", async () => {
    const refused = await postWithImage(await sessionCookie(app.admin), "Kept title", {
      name: "photo.jpg",
      bytes: Buffer.from("%PDF-1.4 not an image"),
    });
    expect(refused.status).toBe(400);
    const result = (
      refused.data as { result: { error: Record<string, string[]>; initialValue: Record<string, string> } }
    ).result;
    expect(result.error.image).toEqual(["This image type isn't accepted. Use JPEG, PNG, WebP or HEIC."]);
    expect(result.initialValue.title).toBe("Kept title");
    expect(app.db.select().from(blogPosts).where(eq(blogPosts.title, "Kept title")).all()).toEqual([]);
  });

  it("the retention: an image no post names a day after its upload goes, row and files; a used one stays", async () => {
    const cookie = await sessionCookie(app.admin);
    await postWithImage(cookie, "Kept", { name: "a.jpg", bytes: await phonePhoto() });
    const first = app.db.select().from(blogPosts).where(eq(blogPosts.slug, "kept")).get()!.imageId!;
    await postWithImage(cookie, "Other", { name: "b.jpg", bytes: await phonePhoto() });
    const other = app.db.select().from(blogPosts).where(eq(blogPosts.slug, "other")).get()!.imageId!;
    // The first article saved with the other image: the first image is no longer named.
    app.db.update(blogPosts).set({ imageId: other }).where(eq(blogPosts.slug, "kept")).run();
    const store = fileStore();
    const stray = `${IMAGES_FOLDER}/${"f".repeat(32)}-400.webp`;
    await store.put(IMAGES_FOLDER, Readable.from([Buffer.from("x")]), { key: stray });
    const files = async () => {
      const keys: string[] = [];
      for await (const f of store.list(IMAGES_FOLDER)) keys.push(f.key);
      return keys.sort();
    };
    // Within a day nothing goes.
    expect(await purgeImages(app.db, store, new Date())).toBe(0);
    expect((await files()).filter((k) => k.includes(first))).toHaveLength(3);
    // A day later: the unused image (row and its three files) and the stray file; the used one stays.
    const later = new Date(Date.now() + 25 * 3600_000);
    expect(await purgeImages(app.db, store, later)).toBe(1);
    expect(await files()).toEqual(IMAGE_WIDTHS.map((w) => imageKey(other, w)).sort());
  });
});
