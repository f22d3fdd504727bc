import { matchBrand, matchModel, plain } from './crlv-fill';

// The provider's lists as `vehicleinfo/carbrand` and `{brandId}/carmodel` give them (the sandbox's four
// brands and more, as a real list holds them: accents, hyphens, a displacement in the model's name).
const BRANDS = [
  { id: 1, name: 'Chevrolet' },
  { id: 2, name: 'Fiat' },
  { id: 3, name: 'Toyota' },
  { id: 4, name: 'Volkswagen' },
  { id: 5, name: 'Mercedes-Benz' },
  { id: 6, name: 'Citroën' },
  { id: 7, name: 'Hyundai' },
  { id: 8, name: 'Land Rover' },
  { id: 9, name: 'Mitsubishi' },
];
const model = (id: number, name: string) => ({ id, model: name });

describe('the printed "MARCA / MODELO / VERSÃO" matched to the brand list', () => {
  it.each([
    ['I/FIAT ARGO DRIVE 1.0', 'Fiat', 'ARGO DRIVE 1.0'],
    ['FIAT/CRONOS DRIVE 1.3', 'Fiat', 'CRONOS DRIVE 1.3'],
    ['VW/VOYAGE 1.6L MB5', 'Volkswagen', 'VOYAGE 1.6L MB5'],
    ['CHEV/ONIX 10MT LT', 'Chevrolet', 'ONIX 10MT LT'],
    ['GM/SPIN LTZ 1.8', 'Chevrolet', 'SPIN LTZ 1.8'],
    ['I/M.BENZ C 180', 'Mercedes-Benz', 'C 180'],
    ['CITROËN/C3 1.6', 'Citroën', 'C3 1.6'],
    ['citroen/c3 1.6', 'Citroën', 'C3 1.6'],
    ['IMP/TOYOTA COROLLA XEI20FLEX', 'Toyota', 'COROLLA XEI20FLEX'],
    ['LR/DISCOVERY SPORT', 'Land Rover', 'DISCOVERY SPORT'],
    ['I/LAND ROVER EVOQUE', 'Land Rover', 'EVOQUE'],
    ['MMC/L200 TRITON', 'Mitsubishi', 'L200 TRITON'],
  ])('%s: %s, then "%s"', (printed, brand, rest) => {
    const found = matchBrand(printed, BRANDS);
    expect(found.brand?.name).toBe(brand);
    expect(found.model).toBe(rest);
  });

  it.each(['I/LADA NIVA', 'JAC/J3', ''])('"%s" names no brand of the list: none is chosen', (printed) => {
    expect(matchBrand(printed, BRANDS).brand).toBeUndefined();
  });
});

describe('the printed model and version matched to the brand’s models', () => {
  const FIAT = [model(201, 'Cronos 1.3'), model(202, 'Grand Siena 1.4'), model(203, 'Argo 1.0'), model(204, 'Argo Drive 1.3')];
  const CHEVROLET = [model(101, 'Onix 1.0'), model(102, 'Spin LTZ 1.8'), model(103, 'Onix Plus 1.0'), model(104, 'Cobalt 1.8')];

  it.each([
    ['ARGO DRIVE 1.0', 'Argo 1.0', 'the list’s "Argo Drive" is a 1.3: the 1.0 printed is the "Argo 1.0"', FIAT],
    ['ARGO DRIVE 1.3', 'Argo Drive 1.3', 'the longer name that agrees wins', FIAT],
    ['CRONOS DRIVE 1.3', 'Cronos 1.3', 'the version after the name', FIAT],
    ['GRAND SIENA ATTRAC. 1.4', 'Grand Siena 1.4', 'a name of two words', FIAT],
    ['ONIX 10MT LT', 'Onix 1.0', 'no displacement printed, one Onix (not the Onix Plus)', CHEVROLET],
    ['ONIX PLUS 1.0 TURBO', 'Onix Plus 1.0', '"ONIX PLUS" over "ONIX"', CHEVROLET],
    ['SPIN LTZ 1.8', 'Spin LTZ 1.8', 'as the list writes it', CHEVROLET],
    ['HB 20S 1.6', 'HB20S 1.6', 'spaced as printed', [model(701, 'HB20S 1.6'), model(702, 'HB20 1.0')]],
    ['NOVO GOL 1.0', 'Gol 1.0', '"NOVO" before the name', [model(405, 'Gol 1.0'), model(402, 'Voyage 1.6')]],
    ['VOYAGE 1.6L MB5', 'Voyage 1.6', 'a displacement with letters', [model(401, 'Virtus 1.6'), model(402, 'Voyage 1.6')]],
  ])('"%s" is "%s" (%s)', (printed, expected, _why, models) => {
    expect(matchModel(printed, models)?.model).toBe(expected);
  });

  it.each([
    ['ONIX LT', 'two Onix and no displacement printed', [model(101, 'Onix 1.0'), model(105, 'Onix 1.4')]],
    ['ONIX 1.4 LT', 'the list’s only Onix is a 1.0', [model(101, 'Onix 1.0')]],
    ['ARGONAUTA 1.0', '"ARGO" is not a word of "ARGONAUTA"', FIAT],
    ['PALIO 1.0', 'not in the list', FIAT],
    ['', 'nothing printed', FIAT],
  ])('"%s" is none: %s', (printed, _why, models) => {
    expect(matchModel(printed, models)).toBeUndefined();
  });

  it('compares without accents, case or extra spaces', () => {
    expect(plain('  Citroën   c3\tAircross ')).toBe('CITROEN C3 AIRCROSS');
  });
});
