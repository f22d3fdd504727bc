import { adoptDriverId } from '@driver-portal/shared/session';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { useLoad } from '@driver-portal/shared/data';
import { hasText, NOT_INFORMED } from '@driver-portal/shared/format';
import { HOME_PATH } from '@driver-portal/shared/links';
import { LoadView, Page } from '@driver-portal/shared/ui';
import type { Driver, Location, Modality } from '../../contract';
import { DELIVERY_MODALITY, formatMobile, MODALITY_CATEGORY } from '../../format';
import { accountPaths } from '../../paths';
import { fetchDriver, fetchLocation, fetchModalities, fetchSelfie } from './api';
import './my-account.css';

export const MY_ACCOUNT_TEXTS = {
  underReview: 'Em análise',
  deliveryCreate: 'Criar conta',
  deliverySent: 'Enviado para entregas',
  noVehicle: 'Nenhum veículo cadastrado',
} as const;

/** A titled part of the page (a region, so its error and retry read in context). */
function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className="account-section" aria-labelledby={id}>
      <h2 id={id} className="account-section-title">
        {title}
      </h2>
      {children}
    </section>
  );
}

/**
 * One line of the account: what it is, its value, and the way into its screen. The link's
 * visible word comes first in its name ("Alterar e-mail"), so voice control finds it.
 */
function Row({ label, value, to, action, detail }: { label: string; value?: ReactNode; to?: string; action?: string; detail?: string }) {
  return (
    <li className="account-row">
      <div className="account-row-text">
        <p className="account-row-label">{label}</p>
        {value !== undefined ? <p className="account-row-value">{value}</p> : null}
      </div>
      {to && action ? (
        <Link className="account-row-link" to={to}>
          {action}
          {detail ? <span className="visually-hidden"> {detail}</span> : null}
        </Link>
      ) : null}
    </li>
  );
}

/**
 * The first letters of the first and last names, upper case. The name is read in NFC first and a
 * letter is a code point, not a UTF-16 unit: a name stored decomposed ("A" + U+0302) would show
 * "A" instead of "Â" (issue 44, point 4).
 */
// String.prototype.normalize, not the validation module's nfc: this screen takes no form, and
// that module (Yup with it) would weigh on the account's first screen.
function initialsOf(name: string): string {
  const words = name.normalize('NFC').trim().split(/\s+/).filter(Boolean);
  const first = (word: string | undefined) => (word === undefined ? '' : (Array.from(word)[0] ?? ''));
  return `${first(words[0])}${words.length > 1 ? first(words[words.length - 1]) : ''}`.toUpperCase();
}

/** The profile photo, or the driver's initials when there is none (or it does not load). */
function Avatar({ name, photo }: { name: string; photo: string | undefined }) {
  const [broken, setBroken] = useState(false);
  if (photo && !broken) return <img className="account-avatar" src={photo} alt="Sua foto de perfil" onError={() => setBroken(true)} />;
  return (
    <span className="account-avatar account-avatar-initials" aria-hidden="true">
      {initialsOf(name)}
    </span>
  );
}

function ProfileRows({ driver, driverId, photo }: { driver: Driver; driverId: string; photo: string | undefined }) {
  return (
    <>
      <div className="account-profile">
        <Avatar name={driver.name} photo={photo} />
        <p className="account-name">{driver.name}</p>
      </div>
      <ul className="account-rows">
        {/* Read-only: the name is the one on the driver's documents. */}
        <Row label="Nome" value={driver.name} />
        <Row
          label="E-mail"
          value={hasText(driver.email) ? driver.email : NOT_INFORMED}
          to={accountPaths.changeEmail()}
          action="Alterar"
          detail="e-mail"
        />
        <Row label="Celular" value={formatMobile(driver.mobile)} to={accountPaths.changeMobile()} action="Alterar" detail="celular" />
        <Row
          label="Senha"
          value={
            <>
              <span aria-hidden="true">••••••••</span>
              <span className="visually-hidden">oculta</span>
            </>
          }
          to={accountPaths.changePassword()}
          action="Alterar"
          detail="senha"
        />
        <Row
          label="Detalhes do perfil"
          value="Idiomas que você fala"
          to={accountPaths.driverPredicates(driverId)}
          action="Ver"
          detail="detalhes do perfil"
        />
      </ul>
    </>
  );
}

function addressLines(location: Location | null): string[] {
  if (!location) return [];
  const street = [location.address, location.number].filter(hasText).join(', ');
  const first = [street, location.complement].filter(hasText).join(' - ');
  const cityState = [location.city, location.state].filter(hasText).join(' - ');
  const second = [location.district, cityState].filter(hasText).join(', ');
  return [first, second, hasText(location.zipCode) ? `CEP ${location.zipCode}` : ''].filter(hasText);
}

function AddressView({ location }: { location: Location | null }) {
  const lines = addressLines(location);
  if (lines.length === 0) return <p className="account-plain">{NOT_INFORMED}</p>;
  return (
    <address className="account-plain">
      {lines.map((line) => (
        <span key={line} className="account-address-line">
          {line}
        </span>
      ))}
    </address>
  );
}

