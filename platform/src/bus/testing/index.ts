// Test-only entry of the bus (excluded from the package build): import it by path.
export { describeBusContract } from './bus.contract';
