import { createContext } from 'react'

/** True inside the debug panel's replay of an imported log: the replayed chrome has no panel of its own. */
export const ReplayModeContext = createContext(false)
