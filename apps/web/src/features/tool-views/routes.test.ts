import { describe, expect, it } from 'vitest';
import { isRegisteredPath } from '../../app/route-registry';
import { appRoutes } from '../../app/routes';

describe('tool view routes', () => {
  it.each([
    '/immersive/create-summary',
    '/immersive/create-text-correction',
    '/immersive/create-feedback',
    '/immersive/create-lesson/7',
    '/immersive/lesson-slide/7',
    '/tool/lesson-plan/7',
    '/tool/lesson-slide/7',
  ])('%s reaches a screen', (path) => {
    expect(isRegisteredPath(appRoutes, path)).toBe(true);
  });
});
