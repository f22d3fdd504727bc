import { buildPath, checkSchema, type Endpoint, type PathParams } from '@driver-portal/shared/contract';
import { callApi, REQUEST_TIMEOUT_MS, serviceClient } from '@driver-portal/shared/http';
import { api } from '../../contract';
import { registeringDriver } from '../../session';

/** An upload may take a while on a phone network: a photo of 700 KB on a slow 3G link is about a minute. */
export const UPLOAD_TIMEOUT_MS = 120_000;

/**
 * An upload that moves no byte (and gets no answer) for the catalogue's timeout has hung: it
 * fails then, with the screen's retry, instead of showing "Enviando 0%" for two minutes
 * (issue 25, point 8). A slow upload whose bytes keep moving still has UPLOAD_TIMEOUT_MS.
 */
export const UPLOAD_STALL_MS = REQUEST_TIMEOUT_MS;

/**
 * One upload through the service's pre-configured client, with progress (0-1). The shared
 * `callApi` has no progress option, and the platform's `http` is a singleton part, so the
 * upload reads the same client and schema check here. Any failure (a 500 included) rejects;
 * the screen says its own text ("Erro ao enviar ...").
 */
export async function upload<TResponse, TBody>(
  endpoint: Endpoint<TResponse, TBody>,
  params: PathParams,
  body: TBody,
  onProgress: (share: number) => void,
): Promise<TResponse> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), UPLOAD_TIMEOUT_MS);
  let stall = setTimeout(() => controller.abort(), UPLOAD_STALL_MS);
  const moved = () => {
    clearTimeout(stall);
    stall = setTimeout(() => controller.abort(), UPLOAD_STALL_MS);
  };
  try {
    const response = await serviceClient(endpoint.service).request<TResponse>({
      method: endpoint.method,
      url: buildPath(endpoint.path, params),
      data: body,
      signal: controller.signal,
      onUploadProgress: (event) => {
        moved();
        if (event.total) onProgress(Math.min(1, event.loaded / event.total));
      },
    });
    const checked = await checkSchema(endpoint.answer, response.data);
    if (!checked.ok) throw new Error('malformed answer');
    onProgress(1);
    return checked.value;
  } finally {
    clearTimeout(timer);
    clearTimeout(stall);
  }
}

/** The terms document of type 2 (facial recognition) for the selfie. */
export async function fetchFacePolicy(signal: AbortSignal): Promise<string | null> {
  const { documentUrl } = await callApi(api.register.eulaDocument, { params: { type: 2 }, signal });
  return documentUrl;
}

export { registeringDriver };
