// @ts-check
/**
 * Writes the CRLV-e test documents of issue 47 into e2e/fixtures/crlv/ (committed; run again only
 * to change them: `node scripts/make-crlv-fixtures.mjs`). Each is under 50 KB.
 *
 * The layout is the CRLV-e's (Resolução CONTRAN nº 788/2020, Anexo, as amended; the SENATRAN
 * model every DETRAN prints since 2021): a header (República Federativa do Brasil, the ministry,
 * SENATRAN, the DETRAN, the title and the document's number "Nº" beside it), then boxes, each with
 * its label in small capitals at its top left and the value under it: the vehicle's boxes in two
 * columns (CÓDIGO RENAVAM, PLACA, EXERCÍCIO, ANO FABRICAÇÃO, ANO MODELO, NÚMERO DO CRV, CÓDIGO DE
 * SEGURANÇA DO CLA, CATEGORIA, CAPACIDADE, POTÊNCIA / CILINDRADA, PESO BRUTO TOTAL, MOTOR, CMT,
 * EIXOS, LOTAÇÃO, CARROCERIA | MARCA / MODELO / VERSÃO, ESPÉCIE / TIPO, PLACA ANTERIOR / UF,
 * CHASSI, COR PREDOMINANTE, COMBUSTÍVEL, OBSERVAÇÕES DO VEÍCULO), then the owner's (NOME, CPF /
 * CNPJ, LOCAL, DATA) and "ASSINADO DIGITALMENTE PELO DETRAN". Empty boxes print asterisks.
 *
 * The data is made up, with check digits as their issuers define them (computed below, and
 * checked against @brazilian-utils before writing): RENAVAM (DENATRAN's modulo 11 with weights
 * 3298765432), CPF (Receita Federal, modulo 11), CNPJ numeric and alphanumeric (IN RFB nº
 * 2.229/2024: each character's ASCII code minus 48, weights 2 to 9 from the right, modulo 11).
 *
 * Documents: a taxi (ALUGUEL, Mercosul plate, converted from an old one), a private car
 * (PARTICULAR, old plate, no previous plate), a company owner with an alphanumeric CNPJ (its values
 * written in pieces and its boxes shifted, as another DETRAN's generator may), a scan (the taxi's
 * page as a JPEG, no text), a broken file, a password-protected one (password "detran"; its
 * encryption key is random, so it alone differs at each run) and a letter that is no CRLV.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';

const require = createRequire(import.meta.url);
/** @type {typeof import('@brazilian-utils/brazilian-utils')} */
const utils = require('@brazilian-utils/brazilian-utils');

const OUT = join(dirname(fileURLToPath(import.meta.url)), '..', 'e2e', 'fixtures', 'crlv');
/** Fixed dates: the same input writes the same files. */
const CREATED = new Date('2026-03-12T10:00:00Z');

// ---- Check digits, as their issuers publish them --------------------------------------------

