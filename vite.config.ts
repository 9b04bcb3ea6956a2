import { fileURLToPath } from 'node:url'
import { defaultClientConditions, defineConfig, type Plugin } from 'vite'
import react from '@vitejs/plugin-react'
import { execFileSync } from 'node:child_process'
import { precompress } from './scripts/precompress.ts'

// The commit a build comes from goes into every exported log's header (domain/build.ts).
function buildCommit(): string {
  if (process.env.BUILD_COMMIT) return process.env.BUILD_COMMIT
  try {
    return execFileSync('git', ['rev-parse', '--short=12', 'HEAD'], { encoding: 'utf8' }).trim()
  } catch {
    return 'unknown'
  }
}

// The console is served under /ui/ by the platform; `npm run dev` proxies the API to
// PLATFORM_URL (default: the reference server that `npm start` runs).
const platform = process.env.PLATFORM_URL ?? 'http://127.0.0.1:8082'

const layerSuffix = (module: string | null) =>
  module?.includes('/commands/effects/') ? 'Effects' : module?.includes('/adapters/http/') ? 'Api' : ''

// The one font file (tokens.css) is preloaded so the login page does not paint twice.
const preloadFont: Plugin = {
  name: 'preload-font',
  transformIndexHtml: {
    order: 'post',
    handler: (_html, ctx) =>
      Object.keys(ctx.bundle ?? {})
        .filter((file) => file.endsWith('.woff2'))
        .map((file) => ({
          tag: 'link',
          attrs: { rel: 'preload', as: 'font', type: 'font/woff2', href: `/ui/${file}`, crossorigin: '' },
          injectTo: 'head' as const,
        })),
  },
}

export default defineConfig({
  base: '/ui/',
  plugins: [react(), precompress('dist'), preloadFont],
  define: { __BUILD_COMMIT__: JSON.stringify(buildCommit()) },
  // rxjs publishes its ES2015 build under the `es2015` export condition; without it the bundle
  // gets the ES5 build and its tslib helpers (~4 KB gzip more on the first load).
  resolve: {
    conditions: ['es2015', ...defaultClientConditions],
    // wouter reaches useSyncExternalStore through the pre-React-18 shim; React 19 has its own.
    alias: [
      { find: /^use-sync-external-store\/shim(\/index\.js)?$/, replacement: 'react' },
      // rxjs's four tslib helpers as native async code (scripts/tslibNative.js says why).
      { find: /^tslib$/, replacement: fileURLToPath(new URL('./scripts/tslibNative.js', import.meta.url)) },
    ],
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    target: 'es2022',
    // tokens.css uses light-dark(); these browsers have it, so it is not lowered to a longer fallback.
    // Every browser of the es2022 target has <link rel=modulepreload>: no polyfill in the entry (~0.5 KB gzip).
    modulePreload: { polyfill: false },
    cssTarget: ['chrome123', 'edge123', 'firefox120', 'safari17.5'],
    rolldownOptions: {
      // domain/ and queries/ are pure (no module-level effects): a module reached only through an
      // area's index but used only by a lazily loaded chunk (the admin menu table, keyboard
      // shortcuts…) then goes with that chunk instead of the first load.
      treeshake: { moduleSideEffects: (id: string) => !/[\\/](domain|queries)[\\/]/.test(id) },
      output: {
        // An area's lazily loaded effects and API get their own names (`packagesEffects`,
        // `adminApi`), apart from its UI chunk (`packages`, `admin`).
        chunkFileNames: (chunk) => `assets/[name]${layerSuffix(chunk.facadeModuleId)}-[hash].js`,
        codeSplitting: {
          groups: [
            // What the entry needs in one file: every extra file of the first load is gzipped
            // on its own and costs more than the same bytes in the entry.
            { name: 'initial', tags: ['$initial'] },
            // The login screen and the session area's class names (shared with its other
            // screens) in the session chunk, rather than a chunk of their own.
            { name: 'session', test: /ui[\\/]session[\\/](index\.tsx|session\.module\.css)$/ },
          ],
        },
      },
    },
  },
  server: {
    host: '127.0.0.1',
    proxy: { '/ui/api': { target: platform, changeOrigin: true, secure: true } },
  },
})
