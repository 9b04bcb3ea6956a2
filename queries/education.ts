import type { QueryTable, Selector } from './types'
import type { EducationCenterState } from '../domain/education/types'

const center: Selector<object, EducationCenterState | undefined> = (state) => state.education.center

// Queries of the education area, named `education/Noun`.
export const educationQueries = {
  'education/Center': center,
} satisfies QueryTable
