import { defaultClientConditions, defineConfig, type Plugin } from 'vite'
import react from '@vitejs/plugin-react'
import { execFileSync } from 'node:child_process'
import { precompress } from './scripts/precompress.ts'
import { subsetFont } from './scripts/subsetFont.ts'

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

// The font's core face (tokens.css, scripts/subsetFont.ts) is preloaded so the login page does
// not paint twice; its extra face is fetched only by a page that draws one of its characters.
const preloadFont: Plugin = {
  name: 'preload-font',
  transformIndexHtml: {
    order: 'post',
    handler: (_html, ctx) =>
      Object.keys(ctx.bundle ?? {})
        .filter((file) => file.endsWith('.woff2') && !file.includes('inter-extra'))
        .map((file) => ({
          tag: 'link',
          attrs: { rel: 'preload', as: 'font', type: 'font/woff2', href: `/ui/${file}`, crossorigin: '' },
          injectTo: 'head' as const,
        })),
  },
}

// Which modules load with the main layout. The layout's chunk (MainLayout) and the chunks of
// the areas drawn inside it each imported a dozen small shared files (the search bar's rules,
// the kit's pieces, CSS modules' class maps, the top menus, the Select popup): each one a request
// on a signed-in user's first page (52 JS and CSS requests on the developer's landing, then 36).
// Every module statically reachable from the layout or from what every signed-in page loads
// lazily all the same (ON_EVERY_PAGE), libraries included, and the kit's pieces the areas share
// (KIT) go into the layout's chunk, unless a chunk that can load without the layout reaches it
// (the login family's screens, its account code, the toasts, the error page: OUTSIDE_LAYOUT).
// The packages area (a developer's landing) is one chunk in every layer (AREA_MODULE), and the
// topology's screens one. What the entry has is the `initial` group's first. Computed from the
// module graph once it is built (buildEnd), read by the groups' tests. A group takes its
// modules' dependencies too: a module shared with a chunk outside the layout needs a group of
// its own before (messages, kitBase), or that chunk would load the layout's; an area's group
// comes last, so what it shares has gone to the shared groups first.
// graphql-request's `graphql` imports, in the browser's build: its documents are text
// (adapters/graphql/documentsAsText.ts says why the parser and printer are left out).
const documentsAsText: Plugin = {
  name: 'graphql-documents-as-text',
  enforce: 'pre',
  resolveId(source, importer) {
    if (source === 'graphql' && importer && /node_modules[\\/]graphql-request[\\/]/.test(importer))
      return `${import.meta.dirname}/adapters/graphql/documentsAsText.ts`
    return null
  },
}

const layoutOnly = new Set<string>()
const outsideLayout = new Set<string>()
const lazyRoots = new Set<string>()
const OUTSIDE_LAYOUT =
  /[\\/]ui[\\/](session[\\/]|notifications[\\/]|errors[\\/]ErrorPage)|[\\/]domain[\\/]session[\\/]|[\\/](commands[\\/]effects|adapters[\\/]http)[\\/]account/
// The chrome's own code: its views and the search bar's rules (the search area's domain and
// effects, which only the search bar dispatches to). Not the other areas' domain code the
// layout's imports reach through the domain's index modules: that loads with their first command.
const CHROME_CODE = /[\\/]ui[\\/]|[\\/]domain[\\/]navigation[\\/]shortcuts\.ts$/
// The kit's pieces the areas share, and the API clients' one shared helper (saving a file): each
// was a file of its own on the landing (the brand marks' CSS and code, the checkbox, saveFile:
// four requests for 5 KB).
const KIT =
  /[\\/]ui[\\/]shared[\\/](kit[\\/](Button|Surface|Field|Tooltip|RelativeTime|Table|LoadFailure|CodeBlock|BrandMark|Checkbox|DateField|Select)\.tsx|kit[\\/](dateMessages|intent)\.ts|dates\.ts|failureText\.ts|sizes\.ts|packageLinks\.ts|ManagementNav\.tsx)$|[\\/]adapters[\\/]http[\\/]saveFile\.ts$/
const LAYOUT_ROOT = /[\\/]ui[\\/]chrome\.tsx$/
/**
 * Loaded lazily but on every signed-in page all the same: the search bar's decisions and
 * effects. In the layout's file they cost no request of their own. The top bar's menus, the
 * kit's Select popup, date picker and tooltips are not: they load when the user reaches for
 * one (ui/shared/kit/intent.ts), with their Radix parts and floating-ui.
 */
const ON_EVERY_PAGE =
  /[\\/](domain[\\/]search[\\/](decider|events|commandCodecs\.gen)\.ts|commands[\\/]effects[\\/]search\.ts)$/
