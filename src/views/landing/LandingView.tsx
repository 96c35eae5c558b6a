import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { LazyServices } from '../../app/router-context';
import { appConfig } from '../../config/app-config';
import { Accordion } from '../../ui/Accordion';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import * as controls from '../../ui/controls.css';
import { useNearViewport } from '../../ui/use-near-viewport';
import { LanguageSwitcher } from '../app-shell/LanguageSwitcher';
import { Logo } from '../app-shell/Logo';
import * as styles from './landing.css';

const ContactForm = lazy(() => import('./ContactForm'));

function scrollToSection(id: string) {
  document.getElementById(id)?.scrollIntoView({ behavior: 'smooth', block: 'start' });
}

/** Header (docs/product.md §2): anchors, sign up, login, the dealer link (full page load); a toggle at ≤ 768 px. */
function LandingHeader() {
  const { t } = useLingui();
  const [menuOpen, setMenuOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setMenuOpen(false);
        toggle.current?.focus();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [menuOpen]);
  // Anchors scroll natively (html has scroll-behavior: smooth); the open menu closes on arrival.
  useEffect(() => {
    const close = () => setMenuOpen(false);
    window.addEventListener('hashchange', close);
    return () => window.removeEventListener('hashchange', close);
  }, []);
  return (
    <header className={styles.header}>
      <div className={styles.headerInner}>
        <Logo />
        <button
          ref={toggle}
          type="button"
          className={`${controls.button.secondary} ${styles.menuToggle}`}
          aria-expanded={menuOpen}
          aria-controls="landing-menu"
          onClick={() => setMenuOpen((open) => !open)}
        >
          {menuOpen ? t`Close menu` : t`Menu`}
        </button>
        <nav
          id="landing-menu"
          aria-label={t`Main navigation`}
          className={`${styles.nav} ${menuOpen ? styles.navOpen : ''}`}
        >
          <a href="#advantages" className={styles.navAnchor}>
            <Trans>Advantages</Trans>
          </a>
          <a href="#functions" className={styles.navAnchor}>
            <Trans>Functions</Trans>
          </a>
          <a href="#contact" className={styles.navAnchor}>
            <Trans>Contact</Trans>
          </a>
          {/* A full page load, as docs/product.md §2 asks for the dealer onboarding. */}
          <a href="/part-dealer-onboarding" className={styles.navAnchor}>
            <Trans>For part dealers</Trans>
          </a>
          <LanguageSwitcher />
          <Link to="/register" className={controls.button.secondary}>
            <Trans>Sign up</Trans>
          </Link>
          <Link to="/login" className={controls.button.primary}>
            <Trans>Login</Trans>
          </Link>
        </nav>
      </div>
    </header>
  );
}

/** Mounts the contact form once the section comes near the viewport or something in it is focused. */
function LazyContactForm({ services }: { services: LazyServices }) {
  const [focused, setFocused] = useState(false);
  const anchor = useRef<HTMLDivElement>(null);
  const wanted = useNearViewport(anchor) || focused;
  return (
    <div ref={anchor} onFocusCapture={() => setFocused(true)} style={{ minHeight: 420 }}>
      {wanted ? (
        <Suspense fallback={null}>
          <ContactForm services={services} />
        </Suspense>
      ) : null}
    </div>
  );
}

