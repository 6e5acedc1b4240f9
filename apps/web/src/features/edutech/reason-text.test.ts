import type { RecommendationReason } from '@ssaem/contracts/edutech';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n, loadPageTexts } from '../../lib/i18n';
import { reasonText } from './reason-text';

const NEW: RecommendationReason = {
  kind: 'NEW',
  values: { date: '2026-11-30' },
  text: '2026년 11월 30일에 카탈로그에 새로 올라왔습니다.',
};

beforeAll(async () => {
  await loadPageTexts(['edutech'], 'ko');
  await loadPageTexts(['edutech'], 'en');
});

describe('reasonText', () => {
  it("keeps the server's Korean sentence", () => {
    expect(reasonText(NEW, i18n.getFixedT('ko', 'edutech'), 'ko')).toBe(NEW.text);
  });

  it('writes the day of a new product as English writes it, not as an ISO date', () => {
    expect(reasonText(NEW, i18n.getFixedT('en', 'edutech'), 'en')).toBe(
      'New in the catalogue on Nov 30, 2026.',
    );
  });
});
