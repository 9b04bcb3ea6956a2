/**
 * The navigation tour: a non-modal dialog beside each chrome element in turn (./placement), with
 * Back, Next, Done and Skip, and the step count. Escape (ui/layout/KeyboardShortcuts.tsx) skips it.
 */
import { useLayoutEffect, useRef } from 'react'
import { WALK_ME_WIDTH_PX, type TourStep } from '../../domain/tour'
import { useDispatch, useQuery } from '../shared/appContext'
import chrome from '../shared/chrome.module.css'
import { Button } from '../shared/kit/Button'
import { placeTourCard, TOUR_GAP, TOUR_SIDE } from './placement'

const PAGE_TEXT: Readonly<Record<string, string>> = {
  gettingStarted: 'Getting Started walks you through your first repositories and clients.',
  packages: 'Packages lists every package of your repositories; open one to see its versions.',
  artifacts: 'Artifacts lets you browse repositories as trees of files.',
  builds: 'Builds shows the build information your CI servers published.',
  distribution: 'Distribution holds release bundles and where they were distributed.',
  security: 'Security pages show policies, watches and scan results.',
  administration: 'Administration holds the platform settings, users and monitoring.',
}

/**
 * The words of each step; the sidebar step names the layout the user has, the switch step the
 * sidebar it switches to.
 */
function wording(step: TourStep, classic: boolean, guideContext?: string): { title: string; text: string } {
  switch (step.id) {
    case 'navigation':
      return classic
        ? {
            title: 'Navigation bar',
            text: 'The navigation bar under the top bar lists the pages of the console.',
          }
        : { title: 'Sidebar', text: 'The sidebar lists the pages of the console; collapse it to make room.' }
    case 'sidebarSwitch':
      return step.sidebar === 'projectSettings'
        ? {
            title: 'Application and Project settings',
            text: "Switch between your packages and the chosen project's settings here.",
          }
        : {
            title: 'Application and Administration',
            text: 'Switch between your packages and the platform settings here.',
          }
    case 'search':
      return { title: 'Search', text: 'Find packages and artifacts from anywhere. Press / to jump here.' }
    case 'topMenu':
      return {
        title: 'Your menu',
        text: 'Edit your profile, switch between the new and classic layouts, take this tour again or log out.',
      }
    case 'setMeUp':
      return {
        title: 'Set Me Up',
        text: 'Set Me Up, in the same menu, shows how to configure your package client for a repository.',
      }
    case 'help':
      return {
        title: 'Help',
        text: 'Documentation, the Learning Center and the keyboard shortcuts (press ?) are here.',
      }
    case 'page':
      return { title: 'This page', text: PAGE_TEXT[guideContext ?? ''] ?? '' }
  }
}

// The specification's width, narrower on a small window.
const widthIn = (viewport: number) => Math.min(WALK_ME_WIDTH_PX, Math.max(0, viewport - 2 * TOUR_GAP))

export function NavigationTour() {
  const navigationType = useQuery({ type: 'preferences/NavigationType' })
  const card = useQuery({ type: 'tour/Card' })
  const dispatch = useDispatch()
  const index = card?.index ?? -1
  const step = card?.step
  const cardRef = useRef<HTMLElement>(null)
  const headingRef = useRef<HTMLHeadingElement>(null)
  const target = step?.target

  useLayoutEffect(() => {
    if (!target) return undefined
    const element = document.querySelector<HTMLElement>(`[data-tour="${target}"]`)
    // Placed by hand beside the element (the header and sidebar are sticky, the card fixed),
    // again when the window changes size.
    const place = () => {
      const card = cardRef.current
      if (!element || !card) return
      const width = widthIn(window.innerWidth)
      const at = placeTourCard(
        TOUR_SIDE[target],
        element.getBoundingClientRect(),
        { width, height: card.offsetHeight },
        { width: window.innerWidth, height: window.innerHeight },
      )
      card.dataset.side = at.side
      card.style.width = `${width}px`
      card.style.top = `${at.top}px`
      card.style.left = `${at.left}px`
      card.style.right = 'auto'
    }
    if (element) {
      element.setAttribute('data-tour-active', 'true')
      element.scrollIntoView?.({ block: 'nearest' })
      place()
    }
    window.addEventListener('resize', place)
    headingRef.current?.focus()
    return () => {
      window.removeEventListener('resize', place)
      element?.removeAttribute('data-tour-active')
    }
  }, [target, index])

  if (!card || !step) return null
  const { title, text } = wording(step, navigationType === 'classic', card.guideContext)
  const last = index === card.steps.length - 1
  const completed = card.completedAt
  return (
    <section
      role="dialog"
      aria-modal="false"
      aria-label="Navigation tour"
      aria-describedby="tour-text"
      className={chrome.tour}
      ref={cardRef}
      style={{ width: widthIn(window.innerWidth) }}
    >
      <p className={chrome.tourProgress}>
        {index + 1} of {card.steps.length}
      </p>
      <h2 id="tour-title" tabIndex={-1} ref={headingRef}>
        {title}
      </h2>
      <p id="tour-text">{text}</p>
      {index === 0 && completed && (
        <p>You finished this tour on {new Date(completed).toLocaleDateString()}.</p>
      )}
      <div className={chrome.tourButtons}>
        <Button
          size="sm"
          disabled={index === 0}
          onClick={() => dispatch({ type: 'tour/Move', step: index - 1 })}
        >
          Back
        </Button>
        {last ? (
          <Button variant="primary" size="sm" onClick={() => dispatch({ type: 'tour/End', completed: true })}>
            Done
          </Button>
        ) : (
          <Button
            variant="primary"
            size="sm"
            onClick={() => dispatch({ type: 'tour/Move', step: index + 1 })}
          >
            Next
          </Button>
        )}
        <Button variant="ghost" size="sm" onClick={() => dispatch({ type: 'tour/End', completed: false })}>
          Skip tour
        </Button>
      </div>
    </section>
  )
}
