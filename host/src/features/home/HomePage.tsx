import { Link } from 'react-router';
import { getSessionValue } from '@driver-portal/shared/session';
import { Page } from '@driver-portal/shared/ui';
import './home.css';

interface HomeLink {
  label: string;
  to: string;
}

/** Every area of the portal; areas that need the driver's id use the one held for the session. */
export function homeSections(driverId: string | undefined): Array<{ title: string; links: HomeLink[] }> {
  const id = driverId ? encodeURIComponent(driverId) : undefined;
  return [
    {
      title: 'Autoatendimento',
      links: [
        { label: 'Notificações', to: '/notifications/list/' },
        ...(id ? [{ label: 'Mensagens', to: `/communication/category/${id}` }] : []),
        { label: 'Extrato de corridas', to: '/performed-Runs/list' },
        { label: 'Depósitos', to: '/deposits/list' },
        { label: 'Alterar senha', to: '/password/change' },
        { label: 'Lembrar senha', to: '/password/resend' },
      ],
    },
    {
      title: 'Cadastro',
      links: [
        { label: 'Próximos passos', to: '/register/next-steps/' },
        ...(id ? [{ label: 'Meus documentos', to: `/register/review-docs/${id}` }] : []),
      ],
    },
    {
      title: 'Minha conta',
      links: id
        ? [
            { label: 'Minha conta', to: `/my-account/init/${id}` },
            { label: 'Termos e políticas', to: `/eula/${id}` },
          ]
        : [],
    },
    {
      title: 'Seguro e cartão',
      links: [
        ...(id ? [{ label: 'Seguro auto', to: `/car-insurance/init/${id}` }] : []),
        { label: 'Cartão de pagamento', to: '/card-request/terms' },
      ],
    },
  ].filter((section) => section.links.length > 0);
}

export function HomePage() {
  const sections = homeSections(getSessionValue('driverId'));
  return (
    <Page title="Portal do Motorista">
      {sections.map((section) => (
        <nav key={section.title} aria-label={section.title}>
          <h2 className="home-section">{section.title}</h2>
          <ul className="home-grid">
            {section.links.map((link) => (
              <li key={link.to}>
                <Link to={link.to}>{link.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
      ))}
      <p>
        <Link to="/Sair">Sair</Link>
      </p>
    </Page>
  );
}
