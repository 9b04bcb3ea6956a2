/**
 * The four tslib helpers rxjs's ES2015 build imports (`__awaiter`, `__await`, `__asyncValues`,
 * `__asyncGenerator`), written with the native async functions and async generators of our
 * ES2022 target. vite.config.ts points the browser build's `tslib` at this file: tslib itself
 * brings ES5 state machines the console never runs, in the login page's first load (~0.7 KB
 * gzip). Semantics follow tslib's for how TypeScript's output calls them
 * (tests/unit/tslibNative.test.ts). Other helpers (Radix's dependencies use a few) are tslib's own.
 */
// Local exports take precedence over these.
export * from 'tslib/tslib.es6.mjs'

/** `async` bodies compiled to a generator that yields what it awaits. */
export function __awaiter(thisArg, args, _Promise, body) {
  return new Promise((resolve, reject) => {
    const it = body.apply(thisArg, args || [])
    const step = (method, value) => {
      let r
      try {
        r = it[method](value)
      } catch (error) {
        return reject(error)
      }
      if (r.done) resolve(r.value)
      else
        Promise.resolve(r.value).then(
          (v) => step('next', v),
          (e) => step('throw', e),
        )
    }
    step('next')
  })
}

/** Marks a value an async generator body awaits (rather than yields). */
export function __await(v) {
  if (!(this instanceof __await)) return new __await(v)
  this.v = v
}

/** An async iterator over an async or a sync iterable (`for await`). */
export function __asyncValues(o) {
  if (o == null) throw new TypeError('Symbol.asyncIterator is not defined.')
  const own = o[Symbol.asyncIterator]
  if (own) return own.call(o)
  return (async function* () {
    yield* o
  })()
}

/** An async generator from a sync generator that yields `__await(x)` to await x. */
export async function* __asyncGenerator(thisArg, args, body) {
  const g = body.apply(thisArg, args || [])
  let finished = false
  try {
    let r = g.next()
    for (;;) {
      if (r.done) {
        finished = true
        return await r.value
      }
      const value = r.value
      let sent
      try {
        sent = value instanceof __await ? await value.v : yield value
      } catch (error) {
        r = g.throw(error)
        continue
      }
      r = g.next(sent)
    }
  } finally {
    // The consumer stopped early (break, return): the body's own `finally` runs.
    if (!finished) g.return()
  }
}
