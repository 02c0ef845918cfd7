/**
 * A modal dialog opened by the URL (e.g. ?dialog=add-property): the server
 * renders it open, so it exists without JavaScript (its Cancel is a link to
 * `closeHref`); with JavaScript it is a Radix modal whose closing navigates to
 * `closeHref`. The content is rendered in place (no portal) so it is in the HTML.
 */
import * as Dialog from "@radix-ui/react-dialog";
import { useNavigate } from "@remix-run/react";
import type { ReactNode } from "react";

/** Its width from a small screen up (on a phone it takes the whole screen). */
const widths = { md: "sm:w-[min(32rem,94vw)]", lg: "sm:w-[min(36rem,94vw)]" } as const;

export function UrlDialog({
  id,
  title,
  closeHref,
  describedBy,
  size = "lg",
  children,
}: {
  id: string;
  title: string;
  closeHref: string;
  describedBy?: string;
  size?: keyof typeof widths;
  children: ReactNode;
}) {
  const navigate = useNavigate();
  const titleId = `${id}-title`;
  return (
    <Dialog.Root
      open
      onOpenChange={(open) => (open ? undefined : navigate(closeHref, { replace: true, preventScrollReset: true }))}
    >
      <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
      <Dialog.Content
        // Radix names the dialog only once mounted; naming it here keeps the no-JS HTML accessible.
        aria-labelledby={titleId}
        aria-describedby={describedBy}
        // A phone: the whole screen (nothing of the page shows around it); wider screens: a centred box.
        className={`fixed inset-0 z-50 overflow-y-auto bg-white p-6 sm:inset-auto sm:left-1/2 sm:top-1/2 sm:max-h-[90vh] ${widths[size]} sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-xl sm:shadow-2xl`}
      >
        <Dialog.Title id={titleId} className="text-xl font-bold text-brand-900">
          {title}
        </Dialog.Title>
        {children}
      </Dialog.Content>
    </Dialog.Root>
  );
}
