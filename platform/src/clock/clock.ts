// The one clock port of both services (issue 13): command handlers, services and guards read the
// time through `Clock`, injected by the `CLOCK` token; deciders keep receiving the time as data.
// Tests move the time by handing the service another clock (`createCommandService({ clock })`).

export interface Clock {
  now(): Date;
}

/** The injection token of the service's `Clock`. */
export const CLOCK = Symbol('planwerk:clock');

/** The wall clock. */
export const systemClock: Clock = { now: () => new Date() };
