import { describe, expect, it } from 'vitest';
import { auditVerdict } from '../../scripts/audit';

const report = (counts: Record<string, number>, vulnerabilities: Record<string, { severity: string }> = {}) =>
  JSON.stringify({ auditReportVersion: 2, vulnerabilities, metadata: { vulnerabilities: { info: 0, low: 0, moderate: 0, high: 0, critical: 0, ...counts } } });

describe('dependency audit verdict', () => {
  it('passes a report with only low and moderate advisories', () => {
    expect(auditVerdict(report({ low: 2, moderate: 1 }, { a: { severity: 'low' } })).kind).toBe('clean');
  });

  it('fails on a high or a critical advisory and names the packages', () => {
    expect(auditVerdict(report({ high: 1 }, { pkg: { severity: 'high' }, other: { severity: 'low' } }))).toMatchObject({
      kind: 'findings',
      packages: ['pkg (high)'],
    });
    expect(auditVerdict(report({ critical: 1 }, { x: { severity: 'critical' } })).kind).toBe('findings');
  });

  it("tells an advisory service that refused from a report (what this machine's registry answers)", () => {
    const refused = JSON.stringify({
      message: '405 Method Not Allowed - POST https://registry.npmjs.org/-/npm/v1/security/advisories/bulk',
      statusCode: 405,
      body: '',
    });
    expect(auditVerdict(refused)).toEqual({
      kind: 'unreachable',
      reason: '405 Method Not Allowed - POST https://registry.npmjs.org/-/npm/v1/security/advisories/bulk',
    });
  });

  it('tells no network from a report', () => {
    expect(auditVerdict(JSON.stringify({ error: { code: 'ENOTFOUND', summary: 'request to https://registry.npmjs.org failed' } })).kind).toBe('unreachable');
    expect(auditVerdict('', 'npm error code EAI_AGAIN\nnpm error network request failed')).toEqual({ kind: 'unreachable', reason: 'npm error code EAI_AGAIN' });
  });
});
