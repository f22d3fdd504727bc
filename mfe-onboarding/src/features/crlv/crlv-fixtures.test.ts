// The test documents of e2e/fixtures/crlv (scripts/make-crlv-fixtures.mjs) read by pdf.js's legacy
// build in Node through the reader's own code (extract.ts, parse.ts): every field of each CRLV-e,
// and what each other file is.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isValidCNPJ, isValidCPF, isValidLicensePlate, isValidRenavam } from '@brazilian-utils/brazilian-utils';
import { readWithNode } from '../../crlv-read-with-node';
import type { CrlvResult } from './read';

import { CRLV_FIXTURES as FIXTURES } from '../../../../e2e/fixtures/crlv/vehicles';
const FILES = [
  'crlv-taxi-aluguel.pdf',
  'crlv-private-old-plate.pdf',
  'crlv-company-cnpj.pdf',
  'scanned.pdf',
  'broken.pdf',
  'locked.pdf',
  'not-crlv.pdf',
] as const;

let results: Record<string, CrlvResult>;
const scratch = mkdtempSync(join(tmpdir(), 'crlv-'));
/** The taxi's file with its cross-reference table pointing elsewhere: a generator's small error pdf.js recovers from. */
const OFF_XREF = join(scratch, 'taxi-off-xref.pdf');

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

beforeAll(async () => {
  const taxi = readFileSync(join(FIXTURES, 'crlv-taxi-aluguel.pdf'), 'latin1');
  writeFileSync(
    OFF_XREF,
    taxi.replace(/startxref\n(\d+)/, (_, offset: string) => `startxref\n${Number(offset) - 37}`),
    'latin1',
  );
  const read = await readWithNode([...FILES.map((file) => join(FIXTURES, file)), OFF_XREF]);
  results = Object.fromEntries(
    Object.entries(read).map(([file, result]) => [file === OFF_XREF ? 'off-xref' : file.slice(FIXTURES.length + 1), result]),
  );
}, 60_000);

describe('the CRLV-e test documents', () => {
  it('reads every field of the taxi (ALUGUEL, a Mercosul plate converted from an old one, an owner with a CPF)', () => {
    expect(results['crlv-taxi-aluguel.pdf']).toEqual({
      kind: 'read',
      reading: {
        fields: {
          CrlvNumber: '262104598317',
          Renavam: '01234567897',
          Plate: 'FTX3D47',
          CurrentYear: '2025',
          ManufactureYear: '2022',
          ModelYear: '2023',
          SecurityCode: '90321654870',
          Category: 'ALUGUEL',
          BrandModel: 'FIAT/ARGO DRIVE 1.0',
          Type: 'PASSAGEIRO AUTOMOVEL',
          PreviousPlate: 'FTX3347/SP',
          Chassis: '9BD358A4NPYJ20381',
          Color: 'PRATA',
          Fuel: 'ALCOOL/GASOLINA',
          OwnerName: 'MARIA APARECIDA DOS SANTOS',
          OwnerDocument: '37161496080',
          EmissionCity: 'SAO PAULO',
          IssuingState: 'SP',
          EmissionDate: '12/03/2025',
        },
      },
    });
  });

  it('reads the private car (PARTICULAR, an old plate, no previous plate: its asterisks are no value), the name in NFC', () => {
    const result = results['crlv-private-old-plate.pdf'];
    expect(result).toEqual({
      kind: 'read',
      reading: {
        fields: {
          CrlvNumber: '251873640295',
          Renavam: '11877342062',
          Plate: 'KPJ8193',
          CurrentYear: '2025',
          ManufactureYear: '2021',
          ModelYear: '2021',
          SecurityCode: '48172093615',
          Category: 'PARTICULAR',
          BrandModel: 'HYUNDAI/HB20 1.0M SENSE',
          Type: 'PASSAGEIRO AUTOMOVEL',
          Chassis: '9BHBG51DBMP412908',
          Color: 'BRANCA',
          Fuel: 'ALCOOL/GASOLINA',
          OwnerName: 'JOÃO BATISTA DA CONCEIÇÃO',
          OwnerDocument: '80451732626',
          EmissionCity: 'RIO DE JANEIRO',
          IssuingState: 'RJ',
          EmissionDate: '27/01/2025',
        },
      },
    });
    const name = result?.kind === 'read' ? (result.reading.fields.OwnerName ?? '') : '';
    expect(name).toBe(name.normalize('NFC'));
    expect([...name].length).toBe('JOÃO BATISTA DA CONCEIÇÃO'.length);
  });

  it('reads the company-owned car: an alphanumeric CNPJ without its punctuation, a value printed in two pieces, boxes shifted', () => {
    expect(results['crlv-company-cnpj.pdf']).toEqual({
      kind: 'read',
      reading: {
        fields: {
          CrlvNumber: '263390157482',
          Renavam: '13542880190',
          Plate: 'RTA5G08',
          CurrentYear: '2026',
          ManufactureYear: '2025',
          ModelYear: '2025',
          SecurityCode: '70254819366',
          Category: 'ALUGUEL',
          BrandModel: 'I/BYD DOLPHIN MINI GS',
          Type: 'PASSAGEIRO AUTOMOVEL',
          Chassis: 'LGXCE4CB4S0012345',
          Color: 'AZUL',
          Fuel: 'ELETRICO',
          OwnerName: 'TRANSPORTES ÁGUIA AZUL LTDA',
          OwnerDocument: '12ABC34501DE35',
          EmissionCity: 'BELO HORIZONTE',
          IssuingState: 'MG',
          EmissionDate: '05/01/2026',
        },
      },
    });
  });

  it('holds made-up numbers whose check digits are valid by the issuers’ rules (so the form accepts what is read)', () => {
    const read = (file: string) => {
      const result = results[file];
      return result?.kind === 'read' ? result.reading.fields : {};
    };
    for (const file of ['crlv-taxi-aluguel.pdf', 'crlv-private-old-plate.pdf', 'crlv-company-cnpj.pdf']) {
      const fields = read(file);
      expect(isValidRenavam(fields.Renavam ?? '')).toBe(true);
      expect(isValidLicensePlate(fields.Plate ?? '')).toBe(true);
    }
    expect(isValidCPF(read('crlv-taxi-aluguel.pdf').OwnerDocument ?? '')).toBe(true);
    expect(isValidCPF(read('crlv-private-old-plate.pdf').OwnerDocument ?? '')).toBe(true);
    expect(isValidCNPJ(read('crlv-company-cnpj.pdf').OwnerDocument ?? '', { version: 2 })).toBe(true);
  });

  it('reads a CRLV-e whose cross-reference table is off (pdf.js recovers it), the same as the intact one', () => {
    expect(results['off-xref']).toEqual(results['crlv-taxi-aluguel.pdf']);
    expect(results['off-xref']?.kind).toBe('read');
  });

  it.each([
    ['scanned.pdf', 'no-text'],
    ['broken.pdf', 'damaged'],
    ['locked.pdf', 'locked'],
    ['not-crlv.pdf', 'not-crlv'],
  ] as const)('tells %s apart: %s', (file, kind) => {
    expect(results[file]).toEqual({ kind });
  });
});
