/**
 * The chrome's overlays that only matter once opened (quick setup, contact us, the shortcuts
 * list, the navigation tour, the relaunched client flow): composition, like ui/routes.tsx, since
 * they are several areas' pieces; one chunk that the main layout loads when one of them opens
 * (ui/routes.tsx names it among the layout's parts), so the layout chunk stays small.
 */
import { ShortcutsDialog } from './layout/ShortcutsDialog'
import { NavigationTour } from './tour/NavigationTour'
import { ClientFlowDialog } from './quickSetup/ClientFlow'
import { ContactUsDialog } from './contact/ContactUsOverlay'
import { QuickSetupOverlay } from './quickSetup/QuickSetupOverlay'

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
