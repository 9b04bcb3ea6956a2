/**
 * Runs one metadata GraphQL request with bounded cost: the document is parsed, validated
 * (the standard rules plus depth and size limits), its cost estimated from the `first` of
 * every connection it selects (aliases and fragments expanded), and only then executed.
 * Request errors (syntax, validation, variables, cost) answer 400 without `data`, like a
 * GraphQL-over-HTTP server; errors while executing answer 200 with `data` and `errors`.
 */
import {
  GraphQLError,
  Kind,
  parse,
  specifiedRules,
  validate,
  type DocumentNode,
  type ExecutionResult,
  type FragmentDefinitionNode,
  type GraphQLObjectType,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
  type ValueNode,
} from 'graphql'
import { compileQuery, isCompiledQuery, type CompiledQuery } from 'graphql-jit'
import type { Sql } from '../db/sql'
import { systemClock, type Clock } from '../clock'
import { metadataSchema } from './schema'
import { DEFAULT_FIRST, MAX_FIRST, metadataResolvers, type MetadataContext } from './resolvers'

export const LIMITS = {
  /** Longest query text accepted. */
  queryLength: 20_000,
  /** Deepest selection nesting (the standard introspection query needs about 13). */
  depth: 15,
  /** Most fields selected once fragments are expanded. */
  fields: 2_000,
  /** Most nodes all connections of one request may return together. */
  nodes: 5_000,
  /**
   * Most field resolutions: every field counts once for each node of the connections around
   * it (aliases × depth × `first` multiplied out). The console's own pages of 100 cost about
   * 3,000–4,500 and one page of the largest size (1,000) with every package field about
   * 25,000; fifty aliased pages of 100 packages would cost over 100,000.
   */
  cost: 30_000,
} as const

export interface GraphQLRequest {
  readonly query: string
  readonly variables?: Record<string, unknown> | null
  readonly operationName?: string | null
}

export interface GraphQLAnswer {
  readonly status: number
  readonly body: ExecutionResult
  /** With a 429: when the caller may ask again. */
  readonly retryAfterMs?: number
}

export interface RunOptions {
  /**
   * Asked with the request's cost once it passed the limits, before it runs: answers how long
   * the caller must wait (the request is then refused with 429), or nothing to let it run.
   */
  readonly admit?: (cost: number) => Promise<number | undefined>
  /** The repositories the caller may read: packages and versions elsewhere are not answered (absent: all). */
  readonly readable?: ReadonlyArray<string>
  /** Versions in those repositories that the targets' path patterns keep from the caller. */
  readonly hidden?: ReadonlySet<string>
  /** The package types the edition serves: packages of other types are not listed (absent: all). */
  readonly served?: ReadonlyArray<string>
}

const CONNECTIONS = new Set(['packages', 'versions'])

/** Expanded field count, depth and connection cost of the operation to run. */
function measure(
  document: DocumentNode,
  operation: OperationDefinitionNode,
  variables: Record<string, unknown>,
): { fields: number; depth: number; nodes: number; cost: number } {
  const fragments = new Map<string, FragmentDefinitionNode>()
  for (const d of document.definitions)
    if (d.kind === Kind.FRAGMENT_DEFINITION) fragments.set(d.name.value, d)
  let fields = 0
  let maxDepth = 0
  let nodes = 0
  let cost = 0
  const firstOf = (args: readonly { name: { value: string }; value: ValueNode }[] | undefined): number => {
    const arg = args?.find((a) => a.name.value === 'first')
    if (!arg) return DEFAULT_FIRST
    const v = arg.value
    if (v.kind === Kind.INT) return Number(v.value)
    if (v.kind === Kind.VARIABLE) {
      const value = variables[v.name.value]
      return typeof value === 'number' ? value : DEFAULT_FIRST
    }
    return DEFAULT_FIRST
  }
  // `times`: how many times the fields of this selection resolve (the nodes of the
  // connections around it), so nested and aliased connections multiply out.
  const walk = (set: SelectionSetNode, depth: number, times: number) => {
    maxDepth = Math.max(maxDepth, depth)
    // Bail out early: a hostile document must not cost more to measure than to refuse.
    if (fields > LIMITS.fields || maxDepth > LIMITS.depth) return
    for (const s of set.selections) {
      if (s.kind === Kind.FIELD) {
        fields++
        cost += times
        let inner = times
        if (CONNECTIONS.has(s.name.value)) {
          const first = Math.min(Math.max(firstOf(s.arguments), 0), MAX_FIRST)
          nodes += times * first
          inner = times * Math.max(first, 1)
        }
        if (s.selectionSet) walk(s.selectionSet, depth + 1, inner)
      } else if (s.kind === Kind.INLINE_FRAGMENT) walk(s.selectionSet, depth, times)
      else {
        const fragment = fragments.get(s.name.value)
        if (fragment) walk(fragment.selectionSet, depth, times)
      }
    }
  }
  walk(operation.selectionSet, 1, 1)
  return { fields, depth: maxDepth, nodes, cost }
}

/** Errors the resolvers raise on purpose keep their message; anything else says nothing about internals. */
const masked = (error: GraphQLError): GraphQLError =>
  error.originalError && !(error.originalError instanceof GraphQLError)
    ? new GraphQLError('Internal error', { nodes: error.nodes ?? null, path: error.path ?? null })
    : error

/**
 * A refused request: the documented error shape `{message, code}` (server/API.md) for any
 * client, and `errors` for GraphQL clients.
 */
