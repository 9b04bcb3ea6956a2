// Commands of the session area, named `session/Imperative`.
export type SessionCommand = never
