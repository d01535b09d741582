// Issue 31 item 5 on a masked engine (decisions 0181, 0213): the agent sees the automatic furniture
// area, erases part of it and paints more, runs, and the provider receives exactly that area as its
// mask. This spec starts its own server on the openai engine against the fake OpenAI API (the real
// SDK, the real multipart wire format); the shared e2e server runs the local engine.
import path from 'node:path';
import sharp from 'sharp';
import { expect, test, type Page } from '@playwright/test';
import { openAIEngineEnv, startFakeOpenAI, type FakeOpenAI } from '../fakes/openai-server.ts';
import { editablePlane } from '../fakes/staged-drawing.ts';
import { startServer } from '../../scripts/lib/server-harness.mjs';
import { brush } from '#client/features/staging/furnish-area.ts';
import { fillPolygons, gridOfArea, gridPolygons } from '#shared/furnish-area/grid.ts';
import { automaticAreaSchema } from '#shared/schemas/staging.ts';
import { waitForMail } from './mail.ts';
import { snap, toast, VIEWPORTS } from './support.ts';
import { CSRF, PASSWORD } from './users.ts';

// 1049 x 1400, under OpenAI's 1536 px edge: the frame sent is the photo itself, padded to 2:3.
const PHOTO = path.resolve('../shared/fixtures/rooms/empty-living-01.jpg');

let fake: FakeOpenAI;
let server: { baseUrl: string; dataDir: string; stop: () => Promise<void> };
const sharedDataDir = process.env.E2E_DATA_DIR;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  fake = await startFakeOpenAI();
  server = await startServer({
    label: 'e2e-masked',
    env: {
      ...openAIEngineEnv(fake),
      REGISTER_PER_IP_HOURLY: '1000',
    },
  });
  // The mail helper reads the outbox of the server named here.
  process.env.E2E_DATA_DIR = server.dataDir;
});
test.afterAll(async () => {
  process.env.E2E_DATA_DIR = sharedDataDir;
  await server?.stop();
  await fake?.close();
});

async function signedIn(page: Page, prefix: string) {
  const email = `${prefix}.${Date.now()}@agency.test`;
  const api = (p: string) => `${server.baseUrl}${p}`;
  const data = { firstName: 'Dana', lastName: 'Agent', email, password: PASSWORD };
  expect((await page.request.post(api('/api/register'), { headers: CSRF, data })).status()).toBe(201);
  const { links } = await waitForMail(email, 'Verify your Roomstage email address');
  const token = new URL(links.find((l) => l.includes('/verify-email?token='))!).searchParams.get('token')!;
  expect((await page.request.get(api(`/api/verify-email?token=${encodeURIComponent(token)}`))).ok()).toBe(
    true,
  );
  const login = await page.request.post(api('/api/login'), {
    headers: CSRF,
    data: { email, password: PASSWORD },
  });
  expect(login.ok()).toBe(true);
}

