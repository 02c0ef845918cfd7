// The linter: ESLint's recommended rules, typescript-eslint, React hooks and accessibility (jsx-a11y), as the
// Epic Stack sets them up. Run by `npm test` with zero warnings allowed; a rule is changed here with its
// reason, never silenced line by line.
import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/**
 * The floors of app/ and what each may import (docs/decisions/013-layers.md): nothing imports from a floor
 * above it. `types` may be imported for their types only (a component typing the loader data it shows).
 */
const FOLDERS = [
  "domain",
  "config",
  "lib",
  "db",
  "emails",
  "models",
  "infra",
  "components",
  "hooks",
  "sections",
  "routes",
  "root",
  "entry.server",
];
const FLOORS = [
  { files: ["app/domain/**"], allow: [] },
  { files: ["app/config/**"], allow: ["config"] },
  { files: ["app/lib/**"], allow: ["domain", "lib"] },
  { files: ["app/db/**"], allow: ["domain", "db"] },
  { files: ["app/emails/**"], allow: ["domain", "config", "lib", "emails"] },
  { files: ["app/models/**"], allow: ["domain", "config", "lib", "db", "emails", "models"] },
  { files: ["app/infra/**"], allow: ["domain", "config", "lib", "db", "emails", "models", "infra"] },
  {
    files: ["app/components/**", "app/hooks/**"],
    allow: ["domain", "config", "lib", "components", "hooks"],
    types: ["root"],
  },
  {
    files: ["app/sections/**"],
    allow: ["domain", "config", "lib", "db", "models", "infra", "sections"],
    types: ["components"],
  },
  { files: ["server/**"], allow: ["config", "lib"], types: ["entry.server"] },
];
const floorRules = FLOORS.map(({ files, allow, types = [] }) => ({
  files,
  rules: {
    "@typescript-eslint/no-restricted-imports": [
      "error",
      {
        patterns: FOLDERS.filter((folder) => !allow.includes(folder)).map((folder) => ({
          group: [`~/${folder}`, `~/${folder}/*`],
          message: `A floor above this one (docs/decisions/013-layers.md).`,
          allowTypeImports: types.includes(folder),
        })),
      },
    ],
  },
}));

export default tseslint.config(
  { ignores: ["build/", "data/", "node_modules/", "tests/.tmp/", "test-results/", "playwright-report/", "public/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      // `_name` marks a value left out on purpose (a destructured field, an unused parameter).
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", ignoreRestSiblings: true },
      ],
      // Type-only imports stay type-only, so a server module never reaches the browser bundle by a type.
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      // Off: names, redirect paths and header values are cleaned of control characters on purpose, and
      // matching them is what those regular expressions are for (app/lib/safe-redirect.ts, mail-text.ts).
      "no-control-regex": "off",
    },
  },
  {
    files: ["**/*.tsx"],
    plugins: { "react-hooks": reactHooks, "jsx-a11y": jsxA11y },
    rules: {
      // The two rules of hooks. react-hooks 7's recommended set adds the React Compiler's rules, which
      // assume the compiler rewrites components; this project does not use it.
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
      ...jsxA11y.flatConfigs.recommended.rules,
      // Off: a listing's photo is announced as "Photo of <address>" (tests/e2e/portal.spec.ts): the
      // address alone would read as if the picture were the address.
      "jsx-a11y/img-redundant-alt": "off",
    },
  },
  ...floorRules,
  {
    // The demo provider's sign-in page has one purpose, its e-mail field, which takes the focus; the contact
    // form, answered again by the server after a refused send, puts the focus on the first field in error
    // (without JavaScript, autofocus is the only way to).
    files: ["app/infra/local-oidc-provider.server.tsx", "app/components/contact-form.tsx"],
    rules: { "jsx-a11y/no-autofocus": "off" },
  },
);
