/**
 * Personal information and ID documents on PGlite and on PostgreSQL:
 * POST /api/riders/personal-info/save (multipart) checks every field and each document by its
 * bytes (PDF or image, 5 MB at most), strips a photo's metadata, replaces an old document, and
 * keeps documents private: the owner reads them, another rider and the logged-out get 404.
 */
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { expect, it } from 'vitest';
import { files } from '../../src/server/db/schema';
import { messages } from '../../src/shared/messages';
import type { Profile, ProfileWriteResponse } from '../../src/shared/profile';
import { describeEachDatabase, errorOf, useTestApp, type TestApp } from './helper';
import { as, profileOf, signedInRider, type Rider } from './profileHelpers';
import { hasGpsPointer, multipart, photoWithGps, pngBomb } from './signupHelpers';
import { minimalPdf } from '../support/pdf';

const PDF = minimalPdf();

const fields = { total_years_of_experience: '3-5', languages_spoken: 'English, Yoruba, Pidgin', education: 'Diploma' };

type Part = { field: string; filename?: string; contentType?: string; data: Buffer | string };

function save(t: TestApp, rider: Rider | null, values: Record<string, string>, extra: Part[] = []) {
  const body = multipart([...Object.entries(values).map(([field, data]) => ({ field, data })), ...extra]);
  return as(t, rider, {
    method: 'POST',
    url: '/api/riders/personal-info/save',
    headers: { 'content-type': body.contentType },
    payload: body.payload,
  });
}

const documentOf = (t: TestApp, rider: Rider | null, url: string) =>
  as(t, rider, { method: 'GET', url: `/api${url}` });

