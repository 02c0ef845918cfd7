/**
 * One toast at a time (docs/spec.md §9). A server flash message arrives through the
 * root loader: before hydration (and with JavaScript off) it is a visible
 * role="status" banner; once hydrated it becomes a Radix toast, as do toasts
 * raised in the browser with `useToast()`. The Radix part is loaded with the
 * first toast, so pages that show none do not download it.
 */
import {
  createContext,
  lazy,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useRef,
  useState,
  type ReactNode,
} from "react";
import type { ShownToast } from "~/components/toast-viewport";
import { TOAST_LIMIT, TOAST_REMOVE_DELAY_MS, type ClientToast } from "~/lib/toast-rules";
import { useHydrated } from "~/hooks/use-hydrated";

const ToastViewport = lazy(() => import("~/components/toast-viewport"));

type ToastInput = Omit<ClientToast, "id" | "variant"> & Partial<Pick<ClientToast, "id" | "variant">>;
type Push = (toast: ToastInput) => void;

const ToastContext = createContext<Push>(() => {});
export const useToast = () => useContext(ToastContext);

const bannerClass = {
  default: "border-slate-200 bg-white text-slate-900",
  destructive: "border-red-600 bg-red-600 text-white",
} as const;

export function FlashBanner({ toast }: { toast: ClientToast }) {
  return (
    <div
      role="status"
      className={`mx-auto mt-4 max-w-3xl rounded-lg border px-4 py-3 shadow-sm ${bannerClass[toast.variant]}`}
      data-flash
    >
      {toast.title ? <p className="font-semibold">{toast.title}</p> : null}
      <p className="text-sm">{toast.description}</p>
    </div>
  );
}

export function ToastProvider({ flash, children }: { flash: ClientToast | null; children: ReactNode }) {
  const hydrated = useHydrated();
  const [toasts, setToasts] = useState<ShownToast[]>([]);
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());

  const push = useCallback<Push>((input) => {
    const toast: ShownToast = {
      id: input.id ?? crypto.randomUUID(),
      title: input.title,
      description: input.description,
      variant: input.variant ?? "default",
      open: true,
    };
    setToasts((current) =>
      current.some((t) => t.id === toast.id && t.open) ? current : [toast, ...current].slice(0, TOAST_LIMIT),
    );
  }, []);

  useEffect(() => {
    if (flash) push(flash);
  }, [flash, push]);

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach(clearTimeout);
  }, []);

  const dismiss = useCallback((id: string) => {
    setToasts((current) => current.map((t) => (t.id === id ? { ...t, open: false } : t)));
    timers.current.set(
      id,
      setTimeout(() => {
        setToasts((current) => current.filter((t) => t.id !== id));
        timers.current.delete(id);
      }, TOAST_REMOVE_DELAY_MS),
    );
  }, []);

  return (
    <ToastContext.Provider value={push}>
      {!hydrated && flash ? <FlashBanner toast={flash} /> : null}
      {children}
      {toasts.length > 0 ? (
        <Suspense fallback={null}>
          <ToastViewport toasts={toasts} onDismiss={dismiss} />
        </Suspense>
      ) : null}
    </ToastContext.Provider>
  );
}
