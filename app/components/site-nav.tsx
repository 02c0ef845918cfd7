/**
 * The sticky top navigation (docs/spec.md §2), with the net sheet and the cash to close after the
 * spec's anchors, then our agents, the homes we sold and the reviews. Below 1280 px (where the eleven items no
 * longer fit a line) a right-side menu holds
 * the same items; it opens and closes without JavaScript (:target) and, with
 * JavaScript, as a focus-managed panel that closes after a choice or on Escape.
 */
import { Link } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState } from "react";

const anchors = [
  { href: "/#home", label: "Home" },
  { href: "/#pricing", label: "Pricing" },
  { href: "/#calculator", label: "Calculator" },
  { href: "/#contact", label: "Contact" },
] as const;

/**
 * The estimate pages, beside the spec's anchors (docs/decisions/032-first-deal.md), and the proof: our
 * agents, the homes we sold, what our clients say.
 */
const estimatePages = [
  { to: "/net-sheet", label: "Net Sheet" },
  { to: "/cash-to-close", label: "Cash to Close" },
  { to: "/agents", label: "Agents" },
  { to: "/homes", label: "Homes" },
  { to: "/sold", label: "Sold" },
  { to: "/reviews", label: "Reviews" },
] as const;

const buttonPrimary =
  "inline-flex items-center justify-center rounded-md bg-brand-600 px-3 py-2 text-sm font-semibold text-white hover:bg-brand-700 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2";
const buttonOutline =
  "inline-flex items-center justify-center rounded-md border border-brand-600 px-3 py-2 text-sm font-semibold text-brand-700 hover:bg-brand-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2";

export function SiteNav({ brand }: { brand: string }) {
  const [open, setOpen] = useState(false);
  const toggleRef = useRef<HTMLAnchorElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);

  const close = useCallback((returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) toggleRef.current?.focus();
  }, []);

  useEffect(() => {
    if (!open) return;
    panelRef.current?.querySelector<HTMLElement>("a")?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") close(true);
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [open, close]);

  return (
    <header className="sticky top-0 z-50 border-b border-slate-200 bg-white">
      <nav aria-label="Main" className="mx-auto flex h-16 max-w-6xl items-center justify-between px-4">
        <Link to="/" className="mr-4 whitespace-nowrap text-lg font-bold text-brand-900" prefetch="intent">
          {brand}
        </Link>
        <div className="hidden items-center gap-3 xl:flex">
          {anchors.map((a) => (
            <a key={a.href} href={a.href} className="text-sm font-medium text-slate-700 hover:text-brand-700">
              {a.label}
            </a>
          ))}
          {estimatePages.map((p) => (
            <Link
              key={p.to}
              to={p.to}
              prefetch="intent"
              className="whitespace-nowrap text-sm font-medium text-slate-700 hover:text-brand-700"
            >
              {p.label}
            </Link>
          ))}
          <Link to="/client-portal" className={`whitespace-nowrap ${buttonOutline}`}>
            Client Portal
          </Link>
          <Link to="/admin" className={buttonPrimary}>
            Admin
          </Link>
        </div>
        <a
          ref={toggleRef}
          href="#mobile-menu"
          role="button"
          aria-controls="mobile-menu"
          aria-expanded={open}
          className="inline-flex items-center rounded-md border border-slate-300 px-3 py-2 text-sm font-medium text-slate-800 xl:hidden"
          onClick={(event) => {
            event.preventDefault();
            setOpen((v) => !v);
          }}
        >
          <svg aria-hidden="true" width="20" height="20" viewBox="0 0 20 20" className="mr-1.5">
            <path d="M3 5h14M3 10h14M3 15h14" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
          Menu
        </a>
      </nav>
      <div
        id="mobile-menu"
        ref={panelRef}
        className="mobile-menu fixed inset-0 z-50 xl:hidden"
        data-open={open}
        aria-label="Menu"
        role="dialog"
        aria-modal={open ? true : undefined}
      >
        <a
          href="#close-menu"
          className="mobile-menu-backdrop absolute inset-0 bg-slate-900/40"
          aria-label="Close menu"
          tabIndex={-1}
          onClick={(event) => {
            event.preventDefault();
            close(true);
          }}
        />
        <div
          className="absolute inset-y-0 right-0 flex w-72 max-w-[85vw] flex-col gap-2 bg-white p-6 shadow-xl"
          data-testid="mobile-menu-panel"
        >
          <div className="mb-4 flex items-center justify-between">
            <span className="font-semibold text-brand-900">{brand}</span>
            <a
              href="#close-menu"
              role="button"
              className="rounded p-1 text-2xl leading-none text-slate-600"
              aria-label="Close menu"
              onClick={(event) => {
                event.preventDefault();
                close(true);
              }}
            >
              ×
            </a>
          </div>
          {anchors.map((a) => (
            <a
              key={a.href}
              href={a.href}
              className="rounded px-2 py-2 font-medium text-slate-800 hover:bg-slate-100"
              onClick={() => close(false)}
            >
              {a.label}
            </a>
          ))}
          {estimatePages.map((p) => (
            <Link
              key={p.to}
              to={p.to}
              className="rounded px-2 py-2 font-medium text-slate-800 hover:bg-slate-100"
              onClick={() => close(false)}
            >
              {p.label}
            </Link>
          ))}
          <Link to="/client-portal" className={`${buttonOutline} mt-4`} onClick={() => close(false)}>
            Client Portal
          </Link>
          <Link to="/admin" className={buttonPrimary} onClick={() => close(false)}>
            Admin Dashboard
          </Link>
        </div>
      </div>
    </header>
  );
}
