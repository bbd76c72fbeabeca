import { message } from '../../schemas/messages';
import type { CategoryConfig, DocumentCatalogue, TypeConfig } from './requirementsSource';

/** A category as the API answers it (the uploader's categories): its code and configuration, texts in the catalogue's words. */
export function categoryOut(catalogue: DocumentCatalogue, code: string, config: CategoryConfig, types?: readonly string[]) {
  const offered = types && types.length ? types : (config.subCategory?.value ?? []);
  return {
    code,
    label: message(config.label),
    tooltipText: config.tooltipText ? message(config.tooltipText) : null,
    maxFileSizeLimit: config.maxFileSizeLimit,
    template: config.template ? { call: config.template.call, label: message(config.template.label) } : null,
    uploadLabel: config.uploadLabel ? message(config.uploadLabel) : null,
    subCategory: config.subCategory && {
      modalTitle: message(config.subCategory.modalTitle),
      coachMark: config.subCategory.coachMark ? message(config.subCategory.coachMark) : null,
      value: offered.map((type) => typeOut(type, catalogue.types[type]!)),
      uploadFrontAndBack: config.subCategory.uploadFrontAndBack.filter((type) => offered.includes(type)),
      uploadMultiple: config.subCategory.uploadMultiple.filter((type) => offered.includes(type)),
    },
  };
}

/** A document type as the API answers it: its code as `value`, texts in the catalogue's words. */
export function typeOut(code: string, type: TypeConfig) {
  return {
    value: code,
    id: type.id ?? null,
    label: message(type.label),
    subLabel: type.subLabel ? message(type.subLabel) : null,
    coachMark: type.coachMark ? message(type.coachMark) : null,
    modalTitle: type.modalTitle ? message(type.modalTitle) : null,
    modalDescription: type.modalDescription ? message(type.modalDescription) : null,
    backOptional: type.backOptional === true,
    sideLabels: type.sideLabels ? { front: message(type.sideLabels.front), back: message(type.sideLabels.back) } : null,
  };
}
