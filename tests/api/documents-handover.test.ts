import zlib from 'node:zlib';
import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { publicOrigin } from '../../server/config';
import { db } from '../../server/db';
import { renderEmail } from '../../server/mail/render';
import { DEFAULT_BRANDING } from '../../shared/branding';
import { adminWorld, createCharge, createResident, createUnit, createUser, eventsOf, signedIn } from '../support/factories';
import { PNG_PROOF, day, fetchBytes, pdfText } from '../support/billing';
import { pdfImages } from '../support/pdfLayout';
import { client, testApp } from '../support/services';

await testApp(); // connects this worker's database

/**
 * Documents fit to hand over (issue 34, items 6 and 7): the organization's logo (uploaded, checked
 * by content) and RNC on its documents, receipts naming the administrator who recorded the money,
 * and the no-debt certificate with its owner, unit and a QR to its verification.
 */

/** A `size`×`size` PNG of one colour (RGB): a real image for pdfkit and browsers to draw. */
function solidPng(size: number, [r, g, b]: [number, number, number]) {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: size }, () => [r, g, b]).flat())]);
  const pixels = zlib.deflateSync(Buffer.concat(Array.from({ length: size }, () => row)));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', pixels), chunk('IEND', Buffer.alloc(0))]);
}

const LOGO_PNG = solidPng(16, [200, 30, 40]);
const upload = (fields: Record<string, unknown> = {}) => ({ fileName: 'logo.png', fileType: 'image/png', content: LOGO_PNG.toString('base64'), ...fields });

