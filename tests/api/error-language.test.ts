import { describe, expect, it } from 'vitest';
import { messageText } from '../../shared/messages';
import { adminWorld, createUser, signedIn } from '../support/factories';
import { client, testApp } from '../support/services';

/**
 * Error texts come in the user's language: a signed-in user's own, anyone else's as the request
 * asks (Accept-Language, which the client sets to the screen's language); Spanish by default.
 */
await testApp();

describe('error texts', () => {
  it("answer a signed-in user in their language, message and field errors alike", async () => {
    const { organization } = await adminWorld();
    const english = await signedIn(await createUser({ role: 'Administrador', organizationId: organization.id, language: 'en' }));
    const spanish = await signedIn(await createUser({ role: 'Administrador', organizationId: organization.id }));

    const missing = await english.get('/api/properties/999999999').set('Accept-Language', 'es').expect(404);
    expect(missing.body).toEqual({ error: 'not_found', message: messageText('property_not_found', 'en') });
    expect((await spanish.get('/api/properties/999999999').expect(404)).body.message).toBe(messageText('property_not_found'));

    const invalid = await english.post('/api/properties').send({ name: '' }).expect(400);
    expect(invalid.body.message).toBe('Invalid data');
    expect(Object.values(invalid.body.fields)).toContain(messageText('required_field', 'en'));
    expect(Object.values((await spanish.post('/api/properties').send({ name: '' }).expect(400)).body.fields)).toContain('Este campo es requerido');

    expect((await english.post('/api/properties').set('Content-Type', 'text/plain').send('hola').expect(415)).body.message).toBe(
      messageText('body_must_be_json', 'en'),
    );
  });

  it('answer anyone else in the language the request asks for', async () => {
    const anonymous = await client();
    const wrong = await anonymous.post('/api/login').set('Accept-Language', 'en').send({ username: 'nadie@example.com', password: 'incorrecta' }).expect(401);
    expect(wrong.body.message).toBe('Incorrect email or password');
    // A text built with values is made in both languages.
    const method = await anonymous.put('/api/login').set('Accept-Language', 'en').send({}).expect(405);
    expect(method.body.message).toMatch(/^This route does not accept that method. Accepted methods: .*POST/);
    expect((await anonymous.get('/api/user').set('Accept-Language', 'en').expect(401)).body.message).toBe('You must sign in');
    expect((await anonymous.get('/api/user').set('Accept-Language', 'fr, en;q=0.5').expect(401)).body.message).toBe('You must sign in');
    expect((await anonymous.get('/api/user').expect(401)).body.message).toBe('Debe iniciar sesión');
    expect((await anonymous.get('/api/user').set('Accept-Language', 'de').expect(401)).body.message).toBe('Debe iniciar sesión');
  });
});
