// Written by `npm run codecs` from ./commands.ts: do not edit (a unit test checks it is current).
import * as t from 'io-ts'
import type { CommandCodecs } from '../shared/area'
import type { OnboardingCommand } from './commands'

/** The fields of each command of the area, decoded before it is decided (the type is checked by the bus). */
export const onboardingCommandCodecs: CommandCodecs<OnboardingCommand> = {
  'onboarding/CheckAfterLogin': t.type({
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
  'onboarding/CloseContactForm': t.UnknownRecord,
  'onboarding/ClosePersonalization': t.UnknownRecord,
  'onboarding/CloseQuestionnaire': t.UnknownRecord,
  'onboarding/CompletePersonalizationStep': t.type({
    change: t.union([
      t.type({
        step: t.literal('technologies'),
        stepDataObject: t.type({
          technologies: t.array(
            t.keyof({
              npm: null,
              docker: null,
              maven: null,
              pypi: null,
              go: null,
              helm: null,
              debian: null,
              generic: null,
            }),
          ),
        }),
      }),
      t.type({
        step: t.literal('goal'),
        stepDataObject: t.type({
          goal: t.union([
            t.null,
            t.literal('proxy'),
            t.literal('store'),
            t.literal('scan'),
            t.literal('distribute'),
          ]),
        }),
      }),
      t.type({ step: t.literal('view'), stepDataObject: t.type({ artifactOnly: t.boolean }) }),
    ]),
  }),
  'onboarding/CompleteQuestionnaireStep': t.type({
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
  'onboarding/LoadContactRequests': t.UnknownRecord,
  'onboarding/LoadPersonalization': t.UnknownRecord,
  'onboarding/OpenPersonalization': t.UnknownRecord,
  'onboarding/OpenQuestionnaire': t.UnknownRecord,
  'onboarding/SendPersonalization': t.UnknownRecord,
  'onboarding/ShowPersonalizationStep': t.type({
    step: t.keyof({ technologies: null, goal: null, view: null }),
  }),
  'onboarding/ShowQuestionnaireStep': t.type({
    step: t.keyof({
      init: null,
      purpose: null,
      details: null,
      desiredFeatures: null,
      projectName: null,
      projectKey: null,
    }),
  }),
  'onboarding/SubmitContactRequest': t.type({
    form: t.type({
      firstName: t.string,
      lastName: t.string,
      country: t.string,
      email: t.string,
      helpOption: t.union([
        t.null,
        t.literal('Request a demo'),
        t.literal('Technical support'),
        t.literal('Request trial extension'),
        t.literal('Contact sales'),
      ]),
      optionalComment: t.string,
    }),
  }),
  'onboarding/SubmitQuestionnaire': t.type({
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
  'onboarding/ThankForContactRequest': t.UnknownRecord,
}
