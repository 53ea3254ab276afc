import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useBrowser } from './support/browser';

// The project's own sample recordings (apps/server/src/ability/fixtures/README.md).
const FIXTURES = join(import.meta.dirname, '../apps/server/src/ability/fixtures');
const file = (name: string) => ({ name, mimeType: 'application/octet-stream', buffer: readFileSync(join(FIXTURES, name)) });

const browser = useBrowser();

describe.each([
  { name: 'phone', viewport: { width: 390, height: 844 } },
  { name: 'desktop', viewport: { width: 1280, height: 900 } },
])('measured ability on the $name ($viewport.width px)', ({ name, viewport }) => {
  it('imports a watch FIT, a phone GPX and a bike computer TCX and shows the measured figures beside the declared levels', async () => {
    // A member of its own: a demo person's state (a feedback prompt due, an import by another
    // spec) depends on which specs ran before and opened dialogs over this one.
    const page = await browser.member(`Ability ${name}`, `ability-${name}`, { viewport });
    await page.goto('/me');
    const section = page.getByRole('region', { name: 'Measured ability' });
    await section.getByText('No measured ability yet.', { exact: false }).waitFor();

    await section
      .getByLabel('Import activity files')
      .setInputFiles([file('watch-hike.fit'), file('phone-app-run.gpx'), file('bike-computer-ride.tcx')]);
    await section.getByRole('button', { name: 'Import', exact: true }).click();

    const results = section.getByRole('list', { name: 'Import results' });
    await results.waitFor();
    expect(await results.getByRole('listitem').allInnerTexts()).toEqual([
      'watch-hike.fit: imported (hiking)',
      'phone-app-run.gpx: imported (running)',
      'bike-computer-ride.tcx: imported (biking)',
    ]);
    const hiking = section.getByRole('listitem', { name: 'Hiking, measured' });
    await hiking.waitFor();
    // 1.35 m/s on the flat is 12:21 /km; GPS jitter makes it read a few seconds quicker.
    expect(await hiking.innerText()).toMatch(/Pace on the flat\s+1[12]:\d\d \/km/);
    expect(await hiking.innerText()).toMatch(/Climbing\s+4[0-4]\d m\/h/);
    await section.getByRole('listitem', { name: 'Running, measured' }).waitFor();
    await section.getByRole('listitem', { name: 'Biking, measured' }).waitFor();
    // The declared levels are still on the profile above it.
    await page.getByText('Hiking', { exact: true }).first().waitFor();

    await page.screenshot({ path: `/tmp/measured-ability-${viewport.width}.png`, fullPage: true });

    // It is kept (as figures) and shown again after a reload.
    await page.reload();
    await page.getByRole('region', { name: 'Measured ability' }).getByRole('listitem', { name: 'Running, measured' }).waitFor();

    // The member deletes it.
    page.once('dialog', (d) => void d.accept());
    await page.getByRole('button', { name: 'Delete measured ability' }).click();
    await page.getByRole('region', { name: 'Measured ability' }).getByText('No measured ability yet.', { exact: false }).waitFor();
  });
});
