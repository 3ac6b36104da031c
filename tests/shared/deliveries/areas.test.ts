import { describe, expect, it } from 'vitest';
import locations from '../../../src/shared/nigeria-locations.json';
import { areaNames, findState, type LocationState } from '../../../src/shared/locations';
import {
  findLagosArea,
  greatCircleKm,
  lagosAreaNames,
  lagosAreaRecords,
  roadTenthsOfKm,
} from '../../../src/shared/deliveries/areas';
import wardData from '../../../src/shared/deliveries/lagos-wards.json';

const lagos = findState(locations as LocationState[], 'Lagos');
const wizardAreas = areaNames(lagos);
const ISLAND_LGAS = ['Lagos Island', 'Eti-Osa', 'Ibeju-Lekki'];

describe('Lagos areas', () => {
  it('places every Lagos area the wizard lists, and no other', () => {
    expect(wizardAreas.length).toBeGreaterThan(80);
    for (const name of wizardAreas) {
      const area = findLagosArea(name);
      expect(area, name).toBeDefined();
      expect(area!.name).toBe(name);
    }
    expect([...lagosAreaNames].sort()).toEqual([...wizardAreas].sort());
  });

  it('gives each area an LGA of the wizard, a side and a point inside Lagos State', () => {
    const lgas = lagos!.lgas.map((l) => l.name);
    for (const area of lagosAreaRecords) {
      expect(lgas, area.name).toContain(area.lga);
      expect(area.side, area.name).toBe(ISLAND_LGAS.includes(area.lga) ? 'island' : 'mainland');
      expect(area.lat, area.name).toBeGreaterThan(6.35);
      expect(area.lat, area.name).toBeLessThan(6.75);
      expect(area.lng, area.name).toBeGreaterThan(2.7);
      expect(area.lng, area.name).toBeLessThan(4.4);
    }
  });

  it('derives every centre from the ward data as the docs say: the mean of its wards, to 4 decimals', () => {
    const wards = new Map(wardData.wards.map((w) => [`${w.lga}|${w.ward}`, w]));
    for (const area of lagosAreaRecords) {
      const listed = area.from === 'lga' ? wardData.wards.filter((w) => w.lga === area.lga).map((w) => [w.lga, w.ward] as const) : area.wards;
      expect(listed?.length, area.name).toBeGreaterThan(0);
      if (area.from === 'lga') expect(area.wards, area.name).toBeUndefined();
      const points = listed!.map(([lga, ward]) => {
        const w = wards.get(`${lga}|${ward}`);
        expect(w, `${area.name}: ${lga} / ${ward}`).toBeDefined();
        return w!;
      });
      const mean = (key: 'lat' | 'lng') => Math.round((points.reduce((s, p) => s + p[key], 0) / points.length) * 1e4) / 1e4;
      expect(area.lat, area.name).toBeCloseTo(mean('lat'), 6);
      expect(area.lng, area.name).toBeCloseTo(mean('lng'), 6);
      if (area.from !== 'lga') expect(points.some((p) => p.lga === area.lga), area.name).toBe(true);
      if (area.from === 'named') {
        const word = area.name.toLowerCase().split(/[\s-]/)[0]!;
        for (const p of points) expect(p.ward.toLowerCase(), area.name).toContain(word);
      }
    }
  });

  it('normalises the ward data\'s LGA names to the wizard\'s spelling', () => {
    const lgas = new Set(lagos!.lgas.map((l) => l.name));
    const normalised = new Set(wardData.wards.map((w) => w.lga));
    expect([...normalised].sort()).toEqual([...lgas].sort());
    const renamed = Object.fromEntries(wardData.wards.filter((w) => w.lga !== w.lga_source).map((w) => [w.lga_source, w.lga]));
    expect(renamed).toMatchObject({ Badagary: 'Badagry', 'Ibeju/Lekki': 'Ibeju-Lekki', 'Ifako/Ijaye': 'Ifako-Ijaiye' });
    expect(wardData.wards).toHaveLength(245);
  });

  it('finds an area whatever its case, spacing, hyphen or slash, and a few other spellings', () => {
    expect(findLagosArea('  victoria   ISLAND ')?.name).toBe('Victoria Island');
    expect(findLagosArea('Ibeju/Lekki')?.name).toBe('Ibeju-Lekki');
    expect(findLagosArea('Badagary')?.name).toBe('Badagry');
    expect(findLagosArea('Ifako Ijaye')?.name).toBe('Ifako-Ijaiye');
    expect(findLagosArea('Lekki Phase 1')?.name).toBe('Lekki');
    expect(findLagosArea('VI')?.name).toBe('Victoria Island');
    expect(findLagosArea('Abuja')).toBeUndefined();
    expect(findLagosArea('')).toBeUndefined();
  });

  it('measures great-circle distances sensibly', () => {
    const ikeja = findLagosArea('Ikeja')!;
    const lekki = findLagosArea('Lekki')!;
    expect(greatCircleKm(ikeja, ikeja)).toBe(0);
    expect(greatCircleKm(ikeja, lekki)).toBeCloseTo(greatCircleKm(lekki, ikeja), 9);
    // Ikeja to Lekki Phase 1 is about 26 km as the crow flies, 30-35 km by road.
    expect(greatCircleKm(ikeja, lekki)).toBeGreaterThan(24);
    expect(greatCircleKm(ikeja, lekki)).toBeLessThan(29);
    expect(roadTenthsOfKm(ikeja, lekki, 1.3)).toBe(344);
  });
});
