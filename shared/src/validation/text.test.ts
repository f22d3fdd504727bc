import { emailSchema, isNfc, nfc, sameText, TEXT_LIMITS, TEXT_MESSAGES, textSchema, ValidationError } from '.';

/** Issue 44, kind 4: text checked and counted in NFC (docs/decisions/0019-text-in-nfc.md). */

const NFD_NAME = 'Joa\u0303o Conceic\u0327a\u0303o';
const NFC_NAME = 'Jo\u00e3o Concei\u00e7\u00e3o';

describe('nfc', () => {
  it('composes a decomposed text, and leaves a composed one as it is', () => {
    expect(nfc(NFD_NAME)).toBe(NFC_NAME);
    expect(nfc(NFC_NAME)).toBe(NFC_NAME);
    expect(isNfc(NFC_NAME)).toBe(true);
    expect(isNfc(NFD_NAME)).toBe(false);
  });

  it('is NFC, never NFKC: ª, º, ½, ﬁ and full-width letters stay as written', () => {
    for (const text of ['1\u00aa via', 'N\u00ba 12', '\u00bd', '\ufb01m', '\uff21BC']) expect(nfc(text)).toBe(text);
  });

  it('its shortcut holds: every text made only of characters below U+0300 is NFC already (each one, and each pair)', () => {
    const below = Array.from({ length: 0x300 }, (_, code) => String.fromCharCode(code));
    for (const first of below) {
      expect(first.normalize('NFC')).toBe(first);
      for (const second of below) {
        const pair = first + second;
        if (pair.normalize('NFC') !== pair) throw new Error(`U+${first.charCodeAt(0).toString(16)} U+${second.charCodeAt(0).toString(16)}`);
      }
    }
    // And the first character above: a combining grave accent composes with the letter before it.
    expect(nfc('a\u0300')).toBe('\u00e0');
  });

  it('sameText: a name typed and the same name pasted decomposed are the same text; case and accents still count', () => {
    expect(sameText(NFC_NAME, NFD_NAME)).toBe(true);
    expect(sameText('Jo\u00e3o', 'Joao')).toBe(false);
    expect(sameText('Jo\u00e3o', 'jo\u00e3o')).toBe(false);
    expect(sameText(undefined, undefined)).toBe(true);
    expect(sameText(undefined, '')).toBe(false);
  });
});

describe('textSchema and emailSchema check and count the NFC text', () => {
  it('a decomposed name comes out of the schema in NFC', async () => {
    await expect(textSchema(TEXT_LIMITS.name).validate(`  ${NFD_NAME} `)).resolves.toBe(NFC_NAME);
  });

  it('a name of 100 characters pasted decomposed passes the 100-character limit; one of 101 does not', async () => {
    const hundred = '\u00c2ngela Concei\u00e7\u00e3o '.repeat(5).padEnd(100, '\u00e3');
    expect(hundred).toHaveLength(100);
    const decomposed = hundred.normalize('NFD');
    expect(decomposed).toHaveLength(130);
    await expect(textSchema(TEXT_LIMITS.name).validate(decomposed)).resolves.toBe(hundred);
    const error = await textSchema(TEXT_LIMITS.name)
      .validate(`${decomposed}a\u0303`)
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).message).toBe(TEXT_MESSAGES.tooLong(TEXT_LIMITS.name));
  });

  it('an e-mail pasted decomposed is checked and given in NFC; its 100-character limit counts NFC characters', async () => {
    await expect(emailSchema().validate('joa\u0303o@example.com.br')).resolves.toBe('jo\u00e3o@example.com.br');
    const local = '\u00e3'.repeat(TEXT_LIMITS.email - '@example.com'.length);
    await expect(emailSchema().validate(`${local.normalize('NFD')}@example.com`)).resolves.toBe(`${local}@example.com`);
  });

  it('still refuses a control or bidi character in a decomposed text', async () => {
    await expect(textSchema().validate(`Joa\u0303o\u202e`)).rejects.toThrow(TEXT_MESSAGES.controlCharacter);
  });
});
