// The design system's checks (tests/e2e/designWalk.ts) on every screen the anonymous user opens.
import { designWalkOf } from './designWalk'

designWalkOf('anonymous')
