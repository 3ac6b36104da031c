/**
 * The location reference data on the server (spec §3): read once from
 * src/shared/nigeria-locations.json, checked, and kept with its JSON text, an ETag and
 * gzip and brotli copies, so GET /api/locations costs nothing per request and every feature
 * that saves a place (the sign-up wizard, the dashboard's profile) checks it against the same
 * list with checkPlace().
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzipSync } from 'node:zlib';
import { checkLocation, isLocationData, type LocationState } from '../../shared/locations';
import { AppError } from '../errors';

export interface LocationPayload {
  states: LocationState[];
  json: string;
  etag: string;
  gzip: Buffer;
  /**
   * Made off the event loop (zlib's thread pool): at the best quality it takes ~250 ms of CPU,
   * which, made at once on the first request, held every other answer of the server back that
   * long, the scripts of a rider's first page too. Null if it could not be made.
   */
  brotli: Promise<Buffer | null>;
}

let payload: LocationPayload | null = null;

export function locationPayload(): LocationPayload {
  if (payload) return payload;
  const text = readFileSync(new URL('../../shared/nigeria-locations.json', import.meta.url), 'utf8');
  const states: unknown = JSON.parse(text);
  if (!isLocationData(states)) throw new Error('nigeria-locations.json is not a list of states with towns and lgas');
  const json = JSON.stringify(states);
  payload = {
    states,
    json,
    etag: `"${createHash('sha256').update(json).digest('base64url').slice(0, 22)}"`,
    gzip: gzipSync(json, { level: 9 }),
    brotli: promisify(brotliCompress)(json, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).catch(() => null),
  };
  return payload;
}

function locationData(): LocationState[] {
  return locationPayload().states;
}

/**
 * A state and town checked against the data, in the data's own spelling; otherwise a 400
 * under 'state' or 'town' with the message to show.
 */
export function checkPlace(input: { state: string; town: string }): { state: string; town: string } {
  const result = checkLocation(locationData(), input);
  if (!result.ok) throw AppError.invalid(result.error.field, result.error.message);
  return { state: result.state, town: result.town };
}