const layoutAll = new Set<string>()
/**
 * The areas whose first screen is a signed-in user's landing, in one file: the modules their
 * manifest (ui/<area>/manifest.ts) asks for lazily as the screen and its first intent, with what
 * those import that no other area's chunk reaches (`screenOnly`). The packages list was the
 * area's index (1.7 KB brotli) and the list (5.2 KB), two requests of the landing's 13 files, each
 * waiting for one of HTTP/1.1's six connections. What another area reaches too (the packages
 * screens' common pieces, which the repositories area draws) stays where the split puts it: in
 * this file, that area would load the screen with it (the packages group reverted in 486582a).
 */
const LANDING_SCREENS = ['packages']
const screenOnly = new Map<string, string>()
const chromeGraph: Plugin = {
  name: 'chrome-graph',
  buildEnd() {
    const info = (id: string) => this.getModuleInfo(id)
    const ids = [...this.getModuleIds()]
    const closure = (roots: ReadonlyArray<string>) => {
      const seen = new Set<string>()
      const walk = (id: string) => {
        if (seen.has(id)) return
        seen.add(id)
        for (const next of info(id)?.importedIds ?? []) walk(next)
      }
      roots.forEach(walk)
      return seen
    }
    const dynamicRoots = new Set(ids.flatMap((id) => info(id)?.dynamicallyImportedIds ?? []))
    const outsideRoots = [...dynamicRoots].filter((id) => OUTSIDE_LAYOUT.test(id))
    const outside = closure(outsideRoots)
    const layout = closure(ids.filter((id) => LAYOUT_ROOT.test(id)))
    layoutOnly.clear()
    outsideLayout.clear()
    lazyRoots.clear()
    for (const id of dynamicRoots) lazyRoots.add(id)
    for (const id of outside) outsideLayout.add(id)
    for (const id of layout) if (!outside.has(id) && CHROME_CODE.test(id)) layoutOnly.add(id)
    layoutAll.clear()
    for (const id of closure(ids.filter((id) => LAYOUT_ROOT.test(id) || ON_EVERY_PAGE.test(id))))
      if (!outside.has(id)) layoutAll.add(id)
    for (const id of layoutOnly) layoutAll.add(id)
    for (const id of ids) if (KIT.test(id) && !outside.has(id)) layoutAll.add(id)
    screenOnly.clear()
    for (const area of LANDING_SCREENS) {
      const own = new RegExp(`[\\\\/]ui[\\\\/]${area}[\\\\/]`)
      const manifest = ids.find((id) => own.test(id) && /[\\/]manifest\.ts$/.test(id))
      const roots = (manifest ? (info(manifest)?.dynamicallyImportedIds ?? []) : []).filter((id) =>
        own.test(id),
      )
      // The area's own later screens (a package's page) load after its first: not "another area".
      const others = closure([...dynamicRoots].filter((id) => !own.test(id) && !OUTSIDE_LAYOUT.test(id)))
      for (const id of closure(roots))
        if (!others.has(id) && !outside.has(id) && !layoutAll.has(id) && !id.includes('node_modules'))
          screenOnly.set(id, area)
    }
    if (process.env.CHROME_GRAPH)
      console.error([...layoutOnly].map((id) => id.replace(process.cwd(), '')).join('\n'))
  },
}

