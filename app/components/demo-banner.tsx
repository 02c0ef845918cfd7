/**
 * Shown on every page when the password-less demo sign-in runs on a public URL
 * (DEMO_SIGN_IN=true): anyone can sign in as anyone, so nobody should enter
 * real personal data. Never shown on localhost, where the demo is the default.
 */
export function DemoSignInBanner() {
  return (
    <p
      role="note"
      className="bg-amber-300 px-4 py-2 text-center text-sm font-semibold text-amber-950"
      data-testid="demo-banner"
    >
      This site runs a demo sign-in: anyone can sign in with any e-mail address. Do not enter real personal information.
    </p>
  );
}
