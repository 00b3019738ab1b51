import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import { closeTopLayer, hasOpenLayer } from './layers';

// Navigation guard step 2 (spec section 2): the back action first closes the topmost overlay
// and stays on the page; only with no overlay open does it navigate.
export function useBackClosesLayers(): void {
  const blocker = useBlocker(({ historyAction }) => historyAction === 'POP' && hasOpenLayer());
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    closeTopLayer();
    blocker.reset();
  }, [blocker]);
}
