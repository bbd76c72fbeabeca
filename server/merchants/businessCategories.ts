import businessCategoriesMaster from '../../schemas/master/business-categories.json';
import areaCodesMaster from '../../schemas/master/area-codes.json';

/** A business sub-category of the master data (id, name). */
export interface BusinessSubCategory {
  id: number;
  name: string;
}

/** A business category with its sub-categories, as GET /api/v1/business_categories lists it. */
export interface BusinessCategory {
  id: number;
  name: string;
  business_sub_categories: readonly BusinessSubCategory[];
}

/** A shop-establishment registration area: `area` is shown, `code` is stored. */
export interface AreaCode {
  area: string;
  code: string;
}

/** The default business categories (schemas/master/business-categories.json). */
export const businessCategories: readonly BusinessCategory[] = businessCategoriesMaster.business_categories;

/** The default shop-establishment area codes (schemas/master/area-codes.json). */
export const areaCodes: readonly AreaCode[] = areaCodesMaster.area_codes;

/** The category with this id, if the master data has it. */
export function categoryById(id: number | undefined, categories: readonly BusinessCategory[] = businessCategories): BusinessCategory | undefined {
  return categories.find((category) => category.id === id);
}

/** The sub-categories of the category with this id; none for an unknown or missing category. */
export function subCategoriesOf(categoryId: number | undefined, categories: readonly BusinessCategory[] = businessCategories): readonly BusinessSubCategory[] {
  return categoryById(categoryId, categories)?.business_sub_categories ?? [];
}
