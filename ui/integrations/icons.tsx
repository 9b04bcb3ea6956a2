/**
 * Catalogue icons by the platform's icon name: each vendor's brand mark (simple-icons, copied
 * into the build by scripts/brandMarks.mjs), a lettered tile in the vendor's colour where the set
 * has none, and a badge for the product where one vendor has several. Protocols (SAML, LDAP) are
 * no brand: they keep a plain icon. None is used by another chunk: a shared icon becomes a file
 * of its own in the first load's preload map.
 */
import {
  Bot,
  Cloud,
  Hammer,
  KeyRound,
  LockKeyhole,
  Monitor,
  Puzzle,
  Server,
  ShipWheel,
  type LucideIcon,
} from 'lucide-react'
import { BrandMark, type BrandMarkSpec } from '../shared/kit/BrandMark'
import { MARKS } from './vendorMarks.gen'

const mark = (id: string, slug: string, badge?: LucideIcon): BrandMarkSpec => {
  const shape = MARKS[slug]
  if (shape === undefined) return { kind: 'icon', id, icon: Puzzle }
  return badge ? { kind: 'mark', id, shape, badge } : { kind: 'mark', id, shape }
}
const letters = (id: string, text: string, hex: string, badge?: LucideIcon): BrandMarkSpec =>
  badge ? { kind: 'letters', id, letters: text, hex, badge } : { kind: 'letters', id, letters: text, hex }

// Microsoft's and Amazon's marks are not in the set (the brands asked for their removal), nor is
// Slack's: their tiles carry the initials in the brand colour.
const AZURE = '0078D4'
const AWS = 'FF9900'
const SPECS: ReadonlyArray<BrandMarkSpec> = [
  mark('github', 'github'),
  mark('gitlab', 'gitlab'),
  mark('bitbucket', 'bitbucket', Cloud),
  mark('bitbucket-server', 'bitbucket', Server),
  mark('jfrog-cli', 'jfrog'),
  mark('github-actions', 'githubactions'),
  letters('azure-devops', 'DO', AZURE),
  { kind: 'icon', id: 'frogbot', icon: Bot },
  mark('jetbrains', 'jetbrains'),
  letters('vscode', 'VS', '007ACC'),
  mark('android-studio', 'androidstudio'),
  mark('docker', 'docker'),
  mark('docker-desktop', 'docker', Monitor),
  letters('aws', 'AWS', AWS),
  letters('aws-eks', 'AWS', AWS, ShipWheel),
  letters('aws-codebuild', 'AWS', AWS, Hammer),
  letters('azure', 'Az', AZURE),
  letters('azure-aks', 'Az', AZURE, ShipWheel),
  mark('gcp', 'googlecloud'),
  mark('gcp-gke', 'googlecloud', ShipWheel),
  mark('gcp-cloud-build', 'googlecloud', Hammer),
  mark('kubernetes', 'kubernetes'),
  mark('npm', 'npm'),
  mark('maven', 'apachemaven'),
  mark('hugging-face', 'huggingface'),
  mark('mlflow', 'mlflow'),
  mark('snyk', 'snyk'),
  { kind: 'icon', id: 'saml', icon: LockKeyhole },
  mark('okta', 'okta'),
  { kind: 'icon', id: 'ldap', icon: KeyRound },
  mark('jenkins', 'jenkins'),
  mark('terraform', 'terraform'),
  letters('slack', 'S', '4A154B'),
]
const BY_NAME: ReadonlyMap<string, BrandMarkSpec> = new Map(SPECS.map((s) => [s.id, s]))

/** What an icon name is drawn as (a puzzle piece for a name this console does not know). */
export function integrationMark(name: string): BrandMarkSpec {
  return BY_NAME.get(name) ?? { kind: 'icon', id: 'unknown', icon: Puzzle }
}

/** The entry's icon, or the default one; `scale` enlarges it (the catalogue's iconScale). */
export function IntegrationIcon({
  name,
  scale = 1,
  size = 28,
}: {
  name: string
  scale?: number
  size?: number
}) {
  return (
    <BrandMark spec={integrationMark(name)} size={Math.round(size * Math.min(Math.max(scale, 0.5), 2))} />
  )
}
