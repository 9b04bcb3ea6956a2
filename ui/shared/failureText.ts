/**
 * What happened to a call, in words (issue: "say what happened"): no answer (network, time
 * out), refused with the status, or an answer of the wrong shape. One place, so every screen
 * says it the same way.
 */
import type { Failure } from '../../domain/shared/failure'

export function whatHappened(f: Failure): string {
  switch (f.kind) {
    case 'network':
      return 'the platform did not answer (no connection)'
    case 'timeout':
      return 'the platform did not answer in time'
    case 'status':
      return `the platform refused it with status ${f.status ?? '?'}${f.message.trim() ? `: ${f.message}` : ''}`
    case 'decode':
      return 'the platform answered, but not in the expected shape'
    case 'aborted':
      return 'the request was cancelled'
  }
}
