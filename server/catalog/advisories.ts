/**
 * Advisories recorded from the GitHub Advisory Database (github/advisory-database, the
 * database `npm audit` answers from), used by `npm run catalog` when the npm audit endpoint
 * cannot be reached: on the build machine the registry answered the audit POST with
 * 405 Method Not Allowed. Each entry keeps the advisory's facts (id, severity, summary, the
 * affected npm ranges) and the path of its record in that database.
 */
import semver from 'semver'
import type { Advisory, SeverityName } from './types'

interface RecordedAdvisory {
  readonly id: string
  readonly package: string
  readonly severity: SeverityName
  readonly summary: string
  /** Affected ranges as [introduced, fixed) pairs; introduced "0" means from the start. */
  readonly ranges: ReadonlyArray<readonly [string, string]>
  readonly cves: readonly string[]
  readonly record: string
}

export const RECORDED_ADVISORIES: readonly RecordedAdvisory[] = [
  {
    id: 'GHSA-p6mc-m468-83gw',
    package: 'lodash',
    severity: 'high',
    summary: 'Prototype Pollution in lodash',
    ranges: [['0', '4.17.20']],
    cves: ['CVE-2020-8203'],
    record: 'advisories/github-reviewed/2020/07/GHSA-p6mc-m468-83gw/GHSA-p6mc-m468-83gw.json',
  },
  {
    id: 'GHSA-xvch-5gv4-984h',
    package: 'minimist',
    severity: 'critical',
    summary: 'Prototype Pollution in minimist',
    ranges: [
      ['1.0.0', '1.2.6'],
      ['0', '0.2.4'],
    ],
    cves: ['CVE-2021-44906'],
    record: 'advisories/github-reviewed/2022/03/GHSA-xvch-5gv4-984h/GHSA-xvch-5gv4-984h.json',
  },
  {
    id: 'GHSA-vh95-rmgr-6w4m',
    package: 'minimist',
    severity: 'medium',
    summary: 'Prototype Pollution in minimist',
    ranges: [
      ['0', '0.2.1'],
      ['1.0.0', '1.2.3'],
    ],
    cves: ['CVE-2020-7598'],
    record: 'advisories/github-reviewed/2020/04/GHSA-vh95-rmgr-6w4m/GHSA-vh95-rmgr-6w4m.json',
  },
  {
    id: 'GHSA-4w2v-q235-vp99',
    package: 'axios',
    severity: 'medium',
    summary: 'Axios vulnerable to Server-Side Request Forgery',
    ranges: [['0', '0.21.1']],
    cves: ['CVE-2020-28168'],
    record: 'advisories/github-reviewed/2021/01/GHSA-4w2v-q235-vp99/GHSA-4w2v-q235-vp99.json',
  },
  {
    id: 'GHSA-wf5p-g6vw-rhxx',
    package: 'axios',
    severity: 'medium',
    summary: 'Axios Cross-Site Request Forgery Vulnerability',
    ranges: [['0.8.1', '1.6.0']],
    cves: ['CVE-2023-45857'],
    record: 'advisories/github-reviewed/2023/11/GHSA-wf5p-g6vw-rhxx/GHSA-wf5p-g6vw-rhxx.json',
  },
  {
    id: 'GHSA-gxr4-xjj5-5px2',
    package: 'jquery',
    severity: 'medium',
    summary: 'Potential XSS vulnerability in jQuery',
    ranges: [['1.2.0', '3.5.0']],
    cves: ['CVE-2020-11022'],
    record: 'advisories/github-reviewed/2020/04/GHSA-gxr4-xjj5-5px2/GHSA-gxr4-xjj5-5px2.json',
  },
  {
    id: 'GHSA-c2qf-rxjj-qqgw',
    package: 'semver',
    severity: 'medium',
    summary: 'semver vulnerable to Regular Expression Denial of Service',
    ranges: [
      ['7.0.0', '7.5.2'],
      ['6.0.0', '6.3.1'],
      ['0', '5.7.2'],
    ],
    cves: ['CVE-2022-25883'],
    record: 'advisories/github-reviewed/2023/06/GHSA-c2qf-rxjj-qqgw/GHSA-c2qf-rxjj-qqgw.json',
  },
  {
    id: 'GHSA-rv95-896h-c2vc',
    package: 'express',
    severity: 'medium',
    summary: 'Express.js Open Redirect in malformed URLs',
    ranges: [
      ['0', '4.19.2'],
      ['5.0.0-alpha.1', '5.0.0-beta.3'],
    ],
    cves: ['CVE-2024-29041'],
    record: 'advisories/github-reviewed/2024/03/GHSA-rv95-896h-c2vc/GHSA-rv95-896h-c2vc.json',
  },
]

const inRange = (version: string, [introduced, fixed]: readonly [string, string]) =>
  (introduced === '0' || semver.gte(version, introduced)) && semver.lt(version, fixed)

/** The recorded advisories that affect one npm version (none for names that are not semver). */
export function recordedAdvisoriesFor(name: string, version: string): Advisory[] {
  if (!semver.valid(version)) return []
  return RECORDED_ADVISORIES.filter(
    (a) => a.package === name && a.ranges.some((r) => inRange(version, r)),
  ).map((a) => ({
    id: a.id,
    severity: a.severity,
    title: a.summary,
    url: `https://github.com/advisories/${a.id}`,
    range: a.ranges.map(([i, f]) => (i === '0' ? `<${f}` : `>=${i} <${f}`)).join(' || '),
    cves: a.cves,
  }))
}
