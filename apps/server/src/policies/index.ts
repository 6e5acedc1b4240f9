export * from './actor.ts';
export * from './classroom.policy.ts';
export * from './edutech.policy.ts';
export * from './global-settings.policy.ts';
export * from './material.policy.ts';
export * from './notice.policy.ts';
export * from './student-record.policy.ts';
export * from './user.policy.ts';
