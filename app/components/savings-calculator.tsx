/**
 * The savings calculator (docs/spec.md §2, §5, §9). Without JavaScript it is a GET form
 * whose result the server renders (/?homeValue=750000#calculator); with
 * JavaScript it formats the digits and recalculates on every keystroke.
 */
import { buttonPrimary } from "~/components/submit-button";
import { useState } from "react";
import { apiWholeDollars, formatMoney } from "~/lib/money";
import { calculateSavings, formatHomeValueInput, parseHomeValue, TIERS, type Savings } from "~/lib/pricing";
import { useHydrated } from "~/hooks/use-hydrated";

export function SavingsCalculator({ initialValue }: { initialValue: string }) {
  const hydrated = useHydrated();
  const [value, setValue] = useState(initialValue);
  const result = calculateSavings(parseHomeValue(value));

  return (
    <section id="calculator" aria-labelledby="calculator-title" className="scroll-mt-16 bg-white px-4 py-16">
      <div className="mx-auto max-w-4xl">
        <h2 id="calculator-title" className="text-center text-3xl font-bold text-brand-900">
          Calculate Your Savings
        </h2>
        <p className="mt-3 text-center text-slate-600">
          See what a flat fee saves you compared with a traditional 3% listing commission.
        </p>
        <form
          method="get"
          action="/#calculator"
          className="mx-auto mt-8 max-w-md"
          onSubmit={(event) => {
            if (hydrated) event.preventDefault();
          }}
        >
          <label htmlFor="homeValue" className="block font-semibold text-slate-800">
            Enter your home's value:
          </label>
          <div className="mt-2 flex gap-2">
            <div className="relative flex-1">
              <span
                className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-slate-500"
                aria-hidden="true"
              >
                $
              </span>
              <input
                id="homeValue"
                name="homeValue"
                type="text"
                inputMode="numeric"
                autoComplete="off"
                placeholder="500,000"
                value={value}
                onChange={(event) => setValue(formatHomeValueInput(event.target.value))}
                className="w-full rounded-md border border-slate-300 py-3 pl-7 pr-3 text-lg focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30"
              />
            </div>
            {hydrated ? null : (
              <button
                type="submit"
                className="rounded-md bg-brand-600 px-4 py-3 font-semibold text-white hover:bg-brand-700"
              >
                Calculate
              </button>
            )}
          </div>
        </form>
        {/* No space is held for the cards before a value is typed: a line says what will show. */}
        <div aria-live="polite" className="mt-8">
          {result ? (
            <Results result={result} />
          ) : (
            <p className="text-center text-sm text-slate-600" data-testid="calculator-empty">
              Type your home's value to see a 3% commission, our flat fee and what you save.
            </p>
          )}
        </div>
      </div>
    </section>
  );
}

function Results({ result }: { result: Savings }) {
  const tier = TIERS.find((t) => t.tier === result.tier)!;
  const negative = result.savingsCents < 0;
  return (
    <div>
      <div className="grid gap-4 sm:grid-cols-3" data-testid="calculator-results">
        <div className="rounded-xl border border-slate-200 bg-slate-50 p-5 text-center">
          <h3 className="text-sm font-semibold text-slate-600">Traditional 3% Commission</h3>
          <p className="mt-2 text-2xl font-bold text-slate-900" data-testid="traditional-fee">
            {formatMoney(result.traditionalFeeCents)}
          </p>
        </div>
        <div className="rounded-xl border border-brand-100 bg-brand-50 p-5 text-center">
          <h3 className="text-sm font-semibold text-brand-700">Our Flat Fee</h3>
          <p className="mt-2 text-2xl font-bold text-brand-900" data-testid="flat-fee">
            {formatMoney(result.flatFeeCents)}
          </p>
          <p className="mt-1 text-xs text-slate-600">{tier.name}</p>
        </div>
        <div
          className={`rounded-xl border p-5 text-center ${negative ? "border-amber-300 bg-amber-50" : "border-green-200 bg-green-50"}`}
        >
          <h3 className={`text-sm font-semibold ${negative ? "text-amber-800" : "text-green-800"}`}>
            Your Total Savings
          </h3>
          <p
            className={`mt-2 text-2xl font-bold ${negative ? "text-amber-900" : "text-green-900"}`}
            data-testid="savings"
          >
            {formatMoney(result.savingsCents)}
          </p>
          <p className={`mt-1 text-xs ${negative ? "text-amber-900" : "text-green-800"}`}>
            {negative
              ? "At this price a 3% commission costs less than our flat fee. Talk to us about what fits your sale."
              : "That's money back in your pocket!"}
          </p>
        </div>
      </div>
      <p className="mt-4 text-center text-xs text-slate-500">
        An estimate only, comparing a 3% listing commission with our flat fee. Commissions are negotiable; any
        buyer's-agent compensation is agreed separately.
      </p>
      <p className="mt-4 text-center">
        <a
          href={`/start-listing?price=${apiWholeDollars(result.homeValueCents)}`}
          className={buttonPrimary}
          data-testid="start-listing-from-calculator"
        >
          List at {formatMoney(result.homeValueCents)} for {formatMoney(result.flatFeeCents)}
        </a>
      </p>
      <p className="mt-3 text-center">
        <a
          href={`/net-sheet?price=${apiWholeDollars(result.homeValueCents)}`}
          className="font-semibold text-brand-700 underline"
        >
          See what you&apos;d walk away with
        </a>{" "}
        <span className="text-sm text-slate-600">: every cost of your sale, line by line.</span>
      </p>
    </div>
  );
}
