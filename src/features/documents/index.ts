import { lazyWithRetry } from '../../../ui/lazyWithRetry';

// The documents feature's public entry: what other features may use of it. Its screens load when first rendered, so
// an importer's chunk gets neither their code (the uploader's sortable pages) nor the document texts with them.
// A screen that shows document texts itself imports ./documentTexts too, until texts are loaded explicitly (#28 item 8).

export type { DocumentCategory } from './types';

/** The Documents tab's list of categories, uploads and reviews (also the additional-documents step's content). */
export const DocumentsPage = lazyWithRetry(() => import('./DocumentsPage').then((module) => ({ default: module.DocumentsPage })));

/** The upload modal of one document category: one file, front and back, or several pages. */
export const UploadDialog = lazyWithRetry(() => import('./UploadDialog').then((module) => ({ default: module.UploadDialog })));
