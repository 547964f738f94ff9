import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { onDemandRoutes } from '../../scripts/netlify/adapt-routes.ts';
import { arrivalBar, signupBar } from '../../src/islands/dashboard/AttendancePage.tsx';
import { valueTicks } from '../../src/islands/dashboard/ui/BarChart.tsx';
import { certificatesPayload, certificatesValue } from '../../src/islands/dashboard/CertificatesFieldset.tsx';
import { dhakaDateAttribute, formatDhakaDate } from '../../src/lib/certificates/certificate-view.ts';
import { matchRedirect, parseRedirects } from '../../src/server/runtime/redirects.ts';

describe('the attendance report', () => {
  it('labels a sign-up day and an arrival quarter hour in Dhaka time', () => {
    expect(signupBar({ date: '2026-11-26', count: 4 })).toEqual({ label: 'Nov 26, 2026', tick: 'Nov 26', value: 4 });
    // 04:00 UTC is 10:00 in Dhaka.
    expect(arrivalBar({ start: '2026-11-26T04:00:00.000Z', count: 2 })).toEqual({
      label: '10:00 AM–10:15 AM GMT+6',
      tick: '10:00 AM',
      value: 2,
    });
  });

  it('steps the value axis in whole numbers up to the largest bar', () => {
    expect(valueTicks(0)).toEqual([0, 1]);
    expect(valueTicks(1)).toEqual([0, 1]);
    expect(valueTicks(3)).toEqual([0, 1, 2, 3]);
    expect(valueTicks(10)).toEqual([0, 3, 6, 9, 12]);
    expect(valueTicks(40)).toEqual([0, 10, 20, 30, 40]);
  });

  it('is one static page the dashboard rewrites every event to; the certificate pages render on demand', () => {
    const rules = parseRedirects(readFileSync('public/_redirects', 'utf8'));
    expect(matchRedirect(rules, '/dashboard/events/abc-123/attendance')).toEqual({
      to: '/dashboard/events/attendance/',
      status: 200,
    });
    expect(onDemandRoutes()).toEqual(expect.arrayContaining(['/verify/:id', '/tickets/:token/certificate']));
  });
});

describe('certificates', () => {
  it('dates an issue or a withdrawal by its Dhaka day', () => {
    // 20:00 UTC on the 26th is already the 27th in Dhaka.
    expect(formatDhakaDate('2026-11-26T20:00:00.000Z')).toBe('November 27, 2026');
    expect(dhakaDateAttribute('2026-11-26T20:00:00.000Z')).toBe('2026-11-27');
  });

  it('edits the event settings: an event without them issues automatically, unsigned; blank names are none', () => {
    expect(certificatesValue({})).toEqual({ auto: true, signatoryName: '', signatoryTitle: '' });
    expect(
      certificatesValue({ certificates: { auto: false, signatoryName: 'Dr. Farhana Ahmed', signatoryTitle: null } }),
    ).toEqual({ auto: false, signatoryName: 'Dr. Farhana Ahmed', signatoryTitle: '' });
    expect(certificatesPayload({ auto: true, signatoryName: '  Dr. Farhana Ahmed ', signatoryTitle: ' ' })).toEqual({
      auto: true,
      signatoryName: 'Dr. Farhana Ahmed',
      signatoryTitle: null,
    });
  });
});
