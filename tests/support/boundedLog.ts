import { stateHash } from '../../domain/shared/canonical'

/**
 * A bounded log as an earlier build wrote it: `log`'s header, a snapshot of `state` at `seq`
 * and a trailer with the whole-state hash those builds took.
 */
export function boundedLogOf(log: string, seq: number, state: unknown): string {
  return [
    log.split('\n')[0],
    JSON.stringify({ kind: 'snapshot', seq, state }),
    JSON.stringify({ kind: 'trailer', lastSeq: seq, stateHash: stateHash(state) }),
  ].join('\n')
}
