// Written by `npm run codecs` from ./commands.ts: do not edit (a unit test checks it is current).
import * as t from 'io-ts'
import type { CommandCodecs } from '../shared/area'
import type { GettingStartedCommand } from './commands'

/** The fields of each command of the area, decoded before it is decided (the type is checked by the bus). */
export const gettingStartedCommandCodecs: CommandCodecs<GettingStartedCommand> = {
  'gettingStarted/CheckAfterLogin': t.type({
    via: t.string,
    user: t.type({
      admin: t.boolean,
      firstLogin: t.boolean,
      freeTier: t.boolean,
      hasSeenGettingStarted: t.boolean,
      quickDeployEnabled: t.boolean,
      newOnboarding: t.boolean,
    }),
  }),
  'gettingStarted/CloseQuestionnaire': t.UnknownRecord,
  'gettingStarted/CompleteQuestionnaireStep': t.type({
    step: t.keyof({
      init: null,
      purpose: null,
      details: null,
      desiredFeatures: null,
      projectName: null,
      projectKey: null,
    }),
    answers: t.type({
      purpose: t.union([t.null, t.literal('Commercial'), t.literal('Personal')]),
      companyName: t.string,
      ossProjectName: t.string,
      role: t.union([
        t.null,
        t.literal('DevOps Engineer'),
        t.literal('Software Developer'),
        t.literal('DevSecOps Engineer'),
        t.literal('Other'),
      ]),
      otherRole: t.string,
      desiredFeature: t.array(
        t.keyof({
          'Binary management': null,
          'Team Administration': null,
          'Single Sign On': null,
          'Vulnerabilities Scanning': null,
          'License Compliance Checks': null,
          'CI/CD': null,
          'Container Registry': null,
          'Software Bill Of Materials (SBOM)': null,
        }),
      ),
      projectName: t.string,
      projectKey: t.string,
    }),
  }),
  'gettingStarted/OpenQuestionnaire': t.UnknownRecord,
  'gettingStarted/ShowQuestionnaireStep': t.type({
    step: t.keyof({
      init: null,
      purpose: null,
      details: null,
      desiredFeatures: null,
      projectName: null,
      projectKey: null,
    }),
  }),
  'gettingStarted/SubmitQuestionnaire': t.type({
    answers: t.type({
      purpose: t.union([t.null, t.literal('Commercial'), t.literal('Personal')]),
      companyName: t.string,
      ossProjectName: t.string,
      role: t.union([
        t.null,
        t.literal('DevOps Engineer'),
        t.literal('Software Developer'),
        t.literal('DevSecOps Engineer'),
        t.literal('Other'),
      ]),
      otherRole: t.string,
      desiredFeature: t.array(
        t.keyof({
          'Binary management': null,
          'Team Administration': null,
          'Single Sign On': null,
          'Vulnerabilities Scanning': null,
          'License Compliance Checks': null,
          'CI/CD': null,
          'Container Registry': null,
          'Software Bill Of Materials (SBOM)': null,
        }),
      ),
      projectName: t.string,
      projectKey: t.string,
    }),
  }),
}
