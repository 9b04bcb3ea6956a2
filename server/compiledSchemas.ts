/**
 * The route schemas' validators (Ajv) and serializers (fast-json-stringify), compiled once per
 * process for each distinct schema, by the compilers Fastify itself uses. Fastify compiles every
 * route's schemas each time an app is built: once for a platform's process, but hundreds of times
 * in a test worker, which builds an app for each test platform; compiling was about 60% of a
 * test platform's start (a CPU profile of six starts: 4.3 s of 6.8 s in Ajv and
 * fast-json-stringify). Two apps built from the same code share each compiled function; a schema
 * that differs (a limit from the configuration) is a schema of its own.
 */
import { createRequire } from 'node:module'
import type { FastifyServerOptions } from 'fastify'

type SchemaController = NonNullable<FastifyServerOptions['schemaController']>
/** A compiler of one route's schema (a validator or a serializer), as Fastify calls it. */
type Compile = (route: { readonly schema: unknown }) => unknown
/** What Fastify asks for each set of shared schemas and the compiler's options. */
type Factory = (externalSchemas: unknown, options: unknown) => Compile

// Fastify's own compilers, resolved from Fastify's place: the versions its apps would build.
const fromFastify = createRequire(createRequire(import.meta.url).resolve('fastify'))
const { AjvCompiler } = fromFastify('@fastify/ajv-compiler') as { AjvCompiler: () => Factory }
const { SerializerSelector } = fromFastify('@fastify/fast-json-stringify-compiler') as {
  SerializerSelector: () => Factory
}

/** `compile` for each distinct key once, in `kept`. */
function once<T>(kept: Map<string, T>, key: string, compile: () => T): T {
  let compiled = kept.get(key)
  if (compiled === undefined) {
    compiled = compile()
    kept.set(key, compiled)
  }
  return compiled
}

/** `factory`'s compilers, each distinct schema compiled once, kept in `kept`. */
function compiledOnce(factory: Factory, kept: Map<string, unknown>): Factory {
  return (externalSchemas, options) => {
    const compile = factory(externalSchemas, options)
    const context = JSON.stringify([externalSchemas, options])
    return (route) => once(kept, `${context}${JSON.stringify(route.schema)}`, () => compile(route))
  }
}

/** Fastify's `schemaController` option that compiles each distinct schema once per process. */
export const compiledOncePerProcess = {
  compilersFactory: {
    // One Ajv per distinct set of shared schemas and options (Fastify's pool), for every app.
    buildValidator: compiledOnce(AjvCompiler(), new Map()),
    buildSerializer: compiledOnce(SerializerSelector(), new Map()),
  },
} as unknown as SchemaController
