import type { FastifyRequest } from 'fastify';
import '@fastify/multipart';
import { message } from '../../schemas/messages';
import { ApiError, validationError } from '../errors';
import type { FileParser } from './fileParser';
import { MAX_IMAGE_PIXELS } from './imageInspection';
import { PDF_BOUNDS } from './pdfInspection';
import { inspectUpload, readUpload, STORAGE_QUOTA, UploadRefused, type FileToStore, type ReceivedUpload, type UploadLimits } from './fileStore';

const MB = 1024 * 1024;

/**
 * The catalogue's text for a refused upload: a wrong type and a file too large in the words of spec section 5 (the
 * browser refuses them with the same words); `typeText` replaces the default text of a wrong type.
 */
export function uploadRefusalText(error: UploadRefused, limits: UploadLimits | null, typeText = message('validation.fileType')): string {
  switch (error.reason) {
    case 'tooLarge':
      return message('validation.fileSize', { max: Math.round((limits?.maxBytes ?? 0) / MB) });
    case 'empty':
      return message('upload.empty');
    case 'unreadable':
      return message('upload.unreadable');
    case 'tooManyPages':
      return message('upload.tooManyPages', { pages: PDF_BOUNDS.maxPages });
    case 'tooManyPixels':
      return message('upload.tooManyPixels', { megapixels: MAX_IMAGE_PIXELS / 1_000_000 });
    case 'tooComplex':
      return message('upload.tooComplex');
    case 'busy':
      return message('upload.busy');
    case 'quota':
      return message('upload.quota', { size: Math.floor((error.storage?.quotaBytes ?? STORAGE_QUOTA.bytes) / MB), files: error.storage?.quotaFiles ?? STORAGE_QUOTA.files });
    case 'type':
      return typeText;
  }
}

/** The API's answer to a refused upload: 422 on `file` with the catalogue's text; 503 when the parsers are all busy. */
export function uploadRefusal(error: UploadRefused, limits: UploadLimits | null, typeText?: string): ApiError {
  const text = uploadRefusalText(error, limits, typeText);
  if (error.reason === 'busy') return new ApiError(503, { errors: { file: [text] }, error: text, code: 'UPLOADS_BUSY', retry_after: 30 });
  return validationError({ file: [text] });
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
  /** The text of a file of the wrong type (default: the catalogue's validation.fileType, spec section 5). */
  typeText?: string;
}

/**
 * Reads a multipart body: its text fields, and one file, received while it streams by {@link readUpload} with the
 * limits its fields set (those fields must come before the file): its size and sniffed type are checked, nothing is
 * parsed yet. The route then makes its own cheap checks (permission, category, type, fields) and only then has the
 * file inspected ({@link inspectedUpload}). A refused file is a 422 on `file` with the catalogue's text; a body that
 * is not well-formed multipart (no boundary, cut off) is a 400, one with too many parts a 413, never a 500; nothing
 * is kept.
 */
export async function readMultipartUpload(
  request: FastifyRequest,
  options: MultipartUploadOptions,
): Promise<{ fields: Record<string, string>; upload: ReceivedUpload | undefined; fileField: string | undefined }> {
  if (!request.isMultipart()) throw validationError({ file: [message('upload.missing')] });
  const fields: Record<string, string> = {};
  let upload: ReceivedUpload | undefined;
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
    if (error instanceof UploadRefused) throw uploadRefusal(error, limits, options.typeText);
    throw malformedOrOwn(error, limits);
  }
  return { fields, upload, fileField };
}

/**
 * The upload inspected (see inspectUpload: an image's pixels counted, a PDF read in a worker within bounds), ready to
 * store; a refusal is the API's answer ({@link uploadRefusal}).
 */
export async function inspectedUpload(upload: ReceivedUpload, parser: FileParser): Promise<FileToStore> {
  try {
    return await inspectUpload(upload, parser);
  } catch (error) {
    if (error instanceof UploadRefused) throw uploadRefusal(error, null);
    throw error;
  }
}

/**
 * The answer to an error met while reading the parts, in the catalogue's words: more parts, files or fields than the
 * call takes (@fastify/multipart's limits) is 413; a file over the parser's own ceiling is the size refusal; anything
 * else the parser raised (no boundary, an unexpected end, a closed request) is the client's malformed body: 400.
 */
function malformedOrOwn(error: unknown, limits: UploadLimits | null): unknown {
  if (error instanceof ApiError) return error;
  const code = (error as { code?: unknown }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return uploadRefusal(new UploadRefused('tooLarge'), limits);
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    return new ApiError(413, { errors: { file: [message('upload.tooManyParts')] }, error: message('upload.tooManyParts'), code: 'MULTIPART_TOO_MANY_PARTS' });
  }
  return new ApiError(400, { errors: { file: [message('upload.malformed')] }, error: message('upload.malformed'), code: 'MULTIPART_MALFORMED' });
}