describe('the organization logo', () => {
  it('is uploaded through the one upload path, served publicly by a random key, and refused when its bytes lie', async () => {
    const { agent, organization } = await adminWorld({ name: 'Administradora Caribe' });
    const saved = await agent.put('/api/settings/logo').send(upload());
    expect(saved.status).toBe(200);
    expect(saved.body.logo).toMatch(/^\/api\/logos\/[a-f0-9]{32}$/);
    expect((await agent.get('/api/settings/branding')).body.logo).toBe(saved.body.logo);
    expect((await eventsOf('settings.updated', organization.id)).length).toBe(1);

    // Public (the sign-in page and emails show it), cached for good, the same bytes.
    const served = await fetchBytes(await client(), saved.body.logo);
    expect(served.status).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toContain('immutable');
    expect(Buffer.compare(served.body, LOGO_PNG)).toBe(0);
    expect((await (await client()).get('/api/logos/0123456789abcdef0123456789abcdef')).status).toBe(404);
    expect((await (await client()).get('/api/logos/..%2F..%2Fetc')).status).toBe(404);

    // A new upload gets a new address; the old one stops answering.
    const again = await agent.put('/api/settings/logo').send(upload({ fileName: 'nuevo.png' }));
    expect(again.body.logo).not.toBe(saved.body.logo);
    expect((await (await client()).get(saved.body.logo)).status).toBe(404);

    // Checked by content: an HTML page named .png, a PNG declared as JPEG, an SVG, a wrong extension.
    const html = Buffer.from('<html><script>alert(1)</script></html>').toString('base64');
    for (const body of [upload({ content: html }), upload({ fileType: 'image/jpeg', fileName: 'logo.jpg' }), upload({ fileType: 'image/png', fileName: 'logo.exe' })]) {
      const refused = await agent.put('/api/settings/logo').send(body);
      expect(refused.status).toBe(400);
      expect(refused.body.fields.fileType).toBe('El logo debe ser una imagen PNG o JPG');
    }
    const svg = await agent.put('/api/settings/logo').send(upload({ fileType: 'image/svg+xml', fileName: 'logo.svg', content: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>').toString('base64') }));
    expect(svg.status).toBe(400);
    expect(svg.body.fields.fileType).toBe('El logo debe ser una imagen PNG o JPG');
    expect((await agent.put('/api/settings/logo').send(upload({ content: '' }))).body.fields.content).toBe('Elija la imagen del logo');
    const tooLarge = await agent.put('/api/settings/logo').send(upload({ content: Buffer.concat([LOGO_PNG, Buffer.alloc(1024 * 1024)]).toString('base64') }));
    expect(tooLarge.status).toBe(413);
    expect((await agent.get('/api/settings/branding')).body.logo).toBe(again.body.logo);

    // Only who manages the settings; removing it goes back to the initials.
    const resident = await signedIn(await createUser({ role: 'Residente', organizationId: organization.id }));
    expect((await resident.put('/api/settings/logo').send(upload())).status).toBe(403);
    expect((await resident.delete('/api/settings/logo')).status).toBe(403);
    const removed = await agent.delete('/api/settings/logo');
    expect(removed.status).toBe(200);
    expect(removed.body.logo).toBeNull();
    expect((await (await client()).get(again.body.logo)).status).toBe(404);
    expect(await db()('organizationLogos').where({ organizationId: organization.id })).toEqual([]);
  });

  it('appears in the PDFs and, at the public address, in the emails', async () => {
    const { agent, property } = await adminWorld({ name: 'Administradora Caribe' });
    const unit = await createUnit({ propertyId: property.id });
    const without = (await fetchBytes(agent, `/api/units/${unit.id}/no-debt-certificate.pdf`)).body as Buffer;
    const logo = (await agent.put('/api/settings/logo').send(upload())).body.logo as string;
    const withLogo = (await fetchBytes(agent, `/api/units/${unit.id}/no-debt-certificate.pdf`)).body as Buffer;
    // The certificate's only image besides its QR code is the logo.
    const images = (bytes: Buffer) => pdfImages(bytes, 1);
    expect((await images(without)).map((image) => image.width)).toEqual([expect.any(Number)]);
    expect((await images(withLogo)).some((image) => image.width === 16 && image.height === 16)).toBe(true);

    const email = renderEmail({ language: 'es', branding: { ...DEFAULT_BRANDING, logo }, recipientName: 'Rosa', subject: 'Aviso', body: 'Hola' });
    expect(email.html).toContain(`<img src="${publicOrigin()}${logo}"`);
  });
});

describe('the organization RNC', () => {
  it('is validated by its check digit as suppliers’ are, stored as digits and printed on receipts', async () => {
    const { agent, property } = await adminWorld({ name: 'Administradora Caribe' });
    const version = (await agent.get('/api/settings')).body.version;
    const wrong = await agent.put('/api/settings').send({ rnc: '1-30-12345-5', version });
    expect(wrong.status).toBe(400);
    expect(wrong.body.fields.rnc).toBeTruthy();
    const saved = await agent.put('/api/settings').send({ rnc: '1-30-12345-4', version });
    expect(saved.status).toBe(200);
    expect(saved.body.rnc).toBe('130123454');

    const unit = await createUnit({ propertyId: property.id });
    const payment = (await agent.post('/api/payments').send({ unitId: unit.id, amount: 450_000, method: 'cash', receivedAt: day(0) })).body;
    expect(await pdfText((await fetchBytes(agent, `/api/payments/${payment.id}/receipt.pdf`)).body)).toContain('RNC 1-30-12345-4');

    const cleared = await agent.put('/api/settings').send({ rnc: '', version: saved.body.version });
    expect(cleared.body.rnc).toBeNull();
    expect(await pdfText((await fetchBytes(agent, `/api/payments/${payment.id}/receipt.pdf`)).body)).not.toContain('RNC');
  });
});

describe('receipts', () => {
  it('name the administrator who confirmed a reported transfer, not the resident who reported it', async () => {
    const { agent, property } = await adminWorld({ name: 'Administradora Caribe' }, { admin: { name: 'Ana', lastName: 'Gómez' } });
    const { user: resident, unit } = await createResident({ property, user: { name: 'Rosa', lastName: 'Peña' } });
    await createCharge({ unitId: unit.id, amount: 450_000, dueDate: day(10) });
    const reported = await (await signedIn(resident)).post('/api/payments/report').send({
      unitId: unit.id,
      amount: 450_000,
      receivedAt: day(-1),
      reference: 'BPD-778812',
      proof: { fileName: 'comprobante.png', fileType: 'image/png', content: PNG_PROOF.toString('base64') },
    });
    expect(reported.status).toBe(201);
    await agent.patch(`/api/payments/${reported.body.id}`).send({ status: 'confirmed' }).expect(200);
    const text = await pdfText((await fetchBytes(agent, `/api/payments/${reported.body.id}/receipt.pdf`)).body);
    expect(text).toContain('Registrado por: Ana Gómez');
    expect(text).toContain('Recibido de Rosa Peña');
    expect(text).not.toContain('Registrado por: Rosa');

    // Recorded directly by an administrator: that administrator.
    const cash = (await agent.post('/api/payments').send({ unitId: unit.id, amount: 10_000, method: 'cash', receivedAt: day(0) })).body;
    expect(await pdfText((await fetchBytes(agent, `/api/payments/${cash.id}/receipt.pdf`)).body)).toContain('Registrado por: Ana Gómez');
  });
});

/** Whether the image is the QR code of `text` as the `qrcode` library draws it (margin 2, modules of 6 px). */
function isQrOf(image: { data: Uint8ClampedArray; width: number; height: number; channels: number }, text: string) {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const scale = image.width / (modules.size + 4);
  if (image.width !== image.height || scale !== Math.round(scale)) return false;
  for (let row = 0; row < modules.size; row++) {
    for (let column = 0; column < modules.size; column++) {
      const x = Math.floor((column + 2.5) * scale);
      const y = Math.floor((row + 2.5) * scale);
      const dark = image.data[(y * image.width + x) * image.channels] < 128;
      if (dark !== Boolean(modules.get(row, column))) return false;
    }
  }
  return true;
}

describe('the no-debt certificate', () => {
  it('names the owner and the unit and carries a QR code of its verification address', async () => {
    const { agent, property, organization } = await adminWorld({ name: 'Administradora Caribe' });
    const owner = await createUser({ role: 'Propietario', organizationId: organization.id, name: 'María', lastName: 'Fernández' });
    const unit = await createUnit({ propertyId: property.id, unitNumber: 'PH-2', ownerId: owner.id });
    const bytes = (await fetchBytes(agent, `/api/units/${unit.id}/no-debt-certificate.pdf`)).body as Buffer;
    const text = await pdfText(bytes);
    expect(text).toContain(`la unidad ${property.name} · PH-2, propiedad de María Fernández, no tiene saldo vencido`);
    expect(text).toContain('Propietario María Fernández');
    expect(text).toContain(`Unidad ${property.name} · PH-2`);
    const code = text.match(/[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}/)![0];
    const url = `${publicOrigin()}/verificar/${code}`;
    expect(text).toContain(url);
    const images = await pdfImages(bytes, 1);
    expect(images.filter((image) => isQrOf(image, url))).toHaveLength(1);
    expect(images.some((image) => isQrOf(image, `${publicOrigin()}/verificar/AAAA-BBBB-CCCC-DDDD`))).toBe(false);

    // A unit without its own owner: the owner of the whole property, else no owner named.
    const bare = await createUnit({ propertyId: property.id, unitNumber: 'L-1' });
    const bareText = await pdfText((await fetchBytes(agent, `/api/units/${bare.id}/no-debt-certificate.pdf`)).body);
    expect(bareText).toContain(`la unidad ${property.name} · L-1 no tiene saldo vencido`);
    expect(bareText).not.toContain('Propietario');
  });

  it('is verified by its code in any case, with or without dashes or spaces', async () => {
    const { agent, property } = await adminWorld({ name: 'Administradora Caribe' });
    const unit = await createUnit({ propertyId: property.id });
    const code = (await pdfText((await fetchBytes(agent, `/api/units/${unit.id}/no-debt-certificate.pdf`)).body)).match(/[A-Z0-9]{4}(-[A-Z0-9]{4}){3}/)![0];
    const anonymous = await client();
    const typed = [code, code.toLowerCase(), code.replace(/-/g, ''), code.replace(/-/g, '').toLowerCase(), code.replace(/-/g, ' '), ` ${code.toLowerCase()} `];
    for (const form of typed) {
      const verified = await anonymous.get(`/api/certificates/${encodeURIComponent(form)}`);
      expect(verified.status, form).toBe(200);
      expect(verified.body.code).toBe(code);
    }
    // Another code, a code one character short, one too long: not found.
    for (const wrong of ['AAAA-BBBB-CCCC-DDDD', code.slice(0, -1), `${code}A`]) expect((await anonymous.get(`/api/certificates/${encodeURIComponent(wrong)}`)).status).toBe(404);
  });
});
