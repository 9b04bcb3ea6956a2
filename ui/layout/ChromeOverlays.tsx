/**
 * The chrome's overlays that only matter once opened (quick setup, contact us, the shortcuts
 * list, the navigation tour, the relaunched client flow, the set-me-up panel): a chunk of their own that the main layout
 * loads when one of them opens, so the layout chunk stays small.
 */
import { ShortcutsDialog } from './ShortcutsDialog'
import { NavigationTour } from './NavigationTour'
import { ClientFlowDialog } from './ClientFlow'
import { ContactUsDialog, QuickSetupOverlay } from './Overlays'

export { SetMeUpPanel } from './SetMeUpPanel'

export default function ChromeOverlays() {
  return (
    <>
      <QuickSetupOverlay />
      <ContactUsDialog />
      <ShortcutsDialog />
      <NavigationTour />
      <ClientFlowDialog />
    </>
  )
}
