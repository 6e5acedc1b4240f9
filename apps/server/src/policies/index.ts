export * from './actor.ts';
export * from './global-settings.policy.ts';
export * from './material.policy.ts';
export * from './user.policy.ts';
