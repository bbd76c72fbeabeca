import type { FastifyRequest } from 'fastify';
import '@fastify/multipart';
import { message } from '../../schemas/messages';
import { validationError } from '../errors';
import { readUpload, UploadRefused, type CheckedUpload, type UploadLimits } from './fileStore';

/** The catalogue's text for a refused upload; `typeText` replaces the default text of a wrong type. */
export function uploadRefusalText(error: UploadRefused, limits: UploadLimits, typeText = message('upload.type')): string {
  if (error.reason === 'tooLarge') return message('upload.tooLarge', { size: Math.round(limits.maxBytes / (1024 * 1024)) });
  if (error.reason === 'empty') return message('upload.empty');
  if (error.reason === 'unreadable') return message('upload.unreadable');
  return typeText;
}

/** How a call reads its multipart body. */
export interface MultipartUploadOptions {
  /** The largest file any call of this kind takes (the parser cuts a file off there while it streams). */
  maxBytes: number;
  /** How many text fields, and how long each, the call takes. */
  fields: number;
  fieldSize: number;
  /** The names a file part may have; others are read and dropped. */
  fileFields: readonly string[];
  /** The limits of the file given the fields before it; null: not a file this call takes (it is dropped). */
  limitsFor(fields: Readonly<Record<string, string>>): UploadLimits | null;
  /** The text of a file of the wrong type (default: the catalogue's upload.type). */
  typeText?: string;
}

/**
 * Reads a multipart body: its text fields, then one file, checked while it streams by {@link readUpload} with the
 * limits its fields set (fields must come before the file). A refused file is a 422 on `file` with the catalogue's
 * text, and nothing is kept.
 */
export async function readMultipartUpload(
  request: FastifyRequest,
  options: MultipartUploadOptions,
): Promise<{ fields: Record<string, string>; upload: CheckedUpload | undefined; fileField: string | undefined }> {
  if (!request.isMultipart()) throw validationError({ file: [message('upload.missing')] });
  const fields: Record<string, string> = {};
  let upload: CheckedUpload | undefined;
  let fileField: string | undefined;
  let limits: UploadLimits | null = null;
  try {
    for await (const part of request.parts({ limits: { fileSize: options.maxBytes, files: 1, fields: options.fields, fieldSize: options.fieldSize } })) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      limits = upload || !options.fileFields.includes(part.fieldname) ? null : options.limitsFor(fields);
      if (!limits) {
        part.file.resume();
        continue;
      }
      fileField = part.fieldname;
      upload = await readUpload(part.file, part.filename, limits);
    }
  } catch (error) {
    if (error instanceof UploadRefused && limits) throw validationError({ file: [uploadRefusalText(error, limits, options.typeText)] });
    throw error;
  }
  return { fields, upload, fileField };
}
