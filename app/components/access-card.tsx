/**
 * The card shown when a page needs a sign-in or a role the visitor lacks.
 * Without JavaScript the message is a visible banner and a meta refresh (set by
 * the route's `meta`) sends the browser to the login path after 1 second; with
 * JavaScript the message is a toast and a timer does the same.
 */
import { useEffect } from "react";
import { FlashBanner, useToast } from "~/components/toast-provider";
import { useHydrated } from "~/hooks/use-hydrated";
import { card } from "~/components/card";

export const LOGIN_REDIRECT_DELAY_MS = 1000;

export function AccessCard(props: {
  cardTitle: string;
  cardText: string;
  toastTitle: string;
  toastText: string;
  action: { href: string; label: string };
  loginHref: string;
}) {
  const hydrated = useHydrated();
  const toast = useToast();
  const { toastTitle, toastText, loginHref } = props;

  useEffect(() => {
    toast({ id: `access:${toastTitle}`, title: toastTitle, description: toastText, variant: "destructive" });
    const timer = setTimeout(() => window.location.assign(loginHref), LOGIN_REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [toast, toastTitle, toastText, loginHref]);

  return (
    <div className="px-4 py-16">
      <noscript>
        <meta httpEquiv="refresh" content={`${LOGIN_REDIRECT_DELAY_MS / 1000};url=${loginHref}`} />
      </noscript>
      {hydrated ? null : (
        <FlashBanner toast={{ id: "access", title: toastTitle, description: toastText, variant: "destructive" }} />
      )}
      <section className={`mx-auto mt-8 max-w-md ${card} p-8 text-center shadow-sm`} aria-labelledby="access-title">
        <h1 id="access-title" className="text-2xl font-bold">
          {props.cardTitle}
        </h1>
        <p className="mt-3 text-slate-600">{props.cardText}</p>
        <a
          href={props.action.href}
          className="mt-6 inline-block rounded-md bg-brand-600 px-5 py-2 font-semibold text-white hover:bg-brand-700"
        >
          {props.action.label}
        </a>
      </section>
    </div>
  );
}
