import { defaultClientConditions, defineConfig } from 'vite'
import react from '@vitejs/plugin-react'

// The console is served under /ui/ by the platform; `npm run dev` proxies the API to
// PLATFORM_URL (default: the reference server that `npm start` runs).
const platform = process.env.PLATFORM_URL ?? 'http://127.0.0.1:8082'

const layerSuffix = (module: string | null) =>
  module?.includes('/commands/effects/') ? 'Effects' : module?.includes('/adapters/http/') ? 'Api' : ''

export default defineConfig({
  base: '/ui/',
  plugins: [react()],
  // rxjs publishes its ES2015 build under the `es2015` export condition; without it the bundle
  // gets the ES5 build and its tslib helpers (~4 KB gzip more on the first load).
  resolve: { conditions: ['es2015', ...defaultClientConditions] },
  build: {
    outDir: 'dist',
    sourcemap: true,
    target: 'es2022',
    rolldownOptions: {
      output: {
        // An area's lazily loaded effects and API get their own names (`packagesEffects`,
        // `adminApi`), apart from its UI chunk (`packages`, `admin`).
        chunkFileNames: (chunk) => `assets/[name]${layerSuffix(chunk.facadeModuleId)}-[hash].js`,
        codeSplitting: { groups: [{ name: 'initial', tags: ['$initial'] }] },
      },
    },
  },
  server: {
    host: '127.0.0.1',
    proxy: { '/ui/api': { target: platform, changeOrigin: true, secure: true } },
  },
})