function VehiclesView({ modalities, driverId }: { modalities: Modality[]; driverId: string }) {
  const withVehicle = modalities.filter((item) => item.modalityType !== DELIVERY_MODALITY && item.vehicle);
  const current = modalities.find((item) => item.modalityType !== DELIVERY_MODALITY);
  return (
    <>
      {withVehicle.length === 0 ? <p className="account-plain">{MY_ACCOUNT_TEXTS.noVehicle}</p> : null}
      <ul className="account-rows" aria-label="Veículos">
        {withVehicle.map(({ modalityType, active, vehicle }) =>
          vehicle ? (
            <li key={vehicle.id} className="account-row account-vehicle">
              <div className="account-row-text">
                <p className="account-row-label">{vehicle.plate}</p>
                <p className="account-row-value">
                  {vehicle.brandModel ?? ([vehicle.brand, vehicle.model].filter(hasText).join(' ') || NOT_INFORMED)}
                </p>
                <p className="account-row-meta">
                  {MODALITY_CATEGORY[modalityType] ?? NOT_INFORMED}
                  {active ? null : <span className="account-badge">{MY_ACCOUNT_TEXTS.underReview}</span>}
                </p>
              </div>
              <Link className="account-row-link" to={accountPaths.carPredicates(driverId, modalityType, vehicle.id)}>
                Detalhes<span className="visually-hidden"> do veículo {vehicle.plate}</span>
              </Link>
            </li>
          ) : null,
        )}
      </ul>
      <ul className="account-rows">
        <Row
          label="Modalidade"
          value={current ? (MODALITY_CATEGORY[current.modalityType] ?? NOT_INFORMED) : NOT_INFORMED}
          to={accountPaths.changeModality()}
          action="Alterar"
          detail="modalidade"
        />
        <Row
          label="Documentos"
          value="Fotos e dados dos seus documentos"
          to={accountPaths.changeDocs(driverId)}
          action="Ver"
          detail="documentos"
        />
      </ul>
    </>
  );
}

function DeliveriesView({ modalities, driverId }: { modalities: Modality[]; driverId: string }) {
  const sent = modalities.some((item) => item.modalityType === DELIVERY_MODALITY);
  return (
    <ul className="account-rows">
      {sent ? (
        <Row label="Entregas" value={MY_ACCOUNT_TEXTS.deliverySent} />
      ) : (
        <Row
          label="Entregas"
          value="Faça entregas com o seu veículo"
          to={accountPaths.deliveryAdherence(driverId)}
          action={MY_ACCOUNT_TEXTS.deliveryCreate}
          detail="de entregas"
        />
      )}
    </ul>
  );
}

/**
 * /my-account/init/:driverId — the driver's account: profile, address, vehicles and modality,
 * documents, payments and deliveries, each a way into its screen (docs/product-rules.md,
 * "Account"). The driver, address and modality loads each show their own error with a retry
 * (the original only logged them); the photo falls back to the driver's initials.
 */
export function MyAccountPage() {
  const { driverId = '' } = useParams();
  // The screens without an id in their path (change e-mail, mobile, password, modality) act on this driver.
  useEffect(() => adoptDriverId(driverId), [driverId]);
  const driver = useLoad((signal) => fetchDriver(driverId, signal), [driverId]);
  const location = useLoad((signal) => fetchLocation(driverId, signal), [driverId]);
  const modalities = useLoad((signal) => fetchModalities(driverId, signal), [driverId]);
  const selfie = useLoad((signal) => fetchSelfie(driverId, signal).catch(() => undefined), [driverId]);
  const photo = selfie.state.status === 'success' ? selfie.state.data : undefined;

  return (
    <Page title="Minha conta" backTo={HOME_PATH}>
      <Section title="Perfil">
        <LoadView {...driver} loadingLabel="Carregando seus dados...">
          {(data) => <ProfileRows driver={data} driverId={driverId} photo={photo} />}
        </LoadView>
      </Section>
      <Section title="Endereço">
        <LoadView {...location} loadingLabel="Carregando seu endereço...">
          {(data) => <AddressView location={data} />}
        </LoadView>
      </Section>
      <Section title="Veículos">
        <LoadView {...modalities} loadingLabel="Carregando seus veículos...">
          {(data) => <VehiclesView modalities={data} driverId={driverId} />}
        </LoadView>
      </Section>
      {/* Deliveries read the same modalities: their error and retry show once, under Veículos. */}
      {modalities.state.status === 'success' ? (
        <Section title="Entregas">
          <DeliveriesView modalities={modalities.state.data} driverId={driverId} />
        </Section>
      ) : null}
      <Section title="Pagamentos">
        <ul className="account-rows">
          <Row
            label="Dados bancários"
            value="Conta para receber suas corridas"
            to={accountPaths.bankInfo(driverId)}
            action="Alterar"
            detail="dados bancários"
          />
          <Row
            label="Informe de rendimentos"
            value="Enviado para o seu e-mail"
            to={accountPaths.incomeStatement()}
            action="Solicitar"
            detail="informe de rendimentos"
          />
          <Row label="Notas fiscais" value="Consulte e baixe suas notas" to={accountPaths.invoices()} action="Ver" detail="notas fiscais" />
        </ul>
      </Section>
      <Section title="Mais">
        <ul className="account-rows">
          <Row label="Afiliação" value="Cooperativa de táxi" to={accountPaths.affiliation(driverId)} action="Ver" detail="afiliação" />
          <Row
            label="Termos e políticas"
            value="Termos de uso e privacidade"
            to={accountPaths.terms(driverId)}
            action="Ver"
            detail="termos e políticas"
          />
        </ul>
      </Section>
    </Page>
  );
}
