// Public surface of the package-type rules (pure; used by packages, search and set-me-up).
export * from './rules'
