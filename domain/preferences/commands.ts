// Commands of the preferences area, named `preferences/Imperative`.
export type PreferencesCommand =
  /** Switch between the new (sidebars) and the classic (top bar) navigation type. */
  { readonly type: 'preferences/SwitchNavigationType' }
