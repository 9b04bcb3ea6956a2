import type { Either } from 'fp-ts/Either'
import type { Failure } from '../../domain/shared/failure'

/** What a port's call answers: its value, or why it failed. */
export type Result<A> = Either<Failure, A>
