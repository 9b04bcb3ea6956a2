// `npm test`'s static checks: ESLint, the type check and Prettier, run at once. Each is one
// single-threaded process, so one after the other they left a core of CI's two idle for the
// whole of their time (about three minutes, the longest step before the tests). Each one's
// output is printed whole when it ends, with how long it took, so the log reads as before;
// the exit code is 1 when any of them failed.
import { spawn } from 'node:child_process'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { root } from './buildIfNeeded.mjs'

const bin = (name) => join(root, 'node_modules', '.bin', name)

/** Longest first: with more checks than cores, the one that ends last starts first. */
const CHECKS = [
  { name: 'eslint', command: bin('eslint'), args: ['.'] },
  { name: 'typecheck', command: bin('tsc'), args: ['-p', '.'] },
  { name: 'prettier', command: bin('prettier'), args: ['--check', '.'] },
]

/** Runs a check to its end; resolves with its exit code, its output and its seconds. */
function run({ name, command, args }) {
  const started = Date.now()
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] })
    const chunks = []
    child.stdout.on('data', (c) => chunks.push(c))
    child.stderr.on('data', (c) => chunks.push(c))
    const end = (code, error) => {
      const output = Buffer.concat(chunks).toString() + (error ? `${error.message}\n` : '')
      resolve({ name, code, output, seconds: (Date.now() - started) / 1000 })
    }
    child.on('error', (error) => end(1, error))
    child.on('close', (code) => end(code ?? 1))
  })
}

/** Starts every check at once; writes each one's output as it ends; 0 when all passed, else 1. */
export async function runChecks(checks, write = (text) => process.stdout.write(text)) {
  const results = await Promise.all(
    checks.map((check) =>
      run(check).then((result) => {
        const verdict = result.code === 0 ? 'passed' : `failed (exit ${result.code})`
        write(`\n> ${result.name}: ${verdict} in ${result.seconds.toFixed(1)} s\n${result.output}`)
        return result
      }),
    ),
  )
  return results.every((r) => r.code === 0) ? 0 : 1
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) process.exitCode = await runChecks(CHECKS)
