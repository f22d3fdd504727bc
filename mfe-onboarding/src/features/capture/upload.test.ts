import { delay, http, HttpResponse } from 'msw';
import { endpointUrl, server } from '@driver-portal/shared/test-utils';
import { api } from '../../contract';
import { upload, UPLOAD_STALL_MS } from './api';

// Issue 25, point 8: a hung upload used to wait 120 s at "Enviando 0%"; it fails after the
// catalogue's timeout, so the screen offers its retry ("Tentar novamente").

afterEach(() => jest.useRealTimers());

it("an upload the service never answers fails after the catalogue's timeout, not two minutes", async () => {
  let reached!: () => void;
  const started = new Promise<void>((resolve) => (reached = resolve));
  server.use(
    http.post(endpointUrl(api.register.uploadModalityDocument), async () => {
      reached();
      await delay('infinite');
      return HttpResponse.json({});
    }),
  );
  jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
  const outcome = upload(
    api.register.uploadModalityDocument,
    { guid: 'guid-7', modalityType: 0, documentType: 3 },
    { content: 'AAAA' },
    () => undefined,
  ).then(
    () => 'answered',
    () => 'failed',
  );
  await started;
  expect(UPLOAD_STALL_MS).toBe(20_000);
  await jest.advanceTimersByTimeAsync(UPLOAD_STALL_MS + 1);
  expect(await outcome).toBe('failed');
});
