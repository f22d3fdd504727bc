import { useState } from 'react';
import { useParams } from 'react-router';
import { useLoad, useSingleFlight } from '@driver-portal/shared/data';
import { showSuccess } from '@driver-portal/shared/events';
import { Button, LoadView, Page } from '@driver-portal/shared/ui';
import { accountPaths } from '../../paths';
import { deliveryAppUrl, DELIVERY_TEXTS, enrolInDelivery, fetchDeliveryScreen, type DeliveryScreenData } from './api';
import './delivery.css';

const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? '';

function Delivery({ data, driverId }: { data: DeliveryScreenData; driverId: string }) {
  const storeUrl = deliveryAppUrl();
  const [sent, setSent] = useState(data.enrolled);
  const { run: enrol, running } = useSingleFlight(async () => {
    try {
      await enrolInDelivery(driverId);
    } catch {
      return; // Alerted in error style; the button stays for another try.
    }
    setSent(true);
    showSuccess(DELIVERY_TEXTS.sent);
  });

  return (
    <>
      <h2 className="delivery-greeting">Olá, {firstName(data.driver.name)}!</h2>
      <p>Com o app de entregas, você também faz entregas com o seu veículo e ganha mais nos intervalos entre as corridas.</p>
      <ul className="delivery-facts">
        <li>O cadastro pode levar algumas horas para ser processado.</li>
        <li>As instruções para entrar no app de entregas chegam no seu e-mail.</li>
        <li>O pagamento das entregas cai no seu cartão em até 48 horas.</li>
      </ul>
      {storeUrl ? (
        <p>
          <a href={storeUrl} target="_blank" rel="noopener noreferrer">
            Baixar o app de entregas na Google Play
          </a>
        </p>
      ) : null}
      {sent ? (
        <p className="delivery-sent" role="status">
          {DELIVERY_TEXTS.sent}
        </p>
      ) : (
        <Button className="button-block" onClick={() => void enrol()} aria-disabled={running || undefined}>
          {DELIVERY_TEXTS.enrol}
        </Button>
      )}
    </>
  );
}

/**
 * /my-account/delivery-adherence/:driverId — enrolment in delivery (docs/product-rules.md,
 * "Account"): the greeting by name, what happens next, "QUERO FAZER ENTREGAS" (PUT modality 2),
 * then "Cadastro enviado com sucesso" and no button; the same when a modality is already 2.
 */
export function DeliveryAdherencePage() {
  const { driverId = '' } = useParams();
  const load = useLoad((signal) => fetchDeliveryScreen(driverId, signal), [driverId]);
  return (
    <Page title="Entregas" backTo={accountPaths.myAccount(driverId)}>
      <LoadView {...load}>{(data) => <Delivery data={data} driverId={driverId} />}</LoadView>
    </Page>
  );
}
