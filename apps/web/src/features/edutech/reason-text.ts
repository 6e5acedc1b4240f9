import type { RecommendationReason } from '@ssaem/contracts/edutech';
import type { TFunction } from 'i18next';

/** A day (`2026-11-30`) as the language writes it ("Nov 30, 2026"); Intl only, for the first paint's small chunk. */
function dayOf(isoDay: string, language: string): string {
  const date = new Date(`${isoDay}T00:00:00Z`);
  return Number.isNaN(date.getTime())
    ? isoDay
    : date.toLocaleDateString(language, { dateStyle: 'medium', timeZone: 'UTC' });
}

/** Why an item is in a list: the server's Korean sentence, or the same facts worded in English. */
export function reasonText(reason: RecommendationReason, t: TFunction<'edutech'>, language: string): string {
  if (language === 'ko' && reason.text) return reason.text;
  const values = reason.values;
  const level =
    typeof values.level === 'string' && values.level
      ? t(`levels.${values.level}` as 'levels.ELEMENTARY')
      : '';
  const grade = Number(values.grade) || 0;
  const audience = level ? (grade ? t('reasons.audienceGrade', { level, grade }) : level) : '';
  switch (reason.kind) {
    case 'FIT': {
      const category = values.category ? t(`categories.${values.category}` as 'categories.MATH') : '';
      const price = t(`reasons.price.${String(values.priceType || 'OTHER')}` as 'reasons.price.FREE');
      if (category)
        return t('reasons.fitCategory', { audience: audience || t('reasons.anyone'), category, price });
      return t('reasons.fitGeneral', { audience: audience || t('reasons.anyone'), price });
    }
    case 'SIMILAR':
      return t('reasons.similar', { count: Number(values.count), audience });
    case 'NEW':
      return t('reasons.new', { date: dayOf(String(values.date), language) });
    case 'ORDERS':
      return t('reasons.orders', { count: Number(values.count) });
    case 'OFFICE':
      return t('reasons.office', { count: Number(values.count), office: String(values.office) });
    case 'LIKES':
      return t('reasons.likes', { count: Number(values.count) });
  }
}
