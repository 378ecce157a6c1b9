import { PASSKEY_ANSWER_SCHEMAS, schemaProblem } from './passkey-answer';

/** A registration answer as @simplewebauthn/browser sends it (every field it can send). */
const registration = () => ({
  id: 'AbC-_1',
  rawId: 'AbC-_1',
  type: 'public-key',
  response: {
    attestationObject: 'o2NmbXRk',
    clientDataJSON: 'eyJ0eXBlIjo',
    transports: ['internal', 'hybrid'],
    publicKeyAlgorithm: -7,
    publicKey: 'MFkwEwYHKoZI',
    authenticatorData: 'SZYN5YgO',
  },
  clientExtensionResults: { credProps: { rk: true } },
  authenticatorAttachment: 'platform',
});

const authentication = () => ({
  id: 'AbC-_1',
  rawId: 'AbC-_1',
  type: 'public-key',
  response: {
    authenticatorData: 'SZYN',
    clientDataJSON: 'eyJ0',
    signature: 'MEUC',
    userHandle: 'dXNl',
  },
  clientExtensionResults: {},
});

const { registration: REGISTRATION, authentication: AUTHENTICATION } = PASSKEY_ANSWER_SCHEMAS;

describe('a passkey answer (PASSKEY_ANSWER_SCHEMAS, checked by schemaProblem)', () => {
  it('takes what browsers send', () => {
    expect(schemaProblem(registration(), REGISTRATION)).toBeNull();
    expect(schemaProblem(authentication(), AUTHENTICATION)).toBeNull();
    const prf = {
      ...authentication(),
      clientExtensionResults: { prf: { enabled: true, results: { first: 'AAAA' } } },
    };
    expect(schemaProblem(prf, AUTHENTICATION)).toBeNull();
  });

  it.each([
    ['not an object', [], 'must be an object'],
    [
      'a field it does not take',
      { ...registration(), extra: 1 },
      'has a field it does not take: extra',
    ],
    [
      'an inner field it does not take',
      { ...registration(), response: { ...registration().response, more: 'x' } },
      'response has a field it does not take: more',
    ],
    [
      'an extension WebAuthn does not define',
      { ...registration(), clientExtensionResults: { madeUp: true } },
      'clientExtensionResults has a field it does not take: madeUp',
    ],
    [
      'a missing field',
      { ...registration(), response: { clientDataJSON: 'eyJ0' } },
      'response.attestationObject is missing',
    ],
    ['another type', { ...registration(), type: 'password' }, 'type must be public-key'],
    [
      'a field that is not base64url',
      { ...registration(), response: { ...registration().response, clientDataJSON: 'a b' } },
      'response.clientDataJSON must match base64url',
    ],
    [
      'an algorithm out of range',
      { ...registration(), response: { ...registration().response, publicKeyAlgorithm: 2 ** 40 } },
      'response.publicKeyAlgorithm must be from -2147483648 to 2147483647',
    ],
    [
      'too many transports',
      {
        ...registration(),
        response: { ...registration().response, transports: Array(9).fill('usb') },
      },
      'response.transports may hold at most 8 items',
    ],
    [
      'a transport too long',
      { ...registration(), response: { ...registration().response, transports: ['u'.repeat(33)] } },
      'response.transports[0] is too long (at most 32 characters)',
    ],
  ])('refuses %s', (_name, answer, problem) => {
    expect(schemaProblem(answer, REGISTRATION)).toBe(problem);
  });
});
