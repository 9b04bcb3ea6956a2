/**
 * What graphql-request takes from graphql-js, in the browser's build (vite.config.ts resolves
 * graphql-request's `import … from 'graphql'` here; tests and Node use graphql-js itself).
 *
 * graphql-request parses a document only to find its operation name and whether it is a
 * mutation (for GET requests and the body's `operationName`), and prints one only when it is an
 * AST. The console's documents are strings sent by POST, the platform reads `{query, variables}`
 * alone (client.ts re-wraps the body), and the client is made with `excludeOperationName`: the
 * parser and printer are never called. They were 42 KB of graphql-js (about 10 KB brotli) in
 * the packages list's API chunk, on the landing's critical path.
 */
export { Kind } from 'graphql/language/kinds'

const NOT_IN_BROWSER = 'GraphQL documents are sent as text: graphql-js is not in the browser build'

export function parse(): never {
  throw new Error(NOT_IN_BROWSER)
}

export function print(): never {
  throw new Error(NOT_IN_BROWSER)
}
