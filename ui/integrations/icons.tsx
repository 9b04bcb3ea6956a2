/**
 * Catalogue icons by the platform's icon name (lucide has no brand marks: each is the closest kind).
 * None is used by another chunk: a shared icon becomes a file of its own in the first load's preload map.
 */
import {
  Bot,
  Brain,
  Cloud,
  Code,
  Cog,
  GitBranch,
  GitMerge,
  GitPullRequest,
  LockKeyhole,
  Package,
  Puzzle,
  ShieldCheck,
  Smartphone,
  Repeat2,
  Shapes,
  Ship,
  ShipWheel,
  SquareTerminal,
  type LucideIcon,
} from 'lucide-react'

const ICONS: Readonly<Record<string, LucideIcon>> = {
  github: GitBranch,
  gitlab: GitMerge,
  bitbucket: GitPullRequest,
  'jfrog-cli': SquareTerminal,
  'github-actions': Repeat2,
  'azure-devops': Repeat2,
  frogbot: Bot,
  jetbrains: Code,
  vscode: Code,
  'android-studio': Smartphone,
  docker: Ship,
  aws: Cloud,
  azure: Cloud,
  gcp: Cloud,
  kubernetes: ShipWheel,
  npm: Package,
  maven: Package,
  'hugging-face': Brain,
  mlflow: Brain,
  snyk: ShieldCheck,
  saml: LockKeyhole,
  okta: LockKeyhole,
  ldap: LockKeyhole,
  jenkins: Cog,
  terraform: Shapes,
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
  const Icon = Object.prototype.hasOwnProperty.call(ICONS, name) ? ICONS[name]! : Puzzle
  return <Icon size={Math.round(size * Math.min(Math.max(scale, 0.5), 2))} aria-hidden strokeWidth={1.75} />
}
