import { lazyWithRetry } from '../../../ui/lazyWithRetry';

// The documents feature's public entry: what other features may use of it. Its screens load when first rendered, so
// an importer's chunk gets neither their code (the uploader's sortable pages) nor the document texts with them. A
// screen of another feature that shows document texts itself loads them when it renders, from ./documentTexts, not
// from here: this entry is in the first load, and the texts must not join it.

export type { DocumentCategory } from './types';

/** The Documents tab's list of categories, uploads and reviews (also the additional-documents step's content). */
export const DocumentsPage = lazyWithRetry(() => import('./DocumentsPage').then((module) => ({ default: module.DocumentsPage })));

/** The upload modal of one document category: one file, front and back, or several pages. */
export const UploadDialog = lazyWithRetry(() => import('./UploadDialog').then((module) => ({ default: module.UploadDialog })));
