import { serviceFor } from '../http/all-endpoints';
import { bundleRequestSchema, MAX_BUNDLES_PER_REQUEST } from './bundle.endpoints';

describe('bundle request (spec section 7)', () => {
  it('reads header, bundle names and prj_pass; absent ids are null', () => {
    expect(bundleRequestSchema.parse({ header: { cc_link: 'alpha', prj_id: 12 }, bundle: ['client', 'links'], prj_pass: 'geheim' })).toEqual({
      header: { cc_id: null, prj_id: '12', cc_link: 'alpha', prj_link: null }, bundle: ['client', 'links'], prj_pass: 'geheim',
    });
    expect(bundleRequestSchema.parse({ bundle: ['user'] }).header).toEqual({ cc_id: null, prj_id: null, cc_link: null, prj_link: null });
  });

  it('names the failing field', () => {
    expect(bundleRequestSchema.safeParse({ bundle: [] }).error?.issues[0]?.path).toEqual(['bundle']);
    expect(bundleRequestSchema.safeParse({ bundle: ['client', 'DROP TABLE'] }).error?.issues[0]?.path).toEqual(['bundle', 1]);
    expect(bundleRequestSchema.safeParse({ bundle: Array(MAX_BUNDLES_PER_REQUEST + 1).fill('x') }).success).toBe(false);
    expect(bundleRequestSchema.safeParse({ bundle: ['x'], header: { cc_link: '' } }).error?.issues[0]?.path).toEqual(['header', 'cc_link']);
  });

  it('is served by the query service; the link calls split by verb', () => {
    expect(serviceFor('POST', '/v5/bundle')).toBe('query');
    expect(serviceFor('GET', '/v5/user/link')).toBe('query');
    expect(serviceFor('POST', '/v5/user/link')).toBe('command');
    expect(serviceFor('DELETE', '/v5/user/link')).toBe('command');
  });
});