/** RENAVAM: 10 digits and a check digit (DENATRAN: weights 3,2,9,8,7,6,5,4,3,2; sum × 10 mod 11; 10 → 0). */
export function renavam(base) {
  const weights = [3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
  const sum = [...base].reduce((total, digit, index) => total + Number(digit) * weights[index], 0);
  const digit = (sum * 10) % 11;
  return base + (digit === 10 ? 0 : digit);
}

/** Modulo 11 with weights 2..9 from the right over character values (CPF: weights up to 10/11, see cpf). */
function mod11(values, weights) {
  const rest = values.reduce((total, value, index) => total + value * weights[index], 0) % 11;
  return rest < 2 ? 0 : 11 - rest;
}

/** CPF: 9 digits and two check digits (Receita Federal: weights 10..2, then 11..2). */
export function cpf(base) {
  const digits = [...base].map(Number);
  const first = mod11(digits, [10, 9, 8, 7, 6, 5, 4, 3, 2]);
  const second = mod11([...digits, first], [11, 10, 9, 8, 7, 6, 5, 4, 3, 2]);
  return base + first + second;
}

/** CNPJ, numeric or alphanumeric: 12 characters and two digits (IN RFB nº 2.229/2024, Anexo XV: a character's value is its ASCII code − 48). */
export function cnpj(base) {
  const values = [...base].map((char) => char.charCodeAt(0) - 48);
  const first = mod11(values, [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]);
  const second = mod11([...values, first], [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]);
  return base + first + second;
}

const formatCpf = (value) => value.replace(/^(.{3})(.{3})(.{3})(.{2})$/, '$1.$2.$3-$4');
const formatCnpj = (value) => value.replace(/^(.{2})(.{3})(.{3})(.{4})(.{2})$/, '$1.$2.$3/$4-$5');

// ---- The documents' data ---------------------------------------------------------------------

/**
 * @typedef {object} Vehicle
 * @property {string} detran @property {string} number @property {string} renavam
 * @property {string} plate @property {string} year @property {string} manufactureYear
 * @property {string} modelYear @property {string} crv @property {string} securityCode
 * @property {string} category @property {string} brandModel @property {string} type
 * @property {string} previousPlate @property {string} chassis @property {string} color
 * @property {string} fuel @property {string} ownerName @property {string} ownerDocument
 * @property {string} place @property {string} date @property {string} engine
 */

/** @type {Record<'taxi' | 'private' | 'company', Vehicle>} */
export const VEHICLES = {
  taxi: {
    detran: 'DETRAN - SP',
    number: '262104598317',
    renavam: renavam('0123456789'),
    plate: 'FTX3D47',
    year: '2025',
    manufactureYear: '2022',
    modelYear: '2023',
    crv: '235091847263',
    securityCode: '90321654870',
    category: 'ALUGUEL',
    brandModel: 'FIAT/ARGO DRIVE 1.0',
    type: 'PASSAGEIRO AUTOMOVEL',
    previousPlate: 'FTX3347/SP',
    chassis: '9BD358A4NPYJ20381',
    color: 'PRATA',
    fuel: 'ALCOOL/GASOLINA',
    ownerName: 'MARIA APARECIDA DOS SANTOS',
    ownerDocument: formatCpf(cpf('371614960')),
    place: 'SAO PAULO SP',
    date: '12/03/2025',
    engine: '552A0186437',
  },
  private: {
    detran: 'DETRAN - RJ',
    number: '251873640295',
    renavam: renavam('1187734206'),
    plate: 'KPJ8193',
    year: '2025',
    manufactureYear: '2021',
    modelYear: '2021',
    crv: '224803917650',
    securityCode: '48172093615',
    category: 'PARTICULAR',
    brandModel: 'HYUNDAI/HB20 1.0M SENSE',
    type: 'PASSAGEIRO AUTOMOVEL',
    previousPlate: '*******/**',
    chassis: '9BHBG51DBMP412908',
    color: 'BRANCA',
    fuel: 'ALCOOL/GASOLINA',
    ownerName: 'JOÃO BATISTA DA CONCEIÇÃO',
    ownerDocument: formatCpf(cpf('804517326')),
    place: 'RIO DE JANEIRO RJ',
    date: '27/01/2025',
    engine: 'G3LAMU819042',
  },
  company: {
    detran: 'DETRAN - MG',
    number: '263390157482',
    renavam: renavam('1354288019'),
    plate: 'RTA5G08',
    year: '2026',
    manufactureYear: '2025',
    modelYear: '2025',
    crv: '256014729385',
    securityCode: '70254819366',
    category: 'ALUGUEL',
    brandModel: 'I/BYD DOLPHIN MINI GS',
    type: 'PASSAGEIRO AUTOMOVEL',
    previousPlate: '*******/**',
    chassis: 'LGXCE4CB4S0012345',
    color: 'AZUL',
    fuel: 'ELETRICO',
    ownerName: 'TRANSPORTES ÁGUIA AZUL LTDA',
    ownerDocument: formatCnpj(cnpj('12ABC34501DE')),
    place: 'BELO HORIZONTE MG',
    date: '05/01/2026',
    engine: 'TZ180XSQ0198',
  },
};

for (const [name, vehicle] of Object.entries(VEHICLES)) {
  const document = vehicle.ownerDocument.replace(/[^0-9A-Z]/g, '');
  const documentValid = document.length === 11 ? utils.isValidCPF(document) : utils.isValidCNPJ(document, { version: 2 });
  if (!utils.isValidRenavam(vehicle.renavam) || !documentValid || !utils.isValidLicensePlate(vehicle.plate)) {
    throw new Error(`${name}: a made-up number fails its issuer's rule`);
  }
}

// ---- The layout ------------------------------------------------------------------------------

const PAGE = { width: 595.28, height: 841.89 };
const LEFT = 40;
const MIDDLE = 310;
const RIGHT = 555;
const ROW = 26;
const TOP = 140;

/**
 * The boxes: [label, value key, column left, column right, row]. Row r of both columns starts at
 * TOP + r × ROW; the owner's rows span the page.
 * @type {Array<[string, keyof Vehicle | string, number, number, number]>}
 */
const BOXES = [
  ['CÓDIGO RENAVAM', 'renavam', LEFT, MIDDLE, 0],
  ['PLACA', 'plate', LEFT, 175, 1],
  ['EXERCÍCIO', 'year', 175, MIDDLE, 1],
  ['ANO FABRICAÇÃO', 'manufactureYear', LEFT, 175, 2],
  ['ANO MODELO', 'modelYear', 175, MIDDLE, 2],
  ['NÚMERO DO CRV', 'crv', LEFT, MIDDLE, 3],
  ['CÓDIGO DE SEGURANÇA DO CLA', 'securityCode', LEFT, 190, 4],
  ['CATEGORIA', 'category', 190, MIDDLE, 4],
  ['CAPACIDADE', '*.*', LEFT, 130, 5],
  ['POTÊNCIA / CILINDRADA', '75CV/999', 130, 220, 5],
  ['PESO BRUTO TOTAL', '1,53', 220, MIDDLE, 5],
  ['MOTOR', 'engine', LEFT, 150, 6],
  ['CMT', '1,53', 150, 200, 6],
  ['EIXOS', '2', 200, 250, 6],
  ['LOTAÇÃO', '5P', 250, MIDDLE, 6],
  ['CARROCERIA', 'NAO APLICAVEL', LEFT, MIDDLE, 7],
  ['MARCA / MODELO / VERSÃO', 'brandModel', MIDDLE, RIGHT, 0],
  ['ESPÉCIE / TIPO', 'type', MIDDLE, RIGHT, 1],
  ['PLACA ANTERIOR / UF', 'previousPlate', MIDDLE, RIGHT, 2],
  ['CHASSI', 'chassis', MIDDLE, RIGHT, 3],
  ['COR PREDOMINANTE', 'color', MIDDLE, 430, 4],
  ['COMBUSTÍVEL', 'fuel', 430, RIGHT, 4],
  ['OBSERVAÇÕES DO VEÍCULO', '*.*', MIDDLE, RIGHT, 5],
  ['NOME', 'ownerName', LEFT, RIGHT, 9],
  ['CPF / CNPJ', 'ownerDocument', LEFT, 200, 10],
  ['LOCAL', 'place', 200, 440, 10],
  ['DATA', 'date', 440, RIGHT, 10],
];

/** What a page draws: text at a point (top-left of its line box, pdfkit's convention) and box edges. */
/**
 * @param {Vehicle} vehicle
 * @param {{ shift?: number, split?: boolean }} variant shift: every box this many points lower and
 *   right (another generator's margins); split: values written in two pieces
 * @returns {{ texts: Array<{ text: string, x: number, y: number, size: number, bold?: boolean }>, rects: Array<[number, number, number, number]> }}
 */
function page(vehicle, variant = {}) {
  const dx = variant.shift ?? 0;
  const dy = variant.shift ?? 0;
  const texts = [];
  const rects = [];
  const centre = (text, y, size, bold) => texts.push({ text, x: -1, y, size, bold });
  centre('REPÚBLICA FEDERATIVA DO BRASIL', 40, 10, true);
  centre('MINISTÉRIO DOS TRANSPORTES', 53, 8);
  centre('SECRETARIA NACIONAL DE TRÂNSITO - SENATRAN', 64, 8);
  texts.push({ text: vehicle.detran, x: LEFT, y: 84, size: 9, bold: true });
  centre('CERTIFICADO DE REGISTRO E LICENCIAMENTO DE VEÍCULO - DIGITAL', 100, 10, true);
  texts.push({ text: 'Nº', x: LEFT, y: 118, size: 8, bold: true });
  texts.push({ text: vehicle.number, x: LEFT + 16, y: 118, size: 8 });
  for (const [label, key, left, right, row] of BOXES) {
    const top = TOP + row * ROW + dy;
    rects.push([left + dx, top, right - left, ROW]);
    texts.push({ text: label, x: left + 3 + dx, y: top + 3, size: 5.5 });
    const value = key in vehicle ? vehicle[/** @type {keyof Vehicle} */ (key)] : key;
    const words = value.split(' ');
    if (variant.split && words.length > 2) {
      // Two pieces: the first word, then the rest after a space's width (pdf.js gives two items).
      const first = words[0] ?? '';
      texts.push({ text: first, x: left + 3 + dx, y: top + 12, size: 9, bold: true });
      texts.push({ text: words.slice(1).join(' '), x: left + 3 + dx + first.length * 6.2 + 2.5, y: top + 12, size: 9, bold: true });
    } else {
      texts.push({ text: value, x: left + 3 + dx, y: top + 12, size: 9, bold: true });
    }
  }
  texts.push({ text: 'ASSINADO DIGITALMENTE PELO DETRAN', x: LEFT, y: TOP + 12 * ROW + 4 + dy, size: 8, bold: true });
  texts.push({ text: 'Valide este QRCode com app Vio', x: 420, y: TOP + 12 * ROW + 4 + dy, size: 7 });
  rects.push([440, TOP + 12 * ROW + 16 + dy, 90, 90]);
  return { texts, rects };
}

/**
 * A PDF of the drawing (pdfkit, Helvetica: the standard font every reader has, WinAnsi encoding,
 * so the accents come out as Unicode in pdf.js's text).
 * @param {(doc: PDFKit.PDFDocument) => void} draw
 * @param {PDFKit.PDFDocumentOptions} [options]
 * @returns {Promise<Buffer>}
 */
function pdf(draw, options = {}) {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: 'A4',
      margin: 0,
      compress: true,
      info: { CreationDate: CREATED, Producer: 'make-crlv-fixtures', Title: 'CRLV-e' },
      ...options,
    });
    const chunks = [];
    doc.on('data', (chunk) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    draw(doc);
    doc.end();
  });
}

