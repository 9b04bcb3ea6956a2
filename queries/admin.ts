import type { QueryTable, Selector } from './types'
import type { AdminState } from '../domain/admin'

const admin: Selector<object, AdminState> = (state) => state.admin

// Queries of the admin area, named `admin/Noun`.
export const adminQueries = { 'admin/State': admin } satisfies QueryTable
