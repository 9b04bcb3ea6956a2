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
