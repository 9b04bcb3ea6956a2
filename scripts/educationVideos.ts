/**
 * Makes the education center's getting-started videos (server/education/videos/*.webm): short
 * WebM (VP8) clips drawn on a canvas and recorded by Chromium's MediaRecorder, each its
 * subject's picture (the console's icon for it) and a moving progress bar. No words: the title
 * is the card's, under the video (docs/decisions/2026-12-05-education-video-titles.md). Small
 * (a few KB to some tens of KB) and real: any browser plays them. Run once when the list
 * changes: `npx tsx scripts/educationVideos.ts`.
 */
import { writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { Database, PackagePlus, Rocket, type LucideIcon } from 'lucide-react'
import { EDUCATION_VIDEOS, type EducationVideoId } from '../domain/education'
import { launchChromium } from '../tests/support/browser'

/** Each video's picture: the icon the console shows for its subject. */
const PICTURES: Readonly<Record<EducationVideoId, LucideIcon>> = {
  welcome: Rocket,
  'first-repository': Database,
  'publish-package': PackagePlus,
}

const out = resolve(import.meta.dirname, '..', 'server', 'education', 'videos')

/** The page's code: draws the clip on a canvas while MediaRecorder records it, and returns base64. */
const recordIn = (svg: string, seconds: number) => `(async () => {
  const picture = new Image()
  picture.src = 'data:image/svg+xml,' + encodeURIComponent(${JSON.stringify(svg)})
  await picture.decode()
  const canvas = document.createElement('canvas')
  canvas.width = 320
  canvas.height = 180
  document.body.append(canvas)
  const g = canvas.getContext('2d')
  const recorder = new MediaRecorder(canvas.captureStream(10), {
    mimeType: 'video/webm;codecs=vp8',
    videoBitsPerSecond: 120000,
  })
  const chunks = []
  recorder.ondataavailable = (e) => chunks.push(e.data)
  const stopped = new Promise((r) => (recorder.onstop = r))
  recorder.start()
  const start = performance.now()
  await new Promise((done) => {
    const draw = () => {
      const t = Math.min(1, (performance.now() - start) / ${seconds * 1000})
      g.fillStyle = '#1f3a93'
      g.fillRect(0, 0, 320, 180)
      g.drawImage(picture, 124, 28, 72, 72)
      g.fillStyle = '#9db4ff'
      g.fillRect(16, 120, 288 * t, 10)
      if (t < 1) requestAnimationFrame(draw)
      else done()
    }
    draw()
  })
  recorder.stop()
  await stopped
  const bytes = new Uint8Array(await new Blob(chunks).arrayBuffer())
  let text = ''
  for (const b of bytes) text += String.fromCharCode(b)
  canvas.remove()
  return btoa(text)
})()`

async function main() {
  const browser = await launchChromium(['--autoplay-policy=no-user-gesture-required'])
  try {
    const page = await browser.newPage()
    for (const video of EDUCATION_VIDEOS) {
      // A string, not a function: tsx would add helpers the page does not have.
      const svg = renderToStaticMarkup(createElement(PICTURES[video.id], { size: 72, color: '#ffffff' }))
      const base64 = (await page.evaluate(recordIn(svg, video.seconds))) as string
      const file = join(out, `${video.id}.webm`)
      writeFileSync(file, Buffer.from(base64, 'base64'))
      console.log(`${file}: ${Buffer.from(base64, 'base64').length} bytes`)
    }
  } finally {
    await browser.close()
  }
}

void main()
