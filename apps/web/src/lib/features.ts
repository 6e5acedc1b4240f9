/**
 * Switches for parts of the product that land in later issues. A flag that is off hides the
 * entry points completely, so the app never links to a screen that does not exist yet.
 */
export interface FeatureFlags {
  /** Sign-in, sign-up and the teacher/student login buttons (identity issue). */
  readonly auth: boolean;
}

export const features: FeatureFlags = {
  auth: true,
};
