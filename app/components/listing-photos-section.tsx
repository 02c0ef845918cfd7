/**
 * A listing's photos (docs/listings.md), in the workspace and in the seller's portal: the upload (up to 10
 * at a time, 50 in all; JPEG, PNG, WebP or HEIC of 25 MB at most), and each photo with its place and its description
 * for those who cannot see it (alt text), saved or removed one at a time. Forms work without JavaScript.
 */
import { Form } from "@remix-run/react";
import { inputClass } from "~/components/field-shell";
import { PageSection } from "~/components/page-section";
import { buttonOutline, SubmitButton } from "~/components/submit-button";
import { photoIntents } from "~/lib/intents";

export type PhotoData = { id: number; position: number; src: string; thumb: string; srcSet: string; alt: string };

export function ListingPhotosSection({ path, photos }: { path: string; photos: PhotoData[] }) {
  return (
    <PageSection
      id="listing-photos"
      title="Listing photos"
      aside={<span className="text-sm">{photos.length} of 50</span>}
    >
      {/* A new form once photos are added: its file input is empty again (with JavaScript the page is not reloaded). */}
      <Form
        key={photos.length}
        method="post"
        encType="multipart/form-data"
        action={`${path}?photos=1`}
        preventScrollReset
        className="mt-3 flex flex-wrap items-end gap-3"
      >
        <div>
          <label htmlFor="listing-photos-input" className="block text-sm font-semibold">
            Add photos (JPEG, PNG, WebP or HEIC; 25 MB each, 10 at a time)
          </label>
          <input
            id="listing-photos-input"
            name="photos"
            type="file"
            multiple
            accept="image/jpeg,image/png,image/webp,image/heic,image/heif"
            className="mt-1 block text-sm"
          />
        </div>
        <SubmitButton pendingLabel="Uploading...">Upload photos</SubmitButton>
      </Form>
      {photos.length === 0 ? (
        <p className="mt-3 text-sm text-slate-700">No photos yet. The first one is the page&apos;s main photo.</p>
      ) : (
        <ul className="mt-4 grid gap-4 sm:grid-cols-2" data-testid="listing-photo-list">
          {photos.map((p) => (
            <li key={p.id} className="flex min-w-0 flex-col gap-2 sm:flex-row sm:gap-3" data-testid="listing-photo">
              <img
                src={p.thumb}
                alt={p.alt || `Photo ${p.position}`}
                width={120}
                height={90}
                loading="lazy"
                className="h-[90px] w-[120px] shrink-0 rounded object-cover"
              />
              <div className="min-w-0 flex-1">
                <Form method="post" preventScrollReset className="space-y-1">
                  <input type="hidden" name="photoId" value={p.id} />
                  <label htmlFor={`photo-alt-${p.id}`} className="block text-xs font-semibold">
                    What it shows (alt text)
                  </label>
                  <input id={`photo-alt-${p.id}`} name="alt" defaultValue={p.alt} className={inputClass} />
                  <div className="flex flex-wrap items-end gap-2">
                    <div>
                      <label htmlFor={`photo-position-${p.id}`} className="block text-xs font-semibold">
                        Place
                      </label>
                      <input
                        id={`photo-position-${p.id}`}
                        name="position"
                        inputMode="numeric"
                        defaultValue={p.position}
                        className={`${inputClass} w-16`}
                      />
                    </div>
                    <SubmitButton intent={photoIntents.save} pendingLabel="Saving..." className={buttonOutline}>
                      Save
                    </SubmitButton>
                    <SubmitButton
                      intent={photoIntents.remove}
                      pendingLabel="Removing..."
                      className="px-2 py-2 text-sm font-semibold text-red-700 underline"
                    >
                      Remove
                    </SubmitButton>
                  </div>
                </Form>
              </div>
            </li>
          ))}
        </ul>
      )}
    </PageSection>
  );
}
