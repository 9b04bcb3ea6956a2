// Commands of the platform area, named `platform/Imperative`.
export type PlatformCommand = never
