import type { Footer, Microservice, OnPremMetrics, ProjectSummary } from '../../domain/platform'
import type { Result } from './result'

// The platform (start-up data, features, licence, microservices) area's API port (adapters/ports.ts).
export interface PlatformApi {
  version(): Promise<Result<{ readonly version: string; readonly revision: string }>>
  microservices(): Promise<Result<ReadonlyArray<Microservice>>>
  footer(): Promise<Result<Footer>>
  entitlements(): Promise<Result<ReadonlyArray<string>>>
  features(): Promise<Result<Readonly<Record<string, boolean>>>>
  microserviceEnabled(key: string): Promise<Result<boolean>>
  /** Onboarding start data: does the platform still have only its default repositories? */
  onboardingStatus(): Promise<Result<boolean>>
  blockedUsages(): Promise<Result<ReadonlyArray<string>>>
  packageTypes(): Promise<Result<ReadonlyArray<string>>>
  projects(): Promise<Result<ReadonlyArray<ProjectSummary>>>
  artifactCount(): Promise<Result<number>>
  sendOnPremMetrics(metrics: OnPremMetrics): Promise<Result<void>>
}
