// Lint rules, including the import rules of the design (../shared/DESIGN.md, Layout):
// each layer may import only the layers listed for it.
import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import boundaries from 'eslint-plugin-boundaries'
import globals from 'globals'
import { uiFeatures } from './scripts/lint/uiFeatures.js'

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'dist-cli/**',
      '.stryker-tmp/**',
      'node_modules/**',
      '.data/**',
      'coverage/**',
      'server/catalog/*.json',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    // Feature folders are boundaries, as bulletproof-react has them (scripts/lint/uiFeatures.js).
    files: ['ui/**/*.{ts,tsx}'],
    plugins: { 'ui-features': uiFeatures },
    rules: { 'ui-features/no-cross-feature-imports': 'error' },
  },
  {
    files: ['ui/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Untrusted HTML goes through ui/shared/SafeHtml.tsx (the one sanitising module) only.
      'no-restricted-syntax': [
        'error',
        {
          selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']",
          message: 'Render untrusted HTML with <SafeHtml>, the one sanitising module.',
        },
        {
          selector: "AssignmentExpression[left.property.name='innerHTML']",
          message: 'Render untrusted HTML with <SafeHtml>, the one sanitising module.',
        },
      ],
    },
  },
  {
    files: ['ui/shared/SafeHtml.tsx'],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    // domain/ is pure: the same in the browser, Node, scripts and under fast-check. Time, random
    // ids, the network, storage and the page come in through commands and ports only.
    files: ['domain/**/*.ts'],
    rules: {
      'no-restricted-globals': [
        'error',
        ...['fetch', 'localStorage', 'sessionStorage', 'window', 'document', 'navigator', 'location'].map(
          (name) => ({ name, message: `domain/ is pure: ${name} comes in through a port or a command.` }),
        ),
      ],
      // An area is reached through its index.ts (and events.ts) only, so its inside can change
      // without breaking the others; shared/ is the common kernel.
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['../*/*', '!../*/index', '!../*/events', '!../shared/*'],
              message: 'Import another area through its index.ts or events.ts, not its inner files.',
            },
          ],
        },
      ],
      'no-restricted-properties': [
        'error',
        {
          object: 'Date',
          property: 'now',
          message: 'domain/ is pure: the time comes in command metadata or event data.',
        },
        {
          object: 'Math',
          property: 'random',
          message: 'domain/ is pure: ids and random values come in commands.',
        },
      ],
      // `new Date()` with no argument reads the clock as Date.now() does; with one it only parses.
      'no-restricted-syntax': [
        'error',
        {
          selector: "NewExpression[callee.name='Date'][arguments.length=0]",
          message: 'domain/ is pure: the time comes in command metadata or event data.',
        },
      ],
    },
  },
  {
    // An area decides on its own slice and a small named context, so it imports nothing of the
    // app's composition (which imports every area); the debug panel's rules fold the whole app.
    files: ['domain/*/**/*.ts'],
    ignores: ['domain/debug/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['../*/*', '!../*/index', '!../*/events', '!../shared/*'],
              message: 'Import another area through its index.ts or events.ts, not its inner files.',
            },
            {
              group: ['../app'],
              message: 'An area takes its slice and a named context (SliceArea), not the app’s state.',
            },
          ],
        },
      ],
    },
  },
  {
    // Effects call ports; what they need of the state comes on the event that asks
    // (docs/decisions/2026-12-03-values-on-the-event.md), so none reads the state's current value.
    files: ['commands/effects/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.name=/^state\\$?$/][property.name='value']",
          message: 'An effect reads its event, not the state: let the decider put the value on the event.',
        },
      ],
    },
  },
  {
    // Tests find elements by role, name or text, never by a class (docs/decisions, class names
    // in tests): a look test may check a class on an element it found otherwise.
    files: ['tests/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'CallExpression[callee.property.name=/^(querySelector|querySelectorAll|closest)$/][arguments.0.value=/(^|[\\s,>+~(a-z*\\])])\\.[A-Za-z_-]/]',
          message: 'Find the element by role, name or text, not by its class.',
        },
        {
          selector: "CallExpression[callee.property.name='getElementsByClassName']",
          message: 'Find the element by role, name or text, not by its class.',
        },
      ],
    },
  },
  {
    files: ['domain/**', 'commands/**', 'queries/**', 'adapters/**', 'ui/**', 'server/**', 'composition/**'],
    plugins: { boundaries },
    settings: {
      'boundaries/include': [
        'domain/**',
        'commands/**',
        'queries/**',
        'adapters/**',
        'ui/**',
        'server/**',
        'composition/**',
      ],
      'boundaries/elements': [
        // Node's composition (tests, scripts, the library's entries): it may import every layer of
        // the client, and nothing of the client imports it.
        { type: 'composition', pattern: 'composition/**', mode: 'full' },
        { type: 'domain', pattern: 'domain/**', mode: 'full' },
        { type: 'commands', pattern: 'commands/**', mode: 'full' },
        { type: 'queries', pattern: 'queries/**', mode: 'full' },
        { type: 'ports', pattern: ['adapters/ports.ts', 'adapters/ports/**'], mode: 'full' },
        { type: 'adapters', pattern: 'adapters/**', mode: 'full' },
        // The composition: the entry and the areas' manifests (ui/areaManifest.ts) may name adapters.
        {
          type: 'ui-root',
          pattern: [
            'ui/main.tsx',
            'ui/areas.ts',
            'ui/areas.gen.ts',
            'ui/areaManifest.ts',
            'ui/*/manifest.ts',
          ],
          mode: 'full',
        },
        { type: 'ui', pattern: 'ui/**', mode: 'full' },
        { type: 'server', pattern: 'server/**', mode: 'full' },
      ],
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs'] } },
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          // queries are pure selectors; the bus's `ask` runs them, so commands may import them.
          policies: [
            {
              from: { element: { type: 'composition' } },
              allow: [
                'composition',
                'domain',
                'commands',
                'queries',
                'ports',
                'adapters',
                'ui-root',
                'ui',
              ].map((type) => ({ to: { element: { type } } })),
            },
            { from: { element: { type: 'domain' } }, allow: [{ to: { element: { type: 'domain' } } }] },
            {
              from: { element: { type: 'commands' } },
              allow: [
                { to: { element: { type: 'domain' } } },
                { to: { element: { type: 'commands' } } },
                { to: { element: { type: 'queries' } } },
                { to: { element: { type: 'ports' } } },
              ],
            },
            {
              from: { element: { type: 'queries' } },
              allow: [{ to: { element: { type: 'domain' } } }, { to: { element: { type: 'queries' } } }],
            },
            {
              from: { element: { type: 'ports' } },
              allow: [{ to: { element: { type: 'domain' } } }, { to: { element: { type: 'ports' } } }],
            },
            {
              from: { element: { type: 'adapters' } },
              allow: [
                { to: { element: { type: 'domain' } } },
                { to: { element: { type: 'ports' } } },
                { to: { element: { type: 'adapters' } } },
              ],
            },
            {
              from: { element: { type: 'ui-root' } },
              allow: [
                { to: { element: { type: 'ui-root' } } },
                { to: { element: { type: 'ui' } } },
                { to: { element: { type: 'commands' } } },
                { to: { element: { type: 'queries' } } },
                { to: { element: { type: 'domain' } } },
                { to: { element: { type: 'adapters' } } },
                { to: { element: { type: 'ports' } } },
              ],
            },
            {
              from: { element: { type: 'ui' } },
              allow: [
                // The router derives its screens from the areas' list (ui/areas.ts).
                { to: { element: { type: 'ui-root' } } },
                { to: { element: { type: 'ui' } } },
                { to: { element: { type: 'commands' } } },
                { to: { element: { type: 'queries' } } },
                { to: { element: { type: 'domain' } } },
                { to: { element: { type: 'ports' } } },
              ],
            },
            {
              from: { element: { type: 'server' } },
              allow: [{ to: { element: { type: 'server' } } }, { to: { element: { type: 'domain' } } }],
            },
          ],
        },
      ],
    },
  },
)
