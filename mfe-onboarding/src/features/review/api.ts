import { callApi } from '@driver-portal/shared/http';
import { api, type ReviewDocument } from '../../contract';

/** The modality whose documents are under review. */
export async function fetchWorkflowModality(id: string, signal: AbortSignal): Promise<number> {
  const { modalityId } = await callApi(api.register.modalityWorkflow, { params: { id }, signal });
  return modalityId;
}

export async function fetchReviewDocuments(id: string, modalityType: number, signal: AbortSignal): Promise<ReviewDocument[]> {
  const { documents } = await callApi(api.register.reviewDocuments, { params: { id, m: modalityType }, signal });
  return documents.map((item) => item.response);
}

/** Sends the modality's documents to review again (the failure is the screen's own text). */
export const sendQueueWorkflow = (id: string, modalityType: number) =>
  callApi(api.register.sendQueueWorkflow, { params: { id, m: modalityType }, overlay: true });