for (const [size, viewport] of [
  ['1280', VIEWPORTS.desktop],
  ['390', VIEWPORTS.mobile],
] as const) {
  test(`the agent adjusts the automatic furniture area and the model gets exactly it (${size} px)`, async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await page.setViewportSize(viewport);
    await signedIn(page, `area${size}`);
    await page.goto(`${server.baseUrl}/`);
    const automatic = page.waitForResponse('**/api/furnish-area');
    await page.locator('#stage input[type="file"]').setInputFiles(PHOTO);
    await expect(toast(page, 'Room identified!')).toBeVisible({ timeout: 30_000 });
    const auto = automaticAreaSchema.parse(await (await automatic).json());
    expect(auto.polygons.length).toBeGreaterThan(0);

    // The automatic area is shown (green) and said before anything is painted. The notice toast gives
    // way at once (at 1280 px it sat on the canvas' lower part for 5 s and took the first stroke there).
    await expect(toast(page, 'Room identified!')).toBeVisible();
    await page.getByTestId('furnish-area-toggle').click();
    await expect(toast(page, 'Room identified!')).toBeHidden({ timeout: 1_000 });
    const status = page.getByTestId('furnish-area-status');
    await expect(status).toHaveText(/^Automatic: the floor the engine found, \d+% of the photo/);
    const canvas = page.getByTestId('furnish-area-canvas');
    await canvas.scrollIntoViewIfNeeded();
    await snap(page, `furnish-area-automatic-${size}`);

    // The grid the editor holds, built here independently from the answer and the same brush.
    const meta = await sharp(PHOTO).metadata();
    let expected = gridOfArea(auto.polygons, meta.width, meta.height);
    const cellAt = (cx: number, cy: number): [number, number] => [
      (cx + 0.5) / expected.cols,
      (cy + 0.5) / expected.rows,
    ];
    // Erase inside the automatic area (the floor low in the middle), paint outside it (the wall above).
    const inside = cellAt(Math.floor(expected.cols / 2), expected.rows - 5);
    const outsideCell = [Math.floor(expected.cols / 2), Math.floor(expected.rows * 0.3)] as const;
    expect(expected.cells[(expected.rows - 5) * expected.cols + Math.floor(expected.cols / 2)]).toBe(1);
    expect(expected.cells[outsideCell[1] * expected.cols + outsideCell[0]]).toBe(0);
    const outside = cellAt(...outsideCell);
    // The box is read at each click: choosing a brush may scroll the page (a sticky header over it).
    const click = async (u: number, v: number) => {
      await canvas.scrollIntoViewIfNeeded();
      const box = (await canvas.boundingBox())!;
      await page.mouse.click(box.x + u * box.width, box.y + v * box.height);
    };

    await page.getByRole('radio', { name: 'Erase' }).click();
    await click(...inside);
    expected = brush(expected, ...inside, false);
    await page.getByRole('radio', { name: 'Paint' }).click();
    await click(...outside);
    expected = brush(expected, ...outside, true);
    await expect(status).toHaveText(/^Adjusted: \d+% of the photo \(blue\)/);
    await snap(page, `furnish-area-adjusted-${size}`);

    // (The browser's multipart body is not readable here: the mask the provider got is the check.)
    const before = fake.requests.length;
    await page.getByRole('button', { name: 'Transform Room' }).click();
    const polygons = gridPolygons(expected).polygons;
    await expect(page.getByRole('heading', { name: 'Your Transformed Room' })).toBeVisible({
      timeout: 90_000,
    });
    await snap(page, `furnish-area-result-${size}`);

    // What the provider received: OpenAI's mask, transparent where the model may paint, the photo
    // centred in the frame padded to the output's aspect. Pixel for pixel, the area built above.
    expect(fake.requests.length).toBe(before + 1);
    const mask = fake.requests.at(-1)!.mask!.data;
    const m = await sharp(mask).metadata();
    const plane = await editablePlane(mask, 'transparent-editable');
    const [w, h] = [meta.width, meta.height];
    const left = Math.floor((m.width - w) / 2);
    const top = Math.floor((m.height - h) / 2);
    const want = fillPolygons(polygons, w, h);
    let differ = 0;
    let outsidePhoto = 0;
    for (let y = 0; y < m.height; y++)
      for (let x = 0; x < m.width; x++) {
        const open = plane[y * m.width + x]! > 0;
        const px = x - left;
        const py = y - top;
        if (px < 0 || py < 0 || px >= w || py >= h) outsidePhoto += open ? 1 : 0;
        else if (open !== (want[py * w + px] === 1)) differ++;
      }
    expect(differ).toBe(0);
    expect(outsidePhoto).toBe(0);
    // The two edits are in it: the erased floor is kept, the painted wall may change.
    const at = ([u, v]: [number, number]) =>
      plane[(top + Math.floor(v * h)) * m.width + left + Math.floor(u * w)];
    expect(at(inside)).toBe(0);
    expect(at(outside)).toBe(255);
  });
}
