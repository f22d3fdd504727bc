import { callApi } from '@driver-portal/shared/http';
import { api } from '../../contract';

/** The modality whose documents are under review. */
export async function fetchWorkflowModality(id: string, signal: AbortSignal): Promise<number> {
  const { modalityId } = await callApi(api.register.modalityWorkflow, { params: { id }, signal });
  return modalityId;
}
