import path from 'node:path';
import { expect, request, type APIRequestContext } from '@playwright/test';
import sharp from 'sharp';
import type { RoomType, Style } from '#shared/constants/staging.ts';
import { waitForMail } from './mail.ts';
import { PASSWORD } from './users.ts';

// Seeds dashboard users through the real API (register, verify, test checkout, transform), so the
// browser sees exactly what a real agent would. Small photos keep the 10 transforms quick.

const CSRF = { 'X-Requested-With': 'roomstage' };
const FIXTURES = path.resolve('../shared/fixtures/rooms');
const baseURL = process.env.E2E_BASE_URL ?? 'http://127.0.0.1:5000';

export interface Photo {
  name: string;
  mimeType: 'image/jpeg';
  buffer: Buffer;
}

/** A fixture scaled to 400 px on the short side (identification wants at least 384): fast to stage. */
export async function photo(fixture: string): Promise<Photo> {
  const buffer = await sharp(path.join(FIXTURES, fixture))
    .resize({ width: 400, height: 400, fit: 'outside' })
    .jpeg({ quality: 85 })
    .toBuffer();
  return { name: fixture, mimeType: 'image/jpeg', buffer };
}

export async function newAccount(prefix: string): Promise<{ api: APIRequestContext; email: string }> {
  const api = await request.newContext({ baseURL, extraHTTPHeaders: CSRF });
  const email = `${prefix}.${Date.now()}.${Math.random().toString(36).slice(2, 6)}@agency.test`;
  const reg = await api.post('/api/register', {
    data: { firstName: 'Dana', lastName: 'Agent', email, password: PASSWORD },
  });
  expect(reg.status(), await reg.text()).toBe(201);
  const { links } = await waitForMail(email, 'Verify your Roomstage email address');
  const token = new URL(links.find((l) => l.includes('/verify-email?token='))!).searchParams.get('token')!;
  expect((await api.get(`/api/verify-email?token=${encodeURIComponent(token)}`)).ok()).toBe(true);
  expect((await api.post('/api/login', { data: { email, password: PASSWORD } })).ok()).toBe(true);
  return { api, email };
}

/** Opens a test checkout and pays it (the billing module's embedded provider). */
export async function payCheckout(api: APIRequestContext, path: string, data: object) {
  const res = await api.post(path, { data });
  expect(res.ok(), await res.text()).toBe(true);
  const { url } = (await res.json()) as { url: string };
  const id = new URL(url, baseURL).pathname.split('/').pop()!;
  const pay = await api.post(`/api/checkout/test/${id}/pay`);
  expect(pay.ok(), await pay.text()).toBe(true);
}

export async function transform(api: APIRequestContext, image: Photo, style: Style, roomType: RoomType) {
  const res = await api.post('/api/transform-room', {
    multipart: { image, style, roomType },
    timeout: 60_000,
  });
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()) as { id: string };
}

/** Photo A staged 3 times, B twice, C to G once: 10 transformations; the next of A, B, C is a regeneration. */
export const SEED_PLAN: { photo: string; style: Style; room: RoomType }[] = [
  { photo: 'empty-living-01.jpg', style: 'modern', room: 'living-room' },
  { photo: 'empty-living-01.jpg', style: 'scandinavian', room: 'living-room' },
  { photo: 'empty-living-01.jpg', style: 'industrial', room: 'living-room' },
  { photo: 'empty-bedroom-01.jpg', style: 'traditional', room: 'bedroom' },
  { photo: 'empty-bedroom-01.jpg', style: 'minimalist', room: 'bedroom' },
  { photo: 'empty-kitchen-01.jpg', style: 'bohemian', room: 'kitchen' },
  { photo: 'empty-dining-01.jpg', style: 'modern', room: 'dining-room' },
  { photo: 'empty-office-01.jpg', style: 'minimalist', room: 'office' },
  { photo: 'empty-living-02.jpg', style: 'bohemian', room: 'living-room' },
  { photo: 'empty-bedroom-02.jpg', style: 'industrial', room: 'bedroom' },
];

/** The seeded agent: starter credits, a Pro subscription, 10 transformations, 2 favourites. */
export async function seedAgent() {
  const { api, email } = await newAccount('dash');
  await payCheckout(api, '/api/purchase-credits', { packageId: 'starter' });
  await payCheckout(api, '/api/create-subscription', { planId: 'pro', billingCycle: 'monthly' });
  const photos = new Map<string, Photo>();
  const ids: string[] = [];
  for (const s of SEED_PLAN) {
    if (!photos.has(s.photo)) photos.set(s.photo, await photo(s.photo));
    ids.push((await transform(api, photos.get(s.photo)!, s.style, s.room)).id);
  }
  // Favourites: the first living room and the kitchen.
  for (const id of [ids[0]!, ids[5]!]) {
    expect((await api.post(`/api/transformations/${id}/favorite`, { data: { isFavorite: true } })).ok()).toBe(
      true,
    );
  }
  const state = await api.storageState();
  return { api, email, ids, state };
}
