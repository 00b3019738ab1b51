import {
  ACCESS_AREAS, breadcrumbTeamName, COLOURS, COUNTRIES, FEEDBACK_VOTE, FIELD_KINDS,
  formStateDisplay, FULL_ACCESS_AREAS, HUE_CODES, HUE_GRAY, isColourId, isHueCode,
  isProjectStatus, LANGUAGES, LIMITS, LINK_OBJ_KINDS, PROJECT_STATUS, PROJECT_STATUS_CODES,
  projectStatusName, projectStatusTone, RECONNECT_MS, resolveLanguage, SIDEBAR_MODE,
  SOCKET_STATE, LOG_SOCKET_STATE, TEAM_FLAG, THEMES, TIMINGS_MS, VOTE_KINDS,
} from './index';

describe('project status', () => {
  it('has the codes of spec section 4', () => {
    expect(PROJECT_STATUS).toEqual({
      deleted: 0, active: 1, template: 2, planning: 3, successful: 4, hidden: 5, archived: 10,
    });
    expect(PROJECT_STATUS_CODES).toEqual([0, 1, 2, 3, 4, 5, 10]);
  });

  it('recognises only known codes', () => {
    expect(isProjectStatus(10)).toBe(true);
    expect(isProjectStatus(6)).toBe(false);
    expect(isProjectStatus('1')).toBe(false);
  });

  it('names every code and round-trips through the table', () => {
    for (const code of PROJECT_STATUS_CODES) {
      expect(PROJECT_STATUS[projectStatusName(code)]).toBe(code);
    }
  });

  it('shows tones, with a lock overriding every status', () => {
    expect(projectStatusTone(0, false)).toBe('danger');
    expect(projectStatusTone(2, false)).toBe('warning');
    expect(projectStatusTone(3, false)).toBe('info');
    expect(projectStatusTone(1, false)).toBe('primary');
    for (const code of PROJECT_STATUS_CODES) expect(projectStatusTone(code, true)).toBe('gray');
  });

  it('reads form states 0, 1 and anything else', () => {
    expect([0, 1, 2, 7].map(formStateDisplay)).toEqual(['not_done', 'in_progress', 'completed', 'completed']);
  });
});

describe('colours', () => {
  it('names ids 1 to 9 with 9 gray, and has hue codes 1 to 10 with 9 gray', () => {
    expect(Object.keys(COLOURS).map(Number)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(COLOURS[1]).toBe('green');
    expect(COLOURS[8]).toBe('turquoise');
    expect(COLOURS[9]).toBe('gray');
    expect(HUE_CODES).toHaveLength(10);
    expect(HUE_GRAY).toBe(9);
    expect(isColourId(10)).toBe(false);
    expect(isHueCode(10)).toBe(true);
    expect(isHueCode(0)).toBe(false);
  });
});

describe('entity kinds', () => {
  it('lists the spec kinds without duplicates', () => {
    for (const list of [FIELD_KINDS, VOTE_KINDS, LINK_OBJ_KINDS, ACCESS_AREAS, COUNTRIES]) {
      expect(new Set(list).size).toBe(list.length);
    }
    expect(FIELD_KINDS).toHaveLength(14);
    expect(VOTE_KINDS).toHaveLength(4);
    expect(LINK_OBJ_KINDS).toHaveLength(10);
    expect(ACCESS_AREAS).toHaveLength(18);
    expect(COUNTRIES).toHaveLength(23);
  });

  it('has feedback votes and team flags 0/1/2', () => {
    expect(FEEDBACK_VOTE).toEqual({ none: 0, good: 1, bug: 2 });
    expect(TEAM_FLAG).toEqual({ none: 0, member: 1, admin: 2 });
  });

  it('grants whole-area access only through areas that exist', () => {
    for (const area of FULL_ACCESS_AREAS) expect(ACCESS_AREAS).toContain(area);
    expect(FULL_ACCESS_AREAS).not.toContain('manage_file');
  });
});

describe('languages and shell', () => {
  it('accepts de, en, fr, it, fx and falls back to de', () => {
    expect(LANGUAGES).toEqual(['de', 'en', 'fr', 'it', 'fx']);
    expect(resolveLanguage('fr')).toBe('fr');
    expect(resolveLanguage('EN')).toBe('en');
    expect(resolveLanguage('es')).toBe('de');
    expect(resolveLanguage(undefined)).toBe('de');
  });

  it('has the four themes in Ctrl+1..4 order and the sidebar modes', () => {
    expect(THEMES).toEqual(['default', 'dark', 'dark-contrast', 'contrast']);
    expect(SIDEBAR_MODE).toEqual({ hidden: 0, followsRoute: 1, pinned: 2 });
  });

  it('has the socket states and reconnect timings', () => {
    expect(SOCKET_STATE).toEqual({ connecting: 1, active: 2, error: 3 });
    expect(LOG_SOCKET_STATE).toEqual({ closed: 0, open: 2, error: 3 });
    expect(RECONNECT_MS).toEqual({ main: 1000, second: 2000, log: 1000 });
  });
});

describe('limits', () => {
  it('has the spec limits', () => {
    expect(LIMITS.passwordMinLength).toBe(8);
    expect(LIMITS.minAge).toBe(16);
    expect(LIMITS.freeActiveProjects).toBe(1);
    expect([LIMITS.soloMaxItem, LIMITS.soloMaxCol]).toEqual([25, 2]);
    expect(TIMINGS_MS.bundleCache).toBe(300_000);
    expect(TIMINGS_MS.popupDefault).toBe(2000);
  });

  it('cuts breadcrumb team names after 16 characters', () => {
    expect(breadcrumbTeamName('Sportverein Nord')).toBe('Sportverein Nord');
    expect(breadcrumbTeamName('Sportverein Nordstadt')).toBe('Sportverein Nord...');
  });
});
