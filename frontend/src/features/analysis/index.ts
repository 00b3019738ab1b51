// The public entry of the analysis feature: other features import only from here (ADR 0010).
export { ProjectFillChart } from './fill-rate-chart';