export interface RefusedAnswer {
  readonly message: string
  readonly code: string
}
const refused = (errors: ReadonlyArray<GraphQLError>, code: string): GraphQLAnswer => ({
  status: 400,
  body: { message: errors[0]?.message ?? 'The query was refused', code, errors } as ExecutionResult &
    RefusedAnswer,
})
const requestError = (message: string, code = 'GRAPHQL_VALIDATION_FAILED'): GraphQLAnswer =>
  refused([new GraphQLError(message, { extensions: { code } })], code)

/**
 * Fields whose value is computed only when selected are functions on the objects the
 * resolvers return, which graphql-js's default resolver calls and graphql-jit reads as they
 * are: they get resolvers that call them.
 */
const CALLED_FIELDS: Record<string, ReadonlyArray<string>> = {
  PackageConnection: ['totalCount'],
  Version: ['package', 'files', 'scanned', 'provenance'],
}

function withCalledFields(schema: GraphQLSchema): GraphQLSchema {
  const query = schema.getQueryType()!
  for (const field of Object.values(query.getFields()))
    field.resolve ??= (
      root: Record<string, (args: unknown, context: unknown) => unknown>,
      args: unknown,
      context: unknown,
    ) => root[field.name]!(args, context)
  for (const [typeName, names] of Object.entries(CALLED_FIELDS)) {
    const type = schema.getType(typeName) as GraphQLObjectType
    for (const name of names)
      type.getFields()[name]!.resolve ??= (parent: Record<string, unknown>) => {
        const value = parent[name]
        return typeof value === 'function' ? (value as () => unknown)() : value
      }
  }
  return schema
}

export function metadataExecutor(sql: Sql, clock: Clock = systemClock) {
  const schema = withCalledFields(metadataSchema())
  const rootValue = metadataResolvers(sql, clock)
  // Clients send the same few documents again and again: each valid one is parsed and
  // validated once (the cost check still runs per request: it depends on the variables).
  const valid = new Map<string, DocumentNode>()
  // Each valid document is compiled to a JavaScript function once (graphql-jit): executing the
  // list's page of 100 packages was most of a request's time in graphql-js's interpreter.
  const compiled = new Map<string, CompiledQuery>()
  const compiledFor = (query: string, document: DocumentNode, operationName?: string | null) => {
    const key = `${operationName ?? ''}\n${query}`
    let c = compiled.get(key)
    if (!c) {
      const made = compileQuery(schema, document, operationName ?? undefined)
      if (!isCompiledQuery(made))
        throw new Error(made.errors?.[0]?.message ?? 'the query could not be compiled')
      if (compiled.size >= 200) compiled.clear()
      c = made
      compiled.set(key, c)
    }
    return c
  }

  return async (request: GraphQLRequest, options: RunOptions = {}): Promise<GraphQLAnswer> => {
    if (typeof request.query !== 'string' || request.query.trim() === '')
      return requestError('A GraphQL query is required')
    if (request.query.length > LIMITS.queryLength)
      return requestError(`The query is longer than ${LIMITS.queryLength} characters`, 'QUERY_TOO_LONG')
    let document = valid.get(request.query)
    if (!document) {
      try {
        document = parse(request.query, { maxTokens: 5_000 })
      } catch (error) {
        return refused([error as GraphQLError], 'GRAPHQL_PARSE_FAILED')
      }
      const validationErrors = validate(schema, document, specifiedRules)
      if (validationErrors.length) return refused(validationErrors, 'GRAPHQL_VALIDATION_FAILED')
      if (valid.size >= 200) valid.clear()
      valid.set(request.query, document)
    }
    const operations = document.definitions.filter(
      (d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION,
    )
    const operation = request.operationName
      ? operations.find((o) => o.name?.value === request.operationName)
      : operations.length === 1
        ? operations[0]
        : undefined
    if (!operation)
      return requestError(
        request.operationName
          ? `Unknown operation named "${request.operationName}"`
          : 'Must provide operation name',
      )
    if (operation.operation !== 'query') return requestError('Only queries are supported')
    const variables = request.variables ?? {}
    const cost = measure(document, operation, variables)
    if (cost.depth > LIMITS.depth)
      return requestError(`The query is nested deeper than ${LIMITS.depth} levels`, 'QUERY_TOO_COSTLY')
    if (cost.fields > LIMITS.fields)
      return requestError(`The query selects more than ${LIMITS.fields} fields`, 'QUERY_TOO_COSTLY')
    if (cost.nodes > LIMITS.nodes)
      return requestError(
        `The query asks for ${cost.nodes} nodes in total; at most ${LIMITS.nodes} are allowed`,
        'QUERY_TOO_COSTLY',
      )
    if (cost.cost > LIMITS.cost)
      return requestError(
        `The query costs more than ${LIMITS.cost} field resolutions (fields × the nodes of the connections around them)`,
        'QUERY_TOO_COSTLY',
      )
    const wait = await options.admit?.(cost.cost)
    if (wait !== undefined)
      return {
        status: 429,
        retryAfterMs: wait,
        body: {
          message: `Too many metadata queries: ask again in ${Math.ceil(wait / 1000)} s`,
          code: 'QUERY_BUDGET_EXCEEDED',
        } as ExecutionResult & RefusedAnswer,
      }
    const context: MetadataContext = {
      ...(options.readable
        ? { readable: options.readable, ...(options.hidden?.size ? { hidden: options.hidden } : {}) }
        : {}),
      ...(options.served ? { served: options.served } : {}),
    }
    // A field may read through the async store interface (a version's provenance).
    const result = (await compiledFor(request.query, document, request.operationName).query(
      rootValue,
      context,
      variables,
    )) as ExecutionResult
    // Variable coercion failures come back without data: they are request errors.
    if (!('data' in result)) return { status: 400, body: result }
    return {
      status: 200,
      body: { ...result, ...(result.errors ? { errors: result.errors.map(masked) } : {}) },
    }
  }
}
