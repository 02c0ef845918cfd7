/**
 * A modal dialog opened by the URL (e.g. ?dialog=add-property): the server
 * renders it open, so it exists without JavaScript (its Cancel is a link to
 * `closeHref`); with JavaScript it is a Radix modal whose closing navigates to
 * `closeHref`. The content is rendered in place (no portal) so it is in the HTML.
 */
import * as Dialog from "@radix-ui/react-dialog";
import { useNavigate } from "@remix-run/react";
import type { ReactNode } from "react";

const widths = { md: "w-[min(32rem,94vw)]", lg: "w-[min(36rem,94vw)]" } as const;

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
        className={`fixed left-1/2 top-1/2 z-50 max-h-[90vh] ${widths[size]} -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-6 shadow-2xl`}
      >
        <Dialog.Title id={titleId} className="text-xl font-bold text-brand-900">
          {title}
        </Dialog.Title>
        {children}
      </Dialog.Content>
    </Dialog.Root>
  );
}
