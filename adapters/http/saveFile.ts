/**
 * Handing a fetched file to the user. The browser's default saves it through a temporary
 * link; tests and scripts pass their own `SaveFile` to the area APIs instead.
 */
export type SaveFile = (blob: Blob, fileName: string) => void

export const saveThroughLink: SaveFile = (blob, fileName) => {
  const url = URL.createObjectURL(blob)
  const a = document.createElement('a')
  a.href = url
  a.download = fileName
  a.rel = 'noopener'
  document.body.appendChild(a)
  a.click()
  a.remove()
  // Give the browser time to start the download before the object URL goes.
  setTimeout(() => URL.revokeObjectURL(url), 60_000)
}
