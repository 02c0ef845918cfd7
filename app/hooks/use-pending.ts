import { useFetchers, useFormAction, useNavigation } from "@remix-run/react";

/**
 * True while a form of this route (or the given action) is being submitted or
 * its result is loading: the one source of pending labels ('Sending...').
 */
export function usePendingSubmission(options: { formAction?: string; intent?: string } = {}) {
  const routeAction = useFormAction();
  const formAction = options.formAction ?? routeAction;
  const navigation = useNavigation();
  const fetchers = useFetchers();
  const matches = (state: { formAction?: string; formMethod?: string; formData?: FormData }) =>
    state.formAction === formAction &&
    state.formMethod !== undefined &&
    state.formMethod.toUpperCase() !== "GET" &&
    (options.intent === undefined || state.formData?.get("intent") === options.intent);
  return (navigation.state !== "idle" && matches(navigation)) || fetchers.some((f) => f.state !== "idle" && matches(f));
}