/** The landing page (docs/product.md §2): every section in order, German and English copy. */
export function LandingView({ services }: { services: LazyServices }) {
  const { t } = useLingui();
  const { phone, email } = appConfig.support;
  const { name: companyName, address } = appConfig.company;
  const usage = [
    {
      id: 'usage-1',
      title: t`Request an invitation`,
      content: t`Tell us your workshop and e-mail address. During the pilot we check every request by hand and send you an invitation.`,
    },
    {
      id: 'usage-2',
      title: t`Set up your account`,
      content: t`The invitation link opens a short wizard: your account, your garage management system and the dealers you order from.`,
    },
    {
      id: 'usage-3',
      title: t`Connect your dealers`,
      content: t`Enter your customer number with each dealer once. Prices and availability then come from your own accounts.`,
    },
    {
      id: 'usage-4',
      title: t`Order across brands`,
      content: t`Search by part or vehicle, compare offers side by side and order from the dealer that fits the job best.`,
    },
  ];
  const faq = [
    {
      id: 'faq-1',
      title: t`What does Teileportal cost during the pilot?`,
      content: t`We explain the conditions of the pilot phase to you personally before your account is activated – nothing is charged without your agreement.`,
    },
    {
      id: 'faq-2',
      title: t`Which dealers can I order from?`,
      content: t`You order from the part dealers you already have a customer account with. More dealers join during the pilot.`,
    },
    {
      id: 'faq-3',
      title: t`Which garage management systems are supported?`,
      content: t`The wizard offers the common systems such as WERBAS, Loco-Soft and CDK Autoline. If yours is missing, choose "Other" and tell us its name.`,
    },
    {
      id: 'faq-4',
      title: t`Why is my account not active yet?`,
      content: t`Every account is checked by hand before it is activated. You receive an e-mail as soon as you can log in.`,
    },
    {
      id: 'faq-5',
      title: t`What happens with my data?`,
      content: t`We use your data only to run the portal and never sell it. The privacy policy explains what we store and for how long.`,
    },
    {
      id: 'faq-6',
      title: t`I am a part dealer. How can I take part?`,
      content: t`Register your company on the page for part dealers. We review every registration and get back to you.`,
    },
  ];
  return (
    <>
      <LandingHeader />
      <main>
        <section id="home" className={styles.hero} aria-labelledby="hero-title">
          <div className={styles.heroInner}>
            {/* PORTAL_KIND=insurance (ADR 030): the same portal, introduced to insurers, who are invited, not registered. */}
            {appConfig.portalKind === 'insurance' ? (
              <>
                <h1 id="hero-title" className={styles.heroTitle}>
                  <Trans>Delay statements for your claims – straight from the workshops' orders</Trans>
                </h1>
                <p className={styles.heroSubtitle}>
                  <Trans>
                    Workshops share the orders behind a claim with you: the parts, the quotes, every delivery date the
                    dealer gave and the days of delay, as a PDF statement in German or English.
                  </Trans>
                </p>
              </>
            ) : (
              <>
                <h1 id="hero-title" className={styles.heroTitle}>
                  <Trans>Order spare parts from all your dealers – in one place</Trans>
                </h1>
                <p className={styles.heroSubtitle}>
                  <Trans>
                    Teileportal connects your workshop with your preferred part dealers: compare across brands, check
                    that a part fits the vehicle, and order without switching between catalogues.
                  </Trans>
                </p>
              </>
            )}
            <div className={styles.heroButtons}>
              {appConfig.portalKind === 'insurance' ? (
                <Link to="/login" className={`${controls.button.primary} ${styles.heroCta}`}>
                  <Trans>Log in</Trans>
                </Link>
              ) : (
                <Link to="/register" className={`${controls.button.primary} ${styles.heroCta}`}>
                  <Trans>Get started</Trans>
                </Link>
              )}
              <Button variant="secondary" onClick={() => scrollToSection('functions')}>
                <Trans>How it works</Trans>
              </Button>
            </div>
          </div>
        </section>

        <section id="advantages" className={styles.section} aria-labelledby="advantages-title">
          <h2 id="advantages-title">
            <Trans>Your advantages</Trans>
          </h2>
          <div className={styles.grid3}>
            <Card>
              <h3>
                <Trans>Optimisation</Trans>
              </h3>
              <p>
                <Trans>
                  See prices and availability of your dealers side by side and choose the best offer for every job.
                </Trans>
              </p>
            </Card>
            <Card>
              <h3>
                <Trans>Seamless integration</Trans>
              </h3>
              <p>
                <Trans>
                  Connect your garage management system and your dealer accounts once; orders flow without retyping.
                </Trans>
              </p>
            </Card>
            <Card>
              <h3>
                <Trans>Efficient management</Trans>
              </h3>
              <p>
                <Trans>Keep orders, deliveries and returns of every dealer in one overview for your whole team.</Trans>
              </p>
            </Card>
          </div>
        </section>

        <section className={styles.banner} aria-labelledby="banner-title">
          <h2 id="banner-title">
            <Trans>Take part in the pilot phase</Trans>
          </h2>
          <p>
            <Trans>
              Register your workshop now – we check every registration and activate your account personally.
            </Trans>
          </p>
          <Link to="/register" className={controls.button.primary}>
            <Trans>Register now</Trans>
          </Link>
        </section>

        <section id="functions" className={styles.section} aria-labelledby="functions-title">
          <h2 id="functions-title">
            <Trans>Functions</Trans>
          </h2>
          <div className={styles.twoColumns}>
            <div>
              <h3>
                <Trans>Simple and transparent use</Trans>
              </h3>
              <Accordion items={usage} headingLevel={4} />
            </div>
            <div className={styles.grid3} style={{ gridTemplateColumns: '1fr' }}>
              <Card>
                <h3>
                  <Trans>Fitment check</Trans>
                </h3>
                <p>
                  <Trans>Vehicle identification number and OE data show whether a part fits before you order it.</Trans>
                </p>
              </Card>
              <Card>
                <h3>
                  <Trans>Dashboards</Trans>
                </h3>
                <p>
                  <Trans>Spending, delivery times and returns per dealer at a glance.</Trans>
                </p>
              </Card>
              <Card>
                <h3>
                  <Trans>Orders from PDF</Trans>
                </h3>
                <p>
                  <Trans>Upload an order as a PDF and let the portal turn it into an order list.</Trans>
                </p>
              </Card>
            </div>
          </div>
        </section>

        <section id="faq" className={styles.section} aria-labelledby="faq-title">
          <h2 id="faq-title">
            <Trans>Frequently asked questions</Trans>
          </h2>
          <Accordion items={faq} />
          <p>
            <Button variant="ghost" onClick={() => scrollToSection('contact')}>
              <Trans>Your question is not here? Contact us</Trans>
            </Button>
          </p>
        </section>

        <section id="testimonials" className={styles.section} aria-labelledby="testimonials-title">
          <h2 id="testimonials-title">
            <Trans>What workshops expect from Teileportal</Trans>
          </h2>
          <div className={styles.grid3}>
            <Card>
              <p className={styles.quote}>
                <Trans>
                  “I want to see in one place which of my dealers has the part today – without five browser tabs.”
                </Trans>
              </p>
            </Card>
            <Card>
              <p className={styles.quote}>
                <Trans>“If the portal knows my customer numbers, my apprentice can order without calling me.”</Trans>
              </p>
            </Card>
            <Card>
              <p className={styles.quote}>
                <Trans>“The fitment check matters most: every wrong part costs a return and a day.”</Trans>
              </p>
            </Card>
          </div>
        </section>

        <section id="api" className={styles.section} aria-labelledby="api-title">
          <h2 id="api-title">
            <Trans>Interface and demo</Trans>
          </h2>
          <p>
            <Trans>
              Dealers and system vendors can connect through our interface. Workshops can see the portal in a short demo
              before they register.
            </Trans>
          </p>
          <div className={styles.heroButtons}>
            <Link to="/view-request" className={controls.button.primary}>
              <Trans>Request a demo invitation</Trans>
            </Link>
            <Link to="/support" className={controls.button.secondary}>
              <Trans>Ask about the interface</Trans>
            </Link>
          </div>
        </section>

        <section id="contact" className={styles.section} aria-labelledby="contact-title">
          <h2 id="contact-title">
            <Trans>Contact</Trans>
          </h2>
          <div className={styles.twoColumns}>
            <div>
              <address className={styles.address}>
                <strong>{companyName}</strong>
                <br />
                {address}
                <br />
                <Trans>Phone:</Trans> <a href={`tel:${phone.replace(/[^+\d]/g, '')}`}>{phone}</a>
                <br />
                <Trans>E-mail:</Trans> <a href={`mailto:${email}`}>{email}</a>
              </address>
              <img
                className={styles.locationImage}
                src="/images/location.svg"
                width={370}
                height={260}
                loading="lazy"
                decoding="async"
                alt={t`Map: our office on Friedrichstraße, Berlin`}
              />
            </div>
            <LazyContactForm services={services} />
          </div>
        </section>
      </main>
      <footer className={styles.footer}>
        <div className={styles.footerInner}>
          <nav aria-label={t`Overview`}>
            <ul className={styles.footerList}>
              {[
                ['home', t`Home`],
                ['advantages', t`Advantages`],
                ['functions', t`Functions`],
                ['contact', t`Contact`],
              ].map(([id, label]) => (
                <li key={id}>
                  <a href={`#${id}`} className={styles.footerLink}>
                    {label}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
          <div>
            <Button variant="secondary" onClick={() => scrollToSection('contact')}>
              <Trans>Register interest</Trans>
            </Button>
          </div>
          <ul className={styles.footerList}>
            <li>
              <a href="/privacy" target="_blank" rel="noopener" className={styles.footerLink}>
                <Trans>Privacy policy</Trans>
              </a>
            </li>
            <li>
              <a href="/imprint" target="_blank" rel="noopener" className={styles.footerLink}>
                <Trans>Imprint</Trans>
              </a>
            </li>
            <li>
              <a href="/terms" className={styles.footerLink}>
                <Trans>Terms of use</Trans>
              </a>
            </li>
          </ul>
        </div>
      </footer>
    </>
  );
}