describeEachDatabase('POST /api/riders/personal-info/save', (kind) => {
  const t = useTestApp(kind);

  it('saves the fields: "Personal info updated successfully"; languages tidied', async () => {
    const rider = await signedInRider(t);
    const res = await save(t, rider, { ...fields, languages_spoken: ' English,yoruba ,, Yoruba,  Pidgin ' });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<ProfileWriteResponse>();
    expect(body.message).toBe('Personal info updated successfully');
    expect(body.profile.personalInfo).toEqual({
      total_years_of_experience: '3-5',
      languages_spoken: 'English, yoruba, Pidgin',
      education: 'Diploma',
      valid_id: null,
      rider_id_card: null,
      id_kind: null,
      id_review_status: 'none',
      id_review_reason: null,
    });
    // Saving again updates the one row.
    const again = await save(t, rider, { ...fields, education: 'Post Graduate' });
    expect(again.json<ProfileWriteResponse>().profile.personalInfo!.education).toBe('Post Graduate');
  });

  it('checks every field', async () => {
    const rider = await signedInRider(t);
    const cases: Array<[Record<string, string>, string, string]> = [
      [{ total_years_of_experience: '' }, 'total_years_of_experience', messages.fieldRequired],
      [{ total_years_of_experience: '1-2' }, 'total_years_of_experience', messages.chooseOption],
      [{ languages_spoken: ' ' }, 'languages_spoken', messages.fieldRequired],
      [{ languages_spoken: 'x'.repeat(201) }, 'languages_spoken', messages.tooLong(200)],
      [{ education: 'PhD' }, 'education', messages.chooseOption],
      [{ id_kind: 'library_card' }, 'id_kind', messages.idKindChoose],
    ];
    for (const [changed, field, message] of cases) {
      const res = await save(t, rider, { ...fields, ...changed });
      expect(res.statusCode, JSON.stringify(changed)).toBe(400);
      expect(errorOf(res.body)).toEqual({ field, message });
    }
    const json = await as(t, rider, { method: 'POST', url: '/api/riders/personal-info/save', payload: fields });
    expect(json.statusCode).toBe(400);
    expect((await profileOf(t, rider)).personalInfo).toBeNull();
  });

  it('takes a PDF and a phone photo; the photo comes back without its metadata', async () => {
    const rider = await signedInRider(t);
    const photo = await photoWithGps(1600, 1000);
    const res = await save(t, rider, fields, [
      { field: 'valid_id', filename: 'nin-slip.pdf', contentType: 'application/pdf', data: PDF },
      { field: 'rider_id_card', filename: 'card.jpg', contentType: 'image/jpeg', data: photo },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const info = res.json<ProfileWriteResponse>().profile.personalInfo!;
    expect(info.valid_id).toEqual({ url: expect.stringMatching(/^\/files\/[0-9a-f-]{36}$/), extension: 'pdf', original_name: 'nin-slip.pdf' });
    expect(info.rider_id_card).toEqual({ url: expect.stringMatching(/^\/files\/[0-9a-f-]{36}$/), extension: 'jpg', original_name: 'card.jpg' });

    const pdf = await documentOf(t, rider, info.valid_id!.url);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['cache-control']).toBe('private, no-store');
    expect(pdf.rawPayload.equals(PDF)).toBe(true);

    const card = await documentOf(t, rider, info.rider_id_card!.url);
    expect(card.statusCode).toBe(200);
    expect(card.headers['content-type']).toBe('image/jpeg');
    const meta = await sharp(card.rawPayload).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.width).toBe(1600);
    expect(meta.exif).toBeUndefined();
    expect(hasGpsPointer(meta.exif)).toBe(false);
    const rows = await t.database.db.select({ isPublic: files.isPublic, kind: files.kind }).from(files).where(eq(files.ownerId, rider.id));
    expect(rows.sort((a, b) => a.kind.localeCompare(b.kind))).toEqual([
      { kind: 'rider_id_card', isPublic: false },
      { kind: 'valid_id', isPublic: false },
    ]);
  });

  it('refuses what is not a PDF or an image by its bytes, a file over 5 MB and a decompression bomb; nothing saved', async () => {
    const rider = await signedInRider(t);
    const hostile: Array<[Part, number, string]> = [
      [{ field: 'valid_id', filename: 'id.pdf', contentType: 'application/pdf', data: '<script>alert(1)</script>' }, 400, messages.documentType],
      [{ field: 'valid_id', filename: 'id.jpg', contentType: 'image/jpeg', data: 'GIF89a;not really' }, 400, messages.documentType],
      // An HTML page that begins like a PDF: judged by the PDF's structure, not its first bytes.
      [{ field: 'valid_id', filename: 'page.pdf', contentType: 'application/pdf', data: '%PDF-1.4\n<html><body><script>alert(1)</script></body></html>\n%%EOF\n' }, 400, messages.documentType],
      [{ field: 'rider_id_card', filename: 'big.pdf', contentType: 'application/pdf', data: Buffer.concat([PDF, Buffer.alloc(5 * 1024 * 1024)]) }, 413, messages.fileTooLarge(5)],
      [{ field: 'rider_id_card', filename: 'bomb.png', contentType: 'image/png', data: pngBomb() }, 400, messages.imageTooManyPixels],
      [{ field: 'rider_id_card', filename: 'cut.jpg', contentType: 'image/jpeg', data: (await photoWithGps()).subarray(0, 400) }, 400, messages.imageUnreadable],
    ];
    for (const [part, status, message] of hostile) {
      const res = await save(t, rider, fields, [part]);
      expect(res.statusCode, part.filename).toBe(status);
      expect(errorOf(res.body), part.filename).toEqual({ field: part.field, message });
    }
    const other = await save(t, rider, fields, [{ field: 'passport', filename: 'x.pdf', contentType: 'application/pdf', data: PDF }]);
    expect(other.statusCode).toBe(400);
    expect((await profileOf(t, rider)).personalInfo).toBeNull();
    expect(await t.database.db.select({ id: files.id }).from(files).where(eq(files.ownerId, rider.id))).toEqual([]);
  });

  it('a new document replaces the old one (the old file is gone); saving without files keeps them', async () => {
    const rider = await signedInRider(t);
    const first = (await save(t, rider, fields, [{ field: 'valid_id', filename: 'old.pdf', data: PDF }])).json<ProfileWriteResponse>();
    const oldUrl = first.profile.personalInfo!.valid_id!.url;
    const kept = (await save(t, rider, { ...fields, education: 'Graduate' })).json<ProfileWriteResponse>();
    expect(kept.profile.personalInfo!.valid_id!.url).toBe(oldUrl);
    const second = (await save(t, rider, fields, [{ field: 'valid_id', filename: 'new.png', data: await sharp({ create: { width: 40, height: 30, channels: 3, background: '#fff' } }).png().toBuffer() }])).json<ProfileWriteResponse>();
    const newRef = second.profile.personalInfo!.valid_id!;
    expect(newRef).toMatchObject({ extension: 'jpg', original_name: 'new.png' });
    expect(newRef.url).not.toBe(oldUrl);
    expect((await documentOf(t, rider, oldUrl)).statusCode).toBe(404);
    expect((await documentOf(t, rider, newRef.url)).statusCode).toBe(200);
    expect(await t.database.db.select({ id: files.id }).from(files).where(eq(files.ownerId, rider.id))).toHaveLength(1);
  });

  it('ID documents are refused to other riders and to the logged-out, the same 404 as for no file', async () => {
    const owner = await signedInRider(t);
    const other = await signedInRider(t);
    const saved = (await save(t, owner, fields, [{ field: 'valid_id', filename: 'nin.pdf', data: PDF }])).json<ProfileWriteResponse>();
    const url = saved.profile.personalInfo!.valid_id!.url;
    for (const who of [other, null]) {
      const res = await documentOf(t, who, url);
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('%PDF');
    }
    // Another rider's profile and export never name it.
    const otherProfile: Profile = await profileOf(t, other);
    expect(JSON.stringify(otherProfile)).not.toContain(url.slice('/files/'.length));
    const exported = await as(t, other, { method: 'GET', url: '/api/users/export' });
    expect(exported.body).not.toContain(url.slice('/files/'.length));
  });

  it('stores the kind of ID with the valid ID and returns it; a new valid ID without a kind forgets the old kind', async () => {
    const rider = await signedInRider(t);
    const saved = await save(t, rider, { ...fields, id_kind: 'drivers_licence' }, [{ field: 'valid_id', filename: 'licence.pdf', data: PDF }]);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<ProfileWriteResponse>().profile.personalInfo).toMatchObject({ id_kind: 'drivers_licence', id_review_status: 'pending' });
    // The kind alone can be corrected, and it is what GET /api/users/profile says.
    expect((await save(t, rider, { ...fields, id_kind: 'voters_card' })).statusCode).toBe(200);
    expect((await profileOf(t, rider)).personalInfo).toMatchObject({ id_kind: 'voters_card', valid_id: { original_name: 'licence.pdf' } });
    // An unknown kind changes nothing.
    const bad = await save(t, rider, { ...fields, id_kind: 'Voters Card' }, [{ field: 'valid_id', filename: 'other.pdf', data: PDF }]);
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad.body)).toEqual({ field: 'id_kind', message: messages.idKindChoose });
    expect((await profileOf(t, rider)).personalInfo).toMatchObject({ id_kind: 'voters_card', valid_id: { original_name: 'licence.pdf' } });
    // A client of the spec's API (no id_kind) replacing the document: the old kind no longer names it.
    const replaced = await save(t, rider, fields, [{ field: 'valid_id', filename: 'passport.pdf', data: PDF }]);
    expect(replaced.json<ProfileWriteResponse>().profile.personalInfo).toMatchObject({ id_kind: null, valid_id: { original_name: 'passport.pdf' } });
  });

  it('a kind with no valid ID on file reads as none', async () => {
    const rider = await signedInRider(t);
    const res = await save(t, rider, { ...fields, id_kind: 'nin_slip' });
    expect(res.statusCode).toBe(200);
    expect(res.json<ProfileWriteResponse>().profile.personalInfo).toMatchObject({ id_kind: null, valid_id: null });
  });

  it('needs sign-in before reading the upload', async () => {
    const res = await save(t, null, fields, [{ field: 'valid_id', filename: 'nin.pdf', data: PDF }]);
    expect(res.statusCode).toBe(401);
  });
});
