import type { RouteObject } from 'react-router';
import { loadPageTexts } from '../../lib/i18n';

const texts = () => loadPageTexts(['edutech']);

/**
 * EduTech and My EduTech (core.md §2), the provider's own products and the super administrator's
 * review. Each screen checks its roles itself, so the catalogue needs no Ssaem licence.
 */
export const edutechRoutes: RouteObject[] = [
  {
    path: 'edutech',
    lazy: async () => {
      const [module] = await Promise.all([import('./components/edutech-page'), texts()]);
      return { Component: module.EdutechPage };
    },
  },
  {
    path: 'edutech/vendor',
    lazy: async () => {
      const [module] = await Promise.all([import('./components/vendor-page'), texts()]);
      return { Component: module.VendorPage };
    },
  },
  {
    path: 'edutech/review',
    lazy: async () => {
      const [module] = await Promise.all([import('./components/review-page'), texts()]);
      return { Component: module.ReviewPage };
    },
  },
  {
    path: 'edutech/vendors/:id',
    lazy: async () => {
      const [module] = await Promise.all([import('./components/vendor-profile-page'), texts()]);
      return { Component: module.VendorProfilePage };
    },
  },
  {
    path: 'edutech/:id',
    lazy: async () => {
      const [module] = await Promise.all([import('./components/product-detail-page'), texts()]);
      return { Component: module.ProductDetailPage };
    },
  },
  {
    path: 'my-edutech',
    lazy: async () => {
      const [module] = await Promise.all([import('./components/my-edutech-page'), texts()]);
      return { Component: module.MyEdutechPage };
    },
  },
];
