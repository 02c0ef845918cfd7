/**
 * The Radix toast region (loaded on demand by the toaster when the first toast
 * appears): 5000 ms, swipe right past 50 px, F8 focuses the region. Where it hides no
 * field and no button: over the site's sticky header, which holds neither (on a phone beside
 * its Menu button, covering the agency's name for five seconds; on a wide screen in its
 * middle, between the name and the links), never over the page, whose fields and buttons
 * stand anywhere (a bottom corner covered the left column's fields). Small type on a phone, so that a
 * title and two lines stay within the header's 64 px.
 */
import * as ToastPrimitive from "@radix-ui/react-toast";
import { TOAST_DURATION_MS, TOAST_HOTKEY, TOAST_SWIPE_THRESHOLD, type ClientToast } from "~/lib/toast-rules";

export type ShownToast = ClientToast & { open: boolean };

export const variantClass = {
  default: "border-slate-200 bg-white text-slate-900",
  destructive: "border-red-600 bg-red-600 text-white",
} as const;

export default function ToastViewport({
  toasts,
  onDismiss,
}: {
  toasts: ShownToast[];
  onDismiss: (id: string) => void;
}) {
  return (
    <ToastPrimitive.Provider duration={TOAST_DURATION_MS} swipeDirection="right" swipeThreshold={TOAST_SWIPE_THRESHOLD}>
      {toasts.map((t) => (
        <ToastPrimitive.Root
          key={t.id}
          open={t.open}
          onOpenChange={(open) => (open ? undefined : onDismiss(t.id))}
          type={t.variant === "destructive" ? "foreground" : "background"}
          className={`group pointer-events-auto relative flex w-full items-start justify-between gap-3 rounded-lg border px-3 py-1 pr-8 shadow-lg lg:py-1.5 data-[state=closed]:hidden data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=end]:hidden ${variantClass[t.variant]}`}
          data-variant={t.variant}
        >
          <div className="grid">
            {t.title ? (
              <ToastPrimitive.Title className="text-xs font-semibold leading-4 lg:text-sm lg:leading-5">
                {t.title}
              </ToastPrimitive.Title>
            ) : null}
            <ToastPrimitive.Description className="text-xs leading-4 opacity-90 lg:text-sm lg:leading-5">
              {t.description}
            </ToastPrimitive.Description>
          </div>
          <ToastPrimitive.Close
            aria-label="Close"
            className="absolute right-2 top-2 rounded p-1 text-current opacity-70 hover:opacity-100"
          >
            <span aria-hidden="true">×</span>
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      <ToastPrimitive.Viewport
        hotkey={TOAST_HOTKEY}
        className="fixed left-0 top-0 z-[100] flex w-[calc(100%-6.5rem)] flex-col p-1 lg:left-1/2 lg:p-1.5 lg:w-[34rem] lg:-translate-x-1/2"
      />
    </ToastPrimitive.Provider>
  );
}
