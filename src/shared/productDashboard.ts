import productDashboards from '../../schemas/master/product-dashboards.json';
import { productVariant } from './products';

/** The product dashboard COLLECT PAYMENTS leads to (schemas/master/product-dashboards.json); the business one by default. */
export function productDashboardUrl(product: unknown): string {
  return productDashboards.dashboards[productVariant(product) ?? 'business'];
}
