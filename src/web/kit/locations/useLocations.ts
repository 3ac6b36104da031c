/**
 * The states and areas for the filter panel (GET /api/locations, cached by the browser for a
 * week). Reference data, not a workflow: null while it loads or if it failed (the panel then
 * offers only what the URL already names).
 */
import { useEffect, useState } from 'react';
import type { LocationState } from '../../../shared/locations';
import { loadLocations } from './locationsApi';

export function useLocations(): LocationState[] | null {
  const [locations, setLocations] = useState<LocationState[] | null>(null);
  useEffect(() => {
    let live = true;
    loadLocations().then(
      (data) => live && setLocations(data),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  return locations;
}
