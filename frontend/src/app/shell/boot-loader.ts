import { useEffect } from 'react';
import { TIMINGS_MS } from '@planwerk/events/constants';

// Start-up of spec section 4: the loader of index.html goes 150 ms after initialisation.
export function useBootLoader(initialised: boolean): void {
  useEffect(() => {
    if (!initialised) return;
    const loader = document.getElementById('boot-loader');
    if (!loader) return;
    const timer = window.setTimeout(() => loader.remove(), TIMINGS_MS.loaderHide);
    return () => window.clearTimeout(timer);
  }, [initialised]);
}
