import { matchPath } from 'react-router';
import { afterPhoto, dataFormBack, DOCUMENT_STEPS } from './document-flow';
import { capturePath, MODALITY_DOCUMENT_TYPES } from './documents';
import { routes } from './routes';

const GUID = 'guid-7';

describe('the navigation rules for photos and data, one table', () => {
  it('has a row for every document of every modality', () => {
    for (const types of Object.values(MODALITY_DOCUMENT_TYPES)) for (const type of types) expect(DOCUMENT_STEPS[type]).toBeDefined();
  });

  // [modality, document, flow, in a journey from My account, where the photo leads]
  const cases: Array<[number, number, 'new' | 'edit', boolean, string]> = [];
  for (const [modality, types] of Object.entries(MODALITY_DOCUMENT_TYPES)) {
    const m = Number(modality);
    for (const type of types) {
      const review = `/register/review-docs/${GUID}?startFlow=true`;
      const checklist = `/register/upload-picture/${m}`;
      const form = type === 0 ? '/register/cnh' : type === 4 ? '/register/crlv' : undefined;
      cases.push([m, type, 'new', false, type === 0 ? `/register/cnh/new/${m}` : checklist]);
      cases.push([m, type, 'edit', false, form ? `${form}/edit/${m}` : review]);
      cases.push([m, type, 'edit', true, form ? `${form}/edit/${m}` : review]);
    }
  }

  it.each(cases)('modality %i, document %i, %s flow, journey %s: the photo leads to %s', (modality, type, flow, journey, to) => {
    expect(afterPhoto(flow, modality, type, GUID, journey).to).toBe(to);
  });

  it('a document without a data form ends the flow (the journey then returns); one with a form does not', () => {
    expect(afterPhoto('edit', 0, 1, GUID, true).endsFlow).toBe(true);
    expect(afterPhoto('edit', 0, 0, GUID, true).endsFlow).toBe(false);
    expect(afterPhoto('edit', 1, 4, GUID, true).endsFlow).toBe(false);
  });

  it("a data form's way back: the journey's start, else the review (edit), else the checklist (new)", () => {
    expect(dataFormBack('edit', 0, GUID, '/my-account/change-docs/x')).toBe('/my-account/change-docs/x');
    expect(dataFormBack('edit', 0, GUID)).toBe(`/register/review-docs/${GUID}`);
    expect(dataFormBack('new', 1, GUID)).toBe('/register/upload-picture/1');
    expect(dataFormBack('new', undefined, GUID)).toBe('/register/modality/');
  });
});

describe('the screens a journey passes through declare it in the routes', () => {
  const declares = (path: string) => {
    const route = routes.find((candidate) => matchPath({ path: `/${candidate.path ?? ''}`, end: true }, path));
    expect(route).toBeDefined();
    return (route?.handle as { journey?: boolean } | undefined)?.journey === true;
  };

  it("every screen of a document's journey from My account: instructions, capture, data form", () => {
    for (const [modality, types] of Object.entries(MODALITY_DOCUMENT_TYPES)) {
      for (const type of types) {
        expect(declares(`/register/details-picture/${modality}/${type}`)).toBe(true);
        expect(declares(capturePath('edit', modality, type))).toBe(true);
        const next = afterPhoto('edit', Number(modality), type, GUID, true);
        if (!next.endsFlow) expect(declares(next.to)).toBe(true);
      }
    }
  });

  it('and no other screen', () => {
    expect(declares('/register/review-docs/x')).toBe(false);
    expect(declares('/register/upload-picture/0')).toBe(false);
  });
});
