import { useEffect } from 'react';
import { hostVariant, variantOf } from '../shared/products';
import { t } from '../shared/ui/t';

/** Sets the document's title on load (platform spec section 2): the page's title (a catalogue key) and the product's name. */
export function usePageTitle(key: string): void {
  useEffect(() => {
    document.title = t('page.title', { page: t(key), product: variantOf(hostVariant()).name });
  }, [key]);
}
