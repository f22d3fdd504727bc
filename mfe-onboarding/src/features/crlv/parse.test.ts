// The label → value rules of parse.ts on text laid out as pdf.js gives other generators' CRLV-e
// (items split, labels without accents, values beside or shifted), without a PDF.
import { readCrlvText, type PageText } from './parse';

/** A box: its label at (x, y) in 6-point type and its value 12 points lower in 9-point type. */
function box(label: string, value: string, x: number, y: number): PageText[] {
  return [
    { str: label, x, y, width: label.length * 3, height: 6 },
    { str: value, x, y: y + 12, width: value.length * 5, height: 9 },
  ];
}

/** The six identity boxes every CRLV-e prints, at the SENATRAN model's places. */
function identity(overrides: Record<string, string> = {}): PageText[] {
  const value = (label: string, fallback: string) => overrides[label] ?? fallback;
  return [
    ...box('CÓDIGO RENAVAM', value('CÓDIGO RENAVAM', '01234567897'), 40, 150),
    ...box('PLACA', value('PLACA', 'FTX3D47'), 40, 176),
    ...box('EXERCÍCIO', value('EXERCÍCIO', '2025'), 175, 176),
    ...box('MARCA / MODELO / VERSÃO', value('MARCA / MODELO / VERSÃO', 'FIAT/ARGO DRIVE 1.0'), 310, 150),
    ...box('CHASSI', value('CHASSI', '9BD358A4NPYJ20381'), 310, 228),
    ...box('COMBUSTÍVEL', value('COMBUSTÍVEL', 'ALCOOL/GASOLINA'), 430, 254),
  ];
}

const fieldsOf = (pages: PageText[][]) => {
  const result = readCrlvText(pages);
  if (result.kind !== 'read') throw new Error(`not read: ${result.kind}`);
  return result.reading.fields;
};

describe('readCrlvText', () => {
  it('reads each value under its label, and a value of the box beside stays in its box', () => {
    expect(fieldsOf([identity()])).toEqual({
      Renavam: '01234567897',
      Plate: 'FTX3D47',
      CurrentYear: '2025',
      BrandModel: 'FIAT/ARGO DRIVE 1.0',
      Chassis: '9BD358A4NPYJ20381',
      Fuel: 'ALCOOL/GASOLINA',
    });
  });

  it('says no-text for pages without a visible character, not-crlv for text without the identity labels', () => {
    expect(readCrlvText([])).toEqual({ kind: 'no-text' });
    expect(readCrlvText([[{ str: '  ', x: 0, y: 0, width: 5, height: 9 }]])).toEqual({ kind: 'no-text' });
    // A letter's sentence names the labels but never prints one alone.
    const letter = [{ str: 'Traga a PLACA, o CHASSI e o CÓDIGO RENAVAM do veículo.', x: 60, y: 80, width: 300, height: 11 }];
    expect(readCrlvText([letter])).toEqual({ kind: 'not-crlv' });
    // Five of the six identity boxes are not a CRLV-e.
    expect(readCrlvText([identity().filter((item) => item.str !== 'CHASSI')])).toEqual({ kind: 'not-crlv' });
  });

  it('takes labels printed without accents or split in pieces, and a value split at a font change', () => {
    const page = [
      ...identity(),
      { str: 'ANO', x: 40, y: 202, width: 9, height: 6 },
      { str: 'FABRICACAO', x: 50.5, y: 202, width: 30, height: 6 },
      { str: '2022', x: 40, y: 214, width: 20, height: 9 },
      { str: 'NOME', x: 40, y: 384, width: 12, height: 6 },
      { str: 'MARIA APARECIDA', x: 40, y: 396, width: 75, height: 9 },
      { str: 'DOS SANTOS', x: 117, y: 396, width: 50, height: 9 },
    ];
    expect(fieldsOf([page])).toMatchObject({ ManufactureYear: '2022', OwnerName: 'MARIA APARECIDA DOS SANTOS' });
  });

  it('leaves out a box printed with asterisks and one whose value is missing, without taking the next box’s value', () => {
    const page = [
      ...identity(),
      ...box('PLACA ANTERIOR / UF', '*******/**', 310, 202),
      { str: 'COR PREDOMINANTE', x: 310, y: 254, width: 48, height: 6 },
    ];
    const fields = fieldsOf([page]);
    expect(fields).not.toHaveProperty('PreviousPlate');
    expect(fields).not.toHaveProperty('Color');
    expect(fields.Chassis).toBe('9BD358A4NPYJ20381');
  });

  it('reads the document’s number beside "Nº", in one piece of text or two', () => {
    expect(fieldsOf([[...identity(), { str: 'Nº 262104598317', x: 40, y: 118, width: 70, height: 8 }]]).CrlvNumber).toBe('262104598317');
    const apart = [
      ...identity(),
      { str: 'Nº', x: 40, y: 118, width: 9, height: 8 },
      { str: '262104598317', x: 56, y: 118, width: 50, height: 8 },
    ];
    expect(fieldsOf([apart]).CrlvNumber).toBe('262104598317');
  });

  it('splits LOCAL into the city and a state code, and keeps a last word that is no state in the city', () => {
    expect(fieldsOf([[...identity(), ...box('LOCAL', 'SAO JOAO DEL REI MG', 200, 410)]])).toMatchObject({
      EmissionCity: 'SAO JOAO DEL REI',
      IssuingState: 'MG',
    });
    const noState = fieldsOf([[...identity(), ...box('LOCAL', 'BRASILIA XX', 200, 410)]]);
    expect(noState.EmissionCity).toBe('BRASILIA XX');
    expect(noState).not.toHaveProperty('IssuingState');
  });

  it('gives values in NFC, one space between words, and a CPF or CNPJ as its characters only', () => {
    const page = [
      ...identity(),
      ...box('NOME', 'JOA\u0303O   DA CONCEIC\u0327A\u0303O', 40, 384),
      ...box('CPF / CNPJ', '12.ABC.345/01DE-35', 40, 410),
    ];
    const fields = fieldsOf([page]);
    expect(fields.OwnerName).toBe('JOÃO DA CONCEIÇÃO'.normalize('NFC'));
    expect(fields.OwnerName?.length).toBe(17);
    expect(fields.OwnerDocument).toBe('12ABC34501DE35');
  });

  it('reads the first page with text (a blank cover page before it is skipped)', () => {
    expect(fieldsOf([[], identity()]).Plate).toBe('FTX3D47');
  });
});
