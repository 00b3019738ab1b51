import { visibleStatuses } from './list-projects.http';

describe('project overview statuses', () => {
  it('lists planning projects and templates for managers only, the trash and templates only when asked', () => {
    expect(visibleStatuses(false, undefined)).toEqual([1, 4, 5, 10]);
    expect(visibleStatuses(true, undefined)).toEqual([1, 3, 4, 5, 10]);
    expect(visibleStatuses(false, [0, 2, 3])).toEqual([0]);
    expect(visibleStatuses(true, [0, 2, 3])).toEqual([0, 2, 3]);
  });
});
