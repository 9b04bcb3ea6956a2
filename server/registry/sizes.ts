/** A size as a limit is told to people: `1 GiB`, `100 MiB`, `64 KiB` (whole units where it can). */
export function inWords(bytes: number): string {
  const units: Array<[string, number]> = [
    ['GiB', 1024 ** 3],
    ['MiB', 1024 ** 2],
    ['KiB', 1024],
  ]
  for (const [unit, size] of units) if (bytes >= size) return `${Number((bytes / size).toFixed(1))} ${unit}`
  return `${bytes} bytes`
}
