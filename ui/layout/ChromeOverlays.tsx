/**
 * The chrome's overlays that only matter once opened (quick setup, contact us, the shortcuts
 * list, the navigation tour, the relaunched client flow): a chunk of their own that the main
 * layout loads when one of them opens, so the layout chunk stays small. The set-me-up panel is a
 * chunk of its own (ui/setMeUp/SetMeUpPanel.tsx, with the kit's Select).
 */
import { ShortcutsDialog } from './ShortcutsDialog'
import { NavigationTour } from '../tour/NavigationTour'
import { ClientFlowDialog } from '../quickSetup/ClientFlow'
import { ContactUsDialog } from './Overlays'
import { QuickSetupOverlay } from '../quickSetup/QuickSetupOverlay'

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
