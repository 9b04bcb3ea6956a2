// The design system's checks (tests/e2e/designWalk.ts) on every screen the admin user opens.
import { designWalkOf } from './designWalk'

designWalkOf('admin')
