// The design system's checks (tests/e2e/designWalk.ts) on the screens of the other flavours of the
// platform (a tour's contact-us dialog), each on a platform of that flavour.
import { designWalkOfFlavours } from './designWalk'

designWalkOfFlavours()
