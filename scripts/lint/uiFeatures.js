// UI feature folders are boundaries (DESIGN.md, UI): a feature never imports another; what two
// need lives in ui/shared/. The app's composition (ui/main.tsx, ui/routes.tsx) may import any.
import { dirname, relative, resolve, sep } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..')
const fromRoot = (path) => relative(root, path).split(sep).join('/')

/** The feature a path is in (`ui/<feature>/…`), or null (ui/shared, the root files, other layers). */
const featureOf = (path) => {
  const parts = fromRoot(path).split('/')
  return parts[0] === 'ui' && parts.length > 2 && parts[1] !== 'shared' ? parts[1] : null
}

/**
 * Imports from one feature into another that were there when the rule came: each should move
 * what it needs to ui/shared/. The list may only shrink; a new crossing is an error.
 */
export const KNOWN_CROSSINGS = new Set([
  // The same crossings as ui/onboarding/ClientFlow and …/QuickSetupOverlay were, since the quick
  // setup area has its folder.
  'ui/layout/ChromeOverlays.tsx -> ui/quickSetup/ClientFlow',
  'ui/layout/ChromeOverlays.tsx -> ui/quickSetup/QuickSetupOverlay',
  'ui/layout/ChromeOverlays.tsx -> ui/tour/NavigationTour',
  'ui/layout/MainLayout.tsx -> ui/debug/DebugPanel',
  // The same crossing as ui/onboarding/EducationCenter was, since the education area has its folder.
  'ui/layout/MainLayout.tsx -> ui/education/EducationCenter',
  // The same crossing as ui/onboarding/QuestionnaireDialog was, since getting started has its folder.
  'ui/layout/MainLayout.tsx -> ui/gettingStarted/QuestionnaireDialog',
  // The same crossing as ui/onboarding/SetMeUpPanel was, since the set-me-up area has its folder.
  'ui/layout/MainLayout.tsx -> ui/setMeUp/SetMeUpPanel',
  'ui/layout/MainLayout.tsx -> ui/search/SearchBar',
  // The same crossing as ui/onboarding/ContactUsDialog was, since contact us has its folder.
  'ui/layout/Overlays.tsx -> ui/contact/ContactUsDialog',
  'ui/navigation/ShellPages.tsx -> ui/quickSetup/ClientSetupForm',
  'ui/navigation/ShellPages.tsx -> ui/gettingStarted/GettingStartedPage',
  // The page shows personalization's card, whose dialog was beside it while personalization was
  // onboarding's: the page composes the areas it shows, as the layout does.
  'ui/gettingStarted/GettingStartedPage.tsx -> ui/personalization/PersonalizationDialog',
  'ui/repositories/index.tsx -> ui/admin/admin.module.css',
  'ui/repositories/index.tsx -> ui/admin/shared',
  'ui/repositories/index.tsx -> ui/packages/common',
  'ui/session/ProfileScreen.tsx -> ui/tokens/MyTokens',
])

export const uiFeatures = {
  rules: {
    'no-cross-feature-imports': {
      meta: {
        type: 'problem',
        docs: {
          description: 'A ui feature folder imports no other feature; shared code lives in ui/shared/.',
        },
        schema: [],
      },
      create(context) {
        const from = featureOf(context.filename)
        if (from === null) return {}
        const check = (node) => {
          const specifier = node.source && node.source.value
          if (typeof specifier !== 'string' || !specifier.startsWith('.')) return
          const target = resolve(dirname(context.filename), specifier)
          const to = featureOf(target)
          if (to === null || to === from) return
          const crossing = `${fromRoot(context.filename)} -> ${fromRoot(target)}`
          if (KNOWN_CROSSINGS.has(crossing)) return
          context.report({
            node,
            message: `ui/${from} imports ui/${to}: a feature imports no other feature; move what both need to ui/shared/.`,
          })
        }
        return {
          ImportDeclaration: check,
          ExportNamedDeclaration: check,
          ExportAllDeclaration: check,
          ImportExpression: check,
        }
      },
    },
  },
}
