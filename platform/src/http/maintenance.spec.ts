import { createMaintenanceSwitch, maintenanceForcedByEnvironment, passesMaintenance } from './maintenance';

describe('maintenance switch', () => {
  it('is forced by PLANWERK_MAINTENANCE on, 1, true or yes', () => {
    for (const value of ['on', '1', 'TRUE', ' yes ']) expect(maintenanceForcedByEnvironment({ PLANWERK_MAINTENANCE: value })).toBe(true);
    for (const value of ['', 'off', '0', 'no']) expect(maintenanceForcedByEnvironment({ PLANWERK_MAINTENANCE: value })).toBe(false);
    expect(maintenanceForcedByEnvironment({})).toBe(false);
  });

  it('lets only the health probes through', () => {
    expect(passesMaintenance('/health')).toBe(true);
    expect(passesMaintenance('/health/ready?x=1')).toBe(true);
    expect(passesMaintenance('/healthy')).toBe(false);
    expect(passesMaintenance('/v5/update/version')).toBe(false);
  });

  it('reads the row at most once per recheck interval and keeps the last state when the database fails', async () => {
    let now = 0;
    let reads = 0;
    let active = true;
    let failing = false;
    const db = {
      query: async (sql: string) => {
        if (sql.startsWith('CREATE')) return { rows: [] };
        reads += 1;
        if (failing) throw new Error('down');
        return { rows: [{ active, changed_at: new Date(0) }] };
      },
    };
    const maintenance = createMaintenanceSwitch({ db: db as never, env: {}, recheckMs: 2_000, now: () => now });
    expect((await maintenance.state()).active).toBe(true);
    active = false;
    now = 1_999;
    expect((await maintenance.state()).active).toBe(true);
    expect(reads).toBe(1);
    now = 2_000;
    expect((await maintenance.state()).active).toBe(false);
    failing = true;
    now = 5_000;
    expect((await maintenance.state()).active).toBe(false);
  });
});
