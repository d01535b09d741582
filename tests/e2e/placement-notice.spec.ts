import { expect as baseExpect, test, type APIRequestContext, type Page } from '@playwright/test';
import path from 'node:path';
import sharp from 'sharp';
import {
  ACCEPT_FEWER_PIECES_LABEL,
  CHOOSE_ROOM_TYPE,
  DECOR_ONLY_BUTTON,
  DECOR_ONLY_MESSAGE,
  NO_OPEN_FLOOR_BUTTON,
  NO_OPEN_FLOOR_MESSAGE,
} from '#shared/constants/staging.ts';
import type { IdentifyResponse, PlacementCheck } from '#shared/schemas/staging.ts';
import { newAccount, photo, type Photo } from './dashboard-seed.ts';
import { snap, VIEWPORTS } from './support.ts';

// Issue 27's journey: a furnished photo and an unstageable photo each say so before payment (390 and
// 1280 px), and a whole-listing batch with an undetected room type cannot start until one is chosen.
// The engine's rules are being tightened in parallel, so the photos are not hard-coded: each case asks
// the server (identify and placement check, as the page does) which candidate triggers it today, and
// fails with a plain message if none does.
test.describe.configure({ mode: 'serial', timeout: 240_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

const FIXTURES = path.resolve('../shared/fixtures/rooms');

/** The top part of a fixture (walls, window, ceiling; hardly any floor), 400 px high: no open floor. */
async function upperWall(fixture: string, share: number): Promise<Photo> {
  const file = path.join(FIXTURES, fixture);
  const { width, height } = await sharp(file).metadata();
  const buffer = await sharp(file)
    .extract({ left: 0, top: 0, width, height: Math.round(height * share) })
    .resize({ height: 400 })
    .jpeg({ quality: 85 })
    .toBuffer();
  return { name: `wall-${fixture}`, mimeType: 'image/jpeg', buffer };
}

const multipart = (p: Photo, fields: Record<string, string> = {}) => ({
  multipart: { image: p, ...fields },
});

async function judge(api: APIRequestContext, p: Photo) {
  const id = (await (await api.post('/api/identify-room', multipart(p))).json()) as IdentifyResponse;
  const roomType = id.roomType ?? 'living-room';
  const res = await api.post('/api/placement-check', multipart(p, { style: 'modern', roomType }));
  return { id, placement: (await res.json()) as PlacementCheck };
}

async function firstThat(
  api: APIRequestContext,
  candidates: (() => Promise<Photo>)[],
  ok: (j: Awaited<ReturnType<typeof judge>>) => boolean,
  what: string,
): Promise<Photo> {
  for (const make of candidates) {
    const p = await make();
    if (ok(await judge(api, p))) return p;
  }
  throw new Error(`No candidate photo is ${what} with the current engine: pick new candidates.`);
}

async function openHome(api: APIRequestContext, page: Page, p: Photo) {
  await page.context().addCookies((await api.storageState()).cookies);
  await page.goto('/');
  await page.locator('#stage input[type="file"]').setInputFiles(p);
}

let api: APIRequestContext;
let furnished: Photo;
let unstageable: Photo;

test.beforeAll(async () => {
  ({ api } = await newAccount('placement'));
  // A furnished room with a bed, staged as the bedroom it is: the new bed has nowhere to stand.
  furnished = await firstThat(
    api,
    ['furnished-bedroom-01.jpg', 'furnished-living-01.jpg', 'furnished-office-01.jpg'].map(
      (f) => () => photo(f),
    ),
    ({ id, placement }) => id.isValid && id.furnished === true && placement.mainPiece === false,
    'furnished without room for the main piece',
  );
  // No floor to speak of: the upper part of an empty room (made here from a fixture).
  unstageable = await firstThat(
    api,
    [
      () => upperWall('empty-bedroom-01.jpg', 0.5),
      () => upperWall('empty-dining-01.jpg', 0.45),
      () => upperWall('empty-bedroom-01.jpg', 0.4),
    ],
    ({ id, placement }) => id.isValid && id.furnished !== true && placement.mainPiece === false,
    'an empty interior without open floor',
  );
});

for (const [size, viewport] of [
  ['390', VIEWPORTS.mobile],
  ['1280', VIEWPORTS.desktop],
] as const) {
  test(`a furnished photo says "decor only" with the price before payment (${size} px)`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await openHome(api, page, furnished);
    const notice = page.getByTestId('payment-notice');
    await expect(notice).toContainText(DECOR_ONLY_MESSAGE);
    await expect(notice).toContainText(/This run uses 1 of your monthly transformations|credit/);
    const button = page.getByTestId('transform-button');
    await expect(button).toHaveText(DECOR_ONLY_BUTTON);
    await expect(button).toBeDisabled();
    await snap(page, `placement-furnished-${size}`);
    // Going on knowingly: the acknowledgement turns the button back into Transform Room.
    await page.getByLabel(ACCEPT_FEWER_PIECES_LABEL).check();
    await expect(button).toHaveText('Transform Room');
    await expect(button).toBeEnabled();
  });

  test(`a photo without open floor says so before payment (${size} px)`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await openHome(api, page, unstageable);
    await expect(page.getByTestId('payment-notice')).toContainText(NO_OPEN_FLOOR_MESSAGE);
    const button = page.getByTestId('transform-button');
    await expect(button).toHaveText(NO_OPEN_FLOOR_BUTTON);
    await expect(button).toBeDisabled();
    await snap(page, `placement-no-floor-${size}`);
    await page.getByLabel(ACCEPT_FEWER_PIECES_LABEL).check();
    await expect(button).toBeEnabled();
  });
}

test('a batch photo whose room type was not detected cannot start until one is chosen', async ({ page }) => {
  // An interior the check accepts without naming its room, next to one it names.
  const undetected = await firstThat(
    api,
    ['empty-living-01.jpg', 'empty-kitchen-01.jpg', 'empty-office-01.jpg'].map((f) => () => photo(f)),
    ({ id }) => id.isValid && id.roomType === null,
    'an interior without a detected room type',
  );
  const detected = await firstThat(
    api,
    [() => photo('furnished-bedroom-01.jpg')],
    ({ id }) => id.isValid && id.roomType !== null,
    'an interior with a detected room type',
  );
  await page.context().addCookies((await api.storageState()).cookies);
  await page.setViewportSize(VIEWPORTS.desktop);
  await page.goto('/dashboard?tab=transform&mode=batch');
  await page.getByTestId('batch-file-input').setInputFiles([undetected, detected]);
  await expect(page.getByTestId('photo-check').getByText('Checking')).toHaveCount(0, { timeout: 120_000 });

  const card = page.getByTestId('batch-photo').filter({ hasText: undetected.name });
  await expect(card.getByTestId('choose-room-type')).toHaveText(CHOOSE_ROOM_TYPE);
  await expect(page.getByTestId('batch-missing-room-type')).toBeVisible();
  const start = page.getByRole('button', { name: 'Stage 2 Photos' });
  await expect(start).toBeDisabled();
  await snap(page, 'batch-choose-room-type-1280');
  await page.setViewportSize(VIEWPORTS.mobile);
  await snap(page, 'batch-choose-room-type-390');
  await page.setViewportSize(VIEWPORTS.desktop);

  await card.getByRole('combobox').click();
  await page.getByRole('option', { name: 'Dining Room', exact: true }).click();
  await expect(card.getByTestId('choose-room-type')).toHaveCount(0);
  await expect(page.getByTestId('batch-missing-room-type')).toHaveCount(0);
  await expect(start).toBeEnabled();
});