export default defineConfig({
  base: '/ui/',
  plugins: [
    react(),
    documentsAsText,
    subsetFont(import.meta.dirname),
    precompress('dist'),
    preloadFont,
    chromeGraph,
  ],
  define: { __BUILD_COMMIT__: JSON.stringify(buildCommit()) },
  // rxjs publishes its ES2015 build under the `es2015` export condition; without it the bundle
  // gets the ES5 build and its tslib helpers (~4 KB gzip more on the first load).
  resolve: {
    conditions: ['es2015', ...defaultClientConditions],
    // wouter reaches useSyncExternalStore through the pre-React-18 shim; React 19 has its own.
    alias: [{ find: /^use-sync-external-store\/shim(\/index\.js)?$/, replacement: 'react' }],
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    // dist/.vite/manifest.json: which chunks and CSS each module needs, for the server's
    // preload hints on a signed-in user's page (server/ui/indexPage.ts). Not served (a dot folder).
    manifest: true,
    target: 'es2022',
    // tokens.css uses light-dark(); these browsers have it, so it is not lowered to a longer fallback.
    // Every browser of the es2022 target has <link rel=modulepreload>: no polyfill in the entry (~0.5 KB gzip).
    //
    // The entry's lazy imports (every area, its domain code, effects and API) name only the CSS
    // their chunk needs, which vite loads with it, and not each JavaScript file the chunk
    // imports: that list named about 170 files and weighed ~2.7 KB gzip of the login page's
    // first load. The browser fetches such a chunk's imports once it has the chunk (one more
    // round trip the first time an area opens); a signed-in user's first page has them preloaded
    // by the server (server/ui/indexPage.ts), and the session chunk imports nothing the entry
    // has not loaded. The session chunk (the login page's) likewise names only the CSS of its lazy
    // imports (the other session screens, the login notice, the SSO error words): their file
    // names were ~150 B gzip of the login page; the other screens' shared files then load one
    // round trip after their chunk, the first time one opens. Lazy imports inside other chunks
    // keep their full preload lists.
    modulePreload: {
      polyfill: false,
      resolveDependencies: (_file, deps, { hostId, hostType }) =>
        hostType === 'js' && /(^|\/)(index|session)-[^/]+\.js$/.test(hostId)
          ? deps.filter((d) => d.endsWith('.css'))
          : deps,
    },
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
            // Radix's shared base in two files: what every Radix part uses (primitives, context,
            // slot, presence, state hooks), which the landing's checkbox needs, and what layered
            // and list parts add (dismissable layers, focus scope and guards, portal, collection,
            // roving focus; the dialog and the scroll lock every modal layer takes), which only
            // menus, selects, dialogs and toasts need, and they load on intent or when opened.
            // Positioning (popper, floating-ui) is a third (radixPopper). One file each, instead
            // of a dozen small files each gzipped apart and each named in the entry's preload map.
            {
              name: 'radixCore',
              test: /node_modules[\\/]@radix-ui[\\/](primitive|react-(primitive|compose-refs|context|slot|presence|use-[a-z-]+))[\\/]/,
            },
            {
              name: 'radix',
              test: /node_modules[\\/](@radix-ui[\\/]react-(dismissable-layer|focus-scope|focus-guards|portal|id|collection|direction|roving-focus|visually-hidden|dialog)|react-remove-scroll(-bar)?|react-style-singleton|use-callback-ref|use-sidecar|get-nonce|aria-hidden)[\\/]/,
            },
            // The icons that more than one chunk uses, in one file loaded with the layout (which
            // uses most of them), instead of a file per icon (29 files, 9.8 KB gzip; 4.8 KB as one).
            // An icon only one chunk uses stays in it.
            { name: 'icons', test: /node_modules[\\/]lucide-react[\\/]/, minShareCount: 2 },
            // The message catalogue the chrome, the toasts and the account screens share keeps a
            // file of its own: in the layout's chunk, the toasts would load the whole layout. The
            // plural rules the areas' words use go with it (a file of their own on every landing).
            { name: 'messages', test: /(ui[\\/]shared[\\/]messages|domain[\\/]shared[\\/]plural)\.ts$/ },
            // Every signed-in page's code, apart from what the login family shares (chromeGraph).
            { name: 'MainLayout', test: (id: string) => layoutAll.has(id) },
            // The integrations area's domain, effects and API in one file: its deferred
            // registration, lazy effects and lazy API port then name one chunk in the entry's
            // preload map instead of five (the login page pays for every name). What it shares
            // with other areas keeps a file of its own (a group takes its modules' dependencies).
            { name: 'forms', test: /domain[\\/]shared[\\/]forms\.ts$/ },
            {
              name: 'integrationsCore',
              test: /(domain[\\/]integrations[\\/](?!initial\.ts|tools\.ts)|commands[\\/]effects[\\/]integrations\.ts|adapters[\\/]http[\\/]integrations\.ts)/,
            },
            // The overview's domain, effects and API (a developer's landing) in one file rather
            // than seven: on the landing they load together.
            {
              name: 'overviewCore',
              test: /[\\/](domain[\\/]overview[\\/]|(commands[\\/]effects|adapters[\\/]http)[\\/]overview\.ts$)/,
            },
            // The packages area's domain, effects and API (a developer's landing) in one file
            // rather than five (its decider, its rules, the repositories' rules they read, its
            // effects, its API client, the list's search from the page's query): the list's first
            // intent asks for them together (ui/packages/manifest.ts), not for its screen, and a signed-in page of the area preloads the file
            // (server/ui/indexPage.ts areaModules).
            {
              name: 'packagesCore',
              test: /[\\/](domain[\\/]packages[\\/]|domain[\\/]search[\\/]listQuery\.ts$|commands[\\/]effects[\\/]packages\.ts$|adapters[\\/](http|graphql)[\\/]packages\.ts$|adapters[\\/]browser[\\/]packagesApiChunk\.ts$)/,
            },
            {
              name: 'radixPopper',
              test: /node_modules[\\/](@floating-ui|@radix-ui[\\/]react-(popper|arrow|tooltip))[\\/]/,
            },
            // Kit pieces a chunk outside the layout uses too (the profile screen's Surface): a
            // file of their own, so that chunk does not load the layout with them. The kit's
            // pieces the areas draw (KIT) are the layout's.
            {
              name: 'kitBase',
              test: (id: string) =>
                /[\\/]ui[\\/]shared[\\/]kit[\\/]/.test(id) && outsideLayout.has(id) && !lazyRoots.has(id),
            },
            // A landing screen in one file (LANDING_SCREENS). What it imports from elsewhere is not
            // pulled in: the file would then be another area's import. Nothing outside the area
            // reaches the group's modules, so no chunk it imports imports it back.
            ...LANDING_SCREENS.map((area) => ({
              name: area,
              test: (id: string) => screenOnly.get(id) === area,
              includeDependenciesRecursively: false,
            })),
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
