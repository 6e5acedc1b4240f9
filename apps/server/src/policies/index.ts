export * from './actor.ts';
export * from './material.policy.ts';
export * from './user.policy.ts';
