/**
 * The navigation tour: a non-modal dialog beside each chrome element in turn (./placement), with
 * Back, Next, Done and Skip, and the step count. A spotlight lights the element and dims the rest
 * of the window; it lets the pointer through, as the dialog is not modal. Escape
 * (ui/layout/KeyboardShortcuts.tsx) skips it.
 */
import { useLayoutEffect, useRef } from 'react'
import { WALK_ME_WIDTH_PX, type TourStep, type TourTarget } from '../../domain/tour'
import { useDispatch, useQuery } from '../shared/appContext'
import chrome from '../shared/chrome.module.css'
import { Button } from '../shared/kit/Button'
import { placeTourCard, spotlightBox, TOUR_GAP, TOUR_SIDE } from './placement'

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

/**
 * The element a step lights: the page step lights the page's header (its title, what the step
 * speaks of) where the page has one, so its card goes under it rather than over the content.
 */
function stepElement(target: TourTarget): HTMLElement | null {
  const element = document.querySelector<HTMLElement>(`[data-tour="${target}"]`)
  if (target !== 'page' || !element) return element
  const title = element.querySelector<HTMLElement>('h1')
  const header = title?.closest<HTMLElement>('header')
  return (header && element.contains(header) ? header : title) ?? element
}

export function NavigationTour() {
  const navigationType = useQuery({ type: 'preferences/NavigationType' })
  const card = useQuery({ type: 'tour/Card' })
  const dispatch = useDispatch()
  const index = card?.index ?? -1
  const step = card?.step
  const cardRef = useRef<HTMLElement>(null)
  const spotlightRef = useRef<HTMLDivElement>(null)
  const headingRef = useRef<HTMLHeadingElement>(null)
  const target = step?.target

  useLayoutEffect(() => {
    if (!target) return undefined
    const element = stepElement(target)
    // Placed by hand over and beside the element (the header and sidebar are sticky, the card
    // and the spotlight fixed), again when the window changes size or the page scrolls.
    const place = () => {
      const card = cardRef.current
      const spotlight = spotlightRef.current
      if (!element || !card || !spotlight) return
      const width = widthIn(window.innerWidth)
      const view = { width: window.innerWidth, height: window.innerHeight }
      const lit = spotlightBox(element.getBoundingClientRect(), view)
      Object.assign(spotlight.style, {
        top: `${lit.top}px`,
        left: `${lit.left}px`,
        width: `${lit.width}px`,
        height: `${lit.height}px`,
        visibility: 'visible',
      })
      const side = element.dataset.tour === 'page' ? 'corner' : TOUR_SIDE[target]
      const at = placeTourCard(side, lit, { width, height: card.offsetHeight }, view)
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
    window.addEventListener('scroll', place, { capture: true, passive: true })
    headingRef.current?.focus()
    return () => {
      window.removeEventListener('resize', place)
      window.removeEventListener('scroll', place, { capture: true })
      element?.removeAttribute('data-tour-active')
    }
  }, [target, index])

  if (!card || !step) return null
  const { title, text } = wording(step, navigationType === 'classic', card.guideContext)
  const last = index === card.steps.length - 1
  const completed = card.completedAt
  return (
    <>
      <div className={chrome.tourSpotlight} ref={spotlightRef} aria-hidden="true" />
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
            <Button
              variant="primary"
              size="sm"
              onClick={() => dispatch({ type: 'tour/End', completed: true })}
            >
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
    </>
  )
}
