import { screen, within } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { describe, expect, it } from 'vitest';
import { changeLanguage, loadPageTexts } from '../../lib/i18n';
import { renderWithProviders } from '../../test/render';
import { PLANS } from './plans';
import { PricingPage } from './pricing-page';

async function renderPricing() {
  await loadPageTexts(['pricing']);
  const router = createMemoryRouter([{ path: '*', element: <PricingPage /> }]);
  renderWithProviders(<RouterProvider router={router} />);
  return within(screen.getByRole('list', { name: /요금제 목록|Plans/ }));
}

describe('plans', () => {
  it('follow the licence model: a period, a token limit, 0 meaning unlimited', () => {
    expect(PLANS.map((plan) => plan.id)).toEqual(['trial', 'teacher', 'school']);
    for (const plan of PLANS) {
      expect(plan.periodDays).toBeGreaterThan(0);
      expect(Number.isInteger(plan.tokenLimit) && plan.tokenLimit >= 0).toBe(true);
    }
    expect(PLANS.find((plan) => plan.id === 'trial')).toMatchObject({ priceKrw: 0, billing: 'free' });
    expect(PLANS.find((plan) => plan.id === 'school')?.tokenLimit).toBe(0);
  });
});

describe('PricingPage', () => {
  it('shows the three plans with KRW prices, token allowances and periods', async () => {
    const plans = await renderPricing();
    const cards = plans.getAllByRole('listitem').filter((item) => item.getAttribute('aria-labelledby'));
    expect(cards).toHaveLength(3);
    const [trial, teacher, school] = cards.map((card) => within(card));

    expect(trial?.getByRole('heading', { name: '무료 체험' })).toBeTruthy();
    expect(trial?.getByText('무료')).toBeTruthy();
    expect(trial?.getByText('AI 토큰 10만')).toBeTruthy();
    expect(trial?.getByText('30일 동안 사용')).toBeTruthy();

    expect(teacher?.getByText('99,000원')).toBeTruthy();
    expect(teacher?.getByText('AI 토큰 300만')).toBeTruthy();
    expect(teacher?.getByText('월 8,250원 꼴')).toBeTruthy();
    expect(teacher?.getByText('추천')).toBeTruthy();

    expect(school?.getByText('79,000원')).toBeTruthy();
    expect(school?.getByText('교사 1명당 연간')).toBeTruthy();
    expect(school?.getByText('AI 토큰 무제한')).toBeTruthy();
  });

  it('formats prices and allowances for English readers', async () => {
    await changeLanguage('en');
    const plans = await renderPricing();
    expect(plans.getByText('₩99,000')).toBeTruthy();
    expect(plans.getByText('3M AI tokens')).toBeTruthy();
    expect(plans.getByText('Unlimited AI tokens')).toBeTruthy();
  });
});
