/**
 * What the Offers and Tours sections say when a purchase has no buyer representation agreement in force
 * (app/models/buyer-agreement.server.ts `buyerAgreementNeed`): the client's signature is missing (the way to sign
 * it), or they have signed and it waits for the countersignature (nothing for them to do: the countersigner is
 * told; staff get the way to sign it).
 */
import { WAITING_FOR_BROKER } from "~/lib/agreement-rules";

export type BuyerAgreementNeedView = { kind: "sign" | "countersign"; link: string } | null;

export function BuyerAgreementNotice({
  need,
  staff,
  what,
  testId,
}: {
  need: BuyerAgreementNeedView;
  staff: boolean;
  what: "An offer" | "A tour";
  testId: string;
}) {
  if (!need) return null;
  const box = "mt-3 rounded-md bg-amber-50 px-4 py-3 text-sm text-amber-900";
  if (need.kind === "countersign") {
    return (
      <p className={box} data-testid={testId}>
        {staff ? (
          <>
            The client has signed the buyer representation agreement; it waits for the countersignature.{" "}
            <a className="font-semibold underline" href={need.link}>
              Sign it
            </a>
          </>
        ) : (
          `${WAITING_FOR_BROKER}. You can ask once it is signed.`
        )}
      </p>
    );
  }
  return (
    <p className={box} data-testid={testId}>
      {staff
        ? `${what} needs the client's signed buyer representation agreement first (Civil Code §1670.50). `
        : `${what} needs your signed buyer representation agreement first (California law). `}
      <a className="font-semibold underline" href={staff ? "agreements" : need.link}>
        {staff ? "Prepare or send it" : "Review and sign it"}
      </a>
    </p>
  );
}
