// Commands of the overview area, named `overview/Imperative`.
export type OverviewCommand = { readonly type: 'overview/Load' }
