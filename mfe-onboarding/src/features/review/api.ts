import { callApi } from '@driver-portal/shared/http';
import { api, type DriverDocument } from '../../contract';

/** The modality whose documents are under review. */
export async function fetchWorkflowModality(id: string, signal: AbortSignal): Promise<number> {
  const { modalityId } = await callApi(api.register.modalityWorkflow, { params: { id }, signal });
  return modalityId;
}

export async function fetchReviewDocuments(guid: string, modalityType: number, signal: AbortSignal): Promise<DriverDocument[]> {
  const { documents } = await callApi(api.register.modalityDocuments, { params: { guid, modalityType }, signal });
  return documents.map((item) => item.response);
}