/** @param {ReturnType<typeof page>} drawing */
const drawPage = (drawing) => (/** @type {PDFKit.PDFDocument} */ doc) => {
  doc.lineWidth(0.5).strokeColor('#444444');
  for (const [x, y, w, h] of drawing.rects) doc.rect(x, y, w, h).stroke();
  for (const { text, x, y, size, bold } of drawing.texts) {
    doc
      .font(bold ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(size)
      .fillColor('#000000');
    if (x < 0) doc.text(text, 0, y, { width: PAGE.width, align: 'center', lineBreak: false });
    else doc.text(text, x, y, { lineBreak: false });
  }
};

/**
 * The taxi's page as a photo would hold it (a JPEG, drawn with @napi-rs/canvas, which pdfjs-dist
 * installs for Node), in a PDF with no text layer.
 * @returns {Promise<Buffer>}
 */
async function scanned() {
  const { createCanvas } = require('@napi-rs/canvas');
  const scale = 1.2;
  const canvas = createCanvas(Math.round(PAGE.width * scale), Math.round(PAGE.height * scale * 0.62));
  const context = canvas.getContext('2d');
  context.fillStyle = '#f4f2ec';
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.scale(scale, scale);
  context.rotate(0.006); // a phone is never quite straight
  const drawing = page(VEHICLES.taxi);
  context.strokeStyle = '#555555';
  context.lineWidth = 0.5;
  for (const [x, y, w, h] of drawing.rects) context.strokeRect(x, y, w, h);
  context.fillStyle = '#1a1a1a';
  for (const { text, x, y, size, bold } of drawing.texts) {
    context.font = `${bold ? 'bold ' : ''}${size}px sans-serif`;
    const left = x < 0 ? (PAGE.width - context.measureText(text).width) / 2 : x;
    context.fillText(text, left, y + size * 0.85);
  }
  const jpeg = canvas.toBuffer('image/jpeg', 45);
  return pdf((doc) => doc.image(jpeg, 0, 0, { width: PAGE.width }));
}

/** A letter that names the CRLV in sentences but is none. */
const LETTER = [
  'AUTOESCOLA BOA VIAGEM LTDA',
  'Comunicado aos alunos - março de 2025',
  '',
  'Prezado(a) aluno(a),',
  'Para a aula prática, traga o CRLV do veículo, a placa e o código RENAVAM anotados,',
  'e confira o ano de fabricação, o chassi e o combustível com o instrutor.',
  'A categoria da habilitação pretendida deve constar na ficha de matrícula.',
  '',
  'Atenciosamente,',
  'Secretaria',
];

// ---- Writing ---------------------------------------------------------------------------------

async function main() {
  mkdirSync(OUT, { recursive: true });
  const taxi = await pdf(drawPage(page(VEHICLES.taxi)));
  /** @type {Array<[string, Buffer]>} */
  const files = [
    ['crlv-taxi-aluguel.pdf', taxi],
    ['crlv-private-old-plate.pdf', await pdf(drawPage(page(VEHICLES.private)))],
    ['crlv-company-cnpj.pdf', await pdf(drawPage(page(VEHICLES.company, { shift: 6, split: true })))],
    ['scanned.pdf', await scanned()],
    // A download cut short: the header and the first third of the taxi's file, then garbage.
    [
      'broken.pdf',
      Buffer.concat([taxi.subarray(0, Math.floor(taxi.length / 3)), Buffer.from('\u0000\u00ff garbage \u0000'.repeat(20), 'latin1')]),
    ],
    ['locked.pdf', await pdf(drawPage(page(VEHICLES.taxi)), { userPassword: 'detran', ownerPassword: 'detran-owner', pdfVersion: '1.7' })],
    [
      'not-crlv.pdf',
      await pdf((doc) => {
        doc.font('Helvetica').fontSize(11);
        LETTER.forEach((line, index) => doc.text(line, 60, 80 + index * 18, { lineBreak: false }));
      }),
    ],
  ];
  for (const [name, bytes] of files) {
    if (bytes.length >= 50_000) throw new Error(`${name} is ${bytes.length} bytes: keep each under 50 KB`);
    writeFileSync(join(OUT, name), bytes);
    console.log(`${name}\t${bytes.length} bytes`);
  }
  // What each readable document holds, for the tests (the values as printed).
  writeFileSync(join(OUT, 'vehicles.json'), `${JSON.stringify(VEHICLES, null, 2)}\n`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
