/**
 * Where each Lagos area is: the centre of every area the sign-up wizard lists for Lagos (its towns
 * and LGAs, `areaNames` in ../locations.ts), with its LGA and its side of the lagoon. The
 * coordinates are derived from open ward data (./lagos-wards.json, MIT, see ./NOTICE.md) as
 * docs/deliveries.md describes; tests/shared/deliveries/areas.test.ts checks the derivation and
 * that every area of the wizard has a place.
 */
import data from './lagos-areas.json';

export type Side = 'island' | 'mainland';

export interface LagosArea {
  name: string;
  lga: string;
  side: Side;
  lat: number;
  lng: number;
}

/** How an area was placed: its LGA's wards, the wards named after it, or the nearest ward chosen by hand. */
export type AreaDerivation = 'lga' | 'named' | 'nearest';

export interface LagosAreaRecord extends LagosArea {
  from: AreaDerivation;
  /** [LGA, ward] pairs of lagos-wards.json whose mean is the area's centre; absent for 'lga' (all the LGA's wards). */
  wards?: [string, string][];
}

export const lagosAreaRecords: readonly LagosAreaRecord[] = data.areas as LagosAreaRecord[];

/** Lower case, with runs of spaces, hyphens and slashes as one space: "Ibeju/Lekki" = "ibeju-lekki". */
export const areaKey = (name: string): string =>
  name
    .trim()
    .toLowerCase()
    .replace(/[\s/-]+/g, ' ');

/** Other spellings senders (and other data sets) use, mapped to the wizard's name. */
const ALIASES: Readonly<Record<string, string>> = {
  badagary: 'Badagry',
  'ifako ijaye': 'Ifako-Ijaiye',
  'lekki phase 1': 'Lekki',
  'lekki phase i': 'Lekki',
  vi: 'Victoria Island',
  'v.i.': 'Victoria Island',
  festac: 'Festac Town',
  'ebute meta': 'Ebute Metta',
  allen: 'Allen Avenue',
};

const byKey = new Map<string, LagosArea>();
for (const record of lagosAreaRecords) {
  const { name, lga, side, lat, lng } = record;
  byKey.set(areaKey(name), { name, lga, side, lat, lng });
}
for (const [alias, name] of Object.entries(ALIASES)) {
  const area = byKey.get(areaKey(name));
  if (area && !byKey.has(alias)) byKey.set(alias, area);
}

/** The area a sender named (any case, spacing, hyphen or slash; a few aliases), or undefined. */
export function findLagosArea(name: string): LagosArea | undefined {
  return byKey.get(areaKey(name));
}

/** Every Lagos area's name, as the wizard spells it, in its order. */
export const lagosAreaNames: readonly string[] = lagosAreaRecords.map((a) => a.name);

const EARTH_RADIUS_KM = 6371.0088;
const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle (haversine) distance in km between two points. */
export function greatCircleKm(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * The road distance the price uses, in tenths of a km (an integer): great-circle × road factor,
 * rounded to the nearest 100 m.
 */
export function roadTenthsOfKm(a: { lat: number; lng: number }, b: { lat: number; lng: number }, roadFactor: number): number {
  return Math.round(greatCircleKm(a, b) * roadFactor * 10);
}
