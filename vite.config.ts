import { vitePlugin as remix } from "@remix-run/dev";
import { defineConfig } from "vite";
import { compression, defineAlgorithm } from "vite-plugin-compression2";
import tsconfigPaths from "vite-tsconfig-paths";

declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
  }
}

/**
 * Small modules shared by many routes go into one chunk: fewer requests and
 * less per-chunk overhead on the landing page, whose JavaScript budget
 * npm run bench checks (docs/decisions/010-first-paint.md).
 */
const SHARED =
  /\/app\/(lib\/(seo|pricing|format|toast-rules)|hooks\/(use-hydrated|use-pending)|components\/(error-boundary|toast-provider|submit-button))\.tsx?$/;

export default defineConfig(({ isSsrBuild }) => ({
  server: { host: "127.0.0.1" },
  build: {
    target: "es2022",
    // terser with three passes ships less gzipped JS than esbuild's minifier here (docs/benchmarks.md).
    minify: isSsrBuild ? false : "terser",
    terserOptions: { ecma: 2020, module: true, toplevel: true, compress: { passes: 3 }, format: { comments: false } },
    rollupOptions: isSsrBuild
      ? {}
      : { output: { manualChunks: (id: string) => (SHARED.test(id) ? "shared" : undefined) } },
  },
  plugins: [
    remix({
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_singleFetch: true,
        v3_lazyRouteDiscovery: true,
        v3_routeConfig: true,
      },
    }),
    tsconfigPaths(),
    // The browser's scripts, compressed once here at the best levels (brotli 11, gzip 9) and served as
    // they are (server/middleware.ts): compressing them on each request would cost CPU and ship more bytes.
    ...(isSsrBuild
      ? []
      : [
          compression({
            include: /\.(js|css)$/,
            algorithms: [defineAlgorithm("brotliCompress"), defineAlgorithm("gzip", { level: 9 })],
            logLevel: "silent",
          }),
        ]),
  ],
}));
