/**
 * Fails a unit test that logs an unexpected console.error, as the browser
 * tests do. A test that expects one calls `expectConsoleError(pattern)` first.
 */
import { afterEach, beforeEach, expect, vi } from "vitest";

let calls: unknown[][] = [];
let expected: RegExp[] = [];

beforeEach(() => {
  calls = [];
  expected = [];
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    calls.push(args);
  });
});

afterEach(() => {
  const text = (args: unknown[]) => args.map((a) => (a instanceof Error ? a.message : String(a))).join(" ");
  const unexpected = calls.map(text).filter((line) => !expected.some((pattern) => pattern.test(line)));
  vi.mocked(console.error).mockRestore();
  expect(unexpected, "unexpected console.error").toEqual([]);
});

/** The test means to log an error matching `pattern`. */
export function expectConsoleError(pattern: RegExp) {
  expected.push(pattern);
}
