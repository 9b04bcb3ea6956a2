import type { Selector } from './types'
import type { BusState } from '../domain/bus'

const health: Selector<object, BusState> = (state) => state.bus

export const busQueries = { 'bus/Health': health }
