// Commands of the navigation area, named `navigation/Imperative`.
export type NavigationCommand = never
