/**
 * The plans on /pricing. Each maps onto a licence (core.md §3, §4): a period and a token limit,
 * where a limit of 0 means unlimited.
 */
import type pricingTexts from '../../locales/ko/pricing.json';

export type PlanId = 'trial' | 'teacher' | 'school';

type PlanTexts = (typeof pricingTexts)['plans'];
/** The i18n key of one plan feature line, checked against the texts at compile time. */
export type PlanFeatureKey = {
  [P in PlanId]: `plans.${P}.features.${keyof PlanTexts[P]['features'] & string}`;
}[PlanId];

export interface Plan {
  id: PlanId;
  /** Price in KRW, VAT included; 0 for the trial. */
  priceKrw: number;
  billing: 'free' | 'perYear' | 'perTeacherYear';
  periodDays: number;
  /** Licence token limit; 0 = unlimited. */
  tokenLimit: number;
  features: readonly PlanFeatureKey[];
  recommended?: boolean;
}

export const PLANS: readonly Plan[] = [
  {
    id: 'trial',
    priceKrw: 0,
    billing: 'free',
    periodDays: 30,
    tokenLimit: 100_000,
    features: [
      'plans.trial.features.tools',
      'plans.trial.features.downloads',
      'plans.trial.features.library',
    ],
  },
  {
    id: 'teacher',
    priceKrw: 99_000,
    billing: 'perYear',
    periodDays: 365,
    tokenLimit: 3_000_000,
    features: [
      'plans.teacher.features.tools',
      'plans.teacher.features.materials',
      'plans.teacher.features.copy',
      'plans.teacher.features.edutech',
    ],
    recommended: true,
  },
  {
    id: 'school',
    priceKrw: 79_000,
    billing: 'perTeacherYear',
    periodDays: 365,
    tokenLimit: 0,
    features: [
      'plans.school.features.keys',
      'plans.school.features.schoolLibrary',
      'plans.school.features.classes',
      'plans.school.features.onPremises',
      'plans.school.features.usage',
    ],
  },
];

export function isUnlimited(plan: Plan): boolean {
  return plan.tokenLimit === 0;
}

/** The monthly equivalent of a yearly price, rounded to 10 won as Korean prices usually are. */
export function monthlyEquivalent(plan: Plan): number {
  return Math.round(plan.priceKrw / 12 / 10) * 10;
}
