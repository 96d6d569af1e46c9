// Decoding of the base64 data URLs the browser uploads (docs/product-rules.md#validation): the byte cap is checked
// from the length alone, before anything is decoded, and a payload that is not strict base64 is refused rather than
// silently skipped.
import { dataUrlByteLength } from '@act/contracts';
import { AppError, ErrorCode } from '../errors';

const BASE64_PAYLOAD = /^[A-Za-z0-9+/]*={0,2}$/;
const DATA_URL_HEADER = /^data:[^,;]*(;[^,;]*)*;base64,/i;

/** What to answer for one upload field: its name in `details.field` and the spec's texts for its two refusals. */
export interface UploadRules {
  field: string;
  maxBytes: number;
  invalidText: string;
  tooLargeText: string;
}

/** A 400 with the upload's "not a valid file" text. */
export function invalidUpload(rules: Pick<UploadRules, 'field' | 'invalidText'>): AppError {
  return new AppError(ErrorCode.VALIDATION_FAILED, rules.invalidText, { details: { field: rules.field } });
}

/**
 * The bytes of a `data:<label>;base64,<payload>` URL and their type as `sniff` proves it from the bytes; the label
 * is ignored. Throws the upload's too-large 400 when the decoded size would pass `maxBytes`, and its invalid 400 for
 * anything that is not a base64 data URL or that `sniff` does not recognise.
 */
export function readTypedDataUrl<Mime extends string>(
  dataUrl: string,
  rules: UploadRules,
  sniff: (bytes: Uint8Array) => Mime | undefined,
): { bytes: Buffer; mime: Mime } {
  const header = DATA_URL_HEADER.exec(dataUrl);
  if (!header) throw invalidUpload(rules);
  const payload = dataUrl.slice(header[0].length);
  // Size first, from the length alone, so an oversize upload is refused before we decode it.
  if (dataUrlByteLength(dataUrl) > rules.maxBytes) {
    throw new AppError(ErrorCode.VALIDATION_FAILED, rules.tooLargeText, { details: { field: rules.field } });
  }
  // Buffer.from silently skips bad characters; a strict check keeps corrupted uploads from passing as files.
  if (payload.length === 0 || payload.length % 4 !== 0 || !BASE64_PAYLOAD.test(payload)) {
    throw invalidUpload(rules);
  }
  const bytes = Buffer.from(payload, 'base64');
  const mime = sniff(bytes);
  if (!mime) throw invalidUpload(rules);
  return { bytes, mime };
}
