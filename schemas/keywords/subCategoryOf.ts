import businessCategoriesMaster from '../master/business-categories.json';

const SUB_CATEGORIES = new Map(businessCategoriesMaster.business_categories.map((category) => [category.id, new Set(category.business_sub_categories.map((sub) => sub.id))]));

/**
 * Whether `subCategoryId` may go with `categoryId` (schemas/master/business-categories.json): it is one of that
 * category's sub-categories. A category the table does not have passes: the category's own check reports it.
 */
export function isSubCategoryOf(subCategoryId: number, categoryId: unknown): boolean {
  const subCategories = typeof categoryId === 'number' ? SUB_CATEGORIES.get(categoryId) : undefined;
  return subCategories === undefined || subCategories.has(subCategoryId);
}
